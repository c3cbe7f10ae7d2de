"""Issue 34 item 2: Lamborghini's own dashboard. Seat 1 drives a whole race from an emulated
dashboard over a pty: the left / ahead / right buttons steer (``move``), choose an accident's
direction and leave a slipstream, button 4 takes the manoeuvre check, the selector and CONFIRM
the rest (cards, the draft); the needles read its car (squares covered, place, damage, cards,
turn, money) and the lamps what it decides; at the end its podium lamp and the emulator's screen
give the finishing order. Each game's dashboard prints only its own lamps."""

from __future__ import annotations

from pathlib import Path

from autodromo_bridge import render, screen
from autodromo_bridge.binding import CONFIRM, Binding, RaceSource
from autodromo_bridge.devices import DASHBOARD
from autodromo_bridge.emulator import face_of
from autodromo_bridge.games.lamborghini import render as lam

from .conftest import Rig

UID = bytes(range(60, 76))


def test_each_game_prints_only_its_own_lamps() -> None:
    faces = {g: face_of(g) for g in ("legend", "formula90", "lamborghini")}
    legend, f90, lambo = (set(faces[g].lamps.values()) for g in ("legend", "formula90", "lamborghini"))
    assert {"BEST LINE", "FLAT TIRE", "NIGHT", "FOG"} <= legend and not legend & {"MUST PIT", "CHECK", "LEADER"}
    assert {"MUST PIT", "BLUE FLAG", "LEADER"} <= f90 and not f90 & {"BEST LINE", "NIGHT", "CHECK"}
    assert lambo == {"YOUR TURN", "REFUSED", "FINISHED", "OUT", "GAME OVER", "CHECK", "SLIPSTREAM",
                     "ACCIDENT", "LEADER", "1ST", "2ND", "3RD"}
    for face in faces.values():
        assert set(face.lamps) <= set(face.meanings), "every lamp printed says what it means"
    assert len(faces["legend"].lamps) == 15 and faces["legend"].meanings[render.LAMP_FIRST]
    # A game the bridge does not follow: DASH_STATE's fields and the lamps every game shares.
    default = face_of("no such game")
    assert default == render.DEFAULT_FACE and set(default.lamps.values()) == {
        "YOUR TURN", "REFUSED", "FINISHED", "OUT", "RAIN", "GAME OVER", "1ST", "2ND", "3RD"}
    assert set(default.lamps) <= set(default.meanings)


#: What each button means, by the book's words on the core's labels (the stable names): the
#: bridge binds the buttons to moves, never labels; these say it took the same actions.
BUTTON_LABELS = {1: ("move left", "direction left", "slipstream left"), 2: ("move ahead", "direction ahead"),
                 3: ("move right", "direction right", "slipstream right"), 4: ("take the check",)}


def choose(legal: list[tuple[int, str]]) -> tuple[int, str]:
    """The button a driver presses for the decision at hand: steering and the check by their
    buttons (ahead first), anything else by CONFIRM on the selector's first position."""
    labels = [label for _, label in legal]
    for control in (2, 1, 3, 4):
        hit = next((x for x in labels if x in BUTTON_LABELS[control]), None)
        if hit is not None:
            return control, hit
    return CONFIRM, labels[0]


