"""Issue 17, item 6: `autodromo bridge --emulate` as a first experience. Its screen, captured as
text from a real terminal (tmux), shows a Legend decision with what each selector position
means, the lamps lit with their meaning, whether the race waits for you and the log, redrawn
in place; YOUR TURN lights only for a seat a dashboard drives; --circuit and --seats are taken;
without a terminal to press buttons from, it says so instead of waiting silently."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from collections.abc import Callable

import pytest

from autodromo import cli



class Terminal:
    """A detached tmux session of 110 x 60 running one command; `screen()` is what it shows.
    Each has its own tmux server (its own socket): with a shared one, a session started while the
    previous test's server was exiting failed with "server exited unexpectedly"."""

    def __init__(self, command: list[str]) -> None:
        self.name = f"bridge-{uuid.uuid4().hex[:8]}"
        line = " ".join(command)
        subprocess.run(["tmux", "-L", self.name, "new-session", "-d", "-s", self.name, "-x", "110", "-y", "60", line],
                       check=True)

    def screen(self) -> str:
        out = subprocess.run(["tmux", "-L", self.name, "capture-pane", "-p", "-t", self.name], capture_output=True,
                             text=True)
        return out.stdout

    def keys(self, text: str) -> None:
        subprocess.run(["tmux", "-L", self.name, "send-keys", "-t", self.name, text, "Enter"], check=True)

    def until(self, cond: Callable[[str], bool], seconds: float = 20.0) -> str:
        end = time.monotonic() + seconds
        shown = ""
        while time.monotonic() < end:
            shown = self.screen()
            if cond(shown):
                return shown
            time.sleep(0.2)
        pytest.fail(f"not on screen within {seconds} s:\n{shown}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.name, "kill-server"], capture_output=True)


def bridge_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "autodromo.cli", "bridge", *args]


def test_the_screen_shows_a_legend_decision_its_selector_and_lamps_and_takes_a_choice() -> None:
    term = Terminal(bridge_command("--emulate", "dashboard,track", "--seed", "3", "--step-ms", "0",
                                   "--circuit", "castelrosso"))
    try:
        # The first decision is the reliability split: every selector position is named, worded
        # from its move by autodromo.legend.words.
        screen = term.until(lambda s: "YOUR TURN" in s and "selector 3: Engine 3, Brakes 5" in s)
        assert "Legend on the Castelrosso circuit" in screen
        assert "Waiting for you" in screen
        assert "> selector 1: Engine 1, Brakes 7" in screen
        assert "lamps lit: YOUR TURN (this car decides now)" in screen
        assert "LOG" in screen and "linked" in screen
        assert screen.count("DASHBOARD e0000000") == 1, "redrawn in place, not scrolled"
        term.keys("++")
        term.until(lambda s: "> selector 3: Engine 3, Brakes 5" in s)
        term.keys("c")
        screen = term.until(lambda s: "seat 1: Engine 3, Brakes 5" in s)
        assert screen.count("autodromo bridge: Legend") == 1
    finally:
        term.close()


def test_with_watch_the_your_turn_lamp_never_lights_and_the_screen_says_bots_drive() -> None:
    term = Terminal(bridge_command("--emulate", "dashboard,track", "--watch", "--seed", "4", "--step-ms", "30"))
    try:
        seen = [term.until(lambda s: "driven by a bot" in s)]
        for _ in range(10):
            time.sleep(0.2)
            seen.append(term.screen())
        assert all("YOUR TURN" not in s for s in seen)
        assert any("The bots are driving." in s for s in seen)
    finally:
        term.close()


def test_seats_choose_what_the_dashboard_drives(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bridge", "--emulate", "dashboard", "--seats", "9", "--seed", "1"]) == 2
    assert "--seats: seat 9 is not one of the race's seats 1 to 4" in capsys.readouterr().err
    term = Terminal(bridge_command("--emulate", "dashboard", "--seats", "2", "--seed", "3", "--step-ms", "0"))
    try:
        term.until(lambda s: "DASHBOARD e0000000 shows seat 2 (Alfa Romeo" in s and "YOUR TURN" in s)
    finally:
        term.close()


def test_without_a_terminal_to_press_buttons_it_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    out = subprocess.run(bridge_command("--emulate", "dashboard", "--seconds", "3"), stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "there is no terminal to press its buttons from" in out.stderr
    assert "--watch" in out.stderr


def test_the_screen_drives_a_formula90_car_by_its_name_with_the_meaning_buttons() -> None:
    """Issue 15: Blue's first decisions from the keyboard: the selector names Free Practice's
    choices, CONFIRM takes one, the log names the car; then the 'yes' key drives at phase A."""
    term = Terminal(bridge_command("formula90", "--emulate", "dashboard,track", "--seed", "2",
                                   "--step-ms", "0"))
    try:
        screen = term.until(lambda s: "YOUR TURN" in s and "selector 2: skill Versatility" in s)
        assert "Race! Formula 90 at Autodromo del Lago" in screen
        assert "shows seat 1 (Blue)" in screen and "needles: target card" in screen
        assert "1 yes, 2 no, 3 pit, 4 tyre token" in screen
        assert "race: not started" in screen, "the track board's state in words"
        term.keys("+")
        term.until(lambda s: "> selector 2: skill Versatility" in s)
        term.keys("c")
        screen = term.until(lambda s: "Blue: skill Versatility" in s)
        assert "seat 1: skill" not in screen
        # CONFIRM through Free Practice and qualifying until phase A offers "drive".
        for _ in range(40):
            screen = term.screen()
            if "1 yes: drive" in screen:
                break
            term.keys("c")
            time.sleep(0.3)
        term.until(lambda s: "buttons now: 1 yes: drive" in s)
        term.keys("1")
        term.until(lambda s: "Blue: drive" in s)
    finally:
        term.close()
