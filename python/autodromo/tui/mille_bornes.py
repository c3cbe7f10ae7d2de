"""Mille Bornes in the terminal: the table as one seat sees it, and a prompt for that seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from .._core import State
from ..locale import number
from ..mille_bornes import words
from ..mille_bornes.words import Names
from .prompt import ask


def render(view: dict[str, Any], names: list[str]) -> str:
    """The table as ``view`` shows it (one seat's view, or a spectator's)."""
    say, cards = words.say, view.get("cards") or {}
    lines = [say("table.head", hand=view["hand_number"], target=view["target"], pile=view["deck_size"],
                 score_to_win=view["score_to_win"])]
    table = Names.of_view(names, view)
    for side in view["sides"]:
        safeties = words.listing([words.title(x, cards) for x in side["safeties"]], "list.comma")
        lines.append("  " + say("table.side", who=table.side(side["side"]), miles=side["miles"],
                                status=words.status(side, cards), safeties=safeties or say("table.none"),
                                score=number(side["score"])))
    if view.get("hand"):
        hand = words.listing([words.title(c, cards) for c in view["hand"]], "list.comma")
        lines.append("  " + say("table.hand", cards=hand))
    return "\n".join(lines)


def screen(view: dict[str, Any], players: int) -> str:
    """The table as text for a caller with no names for the seats (the learning envs): seats
    counted from 1."""
    return render(view, [words.say("table.seat.long", n=s + 1) for s in range(players)])


def describe_event(event: dict[str, Any], names: Names) -> str | None:
    """One log line (``words.event_words``), or None for events not worth a line (deals)."""
    return words.event_words(event, names)


def prompt_policy(
    names: list[str], read: Callable[[str], str] = input, out: TextIO | None = None, you: int | None = None
) -> Callable[[State, int], int]:
    """A policy that shows ``seat``'s table and asks for a numbered choice or a label; each
    choice is worded from its move (``State.moves``)."""
    import sys

    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        view = state.view(seat)
        table = Names.of_view(names, view, you)
        moves = state.moves(seat)
        miles = view["sides"][view["side"]]["miles"]
        lines = {m["label"]: words.move_line(m, moves, miles, table) for m in moves}
        return ask(
            state,
            seat,
            lambda v: render(v, names),
            read,
            stream,
            words.say("prompt.your_move", who=names[seat]),
            lambda label: lines.get(label, label),
            refused=lambda reason: words.say("prompt.refused", reason=reason or words.say("prompt.choose_from_the_list")),
            no_answer=words.say("prompt.type_a_number"),
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
    names = [words.say("table.seat", n=i + 1) for i in range(g.num_players)]
    seats: list[str | Policy] = [args.bot] * g.num_players
    if not args.watch:
        if not 1 <= args.seat <= g.num_players:
            raise OptionError(f"--seat must be between 1 and {g.num_players}, not {args.seat}")
        names[args.seat - 1] = words.say("table.you")
        seats[args.seat - 1] = prompt_policy(names, you=args.seat - 1)
    race = Race(g, seats, seed=args.seed)
    print(words.say("table.start", players=g.num_players, seed=race.seed))
    shown = 0
    try:
        while race.step():
            shown = _print_log(race, names, shown, None if args.watch else args.seat - 1)
            if args.watch and args.delay:
                time.sleep(args.delay)
    except (EOFError, KeyboardInterrupt):
        print("\n" + words.say("table.leaving"))
        return 130
    finally:
        if args.save:
            replay.save(args.save, race.state, race.seed)
            print(words.say("table.saved", path=args.save))
    _print_log(race, names, shown, None if args.watch else args.seat - 1)
    final = race.state.view(None)
    print(render(final, names))
    return 0


def _print_log(race: Any, names: list[str], shown: int, seat: int | None) -> int:
    events = race.state.log(seat)
    table = Names.of_view(names, race.state.view(None), seat)
    for e in events[shown:]:
        line = words.event_words(e, table)
        if line:
            print("  " + line)
    return len(events)
