"""The race's conditions as the page shows them, each with its help text: the weather track and
its pawn, the tyres, the flags on the sections and on the charts, the Race Stage, each driver's
skill (and whether its chit is turned) and strategy. Everything from the core's view, worded by
``autodromo.formula90.words``."""

from __future__ import annotations

from typing import Any

from autodromo.formula90 import words
from autodromo.formula90.words import say, section_name, term

from .glossary import EXTREME, FLAGS, ROTATED, SAFETY_CAR, SKILLS, STRATEGIES, TYRES, WEATHER, line

#: The sky's icon on the weather track and the chart.
SKY_ICON = {"dry": "☀", "drizzle": "☁", "rain": "☔"}


def section_title(s: dict[str, Any]) -> str:
    return say("section", number=s["number"], name=section_name(s))


def weather(view: dict[str, Any]) -> dict[str, Any] | None:
    """The weather track: its spaces by check factor, the pawn's space, the robots' tyres."""
    w = view.get("weather")
    if not w:
        return None
    spaces = []
    for i, space in enumerate(w["table"]):
        lo, hi = space["cf"]
        spaces.append({"number": i + 1, "sky": space["sky"], "icon": SKY_ICON.get(space["sky"], ""),
                       "cf": f"{lo}–{hi}" if lo != hi else str(lo), "here": i + 1 == w["space"],
                       "help": line(WEATHER.get(space["sky"]))})
    sky = str(w["sky"])
    args = {"sky": term("sky", sky), "space": w["space"], "spaces": len(spaces)}
    return {
        "sky": sky, "sky_text": term("sky", sky), "icon": SKY_ICON.get(sky, ""), "space": w["space"], "spaces": spaces,
        "text": say("cond.weather.rain", n=w["rain_test"], **args) if w["rain_test"] else say("cond.weather", **args),
        "help": line(WEATHER["weather"]) + " " + line(WEATHER.get(sky)),
        "robot_tyres": say("cond.robot_tyres", tyre=term("tyre", w["robot_tyres"])),
        "robot_help": line(WEATHER["robot_tyres"]),
    }


def flags(view: dict[str, Any], on: bool) -> dict[str, Any] | None:
    """The flags in play: yellows on corner sections, the blue pawns and the orange one."""
    if not on:
        return None
    yellows = []
    for s in view["sections"]:
        behind = s.get("yellow_flag")
        if behind is None:
            continue
        ahead = s["cars"][:behind]
        text = (say("cond.yellow.behind", section=section_title(s), cars=words.joined(ahead)) if ahead
                else say("cond.yellow.front", section=section_title(s)))
        yellows.append({"section": s["number"], "text": text})
    blue = [c["name"] for c in view["cars"] if c.get("blue_flag")]
    orange = next((c["name"] for c in view["cars"] if c.get("orange_flag")), None)
    parts = [y["text"] for y in yellows]
    if blue:
        parts.append(say("cond.blue", cars=words.joined(blue)))
    if orange:
        parts.append(say("cond.orange", car=orange))
    return {"yellow": yellows, "blue": blue, "orange": orange,
            "text": words.joined(parts, "list.semicolon") or say("cond.no_flag"),
            "help": {k: line(FLAGS[k]) for k in ("yellow", "green", "blue", "orange")}}


def stage(view: dict[str, Any]) -> dict[str, Any] | None:
    if view["turn"] == 0:
        return None
    return {"text": say("cond.stage", n=max(1, int(view.get("race_stage") or 1))), "help": line(FLAGS["race_stage"])}


def skill(car: dict[str, Any]) -> dict[str, Any] | None:
    """A driver's skill and the state of its chit: rotated skills are used once between pit
    stops; the others act all race."""
    name = car.get("skill")
    if not name:
        return None
    extra: dict[str, Any] = {}
    if name == "Sixth Sense" and "sixth_sense_flags" in car:
        left = list(car["sixth_sense_flags"])
        state = (say("cond.sixth_sense.left", flags=words.joined([term("flag", f) for f in left])) if left
                 else say("cond.sixth_sense.used"))
        extra["tokens"] = left
    elif name in ROTATED:
        state = say("cond.skill.used") if car.get("skill_used") else say("cond.skill.ready")
    else:
        state = words.when_words(name)
    return {"name": name, "state": state, "used": bool(car.get("skill_used")), "help": line(SKILLS.get(name)),
            **extra}


