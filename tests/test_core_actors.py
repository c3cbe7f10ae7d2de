"""Issue 30, item 1: the core's history carries who took each action (``State.actors``): a seat,
or CHANCE. For every game, over random games: what the core reports equals who was to act before
each action, also for a copy, a state read back from ``serialize``, one played by the envs' loop
in Rust, and one started from a position; ``Race`` reads it."""

from __future__ import annotations

import random

import numpy as np
import pytest

import autodromo
from autodromo import CHANCE, IllegalActionError, Race
from autodromo._core import Game, State
from autodromo.envs import SingleSeatEnv
from autodromo.envs._play import make_game

GAMES = autodromo.games()
#: Actions per random game: every game's opening phases and some of its play.
LENGTH = 300


def random_game(
    game: Game, seed: int, state: State | None = None, length: int = LENGTH
) -> tuple[State, list[int]]:
    """A random game's state and who was to act before each of its actions, seen from outside."""
    rng = random.Random(seed)
    s = state if state is not None else game.new_state()
    who: list[int] = []
    for _ in range(length):
        if s.is_terminal():
            break
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            a = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            a = rng.choice(s.legal_actions())
        who.append(CHANCE if s.is_chance_node() else s.current_player())
        s.apply_action(a)
    return s, who


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_core_reports_who_took_each_action(name: str, seed: int) -> None:
    game = make_game(name, {})
    state, who = random_game(game, seed)
    assert CHANCE in who and any(w >= 0 for w in who)
    assert state.actors() == who
    assert state.actors(len(who) // 2) == who[len(who) // 2:]
    assert state.clone().actors() == who
    assert game.deserialize_state(state.serialize()).actors() == who


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_action_records_no_actor(name: str) -> None:
    game = make_game(name, {})
    state, who = random_game(game, 3, length=40)
    while state.is_chance_node():
        who.append(CHANCE)
        state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_terminal(), "the random game should stop before the end for this test"
    legal = set(state.legal_actions())
    bad = next(a for a in range(game.num_distinct_actions) if a not in legal)
    with pytest.raises(IllegalActionError):
        state.apply_action(bad)
    seat = state.current_player()
    state.apply_action(min(legal))
    assert state.actors() == [*who, seat]


@pytest.mark.parametrize("name", GAMES)
def test_a_state_played_in_rust_by_the_envs_reports_its_actors(name: str) -> None:
    env = SingleSeatEnv(name, opponents="random")
    _, info = env.reset(seed=4)
    for _ in range(20):
        if env.state.is_terminal():
            break
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if done:
            break
    replay = env.game.new_state()
    who = []
    for a in env.state.history():
        who.append(replay.current_player())
        replay.apply_action(a)
    assert env.state.actors() == who


@pytest.mark.parametrize("name", GAMES)
def test_a_state_from_a_position_reports_the_actors_since_it(name: str) -> None:
    game = make_game(name, {})
    played, _ = random_game(game, 5, length=40)
    assert not played.is_terminal(), "the random game should leave a position to start from"
    start = game.state_from(played.position())
    state, who = random_game(game, 6, start)
    assert state.actors() == who and state.clone().actors() == who


@pytest.mark.parametrize("name", GAMES)
def test_race_reads_the_actors_from_the_core(name: str) -> None:
    game = make_game(name, {})
    race = Race(game, ["random"] * game.num_players, seed=7)
    for _ in range(LENGTH):
        if race.state.is_terminal():
            break
        race.step()
    assert race.actors == race.state.actors()
    assert race.since(5) == list(zip(race.state.history()[5:], race.state.actors(5)))
