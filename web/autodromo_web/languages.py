"""Each reader's language (issue 31): a request is answered in the language its reader chose
on this device (the ``autodromo_lang`` cookie, set by the page's language menu), else the
first their browser asks for (``Accept-Language``) that Autodromo speaks, else English. The
server's own locale plays no part: every phone at one table may read its own language.

The language is a context variable of ``autodromo.locale`` set for the request, so every word a
game's words module makes while answering it is in that language."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, g, request
from markupsafe import Markup, escape

from autodromo import locale

bp = Blueprint("languages", __name__)

#: The page's own texts (the templates' and the scripts'): the catalogue ``page``, its template
#: ``locale/page.pot`` and a ``.po`` per language beside this file (``make messages``).
LOCALES = Path(__file__).resolve().parent / "locale"
#: The languages whose page catalogue is complete (tests/test_catalogues.py checks the claim).
COMPLETE = ("en", "it", "pt")

#: The cookie the page's language menu sets (a language code, or absent: the browser's).
COOKIE = "autodromo_lang"


def reader_language() -> str:
    """The language of the request being answered: ``?lang=``, the cookie, the browser's."""
    return locale.choose(request.args.get("lang"), request.cookies.get(COOKIE),
                         request.headers.get("Accept-Language"), env={})


@lru_cache(maxsize=None)
def page_words(lang: str) -> dict[str, str]:
    """The page catalogue of ``lang``: English message -> its text (untranslated ones left
    out, so the English shows). Read with Babel from the ``.po``, once a process."""
    from babel.messages.pofile import read_po

    path = LOCALES / lang / "LC_MESSAGES" / "page.po"
    if not path.is_file():
        return {}
    with path.open("rb") as f:
        return {str(m.id): str(m.string) for m in read_po(f) if m.id and m.string and not m.fuzzy}


def say(message: str, **args: Any) -> str:
    """A text of the page's templates in the reader's language (``{{ _("Undo") }}``)."""
    lang = locale.language()
    text = page_words(lang).get(message, message) if lang != locale.PSEUDO else locale.pgettext("page", "", message)
    if any(isinstance(v, Markup) for v in args.values()):
        # A template's markup inside a sentence (a path in <code>): the words escaped, the markup kept.
        return Markup(escape(text)).format(**args)
    return text.format(**args) if args else text


class Later:
    """A text of the server's kept to be worded each time it is read, in that reader's language:
    a game that cannot be resumed is listed with its reason to readers of every language."""

    __slots__ = ("message", "args")

    def __init__(self, message: str, args: dict[str, Any]) -> None:
        self.message = message
        # Kept as text, or as a text worded later itself, never as the object (an exception, say):
        # a server of several processes hands the reasons to its workers.
        self.args = {k: v.words if isinstance(v, WordedError) else v if isinstance(v, Later) else str(v)
                     for k, v in args.items()}

    def __str__(self) -> str:
        return say(self.message, **{k: str(v) for k, v in self.args.items()})

    def __repr__(self) -> str:
        return f"Later({self.message!r}, {self.args!r})"


def N_(message: str, **args: Any) -> Later:  # noqa: N802 (gettext's name for "translate later")
    """``message`` with its fields, worded when read (``str``): extracted like ``_``."""
    return Later(message, args)


class WordedError(ValueError):
    """A reason of the server's own raised where no reader is known yet (a saved game loaded at
    start): worded in the language of whoever reads it."""

    def __init__(self, words: Later) -> None:
        super().__init__(words.message)
        self.words = words

    def __str__(self) -> str:
        return str(self.words)


@bp.get("/words/<lang>.js")
def words(lang: str) -> Response:
    """The page catalogue of ``lang`` for the scripts (``Autodromo.tr``): a script, as the
    page's Content-Security-Policy admits only scripts of its own."""
    if lang not in locale.LANGUAGES and lang != locale.PSEUDO:
        lang = locale.LANGUAGES[0]
    table = page_words(lang) if lang != locale.PSEUDO else _pseudo()
    body = f"window.AutodromoWords = {json.dumps(table, ensure_ascii=False)};\n"
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "max-age=300"})


def _pseudo() -> dict[str, str]:
    """Every page message in the pseudo-language (its English from the template)."""
    from babel.messages.pofile import read_po

    with (LOCALES / "page.pot").open("rb") as f:
        ids = [str(m.id) for m in read_po(f) if m.id]
    with locale.use(locale.PSEUDO):
        return {m: locale.pgettext("page", "", m) for m in ids}


def code(text: str, testid: str | None = None) -> Markup:
    """A path or a command set in a sentence of the page's (``_("Saved in {path}", path=code(db))``)."""
    if testid is None:
        return Markup("<code>{}</code>").format(text)
    return Markup('<code data-testid="{}">{}</code>').format(testid, text)


def install(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["_"] = say
    app.jinja_env.globals["code"] = code

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
