"""Issue 31's "must show", every game in chromium: a game played through the page to its results
by a reader whose browser speaks Italian, then one whose browser speaks Portuguese, shows no
English sentence of the game's catalogue nor of the page's; and a game read in the pseudo
language (every catalogue text bracketed and accented) shows no text made outside a catalogue.
One human seat against a bot, small games (one lap, two turns, one hand), so that the run stays
within make test's budget. Screenshots: tests/web/artifacts/languages-<game>-<lang>-*.png."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from catalogue_english import english_phrases

from .conftest import LiveServer, Page
from .test_e2e import await_change, click_fastest, confirm_if_asked, shown_version
from .test_languages_browser import leaked, page_sentences

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "easy", "name": "Bruno"}]
#: Each game as small as its options make it, on a seed that ends within the limit.
GAMES: dict[str, dict[str, Any]] = {
    "legend": {"options": {"circuit": "example", "cars": ["alfa_8c_2300", "ferrari_166_mm"], "laps": 1}, "seed": 5},
    "mille_bornes": {"options": {"score_to_win": 0}, "seed": 2},
    "formula90": {"options": {"turns": 2}, "seed": 4},
    "lamborghini": {"options": {"laps": 1}, "seed": 3},
}
BROWSER = {"it": "it-IT", "pt": "pt-BR"}


def create(url: str, game: str) -> str:
    body = {"game": game, "seats": SEATS, **GAMES[game]}
    req = urllib.request.Request(f"{url}/api/games", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        gid: str = json.loads(r.read())["id"]
    return gid


def in_context(pg: Any, found: set[str]) -> list[str]:
    """Each English sentence found, with the text around it (what to fix)."""
    text = pg.evaluate("() => document.body.innerText")
    return [text[max(0, text.find(s) - 60): text.find(s) + len(s) + 60] for s in sorted(found)]


def finished(pg: Any) -> bool:
    """A decision to take (False) or the results on the page (True), once either shows."""
    pg.wait_for_function("""() => document.querySelector('[data-testid=decision]')
                                  || !document.getElementById('results').hidden""", timeout=30_000)
    return bool(pg.evaluate("() => !document.getElementById('results').hidden"))


def decide(pg: Any) -> None:
    """The space furthest ahead on the board when spaces are offered, else the first button."""
    old = shown_version(pg)
    click_fastest(pg)
    confirm_if_asked(pg)
    await_change(pg, old)


def play_through(dev: Page, name: str, check: Any, limit: int = 400) -> None:
    """Decide for the human seat until the results show, checking the page every few moves."""
    pg = dev.page
    for k in range(limit):
        if finished(pg):
            break
        if k % 4 == 0:
            check(pg)
        if k == 6:
            dev.shot(f"{name}-mid")
        decide(pg)
    else:
        pytest.fail(f"{name}: no results after {limit} decisions")
    check(pg)
    dev.shot(f"{name}-end")


@pytest.mark.parametrize("lang", ["it", "pt"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_played_to_its_results_in_italian_and_in_portuguese_shows_no_english(
        live: LiveServer, browser: Any, game: str, lang: str) -> None:
    banned = english_phrases(game, lang) | page_sentences(lang)

    def check(pg: Any) -> None:
        assert in_context(pg, leaked(pg, banned)) == [], (game, lang)

    gid = create(live.url, game)
    dev = Page(browser, viewport={"width": 1280, "height": 900}, locale=BROWSER[lang])
    dev.page.goto(f"{live.url}/play/{gid}")
    assert dev.page.locator("html").get_attribute("lang") == lang
    play_through(dev, f"languages-{game}-{lang}", check)
    assert dev.page.get_by_test_id("results-table").locator("tbody tr").count() >= 2
    assert dev.errors == [], dev.errors
    dev.context.close()


#: Texts that are names, numbers or signs, not words: seats', cars', cards', places' names come
#: from content and stay as they are.
PLAIN = re.compile(r"[a-zà-ú]{3,} [a-zà-ú]{3,}")


#: The page's fields that hold names (people's, cars', circuits', routes'), not words.
NAME_KEYS = ("name", "who", "driver", "circuit", "track", "route", "title")


def content_names(url: str, gid: str) -> set[str]:
    """The names the game's page shows (its seats, cars, circuit...), as its payload gives them."""
    with urllib.request.urlopen(f"{url}/api/games/{gid}?seat=0&page=1", timeout=10) as r:
        doc = json.loads(r.read())
    out: set[str] = {s["name"] for s in SEATS}

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k in NAME_KEYS and isinstance(v, str):
                    out.add(v)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(doc)
    return out


def unaltered(pg: Any, names: set[str]) -> list[str]:
    """Every text of the page that reads as plain words (two lowercase words) outside brackets."""
    texts: list[str] = pg.evaluate("""() => {
        const out = [];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const p = n.parentElement;
            if (p && p.closest('[hidden], script, style, noscript')) continue;
            if (p && !p.getClientRects().length) continue;
            out.push(n.textContent);
        }
        for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
            for (const a of ['aria-label', 'title', 'placeholder']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
        }
        return out;
    }""")
    out = []
    for text in texts:
        # What a catalogue made is bracketed (nested: a text inside another's field).
        rest = text
        while re.search(r"\[[^\[\]]*\]", rest):
            rest = re.sub(r"\[[^\[\]]*\]", "", rest)
        for name in names:
            rest = rest.replace(name, "")
        if PLAIN.search(rest):
            out.append(text.strip())
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_read_in_the_pseudo_language_shows_no_text_made_outside_a_catalogue(
        live: LiveServer, browser: Any, game: str) -> None:
    from autodromo_web.languages import COOKIE

    gid = create(live.url, game)
    dev = Page(browser, viewport={"width": 1280, "height": 900})
    dev.context.add_cookies([{"name": COOKIE, "value": "qps", "url": live.url}])
    names = content_names(live.url, gid)

    def check(pg: Any) -> None:
        assert unaltered(pg, names) == [], game

    dev.page.goto(f"{live.url}/play/{gid}")
    assert dev.page.locator("html").get_attribute("lang") == "qps"
    play_through(dev, f"languages-{game}-qps", check)
    assert dev.errors == [], dev.errors
    dev.context.close()
