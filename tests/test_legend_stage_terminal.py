"""A Legend Stage race in the terminal (`autodromo race legend --route ...`): a driver answering
the prompt through stdin plays the route to the final classification, and the screen shows the
stage, the Chrono, the start times and the Time Chart in names, counting from 1."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import autodromo
from autodromo import content, replay
from autodromo.legend import words as legend_words

ROUTE = ["race", "legend", "--route", "coppa_breve", "--seed", "4", "--neutral", "3"]


def run(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "autodromo.cli", *args],
        input=stdin, capture_output=True, text=True, cwd=cwd, timeout=300,
    )


def legend_ids() -> set[str]:
    """Every id of Legend's shipped content: cars, cards, circuits, stages, routes."""
    root = content.directory("legend")
    ids = {p.stem for sub in ("circuits", "stages", "routes") for p in (root / sub).glob("*.toml")}
    for path in root.glob("*.toml"):
        for value in tomllib.loads(path.read_text(encoding="utf-8")).values():
            if isinstance(value, list):
                ids.update(str(x["id"]) for x in value if isinstance(x, dict) and "id" in x)
    return ids


def test_a_driver_at_the_prompt_plays_a_stage_race_to_the_final_classification(tmp_path: Path) -> None:
    save = tmp_path / "stage.json"
    p = run([*ROUTE, "--save", str(save)], tmp_path, stdin="1\n" * 3000)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert out.startswith("Legend, Coppa Breve: Brescia – Ravenna, 4 cars, seed 4")
    # Both stages with their finish, the Chrono from the route's start at dusk into the night.
    assert "stage 1 of 2: Brescia – Desenzano – Verona (Arrivo), 42 rows" in out
    assert "stage 2 of 2: Verona – Padova – Ferrara – Ravenna (Check Point, speed limit 2), 50 rows" in out
    assert "round 1 · Chrono 17:30, day" in out
    assert re.search(r"Chrono 18:\d\d, night", out)
    # Staggered starts three minutes apart, slowest Ranking first, each on the Time Chart.
    assert "Alfa Romeo 8C 2300 Mille Miglia  waiting: starts at 17:33" in out
    assert "stage 1: starts 17:36" in out
    assert "Time Chart:" in out and re.search(r"stage 1: 17:30 → 1\d:\d\d at speed \d", out)
    # The driver's choices worded from their moves (issue 29): where they lead, their cost,
    # time included and in its units, lanes by name; the Check Point's six minutes before the
    # click.
    assert "    [1] accelerate 1  (speed 1, 1 MP to move)" in out
    assert "roadside stop  (speed 0, +3 min off the road)" in out
    assert "[1] move to the left lane" in out
    assert "Check Point ahead (speed limit 2): at speed" in out
    # The classification: every car once, places from 1, in the core's ranking.
    r = replay.load(save)
    final, ranking = r.state.view(None), r.state.ranking()
    table = out[out.index("Final classification (by racing time):"):].splitlines()[1:]
    names = [c["name"] for c in final["cars"]]
    assert len(table) == len(names)
    expected = sorted(range(len(names)), key=lambda seat: ranking[seat])
    for place, (line, seat) in enumerate(zip(table, expected), start=1):
        assert line.lstrip().startswith(f"{place}. {names[seat]}"), line
        # The racing time in its units, as the page says it ("54 min", "2 h 09 min").
        time = legend_words.duration(final["time_chart"][seat]["racing_time"])
        assert f"racing time {time}" in line and "min" in time
    # The driver took the first choice offered at every question, and the route is over.
    s = r.game.new_state()
    asked = 0
    for a in r.actions:
        if not s.is_chance_node() and s.current_player() == 0:
            assert a == s.view(0)["legal_actions"][0]["id"]
            asked += 1
        s.apply_action(a)
    assert s.is_terminal() and asked == out.count("\n    [1] ")
    # Names, never ids: no content id, no lane or seat by its number.
    words = set(re.findall(r"[A-Za-z0-9_]+", out))
    assert not words & legend_ids(), words & legend_ids()
    assert not re.search(r"\b(?:lane|seat|player) \d", out)


def test_a_watched_stage_race_is_the_same_every_time_and_counts_points_when_asked(tmp_path: Path) -> None:
    args = ["race", "legend", "--route", "coppa_breve", "--watch", "--seed", "7", "--historical-points",
            "--cars", "fiat_1100s,porsche_550,alfa_8c_2300", "--neutral", "2"]
    first = run(args, tmp_path)
    assert first.returncode == 0, first.stderr
    assert "Final classification (by points):" in first.stdout
    assert re.search(r"\n   1\. \S.* racing time (?:\d+ h )?\d+ min.*, \d+ points\n", first.stdout)
    assert run(args, tmp_path).stdout == first.stdout


def test_a_route_refuses_track_options_with_a_message(tmp_path: Path) -> None:
    both = run(["race", "legend", "--route", "coppa_breve", "--circuit", "example", "--watch"], tmp_path)
    assert both.returncode == 2
    assert both.stderr.startswith("autodromo: --route and --circuit")
    laps = run(["race", "legend", "--route", "coppa_breve", "--laps", "2", "--watch"], tmp_path)
    assert laps.returncode == 2 and "laps" in laps.stderr and "Traceback" not in laps.stderr
    unknown = run(["race", "legend", "--route", "targa_florio", "--watch"], tmp_path)
    assert unknown.returncode == 2 and "unknown route" in unknown.stderr


def test_the_drivers_screen_hides_a_marker_fog_hides_from_it() -> None:
    from autodromo.tui import legend as tui

    g = autodromo.game("legend", route="coppa_breve", cars=["bugatti_type_35", "alfa_8c_2300", "fiat_1100s"])
    race = autodromo.Race(g, ["medium"] * 3, seed=0)
    while race.step():
        s = race.state
        if s.is_chance_node():
            continue
        seat = s.current_player()
        view = s.view(seat)
        car = view["cars"][seat]
        if car["status"] == "racing" and car["next_turn"] and car["next_turn"]["rating"] is None:
            break
    else:
        raise AssertionError("no car met fog or night without headlights in this race")
    text = tui.render(view)
    assert "Chrono 18:00, night, fog" in text and "markers face down" in text
    rows = car["next_turn"]["rows"]
    line = next(x for x in text.splitlines() if x.lstrip().startswith(car["name"]))
    assert line.endswith(f"next turn in {rows} rows: marker unseen")
    # A spectator sees the same markers face down, a driver with a readable marker its rating.
    assert tui.render(s.view(None)).count("markers face down") == 1
