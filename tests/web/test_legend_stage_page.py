"""A Legend Stage race on the page, in Debian's chromium: the lobby picks a route, the stage board
(open road, Technical Assistance tiles, the Arrivo and the Check Point line), the Chrono (day,
night, fog), start times, the Time Chart and each decision's time cost are shown, and the race
is clicked to its final classification. Screenshots are kept in tests/web/artifacts/."""

from __future__ import annotations

import re
from typing import Any

from autodromo import content

from .clicking import Recorder, play_to_results, wait_for_turn
from .conftest import LiveServer, Page


def stage_ids() -> set[str]:
    root = content.directory("legend")
    return {p.stem for sub in ("stages", "routes") for p in (root / sub).glob("*.toml")}


def start_from_the_lobby(live: LiveServer, pg: Any) -> str:
    pg.goto(live.url + "/")
    pg.get_by_test_id("game-legend").check()
    pg.get_by_test_id("seat-count").fill("3")
    pg.get_by_test_id("seat-count").dispatch_event("input")
    pg.get_by_test_id("seat-0-name").fill("Ada")
    route = pg.get_by_test_id("option-route")
    offered = route.locator("option").evaluate_all("os => os.map(o => o.textContent)")
    assert "Stage race: Coppa Breve: Brescia – Ravenna" in offered
    assert any(o.startswith("Stage race: ") and "Mille Miglia" in o for o in offered)
    route.select_option(label="Stage race: Coppa Breve: Brescia – Ravenna")
    pg.get_by_test_id("seed").fill("6")
    pg.get_by_test_id("start").click()
    pg.wait_for_url("**/play/*")
    gid: str = pg.url.rsplit("/", 1)[1]
    return gid


