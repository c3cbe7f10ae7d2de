"""The languages people read Autodromo in (issue 31): gettext catalogues managed with Babel.

Every string a person reads is made by a game's words module (``autodromo.<game>.words``) from
a key and its English text; :func:`pgettext` looks the text up, with the key as its context, in
the catalogue of the language in use. A words module is a catalogue (a gettext domain) of its
own, named for its folder (``<game>``), so each game's translation is complete or not on
its own: ``<lang>/LC_MESSAGES/<domain>.po`` beside this file; ``make messages`` extracts and
updates them, ``make build`` compiles them to ``.mo``. A catalogue with no ``.mo`` as new as its ``.po`` is compiled in memory by Babel when
first used, so a checkout works before (or without) the compile step. docs/languages.md says
how to add a language.

The language is per person, not per process: a web request words the page for its reader, so
the language in use is a context variable (:func:`use`), not a global setting.
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import lru_cache
from pathlib import Path

__all__ = ["DOMAINS", "activate", "deactivate", "LANGUAGES", "PSEUDO", "choose", "language", "number", "pgettext", "use"]

HERE = Path(__file__).resolve().parent
#: The catalogues: one per words module that looks its words up here, each with its template.
DOMAINS = tuple(sorted(p.stem for p in HERE.glob("*.pot")))

#: The languages with a catalogue, the first the default (the words' own).
LANGUAGES = ("en", "it", "pt")
#: A language for testing, not for people: every message visibly altered, its fields kept, so
#: a string that does not go through a catalogue stands out.
PSEUDO = "qps"

_current: ContextVar[str] = ContextVar("autodromo_language", default=LANGUAGES[0])


def language() -> str:
    """The language in use here."""
    return _current.get()


@contextmanager
def use(lang: str) -> Iterator[str]:
    """Words made inside the ``with`` block are in ``lang`` (one of :data:`LANGUAGES`, or
    :data:`PSEUDO`)."""
    if lang not in LANGUAGES and lang != PSEUDO:
        raise ValueError(f"language {lang!r}: Autodromo speaks {', '.join(LANGUAGES)}")
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


def activate(lang: str) -> Token[str]:
    """Words made from now on in this context are in ``lang`` until :func:`deactivate` (a web
    request's language, set before it is answered)."""
    if lang not in LANGUAGES and lang != PSEUDO:
        raise ValueError(f"language {lang!r}: Autodromo speaks {', '.join(LANGUAGES)}")
    return _current.set(lang)


def deactivate(token: Token[str]) -> None:
    _current.reset(token)


def choose(*wanted: str | None, env: Mapping[str, str] | None = None) -> str:
    """The first of ``wanted`` that Autodromo speaks ("it", "pt-BR", "it_IT.UTF-8", an HTTP
    Accept-Language), then the environment's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then
    English."""
    environ = os.environ if env is None else env
    candidates = [*wanted, *(environ.get(k) for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"))]
    for text in candidates:
        for tag in _tags(text or ""):
            if tag in LANGUAGES or tag == PSEUDO:
                return tag
    return LANGUAGES[0]


def _tags(text: str) -> list[str]:
    """Language codes in a list as HTTP and POSIX write them, best first ("it-IT,it;q=0.9,en;
    q=0.8" -> it, it, en; "pt_BR.UTF-8:en" -> pt, en)."""
    out: list[tuple[float, int, str]] = []
    for part in re.split(r"[,:]", text):
        lang, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        code = re.split(r"[-_.@]", lang.strip().lower())[0]
        if code and weight > 0:
            out.append((weight, len(out), code))
    return [code for _, _, code in sorted(out, key=lambda t: (-t[0], t[1]))]


def catalogue_path(domain: str, lang: str, suffix: str = ".po") -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{domain}{suffix}"


@lru_cache(maxsize=None)
def translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalogue ``domain`` of ``lang``: its ``.mo`` if as new as its ``.po``,
    else the ``.po`` compiled by Babel now."""
    if lang == PSEUDO:
        return _Pseudo()
    po, mo = catalogue_path(domain, lang), catalogue_path(domain, lang, ".mo")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if not po.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


# Each text once per language: a page's answer asks for some 400 (every label, tip and log
# line), the same ones each time, and a catalogue does not change once read. The messages are
# the words modules' own English, so this holds a bounded set.
_texts: dict[tuple[str, str, str, str], str] = {}


def pgettext(domain: str, context: str, message: str) -> str:
    """``message`` (English, the words' own) in the language in use, from the catalogue
    ``domain``; ``context`` is the words' key, which tells apart two uses of the same English."""
    key = (domain, _current.get(), context, message)
    text = _texts.get(key)
    if text is None:
        text = _texts[key] = translations(domain, key[1]).pgettext(context, message)
    return text


def number(n: int | float) -> str:
    """A number as the language in use writes it (Babel, CLDR): 2,300 in English, 2.300 in
    Italian and Portuguese."""
    lang = _current.get()
    return _number(n, lang if lang in LANGUAGES else LANGUAGES[0])


# Babel takes some 30 us a number (it parses the locale and the pattern each time), and a
# page's answer writes the same few amounts dozens of times. typed: 2 and 2.0 stay apart.
@lru_cache(maxsize=4096, typed=True)
def _number(n: int | float, lang: str) -> str:
    from babel.numbers import format_decimal

    return str(format_decimal(n, locale=lang))


_FIELD = re.compile(r"(\{[^{}]*\})")


class _Pseudo(gettext.NullTranslations):
    """The pseudo-language: every letter outside a ``{field}`` accented and the whole in
    brackets ("[Ţåķé {card}]"), still as long to read and as wide on the page."""

    _MAP = str.maketrans("aceinosuAEIOUy", "åçéîñøšüÅÉÎØÜý")

    def pgettext(self, context: str, message: str) -> str:
        parts = _FIELD.split(message)
        return "[" + "".join(p if _FIELD.fullmatch(p) else p.translate(self._MAP) for p in parts) + "]"

    def gettext(self, message: str) -> str:
        return self.pgettext("", message)
