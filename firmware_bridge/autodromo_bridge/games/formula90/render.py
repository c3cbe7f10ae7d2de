"""What the devices show of a Formula 90 race, from its view: a seat's chart on a dashboard
(DASH_STATE) and the track of sections on a track board (a PAL8 frame through a
:class:`~.sectionmap.SectionMap`). Pure functions: the same view gives the same bytes.

Dashboard (DASH_STATE field <- the seat's car in the view; a robot has no chart, so zeros):

=========== ============================================================================
speed        the Target Check card's check factor (1-99; 0 with none on the chart)
turn_pins    wear slots still free (the next wear token with none free retires the car)
temperature  fuel: turns left before the refuel chit's turn (0: the car must pit now)
engine       red wear tokens (repairable: a pit stop removes them)
brakes       brown wear tokens (permanent)
tyres        tyre tokens left
switches     the tyre type: 0 hard, 1 soft, 2 intermediate, 3 rain
pace         the choice under the selector: 1 + its index in the seat's legal actions
lamps        the ``LAMP_*`` bits every game shares (render.py: 0-3, 6, 7) and below
=========== ============================================================================
"""

from __future__ import annotations

from typing import Any

from autodromo.formula90 import words as f90_words

from ...render import (LAMP_FINISHED, LAMP_GAME_OVER, LAMP_LEADER, LAMP_OUT, LAMP_RAIN,
                     LAMP_NAMES as SHARED_NAMES, LAMP_REFUSED, LAMP_YOUR_TURN, PODIUM_NAMES,
                     Face)
from .buttons import BUTTONS as BUTTONS
from .sectionmap import DEFAULT_COLORS, SKIES, SectionMap

# Formula 90 lamps (bits 4, 5 and 8-11 are another game's; DASH_STATE lamps is a u32).
LAMP_MUST_PIT = 1 << 12     # the refuel chit's turn has come, or a recovery forces a stop
LAMP_BLUE_FLAG = 1 << 13    # this car holds a blue pawn
LAMP_ORANGE_FLAG = 1 << 14  # this car holds the orange pawn
LAMP_YELLOW_FLAG = 1 << 15  # a yellow flag lies in this car's section or the next
LAMP_SAFETY_CAR = 1 << 16   # the Safety Car is out
LAMP_EXTREME = 1 << 17      # this car stands on an Extreme Trajectory
LAMP_DRIZZLE = 1 << 18      # the weather pawn stands on a drizzle space
LAMP_SKILL_USED = 1 << 19   # the skill chit is turned: used until the next pit stop
# LEADER (bit 20, render.py): this car leads the race.

TYRES = {"hard": 0, "soft": 1, "intermediate": 2, "rain": 3}
#: The gauges a Formula 90 dashboard's face prints (label, full scale), in DASH_STATE's order.
GAUGES = (("target", 99), ("free slots", 6), ("fuel", 16), ("red wear", 6), ("brown", 6),
          ("tyres", 12))

#: Each lamp's key in formula90/words.py (``bridge.lamp.<key>``, ``bridge.means.<key>``): the
#: shared bits mean what they mean in this game.
LAMP_NAMES = {LAMP_MUST_PIT: "MUST PIT", LAMP_BLUE_FLAG: "BLUE FLAG",
              LAMP_ORANGE_FLAG: "ORANGE FLAG", LAMP_YELLOW_FLAG: "YELLOW FLAG",
              LAMP_SAFETY_CAR: "SAFETY CAR", LAMP_EXTREME: "EXTREME",
              LAMP_DRIZZLE: "DRIZZLE", LAMP_SKILL_USED: "SKILL USED", LAMP_LEADER: "LEADER"}
ALL_LAMPS = {**SHARED_NAMES, **LAMP_NAMES, **PODIUM_NAMES}


def lamp_words() -> tuple[dict[int, str], dict[int, str]]:
    """Each lamp's name and what it means, in the language in use (formula90/words.py)."""
    return ({bit: f90_words.say(f"bridge.lamp.{n}") for bit, n in ALL_LAMPS.items()},
            {bit: f90_words.say(f"bridge.means.{n}") for bit, n in ALL_LAMPS.items()})


#: What its dashboard prints (its face as a picture, in English).
FACE = Face(GAUGES, *lamp_words())


def _byte(v: Any) -> int:
    return max(0, min(255, int(v or 0)))


TYRE_TYPES = tuple(TYRES)


