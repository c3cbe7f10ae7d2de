"""Hidden information: a seat's view, observation and log show its own cards and nothing of the
other seats' hands.

Note: ``state.log(None)`` is the spectator's log (every dealt or drawn card hidden, like
``view(None)``). The cards themselves are known from the chance actions in the history ("draw X"
deals exactly X), so the tests track every hand from the actions and the log's seats.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import autodromo
from autodromo import Race, State
from scripting import HANDS_2P, deal, draw, mb

GAMES = 200
PRIVATE_KEYS = {"seat", "side", "hand", "legal_actions"}
MOVES = {"played", "attacked", "discarded"}


def card_kinds(state: State) -> list[str]:
    """Card names in kind order: the draw actions are ids 0..20, one per kind."""
    kinds = []
    a = 0
    while (label := state.action_to_string(a)).startswith("draw "):
        kinds.append(label.removeprefix("draw "))
        a += 1
    return kinds


def keys(
    value: Any, depth: int = 0, out: set[tuple[int, str]] | None = None
) -> set[tuple[int, str]]:
    """Every key in a JSON value, with its depth."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for k, v in value.items():
            out.add((depth, k))
            if isinstance(v, (dict, list)):
                keys(v, depth + 1, out)
    elif isinstance(value, list):
        for v in value:
            if isinstance(v, (dict, list)):
                keys(v, depth + 1, out)
    return out


def public_part(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in PRIVATE_KEYS}


def check_views(state: State, hands: list[Counter[str]], kinds: list[str]) -> None:
    spectator = state.view(None)
    assert spectator["hand"] == []
    assert spectator["seat"] is None
    assert "legal_actions" not in spectator
    # No key of the table holds hands: only the top-level "hand" (empty for a spectator).
    card_keys = {(d, k) for d, k in keys(spectator) if "hand" in k or "card" in k}
    assert card_keys <= {
        (0, "hand"),
        (0, "hand_sizes"),
        (0, "hand_number"),
        (0, "discard"),  # the discard pile is face up
        (0, "cards"),  # what each card of the deck is: the same for every game with these options
        (2, "last_hand"),
    }
    sizes = [sum(h.values()) for h in hands]
    for p, held in enumerate(hands):
        v = state.view(p)
        assert Counter(v["hand"]) == held, f"seat {p}"
        assert v["hand_sizes"] == sizes
        # Besides its own hand (and the legal actions it makes), a seat sees what a spectator
        # sees: nothing of the other hands.
        assert set(v) - set(spectator) <= {"legal_actions"}
        assert public_part(v) == public_part(spectator)
        if "legal_actions" in v:
            assert state.current_player() == p
            assert [a["id"] for a in v["legal_actions"]] == state.legal_actions()
        # The observation opens with the seat's own hand, card kind by card kind (count / 7).
        obs = state.observation_tensor(p)
        assert [round(float(x) * 7) for x in obs[: len(kinds)]] == [held[k] for k in kinds]


def check_logs(state: State, drawn: list[tuple[int, str]]) -> None:
    """``drawn``: (seat, card) of every deal and draw, in order."""
    spectator = state.log(None)
    secret = [e for e in spectator if e["kind"] in ("dealt", "drew")]
    assert [e["seat"] for e in secret] == [seat for seat, _ in drawn]
    assert all(e["card"] is None for e in secret)
    for p in range(state.game.num_players):
        log = state.log(p)
        assert len(log) == len(spectator)
        k = 0
        for mine, public in zip(log, spectator, strict=True):
            if public["kind"] in ("dealt", "drew"):
                seat, card = drawn[k]
                k += 1
                # Seat p sees its own cards and never a card dealt or drawn by another seat.
                assert {**mine, "card": mine["card"] and mine["card"]["name"]} == {
                    **public, "card": card if seat == p else None}
            else:
                assert mine == public


