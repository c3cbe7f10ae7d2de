"""Live updates over Server-Sent Events (issue 18, item 2): the page and the serial bridge hear of
every change to a game as it is committed, instead of asking again and again.

A stream says only what everyone at the table may know (how far the game is, whose turn, whether
it is over, and a count of its links' changes); each listener then asks for its own view with its
own token. So the stream needs no token, and a phone whose link was re-issued hears of it and is
refused its next view. A comment every ``AUTODROMO_SSE_KEEPALIVE`` seconds (default 15) keeps
proxies from closing an idle stream and lets the server notice a listener that left.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app

from .errors import ApiError
from .tables import Table, Tables

bp = Blueprint("live", __name__, url_prefix="/api/games/<game_id>")


def public(table: Table) -> dict[str, Any]:
    s = table.state
    to_move = None if s.is_chance_node() or s.is_terminal() else s.current_player()
    if to_move is not None and to_move < 0:
        to_move = None
    return {
        "version": len(table.actions),
        "status": "finished" if s.is_terminal() else "playing",
        "to_move": to_move,
        "to_move_kind": table.seats[to_move]["kind"] if to_move is not None else None,
        "access": table.access_version,
    }


def _event(kind: str, data: dict[str, Any]) -> str:
    return f"event: {kind}\ndata: {json.dumps(data)}\n\n"


@bp.get("/stream")
def stream(game_id: str) -> Response:
    t: Tables = current_app.extensions["autodromo.tables"]
    keepalive = float(current_app.config.get("AUTODROMO_SSE_KEEPALIVE", 15.0))
    seen = t.changes(game_id)
    with t.locked(game_id) as table:  # an unknown game is a 404 here, before the stream opens
        first = public(table)

    def events() -> Iterator[str]:
        nonlocal seen
        yield "retry: 2000\n" + _event("game", first)
        while not t.closing:
            now = t.wait_change(game_id, seen, keepalive)
            if t.closing:
                return
            if now == seen:
                yield ": still here\n\n"
                continue
            seen = now
            try:
                with t.locked(game_id) as table:
                    info = public(table)
            except ApiError:
                yield _event("gone", {})
                return
            yield _event("game", info)

    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