def tyres(car: dict[str, Any], view: dict[str, Any]) -> dict[str, Any] | None:
    """A player's tyres: their type, blue tokens, soft sets used, what this weather costs them."""
    kind = car.get("tyre")
    if not kind:
        return None
    notes = []
    if car.get("blue_tokens"):
        notes.append(words.count("n.blue_token", int(car["blue_tokens"])))
    if car.get("soft_sets"):
        notes.append(say("cond.soft_sets", n=car["soft_sets"]))
    loss = car.get("tyre_loss") or 0
    sky = (view.get("weather") or {}).get("sky")
    if loss:
        notes.append(say("cond.loss", mp=loss, sky=term("sky", str(sky))))
    helps = [line(TYRES.get(kind))]
    if car.get("blue_tokens"):
        helps.append(line(TYRES["blue_tokens"]))
    if loss:
        helps.append(line(TYRES["tyre_loss"]))
    text = say("cond.tyre", tyre=term("tyre", kind), notes=words.joined(notes)) if notes else term("tyre", kind)
    return {"type": kind, "text": text, "loss": loss, "blue_tokens": bool(car.get("blue_tokens")),
            "help": " ".join(helps)}


def strategy_help(name: str | None) -> str:
    return line(STRATEGIES.get(name or ""))


def car_flags(car: dict[str, Any]) -> list[dict[str, str]]:
    out = []
    if car.get("blue_flag"):
        out.append({"flag": "blue", "text": say("cond.flag.blue"), "help": line(FLAGS["blue"])})
    if car.get("orange_flag"):
        out.append({"flag": "orange", "text": say("cond.flag.orange"), "help": line(FLAGS["orange"])})
    return out


def robot_tyres(view: dict[str, Any]) -> dict[str, Any] | None:
    """The robots' shared tyres (a robot never loses MP to them)."""
    w = view.get("weather")
    if not w:
        return None
    kind = str(w["robot_tyres"])
    return {"type": kind, "text": term("tyre", kind), "loss": 0, "help": line(WEATHER["robot_tyres"])}


def glossary(table: dict[str, Any]) -> list[str]:
    """Every help text of what the table shows now, once each: on a phone nothing hovers."""
    c = table["conditions"]
    lines: list[str] = []
    if c["weather"]:
        lines += [line(WEATHER["weather"]), line(WEATHER.get(c["weather"]["sky"])), c["weather"]["robot_help"]]
    if c["stage"]:
        lines.append(c["stage"]["help"])
    if c["flags"]:
        lines += list(c["flags"]["help"].values())
    if c.get("safety_car"):
        lines += [line(SAFETY_CAR["safety_car"]), line(SAFETY_CAR["pit"]), line(SAFETY_CAR["restart"])]
    if any(s.get("safety_car_point") for s in table["sections"]):
        lines.append(line(SAFETY_CAR["point"]))
    if any(s.get("extreme") for s in table["sections"]):
        lines.append(line(EXTREME["extreme"]))
    for car in table["cars"]:
        if car.get("seat") is not None and car.get("tyre"):
            lines.append(line(TYRES.get(car["tyre"]["type"])))
            if car["tyre"].get("blue_tokens"):
                lines.append(line(TYRES["blue_tokens"]))
        if car.get("skill"):
            lines.append(car["skill"]["help"])
        if car.get("strategy_help"):
            lines.append(car["strategy_help"])
    return list(dict.fromkeys(x for x in lines if x))


def safety_car(view: dict[str, Any]) -> dict[str, Any] | None:
    """The Safety Car when the module is on: out (and where), its pit window, a restart."""
    sc = view.get("safety_car")
    if not sc:
        return None
    sections = {s["number"]: s for s in view["sections"]}
    if sc.get("out") and sc.get("section"):
        text = say("cond.safety_car", section=section_title(sections[sc["section"]]))
        if sc.get("pit_window"):
            text += say("cond.safety_car.window")
        if sc.get("restart_next"):
            # The core raises it only while the Safety Car is out, the turn before a Race Stage.
            text += say("cond.safety_car.restart_next")
        helps = [line(SAFETY_CAR["safety_car"]), line(SAFETY_CAR["pit"])]
        if sc.get("restart_next"):
            helps.append(line(SAFETY_CAR["restart"]))
    elif sc.get("restart"):
        text = say("cond.safety_car.restart")
        helps = [line(SAFETY_CAR["restart"])]
    else:
        text = ""  # waiting in the pits: nothing to tell above the board
        helps = [line(SAFETY_CAR["safety_car"])]
    return {"out": bool(sc.get("out")), "section": sc.get("section"), "text": text, "help": " ".join(helps),
            "point_help": line(SAFETY_CAR["point"])}


def extreme(section: dict[str, Any]) -> dict[str, Any] | None:
    """A section's Extreme Trajectory: its colours, bonus and test modifier, who stands on it."""
    e = section.get("extreme")
    if not e:
        return None
    colours = words.joined([term("colour", c) for c in e["colours"]], "list.slash")
    text = say("cond.extreme", bonus=e["bonus"], colours=colours, modifier=e["modifier"])
    if e.get("taken_by"):
        text = say("cond.extreme.taken", text=text, car=e["taken_by"])
    return {"bonus": e["bonus"], "colours": e["colours"], "taken_by": e.get("taken_by"), "text": text,
            "help": line(EXTREME["extreme"])}
