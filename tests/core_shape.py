"""Reads a Rust source tree for two shapes issue 30 rules out: files that depend on each other in
a circle of more than two (``circles``), and functions too long to read (``long_functions``).

A file depends on another when it names it by path: a ``use`` of ``super::x``, ``crate::a::b``
or ``self::x``, or such a path written in the code (``super::rules::Skill``), since that ties
the files as a ``use`` does. Comments and string literals are left out first."""
from __future__ import annotations

import re
from pathlib import Path

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_STRING = re.compile(r'r#*"(?:.|\n)*?"#*|b?"(?:\\.|[^"\\])*"', re.S)
_CHAR = re.compile(r"b?'(?:\\.|[^\\'\n])'")
#: A path from `super`, `crate` or `self`, with a `{a, b::c}` group at its end.
_PATH = re.compile(r"\b(super|crate|self)((?:::\w+)*)(?:::\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\})?")
_FN = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:unsafe\s+)?(?:async\s+)?(?:extern\s+\"\w+\"\s+)?fn\s+(\w+)",
                 re.M)


def code(text: str) -> str:
    """The text without comments, strings and character literals (each kept as blanks of its
    newlines, so that line numbers hold)."""
    def blank(m: re.Match[str]) -> str:
        return "\n" * m.group(0).count("\n") + ('""' if m.group(0).endswith('"') else " ")
    text = _COMMENT.sub(blank, text)
    text = _STRING.sub(blank, text)
    return _CHAR.sub(" ", text)


def module_of(src: Path, file: Path) -> tuple[str, ...]:
    """The module path of ``file`` under the crate root ``src`` (``lib.rs`` is ``()``)."""
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def _paths(prefix: tuple[str, ...], group: str) -> list[tuple[str, ...]]:
    """The paths a ``{a, b::c, d::{e}}`` group names under ``prefix``."""
    out: list[tuple[str, ...]] = []
    depth, item = 0, ""
    for ch in group + ",":
        if ch == "," and depth == 0:
            item = item.strip()
            if item:
                head, _, rest = item.partition("::{")
                steps = tuple(s for s in head.split("::") if s and s != "self")
                out += _paths(prefix + steps, rest[:-1]) if rest else [prefix + steps]
            item = ""
            continue
        depth += (ch == "{") - (ch == "}")
        item += ch
    return out


def depends(src: Path) -> dict[Path, set[Path]]:
    """Each ``.rs`` file under ``src`` -> the other files of the tree it names by path."""
    files = sorted(src.rglob("*.rs"))
    by_module = {module_of(src, f): f for f in files}
    graph: dict[Path, set[Path]] = {}
    for f in files:
        here = module_of(src, f)
        # A `mod.rs` or `lib.rs` is its folder's module; `super` from it is the folder above.
        parent = here[:-1]
        names: set[Path] = set()
        for m in _PATH.finditer(code(f.read_text())):
            start = {"super": parent, "crate": (), "self": here}[m.group(1)]
            steps = tuple(s for s in m.group(2).split("::") if s)
            if m.group(1) == "super":
                # `super::super::x` climbs once more per `super`.
                while steps[:1] == ("super",):
                    start, steps = start[:-1], steps[1:]
            for path in _paths(start + steps, m.group(3)) if m.group(3) else [start + steps]:
                # The longest prefix of the path that is a file: the rest names items in it.
                for n in range(len(path), -1, -1):
                    target = by_module.get(path[:n])
                    if target is not None:
                        break
                if target is not None and target != f:
                    names.add(target)
        graph[f] = names
    return graph


def _round(part: set[Path], graph: dict[Path, set[Path]]) -> bool:
    """Whether a strongly connected ``part`` holds a circle through more than two files. It holds
    none only when each file names the other back and the pairs make a tree: any one-way name
    closes a longer circle through the way back, and pairs joined round make one."""
    edges = {(v, w) for v in part for w in graph[v] if w in part}
    if any((w, v) not in edges for v, w in edges):
        return True
    return len(edges) // 2 >= len(part)


def circles(src: Path) -> list[frozenset[str]]:
    """The files of each strongly connected part of the graph that holds a circle through more
    than two files (two files naming each other are allowed), as paths relative to ``src``."""
    graph = depends(src)
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    on: set[Path] = set()
    found: list[frozenset[str]] = []

    def visit(v: Path) -> None:
        # Tarjan's algorithm; the trees are small enough for recursion.
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part: set[Path] = set()
            while True:
                w = stack.pop()
                on.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 2 and _round(part, graph):
                found.append(frozenset(str(p.relative_to(src)) for p in part))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def long_functions(folder: Path, limit: int) -> dict[str, int]:
    """``file::function`` -> its lines, for every function under ``folder`` longer than
    ``limit`` lines (from its ``fn`` line to its closing brace)."""
    out: dict[str, int] = {}
    for f in sorted(folder.rglob("*.rs")):
        text = code(f.read_text())
        for m in _FN.finditer(text):
            body = text.find("{", m.end())
            semi = text.find(";", m.end())
            if body < 0 or 0 <= semi < body:
                continue  # a declaration without a body (a trait's)
            depth, i = 0, body
            for i in range(body, len(text)):
                depth += (text[i] == "{") - (text[i] == "}")
                if depth == 0:
                    break
            lines = text.count("\n", m.start(), i) + 1
            if lines > limit:
                out[f"{f.relative_to(folder)}::{m.group(1)}"] = lines
    return out
