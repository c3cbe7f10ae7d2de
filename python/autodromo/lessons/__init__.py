"""Lessons from the books (issue 32, item 6): a position of a game, a short explanation in our
own words with the book's section, the decision to find, and the reason each answer is right or
wrong.

A lesson is a data file, ``lessons/<game>/<NN>-<id>.json`` beside this module: the game's
options, the position (``State.position()``'s JSON, built by the core with ``Game.state_from``),
the seat that decides, the seats' names and the answers (action labels) with the key of the
reason each is right or wrong. Its texts are in :mod:`autodromo.lessons.words`, keyed by the
lesson's id, so they are translated as every other word is. What an answer *does* is the core's
to tell: apply it to :meth:`Lesson.state` and word the events with the game's words.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .. import game as make_game
from .._core import Game, State
from ..errors import OptionError
from . import words

__all__ = ["Answer", "Lesson", "every", "find", "games"]

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Answer:
    """An answer the lesson speaks of: an action's label, whether it is the one to find, and
    the key of its reason in the lesson's words."""

    label: str
    right: bool
    why: str


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str
    options: dict[str, Any]
    position: dict[str, Any]
    seat: int
    names: tuple[str, ...]
    answers: tuple[Answer, ...]
    #: What the lesson's texts name of its position (a die, a card's value), as their fields.
    fields: dict[str, Any] = field(default_factory=dict)

    # --- the words ------------------------------------------------------------------------

    def say(self, part: str) -> str:
        return words.say(f"{self.id}.{part}", **self.fields)

    @property
    def title(self) -> str:
        return self.say("title")

    @property
    def section(self) -> str:
        return self.say("section")

    @property
    def explain(self) -> str:
        return self.say("explain")

    @property
    def ask(self) -> str:
        return self.say("ask")

    # --- the rules ------------------------------------------------------------------------

    def build(self) -> Game:
        return make_game(self.game, **self.options)

    def state(self) -> State:
        """The lesson's position, built and checked by the core."""
        return self.build().state_from(json.dumps(self.position))

    @property
    def right(self) -> tuple[Answer, ...]:
        return tuple(a for a in self.answers if a.right)

    @staticmethod
    def action(state: State, answer: Answer) -> int:
        """The id of ``answer``'s action in ``state`` (the lesson's position)."""
        return int(state.string_to_action(answer.label))

    def answer_to(self, state: State, action: int) -> Answer | None:
        """The answer the lesson speaks of that ``action`` is, if any."""
        return next((a for a in self.answers if self.action(state, a) == action), None)


def _lesson(game: str, path: Path) -> Lesson:
    data = json.loads(path.read_text(encoding="utf-8"))
    answers = tuple(Answer(a["label"], bool(a.get("right", False)), a["why"]) for a in data["answers"])
    return Lesson(game, data["id"], data.get("options", {}), data["position"], int(data["seat"]),
                  tuple(data["names"]), answers, data.get("fields", {}))


@lru_cache(maxsize=None)
def _all() -> tuple[Lesson, ...]:
    found = []
    for folder in sorted(p for p in HERE.iterdir() if p.is_dir() and not p.name.startswith("_")):
        found += [_lesson(folder.name, path) for path in sorted(folder.glob("*.json"))]
    return tuple(found)


def games() -> list[str]:
    """The games that have lessons, by id."""
    return sorted({lesson.game for lesson in _all()})


def every(game: str | None = None) -> list[Lesson]:
    """The lessons of ``game`` (None: of every game), in their order."""
    return [lesson for lesson in _all() if game is None or lesson.game == game]


def find(game: str, lesson_id: str) -> Lesson:
    """One lesson; an ``OptionError`` naming what there is otherwise."""
    for lesson in every(game):
        if lesson.id == lesson_id:
            return lesson
    known = ", ".join(lesson.id for lesson in every(game)) or "none"
    raise OptionError(f"no lesson {lesson_id!r} for {game!r}; its lessons: {known}")
