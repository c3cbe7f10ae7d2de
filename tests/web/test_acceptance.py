"""What issue #12 asks the page to show, in Debian's chromium: the lobby switching between every
game and starting each with every bot level; a whole game of each game clicked to its results
screen with no id in any response; a two-race Legend championship with the auction; the
retirement warning; the two-human coup fourré prompt with and without the safety. Screenshots
are kept in tests/web/artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from .clicking import Recorder, confirm_if_asked, kinds, play_to_results, shown_version, take, wait_for_turn
from .conftest import LiveServer, Page

def catalogue(live: LiveServer) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = live.app.test_client().get("/api/catalogue").json["games"]
    return games


def test_the_lobby_switches_between_all_games_and_starts_each_with_bots_of_every_level(
    live: LiveServer, page: Page
) -> None:
    pg = page.page
    games = catalogue(live)
    assert len(games) >= 3
    for g in games:
        for level in g["bots"]:
            pg.goto(live.url + "/")
            # Wander through the other games first: the seat rows must follow the game picked.
            for other in games:
                pg.get_by_test_id(f"game-{other['id']}").check()
            pg.get_by_test_id(f"game-{g['id']}").check()
            offered = pg.get_by_test_id("seat-1-kind").locator("option").evaluate_all("os => os.map(o => o.textContent)")
            assert offered == ["a person"] + [b["label"] for b in g["bots"]], (g["id"], offered)
            assert pg.get_by_test_id("seat-count").input_value() == str(g["seats"]["default"])
            pg.get_by_test_id("seat-count").fill(str(g["seats"]["min"]))
            pg.get_by_test_id("seat-count").dispatch_event("input")
            pg.get_by_test_id("seat-1-kind").select_option(f"bot:{level['id']}")
            pg.get_by_test_id("seed").fill("3")
            pg.get_by_test_id("start").click()
            pg.wait_for_url("**/play/*")
            assert wait_for_turn(pg) in ("decide", "over")
            gid = pg.url.rsplit("/", 1)[1]
            started = live.app.test_client().get(f"/api/games/{gid}").json
            assert started["game"] == g["id"]
            assert [s["bot"] for s in started["seats"]][:2] == [None, level["id"]]
    page.shot("lobby-after-every-game")
    assert page.errors == []


GAMES = {
    "legend": {"game": "legend", "options": {"circuit": "example", "laps": 1, "cars": ["bugatti_type_35", "ferrari_166_mm"]},
               "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}], "seed": 5},
    "lamborghini": {"game": "lamborghini", "options": {"laps": 1},
                    "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}], "seed": 4},
    "formula90": {"game": "formula90", "options": {"turns": 3},
                  "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "medium"}], "seed": 4},
    "mille_bornes": {"game": "mille_bornes", "options": {"score_to_win": 0},
                     "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}], "seed": 4},
}


def attack_or_play(options: list[str], keep_safeties: bool = False) -> int:
    """Mille Bornes: attack, else play a card, else the first choice; ``keep_safeties`` plays a
    safety only when nothing else is played, keeping it for a coup fourré."""
    order = ("attack", "distance", "remedy", "safety") if keep_safeties else ("attack", "safety", "distance", "remedy")
    for want in order:
        if want in options:
            return options.index(want)
    return 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_clicked_to_its_results_with_no_id_in_any_response(
    game: str, live: LiveServer, page: Page
) -> None:
    pg = page.page
    recorder = Recorder(pg)
    gid = live.app.test_client().post("/api/games", json=GAMES[game]).json["id"]
    pg.goto(f"{live.url}/play/{gid}")

    def mid_play(clicks: int) -> None:
        if clicks == 8:
            page.shot(f"{game}-mid-play")

    clicks = play_to_results(pg, recorder, attack_or_play if game == "mille_bornes" else None, mid_play)
    assert clicks >= 8
    results = pg.get_by_test_id("results")
    assert "Ada" in results.inner_text()
    assert pg.get_by_test_id("results-table").locator("tbody tr").count() >= 2
    if game == "mille_bornes":
        # The scoring table of the hand, with the running total.
        assert "Running total" in pg.get_by_test_id("score-table").first.inner_text()
    page.shot(f"{game}-results")
    # The log is one entry per decision, in names.
    log = pg.get_by_test_id("log").inner_text()
    assert "Ada" in log
    assert recorder.leaks() == []
    assert len(recorder.bodies) > clicks
    # Play again with the same settings: a new game, the same seats.
    pg.get_by_test_id("play-again").click()
    pg.wait_for_function(f"() => !location.pathname.endsWith('{gid}')")
    assert wait_for_turn(pg) in ("decide", "over")
    assert page.errors == []


def test_a_two_race_legend_championship_with_the_auction_played_to_its_final_standings(
    live: LiveServer, page: Page
) -> None:
    pg = page.page
    recorder = Recorder(pg)
    pg.goto(live.url + "/")
    pg.get_by_test_id("game-legend").check()
    pg.get_by_test_id("seat-count").fill("3")
    pg.get_by_test_id("seat-count").dispatch_event("input")
    pg.get_by_test_id("seat-0-name").fill("Ada")
    pg.get_by_test_id("championship").check()
    pg.get_by_test_id("event-circuit-example").check()
    pg.get_by_test_id("event-circuit-castelrosso").check()
    pg.get_by_test_id("seed").fill("4")
    pg.get_by_test_id("start").click()
    pg.wait_for_url("**/event/*")
    shots = set()
    races = 0
    for _ in range(300):
        pg.wait_for_function("() => document.getElementById('event').dataset.stage")
        stage = pg.get_by_test_id("event-root").get_attribute("data-stage")
        if stage not in shots:
            page.shot(f"legend-championship-{stage}")
            shots.add(stage)
        if stage == "over":
            break
        if stage == "race":
            pg.get_by_test_id("go-to-race").click()
            pg.wait_for_url("**/play/*")
            play_to_results(pg, recorder)
            races += 1
            page.shot(f"legend-championship-race-{races}-results")
            pg.get_by_test_id("back-to-event").click()
            pg.wait_for_url("**/event/*")
            continue
        recorder.flush()
        before = pg.get_by_test_id("log").inner_text()
        if stage == "repairs":
            assert "podium" in pg.get_by_test_id("stage-panel").inner_text() or "Collect" in pg.get_by_test_id("stage-panel").inner_text()
            pg.get_by_test_id("repair-engine").fill("1")
            pg.get_by_test_id("repair-submit").click()
        else:
            texts = pg.get_by_test_id("decision").evaluate_all("bs => bs.map(b => b.textContent)")
            stand = next((i for i, t in enumerate(texts) if t.startswith("Stand")), None)
            adds = [i for i, t in enumerate(texts) if t.startswith("Add")]
            if stage == "auction" and stand is not None:
                pick = stand
            elif stage == "auction" and adds and len(adds) > 4:
                pick = adds[0]
            elif stage == "auction":
                pick = next(i for i, t in enumerate(texts) if t.startswith(("Pass", "Attach")))
            else:
                pick = len(texts) // 2
            pg.get_by_test_id("decision").nth(pick).click()
        pg.wait_for_function(f"() => document.querySelector('[data-testid=log]').innerText !== {before!r}")
    else:
        pytest.fail("the championship does not end")
    assert races == 2
    assert {"auction", "split", "race", "repairs", "over"} <= shots
    standings = pg.get_by_test_id("standings").inner_text()
    assert "Race 1" in standings and "Race 2" in standings and "Ada" in standings
    assert "Champion:" in pg.get_by_test_id("stage-panel").inner_text()
    assert recorder.leaks() == []
    assert page.errors == []


def pushed_to_the_edge(client: Any, seed: int) -> str | None:
    """A fragile car (Reliability 6) split with one Engine point and driven flat out, through the
    API, until one of its decisions would retire it: the game's id, or None (it never came)."""
    body = {"game": "legend", "options": {"cars": ["maserati_450s", "alfa_8c_2300"], "laps": 1, "qualifying": False},
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "medium"}], "seed": seed}
    gid: str = client.post("/api/games", json=body).json["id"]
    p = client.get(f"/api/games/{gid}?seat=0&page=1").json
    while p["status"] == "playing":
        if not p["decisions"]:
            p = client.post(f"/api/games/{gid}/advance", json={"seat": 0, "page": True}).json
            continue
        if any("retires" in d["risk"] for d in p["decisions"]):
            return gid
        ds = p["decisions"]
        if p["phase"] == "reliability split":
            hard = [d for d in ds if d["text"].startswith("Engine 1,")]  # one Engine point (not offered first)
        else:
            hard = [d for d in ds if d["text"].startswith("Accelerate")]
        pick = hard[-1] if hard else ds[0]
        p = client.post(f"/api/games/{gid}/actions", json={"seat": 0, "page": True, "action": pick["id"]}).json
    return None