def needles(d: dict[str, int]) -> str:
    """The needles of a dashboard (its DASH_STATE) on the emulator's screen."""
    return "  " + f90_words.say("bridge.needles", target=d["speed"] or "-", slots=d["turn_pins"],
                                fuel=d["temperature"], red=d["engine"], brown=d["brakes"], tokens=d["tyres"],
                                tyre=f90_words.term("tyre", TYRE_TYPES[d["switches"] & 3]))


def words(move: dict[str, Any], view: dict[str, Any]) -> str:
    """A choice on the selector, a button and the log, worded from its move."""
    return f90_words.move_words(move, view)


def frame_words(key: str, **args: Any) -> str:
    """A line of the emulator screen's frame (``screen.FRAME``'s keys)."""
    return f90_words.say(f"bridge.frame.{key}", **args)


def button_words() -> dict[int, str]:
    """Each button's word for people (buttons.py's, by the control)."""
    return {c: f90_words.say(f"bridge.button.{word}") for c, (word, _) in BUTTONS.items()}


def phase_words(phase: str) -> str:
    return f90_words.phase_name(phase)


def _car_index(view: dict[str, Any]) -> dict[str, int]:
    return {str(c["name"]): k for k, c in enumerate(view.get("cars", []))}


def _yellow_near(view: dict[str, Any], section: int) -> bool:
    """A yellow flag in ``section`` (counted from 1) or the one after it."""
    secs = view.get("sections", [])
    if not secs:
        return False
    for k in (section - 1, section % len(secs)):
        if 0 <= k < len(secs) and secs[k].get("yellow_flag") is not None:
            return True
    return False


def sky(view: dict[str, Any]) -> str | None:
    w = view.get("weather")
    return str(w["sky"]) if isinstance(w, dict) and w.get("sky") else None


def safety_car_section(view: dict[str, Any]) -> int | None:
    """The section (from 1) the Safety Car stands in while it is out, else None."""
    sc = view.get("safety_car")
    if isinstance(sc, dict) and sc.get("out") and sc.get("section") is not None:
        return int(sc["section"])
    return None


def dash_state(view: dict[str, Any], seat: int, circuit: object = None, *, deciding: bool,
               cursor: int, refused: bool, game_over: bool = False) -> dict[str, int]:
    """``circuit`` is not read: a track of sections' view says where each car stands."""
    car = view["cars"][seat]
    lamps = 0
    if deciding:
        lamps |= LAMP_YOUR_TURN
    if refused:
        lamps |= LAMP_REFUSED
    status = car.get("status")
    if status in ("retired", "off track"):
        lamps |= LAMP_OUT
    elif game_over or view.get("over"):
        lamps |= LAMP_FINISHED
    if game_over or view.get("over"):
        lamps |= LAMP_GAME_OVER
    weather = sky(view)
    if weather == "rain":
        lamps |= LAMP_RAIN
    elif weather == "drizzle":
        lamps |= LAMP_DRIZZLE
    if car.get("must_pit") or car.get("forced_pit"):
        lamps |= LAMP_MUST_PIT
    if car.get("blue_flag"):
        lamps |= LAMP_BLUE_FLAG
    if car.get("orange_flag"):
        lamps |= LAMP_ORANGE_FLAG
    if status != "retired" and car.get("section") is not None and _yellow_near(view, int(car["section"])):
        lamps |= LAMP_YELLOW_FLAG
    if safety_car_section(view) is not None:
        lamps |= LAMP_SAFETY_CAR
    if car.get("on_extreme"):
        lamps |= LAMP_EXTREME
    if car.get("skill_used"):
        lamps |= LAMP_SKILL_USED
    if view.get("leader") is not None and view.get("leader") == car.get("name"):
        lamps |= LAMP_LEADER
    target = car.get("target") or {}
    wear = car.get("wear") or {}
    red, brown = int(wear.get("red") or 0), int(wear.get("brown") or 0)
    fuel = car.get("fuel")
    # The refuel chit names the turn of the mandatory stop; the car runs until then.
    fuel_left = max(0, int(fuel) - int(view.get("turn") or 0)) if fuel is not None else 0
    return {
        "speed": _byte(target.get("cf")),
        "turn_pins": _byte(int(wear.get("slots") or 0) - red - brown),
        "temperature": _byte(fuel_left),
        "engine": _byte(red),
        "brakes": _byte(brown),
        "tyres": _byte(car.get("tyres")),
        "switches": TYRES.get(str(car.get("tyre", "hard")), 0),
        "pace": _byte(cursor + 1 if deciding else 0),
        "lamps": lamps,
    }


