"""Issue 31: the server's own texts in the reader's language. Its refusals of a request (a 400's
malformed body, a 409's stale move or taken seat), its page for an address it does not know
(Werkzeug's own page before), and the reason a saved game or championship is listed as
"cannot be resumed" are worded through the page catalogue, per reader: one kept reason is read
in each reader's language. The core's refusals (IllegalActionError) are worded by each game's
words module, not here."""

from __future__ import annotations

import json
import sqlite3
from html import unescape
from pathlib import Path
from typing import Any

from autodromo import locale
from autodromo_web import access, create_app

from .conftest import legend_body
from .test_api import bad_requests, create, legend_game  # noqa: F401 (a fixture)
from .test_events import body as event_body

IT = {"Accept-Language": "it-IT,it;q=0.9"}
PT = {"Accept-Language": "pt-BR,pt;q=0.9"}


def test_an_unknown_address_is_our_own_page_in_the_readers_language(client: Any) -> None:
    r = client.get("/nowhere", headers=IT)
    html = unescape(r.get_data(as_text=True))
    assert r.status_code == 404 and r.mimetype == "text/html", html
    assert '<html lang="it">' in html and ">Pagina non trovata<" in html
    assert "all'indirizzo /nowhere non c'è nulla" in html and ">Torna alla sala<" in html
    # Werkzeug's own English page is gone.
    assert "The requested URL was not found" not in html and "Not Found" not in html
    # The language menu's cookie (another device) before the browser's.
    other = client.application.test_client()
    other.set_cookie("autodromo_lang", "pt")
    html = unescape(other.get("/nowhere", headers=IT).get_data(as_text=True))
    assert ">Página não encontrada<" in html and "não há nada no endereço /nowhere" in html
    assert ">Page not found<" in client.get("/nowhere").get_data(as_text=True)
    # Under /api the same refusal is JSON.
    r = client.get("/api/nowhere", headers=PT)
    assert r.status_code == 404 and r.json["error"] == "não encontrado: não há nada no endereço /api/nowhere"
    r = client.put("/api/catalogue", headers=IT)
    assert r.status_code == 405 and r.json["error"] == "non permesso: l'indirizzo /api/catalogue non risponde a PUT"


