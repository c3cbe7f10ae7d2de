"""The ``autodromo`` command."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from . import game as make_game
from . import replay
from .errors import AutodromoError
from .games import mille_bornes_tui as tui
from .race import BOTS, Policy, Race


def _play(args: argparse.Namespace) -> int:
    options: dict[str, object] = {"players": args.players}
    if args.teams:
        options["teams"] = args.teams
    if args.single_hand:
        options["score_to_win"] = 0
    for flag in ("cumulative_attacks", "reshuffle_discards", "wrong_way"):
        if getattr(args, flag):
            options[flag] = True
    if args.target:
        options["target"] = args.target
    g = make_game(args.game, **options)
    names = [f"P{i}" for i in range(g.num_players)]
    seats: list[str | Policy] = [args.bot] * g.num_players
    if not args.watch:
        names[args.seat] = "You"
        seats[args.seat] = tui.prompt_policy(names)
    race = Race(g, seats, seed=args.seed)
    print(f"Mille Bornes, {g.num_players} players, seed {race.seed}")
    shown = 0
    try:
        while race.step():
            shown = _print_log(race, names, shown, None if args.watch else args.seat)
            if args.watch and args.delay:
                time.sleep(args.delay)
    except (EOFError, KeyboardInterrupt):
        print("\nleaving the table")
        return 130
    finally:
        if args.save:
            replay.save(args.save, race.state, race.seed)
            print(f"replay saved to {args.save}")
    _print_log(race, names, shown, None if args.watch else args.seat)
    final = race.state.view(None)
    print(tui.render(final, names))
    return 0


def _print_log(race: Race, names: list[str], shown: int, seat: int | None) -> int:
    events = race.state.log(seat)
    for e in events[shown:]:
        line = tui.describe_event(e, names)
        if line:
            print("  " + line)
    return len(events)


def _replay(args: argparse.Namespace) -> int:
    r = replay.load(args.file)
    print(f"{r.game.name}: {len(r.actions)} actions verified, terminal={r.state.is_terminal()}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="autodromo", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("game", nargs="?", default="mille_bornes", choices=["mille_bornes"])
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--teams", type=int, default=None, help="number of teams")
    play.add_argument("--seat", type=int, default=0, help="your seat")
    play.add_argument("--bot", choices=BOTS, default="heuristic")
    play.add_argument("--watch", action="store_true", help="bots only")
    play.add_argument("--delay", type=float, default=0.0, help="seconds between bot moves")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--single-hand", action="store_true")
    play.add_argument("--target", type=int, choices=[700, 1000], default=None)
    play.add_argument("--cumulative-attacks", action="store_true")
    play.add_argument("--reshuffle-discards", action="store_true")
    play.add_argument("--wrong-way", action="store_true")
    play.add_argument("--save", help="write the replay here at the end")
    play.set_defaults(run=_play)
    rep = sub.add_parser("replay", help="verify a replay file")
    rep.add_argument("file")
    rep.set_defaults(run=_replay)
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
        return result
    except AutodromoError as e:
        print(f"autodromo: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