def test_the_retirement_warning_asks_before_the_car_retires(live: LiveServer, page: Page) -> None:
    """A fragile car (Reliability 6) with one Engine point, pushed hard: the decision that
    would retire it at the end of the round is marked and asks first; No changes nothing."""
    client = live.app.test_client()
    gid = next((g for g in (pushed_to_the_edge(client, seed) for seed in range(1, 40)) if g), None)
    assert gid, "no seed put the car at risk"
    pg = page.page
    pg.goto(f"{live.url}/play/{gid}")
    assert wait_for_turn(pg) == "decide"
    risky = pg.locator("[data-testid=decision].risky").filter(has_text="retires").first
    assert "⚠" in risky.inner_text()
    at = shown_version(pg)
    risky.click()
    assert pg.get_by_test_id("confirm").is_visible()
    assert "retires" in pg.get_by_test_id("confirm-text").inner_text()
    page.shot("legend-retirement-warning")
    pg.get_by_test_id("confirm-no").click()
    assert shown_version(pg) == at and not pg.get_by_test_id("confirm").is_visible()
    risky.click()
    assert confirm_if_asked(pg)
    pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {at}")
    # Played out, the round ends with the retirement and its cause in the log.
    while "retires" not in pg.get_by_test_id("log").inner_text():
        if wait_for_turn(pg) == "over":
            break
        take(pg)
    assert "retires" in pg.get_by_test_id("log").inner_text()
    page.shot("legend-retirement-logged")
    assert page.errors == []


