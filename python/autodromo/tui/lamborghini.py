"""Lamborghini in the terminal: the cars on the board, the players' money and hands."""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from .. import content
from .._core import State
from .prompt import ask


def card_names(folder: str | os.PathLike[str] | None = None) -> dict[str, str]:
    """Car and driver cards' names by id, from the content the game reads (people read names)."""
    path = Path(folder) / "cards.toml" if folder is not None else content.directory("lamborghini") / "cards.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    return {c["id"]: c["name"] for kind in ("car", "driver") for c in doc.get(kind, []) if "name" in c}


def renderer(folder: str | os.PathLike[str] | None = None) -> Callable[[dict[str, Any]], str]:
    return partial(render, names=card_names(folder))


def render(view: dict[str, Any], names: dict[str, str] | None = None) -> str:
    named = names if names is not None else card_names()
    lines = [f"Lamborghini, turn {view['turn']} ({view['phase']}), Speed deck {view['speed_deck']}"]
    if view["face_up"]:
        lines.append("  face up: " + ", ".join(view["face_up"]))
    for car in sorted(view["cars"], key=lambda c: -c["progress"]):
        state = "finished" if car["finish"] else "stopped" if car["stopped"] else "racing"
        lines.append(
            f"  car {car['car'] + 1} (P{car['owner'] + 1}) {named.get(car['card'], car['card'] or '-'):<28}"
            f" driver {named.get(car['driver'], car['driver'] or '-'):<20}"
            f" row {car['row']:>3} lane {car['lane'] + 1}  damages {car['damages']}  {state}"
        )
    for p in view["players"]:
        n = p["card_count"]
        cards = p["cards"] if p["cards"] is not None else f"{n} card{'' if n == 1 else 's'}"
        lines.append(f"  P{p['seat'] + 1}: money {p['money']}  hand {cards}")
    return "\n".join(lines)


def prompt_policy(
    read: Callable[[str], str] = input, out: TextIO | None = None,
    show: Callable[[dict[str, Any]], str] = render,
) -> Callable[[State, int], int]:
    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        return ask(state, seat, show, read, stream)

    return choose
