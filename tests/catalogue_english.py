"""What a screen read in another language must not show: the English of a game's catalogue."""

from __future__ import annotations

import string

from babel.messages.pofile import read_po

from autodromo import locale


def english_phrases(domain: str, lang: str) -> set[str]:
    """The words of each English message of ``domain`` between its fields (phrases of two words
    or more, eight characters at least) where its translation into ``lang`` differs from the
    English and does not keep them: none may show on a page or a terminal read in ``lang``."""
    with locale.catalogue_path(domain, lang).open("rb") as f:
        translated = {(str(m.context), str(m.id)): str(m.string) for m in read_po(f) if m.id}
    out = set()
    for (_, english), text in translated.items():
        for literal, *_ in string.Formatter().parse(english):
            piece = literal.strip(" :;,.()—")
            if text != english and " " in piece and len(piece) >= 8 and piece not in text:
                out.add(piece)
    return out
