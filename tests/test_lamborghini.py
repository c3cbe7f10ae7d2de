"""Lamborghini from Python: the draft, a whole race, replays, bad content and the harness."""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import autodromo
from autodromo import (
    ContentError,
    IllegalActionError,
    OptionError,
    ReplayError,
    _core,
    content,
    replay,
)


def test_lamborghini_is_listed_and_opens_with_the_eight_face_up_cards() -> None:
    assert "lamborghini" in autodromo.games()
    g = autodromo.game("lamborghini", players=3)
    s = g.new_state()
    # "Turn over the first 2 cards of each of the 4 decks": eight chance draws.
    for _ in range(8):
        assert s.is_chance_node()
        s.apply_action(s.chance_outcomes()[0][0])
    v = s.view(0)
    assert len(v["face_up"]) == 8
    assert s.current_player() == 0, "the first player chooses first"
    assert all(a["label"].startswith("pick ") for a in v["legal_actions"])


def test_the_long_game_opens_with_sealed_bids_hidden_from_the_others() -> None:
    g = autodromo.game("lamborghini", players=3, long=True)
    s = g.new_state()
    assert s.current_player() == 0
    s.apply_action("bid 5000$")
    assert s.view(1)["players"][0]["bid"] is None, "a sealed bid stays hidden"
    assert s.view(0)["players"][0]["bid"] == 5
    assert s.view(1)["players"][0]["money"] == 60_000, "paid only when every bid is revealed"
    s.apply_action("bid nothing")
    s.apply_action("bid 2000$")
    assert s.view(1)["players"][0]["money"] == 55_000
    assert s.view(1)["players"][0]["bid"] == 5, "revealed together"


def test_two_players_race_two_murcielagos_each() -> None:
    g = autodromo.game("lamborghini", players=2)
    s = autodromo.Race(g, ["heuristic", "heuristic"], seed=3).run()
    v = s.view(None)
    assert len(v["cars"]) == 4
    assert sorted(c["owner"] for c in v["cars"]) == [0, 0, 1, 1]


def test_a_race_of_heuristic_players_finishes_with_a_ranking() -> None:
    for players in range(2, 6):
        g = autodromo.game("lamborghini", players=players, laps=1)
        s = autodromo.Race(g, ["heuristic"] * players, seed=players).run()
        assert s.is_terminal()
        assert max(s.returns()) == 1.0
        assert sorted(set(s.ranking())) == sorted(set(s.ranking()))


def test_replay_reproduces_the_game(tmp_path: Path) -> None:
    g = autodromo.game("lamborghini", players=3, laps=1)
    s = autodromo.Race(g, ["heuristic", "random", "heuristic"], seed=9).run()
    path = tmp_path / "lambo.json"
    replay.save(path, s, seed=9)
    assert replay.load(path).state == s


def test_saves_and_replays_of_rules_version_1_are_refused_with_the_reason(tmp_path: Path) -> None:
    """Rules version 2 (Brakes before a Crazy check, level finishes, declared crashes, purchases
    paid in full) changes what is legal and who wins: a version-1 game is not replayed under it."""
    g = autodromo.game("lamborghini", players=3, laps=1)
    s = autodromo.Race(g, ["heuristic", "random", "heuristic"], seed=5).run()
    saved = json.loads(s.serialize())
    assert saved["rules_version"] == 2
    # Version 1 folded its number into the content hash as version 2 does: hash ^ 1, not ^ 2.
    saved.update(rules_version=1, content_hash=f"{int(saved['content_hash'], 16) ^ 3:016x}")
    with pytest.raises(ReplayError, match="saved under another rules version"):
        g.deserialize_state(json.dumps(saved))
    path = tmp_path / "lambo.json"
    replay.save(path, s, seed=5)
    doc = json.loads(path.read_text(encoding="utf-8"))
    body = {k: v for k, v in doc.items() if k != "digest"}
    body["content_hash"] = f"{int(body['content_hash'], 16) ^ 3:016x}"
    path.write_text(json.dumps({**body, "digest": replay._digest(body)}), encoding="utf-8")
    with pytest.raises(ReplayError, match="an older version of the game's rules"):
        replay.load(path)


