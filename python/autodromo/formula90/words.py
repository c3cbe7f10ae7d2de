"""Race! Formula 90 in words: the one place that turns the core's typed events (``State.log``),
its moves (``State.moves``) and its views into text, for the web page, the terminal and the
bridge's emulator screen alike.

Every string is made by :func:`say` from a key of the catalogue (``ENGLISH``), looked up in the
gettext catalogue ``formula90`` of the reader's language (``autodromo.locale``, issue 31). The event kinds and fields it reads are listed in
``docs/rules/formula90.md`` ("Vocabulary"). Nothing here parses a label or reads content.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..locale import pgettext

#: The English catalogue: key -> a ``str.format`` pattern.
ENGLISH: dict[str, str] = {
    "list.plus": "{a} + {b}",
    "list.comma": "{a}, {b}",
    "list.semicolon": "{a}; {b}",
    "line.car": "{car} {act}",
    "line.colon": "{car}: {act}",
    "line.seat": "{seat}: {text}",
    "log.detail": "{line} — {detail}",
    "count.repeat": "{text} (×{n})",
    "round.before_start": "Before the start",
    "round.turn": "Turn {turn}",
    # where a car stands (views)
    "where.not_gridded": "not on the grid yet (qualifying)",
    "where.retired": "retired",
    "where.off_track": "off the track, back at section {section}",
    "where.section": "section {number} {name}, lap {lap}",
    "where.section.down": "section {number} {name}, lap {lap}, {laps} down",
    "laps.one": "1 lap",
    "laps.many": "{n} laps",
    "section": "section {number} {name}",
    # codes
    "why.card": "card check",
    "why.leader": "leader check",
    "why.late_brake": "late brake",
    "why.recovery": "recovery",
    "why.extreme": "Extreme Trajectory test",
    "check.passed": "passed",
    "check.failed": "failed",
    "check.no_card": "no card to draw",
    "relation.overtake": "overtakes",
    "relation.lap": "laps",
    "relation.unlap": "gets a lap back on",
    "retire.wear": "no wear slot left for a wear token",
    "retire.tyres": "not enough tyre tokens to pay",
    "retire.cards": "not enough cards to discard",
    "retire.crash_out": "crashed out and did not regain control",
    "retire.fuel": "out of fuel",
    "no_card": "no card",
    # the core's names of the weather, the tyres and the flags
    "sky.dry": "dry",
    "sky.drizzle": "drizzle",
    "sky.rain": "rain",
    "tyre.hard": "hard",
    "tyre.soft": "soft",
    "tyre.intermediate": "intermediate",
    "tyre.rain": "rain",
    "flag.yellow": "yellow",
    "flag.green": "green",
    "flag.blue": "blue",
    "flag.orange": "orange",
    # events without a car
    "event.qualifying": "Qualifying: each player lays a card and a refuel chit face down",
    "event.weather": "Weather card {card}: the weather pawn on space {space} ({sky})",
    "event.robot_tyres": "The robots fit {tyre} tyres",
    "event.robots_weather_pit": "Every robot pits for {tyre} tyres (their refuel stop)",
    "event.yellow_removed.leader": "The Leader is past the yellow flag in {section}: it is removed",
    "event.turn": "Turn {turn}",
    "event.turn.stage": "Turn {turn}: a new Race Stage",
    "event.duel_called": "{section} is activated: duels may start",
    "event.no_duel": "No duel at {section}",
    "event.duel": "Duel at {section}: {result}",
    "event.duel.car": "{car} {total} = {cards}{modifiers}",
    "event.duel.card": "{card} ({mp} MP)",
    "event.duel.modifiers": ", modifiers {n:+d}",
    "event.reshuffle.race": "The Race deck is reshuffled",
    "event.reshuffle.track": "The Track deck is reshuffled",
    "event.safety_car_line": "The field lines up behind the Safety Car in {section}, one car a section; "
                             "lap tokens are gone",
    "event.safety_car_moves": "The Safety Car moves to {section}",
    "event.safety_car_in": "The Safety Car goes in: restart (every pass 1 MP, no duels, no trajectories)",
    "event.race_end": "The race is over",
    # what a car does: after its name ("Orange draws a card")
    "act.draw": "draws {card}",
    "act.draw.hidden": "draws a card",
    "act.qualify": "qualifies with {card} and fuel to turn {fuel}: {value}",
    "act.robot_chit": "draws a refuel chit: qualifying {qualifying} ({cf}), pit at turn {pit_turn}",
    "act.tie_break": "wins the draw for grid slot {slot}",
    "act.grid": "grid slot {slot} (qualifying {value})",
    "act.strategy": "runs the {strategy} strategy",
    "act.tyres.new": "fits {tyre} tyres",
    "act.tyres.kept": "keeps its {tyre} tyres",
    "act.weather_move": "moves the weather pawn from space {start} to {end} ({sky})",
    "act.tyre_loss": "loses {mp} MP on {tyre} tyres in the {sky}",
    "act.blue_token": "uses a blue token: +1 MP",
    "act.flag": "takes the {flag} flag until the next Race Stage",
    "act.yellow_flag.one": "puts a yellow flag in {section} behind 1 car",
    "act.yellow_flag.many": "puts a yellow flag in {section} behind {behind} cars",
    "act.yellow_removed": "waves a green flag: the yellow in {section} is removed",
    "act.yellow_passed": "gets past the yellow flag in {section} (1 MP)",
    "act.orange_flag.force": "(orange flag) forces {robot} to late-brake",
    "act.orange_flag.free": "(orange flag) lets {robot} drive on",
    "act.orange_flag_extreme.force": "(orange flag) puts {robot} on the Extreme Trajectory",
    "act.orange_flag_extreme.free": "(orange flag) leaves {robot} off the Extreme Trajectory",
    "act.corner_pass": "uses the \"-1\" icon in {section}: passes there as on a straight",
    "act.take_extreme": "takes the Extreme Trajectory",
    "act.extreme_try": "attempts the Extreme Trajectory",
    "act.extreme_passed": "makes the Extreme Trajectory: +{bonus} MP",
    "act.extreme_passed.power": "makes the Extreme Trajectory (discards {power} for its power): +{bonus} MP",
    "act.extreme_lost": "loses control on the Extreme Trajectory in {section}",
    "act.robot_pit_due": "must pit this turn",
    "act.plays": "plays",
    "act.skip": "skips its turn",
    "act.pit": "pits: from {start} back to {end}",
    "act.pit.fuel": "pits: from {start} back to {end}, fuel to turn {fuel}",
    "act.discard": "discards {card}",
    "act.play": "plays {cards}",
    "act.play.trajectory": "plays {cards} on its trajectory",
    "act.pay_token": "pays a tyre token",
    "act.pay_card": "pays a tyre with {card}",
    "act.wear.brown": "takes a brown (permanent) wear token",
    "act.wear.red": "takes a red wear token",
    "act.check": "{why}: {card} against {target}: {result}",
    "act.movement": "has {mp} MP",
    "act.enter": "enters {section}",
    "act.pass": "{relation} {other} ({cost} MP)",
    "act.blocked": "stops behind {by}, losing {lost} MP",
    "act.late_brake": "tries a late brake",
    "act.off_track": "goes off the track at {section}",
    "act.recovery": "recovery: {tyres} tyres, {wear} wear, {discard} cards, -{time_loss} MP next turn",
    "act.recovery.forced_pit": ", forced to pit",
    "act.recovery.abandon": ", out of the race",
    "act.reentry_point": "waits to re-enter at {section}",
    "act.reenter": "re-enters at {section}",
    "act.trajectory": "takes trajectory {spot}",
    "act.special": "{strategy} Special, a Track Card",
    "act.bonus.chase_mp": "Chase, nothing to take from the chased car: +1 MP",
    "act.bonus.save_fuel_trade": "Save Fuel, a card over [2] for two Race Cards",
    "act.bonus.save_fuel": "Save Fuel, moved with cards of [2] or less: fuel to turn {fuel}",
    "act.bonus.push_fuel": "Push, a [2] paired higher: fuel back to turn {fuel}",
    "act.bonus.hazard_mp": "Hazard, +{mp} MP for blind draws and wear",
    "act.bonus.hazard_late_brake": "Hazard, the late brake gains two sections",
    "act.skill": "has the {skill} skill",
    "act.setup": "sets up the car: {tyres} tyre tokens, {hand} cards, {wear_slots} wear slots",
    "act.spare_car.new": "takes the spare car: a new hand",
    "act.spare_car.kept": "keeps its hand",
    "act.sixth_sense": "(Sixth Sense) uses the {flag} flag token, resolved in phase D.4 as if on a card; "
                       "{left} left",
    "act.skill_used.versatility": "(Versatility) changes strategy",
    "act.skill_used.wise_driving": "(Wise Driving) discards and draws new cards",
    "act.skill_used.tuning": "(Tuning) repairs a permanent wear token at the pit",
    "act.skill_used": "({skill}) uses the skill",
    "act.chased": "chases {chased}",
    "act.chased.off": "comes off the Chased chit",
    "act.chase_take": "takes {card} from {other}'s cards (Chase)",
    "act.retired": "retires: {why}",
    "act.challenge": "starts a duel",
    "act.join.yes": "joins the duel",
    "act.join.no": "declines the duel",
    "act.duel_cards": "lays its duel cards face down",
    "act.safety_car_out": "crashed at a Safety Car point: the Safety Car is out; the cars yet to play may pit",
    "act.safety_car_follows": "follows the Safety Car",
    # one car's turn gathered into one log line
    "turn.moves": "moves",
    "turn.mp": "{head} ({mp} MP)",
    "turn.route": "{start} → {end}",
    "turn.stays": "stays in {section}",
    "turn.head": "{car} {cards}",
    # moves: the line under a button
    "cars.one": "1 car",
    "cars.many": "{n} cars",
    "move.chance": "chance to fail {percent}%: {then}",
    "move.sure_fail": "fails: {then}",
    "move.sure_pass": "passes",
    "then.wear": "a wear token",
    "then.no_lapping": "it stops behind the car it would lap",
    "then.off_track": "off the track, into the recovery chart",
    "then.recovery": "the chart's failed branch",
    "weather.stays": "stays on space {space}: {sky}",
    "weather.to": "to space {space} ({low}–{high}): {sky}",
    "weather.was": "{text}, was {sky}",
    "weather.robots_pit": "{text}; every robot pits for {tyre} tyres",
    # the track board's lines (the bridge's emulator screen)
    "board.section": "section {number} ({name})",
    "board.race.over": "race: over",
    "board.race.turn": "race: turn {turn} of {turns}",
    "board.race.not_started": "race: not started",
    "board.safety_car": "Safety Car: out, in {section}",
    "board.yellow.front": "yellow flag: {section}, at the front",
    "board.yellow.behind": "yellow flag: {section}, behind {cars}",
    "board.weather": "weather: {sky} (space {space} of {spaces})",
    "board.pawn.orange": "{car} the orange pawn",
    "board.pawn.blue": "{car} a blue pawn",
    "board.pawns": "pawns: {pawns}",
    "board.extreme": "on an Extreme Trajectory: {cars}",
    # the cards, the charts and the card plays (the page and the terminal alike)
    "colour.red": "red",
    "colour.green": "green",
    "colour.orange": "orange",
    "colour.yellow": "yellow",
    "n.tyres.one": "1 tyre",
    "n.tyres.many": "{n} tyres",
    "n.wear.one": "1 wear token",
    "n.wear.many": "{n} wear tokens",
    "n.discard.one": "1 discard",
    "n.discard.many": "{n} discards",
    "n.draw.one": "1 draw",
    "n.draw.many": "{n} draws",
    "n.passes.one": "1 pass",
    "n.passes.many": "{n} passes",
    "n.leader_check.one": "1 leader check",
    "n.leader_check.many": "{n} leader checks",
    "n.card.one": "1 card",
    "n.card.many": "{n} cards",
    "n.sealed.one": "1 card sealed",
    "n.sealed.many": "{n} cards sealed",
    "card.check.blind": "blind check",
    "card.check": "check {modifier:+d}",
    "card.corner": "for {corner}",
    "card.value": "{mp} MP, {colour}",
    "card.free": "free",
    "card.line": "{name} {colour} {mp} MP",
    "card.line.costs": "{card} [{costs}]",
    "check.blind": "blind",
    "check.modifier": "{n:+d}",
    "check.against": "{card} ({how}) against {target}",
    "plan.to": "to section {number} {name}",
    "plan.check": "check {check}",
    "plan.late_brake": "a late brake is possible",
    "duel.frozen": "frozen {cards}",
    "duel.sealed": "sealed {cards}",
    "chart.wear": "{red} red + {brown} brown of {slots}",
    "fuel.sealed": "sealed",
    "fuel.to": "to turn {turn}",
    "fuel.not_chosen": "not chosen",
    "fuel.refuelled": "refuelled",
    "chart.tyre": "{tyre}{notes}",
    "chart.blue": ", {n} blue",
    "chart.loss": ", -{mp} MP in this weather",
    "chart.line": "tyres {tyres} ({tyre}), wear {wear} slots, fuel {fuel}, {cards} in hand, target {target}, {strategy}",
    "chart.line.no_tyre": "tyres {tyres}, wear {wear} slots, fuel {fuel}, {cards} in hand, target {target}, {strategy}",
    "chart.robot": "robot ({driver})",
    "chart.robot.refuelled": "robot ({driver}, refuelled)",
    "chart.duel": "{chart}, {cards}",
    "none": "-",
    # the page's table, turn and results
    "ordinal": "{n}th",
    "ordinal.1": "{n}st",
    "ordinal.2": "{n}nd",
    "ordinal.3": "{n}rd",
    "page.car.seat": "{car} ({seat})",
    "page.car.robot": "{car} (robot)",
    "page.driver.robot": "{driver} robot",
    "page.distance": "{place}, {where}",
    "page.decks": "Race deck {race} · discards {discards} · Track deck {track} · wear bag {red} red, {brown} brown",
    "page.turn.over": "Race over",
    "page.turn": "Turn",
    "page.turn.value": "{turn} of {turns}",
    "results.wins": "{car} wins",
    "results.first_player": "{headline}; first of the players: {car}",
    "results.place": "Place",
    "results.car": "Car",
    "results.where": "Where",
    "results.status": "Status",
    # the terminal's table
    "screen.title": "Formula 90 at {track}, {turn} ({phase})",
    "screen.title.leader": "Formula 90 at {track}, {turn} ({phase}), leader {leader}",
    "screen.turn.over": "after the last of {turns} turns",
    "screen.turn": "turn {turn} of {turns}",
    "screen.turn.before": "before the start",
    "screen.weather": "weather: {sky} (space {space} of {spaces}), robots on {tyre} tyres",
    "screen.weather.rain": "weather: {sky} (space {space} of {spaces}, -20 on every test but the leader's), "
                           "robots on {tyre} tyres",
    "screen.safety_car": "Safety Car out in section {number} {name}",
    "screen.safety_car.window": ", pit window open",
    "screen.safety_car.restart_next": ", restart next turn",
    "screen.restart": "restart: every pass 1 MP, no duels, no trajectories",
    "screen.section": "{number} {name} {kind}: {cars}",
    "screen.section.duel": "{number} {name} {kind} duel {duel:+d}: {cars}",
    "status.racing": "racing",
    "status.off track": "off the track",
    "status.retired": "retired",
    "status.finished": "finished",
    "section.straight": "straight",
    "section.braking": "braking",
    "section.corner": "corner",
    "screen.cars": "cars:",
    "screen.car": "{place}. {name} {where}",
    "screen.car.played": "{place}. {name} {where} (played)",
    "screen.activation": "activation (* played): {cars}",
    "screen.duel": "duel at {name}: {members}",
    "duel.challenges": "challenges",
    "duel.joins": "joins",
    "duel.declines": "declines",
    "duel.waits": "to decide",
    "duel.member": "{car} {how}",
    "duel.member.total": "{car} {how}: {total}",
    "duel.member.sealed": "{member} ({sealed})",
    "screen.current": "{car} plays {cards}: {mp} MP",
    "screen.current.check": "check of {check}",
    "screen.hand": "your hand:",
    "screen.results": "results:",
    "screen.result": "{place}. {car} ({status})",
    "screen.header": "Formula 90 at {track}, {players} players and {robots} robots, {turns} turns, seed {seed}",
    "screen.header.you": "Formula 90 at {track}, {players} players and {robots} robots, {turns} turns, seed {seed}, "
                         "you drive {car}",
    "screen.choose": "choose a number from 1 to {n}",
    "screen.type": "type a number or a label",
    "screen.refused": "not possible: {reason}",
    "screen.leaving": "leaving the race",
    "screen.saved": "replay saved to {path}",
    # a step of the replay's timeline that logged nothing yet
    "step.keep_hand": "keeps the hand",
    "step.keep_tyres": "keeps the tyres",
    "step.no_blue_token": "keeps the blue tokens",
    "step.drive": "drives",
    "step.check": "takes the check",
    "step.qualify": "lays a qualifying card face down",
    "step.fuel": "lays a refuel chit face down",
    "step.no_late_brake": "does not brake late",
    "step.no_trajectory": "takes no trajectory",
    "step.no_challenge": "does not challenge",
    "step.no_flag": "places no flag",
    "step.draw": "draws from the deck",
    "step.weather_step": "leaves the weather as it is",
    "step.other": "decides",
}

#: The catalogue :func:`say` reads: the English the translations look up.
CATALOGUE = ENGLISH
#: The languages whose catalogue of these words is complete: every message translated, none
#: fuzzy (tests/test_catalogues.py checks the claim).
COMPLETE = ("en", "it", "pt")

#: The kinds whose line reads "Orange: grid slot 1", not "Orange grid slot 1".
COLON = {"grid", "special", "bonus"}
#: The log's headline events.
STRONG = {"turn", "retired", "off_track", "duel", "race_end", "safety_car_out", "safety_car_in",
          "robots_weather_pit"}


def say(key: str, **args: Any) -> str:
    """The text of ``key`` with ``args`` filled in, in the language in use (``autodromo.locale``):
    every string of this module comes from here."""
    return pgettext("formula90", key, CATALOGUE[key]).format(**args)


#: The event fields that hold one of the core's names for the weather, a tyre or a flag.
TERMS = ("sky", "tyre", "flag")


def term(kind: str, value: str) -> str:
    """The core's name of a sky, tyre or flag ("drizzle") in words; an unknown one as it is."""
    key = f"{kind}.{value}"
    return say(key) if key in CATALOGUE else value