def test_a_lamborghini_race_driven_from_its_dashboard(rig: Rig, tmp_path: Path) -> None:
    # Seed 12: driven so (ahead first), seat 1 finishes second.
    src = RaceSource.new("lamborghini", [0], seed=12, circuit="sant_agata")
    emu = rig.emulator(DASHBOARD, UID)
    emu.face = face_of("lamborghini")
    binding = Binding(rig.bridge(), src)
    host = binding.pump
    pressed: dict[int, int] = {}
    lamps_seen: set[int] = set()
    shot = False
    for _ in range(600):
        rig.until(lambda: src.finished() or (
            bool(emu.dash["lamps"] & render.LAMP_YOUR_TURN) and emu.dev.inputs_pending == 0
            and src.to_move() == 0), host=host, seconds=10, what="seat 1's turn")
        if src.finished():
            break
        view = src.view()
        d = emu.dash
        lamps_seen |= {bit for bit in lam.LAMP_NAMES if d["lamps"] & bit}
        car = lam.car_of(view, 0)
        assert car is not None
        assert (d["speed"], d["temperature"], d["brakes"]) == (
            max(0, car["progress"]), car["damages"], view["turn"])
        assert d["turn_pins"] == lam.place(view, car)
        phase_lamp = lam.PHASE_LAMPS.get(view["phase"], 0)
        assert d["lamps"] & (lam.LAMP_CHECK | lam.LAMP_SLIPSTREAM | lam.LAMP_ACCIDENT) == phase_lamp
        if view["phase"] == "Drive" and view["turn"] >= 2 and not shot:
            emu.save_png(tmp_path / "lamborghini-dashboard.png")
            shot = True
        if view["phase"] in ("Draft", "CheckPrep", "Drive"):  # cards on the screen: by name
            shown = set(screen.render(binding, [emu], rig.log, "test", keys=True).split())
            assert not shown & set(lam.card_names()), shown & set(lam.card_names())
        control, label = choose(src.legal(0))
        done = len(binding.applied)
        emu.press(control)
        rig.until(lambda: len(binding.applied) == done + 1, host=host, seconds=5,
                  what=f"button {control} for {label!r}")
        assert binding.applied[-1] == (0, label), "the button took the action it means"
        pressed[control] = pressed.get(control, 0) + 1
    assert src.finished(), "the race ended"
    assert binding.refusals == []
    # Steering, the check and CONFIRM were all used; the check and slipstream lamps lit.
    assert pressed.get(2, 0) > 10 and pressed.get(CONFIRM, 0) > 0, pressed
    assert lam.LAMP_CHECK in lamps_seen or pressed.get(4, 0) == 0
    rig.run(0.3, host=host)
    ranking = src.ranking()
    d = emu.dash
    assert ranking[0] == 1
    assert d["lamps"] & (render.LAMP_GAME_OVER | render.LAMP_FINISHED | render.LAMP_SECOND) == (
        render.LAMP_GAME_OVER | render.LAMP_FINISHED | render.LAMP_SECOND)
    assert not d["lamps"] & (render.LAMP_FIRST | render.LAMP_THIRD) and d["turn_pins"] == 2
    assert not d["lamps"] & render.LAMP_YOUR_TURN
    text = screen.render(binding, [emu], rig.log, "test", keys=True)
    order = sorted(range(len(ranking)), key=lambda s: ranking[s])
    assert ("The race is over. Finishing order: "
            + ", ".join(f"{ranking[s] + 1}. seat {s + 1}" for s in order) + ".") in text
    assert "1 left, 2 ahead, 3 right, 4 check" in text
    # The log words each choice through autodromo.lamborghini.words: a card by its name.
    assert any(line.startswith("seat 1: Take ") and "_" not in line for line in rig.log), rig.log
    assert "BEST LINE" not in emu.text() and "MUST PIT" not in emu.text()
    emu.save_png(tmp_path / "lamborghini-dashboard-end.png")
    assert shot


def test_a_button_that_means_nothing_now_is_refused_with_its_word(rig: Rig) -> None:
    src = RaceSource.new("lamborghini", [0], seed=5, circuit="sant_agata")
    emu = rig.emulator(DASHBOARD, UID)
    binding = Binding(rig.bridge(), src)
    rig.until(lambda: bool(emu.dash["lamps"] & render.LAMP_YOUR_TURN), host=binding.pump, seconds=5)
    assert src.view()["phase"] == "Draft"
    version = src.version()
    emu.press(1)  # left: no steering in the draft
    rig.until(lambda: bool(binding.refusals), host=binding.pump, seconds=5)
    assert binding.refusals[-1][1] == "seat 1: the 'left' button means no legal choice now"
    assert emu.dash["lamps"] & render.LAMP_REFUSED and src.version() == version
