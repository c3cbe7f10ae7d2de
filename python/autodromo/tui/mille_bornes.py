"""Mille Bornes in the terminal: the table as one seat sees it, and a prompt for that seat."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TextIO

from .._core import State
from .prompt import ask


def status(side: dict[str, Any]) -> str:
    """A tableau in a few words: 'rolling', 'stopped: Flat Tire', '+ Speed Limit'."""
    if side["hazards"]:
        words = "stopped: " + ", ".join(side["hazards"])
    elif side["moving"]:
        words = "rolling"
    else:
        words = "needs a Roll"
    if side["speed_limit"]:
        words += " + Speed Limit"
    if side["wrong_way"]:
        words += " + Wrong Way"
    return words


def render(view: dict[str, Any], names: list[str]) -> str:
    """The table as ``view`` shows it (one seat's view, or a spectator's)."""
    lines = [
        f"Hand {view['hand_number']}  target {view['target']} miles  "
        f"draw pile {view['deck_size']}  score to win {view['score_to_win']}"
    ]
    for side in view["sides"]:
        who = " & ".join(names[s] for s in side["seats"])
        safeties = ", ".join(side["safeties"]) or "-"
        lines.append(
            f"  {who:<24} {side['miles']:>5} mi  {status(side):<30} "
            f"safeties: {safeties:<30} score {side['score']}"
        )
    if view.get("hand"):
        lines.append("  your hand: " + ", ".join(view["hand"]))
    return "\n".join(lines)


def screen(view: dict[str, Any], players: int) -> str:
    """The table as text for a caller with no names for the seats (the learning envs): seats
    counted from 1."""
    return render(view, [f"seat {s + 1}" for s in range(players)])


def side_name(names: list[str], sides: int, k: int) -> str:
    """Side ``k`` (from 0) by its seats' names: partners sit ``sides`` seats apart."""
    return " & ".join(names[s] for s in range(k, len(names), sides))


#: An attack's label names its side counting from 1: "play Stop on player 2".
_ON = re.compile(r"^play (.+) on (?:player|team) (\d+)$")


def say(label: str, names: list[str], sides: int) -> str:
    """A label as the table says it: the side attacked by its seats' names."""
    on = _ON.match(label)
    return f"play {on.group(1)} on {side_name(names, sides, int(on.group(2)) - 1)}" if on else label


def describe_event(event: dict[str, Any], names: list[str], sides: int | None = None) -> str | None:
    """One log line, or None for events not worth a line (deals). A side goes by its seats'
    names (``sides`` of them, one a seat when None)."""
    n = sides or len(names)

    def side(k: int) -> str:
        return side_name(names, n, k)

    kind = event["event"]
    who = names[event["seat"]] if "seat" in event else ""
    # The player at the terminal is "You": "You draw", not "You draws".
    s = "" if who == "You" else "s"
    if kind == "dealt":
        return None
    if kind == "drew":
        return f"{who} draw{s} {event['card']}" if event["card"] else f"{who} draw{s} a card"
    if kind == "played":
        return f"{who} play{s} {event['card']}"
    if kind == "attacked":
        return f"{who} play{s} {event['card']} on {side(event['side'])}"
    if kind == "discarded":
        return f"{who} discard{s} {event['card']}"
    if kind == "coup_fourre":
        return f"{who}: COUP FOURRE! {event['safety']} against {event['hazard']}"
    if kind == "turns_lost":
        return "turns lost: " + ", ".join(names[s] for s in event["seats"])
    if kind == "hand_over":
        rows = [f"{side(i)}: {r['total']}" for i, r in enumerate(event["scores"])]
        return f"hand {event['hand']} over — " + ", ".join(rows)
    if kind == "game_over":
        return "game over — won by " + ", ".join(side(w) for w in event["winners"])
    return f"{who} {kind.replace('_', ' ')}".strip()


def prompt_policy(
    names: list[str], read: Callable[[str], str] = input, out: TextIO | None = None
) -> Callable[[State, int], int]:
    """A policy that shows ``seat``'s table and asks for a numbered choice or a label."""
    import sys

    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        sides = len(state.view(None)["sides"])
        return ask(
            state,
            seat,
            lambda view: render(view, names),
            read,
            stream,
            f"{names[seat]}, your move: ",
            lambda label: say(label, names, sides),
        )

    return choose


# ---- `autodromo play mille_bornes`: the game at the table of the terminal ----------------------


def add_play_options(play: Any) -> None:
    """The terminal game's options of ``autodromo play`` (the web page's come first)."""
    from ..race import BOTS

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
    play.add_argument(
        "--independent-speed-limit",
        action="store_true",
        help="the English and French Speed Limit: it may hit a car that is stopped or has not "
        "started, and a car under it may still be stopped",
    )
    play.add_argument("--reshuffle-discards", action="store_true")
    play.add_argument("--wrong-way", action="store_true")
    play.add_argument("--save", help="write the replay here at the end")


def play(args: Any) -> int:
    """``autodromo play mille_bornes``: a game against bots (or watched), the log as it goes."""
    import time

    from .. import game as make_game
    from .. import replay
    from ..errors import OptionError
    from ..race import Policy, Race

    options: dict[str, Any] = {"players": args.players}
    if args.teams:
        options["teams"] = args.teams
    if args.single_hand:
        options["score_to_win"] = 0
    for flag in ("cumulative_attacks", "independent_speed_limit", "reshuffle_discards", "wrong_way"):
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
        seats[args.seat - 1] = prompt_policy(names)
    race = Race(g, seats, seed=args.seed)
    print(f"Mille Bornes, {g.num_players} players, seed {race.seed}")
    shown = 0
    try:
        while race.step():
            shown = _print_log(race, names, shown, None if args.watch else args.seat - 1)
            if args.watch and args.delay:
                time.sleep(args.delay)
    except (EOFError, KeyboardInterrupt):
        print("\nleaving the table")
        return 130
    finally:
        if args.save:
            replay.save(args.save, race.state, race.seed)
            print(f"replay saved to {args.save}")
    _print_log(race, names, shown, None if args.watch else args.seat - 1)
    final = race.state.view(None)
    print(render(final, names))
    return 0


def _print_log(race: Any, names: list[str], shown: int, seat: int | None) -> int:
    events = race.state.log(seat)
    sides = len(race.state.view(None)["sides"])
    for e in events[shown:]:
        line = describe_event(e, names, sides)
        if line:
            print("  " + line)
    return len(events)
