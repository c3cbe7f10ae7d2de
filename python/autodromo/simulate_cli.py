"""`autodromo simulate <game> --n 100000 --policy heuristic`: a batch from the terminal."""

from __future__ import annotations

import argparse
import json
from typing import Any

from . import game_module, games, sim_report
from .errors import OptionError
from .sim import simulate


def _option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"--option takes key=value, not {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def _taking(flag: str) -> str:
    """The games whose package takes ``--<flag>``, by name, for its help line."""
    return ", ".join(
        game_module.title(g) for g in games() if flag in game_module.fact(g, "SIMULATE_FLAGS", ())
    )


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "simulate",
        help="run many races with bots and summarize them",
        description="Runs N races (or games) in Rust on every core and prints win rates with "
        "95% confidence intervals, places in the whole field, race length, and the figures that "
        "mean something for the game (crashes, wear, retirements, points).",
    )
    p.add_argument("game", choices=games())
    p.add_argument("--n", type=int, default=10_000, help="races or games (default 10,000)")
    p.add_argument(
        "--policy", default="medium",
        help="one bot for every seat or one per seat, comma separated: random, easy, medium "
        "(heuristic), hard, mcts, mcts:<iterations>",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=None, help="default: every core")
    p.add_argument("--backend", choices=["local", "ray"], default="local")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--cars", default=None, help=f"{_taking('cars')}: car ids, comma separated")
    p.add_argument("--neutral", default=None,
                   help=f"{_taking('neutral')}: seats driven as Neutral Cars, counting from 1, e.g. 1,4")
    p.add_argument("--circuit", default=None)
    p.add_argument("--laps", type=int, default=None)
    p.add_argument("--option", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="any game option (value read as JSON when it parses)")
    p.add_argument("--plot", default=None, metavar="STEM", help="write STEM.png and STEM.svg")
    p.add_argument("--out", default=None, metavar="FILE", help="raw rows: FILE.csv or FILE.parquet")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(run=run)


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = dict(args.option)
    if args.players is not None:
        options["players"] = args.players
    if args.circuit is not None:
        options["circuit"] = args.circuit
    if args.laps is not None:
        options["laps"] = args.laps
    if args.cars is not None:
        options["cars"] = [c for c in args.cars.split(",") if c]
    if args.neutral is not None:
        seats = {int(x) for x in args.neutral.split(",") if x}
        count = len(options.get("cars", []))
        if not count:
            raise OptionError("--neutral needs --cars")
        wrong = sorted(n for n in seats if not 1 <= n <= count)
        if wrong:
            raise OptionError(f"--neutral {wrong[0]}: the seats are 1 to {count}")
        options["neutral"] = [i + 1 in seats for i in range(count)]
    return options


def run(args: argparse.Namespace) -> int:
    if args.n < 0:
        raise OptionError(f"--n must be at least 0, not {args.n}")
    # Before the run, not after it: a run of hours is not lost to a typo in a path.
    sim_report.check_outputs(args.plot, args.out)
    policies = [p for p in args.policy.split(",") if p]
    result = simulate(
        args.game,
        args.n,
        seed=args.seed,
        policies=policies[0] if len(policies) == 1 else policies,
        threads=args.threads,
        backend=args.backend,
        progress=False if args.no_progress else None,
        **options_of(args),
    )
    print(sim_report.summary(result))
    if args.plot:
        for path in sim_report.plot(result, args.plot):
            print(f"plot: {path}")
    if args.out:
        print(f"rows: {sim_report.write_rows(result, args.out)}")
    return 0 if result.complete else 130