def joined(items: Sequence[str], key: str = "list.comma") -> str:
    """Items joined by the catalogue's separator."""
    out = ""
    for i, item in enumerate(items):
        out = item if i == 0 else say(key, a=out, b=item)
    return out


def name(ref: dict[str, Any] | None) -> str:
    """A reference (car, card, strategy, section) as people read it."""
    return str(ref["name"]) if ref else ""


def card_name(ref: dict[str, Any] | None) -> str:
    return name(ref) if ref else say("no_card")


def round_words(turn: int) -> str:
    return say("round.turn", turn=turn) if turn else say("round.before_start")


def lap_number(car: dict[str, Any]) -> int:
    """The lap a car is on as players count it, from 1. The core counts crossings of the finish
    line: the grid stands behind it, so the crossing at the start begins lap 1, not lap 2."""
    return max(1, int(car["lap"]))


def laps(n: int) -> str:
    return say("laps.one") if n == 1 else say("laps.many", n=n)


def where(car: dict[str, Any], gridded: bool = True) -> str:
    """Where a car of the view stands, in words."""
    if not gridded:
        return say("where.not_gridded")
    if car["status"] == "retired":
        return say("where.retired")
    if car["status"] == "off track":
        return say("where.off_track", section=car.get("reentry", "?"))
    args = {"number": car["section"], "name": car["section_name"], "lap": lap_number(car)}
    if car["laps_down"]:
        return say("where.section.down", laps=laps(int(car["laps_down"])), **args)
    return say("where.section", **args)