def test_malformed_requests_and_stale_moves_are_refused_in_the_readers_language(client: Any) -> None:
    r = client.post("/api/games", json=[1], headers=IT)
    assert r.status_code == 400 and r.json["error"] == "il corpo della richiesta deve essere un oggetto JSON"
    r = client.post("/api/games", json={"game": "chess", "seats": [{"kind": "human"}] * 2}, headers=IT)
    assert r.status_code == 400 and r.json["error"].startswith("gioco sconosciuto 'chess'; noti: "), r.json
    r = client.post("/api/games", data="{", headers={**PT, "Content-Type": "application/json"})
    assert r.status_code == 400 and r.json["error"].startswith("body: JSON malformado: ")
    gid = create(client, {"game": "mille_bornes", "seats": [{"kind": "human", "name": "Ada"},
                                                             {"kind": "human", "name": "Bo"}], "seed": 1})["id"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": 0}, headers=PT)
    assert r.status_code == 400 and r.json["error"] == "é preciso seat (o lugar)"
    # A stale move: the seat that is not to play.
    waiting = 1 - client.get(f"/api/games/{gid}?seat=0").json["to_move"]
    r = client.post(f"/api/games/{gid}/actions", json={"seat": waiting, "action": 0}, headers=IT)
    name = ["Ada", "Bo"][waiting]
    assert r.status_code == 409 and r.json["error"] == f"non è il turno di {name}", r.json
    assert client.post(f"/api/games/{gid}/actions", json={"seat": waiting, "action": 0}).json["error"] \
        == f"it is not {name}'s turn"


def test_a_seat_taken_on_another_device_is_said_in_that_devices_language(client: Any) -> None:
    game = create(client, {"game": "mille_bornes", "seating": "links",
                           "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]})
    token = next(j for j in game["join"] if j["seat"] == 0)["url"].split("#t=")[1]
    first = client.post(f"/api/games/{game['id']}/claim", headers={access.HEADER: token})
    assert first.status_code == 200, first.json
    second = client.post(f"/api/games/{game['id']}/claim", headers={access.HEADER: token, **PT})
    assert second.status_code == 409
    assert second.json["error"] == ("Este lugar já foi ocupado em outro aparelho; peça a quem hospeda a partida "
                                    "um link novo (Ada)")


def test_a_game_that_cannot_be_resumed_is_listed_in_each_readers_language(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    client = create_app({"DB": str(db)}).test_client()
    gid = create(client, legend_body())["id"]
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET content_hash = 'other' WHERE id = ?", (gid,))
    restarted = create_app({"DB": str(db)}).test_client()
    said = {lang: restarted.get(f"/api/games?lang={lang}").json["broken"] for lang in ("en", "it", "pt")}
    assert [b["id"] for b in said["it"]] == [gid]
    # The game by its name, never its id; the reason kept once, worded for each reader.
    assert said["en"][0]["error"].startswith("Legend: History of 1000 Miglia: cannot be resumed: ") \
        or said["en"][0]["error"].startswith("Legend: cannot be resumed: "), said["en"]
    assert ": non si può riprendere: " in said["it"][0]["error"] and "cannot be resumed" not in said["it"][0]["error"]
    assert ": não pode ser retomada: " in said["pt"][0]["error"]
    r = restarted.get(f"/api/games/{gid}", headers=IT)
    assert r.status_code == 409 and ": non si può riprendere: " in r.json["error"]


def test_a_championship_with_the_older_auction_is_listed_broken_in_each_readers_language(tmp_path: Path) -> None:
    """Legend's old-auction reason (6fd2381) is the server's own: worded when read."""
    db = tmp_path / "db.sqlite3"
    client = create_app({"DB": str(db)}).test_client()
    eid = client.post("/api/events", json=event_body()).json["id"]
    with sqlite3.connect(db) as con:
        setup = json.loads(con.execute("SELECT setup FROM events WHERE id = ?", (eid,)).fetchone()[0])
        del setup["auction"]
        con.execute("UPDATE events SET setup = ? WHERE id = ?", (json.dumps(setup), eid))
    restarted = create_app({"DB": str(db)}).test_client()
    en = restarted.get("/api/events").json["broken"][0]["error"]
    it = restarted.get("/api/events", headers=IT).json["broken"][0]["error"]
    pt = restarted.get("/api/events?lang=pt").json["broken"][0]["error"]
    assert en.startswith("cannot be resumed: its auction was saved by an older version of the game"), en
    assert it.startswith("non si può riprendere: la sua asta è stata salvata da una versione precedente"), it
    assert pt.startswith("não pode ser retomado: o seu leilão foi salvo por uma versão anterior"), pt
    r = restarted.get(f"/api/events/{eid}?seat=0", headers=PT)
    assert r.status_code == 404 and r.json["error"] == pt


#: Refusals of test_api's bad requests that quote the core (its words modules' to word) or are
#: the core's own reason as it stands: the server adds nothing of its own to word.
FROM_THE_CORE = ("not an autodromo-replay", "unknown action: ")


def test_every_refusal_of_the_server_comes_through_the_page_catalogue(client: Any, legend_game: str) -> None:
    """In the pseudo-language every reason the server words itself is visibly altered: one left
    in plain English (not through ``_``) would read the same in both."""
    plain = []
    for method, path, doc, status, word in bad_requests(legend_game):
        ask = getattr(client, method)
        sep = "&" if "?" in path else "?"
        english = (ask(path, json=doc) if doc is not None else ask(path)).json["error"]
        if any(core in english for core in FROM_THE_CORE):
            continue
        pseudo = (ask(f"{path}{sep}lang={locale.PSEUDO}", json=doc) if doc is not None
                  else ask(f"{path}{sep}lang={locale.PSEUDO}")).json["error"]
        if pseudo == english:
            plain.append((path, english))
    assert plain == [], plain
