"""Legend Stage races on the devices (issue 16, "every surface"): the route's LED map generated
from the core's board of each stage lights every cell once; the emulated track board over a pty
shows the current stage, the cars on the road in their colours, the Arrivo or the Check Point
line and the stage lamps, with no turn's rating shown while its marker lies face down; the
emulated dashboard shows no turn pins while its car cannot read the next marker and lights the
night, fog and Check Point lamps; `autodromo bridge legend --route coppa_breve --emulate track`
runs to the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import autodromo
from autodromo import _core
from autodromo import cli
from autodromo_bridge import render
from autodromo_bridge.games.legend import render as legend
from autodromo_bridge.binding import Binding, RaceSource
from autodromo_bridge.devices import DASHBOARD, TRACK
from autodromo_bridge.ledmap import LedMap

from .conftest import Rig

UID_T = bytes(range(200, 216))
UID_D = bytes(range(16, 32))
CARS = ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"]
ROUTES = ["coppa_breve", "mille_miglia"]


def _route_board(route: str) -> dict[str, Any]:
    board = autodromo.game("legend", route=route, cars=CARS[:2]).board()
    assert board is not None and board["kind"] == "route"
    return board


@pytest.mark.parametrize("route", ROUTES)
def test_the_route_map_lights_every_cell_of_each_stage_once(route: str) -> None:
    board = _route_board(route)
    m = LedMap.for_board(board)
    assert [s.circuit.id for s in m.stages] == [s["id"] for s in board["stages"]]
    longest = max(s["length"] for s in board["stages"])
    extras = m.finish + m.stage_lamps + m.weather + m.daylight
    assert len(m.finish) == 3 and len(m.stage_lamps) == len(board["stages"])
    for stage, sm in zip(board["stages"], m.stages):
        assert (sm.circuit.rows, sm.circuit.lanes, sm.circuit.closed) == (stage["length"], 3, False)
        assert set(sm.cells) == {(r, ln) for r in range(stage["length"]) for ln in range(3)}
        used = [i for leds in sm.cells.values() for i in leds]
        assert len(used) == len(set(used)), "one LED a cell"
        assert not set(used) & set(extras), "the line and the lamps have LEDs of their own"
        assert max(used) < 3 * longest
        # Serpentine: a lane's row and the next lane's same row meet at the run's end.
        assert sm.cells[(stage["length"] - 1, 0)] == [stage["length"] - 1]
        assert sm.cells[(stage["length"] - 1, 1)] == [2 * longest - stage["length"]]
    longest_map = max(m.stages, key=lambda s: s.circuit.rows)
    assert sorted(i for v in longest_map.cells.values() for i in v) == list(range(3 * longest))
    assert sorted(extras) == list(range(3 * longest, m.led_count))


def _step_until(src: RaceSource, cond: Any, limit: int = 3000) -> None:
    state = src.race.state
    for k in range(limit):
        if cond():
            return
        assert not state.is_terminal(), "the race ended before the state sought"
        state.apply_action(src.race.sample_chance() if state.is_chance_node()
                           else _core.bot_action(state, "greedy", k))
    pytest.fail("the state sought never came")


def test_a_stage_race_shows_on_the_emulated_track_board(rig: Rig) -> None:
    # Seat 1 waits for its dashboard (none here), so the race holds still between our steps.
    src = RaceSource.new("legend", [0], cars=CARS, seed=1, route="coppa_breve")
    m = LedMap.for_board(src.board())
    track = rig.emulator(TRACK, UID_T, led_count=m.led_count)
    binding = Binding(rig.bridge(), src)
    colors = render.palette(m)
    assert len(colors) <= 256

    def shown_now() -> list[tuple[int, int, int]]:
        # The test moved the race behind the source's back (its version did not change).
        binding.render_all()
        want = render.track_frame(src.view(), m)
        rig.until(lambda: track.dev.shown_frame_id != 0 and track.pixels() == [colors[i] for i in want],
                  host=binding.pump, what="the strip shows the race")
        return track.pixels()

    def on_road(v: dict[str, Any]) -> list[int]:
        return [k for k, c in enumerate(v["cars"]) if c["status"] in ("racing", "off_road")]

    # Stage 1 (Arrivo), in fog: several cars on the road, at least one still waiting to start.
    def stage1_busy() -> bool:
        v = src.view()
        return (v["stage"]["index"] == 0 and len(on_road(v)) >= 2
                and any(c["status"] == "waiting" for c in v["cars"]))
    _step_until(src, stage1_busy)
    src.advance()
    v = src.view()
    assert v["markers"]["face_down"], "the route starts in fog: the markers lie face down"
    shown = shown_now()
    stage = m.stages[0]
    for k in on_road(v):
        cell = (v["cars"][k]["row"], v["cars"][k]["lane"])
        assert [shown[i] for i in stage.cells[cell]] == [m.colors["cars"][k]]
    cars_lit = sum(p in m.colors["cars"] for p in shown)
    assert cars_lit == len(on_road(v)), "waiting and parked cars are off the road, not drawn"
    assert [shown[i] for i in m.finish] == [m.colors["arrivo"]] * 3
    assert [shown[i] for i in m.stage_lamps] == [m.colors["stage"], m.colors["off"]]
    assert [shown[i] for i in m.weather] == [m.colors["weather"]["fog"]]
    turn_rows = {(r, ln) for t in stage.circuit.turns for r in range(t.first_row, t.last_row + 1)
                 for ln in range(3)}
    occupied = {(v["cars"][k]["row"], v["cars"][k]["lane"]) for k in on_road(v)}
    for cell in turn_rows - occupied:
        # Face down: the board must not tell the rating the players cannot read.
        assert shown[stage.cells[cell][0]] == m.colors["hidden"]
    assert not any(shown[i] in m.colors["turns"].values() for i in range(3 * 50))

    # Stage 2 ends at a Check Point: its own road, the line in the Check Point's colour.
    _step_until(src, lambda: src.view()["stage"]["index"] == 1 and len(on_road(src.view())) >= 1)
    src.advance()
    v = src.view()
    shown = shown_now()
    assert [shown[i] for i in m.finish] == [m.colors["checkpoint"]] * 3
    assert [shown[i] for i in m.stage_lamps] == [m.colors["stage_done"], m.colors["stage"]]
    for k in on_road(v):
        cell = (v["cars"][k]["row"], v["cars"][k]["lane"])
        assert [shown[i] for i in m.stages[1].cells[cell]] == [m.colors["cars"][k]]


def test_the_dashboard_hides_turn_pins_it_cannot_read_and_lights_the_stage_lamps(rig: Rig) -> None:
    # The Coppa Breve starts in fog (seed 1); seat 1 is driven from the emulated dashboard.
    src = RaceSource.new("legend", [0], cars=CARS[:2], seed=1, route="coppa_breve")
    dash = rig.emulator(DASHBOARD, UID_D)
    binding = Binding(rig.bridge(), src)

    def mine(v: dict[str, Any]) -> dict[str, Any]:
        car: dict[str, Any] = v["cars"][0]
        return car

    def far_and_unseen() -> bool:
        v = src.race.state.view(0)
        nt = mine(v)["next_turn"]
        return (src.to_move() == 0 and mine(v)["status"] == "racing" and v["chrono"]["fog"]
                and nt is not None and nt["rating"] is None and nt["rows"] > 1)

    _step_until(src, far_and_unseen)
    v = src.race.state.view(0)
    assert mine(v)["low_visibility"]
    src.advance()
    rig.until(lambda: dash.dev.dash is not None and bool(dash.dev.dash["lamps"] & render.LAMP_YOUR_TURN),
              host=binding.pump, what="the dashboard shows the decision")
    d = dash.dev.dash
    assert d["turn_pins"] == 0, "no pins for a marker the driver cannot read"
    assert d["lamps"] & legend.LAMP_TURN_UNSEEN and d["lamps"] & legend.LAMP_FOG
    assert not d["lamps"] & legend.LAMP_CHECK_POINT, "the first stage ends at an Arrivo"
    assert not d["lamps"] & legend.LAMP_NIGHT, "17:30 is day"
    # What the pins would read by day: the marker exists, the driver just cannot read it.
    board_turn = src.board()["stages"][0]["turns"][mine(v)["next_turn"]["turn"]]
    assert mine(v)["safe_speeds"][board_turn["marker"]] > 0

    # At the turn, still in fog, the driver reads the marker the spectator cannot: the pins
    # show the car's safe speed (the dashboard reads the seat's view, not the spectator's).
    def seen() -> bool:
        nt = mine(src.race.state.view(0))["next_turn"]
        spectator = mine(src.view())["next_turn"]
        return (src.to_move() == 0 and nt is not None and nt["safe_speed"] is not None
                and spectator is not None and spectator["safe_speed"] is None)
    _step_until(src, seen)
    want = mine(src.race.state.view(0))["next_turn"]["safe_speed"]
    binding.render_all()
    rig.until(lambda: dash.dev.dash["turn_pins"] == want and not dash.dev.dash["lamps"] & legend.LAMP_TURN_UNSEEN,
              host=binding.pump, what="the pins of the marker read")
    assert want > 0


def test_the_terminal_screen_names_the_stage_decision_and_lamps(rig: Rig) -> None:
    from autodromo_bridge import screen

    src = RaceSource.new("legend", [0], cars=CARS[:2], seed=1, route="coppa_breve")
    dash = rig.emulator(DASHBOARD, UID_D)
    binding = Binding(rig.bridge(), src)
    rig.until(lambda: dash.dev.dash is not None and bool(dash.dev.dash["lamps"] & render.LAMP_YOUR_TURN),
              host=binding.pump, what="the dashboard shows the decision")
    text = screen.render(binding, [dash], rig.log, "title", keys=True)
    assert "YOUR TURN: set the pace." in text, "the phase by its name, not a dict"
    assert "FOG (fog: markers face down until the car is at the turn)" in text
    assert "TURN UNSEEN (the next turn's marker cannot be read yet: no turn pins)" in text
    assert "safe speed of the next turn 0" in text


def test_a_check_point_stage_at_night_lights_its_lamps() -> None:
    src = RaceSource.new("legend", [], cars=CARS[:2], seed=3, route="coppa_breve")
    _step_until(src, lambda: src.view()["stage"]["index"] == 1
                and src.view()["cars"][0]["status"] == "racing" and src.view()["chrono"]["night"])
    v = src.race.state.view(0)
    d = legend.dash_state(v, 0, None, deciding=False, cursor=0, refused=False)
    assert v["stage"]["finish"] == "checkpoint" and d["lamps"] & legend.LAMP_CHECK_POINT
    assert d["lamps"] & legend.LAMP_NIGHT, "the Coppa Breve's second stage runs after 18:00"
    # A Track race lights none of the stage lamps.
    track = RaceSource.new("legend", [], cars=CARS[:2], seed=3)
    _step_until(track, lambda: track.view()["cars"][0]["status"] == "racing")
    d = legend.dash_state(track.view(), 0, None, deciding=False, cursor=0, refused=False)
    stage_lamps = (legend.LAMP_NIGHT | legend.LAMP_FOG | legend.LAMP_CHECK_POINT
                   | legend.LAMP_TURN_UNSEEN)
    assert d["lamps"] & stage_lamps == 0


def test_autodromo_bridge_emulates_a_track_board_on_a_route(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["bridge", "legend", "--route", "coppa_breve", "--emulate", "track",
                     "--step-ms", "0", "--seconds", "60", "--seed", "3", "--png-dir", str(tmp_path),
                     "--quiet", "--cars", "bugatti_type_35,alfa_8c_2300"])
    assert code == 0
    out = capsys.readouterr()
    assert "track e0000000000000000000000000000000 on" in out.out and "linked" in out.out
    assert "not driven" not in out.out + out.err and out.err == ""
    assert (tmp_path / "0-track.png").stat().st_size > 500
    assert cli.main(["bridge", "legend", "--route", "coppa_breve", "--circuit", "example",
                     "--emulate", "track"]) == 2
    assert "--route: a local Legend race runs on a route of stages or on a --circuit" in capsys.readouterr().err
    assert cli.main(["bridge", "legend", "--route", "coppa_breve", "--emulate", "track",
                     "--ledmap", "example.toml"]) == 2
    assert "a Stage race's track board takes the map generated from its route's stages" in capsys.readouterr().err


def test_a_stage_race_replay_plays_back_on_the_track_board(rig: Rig, tmp_path: Path) -> None:
    from autodromo import Race, replay
    from autodromo_bridge.binding import ReplaySource

    race = Race(autodromo.game("legend", route="coppa_breve", cars=CARS[:2]), ["greedy", "greedy"], seed=1)
    while race.state.view(None)["stage"]["index"] == 0:
        race.step()
    path = tmp_path / "stages.json"
    replay.save(path, race.state, race.seed)
    t = [0.0]
    src = ReplaySource(path, step_ms=100, clock=lambda: t[0])
    m = LedMap.for_board(src.board())
    track = rig.emulator(TRACK, UID_T, led_count=m.led_count)
    binding = Binding(rig.bridge(), src)
    colors = render.palette(m)
    t[0] = 1e6  # every step due: the replay ends on the second stage
    rig.until(lambda: src.finished() and track.pixels() == [colors[i] for i in render.track_frame(src.view(), m)],
              host=binding.pump, seconds=5, what="the last frame of the replay")
    shown = track.pixels()
    assert [shown[i] for i in m.finish] == [m.colors["checkpoint"]] * 3
    assert [shown[i] for i in m.stage_lamps] == [m.colors["stage_done"], m.colors["stage"]]


def test_a_stage_has_no_turn_past_its_last_one() -> None:
    m = LedMap.for_board(_route_board("coppa_breve"))
    stage = m.stages[0].circuit
    last = stage.turns[-1]
    assert stage.next_turn(last.last_row) == last
    assert stage.next_turn(last.last_row + 1) is None, "an open road does not wrap to its first turn"
    assert stage.next_turn(0) == stage.turns[0]