def _section(e: dict[str, Any], key: str = "section") -> str:
    return name(e.get(key))


def act_words(e: dict[str, Any]) -> str:
    """What the event's car does, without its name ("plays 23 + 45")."""
    kind = str(e["kind"])
    if kind == "draw":
        return say("act.draw", card=name(e["card"])) if e.get("card") else say("act.draw.hidden")
    if kind == "tyres":
        return say("act.tyres.new" if e["new"] else "act.tyres.kept", tyre=term("tyre", e["tyre"]))
    if kind == "weather_move":
        return say("act.weather_move", start=e["from"], end=e["to"], sky=term("sky", e["sky"]))
    if kind == "yellow_flag":
        return say("act.yellow_flag.one" if e["behind"] == 1 else "act.yellow_flag.many",
                   section=_section(e), behind=e["behind"])
    if kind in ("orange_flag", "orange_flag_extreme"):
        return say(f"act.{kind}.{'force' if e['force'] else 'free'}", robot=name(e["robot"]))
    if kind == "extreme_passed":
        if e.get("power"):
            return say("act.extreme_passed.power", power=name(e["power"]), bonus=e["bonus"])
        return say("act.extreme_passed", bonus=e["bonus"])
    if kind == "pit":
        key = "act.pit.fuel" if e["fuel"] else "act.pit"
        return say(key, start=_section(e, "from"), end=_section(e, "to"), fuel=e["fuel"])
    if kind == "play":
        cards = joined([name(c) for c in e["cards"]], "list.plus") or say("no_card")
        return say("act.play.trajectory" if e["trajectory"] else "act.play", cards=cards)
    if kind == "wear":
        return say("act.wear.brown" if e["brown"] else "act.wear.red")
    if kind == "check":
        return say("act.check", why=say(f"why.{e['why']}"),
                   card=name(e["card"]) if e.get("card") else say("check.no_card"),
                   target=e["target"], result=say("check.passed" if e["pass"] else "check.failed"))
    if kind == "pass":
        return say("act.pass", relation=say(f"relation.{e['relation']}"), other=name(e["other"]), cost=e["cost"])
    if kind == "blocked":
        return say("act.blocked", by=name(e["by"]), lost=e["lost"])
    if kind == "recovery":
        text = say("act.recovery", **{k: e[k] for k in ("tyres", "wear", "discard", "time_loss")})
        if e["forced_pit"]:
            text += say("act.recovery.forced_pit")
        if e["abandon"]:
            text += say("act.recovery.abandon")
        return text
    if kind in ("strategy", "special"):
        return say(f"act.{kind}", strategy=name(e["strategy"]))
    if kind == "skill":
        return say("act.skill", skill=name(e["skill"]))
    if kind == "skill_used":
        key = f"act.skill_used.{e['skill']['id']}"
        return say(key if key in CATALOGUE else "act.skill_used", skill=name(e["skill"]))
    if kind == "bonus":
        return say(f"act.bonus.{e['bonus']}", mp=e.get("mp"), fuel=e.get("fuel"))
    if kind == "spare_car":
        return say("act.spare_car.new" if e["new"] else "act.spare_car.kept")
    if kind == "chased":
        return say("act.chased", chased=name(e["chased"])) if e.get("chased") else say("act.chased.off")
    if kind == "chase_take":
        return say("act.chase_take", card=name(e["card"]), other=name(e["from"]))
    if kind == "retired":
        return say("act.retired", why=say(f"retire.{e['why']}"))
    if kind == "join":
        return say("act.join.yes" if e["join"] else "act.join.no")
    fields = {k: (name(v) if isinstance(v, dict) else term(k, v) if k in TERMS else v)
              for k, v in e.items() if k not in ("kind", "car", "seat")}
    return say(f"act.{kind}", **fields)


