"""Issue 29 item 4, the bridge maps its buttons to move kinds: Legend's pace buttons and
Lamborghini's steering and check buttons take the core's moves (``State.moves``: kind and
references), never a label; the emulator's screen words each choice through the game's words
module. The buttons do what they did when they matched labels: each takes the action whose
stable name (its label) the book's word gives, and no other."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import autodromo
from autodromo.legend import words as legend_words
from autodromo.lamborghini import words as lambo_words
from autodromo_bridge import screen
from autodromo_bridge.binding import Binding, RaceSource, takes
from autodromo_bridge.devices import DASHBOARD
from autodromo_bridge.games.lamborghini import render as lam
from autodromo_bridge.games.legend import render as legend

from .conftest import Rig

PACKAGE = Path(__file__).resolve().parents[2] / "firmware_bridge" / "autodromo_bridge"
UID = bytes(range(90, 106))

#: What each button took when it matched labels (the labels are the actions' stable names).
LEGEND_LABELS = {1: "maintain", 2: "accelerate 1", 3: "lift and coast", 4: "stop to cool"}
LAMBO_LABELS = {1: {"move left", "direction left", "slipstream left"}, 2: {"move ahead", "direction ahead"},
                3: {"move right", "direction right", "slipstream right"}, 4: {"take the check"}}


def label_readings(source: str) -> list[str]:
    """Where ``source`` reads meaning out of a label: a regular expression, or a split of
    something named a label. (Asking the core for a label, the action's stable name for the log
    and ``applied``, is no reading.)"""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            found += [f"line {line}: imports re" for a in node.names if a.name in ("re", "regex")]
        elif isinstance(node, ast.ImportFrom) and node.module in ("re", "regex"):
            found.append(f"line {line}: imports from re")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, on = node.func.attr, node.func.value
            if name in ("split", "rsplit", "partition", "rpartition") and "label" in ast.unparse(on):
                found.append(f"line {line}: {name} over a label")
    return found


def test_no_module_of_the_bridge_reads_a_label() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        assert label_readings(path.read_text()) == [], path


def test_the_check_finds_a_planted_label_reading() -> None:
    for plant in ("import re\n", "verb, _, rest = label.partition(' ')\n", "x = a[1].split()\nlabel.split()\n"):
        assert label_readings(plant), plant


def decisions(game: autodromo.Game, seeds: range, limit: int = 3000) -> list[tuple[list[tuple[int, str]], dict[int, dict[str, Any]]]]:
    """Each decision of random games: its legal actions (id, label) and their moves by id."""
    out = []
    for seed in seeds:
        s, rng = game.new_state(), random.Random(seed)
        for _ in range(limit):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
                continue
            seat = s.current_player()
            legal = [(a, s.action_to_string(a)) for a in s.legal_actions()]
            out.append((legal, {int(m["action"]): m for m in s.moves(seat)}))
            s.apply_action(rng.choice(s.legal_actions()))
    return out


def taken(means: Any, legal: list[tuple[int, str]], moves: dict[int, dict[str, Any]]) -> list[str]:
    return [label for a, label in legal if takes(means, moves.get(a))]


def test_legend_pace_buttons_take_the_moves_they_are_named_for() -> None:
    game = autodromo.game("legend", cars=["bugatti_type_35", "alfa_8c_2300"])
    used = {c: 0 for c in legend.BUTTONS}
    for legal, moves in decisions(game, range(3)):
        labels = {label for _, label in legal}
        for c, (word, means) in legend.BUTTONS.items():
            # "accelerate 1", not "accelerate 1 push"; "maintain", not "maintain push".
            assert taken(means, legal, moves) == ([LEGEND_LABELS[c]] if LEGEND_LABELS[c] in labels else [])
            used[c] += LEGEND_LABELS[c] in labels
    assert all(used.values()), used


def test_lamborghini_buttons_take_the_moves_of_their_direction() -> None:
    game = autodromo.game("lamborghini")
    used = {c: 0 for c in lam.BUTTONS}
    for legal, moves in decisions(game, range(3)):
        for c, (word, means) in lam.BUTTONS.items():
            want = [label for _, label in legal if label in LAMBO_LABELS[c]]
            assert taken(means, legal, moves) == want
            used[c] += bool(want)
    assert all(used.values()), used


def test_the_screen_words_a_legend_choice_from_its_move(rig: Rig) -> None:
    src = RaceSource.new("legend", [0], cars=["bugatti_type_35", "alfa_8c_2300"], seed=11)
    emu = rig.emulator(DASHBOARD, UID)
    binding = Binding(rig.bridge(), src)
    rig.until(lambda: emu.dash["state_id"] != 0, host=binding.pump)
    # To the standing start's pace by CONFIRM on the first choice.
    while "accelerate 1" not in [label for _, label in src.legal(0)]:
        n = len(binding.applied)
        emu.press(0)
        rig.until(lambda: len(binding.applied) == n + 1, host=binding.pump)
    rig.until(lambda: emu.dash["pace"] == 1, host=binding.pump)
    text = screen.render(binding, [emu], rig.log, "t", keys=True)
    lanes = int(src.view().get("lanes", 3))
    for k, m in enumerate(src.race.state.moves(0)):
        assert f"selector {k + 1}: {legend_words.move_words(m, lanes)}" in text, text
    assert "pace buttons now: 2 accelerate 1" in text, text
    n = len(binding.applied)
    emu.press(2)
    rig.until(lambda: len(binding.applied) == n + 1, host=binding.pump)
    assert binding.applied[-1] == (0, "accelerate 1")
    assert rig.log[-1].endswith(": " + legend_words.say("move.accelerate", by=1)), rig.log[-1]


def test_the_screen_words_a_lamborghini_card_from_its_move(rig: Rig) -> None:
    src = RaceSource.new("lamborghini", [0], seed=5, circuit="sant_agata")
    emu = rig.emulator(DASHBOARD, UID)
    binding = Binding(rig.bridge(), src)
    rig.until(lambda: src.to_move() == 0 and emu.dash["pace"] == 1, host=binding.pump, seconds=5)
    text = screen.render(binding, [emu], rig.log, "t", keys=True)
    names = lambo_words.Names(seat=str, car=str, cards=lam.cards())
    for k, m in enumerate(src.race.state.moves(0)):
        assert f"selector {k + 1}: {lambo_words.move_words(m, names)[0]}" in text, text
