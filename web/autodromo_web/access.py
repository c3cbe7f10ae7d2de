"""Who may see and do what at a table (issue 18, items 1 and 4).

Every game has an owner token (given to whoever created it: the shared screen, or the hot-seat
device) and one token per human seat (its join link). Tokens are required when the server is on
a LAN (``--lan``) or when the game was made with join links; a hot-seat game on loopback asks
for none, as before. Where tokens are required:

- a seat's view, its legal actions, its actions and its undo need that seat's token; under
  hot-seat (one device for every human) the owner's token stands for every human seat;
- with join links, the owner's screen is the shared board: it sees no hand;
- bots and chance may be advanced by any token of the game; deleting the game, starting it again
  and re-issuing a seat's link need the owner's.

A bot seat's view (its hand) and its decisions are never served, with tokens or without
(issue 32, item 7): a bot is nobody's seat.

A token travels in the ``X-Autodromo-Token`` header only, never in an address (the page fetches
a download with the header). Tokens are compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from flask import current_app, request

from .errors import ApiError
from .languages import say as _

HEADER = "X-Autodromo-Token"

#: Who a token names: the game's owner, or a seat (its number).
OWNER = "owner"


def new_token() -> str:
    return secrets.token_urlsafe(18)


#: How a token kept as its hash is written: a copy of the database then names no usable token.
HASHED = "sha256:"


def hashed(token: str) -> str:
    return token if token.startswith(HASHED) else HASHED + hashlib.sha256(token.encode()).hexdigest()


def same(given: bytes, token: str) -> bool:
    """Whether the token given is ``token`` (kept plain, or as its hash), in constant time."""
    if token.startswith(HASHED):
        return hmac.compare_digest((HASHED + hashlib.sha256(given).hexdigest()).encode(), token.encode())
    return hmac.compare_digest(given, token.encode())


@dataclass
class Access:
    """A game's tokens, whether it is played by join links, the seats that agreed to the whole
    replay being exported before the end, and the devices that claimed a seat's join link.

    A join link is claimed once (issue 37): the first device to open it gets a device token of
    its own (``devices``) and the link's token stops naming the seat. The link's token is kept
    to tell a second device why it is refused."""

    owner: str
    seats: dict[int, str]
    links: bool = False
    consent: set[int] = field(default_factory=set)
    devices: dict[int, str] = field(default_factory=dict)
    #: The game its owner started again with the same settings ("Play again"): each phone of
    #: this game is taken there, its device's token carried over (issue 32, item 1).
    rematch: str | None = None

    @classmethod
    def new(cls, humans: list[int], links: bool) -> Access:
        return cls(new_token(), {s: new_token() for s in humans}, links)

    def who(self, token: str | None) -> str | int | None:
        """The owner, a seat number, or None for no or a foreign token."""
        if not token:
            return None
        # Compared as bytes: a token with characters beyond ASCII is a foreign token, not an
        # error (compare_digest refuses such text).
        given = token.encode("utf-8", "replace")
        if same(given, self.owner):
            return OWNER
        for seat, t in self.seats.items():
            device = self.devices.get(seat)
            if same(given, t if device is None else device):
                return seat
        return None

    def claimed_link(self, token: str | None) -> int | None:
        """The seat whose join link ``token`` was, once another device claimed it."""
        if not token:
            return None
        given = token.encode("utf-8", "replace")
        return next((s for s, t in self.seats.items() if s in self.devices and same(given, t)), None)

    def claim(self, seat: int) -> str:
        """``seat``'s join link opened on a device: a token for that device alone."""
        self.devices[seat] = new_token()
        return self.devices[seat]

    def carried_to(self, rematch: Access) -> None:
        """``rematch`` (a new game of the same seats) takes this game's claimed devices: each
        phone's token names its seat there too, and the links no device opened stay new."""
        for seat, device in self.devices.items():
            if seat in rematch.seats:
                rematch.devices[seat] = hashed(device)

    def reissue(self, seat: int) -> str:
        """A new link for ``seat``; the old one, and the device that claimed it, are refused from
        now on."""
        self.seats[seat] = new_token()
        self.devices.pop(seat, None)
        self.consent.discard(seat)
        return self.seats[seat]

    def as_json(self) -> dict[str, Any]:
        """As saved: every token as its hash but a join link no device has claimed yet, which
        the owner's screen shows (a copy of the file names no owner's or device's token)."""
        def seat(s: int, t: str) -> str:
            return t if self.links and s not in self.devices else hashed(t)

        out: dict[str, Any] = {"owner": hashed(self.owner), "seats": {str(k): seat(k, v) for k, v in self.seats.items()},
                               "links": self.links, "consent": sorted(self.consent),
                               "devices": {str(k): hashed(v) for k, v in self.devices.items()}}
        if self.rematch is not None:
            out["rematch"] = self.rematch
        return out

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Access:
        return cls(str(doc["owner"]), {int(k): str(v) for k, v in doc["seats"].items()}, bool(doc.get("links")),
                   {int(s) for s in doc.get("consent", [])},
                   {int(k): str(v) for k, v in (doc.get("devices") or {}).items()},
                   str(doc["rematch"]) if doc.get("rematch") else None)


