"""The JSON API (documented in ``openapi.py``, served at /api/openapi.json): the page uses it,
and so can scripts. Every refusal is a 4xx JSON object ``{"error": reason}``."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from autodromo import AutodromoError, replay
from autodromo.locale import number

from . import access, catalogue, limits, openapi, present, seats, throttle, timeline
from .errors import ApiError, bad, conflict
from .languages import say as _
from .tables import Table, Tables

bp = Blueprint("api", __name__, url_prefix="/api")


def tables() -> Tables:
    found: Tables = current_app.extensions["autodromo.tables"]
    return found


@bp.app_errorhandler(ApiError)
def _api_error(e: ApiError) -> tuple[Response, int]:
    if not request.path.startswith("/api/"):
        answer = Response(e.reason, mimetype="text/plain")
    else:
        answer = jsonify(error=e.reason)
    if isinstance(e, throttle.Busy):
        answer.headers["Retry-After"] = str(e.retry_after)
    return answer, e.status


@bp.app_errorhandler(HTTPException)
def _http_error(e: HTTPException) -> Response | HTTPException | tuple[Response | str, int]:
    # Routing errors (unknown path, wrong method) happen before any blueprint: answer JSON
    # under /api, a page of our own elsewhere, in the reader's words.
    reason = _routing_reason(e)
    if not request.path.startswith("/api/"):
        if reason is None:
            return e
        return render_template("error.html", reason=reason, missing=e.code == 404), e.code or 500
    return jsonify(error=reason or e.description or e.name), e.code or 500


def _routing_reason(e: HTTPException) -> str | None:
    """Werkzeug's own refusals of an address, worded (its texts are English only)."""
    if e.code == 404:
        return _("not found: nothing at the address {path}", path=request.path)
    if e.code == 405:
        return _("not allowed: the address {path} does not answer {method}", path=request.path,
                 method=request.method)
    return None


@bp.app_errorhandler(Exception)
def _unexpected(e: Exception) -> Response | tuple[Response, int]:
    # The exception's text stays in the server's log: it may quote a request or a path.
    current_app.logger.exception("unexpected error")
    return jsonify(error=_("internal error: the server could not answer this request (see its log)")), 500


def body() -> dict[str, Any]:
    """The request's JSON object, or a 400 that says what is wrong with it."""
    if not request.get_data(cache=True):
        return {}
    doc = limits.parse(request.get_data(cache=True), "body")
    if not isinstance(doc, dict):
        raise bad(_("the body must be a JSON object"))
    return doc


def whole(value: Any, what: str, low: int | None = None, default: int | None = None) -> int | None:
    """An optional whole number from a query string or a JSON body."""
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        raise bad(_("{what} must be a whole number", what=what))
    if isinstance(value, str):
        value = limits.whole_text(value, what)
    if not isinstance(value, int):
        raise bad(_("{what} must be a whole number", what=what))
    if abs(value) > limits.MAX_WHOLE:
        raise bad(_("{what} must be at most {most}", what=what, most=number(limits.MAX_WHOLE)))
    if low is not None and value < low:
        raise bad(_("{what} must be at least {least}", what=what, least=low))
    return value


guard = access.guard


def throttle_of() -> throttle.BotSlots:
    slots: throttle.BotSlots = current_app.extensions["autodromo.bots"]
    return slots


def client_address() -> str:
    return request.remote_addr or "?"


def bot_budget() -> throttle.Budget:
    """This request's bot work: ``AUTODROMO_BOT_SECONDS``, or until its client is gone (waitress
    tells, having read ahead on the connection)."""
    gone = request.environ.get("waitress.client_disconnected")
    return throttle.Budget(throttle_of().budget, gone if callable(gone) else None)


