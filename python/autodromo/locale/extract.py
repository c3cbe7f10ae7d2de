"""Babel's extractor for the words modules' catalogues (``babel.cfg``): each module-level dict
named in the ``dicts`` option (``ENGLISH``, ``HELP``) of key -> English text gives one message,
its key as the context (``pgettext``), so translators see both. A comment just above an entry
goes to the translators too. A words module is read only once it looks its words up through
``autodromo.locale`` (``from ..locale import pgettext``): a game's words join the catalogues when they can be
translated."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any


#: How a words module looks its words up (``from ..locale import pgettext``).
LOOKS_UP = re.compile(r"^from \.\.locale import .*\bpgettext\b", re.M)


def extract_words(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    names = set(str(options.get("dicts", "ENGLISH")).split())
    source = fileobj.read().decode("utf-8")
    if not LOOKS_UP.search(source):
        return
    lines = source.splitlines()
    for node in ast.parse(source).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else node.target if isinstance(node, ast.AnnAssign) else None
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if not isinstance(target, ast.Name) or target.id not in names or not isinstance(value, ast.Dict):
            continue
        for key, text in zip(value.keys, value.values):
            if isinstance(key, ast.Constant) and isinstance(text, ast.Constant) and isinstance(text.value, str):
                above = lines[key.lineno - 2].strip() if key.lineno >= 2 else ""
                comments = [above.lstrip("# ")] if above.startswith("#") else []
                yield key.lineno, "pgettext", (str(key.value), text.value), comments
