"""Race! Formula 90 in words: the one place that turns the core's typed events (``State.log``),
its moves (``State.moves``) and its views into text, for the web page, the terminal and the
bridge's emulator screen alike.

Every string is made by :func:`say` from a key of the catalogue (``ENGLISH``), looked up in the
gettext catalogue ``formula90`` of the reader's language (``autodromo.locale``, issue 31). The event kinds and fields it reads are listed in
``docs/rules/formula90.md`` ("Vocabulary"). Nothing here parses a label or reads content.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

from ..content import document, name_in
from ..locale import language, pgettext

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
    # a duel as a player tells it: who comes out ahead, with what; a tie keeps the order
    "event.duel": "Duel at {section}: {result}",
    "event.duel.ahead": "{car} comes out ahead: {mp}",
    "event.duel.car": "{car} {mp}",
    "event.duel.tie": "{cars} tie on {total} MP, keep their order and take wear (not a robot): {each}",
    "event.duel.mp": "{total} MP with {cards}{modifiers}",
    "event.duel.card": "{card} ({mp} MP)",
    "event.duel.modifiers": ", {n:+d} from the corner's duel box or a strategy",
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
    # a check as a player tells it: the card drawn and the most it may be (the Target Check)
    "act.check": "{why}: draws {card}, needs {target} or less: {result}",
    "act.check.no_card": "{why}: no card left to draw: {result}",
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
    "results.laps": "Laps",
    "results.gap": "Gap",
    "results.pits": "Pit stops",
    "results.points": "Points",
    "results.tie": "Tie broken by",
    "gap.same": "in the winner's section",
    "gap.one": "1 section behind",
    "gap.many": "{n} sections behind",
    "gap.down": "{laps} down",
    "tie.section": "both on lap {lap} in {section}: {car} ahead in the section's order (there first, or passed)",
    "screen.result.full": "{place}. {car} ({status}): {laps}, {gap}, {pits}, {points}",
    "pit_stops.one": "1 pit stop",
    "pit_stops.many": "{n} pit stops",
    "points.one": "1 point",
    "points.many": "{n} points",
    "screen.result.tie": "tie broken by: {tie}",
    "gap.first": "winner",
    # the help texts' frames and the page's conditions (the long texts are in HELP)
    "help.line.titled": "{title}: {text} — {source}",
    "help.line": "{text} — {source}",
    # the page's glossary: a term and what it means, in players' words (no book section)
    "help.line.plain": "{title}: {text}",
    "when.all_race": "all race",
    "decision.phase": "Your decision now: {phase}.",
    "decision.wait": "The other cars, the robots and the card draws act now.",
    "cond.weather": "{sky} (space {space} of {spaces})",
    "cond.weather.rain": "{sky} (space {space} of {spaces}), {n:+d} on every test",
    "cond.robot_tyres": "robots on {tyre} tyres",
    "cond.yellow.behind": "yellow flag in {section}, behind {cars}",
    "cond.yellow.front": "yellow flag in {section}, at the front of the section",
    "cond.blue": "blue flag: {cars}",
    "cond.orange": "orange flag: {car}",
    "cond.no_flag": "no flag out",
    "cond.stage": "Race Stage {n}",
    "cond.sixth_sense.left": "flag tokens left: {flags}",
    "cond.sixth_sense.used": "all three flag tokens used until the next pit stop",
    "cond.skill.used": "used until the next pit stop",
    "cond.skill.ready": "ready (once between pit stops)",
    "n.blue_token.one": "1 blue token",
    "n.blue_token.many": "{n} blue tokens",
    "cond.soft_sets": "{n} of 2 soft sets",
    "cond.loss": "−{mp} MP in {sky}",
    "cond.tyre": "{tyre} ({notes})",
    "cond.flag.blue": "blue flag",
    "cond.flag.orange": "orange flag",
    "cond.safety_car": "out, in {section}",
    "cond.safety_car.window": "; the pit window is open",
    "cond.safety_car.restart_next": "; it goes in at the next Race Stage: a restart next turn",
    "cond.safety_car.restart": "left; a restart turn: every pass 1 MP, no duels, no trajectories",
    "cond.extreme": "Extreme Trajectory +{bonus} for {colours}, blind test {modifier:+d}",
    "cond.extreme.taken": "{text}, taken by {car}",
    "list.slash": "{a}/{b}",
    # the lobby's options
    "option.track": "Track",
    "option.turns": "Game turns (empty: the track's)",
    "option.robots": "Robots",
    "option.robots.lineup": "the book's line-up for the number of players",
    "option.robots.one_each": "one SuperFast, one Fast, one Slow",
    "option.robots.none": "no robots",
    "option.race_length": "Race length",
    "option.race_length.full": "the track's full race",
    "option.race_length.short": "Short Race (variant V1)",
    "option.free_practice": "Free Practice: skills, setup, spare car",
    "option.strategies": "Strategies",
    "option.strategies.all": "all nine",
    "option.strategies.basic": "the basic race's four",
    "option.weather": "Weather and tyres",
    "option.weather.printed": "where the track prints a weather table",
    "option.weather.off": "off: a dry race on hard tyres",
    "option.flags": "Flags: yellow, green, blue, orange",
    "option.safety_car": "Safety Car and restarts",
    "option.extreme": "Extreme Trajectories",
    "option.track_powers": "Track Card powers: combinations and discards",
    "option.tyre_table": "Intermediate tyres",
    "option.tyre_table.corrected": "lose 1 MP in sun and rain, none in drizzle",
    "option.tyre_table.as_printed": "as printed: lose 1 MP in sun and drizzle",
    # a move as its button reads (the core's label stays the stable name for scripts)
    "move.qualify": "qualify with {card}",
    "move.fuel": "fuel to turn {fuel}",
    "move.strategy": "strategy {strategy}",
    "move.drive": "drive",
    "move.drive.safety_car": "drive (follow the Safety Car)",
    "move.skip": "skip the turn",
    "move.pit": "pit stop",
    "move.pit.safety_car": "pit stop (to the back of the line, fuel for 16 turns)",
    "move.pit.extra.one": "pit stop +1 section",
    "move.pit.extra.many": "pit stop +{n} sections",
    "move.stay_out": "stay out",
    "move.keep_hand": "keep the hand",
    "move.new_hand": "new hand (spare car)",
    "move.new_tyres": "new hard tyres",
    "move.keep_tyres": "keep the tyres",
    "move.tyres": "fit {tyre} tyres",
    "move.discard": "discard {card}",
    "move.discard.save_fuel": "discard {card} (Save Fuel: two Race Cards)",
    "move.draw": "draw from the deck",
    "move.chase_take": "take {card}",
    "move.chase_take.from": "take {card} from {car}",
    "move.play.none": "play no card",
    "move.play": "play {cards}",
    "move.play.trajectory": "play {cards} on the trajectory",
    "move.play.mp": "{text} ({mp} MP)",
    "move.pay_token": "pay a tyre token",
    "move.pay_card": "pay a tyre with {card}",
    "move.check.with": "check {card} with {with_card}",
    "move.check.blind": "check {card} blind",
    "move.check.other.with": "check with {with_card}",
    "move.check.other.blind": "check blind",
    "move.late_brake": "late brake",
    "move.no_late_brake": "no late brake",
    "move.late_brake_power": "late brake with the power of {card}",
    "move.trajectory": "trajectory {spot}",
    "move.trajectory.bonus": "trajectory {spot} ({colours} +{bonus})",
    "move.no_trajectory": "no trajectory",
    "move.take_extreme": "Extreme Trajectory",
    "move.take_extreme.bonus": "Extreme Trajectory ({colours} +{bonus})",
    "move.flat_out": "Flat Out: no test, the bonus -1",
    "move.extreme_power": "Extreme Trajectory with the power of {card}",
    "move.challenge": "challenge",
    "move.no_challenge": "no challenge",
    "move.join": "join the duel",
    "move.decline": "decline the duel",
    "move.duel_cards": "duel with {cards}",
    "move.weather_step.drier": "weather one space drier",
    "move.weather_step.none": "weather unchanged",
    "move.weather_step.wetter": "weather one space wetter",
    "move.blue_token": "use a blue token (+1 MP)",
    "move.no_blue_token": "keep the blue tokens",
    "move.yellow_flag.front": "yellow flag in {section} at the front",
    "move.yellow_flag.one": "yellow flag in {section} behind 1 car",
    "move.yellow_flag.many": "yellow flag in {section} behind {n} cars",
    "move.green_flag": "green flag: remove the yellow in {section}",
    "move.no_flag": "no flag",
    "move.force_late_brake": "force {robot} to late-brake",
    "move.no_force": "let {robot} drive on",
    "move.force_extreme": "put {robot} on the Extreme Trajectory",
    "move.skill": "skill {skill}",
    "move.setup": "setup {tyres} tyres, {hand} cards, {wear_slots} wear slots ({points} points)",
    "move.versatility": "change strategy (Versatility)",
    "move.wise_driving": "new cards (Wise Driving)",
    "move.sixth_sense": "use the {flag} flag token (Sixth Sense)",
    "move.other": "{kind}",
    # the page's script (formula90.js): its headings and the lines it shows as they come
    "js.no_board": "(no board)",
    "js.weather": "Weather:",
    "js.weather_track": "weather track",
    "js.safety_car": "Safety Car:",
    "js.flags": "Flags:",
    "js.glossary": "What the weather, tyres, flags, skills and strategies mean",
    "js.played": "(played)",
    "js.activation": "Activation order:",
    "js.revealed": "(revealed)",
    "js.checks": "checks:",
    "js.hand": "Your hand",
    "js.col.place": "Place",
    "js.col.car": "Car",
    "js.col.where": "Where",
    "js.col.tyres": "Tyres",
    "js.col.tyre_tokens": "Tyre tokens",
    "js.col.wear": "Wear",
    "js.col.fuel": "Fuel",
    "js.col.target": "Target",
    "js.col.strategy": "Strategy",
    "js.col.skill": "Skill",
    "js.col.hand": "Hand",
    "page.headline": "{track} · {phase} · {decks}",
    "page.headline.leader": "{track} · {phase} · leader {leader} · {decks}",
    "page.board": "{track}: {n} sections",
    "page.board.sky": "{track}: {n} sections, {sky}",
    "page.car.tip": "{title}: {place}, {where}",
    "page.car.tip.tyres": "{text}, {tyre} tyres",
    "page.car.tip.more": "{text}, {more}",
    "page.car.tip.extreme": "{text}, on the Extreme Trajectory",
    "page.section.tip": "{number} {name} ({kind})",
    "page.section.tip.duel": "{number} {name} ({kind}, duel {duel:+d})",
    "page.section.tip.cars": "{text}: {cars}",
    "page.chasing": "(chasing {car})",
    "page.duel": "Duel at {where}:",
    "page.current": "{car} plays",
    "page.mp": "{mp} MP",
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
    "section.unnamed": "{kind} {number}",
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
    # the phase the status line names, by the core's name of it (English: the core's own)
    "phase_name.a Race Card draw": "a Race Card draw",
    "phase_name.a Track Card draw": "a Track Card draw",
    "phase_name.a blind draw": "a blind draw",
    "phase_name.a wear token": "a wear token",
    "phase_name.a robot's refuel chit": "a robot's refuel chit",
    "phase_name.a qualifying tie-break": "a qualifying tie-break",
    "phase_name.the qualifying card": "the qualifying card",
    "phase_name.the refuel chit": "the refuel chit",
    "phase_name.the strategy": "the strategy",
    "phase_name.phase A: drive, skip or pit": "phase A: drive, skip or pit",
    "phase_name.the Safety Car's pit window: pit or stay out": "the Safety Car's pit window: pit or stay out",
    "phase_name.under the Safety Car: a card to discard": "under the Safety Car: a card to discard",
    "phase_name.the pit stop's discards": "the pit stop's discards",
    "phase_name.the pit stop's tyres": "the pit stop's tyres",
    "phase_name.Lucky's discard": "Lucky's discard",
    "phase_name.phase B: the draw": "phase B: the draw",
    "phase_name.Free Practice: the skill": "Free Practice: the skill",
    "phase_name.Free Practice: the car's setup": "Free Practice: the car's setup",
    "phase_name.Free Practice: the spare car": "Free Practice: the spare car",
    "phase_name.A.2 Wise Driving: the discards": "A.2 Wise Driving: the discards",
    "phase_name.phase C: the movement cards": "phase C: the movement cards",
    "phase_name.phase D: paying tyres": "phase D: paying tyres",
    "phase_name.phase D: discards": "phase D: discards",
    "phase_name.phase D: checks": "phase D: checks",
    "phase_name.the leader check": "the leader check",
    "phase_name.a recovery check": "a recovery check",
    "phase_name.phase F: late braking": "phase F: late braking",
    "phase_name.a trajectory": "a trajectory",
    "phase_name.a recovery's discards": "a recovery's discards",
    "phase_name.a duel challenge": "a duel challenge",
    "phase_name.joining a duel": "joining a duel",
    "phase_name.the duel cards": "the duel cards",
    "phase_name.the weather card": "the weather card",
    "phase_name.the robots' tyres": "the robots' tyres",
    "phase_name.the tyres": "the tyres",
    "phase_name.phase D: the weather icon": "phase D: the weather icon",
    "phase_name.a blue token": "a blue token",
    "phase_name.phase D: a yellow flag": "phase D: a yellow flag",
    "phase_name.phase D: a green flag": "phase D: a green flag",
    "phase_name.the orange flag: a robot's late brake": "the orange flag: a robot's late brake",
    "phase_name.phase D: the Extreme Trajectory's test": "phase D: the Extreme Trajectory's test",
    "phase_name.the orange flag: a robot onto the Extreme Trajectory": "the orange flag: a robot onto the Extreme Trajectory",
    "phase_name.the end": "the end",
    # the bridge emulator's screen (firmware_bridge): its frame (screen.FRAME's keys), a
    # dashboard's buttons, lamps, what each lamp means and its needles
    "bridge.frame.title": "autodromo bridge: {race}",
    "bridge.frame.title.seed": "autodromo bridge: {race}, seed {seed}",
    "bridge.frame.race.sections": "{heading} at {track}",
    "bridge.frame.page_away": "The web page does not answer: the devices show the last state; asking again.",
    "bridge.frame.race_over": "The race is over. {order}",
    "bridge.frame.finishing_order": "Finishing order: {places}.",
    "bridge.frame.place": "{place}. {who}",
    "bridge.frame.waiting_for_you": "Waiting for you: a dashboard's YOUR TURN lamp is lit.",
    "bridge.frame.bots_drive": "The bots are driving.",
    "bridge.frame.dashboard": "DASHBOARD {uid}",
    "bridge.frame.link_lost": "{head}  [LINK LOST]",
    "bridge.frame.not_linked": "{head}: not linked yet",
    "bridge.frame.kept": "{head}: seat {seat}, the last state kept while the web page is away",
    "bridge.frame.shows": "{head} shows {seat}",
    "bridge.frame.seat": "seat {seat}",
    "bridge.frame.seat.named": "seat {seat} ({name})",
    "bridge.frame.your_turn": "YOUR TURN: {phase}. Turn the selector (+ / -), then confirm (c):",
    "bridge.frame.a_decision": "a decision",
    "bridge.frame.selector": "{mark} selector {k}: {choice}",
    "bridge.frame.button": "{control} {word}",
    "bridge.frame.button.takes": "{control} {word}: {choice}",
    "bridge.frame.buttons_now": "{name} now: {buttons}",
    "bridge.frame.buttons_none": "none (use the selector)",
    "bridge.frame.buttons": "buttons",
    "bridge.frame.waiting": "waiting: {who} plays; your turn comes back here",
    "bridge.frame.chance": "chance",
    "bridge.frame.bot_seat": "this car is driven by a bot: the dashboard only shows it",
    "bridge.frame.lamp": "{name} ({meaning})",
    "bridge.frame.lamps_lit": "lamps lit: {lamps}",
    "bridge.frame.lamps_none": "none",
    "bridge.frame.log": "LOG",
    "bridge.frame.log_empty": "(nothing yet)",
    "bridge.frame.keys": "keys, then Enter: + / - turn the selector (++ two steps), c confirms",
    "bridge.frame.keys.button": "{keys}, {control} {word}",
    "bridge.button.yes": "yes",
    "bridge.button.no": "no",
    "bridge.button.pit": "pit",
    "bridge.button.tyre token": "tyre token",
    "bridge.lamp.YOUR TURN": "YOUR TURN",
    "bridge.lamp.REFUSED": "REFUSED",
    "bridge.lamp.FINISHED": "FINISHED",
    "bridge.lamp.OUT": "OUT",
    "bridge.lamp.RAIN": "RAIN",
    "bridge.lamp.GAME OVER": "GAME OVER",
    "bridge.lamp.MUST PIT": "MUST PIT",
    "bridge.lamp.BLUE FLAG": "BLUE FLAG",
    "bridge.lamp.ORANGE FLAG": "ORANGE FLAG",
    "bridge.lamp.YELLOW FLAG": "YELLOW FLAG",
    "bridge.lamp.SAFETY CAR": "SAFETY CAR",
    "bridge.lamp.EXTREME": "EXTREME",
    "bridge.lamp.DRIZZLE": "DRIZZLE",
    "bridge.lamp.SKILL USED": "SKILL USED",
    "bridge.lamp.LEADER": "LEADER",
    "bridge.lamp.1ST": "1ST",
    "bridge.lamp.2ND": "2ND",
    "bridge.lamp.3RD": "3RD",
    "bridge.means.YOUR TURN": "this car decides now",
    "bridge.means.REFUSED": "the last button was refused, see the log",
    "bridge.means.FINISHED": "the race is over and this car finished it",
    "bridge.means.OUT": "retired or off the track",
    "bridge.means.RAIN": "rain on the weather track",
    "bridge.means.GAME OVER": "the race is over",
    "bridge.means.MUST PIT": "the refuel chit's turn has come (or a recovery forces a stop): pit now",
    "bridge.means.BLUE FLAG": "this car holds a blue pawn",
    "bridge.means.ORANGE FLAG": "this car holds the orange pawn",
    "bridge.means.YELLOW FLAG": "a yellow flag in this car's section or the next: no passing there",
    "bridge.means.SAFETY CAR": "the Safety Car is out",
    "bridge.means.EXTREME": "this car is on an Extreme Trajectory",
    "bridge.means.DRIZZLE": "drizzle on the weather track",
    "bridge.means.SKILL USED": "the skill is used until the next stop",
    "bridge.means.LEADER": "this car leads the race",
    "bridge.means.1ST": "the race is over: this car won",
    "bridge.means.2ND": "the race is over: this car placed second",
    "bridge.means.3RD": "the race is over: this car placed third",
    "bridge.needles": "needles: target card {target}, wear slots free {slots}, fuel for {fuel} turns, "
                      "red wear {red}, brown wear {brown}, tyre tokens {tokens}, {tyre} tyres",
    # the core's refusals (issue 31): "refusal.<key>" per key of Game.refusal_keys(), filled from
    # the refusal's values (a car, a skill, a strategy, a flag or a phase by the core's name, worded
    # here); the English is the core's own text
    "refusal.not_a_choice": "{move} is not a choice of {car} ({phase})",
    "refusal.not_a_choice_chance": "{move} is not a choice of chance ({phase})",
    "refusal.race_over": "{move} is not a choice of nobody: the race is over",
    "refusal.not_in_hand": "{card} is not in your hand",
    "refusal.frozen": "Duels: {card} is frozen on the table until the next turn",
    "refusal.not_in_race_deck": "{card} is not in the Race deck",
    "refusal.not_in_track_deck": "{card} is not in the Track deck",
    "refusal.pit_extra": "Fuel: at most two sections more than the pit box",
    "refusal.no_red_wear": "no red wear token left in the bag",
    "refusal.no_brown_wear": "no brown wear token left in the bag",
    "refusal.chit_not_free": "that refuel chit is not free for this robot's type",
    "refusal.not_in_tie": "that car is not in the tie",
    "refusal.qualify_race_card": "Qualifying: a Race Card from your hand",
    "refusal.qualify_fuel": "Qualifying: refuel chits are turns 8, 10, 12, 14 and 16",
    "refusal.advanced_strategy": "Strategies: {strategy} belongs to the advanced game (option strategies = all)",
    "refusal.no_such_strategy": "no such strategy",
    "refusal.sixth_declared": "Sixth Sense: a flag token was declared for this turn; it drives to use it in D.4",
    "refusal.skip_before_skill": "A.1: skipping the turn comes before A.2 (a skill was declared)",
    "refusal.one_skill": "A.2: one skill declaration a turn",
    "refusal.no_such_skill": "no such skill",
    "refusal.wise_race_cards": "Wise Driving: Race Cards only (Track Cards stay)",
    "refusal.must_pit": "Fuel: the turn pawn reached {car}'s refuel chit: it must pit this turn",
    "refusal.forced_pit": "Recovery: a forced pit stop at the start of this turn",
    "refusal.must_pit_now": "Fuel: the turn pawn reached {car}'s refuel chit and its turn is lost: it must pit now",
    "refusal.forced_pit_now": "Recovery: a forced pit stop is due and its turn is lost: it must pit now",
    "refusal.pit_hand": "Pit stop: {have} cards (frozen duel cards count); leave with at most {limit}",
    "refusal.name_tyres": "Tyres: name the type of the new tyres",
    "refusal.tyre_kinds": "Tyres: soft, hard, intermediate or rain",
    "refusal.robot_tyres": "Robots' tyres: robots fit only hard or rain tyres",
    "refusal.hard_tyres_only": "Tyres: a race without the weather module runs on hard tyres",
    "refusal.soft_sets": "Tyres: at most two sets of soft tyres a race",
    "refusal.weather_step": "Weather: one space drier, none, or one space wetter",
    "refusal.driest": "Weather: the pawn is on the driest space",
    "refusal.wettest": "Weather: the pawn is on the wettest space",
    "refusal.yellow_corner": "Flags: a yellow flag goes on a corner section",
    "refusal.yellow_there": "Flags: that corner section has its yellow flag already",
    "refusal.yellow_place": "Flags: a yellow flag stands behind the cars on trajectories and among the cars there",
    "refusal.green_flag": "Flags: a green flag removes a yellow flag on the track",
    "refusal.no_free_extreme": "Extreme Trajectories: no free Extreme Trajectory in this section",
    "refusal.save_fuel_only": "Save Fuel: only its strategy trades a card for two",
    "refusal.save_fuel_card": "Save Fuel: discard a card over [2] for two Race Cards, not {card} [{mp}]",
    "refusal.chase_none": "Chase: no Chased chit on a car",
    "refusal.chase_card": "Chase: {card} is not among {car}'s movement cards left to take",
    "refusal.pay_token": "Tyres: no token left that keeps the rest payable",
    "refusal.pay_card": "Tyres: the cards left are needed for the discards",
    "refusal.late_brake_power": "Track Cards: {card} has no late-braking Discard Power",
    "refusal.trajectory_taken": "Trajectories: that trajectory is taken or not in this section",
    "refusal.duel_same": "Duels: two different cards",
    "refusal.play_first": "Play: name the first card",
    "refusal.could_play": "Play: a card you hold can move the car",
    "refusal.play_same": "Play: two different cards",
    "refusal.pair_two": "Pairs: a [2] pairs only with a [2] or a [1]",
    "refusal.pair_one": "Pairs: two cards for movement are a [1] with any card, or [2] with [2]",
    "refusal.push_fuel": "Push: the refuel chit is on turn {fuel}; a turn less would leave the car out of fuel",
    "refusal.off_track": "Trajectories: off the track",
    "refusal.no_trajectory": "Trajectories: the car is not on a trajectory",
    "refusal.trajectory_colour": "Trajectories: no movement card matches the trajectory's colour",
    "refusal.no_extreme": "Extreme Trajectories: the car is not on an Extreme Trajectory",
    "refusal.extreme_colour": "Extreme Trajectories: no movement card matches the Extreme Trajectory's colour",
    "refusal.no_tyre_token": "Tyres: no tyre token for the first tyre (at least one must be a token)",
    "refusal.tyres_to_pay": "Tyres: {tyres} tyres and {discard} discards to pay with {tokens} tokens and {cards} cards",
    "refusal.discards": "Discards: {discard} cards to discard, {cards} left in hand",
    "refusal.wear": "Wear: {wear} wear tokens and {free} free slots",
    "refusal.track_corner": "Track Cards: {card} is played only by a car whose move starts in, crosses or ends in "
                            "corner {corner} ({name})",
    "refusal.track_extreme": "Track Cards: {card} cannot count on an Extreme Trajectory's blind test; only its Discard "
                             "Power or Flat Out make it sure",
    "refusal.track_checks": "Track Cards: {card} needs {checks} leader check(s) before corner {corner} passed with "
                            "cards you hold",
    "refusal.no_check_pending": "Checks: no check pending for that card",
    "refusal.blind_check": "Checks: a blind check takes the top card of the Race deck",
    "refusal.check_card": "Checks: {card} is neither in your hand nor a movement card still free",
    "refusal.leader_check_hand": "Track Card: the leader check before its corner is passed with a card of the hand you "
                                 "hold for it",
    "refusal.leader_check_card": "Track Card: the leader check before its corner is passed with a card that passes it",
    "refusal.safety_car_extra": "Safety Car: a stop goes to the back of the line and fills the tank to 16 turns; no "
                                "extra sections",
    "refusal.safety_car_skip": "Safety Car: every car follows it; no skipping",
    "refusal.safety_car_skill": "Safety Car: no skills under the Safety Car",
    "refusal.safety_car_drive": "Safety Car: drive (follow it) or pit",
    "refusal.setup_points": "Setup: each token is worth 1 to 3 points",
    "refusal.setup_tuning": "Setup: {total} points; Tuning allows at most {limit}",
    "refusal.setup_limit": "Setup: {total} points; at most {limit} (the Tuning skill allows {tuning_max})",
    "refusal.not_the_skill": "Skills: {car} has not the {skill} skill",
    "refusal.skill_turned": "Skills: the {skill} chit is turned until the next pit stop",
    "refusal.no_other_strategy": "Versatility: no other strategy to change to",
    "refusal.sixth_no_skill": "Sixth Sense: {car} has not the Sixth Sense skill",
    "refusal.sixth_flags_off": "Sixth Sense: its tokens are flags; the flags module is off",
    "refusal.sixth_tokens": "Sixth Sense: the tokens are one yellow, one green and one blue flag",
    "refusal.sixth_used": "Sixth Sense: the {flag} flag token is used; the tokens come back at the next pit stop",
    "refusal.sixth_must_pit": "Sixth Sense: a token is used on a turn the car drives; it must pit now",
    "refusal.flat_out_skill": "Flat Out: only a driver with the Flat Out skill skips the ET test",
    "refusal.extreme_power": "Track Cards: {card} has no Extreme Trajectory Discard Power",
    "refusal.extreme_blind": "Track Cards: this move's Track Card counted on a sure pass of the Extreme Trajectory "
                             "(Flat Out or the ET power), not a blind test",
}

#: The long texts: what each piece of the advanced game means (title, meaning, and where the
#: Portuguese manual says it: rule numbers R1–R142 are shared/research/formula90.md's), when a
#: skill acts, each decision's help and how to play. Key -> English, looked up as ENGLISH's are.
HELP: dict[str, str] = {
    "weather.weather.title": "Weather",
    "weather.weather.text": "The weather pawn stands on a space of the track's weather table: dry, "
                            "drizzle (the book's 'tempo incerto', uncertain) or rain. A card with the"
                            " weather symbol lets its player move the pawn one space either way in "
                            "phase D, or leave it; the weather changes at once.",
    "weather.weather.source": "Condições do Tempo (phase D); the weather card before the race (R30, R76)",
    "weather.dry.title": "Dry",
    "weather.dry.text": "Sun: hard and soft tyres lose nothing; intermediates lose 1 MP, rain tyres 2.",
    "weather.dry.source": "Condições do Tempo, the tyre table (Sol)",
    "weather.drizzle.title": "Drizzle",
    "weather.drizzle.text": "Uncertain weather: hard, soft and rain tyres lose 1 MP; intermediates "
                            "none (1 with the printed row, a lobby option).",
    "weather.drizzle.source": "Condições do Tempo, the tyre table (Garoa); decision A2",
    "weather.rain.title": "Rain",
    "weather.rain.text": "Hard and soft tyres lose 2 MP, intermediates 1 (none with the printed row),"
                         " rain tyres none; every car, robots too, takes −20 on every test but the "
                         "leader check.",
    "weather.rain.source": "Condições do Tempo (Chuva): 'todos os carros sofrem uma penalidade de -20"
                           " em seus testes' (R78)",
    "weather.robot_tyres.title": "Robots' tyres",
    "weather.robot_tyres.text": "Robots fit hard or rain tyres only, all the same type: that of the "
                                "nearest stable weather. When the weather turns to rain or to dry and"
                                " theirs do not suit it, every robot pits at the end of the car's "
                                "turn, and that stop counts as its refuelling.",
    "weather.robot_tyres.source": "Pneus dos robôs; Condições do Tempo (R35, R79)",
    "tyres.soft.title": "Soft tyres",
    "tyres.soft.text": "Three blue +1 MP tokens, one a turn; three tyre tokens fewer than the chart; "
                       "two soft sets a race at most.",
    "tyres.soft.source": "Escolha de pneus: macios (R32)",
    "tyres.hard.title": "Hard tyres",
    "tyres.hard.text": "The chart's tyre tokens and a Track Card each time they are fitted.",
    "tyres.hard.source": "Escolha de pneus: duros (R33)",
    "tyres.intermediate.title": "Intermediate tyres",
    "tyres.intermediate.text": "The chart's tyre tokens, no bonus; meant for drizzle.",
    "tyres.intermediate.source": "Escolha de pneus: intermediários (R34)",
    "tyres.rain.title": "Rain tyres",
    "tyres.rain.text": "The chart's tyre tokens, no bonus; meant for rain.",
    "tyres.rain.source": "Escolha de pneus: chuva (R34)",
    "tyres.blue_tokens.title": "Blue tokens",
    "tyres.blue_tokens.text": "+1 MP each, one a turn, kept in drizzle and rain; they come with soft "
                              "tyres (and with rain tyres at the start for a Rain Expert).",
    "tyres.blue_tokens.source": "Escolha de pneus: macios; D.1 (R32, R60)",
    "tyres.tyre_loss.title": "Tyre loss",
    "tyres.tyre_loss.text": "The movement points these tyres lose in this weather (the tyre table); "
                            "robots never lose any.",
    "tyres.tyre_loss.source": "Condições do Tempo, the tyre table (R77)",
    "flags.yellow.title": "Yellow flag",
    "flags.yellow.text": "A marker in a corner's queue of cars, always behind the cars on "
                         "trajectories. Getting past it costs 1 MP more ('Desaceleração'); no passing"
                         " and no duel in that section, not even past a car that did not move "
                         "('Alinhamento'). It goes when the Leader gets past it or a green flag is "
                         "played; every yellow goes when the Safety Car comes out.",
    "flags.yellow.source": "D.4 Bandeiras: Bandeira Amarela (R71)",
    "flags.green.title": "Green flag",
    "flags.green.text": "Its player may remove a yellow flag from any section; it has no piece.",
    "flags.green.source": "D.4 Bandeiras: Bandeira Verde (R72)",
    "flags.blue.title": "Blue flag",
    "flags.blue.text": "A blue pawn on the chart: its car laps backmarkers for 0 MP on straights and "
                       "in braking zones, 1 MP a car in corners; a Leader still makes the leader "
                       "check; a yellow flag beats it. Discarded at a new Race Stage.",
    "flags.blue.source": "D.4 Bandeiras: Bandeira Azul (R73)",
    "flags.orange.title": "Orange flag",
    "flags.orange.text": "The one orange pawn, taken by the first orange flag of a Race Stage: its "
                         "holder may force a robot that ends its move in a braking zone to try a late"
                         " brake, or to take an Extreme Trajectory (the robot then tests blind in its"
                         " next turn). Discarded at a new Race Stage.",
    "flags.orange.source": "D.4 Bandeiras: Bandeira Laranja (R74, R99)",
    "flags.race_stage.title": "Race Stage",
    "flags.race_stage.text": "A whole row of the Turn track; when the turn pawn moves down a row the "
                             "blue and orange pawns are discarded and a new Race Stage begins.",
    "flags.race_stage.source": "Indicador de Turno; Bandeiras (R9, R39, R70)",
    "skills.qualify.title": "Qualify",
    "skills.qualify.text": "+2 in qualifying, +1 MP at the start, two Track Cards before the race.",
    "skills.qualify.source": "Apêndice B: QUALIFY (R133)",
    "skills.versatility.title": "Versatility",
    "skills.versatility.text": "May change strategy once in phase A.2 (the chit turns); ready again "
                               "after each pit stop.",
    "skills.versatility.source": "Apêndice B: VERSATILITY; A.2 (R134)",
    "skills.lapping.title": "Lapping",
    "skills.lapping.text": "Laps backmarkers for 0 MP on straights and braking zones, 1 MP in "
                           "corners; +1 MP per blue flag on the cards played.",
    "skills.lapping.source": "Apêndice B: LAPPING (R135)",
    "skills.pitting.title": "Pitting",
    "skills.pitting.text": "Goes back two sections fewer at each pit stop and takes a Track Card there.",
    "skills.pitting.source": "Apêndice B: PITTING (R136)",
    "skills.reflexes.title": "Reflexes",
    "skills.reflexes.text": "+20 on every test: checks, late brakes, recoveries, the leader check.",
    "skills.reflexes.source": "Apêndice B: REFLEXES (R137)",
    "skills.tuning.title": "Tuning",
    "skills.tuning.text": "Sets up the car with 8 points (3 at most a category) and repairs a brown "
                          "wear token at each pit stop.",
    "skills.tuning.source": "Apêndice B: TUNNING (R138)",
    "skills.wise_driving.title": "Wise Driving",
    "skills.wise_driving.text": "Once between pit stops, in phase A.2: discard any Race Cards and "
                                "draw back to the hand limit; Track Cards never count in the limit.",
    "skills.wise_driving.source": "Apêndice B: WISE DRIVING; A.2 (R139)",
    "skills.rain_expert.title": "Rain Expert",
    "skills.rain_expert.text": "No loss in drizzle on rain or hard tyres; starting on rain tyres "
                               "brings three blue tokens.",
    "skills.rain_expert.source": "Apêndice B: RAIN EXPERT (R140)",
    "skills.flat_out.title": "Flat Out",
    "skills.flat_out.text": "May take an Extreme Trajectory without the blind test, for its bonus −1 "
                            "(the colour rule kept).",
    "skills.flat_out.source": "Apêndice B: FLAT OUT (R141)",
    "skills.sixth_sense.title": "Sixth Sense",
    "skills.sixth_sense.text": "Three flag tokens, one yellow, one green and one blue: declare one at"
                               " the start of a turn and its flag acts in phase D.4 as if printed on "
                               "a card. Each once; the chit turns when all three are used; all three "
                               "back at each pit stop.",
    "skills.sixth_sense.source": "Apêndice B: SIXTH SENSE (R142)",
    "strategies.save_tyres.title": "Save Tyres",
    "strategies.save_tyres.text": "One tyre of the cards played is not paid; a one-tyre card may be "
                                  "played with no token left. Special: spend a tyre token.",
    "strategies.save_tyres.source": "Apêndice A: SAVE TYRES (R124)",
    "strategies.banging_wheels.title": "Banging Wheels",
    "strategies.banging_wheels.text": "+3 in duels; overtakes for 2 MP in corners, 1 elsewhere. "
                                      "Special: win a duel in a corner or overtake.",
    "strategies.banging_wheels.source": "Apêndice A: BANGING WHEELS (R125)",
    "strategies.save_fuel.title": "Save Fuel",
    "strategies.save_fuel.text": "Moving on cards of 2 or less saves a turn of fuel; may trade a card"
                                 " over 2 for two Race Cards instead of drawing. Special: move on "
                                 "cards of 2 or less.",
    "strategies.save_fuel.source": "Apêndice A: SAVE FUEL (R126)",
    "strategies.lucky.title": "Lucky",
    "strategies.lucky.text": "Draw two Race Cards and discard one. Special: the two drawn match in "
                             "value or colour.",
    "strategies.lucky.source": "Apêndice A: LUCKY (R127)",
    "strategies.balance.title": "Balance",
    "strategies.balance.text": "Trajectories need no card of their colour. Special: a trajectory "
                               "matched by a card of its colour.",
    "strategies.balance.source": "Apêndice A: BALANCE (R128)",
    "strategies.hazard.title": "Hazard",
    "strategies.hazard.text": "+1 MP per blind check and per wear a card costs; a late brake may gain"
                              " two empty sections. Special: every blind draw.",
    "strategies.hazard.source": "Apêndice A: HAZARD (R129)",
    "strategies.push.title": "Push",
    "strategies.push.text": "A 2 pairs with a 3, 4, 5 or 6, at a turn of fuel each time. Special: "
                            "spend two tyre tokens.",
    "strategies.push.source": "Apêndice A: PUSH (R130)",
    "strategies.chase.title": "Chase",
    "strategies.chase.text": "Take one of the chased car's played cards instead of drawing (or +1 MP "
                             "when none). Special: end in the chased car's section.",
    "strategies.chase.source": "Apêndice A: CHASE (R131)",
    "strategies.recovery.title": "Recovery",
    "strategies.recovery.text": "Passes Fast and Slow robots for nothing on straights, 1 MP in "
                                "braking zones, 2 in corners. Special: such a robot ahead on the lap "
                                "at the end of the turn.",
    "strategies.recovery.source": "Apêndice A: RECOVERY (R132)",
    "safety_car.safety_car.title": "Safety Car",
    "safety_car.safety_car.text": "It comes out at once when a car crashes out at a point showing its"
                                  " symbol. The players who have not played this turn may pit first; "
                                  "then the field lines up behind it in the leader's section, one "
                                  "section apart, the lap tokens discarded, and a new game turn "
                                  "begins. Under it each car draws a Race Card, follows one section "
                                  "without playing cards (no passing, no strategy, skill or bonus) "
                                  "and discards a card. It leaves when a new Race Stage begins.",
    "safety_car.safety_car.source": "Safety Car; Realinhamento; Turnos Individuais com o SC na Pista;"
                                    " Saída do SC da Pista (R114–R118)",
    "safety_car.point.title": "Safety Car point",
    "safety_car.point.text": "A crash out from this section's recovery chart calls the Safety Car.",
    "safety_car.point.source": "Safety Car (R114)",
    "safety_car.pit.title": "Pit stop under the Safety Car",
    "safety_car.pit.text": "The car goes to the back of the line, the gap closes, and it may fill its"
                           " tank to 16 turns without going back further.",
    "safety_car.pit.source": "Pit-stops com o SC na Pista (R117)",
    "safety_car.restart.title": "Restart",
    "safety_car.restart.text": "After the Safety Car leaves: passing, lapping and unlapping cost 1 MP"
                               " anywhere; no duels and no trajectories; yellow flags still hold; the"
                               " blue flag and Lapping lap for 0 MP.",
    "safety_car.restart.source": "Relargadas (R120)",
    "extreme.extreme.title": "Extreme Trajectory",
    "extreme.extreme.text": "The diamond: its bonus counts only with a movement card of its colour "
                            "and a blind test passed in phase D (not testing ignores it). A failed "
                            "test sends the car into the recovery chart at once; it plays on without "
                            "the bonus.",
    "extreme.extreme.source": "Circuitos — Trajetórias Extremas (ET); D.2; Falha em um Teste de ET "
                              "(R6, R57, R82, R102)",
    "modules.race_length.title": "Race length",
    "modules.race_length.text": "The Short Race ends at the track's short-race finish chit (Lago: "
                                "turn 10 of 20).",
    "modules.race_length.source": "Variant V1, 'Short Race Finish' (R2)",
    "modules.free_practice.title": "Free Practice",
    "modules.free_practice.text": "Before qualifying each player picks a skill and sets up the car (6"
                                  " points of tyre tokens, cards and wear slots); once the hand is "
                                  "dealt, the spare car may replace it once. Off: the chart's printed"
                                  " values and no skill.",
    "modules.free_practice.source": "FREE PRACTICE (R16–R19)",
    "modules.strategies.title": "Strategies",
    "modules.strategies.text": "All nine printed strategies, or the basic race's four (Save Tyres, "
                               "Banging Wheels, Lucky, Balance).",
    "modules.strategies.source": "Apêndice A (R124–R132)",
    "modules.weather.title": "Weather and tyres",
    "modules.weather.text": "The weather card, the weather pawn and its table, the four tyre types "
                            "and their table, blue tokens, the robots' tyres and their weather pit "
                            "stop. Off: a dry race on hard tyres. Only a track that prints a weather "
                            "table has it (Lago).",
    "modules.weather.source": "Condições do Tempo; Escolha de pneus (R30–R35, R76–R79)",
    "modules.flags.title": "Flags",
    "modules.flags.text": "The cards' yellow, green, blue and orange flags in phase D.4. Off: the "
                          "flags on the cards are ignored.",
    "modules.flags.source": "D.4 Bandeiras (R70–R75)",
    "modules.safety_car.title": "Safety Car",
    "modules.safety_car.text": "A crash out at a point showing the Safety Car symbol brings it out: a"
                               " pit window, the field lined up behind it, turns following it, and a "
                               "restart when it leaves at the next Race Stage. Off: crashes never "
                               "call it.",
    "modules.safety_car.source": "Safety Car; Realinhamento; Relargadas (R114–R120)",
    "modules.extreme.title": "Extreme Trajectories",
    "modules.extreme.text": "The diamond spots: a bonus for a card of their colour after a blind test"
                            " in phase D, a recovery chart at once on a failure; Flat Out and the "
                            "orange flag's robots use them. Off: the diamonds are not used.",
    "modules.extreme.source": "Trajetórias Extremas (R6, R57, R82, R95, R102, R112)",
    "modules.track_powers.title": "Track Card powers",
    "modules.track_powers.text": "A Track Card's combination icon pairs it with any card; its Discard"
                                 " Powers pass a late brake or double its MP in a duel in its own "
                                 "corner.",
    "modules.track_powers.source": "Mais Sobre Track Cards (R110, R111)",
    "modules.tyre_table.title": "Intermediate tyres' row",
    "modules.tyre_table.text": "The printed row says intermediates lose 1 MP in sun and in drizzle; "
                               "we read it as sun and rain (they are drizzle tyres). Either may be "
                               "played.",
    "modules.tyre_table.source": "Condições do Tempo, the tyre table; decision A2",
    "when.qualify": "in qualifying, at the start and at restarts",
    "when.lapping": "whenever it laps",
    "when.pitting": "at each pit stop",
    "when.reflexes": "on every test",
    "when.tuning": "at setup and each pit stop",
    "when.rain_expert": "in drizzle, and on rain tyres at the start",
    "when.flat_out": "on Extreme Trajectories",
    "decision.hand": "The spare car: keep the hand dealt, or take a new one once and keep it.",
    "decision.wear": "A wear token from the bag: a red one is repaired at the pit stop, a brown one "
                     "is permanent.",
    "decision.qualify": "The card you lay face down sets your grid slot with your fuel choice.",
    "decision.fuel": "How far your fuel lasts: a longer run qualifies worse.",
    "decision.strategy": "A strategy for the race: it changes what some cards cost.",
    "decision.declare": "Drive this turn, skip it, or go into the pits.",
    "decision.pit": "A pit stop: new tyres and fuel, at the cost of sections.",
    "decision.play": "One card or a pair for movement points: under each, where you land and what it costs.",
    "decision.pay": "Pay the card's tyres with tokens or cards.",
    "decision.check": "A card's factor against your Target card: at most the target passes.",
    "decision.brake": "A late brake gains distance; a failed check leaves the track.",
    "decision.trajectory": "A trajectory spot in this section gives a bonus for cards of its colour.",
    "decision.duel": "A corner duel: secret cards decide the order.",
    "decision.discard": "Cards to discard.",
    "decision.practice": "Free Practice: a skill for the race, the car's setup (tyres, cards, wear "
                         "slots for 6 points), then the spare car: keep the hand dealt or take a new "
                         "one, once.",
    "decision.skill": "Your skill acts now: Versatility changes the strategy, Wise Driving swaps Race"
                      " Cards, Sixth Sense declares a flag token that acts in phase D.4.",
    "decision.draw": "Phase B: draw a Race Card; Save Fuel may trade a card over [2] for two, Chase "
                     "may take a card the chased car played.",
    "decision.tyres": "Fit new tyres or keep the ones on the car.",
    "how.1": "A Formula 1 race without dice on a loop of sections: straights, braking zones and "
             "corners. Robots fill the field; the leader after the last game turn wins.",
    "how.2": "Each game turn the sections are activated from the leader backwards. In a corner cars "
             "may first duel with secret cards for the order.",
    "how.3": "On your turn declare (drive, skip or pit), draw a Race Card, then play one card or a "
             "pair for movement points: each card costs tyres, wear or discards, and some call for a "
             "check of a card's factor against your Target card. Every movement point must be spent; "
             "overtaking costs more.",
    "how.4": "Before a corner you may brake late for more distance, at the risk of leaving the track.",
    "how.5": "The advanced game adds, each a lobby option: Free Practice (a skill for your driver and"
             " the car's setup), nine strategies, the weather (a pawn on the track's weather table "
             "that cards move; tyres that do not suit it lose movement points; rain takes 20 from "
             "every check), flags (yellow slows a corner, green clears it, blue laps backmarkers "
             "cheaply, orange makes a robot brake late) and the Track Cards' powers. Hover over "
             "anything on the table, or open the list under the chart, for what it means and where "
             "the book says it.",
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


#: The three parts of a help entry.
PARTS = ("title", "text", "source")


def help_text(key: str) -> str:
    """One of the long texts of :data:`HELP`, in the language in use."""
    return pgettext("formula90", key, HELP[key])


def _slug(name: str) -> str:
    return name.lower().replace(" ", "_")


class HelpTable(Mapping[str, dict[str, str]]):
    """A group of :data:`HELP`'s entries ("skills", "flags"…) by name, the core's ("Sixth Sense")
    or its slug ("sixth_sense"): each {title, text, source} in the language in use when read."""

    def __init__(self, group: str) -> None:
        self.group = group
        head = f"{group}."
        self.names = list(dict.fromkeys(k[len(head):].rsplit(".", 1)[0] for k in HELP if k.startswith(head)))

    def __getitem__(self, name: str) -> dict[str, str]:
        slug = _slug(name)
        if slug not in self.names:
            raise KeyError(name)
        return {part: help_text(f"{self.group}.{slug}.{part}") for part in PARTS}

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


def help_line(entry: Mapping[str, str] | None, titled: bool = True) -> str:
    """One help text: its title, the meaning and, after a dash, where the book says it."""
    if not entry:
        return ""
    if titled:
        return say("help.line.titled", title=entry["title"], text=entry["text"], source=entry["source"])
    return say("help.line", text=entry["text"], source=entry["source"])


def glossary_line(entry: Mapping[str, str] | None, titled: bool = True) -> str:
    """One help text as the page's glossary says it: the term and its meaning, without the book's
    section (the lessons name the book; a player at the table reads the rule, not its index)."""
    if not entry:
        return ""
    return say("help.line.plain", title=entry["title"], text=entry["text"]) if titled else entry["text"]


def when_words(skill: str) -> str:
    """When a skill whose chit never turns acts (the chart's short word for it)."""
    key = f"when.{_slug(skill)}"
    return help_text(key) if key in HELP else say("when.all_race")


def how_to_play() -> list[str]:
    return [help_text(k) for k in HELP if k.startswith("how.")]


def joined(items: Sequence[str], key: str = "list.comma") -> str:
    """Items joined by the catalogue's separator."""
    out = ""
    for i, item in enumerate(items):
        out = item if i == 0 else say(key, a=out, b=item)
    return out


def name(ref: dict[str, Any] | None) -> str:
    """A reference (car, card, strategy, section) as people read it."""
    return str(ref["name"]) if ref else ""


def section_name(ref: Mapping[str, Any] | None) -> str:
    """A section as people read it, from the core's reference (its number, kind and the track's
    name for it, null where the track names none): the track's name, else its kind and number
    ("straight 5")."""
    if not ref:
        return ""
    if ref.get("name"):
        return str(ref["name"])
    return say("section.unnamed", kind=term("section", str(ref["kind"])), number=ref["number"])


def ref_name(ref: Mapping[str, Any]) -> str:
    """Any reference of an event in words: a section (number and kind) by :func:`section_name`,
    a car, card, strategy or skill by its name."""
    return section_name(ref) if "number" in ref and "kind" in ref else str(ref["name"])


def car_section(car: Mapping[str, Any]) -> str:
    """The section a car of the view stands in, in words."""
    return section_name({"number": car["section"], "kind": car["section_kind"], "name": car["section_name"]})


def car_name(name: str) -> str:
    """A car as its reader names it: a shipped car by its colour in the reader's language (its
    ``names``, docs/content/names.md), a robot or a car of one's own content as the core names it."""
    for car in document("formula90", "cars.toml")["car"]:
        if car["name"] == name:
            return name_in(car, language())
    return name


def car_ref(ref: dict[str, Any] | None) -> str:
    """A car of the core's references (``{"id", "name"}``) in the reader's words."""
    return car_name(name(ref))


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
    args = {"number": car["section"], "name": car_section(car), "lap": lap_number(car)}
    if car["laps_down"]:
        return say("where.section.down", laps=laps(int(car["laps_down"])), **args)
    return say("where.section", **args)


def _section(e: dict[str, Any], key: str = "section") -> str:
    return section_name(e.get(key))


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
        result = say("check.passed" if e["pass"] else "check.failed")
        if not e.get("card"):
            return say("act.check.no_card", why=say(f"why.{e['why']}"), result=result)
        return say("act.check", why=say(f"why.{e['why']}"), card=name(e["card"]), target=e["target"], result=result)
    if kind == "pass":
        return say("act.pass", relation=say(f"relation.{e['relation']}"), other=car_ref(e["other"]), cost=e["cost"])
    if kind == "blocked":
        return say("act.blocked", by=car_ref(e["by"]), lost=e["lost"])
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
        return say("act.chased", chased=car_ref(e["chased"])) if e.get("chased") else say("act.chased.off")
    if kind == "chase_take":
        return say("act.chase_take", card=name(e["card"]), other=car_ref(e["from"]))
    if kind == "retired":
        return say("act.retired", why=say(f"retire.{e['why']}"))
    if kind == "join":
        return say("act.join.yes" if e["join"] else "act.join.no")
    fields = {k: (ref_name(v) if isinstance(v, dict) else term(k, v) if k in TERMS else v)
              for k, v in e.items() if k not in ("kind", "car", "seat")}
    return say(f"act.{kind}", **fields)


def _duel_mp(r: dict[str, Any]) -> str:
    """"6 MP with 97 (4 MP) + 98 (4 MP), -2 from the corner's duel box or a strategy": what one car's cards count."""
    cards = joined([say("event.duel.card", card=name(c["card"]), mp=c["mp"]) for c in r["cards"]],
                   "list.plus") or say("no_card")
    modifiers = say("event.duel.modifiers", n=r["modifiers"]) if r["modifiers"] else ""
    return say("event.duel.mp", total=r["total"], cards=cards, modifiers=modifiers)


def _duel_words(e: dict[str, Any]) -> str:
    """Who comes out ahead and with what, the others by total; cars level keep their order and
    take wear (decisions 5 and 6). The core lists the cars by total, ties in their order."""
    groups: list[list[dict[str, Any]]] = []
    for r in e["result"]:
        if groups and groups[-1][0]["total"] == r["total"]:
            groups[-1].append(r)
        else:
            groups.append([r])
    parts = []
    for k, group in enumerate(groups):
        if len(group) > 1:
            each = joined([say("event.duel.car", car=car_ref(r["car"]), mp=_duel_mp(r)) for r in group])
            parts.append(say("event.duel.tie", cars=joined([car_ref(r["car"]) for r in group]),
                             total=group[0]["total"], each=each))
        else:
            key = "event.duel.ahead" if k == 0 and len(groups) > 1 else "event.duel.car"
            parts.append(say(key, car=car_ref(group[0]["car"]), mp=_duel_mp(group[0])))
    return say("event.duel", section=_section(e), result=joined(parts, "list.semicolon"))


def event_words(e: dict[str, Any]) -> str:
    """One event as a sentence ("Orange enters Curva Grande")."""
    kind = str(e["kind"])
    if kind == "yellow_removed" and not e.get("car"):
        return say("event.yellow_removed.leader", section=_section(e))
    if e.get("car"):
        return say("line.colon" if kind in COLON else "line.car", car=car_ref(e["car"]), act=act_words(e))
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


def steps(entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps of the core's log entries, in order. An entry is one applied action (a seat's
    decision, or chance) with every step the rules took for it; the words gather a car's turn
    from its steps across entries (its declaration, draws, card play, checks, sections)."""
    return [step for entry in entries for step in entry["steps"]]


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
            shown = car_name(self.name)
            return say("line.car", car=shown, act=say("act.plays")) if self.declared else shown
        head = say("turn.head", car=car_name(self.name), cards=self.cards or say("turn.moves"))
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
    landing = {"number": plan["landing"], "kind": plan["landing_kind"], "name": plan["landing_name"]}
    parts = [say("plan.to", number=plan["landing"], name=section_name(landing))]
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
    text = (say("duel.member.total", car=car_name(member["car"]), how=how, total=total) if total is not None
            else say("duel.member", car=car_name(member["car"]), how=how))
    return say("duel.member.sealed", member=text, sealed=count("n.sealed", sealed)) if sealed else text


def _spot(move: dict[str, Any], view: dict[str, Any] | None, extreme: bool) -> dict[str, Any] | None:
    """The trajectory spot (or Extreme Trajectory) a move takes, from the view's section the car is in."""
    section = ((move.get("leads_to") or {}).get("section") or {}).get("number")
    sections = {int(x["number"]): x for x in (view or {}).get("sections", [])}
    here = sections.get(int(section)) if section is not None else None
    if not here:
        return None
    if extreme:
        found: dict[str, Any] | None = here.get("extreme")
        return found
    spots = here.get("trajectories") or []
    i = int(move["spot"]) - 1
    return dict(spots[i]) if 0 <= i < len(spots) else None


def _bonus_args(spot: dict[str, Any]) -> dict[str, Any]:
    return {"colours": joined([term("colour", str(c)) for c in spot["colours"]], "list.slash"), "bonus": spot["bonus"]}


def move_words(move: dict[str, Any], view: dict[str, Any] | None = None, kinds: Collection[str] = ()) -> str:
    """A move as its button or numbered choice reads ("play 9 + 13 (2 MP)"), from the move and,
    for what it does not carry (the Safety Car out, the chased car, a trajectory's colours and
    bonus), the view it was offered in; ``kinds``, those of the moves offered with it (a discard
    offered with the draw is Save Fuel's trade)."""
    kind = str(move["kind"])
    if kind == "discard" and "draw" in kinds:
        return say("move.discard.save_fuel", card=name(move["card"]))
    cars = {str(c["name"]): c for c in (view or {}).get("cars", [])}
    safety_car = bool(((view or {}).get("safety_car") or {}).get("out"))
    if kind in ("qualify", "discard", "pay_card", "late_brake_power", "extreme_power"):
        return say(f"move.{kind}", card=name(move["card"]))
    if kind == "fuel":
        return say("move.fuel", fuel=move["fuel"])
    if kind == "strategy":
        return say("move.strategy", strategy=name(move["strategy"]))
    if kind == "skill":
        return say("move.skill", skill=name(move["skill"]))
    if kind == "drive":
        return say("move.drive.safety_car" if safety_car else "move.drive")
    if kind == "pit":
        extra = int(move.get("extra") or 0)
        if extra:
            return count("move.pit.extra", extra)
        return say("move.pit.safety_car" if safety_car else "move.pit")
    if kind == "tyres":
        return say("move.tyres", tyre=term("tyre", str(move["tyre"])))
    if kind == "chase_take":
        chased = cars.get(name(move.get("car")), {}).get("chasing")
        return (say("move.chase_take.from", card=name(move["card"]), car=car_name(chased)) if chased
                else say("move.chase_take", card=name(move["card"])))
    if kind == "play":
        if not move["cards"]:
            return say("move.play.none")
        cards = joined([name(c) for c in move["cards"]], "list.plus")
        text = say("move.play.trajectory" if move.get("trajectory") else "move.play", cards=cards)
        mp = (move.get("leads_to") or {}).get("mp")
        return say("move.play.mp", text=text, mp=mp) if mp is not None else text
    if kind == "check":
        how = "with" if move.get("with") else "blind"
        args = {"with_card": name(move.get("with"))}
        if move.get("of"):
            return say(f"move.check.{how}", card=name(move["of"]), **args)
        return say(f"move.check.other.{how}", **args)
    if kind in ("trajectory", "take_extreme"):
        spot = _spot(move, view, extreme=kind == "take_extreme")
        if spot:
            return say(f"move.{kind}.bonus", spot=move.get("spot"), **_bonus_args(spot))
        return say(f"move.{kind}", spot=move.get("spot"))
    if kind == "duel_cards":
        return say("move.duel_cards", cards=joined([name(c) for c in move["cards"]], "list.plus"))
    if kind == "weather_step":
        return say(f"move.weather_step.{move['step']}")
    if kind == "yellow_flag":
        behind = int(move["behind"])
        section = say("board.section", number=move["section"]["number"], name=section_name(move["section"]))
        if behind == 0:
            return say("move.yellow_flag.front", section=section)
        return say("move.yellow_flag.one" if behind == 1 else "move.yellow_flag.many", section=section, n=behind)
    if kind == "green_flag":
        return say("move.green_flag", section=say("board.section", number=move["section"]["number"],
                                                   name=section_name(move["section"])))
    if kind in ("force_late_brake", "no_force", "force_extreme"):
        return say(f"move.{kind}", robot=name(move["robot"]))
    if kind == "setup":
        return say("move.setup", points=sum(int(v) for v in move["points"].values()), **move["chart"])
    if kind == "sixth_sense":
        return say("move.sixth_sense", flag=term("flag", str(move["flag"])))
    key = f"move.{kind}"
    return say(key) if key in CATALOGUE else say("move.other", kind=move.get("label", kind))


#: The keys of the script's own words (``js.*``), sent with each table.
SCRIPT_WORDS = ("no_board", "weather", "weather_track", "safety_car", "flags", "glossary", "played", "activation",
                "revealed", "checks", "hand")
COLUMNS = ("place", "car", "where", "tyres", "tyre_tokens", "wear", "fuel", "target", "strategy", "skill", "hand")


def script_words() -> dict[str, Any]:
    """What the page's script writes itself, in the reader's language."""
    out: dict[str, Any] = {k: say(f"js.{k}") for k in SCRIPT_WORDS}
    out["columns"] = [say(f"js.col.{k}") for k in COLUMNS]
    return out


def board_lines(view: dict[str, Any], safety_car: int | None) -> list[str]:
    """What the track board shows, in words (names, sections from 1); ``safety_car`` the section
    the Safety Car stands in, if it is out."""
    names = {int(x["number"]): say("board.section", number=x["number"], name=section_name(x))
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
    pawns = [say("board.pawn.orange" if c.get("orange_flag") else "board.pawn.blue", car=car_name(c["name"]))
             for c in view.get("cars", []) if c.get("orange_flag") or c.get("blue_flag")]
    if pawns:
        lines.append(say("board.pawns", pawns=joined(pawns)))
    extreme = [car_name(str(c["name"])) for c in view.get("cars", []) if c.get("on_extreme")]
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


def phase_name(phase: str) -> str:
    """The phase the core names (``view["phase"]``), as the status line says it; a phase the
    words do not know yet reads as the core names it."""
    key = f"phase_name.{phase}"
    return say(key) if key in ENGLISH else phase


def refusal_words(key: str, values: Mapping[str, Any]) -> str:
    """The core's refusal ``key`` (``IllegalActionError.key``) with its ``values``, in the reader's
    language: a car by its colour in the reader's words, a skill or strategy by its title, a flag
    by its colour, the phase as the status line says it; a card by the name the core gives it (a
    number or "T" and a number, the same in every language), a move by its label (what a player
    types)."""
    args = dict(values)
    if "car" in args:
        args["car"] = car_name(str(args["car"]))
    if "phase" in args:
        args["phase"] = phase_name(str(args["phase"]))
    for field_, group in (("skill", "skills"), ("strategy", "strategies")):
        if field_ in args:
            args[field_] = _titled(group, str(args[field_]))
    if "flag" in args:
        args["flag"] = term("flag", str(args["flag"]))
    return say(f"refusal.{key}", **args)


def _titled(group: str, name: str) -> str:
    """A skill or strategy the core names ("Wise Driving") by its title in the reader's language."""
    key = f"{group}.{_slug(name)}.title"
    return help_text(key) if key in HELP else name
