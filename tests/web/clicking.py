"""Playing the page by clicking, as a newcomer does, for the browser tests: take a decision or
a highlighted space, say yes to a risk the test chose, pass the device in hot seat; and the
recorder that keeps every API response the page received, to scan it for ids."""

from __future__ import annotations

import json
import re
import tomllib
from urllib.parse import urlsplit
from collections.abc import Callable
from typing import Any

from autodromo import content

#: "player 1", "side 0", "team 2", "seat 3": how a person is never named on the page.
NUMBERED = re.compile(r"\b(?:player|side|team|seat) \d", re.IGNORECASE)


def content_ids() -> set[str]:
    """Every id of the shipped content files (cars, cards, circuits, decks)."""
    ids: set[str] = set()
    for game in content.GAMES:
        root = content.directory(game)
        for path in root.rglob("*.toml"):
            if path.parent.name == "circuits":
                ids.add(path.stem)
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
            for value in doc.values():
                if isinstance(value, list):
                    ids.update(str(x["id"]) for x in value if isinstance(x, dict) and "id" in x)
    return ids


def strings(doc: Any) -> list[str]:
    """Every string value of a JSON document (keys are the API's words, not shown)."""
    if isinstance(doc, str):
        return [doc]
    if isinstance(doc, dict):
        return [s for v in doc.values() for s in strings(v)]
    if isinstance(doc, list):
        return [s for v in doc for s in strings(v)]
    return []


def leaks(doc: Any, ids: set[str]) -> list[str]:
    """The strings of ``doc`` that show a content id or a numbered player."""
    out = []
    for s in strings(doc):
        if NUMBERED.search(s) or any(tok in ids for tok in re.findall(r"[A-Za-z0-9_]+", s)):
            out.append(s)
    return out


class Recorder:
    """Keeps the JSON of every /api/ response a page gets (the replay file aside: a file for
    scripts, with the core's labels by design; and the live stream, which never ends)."""

    def __init__(self, page: Any) -> None:
        self.pending: list[Any] = []
        self.bodies: list[tuple[str, Any]] = []
        page.on("response", self._seen)

    def _seen(self, response: Any) -> None:
        path = urlsplit(response.url).path
        if path.startswith("/api/") and not path.endswith(("/replay", "/stream")):
            self.pending.append(response)

    def flush(self) -> None:
        for r in self.pending:
            try:
                self.bodies.append((r.url, json.loads(r.text())))
            except Exception:  # a redirect or an aborted request has no body to scan
                pass
        self.pending.clear()

    def leaks(self) -> list[tuple[str, str]]:
        self.flush()
        ids = content_ids()
        return [(url, s) for url, doc in self.bodies for s in leaks(doc, ids)]


def shown_version(pg: Any) -> int:
    v: str | None = pg.get_by_test_id("play-root").get_attribute("data-version")
    return int(v or -1)


def wait_for_turn(pg: Any) -> str:
    """'decide', 'handoff' or 'over'."""
    pg.wait_for_function(
        """() => document.querySelector('[data-testid=decision]')
                 || !document.querySelector('[data-testid=results]').hidden
                 || !document.querySelector('[data-testid=handoff]').hidden""",
    )
    if pg.get_by_test_id("handoff").is_visible():
        return "handoff"
    if pg.get_by_test_id("results").is_visible():
        return "over"
    return "decide"


def confirm_if_asked(pg: Any) -> bool:
    if pg.get_by_test_id("confirm").is_visible():
        pg.get_by_test_id("confirm-yes").click()
        return True
    return False


def furthest_safe_space(pg: Any) -> tuple[str, str] | None:
    chosen: list[str] | None = pg.evaluate(
        """() => {
            const cells = [...document.querySelectorAll('[data-testid=reach]:not(.risk)')];
            if (!cells.length) return null;
            cells.sort((a, b) => Number(b.dataset.progress) - Number(a.dataset.progress));
            return [cells[0].dataset.row, cells[0].dataset.lane];
        }"""
    )
    return (chosen[0], chosen[1]) if chosen else None


def kinds(pg: Any) -> list[str]:
    found: list[str] = pg.locator("[data-testid=decision]").evaluate_all("bs => bs.map(b => b.dataset.kind)")
    return found


def take(pg: Any, policy: Callable[[list[str]], int] | None = None) -> None:
    """One decision by clicking: the furthest safe space on the board, else the policy's button
    (the first by default); a risky one is confirmed."""
    old = shown_version(pg)
    space = furthest_safe_space(pg)
    if space:
        pg.locator(f'[data-testid=reach][data-row="{space[0]}"][data-lane="{space[1]}"]').click()
    else:
        index = policy(kinds(pg)) if policy else 0
        pg.get_by_test_id("decision").nth(index).click()
        confirm_if_asked(pg)
    pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {old}")


def play_to_results(pg: Any, recorder: Recorder | None = None, policy: Callable[[list[str]], int] | None = None,
                    on_click: Callable[[int], None] | None = None, limit: int = 600) -> int:
    """Clicks until the results screen; returns the number of decisions taken."""
    clicks = 0
    while True:
        state = wait_for_turn(pg)
        if state == "over":
            return clicks
        if state == "handoff":
            pg.get_by_test_id("handoff-ready").click()
            continue
        take(pg, policy)
        clicks += 1
        if on_click:
            on_click(clicks)
        if recorder:
            recorder.flush()
        assert clicks < limit, "the game does not end"
