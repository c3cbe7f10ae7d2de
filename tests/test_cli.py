"""The ``autodromo`` command: watching bots, playing through the prompt, saving and verifying."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import autodromo
from autodromo import cli, replay

WATCH = ["play", "mille_bornes", "--watch", "--players", "3", "--single-hand", "--seed", "5"]
SCRIPT = Path(sys.executable).with_name("autodromo")


def run(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autodromo.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def test_watch_plays_a_single_hand_to_game_over(tmp_path: Path) -> None:
    p = run(WATCH, tmp_path)
    assert p.returncode == 0, p.stderr
    assert "Game over" in p.stdout
    assert p.stdout.startswith("Mille Bornes, 3 players, seed 5")
    assert "Hand 1 is over" in p.stdout
    # A seeded watch is the same every time.
    assert run(WATCH, tmp_path).stdout == p.stdout


def test_the_prompt_answered_through_stdin_finishes_a_single_hand(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    args = ["play", "mille_bornes", "--players", "3", "--single-hand", "--seed", "5"]
    args += ["--save", str(save)]
    p = run(args, tmp_path, stdin="1\n" * 400)
    assert p.returncode == 0, p.stderr
    assert "Game over" in p.stdout
    assert "You, your move:" in p.stdout
    # Choices are counted from 1, as a person counts.
    assert "[1] " in p.stdout and "[0] " not in p.stdout
    # Seat 0 always took the first choice: replaying shows it.
    r = replay.load(save)
    s = r.game.new_state()
    for a in r.actions:
        if s.current_player() == 0:
            assert a == s.legal_actions()[0]
        s.apply_action(a)
    assert r.state.is_terminal()


def test_the_log_shows_your_draws_and_hides_the_others(tmp_path: Path) -> None:
    # --seat counts from 1: the log is seat 1's (You), never seat 2's (hidden cards).
    args = ["play", "mille_bornes", "--players", "2", "--single-hand", "--seed", "5"]
    p = run(args, tmp_path, stdin="1\n" * 400)
    assert p.returncode == 0, p.stderr
    mine = [line for line in p.stdout.splitlines() if line.startswith("  You draw ")]
    theirs = [line for line in p.stdout.splitlines() if line.startswith("  P2 draws ")]
    assert mine and theirs
    assert "  You draw a card" not in mine
    assert set(theirs) == {"  P2 draws a card"}
    # "You" takes the verb as a person says it: "You draw", "You play", never "You draws".
    assert not re.search(r"  You (draws|plays|discards) ", p.stdout)
    assert re.search(r"  You (play|discard) ", p.stdout)


def test_the_prompt_names_the_side_a_hazard_goes_on(tmp_path: Path) -> None:
    # A hazard is offered against a side by its seats' names ("on P3"), never "on player 2".
    args = ["play", "mille_bornes", "--players", "3", "--single-hand", "--seed", "5"]
    p = run(args, tmp_path, stdin="1\n" * 400)
    assert p.returncode == 0, p.stderr
    choices = [line for line in p.stdout.splitlines() if re.match(r"\s+\[\d+\] ", line)]
    attacks = [c for c in choices if " on " in c]
    # Each choice is worded from its move: the button, then what it does.
    assert attacks and all(re.search(r"\] [\w ]+ on P[23] — \w", c) for c in attacks), attacks
    assert not re.search(r"\b(player|team|side) \d", p.stdout)


def test_the_prompt_explains_a_refused_answer_and_accepts_labels(tmp_path: Path) -> None:
    args = ["play", "--players", "2", "--single-hand", "--seed", "3", "--save", "game.json"]
    first = run(args, tmp_path, stdin="")
    # Stdin closed at the first question: the player leaves the table, the replay is kept.
    assert first.returncode == 130
    assert "leaving the table" in first.stdout
    r = replay.load(tmp_path / "game.json")
    assert not r.state.is_terminal()
    assert r.state.current_player() == 0
    legal = [r.state.action_to_string(a) for a in r.state.legal_actions()]
    answer = legal[-1].upper()  # labels are matched case-blind
    p = run(args, tmp_path, stdin="banana\n99\n0\n\n" + answer + "\n" + "1\n" * 400)
    assert p.returncode == 0, p.stderr
    # Choices are counted from 1: "0" is refused like any number past the list.
    assert p.stdout.count("not possible:") == 4
    assert "type a number" in p.stdout
    done = replay.load(tmp_path / "game.json")
    assert done.labels[len(r.actions)] == legal[-1]
    assert done.state.is_terminal()


def test_save_writes_a_replay_that_the_replay_command_verifies(tmp_path: Path) -> None:
    save = tmp_path / "watched.json"
    p = run([*WATCH, "--save", str(save)], tmp_path)
    assert p.returncode == 0, p.stderr
    assert f"replay saved to {save}" in p.stdout
    assert SCRIPT.exists(), "the autodromo console script is not installed in the venv"
    v = subprocess.run(
        [str(SCRIPT), "replay", str(save)], capture_output=True, text=True, timeout=60
    )
    assert v.returncode == 0, v.stderr
    r = replay.load(save)
    assert v.stdout.strip() == f"mille_bornes: {len(r.actions)} actions verified, terminal=True"
    # The watched game is the race of three heuristic bots with that seed.
    assert r.seed == 5
    again = autodromo.Race(r.game, ["heuristic"] * 3, seed=5).run()
    assert again == r.state


def test_the_replay_command_refuses_a_tampered_file(tmp_path: Path) -> None:
    save = tmp_path / "watched.json"
    assert cli.main([*WATCH, "--save", str(save)]) == 0
    doc = json.loads(save.read_text())
    doc["actions"][20]["id"] += 1
    save.write_text(json.dumps(doc))
    p = run(["replay", str(save)], tmp_path)
    assert p.returncode == 2
    assert p.stderr.startswith("autodromo: ")
    assert "digest" in p.stderr
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["play", "--players", "10", "--watch"], "players"),
        (["play", "--players", "4", "--teams", "3", "--watch"], "teams"),
        (["play", "--players", "2", "--seat", "3"], "seat"),
        (["play", "--players", "2", "--seat", "0"], "seat"),
        (["race", "legend", "--neutral", "5", "--watch"], "--neutral 5: the seats are 1 to 4"),
        (["replay", "no-such-file.json"], "no-such-file.json"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    args: list[str],
    word: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("autodromo: ")
    assert word in err


def test_variant_flags_reach_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "variants.json"
    args = [
        "play", "--watch", "--players", "4", "--teams", "2", "--single-hand", "--target", "700",
        "--cumulative-attacks", "--reshuffle-discards", "--wrong-way", "--independent-speed-limit",
        "--bot", "random",
        "--seed", "9", "--save", str(save),
    ]  # fmt: skip
    assert cli.main(args) == 0
    assert "Game over" in capsys.readouterr().out
    opts = replay.load(save).options
    assert opts["players"] == 4 and opts["teams"] == 2
    assert opts["score_to_win"] == 0 and opts["target"] == 700 and opts["extension"] is True
    assert opts["cumulative_attacks"] and opts["reshuffle_discards"] and opts["wrong_way"]
    assert opts["independent_speed_limit"]


def test_the_terminal_rendering_shows_the_table() -> None:
    from autodromo.mille_bornes.words import Names
    from autodromo.tui import mille_bornes as tui

    g = autodromo.game("mille_bornes", players=2, score_to_win=0)
    s = autodromo.Race(g, ["heuristic"] * 2, seed=1).run()
    text = tui.render(s.view(0), ["You", "Bot"])
    assert text.startswith("Hand 1  target 1000 miles")
    assert "You" in text and "Bot" in text
    table = Names(["You", "Bot"], [[0], [1]], you=0)
    lines = [tui.describe_event(e, table) for e in s.log(0)]
    assert lines[0] is None  # deals are not worth a line
    assert lines[-1] is not None and lines[-1].startswith("Game over")
    assert any(line and line.startswith("Bot draws a card") for line in lines)
    # Sides go by their seats' names, never "side 0"; "You" takes the verb as a person says it.
    assert lines[-1] in ("Game over: You win", "Game over: Bot wins"), lines[-1]
    assert not [line for line in lines if line and re.search(r"\b(side|player|seat) \d", line)]
    assert any(line and re.search(r"plays? \w[\w ]* on (You|Bot)$", line) for line in lines)
    assert any(line and line.startswith("You draw ") for line in lines)
    # Partners (four seats, two sides) are named together.
    over = {"kind": "hand_over", "hand": 1, "scores": [{"total": 400}, {"total": 300}]}
    partners = Names(["Ann", "Bo", "Cy", "Di"], [[0, 2], [1, 3]])
    assert tui.describe_event(over, partners) == "Hand 1 is over: Ann & Cy 400, Bo & Di 300"
