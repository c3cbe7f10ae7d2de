"""The packages meet through public API only (issue 11, item 4): the web page and the bridge import
no private module of ``autodromo``, and ``autodromo`` finds their commands through entry points,
never importing them by name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from autodromo import cli
from autodromo.errors import OptionError

ROOT = Path(__file__).resolve().parent.parent
PRIVATE = ("autodromo._core", "autodromo.tui")


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports, ``from autodromo import _core`` read as ``autodromo._core``."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield node.lineno, arg.value


def offenders(folders: list[str], names: tuple[str, ...]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, module in imports(path)
        if any(module == n or module.startswith(n + ".") for n in names)
    ]


def test_the_scan_sees_each_kind_of_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import autodromo.tui.legend\nfrom autodromo import _core\n"
        "import importlib\nimportlib.import_module('autodromo_web')\n"
    )
    found = [m for _, m in imports(probe)]
    assert "autodromo.tui.legend" in found and "autodromo._core" in found and "autodromo_web" in found


def test_web_page_and_bridge_import_no_private_module_of_autodromo() -> None:
    assert offenders(["web", "firmware_bridge"], PRIVATE) == []


def test_autodromo_imports_neither_the_web_page_nor_the_bridge() -> None:
    assert offenders(["python"], ("autodromo_web", "autodromo_bridge")) == []


def test_play_and_bridge_are_found_through_their_entry_points() -> None:
    found = {ep.name: ep.value for ep in entry_points(group=cli.COMMANDS)}
    assert found["play"] == "autodromo_web:serve"
    assert found["bridge"] == "autodromo_bridge.cli:main"
    assert cli.command("bridge").__module__ == "autodromo_bridge.cli"


def test_a_command_whose_package_is_missing_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    # As on a machine where only `autodromo` is installed: the group has no entry.
    monkeypatch.setattr(cli, "entry_points", lambda **_: [])
    with pytest.raises(OptionError, match=r"autodromo-web package: run `make setup` \(or `pip install -e web`\)"):
        cli.command("play")
    assert cli.main(["bridge", "--help"]) == 2


def test_the_bridge_finds_a_games_module_as_autodromo_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One finder (game_module.find) for every package that keeps a module per game: the bridge
    # has no copy of it.
    from autodromo import game_module
    from autodromo_bridge import games

    assert [m for _, m in imports(ROOT / "firmware_bridge/autodromo_bridge/games/__init__.py")
            if m.startswith("importlib")] == []
    assert games.of("legend") is game_module.find("autodromo_bridge.games", "legend")
    assert games.of("mille_bornes") is None and games.of("banana") is None
    # What it finds: a game's module, None without one, and an error inside a module raised.
    probe = tmp_path / "probe_games"
    probe.mkdir()
    (probe / "__init__.py").write_text("")
    (probe / "legend.py").write_text("TITLE = 'probe'\n")
    (probe / "formula90.py").write_text("import probe_no_such_module\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = game_module.find("probe_games", "legend")
    assert found is not None and found.TITLE == "probe"
    assert game_module.find("probe_games", "lamborghini") is None
    assert game_module.find("probe_games", "banana") is None
    with pytest.raises(ModuleNotFoundError, match="probe_no_such_module"):
        game_module.find("probe_games", "formula90")
