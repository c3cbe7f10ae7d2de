"""A newcomer's Formula 90 race with every advanced module, in Debian's chromium: the lobby,
another game and back, Formula 90 with each module on, Free Practice, the race with a bot in
the other seat and the robots, a reload and a trip back to the lobby mid-race, to the results.
Screenshots in tests/web/artifacts/ (formula90-modules-*.png, the lobby's included)."""

from __future__ import annotations

import re
from typing import Any

from autodromo_web.games.formula90 import core_options
from autodromo_web.games.formula90.glossary import MODULES as HELP

from .conftest import LiveServer, Page
from .test_e2e import await_change, confirm_if_asked, shown_version, wait_for_my_turn_or_end

#: Every advanced module of this build of the core, each a lobby option with its help.
MODULES = [key for key in HELP if key in core_options()]
SEED = 11


def lobby_with_every_module(pg: Any, url: str) -> None:
    pg.goto(url + "/")
    # A newcomer looks at another game first, then comes back: the options are Formula 90's again.
    pg.get_by_test_id("game-legend").check()
    assert pg.get_by_test_id("option-flags").count() == 0
    pg.get_by_test_id("game-mille_bornes").check()
    pg.get_by_test_id("game-formula90").check()
    for key in MODULES:
        assert pg.get_by_test_id(f"option-{key}-help").is_visible(), key
    flags = pg.get_by_test_id("option-flags-help").inner_text()
    assert HELP["flags"]["text"] in flags and "D.4 Bandeiras" not in flags
    for key in MODULES:
        if pg.get_by_test_id(f"option-{key}").get_attribute("type") == "checkbox":
            pg.get_by_test_id(f"option-{key}").check()
    pg.get_by_test_id("option-strategies").select_option("all")
    pg.get_by_test_id("option-weather").select_option("printed")
    pg.get_by_test_id("option-race_length").select_option("short")
    pg.get_by_test_id("seat-1-kind").select_option("bot:medium")
    pg.get_by_test_id("seed").fill(str(SEED))
    pg.get_by_test_id("start").scroll_into_view_if_needed()


def test_a_newcomer_races_formula90_with_every_module_to_the_results(live: LiveServer, page: Page) -> None:
    pg = page.page
    lobby_with_every_module(pg, live.url)
    # The full-page screenshot resizes the viewport and back; Start still submits the form.
    page.shot("formula90-modules-lobby")
    pg.get_by_test_id("start").click()
    # The play page keeps its live-update stream open: wait for the address, then its first decision.
    pg.wait_for_url("**/play/*", wait_until="commit")
    game_url = pg.url
    # Free Practice: each skill says what it does, in the book's words.
    assert wait_for_my_turn_or_end(pg) == "decide"
    reflexes = pg.locator("[data-testid=decision][data-text='Skill Reflexes']")
    assert "+20 on every test" in reflexes.inner_text()
    page.shot("formula90-modules-free-practice")
    seen: dict[str, bool] = {"weather": False, "skill": False, "tyres": False, "reloaded": False, "lobby": False}
    clicks = 0
    while wait_for_my_turn_or_end(pg) == "decide":
        turn = pg.get_by_test_id("turn").inner_text()
        if pg.get_by_test_id("weather").count():
            # The weather track: one space holds the pawn, its sky in the words above it.
            here = pg.locator("[data-testid=weather-space][aria-current=true]")
            assert here.count() == 1
            assert pg.get_by_test_id("weather").get_attribute("title")
            seen["weather"] = True
        mine = pg.get_by_test_id("cars").locator("tbody tr.me")
        if mine.count() and mine.get_by_test_id("chart-skill").inner_text():
            skill = mine.get_by_test_id("chart-skill")
            assert re.search(r"(in qualifying|whenever|at each|at setup|on every|in drizzle|on Extreme|ready \(once between pit stops\)|used until the next pit stop|flag tokens)", skill.inner_text())
            title = skill.get_attribute("title") or ""
            assert re.match(r"[A-Z][\w ]+: \S", title) and "Apêndice" not in title, title
            seen["skill"] = True
        if mine.count() and mine.get_by_test_id("chart-tyres").inner_text():
            assert re.match(r"(hard|soft|intermediate|rain)\b", mine.get_by_test_id("chart-tyres").inner_text())
            seen["tyres"] = True
        if turn.startswith("Turn 2 ") and not seen["reloaded"]:
            # Mid-race the newcomer reloads: the same position comes back, drawn the same.
            old = shown_version(pg)
            page.shot("formula90-modules-before-reload")
            pg.reload()
            assert wait_for_my_turn_or_end(pg) == "decide"
            assert shown_version(pg) == old
            assert pg.get_by_test_id("weather").count() == 1
            seen["reloaded"] = True
        if turn.startswith("Turn 4 ") and not seen["lobby"]:
            # ... and goes back to the lobby, where the race waits to be continued.
            pg.go_back()
            pg.wait_for_url(live.url + "/", wait_until="commit")
            row = pg.locator("#saved tr", has_text="Race! Formula 90")
            row.locator("a", has_text="Continue").click()
            pg.wait_for_url(game_url, wait_until="commit")
            assert wait_for_my_turn_or_end(pg) == "decide"
            page.shot("formula90-modules-continued")
            seen["lobby"] = True
            continue
        # The first button, as a newcomer takes it: drive, the first card play, a yellow flag placed.
        buttons = pg.get_by_test_id("decision")
        if buttons.first.get_attribute("data-kind") == "flag":
            page.shot("formula90-modules-flag-choice")
        old = shown_version(pg)
        buttons.first.click()
        confirm_if_asked(pg)
        clicks += 1
        await_change(pg, old)
        assert clicks < 500, "the race never ended"
    assert all(seen.values()), seen
    pg.get_by_test_id("results-table").wait_for()
    rows = pg.get_by_test_id("results-table").locator("tbody tr")
    assert rows.count() == pg.get_by_test_id("cars").locator("tbody tr").count()
    text = pg.locator("body").inner_text()
    assert not re.search(r"\b(seat|player) \d", text), "names, never ids"
    page.shot("formula90-modules-results")
    assert page.errors == []