def play_and_check(g: autodromo.Game, seats: list[str], seed: int) -> State:
    race = Race(g, seats, seed=seed)
    s = race.state
    kinds = card_kinds(s)
    hands: list[Counter[str]] = [Counter() for _ in range(g.num_players)]
    drawn: list[tuple[int, str]] = []
    seen = 0
    check_views(s, hands, kinds)
    while not s.is_terminal():
        chance = s.is_chance_node()
        a = race.choose()
        label = s.action_to_string(a)
        s.apply_action(a)
        events = s.log(None)
        new, seen = events[seen:], len(events)
        secret = [e for e in new if e["kind"] in ("dealt", "drew")]
        if chance:
            assert label.startswith("draw ")
            assert len(secret) == 1, new
            seat, card = secret[0]["seat"], label.removeprefix("draw ")
            hands[seat][card] += 1
            drawn.append((seat, card))
        else:
            assert secret == [], new
        for e in new:
            if e["kind"] in MOVES:
                hands[e["seat"]][e["card"]["name"]] -= 1
            elif e["kind"] == "coup_fourre":
                hands[e["seat"]][e["safety"]["name"]] -= 1
        assert all(n >= 0 for h in hands for n in h.values()), "a seat played a card it lacked"
        hands = [+h for h in hands]
        check_views(s, hands, kinds)
    check_logs(s, drawn)
    return s


def test_views_and_logs_hide_other_hands_over_many_random_games() -> None:
    rng = random.Random(20240601)
    coups = 0
    for i in range(GAMES):
        players = rng.randint(2, 6)
        options: dict[str, object] = {"players": players, "score_to_win": 0}
        if players in (4, 6) and rng.random() < 0.3:
            options["teams"] = 2
        g = mb(**options)
        seats = [rng.choice(["random", "heuristic"]) for _ in range(players)]
        s = play_and_check(g, seats, seed=i)
        coups += sum(e["kind"] == "coup_fourre" for e in s.log(None))
    assert coups > 0, "no coup fourré in any game: that path went untested"


def test_a_scripted_deal_shows_each_seat_its_own_cards() -> None:
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "Right of Way")
    assert sorted(s.view(0)["hand"]) == sorted(HANDS_2P[0] + ["Right of Way"])
    assert sorted(s.view(1)["hand"]) == sorted(HANDS_2P[1])
    # A view's "cards" says what each card of the deck is: the same before the deal, so it tells
    # nothing of a hand; the rest of the view must not name the card.
    fresh = mb(players=2, score_to_win=0).new_state().view(None)["cards"]
    assert s.view(1).pop("cards") == s.view(None).pop("cards") == fresh
    assert "Right of Way" not in str({k: v for k, v in s.view(1).items() if k != "cards"})
    assert "Right of Way" not in str(s.log(1))
    assert "Right of Way" not in str({k: v for k, v in s.view(None).items() if k != "cards"})
    assert "Right of Way" not in str(s.log(None))
    assert s.log(0)[-1] == {"kind": "drew", "seat": 0,
                            "card": {"id": "right_of_way", "name": "Right of Way"}}


def test_a_coup_fourre_is_public_and_its_replacement_draw_private() -> None:
    # Seat 1 holds Right of Way; seat 0 stops seat 1's rolling car; seat 1 calls the coup fourré
    # and draws a replacement card.
    hands = [
        ["Stop", "25", "25", "50", "50", "75"],
        ["Roll", "Right of Way", "25", "50", "75", "100"],
    ]
    s = deal(mb(players=2, score_to_win=0), hands)
    draw(s, "100")
    s.apply_action("discard 100")
    draw(s, "200")
    s.apply_action("play Roll")
    draw(s, "Stop")
    s.apply_action("play Stop on player 2")
    assert s.current_player() == 1
    legal = sorted(s.action_to_string(a) for a in s.legal_actions())
    assert legal == ["coup fourre", "decline coup fourre"]
    s.apply_action("coup fourre")
    assert s.is_chance_node()  # the replacement draw
    draw(s, "Repairs")
    log0, log1 = s.log(0), s.log(1)
    assert log0[-2:][0] == log1[-2:][0] == {
        "kind": "coup_fourre",
        "seat": 1,
        "safety": {"id": "right_of_way", "name": "Right of Way"},
        "hazard": {"id": "stop", "name": "Stop"},
        "attacker": 0,
        "skipped": [],
    }
    assert log1[-1] == {"kind": "drew", "seat": 1, "card": {"id": "repairs", "name": "Repairs"}}
    assert log0[-1] == {"kind": "drew", "seat": 1, "card": None}
    assert "Repairs" not in s.view(0)["hand"]
    assert Counter(s.view(1)["hand"]) == Counter(["25", "50", "75", "100", "200", "Repairs"])
    side1 = s.view(None)["sides"][1]
    assert side1["safeties"] == ["Right of Way"] and side1["coups_fourres"] == ["Right of Way"]
    assert side1["hazards"] == []
    # The coup fourré gives seat 1 the next turn.
    assert s.current_player() == autodromo.CHANCE
    assert s.view(None)["phase"] == {"name": "draw", "seat": 1}
