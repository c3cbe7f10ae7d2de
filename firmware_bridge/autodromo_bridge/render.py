"""What every game's devices share, and a track board of cells: the lamps every dashboard
lights the same way (``LAMP_*`` below), the podium, a dashboard's :class:`Face`; and a track
board's LED frame through the circuit's LED map, computed from a spectator's view
(``state.view(None)``) of a race of cells (cars by row and lane; a route's stages). Pure
functions: the same view gives the same bytes.

A game's own dashboard (its DASH_STATE, its own lamps, its face, its buttons) is drawn by its
module (``games/<game>/render.py``, see ``games/__init__.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .ledmap import RATINGS, LedMap

# The bits every game's dashboard gives the same meaning (DASH_STATE lamps is a u32; a game
# gives the others their meaning).
LAMP_YOUR_TURN = 1 << 0   # this seat must decide now
LAMP_REFUSED = 1 << 1     # the last input was refused (cleared by the next accepted one)
LAMP_FINISHED = 1 << 2
LAMP_OUT = 1 << 3         # out of the race
LAMP_RAIN = 1 << 6
LAMP_GAME_OVER = 1 << 7

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

#: The shared bits' names, as each game's face prints them.
LAMP_NAMES = {LAMP_YOUR_TURN: "YOUR TURN", LAMP_REFUSED: "REFUSED", LAMP_FINISHED: "FINISHED",
              LAMP_OUT: "OUT", LAMP_RAIN: "RAIN", LAMP_GAME_OVER: "GAME OVER"}
LAMP_MEANINGS = {
    LAMP_YOUR_TURN: "this seat decides now", LAMP_REFUSED: "the last button was refused, see the log",
    LAMP_FINISHED: "this car has finished", LAMP_OUT: "this car is out of the race",
    LAMP_RAIN: "rain", LAMP_GAME_OVER: "the race is over",
}


@dataclass(frozen=True)
class Face:
    """What a game's dashboard prints: its gauges (label, full scale) in DASH_STATE's order, its
    lamps (bit -> name) and what each lamp means."""

    gauges: tuple[tuple[str, int], ...]
    lamps: dict[int, str]
    meanings: dict[int, str]


#: What a dashboard prints until it is told its game's face (``emulator.face_of``): DASH_STATE's
#: fields by their names, the shared lamps and the podium's.
DEFAULT_FACE = Face((("speed", 65535), ("turn pins", 255), ("temperature", 255), ("engine", 255),
                     ("brakes", 255), ("tyres", 255)),
                    {**LAMP_NAMES, **PODIUM_NAMES}, {**LAMP_MEANINGS, **PODIUM_MEANINGS})


def podium(place: int | None) -> int:
    """The podium lamp of a place counted from 0 (None: not placed)."""
    return PODIUM[place] if place is not None and 0 <= place < len(PODIUM) else 0


#: The weather a circuit's turn markers read in, by how many steps rain lowers them.
RAIN = {"clear": 0, "light rain": 1, "heavy rain": 2}


def rating_now(rating: str, weather: str) -> str:
    """A turn marker's rating as it reads in ``weather``: rain lowers it a step per level, never
    below A."""
    return RATINGS[max(0, RATINGS.index(rating) - RAIN.get(weather, 0))]


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
