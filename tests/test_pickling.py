"""Issue 35 item 4: Game, State and the envs pickle and deep-copy (through ``serialize``), as
checkpoints and process pools need; PettingZoo's ``state()``; a zero-sum reward."""

from __future__ import annotations

import copy
import pickle
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import autodromo
from autodromo import ReplayError, content, pickling
from autodromo.envs import SingleSeatEnv, VectorEnv, pettingzoo_env

SMALL: dict[str, dict[str, Any]] = {
    "mille_bornes": {"players": 2, "score_to_win": 0},
    "legend": {"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"], "laps": 1},
    "lamborghini": {"players": 2},
    "formula90": {"players": 2, "turns": 3},
}


def midway(name: str, steps: int, seed: int = 1) -> autodromo.State:
    g = autodromo.game(name, **SMALL[name])
    race = autodromo.Race(g, ["random"] * g.num_players, seed=seed)
    for _ in range(steps):
        if not race.step():
            break
    return race.state


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_state_pickles_and_deep_copies_to_an_equal_state(name: str) -> None:
    # The issue: "cannot pickle 'autodromo._core.Game'".
    for steps in (0, 37, 10**6):
        s = midway(name, steps)
        back = pickle.loads(pickle.dumps(s))
        assert back == s and back.history() == s.history()
        assert back.view(0) == s.view(0) and back.legal_actions() == s.legal_actions()
        assert copy.deepcopy(s) == s
    g = s.game
    assert pickle.loads(pickle.dumps(g)).options_json == g.options_json
    assert copy.deepcopy(g) is g, "a game never changes: its copy is itself"


def test_a_state_started_from_a_position_pickles_with_its_position() -> None:
    # Its history starts at the position: replaying its save from the game's start would give
    # another state.
    s = midway("lamborghini", 40)
    p = s.game.state_from(s.position())
    race = autodromo.Race(p.game, ["random", "random"], seed=5, start=p)
    for _ in range(15):
        race.step()
    later = race.state
    try:
        replayed = later.game.deserialize_state(later.serialize()) == later
    except ReplayError:
        replayed = False
    assert not replayed
    assert pickle.loads(pickle.dumps(later)) == later


def test_a_game_from_other_content_pickles_with_its_files(tmp_path: Path) -> None:
    folder = tmp_path / "legend"
    shutil.copytree(content.directory("legend"), folder)
    cars = next(folder.rglob("cars*.toml"))
    cars.write_text(cars.read_text(encoding="utf-8").replace("Bugatti Type 35", "Bugatti T35"), encoding="utf-8")
    g = autodromo.game("legend", content_dir=str(folder), **SMALL["legend"])
    shipped = autodromo.game("legend", **SMALL["legend"])
    assert g.content_hash != shipped.content_hash
    # The shipped content travels as its hash alone; other content with its files.
    assert len(pickle.dumps(shipped)) < 2_000 < len(pickle.dumps(g))
    back = pickle.loads(pickle.dumps(g.new_state()))
    assert back.game.content_hash == g.content_hash
    assert "Bugatti T35" in str(back.view(None))


def test_a_pickle_of_other_content_than_the_installed_is_refused() -> None:
    g = autodromo.game("legend", **SMALL["legend"])
    with pytest.raises(ReplayError, match="pickled with content 0000000000000000"):
        pickling.restore_game(g.name, g.options_json, "0000000000000000", None)


def test_the_envs_pickle_and_go_on_as_the_original() -> None:
    single = SingleSeatEnv("formula90", **SMALL["formula90"])
    single.reset(seed=3)
    vec = VectorEnv("legend", 3, seed=1, **SMALL["legend"])
    vec.reset()
    aec = pettingzoo_env("mille_bornes", **SMALL["mille_bornes"])
    aec.reset(seed=2)
    for env in (single, copy.deepcopy(single)):
        twin = pickle.loads(pickle.dumps(env))
        for _ in range(10):
            a = np.int64(np.flatnonzero(env.action_masks())[0])
            one, two = env.step(a), twin.step(a)
            assert np.array_equal(one[0], two[0]) and one[1:4] == two[1:4]
        assert twin.state == env.state
    vtwin = copy.deepcopy(vec)
    for _ in range(10):
        actions = np.array([np.flatnonzero(m)[-1] for m in vec._masks()])
        batch, twin_batch = vec.step(actions), vtwin.step(actions)
        assert all(np.array_equal(x, y) for x, y in zip(batch[:4], twin_batch[:4], strict=True))
    atwin = pickle.loads(pickle.dumps(aec))
    for _ in range(10):
        agent_action = int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0])
        aec.step(agent_action)
        atwin.step(agent_action)
    assert atwin.game_state == aec.game_state and atwin.agent_selection == aec.agent_selection


@pytest.mark.parametrize("name", sorted(SMALL))
def test_the_aec_env_has_pettingzoo_state_and_keeps_the_game_state_apart(name: str) -> None:
    from pettingzoo.test.state_test import test_state_space

    env = pettingzoo_env(name, **SMALL[name])
    test_state_space(env)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(200):
        obs, _, terminated, truncated, _ = env.last()
        state = env.state()
        assert state.dtype == np.float32 and env.state_space.contains(state)
        seats = env.game.num_players
        # Every seat's observation, in seat order: what the seats together may see.
        parts = np.split(state, seats)
        assert all(np.array_equal(parts[s], env.game_state.observation_tensor(s)) for s in range(seats))
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert isinstance(env.game_state, autodromo.State)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_zero_sum_rewards_add_up_to_zero_over_the_seats(name: str) -> None:
    env = pettingzoo_env(name, reward="zero_sum", **SMALL[name])
    env.reset(seed=4)
    got = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(4)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        got[agent] += reward
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    r = env.game_state.returns()
    n = len(r)
    for agent, total in got.items():
        seat = int(agent.split("_")[1])
        assert total == pytest.approx(r[seat] - (sum(r) - r[seat]) / (n - 1))
    assert sum(got.values()) == pytest.approx(0.0)
    single = SingleSeatEnv(name, reward="zero_sum", **SMALL[name])
    single.reset(seed=4)
    done, total = False, 0.0
    while not done:
        _, reward, done, _, _ = single.step(np.int64(np.flatnonzero(single.action_masks())[0]))
        total += reward
    r = single.state.returns()
    assert total == pytest.approx(r[0] - (sum(r) - r[0]) / (len(r) - 1))
    with pytest.raises(autodromo.OptionError, match='reward is "returns" or "zero_sum"'):
        SingleSeatEnv(name, reward="win", **SMALL[name])  # type: ignore[arg-type]
