"""Lamborghini in the terminal: the cars on the board, the players' money and hands."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import Any, TextIO

from .._core import Game, State
from ..locale import LANGUAGES
from ..lamborghini import cards as game_cards
from ..lamborghini import words
from .prompt import ask


def renderer(game: Game | None = None) -> Callable[[dict[str, Any]], str]:
    """``render`` with the cards of ``game``'s content (None: the shipped content)."""
    return partial(render, cards=game_cards(game))


def render(view: dict[str, Any], cards: dict[str, dict[str, Any]] | None = None) -> str:
    deck = cards if cards is not None else game_cards()
    say = words.say
    lines = [say("table.title", turn=view["turn"], phase=words.phase_words(view["phase"]) or view["phase"],
                 deck=view["speed_deck"])]
    if view["face_up"]:
        names = [words.card_name(deck, c) for c in view["face_up"]]
        lines.append("  " + say("table.face_up", cards=_listed(names)))
    for car in sorted(view["cars"], key=lambda c: -c["progress"]):
        state = say("table.finished" if car["finish"] else "table.stopped" if car["stopped"] else "table.racing")
        lines.append("  " + say(
            "table.car", car=car["car"] + 1, owner=say("table.seat", n=car["owner"] + 1),
            model=words.card_name(deck, car["card"]), driver=words.card_name(deck, car["driver"]),
            row=car["row"], lane=car["lane"] + 1, damages=car["damages"], state=state))
    for p in view["players"]:
        n = p["card_count"]
        held = (_listed([words.card_name(deck, c) for c in p["cards"]]) or say("table.none") if p["cards"] is not None
                else say("table.cards.one") if n == 1 else say("table.cards", n=n))
        lines.append("  " + say("table.hand", who=say("table.seat", n=p["seat"] + 1), money=p["money"], cards=held))
    return "\n".join(lines)


def _listed(names: list[str]) -> str:
    text = names[0] if names else ""
    for name in names[1:]:
        text = words.say("list.comma", a=text, b=name)
    return text


def screen(view: dict[str, Any], players: int) -> str:
    """The table as text for a caller with no names for the seats (the learning envs)."""
    return render(view)


def prompt_policy(
    read: Callable[[str], str] = input, out: TextIO | None = None,
    show: Callable[[dict[str, Any]], str] = render,
) -> Callable[[State, int], int]:
    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        # Each choice worded from its move (``State.moves``); the label is still an answer.
        cars = state.view(None)["cars"]
        table = _names(cars, game_cards(state.game))
        lines = {m["label"]: words.move_words(m, table)[0] for m in state.moves(seat)}
        return ask(state, seat, show, read, stream, say=lambda label: lines.get(label, label), names=table,
                   refused=lambda reason: words.say("prompt.refused", reason=reason or words.say("prompt.choose")),
                   no_answer=words.say("prompt.type_a_number"))

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
    lambo.add_argument("--lang", choices=LANGUAGES, default=None,
                       help="the language of the words (default: the environment's locale)")
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
    show = renderer(g)
    deck = game_cards(g)
    seats: list[str | Policy] = [args.bot] * g.num_players
    if not args.watch:
        if not 1 <= args.seat <= g.num_players:
            raise OptionError(f"--seat {args.seat}: the players are 1 to {g.num_players}")
        seats[args.seat - 1] = prompt_policy(show=show)
    race = Race(g, seats, seed=args.seed)
    circuit = (g.board() or {}).get("name", args.circuit)
    print(words.say("table.start", circuit=circuit, players=g.num_players, seed=race.seed))
    seat = None if args.watch else args.seat - 1
    shown = [0]

    def show_with_log(view: dict[str, Any]) -> str:
        # The turns' log before each table: whole turns, so no seat's line is cut in two.
        return "\n".join([*_log(race, seat, shown, deck), show(view)])

    stopped = run_rounds(race, show_with_log, "turn", args.save, 0.0)
    if stopped:
        return stopped
    print("\n".join([*_log(race, seat, shown, deck), show(race.state.view(None))]))
    ranking = race.state.ranking()
    order = [words.say("table.seat", n=p + 1) for p in sorted(range(len(ranking)), key=lambda p: ranking[p])]
    print(words.say("table.final", order=_listed(order)))
    return 0


def _log(race: Any, seat: int | None, shown: list[int], deck: dict[str, dict[str, Any]]) -> list[str]:
    """The log lines since the last ones shown, worded by ``autodromo.lamborghini.words``."""
    events = race.state.log(seat, since=shown[0])
    shown[0] += len(events)
    return ["  " + line for line in words.log_lines(events, _names(race.state.view(None)["cars"], deck))]


def _names(cars: list[dict[str, Any]], deck: dict[str, dict[str, Any]]) -> words.Names:
    """Seats and cars as the terminal's table calls them ("P2", "car 3 (P2)")."""
    def seat(p: int) -> str:
        return words.say("table.seat", n=p + 1)

    return words.Names(seat=seat, car=lambda c: words.say("table.car_of", car=c + 1, owner=seat(cars[c]["owner"])),
                       cards=deck)
