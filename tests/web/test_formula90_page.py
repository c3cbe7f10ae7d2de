"""Race! Formula 90 in the browser: a race against a bot and the robots, chosen in the lobby and
played to its results by clicking, in Debian's chromium; the API's page form in names."""

from __future__ import annotations

import re
from typing import Any

from autodromo_web.games.base import toml

from .conftest import LiveServer, Page
from .test_e2e import await_change, confirm_if_asked, shown_version, wait_for_my_turn_or_end


def test_a_formula90_race_played_to_the_results_by_clicking(live: LiveServer, page: Page) -> None:
    pg = page.page
    pg.goto(live.url + "/")
    pg.get_by_test_id("game-formula90").check()
    assert pg.get_by_test_id("seat-0-kind").input_value() == "human"
    pg.get_by_test_id("option-turns").fill("3")
    pg.get_by_test_id("seed").fill("7")
    pg.get_by_test_id("start").click()
    pg.wait_for_url("**/play/*")
    assert wait_for_my_turn_or_end(pg) == "decide"
    # Free Practice first: a skill, the car's setup, then the spare car once the hand is dealt.
    buttons = pg.get_by_test_id("decision")
    assert buttons.first.get_attribute("data-kind") == "practice"
    assert "Skill Reflexes" in [buttons.nth(i).get_attribute("data-text") for i in range(buttons.count())]
    page.shot("formula90-free-practice")
    for _ in range(3):
        assert wait_for_my_turn_or_end(pg) == "decide"
        old = shown_version(pg)
        pg.get_by_test_id("decision").first.click()
        confirm_if_asked(pg)
        await_change(pg, old)
    assert wait_for_my_turn_or_end(pg) == "decide"
    # The section track as the core laid it out (the cars take their places on the grid after
    # qualifying).
    assert pg.get_by_test_id("section").count() == 24
    places = pg.get_by_test_id("cars").locator("tbody tr td:first-child").all_inner_texts()
    assert places and set(places) == {"—"}, "no car has a place before the grid"
    # The hand as card faces: a number, its movement points.
    hand = pg.get_by_test_id("hand").locator("li")
    assert hand.count() == 6
    assert re.fullmatch(r"\d+", hand.first.locator("strong").inner_text())
    assert "MP" in hand.first.inner_text()
    page.shot("formula90-qualifying")
    clicks = 0
    saw_plan = False
    while wait_for_my_turn_or_end(pg) == "decide":
        buttons = pg.get_by_test_id("decision")
        kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
        if "play" in kinds and not saw_plan:
            # Each card play says where it lands and what it costs.
            detail = buttons.nth(kinds.index("play")).inner_text()
            assert re.search(r"\(-?\d+ MP\)", detail) and "to section " in detail, detail
            # Every car drawn on the track, in its section.
            assert pg.get_by_test_id("car").count() == pg.get_by_test_id("cars").locator("tbody tr").count()
            # The car named Blue is drawn blue on the track, in the chart and in the log, whatever the
            # page's palette says for its seat.
            for where in (pg.locator("[data-testid=car][data-car=Blue] circle"),
                          pg.get_by_test_id("cars").locator("tbody tr", has_text="Blue").locator(".swatch"),
                          pg.locator("#log li:has(.swatch)", has_text=re.compile(r": Blue ")).last.locator(".swatch")):
                r, g, b = rgb(where.evaluate("n => n.tagName === 'circle' ? getComputedStyle(n).fill"
                                             " : getComputedStyle(n).backgroundColor"))
                assert b > r + 60 and b > g + 30, (r, g, b)
            page.shot("formula90-play")
            saw_plan = True
        old = shown_version(pg)
        buttons.first.click()
        confirm_if_asked(pg)
        clicks += 1
        await_change(pg, old)
        assert clicks < 400, "the race never ended"
    assert saw_plan
    pg.get_by_test_id("results-table").wait_for()
    rows = pg.get_by_test_id("results-table").locator("tbody tr")
    assert rows.count() == pg.get_by_test_id("car").count()
    assert rows.first.locator("td").first.inner_text() == "1st"
    text = pg.locator("body").inner_text()
    assert not re.search(r"\b(seat|player) \d", text), "names, never ids"
    page.shot("formula90-results")
    assert page.errors == []


def rgb(css: str) -> tuple[int, int, int]:
    r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
    return r, g, b


