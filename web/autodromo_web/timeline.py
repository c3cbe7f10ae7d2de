"""The replay viewer's timeline as one viewer may read it (issue 37, item 1).

An action is worded for a viewer only if that viewer could tell it, when it was taken, from the
other actions its taker had: the core decides, through what it gives that viewer. An action is
sealed from the viewer when some other legal action would have left the viewer's view and the
new entries of its log exactly as they are: a sealed bid, a qualifying card and refuel chit, duel
cards laid face down, a card drawn into another hand. Such a step reads "Alice decides in
secret" until the game is over, even after its reveal (the reveal itself is in the log and on
the table): the timeline never says more than the viewer's own view and log did.

Each viewer's timeline is kept on the table (cleared with the past on an undo) and extended as
the game goes on, so a request words only the new steps.
"""

from __future__ import annotations

from typing import Any

import autodromo

from .games.base import CHANCE
from .tables import Table


def sealed(state: autodromo.State, action: int, viewer: int | None, logged: int) -> bool:
    """Whether ``viewer`` (None: a spectator) cannot tell ``action``, legal in ``state``, from
    another legal action: each leaves its view and its log from entry ``logged`` on the same."""
    actor = state.current_player()
    if viewer is not None and actor == viewer:
        return False
    after = state.clone()
    after.apply_action(action)
    # The new log entries first: most actions are worded in them, and they cost less than a view.
    log = after.log(viewer, since=logged)
    seen: Any = None
    for other in state.legal_actions():
        if other == action:
            continue
        alt = state.clone()
        alt.apply_action(other)
        if alt.log(viewer, since=logged) != log:
            continue
        if seen is None:
            seen = after.view(viewer)
        if alt.view(viewer) == seen:
            return True
    return False


def secret_text(table: Table, actor: int) -> str:
    if actor == CHANCE:
        return "A card is drawn"
    return f"{table.seats[actor]['name']} decides in secret"


def steps(table: Table, viewer: int | None) -> list[dict[str, Any]]:
    """Every step of the game, worded as ``viewer`` may read it; all of them once it is over."""
    if table.finished:
        viewer = None
    key = "timeline:end" if table.finished else f"timeline:{viewer}"
    memo = table.memo.get(key)
    if memo is None:
        memo = table.memo[key] = {"state": table.first_state(), "logged": 0, "out": []}
    state: autodromo.State = memo["state"]
    out: list[dict[str, Any]] = memo["out"]
    module = table.module
    for i in range(len(out), len(table.actions)):
        a, who = table.actions[i], table.actors[i]
        if not table.finished and sealed(state, a, viewer, memo["logged"]):
            text = secret_text(table, who)
        else:
            text = module.step_text(table, state, a, who)
        out.append({"text": text, "who": who if who >= 0 else None})
        state.apply_action(a)
        if not table.finished:
            memo["logged"] += len(state.log(viewer, since=memo["logged"]))
    return out


def frame(table: Table, step: int) -> dict[str, Any]:
    """The table as a spectator saw it after ``step`` actions (no hand, no sealed card)."""
    s = table.first_state()
    for a in table.actions[:step]:
        s.apply_action(a)
    view = s.view(None)
    view.pop("legal_actions", None)
    return table.module.table(table, view, None)
