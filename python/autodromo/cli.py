"""The ``autodromo`` command."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from typing import Any

from . import game as make_game
from . import balance_cli, replay, simulate_cli
from .errors import AutodromoError, OptionError
from .tui import formula90 as f90_tui
from .tui import lamborghini as lambo_tui
from .tui import legend as legend_tui
from .tui import mille_bornes as tui
from .race import BOTS, Policy, Race


WEB_FLAGS = {"--host", "--port", "--open", "--db", "--lan"}

# The web page and the bridge are their own distributions: each declares its command in this
# entry-point group, so this package never imports them by name.
COMMANDS = "autodromo.commands"
PROVIDERS = {"play": ("autodromo-web", "web"), "bridge": ("autodromo-bridge", "firmware_bridge")}


def command(name: str) -> Callable[..., Any]:
    """The command another distribution provides under ``name``, or an error saying what to install."""
    for ep in entry_points(group=COMMANDS, name=name):
        loaded: Callable[..., Any] = ep.load()
        return loaded
    package, folder = PROVIDERS[name]
    raise OptionError(
        f"`autodromo {name}` needs the {package} package: run `make setup` (or `pip install -e {folder}`)"
    )


def _choose_play(args: argparse.Namespace, words: list[str]) -> None:
    """`autodromo play` alone starts the web page; a game name, or any terminal option (as
    before the page existed), plays Mille Bornes in the terminal."""
    flags = {w.split("=")[0] for w in words[1:] if w.startswith("--")}
    if args.game is None and not flags - WEB_FLAGS:
        args.run = _web
        return
    if flags & WEB_FLAGS:
        raise OptionError("--host, --port, --open, --db and --lan are for the web page: `autodromo play` with no game")
    args.game = args.game or "mille_bornes"


def _web(args: argparse.Namespace) -> int:
    command("play")(args.host, args.port, args.db, args.open, args.lan)
    return 0


def _play(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {"players": args.players}
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
    names = [f"P{i + 1}" for i in range(g.num_players)]
    seats: list[str | Policy] = [args.bot] * g.num_players
    if not args.watch:
        if not 1 <= args.seat <= g.num_players:
            raise OptionError(f"--seat must be between 1 and {g.num_players}, not {args.seat}")
        names[args.seat - 1] = "You"
        seats[args.seat - 1] = tui.prompt_policy(names)
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


def _bridge(words: list[str]) -> int:
    """`autodromo bridge ...`: its options are the autodromo-bridge package's own."""
    result: int = command("bridge")(words)
    return result


def _replay(args: argparse.Namespace) -> int:
    r = replay.load(args.file)
    print(f"{r.game.name}: {len(r.actions)} actions verified, terminal={r.state.is_terminal()}")
    return 0


def _run_rounds(
    race: Race, render: Callable[[dict[str, Any]], str], counter: str, save: str | None, delay: float
) -> int:
    """Plays the race, showing the table once a round; 130 when the player leaves."""
    last = -1
    try:
        while race.step():
            view = race.state.view(None)
            if view[counter] != last and view[counter] > 0:
                last = view[counter]
                print(render(view))
                if delay:
                    time.sleep(delay)
    except (EOFError, KeyboardInterrupt):
        print("\nleaving the race")
        return 130
    finally:
        if save:
            replay.save(save, race.state, race.seed)
            print(f"replay saved to {save}")
    return 0


def _race_legend(args: argparse.Namespace) -> int:
    cars = [c.strip() for c in args.cars.split(",") if c.strip()]
    wrong = [n for n in args.neutral if not 1 <= n <= len(cars)]
    if wrong:
        raise OptionError(f"--neutral {wrong[0]}: the seats are 1 to {len(cars)}")
    neutral = [i + 1 in args.neutral for i in range(len(cars))]
    options: dict[str, Any] = {"cars": cars, "neutral": neutral}
    if args.route:
        if args.circuit:
            raise OptionError("--route and --circuit: a Stage race runs a route, a Track race a circuit")
        options["route"] = args.route
    else:
        options["circuit"] = args.circuit or "example"
    if args.laps:
        options["laps"] = args.laps
    for flag in ("slipstream_in_turns", "realistic_collisions", "residual_mps", "historical_points"):
        if getattr(args, flag):
            options[flag] = True
    g = make_game("legend", content_dir=args.content, **options)
    seats: list[str | Policy] = ["neutral" if n else args.bot for n in neutral]
    if not args.watch:
        if not 1 <= args.seat <= len(cars) or neutral[args.seat - 1]:
            raise OptionError(f"--seat {args.seat}: choose a seat from 1 to {len(cars)} that is not a Neutral Car")
        seats[args.seat - 1] = legend_tui.prompt_policy()
    race = Race(g, seats, seed=args.seed)
    first = race.state.view(None)
    where = first["route"]["name"] if args.route else first["circuit"]
    print(f"Legend, {where}, {len(cars)} cars, seed {race.seed}")
    stopped = _run_rounds(race, legend_tui.render, "round", args.save, args.delay if args.watch else 0.0)
    if stopped:
        return stopped
    final = race.state.view(None)
    print(legend_tui.render(final))
    ranking = race.state.ranking()
    if args.route:
        print(legend_tui.classification(final, ranking))
        return 0
    print("finishing order: " + ", ".join(
        final["cars"][seat]["name"] for seat in sorted(range(len(ranking)), key=lambda s: ranking[s])
    ))
    return 0


