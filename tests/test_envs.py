"""Learning environments (autodromo.envs): Gymnasium's and PettingZoo's checkers for every game,
seeds, masks, illegal actions, autoreset, and observations that show a seat only its own cards."""

from __future__ import annotations

import doctest
import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode
from pettingzoo.test import api_test, seed_test

import autodromo
from autodromo import IllegalActionError, OptionError
from autodromo.envs import (
    DEFAULT_OPTIONS,
    SingleSeatEnv,
    VectorEnv,
    gym_id,
    pettingzoo_aec,
    pettingzoo_env,
)
from autodromo.envs import _play, single_seat, vector
from scripting import deal, draw, mb

#: Small games so each checker runs in well under a second.
SMALL: dict[str, dict[str, Any]] = {
    "mille_bornes": {"players": 2, "score_to_win": 0},
    "legend": {"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"], "laps": 1},
    "lamborghini": {"players": 2},
    "formula90": {"players": 2, "turns": 3},
}
MB = SMALL["mille_bornes"]


def test_every_game_is_covered_and_builds_without_options() -> None:
    assert sorted(SMALL) == sorted(autodromo.games())
    for name in autodromo.games():  # Legend's cars come from DEFAULT_OPTIONS
        obs, info = SingleSeatEnv(name).reset(seed=0)
        assert obs.shape == autodromo.game(name, **DEFAULT_OPTIONS.get(name, {})).observation_shape


def test_documented_examples_run() -> None:
    for module in (single_seat, vector, pettingzoo_aec):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# ---- the checkers ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SMALL))
def test_single_seat_env_passes_gymnasium_check_env(name: str) -> None:
    # Made through the registry so the env has a spec and check_env also builds it per render mode.
    env = gymnasium.make(gym_id(name), **SMALL[name])
    check_env(env.unwrapped)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_aec_env_passes_pettingzoo_api_test_and_seed_test(name: str) -> None:
    with warnings.catch_warnings():
        # Advisory only: PettingZoo exempts its own classic games, whose observations are the
        # same {"observation", "action_mask"} dict, from these two by name. Any other warning
        # still fails the test.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(pettingzoo_env(name, **SMALL[name]), num_cycles=1000)
        seed_test(lambda: pettingzoo_env(name, **SMALL[name]), num_cycles=1000)


def test_gymnasium_make_vec_builds_the_vector_env() -> None:
    envs = gymnasium.make_vec(
        gym_id("mille_bornes"), num_envs=2, vectorization_mode="vector_entry_point", **MB
    )
    assert isinstance(envs, VectorEnv) and envs.num_envs == 2


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_env_renders_the_table_as_text(name: str) -> None:
    single = SingleSeatEnv(name, render_mode="ansi", **SMALL[name])
    single.reset(seed=0)
    envs = VectorEnv(name, 2, seed=0, render_mode="ansi", **SMALL[name])
    envs.reset()
    aec = pettingzoo_env(name, render_mode="ansi", **SMALL[name])
    aec.reset(seed=0)
    texts = [single.render(), *(envs.render() or ()), aec.render()]
    assert len(texts) == 4 and all(isinstance(t, str) and t for t in texts)
    assert SingleSeatEnv(name, **SMALL[name]).render() is None


# ---- helpers ---------------------------------------------------------------------------------


def legal_of(state: autodromo.State, n: int) -> np.ndarray:
    mask = np.zeros(n, np.bool_)
    mask[state.legal_actions()] = True
    return mask


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row; 0 for a row with none (a finished game)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


def rollout(envs: VectorEnv, steps: int, policy_seed: int) -> Iterator[tuple[Any, ...]]:
    rng = np.random.default_rng(policy_seed)
    obs, infos = envs.reset()
    yield obs, infos["action_mask"]
    for _ in range(steps):
        obs, rew, term, trunc, infos = envs.step(pick(infos["action_mask"], rng))
        yield obs, rew, term, trunc, infos["action_mask"]


