"""Formula 90 on the bridge (issue 15, hardware): the section map generated from the core's board
of each track; the track board's frame (cars in their colours in section order, the yellow flag
in its queue, the blue and orange pawns, the weather track, the race lamp); a seat's chart on a
dashboard and its buttons taking legal choices by meaning; a race with every module on played to
the end on the emulated track board over a pty."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import autodromo
from autodromo import cli
from autodromo_bridge import screen
from autodromo_bridge.binding import CONFIRM, SELECTOR, Binding, RaceSource
from autodromo_bridge.devices import DASHBOARD, TRACK
from autodromo_bridge.errors import BridgeError
from autodromo_bridge.ledmap import LedMap
from autodromo_bridge.games.formula90 import render as render_f90
from autodromo_bridge.games.formula90.buttons import BUTTONS as F90_BUTTONS
from autodromo_bridge.games.formula90.render import P, P_CAR, P_DIM, palette, track_frame
from autodromo_bridge.games.formula90.sectionmap import SectionMap

from .conftest import Rig

UID_D = bytes(range(16))
UID_T = bytes(range(200, 216))
TRACKS = ["lago", "colline"]
#: Every advanced module the core has: a race with all of them on.
EVERY_MODULE: dict[str, Any] = {"free_practice": True, "strategies": "all", "weather": True,
                                "flags": True, "track_powers": True, "safety_car": True,
                                "extreme": True}
YES, NO, PIT, TOKEN = 1, 2, 3, 4


def board(track: str) -> dict[str, Any]:
    b = autodromo.game("formula90", track=track).board()
    assert b is not None
    return b


@pytest.mark.parametrize("track", TRACKS)
def test_the_section_map_gives_each_section_of_the_cores_board_a_marker_and_a_queue(track: str) -> None:
    b = board(track)
    m = SectionMap.for_board(b)
    assert m.track == track and [s.number for s in m.sections] == [s["number"] for s in b["sections"]]
    assert [s.kind for s in m.sections] == [s["kind"] for s in b["sections"]]
    used = [led for s in m.sections for led in (s.marker, *s.slots)] + m.weather + [m.race_lamp] + m.pawns
    assert sorted(used) == list(range(m.led_count)), "every LED once, none left over"
    # The strip runs with the race: each section's queue after its marker, the next section after.
    assert all(s.marker < min(s.slots) and max(s.slots) < n.marker for s, n in zip(m.sections, m.sections[1:]))
    assert m.led_count <= 300, "fits the track board firmware's strip"


def test_a_board_that_is_not_a_track_of_sections_is_refused() -> None:
    legend = autodromo.game("legend", cars=["bugatti_type_35", "alfa_8c_2300"]).board()
    assert legend is not None
    with pytest.raises(BridgeError, match="not a track of sections"):
        SectionMap.for_board(legend)
    with pytest.raises(BridgeError, match=r"slots: 1\.\.32"):
        SectionMap.for_board(board("lago"), slots=0)
    # The other way round: the lanes-and-rows LED map refuses a track of sections by its geometry.
    with pytest.raises(BridgeError, match="a track of sections takes the map generated from its sections"):
        LedMap.for_board(board("lago"))


def race_until(cond: Any, seed: int, limit: int = 20000, **options: Any) -> RaceSource:
    """A bots' race with every module on, played until ``cond(view)`` holds."""
    src = RaceSource.new("formula90", [], seed=seed, **{**EVERY_MODULE, **options})
    for _ in range(limit):
        if cond(src.view()):
            return src
        assert not src.finished(), "the race ended before the position looked for"
        src.race.step()
    raise AssertionError("not reached")


def yellow_section(view: dict[str, Any]) -> dict[str, Any] | None:
    return next((s for s in view["sections"] if s["yellow_flag"] is not None and s["cars"]), None)


