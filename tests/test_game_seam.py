"""Issue 11, item 1: apart from the registries, no file outside a game's own folders names it.

A file belongs to a game when a part of its path is named for it (``rust/core/src/legend/``,
``tui/lamborghini.py``, ``formula90_bots.rs``). Docs, content and tests are aside: the issue sets
content and docs apart, and a test names the game whose rules it checks. A registry is the one
place a layer lists its games; it is named in ``REGISTRIES`` and may name every game.

``NOT_YET`` lists the files that still name a game: each change that moves a game's code into its
own folder removes its file from the list (the test fails while a listed file no longer names the
game, so the list only shrinks). The issue is done when it is empty.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: How each game is named in code and comments (the word "legend" of a plot or an HTML fieldset
#: is not the game).
NAMES: dict[str, re.Pattern[str]] = {
    "mille_bornes": re.compile(r"mille[_ -]?bornes|millebornes", re.I),
    "legend": re.compile(r"(?<![.<\/])\blegend\b(?!\s*\()", re.I),
    "lamborghini": re.compile(r"lamborghini", re.I),
    "formula90": re.compile(r"formula[_ ]?90|\bf90\b", re.I),
}
#: A path part that makes a file the game's own.
OWN: dict[str, re.Pattern[str]] = {
    "mille_bornes": re.compile(r"mille_?bornes", re.I),
    "legend": re.compile(r"legend", re.I),
    "lamborghini": re.compile(r"lamborghini", re.I),
    "formula90": re.compile(r"formula90|f90", re.I),
}
ASIDE = re.compile(r"^(docs/|tests/|rust/core/tests/|.*/content/|README\.md$|.*\.md$|\.ci/)")
REGISTRIES: set[str] = {
    # The core's game registry: each game's module, AnyGame/AnyState and their dispatch.
    "rust/core/src/registry.rs",
    # Cargo declares each game's bench target by name (harness = false needs a [[bench]] entry).
    "rust/core/Cargo.toml",
}
TEXT = re.compile(r"\.(rs|py|pyi|js|html|css|toml|cfg|txt|json|yaml|yml|sh|c|h|ino)$|^Makefile$|/Makefile$")

NOT_YET: dict[str, set[str]] = {
    "mille_bornes": set(),
    "legend": set(),
    "lamborghini": set(),
    "formula90": set(),
}


def names(path: str, text: str) -> set[str]:
    """The games a file names but does not belong to."""
    parts = path.split("/")
    return {g for g, pat in NAMES.items()
            if pat.search(text) and not any(OWN[g].search(p) for p in parts)}


def offenders() -> dict[str, set[str]]:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    found: dict[str, set[str]] = {g: set() for g in NAMES}
    for path in files:
        if ASIDE.match(path) or path in REGISTRIES or not TEXT.search(path):
            continue
        file = ROOT / path
        if not file.is_file():
            continue
        for g in names(path, file.read_text(encoding="utf-8", errors="replace")):
            found[g].add(path)
    return found


def test_the_name_rule_tells_the_game_from_the_word() -> None:
    assert names("python/autodromo/sim_plots.py", "ax.legend(fontsize=7)") == set()
    assert names("web/x.html", "<legend>Seats</legend>") == set()
    assert names("python/autodromo/sim.py", "# Legend's pace tables") == {"legend"}
    assert names("rust/core/src/legend/bots.rs", "Legend, Lamborghini") == {"lamborghini"}
    assert names("tui/formula90.py", "Formula 90 and f90") == set()


def test_no_file_outside_its_games_folders_names_a_game() -> None:
    found = offenders()
    for game in NAMES:
        expected = NOT_YET.get(game, set())
        new = sorted(found[game] - expected)
        assert not new, f"{len(new)} file(s) outside {game}'s own folders name it: {new}"
        moved = sorted(expected - found[game])
        assert not moved, f"no longer name {game} (remove them from NOT_YET): {moved}"
