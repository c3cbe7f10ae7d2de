"""Dashboards and a track board bound to a real Legend race over ptys (issue 7, item 4): the
dashboard shows its car, a pace button becomes an action, an illegal input lights the REFUSED
lamp and changes nothing, the track board shows each car in its colour through the LED map."""

from __future__ import annotations

from pathlib import Path

from autodromo import _core
from autodromo_bridge import render
from autodromo_bridge.games.legend import render as legend
from autodromo_bridge.binding import CONFIRM, SELECTOR, Binding, RaceSource
from autodromo_bridge.devices import DASHBOARD, TRACK
from autodromo_bridge.ledmap import LedMap

from .conftest import Rig

UID_A = bytes(range(16))
UID_T = bytes(range(200, 216))
MAINTAIN, ACCELERATE = 1, 2


def labels(src: RaceSource, seat: int) -> list[str]:
    return [label for _, label in src.legal(seat)]


def setup(rig: Rig) -> tuple[RaceSource, Binding]:
    src = RaceSource.new("legend", [0], cars=["bugatti_type_35", "alfa_8c_2300"], seed=11)
    binding = Binding(rig.bridge(), src)
    return src, binding


def test_the_dashboard_shows_its_car_and_a_pace_button_becomes_an_action(rig: Rig) -> None:
    emu = rig.emulator(DASHBOARD, UID_A)
    src, binding = setup(rig)
    host = binding.pump
    rig.until(lambda: emu.dash["state_id"] != 0, host=host, what="first dashboard state")
    assert binding.bridge.devices[UID_A].seat == 0
    # The reliability split comes first: pick "engine 3" with the selector, then confirm.
    assert labels(src, 0)[:3] == ["engine 1", "engine 2", "engine 3"]
    assert emu.dash["lamps"] & render.LAMP_YOUR_TURN and emu.dash["pace"] == 1
    emu.turn(SELECTOR, 2)
    rig.until(lambda: emu.dash["pace"] == 3, host=host, what="selector on the third choice")
    emu.press(CONFIRM)
    rig.until(lambda: binding.applied == [(0, "engine 3")], host=host)
    car = src.view()["cars"][0]
    assert car["engine"] == 3
    # Later decisions (qualifying, lanes) by CONFIRM until the standing start's pace.
    while "accelerate 1" not in labels(src, 0):
        n = len(binding.applied)
        emu.press(CONFIRM)
        rig.until(lambda: len(binding.applied) == n + 1, host=host)
    before = src.race.state.serialize()
    speed = src.view()["cars"][0]["speed"]
    emu.press(ACCELERATE)
    rig.until(lambda: binding.applied[-1] == (0, "accelerate 1"), host=host)
    assert src.race.state.serialize() != before
    rig.until(lambda: emu.dash["speed"] == src.view()["cars"][0]["speed"], host=host)
    assert src.view()["cars"][0]["speed"] >= speed
    view = src.view()
    want = legend.dash_state(view, 0, binding.circuit, deciding=bool(src.legal(0)), cursor=0, refused=False)
    rig.until(lambda: {k: v for k, v in emu.dash.items() if k != "state_id"} == want, host=host)


def test_an_illegal_input_lights_the_lamp_and_changes_nothing(rig: Rig) -> None:
    emu = rig.emulator(DASHBOARD, UID_A)
    src, binding = setup(rig)
    host = binding.pump
    rig.until(lambda: emu.dash["state_id"] != 0, host=host)
    before = src.race.state.serialize()
    # "maintain" during the reliability split: not a legal action now.
    assert "maintain" not in labels(src, 0)
    emu.press(MAINTAIN)
    rig.until(lambda: emu.dash["lamps"] & render.LAMP_REFUSED, host=host, what="REFUSED lamp")
    assert src.race.state.serialize() == before and binding.applied == []
    assert "'maintain' is not a legal choice now" in binding.refusals[-1][1]
    # A control the dashboard does not have, and a turn of a button: refused too, no crash.
    emu.press(13)
    emu.turn(MAINTAIN, 1)
    rig.until(lambda: len(binding.refusals) == 3, host=host)
    assert src.race.state.serialize() == before
    # The next accepted input puts the lamp out.
    emu.press(CONFIRM)
    rig.until(lambda: binding.applied == [(0, "engine 1")], host=host)
    rig.until(lambda: not emu.dash["lamps"] & render.LAMP_REFUSED, host=host)


