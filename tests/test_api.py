"""The public API: games, options, and every State method (snake_case, as in the stub)."""

from __future__ import annotations

import ast
import copy
import doctest
import json
import math
import subprocess
import sys

import numpy as np
import pytest

import autodromo
import autodromo.race
from autodromo import CHANCE, TERMINAL, OptionError
from scripting import DECK_101, DECK_106, HANDS_2P, deal, deck_left, draw, labels, mb

PLAYER_COUNTS = range(2, 10)
TEAM_SPLITS = [(4, 2), (6, 2), (6, 3), (8, 2), (8, 4), (9, 3)]


def bot_game(seed: int = 3, **options: object) -> autodromo.State:
    g = mb(**options)
    seats = ["heuristic", "random"] * g.num_players
    return autodromo.Race(g, seats[: g.num_players], seed=seed).run()


# ---- games and options ---------------------------------------------------------------------


def test_games_lists_mille_bornes() -> None:
    assert "mille_bornes" in autodromo.games()


def test_games_stays_callable_after_the_cli_and_tui_are_imported() -> None:
    # No subpackage may shadow the function games() once the CLI and its terminal views are
    # imported (fresh interpreter, so the import order is the one under test).
    code = (
        "import autodromo.cli, autodromo.tui.mille_bornes, autodromo; "
        "print(autodromo.games())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "mille_bornes" in ast.literal_eval(out.stdout.strip())


def test_documented_examples_run() -> None:
    for module in (autodromo, autodromo.race):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_game_with_teams_builds_two_sides_of_partners() -> None:
    g = autodromo.game("mille_bornes", players=4, teams=2)
    assert g.name == "mille_bornes"
    assert g.num_players == 4
    opts = autodromo.game_options(g)
    assert opts["players"] == 4 and opts["teams"] == 2
    sides = g.new_state().view(None)["sides"]
    assert len(sides) == 2
    # Partners share one tableau and the four seats are split two and two.
    assert sorted(len(s["seats"]) for s in sides) == [2, 2]
    assert sorted(p for s in sides for p in s["seats"]) == [0, 1, 2, 3]


def test_team_labels_name_teams() -> None:
    s = mb(players=4, teams=2).new_state()
    a = s.string_to_action("play Stop on team 2")
    assert s.action_to_string(a) == "play Stop on team 2"
    with pytest.raises(autodromo.IllegalActionError):
        s.string_to_action("play Stop on team 3")  # only teams 1 and 2


def test_default_options_follow_the_options_table() -> None:
    opts = autodromo.game_options(autodromo.game("mille_bornes"))
    assert opts["players"] == 4
    assert opts["teams"] is None
    assert opts["target"] == 1000
    assert opts["score_to_win"] == 5000
    assert opts["extension"] is False
    assert opts["cumulative_attacks"] is False
    assert opts["reshuffle_discards"] is False
    assert opts["wrong_way"] is False
    # 700 miles brings the extension with it.
    assert autodromo.game_options(mb(target=700))["extension"] is True


def test_unknown_game_raises_option_error_naming_the_key() -> None:
    with pytest.raises(OptionError, match=r'"game".*"tock"'):
        autodromo.game("tock")


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"turbo": True}, "turbo"),
        ({"players": 10}, "players"),
        ({"players": 1}, "players"),
        ({"players": "4"}, "players"),
        ({"target": 800}, "target"),
        ({"deck": 52}, "deck"),
        ({"wrong_way": "yes"}, "wrong_way"),
        ({"extension": True}, "extension"),  # only a 700-mile hand extends
    ],
)
def test_bad_option_raises_option_error_naming_the_key(
    options: dict[str, object], key: str
) -> None:
    with pytest.raises(OptionError, match=f'"{key}"'):
        autodromo.game("mille_bornes", **options)


@pytest.mark.parametrize(
    ("players", "teams"), [(4, 3), (5, 2), (6, 4), (8, 3), (9, 2), (2, 1), (3, 2)]
)
def test_bad_team_split_raises_option_error_naming_teams(players: int, teams: int) -> None:
    with pytest.raises(OptionError, match='"teams"'):
        autodromo.game("mille_bornes", players=players, teams=teams)


