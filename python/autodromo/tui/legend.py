"""Legend in the terminal: the grid and every Dashboard each round, and a prompt for a driver."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from .._core import State
from .prompt import ask


def dashboard(car: dict[str, Any]) -> str:
    """One car's Dashboard in a line: position, needles, limiters, switches."""
    tires = "FLAT" if car["flat_tire"] else str(car["tires"])
    switches = ("" if car["battery_ok"] else " battery!") + ("" if car["headlights_ok"] else " lights!")
    pins = " ".join(f"{k}{v}" for k, v in car["safe_speeds"].items())
    where = f"lap {car['lap']} row {car['row']:>3} lane {car['lane']}"
    if car["status"] != "racing":
        where = f"{car['status']:<21}"
    return (
        f"{car['seat']:>2} {car['name'][:24]:<24} {where}  speed {car['speed']:>2}/T{car['top_speed']}"
        f"  temp {car['temperature']}  engine {car['engine']}/{car['engine_max']}"
        f"  brakes {car['brakes']}/{car['brakes_max']}  tires {tires:>4}  pins {pins}"
        f"{' best line' if car['best_line'] else ''}{switches}"
    )


def render(view: dict[str, Any]) -> str:
    """The race as a table, in track order."""
    lines = [
        f"{view['circuit']}: round {view['round']}, {view['laps']} laps, weather {view['weather']}"
    ]
    cars = {c["seat"]: c for c in view["cars"]}
    order = view["order"] or list(cars)
    shown = set()
    for seat in [*order, *cars]:
        if seat not in shown:
            shown.add(seat)
            lines.append("  " + dashboard(cars[seat]))
    return "\n".join(lines)


def prompt_policy(
    read: Callable[[str], str] = input, out: TextIO | None = None
) -> Callable[[State, int], int]:
    """A driver at the keyboard: shows the race and asks for a numbered choice or a label."""
    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        return ask(state, seat, render, read, stream)

    return choose