def _race_lamborghini(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {"players": args.players, "circuit": args.circuit, "long": args.long}
    if args.laps:
        options["laps"] = args.laps
    if args.long and args.races:
        options["races"] = args.races
    g = make_game("lamborghini", content_dir=args.content, **options)
    show = lambo_tui.renderer(args.content)
    seats: list[str | Policy] = [args.bot] * g.num_players
    if not args.watch:
        if not 1 <= args.seat <= g.num_players:
            raise OptionError(f"--seat {args.seat}: the players are 1 to {g.num_players}")
        seats[args.seat - 1] = lambo_tui.prompt_policy(show=show)
    race = Race(g, seats, seed=args.seed)
    print(f"Lamborghini at {args.circuit}, {g.num_players} players, seed {race.seed}")
    stopped = _run_rounds(race, show, "turn", args.save, 0.0)
    if stopped:
        return stopped
    print(show(race.state.view(None)))
    ranking = race.state.ranking()
    print("final order: " + ", ".join(f"P{p + 1}" for p in sorted(range(len(ranking)), key=lambda p: ranking[p])))
    return 0


def _robots(text: str) -> dict[str, int]:
    """``superfast=1,fast=2,slow=1`` as the option's counts."""
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        kind, sep, n = part.partition("=")
        if not sep or not n.isdigit():
            raise argparse.ArgumentTypeError(f"--robots takes kind=count, e.g. fast=2,slow=1, not {part!r}")
        out[kind.strip()] = int(n)
    return out


def _race_formula90(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {"players": args.players}
    for key in ("track", "turns", "robots"):
        if getattr(args, key) is not None:
            options[key] = getattr(args, key)
    g = make_game("formula90", content_dir=args.content, **options)
    seats: list[str | Policy] = [args.bot] * g.num_players
    you = None
    if not args.watch:
        if not 1 <= args.seat <= g.num_players:
            raise OptionError(f"--seat {args.seat}: the players are 1 to {g.num_players}")
        you = args.seat - 1
        seats[you] = f90_tui.prompt_policy()
    race = Race(g, seats, seed=args.seed)
    view = race.state.view(you)
    who = f", you drive {view['cars'][you]['name']}" if you is not None else ""
    print(f"Formula 90 at {view['track']}, {g.num_players} players and {len(view['cars']) - g.num_players} "
          f"robots, {view['turns']} turns, seed {race.seed}{who}")
    stopped = f90_tui.run(race, you, args.save, args.delay if args.watch else 0.0)
    if stopped:
        return stopped
    print(f90_tui.render(race.state.view(you)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="autodromo", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser(
        "play", help="play in the browser (no game: the local web page) or Mille Bornes in the terminal"
    )
    play.add_argument("game", nargs="?", default=None, choices=["mille_bornes"])
    play.add_argument("--host", default="127.0.0.1", help="web page: address (default loopback only)")
    play.add_argument("--port", type=int, default=8000, help="web page: port")
    play.add_argument("--open", action="store_true", help="web page: open it in a browser")
    play.add_argument("--db", default=None, help="web page: the SQLite file of saved games")
    play.add_argument("--lan", action="store_true",
                      help="web page: allow a --host other than loopback (each seat joins by its own link)")
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--teams", type=int, default=None, help="number of teams")
    play.add_argument("--seat", type=int, default=1, help="your seat, counting from 1")
    play.add_argument("--bot", choices=BOTS, default="medium")
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
    race = sub.add_parser("race", help="a Legend race in the terminal: a circuit (Track race) or a route (Stage race)")
    race.add_argument("game", choices=["legend"])
    race.add_argument("--circuit", default=None, help="a Track race on this circuit (default example)")
    race.add_argument("--route", default=None, help="a Stage race over this route (coppa_breve, mille_miglia)")
    race.add_argument("--residual-mps", action="store_true", help="Stage races: residual MPs save time")
    race.add_argument("--historical-points", action="store_true", help="Stage races: the Historical points decide")
    race.add_argument(
        "--cars", default="bugatti_type_35,alfa_8c_2300,ferrari_166_mm,maserati_300s",
        help="car ids, comma separated (see content/legend/cars.toml)",
    )
    race.add_argument(
        "--neutral", type=lambda s: [int(x) for x in s.split(",") if x], default=[],
        help="seats driven as Neutral Cars, counting from 1, comma separated (e.g. 3,4)",
    )
    race.add_argument("--laps", type=int, default=None)
    race.add_argument("--seat", type=int, default=1, help="your seat, counting from 1")
    race.add_argument("--bot", choices=["hard", "medium", "easy", "greedy", "random"], default="medium")
    race.add_argument("--watch", action="store_true", help="bots only")
    race.add_argument("--delay", type=float, default=0.0)
    race.add_argument("--seed", type=int, default=None)
    race.add_argument("--content", default=None, help="a content folder of your own")
    race.add_argument("--slipstream-in-turns", action="store_true")
    race.add_argument("--realistic-collisions", action="store_true")
    race.add_argument("--save", help="write the replay here at the end")
    race.set_defaults(run=_race_legend)
    lambo = sub.add_parser("lamborghini", help="a Lamborghini game in the terminal (also: race lamborghini)")
    lambo.add_argument("--players", type=int, default=3)
    lambo.add_argument("--circuit", default="sant_agata")
    lambo.add_argument("--laps", type=int, default=None)
    lambo.add_argument("--long", action="store_true", help="the long game: money, auction, races")
    lambo.add_argument("--races", type=int, default=None)
    lambo.add_argument("--seat", type=int, default=1, help="your seat, counting from 1")
    lambo.add_argument("--bot", choices=["hard", "medium", "easy", "heuristic", "random"], default="medium")
    lambo.add_argument("--watch", action="store_true")
    lambo.add_argument("--seed", type=int, default=None)
    lambo.add_argument("--content", default=None)
    lambo.add_argument("--save", default=None)
    lambo.set_defaults(run=_race_lamborghini)
    f90 = sub.add_parser("formula90", help="a Race! Formula 90 race in the terminal (also: race formula90)")
    f90.add_argument("--players", type=int, default=2)
    f90.add_argument("--track", default=None, help="a track of content/formula90/tracks")
    f90.add_argument("--turns", type=int, default=None, help="race length in game turns")
    f90.add_argument("--robots", type=_robots, default=None, metavar="KIND=N,...",
                     help="robots by type, e.g. superfast=1,fast=2,slow=1 (default: the book's line-up)")
    f90.add_argument("--seat", type=int, default=1, help="your player, counting from 1")
    f90.add_argument("--bot", choices=["hard", "medium", "easy", "heuristic", "random"], default="medium")
    f90.add_argument("--watch", action="store_true", help="bots only")
    f90.add_argument("--delay", type=float, default=0.0)
    f90.add_argument("--seed", type=int, default=None)
    f90.add_argument("--content", default=None, help="a content folder of your own")
    f90.add_argument("--save", default=None, help="write the replay here at the end")
    f90.set_defaults(run=_race_formula90)
    simulate_cli.add_parser(sub)
    balance_cli.add_parser(sub)
    sub.add_parser("bridge", help="dashboards and LED track boards over serial (see `autodromo bridge --help`)")
    rep = sub.add_parser("replay", help="verify a replay file")
    rep.add_argument("file")
    rep.set_defaults(run=_replay)
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["bridge"]:
        try:
            return _bridge(words[1:])
        except AutodromoError as e:
            print(f"autodromo: {e}", file=sys.stderr)
            return 2
    if words[:2] in (["race", "lamborghini"], ["race", "formula90"]):
        # `autodromo race <game> ...`: each game's options differ from Legend's.
        words = words[1:]
    args = parser.parse_args(words)
    try:
        if args.command == "play":
            _choose_play(args, words)
        result: int = args.run(args)
        return result
    except (AutodromoError, OSError) as e:
        print(f"autodromo: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