def same(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> bool:
    return all(
        len(x) == len(y) and all(np.array_equal(u, v) for u, v in zip(x, y))
        for x, y in zip(a, b, strict=True)
    )


# ---- determinism -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SMALL))
def test_vector_env_is_deterministic_under_its_seed(name: str) -> None:
    def run(seed: int) -> list[tuple[Any, ...]]:
        return list(rollout(VectorEnv(name, 3, seed=seed, **SMALL[name]), 60, policy_seed=9))

    assert same(run(5), run(5))
    assert not same(run(5), run(6))


def test_vector_env_i_replays_single_seat_env_seeded_with_seed_plus_i() -> None:
    envs = VectorEnv("mille_bornes", 3, **MB)
    obs, infos = envs.reset(seed=40)
    single = SingleSeatEnv("mille_bornes", **MB)
    one_obs, one_info = single.reset(seed=42)
    assert np.array_equal(obs[2], one_obs)
    for _ in range(30):
        if envs.states[2].is_terminal():
            break
        a = int(np.flatnonzero(infos["action_mask"][2])[0])
        actions = pick(infos["action_mask"], np.random.default_rng(0))
        actions[2] = a
        obs, rew, *_, infos = envs.step(actions)
        one_obs, one_rew, *_ = single.step(np.int64(a))
        assert np.array_equal(obs[2], one_obs) and rew[2] == one_rew


def test_single_seat_env_reset_with_a_seed_replays_the_same_game() -> None:
    env = SingleSeatEnv("lamborghini", **SMALL["lamborghini"])

    def play(seed: int) -> list[str]:
        env.reset(seed=seed)
        for _ in range(20):
            env.step(np.int64(np.flatnonzero(env.action_masks())[0]))
        return [str(a) for a in env.state.history()]

    assert play(3) == play(3)
    assert play(3) != play(4)


# ---- what the agent sees ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SMALL))
def test_masks_are_the_legal_actions_and_observations_the_seat_tensor(name: str) -> None:
    seat = 1
    envs = VectorEnv(name, 2, seed=1, seat=seat, **SMALL[name])
    n = envs.game.num_distinct_actions
    for step in rollout(envs, 40, policy_seed=2):
        obs, masks = step[0], step[-1]
        assert masks.dtype == np.bool_ and masks.shape == (2, n)
        for i, state in enumerate(envs.states):
            assert np.array_equal(masks[i], legal_of(state, n))
            assert np.array_equal(obs[i], state.observation_tensor(seat))
            # The agent sees decisions only: its own, or the end of the game.
            assert state.is_terminal() or state.current_player() == seat


@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_observations_stay_inside_the_declared_space(name: str, opponents: str) -> None:
    envs = VectorEnv(name, 4, seed=11, seat=1, opponents=opponents, **SMALL[name])
    space = envs.single_observation_space
    games = 0
    for step in rollout(envs, 3000, policy_seed=3):
        assert all(space.contains(o) for o in step[0])
        games += int(step[2].sum()) if len(step) > 2 else 0
        if games >= 8:
            break
    assert games >= 8


def test_single_seat_masks_in_info_and_action_masks() -> None:
    env = SingleSeatEnv("mille_bornes", seat=1, **MB)
    obs, info = env.reset(seed=0)
    n = env.game.num_distinct_actions
    assert info["action_mask"].dtype == np.int8
    assert np.array_equal(info["action_mask"].astype(bool), legal_of(env.state, n))
    assert np.array_equal(env.action_masks(), legal_of(env.state, n))
    # The mask is in the dtype Gymnasium's Discrete.sample takes, and what it samples is legal.
    assert env.action_space.sample(mask=info["action_mask"]) in env.state.legal_actions()


def test_observation_of_seat_0_ignores_seat_1s_hidden_hand() -> None:
    g = mb(players=2, score_to_win=0)
    mine = ["Roll", "75", "25", "50", "100", "200"]
    a = deal(g, [mine, ["Speed Limit", "Stop", "25", "25", "50", "50"]])
    b = deal(g, [mine, ["Accident", "Gasoline", "Repairs", "200", "100", "Roll"]])
    for s in (a, b):
        draw(s, "75")
    assert a.view(0)["hand"] == b.view(0)["hand"] and a.view(1)["hand"] != b.view(1)["hand"]
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    assert not np.array_equal(a.observation_tensor(1), b.observation_tensor(1))
    for s in (a, b):
        s.apply_action("play Roll")
        draw(s, "25")
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))


def test_aec_mask_only_for_the_agent_to_act() -> None:
    env = pettingzoo_env("mille_bornes", **MB)
    env.reset(seed=2)
    n = env.game.num_distinct_actions
    for _ in range(30):
        agent = env.agent_selection
        for other in env.agents:
            mask = env.observe(other)["action_mask"]
            want = legal_of(env.game_state, n) if other == agent else np.zeros(n, np.bool_)
            assert np.array_equal(mask.astype(bool), want)
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))


# ---- rewards and episode ends ----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SMALL))
def test_rewards_add_up_to_the_seats_returns(name: str) -> None:
    env = SingleSeatEnv(name, **SMALL[name])
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        total, terminated = 0.0, False
        while not terminated:
            obs, reward, terminated, truncated, info = env.step(
                np.int64(rng.choice(np.flatnonzero(info["action_mask"])))
            )
            assert not truncated
            total += reward
        assert env.state.is_terminal()
        assert total == env.state.returns()[env.seat]
        assert not info["action_mask"].any()


