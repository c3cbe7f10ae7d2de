"""Issue 32, item 3, "phone first": at 390×844 (a phone's CSS size, device scale 3, touch), a
seat's page mid-game at a decision shows the board, the seat's own hand or dashboard and the
decision list on the first screen; nothing scrolls sideways; every control a finger taps is at
least 44×44 CSS px; no text is cut off at its box's edge. Each game in Debian's chromium, and a
newcomer's path from the lobby on the same phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer, Page, legend_body
from .test_e2e import confirm_if_asked, wait_for_my_turn_or_end

WIDTH, HEIGHT = 390, 844  # CSS px: a common phone (iPhone 12 to 14)
PHONE: dict[str, Any] = {"viewport": {"width": WIDTH, "height": HEIGHT}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
TAP = 44  # CSS px: the least side of a control a finger taps (WCAG 2.5.5, Apple's and Google's guides)

# What stands for each part on each game's page (Mille Bornes' board is the sides' tableaux).
BOARD = {"legend": "[data-testid=board]", "lamborghini": "[data-testid=board]",
         "formula90": "[data-testid=board]", "mille_bornes": "[data-testid^=side-]"}
OWN = {"legend": "[data-testid=gauges]", "lamborghini": ".side.me",
       "formula90": "[data-testid=hand], [data-testid=cars] tr.me", "mille_bornes": "[data-testid=hand]"}
BODIES: dict[str, dict[str, Any]] = {
    "legend": legend_body(bots=1),
    "lamborghini": {"game": "lamborghini", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 8},
    "formula90": {"game": "formula90", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "medium"}], "seed": 3},
    "mille_bornes": {"game": "mille_bornes", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 4},
}

# Every visible control a finger taps, too small; the page wider than the screen; text cut off.
LAYOUT = """(sels) => {
  const inner = window.innerWidth, screen = window.innerHeight;
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[hidden]'); };
  const name = (e) => `${e.tagName.toLowerCase()}${e.dataset.testid ? '[' + e.dataset.testid + ']' : ''}`
    + ` "${(e.textContent || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const small = [];
  for (const e of document.querySelectorAll('button, a[href], input, select, summary, [role=button], [tabindex="0"]')) {
    if (!shown(e) || e.closest('svg')) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) small.push(`${name(e)} ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  const clipped = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || e.closest('svg') || !e.textContent.trim()) continue;
    const s = getComputedStyle(e);
    if (['hidden', 'clip'].includes(s.overflowX) && s.textOverflow !== 'ellipsis'
        && e.scrollWidth > e.clientWidth + 1) clipped.push(name(e));
  }
  // A box that scrolls sideways inside the page hides its right part as surely as a clipped one.
  const sideways = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || e.closest('svg')) continue;
    if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1) {
      sideways.push(`${name(e)} ${e.scrollWidth} px in ${e.clientWidth}`);
    }
  }
  const first = {};
  for (const [part, sel] of Object.entries(sels)) {
    const hits = [...document.querySelectorAll(sel)].filter(shown).map((e) => e.getBoundingClientRect());
    first[part] = hits.some((r) => Math.min(r.bottom, screen) - Math.max(r.top, 0) >= 44 && r.left < inner && r.right > 0);
  }
  return { wide: [document.documentElement.scrollWidth, inner], small, clipped, sideways, first };
}"""


def layout(pg: Any, game: str) -> dict[str, Any]:
    pg.evaluate("() => window.scrollTo(0, 0)")
    sels = {"board": BOARD[game], "own": OWN[game], "decision": "[data-testid=decision]"}
    found: dict[str, Any] = pg.evaluate(LAYOUT, sels)
    return found


def phone_at_a_decision(live: LiveServer, browser: Any, game: str, decisions: int) -> Page:
    """A phone on the human seat's page, after ``decisions`` of its decisions, at the next one."""
    client = live.app.test_client()
    gid = client.post("/api/games", json=BODIES[game]).json["id"]
    phone = Page(browser, **PHONE)
    pg = phone.page
    pg.goto(f"{live.url}/play/{gid}")
    for _ in range(decisions):
        assert wait_for_my_turn_or_end(pg) == "decide"
        old = pg.get_by_test_id("play-root").get_attribute("data-version")
        pg.get_by_test_id("decision").first.tap()
        confirm_if_asked(pg)
        pg.wait_for_function(f"() => document.getElementById('play').dataset.version !== '{old}'")
    assert wait_for_my_turn_or_end(pg) == "decide"
    return phone


