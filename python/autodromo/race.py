"""A race (or a game of cards): seats players, samples chance with a seeded RNG, runs the loop."""

from __future__ import annotations

import operator
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import SupportsIndex

from . import _core
from ._core import Game, State
from .errors import IllegalActionError, OptionError

#: A Python player: called with the state and its seat, returns an action id or label. Any
#: integer type is an id (e.g. a numpy integer picked from ``legal_actions_mask()``).
Policy = Callable[[State, int], "SupportsIndex | str"]

#: Built-in bots. "neutral" marks a Legend Neutral Car, which the core drives itself.
BOTS = ("random", "heuristic", "greedy", "mcts", "neutral")
_MCTS = re.compile(r"mcts:\d+")


@dataclass
class Race:
    """Plays ``game`` with one player per seat: a built-in bot name or a Python callable.

    Chance (card draws, dice) is sampled from ``chance_outcomes()`` with a ``random.Random``
    seeded by ``seed``, so the same game, seats and seed give the same race.

    >>> import autodromo
    >>> r = autodromo.Race(autodromo.game("mille_bornes", players=2, score_to_win=0),
    ...                    ["heuristic", "random"], seed=7)
    >>> r.run().is_terminal()
    True
    """

    game: Game
    seats: Sequence[str | Policy]
    seed: int | None = None
    state: State = field(init=False)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        if len(self.seats) != self.game.num_players:
            raise OptionError(
                f"{self.game.name} has {self.game.num_players} seats, not {len(self.seats)}"
            )
        for s in self.seats:
            if isinstance(s, str) and s not in BOTS and not _MCTS.fullmatch(s):
                raise OptionError(f"unknown bot {s!r}; known: {', '.join(BOTS)}, mcts:<iterations>")
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(2**63)
        self.rng = random.Random(self.seed)
        self.state = self.game.new_state()

    def sample_chance(self) -> int:
        """One outcome of the current chance node, drawn with the race's RNG."""
        outcomes = self.state.chance_outcomes()
        ids = [o for o, _ in outcomes]
        weights = [p for _, p in outcomes]
        return self.rng.choices(ids, weights=weights)[0]

    def choose(self) -> int:
        """The action of whoever acts now (chance or a seat), without applying it."""
        if self.state.is_chance_node():
            return self.sample_chance()
        seat = self.state.current_player()
        player = self.seats[seat]
        if isinstance(player, str):
            return _core.bot_action(self.state, player, self.rng.getrandbits(64))
        choice = player(self.state, seat)
        if isinstance(choice, str):
            return self.state.string_to_action(choice)
        return operator.index(choice)

    def step(self) -> bool:
        """Plays one action; False once the game is over."""
        if self.state.is_terminal():
            return False
        action = self.choose()
        if not self.state.is_chance_node() and action not in self.state.legal_actions():
            reason = self.state.why_illegal(action) or "not legal now"
            raise IllegalActionError(reason)
        self.state.apply_action(action)
        return not self.state.is_terminal()

    def run(self, max_steps: int = 10_000_000) -> State:
        """Plays to the end and returns the final state."""
        for _ in range(max_steps):
            if not self.step():
                return self.state
        raise RuntimeError(f"no end after {max_steps} steps")
