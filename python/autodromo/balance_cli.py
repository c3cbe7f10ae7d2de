"""`autodromo balance <game>`: every car with the same bot through rotated seats, as an HTML
report a designer reads to see whether a car is too strong."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from . import sim_report
from . import game_module
from .balance import balance, games_balanced, rotation, write
from .errors import OptionError


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "balance",
        help="is a car too strong? every car with the same bot, an HTML report",
        description="Races every car of the content, every seat or seat order (as the game "
        "rotates them) with the same bot through rotated seats on each circuit, and "
        "writes one self-contained HTML report: win rate and mean place with 95% intervals, "
        "finish times, retirements and their causes, wear at the finish, a table per circuit; "
        "for a game of scores the first player's advantage, the bots compared and the scores; "
        "for a game whose cars differ by their players' choices, every choice as a row.",
    )
    balanced = games_balanced()
    p.add_argument("game", choices=list(balanced))
    p.add_argument("--circuit", default=None,
                   help="circuits, comma separated (default: every circuit of the content)")
    p.add_argument("--n", type=int, default=2000, help="races (games) per circuit, about (default 2,000)")
    p.add_argument("--bot", default="medium", help="the bot on every seat (default medium)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--laps", type=int, default=None, help="laps (a game counted in turns: its turns)")
    ranked = [g for g in balanced if rotation(g).ranked]
    seated = [g for g in balanced if not rotation(g).ranked]
    p.add_argument("--field", type=int, default=6,
                   help=f"{', '.join(game_module.title(g) for g in ranked)}: cars in a race (default 6)")
    p.add_argument("--players", type=int, default=None, help=", ".join(
        f"{game_module.title(g)} (default {getattr(game_module.of(g, part='balance'), 'PLAYERS', '?')})"
        for g in seated
    ))
    compared = {g: getattr(game_module.of(g, part="balance"), "COMPARED", None) for g in balanced}
    p.add_argument("--compare", default=None, help=", ".join(
        f"{game_module.title(g)} (default {','.join(bots)})" for g, bots in compared.items() if bots
    ) + ": the bots compared with --bot, comma separated")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--out", default="report.html", help="the HTML file (default report.html)")
    p.add_argument("--figures", default=None, metavar="DIR", help="also write the plots as PNG files here")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Checked before the run, so a typo in a path does not cost the races.
    sim_report.writable_folder("--out", args.out)
    if args.figures is not None:
        # The folder is made if missing (and refused if it cannot be).
        try:
            Path(args.figures).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise OptionError(f"--figures: cannot make the folder {args.figures!r}: {e.strerror}") from None
        sim_report.writable_folder("--figures", Path(args.figures) / "x.png")
    b = balance(
        args.game,
        circuits=[c for c in args.circuit.split(",") if c] if args.circuit else None,
        n=args.n, bot=args.bot, seed=args.seed, laps=args.laps, field=args.field,
        players=args.players, threads=args.threads,
        compare=tuple(b for b in args.compare.split(",") if b) if args.compare else None,
    )
    path = write(b, args.out, args.figures)
    many = game_module.words(args.game)["many"]
    print(f"{args.game}: {sum(len(v) for v in b.lengths.values()):,} {many} in {b.seconds:,.0f} s; report: {path}")
    return 0
