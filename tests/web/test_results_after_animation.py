"""The results wait for the last move's animation (issue 32, "Smaller": the results panel
appeared while the last move still slid along the board). A Legend race is played through the
API to its end by a policy; a second game with the same seed is brought to the human's last
decision, and chromium clicks that move on the board: the results must not show while the car
is still moving, and must show once it stops."""

from __future__ import annotations

from typing import Any

from .clicking import confirm_if_asked, wait_for_turn
from .conftest import LiveServer, Page

BODY = {"game": "legend", "seed": 4, "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "medium"}],
        "options": {"circuit": "example", "laps": 1, "cars": ["fiat_508s_balilla", "porsche_550"],
                    "qualifying": False, "choose_split": False}}


def play(client: Any, gid: str, inputs: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Plays the human seat: the given inputs in order (stopping before they run out), or, with
    none given, the furthest space on the board else the first decision; returns what was sent."""
    sent: list[dict[str, Any]] = []
    for _ in range(400):
        page = client.get(f"/api/games/{gid}?seat=0&page=1").json
        if page["status"] == "finished":
            return sent
        if page["to_move"] != 0:
            client.post(f"/api/games/{gid}/advance", json={})
            continue
        if inputs is not None:
            if len(sent) == len(inputs):
                return sent
            move = inputs[len(sent)]
        elif page["plan"]:
            best = max(page["plan"], key=lambda p: (not p["risk"], p["progress"]))
            move = {"plan": best["ids"], "row": best["row"], "lane": best["lane"], "steps": len(best["steps"])}
        else:
            move = {"action": page["decisions"][0]["id"]}
        body = {"seat": 0, **{k: v for k, v in move.items() if k in ("plan", "action")}}
        r = client.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == 200, r.json
        sent.append(move)
    raise AssertionError("the race does not end")


def test_the_results_wait_for_the_last_move_to_reach_its_space(live: LiveServer, page: Page) -> None:
    client = live.app.test_client()
    first = client.post("/api/games", json=BODY).json["id"]
    inputs = play(client, first, None)
    last = inputs[-1]
    # The slower car's own last move ends the race, and it crosses several spaces.
    assert "plan" in last and last["steps"] >= 3, last
    gid = client.post("/api/games", json=BODY).json["id"]
    assert play(client, gid, inputs[:-1]) == inputs[:-1]

    pg = page.page
    pg.goto(f"{live.url}/play/{gid}")
    assert wait_for_turn(pg) == "decide"
    # Every time the page changes: was the results panel shown while a car was moving?
    pg.evaluate("""() => {
        window.__seen = { early: 0, moving: 0 };
        const look = () => {
            const moving = document.getElementById('play').dataset.animating === '1';
            if (moving) window.__seen.moving += 1;
            if (moving && !document.querySelector('[data-testid=results]').hidden) window.__seen.early += 1;
        };
        new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
    }""")
    pg.locator(f'[data-testid=reach][data-row="{last["row"]}"][data-lane="{last["lane"]}"]').click()
    confirm_if_asked(pg)
    pg.wait_for_function("() => document.getElementById('play').dataset.animating === '1'")
    assert not pg.get_by_test_id("results").is_visible()
    assert pg.get_by_test_id("to-move").inner_text() == "The last move…"
    page.shot("legend-last-move-animating")
    pg.get_by_test_id("results").wait_for(state="visible")
    seen = pg.evaluate("() => window.__seen")
    assert seen["moving"] > 0 and seen["early"] == 0, seen
    assert pg.get_by_test_id("to-move").inner_text().startswith("Finished: ")
    assert pg.evaluate("() => document.getElementById('play').dataset.animating") is None
    page.shot("legend-results-after-the-last-move")
    assert page.errors == []
