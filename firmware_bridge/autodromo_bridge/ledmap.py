"""LED maps: which LEDs of a track board light for each cell (row, lane) of a circuit, for each
turn's marker and for the weather. A map is a TOML file we author (format in docs/bridge.md);
every error names the file and the key.

The circuit's rows, lanes and turns (with their markers) come from the core's board
(``Game.board()``): the map is checked against the circuit exactly as the rules built it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

import autodromo
from autodromo.errors import AutodromoError

from . import games
from .errors import BridgeError

HERE = Path(__file__).resolve().parent / "ledmaps"
RATINGS = "ABCDE"
MAX_LEDS = 512
#: The games whose circuits a track board shows through an LED map (``BOARD = "cells"`` in
#: ``games/<game>.py``), and the one a map is for unless it says (``MAP_DEFAULT``).
GAMES = games.with_board("cells")
DEFAULT_GAME = games.first("MAP_DEFAULT")


def read_map(path: str | Path) -> dict[str, Any]:
    """A map file's TOML, or a BridgeError saying why not: the one place the bridge reads a map
    file, whatever the game's board."""
    name = str(path)
    try:
        doc: dict[str, Any] = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise BridgeError(f"{name}: cannot be read: {e.strerror}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise BridgeError(f"{name}: not TOML: {e}") from None
    return doc


def is_section_track(board: dict[str, Any]) -> bool:
    """A board of sections: a loop of sections, one cell each (a lane grid's geometry is
    "grid"); its game's module draws it (``track_board()``, ``games/__init__.py``)."""
    return board.get("geometry") == "sections" and isinstance(board.get("sections"), list)


class TrackMap(Protocol):
    """What the bridge asks of any track board's map: an LED map of lanes and rows
    (:class:`LedMap`) or the map of a game's own drawing (``track_board()``)."""

    @property
    def source(self) -> str: ...
    @property
    def led_count(self) -> int: ...


def own_drawing(board: dict[str, Any]) -> ModuleType | None:
    """The module that lays the race's track on a strip and draws it, for a track of sections
    (``track_board()`` of its game's module: ``map_for(board)``, ``load_map(path, board)``,
    ``palette(map, view)``, ``track_frame(view, map)``, ``board_lines(view)``); None for a
    board of cells, which an LED map shows (this module and render.py)."""
    if not is_section_track(board):
        return None
    game = str(board.get("game"))
    drawing = games.fact(game, "track_board")
    if drawing is None:
        raise BridgeError(f"{board.get('name', 'this race')}: a track of sections, and "
                          f"{games.names([game]) if game in games.followed() else game} has no "
                          "track board drawing of its own")
    found: ModuleType = drawing()
    return found


def map_for(board: dict[str, Any], path: str | None = None) -> TrackMap:
    """The track board's map of the race's board: the map file at ``path``, checked against the
    board, else the shipped (or generated) one."""
    own = own_drawing(board)
    if own is not None:
        made: TrackMap = own.map_for(board) if path is None else own.load_map(path, board)
        return made
    return LedMap.for_board(board) if path is None else LedMap.load(path, board)


def _lanes_and_rows(board: dict[str, Any]) -> None:
    """An LED map lights cells of lanes and rows; a track of sections has a map of its own."""
    if board.get("geometry") == "sections":
        raise BridgeError(f"{board.get('name', 'this race')}: a track of sections takes the map "
                          "generated from its sections, not an LED map of lanes and rows")


@dataclass(frozen=True)
class Turn:
    first_row: int
    last_row: int
    rating: str


@dataclass(frozen=True)
class Circuit:
    """A circuit as the LED map needs it: its rows, lanes and turns, from the core's board."""

    id: str
    rows: int
    lanes: int
    turns: tuple[Turn, ...]
    game: str = DEFAULT_GAME
    #: A circuit loops; a stage of a route is an open road ending at its line.
    closed: bool = True

    @classmethod
    def from_board(cls, board: dict[str, Any]) -> Circuit:
        """A circuit's board, or one stage of a route's (``board["stages"][k]``)."""
        _lanes_and_rows(board)
        if board.get("kind") not in ("circuit", "stage"):
            raise BridgeError(f"{board.get('name', 'this race')}: a track board shows a circuit "
                              f"or a stage, not a {board.get('kind', 'race without a board')}")
        turns = tuple(Turn(int(t["entry"]), int(t["exit"]), str(t["marker"])) for t in board["turns"])
        return cls(str(board["id"]), int(board["length"]), int(board["lanes"]), turns,
                   str(board["game"]), bool(board.get("closed", True)))

    def turn_of_row(self, row: int) -> Turn | None:
        for t in self.turns:
            if t.first_row <= row <= t.last_row:
                return t
        return None

    def next_turn(self, row: int) -> Turn | None:
        """The turn the car at ``row`` is in, or the next one ahead (a circuit loops, a stage
        does not: past its last turn there is none)."""
        if not self.turns:
            return None
        for k in range(self.rows):
            if not self.closed and row + k >= self.rows:
                return None
            t = self.turn_of_row((row + k) % self.rows)
            if t is not None:
                return t
        return None


def circuit_board(game: str, circuit_id: str, content_dir: str | Path | None = None) -> dict[str, Any]:
    """The core's board of ``circuit_id`` in ``game`` (a race on it is built to ask)."""
    if game not in GAMES:
        raise BridgeError(f"game {game!r}: a track board shows {' or '.join(GAMES)}")
    # What a race of the game needs before it has a board (``BOARD_OPTIONS``): cars, say.
    options: dict[str, Any] = {**games.fact(game, "BOARD_OPTIONS", {}), "circuit": circuit_id}
    try:
        board = autodromo.game(game, str(content_dir) if content_dir is not None else None,
                               **options).board()
    except AutodromoError as e:
        raise BridgeError(f"circuit {circuit_id!r}: {e}") from None
    assert board is not None
    return board


def circuit(game: str, circuit_id: str, content_dir: str | Path | None = None) -> Circuit:
    return Circuit.from_board(circuit_board(game, circuit_id, content_dir))


def _color(value: Any, where: str) -> tuple[int, int, int]:
    if isinstance(value, str) and len(value) == 7 and value[0] == "#":
        try:
            n = int(value[1:], 16)
        except ValueError:
            pass
        else:
            return (n >> 16 & 255, n >> 8 & 255, n & 255)
    raise BridgeError(f"{where}: a colour is \"#rrggbb\", not {value!r}")


DEFAULT_COLORS: dict[str, Any] = {
    "off": "#000000",
    "track": "#080808",
    "turns": {"A": "#400000", "B": "#401800", "C": "#303000", "D": "#003000", "E": "#002040"},
    "weather": {"clear": "#302000", "light rain": "#001040", "heavy rain": "#0000a0",
                "fog": "#303030"},
    # Seat colours, as the web page draws the cars.
    "cars": ["#e02020", "#2060e0", "#20a020", "#e0c000", "#a020c0", "#e07010",
             "#20c0c0", "#e040a0", "#806040", "#c0c0c0", "#60e060", "#4040a0"],
    # Stage races only (a route's map): a turn whose marker lies face down (night, fog), the
    # stage's finish line, the stage lamps, the Chrono's day and night.
    "hidden": "#101018",
    "arrivo": "#a0a0a0",
    "checkpoint": "#a00060",
    "stage": "#00a040",
    "stage_done": "#002008",
    "day": "#302000",
    "night": "#000818",
}


@dataclass
class LedMap:
    """cell (row, lane) -> LEDs; turn index -> marker LEDs; weather LEDs; colours."""

    source: str
    circuit: Circuit
    led_count: int
    cells: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    markers: list[list[int]] = field(default_factory=list)
    weather: list[int] = field(default_factory=list)
    colors: dict[str, Any] = field(default_factory=dict)
    #: A route's map (a Stage race): one map per stage, all on this strip; the LEDs of
    #: the finish line (Arrivo or Check Point) after the stage's last row, one per lane; one
    #: lamp per stage; the Chrono's day or night.
    stages: list[LedMap] = field(default_factory=list)
    finish: list[int] = field(default_factory=list)
    stage_lamps: list[int] = field(default_factory=list)
    daylight: list[int] = field(default_factory=list)

    @classmethod
    def load(cls, path: str | Path, board: dict[str, Any] | None = None,
             content_dir: str | Path | None = None) -> LedMap:
        """Reads a map; ``board`` is the race's (``Game.board()``), else the map's own circuit."""
        return cls.parse(read_map(path), str(path), board, content_dir)

    @classmethod
    def for_board(cls, board: dict[str, Any]) -> LedMap:
        """The shipped map of the board's circuit (``ledmaps/<game>/<id>.toml`` in this package),
        or for a route the map generated from its stages' boards."""
        _lanes_and_rows(board)
        if board.get("kind") == "route":
            return cls.for_route(board)
        folder = HERE / str(board["game"])
        path = folder / f"{board['id']}.toml"
        if not path.exists():
            shipped = ", ".join(sorted(p.stem for p in folder.glob("*.toml")))
            raise BridgeError(f"no LED map for circuit {board['id']!r} (shipped: {shipped}); "
                              "write one and pass --ledmap FILE")
        return cls.load(path, board)

    @classmethod
    def for_circuit(cls, circuit_id: str, game: str = DEFAULT_GAME) -> LedMap:
        """The shipped map of ``circuit_id`` of ``game``."""
        return cls.for_board(circuit_board(game, circuit_id))

    @classmethod
    def for_route(cls, board: dict[str, Any]) -> LedMap:
        """A route's map, generated from the core's board of each stage: a serpentine of one LED
        a cell, lane after lane, as long as the longest stage (a shorter stage leaves the end of
        each run dark); then the finish line, one LED a lane; a lamp per stage; the weather and
        the Chrono's day or night. Each stage's part goes through :meth:`parse`, so it is checked
        against that stage's rows and lanes like a file."""
        if board.get("kind") != "route" or not board.get("stages"):
            raise BridgeError(f"{board.get('name', 'this race')}: not a route of stages")
        stages = board["stages"]
        lanes = {int(s["lanes"]) for s in stages}
        if len(lanes) != 1:
            raise BridgeError(f"route {board['id']!r}: its stages have {sorted(lanes)} lanes; "
                              "one strip shows stages of one width")
        width = lanes.pop()
        longest = max(int(s["length"]) for s in stages)
        cells = longest * width
        finish = list(range(cells, cells + width))
        lamps = list(range(cells + width, cells + width + len(stages)))
        weather, daylight = [lamps[-1] + 1], [lamps[-1] + 2]
        count = daylight[0] + 1
        if count > MAX_LEDS:
            raise BridgeError(f"route {board['id']!r}: {count} LEDs, more than a strip's "
                              f"{MAX_LEDS}")
        name = f"the generated map of route {board['id']!r}"
        maps = []
        for k, stage in enumerate(stages):
            length = int(stage["length"])
            # Even lanes run forward from their run's start; odd lanes come back, so row r of
            # an odd lane is the run's (longest - 1 - r)th LED whatever the stage's length.
            strips = [{"lane": ln, "first_led": ln * longest, "rows": [0, length - 1]}
                      if ln % 2 == 0 else
                      {"lane": ln, "first_led": (ln + 1) * longest - length, "rows": [length - 1, 0]}
                      for ln in range(width)]
            doc = {"circuit": str(stage["id"]), "led_count": count, "strip": strips}
            maps.append(cls.parse(doc, f"{name}, stage {k + 1}", stage))
        first = maps[0]
        return cls(name, first.circuit, count, weather=weather, colors=first.colors,
                   stages=maps, finish=finish, stage_lamps=lamps, daylight=daylight)

    @classmethod
    def parse(cls, doc: dict[str, Any], name: str, board: dict[str, Any] | None = None,
              content_dir: str | Path | None = None) -> LedMap:
        def need(key: str, kind: type, where: str | None = None) -> Any:
            if key not in doc:
                raise BridgeError(f"{name}: {key}: missing")
            if not isinstance(doc[key], kind) or isinstance(doc[key], bool):
                raise BridgeError(f"{name}: {where or key}: expected a {kind.__name__}")
            return doc[key]

        known = {"game", "circuit", "led_count", "strip", "cells", "markers", "weather", "colors"}
        for key in doc:
            if key not in known:
                raise BridgeError(f"{name}: {key}: unknown key (keys: {', '.join(sorted(known))})")
        game = doc.get("game", DEFAULT_GAME)
        if game not in GAMES:
            raise BridgeError(f"{name}: game: {' or '.join(GAMES)}, not {game!r}")
        circuit_id = need("circuit", str)
        if board is None:
            try:
                board = circuit_board(game, circuit_id, content_dir)
            except BridgeError as e:
                raise BridgeError(f"{name}: {e}") from None
        circuit = Circuit.from_board(board)
        if (game, circuit_id) != (circuit.game, circuit.id):
            raise BridgeError(f"{name}: circuit: the map is for {circuit_id!r} ({game}), the race "
                              f"runs on {circuit.id!r} ({circuit.game})")
        count = need("led_count", int)
        if not 1 <= count <= MAX_LEDS:
            raise BridgeError(f"{name}: led_count: 1..{MAX_LEDS}, not {count}")
        m = cls(name, circuit, count)

        def leds(value: Any, where: str) -> list[int]:
            if not isinstance(value, list) or not all(isinstance(i, int) and not isinstance(i, bool)
                                                      for i in value):
                raise BridgeError(f"{name}: {where}: a list of LED indices")
            for i in value:
                if not 0 <= i < count:
                    raise BridgeError(f"{name}: {where}: LED {i} is outside 0..{count - 1}")
            return list(value)

        def cell(row: int, lane: int, where: str) -> tuple[int, int]:
            if not 0 <= row < circuit.rows:
                raise BridgeError(f"{name}: {where}: row {row} is outside 0..{circuit.rows - 1} "
                                  f"of circuit {circuit.id!r}")
            if not 0 <= lane < circuit.lanes:
                raise BridgeError(f"{name}: {where}: lane {lane} is outside 0..{circuit.lanes - 1}")
            return (row, lane)

        for k, s in enumerate(doc.get("strip", [])):
            where = f"strip[{k}]"
            if not isinstance(s, dict) or set(s) - {"lane", "rows", "first_led", "step", "per_cell"}:
                raise BridgeError(f"{name}: {where}: keys are lane, rows, first_led, step, per_cell")
            for key in ("lane", "rows", "first_led"):
                if key not in s:
                    raise BridgeError(f"{name}: {where}.{key}: missing")
            rows = s["rows"]
            if (not isinstance(rows, list) or len(rows) != 2
                    or not all(isinstance(r, int) for r in rows)):
                raise BridgeError(f"{name}: {where}.rows: [first row, last row]")
            step = s.get("step", 1)
            per = s.get("per_cell", 1)
            if step not in (1, -1):
                raise BridgeError(f"{name}: {where}.step: 1 or -1")
            if not isinstance(per, int) or per < 1:
                raise BridgeError(f"{name}: {where}.per_cell: at least 1")
            a, b = rows
            direction = 1 if b >= a else -1
            for j, row in enumerate(range(a, b + direction, direction)):
                place = cell(row, s["lane"], f"{where}.rows")
                base = s["first_led"] + step * j * per
                m.cells[place] = leds([base + step * q for q in range(per)], f"{where}.first_led")
        cells = doc.get("cells", {})
        if not isinstance(cells, dict):
            raise BridgeError(f"{name}: cells: a table of \"row,lane\" = [LEDs]")
        for key, value in cells.items():
            parts = key.split(",")
            if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
                raise BridgeError(f"{name}: cells.{key}: a key is \"row,lane\"")
            where = f"cells.\"{key}\""
            m.cells[cell(int(parts[0]), int(parts[1]), where)] = leds(value, where)
        markers = doc.get("markers", [])
        if not isinstance(markers, list):
            raise BridgeError(f"{name}: markers: one list of LEDs per turn, in circuit order")
        if markers and len(markers) != len(circuit.turns):
            raise BridgeError(f"{name}: markers: {len(markers)} lists for the "
                              f"{len(circuit.turns)} turns of {circuit.id!r}")
        m.markers = [leds(v, f"markers[{k}]") for k, v in enumerate(markers)]
        m.weather = leds(doc.get("weather", []), "weather")
        m.colors = _colors(doc.get("colors", {}), name)
        missing = [(r, ln) for r in range(circuit.rows) for ln in range(circuit.lanes)
                   if (r, ln) not in m.cells]
        if missing:
            r, ln = missing[0]
            raise BridgeError(f"{name}: cell \"{r},{ln}\" of circuit {circuit.id!r} has no LED "
                              f"({len(missing)} cells missing)")
        return m


def _colors(doc: Any, name: str) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise BridgeError(f"{name}: colors: a table")
    out: dict[str, Any] = {}
    for key, default in DEFAULT_COLORS.items():
        value = doc.get(key, default)
        where = f"{name}: colors.{key}"
        if isinstance(default, str):
            out[key] = _color(value, where)
        elif isinstance(default, dict):
            if not isinstance(value, dict) or set(value) - set(default):
                raise BridgeError(f"{where}: keys {', '.join(default)}")
            out[key] = {k: _color(value.get(k, v), f"{where}.{k}") for k, v in default.items()}
        else:
            if not isinstance(value, list) or not value:
                raise BridgeError(f"{where}: a list of colours")
            out[key] = [_color(v, f"{where}[{i}]") for i, v in enumerate(value)]
    for key in doc:
        if key not in DEFAULT_COLORS:
            raise BridgeError(f"{name}: colors.{key}: unknown key")
    return out
