"""Lamborghini's cars before the start (issue 32, "Smaller": every car was drawn on one spot,
row 1's left lane, until qualifying placed the grid). Until then each car waits on the grid's
place of its car number, as the grid is laid out (docs/rules/lamborghini.md decision 8: "two cars
a row, the pole in lane 0 of the last row before the line, the second in the last lane of the
same row"); qualifying then sets the order."""

from __future__ import annotations

from typing import Any

from .clicking import wait_for_turn
from .conftest import LiveServer, Page

BODY = {"game": "lamborghini", "options": {}, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "medium"}] * 3}


def test_before_qualifying_each_car_waits_on_its_own_grid_place(live: LiveServer, page: Page) -> None:
    client = live.app.test_client()
    gid = client.post("/api/games", json=BODY).json["id"]
    view = client.get(f"/api/games/{gid}?seat=0&page=1&board=1").json
    length, lanes = len(view["board"]["rows"]), view["board"]["lanes"]
    assert view["turn"]["label"] == "Before the start"
    cars = view["table"]["cars"]
    assert [(c["row"], c["lane"]) for c in cars] == [(length - 1, 0), (length - 1, lanes - 1),
                                                      (length - 2, 0), (length - 2, lanes - 1)]
    assert all(c["where"] == "on the grid, waiting for qualifying to set the order" for c in cars)

    pg = page.page
    pg.goto(f"{live.url}/play/{gid}")
    assert wait_for_turn(pg) == "decide"
    spots = pg.locator("svg.track g.car").evaluate_all("gs => gs.map(g => g.dataset.x + ',' + g.dataset.y)")
    assert len(spots) == 4 and len(set(spots)) == 4, spots
    page.shot("lamborghini-before-the-start")
    assert page.errors == []


def test_once_qualified_the_cars_stand_where_the_core_placed_them(client: Any) -> None:
    c = client
    gid = c.post("/api/games", json={**BODY, "seats": [{"kind": "bot", "bot": "medium"}] * 4}).json["id"]
    c.post(f"/api/games/{gid}/advance", json={"steps": 200})
    core = c.get(f"/api/games/{gid}").json["view"]
    assert core["turn"] >= 1 and core["order"]
    page = c.get(f"/api/games/{gid}?page=1").json
    assert [(x["row"], x["lane"]) for x in page["table"]["cars"]] == [(x["row"], x["lane"]) for x in core["cars"]]
