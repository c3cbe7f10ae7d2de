"""Issue 31, items 1 and 4: the words go through gettext catalogues managed with Babel, and the
catalogues are checked here, so ``make test`` fails on a catalogue out of date with its words, on
a complete one with an untranslated or fuzzy message, and on a translation that breaks a field.

Each words module that looks its words up through ``autodromo.locale`` is a domain with a
template (``locale/<domain>.pot``) and a ``.po`` per language; its ``COMPLETE`` names the
languages it claims complete."""

from __future__ import annotations

import importlib
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from autodromo import locale
from autodromo.locale.extract import LOOKS_UP
from autodromo.lamborghini import words as lamborghini_words
from autodromo.mille_bornes import words as mille_bornes_words

PACKAGE = Path(locale.__file__).resolve().parents[1]
ROOT = PACKAGE.parents[1]
METHOD = [("words.py", "autodromo.locale.extract.extract_words")]
OPTIONS = {"words.py": {"dicts": "ENGLISH HELP"}}


def catalogue(domain: str, lang: str) -> Catalog:
    with locale.catalogue_path(domain, lang).open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def extracted(domain: str) -> set[tuple[str, str]]:
    """(key, English) of every message of the domain's words, extracted now as ``make messages``
    extracts them."""
    found = extract_from_dir(str(PACKAGE / domain), METHOD, OPTIONS)
    return {(str(context), str(msg)) for _, _, msg, _, context in found}


def messages(cat: Catalog) -> dict[tuple[str, str], tuple[str, bool]]:
    return {(str(m.context), str(m.id)): (str(m.string), m.fuzzy) for m in cat if m.id}


def fields(text: str) -> set[str]:
    return {name for _, name, spec, _ in string.Formatter().parse(text) if name is not None}


def test_every_words_module_that_looks_words_up_has_a_domain() -> None:
    opted = {p.parent.name for p in PACKAGE.glob("*/words.py") if LOOKS_UP.search(p.read_text())}
    assert opted == set(locale.DOMAINS)
    assert {"mille_bornes", "lamborghini"} <= opted


@pytest.mark.parametrize("domain", locale.DOMAINS)
def test_the_catalogues_hold_every_message_of_the_words_and_no_other(domain: str) -> None:
    now = extracted(domain)
    assert now, "the extractor found the words"
    for lang in locale.LANGUAGES:
        held = set(messages(catalogue(domain, lang)))
        assert now - held == set(), f"{lang}: not in the catalogue, run make messages"
        assert held - now == set(), f"{lang}: no longer in the words, run make messages"


@pytest.mark.parametrize("domain", locale.DOMAINS)
def test_a_catalogue_claimed_complete_is_complete(domain: str) -> None:
    module = importlib.import_module(f"autodromo.{domain}.words")
    assert "en" in module.COMPLETE
    for lang in module.COMPLETE:
        cat = catalogue(domain, lang)
        untranslated = [k for k, (text, _) in messages(cat).items() if not text]
        fuzzy = [k for k, (_, f) in messages(cat).items() if f]
        assert (untranslated, fuzzy) == ([], []), f"{domain} {lang}"


@pytest.mark.parametrize("domain", locale.DOMAINS)
def test_a_translation_keeps_the_fields_of_its_message(domain: str) -> None:
    for lang in locale.LANGUAGES:
        for (key, english), (text, _) in messages(catalogue(domain, lang)).items():
            if text:
                assert fields(text) == fields(english), f"{domain} {lang} {key}: {text!r}"


def test_the_pseudo_language_alters_every_word_and_keeps_the_fields() -> None:
    # Proof that say() goes through the catalogue: each text it makes comes out altered.
    with locale.use(locale.PSEUDO):
        lines = mille_bornes_words.how_to_play() + list(mille_bornes_words.help_texts("play").values())
        lines.append(lamborghini_words.say("risk.accident", why="x", percent=42))
    assert all(line.startswith("[") and line.endswith("]") for line in lines), lines
    assert "42%" in lines[-1] and "x" in lines[-1]
    assert mille_bornes_words.how_to_play()[0][0] != "[", "outside the block: the language before"


def test_the_language_follows_the_person() -> None:
    assert locale.choose("it-IT,it;q=0.9,en;q=0.8") == "it"
    assert locale.choose("de-DE,pt-BR;q=0.8,en;q=0.5") == "pt"
    assert locale.choose(None, env={"LANG": "pt_BR.UTF-8"}) == "pt"
    assert locale.choose(None, env={"LANGUAGE": "it:en", "LANG": "C.UTF-8"}) == "it"
    assert locale.choose("fr", env={}) == "en"
    with pytest.raises(ValueError, match="speaks en, it, pt"):
        with locale.use("fr"):
            pass


def test_the_make_targets_extract_update_and_compile() -> None:
    make = (ROOT / "Makefile").read_text()
    for target in ("messages-extract:", "messages:", "messages-compile:"):
        assert re.search(rf"^{target}", make, re.M), target
    build = make[make.index("\nbuild:"):]
    assert "messages-compile" in build.split("\n\n")[0], "make build compiles the catalogues"


@pytest.mark.parametrize("domain", locale.DOMAINS)
def test_every_catalogue_passes_babels_checks(domain: str) -> None:
    # What `pybabel compile` refuses (a placeholder it reads differently, say) fails here first.
    for lang in locale.LANGUAGES:
        problems = [(m.context, str(e)) for m, errors in catalogue(domain, lang).check() for e in errors]
        assert problems == [], f"{domain} {lang}"
