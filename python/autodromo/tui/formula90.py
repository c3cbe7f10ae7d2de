"""Race! Formula 90 in the terminal: the sections with their cars in order, each car's chart,
the hand as cards, the movement plans with their costs, the log by names."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .. import refusal_words
from .._core import State
from ..formula90 import results, words
from ..locale import LANGUAGES


def card(face: dict[str, Any] | None) -> str:
    """A card as printed: its check factor (or Track number), colour, MP and costs."""
    return words.card_words(face)


def render(view: dict[str, Any], entries: Sequence[dict[str, Any]] = ()) -> str:
    say = words.say
    if view["over"]:
        turn = say("screen.turn.over", turns=view["turns"])
    elif view["turn"]:
        turn = say("screen.turn", turn=view["turn"], turns=view["turns"])
    else:
        turn = say("screen.turn.before")
    title = {"track": view["track"], "turn": turn, "phase": words.phase_name(view["phase"])}
    lines = [say("screen.title.leader", leader=words.car_name(view["leader"]), **title) if view.get("leader")
             else say("screen.title", **title)]
    weather = view.get("weather")
    if weather:
        key = "screen.weather.rain" if weather.get("rain_test") else "screen.weather"
        lines.append("  " + say(key, sky=words.term("sky", weather["sky"]), space=weather["space"],
                                spaces=len(weather["table"]), tyre=words.term("tyre", weather["robot_tyres"])))
    sc = view.get("safety_car")
    if sc and sc.get("out"):
        text = say("screen.safety_car", number=sc["section"], name=words.section_name(view["sections"][sc["section"] - 1]))
        if sc.get("pit_window"):
            text += say("screen.safety_car.window")
        if sc.get("restart_next"):
            text += say("screen.safety_car.restart_next")
        lines.append("  " + text)
    elif sc and sc.get("restart"):
        lines.append("  " + say("screen.restart"))
    occupied = [s for s in view["sections"] if s["cars"]]
    for s in sorted(occupied, key=lambda s: -s["number"]):
        args = {"number": f"{s['number']:>2}", "name": f"{words.section_name(s):<24}", "kind": words.term("section", s["kind"]),
                "cars": words.joined([words.car_name(str(c)) for c in s["cars"]])}
        if s.get("duel") is not None and s["kind"] == "corner":
            lines.append("  " + say("screen.section.duel", duel=s["duel"], **args))
        else:
            lines.append("  " + say("screen.section", **args))
    lines.append("  " + say("screen.cars"))
    # Before the grid is formed no car stands in a section, and none has a place yet.
    on_track = {name for s in view["sections"] for name in s["cars"]}
    for car in sorted(view["cars"], key=lambda c: c["place"]):
        if view["turn"] == 0 and car["name"] not in on_track:
            lines.append(f"     {words.car_name(car['name']):<10} {words.where(car, gridded=False)}")
        else:
            key = "screen.car.played" if car["played"] and view["turn"] else "screen.car"
            lines.append("   " + say(key, place=f"{car['place']:>2}", name=f"{words.car_name(car['name']):<10}", where=words.where(car)))
        lines.append(f"       {words.chart_words(car)}")
    if view.get("activation"):
        order = [words.car_name(a["car"]) + ("*" if a["played"] else "") for a in view["activation"]]
        lines.append("  " + say("screen.activation", cars=words.joined(order)))
    duel = view.get("duel")
    if duel:
        sealed = {c["name"]: c.get("sealed") or 0 for c in view["cars"]}
        members = [words.duel_member_words(m, sealed.get(m["car"], 0)) for m in duel["members"]]
        place = words.section_name({"number": duel["section"], "kind": duel["kind"], "name": duel["name"]})
        lines.append("  " + say("screen.duel", name=place, members=words.joined(members, "list.semicolon")))
    current = view.get("current")
    if current and current.get("car"):
        cards = words.joined([card(c) for c in current["cards"]]) or say("no_card")
        lines.append("  " + say("screen.current", car=current["car"], cards=cards, mp=current["mp"]))
        for c in current["checks"]:
            lines.append("    " + say("screen.current.check", check=words.check_against(c)))
    if "hand" in view:
        lines.append("  " + say("screen.hand"))
        lines.extend(f"    {card(c)}" for c in view["hand"])
    if view.get("results"):
        lines.append("  " + say("screen.results"))
        lines.extend(result_lines(view, entries))
    return "\n".join(lines)


def result_lines(view: dict[str, Any], entries: Sequence[dict[str, Any]]) -> list[str]:
    """The finished race's lines: place, laps, gap, pit stops, points, and a tie said under it."""
    out = []
    for r in results.rows(view, entries):
        out.append("   " + words.say("screen.result.full", place=f"{r.place:>2}", car=words.car_name(r.car["name"]),
                               status=words.term("status", r.status), laps=words.laps(r.laps),
                               gap=results.gap(r) or "-", pits=words.count("pit_stops", r.pits),
                               points=words.count("points", r.points)))
        if r.level_with:
            out.append("       " + words.say("screen.result.tie", tie=results.tie(r)))
    return out


def screen(view: dict[str, Any], players: int) -> str:
    """The table as text for a caller with no names for the seats (the learning envs)."""
    return render(view)


def plan_line(plan: dict[str, Any]) -> str:
    """One card choice: where it lands and what it costs."""
    return words.plan_words(plan)


def describe_event(event: dict[str, Any]) -> str:
    """One log entry in words."""
    return words.event_words(event)


