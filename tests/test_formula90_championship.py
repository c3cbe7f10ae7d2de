"""Formula 90 championships (ours: the manual prints none): points by place in each race of
several tracks, the countback on equal points, and the second track with its own Track deck."""

from __future__ import annotations

import autodromo
from autodromo.formula90.championship import POINTS, Championship, race_points

F90 = "formula90"


def test_points_are_ours_ten_six_four_three_two_one() -> None:
    assert POINTS == (10, 6, 4, 3, 2, 1)


def test_a_championship_over_both_tracks_scores_each_race_by_place() -> None:
    c = Championship(["lago", ("colline", {"race_length": "short"})], ["medium", "medium", "easy"],
                     seed=4, options={"robots": []})
    table = c.run()
    assert len(c.finals) == 2 and len(c.points) == 2
    assert c.finals[0].view(None)["track"] == "Autodromo del Lago"
    assert c.finals[1].view(None)["track"] == "Circuito delle Colline"
    assert c.finals[1].view(None)["turns"] == 10, "the short race on the Colline"
    for final, row in zip(c.finals, c.points):
        assert final.is_terminal()
        players = [car for car in final.view(None)["cars"] if car["driver"] == "player"]
        for seat, car in enumerate(players):
            place = car["place"] - 1
            expected = POINTS[place] if car["status"] != "retired" and place < 6 else 0
            assert row[seat] == expected
    totals = [sum(r[s] for r in c.points) for s in range(3)]
    assert [t[2] for t in table] == sorted(totals, reverse=True)
    assert {t[1] for t in table} == {"Blue", "Orange", "Green"}, "cars by their names"


def test_robots_take_places_and_points_go_by_place_in_the_whole_field() -> None:
    g = autodromo.game(F90, track="colline", players=1, robots={"superfast": 2}, turns=4)
    final = autodromo.Race(g, ["easy"], seed=2).run()
    (blue,) = [c for c in final.view(None)["cars"] if c["driver"] == "player"]
    assert race_points(final) == [POINTS[blue["place"] - 1] if blue["status"] != "retired" else 0]


def test_equal_points_go_to_more_wins_then_the_lower_seat() -> None:
    c = Championship(["lago", "lago"], ["easy", "easy"])
    c.names = ["Blue", "Orange"]
    # 16 points each, one win each, one second each: the lower seat.
    c.points, c.places = [[10, 6], [6, 10]], [[1, 2], [2, 1]]
    assert c.standings() == [(0, "Blue", 16), (1, "Orange", 16)]
    # 10 points each: Orange's win beats Blue's second and third.
    c.points, c.places = [[6, 10], [4, 0]], [[2, 1], [3, 0]]
    assert c.standings() == [(1, "Orange", 10), (0, "Blue", 10)]
