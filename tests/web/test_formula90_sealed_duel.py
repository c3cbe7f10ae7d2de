"""Race! Formula 90 on the page while a duel's cards lie face down (decision 37): the other seats'
pages, the shared screen and a seat's mid-game export say how many cards a car laid ("2 cards
sealed") and never which; the car's own seat sees its cards; after the reveal they are face up."""

from __future__ import annotations

import json
from typing import Any

import autodromo


def sealed_position() -> tuple[dict[str, Any], str, set[str], int, int]:
    """A medium bots' race of three seats up to a decision of one seat while another player's
    duel cards lie face down: the position, that car, its cards, its seat, the deciding seat."""
    g = autodromo.game("formula90", players=3)
    for seed in range(1, 6):
        race = autodromo.Race(g, ["medium"] * 3, seed=seed)
        while not race.state.is_terminal():
            st = race.state
            if not st.is_chance_node():
                p = json.loads(st.position())
                duel = p["duel"]
                if duel["cards"] and not duel["revealed"]:
                    down = set(duel["cards"])
                    for car in st.view(None)["cars"]:
                        frozen = next(c for c in p["cars"] if c["name"] == car["name"])["frozen"]
                        mine = set(frozen) & down
                        if mine and car.get("seat") is not None and car["seat"] != st.current_player():
                            return p, car["name"], mine, car["seat"], st.current_player()
            race.step()
    raise AssertionError("no sealed duel in five races")


def test_the_page_and_the_export_show_a_sealed_duel_as_a_count(client: Any) -> None:
    position, who, cards, owner, seat = sealed_position()
    body = {"game": "formula90", "seats": [{"kind": "human"}] * 3, "seed": 1, "position": position}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.json
    gid = made.json["id"]
    n = len(cards)
    sealed_text = f"{n} card{'s' if n > 1 else ''} sealed"
    for asking in (seat, None):
        q = "" if asking is None else f"&seat={asking}"
        view = client.get(f"/api/games/{gid}?since=0{q}").json["view"]
        doc = client.get(f"/api/games/{gid}?since=0&page=1{q}").json
        car = next(c for c in view["cars"] if c["name"] == who)
        assert car["sealed"] == n and "sealed_cards" not in car
        assert not {c["name"] for c in car["frozen"]} & cards
        row = next(c for c in doc["table"]["cars"] if c["name"] == who)
        assert sealed_text in row["duel_cards"]
        assert any(m.startswith(who) and m.endswith(f"({sealed_text})") for m in doc["table"]["duel"]["members"])
        # The seat's record exported mid-game holds the same view: no face of those cards.
        export = client.get(f"/api/games/{gid}/replay{'?seat=' + str(asking) if asking is not None else ''}")
        record = json.loads(export.data)
        shown = {c["name"] for car in record["view"]["cars"] for c in car["frozen"] + car.get("sealed_cards", [])}
        assert not shown & cards, (asking, shown & cards)
    # The car's own seat sees its cards.
    own = client.get(f"/api/games/{gid}?since=0&page=1&seat={owner}").json
    row = next(c for c in own["table"]["cars"] if c["name"] == who)
    assert row["duel_cards"].startswith("sealed ") or " · sealed " in row["duel_cards"]
    assert set(row["duel_cards"].split("sealed ")[-1].split(", ")) == cards