def prompt_policy(
    read: Callable[[str], str] = input, out: TextIO | None = None
) -> Callable[[State, int], int]:
    """A seat played at the keyboard: the table, then each choice numbered from 1 with its
    landing and costs for the movement cards."""
    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        view = state.view(seat)
        print(render(view), file=stream)
        plans = {p["id"]: p for p in view.get("plans", [])}
        legal = view["legal_actions"]
        # Each choice in words with what only it does: a card play's landing and costs, a
        # check's chance. Typing the core's label still chooses it (its stable name).
        moves = {m["action"]: m for m in state.moves(seat)}
        kinds = {str(m["kind"]) for m in moves.values()}
        for i, a in enumerate(legal, start=1):
            move = moves.get(a["id"])
            plan = plans.get(a["id"])
            detail = plan_line(plan) if plan else words.move_detail(move) if move else ""
            text = words.move_words(move, view, kinds) if move else a["label"]
            print(f"    [{i}] {text}" + (f"  {detail}" if detail else ""), file=stream)
        while True:
            answer = read("> ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return int(legal[int(answer) - 1]["id"])
            for a in legal:
                if a["label"].lower() == answer.lower():
                    return int(a["id"])
            if answer.isdigit():
                reason = words.say("screen.choose", n=len(legal))
            else:
                refusal = state.refusal(answer) if answer else None
                reason = refusal_words.words("formula90", refusal) if refusal else words.say("screen.type")
            print("  " + words.say("screen.refused", reason=reason), file=stream)

    return choose


def run(race: Any, seat: int | None, save: str | None, delay: float = 0.0, out: TextIO | None = None) -> int:
    """Plays ``race`` to the end, printing the log as ``seat`` sees it (None: a spectator) and
    the table at each new game turn; 130 when the player leaves."""
    import time

    from .. import replay

    stream = out or sys.stdout
    shown = 0
    sections = {int(x["number"]): words.section_name(x) for x in race.state.view(None)["sections"]}
    where: dict[int, int] = {}
    # A car's turn, from its declaration to the last section it enters, is one line (as on the
    # page): it is printed once the next event shows it is over.
    under_way: list[words.CarTurn | None] = [None]

    def flush() -> None:
        turn = under_way[0]
        if turn is not None:
            detail = turn.detail()
            line = turn.text(sections, where.get(int(turn.car["id"])))
            print("  " + (words.say("log.detail", line=line, detail=detail) if detail else line), file=stream)
            if turn.entered:
                where[int(turn.car["id"])] = turn.entered[-1]
            under_way[0] = None

    def catch_up(end: bool = False) -> None:
        nonlocal shown
        entries = race.state.log(seat, since=shown)
        for e in words.steps(entries):
            turn = under_way[0]
            if words.opens_turn(e, turn):
                if words.starts_new_turn(e, turn):
                    flush()
                    under_way[0] = turn = words.CarTurn(e["car"], "")
                assert turn is not None
                turn.add(e)
                continue
            flush()
            if e["kind"] == "reenter":
                where[int(e["car"]["id"])] = int(e["section"]["number"])
            elif e["kind"] in ("pit", "off_track"):
                where.pop(int(e["car"]["id"]), None)
            print("  " + describe_event(e), file=stream)
            if e["kind"] == "turn" and delay:
                time.sleep(delay)
        shown += len(entries)
        if end:
            flush()

    # The log is rebuilt from the history on each call: read it before the player decides and
    # every few dozen steps, not after every step.
    steps = 0
    try:
        while True:
            s = race.state
            if not s.is_chance_node() and s.current_player() == seat:
                # The player decides on all that happened, its own turn so far included.
                catch_up(end=True)
            elif steps % 64 == 0:
                catch_up()
            steps += 1
            if not race.step():
                break
        catch_up(end=True)
    except (EOFError, KeyboardInterrupt):
        print("\n" + words.say("screen.leaving"), file=stream)
        return 130
    finally:
        if save:
            replay.save(save, race.state, race.seed)
            print(words.say("screen.saved", path=save), file=stream)
    return 0


# ---- `autodromo formula90` (also `autodromo race formula90`) ----------------------------------


def _robots(text: str) -> dict[str, int]:
    """``superfast=1,fast=2,slow=1`` as the option's counts."""
    import argparse

    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        kind, sep, n = part.partition("=")
        if not sep or not n.isdigit():
            raise argparse.ArgumentTypeError(f"--robots takes kind=count, e.g. fast=2,slow=1, not {part!r}")
        out[kind.strip()] = int(n)
    return out


def add_commands(sub: Any) -> None:
    """``autodromo formula90``: a race at the terminal against the book's robots."""
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
    f90.add_argument("--lang", choices=LANGUAGES, default=None,
                     help="the language of the words (default: the environment's locale)")
    f90.set_defaults(run=race_command)


def race_command(args: Any) -> int:
    """Plays the race the options describe, the log as the player sees it."""
    from .. import game as make_game
    from ..errors import OptionError
    from ..race import Policy, Race

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
        seats[you] = prompt_policy()
    race = Race(g, seats, seed=args.seed)
    view = race.state.view(you)
    header = {"track": view["track"], "players": g.num_players, "robots": len(view["cars"]) - g.num_players,
              "turns": view["turns"], "seed": race.seed}
    print(words.say("screen.header.you", car=view["cars"][you]["name"], **header) if you is not None
          else words.say("screen.header", **header))
    stopped = run(race, you, args.save, args.delay if args.watch else 0.0)
    if stopped:
        return stopped
    print(render(race.state.view(you), race.state.log(you)))
    return 0
