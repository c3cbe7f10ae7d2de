"""Issue 30, item 3: no circle of more than two files depending on each other anywhere in the
core, and no function over 150 lines in Formula 90's core folder. What is there today is listed
below as known debts: a debt may only shrink (no new circle, no circle or function growing)."""
from __future__ import annotations

from pathlib import Path

from core_shape import circles, long_functions

SRC = Path(__file__).resolve().parent.parent / "rust" / "core" / "src"
LIMIT = 150

#: Circles left (none: Formula 90's twelve files, which issue 30 measured, and Legend's
#: neutral-stage-state were untangled with plain data below the rules).
KNOWN_CIRCLES: list[frozenset[str]] = []

#: Formula 90's long functions left, with their lines (none: the last ones, from_position,
#: the track reader, the log's and view's JSON, check, legal_into, apply_move, the labels and
#: the bots' rating, were split).
KNOWN_LONG: dict[str, int] = {}


def test_no_new_circle_of_more_than_two_files() -> None:
    for found in circles(SRC):
        assert any(found <= known for known in KNOWN_CIRCLES), \
            f"files depending on each other in a circle: {sorted(found)}"


def test_no_new_or_longer_function_in_formula90() -> None:
    for name, lines in long_functions(SRC / "formula90", LIMIT).items():
        assert name in KNOWN_LONG, f"{name}: {lines} lines (at most {LIMIT})"
        assert lines <= KNOWN_LONG[name], f"{name} grew: {lines} lines, was {KNOWN_LONG[name]}"


def _tree(tmp: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text)
    return tmp


def test_the_check_finds_a_planted_circle_of_three(tmp_path: Path) -> None:
    src = _tree(tmp_path, {
        "lib.rs": "pub mod game;\n",
        "game/mod.rs": "pub mod a;\npub mod b;\npub mod c;\n",
        "game/a.rs": "use super::b::B;\npub struct A;\n",
        "game/b.rs": "use super::{c::{self, C}, a};\npub struct B;\n",
        "game/c.rs": "pub struct C;\nfn f() -> crate::game::a::A { crate::game::a::A }\n",
    })
    assert circles(src) == [frozenset({"game/a.rs", "game/b.rs", "game/c.rs"})]
    # Pairs of files naming each other (a-b, b-c), and names in comments and strings, are no
    # circle of three; a pair more joining them round (c-a) is.
    (src / "game/c.rs").write_text('pub struct C;\n// super::a::A\nconst T: &str = "super::a";\n'
                                   "use super::b::B;\n")
    (src / "game/b.rs").write_text("use super::{a::A, c::C};\npub struct B;\n")
    assert circles(src) == []
    (src / "game/c.rs").write_text("use super::{a::A, b::B};\n")
    (src / "game/a.rs").write_text("use super::{b::B, c::C};\n")
    assert circles(src) == [frozenset({"game/a.rs", "game/b.rs", "game/c.rs"})]


def test_the_check_finds_a_planted_long_function(tmp_path: Path) -> None:
    body = "    let x = 1;\n" * (LIMIT - 2)
    src = _tree(tmp_path, {
        "ok.rs": f"pub fn fits() {{\n{body}}}\n",
        "long.rs": f"impl X {{\n    fn too_long(&self) -> u8 {{\n{body}    '}}';\n        \"{{\"; 0\n    }}\n}}\n",
        "decl.rs": "trait T {\n    fn f(&self);\n}\n",
    })
    assert long_functions(src, LIMIT) == {"long.rs::too_long": LIMIT + 2}
