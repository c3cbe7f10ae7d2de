"""What a Legend dashboard shows of its seat's car, from a view: the car's Dashboard as the book
keeps it, and the turn ahead. Pure functions: the same view gives the same bytes.

Dashboard (DASH_STATE field <- the car in the view):

========== =============================================================================
speed       ``speed``
turn_pins   the safe speed (turn pins) of the turn the car is in or meets next, as its
            marker reads now (rain lowers a marker a step per level, never below A); in a
            Stage race the view's ``next_turn`` of the seat's own view, 0 while the marker
            is face down to it (night, fog)
temperature ``temperature``; engine ``engine``; brakes ``brakes``; tyres ``tires``
            (0 when flat); each clamped to 0..255
switches    bit 0 battery failed, bit 1 headlights failed (the Dashboard's switches)
pace        the choice under the dashboard's selector: 1 + its index in the seat's legal
            actions, 0 when the seat has nothing to decide
lamps       the shared ``LAMP_*`` bits of render.py (0-3, 6, 7) and the ones below
========== =============================================================================

Buttons 1 to 4 are the pace buttons, each named for the one move it takes (the core's
``State.moves``, docs/rules/legend.md "Vocabulary"): ``maintain`` and ``accelerate`` by 1, not
pushing; ``lift_and_coast``; ``stop_to_cool``. No label is read.
"""

from __future__ import annotations

from typing import Any

from autodromo.legend import words as legend_words

from ...ledmap import Circuit
from ...render import (LAMP_FINISHED, LAMP_GAME_OVER, LAMP_OUT, LAMP_RAIN, LAMP_REFUSED,
                       LAMP_YOUR_TURN, PODIUM_NAMES, RAIN, Face, rating_now)

LAMP_BEST_LINE = 1 << 4
LAMP_FLAT_TIRE = 1 << 5
# Stage races (DASH_STATE lamps is a u32: bits past 7 are free for the host to give meaning).
LAMP_NIGHT = 1 << 8       # the Chrono reads night (18:00 to 06:00)
LAMP_FOG = 1 << 9         # the stage is in fog
LAMP_CHECK_POINT = 1 << 10  # this stage ends at a Check Point line with its speed limit
LAMP_TURN_UNSEEN = 1 << 11  # the next turn's marker is face down to this car: no turn pins

#: Its lamps (bits 0 to 11), then the podium's, lit once the race is over.
LAMP_NAMES = {LAMP_YOUR_TURN: "YOUR TURN", LAMP_REFUSED: "REFUSED", LAMP_FINISHED: "FINISHED",
              LAMP_OUT: "OUT", LAMP_BEST_LINE: "BEST LINE", LAMP_FLAT_TIRE: "FLAT TIRE",
              LAMP_RAIN: "RAIN", LAMP_GAME_OVER: "GAME OVER", LAMP_NIGHT: "NIGHT", LAMP_FOG: "FOG",
              LAMP_CHECK_POINT: "CHECK POINT", LAMP_TURN_UNSEEN: "TURN UNSEEN", **PODIUM_NAMES}
#: Its gauges (label, full scale), in DASH_STATE's order.
GAUGES = (("speed", 12), ("pins", 12), ("temp", 8), ("engine", 8), ("brakes", 8), ("tyres", 16))


def lamp_words() -> tuple[dict[int, str], dict[int, str]]:
    """Each lamp's name and what it means, in the language in use (legend/words.py)."""
    return ({bit: legend_words.say(f"bridge.lamp.{n}") for bit, n in LAMP_NAMES.items()},
            {bit: legend_words.say(f"bridge.means.{n}") for bit, n in LAMP_NAMES.items()})


#: What its dashboard prints (its face as a picture, in English).
FACE = Face(GAUGES, *lamp_words())

#: The pace buttons: each takes the one move it is named for, by its kind and references (the
#: screen names them "pace buttons" through frame_words("buttons")).
BUTTONS: dict[int, tuple[str, tuple[dict[str, Any], ...]]] = {
    1: ("maintain", ({"kind": "maintain", "push": False},)),
    2: ("accelerate 1", ({"kind": "accelerate", "by": 1, "push": False},)),
    3: ("lift and coast", ({"kind": "lift_and_coast"},)),
    4: ("stop to cool", ({"kind": "stop_to_cool"},)),
}
ONE_MOVE_BUTTONS = True