def test_an_illegal_action_changes_nothing() -> None:
    s = autodromo.game("lamborghini", players=3).new_state()
    before = s.serialize()
    with pytest.raises(IllegalActionError):
        s.apply_action("move ahead")
    assert s.serialize() == before
    with pytest.raises(OptionError, match="unknown circuit"):
        autodromo.game("lamborghini", circuit="monza")
    with pytest.raises(OptionError, match="players"):
        autodromo.game("lamborghini", players=6)


def test_bad_content_names_the_file_and_the_key(tmp_path: Path) -> None:
    root = tmp_path / "lamborghini"
    shutil.copytree(content.directory("lamborghini"), root)
    cards = root / "cards.toml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace('supplier = "blue"', 'supplier = "green"', 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        autodromo.game("lamborghini", content_dir=str(root))
    assert "cards.toml" in str(err.value) and "supplier" in str(err.value)


DEFAULT_GAMES = 1000
SOAK = int(os.environ.get("AUTODROMO_SOAK", "0") or 0)


def _one(seed: int) -> int:
    tracks: dict[str, Any] = {"circuits": ["sant_agata", "imola_like"]} if seed % 6 == 3 else {}
    g = autodromo.game(
        "lamborghini",
        players=2 + seed % 4,
        circuit=["sant_agata", "imola_like"][seed % 2],
        laps=1 if seed % 10 else 3,
        long=seed % 3 == 0,
        accident_table=["split", "right_first", "left_first"][seed % 3],
        **tracks,
    )
    # The serialize round trip replays the whole history: every 64th step and at the end here;
    # every other check at every step (tests/test_harness.py runs it at every step).
    actions, _ = _core.random_sim(g, seed, roundtrip_every=64 if seed % 50 else 1)
    return actions


def test_harness_over_random_short_and_long_games() -> None:
    games = max(DEFAULT_GAMES, SOAK // 10)
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        actions = list(pool.map(_one, range(games)))
    assert len(actions) == games and min(actions) > 0


def test_the_long_game_runs_several_races_and_is_won_on_money() -> None:
    g = autodromo.game("lamborghini", players=3, long=True, races=2, laps=1)
    s = autodromo.Race(g, ["heuristic"] * 3, seed=4).run()
    log = s.log()
    bids = [e for e in log if e["kind"] == "bid"]
    assert len(bids) == 6, "a sealed-bid auction before each of the two races"
    money = [p["money"] for p in s.view(None)["players"]]
    winner = s.ranking().index(0)
    assert money[winner] == max(money)
    assert s.returns()[winner] == 1.0


def test_terminal_game_watch(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "autodromo.cli", "race", "lamborghini", "--watch", "--laps", "1",
         "--seed", "3", "--players", "4"],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "final order:" in out.stdout
    # People read names, counting from 1: card names, not content ids; no player 0, car 0 or lane 0.
    cards = tomllib.loads((content.directory("lamborghini") / "cards.toml").read_text(encoding="utf-8"))
    ids = {c["id"] for kind in ("car", "driver") for c in cards[kind]}
    names = {c["name"] for kind in ("car", "driver") for c in cards[kind]}
    words = set(re.findall(r"[a-z0-9_]+", out.stdout))
    assert not words & ids, words & ids
    assert any(name in out.stdout for name in names)
    assert not re.search(r"\b(?:P0|car 0|lane 0)\b", out.stdout)
    # The log in words (issue 29): each seat's movement of a turn on one line.
    assert re.search(r"^  P\d: (?:.*, )?moves \d+ squares", out.stdout, re.M)
    assert "Speed card for car 1 (P1)" in out.stdout


def test_the_long_game_may_run_its_races_on_several_tracks() -> None:
    g = autodromo.game("lamborghini", players=3, long=True, laps=1,
                       circuits=["sant_agata", "imola_like", "imola_like"])
    assert autodromo.game_options(g)["races"] == 3
    s = autodromo.Race(g, ["heuristic"] * 3, seed=6).run()
    assert s.is_terminal()
    assert len([e for e in s.log() if e["kind"] == "bid"]) == 9
    with pytest.raises(OptionError, match="up to 2 races on each track"):
        autodromo.game("lamborghini", long=True, circuits=["sant_agata"] * 3)
    with pytest.raises(OptionError, match="unknown circuit"):
        autodromo.game("lamborghini", long=True, circuits=["sant_agata", "le_mans"])
