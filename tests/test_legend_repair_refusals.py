"""Issue 31, Legend's championship: a repair between races that the book refuses carries a key
and values as the core's refusals do, and legend/words.py words it in each reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from autodromo import IllegalActionError, locale, refusal_words
from autodromo.legend import words
from autodromo.legend.championship import SPARES, Repair, repair_between_races


def car(**changes: object) -> dict[str, object]:
    """A car after a race: worn, its battery failed, one of each Spare Part."""
    base: dict[str, object] = {"engine": 2, "engine_max": 5, "brakes": 1, "brakes_max": 4, "tires": 5,
                               "battery_ok": False, "headlights_ok": True, "spares": {name: 1 for name in SPARES}}
    base.update(changes)
    return base

#: Each refusal of the book's repairs: (car, podium, repair), the key it must carry.
REFUSED: list[tuple[dict[str, Any], bool, Repair, str]] = [
    (car(), False, Repair(engine=3, brakes=2), "repair_points"),
    (car(), False, Repair(engine=-1), "repair_points"),
    (car(), True, Repair(tires=1), "repair_podium_tires"),
    (car(), True, Repair(collect=0, brakes=1), "repair_podium_both"),
    (car(spares={**{n: 1 for n in SPARES}, SPARES[2]: 2}), False, Repair(collect=2), "repair_collect"),
    (car(spares={**{n: 1 for n in SPARES}, SPARES[4]: 0}), False, Repair(spend=(4,)), "repair_spend"),
    (car(), False, Repair(spend=(-1,)), "repair_part_unknown"),
]


def refusal(case: tuple[dict[str, Any], bool, Repair, str]) -> IllegalActionError:
    before = repr(case[0])
    with pytest.raises(IllegalActionError) as raised:
        repair_between_races(case[0], case[1], case[2])
    assert repr(case[0]) == before  # the car is left as it was
    return raised.value


@pytest.mark.parametrize("case", REFUSED, ids=[c[3] for c in REFUSED])
def test_each_refused_repair_carries_its_key_and_is_worded_in_each_language(case: Any) -> None:
    error = refusal(case)
    assert error.key == case[3]
    said = {}
    for lang in locale.LANGUAGES:
        with locale.use(lang):
            said[lang] = refusal_words.words("legend", error)
    # The English words are the refusal's own English; Italian and Portuguese are not English.
    assert said["en"] == str(error)
    assert said["it"].startswith("tra le gare: ") and said["pt"].startswith("entre as corridas: "), said
    assert said["it"] != said["en"] != said["pt"]


def test_a_part_is_named_as_the_book_prints_it_in_every_language() -> None:
    error = refusal(REFUSED[5])
    assert error.values == {"part": "Kraftvolt Batterien"}
    with locale.use("it"):
        assert words.refusal_words(error.key, error.values) == "tra le gare: nessun Kraftvolt Batterien da usare"
    with locale.use("pt"):
        assert words.refusal_words(error.key, error.values) == "entre as corridas: não há Kraftvolt Batterien para usar"
