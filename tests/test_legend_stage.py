"""Legend Stage races from Python: a route to the end, the Time Chart in the view, saves made before
Stage races existed, and the generic harness over random Stage races."""

from __future__ import annotations

import json
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import autodromo
from autodromo import OptionError, _core, content, replay

DATA = Path(__file__).parent / "data"
CARS = [
    "bugatti_type_35",
    "alfa_8c_2300",
    "ferrari_166_mm",
    "maserati_300s",
    "fiat_1100s",
    "porsche_550",
    "jaguar_c_type",
    "mercedes_300slr",
]


def stage_game(**options: object) -> autodromo.Game:
    options.setdefault("route", "coppa_breve")
    options.setdefault("cars", CARS[:4])
    return autodromo.game("legend", **options)


def test_track_saves_and_replays_made_before_stage_races_still_load(tmp_path: Path) -> None:
    # Made with the engine before Stage races (main at e2cdae0); the content then had no stages.
    # Today's content has them, and the cars.toml they were made with is the one from before the
    # Neutral tables changed (issue 33; with today's they are refused: test_saves_new_content).
    folder = tmp_path / "legend"
    shutil.copytree(content.directory("legend"), folder)
    shutil.copyfile(DATA / "legend_cars_before_issue33.toml", folder / "cars.toml")
    saves = json.loads((DATA / "legend_track_saves_v1.json").read_text())
    g = autodromo.game(
        "legend", content_dir=str(folder), circuit="example", laps=1, cars=CARS[:3],
        neutral=[False, True, False],
    )
    s = g.deserialize_state(saves["example_finished"])
    assert s.is_terminal()
    assert s.ranking() == saves["example_finished_ranking"]
    g2 = autodromo.game(
        "legend", content_dir=str(folder), circuit="castelrosso", laps=2, cars=["porsche_550", "osca_mt4"],
        slipstream_in_turns=True, setups=[{"gears": "long"}, None],
    )
    s2 = g2.deserialize_state(saves["castelrosso_midrace"])
    assert s2.view(None)["round"] == saves["castelrosso_midrace_view_round"]
    loaded = replay.load(DATA / "legend_track_replay_v1.json", folder)
    assert loaded.state.is_terminal()
    assert loaded.state.ranking() == [2, 0, 3, 1]


def test_a_route_is_an_option_and_refuses_track_options() -> None:
    g = stage_game()
    options = autodromo.game_options(g)
    assert options["route"] == "coppa_breve"
    assert "circuit" not in options and "laps" not in options
    with pytest.raises(OptionError, match="laps"):
        stage_game(laps=2)
    with pytest.raises(OptionError, match="unknown route"):
        stage_game(route="targa_florio")


def test_a_stage_race_of_greedy_drivers_and_neutral_cars_runs_to_the_final_check_point() -> None:
    g = stage_game(cars=CARS[:5], neutral=[False, True, False, True, False], residual_mps=True,
                   historical_points=True)
    s = autodromo.Race(g, ["greedy", "neutral", "greedy", "neutral", "greedy"], seed=4).run()
    assert s.is_terminal()
    view = s.view(None)
    assert view["stage"]["number"] == 2 and view["stage"]["finish"] == "checkpoint"
    chart = view["time_chart"]
    finishers = [row for row in chart if row["stages_done"] == 2]
    assert finishers, "somebody reaches Ravenna"
    for row in finishers:
        assert row["racing_time"] > 0
        assert [st["stage"] for st in row["stages"]] == [1, 2]
        # Stage 2 starts when stage 1 finished: the clock runs on.
        assert row["stages"][1]["start"] == row["stages"][0]["finish"]
    ranking = s.ranking()
    assert sorted(ranking) == list(range(5))
    points = {p["seat"]: p["total"] for p in view["points"]}
    winner = ranking.index(0)
    assert points[winner] == max(points.values()), "Historical play: the most points win"
    assert s.returns()[winner] == 1.0


def test_same_seed_same_stage_race_and_its_replay(tmp_path: Path) -> None:
    g = stage_game(neutral=[False, True, False, True])
    a = autodromo.Race(g, ["greedy", "neutral", "random", "neutral"], seed=9).run()
    b = autodromo.Race(g, ["greedy", "neutral", "random", "neutral"], seed=9).run()
    assert a.history() == b.history()
    path = tmp_path / "stage.json"
    replay.save(path, a, seed=9)
    loaded = replay.load(path)
    assert loaded.state == a
    assert loaded.state.view(None)["time_chart"] == a.view(None)["time_chart"]


#: A short slice in `make test`; `make soak` runs 2,000 (``AUTODROMO_STAGE_RACES``).
RACES = int(os.environ.get("AUTODROMO_STAGE_RACES", "0") or 0) or 200


