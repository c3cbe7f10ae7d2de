"""The PettingZoo ParallelEnv (issue 35): the decisions a book has every player take in secret and
reveal together are asked of every seat in one step.

- Race! Formula 90, qualifying: "Cada jogador escolhe uma carta de sua mão e a coloca virada para
  baixo [...] cada jogador escolhe secretamente um de seus tokens de abastecimento [...] todos
  revelam ao mesmo tempo"; duels: "Todas as cartas são reveladas ao mesmo tempo".
- Lamborghini, the long game's auction: "Players secretly decide the amount of money they want to
  bet [...] Then, they simultaneously reveal their bet."
- Mille Bornes and Legend: every decision is one player's, in turn.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from autodromo import IllegalActionError
from autodromo.envs import parallel_env

SMALL: dict[str, dict[str, Any]] = {
    "mille_bornes": {"players": 2, "score_to_win": 0},
    "legend": {"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"], "laps": 1},
    "lamborghini": {"players": 2, "long": True},
    "formula90": {"players": 3, "turns": 3},
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_parallel_env_passes_pettingzoo_parallel_api_test(name: str) -> None:
    with warnings.catch_warnings():
        # Advisory only, as for the AEC env (test_envs.py): the {"observation", "action_mask"}
        # dict of PettingZoo's own classic games.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        parallel_api_test(parallel_env(name, **SMALL[name]), num_cycles=2000)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_the_same_seed_and_actions_give_the_same_game(name: str) -> None:
    # PettingZoo's parallel_seed_test samples actions without the masks, so it would play illegal
    # ones: the same check, with legal actions.
    one, two = parallel_env(name, **SMALL[name]), parallel_env(name, **SMALL[name])
    obs, _ = one.reset(seed=42)
    obs2, _ = two.reset(seed=42)
    rng = np.random.default_rng(0)
    while one.agents:
        assert all(np.array_equal(obs[a]["observation"], obs2[a]["observation"]) for a in one.agents)
        actions = random_actions(one, obs, rng)
        obs, rewards, *_ = one.step(actions)
        obs2, rewards2, *_ = two.step(actions)
        assert rewards == rewards2
    assert not two.agents and one.game_state == two.game_state


def random_actions(env: Any, obs: dict[str, Any], rng: np.random.Generator) -> dict[str, int]:
    out = {}
    for agent in env.agents:
        legal = np.flatnonzero(obs[agent]["action_mask"])
        out[agent] = int(rng.choice(legal)) if len(legal) else 0
    return out


def play(name: str, seed: int, **options: Any) -> list[tuple[list[str], list[str]]]:
    """Every step's acting agents and the labels of the actions they took, to the end."""
    env = parallel_env(name, **{**SMALL[name], **options})
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = []
    while env.agents:
        acting = env.acting_agents
        actions = random_actions(env, obs, rng)
        labels = [env.game_state.action_to_string(actions[a]) for a in acting]
        steps.append((acting, labels))
        obs, *_ = env.step(actions)
    assert env.game_state.is_terminal()
    return steps


def test_qualifying_and_duel_cards_are_asked_of_every_seat_at_once() -> None:
    steps = play("formula90", 4, turns=None)  # a whole race, with a duel between two players
    together = [(a, labels) for a, labels in steps if len(a) > 1]
    everyone = ["player_0", "player_1", "player_2"]
    # First every card, then every refuel chit, one step each.
    assert together[0][0] == everyone and all(x.startswith("qualify with") for x in together[0][1])
    assert together[1][0] == everyone and all(x.startswith("fuel to turn") for x in together[1][1])
    duels = [labels for _, labels in together[2:]]
    assert duels and all(x.startswith("duel with") for labels in duels for x in labels)
    # Every other step asks one seat.
    assert all(len(a) == 1 for a, _ in steps if (a, _) not in together)


def test_the_long_games_sealed_bids_are_asked_of_every_seat_at_once() -> None:
    steps = play("lamborghini", 2)
    bids = [(a, labels) for a, labels in steps if any(x.startswith("bid") for x in labels)]
    assert bids and all(a == ["player_0", "player_1"] for a, _ in bids)
    assert all(len(a) == 1 for a, labels in steps if (a, labels) not in bids)


@pytest.mark.parametrize("name", ["mille_bornes", "legend"])
def test_games_whose_books_take_turns_ask_one_seat_a_step(name: str) -> None:
    assert all(len(acting) == 1 for acting, _ in play(name, 3))


def test_the_step_applies_the_choices_in_seat_order_as_the_aec_env_would() -> None:
    env = parallel_env("formula90", **SMALL["formula90"])
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    while len(env.acting_agents) < 3:
        obs, *_ = env.step(random_actions(env, obs, rng))
    cards = random_actions(env, obs, rng)
    before = len(env.game_state.history())
    obs, *_ = env.step(cards)
    # Seat 1's card is in at once; the others' wait for their turn, after seat 1's refuel chit.
    assert env.game_state.history()[before:] == [cards["player_0"]]
    chits = random_actions(env, obs, rng)
    env.step(chits)
    decided = [a for a in env.game_state.history()[before:] if a in cards.values() or a in chits.values()]
    order = [cards["player_0"], chits["player_0"], cards["player_1"], chits["player_1"]]
    assert decided[:4] == order


def test_a_missing_or_illegal_action_raises_and_changes_nothing() -> None:
    env = parallel_env("formula90", **SMALL["formula90"])
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    while len(env.acting_agents) < 3:
        obs, *_ = env.step(random_actions(env, obs, rng))
    history, acting = env.game_state.history(), env.acting_agents
    actions = random_actions(env, obs, rng)
    with pytest.raises(IllegalActionError, match="player_2 is to act now: its action is missing"):
        env.step({a: x for a, x in actions.items() if a != "player_2"})
    illegal = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="player_1: .*not one of its legal actions"):
        env.step({**actions, "player_1": illegal})
    assert env.game_state.history() == history and env.acting_agents == acting
    env.step(actions)  # the same step, legal, still goes in