def _duel_words(e: dict[str, Any]) -> str:
    """"Orange 6 = 97 (4 MP) + 98 (4 MP), modifiers -2": each car's cards and what they count."""
    cars = []
    for r in e["result"]:
        cards = joined([say("event.duel.card", card=name(c["card"]), mp=c["mp"]) for c in r["cards"]],
                       "list.plus") or say("no_card")
        modifiers = say("event.duel.modifiers", n=r["modifiers"]) if r["modifiers"] else ""
        cars.append(say("event.duel.car", car=name(r["car"]), total=r["total"], cards=cards, modifiers=modifiers))
    return say("event.duel", section=_section(e), result=joined(cars))


def event_words(e: dict[str, Any]) -> str:
    """One event as a sentence ("Orange enters Curva Grande")."""
    kind = str(e["kind"])
    if kind == "yellow_removed" and not e.get("car"):
        return say("event.yellow_removed.leader", section=_section(e))
    if e.get("car"):
        return say("line.colon" if kind in COLON else "line.car", car=name(e["car"]), act=act_words(e))
    if kind == "turn":
        return say("event.turn.stage" if e["race_stage"] else "event.turn", turn=e["turn"])
    if kind == "duel":
        return _duel_words(e)
    if kind == "reshuffle":
        return say(f"event.reshuffle.{e['deck']}")
    if kind == "weather":
        return say("event.weather", card=name(e["card"]), space=e["space"], sky=term("sky", e["sky"]))
    if kind in ("duel_called", "no_duel", "safety_car_line", "safety_car_moves"):
        return say(f"event.{kind}", section=_section(e))
    if kind in ("robot_tyres", "robots_weather_pit"):
        return say(f"event.{kind}", tyre=term("tyre", e["tyre"]))
    return say(f"event.{kind}")