def problems(found: dict[str, Any]) -> list[str]:
    # A mobile browser zooms out to show a page wider than its screen (innerWidth grows with it):
    # both must stay the phone's width.
    width, inner = found["wide"]
    out = [f"the page is {max(width, inner)} px wide on a {WIDTH} px screen (it scrolls sideways)"] if max(width, inner) > WIDTH else []
    out += [f"the {part} is not on the first screen" for part, seen in found["first"].items() if not seen]
    out += [f"a control under {TAP}×{TAP} CSS px: {s}" for s in found["small"]]
    out += [f"text cut off in {c}" for c in found["clipped"]]
    out += [f"a box scrolls sideways: {c}" for c in found["sideways"]]
    return out


@pytest.mark.parametrize("game", ["legend", "lamborghini", "formula90", "mille_bornes"])
def test_a_seat_page_mid_game_fits_a_phone(live: LiveServer, browser: Any, game: str, tmp_path: Path) -> None:
    phone = phone_at_a_decision(live, browser, game, decisions=12 if game == "lamborghini" else 3)
    try:
        pg = phone.page
        found = layout(pg, game)
        pg.screenshot(path=str(tmp_path / f"phone-{game}.png"))
        assert problems(found) == [], f"{game}: " + "; ".join(problems(found))
        assert phone.errors == []
    finally:
        phone.context.close()


@pytest.mark.parametrize("game", ["legend", "mille_bornes"])
def test_a_newcomer_starts_from_the_lobby_and_plays_on_the_phone(live: LiveServer, browser: Any, game: str,
                                                                 tmp_path: Path) -> None:
    """Lobby → start → a few decisions, each tapped on the phone; the page fits at every one."""
    phone = Page(browser, **PHONE)
    try:
        pg = phone.page
        pg.goto(live.url + "/")
        found: dict[str, Any] = pg.evaluate(LAYOUT, {})
        assert max(found["wide"]) <= WIDTH and found["small"] == [] and found["clipped"] == [] and found["sideways"] == [], found
        pg.get_by_test_id(f"game-{game}").tap()
        pg.get_by_test_id("start").tap()
        pg.wait_for_url("**/play/*")
        for step in range(4):
            assert wait_for_my_turn_or_end(pg) == "decide"
            assert problems(layout(pg, game)) == [], f"{game}, decision {step + 1}: " + "; ".join(problems(layout(pg, game)))
            old = pg.get_by_test_id("play-root").get_attribute("data-version")
            pg.get_by_test_id("decision").first.tap()
            confirm_if_asked(pg)
            pg.wait_for_function(f"() => document.getElementById('play').dataset.version !== '{old}'")
        pg.screenshot(path=str(tmp_path / f"newcomer-{game}.png"))
        assert phone.errors == []
    finally:
        phone.context.close()


def test_a_phone_whose_seat_waits_is_not_told_to_decide(live: LiveServer, browser: Any) -> None:
    """Issue 32: "A phone that is not deciding is told it is": the phase's help, which speaks to
    the player deciding ("A hazard has just been played on your side…"), showed on every screen."""
    body = {"game": "mille_bornes", "options": {"score_to_win": 0}, "seed": 5,
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]}
    client = live.app.test_client()
    gid = client.post("/api/games", json=body).json["id"]
    mover = int(client.get(f"/api/games/{gid}").json["to_move"])
    names = ["Ada", "Bea"]
    phone = Page(browser, **PHONE)
    try:
        pg = phone.page
        pg.goto(f"{live.url}/play/{gid}?seat={1 - mover}")
        pg.get_by_test_id("nothing-to-decide").wait_for()
        status = pg.get_by_test_id("to-move").inner_text()
        assert names[mover] in status and "Your" not in status, status
        assert pg.get_by_test_id("phase-help").inner_text() == ""
        assert pg.get_by_test_id("decision").count() == 0
        # Issue 32 item 3: "Your decision" is said only to the seat that decides.
        assert not pg.locator("#decide-title").is_visible()
        assert "Your decision" not in pg.evaluate("() => document.body.innerText")
        pg.goto(f"{live.url}/play/{gid}?seat={mover}")
        pg.get_by_test_id("decision").first.wait_for()
        assert pg.locator("#decide-title").is_visible() and pg.locator("#decide-title").inner_text() == "Your decision"
        assert phone.errors == []
    finally:
        phone.context.close()