def seat_of(table: Table, value: Any, required: bool) -> int | None:
    seat = whole(value, "seat")
    if seat is None:
        if required:
            raise bad(_("seat is required"))
        return None
    if not 0 <= seat < len(table.seats):
        # Scripts count seats from 0; say so, so a person does not read it as the seat they counted.
        n = len(table.seats)
        raise bad(_("no seat {seat}: the API numbers this game's {n} seats 0 to {last}", seat=seat, n=n, last=n - 1))
    return seat


@bp.get("/openapi.json")
def spec() -> Response:
    return jsonify(openapi.SPEC)


@bp.get("/catalogue")
def catalogue_() -> Response:
    return jsonify(games=catalogue.describe())


@bp.get("/games/<game_id>/results")
def results(game_id: str) -> Response:
    """The results screen of a finished game."""
    with tables().locked(game_id) as table:
        if not table.finished:
            raise bad(_("the game is not over yet"))
        return jsonify(table.module.results(table))


#: Games (or championships) in one page of a list, by default and at most.
PAGE = 50
MAX_PAGE = 200


def page_args() -> tuple[int, tuple[float, str] | None]:
    """A list's ``?limit=`` and ``?before=`` (the ``next`` of the page before)."""
    limit = whole(request.args.get("limit"), "limit", low=1, default=PAGE) or PAGE
    if limit > MAX_PAGE:
        raise bad(_("limit must be at most {most}", most=MAX_PAGE))
    given = request.args.get("before")
    if not given:
        return limit, None
    when, _sep, key = given.partition("~")
    try:
        return limit, (float(when), key[:64])
    except ValueError:
        raise bad(_("before must be the next of the page before")) from None


def next_page(listed: list[Any], limit: int) -> str | None:
    last = listed[-1] if len(listed) == limit else None
    return None if last is None else f"{last.created!r}~{last.id}"


def shown_db() -> str | None:
    """Where the games are saved, for the person at the server's own machine; a player on the
    network is not told the server's folders (issue 37)."""
    if current_app.config.get("AUTODROMO_LAN"):
        return None
    return str(current_app.extensions["autodromo.db"])


@bp.get("/games")
def list_games() -> Response:
    """Saved games, newest first, a page at a time (``limit``, ``before``: the answer's ``next``)."""
    t = tables()
    limit, before = page_args()
    listed = t.all(limit, before)
    return jsonify(
        db=shown_db(),
        games=[present.summary(x) for x in listed],
        next=next_page(listed, limit),
        broken=[{"id": k, "error": str(v)} for k, v in t.broken_games().items()],
    )


def for_page(value: Any) -> bool:
    """``page=1`` (or ``"page": true``): the page's form of a payload, in names only."""
    return value in (True, "1", "true")


@bp.post("/games")
def create() -> tuple[Response, int]:
    doc = body()
    table = tables().create(doc)
    with tables().locked(table.id):
        out = present.seat_payload(table, None, with_board=True, page=for_page(doc.get("page")))
        # Only the creator hears the owner's token (and, with join links, every seat's link).
        out.update(seats.owner_part(table))
        return jsonify(out), 201


@bp.post("/games/<game_id>/again")
def again(game_id: str) -> tuple[Response, int]:
    """A new game with the same game, options and seats (and a new seed)."""
    with tables().locked(game_id) as table:
        guard(table).owner(_("starting this game again"))
        doc = {"game": table.game_id, "options": table.options, "seats": table.seats,
               "seating": "links" if table.access.links else "hotseat"}
    made = tables().create(doc)
    if made.access.links:
        # Every phone of the old game comes along, on its own seat (issue 32, item 1): its
        # device's token names that seat in the new game too, and the old game says where it
        # went (the live stream tells each phone, whose page follows).
        with tables().locked(game_id) as table:
            with tables().locked(made.id) as fresh:
                table.access.carried_to(fresh.access)
                tables().save_access(fresh)
            table.access.rematch = made.id
            tables().save_access(table)
    with tables().locked(made.id) as fresh:
        return jsonify({**present.summary(fresh), **seats.owner_part(fresh)}), 201