def _check_finished_game(s: autodromo.State, sides: int) -> None:
    g = s.game
    assert s.is_terminal()
    assert s.current_player() == TERMINAL
    assert s.legal_actions() == []
    v = s.view(None)
    scores = [side["score"] for side in v["sides"]]
    assert len(scores) == sides
    winners = v["winners"]
    # A full game runs to 5000 points and a single side, the one with the most points, wins.
    assert len(winners) == 1
    (w,) = winners
    assert scores[w] >= 5000
    assert scores[w] == max(scores) and scores.count(max(scores)) == 1
    seat_side = {p: side["side"] for side in v["sides"] for p in side["seats"]}
    assert sorted(seat_side) == list(range(g.num_players))
    assert s.returns() == [1.0 if seat_side[p] == w else 0.0 for p in range(g.num_players)]
    ranking = s.ranking()
    for p in range(g.num_players):
        assert ranking[p] == sum(1 for t in scores if t > scores[seat_side[p]])


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_player_count_plays_a_full_game_with_bots(players: int) -> None:
    s = bot_game(seed=players, players=players)
    assert s.game.num_players == players
    _check_finished_game(s, players)


@pytest.mark.parametrize(("players", "teams"), TEAM_SPLITS)
def test_every_team_split_plays_a_full_game_with_bots(players: int, teams: int) -> None:
    s = bot_game(seed=players * 10 + teams, players=players, teams=teams)
    _check_finished_game(s, teams)
    sides = s.view(None)["sides"]
    assert all(len(side["seats"]) == players // teams for side in sides)
    # Partners share returns and ranking.
    for side in sides:
        assert len({s.returns()[p] for p in side["seats"]}) == 1
        assert len({s.ranking()[p] for p in side["seats"]}) == 1


# ---- State: turn structure -----------------------------------------------------------------


def test_new_state_is_a_chance_node_dealing_the_deck() -> None:
    s = mb(players=4).new_state()
    assert s.is_chance_node() and not s.is_terminal()
    assert s.current_player() == CHANCE
    assert s.history() == []
    assert s.game.name == "mille_bornes" and s.game.num_players == 4


def test_deal_then_seat_zero_draws_then_plays() -> None:
    g = mb(players=2, score_to_win=0)
    s = g.new_state()
    for _ in range(2 * 6):
        assert s.is_chance_node()
        s.apply_action(s.legal_actions()[0])
    assert s.is_chance_node()  # seat 0's turn opens with a draw
    assert s.view(0)["phase"] == {"name": "draw", "seat": 0}
    s.apply_action(s.legal_actions()[0])
    assert not s.is_chance_node()
    assert s.current_player() == 0
    assert len(s.view(0)["hand"]) == 7 and len(s.view(1)["hand"]) == 6


def test_apply_action_by_id_and_by_label_agree() -> None:
    by_id = deal(mb(players=2, score_to_win=0), HANDS_2P)
    by_label = by_id.clone()
    for label in ["draw 75", "play Roll", "draw 25", "play Stop on player 1"]:
        by_id.apply_action(by_id.string_to_action(label))
        by_label.apply_action(label)
        assert by_id == by_label
        assert by_id.history() == by_label.history()
    assert by_id.view(None)["sides"][0]["hazards"] == ["Stop"]


def test_apply_action_accepts_numpy_integers() -> None:
    s = mb(players=2, score_to_win=0).new_state()
    mask = s.legal_actions_mask()
    s.apply_action(np.flatnonzero(mask)[0])
    assert len(s.history()) == 1


def test_legal_actions_after_a_scripted_deal() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "75")
    # Not rolling yet: no distance; the Roll, and a discard of every kind held.
    assert labels(s) == [
        "play Roll",
        "discard 25",
        "discard 50",
        "discard 75",
        "discard 100",
        "discard 200",
        "discard Roll",
    ]
    stopped = s.clone()
    s.apply_action("play Roll")
    draw(s, "25")
    # Seat 1 may attack the rolling car of seat 0, never its own.
    assert {"play Speed Limit on player 1", "play Stop on player 1"} <= set(labels(s))
    assert not any(label.endswith("on player 2") for label in labels(s))
    s.apply_action("discard 25")
    draw(s, "100")
    assert {"play 25", "play 50", "play 75", "play 100", "play 200"} <= set(labels(s))
    # A car that has not played its Roll is attacked by nothing, a Speed Limit included: "Non è
    # possibile attaccare ... un giocatore che non abbia già giocato un Semaforo verde".
    stopped.apply_action("discard 25")
    draw(stopped, "25")
    assert not any(label.startswith("play ") for label in labels(stopped))


def test_independent_speed_limit_lists_a_speed_limit_on_a_car_not_rolling() -> None:
    # The English and French editions' Speed Limit hits a car that has not started; a Stop still
    # waits for its Roll.
    s = deal(mb(players=2, score_to_win=0, independent_speed_limit=True), HANDS_2P)
    draw(s, "75")
    s.apply_action("discard 25")
    draw(s, "25")
    attacks = [label for label in labels(s) if label.startswith("play ")]
    assert attacks == ["play Speed Limit on player 1"]


