"""Issue 33 item 4's table: Legend's `hard` against the book's Neutral Cars and against `medium`, on
every shipped circuit at 1, 2 and 4 laps and on every Stage route (docs/simulation.md, "`hard`
against the Neutral Cars, every row").

    .venv/bin/python benches/legend/neutral_table.py [N] [--piece P] [--from K] [--rows R,...]
        [--columns C,...] [--results FILE] [--no-build] [--table]

Each cell is N races (default 1,000) of the ladder's seed, run by the `legend_ladder` example in
pieces of P races (default 100) under `nice -n 10`, one piece at a time. Every finished piece is
written to the results file (default `target/legend_neutral_table.json`) at once, so a run that
stops resumes where it stopped (keep P the same for one results file); `--from K` starts each
cell at race K. The example is built once at the start (`--no-build`: the one built already); `--table` runs
nothing and prints the table of the results file. A row is `circuit:laps`
or `route`; a column `2v2` (two `hard` cars against two Neutral Cars), `1v1` (one against one)
or `medium` (`hard` against `medium`, two cars of one model). The table printed at the end gives
each cell's score of `hard` (a tie a half) over the races run so far with its Wilson 95%
interval, and whether the issue's target is met (the interval above it), not met (below it), or
neither yet (the interval overlaps it), with the races still to run."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from autodromo.sim_report import wilson

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "python" / "autodromo" / "content" / "legend"
LAPS = (1, 2, 4)
DEFAULT_CIRCUIT = "example"
COLUMNS = {
    "2v2": ["hard", "neutral"],
    "1v1": ["hard", "neutral", "--per-side", "1"],
    "medium": ["hard", "medium"],
}
BINARY = ROOT / "target" / "release" / "examples" / "legend_ladder"
LINE = re.compile(r"beats \S+ in ([0-9.]+) of ([0-9]+)")


def rows() -> list[str]:
    """Every shipped circuit at 1, 2 and 4 laps, then every route."""
    circuits = sorted(p.stem for p in (CONTENT / "circuits").glob("*.toml"))
    routes = sorted(p.stem for p in (CONTENT / "routes").glob("*.toml"))
    return [f"{c}:{laps}" for c in circuits for laps in LAPS] + routes


def target(row: str, column: str) -> float:
    """The issue's target for a cell: a share `hard` must reach (`medium`: just ahead)."""
    if column == "2v2":
        return 0.70 if row.split(":")[0] == DEFAULT_CIRCUIT else 0.60
    if column == "1v1":
        return 0.55
    return 0.50


def race_args(row: str) -> list[str]:
    if ":" in row:
        circuit, laps = row.split(":")
        return ["--circuit", circuit, "--laps", laps]
    return ["--route", row]


def piece(row: str, column: str, start: int, n: int) -> float:
    """Races start..start + n of one cell: `hard`'s score."""
    cmd = ["nice", "-n", "10", str(BINARY), *COLUMNS[column][:2], str(n)]
    cmd += ["--from", str(start), *COLUMNS[column][2:], *race_args(row)]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    found = LINE.search(out)
    if found is None:
        raise SystemExit(f"legend_ladder printed no score for {row} {column}:\n{out}")
    return float(found.group(1))


def verdict(row: str, column: str, wins: float, n: int, wanted: int) -> str:
    """Met or not met when the interval is clear of the target, with the races still to run."""
    low, high = wilson(round(wins), n)
    goal = target(row, column)
    short = "" if n >= wanted else f" ({n} of {wanted} races)"
    if low > goal:
        return "met" + short
    if high < goal:
        return "**not met**" + short
    side = "**below**" if wins / n < goal else "above"
    return f"{side}, interval overlaps the target{short}"


def table(results: dict[str, float], wanted: int, row_list: list[str], columns: list[str]) -> str:
    lines = ["| row | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for row in row_list:
        cells = []
        for column in columns:
            done = {k: v for k, v in results.items() if k.startswith(f"{row}|{column}|")}
            n = sum(int(k.split("|")[3]) for k in done)
            wins = sum(done.values())
            if n == 0:
                cells.append("not yet measured")
                continue
            low, high = wilson(round(wins), n)
            share = f"{100 * wins / n:.1f}% of {n} ({100 * low:.1f}–{100 * high:.1f})"
            cells.append(f"{share}, target {100 * target(row, column):.0f}%: {verdict(row, column, wins, n, wanted)}")
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def flag(argv: list[str], name: str, default: str) -> str:
    return argv[argv.index(name) + 1] if name in argv else default


def main(argv: list[str]) -> None:
    positional = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or not argv[i - 1].startswith("--"))]
    wanted = int(positional[0]) if positional else 1000
    size = int(flag(argv, "--piece", "100"))
    first = int(flag(argv, "--from", "0"))
    row_list = flag(argv, "--rows", ",".join(rows())).split(",")
    columns = flag(argv, "--columns", ",".join(COLUMNS)).split(",")
    path = Path(flag(argv, "--results", str(ROOT / "target" / "legend_neutral_table.json")))
    if "--no-build" not in argv and "--table" not in argv:
        build = ["nice", "-n", "10", "cargo", "build", "--quiet", "--release", "-p", "autodromo-core"]
        subprocess.run([*build, "--example", "legend_ladder"], cwd=ROOT, check=True)
    results: dict[str, float] = json.loads(path.read_text()) if path.exists() else {}
    for row in row_list if "--table" not in argv else []:
        for column in columns:
            for start in range(first, wanted, size):
                n = min(size, wanted - start)
                key = f"{row}|{column}|{start}|{n}"
                if key in results:
                    continue
                results[key] = piece(row, column, start, n)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(results, indent=1, sort_keys=True))
                print(f"{row} {column} races {start}..{start + n}: {results[key]} of {n}", flush=True)
    print(table(results, wanted, row_list, columns))


if __name__ == "__main__":
    main(sys.argv[1:])