@bp.get("/games/<game_id>")
def get(game_id: str) -> Response:
    with tables().locked(game_id) as table:
        seat = seat_of(table, request.args.get("seat"), required=False)
        if seat is not None:
            guard(table).seat(seat, _("the view"))
        since = whole(request.args.get("since"), "since", low=0, default=0) or 0
        payload = present.seat_payload(table, seat, since, with_board=request.args.get("board") == "1",
                                       page=for_page(request.args.get("page")))
    return jsonify(payload)


@bp.get("/games/<game_id>/legal")
def legal(game_id: str) -> Response:
    with tables().locked(game_id) as table:
        seat = seat_of(table, request.args.get("seat"), required=True)
        assert seat is not None
        guard(table).seat(seat, _("the decisions"))
        p = present.seat_payload(table, seat, since=None)
    return jsonify(seat=seat, to_move=p["to_move"], legal=p["legal"], plan=p["plan"])


@bp.get("/games/<game_id>/moves")
def moves(game_id: str) -> Response:
    """The seat's moves as the core describes them (``State.moves``: kind, references, what each
    leads to, costs and risks); empty when it is not the seat's turn."""
    with tables().locked(game_id) as table:
        seat = seat_of(table, request.args.get("seat"), required=True)
        assert seat is not None
        guard(table).seat(seat, _("the decisions"))
        out = table.state.moves(seat) if not table.state.is_terminal() else []
    return jsonify(seat=seat, moves=out)


@bp.post("/games/<game_id>/actions")
def post_action(game_id: str) -> Response | tuple[Response, int]:
    doc = body()
    if "plan" in doc:
        choices = doc["plan"]
        if not isinstance(choices, list) or not choices:
            raise bad(_("plan must be a non-empty list of actions"))
    elif "action" in doc:
        choices = [doc["action"]]
    else:
        raise bad(_("give an action (id or label) or a plan (a list of them)"))
    bots = doc.get("bots", True)
    if not isinstance(bots, bool):
        raise bad(_("bots must be true or false"))
    key = doc.get("key")
    if key is not None and (not isinstance(key, str) or not 0 < len(key) <= 100):
        raise bad(_("key must be a string of 1 to 100 characters: the input's identity"))
    since = whole(doc.get("since"), "since", low=0, default=0) or 0
    with tables().locked(game_id) as table:
        seat = seat_of(table, doc.get("seat"), required=True)
        assert seat is not None
        guard(table).seat(seat, _("a decision"))
        if key is not None and tables().store.applied_key(game_id, key):
            return jsonify(error=_("this input was already applied (key {key}): not again", key=key),
                           repeat=True), 409
        seats.check_position_agreed(table)
        # The bots after a decision play in a slot (else they wait for /advance).
        budget = bot_budget()
        applied = tables().play(table, seat, choices, bots, budget,
                                lambda: throttle_of().maybe(client_address(), budget), key)
        payload = present.seat_payload(table, seat, since, page=for_page(doc.get("page")))
        payload["more"] = table.bots_to_play()
    payload["applied"] = applied
    return jsonify(payload)


@bp.post("/games/<game_id>/advance")
def advance(game_id: str) -> Response:
    doc = body()
    steps = whole(doc.get("steps"), "steps", low=0)
    if steps is None:
        steps = whole(doc.get("turns"), "turns", low=0)
    since = whole(doc.get("since"), "since", low=0, default=0) or 0
    with tables().locked(game_id) as table:
        seat = seat_of(table, doc.get("seat"), required=False)
        g = guard(table)
        g.any_player(_("moving the bots and chance on"))
        if seat is not None:
            g.seat(seat, _("the view"))
        if steps != 0:
            seats.check_position_agreed(table)
        if steps == 0:
            done = tables().advance(table, 0)  # chance alone needs no slot
        else:
            budget = bot_budget()
            with throttle_of().held(client_address(), budget):
                done = tables().advance(table, steps, budget)
        payload = present.seat_payload(table, seat, since, page=for_page(doc.get("page")))
        payload["more"] = table.bots_to_play()
    payload["advanced"] = done
    return jsonify(payload)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Response:
    doc = body()
    with tables().locked(game_id) as table:
        seat = seat_of(table, doc.get("seat"), required=True)
        assert seat is not None
        guard(table).seat(seat, _("undo"))
        tables().undo(table, seat)
        # The log may have shrunk: send it whole.
        payload = present.seat_payload(table, seat, 0, page=for_page(doc.get("page")))
    return jsonify(payload)


