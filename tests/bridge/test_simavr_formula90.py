"""Formula 90 on the real firmware in simavr (issue 15): a seat's chart from a race with every
module on moves the dashboard's needles and lamps (ATmega328P), and the track board's section
map frame of a race with a yellow flag reaches the WS2812 line (ATmega2560), each checked on
the pins and the strip's bytes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from autodromo_bridge.games.formula90 import render as render_f90
from autodromo_bridge.games.formula90.sectionmap import SectionMap

from .test_bridge_formula90 import race_until, yellow_section
from .test_simavr_dashboard import SPEED_FULL_SCALE, T1_TOP, Host, Simulator, build_firmware, shows


@pytest.fixture(scope="module", autouse=True)
def _built() -> None:
    build_firmware()


@pytest.fixture
def dashboard() -> Iterator[Simulator]:
    s = Simulator("dashboard.elf", "atmega328p")
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def trackboard() -> Iterator[Simulator]:
    s = Simulator("trackboard.elf", "atmega2560", "--ws2812", "A0")
    try:
        yield s
    finally:
        s.close()


def charted(view: dict[str, Any]) -> bool:
    """Blue has a Target Check card, red wear and fewer tyre tokens than it started with."""
    car = view["cars"][0]
    return bool(car.get("target")) and car["wear"]["red"] > 0 and view["turn"] >= 2


def test_a_formula90_chart_moves_the_dashboards_needles(dashboard: Simulator) -> None:
    src = race_until(charted, seed=4)
    view = src.seat_view(0)
    state = render_f90.dash_state(view, 0, deciding=False, cursor=0, refused=True)
    car = view["cars"][0]
    assert state["speed"] == car["target"]["cf"] > 0 and state["engine"] == car["wear"]["red"] > 0
    host = Host(dashboard)
    host.link()
    stored = host.host.set_dash(state)
    assert host.pump(2, shows(host, stored["state_id"]))
    p = dashboard.pins()
    assert p["OCR1A"] == state["speed"] * T1_TOP // SPEED_FULL_SCALE       # the target card
    assert p["OCR1B"] == state["temperature"] * T1_TOP // 255              # fuel turns left
    assert (p["OCR0A"], p["OCR0B"], p["OCR2A"]) == (car["wear"]["red"], car["wear"]["brown"], car["tyres"])
    assert p["PORTC"] & 0x0F == state["lamps"] & 0x0F == render_f90.LAMP_REFUSED


def test_a_formula90_frame_reaches_the_strip(trackboard: Simulator) -> None:
    src = race_until(lambda v: yellow_section(v) is not None, seed=45)
    view = src.view()
    m = SectionMap.for_board(src.board())
    colours = render_f90.palette(m, view)
    frame = render_f90.track_frame(view, m)
    host = Host(trackboard)
    host.link()
    host.host.set_config({"failsafe_ms": 1000, "brightness": 255, "status_interval_ms": 250})
    host.host.set_palette(colours)
    host.host.set_leds(1, frame)
    assert host.pump(5, lambda: bool(host.named("frame_shown")))
    grb = b"".join(bytes((colours[i][1], colours[i][0], colours[i][2])) for i in frame)
    assert trackboard.cmd(f"dump strip {len(grb)}") == "mem " + grb.hex()
    _, frames, bad, *data = trackboard.cmd("strip").split()
    assert int(bad) == 0 and bytes.fromhex(data[0]).startswith(grb)
    yellow = colours[render_f90.P["yellow"]]
    assert bytes((yellow[1], yellow[0], yellow[2])) in grb, "the yellow flag is on the line"