def squeeze(texts: Sequence[str]) -> list[str]:
    """Repeats told once with their count ("draws a card (×2)")."""
    out: list[str] = []
    counts: list[int] = []
    for t in texts:
        if out and out[-1] == t:
            counts[-1] += 1
        else:
            out.append(t)
            counts.append(1)
    return [t if n == 1 else say("count.repeat", text=t, n=n) for t, n in zip(out, counts)]


#: What opens a car's line in the log: its declaration, its card play, its movement.
TURN_OPENS = {"plays", "play", "movement", "enter", "pass", "blocked"}
#: What belongs to the open line of the same car: its draws, costs, checks and trajectory.
TURN_EVENTS = TURN_OPENS | {"draw", "discard", "special", "pay_token", "pay_card", "wear", "check", "late_brake",
                            "trajectory", "weather_move", "tyre_loss", "blue_token", "reenter",
                            "flag", "yellow_flag", "yellow_removed", "yellow_passed",
                            "take_extreme", "extreme_try", "extreme_passed", "extreme_lost"}


class CarTurn:
    """One car's turn gathered for the log, from its declaration to the last section it enters:
    the cards played, the sections entered, the passes, and what it drew, paid and checked on
    the way."""

    def __init__(self, car: dict[str, Any], when: str) -> None:
        self.car, self.when = car, when
        self.cards: str | None = None
        self.mp: int | None = None
        self.entered: list[int] = []
        self.passes: list[str] = []
        self.costs: list[str] = []
        self.declared = False

    @property
    def name(self) -> str:
        return name(self.car)

    def add(self, e: dict[str, Any]) -> None:
        kind = e["kind"]
        if kind == "plays":
            self.declared = True
        elif kind == "play":
            self.cards = act_words(e)
        elif kind == "movement":
            self.mp = int(e["mp"])
        elif kind == "enter":
            self.entered.append(int(e["section"]["number"]))
        elif kind in ("pass", "blocked", "trajectory", "take_extreme"):
            self.passes.append(act_words(e))
        elif e.get("car") and e["car"]["id"] == self.car["id"]:
            self.costs.append(act_words(e))
        else:
            self.costs.append(event_words(e))

    def moved(self) -> bool:
        return self.cards is not None or self.mp is not None or bool(self.entered or self.passes)

    def detail(self) -> str:
        return joined(squeeze(self.costs), "list.semicolon")

    def text(self, sections: dict[int, str], was: int | None) -> str:
        """The line; ``sections`` names the track's sections by number, ``was`` the section the
        log last told the car in."""
        if not self.moved():
            return say("line.car", car=self.name, act=say("act.plays")) if self.declared else self.name
        head = say("turn.head", car=self.name, cards=self.cards or say("turn.moves"))
        if self.mp is not None:
            head = say("turn.mp", head=head, mp=self.mp)
        parts = []
        if self.entered:
            # Sections are entered one after the other: the car set out from the one before the first.
            start = (self.entered[0] - 2) % len(sections) + 1
            parts.append(say("turn.route", start=sections[start], end=sections[self.entered[-1]]))
        elif was is not None:
            parts.append(say("turn.stays", section=sections[was]))
        parts += self.passes
        return say("line.colon", car=head, act=joined(parts)) if parts else head