@bp.delete("/games/<game_id>")
def delete(game_id: str) -> Response:
    broken = tables().broken_access(game_id)
    if broken is None:
        with tables().locked(game_id) as table:
            guard(table).owner(_("deleting the game"))
    else:
        # A game the server cannot load is deleted by its owner too (its tokens are saved).
        found, names = broken
        access.saved_guard(found, names).owner(_("deleting the game"))
    tables().delete(game_id)
    return jsonify(deleted=game_id)


@bp.get("/games/<game_id>/position")
def position(game_id: str) -> Response:
    """The position now, as the core writes it: a file to start another game from."""
    with tables().locked(game_id) as table:
        seats.check_whole(table, guard(table), "the position")
        writer = getattr(table.state, "position", None)
        if writer is None:
            raise conflict(_("this build cannot write positions"))
        try:
            text = writer()
        except AutodromoError as e:
            raise conflict(str(e)) from None
    return Response(
        text, mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="autodromo-position-{table.id}.json"'},
    )


@bp.get("/games/<game_id>/replay")
def export(game_id: str) -> Response:
    with tables().locked(game_id) as table:
        g = guard(table)
        if not seats.whole_allowed(table, g):
            # Mid-game: only what the asking seat may see.
            text, name = seats.partial_export(table, g, seat_of(table, request.args.get("seat"), required=False))
            return Response(text, mimetype="application/json",
                            headers={"Content-Disposition": f'attachment; filename="{name}"'})
        if table.position is not None:
            raise conflict(_("this game started from a position, not from the beginning: its replay would not "
                             "reproduce it; export its position instead"))
        # The seed tells every card and die to come: it leaves the server once the game is over.
        text = replay.dumps(table.state, table.seed if table.finished else None)
    return Response(
        text, mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="autodromo-{table.game_id}-{table.id}.json"'},
    )


def viewer(table: Table) -> int | None:
    """Whose eyes a timeline request reads with: ``?seat=`` (its token checked), else the token's
    own seat, else a spectator's."""
    g = guard(table)
    seat = seat_of(table, request.args.get("seat"), required=False)
    if seat is not None:
        g.seat(seat, _("the timeline"))
        return seat
    return g.who if isinstance(g.who, int) else None


@bp.get("/games/<game_id>/steps")
def steps(game_id: str) -> Response:
    """The replay viewer's timeline: what the viewer could not see stays sealed until the end."""
    with tables().locked(game_id) as table:
        hidden = not table.finished and table.module.hidden_information
        out = timeline.steps(table, viewer(table))
    return jsonify(id=table.id, steps=out, hidden=hidden)


@bp.get("/games/<game_id>/at/<int:step>")
def at(game_id: str, step: int) -> Response:
    """A spectator's view after ``step`` actions (the replay viewer's frame)."""
    with tables().locked(game_id) as table:
        if not 0 <= step <= len(table.actions):
            raise bad(_("step must be between 0 and {last}", last=len(table.actions)))
        shown = timeline.frame(table, step)
    return jsonify(step=step, of=len(table.actions), table=shown)


@bp.post("/replays")
def import_replay() -> tuple[Response, int]:
    doc = body()
    if doc.get("format") == replay.FORMAT:
        table = tables().import_replay(json.dumps(doc))
    else:
        table = tables().import_replay(doc.get("replay"), doc.get("seats"))
    return jsonify(present.summary(table)), 201
