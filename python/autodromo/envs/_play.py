"""What every learning env shares: the game, the seats the core plays, chance and checked actions.

The envs show an agent decisions only: chance nodes are sampled here with the env's
``numpy.random.Generator`` (weighted by ``chance_outcomes()``), and seats played by a named bot
are played here too, so the same seed gives the same game.
"""

from __future__ import annotations

import operator
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from .. import _core, game_module, game_options, games
from .._core import Game, State
from ..errors import IllegalActionError, OptionError

#: Options a game needs before it can be built, as its package gives them (``ENV_OPTIONS``);
#: anything the caller passes wins.
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {
    name: dict(options) for name in games() if (options := game_module.fact(name, "ENV_OPTIONS"))
}

#: Every feature of ``observation_tensor`` is scaled to about [0, 1] by the core; a few (progress
#: past the line, scores past the target, damage counts) run a little beyond, so the declared
#: bounds are loose on purpose rather than the tightest a feature can reach.
OBS_LIMIT = 16.0

#: Bot seeds are drawn from the env's generator in this range (the core takes a u64).
_SEED_RANGE = 2**63


#: What an env's rewards add up to over an episode: ``"returns"``, the seat's ``state.returns()``
#: (1 first, 0 last, in [0, 1]); ``"zero_sum"``, that minus the mean of the other seats' returns
#: (in [-1, 1], every seat's adding up to 0: two players +1 and -1, a tie 0 for both).
Reward = Literal["returns", "zero_sum"]
REWARDS = ("returns", "zero_sum")


def check_reward(reward: Any) -> Reward:
    if reward not in REWARDS:
        raise OptionError(f'reward is "returns" or "zero_sum", not {reward!r}')
    r: Reward = reward
    return r


def final_values(state: State, reward: Reward) -> list[float]:
    """Every seat's value now, as ``reward`` defines it (0 for every seat until the end)."""
    r = state.returns()
    if reward == "returns" or len(r) < 2:
        return r
    total = sum(r)
    return [x - (total - x) / (len(r) - 1) for x in r]


#: What an env's observation is: ``"observation"``, ``state.observation_tensor(seat)`` (the table
#: as the seat sees it now); ``"information_state"``, ``state.information_state_tensor(seat)``
#: (that and the seat's own past: what it drew, what every seat played and discarded), for the
#: games that have one (docs/observations.md, "Information state").
Observation = Literal["observation", "information_state"]
OBSERVATIONS = ("observation", "information_state")


def check_observation(game: Game, observation: Any) -> Observation:
    if observation not in OBSERVATIONS:
        raise OptionError(f'observation is "observation" or "information_state", not {observation!r}')
    if observation == "information_state" and game.information_state_shape is None:
        raise OptionError(
            f"{game.name} has no information-state tensor (docs/observations.md, "
            '"Information state", says why); use observation="observation"'
        )
    o: Observation = observation
    return o


def observation_shape(game: Game, observation: Observation) -> tuple[int]:
    if observation == "information_state":
        shape = game.information_state_shape
        assert shape is not None  # check_observation refused the game otherwise
        return shape
    return game.observation_shape


def observe(state: State, seat: int, observation: Observation) -> npt.NDArray[np.float32]:
    if observation == "information_state":
        return state.information_state_tensor(seat)
    return state.observation_tensor(seat)


def make_game(game: str | Game, options: dict[str, Any]) -> Game:
    """``game`` as a Game: a name is built with ``options`` over :data:`DEFAULT_OPTIONS`."""
    from .. import game as build

    if isinstance(game, Game):
        if options:
            raise OptionError(
                f"options {sorted(options)} given with a built {game.name} game; "
                "pass the game's name instead"
            )
        return game
    return build(game, **{**DEFAULT_OPTIONS.get(game, {}), **options})


def decision_seats(game: Game) -> list[int]:
    """The seats that take decisions: all but the Neutral Cars, which the core drives."""
    neutral = game_options(game).get("neutral") or []
    return [s for s in range(game.num_players) if not (s < len(neutral) and neutral[s])]


