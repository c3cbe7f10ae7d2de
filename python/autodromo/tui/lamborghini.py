"""Lamborghini in the terminal: the cars on the board, the players' money and hands."""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from .. import content
from .._core import State
from ..lamborghini import words
from .prompt import ask


def card_names(folder: str | os.PathLike[str] | None = None) -> dict[str, str]:
    """Car and driver cards' names by id, from the content the game reads (people read names)."""
    path = Path(folder) / "cards.toml" if folder is not None else content.directory("lamborghini") / "cards.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    return {c["id"]: c["name"] for kind in ("car", "driver") for c in doc.get(kind, []) if "name" in c}


def renderer(folder: str | os.PathLike[str] | None = None) -> Callable[[dict[str, Any]], str]:
    return partial(render, names=card_names(folder))


def render(view: dict[str, Any], names: dict[str, str] | None = None) -> str:
    named = names if names is not None else card_names()
    lines = [f"Lamborghini, turn {view['turn']} ({view['phase']}), Speed deck {view['speed_deck']}"]
    if view["face_up"]:
        lines.append("  face up: " + ", ".join(view["face_up"]))
    for car in sorted(view["cars"], key=lambda c: -c["progress"]):
        state = "finished" if car["finish"] else "stopped" if car["stopped"] else "racing"
        lines.append(
            f"  car {car['car'] + 1} (P{car['owner'] + 1}) {named.get(car['card'], car['card'] or '-'):<28}"
            f" driver {named.get(car['driver'], car['driver'] or '-'):<20}"
            f" row {car['row']:>3} lane {car['lane'] + 1}  damages {car['damages']}  {state}"
        )
    for p in view["players"]:
        n = p["card_count"]
        cards = p["cards"] if p["cards"] is not None else f"{n} card{'' if n == 1 else 's'}"
        lines.append(f"  P{p['seat'] + 1}: money {p['money']}  hand {cards}")
    return "\n".join(lines)


def screen(view: dict[str, Any], players: int) -> str:
    """The table as text for a caller with no names for the seats (the learning envs)."""
    return render(view)


def prompt_policy(
    read: Callable[[str], str] = input, out: TextIO | None = None,
    show: Callable[[dict[str, Any]], str] = render,
) -> Callable[[State, int], int]:
    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        return ask(state, seat, show, read, stream)

    return choose


# ---- `autodromo lamborghini` (also `autodromo race lamborghini`) ------------------------------


def add_commands(sub: Any) -> None:
    """``autodromo lamborghini``: a game at the terminal, short or long."""
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
    lambo.set_defaults(run=race_command)


def race_command(args: Any) -> int:
    """Plays the game the options describe; the final order of the players."""
    from .. import game as make_game
    from ..errors import OptionError
    from ..race import Policy, Race
    from .rounds import run_rounds

    options: dict[str, Any] = {"players": args.players, "circuit": args.circuit, "long": args.long}
    if args.laps:
        options["laps"] = args.laps
    if args.long and args.races:
        options["races"] = args.races
    g = make_game("lamborghini", content_dir=args.content, **options)
    show = renderer(args.content)
    seats: list[str | Policy] = [args.bot] * g.num_players
    if not args.watch:
        if not 1 <= args.seat <= g.num_players:
            raise OptionError(f"--seat {args.seat}: the players are 1 to {g.num_players}")
        seats[args.seat - 1] = prompt_policy(show=show)
    race = Race(g, seats, seed=args.seed)
    print(f"Lamborghini at {args.circuit}, {g.num_players} players, seed {race.seed}")
    seat = None if args.watch else args.seat - 1
    shown = [0]

    def show_with_log(view: dict[str, Any]) -> str:
        # The turns' log before each table: whole turns, so no seat's line is cut in two.
        return "\n".join([*_log(race, seat, shown), show(view)])

    stopped = run_rounds(race, show_with_log, "turn", args.save, 0.0)
    if stopped:
        return stopped
    print("\n".join([*_log(race, seat, shown), show(race.state.view(None))]))
    ranking = race.state.ranking()
    print("final order: " + ", ".join(f"P{p + 1}" for p in sorted(range(len(ranking)), key=lambda p: ranking[p])))
    return 0


def _log(race: Any, seat: int | None, shown: list[int]) -> list[str]:
    """The log lines since the last ones shown, worded by ``autodromo.lamborghini.words``."""
    events = race.state.log(seat, since=shown[0])
    shown[0] += len(events)
    cars = race.state.view(None)["cars"]
    table = words.Names(seat=lambda p: f"P{p + 1}", car=lambda c: f"car {c + 1} (P{cars[c]['owner'] + 1})")
    return ["  " + line for line in words.log_lines(events, table)]