def test_the_track_board_shows_every_car_in_its_colour(rig: Rig) -> None:
    track = rig.emulator(TRACK, UID_T)
    src = RaceSource.new("legend", [0, 1, 2], cars=["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"], seed=5)
    binding = Binding(rig.bridge(), src)
    state = src.race.state
    for k in range(60):  # a few rounds in, by the greedy bot: the cars spread over the track
        state.apply_action(src.race.sample_chance() if state.is_chance_node()
                           else _core.bot_action(state, "greedy", k))
    host = binding.pump
    m = LedMap.for_circuit("example")
    colors = render.palette(m)

    def matches() -> bool:
        want = render.track_frame(src.view(), m)
        return track.dev.shown_frame_id != 0 and track.pixels() == [colors[i] for i in want]

    rig.until(matches, host=host, what="the strip shows the race")
    cells = [(car["row"] % m.circuit.rows, car["lane"]) for car in src.view()["cars"]]
    assert len(set(cells)) == 3, "three cars on three cells"
    for seat, cell in enumerate(cells):
        for led in m.cells[cell]:
            assert track.pixels()[led] == m.colors["cars"][seat]
    weather = src.view()["weather"]
    assert track.pixels()[m.weather[0]] == m.colors["weather"][weather]


def test_a_replay_file_is_played_back_on_the_devices_and_refuses_inputs(rig: Rig, tmp_path: Path) -> None:
    from autodromo import Race, game, replay
    from autodromo_bridge.binding import ReplaySource

    race = Race(game("legend", cars=["bugatti_type_35", "alfa_8c_2300"], laps=1), ["greedy", "greedy"], seed=2)
    for _ in range(40):
        race.step()
    path = tmp_path / "race.json"
    replay.save(path, race.state, race.seed)
    t = [0.0]
    src = ReplaySource(path, step_ms=100, clock=lambda: t[0])
    emu = rig.emulator(DASHBOARD, UID_A)
    binding = Binding(rig.bridge(), src)
    host = binding.pump
    rig.until(lambda: emu.dash["state_id"] != 0, host=host)
    assert src.step == 0
    t[0] = 2.0  # 20 steps of 100 ms
    rig.until(lambda: src.step == 20, host=host)
    t[0] = 10.0
    rig.until(lambda: src.finished() and emu.dash["speed"] == race.state.view(None)["cars"][0]["speed"], host=host)
    assert src.state.serialize() == race.state.serialize()
    emu.press(CONFIRM)
    rig.until(lambda: len(binding.refusals) == 1, host=host)
    assert binding.refusals[0][1] == "seat 1: nothing to decide now"


def test_a_binding_made_after_the_devices_linked_still_drives_them(rig: Rig) -> None:
    emu = rig.emulator(DASHBOARD, UID_A)
    bridge = rig.bridge()
    rig.until(lambda: UID_A in bridge.devices and bridge.devices[UID_A].connected)
    src = RaceSource.new("legend", [1], cars=["bugatti_type_35", "alfa_8c_2300"], seed=2)
    binding = Binding(bridge, src)
    assert bridge.devices[UID_A].seat == 1
    rig.until(lambda: emu.dash["state_id"] != 0 and emu.dash["lamps"] & render.LAMP_YOUR_TURN,
              host=binding.pump)


def test_the_emulated_dashboard_is_played_from_the_keyboard(rig: Rig) -> None:
    from autodromo_bridge.cli import press_keys

    emu = rig.emulator(DASHBOARD, UID_A)
    src, binding = setup(rig)
    host = binding.pump
    rig.until(lambda: emu.dash["state_id"] != 0, host=host)
    assert press_keys(emu, "++\n") == "selector +2"
    rig.until(lambda: emu.dash["pace"] == 3, host=host)
    assert press_keys(emu, "1", binding.buttons) == "maintain"
    rig.until(lambda: emu.dash["lamps"] & render.LAMP_REFUSED, host=host)
    assert press_keys(emu, "x").startswith("? keys for the first emulated dashboard")
    assert press_keys(emu, "c") == "CONFIRM"
    rig.until(lambda: binding.applied == [(0, "engine 3")], host=host)


def test_a_strip_shorter_than_its_led_map_is_not_driven_and_said_once(rig: Rig) -> None:
    track = rig.emulator(TRACK, UID_T, led_count=100)
    src = RaceSource.new("legend", [0], cars=["bugatti_type_35", "alfa_8c_2300"], seed=5)
    binding = Binding(rig.bridge(), src)
    rig.until(lambda: UID_T in binding.bridge.devices and binding.bridge.devices[UID_T].connected,
              host=binding.pump)
    binding.render_all()
    rig.run(0.2, host=binding.pump)
    warnings = [line for line in rig.log if "needs 300 LEDs, this board's firmware holds 100: "
                "not driven" in line]
    assert len(warnings) == 1 and track.dev.shown_frame_id == 0
    assert "give --ledmap a map of at most 100 LEDs" in warnings[0]