def opens_turn(e: dict[str, Any], under_way: CarTurn | None) -> bool:
    """Whether ``e`` belongs in a car's gathered turn (a new one or the one under way)."""
    kind = e["kind"]
    car = e.get("car")
    if not car:
        return False
    return kind in TURN_OPENS or (kind in TURN_EVENTS and under_way is not None and under_way.car["id"] == car["id"])


def starts_new_turn(e: dict[str, Any], under_way: CarTurn | None) -> bool:
    """Whether ``e`` closes the turn under way and opens another."""
    return (under_way is None or under_way.car["id"] != e["car"]["id"]
            or (e["kind"] == "plays" and under_way.declared))


#: A move's kind -> the kind of decision the page's help explains.
GROUPS = {
    "qualify": "qualify", "fuel": "fuel", "strategy": "strategy", "drive": "declare", "skip": "declare",
    "pit": "pit", "stay_out": "safety_car", "keep_hand": "hand", "new_hand": "hand", "new_tyres": "tyres",
    "keep_tyres": "tyres", "tyres": "tyres", "discard": "discard", "draw": "draw", "chase_take": "draw",
    "play": "play", "pay_token": "pay", "pay_card": "pay", "check": "check", "late_brake": "brake",
    "no_late_brake": "brake", "late_brake_power": "brake", "trajectory": "trajectory",
    "no_trajectory": "trajectory", "take_extreme": "extreme", "flat_out": "extreme", "extreme_power": "extreme",
    "challenge": "duel", "no_challenge": "duel", "join": "duel", "decline": "duel", "duel_cards": "duel",
    "weather_step": "weather", "blue_token": "blue_token", "no_blue_token": "blue_token", "yellow_flag": "flag",
    "green_flag": "flag", "no_flag": "flag", "force_late_brake": "orange", "no_force": "orange",
    "force_extreme": "orange", "skill": "practice", "setup": "practice", "versatility": "skill",
    "wise_driving": "skill", "sixth_sense": "skill",
}