def test_the_two_human_coup_fourre_prompt_with_and_without_the_safety(live: LiveServer, page: Page) -> None:
    client = live.app.test_client()
    body = {"game": "mille_bornes", "options": {"score_to_win": 0},
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}], "seed": 20}
    gid = client.post("/api/games", json=body).json["id"]
    pg = page.page
    recorder = Recorder(pg)
    pg.goto(f"{live.url}/play/{gid}")
    seen = {"with": False, "without": False}
    for _ in range(200):
        state = wait_for_turn(pg)
        assert state != "over", "the hand ended before both prompts came up"
        if state == "handoff":
            assert pg.get_by_test_id("hand").count() == 0
            pg.get_by_test_id("handoff-ready").click()
            continue
        prompt = pg.get_by_test_id("coup-fourre-prompt")
        if prompt.count():
            options = kinds(pg)
            text = prompt.inner_text()
            if "coup_fourre" in options:
                assert "You hold" in text and "call a coup fourré" in text
                assert pg.get_by_test_id("decision").count() == 2
                page.shot("mille-bornes-coup-fourre-with-the-safety")
                seen["with"] = True
                old = shown_version(pg)
                pg.locator("[data-testid=decision][data-kind=coup_fourre]").click()
                pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {old}")
                assert "coup fourré!" in pg.get_by_test_id("log").inner_text()
            else:
                assert "You hold no safety" in text and "nobody can tell" in text
                assert options == ["decline"]
                assert pg.get_by_test_id("decision").inner_text().startswith("1. Continue")
                if not seen["without"]:
                    page.shot("mille-bornes-coup-fourre-without-the-safety")
                seen["without"] = True
                old = shown_version(pg)
                pg.get_by_test_id("decision").click()
                pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {old}")
            if all(seen.values()):
                break
            continue
        old = shown_version(pg)
        # Safeties kept for a coup fourré: since only a rolling car may be attacked (the Italian
        # book), a car has played its safeties before the first attack unless it keeps them.
        pg.get_by_test_id("decision").nth(attack_or_play(kinds(pg), keep_safeties=True)).click()
        pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {old}")
    assert seen == {"with": True, "without": True}
    assert recorder.leaks() == []
    assert page.errors == []
