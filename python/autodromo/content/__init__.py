"""Content files (cars, tracks, decks) shipped with Autodromo, one folder per game.

The files are ours where the rulebooks do not print them (see docs/content/); users may edit
them or point a game at a folder of their own. They are parsed and validated by the Rust core.
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from pathlib import Path
from collections.abc import Mapping
from typing import Any

from ..errors import ContentError

__all__ = ["GAMES", "NAMED_BY_WORDS", "circuits", "directory", "document", "load_files", "name_in", "shipped"]

#: Games whose cards, cars and tracks come from content files.
GAMES = ("legend", "lamborghini", "formula90")

#: The shipped files whose items are named by words, so each item gives its name in every
#: language (``names``, docs/content/names.md); every other item's name is a proper name (a car
#: model, a driver, a circuit, a corner, a stage, a robot type as the manual prints it), the
#: same in every language.
NAMED_BY_WORDS = {"legend": ("damage.toml", "events.toml"), "formula90": ("cars.toml",)}

HERE = Path(__file__).resolve().parent


def directory(game: str) -> Path:
    """The shipped content folder of ``game``."""
    return HERE / game


def load_files(game: str, folder: str | os.PathLike[str] | None = None) -> list[tuple[str, str]]:
    """Every ``.toml`` file of a content folder as (path relative to the folder, text)."""
    root = Path(folder) if folder is not None else directory(game)
    if not root.is_dir():
        raise ContentError(f"{root}: no such content folder")
    files = []
    for path in sorted(root.rglob("*.toml")):
        rel = path.relative_to(root).as_posix()
        try:
            files.append((rel, path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError) as e:
            raise ContentError(f"{rel}: (file): cannot be read: {e}") from None
    return files


@lru_cache(maxsize=32)
def document(game: str, path: str) -> dict[str, Any]:
    """A shipped content file of ``game`` (``path`` in its folder), parsed."""
    return tomllib.loads((directory(game) / path).read_text(encoding="utf-8"))


def circuits(game: str) -> list[dict[str, Any]]:
    """Every shipped circuit of ``game`` (its ``circuits`` folder): id, name and default laps,
    as a lobby offers them."""
    out = []
    for path in sorted((directory(game) / "circuits").glob("*.toml")):
        doc = document(game, f"circuits/{path.name}")
        out.append({"id": path.stem, "name": doc.get("name", path.stem), "laps": doc.get("laps")})
    return out


def shipped(game: str, folder: str) -> list[dict[str, str]]:
    """Every shipped item of a content folder of ``game`` (a lobby's routes, circuits or tracks):
    id and name. An item is a file ``<folder>/<id>.toml`` or a folder ``<folder>/<id>/`` whose
    main file is named for the folder in the singular (``tracks/colline/track.toml``)."""
    out = []
    for path in sorted((directory(game) / folder).iterdir()):
        if path.is_dir():
            rel = f"{folder}/{path.name}/{folder.removesuffix('s')}.toml"
            if not (directory(game) / rel).is_file():
                continue
            item = path.name
        elif path.suffix == ".toml":
            rel, item = f"{folder}/{path.name}", path.stem
        else:
            continue
        out.append({"id": item, "name": str(document(game, rel).get("name", item))})
    return out


def name_in(item: Mapping[str, Any], lang: str) -> str:
    """An item's name in ``lang``: its ``names`` entry for it, else ``name`` (English, and every
    other language's fallback; docs/content/names.md)."""
    names = item.get("names") or {}
    return str(names.get(lang) or item["name"])
