"""Issue 30, item 2 (one judge): an env passes an illegal action to the core and hands on the
core's refusal as it is, with the state unchanged; it does not judge the action first."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import autodromo
from autodromo import IllegalActionError
from autodromo.envs import SingleSeatEnv, VectorEnv, pettingzoo_env
from autodromo.envs._play import DEFAULT_OPTIONS
from autodromo._core import State


def refusal(state: State, action: int) -> str:
    """What the core says when ``action`` is applied to a copy of ``state``."""
    probe = state.clone()
    with pytest.raises(IllegalActionError) as e:
        probe.apply_action(action)
    return str(e.value)


def an_illegal(mask: Any) -> int:
    return int(np.flatnonzero(np.asarray(mask) == 0)[0])


@pytest.mark.parametrize("name", autodromo.games())
def test_single_seat_env_hands_on_the_cores_refusal(name: str) -> None:
    strict = SingleSeatEnv(name, opponents="random", illegal_action="raise")
    strict.reset(seed=5)
    bad = an_illegal(strict.action_masks())
    before, said = strict.state.serialize(), refusal(strict.state, bad)
    with pytest.raises(IllegalActionError) as e:
        strict.step(np.int64(bad))
    assert str(e.value) == said
    assert strict.state.serialize() == before

    lenient = SingleSeatEnv(name, opponents="random")
    lenient.reset(seed=5)
    _, reward, terminated, _, info = lenient.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, said)
    assert lenient.state.serialize() == before


@pytest.mark.parametrize("name", autodromo.games())
def test_aec_env_hands_on_the_cores_refusal(name: str) -> None:
    env = pettingzoo_env(name, **DEFAULT_OPTIONS.get(name, {}))
    env.reset(seed=5)
    agent = env.agent_selection
    bad = an_illegal(env.observe(agent)["action_mask"])
    before, said = env.game_state.serialize(), refusal(env.game_state, bad)
    with pytest.raises(IllegalActionError) as e:
        env.step(bad)
    assert str(e.value) == said
    assert env.game_state.serialize() == before and env.agent_selection == agent


def test_vector_env_words_the_cores_reason_for_the_env_refused() -> None:
    envs = VectorEnv("legend", 2, seed=5, opponents="random")
    _, infos = envs.reset()
    actions = infos["action_mask"].argmax(1)
    actions[1] = an_illegal(infos["action_mask"][1])
    reason = envs.states[1].why_illegal(int(actions[1]))
    with pytest.raises(IllegalActionError) as e:
        envs.step(actions)
    assert str(e.value) == f"env 2 (the batch's index 1): {reason}"


@pytest.mark.parametrize("bad", ["a label", 0.5, None])
def test_an_env_takes_integer_ids_only(bad: Any) -> None:
    """The core would read a string as a label: the envs' actions are ids, and say so."""
    env = SingleSeatEnv("legend", opponents="random", illegal_action="raise")
    env.reset(seed=5)
    before = env.state.serialize()
    with pytest.raises(IllegalActionError, match="an action is an integer id"):
        env.step(bad)
    assert env.state.serialize() == before
