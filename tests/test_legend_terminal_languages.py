"""Issue 31, Legend's terminal race (`autodromo race legend`): its table, Time Chart and
classification are worded by legend/words.py in the language asked for (--lang), so nothing of it
stays English in Italian, Portuguese or the pseudo language."""

from __future__ import annotations

import re
from typing import Any

import pytest

import autodromo
from autodromo import cli, locale
from autodromo.legend import words
from autodromo.tui import legend as tui
from catalogue_english import english_phrases

STAGE = ["race", "legend", "--route", "coppa_breve", "--watch", "--seed", "7", "--historical-points",
         "--cars", "fiat_1100s,porsche_550,alfa_8c_2300", "--neutral", "2"]
TRACK = ["race", "legend", "--circuit", "example", "--watch", "--seed", "3", "--cars", "bugatti_type_35,alfa_8c_2300"]


@pytest.mark.parametrize(("args", "lang", "said"), [
    (STAGE, "it", ["tui.classification.points", "tui.time_chart"]),
    (TRACK, "pt", ["tui.finishing_order"]),
])
def test_a_watched_race_in_the_terminal_speaks_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], args: list[str], lang: str, said: list[str]
) -> None:
    assert cli.main([*args, "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert {s for s in english_phrases("legend", lang) if s in out} == set()
    with locale.use(lang):
        for key in said:
            assert words.say(key, cars="").rstrip() in out, key
        assert words.say("tui.race_start", where="", n="", seed="").split(",")[0] in out


def names_in(view: dict[str, Any]) -> set[str]:
    """The words of what the content names (cars, circuit, route, stage) and the Spare Parts' brands:
    proper names, never translated."""
    named = [c["name"] for c in view["cars"]] + [str(view.get("circuit", ""))] + [b for b, _ in words.SPARE_PARTS]
    if view.get("route"):
        named += [view["route"]["name"], view["stage"]["name"]]
    return {w for n in named for w in re.findall(r"[A-Za-z]+", n)}


@pytest.mark.parametrize("options", [
    {"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"], "laps": 1},
    {"route": "coppa_breve", "cars": ["bugatti_type_35", "alfa_8c_2300", "fiat_1100s"], "historical_points": True},
])
def test_every_word_of_the_terminals_race_goes_through_the_catalogue(options: dict[str, Any]) -> None:
    race = autodromo.Race(autodromo.game("legend", **options), ["medium", "random", "greedy"], seed=1)
    plain: set[str] = set()
    with locale.use(locale.PSEUDO):
        while True:
            view = race.state.view(None)
            text = tui.render(view)
            if race.state.is_terminal():
                if view.get("route"):
                    text += "\n" + tui.classification(view, race.state.ranking())
                plain |= set(re.findall(r"[A-Za-z]{2,}", text)) - names_in(view)
                break
            plain |= set(re.findall(r"[A-Za-z]{2,}", text)) - names_in(view)
            race.step()
    # In the pseudo language every letter a, c, e, i, n, o, s, u of a message is accented: a plain
    # word left is one the terminal made without its words module.
    assert {w for w in plain if re.search(r"[aceinosuAEIOUy]", w)} == set()
