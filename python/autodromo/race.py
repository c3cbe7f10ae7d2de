"""A race (or a game of cards): seats players, samples chance with a seeded RNG, runs the loop.

The loop is the same for a script, the terminal, the web page and the serial bridge: bots and
chance are played by :meth:`Race.advance` until a ``"human"`` seat must decide, that seat's
decision comes in through :meth:`Race.play`, and :meth:`Race.follow` replays recorded actions
drawing from the RNG exactly as the loop did, so a game is its seed plus its actions.
"""

from __future__ import annotations

import bisect
import itertools
import operator
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, SupportsIndex

from . import _core
from ._core import Game, State
from .errors import IllegalActionError, OptionError

#: A Python player: called with the state and its seat, returns an action id or label. Any
#: integer type is an id (e.g. a numpy integer picked from ``legal_actions_mask()``).
Policy = Callable[[State, int], "SupportsIndex | str"]

#: A seat decided outside the loop (a person at the page, a dashboard): the loop stops for it.
HUMAN = "human"

#: Asked before each step chance or a bot takes in :meth:`Race.advance`; False stops the loop
#: there (the bridge paces its bots with it, the page with its time budget).
Pace = Callable[[], bool]


class Draws(Protocol):
    """Where a race's chance and bots draw from instead of its ``random.Random`` (the learning
    environments' numpy generator, drawn as their Rust batch path draws it): one call per chance
    node and one per built-in bot decision, in the loop's order."""

    def chance(self, outcomes: list[tuple[int, float]]) -> int: ...

    def bot_seed(self) -> int: ...

#: Built-in bots. "neutral" marks a seat the book's own automaton drives (a Neutral Car): the
#: core plays it, the loop never asks it.
BOTS = ("random", "easy", "medium", "hard", "heuristic", "greedy", "mcts", "neutral")
_MCTS = re.compile(r"mcts:\d+")


def bot_action(state: State, bot: str, seed: int) -> int:
    """The action the built-in bot ``bot`` takes for the seat to move (``seed`` drives its
    randomness): what a seat of a Race plays, for a caller that runs its own loop or looks
    ahead on a copy."""
    return int(_core.bot_action(state, bot, seed))


