"""Issue 34 item 2: Formula 90's LED map has a file format (``--ledmap``, docs/bridge.md),
checked against the core's board: the generated map written by ``--write-ledmap`` reads back as
the same map, a strip laid otherwise drives the emulated track board, and a bad map is refused
naming the file and the key."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import autodromo
from autodromo import cli
from autodromo_bridge.games.formula90 import render as render_f90
from autodromo_bridge.binding import Binding, RaceSource
from autodromo_bridge.devices import TRACK
from autodromo_bridge.errors import BridgeError
from autodromo_bridge.games.formula90.sectionmap import SectionMap

from .conftest import Rig

UID_T = bytes(range(100, 116))


def board(track: str) -> dict[str, Any]:
    b = autodromo.game("formula90", track=track).board()
    assert b is not None
    return b


@pytest.mark.parametrize("track", ["lago", "colline"])
def test_the_generated_map_written_reads_back_the_same(track: str, tmp_path: Path) -> None:
    path = tmp_path / f"{track}.toml"
    assert cli.main(["bridge", "formula90", "--track", track, "--write-ledmap", str(path)]) == 0
    read = SectionMap.load(path, board(track))
    made = SectionMap.for_board(board(track))
    assert (read.track, read.led_count, read.sections, read.weather, read.race_lamp, read.pawns,
            read.colors) == (made.track, made.led_count, made.sections, made.weather,
                             made.race_lamp, made.pawns, made.colors)


def reversed_map(track: str) -> dict[str, Any]:
    """The generated map laid the other way round: the pawns, lamp and weather first, then the
    sections from the last, each queue running back from its far end, its marker after it."""
    made = SectionMap.for_board(board(track)).to_doc()
    n = made["led_count"]
    flip = lambda i: n - 1 - i  # noqa: E731
    doc = dict(made)
    doc["section"] = [{"number": s["number"], "marker": flip(s["marker"]),
                       "slots": [flip(s["slots"][0]), flip(s["slots"][1])]} for s in made["section"]]
    doc["weather"] = [flip(i) for i in made["weather"]]
    doc["race_lamp"] = flip(made["race_lamp"])
    doc["pawns"] = [flip(i) for i in made["pawns"]]
    doc["colors"] = {"yellow": "#ff0000"}
    return doc


def test_a_strip_laid_otherwise_drives_the_track_board(rig: Rig) -> None:
    # Blue waits for its dashboard: the race holds still while the strip catches up.
    src = RaceSource.new("formula90", [0], seed=45, track="lago")
    m = SectionMap.parse(reversed_map("lago"), "lago-reversed.toml", src.board())
    assert m.sections[0].marker == m.led_count - 1 and m.colors["yellow"] == (255, 0, 0)
    track = rig.emulator(TRACK, UID_T, led_count=m.led_count)
    binding = Binding(rig.bridge(), src, m)

    def shown() -> bool:
        view = src.view()
        colors = render_f90.palette(m, view)
        return track.pixels() == [colors[i] for i in render_f90.track_frame(view, m)]

    rig.until(lambda: src.to_move() == 0 and shown(), host=binding.pump, seconds=5,
              what="the strip shows the race through the reversed map")
    lit = [i for i, px in enumerate(track.pixels()) if px != (0, 0, 0)]
    assert m.sections[0].marker in lit and len(lit) > 20
    assert any("shows the LED map lago-reversed.toml" in line for line in rig.log), rig.log


def test_autodromo_bridge_takes_a_formula90_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.toml"
    assert cli.main(["bridge", "formula90", "--track", "colline", "--write-ledmap", str(path)]) == 0
    code = cli.main(["bridge", "formula90", "--emulate", "track", "--track", "colline", "--ledmap",
                     str(path), "--step-ms", "0", "--seconds", "3", "--seed", "3", "--quiet"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert f"shows the LED map {path}" in out.out and "not driven" not in out.out


def bad(doc: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    return {**doc, **change}


@pytest.mark.parametrize(("change", "message"), [
    ({"game": "legend"}, "game: the map is for 'legend', the race is 'formula90'"),
    ({"track": "colline"}, "track: the map is for 'colline', the race runs on 'lago'"),
    ({"led_count": 0}, "led_count: 1..512, not 0"),
    ({"lanes": 2}, "lanes: not a key of a Formula 90 map (colors, game, led_count, pawns, "
                   "race_lamp, section, track, weather)"),
    ({"race_lamp": 500}, "race_lamp: LED 500 is not on the strip (0..196)"),
    ({"race_lamp": 0}, "race_lamp: LED 0 is also section[0].marker"),
    ({"pawns": [181]}, "pawns: expected [first, last] LED numbers"),
    ({"colors": {"yellow": "red"}}, "colors.yellow: a colour is \"#rrggbb\", not 'red'"),
    ({"weather": 3}, "weather: expected a list"),
])
def test_a_bad_map_is_refused_naming_the_file_and_the_key(change: dict[str, Any], message: str) -> None:
    doc = SectionMap.for_board(board("lago")).to_doc()
    doc = bad(doc, change)
    with pytest.raises(BridgeError) as e:
        SectionMap.parse(doc, "mine.toml", board("lago"))
    assert str(e.value) == f"mine.toml: {message}"


def test_a_map_must_give_every_section_once() -> None:
    doc = SectionMap.for_board(board("lago")).to_doc()
    with pytest.raises(BridgeError, match="^mine.toml: race_lamp: missing$"):
        SectionMap.parse({k: v for k, v in doc.items() if k != "race_lamp"}, "mine.toml", board("lago"))
    n = len(doc["section"])
    with pytest.raises(BridgeError, match=rf"mine.toml: section: track 'lago' has sections {n} the map does not give"):
        SectionMap.parse({**doc, "section": doc["section"][:-1]}, "mine.toml", board("lago"))
    twice = [*doc["section"][:-1], {**doc["section"][-1], "number": 1}]
    with pytest.raises(BridgeError, match=rf"mine.toml: section\[{n - 1}\].number: section 1 is given twice"):
        SectionMap.parse({**doc, "section": twice}, "mine.toml", board("lago"))
    far = [*doc["section"][:-1], {**doc["section"][-1], "number": 99}]
    with pytest.raises(BridgeError, match=rf"section\[{n - 1}\].number: track 'lago' has no section 99 \(1..{n}\)"):
        SectionMap.parse({**doc, "section": far}, "mine.toml", board("lago"))


def test_the_written_file_is_toml_with_the_format_of_the_docs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lago.toml"
    assert cli.main(["bridge", "formula90", "--track", "lago", "--write-ledmap", str(path)]) == 0
    doc = tomllib.loads(path.read_text())
    assert set(doc) == {"game", "track", "led_count", "weather", "race_lamp", "pawns", "section", "colors"}
    assert doc["section"][0] == {"number": 1, "marker": 0, "slots": [1, 6]}
    capsys.readouterr()
    assert cli.main(["bridge", "legend", "--write-ledmap", str(tmp_path / "x.toml")]) == 2
    assert "a circuit's shipped map is a file already" in capsys.readouterr().err
