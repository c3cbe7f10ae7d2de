"""A Formula 90 decision's kind (what the page's help explains) and, for the advanced modules'
choices, what the choice means in the book's words under its button: a skill, a strategy, a
tyre type, a flag."""

from __future__ import annotations

import re
from typing import Any

from .glossary import EXTREME, FLAGS, SAFETY_CAR, SKILLS, STRATEGIES, TYRES, WEATHER, line

#: The kind from the label's first words, the longest prefix first.
PREFIXES = sorted({
    "qualify": "qualify", "fuel": "fuel", "strategy": "strategy", "drive": "declare", "skip": "declare",
    "pit": "pit", "play": "play", "pay": "pay", "check": "check", "late": "brake", "no late brake": "brake",
    "trajectory": "trajectory", "no trajectory": "trajectory", "challenge": "duel", "no challenge": "duel",
    "join": "duel", "decline": "duel", "duel": "duel", "discard": "discard", "keep the tyres": "tyres",
    "new hard tyres": "tyres", "fit": "tyres", "keep the hand": "hand", "new hand": "hand", "draw": "draw",
    "take": "draw", "skill": "practice", "setup": "practice", "change": "skill", "new cards": "skill",
    "use the": "skill",
    "weather": "weather", "use a blue token": "blue_token", "keep the blue tokens": "blue_token",
    "yellow flag": "flag", "green flag": "flag", "no flag": "flag", "force": "orange", "let": "orange",
    "wear": "wear", "chit": "draw", "tie": "duel",
    # The Safety Car's and the Extreme Trajectories' choices.
    "drive (follow the safety car)": "safety_car", "pit stop (to the back of the line": "safety_car",
    "stay out": "safety_car", "extreme trajectory": "extreme", "flat out": "extreme", "put ": "orange",
}.items(), key=lambda kv: -len(kv[0]))


def kind(label: str, phase: str) -> str:
    if "Free Practice" in phase:
        return "practice"
    low = label.lower()
    for prefix, k in PREFIXES:
        if low.startswith(prefix):
            return k
    return ""


def meaning(label: str) -> str:
    """The book's meaning of an advanced choice ("skill Reflexes", "strategy Push", "fit soft
    tyres", "yellow flag in ..."), or ""."""
    m = re.match(r"skill (.+)$", label)
    if m:
        e = SKILLS.get(m.group(1))
        return f"{e['text']} ({e['source']})" if e else ""
    m = re.match(r"strategy (.+)$", label)
    if m:
        e = STRATEGIES.get(m.group(1))
        return f"{e['text']} ({e['source']})" if e else ""
    m = re.match(r"(?:fit|new) (\w+) tyres", label)
    if m:
        e = TYRES.get(m.group(1))
        return f"{e['text']} ({e['source']})" if e else ""
    if label.endswith("flag token (Sixth Sense)"):
        e = SKILLS["Sixth Sense"]
        return f"{e['text']} ({e['source']})"
    for prefix, key in (("yellow flag", "yellow"), ("green flag", "green")):
        if label.startswith(prefix):
            e = FLAGS[key]
            return f"{e['text']} ({e['source']})"
    if label.startswith(("force ", "let ")):
        return f"{FLAGS['orange']['text']} ({FLAGS['orange']['source']})"
    if label.startswith(("Extreme Trajectory", "Flat Out")):
        return f"{EXTREME['extreme']['text']} ({EXTREME['extreme']['source']})"
    if label.startswith("weather one space"):
        return f"{WEATHER['weather']['text']} ({WEATHER['weather']['source']})"
    return ""


#: The help of each kind of decision that the advanced modules add (hover, and the phase help).
HELP = {
    "weather": line(WEATHER["weather"]),
    "blue_token": line(TYRES["blue_tokens"]),
    "flag": line(FLAGS["yellow"]) + " " + line(FLAGS["green"]),
    "orange": line(FLAGS["orange"]),
    "hand": "The spare car (FREE PRACTICE, R19): keep the hand dealt, or take a new one once and keep it.",
    "safety_car": line(SAFETY_CAR["safety_car"]) + " " + line(SAFETY_CAR["pit"]),
    "extreme": line(EXTREME["extreme"]),
    "wear": "A wear token from the bag: a red one is repaired at the pit stop, a brown one is permanent (D.1, R62).",
}


def weather_step(label: str, view: dict[str, Any]) -> str:
    """Where a weather step puts the pawn, the sky there, and whether the robots then pit for
    other tyres (R79: when the weather turns dry or rain and theirs do not suit it)."""
    w = view.get("weather")
    if not w or not label.startswith("weather "):
        return ""
    step = -1 if label.endswith("drier") else 1 if label.endswith("wetter") else 0
    if not step:
        return f"stays on space {w['space']}: {w['sky']}"
    to = w["space"] + step
    space = w["table"][to - 1]
    lo, hi = space["cf"]
    out = f"to space {to} ({lo}–{hi}): {space['sky']}" + ("" if space["sky"] == w["sky"] else f", was {w['sky']}")
    wanted = {"dry": "hard", "rain": "rain"}.get(space["sky"])
    if wanted and wanted != w["robot_tyres"]:
        out += f"; every robot pits for {wanted} tyres"
    return out
