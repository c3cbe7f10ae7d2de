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
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request

from .errors import ApiError
from .tables import Table, Tables
from .throttle import Streams

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


#: Seconds between two looks at whether a stream's listener is still there.
LEFT_CHECK = 1.0


def _event(kind: str, data: dict[str, Any]) -> str:
    return f"event: {kind}\ndata: {json.dumps(data)}\n\n"


def change_stream(key: str, kind: str, read: Callable[[], dict[str, Any]], *, only_new: bool = False) -> Response:
    """An SSE stream of ``kind`` events, one per committed change under ``key`` (``read`` says what
    everyone may know; ``only_new`` skips a change that left it the same), ``gone`` once ``read``
    refuses (the game or event was deleted). ``read`` runs once before the stream opens, so an
    unknown key is refused there with its 404."""
    t: Tables = current_app.extensions["autodromo.tables"]
    keepalive = float(current_app.config.get("AUTODROMO_SSE_KEEPALIVE", 15.0))
    seen = t.changes(key)
    first = read()
    streams: Streams = current_app.extensions["autodromo.streams"]
    close = streams.open(request.remote_addr or "?")
    # waitress tells when the listener left (it reads ahead on the connection): the stream then
    # ends within a second and frees its thread, instead of at the next heartbeat's write.
    gone = request.environ.get("waitress.client_disconnected")
    left: Callable[[], bool] = gone if callable(gone) else (lambda: False)

    def told() -> Iterator[str]:
        nonlocal seen
        yield "retry: 2000\n" + _event(kind, first)
        last = first
        while not t.closing:
            waited, now = 0.0, seen
            while now == seen and waited < keepalive and not t.closing and not left():
                step = min(LEFT_CHECK, keepalive - waited)
                now = t.wait_change(key, seen, step)
                waited += step
            if t.closing or left():
                return
            if now == seen:
                yield ": still here\n\n"
                continue
            seen = now
            try:
                info = read()
            except ApiError:
                yield _event("gone", {})
                return
            if not only_new or info != last:
                last = info
                yield _event(kind, info)

    answer = Response(told(), mimetype="text/event-stream",
                      headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    # Counted until the server closes the answer (its listener gone, or the server stopping).
    answer.call_on_close(close)
    return answer


@bp.get("/stream")
def stream(game_id: str) -> Response:
    """Server-Sent Events: one ``game`` event per committed change of the game, ``gone`` when it
    is deleted."""
    t: Tables = current_app.extensions["autodromo.tables"]

    def read() -> dict[str, Any]:
        with t.locked(game_id) as table:
            return public(table)

    return change_stream(game_id, "game", read)
