"""Legend championships: points by position and the repairs between races (the book's
"Championship" and "Repairing Between Two Races")."""

from __future__ import annotations

import pytest

import autodromo
from autodromo import IllegalActionError
from autodromo.legend.championship import (
    POINTS,
    SPARES,
    Championship,
    Repair,
    default_repair,
    repair_between_races,
    standings,
)


def car(**changes: object) -> dict[str, object]:
    base: dict[str, object] = {
        "engine": 2, "engine_max": 5, "brakes": 1, "brakes_max": 4, "tires": 5,
        "battery_ok": False, "headlights_ok": True,
        "spares": {name: 1 for name in SPARES},
    }
    base.update(changes)
    return base


def test_points_table_is_the_books() -> None:
    assert POINTS == (9, 6, 4, 2, 1, 0)


def test_podium_repairs_up_to_four_points_among_engine_and_brakes() -> None:
    after = repair_between_races(car(), True, Repair(engine=3, brakes=1))
    assert (after["engine"], after["brakes"], after["tires"]) == (5, 2, 5)


def test_podium_may_not_collect_and_repair_nor_repair_tires() -> None:
    with pytest.raises(IllegalActionError, match="a part or repairs, not both"):
        repair_between_races(car(), True, Repair(collect=1, engine=1))
    with pytest.raises(IllegalActionError, match="Engine or Brakes only"):
        repair_between_races(car(), True, Repair(tires=2))


def test_off_podium_collects_a_part_and_repairs_tires_too() -> None:
    after = repair_between_races(car(), False, Repair(collect=3, engine=1, brakes=1, tires=2))
    assert (after["engine"], after["brakes"], after["tires"]) == (3, 2, 7)
    assert after["spares"][3] == 2


def test_at_most_four_points_and_never_above_reliability() -> None:
    with pytest.raises(IllegalActionError, match="at most 4"):
        repair_between_races(car(), False, Repair(engine=3, brakes=2))
    after = repair_between_races(car(engine=4), True, Repair(engine=4))
    assert after["engine"] == 5, "repairs cannot exceed the original Reliability"


def test_a_part_is_collected_only_while_holding_at_most_one() -> None:
    spares = {name: 2 for name in SPARES}
    with pytest.raises(IllegalActionError, match="at most one"):
        repair_between_races(car(spares=spares), False, Repair(collect=0))


def test_spare_parts_repair_their_component_fully() -> None:
    after = repair_between_races(car(), False, Repair(spend=(1, 2, 3, 4)))
    assert (after["engine"], after["brakes"], after["tires"]) == (5, 4, 16)
    assert after["battery_ok"] is True
    assert after["spares"][1:5] == [0, 0, 0, 0]
    with pytest.raises(IllegalActionError, match="no Luxor"):
        repair_between_races(car(spares={n: 0 for n in SPARES}), False, Repair(spend=(5,)))


def test_default_repair_follows_the_rules() -> None:
    for podium in (True, False):
        repair_between_races(car(), podium, default_repair(car(), podium))


def test_a_championship_scores_each_race_and_carries_wear_over() -> None:
    cars = ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"]
    c = Championship([("example", 1), ("castelrosso", 1)], cars, ["greedy", "greedy", "neutral"],
                     neutral=[False, False, True], seed=5)
    table = c.run()
    assert len(c.points) == 2
    for final, row in zip(c.finals, c.points):
        ranking = final.ranking()
        for seat, pts in enumerate(row):
            finished = final.view(None)["cars"][seat]["finish"] is not None
            assert pts == (POINTS[ranking[seat]] if finished else 0)
    assert [t[2] for t in table] == sorted((sum(r[s] for r in c.points) for s in range(3)), reverse=True)
    # The second race started from the first race's wear, after the repairs.
    first = c.finals[0].view(None)["cars"][0]
    second = autodromo.game_options(c.finals[1].game)["condition"][0]
    assert second["engine_max"] == first["engine_max"]
    assert second["engine"] >= first["engine"]


# ---- ties on points (the book is silent: docs/rules/legend.md, decision 39) ------------------


def test_equal_points_are_parted_by_wins_then_places() -> None:
    # Places from 0, per race and seat: seats 0, 1 and 3 all score 12.
    places: list[list[int | None]] = [[1, 0, 2, 3, 4, 5], [1, 3, 0, 2, 4, 5], [5, 4, 0, 1, 2, 3]]
    table = standings(places, 6)
    assert [(s, p) for s, p, _ in table] == [(2, 22), (1, 12), (0, 12), (3, 12), (4, 6), (5, 2)]
    # Seat 1 has the one win; seat 0 two second places to seat 3's one.
    assert [place for _, _, place in table] == [1, 2, 3, 4, 5, 6]


def test_equal_records_are_parted_by_the_last_race() -> None:
    # One win and one second place each: the later win takes the title, not the lower seat.
    assert standings([[0, 1], [1, 0]], 2) == [(1, 15, 1), (0, 15, 2)]
    # A finish in the last race beats a retirement there, even outside the points: seats 0 and 1
    # each finished once, 7th, and retired once; seat 1's finish is the later one.
    places: list[list[int | None]] = [[6, None, 0, 1, 2, 3, 4], [None, 6, 0, 1, 2, 3, 4]]
    assert standings(places, 7)[-2:] == [(1, 0, 6), (0, 0, 7)]


def test_players_with_no_finish_to_part_them_share_the_place() -> None:
    places: list[list[int | None]] = [[None, 0, None], [None, 0, None]]
    assert standings(places, 3) == [(1, 18, 1), (0, 0, 2), (2, 0, 2)]
