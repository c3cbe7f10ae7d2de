"""Issue 32, items 1 and 5, in Debian's chromium: phones that connect, and a lobby that asks only
what applies.

- "With the server started as the README says, 'Each player on their own phone' shows QR codes
  for http://127.0.0.1:8765/play/…: a phone that scans one reaches itself." A server started
  with ``--lan`` prints the machine's network address and its QR code, and every join link and
  code names that address; a server on loopback offers the command that serves the table on the
  network instead of codes.
- "A rematch in a join-link game leaves every phone on the old game": three browser contexts (two
  phones, one screen) join by the links, race a lap of Legend, and "Play again" takes each
  phone to the new game on its own seat.
- "The championship controls show while 'Play a championship' is unticked", and Legend's first
  seat had the slowest car and "Engine 1, Brakes 10" as the first choice.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, cast

import segno

from .conftest import LiveServer, Page
from .test_e2e import click_fastest
from .test_one_table import NAMES, PHONE, play, public

DESKTOP = {"viewport": {"width": 1366, "height": 768}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def start_lan_server(db: Path) -> tuple[subprocess.Popen[str], str, str]:
    """`python -m autodromo_web --lan` (what `make play ARGS="--lan"` runs), one process: the
    server, the address it printed for phones, and all it printed up to its QR code."""
    port = free_port()
    p = subprocess.Popen([sys.executable, "-m", "autodromo_web", "--lan", "--port", str(port), "--workers", "1",
                          "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         encoding="utf-8")
    assert p.stdout is not None
    printed = []
    deadline = time.time() + 60
    while time.time() < deadline:
        line = p.stdout.readline()
        assert line, f"the server stopped: {p.stderr.read() if p.stderr else ''}"
        printed.append(line)
        if line.startswith("On the local network: open "):
            url = re.search(r"open (http://\S+)", line)
            assert url
            # The QR code follows the address: read it whole (it ends with its quiet zone).
            for _ in range(60):
                printed.append(p.stdout.readline())
                if len(printed) > 8 and printed[-1].strip() and set(printed[-1].strip()) <= {"█"}:
                    break
            return p, url.group(1).rstrip("/"), "".join(printed)
    raise AssertionError("the server printed no network address")


def start_game_in_lobby(pg: Any, url: str) -> str:
    """The shared screen makes a one-lap Legend race for Ada and Bea, each on their own phone."""
    pg.goto(url + "/")
    pg.get_by_test_id("game-legend").check()
    pg.get_by_test_id("seat-count").fill("2")
    pg.get_by_test_id("seat-count").dispatch_event("input")
    pg.get_by_test_id("option-laps").fill("1")
    for i, name in enumerate(NAMES):
        pg.get_by_test_id(f"seat-{i}-kind").select_option("human")
        pg.get_by_test_id(f"seat-{i}-name").fill(name)
    assert pg.get_by_test_id("lan-note").count() == 0, "on the network the phones' option needs no note"
    pg.get_by_test_id("seating-links").check()
    pg.get_by_test_id("start").click()
    pg.wait_for_url("**/play/*")
    return str(pg.url.rsplit("/", 1)[1])


def test_lan_serves_join_links_on_the_network_address_and_play_again_moves_every_phone(tmp_path: Path,
                                                                                       browser: Any) -> None:
    server, url, printed = start_lan_server(tmp_path / "games.sqlite3")
    devices: list[Page] = []
    try:
        host = url.split("//", 1)[1].rsplit(":", 1)[0]
        assert host not in ("127.0.0.1", "0.0.0.0", "localhost") and not host.startswith("127."), url
        assert f"Autodromo: {url}/" in printed, "the address to open is the network's, not 0.0.0.0"
        assert printed.count("█") > 100, "a QR code in the terminal"

        shared = Page(browser, **DESKTOP)
        devices.append(shared)
        sp = shared.page
        gid = start_game_in_lobby(sp, url)
        sp.get_by_test_id("join").wait_for()
        links = [sp.get_by_test_id("join-url").nth(i).input_value() for i in range(2)]
        qrs = [sp.get_by_test_id("join-qr").nth(i).get_attribute("src") for i in range(2)]
        for link, qr in zip(links, qrs):
            assert link.startswith(f"{url}/play/{gid}#t="), link
            # The code shown is the link's own (the server draws it from the same text).
            assert qr == segno.make(link, error="m").svg_data_uri(scale=4, border=2)
        shared.shot("phones-connect-lan-shared-links")

        phones = []
        for seat, link in enumerate(links):
            phone = Page(browser, **PHONE)
            devices.append(phone)
            phone.page.goto(link)
            phone.page.wait_for_selector(f"#play[data-role=seat][data-seat='{seat}']")
            phone.page.wait_for_function(f"() => document.getElementById('title').textContent.endsWith('you are {NAMES[seat]}')")
            phones.append(phone)
        moves = play(cast(LiveServer, _Url(url)), gid, shared, phones, click_fastest)
        assert moves > 10
        for name, dev in (("shared", shared), ("ada", phones[0]), ("bea", phones[1])):
            dev.shot(f"phones-connect-end-{name}")

        # "Play again" on the shared screen: a new game, and every phone lands on it, on its seat.
        sp.get_by_test_id("play-again").click()
        sp.wait_for_url(re.compile(r".*/play/(?!" + gid + r")\w+$"))
        new = sp.url.rsplit("/", 1)[1]
        assert new != gid
        for seat, phone in enumerate(phones):
            phone.page.wait_for_url(f"**/play/{new}", timeout=30_000)
            phone.page.wait_for_selector(f"#play[data-role=seat][data-seat='{seat}']")
            phone.page.wait_for_function(f"() => document.getElementById('title').textContent.endsWith('you are {NAMES[seat]}')")
        # Both seats are held by their phones already: the shared screen shows no code to scan.
        sp.get_by_test_id("join-claimed").nth(1).wait_for()
        assert sp.get_by_test_id("join-qr").count() == 0
        # The new game is played from the phones: the one to move decides.
        p = public(url, new)
        assert p["status"] == "playing" and p["version"] >= 0
        seat = p["to_move"]
        pg = phones[seat].page
        pg.wait_for_function("() => document.getElementById('play').dataset.myTurn === '1' "
                             "&& document.querySelector('[data-testid=decision]')")
        assert phones[1 - seat].page.get_by_test_id("decision").count() == 0
        click_fastest(pg)
        pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {p['version']}")
        for name, dev in (("shared", shared), ("ada", phones[0]), ("bea", phones[1])):
            dev.shot(f"phones-connect-rematch-{name}")
            assert [e for e in dev.errors if "403" not in e] == [], dev.errors
    finally:
        for dev in devices:
            dev.context.close()
        server.terminate()
        server.communicate(timeout=10)


class _Url:
    """What ``test_one_table.play`` reads of a server: its address."""

    def __init__(self, url: str) -> None:
        self.url = url


def test_a_loopback_server_offers_the_command_that_serves_the_table_instead_of_codes(live: LiveServer,
                                                                                      browser: Any) -> None:
    port = live.url.rsplit(":", 1)[1]
    dev = Page(browser, **PHONE)
    try:
        pg = dev.page
        pg.goto(live.url + "/")
        assert pg.get_by_test_id("seating-links").is_disabled()
        assert pg.get_by_test_id("lan-note").is_visible()
        assert pg.get_by_test_id("lan-command").first.inner_text() == f'make play ARGS="--lan --port {port}"'
        assert "cannot reach" in pg.get_by_test_id("lan-note").inner_text()
        pg.get_by_test_id("lan-note").scroll_into_view_if_needed()
        dev.shot("phones-connect-loopback-lobby")

        # A game by join links made by a script on this machine: its screen says the same, and
        # no link or code names a loopback address.
        client = live.app.test_client()
        made = client.post("/api/games", json={"game": "legend", "options": {"cars": ["porsche_550", "ferrari_166_mm"]},
                                               "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}],
                                               "seating": "links"}).json
        assert all(j["url"].startswith(f"/play/{made['id']}#t=") and j["qr"] is None for j in made["join"])
        pg.evaluate("([id, token]) => Autodromo.rememberOwner(id, token)", [made["id"], made["owner_token"]])
        pg.goto(f"{live.url}/play/{made['id']}")
        pg.get_by_test_id("lan-note").wait_for()
        assert pg.get_by_test_id("join-qr").count() == 0 and pg.get_by_test_id("join-url").count() == 0
        assert pg.get_by_test_id("lan-command").inner_text() == f'make play ARGS="--lan --port {port}"'
        dev.shot("phones-connect-loopback-shared-screen")
        assert dev.errors == [], dev.errors
    finally:
        dev.context.close()


def test_the_championship_controls_show_only_once_ticked(live: LiveServer, browser: Any) -> None:
    dev = Page(browser, **DESKTOP)
    try:
        pg = dev.page
        pg.goto(live.url + "/")
        # The lobby builds its game radios after the catalogue arrives: read them once they exist.
        pg.locator("[name=game]").first.wait_for(state="attached")
        games = pg.locator("[name=game]").evaluate_all("rs => rs.map(r => r.value)")
        catalogue = {g["id"]: g for g in live.app.test_client().get("/api/catalogue").json["games"]}
        with_events = [g for g in games if catalogue[g]["event"]]
        assert with_events, "some game has a championship"
        for game in games:
            pg.get_by_test_id(f"game-{game}").check()
            box = pg.locator("#championship-box")
            if game not in with_events:
                assert box.is_hidden(), game
                continue
            assert box.is_visible() and not pg.get_by_test_id("championship").is_checked()
            fields = pg.locator("#event-options")
            assert fields.is_hidden(), f"{game}: the championship's fields show while unticked"
            assert pg.locator("#event-options [data-key]").first.is_hidden()
            dev.shot(f"lobby-championship-unticked-{game}")
            pg.get_by_test_id("championship").check()
            assert fields.is_visible() and pg.locator("#options").is_hidden()
            dev.shot(f"lobby-championship-ticked-{game}")
            pg.get_by_test_id("championship").uncheck()
            assert fields.is_hidden() and pg.locator("#options").is_visible()
        assert dev.errors == [], dev.errors
    finally:
        dev.context.close()


def test_legends_lobby_gives_the_first_seat_an_equal_car_and_offers_the_even_split_first(live: LiveServer,
                                                                                          browser: Any) -> None:
    """The default lobby: four seats, the first a person's, on two models with one Dashboard
    (the Porsche 550 and the Ferrari 166 MM: Reliability 10, top speed 8); the split's first,
    highlighted choice is 5 and 5, not "Engine 1, Brakes 9"."""
    dev = Page(browser, **DESKTOP)
    try:
        pg = dev.page
        pg.goto(live.url + "/")
        pg.get_by_test_id("game-legend").check()
        assert pg.get_by_test_id("seat-count").input_value() == "4"
        cars = [pg.get_by_test_id(f"seat-{i}-car").input_value() for i in range(4)]
        assert cars == ["porsche_550", "ferrari_166_mm", "porsche_550", "ferrari_166_mm"], cars
        assert pg.get_by_test_id("seat-0-kind").input_value() == "human"
        dev.shot("lobby-legend-defaults")
        pg.get_by_test_id("start").click()
        pg.wait_for_url("**/play/*")
        first = pg.get_by_test_id("decision").first
        first.wait_for()
        assert first.get_attribute("data-text") == "Engine 5, Brakes 5"
        assert "primary" in (first.get_attribute("class") or "")
        texts = pg.get_by_test_id("decision").evaluate_all("bs => bs.map(b => b.dataset.text)")
        assert texts[1:3] == ["Engine 6, Brakes 4", "Engine 4, Brakes 6"] and len(texts) == 9, texts
        dev.shot("legend-split-even-first")
        assert dev.errors == [], dev.errors
    finally:
        dev.context.close()