def test_the_frame_shows_the_cars_in_section_order_with_a_yellow_flag_in_its_queue() -> None:
    src = race_until(lambda v: yellow_section(v) is not None, seed=45)
    view = src.view()
    m = SectionMap.for_board(src.board())
    frame = track_frame(view, m)
    colours = palette(m, view)
    index = {c["name"]: k for k, c in enumerate(view["cars"])}
    for sv, sl in zip(view["sections"], m.sections):
        queue: list[int] = [P_CAR + index[n] for n in sv["cars"]]
        if sv["yellow_flag"] is not None:
            queue.insert(sv["yellow_flag"], P["yellow"])
        front_first = [frame[led] for led in reversed(sl.slots)]
        assert front_first == (queue + [P["slot"]] * len(sl.slots))[:len(sl.slots)], sv["name"]
        assert frame[sl.marker] == (P["yellow"] if sv["yellow_flag"] is not None else P[sl.kind])
    # Each car in its own colour, as the race's view gives it.
    for k, car in enumerate(view["cars"]):
        n = int(car["colour"][1:], 16)
        assert colours[P_CAR + k] == (n >> 16 & 255, n >> 8 & 255, n & 255)
    assert frame[m.race_lamp] == P["yellow"], "a yellow flag lies on the track"
    # The terminal says it in words, the section by its number and name.
    ys = yellow_section(view)
    assert ys is not None
    # A dashboard's YELLOW FLAG lamp: a yellow in its car's section or the next one.
    flagged = {s["number"] for s in view["sections"] if s["yellow_flag"] is not None}
    n = len(view["sections"])
    for k, car in enumerate(view["cars"]):
        lit = render_f90.dash_state(view, k, deciding=False, cursor=0, refused=False)["lamps"]
        near = car["section"] in flagged or car["section"] % n + 1 in flagged
        assert bool(lit & render_f90.LAMP_YELLOW_FLAG) == (near and car["status"] != "retired"), car["name"]
    assert any(line.startswith(f"yellow flag: section {ys['number']} ({ys['name']}), ")
               for line in render_f90.board_lines(view))


def test_the_weather_track_and_the_pawns_show_on_the_board() -> None:
    def wet_with_a_pawn(v: dict[str, Any]) -> bool:
        return (v.get("weather", {}).get("sky") in ("drizzle", "rain")
                and any(c.get("blue_flag") or c.get("orange_flag") for c in v["cars"]))
    src = race_until(wet_with_a_pawn, seed=20, weather=True)
    view = src.view()
    m = SectionMap.for_board(src.board())
    frame = track_frame(view, m)
    weather = view["weather"]
    table = weather["table"]
    assert len(table) <= len(m.weather)
    for j, space in enumerate(table):
        want = P[space["sky"]] if j == weather["space"] - 1 else P_DIM[space["sky"]]
        assert frame[m.weather[j]] == want
    assert {frame[led] for led in m.weather[len(table):]} <= {P["off"]}
    for led, car in zip(m.pawns, view["cars"]):
        want = "orange" if car.get("orange_flag") else "blue" if car.get("blue_flag") else "off"
        assert frame[led] == P[want], car["name"]
    lines = render_f90.board_lines(view)
    assert f"weather: {weather['sky']} (space {weather['space']} of {len(table)})" in lines
    holders = [c["name"] for c in view["cars"] if c.get("blue_flag") or c.get("orange_flag")]
    assert any(line.startswith("pawns: ") and all(n in line for n in holders) for line in lines)


def test_the_safety_car_shows_on_its_section_the_race_lamp_and_every_dashboard() -> None:
    src = race_until(lambda v: (v.get("safety_car") or {}).get("out"), seed=35)
    view = src.view()
    m = SectionMap.for_board(src.board())
    frame = track_frame(view, m)
    at = view["safety_car"]["section"]
    assert [sl.number for sl in m.sections if frame[sl.marker] == P["safety_car"]] == [at]
    assert [s["number"] for s in view["sections"] if s["safety_car"]] == [at]
    assert frame[m.race_lamp] == P["safety_car"]
    for k in range(len(view["cars"])):
        assert render_f90.dash_state(view, k, deciding=False, cursor=0, refused=False)["lamps"] & render_f90.LAMP_SAFETY_CAR
    name = next(s["name"] for s in view["sections"] if s["number"] == at)
    assert f"Safety Car: out, in section {at} ({name})" in render_f90.board_lines(view)