def cars(n: int) -> str:
    return say("cars.one") if n == 1 else say("cars.many", n=n)


def check_words(move: dict[str, Any]) -> str:
    """A check's outcome before the click: sure with a card of the hand, its chance when blind."""
    risk = next((r for r in move["risks"] if r["kind"] == "failed_check"), None)
    if risk is None:
        return ""
    then = say(f"then.{risk['then']}")
    p = float(risk["probability"])
    if p <= 0:
        return say("move.sure_pass")
    if p >= 1:
        return say("move.sure_fail", then=then)
    return say("move.chance", percent=round(100 * p), then=then)


def move_detail(move: dict[str, Any]) -> str:
    """The line under a choice that only it has: a check's outcome before the click. A flag's
    choices have none: the button names the place, and the help they share is told once."""
    return check_words(move)


def weather_step_words(move: dict[str, Any], weather: dict[str, Any] | None) -> str:
    """Where a weather step puts the pawn, the sky there, and whether the robots then pit for
    other tyres (R79: when the weather turns dry or rain and theirs do not suit it)."""
    if not weather:
        return ""
    step = {"drier": -1, "none": 0, "wetter": 1}[move["step"]]
    if not step:
        return say("weather.stays", space=weather["space"], sky=term("sky", weather["sky"]))
    to = weather["space"] + step
    space = weather["table"][to - 1]
    low, high = space["cf"]
    out = say("weather.to", space=to, low=low, high=high, sky=term("sky", space["sky"]))
    if space["sky"] != weather["sky"]:
        out = say("weather.was", text=out, sky=term("sky", weather["sky"]))
    wanted = {"dry": "hard", "rain": "rain"}.get(space["sky"])
    if wanted and wanted != weather["robot_tyres"]:
        out = say("weather.robots_pit", text=out, tyre=term("tyre", wanted))
    return out


def ordinal(n: int) -> str:
    """A place: "1st", "2nd" (each language its own form)."""
    last = n % 10 if not 10 <= n % 100 <= 20 else 0
    return say(f"ordinal.{last}" if last in (1, 2, 3) else "ordinal", n=n)


def count(key: str, n: int) -> str:
    """``n`` of a thing: the catalogue's ``key.one`` for one, ``key.many`` for more."""
    return say(f"{key}.one" if n == 1 else f"{key}.many", n=n)


def card_costs(card: dict[str, Any]) -> list[str]:
    """What a Race or Track Card costs as printed: tyres, wear, discards, draws, its check, its corner."""
    costs = [count(f"n.{k}", int(card[k])) for k in ("tyres", "wear", "discard", "draw") if card.get(k)]
    test = card.get("test")
    if test:
        costs.append(say("card.check.blind") if test["blind"] else say("card.check", modifier=test["modifier"]))
    if card.get("corner_name"):
        costs.append(say("card.corner", corner=card["corner_name"]))
    return costs


def card_value(card: dict[str, Any]) -> str:
    """A card's movement points and colour ("4 MP, red")."""
    return say("card.value", mp=card["mp"], colour=term("colour", str(card["colour"])))


def card_note(card: dict[str, Any]) -> str:
    """A card's costs in one line, "free" when it has none."""
    return joined(card_costs(card)) or say("card.free")


def card_words(card: dict[str, Any] | None) -> str:
    """A card in one line as printed: number, colour, MP and costs ("45 red 4 MP [1 tyre]")."""
    if not card:
        return say("none")
    text = say("card.line", name=card["name"], colour=term("colour", str(card["colour"])), mp=card["mp"])
    costs = card_costs(card)
    return say("card.line.costs", card=text, costs=joined(costs)) if costs else text


def check_against(check: dict[str, Any]) -> str:
    """A check waiting on a card play: its card, blind or its modifier, and the target."""
    how = say("check.blind") if check["blind"] else say("check.modifier", n=check["modifier"])
    return say("check.against", card=check["card"], how=how, target=check["target"])


def plan_words(plan: dict[str, Any]) -> str:
    """Where a card play lands and what it costs, in words."""
    parts = [say("plan.to", number=plan["landing"], name=plan["landing_name"])]
    parts += [count(f"n.{k}", int(plan[k])) for k in ("tyres", "wear", "discard", "passes") if plan.get(k)]
    if plan.get("draws"):
        parts.append(count("n.draw", int(plan["draws"])))
    parts += [say("plan.check", check=check_against(c)) for c in plan.get("checks") or []]
    if plan.get("leader_checks"):
        parts.append(count("n.leader_check", int(plan["leader_checks"])))
    if plan.get("late_brake_possible"):
        parts.append(say("plan.late_brake"))
    return joined(parts)


def duel_cards_words(car: dict[str, Any]) -> list[str]:
    """A car's duel cards on the table: the face-up ones by number (a duel already revealed this
    turn), the face-down ones as a count, their numbers only to their own seat."""
    parts = []
    if car.get("frozen"):
        parts.append(say("duel.frozen", cards=joined([str(c["name"]) for c in car["frozen"]])))
    if car.get("sealed_cards"):
        parts.append(say("duel.sealed", cards=joined([str(c["name"]) for c in car["sealed_cards"]])))
    elif car.get("sealed"):
        parts.append(count("n.sealed", int(car["sealed"])))
    return parts


