"""The Legend page shows each driven car's Spare Part cards, as the auction left them
("Each player will start the game with the Spare part cards left after the auction"), and what
each repairs, in the cars' table; a Neutral Car shows none."""

from __future__ import annotations

from typing import Any

from autodromo.legend import words

from .conftest import LEGEND_CARS, LiveServer, Page


def test_the_page_shows_each_drivers_spare_parts_and_what_they_repair(live: LiveServer, page: Page) -> None:
    kept = [[2, 0, 1, 1, 0, 1], [0, 0, 0, 0, 0, 0]]
    body: dict[str, Any] = {
        "game": "legend", "seed": 3,
        "options": {"circuit": "example", "cars": LEGEND_CARS[:3], "neutral": [False, False, True],
                    "spares": [*kept, None]},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "neutral"}],
    }
    response = live.app.test_client().post("/api/games", json=body)
    assert response.status_code in (200, 201), response.json
    pg = page.page
    pg.goto(f"{live.url}/play/{response.json['id']}")
    pg.get_by_test_id("car-spares").first.wait_for()
    # Every driven car's parts in the cars' table (the Dashboard beside the decisions stays short:
    # on a phone the decisions must stay on the first screen).
    shown = [t.strip() for t in pg.get_by_test_id("car-spares").all_inner_texts()]
    names = ("Acqua Refrigerante Galetti", "Candele Folgore", "Impianti Frenanti König", "Sutherland Tires",
             "Kraftvolt Batterien", "Luxor")
    expected = [words.spares_words(dict(zip(names, k))) for k in kept]
    assert sorted(shown) == sorted(expected), shown
    assert "Acqua Refrigerante Galetti ×2 (Temperature to 0)" in expected[0]
    assert expected[1] == "No Spare Parts"
    page.shot("legend_spares")
    assert not page.errors