def test_a_car_on_an_extreme_trajectory_shows_on_its_sections_marker_and_dashboard() -> None:
    src = race_until(lambda v: any(c.get("on_extreme") for c in v["cars"])
                     and (v.get("safety_car") or {}).get("out") is not True, seed=4)
    view = src.view()
    m = SectionMap.for_board(src.board())
    frame = track_frame(view, m)
    on = [k for k, c in enumerate(view["cars"]) if c.get("on_extreme")]
    sections = {view["cars"][k]["section"] for k in on}
    assert {sl.number for sl in m.sections if frame[sl.marker] == P["extreme"]} == sections
    assert all(any(s["number"] == n and (s.get("extreme") or {}).get("taken_by") for s in view["sections"])
               for n in sections)
    for k, car in enumerate(view["cars"]):
        lit = render_f90.dash_state(view, k, deciding=False, cursor=0, refused=False)["lamps"]
        assert bool(lit & render_f90.LAMP_EXTREME) == (k in on), car["name"]
    names = ", ".join(view["cars"][k]["name"] for k in on)
    assert f"on an Extreme Trajectory: {names}" in render_f90.board_lines(view)


def test_a_seats_chart_shows_on_its_dashboard_and_its_buttons_take_choices_by_meaning(rig: Rig) -> None:
    emu = rig.emulator(DASHBOARD, UID_D)
    src = RaceSource.new("formula90", [0], seed=2, **EVERY_MODULE)
    binding = Binding(rig.bridge(), src)
    host = binding.pump
    rig.until(lambda: emu.dash["state_id"] != 0, host=host, what="first dashboard state")
    assert any("seat 1 (Blue)" in line for line in rig.log), rig.log
    pressed: dict[int, str] = {}
    refused = False
    for _ in range(400):
        if src.finished() or len(pressed) == 4 and refused:
            break
        rig.until(lambda: src.to_move() == 0 or src.finished(), host=host, what="seat 1 to decide")
        if src.finished():
            break
        labels = [label for _, label in src.legal(0)]
        # Each choice's move kind from the core: what a button takes (no label is read).
        moves = src.moves(0)
        kind_of = {label: moves[a]["kind"] for a, label in src.legal(0)}
        if len(pressed) == 1:
            # The terminal names the decision's choices, the buttons that apply and the chart.
            text = screen.render(binding, [emu], rig.log, "t", keys=True)
            assert "shows seat 1 (Blue)" in text and "target card" in text and "1 yes" in text
            assert f"selector 1: {labels[0]}" in text
        # A button that means none of the choices now is refused and changes nothing.
        if not refused:
            idle = next((c for c, (_, means) in F90_BUTTONS.items()
                         if not any(kind_of[x] in means for x in labels)), None)
            if idle is not None:
                before = src.race.state.serialize()
                emu.press(idle)
                rig.until(lambda: bool(binding.refusals), host=host, what="the refusal")
                rig.until(lambda: bool(emu.dash["lamps"] & render_f90.LAMP_REFUSED), host=host)
                assert src.race.state.serialize() == before
                assert f"the {F90_BUTTONS[idle][0]!r} button means no legal choice now" in binding.refusals[-1][1]
                assert "Blue:" in binding.refusals[-1][1], "the car by its name, not its seat"
                refused = True
                continue
        button = next((c for c, (_, means) in F90_BUTTONS.items() if c not in pressed
                       and any(kind_of[x] in means for x in labels)), None)
        n = len(binding.applied)
        if button is not None:
            want = next(x for x in labels if kind_of[x] in F90_BUTTONS[button][1])
            emu.press(button)
            rig.until(lambda: len(binding.applied) == n + 1, host=host)
            assert binding.applied[-1] == (0, want)
            pressed[button] = want
        else:
            # The selector walks the choices; CONFIRM takes the one under it.
            if len(labels) > 1:
                emu.turn(SELECTOR, len(labels) - 1)
                rig.until(lambda: emu.dash["pace"] == len(labels), host=host, what="the last choice")
                want = labels[-1]
            else:
                want = labels[0]
            emu.press(CONFIRM)
            rig.until(lambda: len(binding.applied) == n + 1, host=host)
            assert binding.applied[-1] == (0, want)
        assert any(line.startswith("Blue: ") for line in rig.log)
    assert refused and set(pressed) >= {YES, NO}, pressed
    # The chart on the needles, as the seat reads it.
    view = src.seat_view(0)

    def shows_chart() -> bool:
        want = render_f90.dash_state(src.seat_view(0), 0, deciding=src.to_move() == 0, cursor=0,
                                     refused=binding.refused.get(UID_D, False),
                                     game_over=src.finished())
        return {k: emu.dash[k] for k in want} == want
    rig.until(shows_chart, host=binding.bridge.pump, what="the chart on the needles")
    car = view["cars"][0]
    d = emu.dash
    assert d["tyres"] == car["tyres"] and d["engine"] == car["wear"]["red"]
    assert d["brakes"] == car["wear"]["brown"]
    assert d["turn_pins"] == car["wear"]["slots"] - car["wear"]["red"] - car["wear"]["brown"]
    assert d["speed"] == (car["target"] or {}).get("cf", 0)
    assert d["temperature"] == max(0, car["fuel"] - view["turn"])
    assert d["switches"] == render_f90.TYRES[car["tyre"]]


