"""What one seat (or a spectator) is sent.

Two forms. The page's (``page=True``) speaks in names only: the game module presents the table,
the decisions (with their arithmetic, their risk and a word of help), the log (one entry per
decision) and the results; no content id, no seat number. The scripts' form (the default, for
the JSON API's users and the serial bridge) keeps the core's own view and labels, which are what
a script posts back.

Everything private comes from ``state.view(seat)`` and ``state.log(seat)``, which the core
builds for that seat only; nothing here reads another seat's hand.
"""

from __future__ import annotations

from typing import Any

from .games.base import places
from .tables import Shelved, Table


def undo_state(table: Table, seat: int | None) -> dict[str, Any]:
    target, reason = table.undo_target(seat)
    return {"ok": target is not None, "reason": reason}


def _header(table: Table, seat: int | None) -> dict[str, Any]:
    s = table.state
    to_move = s.current_player()
    if s.is_chance_node():
        to_move = -1
    return {
        "id": table.id,
        "game": table.game_id,
        "title": table.module.title,
        # The seed tells every card and die to come: shown once the game is over.
        "seed": table.seed if table.finished else None,
        "seating": "links" if table.access.links else "hotseat",
        "hidden_information": table.module.hidden_information,
        "version": len(table.actions),
        "status": "finished" if s.is_terminal() else "playing",
        "to_move": to_move if to_move >= 0 else None,
        "to_move_kind": table.seats[to_move]["kind"] if to_move >= 0 else None,
        "seat": seat,
        "undo": undo_state(table, seat),
        "event": table.event,
        # The game this one was started again as, which its phones follow (a game by join links).
        "rematch": table.access.rematch,
    }


def seat_payload(
    table: Table, seat: int | None, since: int | None = 0, with_board: bool = False, page: bool = False
) -> dict[str, Any]:
    """The whole picture for ``seat`` (None: a spectator, who sees no hand); the log from entry
    ``since`` on (None: no log, which spares building it)."""
    if page:
        return page_payload(table, seat, since, with_board)
    s = table.state
    module = table.module
    view = s.view(seat)
    offered = view.pop("legal_actions", None)
    mine = _mine(table, seat)
    legal = []
    if mine and offered is not None:
        legal = [{"id": a["id"], "label": a["label"], "breakdown": str(a.get("cost") or "")} for a in offered]
    # A game whose seat's view carries its move plans (``plans``, the core's ``plan_moves()``)
    # is not asked for them again: they are the dearest part of such a view.
    plan = (view["plans"] if "plans" in view else s.plan_moves()) if mine else []
    events = s.log(seat) if since is not None else []
    start = max(0, min(since or 0, len(events)))
    out: dict[str, Any] = {
        **_header(table, seat),
        "options": table.game_options(),
        "seats": [{"seat": i, **st} for i, st in enumerate(table.seats)],
        "turn": module.turn(view),
        "view": view,
        "legal": legal,
        "plan": plan,
        "log": [{"i": i, "event": e} for i, e in enumerate(events[start:], start)],
        "log_length": len(events),
    }
    if s.is_terminal():
        out["result"] = {"returns": s.returns(), "ranking": s.ranking(), "places": places(s.returns())}
    if with_board:
        out["board"] = module.board(table.game)
    return out


def _mine(table: Table, seat: int | None) -> bool:
    s = table.state
    return (seat is not None and not s.is_terminal() and not s.is_chance_node()
            and s.current_player() == seat and table.is_human(seat))


def page_payload(table: Table, seat: int | None, since: int | None, with_board: bool) -> dict[str, Any]:
    s = table.state
    module = table.module
    view = s.view(seat)
    mine = _mine(table, seat)
    decisions = module.decisions(table, view, seat) if mine and seat is not None else []
    log = table.log(seat) if since is not None else []
    start = max(0, min(since or 0, len(log)))
    out: dict[str, Any] = {
        **_header(table, seat),
        "seats": [{"seat": i, "kind": st["kind"], "name": st["name"],
                   "bot": _bot_name(table, st)} for i, st in enumerate(table.seats)],
        "turn": module.turn(view),
        "phase": module.phase(view),
        "distance": module.distance(table, view),
        "seat_colours": module.seat_colours(table, view),
        "table": module.table(table, view, seat),
        "decisions": [d.as_dict() for d in decisions],
        "prompt": module.prompt(table, view, seat, decisions) if mine and seat is not None else None,
        "plan": module.plan(table, seat) if mine and seat is not None else [],
        "help": module.help(view) if not s.is_terminal() else {},
        "notice": module.notice(table, view, seat) if not s.is_terminal() else "",
        "log": [{"i": i, **e} for i, e in enumerate(log[start:], start)],
        "log_length": len(log),
    }
    if s.is_terminal():
        out["results"] = module.results(table)
    if with_board:
        out["board"] = module.board(table.game)
        out["how_to_play"] = module.how_to_play()
    return out


def _bot_name(table: Table, seat: dict[str, Any]) -> str | None:
    if seat["kind"] != "bot":
        return None
    return next((b["label"] for b in table.module.bots() if b["id"] == seat["bot"]), "bot")


def summary(table: Table | Shelved) -> dict[str, Any]:
    """A line of the saved-games list (no view: the list is for everyone at the table); a game
    out of memory is listed as saved (``Shelved``), without loading it."""
    return {
        "id": table.id,
        "game": table.game_id,
        "title": table.module.title,
        "seats": [{"kind": st["kind"], "name": st["name"], "bot": st["bot"]} for st in table.seats],
        "seed": table.seed if table.finished else None,
        "actions": len(table.actions),
        "status": "finished" if table.finished else "playing",
        "created": table.created,
        "updated": table.updated,
    }