SWITCH_BATTERY = 1 << 0
SWITCH_HEADLIGHTS = 1 << 1


def _byte(v: Any) -> int:
    return max(0, min(255, int(v or 0)))


def dash_state(
    view: dict[str, Any], seat: int, circuit: Circuit | None = None, *, deciding: bool, cursor: int,
    refused: bool, game_over: bool = False,
) -> dict[str, int]:
    """``circuit``: the race's circuit of lanes and rows, whose turns give the pins of a Track
    race (a Stage race's view says which turn is next)."""
    car = view["cars"][seat]
    weather = str(view.get("weather", "clear"))
    pins = 0
    stage = view.get("stage")
    unseen = False
    if stage is not None:
        # A Stage race: the core says which turn is next and whether this car reads its marker.
        nt = car.get("next_turn")
        if nt is not None and nt.get("safe_speed") is not None:
            pins = _byte(nt["safe_speed"])
        unseen = nt is not None and nt.get("rating") is None
    elif circuit is not None and car.get("row") is not None:
        turn = circuit.next_turn(int(car["row"]) % circuit.rows)
        if turn is not None:
            pins = _byte(car["safe_speeds"].get(rating_now(turn.rating, weather), 0))
    lamps = 0
    if deciding:
        lamps |= LAMP_YOUR_TURN
    if refused:
        lamps |= LAMP_REFUSED
    status = car.get("status")
    if status == "finished":
        lamps |= LAMP_FINISHED
    elif status in ("retired", "off_road"):
        lamps |= LAMP_OUT
    if car.get("best_line"):
        lamps |= LAMP_BEST_LINE
    if car.get("flat_tire"):
        lamps |= LAMP_FLAT_TIRE
    if RAIN.get(weather, 0):
        lamps |= LAMP_RAIN
    if game_over:
        lamps |= LAMP_GAME_OVER
    if stage is not None:
        chrono = view.get("chrono") or {}
        if chrono.get("night"):
            lamps |= LAMP_NIGHT
        if chrono.get("fog") or weather == "fog":
            lamps |= LAMP_FOG
        if stage.get("finish") == "checkpoint" and status in ("racing", "off_road", "waiting"):
            lamps |= LAMP_CHECK_POINT
        if unseen and status in ("racing", "off_road"):
            lamps |= LAMP_TURN_UNSEEN
    switches = (0 if car.get("battery_ok", True) else SWITCH_BATTERY) | (
        0 if car.get("headlights_ok", True) else SWITCH_HEADLIGHTS)
    return {
        "speed": max(0, min(65535, int(car.get("speed") or 0))),
        "turn_pins": pins,
        "temperature": _byte(car.get("temperature")),
        "engine": _byte(car.get("engine")),
        "brakes": _byte(car.get("brakes")),
        "tyres": _byte(car.get("tires")),
        "switches": switches,
        "pace": _byte(cursor + 1 if deciding else 0),
        "lamps": lamps,
    }


def needles(d: dict[str, int]) -> str:
    """The needles of a dashboard (its DASH_STATE) on the emulator's screen."""
    return "  " + legend_words.say("bridge.needles", speed=d["speed"], pins=d["turn_pins"], temperature=d["temperature"],
                                   engine=d["engine"], brakes=d["brakes"], tires=d["tyres"])


def words(move: dict[str, Any], view: dict[str, Any]) -> str:
    """A choice as a driver reads it, from its move (``autodromo.legend.words``)."""
    return legend_words.move_words(move, int(view.get("lanes", 3)))


def frame_words(key: str, **args: Any) -> str:
    """A line of the emulator screen's frame (``screen.FRAME``'s keys), in the reader's language."""
    return legend_words.say(f"bridge.frame.{key}", **args)


def button_words() -> dict[int, str]:
    """Each pace button's word for people (``BUTTONS``', by the control)."""
    return {c: legend_words.say(f"bridge.button.{word}") for c, (word, _) in BUTTONS.items()}


def phase_words(phase: str) -> str:
    return legend_words.phase_name(phase)
