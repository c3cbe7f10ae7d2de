"""Issue 31, item 3 on the page: each reader gets Mille Bornes in their own language: the
browser's (``Accept-Language``), or the one chosen on that device (the language menu's cookie);
one table is read in several languages at once, each seat's screen in its own."""

from __future__ import annotations

import json
import string
from functools import partial
from typing import Any

from babel.messages.pofile import read_po

from autodromo import locale
from catalogue_english import english_phrases

from .test_api import act, create, view

NAMES = ["Ada", "Bo"]


english_sentences = partial(english_phrases, "mille_bornes")


def page(client: Any, gid: str, seat: int | None, **headers: str) -> str:
    q = "" if seat is None else f"seat={seat}&"
    cookie = headers.pop("Cookie", None)
    if cookie is not None:
        # Another device: its own cookies (the language menu's choice).
        client = client.application.test_client()
        client.set_cookie(*cookie.split("=", 1))
    r = client.get(f"/api/games/{gid}?{q}page=1", headers=headers)
    assert r.status_code == 200, r.json
    return json.dumps(r.json, ensure_ascii=False)


def test_one_table_two_phones_in_italian_and_portuguese_and_the_shared_screen_in_english(client: Any) -> None:
    gid = create(client, {"game": "mille_bornes", "options": {"score_to_win": 0},
                          "seats": [{"kind": "human", "name": n} for n in NAMES], "seed": 5})["id"]
    readers = {0: {"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"},
               1: {"Cookie": "autodromo_lang=pt", "Accept-Language": "en-US"}}
    banned = {0: english_sentences("it"), 1: english_sentences("pt")}
    seen: dict[Any, str] = {0: "", 1: "", None: ""}
    for _ in range(400):
        state = view(client, gid)
        if state["status"] == "finished":
            break
        for seat, headers in readers.items():
            text = page(client, gid, seat, **headers)
            leaked = {s for s in banned[seat] if s in text}
            assert leaked == set(), (seat, leaked)
            seen[seat] += text
        seen[None] += page(client, gid, None, **{"Accept-Language": "en"})
        seat = state["to_move"]
        act(client, gid, seat, view(client, gid, seat=seat)["legal"][0]["id"])
    assert view(client, gid)["status"] == "finished"
    for seat, headers in readers.items():  # the results, each in its reader's language
        text = page(client, gid, seat, **headers)
        assert {s for s in banned[seat] if s in text} == set()
        seen[seat] += text
    seen[None] += page(client, gid, None, **{"Accept-Language": "en"})
    assert "Semaforo verde" in seen[0] and "Manche" in seen[0] and "Posto" in seen[0]
    assert "Siga" in seen[1] and "Mão" in seen[1] and "Lugar" in seen[1]
    assert "Roll" in seen[None] and "Place" in seen[None] and "Semaforo" not in seen[None]


def test_the_lobby_and_the_page_follow_the_browser_and_the_menu(client: Any) -> None:
    def title(**headers: str) -> str:
        device = client.application.test_client()
        cookie = headers.pop("Cookie", None)
        if cookie is not None:
            device.set_cookie(*cookie.split("=", 1))
        games = device.get("/api/catalogue", headers=headers).json["games"]
        return str(next(g["title"] for g in games if g["id"] == "mille_bornes"))

    assert title() == "Mille Bornes"
    assert title(**{"Accept-Language": "it"}) == "1000 miglia"
    assert title(**{"Accept-Language": "it", "Cookie": "autodromo_lang=en"}) == "Mille Bornes"
    options = next(g for g in client.get("/api/catalogue", headers={"Accept-Language": "pt-BR"}).json["games"]
                   if g["id"] == "mille_bornes")["options"]
    assert options[0]["label"] == "Viagem" and options[0]["choices"][0]["label"] == "1000 milhas"
    html = client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert '<html lang="it">' in html and 'data-testid="language"' in html
    assert ">Nuova partita<" in html and ">Inizia la partita<" in html and ">New game<" not in html
    # An unknown or hostile value is no language: English.
    assert title(**{"Cookie": "autodromo_lang=<script>"}) == "Mille Bornes"


