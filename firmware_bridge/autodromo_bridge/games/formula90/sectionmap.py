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

A strip laid otherwise takes a map file (``--ledmap``, :meth:`SectionMap.load`; the format in
docs/bridge.md), checked against the core's board: every section once, each LED once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import BridgeError
from ...ledmap import MAX_LEDS, _color, is_section_track, read_map

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


@dataclass(frozen=True)
class SectionLeds:
    number: int            # from 1, as the board counts
    name: str              # the track's own name for it ("" where it names none)
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
            out.append(SectionLeds(number, str(s.get("name") or ""), kind,
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

    @classmethod
    def load(cls, path: str | Path, board: dict[str, Any]) -> SectionMap:
        """A map file for the race's board (``Game.board()`` of a formula90 race)."""
        return cls.parse(read_map(path), str(path), board)

    @classmethod
    def parse(cls, doc: dict[str, Any], name: str, board: dict[str, Any]) -> SectionMap:
        """Reads a map (``to_doc``'s form), checked against ``board``: the game and track, every
        section of the board once, each LED once and on the strip, the weather track, the race
        lamp, the pawns; colours as ``#rrggbb``."""
        if not is_section_track(board):
            raise BridgeError(f"{name}: the race's board is not a track of sections")
        known = {"game", "track", "led_count", "section", "weather", "race_lamp", "pawns", "colors"}
        extra = sorted(set(doc) - known)
        if extra:
            raise BridgeError(f"{name}: {extra[0]}: not a key of a Formula 90 map ({', '.join(sorted(known))})")

        def need(key: str, kind: type, where: str | None = None, src: dict[str, Any] = doc) -> Any:
            where = where or key
            if key not in src:
                raise BridgeError(f"{name}: {where}: missing")
            if not isinstance(src[key], kind) or isinstance(src[key], bool):
                raise BridgeError(f"{name}: {where}: expected {'an integer' if kind is int else 'a ' + kind.__name__}")
            return src[key]

        if need("game", str) != GAME:
            raise BridgeError(f"{name}: game: the map is for {doc['game']!r}, the race is {GAME!r}")
        track = str(board.get("id"))
        if need("track", str) != track:
            raise BridgeError(f"{name}: track: the map is for {doc['track']!r}, the race runs on {track!r}")
        count = need("led_count", int)
        if not 1 <= count <= MAX_LEDS:
            raise BridgeError(f"{name}: led_count: 1..{MAX_LEDS}, not {count}")
        used: dict[int, str] = {}

        def led(value: Any, where: str) -> int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise BridgeError(f"{name}: {where}: expected an LED number")
            if not 0 <= value < count:
                raise BridgeError(f"{name}: {where}: LED {value} is not on the strip (0..{count - 1})")
            if value in used:
                raise BridgeError(f"{name}: {where}: LED {value} is also {used[value]}")
            used[value] = where
            return value

        def run(value: Any, where: str) -> list[int]:
            """``[first, last]``: the LEDs from first to last, either way."""
            if (not isinstance(value, list) or len(value) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
                raise BridgeError(f"{name}: {where}: expected [first, last] LED numbers")
            a, b = value
            step = 1 if b >= a else -1
            return [led(i, f"{where} ({i})") for i in range(a, b + step, step)]

        sections = board["sections"]
        by_number = {int(sec.get("number", k + 1)): sec for k, sec in enumerate(sections)}
        rows = doc.get("section")
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise BridgeError(f"{name}: section: expected [[section]] tables")
        given: dict[int, SectionLeds] = {}
        for k, row in enumerate(rows):
            where = f"section[{k}]"
            number = need("number", int, f"{where}.number", row)
            if number not in by_number:
                raise BridgeError(f"{name}: {where}.number: track {track!r} has no section {number} "
                                  f"(1..{len(sections)})")
            if number in given:
                raise BridgeError(f"{name}: {where}.number: section {number} is given twice")
            sec = by_number[number]
            marker = led(need("marker", int, f"{where}.marker", row), f"{where}.marker")
            slots = tuple(run(need("slots", list, f"{where}.slots", row), f"{where}.slots"))
            if len(slots) > 32:
                raise BridgeError(f"{name}: {where}.slots: at most 32 LEDs a queue, not {len(slots)}")
            given[number] = SectionLeds(number, str(sec.get("name") or ""), str(sec.get("kind")),
                                        sec.get("late_brake") is not None, marker, slots)
        missing = sorted(set(by_number) - set(given))
        if missing:
            raise BridgeError(f"{name}: section: track {track!r} has sections "
                              f"{', '.join(map(str, missing))} the map does not give")
        weather = run(need("weather", list), "weather")
        lamp = led(need("race_lamp", int), "race_lamp")
        pawns = run(need("pawns", list), "pawns")
        colors_doc = doc.get("colors", {})
        if not isinstance(colors_doc, dict) or set(colors_doc) - set(DEFAULT_COLORS):
            raise BridgeError(f"{name}: colors: a table of {', '.join(DEFAULT_COLORS)}")
        colors = {k: _color(colors_doc.get(k, v), f"{name}: colors.{k}")
                  for k, v in DEFAULT_COLORS.items()}
        order = [given[n] for n in by_number]
        return cls(name, track, str(board.get("name", track)), count, order, weather, lamp,
                   pawns, colors)

    def to_toml(self) -> str:
        """``to_doc`` as a TOML file, with a comment saying what each key is."""
        doc = self.to_doc()
        out = [f"# The track board of Formula 90's track {self.name!r}: a strip of {self.led_count} LEDs "
               "(docs/bridge.md, Formula 90 maps).",
               f'game = "{GAME}"', f'track = "{self.track}"', f"led_count = {self.led_count}",
               f"weather = {doc['weather']}          # the weather track, first to last LED",
               f"race_lamp = {self.race_lamp}",
               f"pawns = {doc['pawns']}            # one LED a car, in the race's car order", ""]
        for sec in doc["section"]:
            out += ["[[section]]", f"number = {sec['number']}", f"marker = {sec['marker']}",
                    f"slots = {sec['slots']}          # its queue, back to front", ""]
        out.append("[colors]")
        out += [f'{k} = "{v}"' for k, v in doc["colors"].items()]
        return "\n".join(out) + "\n"

    def to_doc(self) -> dict[str, Any]:
        """The map in its file's form (``parse`` reads it back): a start for a strip laid
        otherwise."""
        def span(leds: list[int] | tuple[int, ...]) -> list[int]:
            return [leds[0], leds[-1]]

        return {"game": GAME, "track": self.track, "led_count": self.led_count,
                "section": [{"number": sec.number, "marker": sec.marker, "slots": span(sec.slots)}
                            for sec in self.sections],
                "weather": span(self.weather), "race_lamp": self.race_lamp,
                "pawns": span(self.pawns),
                "colors": {k: "#%02x%02x%02x" % rgb for k, rgb in self.colors.items()}}
