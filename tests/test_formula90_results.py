"""Formula 90's results in the terminal (issue 32 item 4): laps, the gap to the winner, pit
stops, points (decision 53: 10-6-4-3-2-1 by place, nothing for a retired car) and the order in a
section said under a car level with the one ahead. A short race of two medium bots, seed 0."""

from __future__ import annotations

import re
from typing import Any

from autodromo import game, locale
from autodromo.formula90 import results, words
from autodromo.race import Race
from autodromo.tui.formula90 import render


def race() -> Any:
    g = game("formula90", players=2, race_length="short")
    return Race(g, ["medium"] * g.num_players, seed=0).run()


def test_the_terminal_tells_laps_gap_pit_stops_and_points_for_every_car() -> None:
    final = race()
    view, log = final.view(None), final.log(None)
    screen = render(view, log).split("results:")[1].splitlines()[1:]
    assert screen[0] == "    1. SuperFast 2 (finished): 1 lap, winner, 0 pit stops, 10 points"
    assert screen[1] == "    2. Orange (finished): 1 lap, in the winner's section, 1 pit stop, 6 points"
    assert screen[2].startswith("       tie broken by: both on lap 2 in section 18 Variante: SuperFast 2 ahead")
    points = [int(m.group(1)) for line in screen if (m := re.search(r"(\d+) points?$", line))]
    assert points == [10, 6, 4, 3, 2, 1] + [0] * (len(view["cars"]) - 6)
    # Each car's pit stops are the core's pit events for it.
    pits = {c["name"]: 0 for c in view["cars"]}
    for e in words.steps(log):
        if e["kind"] == "pit":
            pits[e["car"]["name"]] += 1
    assert {r.car["name"]: r.pits for r in results.rows(view, log)} == pits
    assert sum(pits.values()) > 0


def test_the_results_read_in_italian() -> None:
    final = race()
    with locale.use("it"):
        lines = render(final.view(None), final.log(None)).split("\n")
    # The cars named by their colour read in Italian too (docs/content/names.md), and so does the phase.
    assert "    2. Arancione (arrivata): 1 giro, nel settore del vincitore, 1 sosta ai box, 6 punti" in lines
    assert lines[0] == "Formula 90 a Autodromo del Lago, dopo l'ultimo dei 10 turni (la fine), leader SuperFast 2"


def test_a_race_under_way_has_no_results() -> None:
    g = game("formula90", players=2, race_length="short")
    state = Race(g, ["medium"] * 2, seed=0).state
    assert results.rows(state.view(None), state.log(None)) == []