lamborghini_english = partial(english_phrases, "lamborghini")


def test_a_lamborghini_race_read_in_portuguese_to_its_results(client: Any) -> None:
    gid = create(client, {"game": "lamborghini", "options": {"laps": 1},
                          "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "easy", "name": "Bot"}],
                          "seed": 4})["id"]
    banned = lamborghini_english("pt")
    pt = {"Accept-Language": "pt-BR,pt;q=0.9"}
    for k in range(800):
        state = view(client, gid)
        if state["status"] == "finished":
            break
        if k % 10 == 0:
            text = page(client, gid, 0, **pt)
            assert {s for s in banned if s in text} == set()
        act(client, gid, 0, view(client, gid, seat=0)["legal"][0]["id"])
    assert view(client, gid)["status"] == "finished"
    text = page(client, gid, 0, **pt)
    assert {s for s in banned if s in text} == set()
    assert "Lugar" in text and "Situação" in text and "o jogo de corrida oficial" in text
    assert "Place" in page(client, gid, 0, **{"Accept-Language": "en"})


def page_catalogue(lang: str) -> Any:
    from autodromo_web import languages

    with (languages.LOCALES / lang / "LC_MESSAGES" / "page.po").open("rb") as f:
        return read_po(f, locale=lang, domain="page")


def test_the_page_catalogue_holds_the_scripts_and_templates_texts_and_is_complete() -> None:
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    from autodromo_web import languages

    web = languages.LOCALES.parents[1]
    method = [("autodromo_web/static/**.js", "javascript"), ("autodromo_web/templates/**.html", "jinja2"),
              ("autodromo_web/**.py", "python")]
    now = {str(m[2]) for m in extract_from_dir(str(web), method, keywords={**DEFAULT_KEYWORDS, "tr": None})}
    assert {"Your turn, {name}", "Undo", "Log"} <= now
    for lang in locale.LANGUAGES:
        cat = page_catalogue(lang)
        held = {str(m.id) for m in cat if m.id}
        assert now == held, f"{lang}: run make messages"
        if lang in languages.COMPLETE:
            assert [m.id for m in cat if m.id and (not m.string or m.fuzzy)] == [], lang
        for m in cat:
            if m.id and m.string:
                names = {n for _, n, _, _ in string.Formatter().parse(str(m.id)) if n}
                assert names == {n for _, n, _, _ in string.Formatter().parse(str(m.string)) if n}, m.id
        assert [e for m, errors in cat.check() for e in errors] == []