def wear_words(car: dict[str, Any]) -> str:
    wear = car["wear"]
    return say("chart.wear", red=wear["red"], brown=wear["brown"], slots=wear["slots"])


def fuel_words(car: dict[str, Any]) -> str:
    """A player's fuel: sealed until the qualifying reveal, then the turn it lasts to."""
    fuel = car.get("fuel")
    if fuel is None:
        return say("fuel.sealed")
    return say("fuel.to", turn=fuel) if fuel else say("fuel.not_chosen")


def chart_words(car: dict[str, Any]) -> str:
    """A car's chart in one line (the terminal): a player's tyres, wear, fuel, hand, target and
    strategy; a robot's driver; and its duel cards on the table."""
    if "tyres" not in car:
        key = "chart.robot.refuelled" if car.get("robot_refuelled") else "chart.robot"
        text = say(key, driver=car["driver"])
    else:
        args = {"tyres": car["tyres"], "wear": wear_words(car), "fuel": fuel_words(car),
                "cards": count("n.card", int(car["hand_size"])),
                "target": name(car.get("target")) or say("none"), "strategy": car["strategy"]}
        if car.get("tyre"):
            notes = say("chart.blue", n=car["blue_tokens"]) if car.get("blue_tokens") else ""
            if car.get("tyre_loss"):
                notes += say("chart.loss", mp=car["tyre_loss"])
            text = say("chart.line", tyre=say("chart.tyre", tyre=term("tyre", car["tyre"]), notes=notes), **args)
        else:
            text = say("chart.line.no_tyre", **args)
    cards = duel_cards_words(car)
    return say("chart.duel", chart=text, cards=joined(cards)) if cards else text


def duel_member_words(member: dict[str, Any], sealed: int) -> str:
    """A car in the duel under way: what it does, its total once revealed, its face-down cards."""
    how = say("duel.challenges" if member["challenger"] else "duel.joins" if member["joined"]
              else "duel.declines" if member["declined"] else "duel.waits")
    total = member.get("total")
    text = (say("duel.member.total", car=member["car"], how=how, total=total) if total is not None
            else say("duel.member", car=member["car"], how=how))
    return say("duel.member.sealed", member=text, sealed=count("n.sealed", sealed)) if sealed else text


def board_lines(view: dict[str, Any], safety_car: int | None) -> list[str]:
    """What the track board shows, in words (names, sections from 1); ``safety_car`` the section
    the Safety Car stands in, if it is out."""
    names = {int(x["number"]): say("board.section", number=x["number"], name=x["name"])
             for x in view.get("sections", [])}
    turn = int(view.get("turn") or 0)
    if view.get("over"):
        lines = [say("board.race.over")]
    elif turn:
        lines = [say("board.race.turn", turn=turn, turns=view.get("turns"))]
    else:
        lines = [say("board.race.not_started")]
    if safety_car is not None:
        lines.append(say("board.safety_car", section=names.get(safety_car, say("section", number=safety_car, name=""))
                         .strip()))
    for x in view.get("sections", []):
        if x.get("yellow_flag") is not None:
            ahead = int(x["yellow_flag"])
            section = names[int(x["number"])]
            lines.append(say("board.yellow.front", section=section) if ahead == 0
                         else say("board.yellow.behind", section=section, cars=cars(ahead)))
    weather = view.get("weather")
    if isinstance(weather, dict) and weather.get("sky"):
        lines.append(say("board.weather", sky=term("sky", weather["sky"]), space=weather["space"],
                         spaces=len(weather.get("table", []))))
    pawns = [say("board.pawn.orange" if c.get("orange_flag") else "board.pawn.blue", car=c["name"])
             for c in view.get("cars", []) if c.get("orange_flag") or c.get("blue_flag")]
    if pawns:
        lines.append(say("board.pawns", pawns=joined(pawns)))
    extreme = [str(c["name"]) for c in view.get("cars", []) if c.get("on_extreme")]
    if extreme:
        lines.append(say("board.extreme", cars=joined(extreme)))
    return lines


def step_words(events: Sequence[dict[str, Any]], sections: dict[int, str], kind: str | None = None) -> str:
    """One action of the replay's timeline from the events it logged: a car's turn gathered into
    one line, any other event its sentence; ``kind``, the move's, when it logged nothing."""
    parts: list[str] = []
    turn: CarTurn | None = None
    for e in events:
        if opens_turn(e, turn):
            if starts_new_turn(e, turn):
                if turn is not None:
                    parts.append(turn.text(sections, None))
                turn = CarTurn(e["car"], "")
            assert turn is not None
            turn.add(e)
            continue
        if turn is not None:
            parts.append(turn.text(sections, None))
            turn = None
        parts.append(event_words(e))
    if turn is not None:
        parts.append(turn.text(sections, None))
    if parts:
        return joined(parts, "list.semicolon")
    key = f"step.{kind}"
    return say(key if key in CATALOGUE else "step.other")