@dataclass
class Race:
    """Plays ``game`` with one player per seat: a built-in bot name, a Python callable, or
    ``"human"`` (a seat whose decisions are given with :meth:`play`).

    Chance (card draws, dice) is sampled from ``chance_outcomes()`` with a ``random.Random``
    seeded by ``seed``, so the same game, seats and seed give the same race. The RNG is drawn
    once per chance outcome and once per built-in bot decision, never for a human's or a
    callable's, so :meth:`follow` can rebuild a race from its actions alone.

    >>> import autodromo
    >>> g = autodromo.game(autodromo.games()[0])
    >>> autodromo.Race(g, ["heuristic"] * g.num_players, seed=7).run().is_terminal()
    True
    """

    game: Game
    seats: Sequence[str | Policy]
    seed: int | None = None
    #: Where the race starts (a position built with ``game.state_from``); None: the beginning.
    start: State | None = None
    #: Draws for chance and bots other than ``rng`` (an environment's); None: ``rng``.
    draws: Draws | None = None
    state: State = field(init=False)
    rng: random.Random = field(init=False)
    #: Every action applied since ``start``, and who took each (a seat, or ``CHANCE``) as the
    #: core's history carries it (``State.actors``), copied as each is applied: the one record a
    #: page, the bridge or a store reads, kept as lists because they read it entry by entry.
    actions: list[int] = field(init=False)
    actors: list[int] = field(init=False)
    _first: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.seats) != self.game.num_players:
            raise OptionError(
                f"{self.game.name} has {self.game.num_players} seats, not {len(self.seats)}"
            )
        for s in self.seats:
            if isinstance(s, str) and s != HUMAN and s not in BOTS and not _MCTS.fullmatch(s):
                raise OptionError(
                    f"unknown bot {s!r}; known: {', '.join(BOTS)}, mcts:<iterations>, or {HUMAN!r}"
                )
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(2**63)
        self.rng = random.Random(self.seed)
        self.state = self.start.clone() if self.start is not None else self.game.new_state()
        self.actions = []
        self.actors = []
        self._first = len(self.state.history())

    # --- who acts ---------------------------------------------------------------------------

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def waiting_for(self) -> int | None:
        """The human seat that must decide now, or None (chance, a bot, or the game is over)."""
        s = self.state
        if s.is_terminal() or s.is_chance_node():
            return None
        seat = s.current_player()
        return seat if self.is_human(seat) else None

    # --- choosing and applying ---------------------------------------------------------------

    def sample_chance(self) -> int:
        """One outcome of the current chance node, drawn with the race's RNG."""
        outcomes = self.state.chance_outcomes()
        if self.draws is not None:
            return self.draws.chance(outcomes)
        cumulative = list(itertools.accumulate(p for _, p in outcomes))
        # One draw per outcome (as random.choices does it), so follow() can draw the same.
        u = self.rng.random() * cumulative[-1]
        return outcomes[bisect.bisect(cumulative, u, 0, len(outcomes) - 1)][0]

    def choose(self) -> int:
        """The action of whoever acts now (chance or a seat), without applying it."""
        if self.state.is_chance_node():
            return self.sample_chance()
        seat = self.state.current_player()
        player = self.seats[seat]
        if player == HUMAN:
            raise IllegalActionError(f"seat {seat + 1} is a human seat: its decision comes through play()")
        if isinstance(player, str):
            return bot_action(self.state, player, self._bot_seed())
        choice = player(self.state, seat)
        if isinstance(choice, str):
            return self.state.string_to_action(choice)
        return operator.index(choice)

    def _apply(self, action: int) -> None:
        """Applies ``action`` and notes who took it, as the core recorded it. The core is the
        one judge: it refuses an illegal action with its reason (IllegalActionError) and leaves
        the state unchanged."""
        self.state.apply_action(action)
        self.actions.append(action)
        self.actors.extend(self.state.actors(self._first + len(self.actors)))

    def since(self, start: int) -> list[tuple[int, int]]:
        """The actions applied after the first ``start``, each with who took it (a seat, or
        :data:`autodromo.CHANCE`)."""
        return list(zip(self.actions[start:], self.actors[start:]))

    def _bot_seed(self) -> int:
        return self.draws.bot_seed() if self.draws is not None else self.rng.getrandbits(64)

    def step(self) -> bool:
        """Plays one action; False once the game is over."""
        if self.state.is_terminal():
            return False
        self._apply(self.choose())
        return not self.state.is_terminal()

    def run(self, max_steps: int = 10_000_000) -> State:
        """Plays to the end and returns the final state (a human seat stops it with an error:
        use :meth:`advance` and :meth:`play`)."""
        for _ in range(max_steps):
            if not self.step():
                return self.state
        raise RuntimeError(f"no end after {max_steps} steps")

    def advance(self, turns: int | None = None, max_steps: int = 10_000_000,
                pace: Pace | None = None) -> int:
        """Plays chance and the bots until a human seat must decide or the game is over;
        with ``turns``, stops earlier, after that many bot turns (a turn is a seat's run of
        decisions until another seat is to act; chance in between does not end it); with
        ``pace``, stops before any step it refuses. Returns the number of bot turns completed
        or begun."""
        done = 0
        actor: int | None = None
        for _ in range(max_steps):
            s = self.state
            if s.is_terminal():
                return done
            if not s.is_chance_node():
                seat = s.current_player()
                if self.is_human(seat):
                    return done
                if seat != actor:
                    if turns is not None and done >= turns:
                        return done
                    done += 1
                    actor = seat
            if pace is not None and not pace():
                return done
            self.step()
        raise RuntimeError(f"no human decision after {max_steps} steps")

    def play(self, action: SupportsIndex | str) -> int:
        """A human seat's decision (an id or a label), judged against the rules: raises
        :class:`IllegalActionError` with the reason and changes nothing when it is refused.
        Returns the action id applied."""
        seat = self.waiting_for()
        s = self.state
        if seat is None:
            if s.is_terminal():
                raise IllegalActionError("the game is over")
            who = "chance" if s.is_chance_node() else f"seat {s.current_player() + 1}, a bot,"
            raise IllegalActionError(f"no human decides now: {who} acts next (advance() first)")
        a = s.string_to_action(action) if isinstance(action, str) else operator.index(action)
        self._apply(a)
        return a

    def follow(self, actions: Iterable[int]) -> None:
        """Applies recorded actions as this race's own (from ``start``), drawing from the RNG
        where the loop would have (chance outcomes, built-in bots), so the race goes on as if it
        had played them. Raises IllegalActionError (the state as far as it got) on an illegal
        one."""
        for a in actions:
            s = self.state
            if s.is_chance_node():
                if self.draws is not None:
                    self.draws.chance(s.chance_outcomes())
                else:
                    self.rng.random()
            elif not s.is_terminal():
                player = self.seats[s.current_player()]
                if isinstance(player, str) and player != HUMAN:
                    self._bot_seed()
            self._apply(a)
