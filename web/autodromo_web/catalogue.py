"""What the lobby offers for each game (seats, bots by name, options and variants), from the
game modules. Option values are checked by the core (``autodromo.game`` raises
``OptionError`` naming the key); this list only tells the page which fields to draw."""

from __future__ import annotations

from typing import Any

from . import games


def describe() -> list[dict[str, Any]]:
    return [m.describe() for m in games.every()]


def scripts() -> list[str]:
    """Every game's script, relative to the static folder."""
    return [f"games/{m.id}.js" for m in games.every()]