def check_seat(game: Game, seat: int) -> int:
    seats = decision_seats(game)
    if seat not in seats:
        # ``seat`` is the API's index, from 0; a person counts from 1: say both.
        n = game.num_players
        if not 0 <= seat < n:
            raise OptionError(f"no seat {seat}: the API numbers this game's {n} seats 0 to {n - 1}")
        doers = ", ".join(map(str, seats))
        raise OptionError(
            f"seat {seat + 1} (the API's seat {seat}) takes no decisions in this {game.name} game; "
            f"the API's seats that do: {doers}"
        )
    return seat


def check_bot(game: Game, name: str) -> str:
    """``name`` if the core has that bot for ``game``; the core's own error otherwise."""
    if not isinstance(name, str):
        raise OptionError(f"opponents must be a bot name, not {name!r}")
    state = game.new_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    if not state.is_terminal():
        _core.bot_action(state, name, 0)
    return name


def sample_chance(state: State, rng: np.random.Generator) -> int:
    """One outcome of the chance node ``state``, drawn with ``rng`` by its probability."""
    outcomes = state.chance_outcomes()
    u = rng.random()  # the probabilities add up to 1
    for outcome, p in outcomes:
        u -= p
        if u < 0.0:
            return outcome
    return outcomes[-1][0]  # rounding left u at zero: the last outcome


class GeneratorDraws:
    """The draws ``advance`` takes in the core, for :class:`autodromo.Race` (``draws=``): each
    chance node a uniform from one 64-bit word of the generator, its outcomes taking their
    probability's share in order, and each bot a seed of one word shifted right by one. A Race
    with these draws and the agents' seats ``"human"`` plays an episode's history: the envs'
    batch path is the one loop's semantics run in Rust (tests/test_one_loop.py)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self._raw = rng.bit_generator.random_raw

    def chance(self, outcomes: list[tuple[int, float]]) -> int:
        left = (int(self._raw()) >> 11) * (1.0 / 9_007_199_254_740_992.0)
        for outcome, p in outcomes:
            left -= p
            if left < 0.0:
                return outcome
        return outcomes[-1][0]

    def bot_seed(self) -> int:
        return int(self._raw()) >> 1


def advance(state: State, rng: np.random.Generator, stop: set[int], bot: str | None) -> None:
    """Plays chance and every seat outside ``stop`` (by ``bot``) until a seat in ``stop`` acts.

    In the core (``_core.env_advance``): each chance node takes ``rng.random()``'s draw, each bot
    move a seed of ``rng.integers(2**63)``, one 64-bit draw of ``rng`` each, as a loop here would
    take them."""
    p = _core.env_advance(state, rng, sorted(stop), bot)
    if p is not None:
        raise RuntimeError(f"seat {p + 1} (the API's seat {p}) acts but has no bot")


def checked_action_id(action: Any, n: int) -> int:
    """``action`` as an id in ``0..n-1`` (an index into a mask); :class:`IllegalActionError` if not."""
    a = action_id(action)
    if not 0 <= a < n:
        raise IllegalActionError(f"action {a} is outside 0..{n - 1}")
    return a


def action_id(action: Any) -> int:
    """``action`` as an integer id; :class:`IllegalActionError` if it is none. The envs take ids
    only (the core's ``apply_action`` would take a label too), and the core cannot word a
    non-integer as an id: every other refusal is the core's."""
    try:
        return operator.index(action)
    except TypeError:
        raise IllegalActionError(f"an action is an integer id, not {action!r}") from None


def apply(state: State, action: Any) -> None:
    """Applies the id ``action``. The core judges it, once: a refusal is its IllegalActionError
    with the rule, and the state is unchanged (``apply_action`` is all or nothing)."""
    state.apply_action(action_id(action))


def render_text(state: State, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator), as the terminal game prints it."""
    view = state.view(seat)
    tui = game_module.of(state.game.name, "tui")
    if tui is None:
        return str(view)
    text: str = tui.screen(view, state.game.num_players)
    return text