def unauthorised(reason: str) -> ApiError:
    return ApiError(401, reason)


def forbidden(reason: str) -> ApiError:
    return ApiError(403, reason)


class Guard:
    """The checks of one request against one game's access."""

    def __init__(self, access: Access, token: str | None, lan: bool, name: Any,
                 bots: frozenset[int] = frozenset()) -> None:
        self.access = access
        #: The bot seats: nobody sees their view or acts for them.
        self.bots = bots
        self.who = access.who(token)
        self.token_given = bool(token)
        #: Tokens are needed: on a LAN, or for a game played by join links.
        self.required = lan or access.links
        self._name = name

    def _refuse(self, what: str) -> ApiError:
        if not self.token_given:
            return unauthorised(_("{what} needs a token (the seat's join link, or the game's owner's): none was given",
                                  what=what))
        if self.who is None:
            return forbidden(_("{what}: this token is not one of this game's (a re-issued link's old token is refused)",
                               what=what))
        if self.who == OWNER:
            return forbidden(_("{what}: the token given is the owner's", what=what))
        return forbidden(_("{what}: the token given is {name}'s", what=what, name=self._name(self.who)))

    def may_be(self, seat: int) -> bool:
        if not self.required or self.who == seat:
            return True
        return self.who == OWNER and not self.access.links and seat in self.access.seats

    def seat(self, seat: int, what: str) -> None:
        """Seeing ``seat``'s hidden view or acting for it."""
        if seat in self.bots:
            raise forbidden(_("{what} for {name}: a bot's view and decisions are never served (its hand stays hidden; "
                              "the bots play on the server)", what=what, name=self._name(seat)))
        if not self.may_be(seat):
            raise self._refuse(_("{what} for {name}", what=what, name=self._name(seat)))

    def any_player(self, what: str) -> None:
        """Something any player at this table may do (advance the bots, say)."""
        if self.required and self.who is None:
            raise self._refuse(what)

    def owner(self, what: str, always: bool = False) -> None:
        """Something only the game's owner may do (``always``: even where tokens are not required)."""
        if (self.required or always) and self.who != OWNER:
            raise self._refuse(what)


def token() -> str | None:
    """The request's token, from its header only: a token never rides in an address, where
    the server's log, a browser's history and a proxy would keep it (issue 37)."""
    return request.headers.get(HEADER) or None


def saved_guard(found: Access, names: list[str]) -> Guard:
    """The checks of this request against tokens read from the file (a game or a championship
    the server cannot load: it is still changed only by its owner)."""
    return Guard(found, token(), bool(current_app.config.get("AUTODROMO_LAN")),
                 lambda s: names[s] if 0 <= s < len(names) and names[s] else _("Player {n}", n=s + 1))


def bots_of(seats: list[dict[str, Any]]) -> frozenset[int]:
    """The bot seats of a game's or a championship's seats."""
    return frozenset(i for i, s in enumerate(seats) if s.get("kind") == "bot")


def guard(table: Any) -> Guard:
    """The checks of this request against ``table`` (a ``tables.Table``)."""
    return Guard(table.access, token(), bool(current_app.config.get("AUTODROMO_LAN")), table.seat_name,
                 bots_of(table.seats))
