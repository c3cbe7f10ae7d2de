"""Checks a lobby's request (game, options, seats, seed) before anything is built or saved.
What depends on the game (its bots, its options) is asked of its module in ``games/``."""

from __future__ import annotations

import random
from typing import Any

import autodromo
from autodromo.errors import AutodromoError

from . import games
from .errors import bad
from .languages import say as _

#: Seeds stay below 2**53 so the page's JavaScript numbers hold them exactly.
SEED_LIMIT = 2**53


def seed_of(value: Any) -> int:
    if value is None or value == "":
        return random.SystemRandom().randrange(SEED_LIMIT)
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad(_("seed must be a whole number, not {given}", given=repr(value)))
    if not 0 <= value < SEED_LIMIT:
        raise bad(_("seed must be between 0 and {last}", last=SEED_LIMIT - 1))
    return value


def seats_of(game: str, value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        raise bad(_("seats must be a non-empty list"))
    levels = games.get(game).bots()
    by_id = {b["id"]: b for b in levels}
    out = []
    for i, seat in enumerate(value):
        if not isinstance(seat, dict):
            raise bad(_("seat {number} must be an object like {{\"kind\": \"human\"}}", number=i + 1))
        kind = seat.get("kind")
        if kind not in ("human", "bot"):
            raise bad(_("seat {number}: kind must be \"human\" or \"bot\", not {given}", number=i + 1, given=repr(kind)))
        bot = seat.get("bot") if kind == "bot" else None
        bot = games.base.ALIASES.get(bot, bot) if isinstance(bot, str) and bot not in by_id else bot
        if kind == "bot" and bot not in by_id:
            known = ", ".join(f"{b['id']} ({b['label']})" for b in levels)
            raise bad(_("seat {number}: {game} has no bot {given}; its bots: {known}", number=i + 1,
                        game=games.get(game).title, given=repr(bot), known=known))
        name = seat.get("name")
        if name is None or name == "":
            # In the language of the person who sets the table, as the lobby's placeholders said.
            name = _("Player {n}", n=i + 1) if kind == "human" else _("Bot {n}", n=i + 1)
        if not isinstance(name, str) or len(name) > 40:
            raise bad(_("seat {number}: name must be text of at most 40 characters", number=i + 1))
        out.append({"kind": kind, "bot": bot, "name": name})
    return out


def options_of(game: str, value: Any, seats: list[dict[str, Any]]) -> dict[str, Any]:
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise bad(_("options must be an object"))
    options = {k: v for k, v in value.items() if v is not None}
    if "content_dir" in options:
        # A path on the server's disk is no lobby option: the page plays the shipped content.
        raise bad(_("option \"content_dir\" cannot be set from the page"))
    return games.get(game).check_options(options, seats)


def build(game: str, options: dict[str, Any]) -> autodromo.Game:
    """The game, or a 400 with the core's reason (it names the option)."""
    try:
        return autodromo.game(game, **options)
    except AutodromoError as e:
        raise bad(str(e)) from None
    except (TypeError, ValueError, OverflowError) as e:
        raise bad(_("options: {error}", error=e)) from None


def check(body: Any) -> tuple[str, dict[str, Any], list[dict[str, Any]], int]:
    """(game, options, seats, seed) of a create request."""
    if not isinstance(body, dict):
        raise bad(_("the body must be a JSON object"))
    game = games.get(body.get("game")).id
    seats = seats_of(game, body.get("seats"))
    options = options_of(game, body.get("options"), seats)
    return game, options, seats, seed_of(body.get("seed"))