def test_a_stage_race_picked_in_the_lobby_is_clicked_to_its_final_classification(
    live: LiveServer, page: Page
) -> None:
    pg = page.page
    gid = start_from_the_lobby(live, pg)
    started = live.app.test_client().get(f"/api/games/{gid}").json
    assert started["options"]["route"] == "coppa_breve"
    assert "circuit" not in started["options"] or started["options"]["circuit"] is None
    recorder = Recorder(pg)
    pg.reload()
    assert wait_for_turn(pg) == "decide"

    # The first stage: its name, the Arrivo past its last row, the Chrono at the route's start.
    assert "Stage 1 of 2: Brescia – Desenzano – Verona" in pg.get_by_test_id("stage-title").inner_text()
    assert "42 rows to the Arrivo" in pg.get_by_test_id("stage-finish").inner_text()
    assert pg.get_by_test_id("finish-line").text_content() == "Arrivo"
    clock = pg.get_by_test_id("clock")
    assert clock.get_attribute("aria-label").startswith("Chrono 17:3")
    assert clock.get_attribute("data-night") == "0"
    # Staggered starts: the cars still waiting show their start time, three minutes apart.
    starts = pg.get_by_test_id("start-times").inner_text()
    assert starts.startswith("Start times: ") and " at 17:3" in starts
    chart = pg.get_by_test_id("time-chart")
    assert chart.locator("tbody tr").count() == 3
    assert "Stage 1: Chrono at start → finish (speed)" in chart.inner_text()
    # Each decision says what it costs on the Time Chart.
    stop = pg.locator("[data-testid=decision]", has_text="Roadside stop")
    assert stop.count() == 1 and "+3 min off the road" in stop.inner_text()
    page.shot("legend-stage-1-start")

    seen: dict[str, Any] = {"stage2": False, "night": False}

    def look(clicks: int) -> None:
        title = pg.get_by_test_id("stage-title")
        if title.count() == 0:
            return
        if not seen["stage2"] and "Stage 2 of 2" in title.inner_text():
            seen["stage2"] = True
            # The second stage ends at a Check Point with its speed limit, and has assistance tiles.
            assert pg.get_by_test_id("finish-line").text_content() == "Check Point ≤ 2"
            assert "Check Point (speed limit 2)" in pg.get_by_test_id("stage-finish").inner_text()
            assert pg.locator("svg.track circle.cell.assistance").count() > 0
            page.shot("legend-stage-2")
        if not seen["night"] and pg.get_by_test_id("clock").get_attribute("data-night") == "1":
            seen["night"] = True
            assert ", night" in pg.get_by_test_id("clock").get_attribute("aria-label")
            page.shot("legend-stage-night")

    clicks = play_to_results(pg, recorder, on_click=look)
    assert clicks >= 10
    assert seen["stage2"] and seen["night"], seen

    # The final classification by racing time, every car once, places from 1.
    results = pg.get_by_test_id("results")
    assert "wins the Coppa Breve: Brescia – Ravenna" in results.inner_text()
    table = pg.get_by_test_id("results-table")
    heads = table.locator("thead th").all_inner_texts()
    assert heads[:4] == ["Place", "Car", "Driver", "Racing time"]
    rows = table.locator("tbody tr")
    assert rows.count() == 3
    first = rows.nth(0).locator("td").all_inner_texts()
    # A racing time is a duration in its units, never a clock's "18:00" (issue 32).
    assert first[0] == "1st" and re.fullmatch(r"\d+ (h \d\d )?min( \d\d s)?", first[3]), first[3]
    assert "Ada" in results.inner_text()
    page.shot("legend-stage-results")

    # The replay viewer draws the stages too.
    pg.goto(f"{live.url}/replay/{gid}")
    pg.get_by_test_id("stage-title").wait_for()
    assert "Stage 1 of 2" in pg.get_by_test_id("stage-title").inner_text()
    pg.locator("#last").click()
    pg.wait_for_function("() => document.querySelector('[data-testid=stage-title]').textContent.includes('Stage 2 of 2')")
    page.shot("legend-stage-replay")
    # Every car's last space of a stage is over its line, not a row past the road's end.
    timeline = pg.locator("#timeline").inner_text()
    assert "Over the Arrivo line" in timeline
    assert "Over the Check Point (speed limit 2) line" in timeline
    assert not re.search(r"\brow 5[1-9]\b", timeline), "the longest stage has 50 rows"

    # Names, never ids, in every response the page received.
    assert recorder.leaks() == []
    ids = stage_ids()
    shown = [s for _, doc in recorder.bodies for s in _strings(doc) if set(s.replace("-", " ").split()) & ids]
    assert shown == []
    assert page.errors == []


def _strings(doc: Any) -> list[str]:
    if isinstance(doc, str):
        return [doc]
    if isinstance(doc, dict):
        return [s for v in doc.values() for s in _strings(v)]
    if isinstance(doc, list):
        return [s for v in doc for s in _strings(v)]
    return []


def test_the_chrono_says_fog_and_a_seat_without_sight_of_a_marker_gets_it_face_down() -> None:
    """The table the page draws from, at the first fog of a race (a weather roll of 1 on a stage
    with fog): the clock says fog, and the seat whose car cannot read the next marker gets none."""
    import autodromo
    from autodromo_web.games.legend import stage

    g = autodromo.game("legend", route="coppa_breve", cars=["bugatti_type_35", "alfa_8c_2300", "fiat_1100s"])
    race = autodromo.Race(g, ["medium"] * 3, seed=0)
    while race.step():
        s = race.state
        if s.is_chance_node():
            continue
        seat = s.current_player()
        view = s.view(seat)
        turn = view["cars"][seat]["next_turn"]
        if view["chrono"]["fog"] and turn and turn["rating"] is None:
            break
    else:
        raise AssertionError("no fog in this race")
    table = stage.table(view, 3)
    assert table["clock"]["fog"] and table["clock"]["words"].endswith(", fog")
    assert table["markers"]["turns"][turn["turn"]] is None
    assert table["markers"]["face_down"]
