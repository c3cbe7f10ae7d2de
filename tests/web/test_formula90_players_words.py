"""Issue 32 item 4, Formula 90 in the words of players, not of the rulebook's index: no rule
number ("(R71)") and no book section ("Apêndice B: TUNNING", "D.4 Bandeiras: Bandeira Amarela")
anywhere on the page of a whole race with every module on, nor in the lobby; what each term means
stays on the page, in the glossary. (The lessons name the book's section: a separate page.)"""

from __future__ import annotations

import re
from typing import Any

from autodromo.formula90 import words

from .test_api import act, create, view

#: A rule number, or the manual's headings the sources cite.
INDEX = re.compile(r"\bR\d{1,3}\b|Apêndice|Bandeiras|Condições do Tempo|Realinhamento|Trajetórias Extremas|"
                   r"FREE PRACTICE|Escolha de pneus|Pneus dos robôs|Indicador de Turno")
SOURCES = {v for k, v in words.HELP.items() if k.endswith(".source")}


def texts(doc: Any) -> list[str]:
    if isinstance(doc, dict):
        return [t for v in doc.values() for t in texts(v)]
    if isinstance(doc, list):
        return [t for v in doc for t in texts(v)]
    return [doc] if isinstance(doc, str) else []


def index_in(doc: Any) -> list[str]:
    return [t for t in texts(doc) if INDEX.search(t) or any(s in t for s in SOURCES)]


def test_a_whole_race_with_every_module_shows_no_rule_number_or_book_section(client: Any) -> None:
    body = {"game": "formula90", "options": {"race_length": "short"}, "seed": 3,
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "medium", "name": "Bot"}]}
    gid = create(client, body)["id"]
    glossary: set[str] = set()
    for _ in range(1500):
        doc = client.get(f"/api/games/{gid}?seat=0&page=1").json
        assert index_in(doc) == [], index_in(doc)[:3]
        glossary |= set(doc["table"].get("glossary") or [])
        if view(client, gid)["status"] == "finished":
            break
        act(client, gid, 0, view(client, gid, seat=0)["legal"][0]["id"])
    assert view(client, gid)["status"] == "finished"
    # The terms are explained instead: each a term and its meaning.
    assert any(t.startswith("Yellow flag: A marker") for t in glossary), sorted(glossary)[:5]
    assert all(re.match(r"[^:]{2,40}: \S", t) for t in glossary), [t for t in glossary if ":" not in t]


def test_the_lobby_says_what_each_module_does_without_the_books_index(client: Any) -> None:
    f90 = next(g for g in client.get("/api/catalogue").json["games"] if g["id"] == "formula90")
    assert index_in(f90) == []
    assert any("flags" in str(o.get("help", "")).lower() for o in f90["options"])
