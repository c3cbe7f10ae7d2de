"""A Formula 90 track board: LEDs for a track of sections (no lanes, no cells: the cars of a
section stand in a queue, front to back). The map is generated from the core's board
(``Game.board()`` of a formula90 race: its ``sections``), never from the track files.

One strip, in the direction of the race:

- each section, from the finish line: a *marker* LED (the section's kind, a yellow flag there,
  the Safety Car standing there, a car on its Extreme Trajectory), then ``slots`` LEDs for its
  queue, the front of the queue last (nearest the next section);
- the weather track: one LED a space of the track's weather table (up to ``WEATHER_LEDS``);
- the race lamp: green racing, yellow while a yellow flag lies on the track, the Safety Car's
  colour while it is out, white once the race is over;
- one pawn LED per car, in the race's car order (the seats, then the robots): blue while the car
  holds a blue pawn, orange while it holds the orange pawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import BridgeError
from .ledmap import MAX_LEDS, _color

GAME = "formula90"
#: LEDs for a section's queue unless the map says otherwise.
DEFAULT_SLOTS = 6
#: The weather track's LEDs: a table of more spaces shows the pawn in proportion.
WEATHER_LEDS = 12
#: One pawn LED per car the core allows in a race (options.rs MAX_CARS).
PAWN_LEDS = 16

DEFAULT_COLORS: dict[str, str] = {
    "off": "#000000",
    "slot": "#040404",         # an empty place in a queue
    "straight": "#0c0804",
    "braking": "#101010",
    "corner": "#201000",
    "yellow": "#e0e000",       # a yellow flag, in its queue and on its section's marker
    "green": "#00c000",
    "blue": "#0030ff",
    "orange": "#ff5000",
    "safety_car": "#ffa000",
    "extreme": "#c000c0",      # a car stands on this section's Extreme Trajectory
    "finished": "#c0c0c0",
    "more": "#ffffff",         # more cars in a section than it has LEDs
    # The weather track: the pawn's space in its sky's colour, the others dimmed.
    "dry": "#c08000",
    "drizzle": "#2080c0",
    "rain": "#0000ff",
}
SKIES = ("dry", "drizzle", "rain")


def is_section_track(board: dict[str, Any]) -> bool:
    """A Formula 90 board: a loop of sections, one cell each (a lane grid's geometry is "grid")."""
    return board.get("geometry") == "sections" and isinstance(board.get("sections"), list)


@dataclass(frozen=True)
class SectionLeds:
    number: int            # from 1, as the board counts
    name: str
    kind: str
    late_brake: bool
    marker: int
    slots: tuple[int, ...]  # back of the queue first


@dataclass
class SectionMap:
    source: str
    track: str              # the track's id
    name: str               # its name, for people
    led_count: int
    sections: list[SectionLeds] = field(default_factory=list)
    weather: list[int] = field(default_factory=list)
    race_lamp: int = 0
    pawns: list[int] = field(default_factory=list)
    colors: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    @classmethod
    def for_board(cls, board: dict[str, Any], slots: int = DEFAULT_SLOTS) -> SectionMap:
        """The generated map of a Formula 90 board (``Game.board()``)."""
        sections = board.get("sections")
        if not isinstance(sections, list) or not sections or not is_section_track(board):
            raise BridgeError(f"{board.get('name', 'this race')}: not a track of sections")
        if not 1 <= slots <= 32:
            raise BridgeError(f"slots: 1..32 LEDs a section, not {slots}")
        track = str(board.get("id"))
        name = f"the generated map of track {board.get('name', track)!r}"
        out = []
        at = 0
        for k, s in enumerate(sections):
            number = int(s.get("number", k + 1))
            kind = str(s.get("kind"))
            if kind not in ("straight", "braking", "corner"):
                raise BridgeError(f"{name}: section {number}: kind {kind!r} is not straight, "
                                  "braking or corner")
            out.append(SectionLeds(number, str(s.get("name", number)), kind,
                                   s.get("late_brake") is not None, at,
                                   tuple(range(at + 1, at + 1 + slots))))
            at += 1 + slots
        weather = list(range(at, at + WEATHER_LEDS))
        at += WEATHER_LEDS
        lamp = at
        pawns = list(range(at + 1, at + 1 + PAWN_LEDS))
        count = pawns[-1] + 1
        if count > MAX_LEDS:
            raise BridgeError(f"{name}: {count} LEDs, more than a strip's {MAX_LEDS} "
                              f"({len(sections)} sections of {1 + slots}); give fewer slots")
        colors = {k: _color(v, f"colors.{k}") for k, v in DEFAULT_COLORS.items()}
        return cls(name, track, str(board.get("name", track)), count, out, weather, lamp,
                   pawns, colors)
