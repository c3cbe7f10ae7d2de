"""Legend in the terminal: the grid and every Dashboard each round, and a prompt for a driver.

A Stage race adds the stage and its finish, the Chrono (day, night, fog), each car's start time,
the Time Chart and, at the end, the classification by racing time."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from .._core import State
from ..legend import words
from ..locale import LANGUAGES
from .prompt import ask


def _pins(car: dict[str, Any]) -> str:
    return " ".join(f"{k}{v}" for k, v in car["safe_speeds"].items())


def _needles(car: dict[str, Any]) -> str:
    say = words.say
    tires = say("tui.flat") if car["flat_tire"] else str(car["tires"])
    pins = [say("tui.pins", pins=_pins(car))]
    pins += [say(key) for key, shown in (("tui.best_line", car["best_line"]), ("tui.battery_failed", not car["battery_ok"]),
                                         ("tui.lights_failed", not car["headlights_ok"])) if shown]
    return "  ".join([
        say("tui.speed", speed=f"{car['speed']:>2}", top=car["top_speed"]),
        say("tui.temperature", temperature=car["temperature"]),
        say("tui.engine", engine=car["engine"], engine_max=car["engine_max"]),
        say("tui.brakes", brakes=car["brakes"], brakes_max=car["brakes_max"]),
        say("tui.tires", tires=f"{tires:>4}"),
        " ".join(pins),
    ])


def dashboard(car: dict[str, Any]) -> str:
    """One car's Dashboard in a line: position, needles, limiters, switches (a Track race)."""
    where = words.say("tui.where", lap=car["lap"], row=f"{car['row'] + 1:>3}", lane=car["lane"] + 1)
    if car["status"] != "racing":
        where = f"{words.say('tui.status.' + car['status']):<21}"
    return f"{car['name'][:32]:<32} {where}  {_needles(car)}"


def spares_line(car: dict[str, Any]) -> str:
    """A driven car's Spare Part cards (what the auction left it) and what each repairs; a
    Neutral Car plays none."""
    return "" if car.get("neutral") else "      " + words.spares_words(car["spares"])


def render(view: dict[str, Any]) -> str:
    """The race as a table, in track order."""
    if view.get("route"):
        return render_stage(view)
    lines = [words.say("tui.track", circuit=view["circuit"], round=view["round"], laps=view["laps"],
                       weather=words.weather_words(view["weather"]))]
    for car in _in_order(view):
        lines.append("  " + dashboard(car))
        if spares_line(car):
            lines.append(spares_line(car))
    return "\n".join(lines)


def screen(view: dict[str, Any], players: int) -> str:
    """The table as text for a caller with no names for the seats (the learning envs)."""
    return render(view)


