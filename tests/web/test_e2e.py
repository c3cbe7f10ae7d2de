"""End to end: Debian's chromium, driven by Playwright, plays through the real page on a real
server. Screenshots are kept in tests/web/artifacts/."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer, Page, legend_body

MB_COUP_FOURRE_SEED = 2  # with policy() below, a seat can call a coup fourré after six moves


def policy(kinds: list[str]) -> int:
    """Attack when possible, else play a card, else the first choice (the seed above relies on
    it): the index of the decision to take."""
    for i, kind in enumerate(kinds):
        if kind == "attack":
            return i
    for i, kind in enumerate(kinds):
        if kind not in ("discard", "decline"):
            return i
    return 0


def version(url: str, gid: str) -> int:
    with urllib.request.urlopen(f"{url}/api/games/{gid}?since=1000000", timeout=10) as r:
        n: int = json.loads(r.read())["version"]
    return n


def wait_for_my_turn_or_end(pg: Any) -> str:
    """'decide' when a decision button is on screen, 'over' at the end."""
    pg.wait_for_function(
        """() => document.querySelector('[data-testid=decision]')
                 || document.querySelector('[data-testid=to-move]').textContent.startsWith('Finished')""",
    )
    return "over" if pg.get_by_test_id("to-move").inner_text().startswith("Finished") else "decide"


def shown_version(pg: Any) -> int:
    v: str | None = pg.get_by_test_id("play-root").get_attribute("data-version")
    return int(v or -1)


def await_change(pg: Any, old: int) -> None:
    """Until the page shows a later position than ``old``."""
    pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {old}")


def confirm_if_asked(pg: Any) -> None:
    """A risky decision asks first: say yes (the risk is the test's own choice)."""
    if pg.get_by_test_id("confirm").is_visible():
        pg.get_by_test_id("confirm-yes").click()


def click_fastest(pg: Any) -> None:
    """The reachable cell furthest ahead with no risk, or else the first decision button."""
    chosen = pg.evaluate(
        """() => {
            const cells = [...document.querySelectorAll('[data-testid=reach]:not(.risk)')];
            if (!cells.length) return null;
            cells.sort((a, b) => Number(b.dataset.progress) - Number(a.dataset.progress));
            return [cells[0].dataset.row, cells[0].dataset.lane];
        }"""
    )
    if chosen:
        pg.locator(f'[data-testid=reach][data-row="{chosen[0]}"][data-lane="{chosen[1]}"]').click()
    else:
        pg.get_by_test_id("decision").first.click()
        confirm_if_asked(pg)


def test_a_legend_race_against_three_bots_played_to_the_finish_by_clicking(live: LiveServer, page: Page) -> None:
    pg = page.page
    pg.goto(live.url + "/")
    pg.get_by_test_id("game-legend").check()
    assert pg.get_by_test_id("seat-0-kind").input_value() == "human"
    for seat in (1, 2, 3):
        assert pg.get_by_test_id(f"seat-{seat}-kind").input_value() == "bot:medium"
    pg.get_by_test_id("option-laps").fill("1")
    pg.get_by_test_id("seed").fill("5")
    pg.get_by_test_id("start").click()
    pg.wait_for_url("**/play/*")
    gid = pg.url.rsplit("/", 1)[1]
    assert wait_for_my_turn_or_end(pg) == "decide"
    assert pg.get_by_test_id("turn-marker").count() >= 5
    assert pg.get_by_test_id("tachometer").count() == 1
    page.shot("legend-start")
    # Keyboard: "1" takes the first decision.
    before = version(live.url, gid)
    pg.keyboard.press("1")
    await_change(pg, before)
    assert version(live.url, gid) > before
    clicks = 0
    reloaded = told = False
    while wait_for_my_turn_or_end(pg) == "decide":
        if not told and pg.locator("[data-testid=reach]").count():
            # A space's cost in words, on focus, before choosing it.
            pg.locator("[data-testid=reach]").first.focus()
            assert "speed" in pg.get_by_test_id("reach-info").inner_text()
            told = True
        old = shown_version(pg)
        click_fastest(pg)
        clicks += 1
        await_change(pg, old)
        if clicks == 4 and not reloaded:
            page.shot("legend-mid-race")
            at = version(live.url, gid)
            pg.reload()
            reloaded = True
            assert wait_for_my_turn_or_end(pg) == "decide"
            assert version(live.url, gid) == at
        assert clicks < 600, "the race does not end"
    assert pg.get_by_test_id("to-move").inner_text().startswith("Finished")
    assert "Player 1" in pg.get_by_test_id("results-table").inner_text()
    assert pg.get_by_test_id("log").locator("li").count() > 20
    assert reloaded and told
    page.shot("legend-finished")
    assert page.errors == []


def test_a_mille_bornes_hot_seat_hand_with_a_coup_fourre(live: LiveServer, page: Page) -> None:
    pg = page.page
    pg.goto(live.url + "/")
    pg.get_by_test_id("game-mille_bornes").check()
    pg.get_by_test_id("seat-1-kind").select_option("human")
    pg.get_by_test_id("seat-0-name").fill("Ada")
    pg.get_by_test_id("seat-1-name").fill("Bea")
    pg.get_by_test_id("seed").fill(str(MB_COUP_FOURRE_SEED))
    pg.get_by_test_id("start").click()
    pg.wait_for_url("**/play/*")
    handoffs = 0
    for _ in range(80):
        pg.wait_for_function(
            "() => !document.querySelector('[data-testid=handoff]').hidden"
            " || document.querySelector('[data-testid=decision]')"
        )
        if pg.get_by_test_id("handoff").is_visible():
            # Nothing of the last player's hand behind the hand-off screen.
            assert pg.get_by_test_id("hand").count() == 0
            if handoffs < 2:
                page.shot(f"mille-bornes-handoff-{handoffs}")
            pg.get_by_test_id("handoff-ready").click()
            handoffs += 1
            pg.get_by_test_id("hand").wait_for()
            continue
        call = pg.locator('[data-testid=decision][data-kind="coup_fourre"]')
        if pg.get_by_test_id("coup-fourre-prompt").count() and call.count():
            page.shot("mille-bornes-coup-fourre-prompt")
            call.click()
            pg.get_by_test_id("log").get_by_text("coup fourré!", exact=False).wait_for()
            break
        if pg.get_by_test_id("coup-fourre-prompt").count():
            # Two humans: the attacked seat is asked even without the safety (so the question
            # tells the other human nothing); it can only decline.
            old = shown_version(pg)
            pg.locator('[data-testid=decision][data-kind="decline"]').click()
            await_change(pg, old)
            continue
        kinds = pg.locator("[data-testid=decision]").evaluate_all("bs => bs.map(b => b.dataset.kind)")
        old = shown_version(pg)
        pg.get_by_test_id("decision").nth(policy(kinds)).click()
        await_change(pg, old)
    else:
        pytest.fail("no coup fourré came up")
    assert handoffs >= 2
    assert pg.locator("[data-testid=side-1] li.card.safety").count() >= 1
    page.shot("mille-bornes-after-coup-fourre")
    assert page.errors == []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "autodromo_web", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[tuple[int, Path, list[subprocess.Popen[bytes]]]]:
    procs: list[subprocess.Popen[bytes]] = []
    yield free_port(), tmp_path / "games.sqlite3", procs
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()


def test_kill_and_restart_the_server_mid_game_nothing_is_lost(server_process: Any, page: Page) -> None:
    port, db, procs = server_process
    url = f"http://127.0.0.1:{port}"
    procs.append(start_server(port, db))
    req = urllib.request.Request(f"{url}/api/games", data=json.dumps(legend_body(bots=1)).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        gid = json.loads(r.read())["id"]
    pg = page.page
    pg.goto(f"{url}/play/{gid}")
    for _ in range(6):
        assert wait_for_my_turn_or_end(pg) == "decide"
        old = shown_version(pg)
        pg.get_by_test_id("decision").first.click()
        await_change(pg, old)
    wait_for_my_turn_or_end(pg)
    at = version(url, gid)
    log_lines = pg.get_by_test_id("log").locator("li").count()
    os.kill(procs[0].pid, signal.SIGKILL)
    procs[0].wait()
    procs.append(start_server(port, db))
    assert version(url, gid) == at
    pg.reload()
    assert wait_for_my_turn_or_end(pg) == "decide"
    assert pg.get_by_test_id("log").locator("li").count() == log_lines
    pg.get_by_test_id("decision").first.click()
    deadline = time.time() + 10
    while version(url, gid) == at and time.time() < deadline:
        time.sleep(0.05)
    assert version(url, gid) > at
    page.shot("restart-continued")
    # The live stream the killed server held open was cut mid-stream (the browser says so, then
    # reconnects, and is refused if it tries before the new server listens); nothing else went
    # wrong.
    expected = ("ERR_INCOMPLETE_CHUNKED_ENCODING", "ERR_CONNECTION_REFUSED")
    assert [e for e in page.errors if not any(x in e for x in expected)] == []


def test_a_phone_sized_lamborghini_game_fits_and_plays(live: LiveServer, browser: Any) -> None:
    phone = Page(browser, viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    try:
        client = live.app.test_client()
        body = {"game": "lamborghini", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                                                  {"kind": "bot", "bot": "random"}], "seed": 8}
        gid = client.post("/api/games", json=body).json["id"]
        pg = phone.page
        pg.goto(f"{live.url}/play/{gid}")
        assert wait_for_my_turn_or_end(pg) == "decide"
        # A mobile browser zooms out to fit a page that is too wide: the layout must stay 375 wide.
        assert pg.evaluate("() => [window.innerWidth, document.documentElement.scrollWidth]") == [375, 375]
        assert pg.get_by_test_id("board").is_visible()
        assert pg.get_by_test_id("draft").count() == 1  # the draft's face-up cards
        before = version(live.url, gid)
        pg.get_by_test_id("decision").first.tap()
        deadline = time.time() + 10
        while version(live.url, gid) == before and time.time() < deadline:
            time.sleep(0.05)
        assert version(live.url, gid) > before
        phone.shot("phone-lamborghini")
        assert phone.errors == []
    finally:
        phone.context.close()


def test_the_replay_viewer_steps_and_scrubs(live: LiveServer, page: Page) -> None:
    client = live.app.test_client()
    gid = client.post("/api/games", json=legend_body(bots=1)).json["id"]
    for _ in range(4):
        label = client.get(f"/api/games/{gid}?seat=0").json["legal"][0]["label"]
        client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": label})
    total = version(live.url, gid)
    pg = page.page
    pg.goto(f"{live.url}/replay/{gid}")
    pg.get_by_test_id("board").wait_for()
    assert pg.get_by_test_id("step").inner_text() == "0"
    pg.get_by_test_id("forward").click()
    pg.wait_for_function("() => document.querySelector('[data-testid=step]').textContent === '1'")
    pg.get_by_test_id("last").click()
    pg.wait_for_function(f"() => document.querySelector('[data-testid=step]').textContent === '{total}'")
    pg.get_by_test_id("label").wait_for()
    pg.get_by_test_id("scrub").fill("2")
    pg.wait_for_function("() => document.querySelector('[data-testid=step]').textContent === '2'")
    page.shot("replay-viewer")
    assert page.errors == []


def test_bots_play_on_their_own_at_the_chosen_speed_and_pause(live: LiveServer, browser: Any) -> None:
    watch = Page(browser, viewport={"width": 1280, "height": 900})
    try:
        watch.context.add_init_script("localStorage.setItem('autodromo.speed', '300')")
        client = live.app.test_client()
        body = legend_body(humans=0, bots=2)
        gid = client.post("/api/games", json=body).json["id"]
        start = version(live.url, gid)
        pg = watch.page
        pg.goto(f"{live.url}/play/{gid}")
        pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {start + 3}")
        assert "(bot) to play" in pg.get_by_test_id("to-move").inner_text()
        # One bot decision per step: far from the end after a second.
        assert pg.get_by_test_id("to-move").inner_text().startswith("Finished") is False
        pg.get_by_test_id("speed").select_option("-1")
        pg.wait_for_timeout(400)  # a step already on its way may still land
        paused = version(live.url, gid)
        pg.wait_for_timeout(700)
        assert version(live.url, gid) == paused
        pg.get_by_test_id("speed").select_option("0")
        pg.wait_for_function("() => document.querySelector('[data-testid=to-move]').textContent.startsWith('Finished')")
        watch.shot("bots-only-finished")
        assert watch.errors == []
    finally:
        watch.context.close()


def test_undo_from_the_page_takes_back_the_last_decision(live: LiveServer, page: Page) -> None:
    client = live.app.test_client()
    gid = client.post("/api/games", json=legend_body()).json["id"]
    pg = page.page
    pg.goto(f"{live.url}/play/{gid}")
    for _ in range(40):
        assert wait_for_my_turn_or_end(pg) == "decide"
        if pg.get_by_test_id("undo").is_enabled():
            break
        assert pg.get_by_test_id("undo").get_attribute("title").startswith("cannot undo")
        old = shown_version(pg)
        pg.get_by_test_id("decision").first.click()
        await_change(pg, old)
    else:
        pytest.fail("undo never became possible")
    at = version(live.url, gid)
    decisions = pg.locator("[data-testid=decision]").evaluate_all("bs => bs.map(b => b.dataset.text)")
    pg.get_by_test_id("decision").last.click()
    await_change(pg, at)
    pg.get_by_test_id("undo").click()
    pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) === {at}")
    assert version(live.url, gid) == at
    assert pg.locator("[data-testid=decision]").evaluate_all("bs => bs.map(b => b.dataset.text)") == decisions
    assert page.errors == []


def test_the_lobby_imports_lists_and_deletes_saved_games(live: LiveServer, page: Page, tmp_path: Path) -> None:
    client = live.app.test_client()
    gid = client.post("/api/games", json=legend_body(bots=1)).json["id"]
    exported = tmp_path / "race.json"
    exported.write_text(client.get(f"/api/games/{gid}/replay").get_data(as_text=True))
    pg = page.page
    pg.on("dialog", lambda d: d.accept())
    pg.goto(live.url + "/")
    assert pg.get_by_test_id("db-path").inner_text() == live.app.config["DB"]
    pg.get_by_test_id(f"continue-{gid}").wait_for()
    pg.get_by_test_id("import").set_input_files(str(exported))
    pg.get_by_text("imported as game").wait_for()
    # The list is fetched again after the import: wait for it rather than race it.
    pg.wait_for_function("() => document.querySelectorAll('[data-testid=saved] tr').length === 2")
    pg.get_by_test_id(f"delete-{gid}").click()
    pg.wait_for_function("() => document.querySelectorAll('[data-testid=saved] tr').length === 1")
    assert client.get(f"/api/games/{gid}").status_code == 404
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "autodromo-replay"}')
    pg.get_by_test_id("import").set_input_files(str(bad))
    pg.get_by_text("not imported:").wait_for()
    page.shot("lobby")
    # The refused import is reported on the page; its 400 is the only console error.
    assert all("400" in e for e in page.errors)