#: Two races with every module on and what each shows on the way (a yellow flag is rare and the
#: Safety Car rarer; it takes every yellow off the track when it comes out).
FULL_RACES = {45: {"yellow flag", "pawn", "wet"}, 35: {"safety car", "pawn", "wet"}}


@pytest.mark.parametrize("seed", FULL_RACES)
def test_a_race_with_every_module_is_played_to_the_end_on_the_emulated_track_board(rig: Rig, seed: int) -> None:
    src = RaceSource.new("formula90", [], seed=seed, step_ms=1, **EVERY_MODULE)
    m = SectionMap.for_board(src.board())
    track = rig.emulator(TRACK, UID_T, led_count=m.led_count)
    binding = Binding(rig.bridge(), src)
    seen: set[str] = set()
    frames = 0

    def matches() -> bool:
        view = src.view()
        want = palette(m, view)
        return track.dev.shown_frame_id != 0 and track.pixels() == [want[i] for i in track_frame(view, m)]

    while True:
        done = src.finished()
        # Hold the race still until the strip shows it, then let the bots drive on a while.
        rig.until(matches, host=binding.bridge.pump, what="the strip shows the race")
        frames += 1
        frame = track_frame(src.view(), m)
        if P["yellow"] in (frame[led] for s in m.sections for led in s.slots):
            seen.add("yellow flag")
        if {P["blue"], P["orange"]} & {frame[led] for led in m.pawns}:
            seen.add("pawn")
        if any(frame[led] in (P["drizzle"], P["rain"]) for led in m.weather):
            seen.add("wet")
        if frame[m.race_lamp] == P["safety_car"]:
            seen.add("safety car")
        if done:
            break
        version = src.version()
        rig.until(lambda: src.version() >= version + 5 or src.finished(), host=binding.pump,
                  seconds=10, what="the bots drive")
    view = src.view()
    assert view["over"] and view["results"]
    assert track.pixels()[m.race_lamp] == m.colors["finished"]
    assert frames > 30 and seen >= FULL_RACES[seed], (frames, seen)


def test_autodromo_bridge_emulates_a_formula90_race(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["bridge", "formula90", "--emulate", "track", "--circuit", "colline",
                     "--step-ms", "0", "--seconds", "5", "--seed", "3", "--png-dir", str(tmp_path),
                     "--quiet"])
    assert code == 0
    out = capsys.readouterr()
    assert "track e0000000000000000000000000000000 on" in out.out and "linked" in out.out
    assert "not driven" not in out.out + out.err
    assert (tmp_path / "0-track.png").stat().st_size > 500
    assert cli.main(["bridge", "formula90", "--emulate", "track", "--ledmap", "x.toml"]) == 2
    assert "x.toml: cannot be read" in capsys.readouterr().err


def test_a_formula90_replay_plays_back_to_its_results_on_the_track_board(rig: Rig, tmp_path: Path) -> None:
    from autodromo import replay
    from autodromo_bridge.binding import ReplaySource

    src = race_until(lambda v: v["over"], seed=6)
    path = tmp_path / "f90.json"
    replay.save(path, src.race.state, src.race.seed)
    t = [0.0]
    play = ReplaySource(path, step_ms=100, clock=lambda: t[0])
    m = SectionMap.for_board(play.board())
    track = rig.emulator(TRACK, UID_T, led_count=m.led_count)
    binding = Binding(rig.bridge(), play)
    t[0] = 1e6  # every step due: the replay ends on the results
    rig.until(lambda: play.finished() and track.pixels() == [palette(m, play.view())[i]
                                                             for i in track_frame(play.view(), m)],
              host=binding.pump, seconds=5, what="the last frame of the replay")
    assert play.view()["results"] == src.view()["results"]
    assert track.pixels()[m.race_lamp] == m.colors["finished"]
