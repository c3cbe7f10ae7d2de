"""Limits on what a request may send: JSON no deeper than ``MAX_DEPTH``, no integer longer than
``MAX_DIGITS`` digits, no text longer than its limit. Whatever breaks one is answered with a 400
that names the field (``seat``, ``replay``, ``options.cars``...), never with a 500: Python's own
limits (recursion, 4,300-digit integers) are never reached."""

from __future__ import annotations

import json
import re
from typing import Any

from autodromo.locale import number

from .errors import ApiError, bad
from .languages import say as _

MAX_DEPTH = 32
#: Enough for any seed, id or count the engine has (2**64 has 20 digits).
MAX_DIGITS = 20
#: Whole numbers a query string or a body may give where a count or an index is asked.
MAX_WHOLE = 2**53
#: A replay or position text (a long race is some kilobytes; this leaves room for thousands).
MAX_TEXT = 4 * 1024 * 1024


class _TooLong:
    """An integer literal longer than ``MAX_DIGITS``: kept aside so its place can be named."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _int(text: str) -> int | _TooLong:
    digits = len(text.lstrip("-"))
    return _TooLong(digits) if digits > MAX_DIGITS else int(text)


def _constant(name: str) -> Any:
    raise bad(_("{name} is not a JSON number", name=name))


def parse(text: str | bytes, what: str) -> Any:
    """``text`` as JSON within the limits; ``what`` names it in a refusal ("body", "replay")."""
    if len(text) > MAX_TEXT and what != "body":
        raise ApiError(413, _("{what}: longer than {size} MiB", what=what, size=MAX_TEXT // (1024 * 1024)))
    try:
        doc = json.loads(text, parse_int=_int, parse_constant=_constant)
    except RecursionError:
        raise bad(_("{what}: nested deeper than {depth} levels", what=_deep_field(text, what), depth=MAX_DEPTH)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise bad(_("{what}: malformed JSON: {error}", what=what, error=e)) from None
    check(doc, what)
    return doc


_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _deep_field(text: str | bytes, what: str) -> str:
    """The body's field that holds nesting too deep for the parser (its last key before the
    limit), found by a scan of strings and brackets only."""
    raw = text.encode() if isinstance(text, str) else text
    depth, key = 0, None
    for m in _TOKENS.finditer(raw):
        token = m.group()
        if token in (b"[", b"{"):
            depth += 1
            if depth > MAX_DEPTH:
                break
        elif token in (b"]", b"}"):
            depth -= 1
        elif depth == 1:
            key = token[1:-1].decode(errors="replace")
    if what == "body" and raw.lstrip().startswith(b"{") and key is not None:
        return key
    return what


def check(doc: Any, what: str) -> None:
    """Walks ``doc`` without recursion: too deep, or an integer too long, is refused by its path."""
    stack: list[tuple[Any, str, int, str]] = [(doc, what, 0, what)]
    while stack:
        value, path, depth, top = stack.pop()
        if isinstance(value, _TooLong):
            raise bad(_("{what}: a number of {digits} digits; at most {most} are accepted", what=path,
                                digits=number(value.digits), most=MAX_DIGITS))
        if isinstance(value, int) and not isinstance(value, bool) and len(str(abs(value))) > MAX_DIGITS:
            raise bad(_("{what}: a number of more than {most} digits", what=path, most=MAX_DIGITS))
        if isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                # Named by its field (a path 32 levels long would not help anyone).
                raise bad(_("{what}: nested deeper than {depth} levels", what=top, depth=MAX_DEPTH))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                # A body's fields are named as the player wrote them: ``seat``, not ``body.seat``.
                named = path == "body" and isinstance(value, dict)
                child = str(k) if named else f"{path}.{k}"
                stack.append((v, child, depth + 1, child if depth == 0 and named else top))


def whole_text(text: str, what: str) -> int:
    """A whole number written in a query string, bounded before it is converted."""
    raw = text.strip()
    if len(raw.lstrip("+-")) > MAX_DIGITS:
        raise bad(_("{what}: a number of {digits} digits; at most {most} are accepted", what=what,
                     digits=number(len(raw)), most=MAX_DIGITS))
    try:
        return int(raw)
    except ValueError:
        raise bad(_("{what} must be a whole number, not {given}", what=what, given=repr(raw))) from None


def install(app: Any) -> None:
    """A body over ``MAX_CONTENT_LENGTH`` is refused by its name, like every other limit."""
    from flask import jsonify, request
    from werkzeug.exceptions import RequestEntityTooLarge

    def too_large(e: RequestEntityTooLarge) -> Any:
        limit = app.config["MAX_CONTENT_LENGTH"] // (1024 * 1024)
        reason = _("body: larger than the {size} MiB a request may send", size=limit)
        if not request.path.startswith("/api/"):
            return reason, 413, {"Content-Type": "text/plain; charset=utf-8"}
        return jsonify(error=reason), 413

    app.register_error_handler(RequestEntityTooLarge, too_large)