def test_legal_actions_mask_is_numpy_bool_equal_to_the_legal_list() -> None:
    g = mb(players=3, score_to_win=0)
    race = autodromo.Race(g, ["random", "heuristic", "random"], seed=11)
    while True:
        s = race.state
        mask = s.legal_actions_mask()
        assert isinstance(mask, np.ndarray)
        assert mask.dtype == np.bool_
        assert mask.shape == (g.num_distinct_actions,)
        assert np.flatnonzero(mask).tolist() == s.legal_actions()
        if not race.step():
            break
    assert not race.state.legal_actions_mask().any()


def test_why_illegal_is_none_for_legal_and_the_rule_otherwise() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "75")
    for a in s.legal_actions():
        assert s.why_illegal(a) is None
    assert s.why_illegal("play Roll") is None
    assert s.why_illegal("play 75") == "distance: play a Roll before any distance card"
    assert s.why_illegal("play Repairs") == "you hold no Repairs card"
    assert s.why_illegal("flap wings") is not None


def test_chance_outcomes_of_a_fresh_game_are_the_deck() -> None:
    for players, deck in [(2, DECK_101), (3, DECK_101), (4, DECK_106), (9, DECK_106)]:
        s = mb(players=players).new_state()
        total = sum(deck.values())
        got = {s.action_to_string(a).removeprefix("draw "): p for a, p in s.chance_outcomes()}
        assert got == pytest.approx({card: n / total for card, n in deck.items()})


def test_chance_outcomes_match_the_pile_after_a_scripted_deal() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "75")
    s.apply_action("play Roll")
    assert s.is_chance_node()  # seat 1's draw
    outcomes = s.chance_outcomes()
    left = deck_left(DECK_101, HANDS_2P[0], HANDS_2P[1], ["75"])
    total = sum(left.values())
    assert total == 101 - 13
    assert s.view(None)["deck_size"] == total
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    got = {s.action_to_string(a).removeprefix("draw "): p for a, p in outcomes}
    assert got == pytest.approx({card: n / total for card, n in left.items()})
    assert [a for a, _ in outcomes] == s.legal_actions()


def test_chance_outcomes_are_empty_at_a_player_node() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "75")
    assert s.chance_outcomes() == []


def test_every_action_label_round_trips() -> None:
    for options in [{"players": 2}, {"players": 5}, {"players": 6, "teams": 3}]:
        s = mb(**options).new_state()
        n = s.game.num_distinct_actions
        seen = set()
        for a in range(n):
            label = s.action_to_string(a)
            assert s.string_to_action(label) == a
            seen.add(label)
        assert len(seen) == n


def test_known_labels() -> None:
    s = mb(players=2).new_state()
    assert s.action_to_string(0) == "draw 25"
    for label in [
        "draw Stop",
        "play Roll",
        "play 200",
        "play Stop on player 2",
        "play Speed Limit on player 1",
        "discard 25",
        "discard Right of Way",
        "coup fourre",
        "decline coup fourre",
        "extend to 1000",
        "stop at 700",
    ]:
        assert s.action_to_string(s.string_to_action(label)) == label
    # Labels are read case-blind, and the accented spelling is accepted.
    assert s.string_to_action("PLAY roll") == s.string_to_action("play Roll")
    assert s.string_to_action("coup fourré") == s.string_to_action("coup fourre")


def test_returns_and_ranking_during_and_after_a_game() -> None:
    g = mb(players=3, score_to_win=0)
    race = autodromo.Race(g, ["heuristic"] * 3, seed=5)
    race.step()
    assert race.state.returns() == [0.0, 0.0, 0.0]
    assert race.state.ranking() == [0, 0, 0]  # nobody has scored: all tied first
    s = race.run()
    v = s.view(None)
    scores = [side["score"] for side in v["sides"]]
    best = max(scores)
    assert s.returns() == [1.0 if t == best else 0.0 for t in scores]
    assert s.ranking() == [sum(1 for u in scores if u > t) for t in scores]


def test_history_lists_every_applied_action_in_order() -> None:
    s = mb(players=2, score_to_win=0).new_state()
    applied = []
    for _ in range(40):
        a = s.legal_actions()[-1]
        s.apply_action(a)
        applied.append(a)
        assert s.history() == applied


