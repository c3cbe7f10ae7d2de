"""What the lobby offers for each game (seats, bots by name, options and variants), from the
game modules. Option values are checked by the core (``autodromo.game`` raises
``OptionError`` naming the key); this list only tells the page which fields to draw."""

from __future__ import annotations

from typing import Any

from . import games
from .languages import say as _


def describe() -> list[dict[str, Any]]:
    out = [m.describe() for m in games.every()]
    for game in out:
        for bot in game["bots"]:
            bot["label"] = bot_label(bot["id"], bot["label"])
    return out


def bot_label(level: str, label: str) -> str:
    """A bot's level as the lobby's menu names it, in the reader's language (by the core's name
    of the level; one the page does not know keeps the label it was given)."""
    known = {"easy": _("easy bot"), "medium": _("medium bot"), "hard": _("hard bot"), "random": _("random bot"),
             "neutral": _("Neutral Car (rules-driven)")}
    return known.get(level, label)


def scripts() -> list[str]:
    """Every game's script, relative to the static folder."""
    return [f"games/{m.id}.js" for m in games.every()]
