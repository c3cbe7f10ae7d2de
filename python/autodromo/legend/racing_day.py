"""Historical or balanced gameplay: which cars may race together ("General Rules for the Racing
Day")."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from typing import Any

from .. import content
from ..errors import OptionError


def cars(content_dir: str | None = None) -> list[dict[str, Any]]:
    """The Performance cards of the content, as dicts."""
    root = content.directory("legend") if content_dir is None else content_dir
    for rel, text in content.load_files("legend", root):
        if rel == "cars.toml":
            roster: list[dict[str, Any]] = tomllib.loads(text)["car"]
            return roster
    raise OptionError("the content has no cars.toml")


def historical(year: int, content_dir: str | None = None) -> list[str]:
    """Historical play: the roster of one year, unbalanced as the era was (ids by Performance)."""
    roster = [c for c in cars(content_dir) if c["year"] == year]
    if not roster:
        raise OptionError(f"no car of {year} in the roster")
    return [c["id"] for c in sorted(roster, key=lambda c: -c["performance"])]


def balanced(chosen: Sequence[str], content_dir: str | None = None) -> list[str]:
    """Checks a balanced choice: "cars with the same Ranking score or within a range of 3 points"
    (the same model twice is always balanced). Returns the ids; raises OptionError otherwise."""
    by_id = {c["id"]: c for c in cars(content_dir)}
    unknown = [c for c in chosen if c not in by_id]
    if unknown:
        raise OptionError(f"unknown cars: {', '.join(unknown)}")
    ranks = [by_id[c]["ranking"] for c in chosen]
    if ranks and max(ranks) - min(ranks) > 3:
        raise OptionError(
            f"balanced play: Rankings {min(ranks)}..{max(ranks)} span more than 3 points"
        )
    return list(chosen)