def test_the_lobby_starts_the_game_after_a_phone_is_turned(live: LiveServer, browser: Any) -> None:
    # The lobby's Start once seemed not to submit after a full-page screenshot (which resizes the
    # viewport and back): a phone turned sideways and back does the same to the page.
    phone = Page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        pg = phone.page
        lobby_with_every_module(pg, live.url)
        width = "() => document.documentElement.scrollWidth"
        # The lobby is the phone's width, not wider (its fieldsets and long selects were 443 px).
        assert pg.evaluate(width) <= 390 + 1
        pg.set_viewport_size({"width": 844, "height": 390})
        pg.set_viewport_size({"width": 390, "height": 844})
        assert pg.evaluate(width) <= 390 + 1
        phone.shot("formula90-modules-lobby-phone")
        pg.get_by_test_id("start").tap()
        pg.wait_for_url("**/play/*", wait_until="commit")
        assert pg.get_by_test_id("lobby-error").count() == 0
        assert phone.errors == []
    finally:
        phone.context.close()


def test_flags_rain_and_a_used_skill_are_drawn_on_a_phone(live: LiveServer, browser: Any) -> None:
    from .test_formula90_modules import flagged_position

    client = live.app.test_client()
    body, position = flagged_position(client)
    gid = client.post("/api/games", json={**body, "position": position}).json["id"]
    phone = Page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        pg = phone.page
        pg.goto(f"{live.url}/play/{gid}")
        # Two people at one phone: the hand-off screen first.
        pg.get_by_test_id("handoff-ready").click()
        assert wait_for_my_turn_or_end(pg) == "decide"
        corner = position["flags"]["yellow"][0]["section"]
        flag = pg.locator(f"[data-testid=yellow-flag][data-section='{corner}']")
        flag_title = flag.locator("title").text_content() or ""
        assert flag.count() == 1 and flag_title.startswith("Yellow flag: ") and "Bandeira Amarela" not in flag_title
        blue = pg.locator("[data-testid=car][data-car=Blue]")
        assert blue.locator("[data-testid=pawn-blue]").count() == 1 and blue.locator("[data-testid=pawn-orange]").count() == 1
        assert "rain" in pg.get_by_test_id("weather").inner_text()
        assert pg.locator("[data-testid=weather-space][aria-current=true]").inner_text().startswith("☔")
        row = pg.get_by_test_id("cars").locator("tr[data-car=Blue]")
        assert "used until the next pit stop" in row.get_by_test_id("chart-skill").inner_text()
        assert "blue flag" in row.inner_text() and "orange flag" in row.inner_text()
        # No hover on a phone: the glossary under the chart says what each piece means.
        pg.get_by_test_id("f90-glossary").locator("summary").click()
        text = pg.get_by_test_id("f90-glossary").inner_text()
        for words in ("Yellow flag:", "Blue flag:", "Orange flag:", "Rain:", "Versatility:", "Race Stage:"):
            assert words in text, words
        # The board is the phone's width, not wider.
        width = pg.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390 + 1, width
        phone.shot("formula90-modules-phone")
        assert phone.errors == []
    finally:
        phone.context.close()


def test_the_safety_car_stands_ahead_of_the_leader_on_the_board(live: LiveServer, page: Page) -> None:
    from .test_formula90_modules import safety_car_position

    client = live.app.test_client()
    body, position, section = safety_car_position(client)
    gid = client.post("/api/games", json={**body, "position": position}).json["id"]
    pg = page.page
    pg.goto(f"{live.url}/play/{gid}")
    pg.get_by_test_id("handoff-ready").click()
    assert wait_for_my_turn_or_end(pg) == "decide"
    sc = pg.get_by_test_id("safety-car")
    sc_title = sc.locator("title").text_content() or ""
    assert sc.count() == 1 and sc_title.startswith("Safety Car: ") and "Realinhamento" not in sc_title
    # Ahead of the leader: nearer its section's exit than any car there.
    leader = pg.get_by_test_id("table").inner_text().split("leader ", 1)[1].split(" ·", 1)[0]
    sc_box, car_box = sc.bounding_box(), pg.locator(f"[data-testid=car][data-car='{leader}']").bounding_box()
    assert sc_box and car_box and (sc_box["x"], sc_box["y"]) != (car_box["x"], car_box["y"])
    assert pg.get_by_test_id("safety-car-status").inner_text().startswith("Safety Car: out, in section ")
    assert pg.get_by_test_id("safety-car-point").count() >= 1
    # The Lago's two Extreme Trajectories: diamonds with their bonus and the book's words.
    diamonds = pg.get_by_test_id("extreme")
    assert diamonds.count() == 2
    diamond = diamonds.first.locator("title").text_content() or ""
    assert "Extreme Trajectory: The diamond" in diamond and "Trajetórias Extremas" not in diamond
    assert re.fullmatch(r"\+\d", diamonds.first.locator("text").text_content() or "")
    page.shot("formula90-modules-safety-car")
    assert page.errors == []
