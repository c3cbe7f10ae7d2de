"""Issue 11, item 1 and issue 30, item 5: apart from the registries, no file outside a game's own
folders names it.

A file is a game's own only under that game's folders: a folder named for the game's id
(``rust/core/src/legend/``, ``firmware_bridge/autodromo_bridge/games/formula90/``) or a file
named for it (``tui/lamborghini.py``, ``games/formula90.py``); a path that merely contains the
name or an abbreviation (``render_f90.py``, ``legend_ladder.rs``) is shared. Docs, content and
tests are aside: the issue sets content and docs apart, and a test names the game whose rules it
checks. A registry is the one place a layer lists its games; it is named in ``REGISTRIES`` and
may name every game.

Names are read as identifiers are written: ``_``, ``-`` and a change from lower to upper case
part words, so ``F90_BUTTONS``, ``LEGEND_GAUGES``, ``render_f90`` and ``LamboState`` name their
games. Abbreviations count where they mean only the game: ``f90`` (Formula 90) and ``lambo``
(Lamborghini). ``mb`` does not: it is also megabytes (``AUTODROMO_FUZZ_MB``, "80 MB") and a
short local name; nor does "1000 Miglia", which is Legend's subtitle, a route of Legend and the
Italian edition of Mille Bornes at once.

The rule holds over the whole tree with no exception but the registries: the last files that
named a game outside its folders (Cargo examples, a bench, the page's event script) moved under
``examples/<game>/``, ``benches/<game>/`` and ``static/games/<game>/`` (issue 30's "0 files per
game outside its folders").
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: How each game is named in code and comments, read on words (see ``words``). The word "legend"
#: of a plot (``ax.legend(``), an HTML fieldset (``<legend>``) or a CSS class (``.legend``) is
#: not the game.
NAMES: dict[str, re.Pattern[str]] = {
    "mille_bornes": re.compile(r"\bmille ?bornes\b", re.I),
    "legend": re.compile(r"(?<![.<\/])\blegend\b(?!\s*\()", re.I),
    "lamborghini": re.compile(r"\blamborghini\b|\blambo\b", re.I),
    "formula90": re.compile(r"\bformula ?90\b|\bf90\b", re.I),
}
_CASE_CHANGE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def words(text: str) -> str:
    """Identifiers as words: ``F90_BUTTONS`` -> ``F90 BUTTONS``, ``LamboState`` -> ``Lambo State``."""
    return _CASE_CHANGE.sub(" ", text).replace("_", " ").replace("-", " ")


def own(game: str, path: str) -> bool:
    """Whether ``path`` is under ``game``'s folders: a folder or the file named for its id."""
    *folders, file = path.split("/")
    return game in folders or file.split(".")[0] == game


ASIDE = re.compile(r"^(docs/|tests/|rust/core/tests/|.*/content/|README\.md$|.*\.md$|\.ci/)")
REGISTRIES: set[str] = {
    # The core's game registry: each game's module, AnyGame/AnyState and their dispatch.
    "rust/core/src/registry.rs",
    # Cargo declares each game's bench target by name (harness = false needs a [[bench]] entry).
    "rust/core/Cargo.toml",
}
TEXT = re.compile(r"\.(rs|py|pyi|js|html|css|toml|cfg|txt|json|yaml|yml|sh|c|h|ino)$|^Makefile$|/Makefile$")

def names(path: str, text: str) -> set[str]:
    """The games a file names but does not belong to."""
    read = words(text)
    return {g for g, pat in NAMES.items() if not own(g, path) and pat.search(read)}


def offenders() -> set[tuple[str, str]]:
    """(game, path) of every file that names a game outside its folders, registries aside."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    found: set[tuple[str, str]] = set()
    for path in files:
        if ASIDE.match(path) or path in REGISTRIES or not TEXT.search(path):
            continue
        file = ROOT / path
        if not file.is_file():
            continue
        found |= {(g, path) for g in names(path, file.read_text(encoding="utf-8", errors="replace"))}
    return found


def test_the_name_rule_tells_the_game_from_the_word() -> None:
    assert names("python/autodromo/sim_plots.py", "ax.legend(fontsize=7)") == set()
    assert names("web/x.html", "<legend>Seats</legend>") == set()
    assert names("python/autodromo/sim.py", "# Legend's pace tables") == {"legend"}
    assert names("rust/core/src/legend/bots.rs", "Legend, Lamborghini") == {"lamborghini"}
    assert names("tui/formula90.py", "Formula 90 and f90") == set()


def test_identifiers_name_their_games() -> None:
    # "_" and a change of case part words: the identifiers issue 30 found in shared files.
    bridge = "firmware_bridge/autodromo_bridge/binding.py"
    assert names(bridge, "F90_BUTTONS = {}") == {"formula90"}
    assert names(bridge, "LEGEND_GAUGES = ()") == {"legend"}
    assert names(bridge, "from . import render_f90") == {"formula90"}
    assert names(bridge, "state: LamboState") == {"lamborghini"}
    assert names(bridge, "MilleBornes::new()") == {"mille_bornes"}
    assert names(bridge, "AUTODROMO_FUZZ_MB = 4  # 4 MB") == set()
    assert names(bridge, "legendary, formula900") == set()


def test_a_file_is_a_games_own_only_under_its_folders() -> None:
    assert names("firmware_bridge/autodromo_bridge/render_f90.py", "Formula 90") == {"formula90"}
    assert names("firmware_bridge/autodromo_bridge/sectionmap_f90.py", "F90") == {"formula90"}
    assert names("rust/core/examples/legend_ladder.rs", "legend") == {"legend"}
    assert names("rust/core/examples/legend/ladder.rs", "legend") == set()
    assert names("web/autodromo_web/static/games/legend/event.js", "Legend") == set()
    assert names("firmware_bridge/autodromo_bridge/games/formula90/render.py", "F90") == set()
    assert names("firmware_bridge/autodromo_bridge/games/formula90.py", "Formula 90") == set()
    assert names("rust/core/src/formula90/legal.rs", "F90State") == set()
    assert names("mk/formula90.mk", "AUTODROMO_F90_RACES") == set()


def test_no_file_outside_its_games_folders_names_a_game() -> None:
    found = sorted(f"{path} ({game})" for game, path in offenders())
    assert not found, f"{len(found)} file(s) name a game outside its folders: {found}"