def _one(seed: int) -> int:
    n = 2 + seed % 7
    g = autodromo.game(
        "legend",
        route=["coppa_breve", "mille_miglia"][seed % 2],
        cars=[CARS[(seed + 3 * i) % len(CARS)] for i in range(n)],
        neutral=[(seed + i) % 3 == 0 for i in range(n)],
        residual_mps=seed % 2 == 0,
        historical_points=seed % 3 == 0,
        neutral_checkpoint_penalty=seed % 5 == 0,
        slipstream_in_turns=seed % 4 == 1,
        realistic_collisions=seed % 5 == 2,
        priority_bid=seed % 4 == 3,
        setups=[None if (seed + i) % 2 else {"suspension": "soft", "tires": "wet"} for i in range(n)],
    )
    # The serialize round trip replays the whole history: every 50 steps and at the end.
    actions, _ = _core.random_sim(g, seed, 2_000_000, 50)
    return int(actions)


def test_harness_over_random_stage_races_of_two_to_eight_cars() -> None:
    """The invariants at every step: the Chrono only moves forward within a stage (one step a
    round), cars waiting or parked are never driven, racing time is never negative; and the
    harness's own checks (clones, masks, labels, illegal ids refused, round trips)."""
    races = RACES
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        actions = list(pool.map(_one, range(races)))
    assert len(actions) == races and min(actions) > 0


def test_simulate_a_route_gives_racing_time_penalties_and_points_any_thread_count() -> None:
    import numpy as np

    from autodromo.sim_report import summary

    runs = [
        autodromo.simulate("legend", 8, seed=5, route="coppa_breve", cars=CARS[:4],
                           policies=["medium", "easy", "medium", "easy"], threads=t,
                           historical_points=points)
        for t, points in ((1, False), (2, False), (2, True))
    ]
    one, two, historical = runs
    for name in ("racing_time", "penalty", "time", "ranking"):
        assert np.array_equal(one[name], two[name], equal_nan=True), name
    assert one.racing_time.shape == one.penalty.shape == (8, 4)
    assert "points" not in one.columns, "points only with the Historical points option"
    finished = np.isfinite(one.racing_time)
    assert finished.any()
    assert (one.racing_time[finished] > 0).all()
    # "Exceeding the speed limit results in a 6-minute penalty", once a stage.
    assert (one.penalty % 360 == 0).all() and (one.penalty <= 2 * 360).all()
    assert (one.penalty > 0).any(), "easy and medium drivers cross a Check Point too fast"
    for race in range(8):
        # Won on racing time: the winner has the least of it (ties go to the earlier crossing).
        times = one.racing_time[race]
        if np.isfinite(times).any():
            assert times[one.winner[race]] == np.nanmin(times)
        # Won on points: the winner has the most of them.
        assert historical.points[race, historical.winner[race]] == historical.points[race].max()
    table = summary(historical)
    assert "racing time" in table and "penalty min" in table and "points" in table
    track = autodromo.simulate("legend", 2, seed=5, circuit="example", laps=1, cars=CARS[:2])
    assert "racing_time" not in track.columns and "racing time" not in summary(track)


def test_a_stage_race_with_neutral_cars_saved_under_rules_version_1_is_refused_with_the_reason() -> None:
    # Rules version 2 (issue 33, item 2): Neutral Cars at a Check Point and at an uphill exit
    # line. A Stage race with Neutral Cars saved before would replay otherwise: refused, naming
    # why; one without Neutral Cars plays as it did and goes on.
    def v1(game: autodromo.Game) -> str:
        return f"{int(game.content_hash, 16) ^ 2 ^ 1:016x}"

    cars = ["bugatti_type_35", "alfa_8c_2300"]
    g = autodromo.game("legend", route="coppa_breve", cars=cars, neutral=[True, False])
    with pytest.raises(autodromo.ReplayError, match="rules version 2"):
        replay.saved_game("legend", json.loads(g.options_json), v1(g))
    plain = autodromo.game("legend", route="coppa_breve", cars=cars, neutral=[False, False])
    replay.saved_game("legend", json.loads(plain.options_json), v1(plain))
    # The option's readings by name (decision 52); the old bools still read.
    assert json.loads(g.options_json)["neutral_checkpoint_penalty"] == "above_b_column"
    old = autodromo.game("legend", route="coppa_breve", cars=cars, neutral=[True, False],
                         neutral_checkpoint_penalty=False)
    assert json.loads(old.options_json)["neutral_checkpoint_penalty"] == "never"
    with pytest.raises(OptionError, match="neutral_checkpoint_penalty"):
        autodromo.game("legend", route="coppa_breve", cars=cars, neutral_checkpoint_penalty="often")
