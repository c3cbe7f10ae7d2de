"""Each reader's language (issue 31): a request is answered in the language its reader chose
on this device (the ``autodromo_lang`` cookie, set by the page's language menu), else the
first their browser asks for (``Accept-Language``) that Autodromo speaks, else English. The
server's own locale plays no part: every phone at one table may read its own language.

The language is a context variable of ``autodromo.locale`` set for the request, so every word a
game's words module makes while answering it is in that language."""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request

from autodromo import locale

#: The cookie the page's language menu sets (a language code, or absent: the browser's).
COOKIE = "autodromo_lang"


def reader_language() -> str:
    """The language of the request being answered: ``?lang=``, the cookie, the browser's."""
    return locale.choose(request.args.get("lang"), request.cookies.get(COOKIE),
                         request.headers.get("Accept-Language"), env={})


def install(app: Flask) -> None:
    @app.before_request
    def _language() -> None:
        g.autodromo_language = locale.activate(reader_language())

    @app.teardown_request
    def _back(_error: BaseException | None) -> None:
        token = g.pop("autodromo_language", None)
        if token is not None:
            locale.deactivate(token)

    @app.context_processor
    def _lang() -> dict[str, Any]:
        return {"lang": locale.language(), "languages": LANGUAGE_NAMES, "language_cookie": COOKIE}


#: The languages by their own names, as the menu lists them.
LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "pt": "Português"}
