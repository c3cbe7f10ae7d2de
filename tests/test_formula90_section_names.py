"""Issue 29 item 2: Formula 90's sections are named by the words module, not the core. The core
gives a section as its number, its kind and the track's own name for it (a corner's; null where
the track names none) in its views, moves, movement plans, log and board; only the action labels
(the stable names for replays) still say "straight 3". formula90/words.py words an unnamed
section by its kind and number in the reader's language, and the terminal shows that."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import autodromo
from autodromo import locale
from autodromo.formula90 import words
from autodromo.tui import formula90 as tui

#: What the core made in English before: "straight 5", "braking 12", "corner 3".
MADE_NAME = re.compile(r"^(straight|braking|corner) \d+$")


def strings(value: Any, skip: str = "label") -> Iterator[str]:
    """Every string in a JSON value but the action labels."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != skip:
                yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def section_refs(value: Any) -> Iterator[dict[str, Any]]:
    """Every section reference (``number``, ``kind`` and ``name``) in a JSON value."""
    if isinstance(value, dict):
        if {"number", "kind", "name"} <= set(value) and value["kind"] in ("straight", "braking", "corner"):
            yield value
        for v in value.values():
            yield from section_refs(v)
    elif isinstance(value, list):
        for v in value:
            yield from section_refs(v)


def test_the_core_gives_sections_as_kind_number_and_the_tracks_name() -> None:
    rng = random.Random(7)
    game = autodromo.game("formula90", players=2, robots={"fast": 1})
    s = game.new_state()
    outputs: list[Any] = [game.board()]
    while not s.is_terminal():
        if s.current_player() < 0:
            s.apply_chance_at(rng.random())
            continue
        seat = s.current_player()
        outputs += [s.view(seat), s.view(None), s.moves(seat), s.plan_moves()]
        s.apply_action(rng.choice(s.legal_actions()))
    outputs += [s.log(None), s.log(0), s.view(None)]
    made = sorted({t for t in strings(outputs) if MADE_NAME.match(t)})
    assert made == [], made[:5]
    refs = [r for r in section_refs(outputs)]
    assert {r["kind"] for r in refs} == {"straight", "braking", "corner"}
    assert any(r["name"] is None for r in refs) and any(r["name"] for r in refs)
    # The tracks name corners only.
    assert all(r["name"] is None for r in refs if r["kind"] != "corner")


def test_the_words_name_an_unnamed_section_by_its_kind_and_number_in_each_language() -> None:
    straight = {"number": 5, "kind": "straight", "name": None}
    braking = {"number": 9, "kind": "braking", "name": None}
    corner = {"number": 10, "kind": "corner", "name": "Stowe"}
    assert [words.section_name(r) for r in (straight, braking, corner)] == ["straight 5", "braking 9", "Stowe"]
    with locale.use("pt"):
        assert [words.section_name(r) for r in (straight, braking, corner)] == [
            "reta 5", "zona de frenagem 9", "Stowe"]
    with locale.use("it"):
        assert words.section_name(corner) == "Stowe" and words.section_name(straight) != "straight 5"


def test_the_terminal_names_the_sections_in_portuguese() -> None:
    rng = random.Random(3)
    s = autodromo.game("formula90", players=2).new_state()
    while s.view(None)["turn"] < 2 and not s.is_terminal():
        if s.current_player() < 0:
            s.apply_chance_at(rng.random())
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    with locale.use("pt"):
        screen = tui.render(s.view(0), s.log(0))
    # Each car's place ("seção 5 reta 5, volta 1"), in the manual's terms.
    assert re.search(r"\b(reta|zona de frenagem) \d+\b", screen), screen
    assert not re.search(r"\b(straight|braking) \d+\b", screen), screen
