"""Saves survive new content (issue 11, item 8): a save or replay records a hash of exactly what its
race reads, so a circuit, track or stage added since breaks none; saves made by older builds, which
hashed every file, still load (the rule: docs/architecture.md, "Saves and content")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import autodromo
from autodromo import Race, ReplayError, content, replay

DATA = Path(__file__).parent / "data"
OLD_SAVE_CARS = ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"]


def copy_with(tmp_path: Path, game: str, new: dict[str, str]) -> Path:
    """The shipped content of ``game`` with files copied to new names (``new``: new -> old)."""
    root = tmp_path / game
    shutil.copytree(content.directory(game), root)
    for target, source in new.items():
        src = root / source
        if src.is_dir():
            shutil.copytree(src, root / target)
        else:
            (root / target).write_text(src.read_text(encoding="utf-8").replace(src.stem, Path(target).stem))
    return root


NEW = {
    "legend": {"circuits/monte_nuovo.toml": "circuits/example.toml", "stages/nuova.toml": "stages/brescia_verona.toml"},
    "lamborghini": {"circuits/nuovo_anello.toml": "circuits/imola_like.toml"},
    "formula90": {"tracks/nuova": "tracks/lago"},
}
OPTIONS: dict[str, dict[str, Any]] = {
    "legend": {"circuit": "example", "laps": 1, "cars": OLD_SAVE_CARS},
    "lamborghini": {"circuit": "sant_agata"},
    "formula90": {},
}


@pytest.mark.parametrize("name", sorted(NEW))
def test_a_save_made_before_a_circuit_was_added_loads_after(name: str, tmp_path: Path) -> None:
    g = autodromo.game(name, **OPTIONS[name])
    race = Race(g, ["medium"] * g.num_players, seed=11)
    race.advance(3)
    save, text = race.state.serialize(), replay.dumps(race.state, race.seed)
    folder = copy_with(tmp_path, name, NEW[name])
    newer = autodromo.game(name, content_dir=str(folder), **OPTIONS[name])
    assert newer.content_hash == g.content_hash
    assert newer.deserialize_state(save).view(None) == race.state.view(None)
    assert replay.loads(text, folder).state.history() == race.state.history()


@pytest.mark.parametrize("name", sorted(NEW))
def test_a_save_is_refused_when_a_file_its_race_reads_changed(name: str, tmp_path: Path) -> None:
    g = autodromo.game(name, **OPTIONS[name])
    save = g.new_state().serialize()
    folder = copy_with(tmp_path, name, {})
    cars = folder / "cars.toml" if (folder / "cars.toml").exists() else folder / "cards.toml"
    cars.write_text(cars.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    changed = autodromo.game(name, content_dir=str(folder), **OPTIONS[name])
    with pytest.raises(ReplayError, match="content"):
        changed.deserialize_state(save)


def legend_as_saved_v1(tmp_path: Path) -> Path:
    """Legend's content with a circuit and a stage added, and ``cars.toml`` as the v1 saves below
    were made with: before the Neutral tables' T column became T-1, T-1, T (issue 33)."""
    folder = copy_with(tmp_path, "legend", NEW["legend"])
    shutil.copyfile(DATA / "legend_cars_before_issue33.toml", folder / "cars.toml")
    return folder


def test_saves_of_older_builds_load_with_a_circuit_added(tmp_path: Path) -> None:
    # Written by the build before Stage races, whose saves hashed every file of the content.
    saves = json.loads((DATA / "legend_track_saves_v1.json").read_text())
    folder = legend_as_saved_v1(tmp_path)
    g = autodromo.game(
        "legend", content_dir=str(folder), circuit="example", laps=1, cars=OLD_SAVE_CARS,
        neutral=[False, True, False],
    )
    s = g.deserialize_state(saves["example_finished"])
    assert s.is_terminal() and s.ranking() == saves["example_finished_ranking"]
    g2 = autodromo.game(
        "legend", content_dir=str(folder), circuit="castelrosso", laps=2,
        cars=["porsche_550", "osca_mt4"], slipstream_in_turns=True, setups=[{"gears": "long"}, None],
    )
    assert g2.deserialize_state(saves["castelrosso_midrace"]).view(None)["round"] == saves[
        "castelrosso_midrace_view_round"
    ]
    loaded = replay.load(DATA / "legend_track_replay_v1.json", folder)
    assert loaded.state.is_terminal() and loaded.state.ranking() == [2, 0, 3, 1]


def test_an_old_save_is_refused_when_its_own_circuit_changed(tmp_path: Path) -> None:
    saves = json.loads((DATA / "legend_track_saves_v1.json").read_text())
    folder = legend_as_saved_v1(tmp_path)
    track = folder / "circuits" / "example.toml"
    track.write_text(track.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    g = autodromo.game(
        "legend", content_dir=str(folder), circuit="example", laps=1, cars=OLD_SAVE_CARS,
        neutral=[False, True, False],
    )
    with pytest.raises(ReplayError, match="content"):
        g.deserialize_state(saves["example_finished"])


def test_saves_made_before_the_neutral_tables_changed_are_refused_with_the_reason() -> None:
    # Issue 33, item 3: today's Neutral tables would move the saved races' Neutral Cars otherwise,
    # so the saves and replays made with the old cars.toml are refused, the replay naming why.
    saves = json.loads((DATA / "legend_track_saves_v1.json").read_text())
    g = autodromo.game("legend", circuit="example", laps=1, cars=OLD_SAVE_CARS, neutral=[False, True, False])
    with pytest.raises(ReplayError, match="content hash differs"):
        g.deserialize_state(saves["example_finished"])
    with pytest.raises(ReplayError, match="Neutral tables changed on 7 December 2026"):
        replay.load(DATA / "legend_track_replay_v1.json")
