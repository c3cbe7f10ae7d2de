"""The LED track board shows Lamborghini races (issue 17): the shipped maps of its circuits light
every cell of the core's board once, a race on the emulated board over a pty shows every car in
its owner's colour, a map meant for another circuit is refused, and `autodromo bridge
lamborghini --emulate track --circuit ...` runs."""

from __future__ import annotations

from pathlib import Path

import pytest

import autodromo
from autodromo import _core
from autodromo import cli
from autodromo_bridge import render
from autodromo_bridge.binding import Binding, RaceSource
from autodromo_bridge.devices import TRACK
from autodromo_bridge.errors import BridgeError
from autodromo_bridge.ledmap import HERE, LedMap

from .conftest import Rig

UID_T = bytes(range(200, 216))
CIRCUITS = ["imola_like", "sant_agata"]


@pytest.mark.parametrize("circuit", CIRCUITS)
def test_the_shipped_maps_light_every_cell_of_the_cores_board(circuit: str) -> None:
    board = autodromo.game("lamborghini", circuit=circuit).board()
    assert board is not None
    m = LedMap.for_board(board)
    assert (m.circuit.game, m.circuit.id) == ("lamborghini", circuit)
    assert (m.circuit.rows, m.circuit.lanes) == (board["length"], board["lanes"])
    assert set(m.cells) == {(r, ln) for r in range(board["length"]) for ln in range(board["lanes"])}
    used = [i for leds in m.cells.values() for i in leds]
    assert sorted(used) == list(range(m.led_count)), "one LED a cell, none left over"
    assert m.markers == [] and m.circuit.turns == ()


def test_a_map_of_another_circuit_is_refused_with_both_names() -> None:
    board = autodromo.game("lamborghini", circuit="imola_like").board()
    assert board is not None
    with pytest.raises(BridgeError) as e:
        LedMap.load(HERE / "legend" / "castelrosso.toml", board)
    assert "the map is for 'castelrosso' (legend), the race runs on 'imola_like' (lamborghini)" in str(e.value)
    with pytest.raises(BridgeError, match="sant_agata.toml: circuit: the map is for 'sant_agata'"):
        LedMap.load(HERE / "lamborghini" / "sant_agata.toml", board)


@pytest.mark.parametrize("circuit", CIRCUITS)
def test_a_lamborghini_race_shows_on_the_emulated_track_board(rig: Rig, circuit: str) -> None:
    # Seat 1 waits for its dashboard, so the race holds still while the strip catches up.
    src = RaceSource.new("lamborghini", [0], seed=7, circuit=circuit)
    m = LedMap.for_board(src.board())
    track = rig.emulator(TRACK, UID_T, led_count=m.led_count)
    binding = Binding(rig.bridge(), src)
    state = src.race.state
    for k in range(250):  # well into the race, by the greedy bot: the cars spread over the track
        state.apply_action(src.race.sample_chance() if state.is_chance_node()
                           else _core.bot_action(state, "greedy", k))
    src.advance()
    cars = src.view()["cars"]
    cells = [(c["row"] % m.circuit.rows, c["lane"]) for c in cars]
    assert len(set(cells)) == len(cars) >= 2, "the cars stand on different cells"
    assert not src.finished()
    colors = render.palette(m)

    def matches() -> bool:
        want = render.track_frame(src.view(), m)
        return track.dev.shown_frame_id != 0 and track.pixels() == [colors[i] for i in want]

    rig.until(matches, host=binding.pump, what="the strip shows the race")
    shown = track.pixels()
    for car, cell in zip(cars, cells):
        for led in m.cells[cell]:
            assert shown[led] == m.colors["cars"][car["owner"]]
    lit = sum(p in m.colors["cars"] for p in shown)
    assert lit == len(cars), "one lit cell per car, the rest is track"


def test_autodromo_bridge_emulates_a_track_board_on_a_lamborghini_circuit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["bridge", "lamborghini", "--emulate", "track", "--circuit", "imola_like",
                     "--step-ms", "0", "--seconds", "5", "--seed", "3", "--png-dir", str(tmp_path),
                     "--quiet"])
    assert code == 0
    out = capsys.readouterr()
    assert "track e0000000000000000000000000000000 on" in out.out and "linked" in out.out
    assert "not driven" not in out.out + out.err, "the emulated strip is as long as the map"
    assert (tmp_path / "0-track.png").stat().st_size > 500
    assert cli.main(["bridge", "lamborghini", "--emulate", "track", "--circuit", "monza"]) == 2
    assert 'unknown circuit "monza"; known: imola_like, sant_agata' in capsys.readouterr().err


def test_a_game_the_track_board_cannot_show_is_refused_by_name() -> None:
    from autodromo import Race

    name = "mille_bornes"
    g = autodromo.game(name)
    with pytest.raises(BridgeError, match=f"the bridge shows Legend, Lamborghini and Formula 90 races, not a race of {name}"):
        RaceSource(Race(g, ["random"] * g.num_players, seed=1), [])
