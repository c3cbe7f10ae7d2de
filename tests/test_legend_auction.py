"""Legend's car auction played in the core, to races whose cars hold the Spare Parts left
("Selecting Cars": "Each player will start the game with the Spare part cards left after the
auction"): a Track race, a Stage race and a championship; refusals name the rule, change nothing."""

from __future__ import annotations

from typing import Any

import pytest

import autodromo
from autodromo import IllegalActionError, OptionError
from autodromo.legend import PARTS, Auction
from autodromo.legend.championship import Championship

CARS = ["ferrari_166_mm", "bugatti_type_35", "alfa_8c_2300"]


def bots_auction(seed: int) -> Auction:
    a = Auction(CARS, players=3, seed=seed)
    while not a.is_over():
        a.apply(a.bot())
    return a


def cars_of(a: Auction) -> list[str]:
    cars = [car for car, _ in a.result()]
    assert all(car is not None for car in cars), "three cars, three players: each won one"
    return [str(car) for car in cars]


def uneven() -> Auction:
    """A bot auction that left the players different hands (cards were spent)."""
    for seed in range(50):
        a = bots_auction(seed)
        hands = a.spares()
        if any(h != [1] * 6 for h in hands) and hands[0] != hands[1]:
            return a
    raise AssertionError("no auction spent a card")


def held(view: dict[str, Any], seat: int) -> list[int]:
    return [view["cars"][seat]["spares"][name] for name in PARTS]


def test_the_auction_is_the_cores_same_seed_same_auction() -> None:
    a, b = bots_auction(4), bots_auction(4)
    assert a.history == b.history and a.result() == b.result()
    assert all(car in CARS for car, _ in a.result())


def test_a_refusal_names_the_rule_and_changes_nothing() -> None:
    a = Auction(CARS, players=2, seed=1)
    a.apply(f"add {PARTS[0]}")
    a.apply("done")
    a.apply(f"add {PARTS[0]}")
    before = (a.core.serialize(), a.history[:])
    with pytest.raises(IllegalActionError, match="Each new bid must exceed the previous one"):
        a.apply("done")
    with pytest.raises(IllegalActionError, match="you hold none of that type"):
        a.apply(f"add {PARTS[0]}")
    with pytest.raises(IllegalActionError, match="only the winner of a car assigns"):
        a.apply(f"attach {PARTS[0]} to {CARS[1]}")
    assert (a.core.serialize(), a.history) == before


def test_a_track_race_starts_with_each_players_leftover_parts() -> None:
    a = uneven()
    cars = cars_of(a)
    state = autodromo.game("legend", circuit="example", cars=cars, spares=a.spares()).new_state()
    view = state.view(None)
    assert [held(view, s) for s in range(3)] == a.spares()


def test_a_stage_race_starts_with_each_players_leftover_parts() -> None:
    a = uneven()
    cars = cars_of(a)
    state = autodromo.game("legend", route="coppa_breve", cars=cars, spares=a.spares()).new_state()
    view = state.view(None)
    assert [held(view, s) for s in range(3)] == a.spares()


def test_spares_for_a_neutral_car_are_refused() -> None:
    with pytest.raises(OptionError, match="Neutral Car takes no part in the auction"):
        autodromo.game("legend", cars=CARS[:2], neutral=[False, True], spares=[None, [1] * 6])


def test_a_championship_starts_with_the_auctions_parts_and_carries_them() -> None:
    a = uneven()
    cars = cars_of(a)
    ch = Championship([("example", 1), ("castelrosso", 1)], cars, ["greedy"] * 3, seed=5,
                      spares=a.spares(), repair=lambda seat, car, podium: _no_repair())
    ch.run()
    first, second = ch.finals
    starts = [list(h) for h in a.spares()]
    ends = [held(first.view(None), s) for s in range(3)]
    assert all(e <= s for end, start in zip(ends, starts) for e, s in zip(end, start))
    race2 = second.game.new_state().view(None)
    assert [held(race2, s) for s in range(3)] == ends, "race 2 starts with what race 1 left"


def _no_repair() -> Any:
    from autodromo.legend.championship import Repair

    return Repair()


def test_the_terminal_and_the_page_show_each_drivers_parts_and_what_each_repairs() -> None:
    from autodromo.legend import words
    from autodromo.tui import legend as tui

    assert words.spares_words({"Candele Folgore": 2, "Luxor": 0}) == (
        "Spare Parts: Candele Folgore ×2 (Engine to full Reliability)")
    assert words.spares_words({name: 0 for name in PARTS}) == "No Spare Parts"
    a = uneven()
    cars = cars_of(a)
    view = autodromo.game("legend", circuit="example", cars=cars, spares=a.spares()).new_state().view(None)
    text = tui.render(view)
    for car in view["cars"]:
        assert words.spares_words(car["spares"]) in text
    page_car = {**view["cars"][0], "neutral": False, "driver": "Ada", "where": "",
                "spares": [{"name": k, "count": v} for k, v in view["cars"][0]["spares"].items()]}
    shown = words.car_words(page_car, {"temperature_max": 9, "tires_max": 16})["spares"]
    assert shown == words.spares_words(view["cars"][0]["spares"])
