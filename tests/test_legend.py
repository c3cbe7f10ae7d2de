"""Legend from Python: building races from content, playing them, replays, bad content, the
generic harness over random races."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import autodromo
from autodromo import ContentError, IllegalActionError, OptionError, _core, content, replay

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


def legend(**options: object) -> autodromo.Game:
    options.setdefault("cars", CARS[:4])
    return autodromo.game("legend", **options)


def test_legend_is_listed_and_builds_from_the_shipped_content() -> None:
    assert "legend" in autodromo.games()
    g = legend(circuit="castelrosso", laps=1)
    assert g.name == "legend"
    assert g.num_players == 4
    assert autodromo.game_options(g)["laps"] == 1
    s = g.new_state()
    # Each driver first splits Reliability between Engine and Brakes; then the weather roll.
    assert s.current_player() == 0
    assert s.view(0)["phase"]["name"] == "reliability split"
    for seat in range(4):
        s.apply_action("engine 3")
    assert s.is_chance_node()
    assert s.observation_tensor(0).shape == g.observation_shape


def test_unknown_car_or_circuit_is_an_option_error() -> None:
    with pytest.raises(OptionError, match="unknown car"):
        legend(cars=["bugatti_type_35", "no_such_car"])
    with pytest.raises(OptionError, match="unknown circuit"):
        legend(circuit="nowhere")
    with pytest.raises(OptionError, match="share a car model"):
        legend(cars=["fiat_1100s"] * 3)


def test_a_race_of_greedy_drivers_and_neutral_cars_ends_in_a_full_order() -> None:
    g = legend(neutral=[False, False, True, True], laps=1)
    s = autodromo.Race(g, ["greedy", "greedy", "neutral", "neutral"], seed=11).run()
    assert s.is_terminal()
    ranking = s.ranking()
    assert sorted(ranking) == [0, 1, 2, 3]
    winner = ranking.index(0)
    assert s.returns()[winner] == 1.0
    assert s.view(None)["cars"][winner]["finish"] is not None


def test_same_seed_same_race_and_the_replay_reproduces_it(tmp_path: Path) -> None:
    g = legend(neutral=[False, True, False, True], laps=1)
    a = autodromo.Race(g, ["greedy", "neutral", "random", "neutral"], seed=5).run()
    b = autodromo.Race(g, ["greedy", "neutral", "random", "neutral"], seed=5).run()
    assert a.history() == b.history()
    path = tmp_path / "legend.json"
    replay.save(path, a, seed=5)
    loaded = replay.load(path)
    assert loaded.state == a
    assert loaded.state.serialize() == a.serialize()


def test_an_illegal_decision_raises_with_the_rule_and_changes_nothing() -> None:
    g = legend(qualifying=False, choose_split=False)
    s = g.new_state()
    s.apply_action("d6 3")
    assert s.view(None)["phase"]["name"] == "set the pace"
    before = s.serialize()
    with pytest.raises(IllegalActionError, match="braking is allowed only at an entry line"):
        s.apply_action("brake 1")
    with pytest.raises(IllegalActionError, match="standing start"):
        s.apply_action("maintain")
    assert s.serialize() == before


def _broken_copy(tmp_path: Path, rel: str, old: str, new: str) -> Path:
    root = tmp_path / "legend"
    shutil.copytree(content.directory("legend"), root)
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("rel", "old", "new", "names"),
    [
        (
            "tiles.toml",
            'id = "turn_90_corner_left"\nkind = "turn"\nrows = 1\nlength = 1.5\ninside = "left"\nangle = 90.0\nentry = 0\nexit = 0',
            'id = "turn_90_corner_left"\nkind = "turn"\nrows = 2\nlength = 1.5\ninside = "left"\nangle = 90.0\nentry = 1\nexit = 0',
            ["tiles.toml", ".exit", "exit line comes before the entry line"],
        ),
        ("circuits/example.toml", 'rating = "B"', 'rating = "F"', ["circuits/example.toml", ".rating"]),
        ("tiles.toml", "lanes = 3", "lanes = 9", ["tiles.toml", "lanes"]),
        ("cars.toml", "top_speed = 7", "top_speed = 40", ["cars.toml", "top_speed"]),
    ],
)
def test_bad_content_names_the_file_and_the_key(
    tmp_path: Path, rel: str, old: str, new: str, names: list[str]
) -> None:
    root = _broken_copy(tmp_path, rel, old, new)
    with pytest.raises(ContentError) as err:
        autodromo.game("legend", content_dir=str(root), cars=CARS[:2])
    for part in names:
        assert part in str(err.value)


def test_a_missing_content_folder_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no such content folder"):
        autodromo.game("legend", content_dir=str(tmp_path / "missing"), cars=CARS[:2])


DEFAULT_RACES = 600
SETUPS: list[dict[str, str] | None] = [
    None,
    {"gears": "long", "suspension": "stiff", "brake_bias": "forward", "tires": "wet", "mixture": "rich"},
    {"gears": "short", "suspension": "soft", "brake_bias": "rear", "tires": "hard"},
]
SOAK = int(os.environ.get("AUTODROMO_SOAK", "0") or 0)


def _one(seed: int) -> int:
    n = 2 + seed % 7
    g = autodromo.game(
        "legend",
        circuit=["example", "castelrosso"][seed % 2],
        cars=[CARS[(seed + 3 * i) % len(CARS)] for i in range(n)],
        neutral=[(seed + i) % 3 == 0 for i in range(n)],
        laps=1,
        slipstream_in_turns=seed % 2 == 0,
        realistic_collisions=seed % 5 == 0,
        priority_bid=seed % 2 == 1,
        qualifying=seed % 4 != 0,
        choose_split=seed % 3 != 0,
        setups=[SETUPS[(seed + i) % len(SETUPS)] for i in range(n)],
    )
    actions, _ = _core.random_sim(g, seed)
    return actions


def test_harness_over_random_races_of_two_to_eight_cars() -> None:
    races = max(DEFAULT_RACES, SOAK // 10)
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        actions = list(pool.map(_one, range(races)))
    assert len(actions) == races and min(actions) > 0


def test_terminal_race_watch_prints_the_finishing_order() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "autodromo.cli", "race", "legend", "--watch", "--laps", "1",
         "--seed", "4", "--neutral", "3,4"],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "finishing order:" in out.stdout
    assert "round 1," in out.stdout


def test_the_log_is_typed_events_one_per_action() -> None:
    # Issue 29: every entry a typed event of docs/rules/legend.md's Vocabulary, who acted, the
    # car's Dashboard after a decision, no prose.
    g = legend(qualifying=False, choose_split=False, laps=1)
    s = autodromo.Race(g, ["greedy"] * 4, seed=2).run()
    log = s.log()
    assert len(log) == len(s.history())
    decisions = [e for e in log if e["seat"] is not None]
    assert decisions and all(e["car"] == e["seat"] and "now" in e for e in decisions)
    paces = [e for e in decisions if e["kind"] == "accelerate"]
    assert any(e["now"]["speed"] == e["by"] for e in paces), "standing starts show the new speed"
    chances = [e for e in log if e["seat"] is None]
    assert chances[0]["kind"] == "weather_roll", "the weather roll opens the race"
    assert all("action" not in e and "cost" not in e for e in log), "no label, no prose"


def test_the_galetti_coolant_is_a_pace_choice_of_a_stopped_car() -> None:
    # Issue 36, item 8, Stopping to Cool: "If you discard an Acqua Refrigerante Galetti spare part
    # while stopped, temperature drops to 0 within one round" (docs/rules/legend.md, decision 22).
    g = legend(qualifying=False, choose_split=False, laps=1)
    race = autodromo.Race(g, ["greedy"] * 4, seed=2)
    while race.state.view(None)["phase"]["name"] != "set the pace" or race.state.view(None)["round"] < 2:
        race.step()
    p = json.loads(race.state.position())
    seat = race.state.view(None)["phase"]["seat"]
    p["cars"][seat]["temperature"] = 8
    s = g.state_from(json.dumps(p))
    choices = {a["label"]: a["cost"] for a in s.view(seat)["legal_actions"]}
    cost = choices["use Acqua Refrigerante Galetti"]
    assert "temperature -8" in cost and "off the road this round, the Galetti coolant discarded" in cost
    s.apply_action("use Acqua Refrigerante Galetti")
    car = s.view(None)["cars"][seat]
    assert car["temperature"] == 0
    # Control: without the part the choice is refused with the reason, and nothing changes.
    p["cars"][seat]["spares"][0] = 0
    s = g.state_from(json.dumps(p))
    before = s.serialize()
    with pytest.raises(IllegalActionError, match="use Acqua Refrigerante Galetti: the car holds none"):
        s.apply_action("use Acqua Refrigerante Galetti")
    assert s.serialize() == before


def test_the_view_carries_the_dashboard_scales_of_the_race_content(tmp_path: Path) -> None:
    # A page draws the gauges from the view; a user's own Dashboard scales reach it unchanged.
    shipped = legend().new_state().view(None)["dashboard"]
    assert shipped == {"tachometer_max": 12, "temperature_max": 8,
                       "temperature_red_zone": [0, 0, 0, 0, 0, 0, 1, 1, 2], "tires_max": 16}
    root = _broken_copy(tmp_path, "dashboard.toml", "tachometer_max = 12", "tachometer_max = 11")
    own = autodromo.game("legend", content_dir=str(root), cars=CARS[:2]).new_state().view(0)
    assert own["dashboard"]["tachometer_max"] == 11


def test_names_in_other_languages_stay_out_of_the_content_hash(tmp_path: Path) -> None:
    # A translation is no rule: a user adding a language keeps every save; a rule's number is not.
    shipped = legend().content_hash
    line = 'names = { it = "Molla della valvola rotta", pt = "Molla della valvola rotta (mola da válvula quebrada)" }'
    renamed = _broken_copy(tmp_path / "a", "damage.toml", line, line[:-2] + ', de = "Ventilfeder gebrochen" }')
    assert autodromo.game("legend", content_dir=str(renamed), cars=CARS[:4]).content_hash == shipped
    dropped = _broken_copy(tmp_path / "b", "damage.toml", line + "\n", "")
    assert autodromo.game("legend", content_dir=str(dropped), cars=CARS[:4]).content_hash == shipped
    changed = _broken_copy(tmp_path / "c", "damage.toml", line + "\ncount = 2", line + "\ncount = 3")
    assert autodromo.game("legend", content_dir=str(changed), cars=CARS[:4]).content_hash != shipped
