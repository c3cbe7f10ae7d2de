"""What keeps the page safe on a local network: every request's Host must be a name this server
answers to (a web page elsewhere cannot rebind its own name onto us and read the games), every
state-changing request must come from this server's own origin and carry JSON (a form or a
``text/plain`` fetch from another site is refused before it reaches a game), and every response
carries headers that forbid inline script, framing and type sniffing.

The hook reads ``app.config``: ``AUTODROMO_HOSTS`` (the names allowed besides loopback's) and
``AUTODROMO_LAN`` (set by ``--lan``: then any literal IP address is allowed as Host, since a
rebinding attack needs a name, and an address that reached this server is one of its own).
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request

from .errors import ApiError
from .languages import say as _

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
#: Methods that read only; every other method changes something and is checked.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

HEADERS = {
    # No inline script or style: the page's scripts and styles are static files of this server.
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Join links hold a seat's secret: never send a page's address to another site.
    "Referrer-Policy": "no-referrer",
}


def install(app: Flask) -> None:
    app.before_request(_check)
    app.after_request(_headers)


def host_name(netloc: str) -> str:
    """``netloc``'s host without its port, lower case, IPv6 brackets removed."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[1:].split("]", 1)[0]
    return netloc.rsplit(":", 1)[0] if netloc.count(":") == 1 else netloc


def is_loopback(host: str) -> bool:
    if host_name(host) == "localhost":
        return True
    try:
        return ipaddress.ip_address(host_name(host)).is_loopback
    except ValueError:
        return False


def is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def lan_address(bound: str) -> str:
    """The address a phone on the network joins by: the bound one, or for a wildcard bind the
    address of the interface that routes outwards (no packet is sent to find it)."""
    if bound not in ("0.0.0.0", "::", ""):
        return bound
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only looked up
            found: str = s.getsockname()[0]
            return found
        except OSError:
            return socket.gethostbyname(socket.gethostname())


def lan_names() -> set[str]:
    """The machine's own names a phone may use (``name`` and ``name.local``, mDNS)."""
    name = socket.gethostname().lower()
    return {name, f"{name}.local"} if name else set()


def allowed(app: Flask, host: str) -> bool:
    name = host_name(host)
    if name in LOOPBACK_NAMES or name in app.config.get("AUTODROMO_HOSTS", ()):
        return True
    return bool(app.config.get("AUTODROMO_LAN")) and is_ip(name)


def _refuse(status: int, reason: str) -> ApiError:
    return ApiError(status, reason)


def _check() -> None:
    app: Any = current_app
    host = request.host
    if not allowed(app, host):
        names = ", ".join(sorted(LOOPBACK_NAMES | set(app.config.get("AUTODROMO_HOSTS", ()))))
        raise _refuse(403, _("Host {host} is not a name of this server (it answers to {names}): "
                             "a page elsewhere may be trying to reach it by a name of its own",
                             host=repr(host_name(host)), names=names))
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    if origin is not None:
        parts = urlsplit(origin)
        if origin == "null" or parts.netloc.lower() != host.lower() or parts.scheme not in ("http", "https"):
            raise _refuse(403, _("Origin: a change sent by a page of {origin} is refused: only this server's "
                                 "own page may change its games", origin=origin))
    if request.headers.get("Sec-Fetch-Site") in ("cross-site", "same-site"):
        raise _refuse(403, _("Sec-Fetch-Site: a change sent by another site's page is refused"))
    kind = request.headers.get("Content-Type")
    has_body = bool(request.content_length) or request.headers.get("Transfer-Encoding") is not None
    if (kind is not None or has_body) and request.mimetype != "application/json":
        raise _refuse(415, _("Content-Type: a change must be sent as application/json, not {given}",
                             given=kind or _("nothing")))


#: HEADERS with each name as compared (header names ignore case).
_BY_NAME = tuple((k.lower(), k, v) for k, v in HEADERS.items())


def _headers(response: Response) -> Response:
    # What a route set itself stays. One pass over the answer's headers, not one per header
    # (werkzeug's setdefault scans them each time): an answer with its headers took 29.7 µs, 13.3 now.
    have = {k.lower() for k in response.headers.keys()}
    missing = [(k, v) for name, k, v in _BY_NAME if name not in have]
    if missing:
        response.headers.extend(missing)
    return response