def _in_order(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The cars in this round's order, then the others in seat order."""
    cars = {c["seat"]: c for c in view["cars"]}
    seats = list(dict.fromkeys([*(view["order"] or []), *cars]))
    return [cars[s] for s in seats]


# --- Stage races ------------------------------------------------------------------------------


def finish_words(stage: dict[str, Any]) -> str:
    if stage["finish"] == "checkpoint":
        return words.say("tui.check_point", limit=stage["speed_limit"])
    return words.say("stage.arrivo")


def clock_words(chrono: dict[str, Any]) -> str:
    """The Chrono as the board reads it: "18:24, night, fog"."""
    parts = [chrono["clock"], words.say("tui.night" if chrono["night"] else "tui.day")]
    if chrono["fog"]:
        parts.append(words.say("weather.fog"))
    return ", ".join(parts)


def stage_place(car: dict[str, Any], chart: dict[str, Any], stage: dict[str, Any], lanes: int = 3) -> str:
    """Where a car is in the stage, in words."""
    status = car["status"]
    if status == "waiting":
        return words.say("tui.waiting", at=chart["starts_at"])
    if status == "parked":
        return words.say("tui.parked", at=chart["stages"][-1]["finish"])
    if status == "finished":
        return words.say("stage.finished")
    if status == "retired":
        return words.say("where.retired")
    where = words.say("stage.row", row=f"{car['row'] + 1:>2}", length=stage["length"], lane=words.lane(car["lane"], lanes))
    if status == "off_road":
        where = words.say("tui.off_road", place=where)
    return where


def next_turn_words(car: dict[str, Any]) -> str:
    turn = car.get("next_turn")
    if not turn or car["status"] not in ("racing", "off_road"):
        return ""
    rows = turn["rows"]
    where = words.say("turn.now") if rows == 0 else words.say("turn.in_row" if rows == 1 else "turn.in_rows", n=rows)
    if turn.get("rating") is None:
        return words.say("tui.turn_unseen", where=where)
    return words.say("tui.turn_next", rating=turn["rating"], where=where, speed=turn["safe_speed"])


def stage_cell(row: dict[str, Any]) -> str:
    """One stage of a car's Time Chart line: start, finish, Speed, penalties and bonus."""
    if not row["started"]:
        return words.say("stage.starts", at=row["start"])
    if row["finish"] is None:
        return words.say("tui.on_the_road", start=row["start"])
    added = [words.say(key, time=words.duration(row[field]))
             for key, field in (("stage.penalty", "penalty"), ("tui.time_cards", "time_cards"), ("tui.bonus", "bonus"))
             if row[field]]
    run = words.say("tui.stage_run", start=row["start"], finish=row["finish"], speed=row["speed"])
    return " ".join([run, *added])


def time_chart(view: dict[str, Any]) -> list[str]:
    """The Time Chart: a line per car, a column per stage run so far, the racing time."""
    names = {c["seat"]: c["name"] for c in view["cars"]}
    status = {c["seat"]: c["status"] for c in view["cars"]}
    lines = ["  " + words.say("tui.time_chart")]
    for row in view["time_chart"]:
        stages = "; ".join(words.say("tui.stage_cell", k=st["stage"], cell=stage_cell(st)) for st in row["stages"])
        total = words.say("tui.racing_time", time=words.duration(row["racing_time"]))
        note = " " + words.say("tui.retired_note") if status[row["seat"]] == "retired" else ""
        lines.append(f"    {names[row['seat']][:32]:<32} {stages}  | {total}{note}")
    return lines


def render_stage(view: dict[str, Any]) -> str:
    """A Stage race: the route and the stage, the Chrono, every Dashboard, the Time Chart."""
    route, stage, chrono = view["route"], view["stage"], view["chrono"]
    markers = view.get("markers") or {}
    weather = words.say("page.weather", weather=words.weather_words(view["weather"]))
    lines = [
        words.say("tui.stage_title", route=route["name"], number=stage["number"], of=stage["of"], name=stage["name"],
                  finish=finish_words(stage), length=stage["length"]),
        "  " + words.say("tui.round_chrono", round=view["round"], clock=clock_words(chrono))
        + ("" if view["weather"] == "fog" else f" · {weather}")
        + (" · " + words.say("page.markers_face_down") if markers.get("face_down") else ""),
    ]
    charts = {row["seat"]: row for row in view["time_chart"]}
    for car in _in_order(view):
        place = stage_place(car, charts[car["seat"]], stage, int(view.get("lanes", 3)))
        turn = next_turn_words(car)
        line = f"  {car['name'][:32]:<32} {place:<36}"
        if car["status"] in ("racing", "off_road"):
            line += f"  {_needles(car)}" + (f"  {turn}" if turn else "")
        lines.append(line)
        if car["status"] in ("racing", "off_road") and spares_line(car):
            lines.append(spares_line(car))
    lines.extend(time_chart(view))
    return "\n".join(lines)


def classification(view: dict[str, Any], ranking: list[int]) -> str:
    """The final classification: place, car, racing time and penalties, and the Historical
    points when the race counts them."""
    names = {c["seat"]: c["name"] for c in view["cars"]}
    charts = {row["seat"]: row for row in view["time_chart"]}
    points = {p["seat"]: p for p in view.get("points") or []}
    stages = view["stage"]["of"]
    lines = [words.say("tui.classification.points" if points else "tui.classification.time")]
    for seat in sorted(names, key=lambda s: ranking[s]):
        row = charts[seat]
        if row["stages_done"] == stages:
            said = [words.say("tui.racing_time", time=words.duration(row["racing_time"]))]
        else:
            said = [words.say("tui.retired_after", n=row["stages_done"], of=stages)]
        penalty = sum(st["penalty"] for st in row["stages"])
        if penalty:
            said.append(words.say("tui.penalties", time=words.duration(penalty)))
        if seat in points:
            said.append(words.say("tui.points", n=points[seat]["total"]))
        lines.append(f"  {ranking[seat] + 1:>2}. {names[seat]:<32} {', '.join(said)}")
    return "\n".join(lines)


def prompt_policy(
    read: Callable[[str], str] = input, out: TextIO | None = None
) -> Callable[[State, int], int]:
    """A driver at the keyboard: shows the race and asks for a numbered choice or a label."""
    stream = out or sys.stdout

    def choose(state: State, seat: int) -> int:
        lanes = int(state.view(None).get("lanes", 3))
        lines = {m["label"]: words.move_line(m, lanes) for m in state.moves(seat)}
        return ask(state, seat, render, read, stream, say=lambda label: lines.get(label, label), costs=False,
                   refused=lambda reason: words.say("prompt.refused", reason=reason or words.say("prompt.choose")),
                   no_answer=words.say("prompt.type_a_number"))

    return choose


# ---- `autodromo race legend`: a race at the terminal ------------------------------------------


def add_commands(sub: Any) -> None:
    """``autodromo race legend``: a Track race on a circuit or a Stage race over a route."""
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
    race.add_argument("--lang", choices=LANGUAGES, default=None,
                      help="the language of the words (default: the environment's locale)")
    race.set_defaults(run=race_command)


def race_command(args: Any) -> int:
    """Plays the race the options describe; the finishing order, or a Stage race's classification."""
    from .. import game as make_game
    from ..errors import OptionError
    from ..race import Policy, Race
    from .rounds import run_rounds

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
        seats[args.seat - 1] = prompt_policy()
    race = Race(g, seats, seed=args.seed)
    first = race.state.view(None)
    where = first["route"]["name"] if args.route else first["circuit"]
    print(words.say("tui.race_start", where=where, n=len(cars), seed=race.seed))
    stopped = run_rounds(race, render, "round", args.save, args.delay if args.watch else 0.0)
    if stopped:
        return stopped
    final = race.state.view(None)
    print(render(final))
    ranking = race.state.ranking()
    if args.route:
        print(classification(final, ranking))
        return 0
    print(words.say("tui.finishing_order", cars=", ".join(
        final["cars"][seat]["name"] for seat in sorted(range(len(ranking)), key=lambda s: ranking[s])
    )))
    return 0