def map_for(board: dict[str, Any]) -> SectionMap:
    """The track board's map generated from the race's board (``Game.board()``)."""
    return SectionMap.for_board(board)


def load_map(path: str, board: dict[str, Any]) -> SectionMap:
    """A map file for the race's board, checked against it."""
    return SectionMap.load(path, board)


# Palette: the map's colours in DEFAULT_COLORS order, each sky dimmed, then the race's cars.
NAMES = tuple(DEFAULT_COLORS)
P = {name: k for k, name in enumerate(NAMES)}
P_DIM = {s: len(NAMES) + k for k, s in enumerate(SKIES)}
P_CAR = len(NAMES) + len(SKIES)
#: A weather space the pawn is not on: its sky's colour divided by this.
DIM = 6


def _hex(value: str) -> tuple[int, int, int]:
    n = int(value[1:], 16)
    return (n >> 16 & 255, n >> 8 & 255, n & 255)


def palette(m: SectionMap, view: dict[str, Any]) -> list[tuple[int, int, int]]:
    """The map's colours, then one entry per car of the race in its own colour."""
    out = [m.colors[name] for name in NAMES]
    out += [(r // DIM, g // DIM, b // DIM) for r, g, b in (m.colors[s] for s in SKIES)]
    out += [_hex(str(c.get("colour") or "#808080")) for c in view.get("cars", [])]
    return out


FLAG = -1


def track_frame(view: dict[str, Any], m: SectionMap) -> bytes:
    """The board as palette indices, one byte per LED (``m.led_count`` of them)."""
    px = bytearray(m.led_count)
    index = _car_index(view)
    cars = view.get("cars", [])
    sections = {int(s["number"]): s for s in view.get("sections", [])}
    sc = safety_car_section(view)
    for sl in m.sections:
        sv = sections.get(sl.number, {})
        queue = [index[n] for n in sv.get("cars", []) if n in index
                 and cars[index[n]].get("status") != "retired"]
        yellow = sv.get("yellow_flag")
        if yellow is not None:
            # The flag stands in the queue behind the cars that were ahead of it.
            queue.insert(min(int(yellow), len(queue)), FLAG)
        extreme = (sv.get("extreme") or {}).get("taken_by") is not None or any(
            cars[k].get("on_extreme") for k in queue if k != FLAG)
        marker = ("safety_car" if sc == sl.number else "extreme" if extreme
                  else "yellow" if yellow is not None else sl.kind)
        px[sl.marker] = P[marker]
        for j, led in enumerate(reversed(sl.slots)):  # the front of the queue is the last LED
            if j >= len(queue):
                px[led] = P["slot"]
            elif j == len(sl.slots) - 1 and len(queue) > len(sl.slots):
                px[led] = P["more"]
            else:
                px[led] = P["yellow"] if queue[j] == FLAG else P_CAR + queue[j]
    weather = view.get("weather")
    if isinstance(weather, dict) and weather.get("table"):
        table = weather["table"]
        pawn = int(weather.get("space", 1)) - 1
        width = len(m.weather)
        for j, space in enumerate(table):
            led = m.weather[j * width // len(table)] if len(table) > width else m.weather[j]
            s = str(space.get("sky"))
            if s in SKIES:
                # A longer table shares LEDs: the pawn's space wins its LED.
                if j == pawn:
                    px[led] = P[s]
                elif px[led] not in (P[k] for k in SKIES):
                    px[led] = P_DIM[s]
    if view.get("over"):
        lamp = "finished"
    elif sc is not None:
        lamp = "safety_car"
    elif any(s.get("yellow_flag") is not None for s in view.get("sections", [])):
        lamp = "yellow"
    elif int(view.get("turn") or 0) > 0:
        lamp = "green"
    else:
        lamp = "off"
    px[m.race_lamp] = P[lamp]
    for led, car in zip(m.pawns, cars):
        px[led] = (P["orange"] if car.get("orange_flag") else P["blue"] if car.get("blue_flag")
                   else P["off"])
    return bytes(px)


def board_lines(view: dict[str, Any]) -> list[str]:
    """What the track board shows, in words for the terminal (``autodromo.formula90.words``)."""
    return f90_words.board_lines(view, safety_car_section(view))
