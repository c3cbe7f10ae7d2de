"""The prompt every terminal game shares: the table, the numbered choices, an answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from .. import refusal_words
from .._core import State


def ask(
    state: State,
    seat: int,
    render: Callable[[dict[str, Any]], str],
    read: Callable[[str], str],
    out: TextIO,
    question: str = "> ",
    say: Callable[[str], str] = str,
    refused: Callable[[str | None], str] = lambda reason: f"not possible: {reason or 'choose from the list'}",
    no_answer: str = "type a number",
    costs: bool = True,
    names: Any = None,
) -> int:
    """Shows ``seat``'s view and its legal actions (with their cost, where the game gives one)
    and returns the action chosen by number (counted from 1, as a person counts) or by label; a
    refused answer is explained. ``say`` words a label for a person (the core's own label is still accepted as an answer);
    ``refused`` words a refusal from its reason (None: an answer that is no choice), ``no_answer``
    an empty answer: a game's words module gives them in the reader's language. ``costs=False``:
    the game's ``say`` words the cost itself (from its moves), the view's is not shown. ``names``:
    the game's words module's way of naming the table (its refusals name cars and seats so)."""
    view = state.view(seat)
    print(render(view), file=out)
    legal = view["legal_actions"]
    for i, a in enumerate(legal, start=1):
        cost = f"  ({a['cost']})" if costs and a.get("cost") else ""
        print(f"    [{i}] {say(a['label'])}{cost}", file=out)
    while True:
        answer = read(question).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return int(legal[int(answer) - 1]["id"])
        for a in legal:
            if a["label"].lower() == answer.lower():
                return int(a["id"])
        reason = _refused(state, answer, names) if answer else no_answer
        print(f"  {refused(reason)}", file=out)


def _refused(state: State, answer: str, names: Any = None) -> str | None:
    """Why ``answer`` is refused, in the reader's language (None: it names no refusal)."""
    refusal = state.refusal(answer)
    return refusal_words.words(state.game.name, refusal, names) if refusal else None
