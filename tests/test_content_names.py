"""Issue 31: content we authored names its items in English, Italian and Portuguese in its own
data files (docs/content/names.md): ``name`` is English and every other language's fallback,
``names = { it = "…", pt = "…" }`` the others. An item named by words (a Damage card, a Formula
90 car's colour) gives both; a proper name (a car model, a circuit) is the same in every language.
The names stay out of the content hash, so a language added keeps every save."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import autodromo
from autodromo import content, locale

OTHERS = tuple(lang for lang in locale.LANGUAGES if lang != locale.LANGUAGES[0])


def items(doc: Any) -> Iterator[dict[str, Any]]:
    """Every table of a content file that names something (has a ``name``)."""
    if isinstance(doc, dict):
        if isinstance(doc.get("name"), str):
            yield doc
        for value in doc.values():
            yield from items(value)
    elif isinstance(doc, list):
        for value in doc:
            yield from items(value)


def shipped_files(game: str) -> list[str]:
    return [rel for rel, _text in content.load_files(game)]


def test_every_item_named_by_words_has_its_name_in_every_language() -> None:
    missing = []
    for game, files in content.NAMED_BY_WORDS.items():
        for file in files:
            found = list(items(content.document(game, file)))
            assert found, (game, file)
            for item in found:
                for lang in OTHERS:
                    if not str((item.get("names") or {}).get(lang, "")).strip():
                        missing.append((game, file, item["name"], lang))
    assert missing == []


def test_every_names_table_shipped_gives_each_language_we_speak_and_no_other() -> None:
    wrong = []
    for game in content.GAMES:
        for file in shipped_files(game):
            for item in items(content.document(game, file)):
                names = item.get("names")
                if names is not None and (set(names) != set(OTHERS) or not all(str(v).strip() for v in names.values())):
                    wrong.append((game, file, item["name"], names))
    assert wrong == []


def test_an_item_reads_its_name_in_the_readers_language_else_english() -> None:
    blue = next(items(content.document("formula90", "cars.toml")))
    assert [content.name_in(blue, lang) for lang in ("en", "it", "pt")] == ["Blue", "Blu", "Azul"]
    assert content.name_in(blue, "de") == "Blue"
    assert content.name_in({"name": "Parabolica"}, "it") == "Parabolica"


def test_formula_90_cars_names_leave_the_content_hash_alone(tmp_path: Path) -> None:
    """A race saved before its cars had names in other languages is still accepted."""
    folder = tmp_path / "formula90"
    shutil.copytree(content.directory("formula90"), folder)
    cars = folder / "cars.toml"
    text = cars.read_text(encoding="utf-8")
    assert "names = {" in text
    cars.write_text("".join(line for line in text.splitlines(keepends=True)
                            if not line.startswith("names =")), encoding="utf-8")
    shipped = autodromo.game("formula90")
    before = autodromo.game("formula90", content_dir=str(folder))
    assert before.content_hash == shipped.content_hash
    # The English name is content the rules may read: changing it changes the hash.
    cars.write_text(text.replace('name = "Blue"', 'name = "Navy"'), encoding="utf-8")
    assert autodromo.game("formula90", content_dir=str(folder)).content_hash != shipped.content_hash


def test_the_terminal_names_formula_90_cars_in_its_language() -> None:
    from autodromo.tui import formula90 as tui

    s = autodromo.game("formula90", players=2).new_state()
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    view = s.view(0)
    shown = {}
    for lang in ("en", "it", "pt"):
        with locale.use(lang):
            shown[lang] = tui.render(view)
    assert "Blue" in shown["en"] and "Orange" in shown["en"]
    assert "Azul" in shown["pt"] and "Laranja" in shown["pt"] and "Blue" not in shown["pt"], shown["pt"]
    assert "Blu " in shown["it"] and "Arancione" in shown["it"] and "Blue" not in shown["it"], shown["it"]
