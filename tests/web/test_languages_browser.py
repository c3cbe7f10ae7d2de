"""Issue 31's "must show" for Mille Bornes, in chromium: one table, two phones and a shared
screen, the first phone in Italian (its browser's language), the second switched to Portuguese in
the page's language menu, the shared screen in English; they play a hand to its results, and no
phone ever shows an English sentence of Mille Bornes' catalogue."""

from __future__ import annotations

import string
from typing import Any

from .conftest import LiveServer, Page
from .test_e2e import policy
from .test_languages import english_sentences, page_catalogue
from .test_one_table import NAMES, PHONE, play, public


def page_sentences(lang: str) -> set[str]:
    """The page's own English (its scripts' and templates' texts) where ``lang`` says otherwise."""
    out = set()
    for m in page_catalogue(lang):
        if m.id and m.string and m.string != m.id:
            for literal, *_ in string.Formatter().parse(str(m.id)):
                piece = literal.strip(" :;,.()—·")
                if " " in piece and len(piece) >= 8:
                    out.add(piece)
    return out


def leaked(pg: Any, banned: set[str]) -> set[str]:
    """The banned phrases the page shows as words of their own (not inside other words: the
    English "a decision" is no leak in the Italian "La tua decisione")."""
    import re

    text = pg.evaluate("() => document.body.innerText")
    return {s for s in banned if s in text and re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text)}


def test_one_table_in_three_languages_played_to_its_results(lan_live: LiveServer, browser: Any) -> None:
    live = lan_live
    shared = Page(browser, viewport={"width": 1280, "height": 900}, locale="en-US")
    pg = shared.page
    pg.goto(live.url + "/")
    pg.get_by_test_id("game-mille_bornes").check()
    for i, name in enumerate(NAMES):
        pg.get_by_test_id(f"seat-{i}-kind").select_option("human")
        pg.get_by_test_id(f"seat-{i}-name").fill(name)
    pg.get_by_test_id("option-score_to_win").fill("0")
    pg.get_by_test_id("seating-links").check()
    pg.get_by_test_id("start").click()
    pg.wait_for_url("**/play/*")
    gid = pg.url.rsplit("/", 1)[1]
    pg.get_by_test_id("join").wait_for()
    links = [pg.get_by_test_id("join-url").nth(i).input_value() for i in range(2)]
    phones = [Page(browser, **PHONE, locale="it-IT"), Page(browser, **PHONE, locale="en-GB")]
    for phone, link in zip(phones, links):
        phone.page.goto(link)
        phone.page.wait_for_selector("#play[data-role=seat]")
    # The second phone's player picks Portuguese in the menu: the page comes back in it.
    phones[1].page.get_by_test_id("language").select_option("pt")
    phones[1].page.wait_for_selector("html[lang=pt] #play[data-role=seat]")
    assert phones[0].page.locator("html").get_attribute("lang") == "it"
    banned = [english_sentences("it") | page_sentences("it"), english_sentences("pt") | page_sentences("pt")]

    def decide(page: Any) -> None:
        kinds = page.locator("[data-testid=decision]").evaluate_all("bs => bs.map(b => b.dataset.kind)")
        page.get_by_test_id("decision").nth(policy(kinds)).click()
        if page.get_by_test_id("confirm").is_visible():
            page.get_by_test_id("confirm-yes").click()

    def during(moves: int, seat: int) -> None:
        if moves % 4 == 0 and public(live.url, gid)["status"] == "playing":
            for phone, ban in zip(phones, banned):
                assert leaked(phone.page, ban) == set()
        if moves == 8:
            for name, dev in (("shared-en", shared), ("phone-it", phones[0]), ("phone-pt", phones[1])):
                dev.shot(f"languages-mille-bornes-{name}")

    assert play(live, gid, shared, phones, decide, during) > 10
    for phone, ban in zip(phones, banned):
        assert leaked(phone.page, ban) == set()
    assert "Totale della partita" in phones[0].page.get_by_test_id("results").inner_text()
    assert "Total acumulado" in phones[1].page.get_by_test_id("results").inner_text()
    assert "Running total" in shared.page.get_by_test_id("results").inner_text()
    assert "Semaforo verde" in phones[0].page.evaluate("() => document.body.innerText")
    for name, dev in (("shared-en", shared), ("phone-it", phones[0]), ("phone-pt", phones[1])):
        dev.shot(f"languages-mille-bornes-{name}-end")
        assert [e for e in dev.errors if "403" not in e] == [], dev.errors
        dev.context.close()


def test_a_lamborghini_race_in_italian_and_in_portuguese(live: LiveServer, browser: Any) -> None:
    import json
    import urllib.request

    from .test_e2e import await_change, confirm_if_asked, shown_version
    from .test_languages import lamborghini_english

    for lang, tag in (("it", "it-IT"), ("pt", "pt-BR")):
        body = {"game": "lamborghini", "options": {"laps": 1}, "seed": 3,
                "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "easy", "name": "Bot"}]}
        req = urllib.request.Request(f"{live.url}/api/games", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req, timeout=10) as r:
            gid = json.loads(r.read())["id"]
        dev = Page(browser, viewport={"width": 1280, "height": 900}, locale=tag)
        pg = dev.page
        pg.goto(f"{live.url}/play/{gid}")
        banned = lamborghini_english(lang) | page_sentences(lang)
        for k in range(40):
            pg.wait_for_selector("[data-testid=decision]")
            assert leaked(pg, banned) == set(), (lang, k)
            if k == 30:
                dev.shot(f"languages-lamborghini-{lang}")
            old = shown_version(pg)
            pg.get_by_test_id("decision").first.click()
            confirm_if_asked(pg)
            await_change(pg, old)
        assert pg.locator("html").get_attribute("lang") == lang
        assert dev.errors == [], dev.errors
        dev.context.close()
