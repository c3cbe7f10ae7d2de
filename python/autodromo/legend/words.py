"""Legend in words: the one place that turns the core's moves (``State.moves``), events
(``State.log``) and the lengths of time of a Stage race into text, for the web page and the
terminal alike.

Every string is made by :func:`say` from a key of the English catalogue (``ENGLISH``), looked up
in the gettext catalogue ``legend`` of the reader's language (``autodromo.locale``, issue 31). The words follow the book and ``docs/rules/legend.md``; the
kinds and keys they read are listed there ("Vocabulary"). Nothing here parses a label.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..locale import language, pgettext

#: The languages whose catalogue holds every message (tests/test_catalogues.py checks the claim).
COMPLETE = ("en", "it", "pt")

#: The English catalogue: key -> a ``str.format`` pattern.
ENGLISH: dict[str, str] = {
    # lists and lanes
    "list.comma": "{a}, {b}",
    "list.and": "{a} and {b}",
    "lane.left": "the left lane",
    "lane.middle": "the middle lane",
    "lane.right": "the right lane",
    "lane.n": "lane {n}",
    # lengths of time, in their units: beside the Chrono's clock times ("17:33") a "18:00"
    # would read as 6 pm (issue 32); the book counts "a 6-minute penalty", "–45 seconds"
    "time.h_min_s": "{sign}{h} h {m:02} min {s:02} s",
    "time.h_min": "{sign}{h} h {m:02} min",
    "time.min_s": "{sign}{m} min {s:02} s",
    "time.min": "{sign}{m} min",
    "time.s": "{sign}{s} s",
    "time.none": "—",
    "time.clock": "{h:02}:{m:02}",
    # a decision, by its move's kind
    "move.split_reliability": "Engine {engine}, Brakes {brakes}",
    "move.challenge": "challenge with the {wear}",
    "wear.engine": "Engine",
    "wear.brakes": "Brakes",
    "wear.tires": "Tyres",
    "move.no_challenge": "no challenge",
    "move.match_challenge": "match the challenge",
    "move.yield_position": "yield the position",
    "move.bid_priority": "bid a Temperature step for priority",
    "move.no_bid": "no bid",
    "move.match_bid": "match the bid",
    "move.concede_priority": "concede priority",
    "move.accelerate": "accelerate {by}",
    "move.accelerate_push": "accelerate {by}, pushing (an Engine point)",
    "move.maintain": "maintain the speed",
    "move.maintain_push": "maintain the speed, pushing (an Engine point)",
    "move.lift_and_coast": "lift and coast",
    "move.stop_to_cool": "stop to cool",
    "move.roadside_stop": "roadside stop",
    "move.pit": "pit stop",
    "move.brake": "brake {by}",
    "move.no_braking": "no braking",
    "move.lift_at_entry": "lift and coast at the entry line",
    "move.emergency_brake": "emergency brake {by}",
    "move.drift": "drift",
    "move.drive_to": "move to {lane}",
    "move.drive_to_row": "to row {row}, {lane}",
    "move.slipstream_row": "slipstream into row {row}, {lane}",
    "move.over_line": "over the {line} line, {lane}",
    "move.regain_best_line": "regain the best line",
    "move.power_out": "power out {by}",
    "move.no_power_out": "no power out",
    "move.slipstream": "slipstream into {lane}",
    "move.slipstream_drift": "slipstream, drifting outward",
    "move.resist_with_tire": "resist the drift with a Tyre point",
    "move.use_part": "use the {part}",
    "move.take_part": "take the {part}",
    "move.set_setup": "set the {card} card to {side}",
    "move.leave_pit": "leave the pit",
    "move.end_stop": "end the stop",
    "move.technical_assistance": "stop for Technical Assistance",
    "move.unknown": "{kind}",
    # what a decision costs
    "cost.temperature": "Temperature +{n}",
    "cost.engine": "Engine −{n}",
    "cost.brakes": "Brakes −{n}",
    "cost.tires": "Tyres −{n}",
    "cost.time": "+{time} on the Time Chart",
    "cost.time.off_road": "+{time} off the road",
    "cost.time.stopped_more": "+{time} one more round stopped",
    "cost.time.check_point": "+{time} Check Point penalty",
    "leads.speed": "speed {speed}",
    "leads.movement_points": "{n} MP to move",
    "leads.finish": "over the line at {clock}",
    "leads.time_bonus": "−{time} residual MPs",
    # what a decision risks
    "risk.crash": "a crash: speed 0 and a Damage card",
    "risk.collision": "a collision: half speed and {n} Damage card(s)",
    "risk.retirement_certain": "your car retires",
    "risk.retirement": "{percent}% chance the Damage card retires your car",
    "risk.check_point_now": "Check Point: crossing at speed {speed} over its limit {limit} costs +{time}",
    "risk.check_point_ahead": "Check Point ahead (speed limit {limit}): at speed {speed}, +{time} unless you brake to {limit} at the line",
    "risk.overheating": "the round's end costs {n} Engine point(s) (Temperature {temperature})",
    "risk.overheating_retires": "your car retires at the round's end (Temperature {temperature}): its Engine has no point left",
    # a reachable space's plan: its wear and what it risks
    "plan.wear": "{wear} −{n}",
    "plan.temperature": "Temperature {n:+}",
    "plan.no_wear": "no wear",
    "plan.needs_engine": "your car retires: the move needs Engine points it does not have",
    "plan.last_point": "the last {wear} point",
    "plan.last_tire": "the last Tyre point: a flat tyre",
    "plan.costs": "costs {what}",
    "plan.damage": "a crash or a collision on the way: a Damage card",
    "plan.penalty": "+{time} Check Point penalty: over the speed limit at the line",
    "plan.round_end_retires": "your car retires at the end of the round: its Engine has no point left to lose",
    "plan.round_end_last": "the end of the round costs the last Engine point",
    "plan.round_end_one": "the end of the round costs 1 Engine point",
    "plan.round_end": "the end of the round costs {n} Engine points",
    # the log, by the event's kind
    "event.decision": "{who}: {what}",
    "event.weather_roll": "Weather: the die shows {value} → {weather}",
    "event.damage_card_effects": "Damage card for {who}: {card} ({effects})",
    "event.event_card_effects": "Event card: {card} ({effects})",
    "card.engine": "−{n} Engine",
    "card.brakes": "−{n} Brakes",
    "card.tires": "−{n} Tyres",
    "card.temperature": "+{n} Temperature",
    "card.flat_tire": "a flat tyre",
    "card.battery": "the battery fails",
    "card.headlights": "the headlights fail",
    "card.no_effect": "no effect",
    "card.all_temperature": "{n:+} Temperature for every car",
    "card.all_tires": "−{n} Tyres for every car",
    "card.all_engine": "−{n} Engine for every car",
    "card.weather_roll": "a weather roll",
    "card.reshuffle": "the deck is reshuffled",
    "card.time_penalty": "+{time} on the Time Chart in a Stage race",
    "card.no_effect_on_a_track": "no effect on a track race",
    "weather.0": "clear",
    "weather.1": "light rain",
    "weather.2": "heavy rain",
    "weather.fog": "fog",
    "event.qualifying_roll": "Qualifying: {who} rolls {value}",
    "event.neutral_roll": "Neutral Cars: the die shows {value}",
    "event.crashed": "{who} crashes",
    "event.retired": "{who} retires",
    "event.penalty": "{who}: +{time} Check Point penalty",
    # the table: where a car is, the turn it meets, the grid before a Track race
    "side.left": "left",
    "side.middle": "middle",
    "side.right": "right",
    "cell.side": "row {row}, {side} lane",
    "cell.n": "row {row}, lane {n} from the left",
    "where.finished": "finished",
    "where.retired": "retired",
    "where.lap": "lap {lap}, {cell}",
    "where.off_road": "{place} (stopped off the road)",
    "grid.place": "grid place {place} of {n} (qualifying)",
    "grid.not_yet": "not on the grid yet",
    "turn.now": "now",
    "turn.in_row": "in {n} row",
    "turn.in_rows": "in {n} rows",
    "turn.unread": "next turn {where}: its marker cannot be read",
    "turn.next": "next turn {rating} {where}: safe speed {speed}",
    "round.before_start": "Before the start",
    "round.n": "Round {n}",
    # a decision's effect on the Dashboard, in the log
    "change.speed": "speed {a} → {b}",
    "change.temperature": "Temperature {n:+}",
    "change.engine": "−{n} Engine",
    "change.brakes": "−{n} Brakes",
    "change.tires": "−{n} Tyres",
    "change.mp": "{n} MP",
    "log.with_cost": "{text} ({cost})",
    "log.space": "{n} space: {a} → {b}",
    "log.spaces": "{n} spaces: {a} → {b}",
    "log.entry": "{driver} ({car}): {what}",
    "log.now": "now speed {speed}, Temperature {temperature}, Engine {engine}, Brakes {brakes}, Tyres {tires}",
    "tires.flat": "flat",
    # retirements, crashes and needles at their last point
    "retire.red_zone": "Temperature {temperature} in the red zone",
    "retire.top_speed": "heating at Top Speed",
    "retire.round_end": "at the end of round {round}, {heat} cost an Engine point it did not have",
    "retire.damage_card": "the Damage card cost an Engine point it did not have",
    "retire.event_card": "the Event card cost an Engine point it did not have",
    "retire.round_limit": "the race's round limit was reached",
    "retire.push": "pushing the engine cost a point it did not have",
    "effect.retires": "{car} retires: {cause}",
    "effect.crashes": "{car} crashes at {cell}: speed 0 and a Damage card",
    "effect.no_engine": "{car} has no Engine point left",
    "effect.no_brakes": "{car} has no Brakes point left",
    "effect.flat_tire": "{car} has a flat tyre",
    "effect.battery": "{car}: the battery fails",
    "effect.headlights": "{car}: the headlights fail",
    "notice.retired": "Your {car} retired. The race goes on without it.",
    "notice.retired_because": "Your {car} retired: {cause}. The race goes on without it.",
    "round.label": "Round",
    "lane.side": "{side} lane",
    "lane.nth": "lane {n} from the left",
    "where.line": "{line}, {lane}",
    "where.over_line": "over the {line} line",
    # a Track race's results
    "result.time.space": "round {round}, {n} space past the line",
    "result.time.spaces": "round {round}, {n} spaces past the line",
    "result.dnf": "did not finish",
    "result.wear": "Engine {engine}/{engine_max}, Brakes {brakes}/{brakes_max}, Tyres {tires}, Temperature {temperature}",
    "result.crash": "{n} crash",
    "result.crashes": "{n} crashes",
    "result.battery": "battery failed",
    "result.headlights": "headlights failed",
    "result.no_damage": "none",
    "result.finished": "finished",
    "result.retired": "retired: {cause}",
    "result.out": "out of the race",
    "result.none": "—",
    "result.wins": "{driver} wins with the {car}",
    "result.nobody": "Nobody finished",
    "result.tie.further": "both over the line in round {round}: {driver} went further past it ({a} spaces to {b})",
    "result.tie.order.space": "both over the line in round {round}, {n} space past it: {driver} moved earlier in that round's order",
    "result.tie.order.spaces": "both over the line in round {round}, {n} spaces past it: {driver} moved earlier in that round's order",
    "column.place": "Place",
    "column.car": "Car",
    "column.driver": "Driver",
    "column.time": "Time",
    "column.tie": "Tie broken by",
    "standings.tie.wins": "level on {points} points: {driver} has more wins ({a} to {b})",
    "standings.tie.places": "level on {points} points and wins: {driver} has more {place} places ({a} to {b})",
    "standings.tie.latest": "level on {points} points and places: {driver} finished better in race {k} ({a} to {b})",
    "standings.tie.shared": "level on {points} points with the same finishes: the place is shared",
    "standings.no_finish": "no finish",
    "column.wear": "Wear",
    "column.damage": "Damage",
    "column.status": "Status",
    "ordinal.1": "{n}st",
    "ordinal.2": "{n}nd",
    "ordinal.3": "{n}rd",
    "ordinal.n": "{n}th",
    # a Stage race on the page
    "stage.check_point": "Check Point (speed limit {limit})",
    "stage.arrivo": "Arrivo",
    "chrono.day": "{clock}, day",
    "chrono.night": "{clock}, night",
    "chrono.fog": "{clock}, fog",
    "stage.waiting": "waiting to start at {at}",
    "stage.parked": "over the {line} line at {at}",
    "stage.finished": "finished the route",
    "stage.row": "row {row} of {length}, {lane}",
    "stage.starts": "starts {at}",
    "stage.starts_at": "starts at {at}",
    "stage.over_line_at": "over the line at {at}",
    "stage.finished_in": "finished in {time}",
    "stage.penalty": "+{time} Check Point",
    "stage.time_cards": "+{time} Event cards",
    "stage.bonus": "−{time} residual MPs",
    "stage.rows_to": "rows to the {line}",
    "stage.rows_to_then_1": "rows to the {line}, then 1 stage",
    "stage.rows_to_then": "rows to the {line}, then {n} stages",
    "stage.turn": "{round} · {clock} · stage {number} of {of}",
    "stage.point": "both {n} point",
    "stage.points": "both {n} points",
    "stage.tie.shorter": "{both}: {driver} has the shorter racing time ({a} to {b})",
    "stage.tie.and_time": "{both} and {time} of racing time",
    "stage.tie.time": "both {time} of racing time",
    "stage.tie.earlier": "{both}: {driver} crossed the last line earlier ({a} to {b} on the Chrono)",
    "stage.tie.seats": "{both}, over the last line at {at}: in the order of the seats (the book names no further tiebreak)",
    "stage.stages_done": "{n} of {of}",
    "stage.nothing_added": "none",
    "stage.wins_on_points": "{driver} wins the {route} with the {car} on points",
    "stage.wins_in": "{driver} wins the {route} with the {car} in {time}",
    "stage.nobody": "Nobody finished the route",
    "column.racing_time": "Racing time",
    "column.added": "Time added or saved",
    "column.stages": "Stages",
    "column.points": "Points",
    # the page's table as its script draws it (legend.js): Dashboard, cars, key, a stage's Time Chart
    "page.tachometer": "tachometer: speed {speed}, top speed {top}",
    "page.speed_top": "speed {speed} / top {top}",
    "page.gauge": "{label}: {value} / {max}",
    "page.temperature": "Temperature",
    "page.tires_flat": "Tyres: FLAT",
    "page.battery_on": "battery on",
    "page.battery_failed": "battery failed",
    "page.headlights_on": "headlights on",
    "page.headlights_failed": "headlights failed",
    "page.handling": "acceleration {acceleration}, braking {braking}",
    "page.handling_best_line": "acceleration {acceleration}, braking {braking}, on the best line",
    # a car's Spare Part cards (what the auction left it) and what each repairs
    "spares.held": "Spare Parts: {parts}",
    "spares.none": "No Spare Parts",
    "spares.part_one": "{part} ({repairs})",
    "spares.part_many": "{part} ×{n} ({repairs})",
    "spares.repairs.coolant": "Temperature to 0",
    "spares.repairs.plugs": "Engine to full Reliability",
    "spares.repairs.brake_kit": "Brakes to full Reliability",
    "spares.repairs.tires": "Tyres to the first underlined mark",
    "spares.repairs.battery": "the battery",
    "spares.repairs.bulbs": "the headlights",
    "page.car_driver": "{car} ({driver})",
    "page.car_title": "{car} ({driver}): speed {speed}, {where}",
    "page.neutral_car": "{car} (Neutral)",
    "page.car_dashboard": "Temperature {temperature}, Engine {engine}, Brakes {brakes}, Tyres {tires}",
    "page.lap": "{n} lap",
    "page.laps": "{n} laps",
    "page.weather": "weather {weather}",
    "page.moves_left": "{car}: {n} MP left",
    "page.markers_face_down": "markers face down",
    "page.reach": "Point at or tab to a highlighted space to see its cost; click it to drive there.",
    "page.cars": "Cars",
    "column.where": "Where",
    "column.speed": "Speed",
    "column.dashboard": "Dashboard",
    "key.best_line": "best line",
    "key.uphill": "uphill",
    "key.downhill": "downhill",
    "key.box": "Box (pit lane entry)",
    "key.reach": "reachable: the number is your speed there",
    "key.risk": "! reachable with a risk",
    "key.track": "A–E turn markers; white lines: entry and exit; dashed: finish; small numbers: rows",
    "key.assistance": "Technical Assistance tile",
    "key.stage": "A–E turn markers, ? face down (night without headlights, fog); the dashed line past the last row is the Arrivo or the Check Point",
    "page.stage.title": "{route} · Stage {number} of {of}: {name}",
    "page.stage.rows": "{length} rows to the {line}",
    "page.stage.board": "{stage}: the stage and the cars",
    "page.stage.check_point_sign": "Check Point ≤ {limit}",
    "page.stage.start": "Start",
    "page.chrono": "Chrono {clock}",
    "page.start_times": "Start times: {starts}",
    "page.start_time": "{car} at {at}",
    "page.time_chart": "Time Chart",
    "page.time_chart.stage": "Stage {k}: Chrono at start → finish (speed)",
    "page.time_chart.retired": "retired ({time})",
    # the phase the status line names, by the core's name of it
    "phase_name.reliability split": "reliability split",
    "phase_name.qualifying die": "qualifying die",
    "phase_name.qualifying challenge": "qualifying challenge",
    "phase_name.answer to a challenge": "answer to a challenge",
    "phase_name.priority bid": "priority bid",
    "phase_name.answer to a priority bid": "answer to a priority bid",
    "phase_name.weather roll": "weather roll",
    "phase_name.event card": "event card",
    "phase_name.damage card": "damage card",
    "phase_name.Neutral Cars' die": "Neutral Cars' die",
    "phase_name.set the pace": "set the pace",
    "phase_name.entry line": "entry line",
    "phase_name.movement": "movement",
    "phase_name.exit line": "exit line",
    "phase_name.slipstream": "slipstream",
    "phase_name.slipstream in a turn": "slipstream in a turn",
    "phase_name.pit stop": "pit stop",
    "phase_name.race over": "race over",
    "phase_name.in progress": "in progress",
    # a Track race's distance to the line, beside each car
    "distance.spaces": "spaces",
    # the championship's page as its script draws it (static/games/legend/event.js)
    "page.sale.car": "{car} ({year})",
    "page.sale.figures": "Performance {performance}, Ranking {ranking}",
    "page.sale.more": "Reliability {reliability}, Top Speed {top_speed}",
    "page.sale.lot": "car {lot} of {lots}",
    "page.sale.lot_attaching": "car {lot} of {lots} · the winner attaches its cards",
    "page.bidder.has": "has the {car}",
    "page.bidder.passed": "passed on this car",
    "page.bidder.bid": "bid: {cards}",
    "page.bidder.hand": "spare parts in hand",
    "page.attached": "Attached: {cars}",
    "page.attached.car": "{car}: {parts}",
    "page.repair.car": "{car}: Engine {engine}/{engine_max}, Brakes {brakes}/{brakes_max}, Tyres {tires}",
    "page.repair.podium_car": "{car} (on the podium)",
    "page.repair.no_part": "none",
    "page.repair.use": "use {part} ({n} held): {repairs}",
    "page.repair.part": "{part}: {repairs}",
    "page.repair.collect": "Collect a spare part",
    "page.repair.submit": "Repair and go on",
    "page.split_help": "Share your car's Reliability between the Engine and the Brakes for the whole championship.",
    "page.go_to_race": "Go to the race",
    "page.champion": "Champion: {driver}",
    # the championship around the races: the Spare Part auction, the split, repairs, standings
    "auction.add": "Add {part} to your bid",
    "auction.stand": "Stand on your bid ({cards})",
    "auction.pass": "Pass on this car (your cards come back)",
    "auction.attach": "Attach {part} to the {car}",
    "auction.told.add": "{who} adds {part} to the bid for the {car}",
    "auction.told.stand": "{who} stands on {cards} for the {car}",
    "auction.told.pass": "{who} passes on the {car}",
    "auction.told.attach": "{who} attaches {part} to the {car}",
    "auction.card": "{n} card",
    "auction.cards": "{n} cards",
    "auction.the_car": "car",
    "event.sets": "{who} sets the {car}: Engine {engine}, Brakes {brakes}",
    "event.wins_car": "{who} wins the {car}",
    "event.repairs": "{who}: {what}",
    "repair.collects": "collects {part}",
    "repair.points": "repairs {points}",
    "repair.point.engine": "Engine +{n}",
    "repair.point.brakes": "Brakes +{n}",
    "repair.point.tires": "Tyres +{n}",
    "repair.uses": "uses {parts}",
    "repair.none": "no repair",
    "event.race_starts": "Race {k} of {n} starts: {circuit}",
    "column.player": "Player",
    "column.race": "Race {k}",
    "championship.auction": "The Spare Part auction",
    "championship.split": "Engine and Brakes",
    "championship.race": "Race {k} of {n}",
    "championship.repairs": "Repairs after race {k} of {n}",
    "championship.over": "Final standings",
    # the lobby
    "option.route": "Race",
    "option.track_race": "a Track race on the circuit below",
    "option.stage_race": "Stage race: {route}",
    "option.circuit": "Circuit",
    "option.laps": "Laps (empty: the circuit's)",
    "option.qualifying": "Qualifying challenges",
    "option.choose_split": "Choose the Engine/Brakes split",
    "option.slipstream_in_turns": "Variant: slipstream in turns",
    "option.realistic_collisions": "Variant: realistic collisions",
    "option.priority_bid": "Variant: priority bid",
    "option.residual_mps": "Stage races: residual MPs save time",
    "option.historical_points": "Stage races: the Historical points decide",
    "bot.neutral": "Neutral Car (rules-driven)",
    # the championship's lobby and its rules in short
    "event.option.mode": "Racing Day",
    "event.option.historical": "Historical: the cars of an era, sold in the Spare Part auction",
    "event.option.balanced": "Balanced: each player picks a car (Rankings within 3 points)",
    "event.option.era": "Era (historical)",
    "event.option.era_cars": "{era}: {n} cars",
    "event.option.era_car": "{era}: {n} car",
    "era.prewar": "Before the war (1927–1938)",
    "era.postwar": "After the war (1947–1953)",
    "era.fifties": "The last years (1954–1957)",
    "event.option.circuits": "Races",
    "event.option.laps": "Laps a race",
    "event.rules.auction": "Bid with Spare Part cards, one at a time: stand on your bid when it is the highest, or pass (your cards come back). The winner attaches its bid cards to cars still for sale; whoever wins those cars takes them. The cards left in your hand are your spare parts in the races.",
    "event.rules.repair_podium": "A podium finisher either collects one spare part or repairs up to 4 points among Engine and Brakes. A part can be collected only while you hold at most one of it; a spare part you use repairs its system fully.",
    "event.rules.repair": "Collect one spare part and repair up to 4 points among Engine, Brakes and Tyres. A part can be collected only while you hold at most one of it; a spare part you use repairs its system fully.",
    # the bridge emulator's dashboard (firmware_bridge): its lamps, what each means, its needles
    "bridge.lamp.YOUR TURN": "YOUR TURN",
    "bridge.lamp.REFUSED": "REFUSED",
    "bridge.lamp.FINISHED": "FINISHED",
    "bridge.lamp.OUT": "OUT",
    "bridge.lamp.BEST LINE": "BEST LINE",
    "bridge.lamp.FLAT TIRE": "FLAT TIRE",
    "bridge.lamp.RAIN": "RAIN",
    "bridge.lamp.GAME OVER": "GAME OVER",
    "bridge.lamp.NIGHT": "NIGHT",
    "bridge.lamp.FOG": "FOG",
    "bridge.lamp.CHECK POINT": "CHECK POINT",
    "bridge.lamp.TURN UNSEEN": "TURN UNSEEN",
    "bridge.lamp.1ST": "1ST",
    "bridge.lamp.2ND": "2ND",
    "bridge.lamp.3RD": "3RD",
    "bridge.means.YOUR TURN": "this car decides now",
    "bridge.means.REFUSED": "the last button was refused, see the log",
    "bridge.means.FINISHED": "this car has finished",
    "bridge.means.OUT": "retired or off the road",
    "bridge.means.BEST LINE": "on the turn's best line",
    "bridge.means.FLAT TIRE": "a flat tyre",
    "bridge.means.RAIN": "rain: markers read a step lower per level",
    "bridge.means.GAME OVER": "the race is over",
    "bridge.means.NIGHT": "night on the Chrono: markers face down unless the headlights work",
    "bridge.means.FOG": "fog: markers face down until the car is at the turn",
    "bridge.means.CHECK POINT": "this stage ends at a Check Point: mind its speed limit at the line",
    "bridge.means.TURN UNSEEN": "the next turn's marker cannot be read yet: no turn pins",
    "bridge.means.1ST": "the race is over: this seat won",
    "bridge.means.2ND": "the race is over: this seat placed second",
    "bridge.means.3RD": "the race is over: this seat placed third",
    # the bridge emulator's screen around the game's words (autodromo_bridge.screen.FRAME's keys), its buttons
    "bridge.frame.title": "autodromo bridge: {race}",
    "bridge.frame.title.seed": "autodromo bridge: {race}, seed {seed}",
    "bridge.frame.race.sections": "{heading} at {track}",
    "bridge.frame.race.circuit": "{title} on the {circuit} circuit",
    "bridge.frame.race.route": "{title}, a Stage race on the route {route}",
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
    "bridge.frame.buttons": "pace buttons",
    "bridge.frame.waiting": "waiting: {who} plays; your turn comes back here",
    "bridge.frame.chance": "chance",
    "bridge.frame.bot_seat": "this seat is driven by a bot: the dashboard only shows it",
    "bridge.frame.lamp": "{name} ({meaning})",
    "bridge.frame.lamps_lit": "lamps lit: {lamps}",
    "bridge.frame.lamps_none": "none",
    "bridge.frame.log": "LOG",
    "bridge.frame.log_empty": "(nothing yet)",
    "bridge.frame.keys": "keys, then Enter: + / - turn the selector (++ two steps), c confirms",
    "bridge.frame.keys.button": "{keys}, {control} {word}",
    "bridge.button.maintain": "maintain",
    "bridge.button.accelerate 1": "accelerate 1",
    "bridge.button.lift and coast": "lift and coast",
    "bridge.button.stop to cool": "stop to cool",
    "bridge.needles": "needles: speed {speed}, safe speed of the next turn {pins}, temperature {temperature}, engine {engine}, brakes {brakes}, tyres {tires}",
    # the terminal's prompt: a refused answer, an empty one
    "prompt.refused": "not possible: {reason}",
    "prompt.choose": "choose from the list",
    "prompt.type_a_number": "type a number",
    # the terminal's race (tui/legend.py): a Dashboard a line, a Stage race's Time Chart, the classification
    "tui.speed": "speed {speed}/T{top}",
    "tui.temperature": "temp {temperature}",
    "tui.engine": "engine {engine}/{engine_max}",
    "tui.brakes": "brakes {brakes}/{brakes_max}",
    "tui.tires": "tires {tires}",
    "tui.flat": "FLAT",
    "tui.pins": "pins {pins}",
    "tui.best_line": "best line",
    "tui.battery_failed": "battery!",
    "tui.lights_failed": "lights!",
    "tui.where": "lap {lap} row {row} lane {lane}",
    "tui.status.off_road": "off road",
    "tui.status.finished": "finished",
    "tui.status.retired": "retired",
    "tui.status.waiting": "waiting",
    "tui.status.parked": "parked",
    "tui.track": "{circuit}: round {round}, {laps} laps, weather {weather}",
    "tui.check_point": "Check Point, speed limit {limit}",
    "tui.day": "day",
    "tui.night": "night",
    "tui.waiting": "waiting: starts at {at}",
    "tui.parked": "over the line at {at}: waits for the next stage",
    "tui.off_road": "{place}, stopped off the road",
    "tui.turn_unseen": "next turn {where}: marker unseen",
    "tui.turn_next": "next turn {rating} {where}, safe speed {speed}",
    "tui.on_the_road": "{start} → on the road",
    "tui.stage_run": "{start} → {finish} at speed {speed}",
    "tui.time_cards": "+{time} cards",
    "tui.bonus": "−{time} residual",
    "tui.time_chart": "Time Chart:",
    "tui.stage_cell": "stage {k}: {cell}",
    "tui.racing_time": "racing time {time}",
    "tui.retired_note": "(retired)",
    "tui.stage_title": "{route} · stage {number} of {of}: {name} ({finish}), {length} rows",
    "tui.round_chrono": "round {round} · Chrono {clock}",
    "tui.classification.points": "Final classification (by points):",
    "tui.classification.time": "Final classification (by racing time):",
    "tui.retired_after": "retired after {n} of {of} stages",
    "tui.penalties": "Check Point penalties {time}",
    "tui.points": "{n} points",
    "tui.race_start": "Legend, {where}, {n} cars, seed {seed}",
    "tui.finishing_order": "finishing order: {cars}",
    # the core's refusals, "refusal.<key>" for each key of Game.refusal_keys() (the English is the
    # core's own; the phase is filled in by refusal_words, a Spare Part is its brand)
    "refusal.brake_at_entry": "braking is allowed only at an entry line (now: {phase})",
    "refusal.pace_at_round_start": "the pace is set at the start of your round (now: {phase})",
    "refusal.maintain_needs_push": "maintain: above Top Speed the Speed is held only by pushing (an Engine point); or lift and coast",
    "refusal.standing_start": "standing start: you must accelerate to get moving",
    "refusal.accelerate_at_round_start": "accelerate {k}: the pace is set at the start of your round",
    "refusal.accelerate_battery": "accelerate {k}: with a failed battery a standing start is 1 at most",
    "refusal.accelerate_limiter": "accelerate {k}: the Acceleration limiter allows {a}",
    "refusal.accelerate_top_speed": "accelerate {k}: the car is at Speed {s}, Top Speed {t}: past it only by pushing",
    "refusal.accelerate_less": "accelerate {k}: the Acceleration limiter ({a}) and Top Speed ({t}) allow less",
    "refusal.push": "push: only past Top Speed by one step, or +1 at a standing start, with an Engine point",
    "refusal.lift_and_coast_standing": "lift and coast: the car is standing",
    "refusal.stop_to_cool": "stopping to cool is chosen at the start of the round (now: {phase})",
    "refusal.lift_at_entry_standing": "lift and coast at the entry line: the car is standing",
    "refusal.pit_from_box": "the Pit Lane is entered only from the stretch marked Box",
    "refusal.power_out_at_exit": "powering out only at the exit line, not after drifting past it (now: {phase})",
    "refusal.power_out_more": "power out {k}: more than the unused Acceleration ({left} left this round)",
    "refusal.too_fast": "emergency braking and drifting: only when entering a turn too fast (now: {phase})",
    "refusal.drift_too_fast": "drifting: only when entering a turn too fast",
    "refusal.lane_own_movement": "moving to a lane: one space at a time, during your own movement (now: {phase})",
    "refusal.lane": "move to lane {lane}: one space straight or diagonally forward, never into an occupied space, and not above the turn's safe speed",
    "refusal.regain_best_line": "regain best line: only in a turn, standing on its best line, with a Tire point",
    "refusal.resist_flat_tire": "resist with a tire point: no Tire point left to spend (flat tire)",
    "refusal.slipstream_choices": "the slipstream choices come only when a movement ends right behind another car (now: {phase})",
    "refusal.leave_pit": "leaving the pit: only for a car stopped in the Pit Lane (now: {phase})",
    "refusal.set_setup": "set-up: only adjustable cards (suspension, treads, mixture), in the Pit Lane, to their other side (now: {phase})",
    "refusal.split": "the Reliability split is made before the race, leaving each needle at least 1 (now: {phase})",
    "refusal.priority_bid": "the priority bid: only between tied cars at the start of a round (optional rule) (now: {phase})",
    "refusal.challenge": "qualifying challenges: only the car behind challenges, with a wear point it can spare (now: {phase})",
    "refusal.die_range": "a die shows 1 to 6 (now: {phase})",
    "refusal.damage_card_drawn": "that Damage card is not in the deck now (each is drawn once until the reshuffle) (now: {phase})",
    "refusal.event_card_drawn": "that Event card is not in the deck now (each is drawn once until the reshuffle) (now: {phase})",
    "refusal.card_not_die": "a card is drawn now, not a die (now: {phase})",
    "refusal.die_not_card": "a die is rolled now, not a card drawn (now: {phase})",
    "refusal.event_not_damage": "an Event card is drawn now, not a Damage card (now: {phase})",
    "refusal.damage_not_event": "a Damage card is drawn now, not an Event card (now: {phase})",
    "refusal.chance_only": "dice and cards decide only at a roll or a draw (now: {phase})",
    "refusal.assistance_stage_only": "Technical Assistance spots are for Stage races only",
    "refusal.assistance_marker": "technical assistance: only by stopping inside a tile marked with a Technical Assistance marker",
    "refusal.take_spare": "take {part}: a spare part is taken only at a Technical Assistance spot (holding none of that type, one a stop) or at the start after a Check Point (holding at most one of that type)",
    "refusal.brake_not_entry": "brake {k}: braking is allowed only at an entry line",
    "refusal.brake_limiter": "brake {k}: the Braking limiter allows {b}",
    "refusal.brake_speed": "brake {k}: the car is at Speed {s}",
    "refusal.emergency_not_step": "emergency brake {k}: only when entering a turn too fast",
    "refusal.emergency_next_turn": "emergency brake {k}: only when the next space enters a turn above its safe speed",
    "refusal.emergency_red_zone": "emergency brake {k}: never with the brakes in the red zone",
    "refusal.emergency_excess": "emergency brake {k}: only the excess over the safe speed ({excess} at Speed {s}, safe speed {safe})",
    "refusal.emergency_brake_points": "emergency brake {k}: one Brake point a step, {left} left",
    "refusal.spare_stage_stop": "use {part}: parts are played once stopped: the roadside stop or Technical Assistance first",
    "refusal.spare_stopped": "use {part}: spare parts are used while stopped: the Galetti coolant by stopping to cool, every part in the Pit Lane or at Technical Assistance",
    "refusal.spare_coolant_only": "use {part}: at the start of the round only the Acqua Refrigerante Galetti, by stopping to cool; the other parts in the Pit Lane",
    "refusal.spare_none_held": "use {part}: the car holds none",
    "refusal.spare_stop_cools": "use {part}: the stop itself cools {steps} steps, enough from Temperature {temperature}",
    "refusal.spare_nothing_to_repair": "use {part}: nothing to repair with it",
    "refusal.auction_over": "the auction is over: every car is sold or out of the auction",
    "refusal.auction_assign": "After winning a car, assign your bid cards to the other cars still up for auction",
    "refusal.auction_winner_assigns": "only the winner of a car assigns its bid cards, after winning it",
    "refusal.auction_car_full": "assign bid cards to the other cars still up for auction, as long as each car holds up to two Spare Parts: once full, the car is locked",
    "refusal.auction_bid_exceeds": "Each new bid must exceed the previous one",
    "refusal.auction_no_part": "To bid, play one or more Spare Part cards face up: you hold none of that type",
    "refusal.auction_not_action": "not an action of the auction",
    # the championship's refusals between races (legend/championship.repair_between_races)
    "refusal.repair_points": "between races: repair at most 4 wear points",
    "refusal.repair_podium_tires": "between races: a podium finisher repairs Engine or Brakes only",
    "refusal.repair_podium_both": "between races: a podium finisher collects a part or repairs, not both",
    "refusal.repair_collect": "between races: collect a part only while holding at most one of it",
    "refusal.repair_spend": "between races: no {part} to spend",
    "refusal.repair_part_unknown": "between races: no spare part {part}",
}


def say(key: str, **args: Any) -> str:
    """The text of ``key`` with ``args`` filled in, in the language in use (``autodromo.locale``):
    every string of this module comes from here."""
    return pgettext("legend", key, ENGLISH[key]).format(**args)


def refusal_words(key: str, values: dict[str, Any]) -> str:
    """The core's refusal ``key`` (``IllegalActionError.key``) with its ``values``, in the reader's
    language: the phase a move was refused in by its name here (the status line's)."""
    args = dict(values)
    if "phase" in args:
        args["phase"] = say(f"phase_name.{args['phase']}")
    return say(f"refusal.{key}", **args)


def listing(items: Sequence[str]) -> str:
    """"a, b and c"."""
    if not items:
        return ""
    text = items[0]
    for i, item in enumerate(items[1:], start=1):
        text = say("list.and" if i == len(items) - 1 else "list.comma", a=text, b=item)
    return text


def lane(n: int, lanes: int = 3) -> str:
    """A lane counted from the left as the board shows it."""
    names = {2: ("left", "right"), 3: ("left", "middle", "right")}.get(lanes)
    return say(f"lane.{names[n]}") if names and 0 <= n < len(names) else say("lane.n", n=n + 1)


def duration(seconds: int | None) -> str:
    """A length of time in its units ("6 min", "1 h 00 min 30 s"): a racing time, a penalty, a
    bonus. None: no time yet."""
    if seconds is None:
        return say("time.none")
    sign = "-" if seconds < 0 else ""
    h, rest = divmod(abs(int(seconds)), 3600)
    m, s = divmod(rest, 60)
    if h:
        return say("time.h_min_s" if s else "time.h_min", sign=sign, h=h, m=m, s=s)
    if m:
        return say("time.min_s" if s else "time.min", sign=sign, m=m, s=s)
    return say("time.s", sign=sign, s=s)


def clock(minute_of_day: int) -> str:
    """The Chrono's time of day ("17:51"), from the minute of the day the core counts in: a clock,
    not a length of time."""
    t = int(minute_of_day) % (24 * 60)
    return say("time.clock", h=t // 60, m=t % 60)


def move_words(move: dict[str, Any], lanes: int = 3) -> str:
    """A decision as a driver reads it, from its move."""
    kind = str(move["kind"])
    if kind in ("accelerate", "maintain") and move.get("push"):
        return say(f"move.{kind}_push", by=move.get("by", 0))
    if kind == "brake" and move.get("by") == 0:
        return say("move.no_braking")
    if kind == "power_out" and move.get("by") == 0:
        return say("move.no_power_out")
    if kind == "challenge":
        return say("move.challenge", wear=say(f"wear.{move['with']}"))
    if kind in ("drive_to", "slipstream"):
        return say(f"move.{kind}", lane=lane(int(move["lane"]), lanes))
    if kind in ("use_part", "take_part"):
        return say(f"move.{kind}", part=move["part"]["name"])
    key = f"move.{kind}"
    if key not in ENGLISH:
        return say("move.unknown", kind=kind)
    return say(key, **{k: v for k, v in move.items() if k in ("by", "engine", "brakes", "card", "side")})


def step_words(move: dict[str, Any], lanes: int = 3, rows: int | None = None, line: str | None = None,
               end: int | None = None) -> str:
    """A decision of the page, the first letter capital: a move to a lane names the row it drives
    to (counted from 1, ``rows`` the circuit's length) or, past a stage's ``end``, the ``line`` it
    crosses."""
    kind = str(move["kind"])
    if kind in ("drive_to", "slipstream") and rows and move.get("row") is not None:
        row, where = int(move["row"]), lane(int(move["lane"]), lanes)
        if line and end is not None and row >= end:
            text = say("move.over_line", line=line, lane=where)
        else:
            text = say(f"move.{kind}_row", row=row % rows + 1, lane=where)
    else:
        text = move_words(move, lanes)
    return text[:1].upper() + text[1:]


def plan_cost_words(plan: dict[str, Any]) -> str:
    """What a plan wears, from its own figures: "Engine −1, Temperature +1" or "no wear"."""
    costs = [say("plan.wear", wear=say(f"wear.{key}"), n=plan[key]) for key in ("engine", "brakes", "tires")
             if plan[key]]
    if plan["temperature"]:
        costs.append(say("plan.temperature", n=plan["temperature"]))
    return commas(costs) or say("plan.no_wear")


def plan_risk_words(car: dict[str, Any], plan: dict[str, Any]) -> str:
    """The worst a plan risks for ``car`` (its Dashboard now), from the plan's figures: the
    points it lacks, a Damage card, the Check Point's penalty, the round's end."""
    if plan["engine"] > car["engine"]:
        return say("plan.needs_engine")
    lost = [say("plan.last_point", wear=say(f"wear.{key}")) for key in ("engine", "brakes")
            if plan[key] and plan[key] >= car[key] > 0]
    if car["tires"] >= 0 and plan["tires"] > car["tires"]:
        lost.append(say("plan.last_tire"))
    if lost:
        return say("plan.costs", what=listing(lost))
    if plan["damage"]:
        return say("plan.damage")
    if plan.get("penalty"):
        return say("plan.penalty", time=duration(int(plan["penalty"])))
    end = plan.get("round_end") or {}
    if end.get("retires"):
        return say("plan.round_end_retires")
    if end.get("engine") and int(end["engine"]) >= car["engine"] - plan["engine"]:
        return say("plan.round_end_last")
    if end.get("engine"):
        n = int(end["engine"])
        return say("plan.round_end_one") if n == 1 else say("plan.round_end", n=n)
    return ""


def cost_words(move: dict[str, Any]) -> list[str]:
    """What a decision costs and where it leads, each as a phrase: wear, MPs, time."""
    costs = move.get("costs") or {}
    out = [say(f"cost.{key}", n=costs[key])
           for key in ("temperature", "engine", "brakes", "tires") if costs.get(key)]
    parts = costs.get("time_parts") or {}
    out += [say(f"cost.time.{key}", time=duration(int(parts[key])))
            for key in ("off_road", "stopped_more", "check_point") if parts.get(key)]
    if costs.get("time") and not parts:
        out.append(say("cost.time", time=duration(int(costs["time"]))))
    leads = move.get("leads_to") or {}
    if leads.get("time_bonus"):
        out.append(say("leads.time_bonus", time=duration(int(leads["time_bonus"]))))
    return out


def risk_words(move: dict[str, Any]) -> list[str]:
    """What a decision risks, each with its chance where chance decides, for the car that moves."""
    out = []
    me = move.get("car")
    for r in move.get("risks") or []:
        kind = r["kind"]
        if kind == "crash":
            out.append(say("risk.crash"))
        elif kind == "collision":
            out.append(say("risk.collision", n=r.get("damage_cards", 1)))
        elif kind == "retirement" and r.get("car") == me:
            p = float(r["probability"])
            out.append(say("risk.retirement_certain") if p >= 1 else
                       say("risk.retirement", percent=max(1, round(100 * p))))
        elif kind == "check_point_penalty":
            key = "risk.check_point_now" if r.get("probability") == 1 else "risk.check_point_ahead"
            out.append(say(key, speed=r["speed"], limit=r["speed_limit"], time=duration(int(r["time"]))))
        elif kind == "overheating":
            key = "risk.overheating_retires" if r.get("retires") else "risk.overheating"
            out.append(say(key, n=r["engine"], temperature=r["temperature"]))
    return out


#: The decisions that set the Speed: their words say the Speed they lead to and the MPs to move.
SPEED_KINDS = ("accelerate", "maintain", "lift_and_coast", "stop_to_cool", "roadside_stop", "pit", "brake",
               "lift_at_entry", "emergency_brake", "drift", "power_out")


def leads_words(move: dict[str, Any]) -> list[str]:
    """Where a decision that sets the Speed leads: the Speed, the MPs to move, a stage's finish."""
    leads = move.get("leads_to") or {}
    out = []
    if move["kind"] in SPEED_KINDS and "car" in leads:
        out.append(say("leads.speed", speed=leads["car"]["speed"]))
        if leads.get("movement_points"):
            out.append(say("leads.movement_points", n=leads["movement_points"]))
    if leads.get("finish") is not None:
        out.append(say("leads.finish", clock=clock(int(leads["finish"]))))
    return out


def commas(items: Sequence[str]) -> str:
    """"a, b, c"."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = say("list.comma", a=text, b=item)
    return text


def move_line(move: dict[str, Any], lanes: int = 3) -> str:
    """A numbered choice of the terminal: the decision, where it leads and what it costs, then
    its risks."""
    notes = leads_words(move) + cost_words(move)
    risks = risk_words(move)
    text = move_words(move, lanes) + (f"  ({commas(notes)})" if notes else "")
    return text + (f" — {commas(risks)}" if risks else "")


def damage_effects(card: dict[str, Any]) -> str:
    """What a Damage card does, from its face in the event."""
    parts = [say(f"card.{key}", n=card[key]) for key in ("engine", "brakes", "tires", "temperature") if card.get(key)]
    parts += [say(f"card.{key}") for key in ("flat_tire", "battery", "headlights") if card.get(key)]
    return commas(parts) or say("card.no_effect")


def event_effects(card: dict[str, Any]) -> str:
    """What an Event card does, from its face in the event."""
    parts = [say(f"card.all_{key}", n=card[key]) for key in ("temperature", "tires", "engine") if card.get(key)]
    parts += [say(f"card.{key}") for key in ("weather_roll", "reshuffle") if card.get(key)]
    if card.get("time_penalty"):
        parts.append(say("card.time_penalty", time=duration(int(card["time_penalty"]))))
    return commas(parts) or say("card.no_effect_on_a_track")


#: The view's weather, as the core names it, to its message.
_WEATHER = {"clear": "weather.0", "light rain": "weather.1", "heavy rain": "weather.2", "fog": "weather.fog"}


def weather_words(weather: str) -> str:
    """The weather the view names (``clear``, ``light rain``, ``heavy rain``, ``fog``) in words."""
    return say(_WEATHER[weather]) if weather in _WEATHER else weather


def chance_words(event: dict[str, Any], name: Callable[[int], str], weather: str | None = None) -> str:
    """A roll or a draw of the table in a line; ``weather``: the weather as the view names it
    after the roll (fog included), else the rain the roll set."""
    kind = str(event["kind"])
    if kind == "weather_roll":
        return say("event.weather_roll", value=event["value"],
                   weather=weather_words(weather) if weather else say(f"weather.{min(2, int(event['rain']))}"))
    if kind == "qualifying_roll":
        return say("event.qualifying_roll", who=name(int(event["car"])), value=event["value"])
    if kind == "neutral_roll":
        return say("event.neutral_roll", value=event["value"])
    if kind == "damage_card":
        return say("event.damage_card_effects", who=name(int(event["car"])), card=card_name(event["card"]),
                   effects=damage_effects(event["card"]))
    return say("event.event_card_effects", card=card_name(event["card"]), effects=event_effects(event["card"]))


def card_name(card: dict[str, Any]) -> str:
    """A Damage or Event card's name in the language in use, as its content names it there; a
    language it does not name reads its ``name``."""
    from .catalogue import card_names

    return card_names().get(str(card.get("id")), {}).get(language(), str(card["name"]))


def event_words(event: dict[str, Any], name: Callable[[int], str], lanes: int = 3) -> list[str]:
    """An event of the log as lines: the decision or the draw, then the crashes, retirements and
    penalties it caused. ``name`` names a car by its number."""
    if event.get("seat") is None:
        lines = [chance_words(event, name)]
    else:
        lines = [say("event.decision", who=name(int(event["car"])), what=move_words(event, lanes))]
    lines += [say("event.crashed", who=name(c)) for c in event.get("crashed", [])]
    lines += [say("event.retired", who=name(c)) for c in event.get("retired", [])]
    if event.get("penalty"):
        lines.append(say("event.penalty", who=name(int(event["car"])), time=duration(int(event["penalty"]))))
    return lines


def cell(row: int, lane_index: int, lanes: int) -> str:
    """A space as the board numbers it: rows from 1 at the finish line ("row 3, left lane")."""
    sides = {2: ("left", "right"), 3: ("left", "middle", "right")}.get(lanes)
    if sides and 0 <= lane_index < len(sides):
        return say("cell.side", row=row + 1, side=say(f"side.{sides[lane_index]}"))
    return say("cell.n", row=row + 1, n=lane_index + 1)


def where(car: dict[str, Any], lanes: int) -> str:
    """Where a car of the view stands: finished, retired, or its lap and space."""
    if car["status"] in ("finished", "retired"):
        return say(f"where.{car['status']}")
    place = say("where.lap", lap=car["lap"], cell=cell(int(car["row"]), int(car["lane"]), lanes))
    return say("where.off_road", place=place) if car["status"] == "off_road" else place


def grid_place(place: int, n: int) -> str:
    """A car's place (from 0) in the qualifying order before the grid is set."""
    return say("grid.place", place=place + 1, n=n)


def not_on_grid() -> str:
    return say("grid.not_yet")


def round_words(n: int) -> str:
    """A Track race's round, or before the start (round 0)."""
    return say("round.before_start") if n == 0 else say("round.n", n=n)


def next_turn(turn: dict[str, Any] | None) -> str:
    """The turn a car is in or meets next, as its Dashboard's pin says it."""
    if not turn:
        return ""
    rows = int(turn["rows"])
    when = say("turn.now") if rows == 0 else say("turn.in_row" if rows == 1 else "turn.in_rows", n=rows)
    if turn.get("rating") is None:
        return say("turn.unread", where=when)
    return say("turn.next", rating=turn["rating"], where=when, speed=turn["safe_speed"])


def dashboard_change(before: dict[str, Any], after: dict[str, Any], allowance: int | None) -> str:
    """What a decision did to the Dashboard: "speed 4 → 7, Temperature +1, −1 Engine, 7 MP";
    ``allowance``: the movement points the pace gave (None: not a pace)."""
    parts = []
    if after["speed"] != before["speed"]:
        parts.append(say("change.speed", a=before["speed"], b=after["speed"]))
    if after["temperature"] != before["temperature"]:
        parts.append(say("change.temperature", n=after["temperature"] - before["temperature"]))
    for key in ("engine", "brakes", "tires"):
        if after[key] < before[key]:
            parts.append(say(f"change.{key}", n=before[key] - after[key]))
    if allowance:
        parts.append(say("change.mp", n=allowance))
    return ", ".join(parts)


def with_cost(text: str, cost: str) -> str:
    return say("log.with_cost", text=text, cost=cost) if cost else text


def moved(spaces: int, start: str, end: str) -> str:
    """A move of ``spaces`` from one space to another."""
    return say("log.space" if spaces == 1 else "log.spaces", n=spaces, a=start, b=end)


def log_entry(driver: str, car: str, parts: Sequence[str]) -> str:
    """One decision in the log: who drove which car, and what it did."""
    return say("log.entry", driver=driver, car=car, what="; ".join(parts))


def car_now(car: dict[str, Any]) -> str:
    """A car's needles after its decision."""
    tires = say("tires.flat") if car["tires"] < 0 else car["tires"]
    return say("log.now", speed=car["speed"], temperature=car["temperature"], engine=car["engine"],
               brakes=car["brakes"], tires=tires)


def retirement_cause(cause: str, round_number: int = 0, temperature: int = 0, red_zone: bool = False) -> str:
    """Why a car retired: ``cause`` is round_end (heat at the round's end), damage_card,
    event_card, round_limit or push."""
    if cause == "round_end":
        heat = say("retire.red_zone", temperature=temperature) if red_zone else say("retire.top_speed")
        return say("retire.round_end", round=round_number, heat=heat)
    return say(f"retire.{cause}")


def effect(kind: str, car: str, **args: Any) -> str:
    """A car's retirement (cause=...), crash (cell=...) or a needle at its last point:
    retires, crashes, no_engine, no_brakes, flat_tire, battery, headlights."""
    return say(f"effect.{kind}", car=car, **args)


def retired_notice(car: str, cause: str) -> str:
    """What the page tells the player whose car retired."""
    return say("notice.retired_because", car=car, cause=cause) if cause else say("notice.retired", car=car)


def round_label() -> str:
    return say("round.label")


def line_lane(line: str, lane_index: int, lanes: int) -> str:
    """A stage's last line and the lane a car crosses it in."""
    sides = {2: ("left", "right"), 3: ("left", "middle", "right")}.get(lanes)
    if sides and 0 <= lane_index < len(sides):
        where = say("lane.side", side=say(f"side.{sides[lane_index]}"))
    else:
        where = say("lane.nth", n=lane_index + 1)
    return say("where.line", line=line, lane=where)


def ordinal(n: int) -> str:
    """A place: 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    key = "n" if n % 100 in (11, 12, 13) else str(n % 10) if n % 10 in (1, 2, 3) else "n"
    return say(f"ordinal.{key}", n=n)


def columns(tie: bool) -> list[str]:
    """The Track race results' columns; the tiebreak's only when a tie was broken."""
    keys = ["place", "car", "driver", "time", *(["tie"] if tie else []), "wear", "damage", "status"]
    return [say(f"column.{k}") for k in keys]


def result_time(finish: dict[str, Any] | None) -> str:
    """A Track race's finish: the round and how far past the line (the book's order)."""
    if not finish:
        return say("result.dnf")
    n = int(finish["past_line"])
    return say("result.time.space" if n == 1 else "result.time.spaces", round=finish["round"], n=n)


def result_wear(car: dict[str, Any]) -> str:
    tires = say("tires.flat") if car["flat_tire"] else car["tires"]
    return say("result.wear", engine=car["engine"], engine_max=car["engine_max"], brakes=car["brakes"],
               brakes_max=car["brakes_max"], tires=tires, temperature=car["temperature"])


def result_damage(car: dict[str, Any]) -> str:
    n = int(car["crashes"])
    damage = [say("result.crash" if n == 1 else "result.crashes", n=n)] if n else []
    if not car["battery_ok"]:
        damage.append(say("result.battery"))
    if not car["headlights_ok"]:
        damage.append(say("result.headlights"))
    return ", ".join(damage) or say("result.no_damage")


def result_place(place: int, finished: bool) -> str:
    """A place counted from 1; a car that did not finish has none."""
    return ordinal(place) if finished else say("result.none")


def result_status(finished: bool, cause: str | None) -> str:
    if finished:
        return say("result.finished")
    return say("result.retired", cause=cause or say("result.out"))


def headline(driver: str | None, car: str) -> str:
    """The winner, or nobody (``driver`` None)."""
    return say("result.wins", driver=driver, car=car) if driver is not None else say("result.nobody")


def tie_words(round_number: int, driver: str, past_a: int, past_b: int) -> str:
    """How the car behind lost a tie with ``driver``'s, both over the line in one round: further
    past it, else earlier in the round's order."""
    if past_a != past_b:
        return say("result.tie.further", round=round_number, driver=driver, a=past_a, b=past_b)
    return say("result.tie.order.space" if past_b == 1 else "result.tie.order.spaces", round=round_number,
               n=past_b, driver=driver)


def over_line(line: str) -> str:
    """A stage's last line, as a place a car reaches ("over the Check Point line")."""
    return say("where.over_line", line=line)


def finish_line(stage: dict[str, Any]) -> str:
    """A stage's last line: a Check Point with its speed limit, or the Arrivo."""
    if stage["finish"] == "checkpoint":
        return say("stage.check_point", limit=stage["speed_limit"])
    return say("stage.arrivo")


def chrono(clock_time: str, night: bool, fog: bool) -> str:
    """The Chrono board: "17:51, night, fog"."""
    text = say("chrono.night" if night else "chrono.day", clock=clock_time)
    return say("chrono.fog", clock=text) if fog else text


def racing_time(seconds: int | None) -> str:
    """A racing time so far, or "—" before the first stage ends."""
    return duration(None if seconds is None else int(seconds))


def stage_where(car: dict[str, Any], chart: dict[str, Any], stage: dict[str, Any], lanes: int) -> str:
    """Where a car of a Stage race stands: waiting, over the line, on the road, done."""
    status = car["status"]
    if status == "waiting":
        return say("stage.waiting", at=chart["starts_at"])
    if status == "parked":
        return say("stage.parked", line=finish_line(stage), at=chart["stages"][-1]["finish"])
    if status == "finished":
        return say("stage.finished")
    if status == "retired":
        return say("where.retired")
    sides = {2: ("left", "right"), 3: ("left", "middle", "right")}.get(lanes)
    n = int(car["lane"])
    side = (say("lane.side", side=say(f"side.{sides[n]}")) if sides and 0 <= n < len(sides)
            else say("lane.nth", n=n + 1))
    place = say("stage.row", row=car["row"] + 1, length=stage["length"], lane=side)
    return say("where.off_road", place=place) if status == "off_road" else place


def time_added(penalty: int, cards: int, bonus: int) -> list[str]:
    """What a Time Chart adds (Check Point, Event cards) and saves (residual MPs), in units."""
    out = []
    if penalty:
        out.append(say("stage.penalty", time=duration(penalty)))
    if cards:
        out.append(say("stage.time_cards", time=duration(cards)))
    if bonus:
        out.append(say("stage.bonus", time=duration(bonus)))
    return out


def starts(at: str) -> str:
    return say("stage.starts", at=at)


def distance_note(car: dict[str, Any], chart: dict[str, Any]) -> str | None:
    """Beside the rows left: a car not on the road says why."""
    status = car["status"]
    if status == "waiting":
        return say("stage.starts_at", at=chart["starts_at"])
    if status == "parked":
        return say("stage.over_line_at", at=chart["stages"][-1]["finish"])
    if status == "finished":
        return say("stage.finished_in", time=racing_time(chart.get("racing_time")))
    if status == "retired":
        return say("where.retired")
    return None


def rows_to(stage: dict[str, Any], after: int) -> str:
    """The unit of a distance: rows to this stage's line, then the stages after it."""
    line = finish_line(stage)
    if not after:
        return say("stage.rows_to", line=line)
    return say("stage.rows_to_then_1" if after == 1 else "stage.rows_to_then", line=line, n=after)


def stage_turn(round_number: int, clock_time: str, number: int, of: int) -> str:
    return say("stage.turn", round=round_number, clock=clock_time, number=number, of=of)


def stage_tie(points: int | None, time_a: int, time_b: int, finish_a: str, finish_b: str, driver: str) -> str:
    """How the car behind lost a tie with ``driver``'s (docs/rules/legend.md decision 61): with
    the Historical points, equal totals by the shorter racing time; equal times by the earlier
    crossing of the last line; then the seats."""
    if points is not None:
        both = say("stage.point" if points == 1 else "stage.points", n=points)
        if time_a != time_b:
            return say("stage.tie.shorter", both=both, driver=driver, a=racing_time(time_a), b=racing_time(time_b))
        both = say("stage.tie.and_time", both=both, time=racing_time(time_b))
    else:
        both = say("stage.tie.time", time=racing_time(time_b))
    if finish_a != finish_b:
        return say("stage.tie.earlier", both=both, driver=driver, a=finish_a, b=finish_b)
    return say("stage.tie.seats", both=both, at=finish_a)


def stages_done(n: int, of: int) -> str:
    return say("stage.stages_done", n=n, of=of)


def stage_columns(points: bool, tie: bool) -> list[str]:
    keys = ["place", "car", "driver", "racing_time", *(["points"] if points else []), *(["tie"] if tie else []),
            "added", "stages", "status"]
    return [say(f"column.{k}") for k in keys]


def stage_headline(driver: str | None, route: str, car: str, on_points: bool, time: int | None) -> str:
    """The winner of the route (``driver`` None: nobody finished)."""
    if driver is None:
        return say("stage.nobody")
    if on_points:
        return say("stage.wins_on_points", driver=driver, route=route, car=car)
    return say("stage.wins_in", driver=driver, route=route, car=car, time=racing_time(time))


def cards(n: int) -> str:
    return say("auction.card" if n == 1 else "auction.cards", n=n)


def auction_choice(kind: str, part: str = "", car: str = "", bid: int = 0) -> str:
    """A Spare Part auction decision as its button says it: add, stand, pass or attach."""
    return say(f"auction.{kind}", part=part, car=car, cards=cards(bid))


def auction_told(kind: str, who: str, car: str | None, part: str = "", bid: int = 0) -> str:
    """An auction decision in the event's log: "Ada adds Luxor to the bid for the Bugatti"."""
    return say(f"auction.told.{kind}", who=who, car=car or say("auction.the_car"), part=part, cards=cards(bid))


def split_set(who: str, car: str, engine: int, brakes: int) -> str:
    return say("event.sets", who=who, car=car, engine=engine, brakes=brakes)


def wins_car(who: str, car: str) -> str:
    return say("event.wins_car", who=who, car=car)


def repair_words(collect: str | None, points: dict[str, int], spend: Sequence[str]) -> str:
    """A repair between races: the part collected, the points repaired, the parts used."""
    parts = []
    if collect is not None:
        parts.append(say("repair.collects", part=collect))
    repaired = [say(f"repair.point.{k}", n=points[k]) for k in ("engine", "brakes", "tires") if points.get(k)]
    if repaired:
        parts.append(say("repair.points", points=", ".join(repaired)))
    if spend:
        parts.append(say("repair.uses", parts=", ".join(spend)))
    return "; ".join(parts) or say("repair.none")


def repaired(who: str, what: str) -> str:
    return say("event.repairs", who=who, what=what)


def race_starts(k: int, n: int, circuit: str) -> str:
    """Race ``k`` (from 0) of ``n`` of a championship starts."""
    return say("event.race_starts", k=k + 1, n=n, circuit=circuit)


def standings_columns(races: int) -> list[str]:
    return [say("column.place"), say("column.player"), say("column.car"),
            *[say("column.race", k=k + 1) for k in range(races)], say("column.points")]


def championship_stage(stage: str, races: int, total: int) -> str:
    """Where a championship stands: auction, split, race (the latest, "Race 1 of 2"), repairs
    after it, over."""
    return say(f"championship.{stage}", k=races, n=total)


def era_choice(era: str, cars_in_it: int) -> str:
    """An era of historical play and how many cars of the roster raced in it."""
    return say("event.option.era_car" if cars_in_it == 1 else "event.option.era_cars", era=say(f"era.{era}"),
               n=cars_in_it)


#: The page's help: "how to play", a paragraph per phase (the core's phase names) and one per
#: group of decisions (the page's groups), from the rulebook in our words.
HELP: dict[str, str] = {
    "how.1": 'Drive your car round the circuit and cross the finish line first after the last lap, without breaking it on the way.',
    "how.2": 'Each round every car in turn sets its pace (keep, accelerate, lift, stop to cool or pit), then moves one space per point of speed: one row forward each time, straight on or one lane across. The highlighted spaces on the board are where your car can end its move: point at one to read what it costs, click it to drive there.',
    "how.3": 'Turns have a marker A to E and a safe speed for your car (the pins on your tachometer). Brake at the entry line to be at or under it; the best line (light spaces) adds 1.',
    "how.4": 'Your Dashboard is your car: Temperature rises when you use all your acceleration or push; in the red zone it costs Engine points at the end of the round. A car that must lose an Engine point it does not have retires. Brakes and Tyres wear as you brake hard, drift and regain the line.',
    "how.5": 'Crashes and collisions draw Damage cards. Stop to cool or pit in the Box to recover.',
    "how.6": "A Stage race (a route) is run stage by stage on open roads: cars start one at a time, three minutes apart, and the Chrono times them. Cross the Arrivo, or the Check Point at its speed limit or lower (6 minutes' penalty above it); the shortest racing time wins. Stop at the roadside or on a Technical Assistance tile to repair: every round stopped costs time. At night and in fog a car without headlights reads a turn's marker only at its entry line.",
    "phase.reliability split": "Before the race you share your car's Reliability between the Engine and the Brakes. Engine points keep the car alive under heat and pushing; Brakes points pay for emergency braking. A low Engine reduces Top Speed and Acceleration (its red zone).",
    "phase.qualifying challenge": 'The qualifying order decides the grid. From the back, each car may challenge the car just ahead by paying 1 point of Engine, Brakes or Tyres; the challenged car matches with the same part or yields its place.',
    "phase.answer to a challenge": 'The car behind challenged you for your grid place: pay the same part to keep it, or yield and swap places.',
    "phase.priority bid": 'Variant: a car tied with the car ahead may bid a Temperature step to move first this round.',
    "phase.answer to a priority bid": 'The car behind bid a Temperature step to move before you: match it (+1 Temperature, you keep your place) or let it go first.',
    "phase.set the pace": 'Choose your speed for this round. Accelerating by your whole Acceleration, or pushing past Top Speed, heats the engine. Lift and coast slows you by 1 and cools. Stopping to cool takes you off the road for the round (−2 Temperature; with an Acqua Refrigerante Galetti part, Temperature 0). On a Box space you may pit.',
    "phase.entry line": "You are at a turn's entry line: brake now (free, up to your Braking) so your speed is at or under the turn's safe speed, or lift and coast. Too fast inside the turn means emergency braking (Brakes points) or a drift (a Tyre point).",
    "phase.movement": 'Move one row forward per point of speed, straight on or one lane across. Inside a turn, only spaces your speed allows are offered. The highlighted spaces show where the whole move can end.',
    "phase.exit line": "You reached a turn's exit line with Acceleration unused: power out to gain speed for the rest of the move.",
    "phase.slipstream": 'A car straight ahead of you on a straight gives you one extra space, diagonally beside it.',
    "phase.slipstream in a turn": 'Variant: a car ahead in the turn pulls you: drift one lane outward, or resist with a Tyre point.',
    "phase.pit stop": 'In the pit: use your spare parts to repair the Engine, Brakes, Tyres, battery or headlights, or turn a set-up card; then leave the pit. The car rejoins next round.',
    "phase.race over": 'The race is over.',
    "phase.in progress": 'The other cars are moving; your turn comes when your car is activated.',
    "phase.weather roll": "The weather is rolled: rain lowers every turn's marker.",
    "phase.event card": 'An Event card hits every car on the road.',
    "phase.damage card": 'A Damage card is drawn for a car that crashed or collided.',
    "phase.Neutral Cars' die": "The Neutral Cars' die sets how far they drive this round.",
    "phase.qualifying die": 'Cars equal on every figure roll a die for their grid place.',
    "decision.split": 'Engine points against Brakes points, for the whole race.',
    "decision.challenge": 'Pay a wear point to take the place of the car ahead on the grid.',
    "decision.bid": 'A Temperature step to move first this round.',
    "decision.pace": 'The speed for this round: every point is one space, and heat is the price of speed.',
    "decision.entry": 'Braking before or inside a turn, to stay at or under its safe speed.',
    "decision.move": 'One space forward, straight on or one lane across.',
    "decision.exit": "Extra speed at a turn's exit with the Acceleration you did not use.",
    "decision.slipstream": 'An extra space behind a car ahead.',
    "decision.pit": 'Repairs with your spare parts, in the Box.',
}


def help_say(key: str) -> str:
    """A help text in the language in use."""
    return pgettext("legend", key, HELP[key])


def how_to_play() -> list[str]:
    """The page's short "how to play", paragraph by paragraph."""
    return [help_say(k) for k in HELP if k.startswith("how.")]


def phase_help(phase: str) -> str:
    """What a phase asks of a player (the core's phase name); a phase with no paragraph of its
    own reads as "in progress"."""
    key = f"phase.{phase}"
    return help_say(key if key in HELP else "phase.in progress")


def decisions_help() -> dict[str, str]:
    """A line per group of decisions, by the page's group."""
    return {k.split(".", 1)[1]: help_say(k) for k in HELP if k.startswith("decision.")}


# --- the page's table as its script draws it (static/games/legend.js) ------------------------

def script_words() -> dict[str, Any]:
    """What the page's script writes beside the figures: the gauges' names, the cars' table's
    columns, the board's key, a stage's start line, the Time Chart's heading."""
    keys = ("best_line", "uphill", "downhill", "box", "reach", "risk", "track", "assistance", "stage")
    return {
        "temperature": say("page.temperature"), "engine": say("wear.engine"), "brakes": say("wear.brakes"),
        "tires": say("wear.tires"), "reach": say("page.reach"), "cars": say("page.cars"),
        "columns": ["", *(say(f"column.{k}") for k in ("car", "driver", "where", "speed", "dashboard"))],
        "key": {k: say(f"key.{k}") for k in keys},
        "start": say("page.stage.start"), "time_chart": say("page.time_chart"),
    }


def car_words(car: dict[str, Any], dash: dict[str, Any]) -> dict[str, str]:
    """A car's lines on the page: its name in the cars' table, its title on the board, its
    Dashboard (``car``: the page's car; ``dash``: the Dashboard's scales)."""
    tires = say("tires.flat") if car["flat_tire"] else car["tires"]

    def gauge(key: str, value: Any, top: Any) -> str:
        return say("page.gauge", label=say(key), value=value, max=top)

    return {
        "name": say("page.neutral_car", car=car["name"]) if car["neutral"] else str(car["name"]),
        "car_driver": say("page.car_driver", car=car["name"], driver=car["driver"]),
        "title": say("page.car_title", car=car["name"], driver=car["driver"], speed=car["speed"], where=car["where"]),
        "dashboard": say("page.car_dashboard", temperature=car["temperature"], engine=car["engine"],
                         brakes=car["brakes"], tires=tires),
        "tachometer": say("page.tachometer", speed=car["speed"], top=car["top_speed"]),
        "speed": say("page.speed_top", speed=car["speed"], top=car["top_speed"]),
        "temperature": gauge("page.temperature", car["temperature"], dash["temperature_max"]),
        "engine": gauge("wear.engine", car["engine"], car["engine_max"]),
        "brakes": gauge("wear.brakes", car["brakes"], car["brakes_max"]),
        "tires": say("page.tires_flat") if car["flat_tire"] else gauge("wear.tires", car["tires"], dash["tires_max"]),
        "battery": say("page.battery_on" if car["battery_ok"] else "page.battery_failed"),
        "headlights": say("page.headlights_on" if car["headlights_ok"] else "page.headlights_failed"),
        "handling": say("page.handling_best_line" if car["best_line"] else "page.handling",
                        acceleration=car["acceleration"], braking=car["braking"]),
        # A Neutral Car plays no Spare Parts: only a driven car's are shown.
        "spares": "" if car["neutral"] else spares_words({s["name"]: s["count"] for s in car["spares"]}),
    }


#: The Spare Parts as the core orders them (names as the book prints them) and what each repairs.
SPARE_PARTS = (("Acqua Refrigerante Galetti", "coolant"), ("Candele Folgore", "plugs"),
               ("Impianti Frenanti König", "brake_kit"), ("Sutherland Tires", "tires"),
               ("Kraftvolt Batterien", "battery"), ("Luxor", "bulbs"))


def spares_words(held: dict[str, int]) -> str:
    """A car's Spare Part cards (a view's ``spares``: name to count) and what each repairs."""
    parts = [say("spares.part_one" if held[name] == 1 else "spares.part_many", part=name, n=held[name],
                 repairs=say(f"spares.repairs.{pid}"))
             for name, pid in SPARE_PARTS if held.get(name, 0) > 0]
    if not parts:
        return say("spares.none")
    return say("spares.held", parts=commas(parts))


def moves_left(car: str | None, left: int | None) -> list[str]:
    """The movement points the car to act has left, when one is acting."""
    return [] if car is None or left is None else [say("page.moves_left", car=car, n=left)]


def track_line(circuit: str, laps: int, weather: str, car: str | None, left: int | None) -> str:
    """A Track race's line above the board: "example · 2 laps · weather clear · Alfa: 4 MP left"."""
    return " · ".join([circuit, say("page.lap" if laps == 1 else "page.laps", n=laps),
                       say("page.weather", weather=weather_words(weather)), *moves_left(car, left)])


def stage_line(stage: dict[str, Any], weather: str, face_down: bool, car: str | None, left: int | None) -> str:
    """A Stage race's line under its heading: rows to the line, the weather, the markers."""
    return " · ".join([say("page.stage.rows", length=stage["length"], line=finish_line(stage)),
                       say("page.weather", weather=weather_words(weather)),
                       *([say("page.markers_face_down")] if face_down else []), *moves_left(car, left)])


def stage_title(route: str, stage: dict[str, Any]) -> str:
    return say("page.stage.title", route=route, number=stage["number"], of=stage["of"], name=stage["name"])


def stage_board(stage: dict[str, Any]) -> dict[str, str]:
    """The stage's board: its name for a screen reader and the sign at its last line."""
    sign = (say("page.stage.check_point_sign", limit=stage["speed_limit"]) if stage["finish"] == "checkpoint"
            else say("stage.arrivo"))
    return {"label": say("page.stage.board", stage=stage["name"]), "sign": sign}


def chrono_label(words: str) -> str:
    return say("page.chrono", clock=words)


def start_times(starts: Sequence[tuple[str, str]]) -> str:
    """The cars still to start, each with its time on the Chrono ("" when none is)."""
    if not starts:
        return ""
    return say("page.start_times", starts=", ".join(say("page.start_time", car=c, at=at) for c, at in starts))


def time_chart_columns(stages: int) -> list[str]:
    return [say("column.place"), say("column.car"),
            *(say("page.time_chart.stage", k=k + 1) for k in range(stages)), say("column.racing_time")]


def time_chart_retired(time: str) -> str:
    return say("page.time_chart.retired", time=time)


# --- the championship's page as its script draws it (static/games/legend/event.js) ----------

def event_script_words() -> dict[str, str]:
    """What the championship page's script writes beside the figures."""
    keys = ("bidder.hand", "repair.no_part", "repair.collect", "repair.submit", "split_help", "go_to_race")
    return {k.replace(".", "_"): say(f"page.{k}") for k in keys} | {
        "engine": say("wear.engine"), "brakes": say("wear.brakes"), "tires": say("wear.tires")}


def sale_words(car: dict[str, Any], lot: int, lots: int, attaching: bool) -> dict[str, str]:
    """The car for sale in the Spare Part auction: its name and figures, and its lot."""
    return {"title": say("page.sale.car", car=car["name"], year=car["year"]),
            "figures": say("page.sale.figures", performance=car["performance"], ranking=car["ranking"]),
            "more": say("page.sale.more", reliability=car["reliability"], top_speed=car["top_speed"]),
            "lot": say("page.sale.lot_attaching" if attaching else "page.sale.lot", lot=lot, lots=lots)}


def bidder_words(car: str | None, out: bool, bid: int) -> str:
    """A bidder's state: the car it won, passed on this car, or its bid."""
    if car is not None:
        return say("page.bidder.has", car=car)
    return say("page.bidder.passed") if out else say("page.bidder.bid", cards=cards(bid))


def attached_words(attached: Sequence[tuple[str, Sequence[str]]]) -> str:
    """The parts attached to cars still for sale ("" when none is)."""
    if not attached:
        return ""
    return say("page.attached", cars="; ".join(say("page.attached.car", car=c, parts=", ".join(ps))
                                               for c, ps in attached))


def repair_car_words(car: dict[str, Any], podium: bool) -> str:
    """The car to repair between races: its needles and what failed."""
    name = say("page.repair.podium_car", car=car["name"]) if podium else str(car["name"])
    tires = say("tires.flat") if car["tires"] < 0 else car["tires"]
    text = say("page.repair.car", car=name, engine=car["engine"], engine_max=car["engine_max"], brakes=car["brakes"],
               brakes_max=car["brakes_max"], tires=tires)
    failed = [say(f"result.{k}") for k in ("battery", "headlights") if not car[f"{k}_ok"]]
    return ", ".join([text, *failed])


def spare_repairs(part: str) -> str:
    """What a Spare Part brand repairs ("Engine to full Reliability")."""
    pid = dict(SPARE_PARTS)[part]
    return say(f"spares.repairs.{pid}")


def spare_use(part: str, n: int) -> str:
    """A held part offered in the repairs form, with what it repairs."""
    return say("page.repair.use", part=part, n=n, repairs=spare_repairs(part))


def spare_choice(part: str) -> str:
    """A part offered to collect, with what it repairs."""
    return say("page.repair.part", part=part, repairs=spare_repairs(part))


def champion(driver: str) -> str:
    return say("page.champion", driver=driver)


def phase_name(phase: str) -> str:
    """The phase the core names (``view["phase"]["name"]``), as the status line says it."""
    key = f"phase_name.{phase}"
    return say(key) if key in ENGLISH else phase


def distance_words(status: str) -> tuple[str, str | None]:
    """A Track race's distance beside a car: its unit, and a note for a car off the race."""
    return say("distance.spaces"), (say(f"where.{status}") if status in ("retired", "finished") else None)
