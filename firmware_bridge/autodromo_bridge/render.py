"""What the devices show, computed from a spectator's view (``state.view(None)``): a dashboard's
DASH_STATE for its car on a circuit of lanes, and a track board's LED frame through the circuit's
LED map (a race of cells: cars by row and lane). Pure functions: the same view gives the
same bytes.

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
lamps       see the ``LAMP_*`` bits
========== =============================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .ledmap import RATINGS, Circuit, LedMap

LAMP_YOUR_TURN = 1 << 0   # this car must decide now
LAMP_REFUSED = 1 << 1     # the last input was refused (cleared by the next accepted one)
LAMP_FINISHED = 1 << 2
LAMP_OUT = 1 << 3         # retired, or stopped off the road
LAMP_BEST_LINE = 1 << 4
LAMP_FLAT_TIRE = 1 << 5
LAMP_RAIN = 1 << 6
LAMP_GAME_OVER = 1 << 7
# Stage races (DASH_STATE lamps is a u32: bits past 7 are free for the host to give meaning).
LAMP_NIGHT = 1 << 8       # the Chrono reads night (18:00 to 06:00)
LAMP_FOG = 1 << 9         # the stage is in fog
LAMP_CHECK_POINT = 1 << 10  # this stage ends at a Check Point line with its speed limit
LAMP_TURN_UNSEEN = 1 << 11  # the next turn's marker is face down to this car: no turn pins

# A game that ranks its cars as they race lights this for the car in front (bit 20).
LAMP_LEADER = 1 << 20

# Every game's, once its race is over: the seat's place (a podium lamp each; a seat placed
# fourth or later lights none). DASH_STATE lamps is a u32.
LAMP_FIRST = 1 << 24
LAMP_SECOND = 1 << 25
LAMP_THIRD = 1 << 26
PODIUM = (LAMP_FIRST, LAMP_SECOND, LAMP_THIRD)
PODIUM_NAMES = {LAMP_FIRST: "1ST", LAMP_SECOND: "2ND", LAMP_THIRD: "3RD"}
PODIUM_MEANINGS = {LAMP_FIRST: "the race is over: this seat won", LAMP_SECOND: "the race is over: "
                   "this seat placed second", LAMP_THIRD: "the race is over: this seat placed third"}


#: A lane game's lamps (bits 0 to 11 above), then the podium's, lit once the race is over.
LANE_LAMPS = {LAMP_YOUR_TURN: "YOUR TURN", LAMP_REFUSED: "REFUSED", LAMP_FINISHED: "FINISHED",
              LAMP_OUT: "OUT", LAMP_BEST_LINE: "BEST LINE", LAMP_FLAT_TIRE: "FLAT TIRE",
              LAMP_RAIN: "RAIN", LAMP_GAME_OVER: "GAME OVER", LAMP_NIGHT: "NIGHT", LAMP_FOG: "FOG",
              LAMP_CHECK_POINT: "CHECK POINT", LAMP_TURN_UNSEEN: "TURN UNSEEN", **PODIUM_NAMES}
LAMP_MEANINGS = {
    LAMP_YOUR_TURN: "this car decides now", LAMP_REFUSED: "the last button was refused, see the log",
    LAMP_FINISHED: "this car has finished", LAMP_OUT: "retired or off the road",
    LAMP_BEST_LINE: "on the turn's best line", LAMP_FLAT_TIRE: "a flat tyre",
    LAMP_RAIN: "rain: markers read a step lower per level", LAMP_GAME_OVER: "the race is over",
    LAMP_NIGHT: "night on the Chrono: markers face down unless the headlights work",
    LAMP_FOG: "fog: markers face down until the car is at the turn",
    LAMP_CHECK_POINT: "this stage ends at a Check Point: mind its speed limit at the line",
    LAMP_TURN_UNSEEN: "the next turn's marker cannot be read yet: no turn pins",
    **PODIUM_MEANINGS,
}
#: A lane game's gauges (label, full scale), in DASH_STATE's order.
LANE_GAUGES = (("speed", 12), ("pins", 12), ("temp", 8), ("engine", 8), ("brakes", 8),
               ("tyres", 16))


@dataclass(frozen=True)
class Face:
    """What a game's dashboard prints: its gauges (label, full scale) in DASH_STATE's order, its
    lamps (bit -> name) and what each lamp means."""

    gauges: tuple[tuple[str, int], ...]
    lamps: dict[int, str]
    meanings: dict[int, str]


#: The face of this module's dashboard, a lane game's: what a dashboard prints until told.
LANE_FACE = Face(LANE_GAUGES, LANE_LAMPS, LAMP_MEANINGS)


def podium(place: int | None) -> int:
    """The podium lamp of a place counted from 0 (None: not placed)."""
    return PODIUM[place] if place is not None and 0 <= place < len(PODIUM) else 0


SWITCH_BATTERY = 1 << 0
SWITCH_HEADLIGHTS = 1 << 1

RAIN = {"clear": 0, "light rain": 1, "heavy rain": 2}


def _byte(v: Any) -> int:
    return max(0, min(255, int(v or 0)))


def rating_now(rating: str, weather: str) -> str:
    return RATINGS[max(0, RATINGS.index(rating) - RAIN.get(weather, 0))]


def dash_state(
    view: dict[str, Any], seat: int, circuit: Circuit | None, *, deciding: bool, cursor: int,
    refused: bool, game_over: bool = False,
) -> dict[str, int]:
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


# Palette layout (PAL8 indices).
P_OFF = 0
P_TRACK = 1
P_TURN = 2                      # A..E: 2..6
P_WEATHER = P_TURN + len(RATINGS)  # clear, light rain, heavy rain: 7..9
P_CAR = P_WEATHER + len(RAIN)      # seat k: 10 + k


#: After the cars, a route's map (Stage races) adds these, in this order.
STAGE_COLORS = ("hidden", "arrivo", "checkpoint", "stage", "stage_done", "day", "night")


def palette(ledmap: LedMap) -> list[tuple[int, int, int]]:
    c = ledmap.colors
    out = ([c["off"], c["track"]] + [c["turns"][r] for r in RATINGS]
           + [c["weather"][w] for w in RAIN] + list(c["cars"]))
    if ledmap.stages:
        out += [c[k] for k in STAGE_COLORS] + [c["weather"]["fog"]]
    return out


def _stage_index(ledmap: LedMap, name: str) -> int:
    """A Stage race's colour in the palette (after the map's cars)."""
    return P_CAR + len(ledmap.colors["cars"]) + (STAGE_COLORS + ("fog",)).index(name)


def track_frame(view: dict[str, Any], ledmap: LedMap) -> bytes:
    """The board as palette indices, one byte per LED (``ledmap.led_count`` of them)."""
    if ledmap.stages:
        return stage_frame(view, ledmap)
    circuit = ledmap.circuit
    weather = str(view.get("weather", "clear"))
    px = bytearray(ledmap.led_count)
    for (row, _lane), leds in ledmap.cells.items():
        turn = circuit.turn_of_row(row)
        # Turn rows glow in the colour of their marker as it reads now.
        value = P_TURN + RATINGS.index(rating_now(turn.rating, weather)) if turn else P_TRACK
        for i in leds:
            px[i] = value
    for turn, leds in zip(circuit.turns, ledmap.markers):
        for i in leds:
            px[i] = P_TURN + RATINGS.index(rating_now(turn.rating, weather))
    for i in ledmap.weather:
        px[i] = P_WEATHER + RAIN.get(weather, 0)
    n_colors = len(ledmap.colors["cars"])
    for k, car in enumerate(view.get("cars", [])):
        if car.get("row") is None or car.get("lane") is None:
            continue
        if car.get("status") == "retired" or car.get("wrecked"):  # off the board
            continue
        # A car in its seat's colour (a car with an owner is its owner's; else car k is seat k).
        seat = int(car.get("owner", k))
        cell = (int(car["row"]) % circuit.rows, int(car["lane"]))
        for i in ledmap.cells.get(cell, []):
            px[i] = P_CAR + seat % n_colors
    return bytes(px)


#: Cars a Stage race keeps off the road: waiting to start, parked past the line, retired.
ON_THE_ROAD = ("racing", "off_road")


def stage_frame(view: dict[str, Any], ledmap: LedMap) -> bytes:
    """A Stage race on a route's map: the current stage's road, each turn's rows in the colour of
    its marker as the table shows it (face down at night and in fog: the hidden colour, so the
    board never tells what the players cannot read), the finish line in the Arrivo's or the Check
    Point's colour, the stage lamps (done, current, to come), the weather and day or night, and
    the cars on the road in their seats' colours."""
    stage = view.get("stage") or {}
    k = int(stage.get("index", 0))
    if not 0 <= k < len(ledmap.stages):
        raise ValueError(f"stage {k + 1}: the route's map has {len(ledmap.stages)} stages")
    m = ledmap.stages[k]
    circuit = m.circuit
    weather = str(view.get("weather", "clear"))
    shown = {int(t["turn"]): t.get("rating") for t in (view.get("markers") or {}).get("turns", [])}
    hidden = _stage_index(ledmap, "hidden")
    px = bytearray(ledmap.led_count)
    for (row, _lane), leds in m.cells.items():
        turn = circuit.turn_of_row(row)
        value = P_TRACK
        if turn is not None:
            rating = shown.get(circuit.turns.index(turn), rating_now(turn.rating, weather))
            value = P_TURN + RATINGS.index(rating) if rating else hidden
        for i in leds:
            px[i] = value
    line = _stage_index(ledmap, "checkpoint" if stage.get("finish") == "checkpoint" else "arrivo")
    for i in ledmap.finish:
        px[i] = line
    for j, i in enumerate(ledmap.stage_lamps):
        px[i] = (_stage_index(ledmap, "stage") if j == k
                 else _stage_index(ledmap, "stage_done") if j < k else P_OFF)
    for i in ledmap.weather:
        px[i] = _stage_index(ledmap, "fog") if weather == "fog" else P_WEATHER + RAIN.get(weather, 0)
    night = bool((view.get("chrono") or {}).get("night"))
    for i in ledmap.daylight:
        px[i] = _stage_index(ledmap, "night" if night else "day")
    n_colors = len(ledmap.colors["cars"])
    for seat, car in enumerate(view.get("cars", [])):
        if car.get("status") not in ON_THE_ROAD or car.get("row") is None or car.get("lane") is None:
            continue
        for i in m.cells.get((int(car["row"]), int(car["lane"])), []):
            px[i] = P_CAR + seat % n_colors
    return bytes(px)


def to_rgb(indices: bytes, colors: list[tuple[int, int, int]]) -> bytes:
    """A PAL8 frame as RGB888, for strips that take no palette."""
    out = bytearray()
    for i in indices:
        out += bytes(colors[i])
    return bytes(out)
