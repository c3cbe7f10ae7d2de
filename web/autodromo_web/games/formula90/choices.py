"""A Formula 90 decision's kind (what the page's help explains) and, for the advanced modules'
choices, what the choice means in the book's words: a skill, a strategy, a tyre type under its
button; the help a group of choices shares (a flag, the orange pawn, an Extreme Trajectory) once
above them. Read from the core's moves (``State.moves``): nothing here parses a label."""

from __future__ import annotations

from typing import Any

from autodromo.formula90 import words

from .glossary import EXTREME, FLAGS, SAFETY_CAR, SKILLS, STRATEGIES, TYRES, WEATHER, line


def kind(move: dict[str, Any], view: dict[str, Any]) -> str:
    """The page's kind of a move: its help group; Free Practice's choices one, the Safety Car's
    drive and pit another."""
    if str(view.get("phase", "")).startswith("Free Practice"):
        return "practice"
    sc = view.get("safety_car") or {}
    if move["kind"] in ("drive", "pit") and sc.get("out"):
        return "safety_car"
    return words.GROUPS.get(move["kind"], "")


def _said(e: dict[str, str] | None) -> str:
    return e["text"] if e else ""


def meaning(move: dict[str, Any]) -> str:
    """The book's meaning of the one skill, strategy or tyre type a choice names, or ""."""
    k = move["kind"]
    if k == "skill" and move.get("skill"):
        return _said(SKILLS.get(words.name(move["skill"])))
    if k == "strategy" and move.get("strategy"):
        return _said(STRATEGIES.get(words.name(move["strategy"])))
    if k == "tyres":
        return _said(TYRES.get(str(move["tyre"])))
    if k == "new_tyres":
        return _said(TYRES["hard"])
    if k == "sixth_sense":
        return _said(SKILLS["Sixth Sense"])
    return ""


def _shared() -> dict[str, tuple[str, str]]:
    """The help that every choice of a kind shares, told once above them."""
    return {
        "flag": (FLAGS["yellow"]["title"], line(FLAGS["yellow"], titled=False) + " " + line(FLAGS["green"])),
        "orange": (FLAGS["orange"]["title"], line(FLAGS["orange"], titled=False)),
        "extreme": (EXTREME["extreme"]["title"], line(EXTREME["extreme"], titled=False)),
    }


#: The kinds of choices that share one help.
SHARED = ("flag", "orange", "extreme")


def shared(kinds: list[str]) -> dict[str, Any] | None:
    """The prompt above a decision whose choices share one help, or None."""
    groups = {k for k in kinds if k}
    if len(groups) != 1:
        return None
    (group,) = groups
    if group not in SHARED:
        return None
    title, text = _shared()[group]
    return {"kind": f"f90_{group}", "title": title, "text": text}


def help_texts() -> dict[str, str]:
    """The help of each kind of decision that the advanced modules add (hover, and the phase help)."""
    return {
        "weather": line(WEATHER["weather"]),
        "blue_token": line(TYRES["blue_tokens"]),
        "flag": line(FLAGS["yellow"]) + " " + line(FLAGS["green"]),
        "orange": line(FLAGS["orange"]),
        "hand": words.help_text("decision.hand"),
        "safety_car": line(SAFETY_CAR["safety_car"]) + " " + line(SAFETY_CAR["pit"]),
        "extreme": line(EXTREME["extreme"]),
        "wear": words.help_text("decision.wear"),
    }