def test_the_scripts_get_the_page_catalogue_of_their_reader(client: Any) -> None:
    html = client.get("/", headers={"Accept-Language": "pt"}).get_data(as_text=True)
    assert '/words/pt.js"' in html
    js = client.get("/words/pt.js").get_data(as_text=True)
    assert js.startswith("window.AutodromoWords = ") and '"Your turn, {name}": "Sua vez, {name}"' in js
    assert client.get("/words/xx.js").get_data(as_text=True) == client.get("/words/en.js").get_data(as_text=True)
    gid = create(client, {"game": "mille_bornes", "seats": [{"kind": "human", "name": "Ada"},
                                                             {"kind": "human", "name": "Bo"}], "seed": 1})["id"]
    play = client.get(f"/play/{gid}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert ">Annulla<" in play and ">La tua decisione<" in play and ">Undo<" not in play


def test_in_the_pseudo_language_every_text_of_the_game_came_through_a_catalogue(client: Any) -> None:
    # Issue 31, item 4: in the pseudo-language every catalogue text is visibly altered, so a
    # text that reads as plain words on the page was made outside the catalogues.
    import re

    def plain(doc: Any, path: str = "") -> list[str]:
        out: list[str] = []
        if isinstance(doc, dict):
            for k, v in doc.items():
                if k not in ("name", "who", "hand_of", "id", "game", "seating", "status", "kind", "title_id"):
                    out += plain(v, f"{path}.{k}")
        elif isinstance(doc, list):
            for v in doc:
                out += plain(v, path)
        elif isinstance(doc, str) and re.search(r"[a-z]{3,} [a-z]{3,}", doc) and "[" not in doc:
            out.append(f"{path}: {doc}")
        return out

    for game in ("mille_bornes", "lamborghini"):
        gid = create(client, {"game": game, "options": {"laps": 1} if game == "lamborghini" else {"score_to_win": 0},
                              "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "easy", "name": "Bot"}],
                              "seed": 2})["id"]
        for k in range(60):
            doc = client.get(f"/api/games/{gid}?seat=0&page=1&lang=qps").json
            shown = {key: doc.get(key) for key in ("decisions", "log", "table", "help", "results", "prompt", "turn",
                                                   "phase", "distance")}
            assert plain(shown) == [], (game, plain(shown)[:5])
            if view(client, gid)["status"] == "finished":
                break
            act(client, gid, 0, view(client, gid, seat=0)["legal"][0]["id"])


def test_default_seat_names_are_in_the_language_of_who_sets_the_table(client: Any) -> None:
    """Issue 31: a seat left unnamed is named as the lobby's placeholder named it, in the
    language of the person setting the table ("Giocatore 1", "Jogador 1"), English by default."""
    body = {"game": "mille_bornes", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], "seed": 1}
    names = {}
    for lang in ("en", "it", "pt"):
        r = client.post("/api/games", json=body, headers={"Accept-Language": lang})
        assert r.status_code == 201, r.json
        names[lang] = [s["name"] for s in view(client, r.json["id"])["seats"]]
    assert names["en"] == ["Player 1", "Bot 2"]
    assert names["it"][0] == "Giocatore 1" and names["pt"][0] == "Jogador 1"


def test_the_championship_and_replay_pages_speak_their_readers_language(client: Any) -> None:
    """Issue 31: the championship page (its headings, its script's texts from the page catalogue,
    the Legend panel's words) and the replay page are in the reader's language."""
    from .test_events import body as event_body

    eid = client.post("/api/events", json=event_body()).json["id"]
    html = client.get(f"/event/{eid}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert ">Classifica<" in html and ">Standings<" not in html
    doc = client.get(f"/api/events/{eid}?seat=0&lang=pt").json
    assert doc["words"]["go_to_race"] == "Ir para a corrida"
    gid = create(client, {"game": "mille_bornes", "seats": [{"kind": "human", "name": "Ada"},
                                                             {"kind": "human", "name": "Bo"}], "seed": 1})["id"]
    replay = client.get(f"/replay/{gid}", headers={"Accept-Language": "pt"}).get_data(as_text=True)
    assert ">Linha do tempo<" in replay and "Timeline" not in replay
    js = client.get("/words/it.js").get_data(as_text=True)
    assert '"{name} to decide": "decide {name}"' in js and '"the start": "l\'inizio"' in js


def test_the_servers_refusals_and_missing_pages_speak_their_readers_language(client: Any) -> None:
    """Issue 31: an answer the server refuses (a bot's hand asked for, a game that is not there)
    says why in the reader's language, as the JSON error and as the page's text."""
    gid = create(client, {"game": "mille_bornes", "seats": [{"kind": "human", "name": "Ada"},
                                                             {"kind": "bot", "bot": "easy", "name": "Bot"}], "seed": 1})["id"]
    r = client.get(f"/api/games/{gid}?seat=1", headers={"Accept-Language": "it"})
    assert r.status_code == 403 and r.json["error"].startswith("la vista per Bot: la vista e le decisioni di un bot")
    r = client.get("/api/games/nessuna", headers={"Accept-Language": "pt"})
    assert r.status_code == 404 and r.json["error"] == "nenhuma partida 'nessuna'"
    r = client.get("/play/nessuna", headers={"Accept-Language": "it"})
    assert r.status_code == 404 and r.get_data(as_text=True) == "nessuna partita 'nessuna'"
    assert client.get("/api/games/nessuna").json["error"] == "no game 'nessuna'"
