"""Legend's shipped content as the surfaces list it: the roster, the Stage race routes and the
Dashboard's scales (gauge maxima, the temperature red zone). The surfaces read no content file
themselves (issue 29); the core validates the same files when a race is made."""

from __future__ import annotations

from typing import Any

from .. import content

GAME = "legend"


def roster() -> list[dict[str, Any]]:
    """Every shipped car's Performance card (id, name, year, ranking, reliability...)."""
    cars: list[dict[str, Any]] = content.document(GAME, "cars.toml")["car"]
    return cars


def car_name(car_id: str) -> str:
    """A car's name as its card prints it."""
    return next((str(c["name"]) for c in roster() if c["id"] == car_id), car_id.replace("_", " ").title())


def routes() -> list[dict[str, Any]]:
    """Every shipped Stage race route: id and name."""
    return content.shipped(GAME, "routes")


def card_names() -> dict[str, dict[str, str]]:
    """Each Damage and Event card's name by language (its ``names`` table, docs/content/names.md),
    its ``name`` as English, by the card's id."""
    out: dict[str, dict[str, str]] = {}
    for file in ("damage.toml", "events.toml"):
        for card in content.document(GAME, file)["card"]:
            out[str(card["id"])] = {"en": str(card["name"]), **{str(k): str(v) for k, v in card.get("names", {}).items()}}
    return out


def dashboard() -> dict[str, Any]:
    """The Dashboard's scales (docs/content/legend.md)."""
    scales: dict[str, Any] = content.document(GAME, "dashboard.toml")
    return scales
