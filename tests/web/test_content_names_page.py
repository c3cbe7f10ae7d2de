"""Issue 31: a content item's name in the reader's language on the page (docs/content/names.md).
Formula 90's cars are named by their colour: a reader in Portuguese reads "Azul (Ada)" in the
cars' chart, the log and the results, one in Italian "Blu (Ada)"; a robot keeps its type's name
as the manual prints it (SuperFast)."""

from __future__ import annotations

from typing import Any

from .test_api import create

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "easy", "name": "Bruno"}]


def payload(client: Any, gid: str, lang: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}?seat=0&page=1&lang={lang}")
    assert r.status_code == 200, r.json
    doc: dict[str, Any] = r.json
    return doc


def test_formula_90_cars_are_named_in_the_readers_language(client: Any) -> None:
    gid = create(client, {"game": "formula90", "options": {"turns": 2}, "seed": 4, "seats": SEATS})["id"]
    for _ in range(60):
        v = client.get(f"/api/games/{gid}?seat=0").json
        if v["status"] == "finished":
            break
        if v["legal"]:
            client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": v["legal"][0]["id"]})
        else:
            client.post(f"/api/games/{gid}/advance", json={"steps": 50})
    said = {lang: payload(client, gid, lang) for lang in ("en", "it", "pt")}
    for lang, ada, bruno in (("en", "Blue", "Orange"), ("it", "Blu", "Arancione"), ("pt", "Azul", "Laranja")):
        doc = said[lang]
        titles = [c["title"] for c in doc["table"]["cars"]]
        assert f"{ada} (Ada)" in titles and f"{bruno} (Bruno)" in " ".join(titles), (lang, titles)
        assert any(line["text"].startswith(f"Ada: {ada} ") for line in doc["log"]), (lang, doc["log"][:3])
        assert any(t.startswith("SuperFast") for t in titles), titles
    assert said["pt"]["status"] == "finished"
    cells = [row["cells"][1] for row in said["pt"]["results"]["rows"]]
    assert "Azul (Ada)" in cells
    # Every cell (a tie's "Azul à frente na ordem da seção" too), the activation order and the
    # sections' tips: no English colour left.
    shown = [c for row in said["pt"]["results"]["rows"] for c in row["cells"]]
    shown += [a["car"] for a in said["pt"]["table"]["activation"]] + [s["tip"] for s in said["pt"]["table"]["sections"]]
    assert not [c for c in shown if "Blue" in c or "Orange" in c], shown
