"""What the lobby offers for each game: seats, bots and their strength, options and variants.

Option values are checked by the core (``autodromo.game`` raises ``OptionError`` naming the key);
this list only tells the page which fields to draw.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from typing import Any

from autodromo import content

from . import board

TITLES = {
    "legend": "Legend: History of 1000 Miglia",
    "lamborghini": "Lamborghini: The Official Race Game",
    "mille_bornes": "Mille Bornes",
}

#: Bots a seat may take, strongest first. "neutral" is Legend's Neutral Car, driven by the core.
BOTS: dict[str, list[dict[str, str]]] = {
    "legend": [
        {"id": "greedy", "label": "greedy bot (strong)"},
        {"id": "random", "label": "random bot (weak)"},
        {"id": "neutral", "label": "Neutral Car (rules-driven)"},
    ],
    "lamborghini": [
        {"id": "heuristic", "label": "heuristic bot (strong)"},
        {"id": "random", "label": "random bot (weak)"},
    ],
    "mille_bornes": [
        {"id": "heuristic", "label": "heuristic bot (strong)"},
        {"id": "random", "label": "random bot (weak)"},
    ],
}

#: Games where a seat holds cards the others must not see (hot-seat hand-off, undo limits).
HIDDEN = frozenset({"mille_bornes", "lamborghini"})


def _field(key: str, kind: str, label: str, default: Any, **extra: Any) -> dict[str, Any]:
    return {"key": key, "kind": kind, "label": label, "default": default, **extra}


@lru_cache(maxsize=1)
def legend_cars() -> list[dict[str, str]]:
    doc = tomllib.loads((content.directory("legend") / "cars.toml").read_text(encoding="utf-8"))
    return [{"id": c["id"], "name": c.get("name", c["id"])} for c in doc["car"]]


def options(game: str) -> list[dict[str, Any]]:
    """The lobby's fields for ``game`` (seats and cars are drawn separately)."""
    if game == "legend":
        return [
            _field("circuit", "choice", "Circuit", "example",
                   choices=[{"id": c["id"], "label": c["name"]} for c in board.circuits("legend")]),
            _field("laps", "int", "Laps (empty: the circuit's)", None, min=1, max=10),
            _field("qualifying", "bool", "Qualifying challenges", True),
            _field("choose_split", "bool", "Choose the Engine/Brakes split", True),
            _field("slipstream_in_turns", "bool", "Variant: slipstream in turns", False),
            _field("realistic_collisions", "bool", "Variant: realistic collisions", False),
            _field("priority_bid", "bool", "Variant: priority bid", False),
        ]
    if game == "lamborghini":
        return [
            _field("circuit", "choice", "Circuit", "sant_agata",
                   choices=[{"id": c["id"], "label": c["name"]} for c in board.circuits("lamborghini")]),
            _field("laps", "int", "Laps (empty: the circuit's)", None, min=1, max=10),
            _field("long", "bool", "Long game (money, auction, several races)", False),
            _field("accident_table", "choice", "Accident table", "split", choices=[
                {"id": "split", "label": "8-9 right, 10-11 left"},
                {"id": "right_first", "label": "8-10 right, 11 left"},
                {"id": "left_first", "label": "8 right, 9-11 left"},
            ]),
        ]
    return [
        _field("target", "choice", "Trip", 1000,
               choices=[{"id": 1000, "label": "1000 miles"}, {"id": 700, "label": "700 miles"}]),
        _field("score_to_win", "int", "Score to win (0: a single hand)", 0, min=0, max=100000),
        _field("teams", "int", "Teams (empty: none)", None, min=2, max=3),
        _field("cumulative_attacks", "bool", "Variant: cumulative attacks", False),
        _field("reshuffle_discards", "bool", "Variant: reshuffle the discards", False),
        _field("wrong_way", "bool", "Variant: Wrong Way", False),
        _field("extension", "bool", "Variant: extension to 1000", False),
    ]


def seats(game: str) -> dict[str, int]:
    """How many seats the lobby may offer."""
    if game == "legend":
        return {"min": 2, "max": 12, "default": 4}
    if game == "lamborghini":
        return {"min": 2, "max": 5, "default": 3}
    return {"min": 2, "max": 9, "default": 2}


def describe() -> list[dict[str, Any]]:
    out = []
    for game in ("legend", "lamborghini", "mille_bornes"):
        entry: dict[str, Any] = {
            "id": game, "title": TITLES[game], "bots": BOTS[game], "seats": seats(game),
            "options": options(game), "hidden_information": game in HIDDEN,
        }
        if game == "legend":
            entry["cars"] = legend_cars()
        out.append(entry)
    return out
