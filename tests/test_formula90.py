"""Race! Formula 90 from Python: defaults and options, hidden hands, labels, refusals, chance,
plans, saves and replays, batches, the learning envs, content errors and the terminal race."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import autodromo
from autodromo import ContentError, IllegalActionError, OptionError, ReplayError, _core, content, replay
from autodromo.formula90 import words

F90 = "formula90"


def until(s: autodromo.State, done: Callable[[autodromo.State], bool], seed: int = 1) -> autodromo.State:
    """Plays chance and the medium bot for every seat until ``done`` holds."""
    race = autodromo.Race(s.game, ["medium"] * s.game.num_players, seed=seed, start=s)
    for _ in range(200_000):
        if done(race.state) or race.state.is_terminal():
            return race.state
        race.step()
    raise AssertionError("the condition never held")


def at_play(s: autodromo.State) -> bool:
    return not s.is_chance_node() and "phase C" in s.view(None)["phase"]


def test_formula90_is_listed_and_plays_with_no_options() -> None:
    assert F90 in autodromo.games()
    g = autodromo.game(F90)
    opts = autodromo.game_options(g)
    assert opts["track"] == "lago" and opts["players"] == 2
    assert g.num_players == 2
    v = g.new_state().view(None)
    robots = [c for c in v["cars"] if c["driver"] != "player"]
    assert robots, "the book's line-up fills the field with robots"
    assert len(v["cars"]) == 2 + len(robots)
    s = autodromo.Race(g, ["medium", "medium"], seed=2).run()
    assert s.is_terminal()
    end = s.view(None)
    assert end["over"] and len(end["results"]) == len(end["cars"])
    # Each seat's place is its car's in the whole field, robots included (issue 35).
    place = {r["car"]: r["place"] - 1 for r in end["results"]}
    assert s.ranking() == [place[c["name"]] for c in end["cars"][:2]]


def test_options_track_players_and_robots() -> None:
    g = autodromo.game(F90, track="lago", players=4, robots={"superfast": 1, "fast": 2})
    cars = g.new_state().view(None)["cars"]
    assert g.num_players == 4 and len(cars) == 7
    kinds = sorted(c["driver"] for c in cars if c["driver"] != "player")
    assert len(kinds) == 3
    listed = autodromo.game(F90, players=3, robots=["slow", "slow"])
    assert len(listed.new_state().view(None)["cars"]) == 5
    with pytest.raises(OptionError, match="track"):
        autodromo.game(F90, track="monza")
    with pytest.raises(OptionError, match="players"):
        autodromo.game(F90, players=7)
    with pytest.raises(OptionError, match="robots"):
        autodromo.game(F90, robots=3)
    with pytest.raises(OptionError, match="robots"):
        autodromo.game(F90, robots={"rocket": 1})


def test_views_hide_the_other_hands_and_sealed_cards() -> None:
    g = autodromo.game(F90, players=3)
    s = until(g.new_state(), lambda s: s.view(None)["turn"] >= 1 and not s.is_chance_node())
    me = s.view(0)
    other = s.view(1)
    spectator = s.view(None)
    assert me["hand"] and all("name" in c and "mp" in c for c in me["hand"])
    assert "hand" not in spectator
    assert other["hand"] != me["hand"] or not me["hand"]
    blue = me["cars"][0]
    assert other["cars"][0]["hand_size"] == blue["hand_size"] == len(me["hand"])
    # No list of card faces in another seat's view holds seat 0's hand.
    mine = {c["name"] for c in me["hand"]}
    shown = {c["name"] for c in other.get("hand", [])}
    assert not mine & shown, "another player's view shows none of seat 1's... of seat 0's cards"
    # Qualifying: the card laid is sealed to the others until the reveal.
    q = g.new_state()
    q = until(q, lambda s: not s.is_chance_node() and s.current_player() == 1)
    if "qualify_card" in q.view(1)["cars"][0]:
        assert q.view(1)["cars"][0]["qualify_card"] == "sealed"
        assert isinstance(q.view(0)["cars"][0]["qualify_card"], dict)


def test_duel_cards_face_down_reach_no_other_seat_until_the_reveal() -> None:
    """Medium bots race; at every decision while a duel's cards lie face down (the position's
    duel.cards), no other seat's view nor the shared screen shows one of them, and the log's
    "lays its duel cards" names none; after the reveal they are face up (the tensor: the cargo
    tests formula90_sealed_duels.rs)."""
    g = autodromo.game(F90, players=3)
    sealed = revealed = 0
    for seed in (1, 2, 3):
        race = autodromo.Race(g, ["medium"] * 3, seed=seed)
        while not race.state.is_terminal():
            st = race.state
            if not st.is_chance_node():
                duel = json.loads(st.position())["duel"]
                down = set(duel.get("cards", [])) if not duel["revealed"] else set()
                sealed += bool(down)
                if duel["revealed"] and duel.get("cards"):
                    shown = {f["name"] for c in st.view(None)["cars"] for f in c["frozen"]}
                    revealed += set(duel["cards"]) <= shown
                for seat in (None, 0, 1, 2):
                    view = st.view(seat)
                    for i, car in enumerate(view["cars"]):
                        faces = {f["name"] for f in car["frozen"]}
                        if i != seat:
                            assert "sealed_cards" not in car
                        assert not faces & down, f"seat {seat} sees {faces & down} face down"
            race.step()
        for seat in (None, 0, 1, 2):
            laid = [e for e in words.steps(race.state.log(seat)) if e["kind"] == "duel_cards"]
            assert laid and all(set(e) == {"kind", "car", "seat"} for e in laid)
    assert sealed > 0 and revealed > 0, (sealed, revealed)


def test_labels_name_the_cards_and_their_movement_points() -> None:
    s = until(autodromo.game(F90).new_state(), at_play)
    v = s.view(s.current_player())
    labels = [a["label"] for a in v["legal_actions"]]
    plays = [x for x in labels if x.startswith("play ") and x != "play no card"]
    assert plays
    assert all(re.fullmatch(r"play \d+( \+ \d+)?( on the trajectory)? \(-?\d+ MP\)", x) for x in plays), plays
    for a in v["legal_actions"]:
        assert s.string_to_action(a["label"]) == a["id"]
        assert s.action_to_string(a["id"]) == a["label"]


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing() -> None:
    s = until(autodromo.game(F90).new_state(), at_play)
    before = s.serialize()
    legal = set(s.legal_actions())
    illegal = next(a for a in range(s.game.num_distinct_actions) if a not in legal)
    reason = s.why_illegal(illegal)
    assert reason
    with pytest.raises(IllegalActionError):
        s.apply_action(illegal)
    assert s.serialize() == before
    with pytest.raises(IllegalActionError):
        s.apply_action("play 200 + 300 (9 MP)")
    assert s.serialize() == before


def test_chance_nodes_are_explicit() -> None:
    s = autodromo.game(F90).new_state()
    s = until(s, lambda s: s.is_chance_node())
    outcomes = s.chance_outcomes()
    assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert s.current_player() == autodromo.CHANCE
    label = s.action_to_string(outcomes[0][0])
    assert label and not label.startswith("unknown")


def test_plan_moves_give_each_card_choice_its_landing_costs_and_checks() -> None:
    s = until(autodromo.game(F90, players=3).new_state(), at_play)
    plans = s.plan_moves()
    legal = set(s.legal_actions())
    assert plans
    sections = s.view(None)["sections"]
    for p in plans:
        assert p["id"] in legal
        assert 1 <= p["landing"] <= len(sections)
        # The landing as the core gives a section: its kind and the track's name for it or null.
        landing = sections[p["landing"] - 1]
        assert (p["landing_kind"], p["landing_name"]) == (landing["kind"], landing["name"])
        for key in ("mp", "tyres", "wear", "discard", "passes", "checks"):
            assert key in p
    assert s.view(s.current_player())["plans"] == plans
    assert autodromo.game(F90).new_state().plan_moves() == []


def test_serialize_and_replays_rebuild_the_race(tmp_path: Path) -> None:
    g = autodromo.game(F90, players=3, turns=4)
    s = autodromo.Race(g, ["medium", "easy", "random"], seed=11).run()
    again = g.deserialize_state(s.serialize())
    assert again == s and again.view(None) == s.view(None)
    path = tmp_path / "f90.json"
    replay.save(path, s, seed=11)
    loaded = replay.load(path)
    assert loaded.state == s and loaded.game.name == F90
    # The same game, seats and seed give the same race.
    assert autodromo.Race(g, ["medium", "easy", "random"], seed=11).run() == s


def test_simulate_runs_formula90_with_defaults_and_is_the_same_on_any_thread_count() -> None:
    one = autodromo.simulate(F90, 12, seed=3, threads=1, progress=False)
    two = autodromo.simulate(F90, 12, seed=3, threads=2, progress=False)
    assert one.n == 12 and one.complete
    for col in one.columns:
        # A retired car has no finish turn (NaN), the same on any thread count.
        assert np.array_equal(one[col], two[col], equal_nan=True), col
    # Places in the whole field: two seats, two different places among every car.
    assert len(set(one.ranking[0].tolist())) == 2
    assert (one.ranking == one.place[:, :2]).all()
    assert one.to_pandas().shape[0] == 12


def test_python_policies_in_a_batch() -> None:
    def first_legal(obs: Any, masks: Any, seats: Any) -> Any:
        return np.argmax(masks, axis=1)

    r = autodromo.simulate(F90, 4, seed=1, policies=[first_legal, "medium"], progress=False, turns=3)
    assert r.n == 4 and r.complete


def test_the_harness_keeps_the_invariants_from_python() -> None:
    for seed in range(6):
        g = autodromo.game(F90, players=2 + seed % 5, turns=4)
        actions, chance = _core.random_sim(g, seed, roundtrip_every=50)
        assert actions > 0 and chance > 0


def test_learning_envs_play_formula90() -> None:
    from autodromo.envs import SingleSeatEnv

    env = SingleSeatEnv(F90, turns=3)
    obs, info = env.reset(seed=4)
    assert obs.shape == env.observation_space.shape
    done = False
    steps = 0
    while not done:
        mask = info["action_mask"]
        obs, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))
        done = terminated or truncated
        steps += 1
    assert steps > 0


def test_bad_content_names_the_file_and_the_key(tmp_path: Path) -> None:
    root = tmp_path / F90
    shutil.copytree(content.directory(F90), root)
    cars = root / "cars.toml"
    cars.write_text(cars.read_text(encoding="utf-8").replace("tyres = 10", "tyres = -3", 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        autodromo.game(F90, content_dir=str(root))
    assert "cars.toml" in str(err.value) and "tyres" in str(err.value)


def run_cli(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autodromo.cli", *args],
        input=stdin, capture_output=True, text=True, timeout=300,
    )


def test_the_terminal_race_watched_to_the_end() -> None:
    p = run_cli(["race", F90, "--watch", "--seed", "4", "--turns", "3", "--players", "3"])
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("Formula 90 at ")
    assert "results:" in p.stdout and "Turn 3" in p.stdout
    assert not re.search(r"\b(player|seat|car) \d", p.stdout), "names, never ids"


def test_the_terminal_race_played_through_stdin_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    args = ["race", F90, "--seed", "5", "--turns", "3", "--save", str(save)]
    p = run_cli(args, stdin="1\n" * 3000)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "[1] " in p.stdout and "[0] " not in p.stdout, "choices count from 1"
    assert "your hand:" in p.stdout and "results:" in p.stdout
    r = replay.load(save)
    assert r.state.is_terminal()
    # The player always took the first choice.
    s = r.game.new_state()
    for a in r.actions:
        if not s.is_chance_node() and s.current_player() == 0:
            assert a == s.legal_actions()[0]
        s.apply_action(a)


def test_every_action_id_has_a_label_and_a_reason_in_every_phase() -> None:
    # A learner may try any id: each one is named and refused with its reason, never a crash.
    race = autodromo.Race(autodromo.game(F90, turns=2), ["medium", "medium"], seed=8)
    seen: set[str] = set()
    while not race.state.is_terminal():
        s = race.state
        phase = s.view(None)["phase"]
        if not s.is_chance_node() and phase not in seen:
            seen.add(phase)
            legal = set(s.legal_actions())
            for a in range(s.game.num_distinct_actions):
                assert s.action_to_string(a)
                assert (s.why_illegal(a) is None) == (a in legal), s.action_to_string(a)
        race.step()
    assert any("phase C" in p for p in seen)


def test_the_board_is_the_section_track_the_core_laid_out() -> None:
    g = autodromo.game(F90)
    b = g.board()
    assert b is not None
    sections = g.new_state().view(None)["sections"]
    assert [s["name"] for s in b["sections"]] == [s["name"] for s in sections]
    assert [s["kind"] for s in b["sections"]] == [s["kind"] for s in sections]
    assert all(len(s["outline"]) >= 4 and len(s["centre"]) == 2 for s in b["sections"])
    x0, y0, x1, y1 = b["bounds"]
    assert x0 < x1 and y0 < y1


def test_a_batch_gives_each_seats_place_in_the_whole_field() -> None:
    r = autodromo.simulate(F90, 8, seed=5, progress=False, players=2, turns=3)
    cars = len(autodromo.game(F90, players=2).new_state().view(None)["cars"])
    # seat_extra is the car's place among every car, robots included, counted from 1; ranking
    # is the same place counted from 0 (issue 35: a seat behind the robots is not first).
    assert ((r.seat_extra >= 1) & (r.seat_extra <= cars)).all()
    assert (r.ranking == r.seat_extra - 1).all()
    assert "position_0" in r.to_pandas().columns


def test_before_the_grid_no_car_has_a_place_in_the_terminal() -> None:
    from autodromo.tui import formula90 as tui

    s = until(autodromo.game(F90).new_state(), lambda s: not s.is_chance_node())
    v = s.view(0)
    assert v["turn"] == 0 and not any(sec["cars"] for sec in v["sections"])
    text = tui.render(v)
    assert "not on the grid yet" in text and " 1. " not in text
    started = until(s, lambda s: s.view(None)["turn"] >= 1)
    assert " 1. " in tui.render(started.view(None))


def test_laps_count_from_one_in_the_terminal() -> None:
    from autodromo.tui import formula90 as tui

    # At the start the grid stands behind the line: no car has crossed it yet.
    s = until(autodromo.game(F90).new_state(), lambda s: s.view(None)["turn"] >= 1)
    v = s.view(None)
    assert any(c["lap"] == 0 for c in v["cars"] if c["status"] == "racing")
    text = tui.render(v)
    assert "lap 0" not in text and "lap 1" in text
    # Once across the line a car is still on its first lap; the next crossing begins lap 2.
    assert [words.lap_number({"lap": n}) for n in (0, 1, 2)] == [1, 1, 2]


def test_the_terminal_shows_the_weather_and_each_cars_tyres() -> None:
    from autodromo.tui import formula90 as tui

    s = until(autodromo.game(F90).new_state(), lambda s: s.view(None)["turn"] >= 1)
    v = s.view(0)
    assert v["weather"]["sky"] in ("dry", "drizzle", "rain")
    text = tui.render(v)
    assert f"weather: {v['weather']['sky']} (space {v['weather']['space']} of 11" in text
    mine = next(c for c in v["cars"] if c.get("seat") == 0)
    assert f"tyres {mine['tyres']} ({mine['tyre']}" in text
    basic = until(autodromo.game(F90, weather=False).new_state(), lambda s: s.view(None)["turn"] >= 1)
    assert "weather" not in basic.view(0) and "weather:" not in tui.render(basic.view(0))


def test_the_safety_car_in_the_view_and_the_terminal() -> None:
    # A crash at a Safety Car point brings it out (on by default): the view says where it stands
    # and whether its pit window is open, the terminal says it in words; then a restart.
    from autodromo.tui import formula90 as tui

    g = autodromo.game(F90, players=6)
    seen_out = seen_restart = False
    for seed in range(100):
        race = autodromo.Race(g, ["easy"] * 6, seed=seed)
        while not race.state.is_terminal() and not (seen_out and seen_restart):
            v = race.state.view(None)
            sc = v["safety_car"]
            if sc["out"] and not sc["pit_window"] and not seen_out:
                seen_out = True
                assert [s["number"] for s in v["sections"] if s["safety_car"]] == [sc["section"]]
                leader = next(c for c in v["cars"] if c["name"] == v["leader"])
                assert leader["section"] == sc["section"]
                assert f"Safety Car out in section {sc['section']}" in tui.render(v)
            if sc["restart"] and not seen_restart:
                seen_restart = True
                assert not sc["out"]
                assert "restart: every pass 1 MP" in tui.render(v)
            race.step()
        if seen_out and seen_restart:
            break
    assert seen_out and seen_restart
    # Lago's SC symbols: the Tornante and Parabolica late-braking charts (6, 22) and the
    # Parabolica Extreme Trajectory's chart (23).
    assert [s["number"] for s in g.new_state().view(None)["sections"] if s["safety_car_point"]] == [6, 22, 23]
    assert "safety_car" not in autodromo.game(F90, safety_car=False).new_state().view(None)


def test_a_position_rebuilds_the_same_race_at_any_moment() -> None:
    # The round trip of a position (R: positions, issue 11 item 7) taken along a bots' race: the
    # same views for every seat, the same legal actions, and the same continuation.
    g = autodromo.game(F90, players=3)
    race = autodromo.Race(g, ["medium"] * 3, seed=11)
    checked = 0
    for step in range(4000):
        s = race.state
        if s.is_terminal():
            break
        if step % 5 == 0 and not s.is_chance_node():
            back = g.state_from(s.position())
            for seat in range(3):
                assert back.view(seat) == s.view(seat), step
            assert back.legal_actions() == s.legal_actions(), step
            a = s.legal_actions()[0]
            nxt = s.clone()
            nxt.apply_action(a)
            back.apply_action(a)
            assert back.view(None) == nxt.view(None), step
            checked += 1
        race.step()
    assert checked >= 40, checked


def test_a_position_that_breaks_a_rule_is_refused_with_the_rule() -> None:
    g = autodromo.game(F90)
    s = until(g.new_state(), at_play)
    p = json.loads(s.position())
    blue = p["cars"][0]
    blue["hand"] = blue["hand"] + blue["hand"][:1]
    with pytest.raises(ReplayError, match="position"):
        g.state_from(json.dumps(p))
    with pytest.raises(ReplayError, match="not JSON"):
        g.state_from("{")

