"""Issue 31: a Mille Bornes game read in Italian in chromium, as the owner of the Italian "1000
miglia" box reads it: the lobby, a hand in play, the score table between hands ("Punteggio
dopo la manche 1") and the results, each page looked at (screenshots
tests/web/artifacts/mille-bornes-it-*.png) and checked for English sentences of the game's and
the page's catalogues. One person and three bots in two teams to 2,000 points, so the game
takes a few hands."""

from __future__ import annotations

from typing import Any

from catalogue_english import english_phrases

from .conftest import LiveServer, Page
from .test_between_hands import BODY, play_until
from .test_languages_browser import leaked, page_sentences
from .test_languages_games_browser import in_context


def test_a_mille_bornes_game_read_in_italian_from_the_lobby_to_the_results(live: LiveServer, browser: Any) -> None:
    banned = english_phrases("mille_bornes", "it") | page_sentences("it")
    dev = Page(browser, viewport={"width": 1366, "height": 900}, locale="it-IT")
    pg = dev.page

    def look(name: str, *wanted: str) -> None:
        text = pg.evaluate("() => document.body.innerText")
        for w in wanted:
            assert w in text, (name, w)
        assert in_context(pg, leaked(pg, banned)) == [], name
        dev.shot(f"mille-bornes-it-{name}")

    try:
        pg.goto(live.url + "/")
        pg.get_by_test_id("game-mille_bornes").check()
        look("lobby", "Nuova partita", "Salvate in ", "Questo server ascolta solo su questa macchina")
        offered = pg.get_by_test_id("seat-1-kind").locator("option").evaluate_all("os => os.map(o => o.textContent)")
        assert offered == ["una persona", "bot facile", "bot medio", "bot difficile", "bot a caso"], offered
        client = live.app.test_client()
        gid = client.post("/api/games", json=BODY).json["id"]
        pg.goto(f"{live.url}/play/{gid}?seat=0")
        pg.get_by_test_id("decision").first.wait_for()
        look("hand", "La tua decisione")
        play_until(client, gid, lambda v: v["view"]["hand_number"] == 2)
        pg.reload()
        pg.get_by_test_id("hand-score").wait_for()
        look("score", "Punteggio dopo la manche 1")
        play_until(client, gid, lambda v: v["status"] == "finished")
        pg.reload()
        pg.get_by_test_id("results-table").wait_for()
        look("results", "Manche 1", "Ada & Carla: al traguardo", "vince chi arriva a 2.000 punti")
        # Over: the turn line names the hand only, the line under it says who won.
        assert pg.get_by_test_id("turn").inner_text() == "Manche 2", pg.get_by_test_id("turn").inner_text()
        assert dev.errors == [], dev.errors
    finally:
        dev.context.close()
