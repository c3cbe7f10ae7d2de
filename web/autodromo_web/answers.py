"""Every JSON answer's encoding: orjson, not the standard library's encoder.

Encoding an answer (a page's payload is 8–48 kB) was 8–10 % of the server's CPU under load
(docs/web.md, "Under load"); orjson writes the same JSON values several times faster. What it
cannot write, the standard library still does: an integer beyond 64 bits, and the indented
answers of debug mode. Characters beyond ASCII are written as UTF-8 rather than escaped: the
same text once read. A venv set up before orjson was a dependency (``make setup`` installs
it) answers through the standard library, as before.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.json.provider import DefaultJSONProvider


def _orjson() -> Any:
    try:
        import orjson
    except ImportError:  # a venv set up before it was a dependency
        return None
    return orjson


orjson = _orjson()


class Answers(DefaultJSONProvider):
    # Flask 3 sorts every answer's keys unless told: the page and the scripts read keys by name.
    sort_keys = False

    def response(self, *args: Any, **kwargs: Any) -> Response:
        if orjson is None or self.compact is False or (self.compact is None and self._app.debug):
            answer = super().response(*args, **kwargs)
            assert isinstance(answer, Response)  # the app's response class is Flask's
            return answer
        body = self.encode(self._prepare_response_obj(args, kwargs))
        return Response(body + b"\n", mimetype=self.mimetype)

    def encode(self, obj: Any) -> bytes:
        """``obj`` as compact JSON (keys that are not strings written as strings, as the
        standard library does)."""
        if orjson is None:
            return self.dumps(obj, separators=(",", ":")).encode()
        try:
            encoded: bytes = orjson.dumps(obj, default=self.default, option=orjson.OPT_NON_STR_KEYS)
            return encoded
        except orjson.JSONEncodeError:
            # An integer beyond 64 bits, say: the standard library writes it.
            return self.dumps(obj, separators=(",", ":")).encode()