def test_aec_rewards_at_the_end_are_every_seats_returns() -> None:
    env = pettingzoo_env("lamborghini", players=3)
    env.reset(seed=1)
    got = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        got[agent] += reward
        env.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game_state.is_terminal() and not env.agents
    assert [got[f"player_{s}"] for s in range(3)] == env.game_state.returns()


def test_max_steps_truncates() -> None:
    envs = VectorEnv("mille_bornes", 2, seed=0, max_steps=3, **MB)
    steps = list(rollout(envs, 4, policy_seed=0))
    assert [bool(s[3].all()) for s in steps[1:]] == [False, False, True, False]
    assert not any(s[2].any() for s in steps[1:])
    single = SingleSeatEnv("mille_bornes", max_steps=2, **MB)
    single.reset(seed=0)
    assert single.step(np.int64(np.flatnonzero(single.action_masks())[0]))[3] is False
    assert single.step(np.int64(np.flatnonzero(single.action_masks())[0]))[3] is True


def test_neutral_cars_are_no_agents_and_no_seat() -> None:
    opts = {**SMALL["legend"], "neutral": [False, True]}
    assert pettingzoo_env("legend", **opts).possible_agents == ["player_0"]
    # The API counts seats from 0; the message counts from 1 and names the API's index beside it.
    with pytest.raises(OptionError, match=r"^seat 2 \(the API's seat 1\) takes no decisions .*: 0$"):
        VectorEnv("legend", 1, seat=1, **opts)
    with pytest.raises(OptionError, match=r"^no seat 2: the API numbers this game's 2 seats 0 to 1$"):
        VectorEnv("legend", 1, seat=2, **opts)


def test_a_seat_with_no_bot_is_named_counted_from_one() -> None:
    state = autodromo.game("mille_bornes", **MB).new_state()
    with pytest.raises(RuntimeError, match=r"^seat 1 \(the API's seat 0\) acts but has no bot$"):
        _play.advance(state, np.random.default_rng(0), set(), None)


def test_unknown_bot_and_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="bot"):
        VectorEnv("mille_bornes", 1, opponents="grandmaster", **MB)
    with pytest.raises(OptionError, match="autoreset_mode"):
        VectorEnv("mille_bornes", 1, autoreset_mode="sometimes", **MB)
    with pytest.raises(OptionError, match="options"):
        SingleSeatEnv(autodromo.game("mille_bornes"), players=2)


# ---- illegal actions -------------------------------------------------------------------------


def snapshot(envs: VectorEnv) -> list[str]:
    return [s.serialize() for s in envs.states]


def test_vector_env_rejects_an_illegal_action_and_changes_nothing() -> None:
    envs = VectorEnv("mille_bornes", 3, seed=4, **MB)
    obs, infos = envs.reset()
    actions = pick(infos["action_mask"], np.random.default_rng(0))
    illegal = int(np.flatnonzero(~infos["action_mask"][1])[0])
    actions[1] = illegal
    before = snapshot(envs)
    reason = envs.states[1].why_illegal(illegal)
    assert reason
    with pytest.raises(IllegalActionError, match=r"env 2 \(the batch's index 1\): ") as e:
        envs.step(actions)
    assert reason in str(e.value)
    assert snapshot(envs) == before
    for bad in (np.array([0, 0]), np.array([0, 999, 0]), np.array([0.5, 0.5, 0.5])):
        with pytest.raises(IllegalActionError):
            envs.step(bad)
        assert snapshot(envs) == before
    actions[1] = int(np.flatnonzero(infos["action_mask"][1])[0])
    envs.step(actions)
    assert snapshot(envs) != before


def test_single_seat_illegal_action_raises_or_loses() -> None:
    strict = SingleSeatEnv("mille_bornes", illegal_action="raise", **MB)
    strict.reset(seed=0)
    illegal = np.int64(np.flatnonzero(~strict.action_masks())[0])
    before = strict.state.serialize()
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert strict.state.serialize() == before

    lenient = SingleSeatEnv("mille_bornes", **MB)
    lenient.reset(seed=0)
    obs, reward, terminated, truncated, info = lenient.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] and lenient.state.serialize() == before
    with pytest.raises(IllegalActionError, match="reset"):
        lenient.step(np.int64(0))


def test_aec_rejects_an_illegal_action_and_changes_nothing() -> None:
    env = pettingzoo_env("mille_bornes", **MB)
    env.reset(seed=0)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    before = env.game_state.serialize()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.game_state.serialize() == before and env.agent_selection == agent


# ---- autoreset -------------------------------------------------------------------------------


def play_until_an_env_ends(envs: VectorEnv, rng: np.random.Generator) -> tuple[Any, ...]:
    obs, infos = envs.reset()
    for _ in range(2000):
        before = [s.clone() for s in envs.states]
        obs, rew, term, trunc, infos = envs.step(pick(infos["action_mask"], rng))
        if term.any():
            return before, obs, rew, term, infos
    raise AssertionError("no game ended")


