"""Each game's results say how a tie was broken (issue 32, "Smaller": Lamborghini's 2nd and 3rd
both "turn 23" with no tiebreak said). Games played by the medium bot through the API, with
seeds where two cars finish level on the first measure; the order is the core's."""

from __future__ import annotations

import re
from typing import Any


def finished(client: Any, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.json
    gid = r.json["id"]
    for _ in range(100):
        if client.post(f"/api/games/{gid}/advance", json={}).json.get("status") == "finished":
            break
    page: dict[str, Any] = client.get(f"/api/games/{gid}?page=1").json
    assert page["status"] == "finished"
    page["core"] = client.get(f"/api/games/{gid}").json["result"]
    return page


def column(results: dict[str, Any], name: str) -> list[str]:
    k = results["columns"].index(name)
    return [row["cells"][k] for row in results["rows"]]


def test_lamborghini_says_who_crossed_first_when_two_cars_end_a_turn_level(client: Any) -> None:
    """Rules decision 28 and D16: "The car who first crosses the finishing line and in the same
    turn is not overtaken by another car is declared the winner"; ending level is not overtaking.
    Seed 0: Bot 1's and Bot 2's cars both home in turn 19, 0 squares past the line."""
    page = finished(client, {"game": "lamborghini", "options": {}, "seed": 0,
                             "seats": [{"kind": "bot", "bot": "medium"}] * 4})
    results = page["results"]
    # One car a player: the rows follow the core's ranking.
    ranking = page["core"]["ranking"]
    assert [row["seat"] for row in results["rows"]] == sorted(range(4), key=lambda s: ranking[s])
    times, ties, cars = column(results, "Time"), column(results, "Tie broken by"), column(results, "Car")
    assert times[0] == times[1] == "turn 19, 0 squares past the line"
    assert ties[0] == ""
    assert ties[1] == (f"both home in turn 19, level past the line (0 squares): {cars[0]} crossed it first in "
                       "that turn, and ending level is not overtaking")
    # Cars home in different turns need no tiebreak.
    assert ties[2] == ties[3] == "" and times[2].startswith("turn 20") and times[3].startswith("turn 25")


def test_a_legend_track_race_says_further_past_the_line_then_the_activation_order(client: Any) -> None:
    """The book (Track Race): "If two or more cars cross the line during the same round, the
    winner is the car that has advanced the farthest beyond the finish line; if a tie still
    remains, use the activation hierarchy as the tie-breaker." Seed 2: three cars over the line
    in round 15, two of them 2 spaces past it."""
    cars = ["porsche_550", "ferrari_166_mm", "porsche_550", "ferrari_166_mm"]
    page = finished(client, {"game": "legend", "seed": 2, "seats": [{"kind": "bot", "bot": "medium"}] * 4,
                             "options": {"circuit": "example", "laps": 1, "cars": cars}})
    results = page["results"]
    times, ties = column(results, "Time"), column(results, "Tie broken by")
    drivers = column(results, "Driver")
    assert times[:3] == ["round 15, 2 spaces past the line", "round 15, 2 spaces past the line",
                         "round 15, 1 space past the line"]
    assert ties[:3] == ["", f"both over the line in round 15, 2 spaces past it: {drivers[0]} moved earlier in that "
                            "round's order",
                        f"both over the line in round 15: {drivers[1]} went further past it (2 spaces to 1)"]
    assert ties[3] == "" and times[3].startswith("round 19")


def test_a_legend_stage_race_says_the_earlier_crossing_of_the_last_line(client: Any) -> None:
    """Rules decision 61: finishers by racing time, equal times by the earlier crossing of the
    final line. Seed 1: three cars in 48 min of racing time, started three minutes apart."""
    cars = ["porsche_550", "ferrari_166_mm", "porsche_550"]
    page = finished(client, {"game": "legend", "seed": 1, "seats": [{"kind": "bot", "bot": "medium"}] * 3,
                             "options": {"route": "coppa_breve", "cars": cars}})
    results = page["results"]
    times, ties = column(results, "Racing time"), column(results, "Tie broken by")
    drivers = column(results, "Driver")
    assert times == ["48 min"] * 3
    assert ties[0] == ""
    for k in (1, 2):
        m = re.fullmatch(r"both 48 min of racing time: (.+) crossed the last line earlier \((\d\d:\d\d) to "
                         r"(\d\d:\d\d) on the Chrono\)", ties[k])
        assert m and m.group(1) == drivers[k - 1] and m.group(2) < m.group(3), ties[k]


def test_formula90_results_give_laps_gaps_pit_stops_points_and_the_order_in_a_section(client: Any) -> None:
    """Issue 32 item 4: Formula 90's results with laps, gaps, pit stops and points. Points are
    decision 53's 10-6-4-3-2-1 by place in the whole field; cars level on lap and section are
    ranked by their order in that section (the core's race order), and the row says so.
    Seed 0, a short race of two players: Orange ends in the winner's section, behind it."""
    page = finished(client, {"game": "formula90", "options": {"race_length": "short"}, "seed": 0,
                             "seats": [{"kind": "bot", "bot": "medium"}] * 2})
    results = page["results"]
    assert results["columns"] == ["Place", "Car", "Laps", "Gap", "Pit stops", "Points", "Status", "Tie broken by"]
    cars = [c.split(" (")[0] for c in column(results, "Car")]
    assert cars[:3] == ["SuperFast 2", "Orange", "Blue"]
    assert column(results, "Points") == ["10", "6", "4", "3", "2", "1"] + ["0"] * (len(cars) - 6)
    gaps = column(results, "Gap")
    assert gaps[:3] == ["winner", "in the winner's section", "4 sections behind"]
    assert gaps[-1] == "1 lap down"
    ties = column(results, "Tie broken by")
    assert ties[1] == ("both on lap 2 in section 18 Variante: SuperFast 2 ahead in the section's order "
                       "(there first, or passed)")
    assert ties[0] == ties[2] == ""
    # Every pit stop the log tells is counted against its car.
    stops = dict(zip(cars, column(results, "Pit stops")))
    for car in cars:
        told = [e["text"] for e in page["log"] if re.search(rf"\b{car}\b[^;]*\bpits: from", e["text"])]
        assert stops[car] == str(len(told)), (car, told)
    assert stops["SuperFast 2"] == "0" and stops["Orange"] == "1"


def test_mille_bornes_says_a_shared_place_and_a_shared_win(client: Any) -> None:
    """Rules decision (docs/rules/mille_bornes.md, game to 5000): a tie at the top plays another
    hand, and with score_to_win=0 (one hand) every side tied at the top wins; below the top the
    rules break no tie, so the place is shared. One hand of three medium bots: seed 16 ends
    650-650-250, seed 13 ends 1,400-300-300; seed 3 ends with no two sides level."""
    body: dict[str, Any] = {"game": "mille_bornes", "options": {"score_to_win": 0},
                            "seats": [{"kind": "bot", "bot": "medium"}] * 3}
    top = finished(client, {**body, "seed": 16})["results"]
    assert top["headline"] == "Bot 2 and Bot 3 win"
    assert column(top, "Place") == ["1st", "1st", "3rd"]
    assert column(top, "Tie") == ["", "level with Bot 2 on 650 at the top: each wins, as a one-hand game plays "
                                      "no other hand", ""]
    below = finished(client, {**body, "seed": 13})["results"]
    assert column(below, "Place") == ["1st", "2nd", "2nd"]
    assert column(below, "Tie") == ["", "", "level with Bot 2 on 300: the place is shared (the rules break no tie "
                                            "but the winner's)"]
    # Nobody level: no tie column at all.
    apart = finished(client, {**body, "seed": 3})["results"]
    assert apart["columns"] == ["Place", "Side", "Score"]


def test_a_legend_championship_says_how_equal_points_were_parted() -> None:
    """Decision 39 (docs/rules/legend.md): equal points go to more wins, then more of each lower
    place, then the better finish in the last race, then the race before; still equal, the place
    is shared. Places from 0 (the winner); the order is championship.standings'."""
    from autodromo.legend.championship import standings
    from autodromo_web.games.legend.event import tie_words

    names = ["Ada", "Bea", "Cy"]

    def said(places: list[list[int | None]]) -> list[str]:
        order = standings(places, 3)
        return [tie_words(places, names, order[k - 1], order[k]) if k else "" for k in range(3)]

    # Race 1: Ada 1st, Bea 2nd, Cy 3rd; race 2: Cy 1st, Bea 2nd, Ada 3rd. Ada and Cy level on
    # points and places (a win and a third each): Cy won the last race.
    assert said([[0, 1, 2], [2, 1, 0]]) == [
        "", "level on 13 points and places: Cy finished better in race 2 (1st to 3rd)", ""]
    # Ada and Bea each won one race and did not finish the other (Cy twice 2nd): Bea won the last.
    assert said([[0, None, 1], [None, 0, 1]])[2] == ("level on 9 points and places: Bea finished better in race 2 "
                                                    "(1st to no finish)")
    # Neither finished the one race: nothing parts them, they share the place.
    assert said([[None, None, 0]])[2] == "level on 0 points with the same finishes: the place is shared"
    # Nobody level: nothing said.
    assert said([[0, 1, 2], [0, 1, 2]]) == ["", "", ""]
