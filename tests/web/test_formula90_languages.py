"""Issue 31 for Formula 90 on the page: in the pseudo-language (``?lang=qps``, every catalogue
text bracketed and accented) nothing of the page's decisions, log, results, help, turn or prompt
reads as plain words, so each came through the ``formula90`` catalogue; and a race read in
Portuguese shows none of the catalogue's English phrases."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from catalogue_english import english_phrases

from .test_api import act, create, view

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "easy", "name": "Bot"}]
SHOWN = ("decisions", "log", "results", "help", "turn", "prompt", "distance", "how_to_play", "table")
#: Fields that hold names (people's, cars', cards', sections') or ids, not words; and the core's
#: name of the phase, which the core words (not yet translated: docs/rules/formula90.md).
NAMES = ("name", "who", "hand_of", "id", "game", "seating", "status", "kind", "title_id", "colour", "type", "sky",
         "phase", "track")


def plain(doc: Any, path: str = "") -> list[str]:
    """The texts under ``doc`` that read as plain words: two lowercase words and no bracket."""
    out: list[str] = []
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k not in NAMES:
                out += plain(v, f"{path}.{k}")
    elif isinstance(doc, list):
        for v in doc:
            out += plain(v, path)
    elif isinstance(doc, str) and re.search(r"[a-z]{3,} [a-z]{3,}", doc) and "[" not in doc:
        out.append(f"{path}: {doc}")
    return out


def race(client: Any, options: dict[str, Any]) -> str:
    gid: str = create(client, {"game": "formula90", "options": options, "seats": SEATS, "seed": 4})["id"]
    return gid


def test_in_the_pseudo_language_every_text_of_a_race_came_through_a_catalogue(client: Any) -> None:
    gid = race(client, {"turns": 2})
    for _ in range(400):
        doc = client.get(f"/api/games/{gid}?seat=0&page=1&lang=qps").json
        shown = {key: doc.get(key) for key in SHOWN}
        assert plain(shown) == [], plain(shown)[:5]
        if view(client, gid)["status"] == "finished":
            break
        act(client, gid, 0, view(client, gid, seat=0)["legal"][0]["id"])
    assert view(client, gid)["status"] == "finished"
    assert doc["results"]["rows"] and doc["log"]


english = partial(english_phrases, "formula90")


def test_a_race_read_in_portuguese_shows_none_of_the_english(client: Any) -> None:
    gid = race(client, {"turns": 2})
    phrases = english("pt")
    for k in range(400):
        doc = client.get(f"/api/games/{gid}?seat=0&page=1&lang=pt").json
        if k % 10 == 0 or view(client, gid)["status"] == "finished":
            text = " ".join(str(doc.get(key)) for key in (*SHOWN, "table"))
            assert {p for p in phrases if p in text} == set()
        if view(client, gid)["status"] == "finished":
            break
        act(client, gid, 0, view(client, gid, seat=0)["legal"][0]["id"])
    assert doc["results"]["columns"][0] == "Posição"