def test_next_step_autoreset() -> None:
    envs = VectorEnv("mille_bornes", 3, seed=7, **MB)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    rng = np.random.default_rng(0)
    _, obs, rew, term, infos = play_until_an_env_ends(envs, rng)
    i = int(np.flatnonzero(term)[0])
    final = envs.states[i]
    assert final.is_terminal() and rew[i] == final.returns()[0]
    assert np.array_equal(obs[i], final.observation_tensor(0))
    assert not infos["action_mask"][i].any()
    actions = pick(infos["action_mask"], rng)
    actions[i] = 999  # ignored: this step resets env i
    obs, rew, term, trunc, infos = envs.step(actions)
    fresh = envs.states[i]
    assert fresh is not final and not fresh.is_terminal()
    assert (rew[i], term[i], trunc[i]) == (0.0, False, False)
    assert np.array_equal(obs[i], fresh.observation_tensor(0))
    assert infos["action_mask"][i].any()
    assert len(fresh.history()) < len(final.history())


def test_same_step_autoreset_reports_the_final_observation() -> None:
    envs = VectorEnv("mille_bornes", 3, seed=7, autoreset_mode="same_step", **MB)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    before, obs, rew, term, infos = play_until_an_env_ends(envs, np.random.default_rng(0))
    i = int(np.flatnonzero(term)[0])
    assert infos["_final_obs"][i] and not infos["_final_obs"][~term].any()
    fresh = envs.states[i]
    assert not fresh.is_terminal() and len(fresh.history()) < len(before[i].history())
    assert np.array_equal(obs[i], fresh.observation_tensor(0))
    assert not np.array_equal(infos["final_obs"][i], obs[i])
    assert infos["action_mask"][i].any() and not infos["final_info"]["action_mask"][i].any()


def test_disabled_autoreset_needs_a_reset_mask() -> None:
    envs = VectorEnv("mille_bornes", 3, seed=7, autoreset_mode="disabled", **MB)
    _, obs, rew, term, infos = play_until_an_env_ends(envs, np.random.default_rng(0))
    i = int(np.flatnonzero(term)[0])
    others = [s.serialize() for k, s in enumerate(envs.states) if not term[k]]
    with pytest.raises(IllegalActionError, match=rf"env {i + 1} \(the batch's index {i}\): the game is over"):
        envs.step(pick(infos["action_mask"], np.random.default_rng(0)))
    obs, infos = envs.reset(options={"reset_mask": term})
    assert not envs.states[i].is_terminal()
    assert [s.serialize() for k, s in enumerate(envs.states) if not term[k]] == others
    assert np.array_equal(obs[i], envs.states[i].observation_tensor(0))


@pytest.mark.parametrize("name", sorted(SMALL))
def test_apply_chance_at_picks_what_the_python_draw_picks(name: str) -> None:
    # The envs sample chance in one call (issue 35: Formula 90's envs were slow); the same u
    # must give the same outcome as the loop over chance_outcomes, so seeded games are unchanged.
    g = autodromo.game(name, **SMALL[name])
    rng = np.random.default_rng(5)
    s = g.new_state()
    checked = 0
    while not s.is_terminal() and checked < 40:
        if s.is_chance_node():
            u = float(rng.random())
            for edge in (u, 0.0, 0.999999999):
                twin = s.clone()
                outcomes = s.chance_outcomes()
                left, want = edge, outcomes[-1][0]
                for a, p in outcomes:
                    left -= p
                    if left < 0.0:
                        want = a
                        break
                assert twin.apply_chance_at(edge) == want
                checked += 1
            s.apply_chance_at(u)
        else:
            with pytest.raises(IllegalActionError, match="not a chance node"):
                s.clone().apply_chance_at(0.5)
            s.apply_action(s.legal_actions()[0])
    assert checked > 0


def test_a_refused_formula90_action_changes_nothing_without_the_registrys_copy() -> None:
    # Formula 90 applies in place (its move is checked whole before anything changes): a refused
    # action must leave the whole state as it was, not only its history.
    g = autodromo.game("formula90", **SMALL["formula90"])
    s = g.new_state()
    rng = np.random.default_rng(9)
    refused = 0
    while not s.is_terminal() and refused < 200:
        if s.is_chance_node():
            s.apply_chance_at(float(rng.random()))
            continue
        before = s.clone()
        for a in rng.integers(0, g.num_distinct_actions, 5).tolist():
            if a in s.legal_actions():
                continue
            with pytest.raises(IllegalActionError):
                s.apply_action(a)
            assert s == before and s.view(0) == before.view(0)
            refused += 1
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert refused >= 200
