"""Seats joined by link (issue 18, items 1 and 4): the owner's join links and their QR codes, a
seat's link re-issued, who a token is, each seat's consent to a whole export before the end, and
what a mid-game export may hold.

A join link is ``/play/<game>#t=<token>``: the token rides in the address's fragment, which a
browser never sends to a server (nor in a Referer), and the page sends it back in a header.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import segno
from flask import Blueprint, Response, current_app, jsonify, request

from . import access
from .access import OWNER, Guard
from .errors import bad, conflict
from .languages import say as _
from .tables import Table, Tables

bp = Blueprint("seats", __name__, url_prefix="/api/games/<game_id>")

#: The format of a mid-game export of a game with hidden cards: one seat's record, not a replay.
SEAT_RECORD = "autodromo-seat-record"


def tables() -> Tables:
    found: Tables = current_app.extensions["autodromo.tables"]
    return found


#: The port ``make play`` listens on unless told.
DEFAULT_PORT = 8000


def join_base() -> str | None:
    """The network address phones join at (issue 32, item 1): the one ``--lan`` printed, else,
    on the network, the address this request reached the server by; None when the server listens
    on this machine only, or was reached by a loopback name: a phone that scans a loopback
    address reaches itself."""
    from .security import is_loopback

    base = current_app.config.get("AUTODROMO_JOIN_URL")
    if not base and current_app.config.get("AUTODROMO_LAN") and not is_loopback(request.host):
        base = request.host_url
    return str(base).rstrip("/") if base else None


def lan_command() -> str:
    """The command that serves this table on the network: the README's, with ``--lan`` (and the
    port this server was reached by, when not the default)."""
    try:
        port = urlsplit(f"//{request.host}").port
    except ValueError:
        port = None
    extra = f" --port {port}" if port not in (None, DEFAULT_PORT) else ""
    return f'make play ARGS="--lan{extra}"'


def network() -> dict[str, Any]:
    """Whether phones can reach this server, and if not, what serves the table on the network
    (``make play``'s command, and the same without make)."""
    command = lan_command()
    plain = ".venv/bin/autodromo play " + command.split('"')[1]
    return {"network": join_base() is not None, "command": command, "command_plain": plain}


def join_link(path: str, token: str) -> dict[str, Any]:
    """A join link and its QR code. On the network, the machine's network address; on a server
    that listens on this machine only, the link is the address's path alone (for a script or
    another window of this machine) and no QR code is drawn."""
    base = join_base()
    url = f"{base or ''}{path}#t={token}"
    # Drawn here as SVG (no script, no CDN): the page shows it as an image.
    qr = segno.make(url, error="m").svg_data_uri(scale=4, border=2) if base else None
    return {"url": url, "qr": qr}


def link(table: Table, seat: int) -> dict[str, Any]:
    """A seat's join link and its QR code; none once a device claimed it (the shared screen
    then says so instead of showing a code anyone could scan)."""
    if seat in table.access.devices:
        return {"seat": seat, "name": table.seat_name(seat), "claimed": True, "url": None, "qr": None}
    return {"seat": seat, "name": table.seat_name(seat), "claimed": False,
            **join_link(f"/play/{table.id}", table.access.seats[seat])}


def owner_part(table: Table) -> dict[str, Any]:
    """What only the game's creator is told: the owner's token and, with join links, the links."""
    out: dict[str, Any] = {"owner_token": table.access.owner, "seating": "links" if table.access.links else "hotseat"}
    if table.access.links:
        out["join"] = [link(table, s) for s in sorted(table.access.seats)]
        out.update(network())
    return out


def _humans(table: Table) -> list[int]:
    return sorted(table.access.seats)


def _consented(table: Table) -> bool:
    return all(s in table.access.consent for s in _humans(table))


def check_position_agreed(table: Table) -> None:
    """A game by join links started from a position file is played once every human seat
    agreed: whoever wrote the position knows every hand (issue 37). The same agreement as a
    whole export's (``/consent``): that the game's owner may know every card."""
    if table.access.links and table.position is not None and not _consented(table):
        missing = [table.seat_name(s) for s in _humans(table) if s not in table.access.consent]
        raise conflict(_("this game starts from a position its creator wrote, who may know every hand: it is played "
                         "once every player agrees (POST /api/games/{id}/consent); waiting for {names}",
                         id=table.id, names=", ".join(missing)))


def whole_allowed(table: Table, g: Guard) -> bool:
    """The whole replay (every card drawn so far) is for everyone once the game is over; before,
    where no card is hidden, and else for the owner once every human seat agreed."""
    if table.finished or not table.module.hidden_information:
        return True
    return _consented(table) and (g.who == OWNER or not g.required)


def check_whole(table: Table, g: Guard, what: str) -> None:
    """The position names every card and the decks' order (what is to come): before the end,
    only for the owner with every human seat's consent."""
    if table.finished:
        return
    if not _consented(table):
        missing = [table.seat_name(s) for s in _humans(table) if s not in table.access.consent]
        raise access.forbidden(_("{what} before the end shows every hand and what is to come: {names} must agree first",
                                 what=what, names=", ".join(missing)))
    g.owner(what)


def partial_export(table: Table, g: Guard, seat: int | None) -> tuple[str, str]:
    """A mid-game export of a game with hidden cards: the asking seat's own view and log (a
    record, not a replay: a replay would hold every card drawn), or a spectator's."""
    if seat is None and isinstance(g.who, int):
        seat = g.who
    if seat is not None:
        g.seat(seat, _("the export"))
    state = table.state
    view = state.view(seat)
    view.pop("legal_actions", None)
    doc = {
        "format": SEAT_RECORD,
        "game": table.game_id,
        "seats": [{"name": s["name"], "kind": s["kind"]} for s in table.seats],
        "seat": seat,
        "version": len(table.actions),
        "note": "the game is not over: this holds only what this seat may see; the whole replay comes at the end "
                "(or before, for the game's owner once every human seat agrees)",
        "view": view,
        "log": state.log(seat),
    }
    who = "spectator" if seat is None else f"seat-{seat + 1}"
    return json.dumps(doc, indent=1, ensure_ascii=False), f"autodromo-{table.game_id}-{table.id}-{who}.json"


@bp.get("/me")
def me(game_id: str) -> Response:
    """Who this request's token is at this table (the page asks it first)."""
    with tables().locked(game_id) as table:
        g = access.guard(table)
        role = "owner" if g.who == OWNER else "seat" if g.who is not None else None
        return jsonify(role=role, seat=g.who if isinstance(g.who, int) else None,
                       seating="links" if table.access.links else "hotseat", tokens_required=g.required,
                       consent=[table.seat_name(s) for s in sorted(table.access.consent)])


def taken(name: str) -> str:
    """Why a join link opened on a second device is refused (a game's or a championship's)."""
    return _("This seat was already taken on another device; ask the host to issue a new link ({name})", name=name)


@bp.post("/claim")
def claim(game_id: str) -> Response:
    """A join link opened on a device (issue 37): the first device to open it gets a token of
    its own, and the link's token stops naming the seat; a second device is refused with the
    reason. A token that is already a device's is given back (the same device, reloaded)."""
    with tables().locked(game_id) as table:
        held = table.access
        given = access.token()
        taken_by = held.claimed_link(given)
        if taken_by is not None:
            raise conflict(taken(table.seat_name(taken_by)))
        seat = held.who(given)
        if given is None:
            raise access.unauthorised(_("claiming a seat needs its join link's token: none was given"))
        if not isinstance(seat, int):
            raise access.forbidden(_("claiming a seat: this token is not a join link of this game "
                                     "(a re-issued link's old token is refused)"))
        # A hot-seat game has no links to claim; a championship's race carries the
        # championship's tokens, claimed on neither.
        if not held.links or table.event is not None or seat in held.devices:
            return jsonify(seat=seat, token=given, name=table.seat_name(seat))
        device = held.claim(seat)
        tables().save_access(table)
        return jsonify(seat=seat, token=device, name=table.seat_name(seat))


@bp.get("/links")
def links(game_id: str) -> Response:
    """Every human seat's join link and QR code, the owner's only: only the links no device
    has claimed (a claimed seat's token is its device's alone, so the owner's token never
    reaches a claimed seat's hand)."""
    with tables().locked(game_id) as table:
        access.guard(table).owner(_("the join links"), always=True)
        return jsonify(join=[link(table, s) for s in _humans(table)], **network())


@bp.post("/seats/<int:seat>/reissue")
def reissue(game_id: str, seat: int) -> Response:
    """A new join link for ``seat`` (a lost phone, a link sent to the wrong person): the old
    token is refused from now on."""
    with tables().locked(game_id) as table:
        access.guard(table).owner(_("re-issuing a join link"), always=True)
        if table.event is not None:
            # The race carries its championship's tokens: a link is re-issued for the whole event.
            raise conflict(_("this race is part of a championship: re-issue the link on the championship's page "
                             "(/event/{event}), and the old one is refused in every race", event=table.event))
        if seat not in table.access.seats:
            from .api import seat_of

            seat_of(table, seat, required=True)  # past the last seat: refused in the API's numbering
            humans = ", ".join(table.seat_name(s) for s in _humans(table))
            raise bad(_("{name} is not a human seat of this game (its human players: {humans})",
                        name=table.seat_name(seat), humans=humans))
        table.access.reissue(seat)
        tables().save_access(table)
        return jsonify(link(table, seat))


@bp.post("/consent")
def consent(game_id: str) -> Response:
    """A seat agrees that the owner may export the whole replay (every hand) before the end."""
    from .api import body, seat_of

    doc = body()
    with tables().locked(game_id) as table:
        seat = seat_of(table, doc.get("seat"), required=True)
        assert seat is not None
        access.guard(table).seat(seat, _("consent"))
        if seat not in table.access.seats:
            raise conflict(_("{name} is a bot: only human seats are asked", name=table.seat_name(seat)))
        table.access.consent.add(seat)
        tables().save_access(table)
        return jsonify(consent=[table.seat_name(s) for s in sorted(table.access.consent)],
                       complete=_consented(table))
