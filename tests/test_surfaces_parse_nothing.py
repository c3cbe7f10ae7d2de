"""Issue 29: surfaces parse nothing. A game's page, terminal and bridge modules word the core's
moves, events and views through the game's words module; they never run a regular expression
over a label, read a label back into meaning, or read a content file.

Mille Bornes is done: its two surfaces must stay clean. The other games' surface files that still
do one of these are listed in ``KNOWN_DEBTS``, a list that may only shrink: a new offender fails,
and so does a listed file that no longer offends (take it off the list)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: What a surface may not do, found in its syntax tree: the name says which.
LABEL_READERS = {"action_to_string", "string_to_action"}
CONTENT_READERS = {"read_text", "read_bytes", "load_content", "content_files", "document", "directory", "toml"}
PARSER_MODULES = {"re", "regex", "tomllib", "tomli", "toml"}

#: The surfaces of every game: the page's game modules, the terminal's, the bridge's.
SURFACES = [
    *sorted((ROOT / "web/autodromo_web/games").rglob("*.py")),
    *sorted((ROOT / "python/autodromo/tui").glob("*.py")),
    *sorted((ROOT / "firmware_bridge/autodromo_bridge/games").rglob("*.py")),
]

#: Mille Bornes' surfaces: none may parse.
MILLE_BORNES = ["web/autodromo_web/games/mille_bornes/__init__.py", "python/autodromo/tui/mille_bornes.py"]

#: Surface files that still parse labels or read content (issue 29, the other three games).
KNOWN_DEBTS: set[str] = set()


def offences(source: str) -> list[str]:
    """What ``source`` does that a surface may not: each as "line N: why"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            found += [f"line {line}: imports {a.name}" for a in node.names if a.name.split(".")[0] in PARSER_MODULES]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in PARSER_MODULES:
            found.append(f"line {line}: imports from {node.module}")
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in LABEL_READERS:
                found.append(f"line {line}: reads a label ({name})")
            elif name in CONTENT_READERS or name == "open":
                found.append(f"line {line}: reads a file ({name})")
    return found


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_mille_bornes_surfaces_parse_nothing() -> None:
    for path in MILLE_BORNES:
        assert offences((ROOT / path).read_text()) == [], path


def test_the_check_finds_a_planted_regex_label_read_and_content_read() -> None:
    source = (ROOT / MILLE_BORNES[0]).read_text()
    planted = [
        "import re\n_ON = re.compile(r'^play (.+) on (?:player|team) (\\d+)$')\n",
        "def f(state, a):\n    return state.action_to_string(a).partition(' ')\n",
        "def g(path):\n    return open(path).read()\n",
        "from pathlib import Path\nCARDS = Path('cards.toml').read_text()\n",
        "from autodromo import content\nCARS = content.document('legend', 'cars.toml')['car']\n",
        "from autodromo import content\nROUTES = sorted((content.directory('legend') / 'routes').glob('*'))\n",
    ]
    for plant in planted:
        assert offences(source + "\n" + plant), plant


def test_the_other_games_debts_only_shrink() -> None:
    offenders = {rel(p) for p in SURFACES if offences(p.read_text())}
    assert offenders - KNOWN_DEBTS == set(), "a surface parses labels or reads content"
    assert KNOWN_DEBTS - offenders == set(), "no longer parses: take it off KNOWN_DEBTS"
