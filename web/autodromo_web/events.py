"""Events: several games of one game and the decisions between them (a racing day and a
championship, say). A game module that has events names their class (``GameModule.event``); this
file keeps them, saves them and answers the API, without knowing any game.

An event is its set-up, its decisions and its games (each a saved game of the page), so it is
rebuilt after a restart like a game is. Each event has a lock, like a game.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Blueprint, Response, jsonify, request

from . import games, lobby
from .errors import bad, missing
from .store import SavedEvent, Store
from .tables import Tables

bp = Blueprint("events", __name__, url_prefix="/api/events")


class Events:
    def __init__(self, store: Store, tables: Tables) -> None:
        self.store = store
        self.tables = tables
        self._events: dict[str, Any] = {}
        self._locks: dict[str, threading.Lock] = {}
        self.broken: dict[str, str] = {}
        for saved in store.events():
            try:
                self._events[saved.id] = self._resume(saved)
                self._locks[saved.id] = threading.Lock()
                self._link(self._events[saved.id])
            except Exception as e:  # a bad save must not stop the server: it is listed
                self.broken[saved.id] = f"cannot be resumed: {e}"

    def _resume(self, saved: SavedEvent) -> Any:
        kind = games.get(saved.game).event
        if kind is None:
            raise ValueError(f"{saved.game} has no events")
        event = kind(saved.id, saved.setup, self.tables, list(saved.decisions), list(saved.races), saved.created)
        event.rebuild()
        return event

    def create(self, body: Any) -> Any:
        if not isinstance(body, dict):
            raise bad("the body must be a JSON object")
        module = games.get(body.get("game"))
        if module.event is None:
            raise bad(f"{module.title} has no championship")
        seats = lobby.seats_of(module.id, body.get("seats"))
        setup = module.event.check(body, seats)
        setup["game"] = module.id
        setup["seed"] = lobby.seed_of(body.get("seed"))
        event = module.event(secrets.token_hex(6), setup, self.tables, created=time.time())
        event.rebuild()
        event.advance()
        self.save(event)
        self._link(event)
        with threading.Lock():
            self._events[event.id] = event
            self._locks[event.id] = threading.Lock()
        return event

    def save(self, event: Any) -> None:
        self.store.save_event(SavedEvent(event.id, event.setup["game"], event.setup, event.decisions,
                                         event.races, event.created, time.time()))

    @contextmanager
    def locked(self, event_id: str) -> Iterator[Any]:
        event = self._events.get(event_id)
        if event is None:
            raise missing(self.broken.get(event_id) or f"no event {event_id!r}")
        with self._locks[event_id]:
            if event.advance():
                self.save(event)
            self._link(event)
            yield event
            self._link(event)

    def _link(self, event: Any) -> None:
        for rid in event.races:
            self.tables.link_event(rid, event.id)

    def all(self) -> list[Any]:
        return sorted(self._events.values(), key=lambda e: e.created)

    def of_race(self, game_id: str) -> str | None:
        """The event a game belongs to, if any."""
        return next((e.id for e in self._events.values() if game_id in e.races), None)

    def delete(self, event_id: str) -> None:
        if event_id not in self._events and event_id not in self.broken:
            raise missing(f"no event {event_id!r}")
        self._events.pop(event_id, None)
        self.broken.pop(event_id, None)
        self.store.delete_event(event_id)


def events() -> Events:
    from flask import current_app

    found: Events = current_app.extensions["autodromo.events"]
    return found


def _seat(value: Any) -> int | None:
    from .api import whole

    return whole(value, "seat")


@bp.post("")
def create() -> tuple[Response, int]:
    from .api import body

    event = events().create(body())
    return jsonify(event.payload(None)), 201


@bp.get("")
def listed() -> Response:
    return jsonify(events=[{"id": e.id, "title": e.payload(None)["title"], "stage": e.stage(),
                            "seats": [s["name"] for s in e.setup["seats"]]} for e in events().all()],
                   broken=[{"id": k, "error": v} for k, v in events().broken.items()])


@bp.get("/<event_id>")
def get(event_id: str) -> Response:
    with events().locked(event_id) as event:
        return jsonify(event.payload(_seat(request.args.get("seat"))))


@bp.post("/<event_id>/decisions")
def decide(event_id: str) -> Response:
    from .api import body

    doc = body()
    seat = _seat(doc.get("seat"))
    if seat is None:
        raise bad("seat is required")
    if "choice" not in doc:
        raise bad("give a choice: a decision's id, or the repairs")
    with events().locked(event_id) as event:
        event.decide(seat, doc["choice"])
        event.advance()
        events().save(event)
        return jsonify(event.payload(seat))


@bp.delete("/<event_id>")
def delete(event_id: str) -> Response:
    events().delete(event_id)
    return jsonify(deleted=event_id)
