"""Events: several games of one game and the decisions between them (a racing day and a
championship, say). A game module that has events names their class (``GameModule.event``); this
file keeps them, saves them and answers the API, without knowing any game.

An event is its set-up, its decisions and its games (each a saved game of the page), so it is
rebuilt after a restart like a game is. Each event has a lock, like a game.

Who may do what (issue 18 for championships): an event has an owner token and one token per human
seat (``access.Access``, kept in the saved set-up under ``access``), with the rules of a single
game: tokens are required on a LAN or when the event is played by join links; a seat's view and
decisions need its token (under hot seat the owner's stands for every human seat); the links,
re-issuing one and deleting need the owner's. Every race the event makes carries the event's
tokens, so a seat's one join link follows the event from race to race, and a link re-issued by
the owner is refused in the event and in every one of its races at once.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Blueprint, Response, jsonify, request

from . import access, games, lobby
from .access import OWNER, Access, Guard
from .errors import ApiError, bad, conflict, missing
from .languages import Later, N_, WordedError, say as _
from .store import SavedEvent, Stale, Store
from .tables import Concurrent, Tables, concurrent

bp = Blueprint("events", __name__, url_prefix="/api/events")


class Events:
    def __init__(self, store: Store, tables: Tables) -> None:
        self.store = store
        self.tables = tables
        self._events: dict[str, Any] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        #: Each event's owner and seat tokens (shared with its races).
        self.access: dict[str, Access] = {}
        #: Counts the changes of an event's links (a re-issue): its live stream tells them.
        self.access_version: dict[str, int] = {}
        #: The saved revision each event in memory is at: another process of the server may
        #: change an event, so it is checked (and read again) before each use.
        self.revs: dict[str, int] = {}
        self.broken: dict[str, Later] = {}
        for saved in store.events():
            self._load(saved)

    def _load(self, saved: SavedEvent) -> None:
        """Puts a saved event in memory (again, when another process changed it)."""
        try:
            setup = dict(saved.setup)
            stored = setup.pop("access", None)
            changes = setup.pop("access_changes", 0)
            event = self._resume(SavedEvent(saved.id, saved.game, setup, saved.decisions, saved.races,
                                            saved.created, saved.updated))
            self._events[saved.id] = event
            self.revs[saved.id] = saved.rev
            self.broken.pop(saved.id, None)
            # An event saved before events had tokens is a hot-seat one: its tokens are made now.
            self.access[saved.id] = Access.from_json(stored) if stored else self._new_access(event, False)
            self.access_version[saved.id] = changes
            if not stored:
                try:
                    self.save(event)
                except ApiError:
                    self.revs[saved.id] = -1  # another process made them first: read again
            # No race is loaded at start (games load on demand): their tokens were saved with
            # them, and are checked against the event's when the event is next asked for.
            self._link(self._events[saved.id], share=False)
        except Exception as e:  # a bad save must not stop the server: it is listed
            self._events.pop(saved.id, None)
            self.broken[saved.id] = N_("cannot be resumed: {reason}", reason=e)
            self.revs[saved.id] = saved.rev
            # Its tokens still say who may delete it (no token read: nobody's is its owner's).
            try:
                self.access[saved.id] = Access.from_json(saved.setup["access"])
            except (KeyError, TypeError, ValueError, AttributeError):
                self.access[saved.id] = Access("", {})

    def _lock(self, event_id: str) -> threading.Lock:
        with self._locks_lock:
            return self._locks.setdefault(event_id, threading.Lock())

    def _refresh(self, event_id: str) -> None:
        """(Under the event's lock.) The event in memory as saved: read again when another
        process changed (or made, or deleted) it since."""
        rev = self.store.event_rev(event_id)
        if rev is None:
            # Deleted (through another process of the server, perhaps): a broken one too.
            self._forget(event_id)
            return
        if rev != self.revs.get(event_id):
            saved = self.store.load_event(event_id)
            if saved is None:
                self._forget(event_id)
            else:
                self._load(saved)

    def _forget(self, event_id: str) -> None:
        for held in (self._events, self.access, self.access_version, self.revs, self.broken):
            held.pop(event_id, None)

    def _resume(self, saved: SavedEvent) -> Any:
        kind = games.get(saved.game).event
        if kind is None:
            raise WordedError(N_("{game} has no championship", game=saved.game))
        event = kind(saved.id, saved.setup, self.tables, list(saved.decisions), list(saved.races), saved.created)
        event.rebuild()
        return event

    def create(self, body: Any) -> Any:
        if not isinstance(body, dict):
            raise bad(_("the body must be a JSON object"))
        module = games.get(body.get("game"))
        if module.event is None:
            raise bad(_("{game} has no championship", game=module.title))
        seats = lobby.seats_of(module.id, body.get("seats"))
        seating = body.get("seating", "hotseat")
        if seating not in ("hotseat", "links"):
            raise bad(_("seating must be \"hotseat\" (one device) or \"links\" (a join link per seat), not {given}",
                        given=repr(seating)))
        if seating == "links" and body.get("seed") not in (None, ""):
            # Whoever chose the seed could tell every card and die of every race to come.
            raise bad(_("seed: a championship played by join links draws its chance from the server's secret; "
                        "a seed cannot be chosen"))
        setup = module.event.check(body, seats)
        setup["game"] = module.id
        setup["seed"] = lobby.seed_of(body.get("seed"))
        event = module.event(secrets.token_hex(6), setup, self.tables, created=time.time())
        event.rebuild()
        self.access[event.id] = self._new_access(event, seating == "links")
        self.access_version[event.id] = 0
        self.revs[event.id] = 0
        event.advance()
        self.save(event)
        self._link(event)
        self._events[event.id] = event
        return event

    @staticmethod
    def _new_access(event: Any, links: bool) -> Access:
        return Access.new([i for i, s in enumerate(event.setup["seats"]) if s["kind"] == "human"], links)

    def save(self, event: Any) -> None:
        """Saves the event on top of the revision it was read at: if another process saved it
        since, nothing is written, it is read again at its next use, and this is a 409."""
        setup = {**event.setup, "access": self.access[event.id].as_json(),
                 "access_changes": self.access_version.get(event.id, 0)}
        try:
            self.revs[event.id] = self.store.save_event(
                SavedEvent(event.id, event.setup["game"], setup, event.decisions, event.races, event.created,
                           time.time()), self.revs.get(event.id, 0))
        except Stale:
            self.revs[event.id] = -1
            raise concurrent() from None
        self.announce(event.id)

    def announce(self, event_id: str) -> None:
        """Tells the event's live stream that it changed."""
        self.tables.changed(stream_key(event_id))

    @contextmanager
    def locked(self, event_id: str) -> Iterator[Any]:
        with self._lock(event_id):
            self._refresh(event_id)
            event = self._events.get(event_id)
            if event is None:
                broken = self.broken.get(event_id)
                raise missing(str(broken) if broken else _("no championship {id}", id=repr(event_id)))
            before = len(event.races)
            if event.advance():
                try:
                    self.save(event)
                except ApiError:
                    # Another process moved the event on first (its bots, its next race): the
                    # races started here are dropped, and the event is read as it saved it.
                    saved = self.store.load_event(event_id)
                    for rid in event.races[before:]:
                        if saved is None or rid not in saved.races:
                            self.tables.delete(rid)
                    self._refresh(event_id)
                    event = self._events.get(event_id)
                    if event is None:
                        raise missing(_("no championship {id}", id=repr(event_id))) from None
            self._link(event)
            yield event
            self._link(event)

    def _link(self, event: Any, share: bool = True) -> None:
        """Every race of the event knows its event and (``share``) carries the event's tokens (a
        race just made has tokens of its own until here; a re-issue is caught up too)."""
        shared = self.access[event.id]
        for rid in event.races:
            self.tables.link_event(rid, event.id)
            if not share:
                continue
            for attempt in range(3):
                try:
                    with self.tables.locked(rid) as race:
                        held = race.access
                        # Compared as saved (a token read back from the file is its hash).
                        kept, wanted = held.as_json(), shared.as_json()
                        if ([kept[k] for k in ("owner", "seats", "links", "devices")]
                                != [wanted[k] for k in ("owner", "seats", "links", "devices")]):
                            race.access = Access(shared.owner, dict(shared.seats), shared.links,
                                                 {s for s in held.consent if kept["seats"].get(str(s))
                                                  == wanted["seats"].get(str(s))}, dict(shared.devices))
                            self.tables.save_access(race)
                    break
                except ApiError as e:
                    # Another worker gave the race the same tokens first (each worker links
                    # the races it reads): read it again and compare.
                    if not isinstance(e, Concurrent) or attempt == 2:
                        raise

    def claim(self, event: Any, seat: int) -> str:
        """``seat``'s join link opened on a device: that device's own token, in the event and
        in every race (issue 37)."""
        token = self.access[event.id].claim(seat)
        self.access_version[event.id] = self.access_version.get(event.id, 0) + 1
        self._link(event)
        self.save(event)
        return token

    def reissue(self, event: Any, seat: int) -> None:
        """A new join link for ``seat``: the old token is refused in the event and its races."""
        self.access[event.id].reissue(seat)
        self.access_version[event.id] = self.access_version.get(event.id, 0) + 1
        self._link(event)
        self.save(event)

    def guard(self, event: Any) -> Guard:
        """The checks of this request against ``event``'s tokens (the rules of a single game)."""
        from flask import current_app

        names = event.names()
        return Guard(self.access[event.id], access.token(), bool(current_app.config.get("AUTODROMO_LAN")),
                     lambda s: names[s] if 0 <= s < len(names) else f"seat {s + 1}",
                     access.bots_of(event.setup["seats"]))

    def all(self) -> list[Any]:
        saved = self.store.event_revs()
        for event_id in set(saved) | set(self._events):
            if saved.get(event_id) != self.revs.get(event_id):
                with self._lock(event_id):
                    self._refresh(event_id)
        return sorted(self._events.values(), key=lambda e: e.created)

    def page(self, limit: int, before: tuple[float, str] | None) -> list[Any]:
        """A page of the championships, newest first: only those are read (issue 37)."""
        out = []
        for event_id, _ in self.store.event_page(limit, before):
            if self.store.event_rev(event_id) != self.revs.get(event_id):
                with self._lock(event_id):
                    self._refresh(event_id)
            event = self._events.get(event_id)
            if event is not None:
                out.append(event)
        return out

    def of_race(self, game_id: str) -> str | None:
        """The event a game belongs to, if any."""
        return next((e.id for e in self._events.values() if game_id in e.races), None)

    def broken_events(self) -> dict[str, Later]:
        """The championships that cannot be resumed, as the file has them (one deleted through
        another process of the server is gone from here too)."""
        for event_id in list(self.broken):
            with self._lock(event_id):
                self._refresh(event_id)
        return dict(self.broken)

    def delete(self, event_id: str) -> None:
        if event_id not in self._events and event_id not in self.broken:
            raise missing(_("no championship {id}", id=repr(event_id)))
        self._forget(event_id)
        self.store.delete_event(event_id)
        self.announce(event_id)


def stream_key(event_id: str) -> str:
    """The name an event's changes are counted under (beside its games' ids) for its stream."""
    return f"event:{event_id}"


def events() -> Events:
    from flask import current_app

    found: Events = current_app.extensions["autodromo.events"]
    return found


def _seat(value: Any) -> int | None:
    from .api import whole

    return whole(value, "seat")


def owner_part(event: Any) -> dict[str, Any]:
    """What only the event's creator is told: the owner's token and, with join links, the links."""
    shared = events().access[event.id]
    out: dict[str, Any] = {"owner_token": shared.owner, "seating": "links" if shared.links else "hotseat"}
    if shared.links:
        from .seats import network

        out["join"] = [link(event, s) for s in sorted(shared.seats)]
        out.update(network())
    return out


def link(event: Any, seat: int) -> dict[str, Any]:
    """A seat's join link to the event (its token in the fragment, as a game's) and its QR code."""
    from .seats import join_link

    held = events().access[event.id]
    if seat in held.devices:
        # Claimed by a device: no code for anyone else to scan.
        return {"seat": seat, "name": event.names()[seat], "claimed": True, "url": None, "qr": None}
    return {"seat": seat, "name": event.names()[seat], "claimed": False,
            **join_link(f"/event/{event.id}", held.seats[seat])}


def _seat_in(event: Any, value: Any) -> int | None:
    seat = _seat(value)
    if seat is not None and not 0 <= seat < len(event.setup["seats"]):
        n = len(event.setup["seats"])
        raise bad(_("no seat {seat}: the API numbers this championship's {n} seats 0 to {last}", seat=seat, n=n,
                    last=n - 1))
    return seat


@bp.post("")
def create() -> tuple[Response, int]:
    from .api import body

    event = events().create(body())
    # Only the creator hears the owner's token (and, with join links, every seat's link).
    return jsonify({**event.payload(None), **owner_part(event)}), 201


@bp.get("")
def listed() -> Response:
    """Championships, newest first, a page at a time (``limit``, ``before``: the answer's ``next``)."""
    from .api import next_page, page_args

    limit, before = page_args()
    page = events().page(limit, before)
    return jsonify(events=[{"id": e.id, "title": e.payload(None)["title"], "stage": e.stage(),
                            "seats": [s["name"] for s in e.setup["seats"]]} for e in page],
                   next=next_page(page, limit),
                   broken=[{"id": k, "error": str(v)} for k, v in events().broken_events().items()])


@bp.get("/<event_id>")
def get(event_id: str) -> Response:
    with events().locked(event_id) as event:
        seat = _seat_in(event, request.args.get("seat"))
        if seat is not None:
            events().guard(event).seat(seat, _("the championship's view"))
        return jsonify(event.payload(seat))


@bp.get("/<event_id>/me")
def me(event_id: str) -> Response:
    """Who this request's token is in this event (its page asks it first)."""
    with events().locked(event_id) as event:
        g = events().guard(event)
        role = "owner" if g.who == OWNER else "seat" if g.who is not None else None
        return jsonify(role=role, seat=g.who if isinstance(g.who, int) else None,
                       seating="links" if g.access.links else "hotseat", tokens_required=g.required)


@bp.post("/<event_id>/claim")
def claim(event_id: str) -> Response:
    """A championship's join link opened on a device, as a game's (``seats.claim``): the first
    device gets its own token, used in the championship and its races; a second is refused."""
    from .seats import taken

    given = access.token()
    with events().locked(event_id) as event:
        held = events().access[event.id]
        taken_by = held.claimed_link(given)
        if taken_by is not None:
            raise conflict(taken(event.names()[taken_by]))
        seat = held.who(given)
        if given is None:
            raise access.unauthorised(_("claiming a seat needs its join link's token: none was given"))
        if not isinstance(seat, int):
            raise access.forbidden(_("claiming a seat: this token is not a join link of this championship "
                                     "(a re-issued link's old token is refused)"))
        if not held.links or seat in held.devices:
            return jsonify(seat=seat, token=given, name=event.names()[seat])
        return jsonify(seat=seat, token=events().claim(event, seat), name=event.names()[seat])


@bp.get("/<event_id>/links")
def links(event_id: str) -> Response:
    """Every human seat's join link to the event and its QR code: the owner's only."""
    with events().locked(event_id) as event:
        events().guard(event).owner(_("the championship's join links"), always=True)
        from .seats import network

        return jsonify(join=[link(event, s) for s in sorted(events().access[event.id].seats)], **network())


@bp.post("/<event_id>/seats/<int:seat>/reissue")
def reissue(event_id: str, seat: int) -> Response:
    """A new join link for ``seat``: the old token is refused in the event and in its races."""
    with events().locked(event_id) as event:
        events().guard(event).owner(_("re-issuing a join link"), always=True)
        if seat not in events().access[event.id].seats:
            _seat_in(event, seat)  # past the last seat: refused in the API's numbering
            names = event.names()
            humans = ", ".join(names[s] for s in sorted(events().access[event.id].seats))
            raise bad(_("{name} is not a human seat of this championship (its human players: {humans})",
                        name=names[seat], humans=humans))
        events().reissue(event, seat)
        return jsonify(link(event, seat))


@bp.post("/<event_id>/decisions")
def decide(event_id: str) -> Response:
    from .api import body

    doc = body()
    with events().locked(event_id) as event:
        seat = _seat_in(event, doc.get("seat"))
        if seat is None:
            raise bad(_("seat is required"))
        events().guard(event).seat(seat, _("a championship decision"))
        if "choice" not in doc:
            raise bad(_("give a choice: a decision's id, or the repairs"))
        event.decide(seat, doc["choice"])
        event.advance()
        events().save(event)
        return jsonify(event.payload(seat))


@bp.delete("/<event_id>")
def delete(event_id: str) -> Response:
    found = events()
    with found._lock(event_id):
        found._refresh(event_id)
        broken = event_id in found.broken
    if not broken:
        with found.locked(event_id) as event:
            found.guard(event).owner(_("deleting the championship"))
    else:
        # A championship the server cannot load is deleted by its owner too (its tokens are saved).
        access.saved_guard(found.access.get(event_id, Access("", {})), []).owner(_("deleting the championship"))
    found.delete(event_id)
    return jsonify(deleted=event_id)


def public(found: Events, event: Any) -> dict[str, Any]:
    """What an event's stream says: what everyone at the table may know."""
    return {"stage": event.stage(), "to_decide": event.to_decide(), "races": list(event.races),
            "decisions": len(event.decisions), "access": found.access_version.get(event.id, 0)}


@bp.get("/<event_id>/stream")
def stream(event_id: str) -> Response:
    """Server-Sent Events: one ``event`` per change of the championship (a decision, a race
    started or finished, a link re-issued), ``gone`` when it is deleted. Like a game's stream it
    says only what everyone may know, so it needs no token."""
    from .live import change_stream

    found = events()

    def read() -> dict[str, Any]:
        with found.locked(event_id) as event:
            return public(found, event)

    return change_stream(stream_key(event_id), "event", read, only_new=True)