def test_the_page_form_speaks_in_names_and_hides_the_other_hand(client: Any) -> None:
    body = {"game": "formula90", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
            "seed": 2, "options": {"turns": 2, "robots": "one_each", "free_practice": False}}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.json
    gid = made.json["id"]
    ann = client.get(f"/api/games/{gid}?seat=0&page=1&board=1").json
    bo = client.get(f"/api/games/{gid}?seat=1&page=1").json
    assert len(ann["table"]["cars"]) == 5, "two players and one robot of each kind"
    assert ann["table"]["hand"] and bo["table"]["hand"]
    assert {c["name"] for c in ann["table"]["hand"]}.isdisjoint({c["name"] for c in bo["table"]["hand"]})
    spectator = client.get(f"/api/games/{gid}?page=1").json
    assert spectator["table"]["hand"] is None
    titles = {c["title"] for c in ann["table"]["cars"]}
    assert "Blue (Ann)" in titles and "Orange (Bo)" in titles
    assert ann["board"]["sections"][0]["outline"]
    bad = client.post("/api/games", json={**body, "options": {"track": "monza"}})
    assert bad.status_code == 400 and "track" in bad.json["error"]


def bots_race(client: Any, turns: int = 3, **options: Any) -> str:
    body = {"game": "formula90", "seats": [{"kind": "bot", "bot": "medium"}, {"kind": "bot", "bot": "medium"}],
            "seed": 2, "options": {"turns": turns, **options}}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.json
    return str(made.json["id"])


def test_each_seat_is_drawn_in_the_colour_its_car_is_named_for(client: Any) -> None:
    gid = bots_race(client)
    p = client.get(f"/api/games/{gid}?since=0&page=1").json
    cars = {c["name"]: c["colour"] for c in toml("formula90", "cars.toml")["car"]}
    assert p["seat_colours"] == [cars["Blue"], cars["Orange"]], "the car named Blue is drawn in the content's blue"
    lam = client.post("/api/games", json={"game": "lamborghini", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert client.get(f"/api/games/{lam.json['id']}?since=0&page=1").json["seat_colours"] is None, "other games keep the palette"


def test_free_practice_and_the_strategies_are_in_the_log_by_name(client: Any) -> None:
    gid = bots_race(client, turns=2)
    assert client.post(f"/api/games/{gid}/advance", json={}).status_code == 200
    texts = [e["text"] for e in client.get(f"/api/games/{gid}?since=0&page=1").json["log"]]
    assert any(re.search(r"Blue has the [A-Z][a-z]+( [A-Z][a-z]+)? skill", t) for t in texts), texts[:12]
    assert any(re.search(r"Orange sets up the car: \d+ tyre tokens, \d+ cards, \d+ wear slots", t) for t in texts)
    assert any("keeps its hand" in t or "takes the spare car" in t for t in texts)


def test_each_cars_move_is_one_log_entry(client: Any) -> None:
    # The basic race's log (the seed's race was measured without the advanced modules).
    gid = bots_race(client, free_practice=False, strategies="basic")
    assert client.post(f"/api/games/{gid}/advance", json={}).status_code == 200
    p = client.get(f"/api/games/{gid}?since=0&page=1").json
    assert p["status"] == "finished"
    log = [e for e in p["log"] if e["round"].startswith("Turn")]
    # No section by section lines: each car's turn tells its cards, its path and its passes at once.
    assert not [e for e in log if " enters " in e["text"]]
    assert all(re.search(r" (plays|moves) ", e["text"]) for e in log if "overtakes" in e["text"])
    for turn in ("Turn 1", "Turn 2", "Turn 3"):
        moves = [e["text"] for e in log if e["round"] == turn and "→" in e["text"]]
        movers = [re.sub(r"^Bot \d: (.+?) (plays|moves) .*|^(.+?) (plays|moves) .*", r"\1\3", t) for t in moves]
        assert len(movers) == len(set(movers)) == 9, moves  # two players and the seven robots
    blue = [e for e in log if e["who"] == 0 and " plays " in e["text"] and "→" in e["text"]]
    assert blue, "Blue's turns"
    assert all(re.search(r"Blue plays [\d +]+ (on its trajectory )?\(\d+ MP\): .+ → .+", e["text"]) for e in blue), blue
    seated = [e for e in log if e["who"] in (0, 1) and " plays " in e["text"] and "→" in e["text"]]
    assert any(re.search(r"overtakes .+ \(\d+ MP\)", e["text"]) for e in seated), "an overtake and its cost in the move's entry"
    assert any("pays a tyre token" in e["detail"] for e in blue), "what the move cost, under it"


def test_laps_count_from_one_on_the_page(client: Any) -> None:
    gid = bots_race(client)
    while client.get(f"/api/games/{gid}?since=0").json["view"]["turn"] == 0:
        assert client.post(f"/api/games/{gid}/advance", json={"steps": 1}).json["advanced"] == 1
    # The grid stands behind the finish line: no car has crossed it yet, each is on lap 1.
    assert any(c["lap"] == 0 for c in client.get(f"/api/games/{gid}?since=0").json["view"]["cars"])
    p = client.get(f"/api/games/{gid}?since=0&page=1").json
    wheres = [c["where"] for c in p["table"]["cars"]] + [d["note"] for d in p["distance"]]
    assert all(", lap 1" in w for w in wheres) and not any("lap 0" in w for w in wheres), wheres
