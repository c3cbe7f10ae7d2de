"""Lamborghini in the terminal: the cars on the board, the players' money and hands."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from .._core import State
from .prompt import ask


def render(view: dict[str, Any]) -> str:
    lines = [f"Lamborghini, turn {view['turn']} ({view['phase']}), Speed deck {view['speed_deck']}"]
    if view["face_up"]:
        lines.append("  face up: " + ", ".join(view["face_up"]))
    for car in sorted(view["cars"], key=lambda c: -c["progress"]):
        state = "finished" if car["finish"] else "stopped" if car["stopped"] else "racing"
        lines.append(
            f"  car {car['car']} (P{car['owner']}) {car['card'] or '-':<22} driver {car['driver'] or '-':<12}"
            f" row {car['row']:>3} lane {car['lane']}  damages {car['damages']}  {state}"
        )
    for p in view["players"]:
        cards = p["cards"] if p["cards"] is not None else f"{p['card_count']} cards"
        lines.append(f"  P{p['seat']}: money {p['money']}  hand {cards}")
    return "\n".join(lines)


def prompt_policy(
    read: Callable[[str], str] = input, out: TextIO | None = None
) -> Callable[[State, int], int]:
    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        return ask(state, seat, render, read, stream)

    return choose
