"""The information-state tensor (issue 35): what a seat knows, its own past included.

Mille Bornes' book (shared/rules/mille-bornes-1000-miglia.it.txt) deals the hands face down and
draws from a covered pile; a card played goes face up on a side, a card discarded face up on the
discard pile. So a seat knows its own draws and every card each seat played or discarded, and
never another hand or the pile's order.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import autodromo
from autodromo.envs import DEFAULT_OPTIONS, SingleSeatEnv, VectorEnv, gym_id, pettingzoo_env
from autodromo.errors import OptionError

MB: dict[str, Any] = {"players": 2, "score_to_win": 0}

# Six cards each, dealt one at a time from seat 1 (the API's seat 0).
MINE = ["Roll", "Roll", "100", "75", "Stop", "200"]
THEIRS = ["Roll", "Gasoline", "Repairs", "Accident", "Out of Gas", "200"]
OTHER_THEIRS = ["Spare Tire", "Speed Limit", "End of Limit", "50", "25", "200"]


def dealt(mine: list[str], theirs: list[str]) -> autodromo.State:
    s = autodromo.game("mille_bornes", **MB).new_state()
    for a, b in zip(mine, theirs, strict=True):
        s.apply_action(f"draw {a}")
        s.apply_action(f"draw {b}")
    return s


def turns(s: autodromo.State, *moves: str) -> autodromo.State:
    for m in moves:
        s.apply_action(m)
    return s


def test_what_the_seat_cannot_see_leaves_its_tensor_unchanged() -> None:
    # The other hand and the other seat's draw differ; the seat saw the same table.
    a = turns(dealt(MINE, THEIRS), "draw 25", "discard 25", "draw 50", "discard 200")
    b = turns(dealt(MINE, OTHER_THEIRS), "draw 25", "discard 25", "draw 100", "discard 200")
    assert a.view(1)["hand"] != b.view(1)["hand"]
    assert np.array_equal(a.information_state_tensor(0), b.information_state_tensor(0))
    # The other seat knows its own hand and draw: its tensors differ.
    assert not np.array_equal(a.information_state_tensor(1), b.information_state_tensor(1))


def test_what_the_seat_saw_happen_changes_its_tensor_when_the_table_reads_the_same() -> None:
    # Seat 1 threw the 25 it drew and seat 2 the 50, or the other way round: the same hands, the
    # same discard pile, so the same observation; the seat knows which it was.
    a = turns(dealt(MINE, THEIRS), "draw 25", "discard 25", "draw 50", "discard 50")
    b = turns(dealt(MINE, THEIRS), "draw 50", "discard 50", "draw 25", "discard 25")
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    ia, ib = a.information_state_tensor(0), b.information_state_tensor(0)
    names = a.game.information_state_names()
    differ = {names[k] for k in np.flatnonzero(ia != ib)}
    assert differ == {
        "my draws this hand: 25 (of 14)",
        "my draws this hand: 50 (of 14)",
        "me: discarded 25 this hand (of 14)",
        "me: discarded 50 this hand (of 14)",
        "seat +1 in seating order: discarded 25 this hand (of 14)",
        "seat +1 in seating order: discarded 50 this hand (of 14)",
    }


def test_plays_and_attacks_are_counted_by_seat_and_target_from_the_seat() -> None:
    s = turns(dealt(MINE, THEIRS), "draw 25", "play Roll", "draw 50", "play Roll")
    turns(s, "draw 75", "play Stop on player 2")
    names = s.game.information_state_names()
    mine = dict(zip(names, s.information_state_tensor(0).tolist(), strict=True))
    theirs = dict(zip(names, s.information_state_tensor(1).tolist(), strict=True))
    assert mine["me: played Roll this hand (of 14)"] == pytest.approx(1 / 14)
    assert mine["me: played Stop on side +1 in seating order this hand (of 14)"] == pytest.approx(1 / 14)
    assert mine["seat +1 in seating order: played Roll this hand (of 14)"] == pytest.approx(1 / 14)
    # Seen from seat 2, the same Stop came from the seat after it, onto its own side.
    assert theirs["seat +1 in seating order: played Stop on my side this hand (of 14)"] == pytest.approx(
        1 / 14
    )
    # Seat 1 drew seven cards (six dealt, one drawn each turn): two Rolls among them.
    assert mine["my draws this hand: Roll (of 14)"] == pytest.approx(2 / 14)


def test_the_tensor_starts_with_the_observation_and_names_every_feature() -> None:
    for options in (MB, {}):
        g = autodromo.game("mille_bornes", **options)
        shape = g.information_state_shape
        assert shape is not None and len(g.information_state_names()) == shape[0]
        names = g.information_state_names()
        assert names[: g.observation_shape[0]] == g.observation_names()
        assert len(set(names)) == len(names)
        s = dealt(MINE, THEIRS) if options == MB else g.new_state()
        t = s.information_state_tensor(0)
        assert t.shape == shape and t.dtype == np.float32
        assert np.array_equal(t[: g.observation_shape[0]], s.observation_tensor(0))


def test_a_new_hand_starts_from_nothing_seen() -> None:
    g = autodromo.game("mille_bornes", players=2, score_to_win=2000)
    s = g.new_state()
    rng = np.random.default_rng(1)
    while s.view(None)["hand_number"] < 2:
        if s.is_chance_node():
            s.apply_chance_at(rng.random())
        else:
            s.apply_action(s.legal_actions()[0])
    while s.is_chance_node():  # the new deal
        s.apply_chance_at(rng.random())
    obs_len = g.observation_shape[0]
    past = s.information_state_tensor(s.current_player())[obs_len:]
    names = g.information_state_names()[obs_len:]
    assert {n for n, v in zip(names, past, strict=True) if v} <= {
        n for n in names if n.startswith("my draws this hand")
    }


def test_games_without_one_say_so() -> None:
    for name in ("legend",):
        g: dict[str, Any] = DEFAULT_OPTIONS.get(name, {})
        game = autodromo.game(name, **g)
        assert game.information_state_shape is None
        with pytest.raises(OptionError, match="no information-state tensor"):
            game.information_state_names()
        with pytest.raises(OptionError, match="no information-state tensor"):
            game.new_state().information_state_tensor(0)
        with pytest.raises(OptionError, match="no information-state tensor"):
            SingleSeatEnv(name, observation="information_state", **g)


def test_the_envs_offer_it() -> None:
    g = autodromo.game("mille_bornes", **MB)
    env = SingleSeatEnv("mille_bornes", observation="information_state", **MB)
    obs, _ = env.reset(seed=4)
    assert obs.shape == g.information_state_shape == env.observation_space.shape
    assert np.array_equal(obs, env.state.information_state_tensor(0))
    vec = VectorEnv("mille_bornes", 3, seed=4, observation="information_state", **MB)
    batch, infos = vec.reset()
    assert batch.shape == (3, *g.information_state_shape)
    batch, *_ = vec.step(infos["action_mask"].argmax(1))
    for i, s in enumerate(vec.states):
        assert np.array_equal(batch[i], s.information_state_tensor(0))
    aec = pettingzoo_env("mille_bornes", observation="information_state", **MB)
    aec.reset(seed=4)
    for agent, seat in (("player_0", 0), ("player_1", 1)):
        seen = aec.observe(agent)["observation"]
        assert np.array_equal(seen, aec.game_state.information_state_tensor(seat))
    made = gymnasium.make(gym_id("mille_bornes"), observation="information_state", **MB)
    check_env(made.unwrapped)
    with warnings.catch_warnings():
        # Advisory only, as in test_envs.py: PettingZoo exempts its own classic games, whose
        # observations are the same dict, from these two by name.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(pettingzoo_env("mille_bornes", observation="information_state", **MB), num_cycles=200)
    with pytest.raises(OptionError, match="observation is"):
        SingleSeatEnv("mille_bornes", observation="everything", **MB)  # type: ignore[arg-type]


# Lamborghini: "The 1st player chooses one of the 8 faced up cards"; the next players turn a card
# of each deck face up and pick. Every seat sees which card another takes; the cards granted at
# the set-up, or drawn from the Speed deck, stay hidden.


def lambo_to(phase: str) -> autodromo.State:
    """A 2-player short game, chance and decisions by their first option, up to ``phase``."""
    s = autodromo.game("lamborghini", players=2).new_state()
    while s.view(None)["phase"] != phase:
        s.apply_action(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    return s


def test_lamborghini_a_card_taken_face_up_is_known_to_the_other_seat() -> None:
    # Seat 1 takes one face-up card into its hand or another: seat 2's observation (its own
    # cards, the cars) reads the same, and it knows which.
    start = lambo_to("Draft")
    taken = []
    for action in start.legal_actions():
        s = start.clone()
        s.apply_action(action)
        if s.view(0)["players"][0]["cards"]:
            taken.append(s)
    a, b = taken[:2]
    for s in (a, b):
        while s.current_player() != 1:
            s.apply_action(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    assert np.array_equal(a.observation_tensor(1), b.observation_tensor(1))
    ia, ib = a.information_state_tensor(1), b.information_state_tensor(1)
    names = a.game.information_state_names()
    differ = {names[k] for k in np.flatnonzero(ia != ib)}
    seen = {n for n in differ if n.startswith("seat +1 in seating order: seen taking")}
    assert len(seen) == 2 and differ - seen <= {n for n in names if n.startswith("face up: ")}
    # Still known once the set-up has moved the hands to the cars.
    while a.view(None)["phase"] != "Qualify":
        a.apply_action(a.chance_outcomes()[0][0] if a.is_chance_node() else a.legal_actions()[0])
    held = dict(zip(names, a.information_state_tensor(1).tolist(), strict=True))
    assert [n for n in seen if held[n]] == [n for n in seen if ia[names.index(n)]]


def test_lamborghini_a_hidden_grant_leaves_the_other_seats_tensor_unchanged() -> None:
    s = lambo_to("Grant")
    outcomes = [a for a, _ in s.chance_outcomes()]
    a, b = s.clone(), s.clone()
    a.apply_action(outcomes[0])
    b.apply_action(outcomes[-1])
    def cars_cards(s: autodromo.State, p: int) -> list[Any]:
        return [c["cards"] for c in s.view(p)["cars"] if c["owner"] == p]

    granted = next(p for p in (0, 1) if cars_cards(a, p) != cars_cards(b, p))
    other = 1 - granted
    assert np.array_equal(a.information_state_tensor(other), b.information_state_tensor(other))
    assert not np.array_equal(a.information_state_tensor(granted), b.information_state_tensor(granted))
    g = a.game
    assert g.information_state_shape == (len(g.information_state_names()),)


# Formula 90 (docs/rules/formula90.md, decision 37): the hands, the decks' order, the sealed
# qualifying cards and chits and the duel cards until "Todas as cartas são reveladas ao mesmo
# tempo" are hidden; the cards played, discarded, paid and turned for a check go face up.

F90: dict[str, Any] = {"players": 3}


def f90_steps(seed: int) -> Any:
    """A race's states before each step, chance drawn by ``seed`` and decisions by the first
    legal action, up to turn 4."""
    s = autodromo.game("formula90", **F90).new_state()
    rng = np.random.default_rng(seed)
    while not s.is_terminal() and s.view(None)["turn"] < 4:
        yield s
        if s.is_chance_node():
            s.apply_chance_at(rng.random())
        else:
            s.apply_action(s.legal_actions()[0])


def test_formula90_another_seats_hidden_draw_leaves_the_tensor_equal() -> None:
    for s in f90_steps(1):
        if not s.is_chance_node():
            continue
        outcomes = [a for a, _ in s.chance_outcomes()]
        a, b = s.clone(), s.clone()
        a.apply_action(outcomes[0])
        b.apply_action(outcomes[-1])
        if a.view(1)["hand"] != b.view(1)["hand"] and a.view(0)["hand"] == b.view(0)["hand"]:
            break
    else:
        pytest.fail("no deal to seat 2 found")
    # Seat 2 drew one card or another: seats 1 and 3 cannot tell, seat 2 can.
    for seat in (0, 2):
        assert np.array_equal(a.information_state_tensor(seat), b.information_state_tensor(seat))
    assert not np.array_equal(a.information_state_tensor(1), b.information_state_tensor(1))


def test_formula90_a_card_seen_face_up_changes_the_tensor_where_the_observation_reads_the_same() -> None:
    g = autodromo.game("formula90", **F90)
    names = g.information_state_names()
    for s in f90_steps(2):
        if s.current_player() != 1 or len(s.legal_actions()) < 2:
            continue
        after = []
        for action in s.legal_actions()[:6]:
            x = s.clone()
            x.apply_action(action)
            after.append(x)
        for x in after[1:]:
            y = after[0]
            if not np.array_equal(x.observation_tensor(0), y.observation_tensor(0)):
                continue
            ix, iy = x.information_state_tensor(0), y.information_state_tensor(0)
            differ = [names[k] for k in np.flatnonzero(ix != iy)]
            if differ:
                # What seat 2 gave up face up: seat 1 saw the cards leave the deck's reach.
                assert all(n.startswith("seen out of its deck since the shuffle: ") for n in differ)
                return
    pytest.fail("no choice of seat 2 showed seat 1 a card its observation does not keep")


def test_formula90_names_its_features_the_observation_first() -> None:
    for options in (F90, {"players": 6}):
        g = autodromo.game("formula90", **options)
        shape = g.information_state_shape
        names = g.information_state_names()
        assert shape is not None and len(names) == shape[0] == 2421
        assert names[: g.observation_shape[0]] == g.observation_names()
        s = g.new_state()
        t = s.information_state_tensor(0)
        assert t.shape == shape and t.dtype == np.float32
        assert np.array_equal(t[: g.observation_shape[0]], s.observation_tensor(0))


def test_formula90_envs_offer_it() -> None:
    opts: dict[str, Any] = DEFAULT_OPTIONS.get("formula90", {})
    g = autodromo.game("formula90", **opts)
    env = SingleSeatEnv("formula90", observation="information_state", **opts)
    obs, _ = env.reset(seed=4)
    assert obs.shape == g.information_state_shape == env.observation_space.shape
    assert np.array_equal(obs, env.state.information_state_tensor(0))
    vec = VectorEnv("formula90", 2, seed=4, observation="information_state", **opts)
    batch, infos = vec.reset()
    batch, *_ = vec.step(infos["action_mask"].argmax(1))
    for i, s in enumerate(vec.states):
        assert np.array_equal(batch[i], s.information_state_tensor(0))
    made = gymnasium.make(gym_id("formula90"), observation="information_state", **opts)
    check_env(made.unwrapped)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(pettingzoo_env("formula90", observation="information_state", **opts), num_cycles=100)
