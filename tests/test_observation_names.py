"""Issue 35 item 3: every game names each feature of its observation tensor, and
docs/observations.md lists every name (with car, seat and card numbers as letters)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import autodromo
from autodromo.envs import DEFAULT_OPTIONS

DOC = Path(__file__).resolve().parents[1] / "docs" / "observations.md"

#: A name's numbers as the doc writes them.
PATTERNS = [
    (r"car \+\d+", "car +k"),
    (r"car \d+ \(seat \d+\)", "car k (seat s)"),
    (r"car \d+", "car k"),
    (r"seat \d+", "seat k"),
    (r"side \+\d+", "side +k"),
    (r"card slot \d+", "card slot n"),
    (r"card T?\d+", "card c"),
    (r"^my cards: .+", "my cards: <card name>"),
]

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("mille_bornes", {}),
    ("mille_bornes", {"players": 3}),
    ("legend", {}),
    ("legend", {"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300", "mercedes_ssk", "maserati_300s"]}),
    ("legend", {"route": "coppa_breve", "cars": ["bugatti_type_35", "alfa_8c_2300"]}),
    ("lamborghini", {"players": 2}),
    ("lamborghini", {"players": 3}),
    ("formula90", {}),
    ("formula90", {"players": 4}),
]


def as_documented(name: str) -> str:
    for pattern, letters in PATTERNS:
        name = re.sub(pattern, letters, name)
    return name


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_feature_has_a_name_listed_in_the_docs(game: str, options: dict[str, Any]) -> None:
    g = autodromo.game(game, **(options or DEFAULT_OPTIONS.get(game, {})))
    names = g.observation_names()
    assert len(names) == g.observation_shape[0] and len(set(names)) == len(names)
    listed = set(DOC.read_text(encoding="utf-8").splitlines())
    missing = sorted({as_documented(n) for n in names} - listed)
    assert not missing, f"docs/observations.md lacks {missing[:5]}"


def test_legend_observation_reads_the_turn_ahead_and_the_ratings() -> None:
    # The issue: Legend's 35 floats carried no distance to the next turn, no safe speed, no ratings.
    g = autodromo.game("legend", **DEFAULT_OPTIONS["legend"])
    s = g.new_state()
    race = autodromo.Race(g, ["medium"] * g.num_players, seed=3, start=s)
    for _ in range(60):
        race.step()
    names = g.observation_names()
    obs = race.state.observation_tensor(0)
    car = race.state.view(0)["cars"][0]
    feature = dict(zip(names, obs.tolist(), strict=True))
    assert feature["car +0: top speed now (of 12)"] == pytest.approx(car["top_speed"] / 12)
    assert feature["car +0: braking now (of 12)"] == pytest.approx(car["braking"] / 12)
    turn = car["next_turn"]
    if turn["safe_speed"] is not None:
        assert feature["car +0: next turn: safe speed (of 12)"] == pytest.approx(turn["safe_speed"] / 12)
