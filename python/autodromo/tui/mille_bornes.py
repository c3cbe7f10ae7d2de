"""Mille Bornes in the terminal: the table as one seat sees it, and a prompt for that seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from .._core import State
from .prompt import ask


def status(side: dict[str, Any]) -> str:
    """A tableau in a few words: 'rolling', 'stopped: Flat Tire', '+ Speed Limit'."""
    if side["hazards"]:
        words = "stopped: " + ", ".join(side["hazards"])
    elif side["moving"]:
        words = "rolling"
    else:
        words = "needs a Roll"
    if side["speed_limit"]:
        words += " + Speed Limit"
    if side["wrong_way"]:
        words += " + Wrong Way"
    return words


def render(view: dict[str, Any], names: list[str]) -> str:
    """The table as ``view`` shows it (one seat's view, or a spectator's)."""
    lines = [
        f"Hand {view['hand_number']}  target {view['target']} miles  "
        f"draw pile {view['deck_size']}  score to win {view['score_to_win']}"
    ]
    for side in view["sides"]:
        who = " & ".join(names[s] for s in side["seats"])
        safeties = ", ".join(side["safeties"]) or "-"
        lines.append(
            f"  {who:<24} {side['miles']:>5} mi  {status(side):<30} "
            f"safeties: {safeties:<30} score {side['score']}"
        )
    if view.get("hand"):
        lines.append("  your hand: " + ", ".join(view["hand"]))
    return "\n".join(lines)


def describe_event(event: dict[str, Any], names: list[str]) -> str | None:
    """One log line, or None for events not worth a line (deals)."""
    kind = event["event"]
    who = names[event["seat"]] if "seat" in event else ""
    if kind == "dealt":
        return None
    if kind == "drew":
        return f"{who} draws {event['card']}" if event["card"] else f"{who} draws a card"
    if kind == "played":
        return f"{who} plays {event['card']}"
    if kind == "attacked":
        return f"{who} plays {event['card']} on side {event['side']}"
    if kind == "discarded":
        return f"{who} discards {event['card']}"
    if kind == "coup_fourre":
        return f"{who}: COUP FOURRE! {event['safety']} against {event['hazard']}"
    if kind == "turns_lost":
        return "turns lost: " + ", ".join(names[s] for s in event["seats"])
    if kind == "hand_over":
        rows = [f"side {i}: {r['total']}" for i, r in enumerate(event["scores"])]
        return f"hand {event['hand']} over — " + ", ".join(rows)
    if kind == "game_over":
        return "game over — winning side(s): " + ", ".join(str(w) for w in event["winners"])
    return f"{who} {kind.replace('_', ' ')}".strip()


def prompt_policy(
    names: list[str], read: Callable[[str], str] = input, out: TextIO | None = None
) -> Callable[[State, int], int]:
    """A policy that shows ``seat``'s table and asks for a numbered choice or a label."""
    import sys

    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        return ask(
            state, seat, lambda view: render(view, names), read, stream, f"{names[seat]}, your move: "
        )

    return choose
