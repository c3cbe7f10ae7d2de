"""A refusal of the core in the reader's language (issue 31): the game's words module words its
meaning (``IllegalActionError.key`` and ``.values``) through its ``refusal_words``; a refusal the
core has not keyed yet, or a game whose words module words none, keeps the core's English."""

from __future__ import annotations

from typing import Any

from . import game_module
from .errors import IllegalActionError


def words(game: str, error: IllegalActionError, names: Any = None) -> str:
    """``error`` worded for a person playing ``game`` (its id); ``names``: the game's own way of
    naming the table's people (its words module's), where its refusals name a seat."""
    module = game_module.of(game, part="words") if error.key else None
    word = getattr(module, "refusal_words", None)
    if word is None:
        return str(error)
    text: str = word(error.key, error.values) if names is None else word(error.key, error.values, names)
    return text