def test_view_shows_the_seat_its_hand_and_its_legal_actions() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "75")
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert v0["seat"] == 0 and v0["side"] == 0
    assert sorted(v0["hand"]) == sorted(HANDS_2P[0] + ["75"])
    assert sorted(v1["hand"]) == sorted(HANDS_2P[1])
    assert spectator["seat"] is None and spectator["hand"] == []
    assert v0["hand_sizes"] == [7, 6]
    # Only the seat to act is told its legal actions.
    legal = [{"id": a, "label": s.action_to_string(a)} for a in s.legal_actions()]
    assert v0["legal_actions"] == legal
    assert "legal_actions" not in v1 and "legal_actions" not in spectator
    assert v0["phase"] == {"name": "play", "seat": 0}
    json.dumps(v0)  # plain data


def test_view_and_log_of_a_seat_that_does_not_exist_raise_option_error() -> None:
    s = mb(players=2).new_state()
    for call in (s.view, s.log, s.observation_tensor):
        with pytest.raises(OptionError, match='"player"'):
            call(2)


def test_observation_tensor_is_float32_of_the_game_shape() -> None:
    for options in [{"players": 2}, {"players": 4, "teams": 2}, {"players": 9}]:
        g = mb(**options)
        s = bot_game(seed=1, score_to_win=0, **options)
        for p in range(g.num_players):
            obs = s.observation_tensor(p)
            assert isinstance(obs, np.ndarray)
            assert obs.dtype == np.float32
            assert obs.shape == g.observation_shape
            assert np.isfinite(obs).all()


def test_observation_tensor_differs_between_seats_with_different_hands() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    assert not np.array_equal(s.observation_tensor(0), s.observation_tensor(1))


def test_log_records_deal_draw_and_plays() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "75")
    s.apply_action("play Roll")
    log = s.log(0)
    assert [e["kind"] for e in log] == ["dealt"] * 12 + ["drew", "played"]
    assert [e["seat"] for e in log[:12]] == [0, 1] * 6
    assert [e["card"]["name"] for e in log[0:12:2]] == HANDS_2P[0]
    # Cards as references (id and name), `event` repeating `kind` (docs/rules/mille_bornes.md).
    assert log[12] == {"kind": "drew", "seat": 0, "card": {"id": "distance_75", "name": "75"}}
    assert log[13] == {"kind": "played", "seat": 0, "card": {"id": "roll", "name": "Roll"},
                       "extra_turn": False}


def test_log_since_gives_the_events_from_that_index_each_seat_its_own() -> None:
    # A page that keeps what it read asks for the new events only (issue 18, item 6).
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "75")
    s.apply_action("play Roll")
    for seat in (None, 0, 1):
        whole = s.log(seat)
        assert s.log(seat, since=12) == whole[12:]
        assert s.log(seat, since=0) == whole
        assert s.log(seat, since=len(whole)) == [] and s.log(seat, since=10**6) == []
    # Seat 1 does not see seat 0's draw in its own log, from any index.
    assert s.log(1, since=12)[0] == {"kind": "drew", "seat": 0, "card": None}
    with pytest.raises(OverflowError):
        s.log(0, since=-1)


def test_serialize_and_deserialize_state_round_trip() -> None:
    g = mb(players=4, teams=2)
    race = autodromo.Race(g, ["heuristic", "random"] * 2, seed=9)
    for _ in range(300):
        race.step()
    s = race.state
    text = s.serialize()
    back = g.deserialize_state(text)
    assert back == s
    assert back.serialize() == text
    assert back.history() == s.history()
    assert back.view(1) == s.view(1)
    # Both continue identically.
    while not s.is_terminal():
        a = s.legal_actions()[0]
        s.apply_action(a)
        back.apply_action(a)
        assert back == s


def test_deserialize_state_into_a_game_with_other_options_is_refused() -> None:
    text = bot_game(seed=2, players=2, score_to_win=0).serialize()
    with pytest.raises(autodromo.ReplayError):
        mb(players=2).deserialize_state(text)


def test_clone_copy_deepcopy_and_equality() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    for twin in (s.clone(), copy.copy(s), copy.deepcopy(s)):
        assert twin == s
        assert twin is not s
        assert twin.serialize() == s.serialize()
        twin.apply_action("draw 75")
        assert twin != s  # independent copies
        assert len(s.history()) == 12
    assert s != "not a state"
    assert s != mb(players=2, score_to_win=0).new_state()
    assert mb(players=2).new_state() == mb(players=2).new_state()
    # The same position in two games with different options is not the same state.
    assert mb(players=2).new_state() != mb(players=2, score_to_win=0).new_state()
