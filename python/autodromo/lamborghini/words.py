"""Lamborghini in words: the one place that turns the core's moves (``State.moves``) and typed
events (``State.log``) into text, for the web page and the terminal alike.

Every string is made by :func:`say` from a key of the catalogue (``ENGLISH``), looked up in
the gettext catalogue of the reader's language (``autodromo.locale``, issue 31). The event kinds and fields it reads are listed in
``docs/rules/lamborghini.md`` ("Vocabulary"). Nothing here parses a label or reads content.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..locale import number, pgettext

#: The English catalogue: key -> a ``str.format`` pattern, the message the translations look up
#: (``make messages`` extracts it, the key as its context).
ENGLISH: dict[str, str] = {
    "list.comma": "{a}, {b}",
    "log.line": "{who}: {acts}",
    "round.before_start": "Before the start",
    "round.turn": "Turn {turn}",
    "money": "{amount} $",
    "deck.technology": "Technology",
    "deck.manoeuvre": "Manoeuvre",
    "deck.car": "Car",
    "deck.driver": "Driver",
    "direction.ahead": "straight ahead",
    "direction.left": "diagonally left",
    "direction.right": "diagonally right",
    "nth.0": "first",
    "nth.1": "second",
    "card.speed": "Speed {speed}",
    "card.speed.crazy": "Speed {speed}, crazy",
    "card.with": "{name} ({detail})",
    "card.unknown": "a card",
    "card.stats": "speed {speed:+}, manoeuvre {manoeuvre:+}",
    "effect.aerodynamics": "+{value} squares",
    "effect.engine": "+{value} squares",
    "effect.brakes": "prevents {value} damage",
    "effect.setup": "+{value} to a manoeuvre check",
    "effect.tyres": "+1 speed for {value} turns",
    "effect.petrol_tank": "+1 speed for {value} turns",
    "effect.team": "repairs a damage or +1 to a check",
    "card.technology": "{supplier} {effect}",
    "tech.aerodynamics": "Aerodynamics",
    "tech.brakes": "Brakes",
    "tech.setup": "Set-up",
    "tech.engine": "Engine",
    "tech.tyres": "Tyres",
    "tech.petrol_tank": "Petrol tank",
    "tech.team": "Team",
    "man.skill": "Skill",
    "man.hazard": "Hazard",
    "man.fortune": "Fortune",
    "man.manoeuvre": "Manoeuvre",
    "man.slipstreaming": "Slipstreaming",
    "man.engagement": "Engagement",
    "man.fast_car": "Fast car",
    "man.winning": "Winning",
    "man.will": "Will",
    "supplier.red": "Red",
    "supplier.yellow": "Yellow",
    "supplier.blue": "Blue",
    "phase.Bid": "Sealed bids for the order of choice",
    "phase.Reveal": "Cards turned face up",
    "phase.Draft": "Choosing cards",
    "phase.Turned": "A card turned",
    "phase.Grant": "Set-up cards dealt",
    "phase.Link": "Linking drivers and cards to the cars",
    "phase.Qualify": "Qualifications",
    "phase.SpeedDraw": "Speed card",
    "phase.Drive": "Driving",
    "phase.Slip": "Slipstream",
    "phase.CheckPrep": "Before a manoeuvre check",
    "phase.Check": "Manoeuvre check",
    "phase.Team": "Team card for the check",
    "phase.DirectionDraw": "Accident: direction card",
    "phase.Direction": "Accident: direction",
    "phase.Over": "Race over",
    "table.start": "Lamborghini at {circuit}, {players} players, seed {seed}",
    # the page: the game, its lobby, its table and its results
    "page.title": "Lamborghini: The Official Race Game",
    "option.circuit": "Circuit",
    "option.laps": "Laps (empty: the circuit's)",
    "option.long": "Long game (money, auction, several races)",
    "option.accident_table": "Accident table",
    "option.accident_table.split": "8-9 right, 10-11 left",
    "option.accident_table.right_first": "8-10 right, 11 left",
    "option.accident_table.left_first": "8 right, 9-11 left",
    "page.turn": "Turn",
    "page.unit": "squares",
    "page.car": "{owner}'s {model}",
    "page.car.plain": "{owner}'s Murciélago",
    "page.car.nth": "{owner}'s {nth} Murciélago",
    "page.car.nth.model": "{owner}'s {nth} Murciélago ({model})",
    "page.where.finished": "finished",
    "page.where.grid": "on the grid, waiting for qualifying to set the order",
    "page.where": "row {row}, {lane}",
    "lane.left": "left lane",
    "lane.middle": "middle lane",
    "lane.right": "right lane",
    "lane.n": "lane {n} from the left",
    "page.squares": "{n} squares",
    "page.squares.one": "1 square",
    "page.damages": "{n} damages",
    "page.damages.one": "1 damage",
    "results.time": "turn {turn}, {squares} past the line",
    "results.not_finished": "did not finish",
    "results.wrecked": "wrecked",
    "results.finished": "finished",
    "results.racing": "still racing at the turn limit",
    "results.place": "Place",
    "results.car": "Car",
    "results.time.column": "Time",
    "results.damage": "Damage",
    "results.status": "Status",
    "results.tie": "Tie broken by",
    "results.wins": "{who} wins",
    "results.tie.further": "both home in turn {turn}: {ahead} ended further past the line ({a} squares to {b})",
    "results.tie.level": "both home in turn {turn}, level past the line ({squares}): {ahead} crossed it first in "
    "that turn, and ending level is not overtaking",
    # the long game: its races, their prizes and the money through them (issue 32 item 8)
    "page.race": "Race {race} of {races}",
    "page.last_race": "Results of race {race} of {races} ({circuit})",
    "page.race_results": "Race {race} of {races}: {circuit}",
    "page.won_on_money": "The long game is won on money: after race {races} of {races} the player with the most wins. "
    "Money now: {money}.",
    "page.money_of": "{who} {money}",
    "results.prize": "Prize",
    "results.player": "Player",
    "results.money": "Money",
    "results.race_column": "Race {race}",
    "results.wins.money": "{who} wins the long game with {money}",
    "purse.places": "Places",
    "purse.start": "Money before the race",
    "purse.bid": "Bid for the order of choice",
    "purse.paid": "Car and Driver cards",
    "purse.prize": "Prizes",
    "purse.end": "Money after the race",
    "money.minus": "-{amount}",
    "money.plus": "+{amount}",
    "log.race_over": "Race {race} of {races} is over. Prizes: {prizes}",
    "log.race_over.none": "Race {race} of {races} is over. No prize won",
    "ordinal": "{n}th",
    "ordinal.1": "{n}st",
    "ordinal.2": "{n}nd",
    "ordinal.3": "{n}rd",
    "table.face_up": "face up: {cards}",
    "table.title": "Lamborghini, turn {turn} ({phase}), Speed deck {deck}",
    "table.car": "car {car} ({owner}) {model:<28} driver {driver:<20} row {row:>3} lane {lane}  damages {damages}  {state}",
    "table.none": "-",
    "table.finished": "finished",
    "table.stopped": "stopped",
    "table.racing": "racing",
    "table.hand": "{who}: money {money}  hand {cards}",
    "table.cards": "{n} cards",
    "table.cards.one": "1 card",
    "table.seat": "P{n}",
    "table.car_of": "car {car} ({owner})",
    "table.final": "final order: {order}",
    "why.crazy": "a Crazy Murciélago",
    "why.squeeze": "squeezing between two cars",
    "why.slipstream": "the slipstream square",
    "why.engagement": "a crash or a push",
    # what a seat did: joined into one line a turn
    "act.bid": "bids {amount}",
    "act.bid.nothing": "bids nothing",
    "act.bid.sealed": "bids (sealed until every bid is in)",
    "act.turned_deck": "turns a {deck} card face up",
    "act.picked": "takes {card}",
    "act.drivers_kept": "keeps the drivers on their cars",
    "act.drivers_swapped": "swaps the drivers",
    "act.linked": "links the next card to the {nth} car",
    "act.played": "plays {card}",
    "act.moves": "moves {n} squares",
    "act.moves.one": "moves 1 square",
    "act.moves.diagonal": "{moves} ({diagonal} diagonally)",
    "act.slipstreamed": "takes the slipstream square {direction}",
    "act.crashed": "crashes into {target}",
    "act.pushed": "pushes {target}",
    "act.took_check": "takes the manoeuvre check",
    "act.team_repair": "plays the Team card: repairs a damage",
    "act.team_bonus": "plays the Team card: +1 to the check",
    "act.direction_chosen": "sends {car} {direction} after the accident",
    # moves: the button, the line under it, the warning
    "move.bid": "Bid {amount}",
    "move.bid.nothing": "Bid nothing",
    "move.turn_card": "Turn a {deck} card face up",
    "move.pick": "Take {card}",
    "move.pick.detail": "{card}, for {price}",
    "move.keep_drivers": "Keep the drivers on their cars",
    "move.swap_drivers": "Swap the drivers",
    "move.link": "Link the next card to the {nth} car",
    "move.play_card": "Play {card}",
    "move.step": "Move {direction}",
    "move.slipstream": "Slipstream: the free square {direction}",
    "move.crash": "Crash into {target}",
    "move.push": "Push {target}",
    "move.take_check": "Take the manoeuvre check",
    "move.team_repair": "Play the Team card: repair a damage",
    "move.team_bonus": "Play the Team card: +1 to the check",
    "move.choose_direction": "After the accident, {car} goes {direction}",
    "move.squares_left": "{n} squares left to move",
    "move.squares_left.one": "1 square left to move",
    "move.finished": "crosses the finishing line",
    "risk.squeeze": "a manoeuvre check (squeezing between two cars)",
    # the chance after its number reads "% c", which gettext takes for a printf placeholder
    "risk.accident": "a manoeuvre check ({why}): chance of an accident {percent}% (7 or less: a damage)",
    # the table's own steps
    "log.revealed": "Turned face up: {card}",
    "log.turned": "Turned for {who}: {card}",
    "log.dealt": "A set-up card is dealt to {who}",
    "log.dealt.seen": "{who} receives {card}",
    "log.qualifying_card": "Qualifying card for {car}: {card}",
    "log.speed_card": "Speed card for {car}: {card}",
    "log.check_card": "Manoeuvre check for {car} ({why}): {card}",
    "log.direction_card": "Accident direction card for {car}: {card}",
    "log.damaged": "{car} takes a damage ({damages} of 3)",
    "log.wrecked": "{car} is wrecked (a third damage)",
    "log.finished": "{car} crosses the finishing line",
    # the bridge emulator's dashboard (firmware_bridge): its lamps, what each means, its needles
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
    "bridge.frame.buttons": "buttons",
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
    "bridge.button.left": "left",
    "bridge.button.ahead": "ahead",
    "bridge.button.right": "right",
    "bridge.button.check": "check",
    "bridge.lamp.YOUR TURN": "YOUR TURN",
    "bridge.lamp.REFUSED": "REFUSED",
    "bridge.lamp.FINISHED": "FINISHED",
    "bridge.lamp.OUT": "OUT",
    "bridge.lamp.GAME OVER": "GAME OVER",
    "bridge.lamp.CHECK": "CHECK",
    "bridge.lamp.SLIPSTREAM": "SLIPSTREAM",
    "bridge.lamp.ACCIDENT": "ACCIDENT",
    "bridge.lamp.LEADER": "LEADER",
    "bridge.lamp.1ST": "1ST",
    "bridge.lamp.2ND": "2ND",
    "bridge.lamp.3RD": "3RD",
    "bridge.means.YOUR TURN": "this seat decides now",
    "bridge.means.REFUSED": "the last button was refused, see the log",
    "bridge.means.FINISHED": "this car has crossed the finish line",
    "bridge.means.OUT": "this car is wrecked",
    "bridge.means.GAME OVER": "the race is over",
    "bridge.means.CHECK": "a manoeuvre check: take it (button 4), or play a card first (selector)",
    "bridge.means.SLIPSTREAM": "a slipstream: leave it left (1) or right (3)",
    "bridge.means.ACCIDENT": "an accident: choose the direction, left (1), ahead (2) or right (3)",
    "bridge.means.LEADER": "this car leads the race",
    "bridge.means.1ST": "the race is over: this seat won",
    "bridge.means.2ND": "the race is over: this seat placed second",
    "bridge.means.3RD": "the race is over: this seat placed third",
    "bridge.needles": "needles: {squares} squares covered, place {place}, damage {damage}, cards in hand {cards}, turn {turn}, money ${money}k",
    # the terminal's answer to a choice it cannot take
    "prompt.refused": "not possible: {reason}",
    "prompt.choose": "choose from the list",
    "prompt.type_a_number": "type a number",
    # the core's refusals (issue 31): "refusal.<key>" per key of Game.refusal_keys(), filled from
    # the refusal's values; the English is the core's own text
    "refusal.car.model": "the {model}",
    "refusal.car.number": "Murciélago {n}",
    "refusal.card.technology": "{effect} ({supplier})",
    "refusal.card.banknote": "{amount}$",
    "refusal.dir.left": "left",
    "refusal.dir.ahead": "ahead",
    "refusal.dir.right": "right",
    "refusal.turns": "{n} turns",
    "refusal.turns.one": "{n} turn",
    "refusal.squares": "{n} squares",
    "refusal.squares.one": "{n} square",
    "refusal.move.bid": "a bid",
    "refusal.move.turn": "turning a card",
    "refusal.move.pick": "picking a card",
    "refusal.move.play": "playing a card",
    "refusal.move.step": "moving a square",
    "refusal.move.slip": "a slipstream square",
    "refusal.move.crash": "a crash",
    "refusal.move.push": "a push",
    "refusal.move.direction": "choosing an accident's direction",
    "refusal.move.team": "the Team card's choice",
    "refusal.move.proceed": "taking the check",
    "refusal.move.swap_drivers": "keeping or swapping the drivers",
    "refusal.move.link": "linking a card to a car",
    "refusal.move.draw": "drawing a card",
    "refusal.now.bid": "the long game's sealed bids for the order of choice",
    "refusal.now.reveal": "the eight cards are turned face up (a {deck} card is drawn)",
    "refusal.now.draft_turn_tech": "the draft: turn a Technology or Manoeuvre card",
    "refusal.now.draft_turn_car": "the draft: turn a Car or Driver card",
    "refusal.now.draft_pick": "the draft: pick a face-up card",
    "refusal.now.turned": "the draft: a {deck} card is turned",
    "refusal.now.grant": "set-up: {car} receives its Technology and Manoeuvre cards",
    "refusal.now.qualify": "qualification: a Speed card is drawn",
    "refusal.now.speed_draw": "a Speed card is drawn for the movement",
    "refusal.now.check": "a manoeuvre check is drawn",
    "refusal.now.direction_draw": "the accident's direction is drawn",
    "refusal.now.direction": "the accident's direction is chosen",
    "refusal.now.check_prep": "before a Crazy Murciélago check: play Set-up, Team, Manoeuvre or Brakes, or take the check",
    "refusal.now.link_drivers": "set-up with 2 players: keep or swap the drivers",
    "refusal.now.link_cards": "set-up with 2 players: link each card to a car",
    "refusal.now.drive": "the movement of {car}: play a card, move a square, crash or push",
    "refusal.now.slip": "the slipstream: choose the free square beside the car ahead",
    "refusal.now.team": "the Team card: repair a damage or +1 to the check",
    "refusal.now.over": "the game is over",
    "refusal.now.flow": "the game moves on",
    "refusal.not_open": "{move} is not open now: {now}",
    "refusal.bid_money": "bid {bid}$: you have {money}$",
    "refusal.not_in_deck": "{card} is not in the {deck} deck",
    "refusal.grant_tech": "{card} is not among the Technology cards {car} may receive (its supplier's, else the next "
    "lower supplier's)",
    "refusal.not_in_speed_deck": "{card} is not in the Speed deck (it is held, played or already drawn)",
    "refusal.deck_empty": "the {deck} deck is empty",
    "refusal.tech_already_turned": "a Technology or Manoeuvre card is already turned this draft turn: now a Car or "
    "Driver card",
    "refusal.draft_turned": "this draft turn's cards are turned: pick a face-up card",
    "refusal.turn_tech_first": "a draft turn turns a Technology or Manoeuvre card first",
    "refusal.pick_after_turning": "a draft turn turns a Technology or Manoeuvre card and a Car or Driver card before "
    "picking",
    "refusal.drivers_first": "the drivers are linked first: keep or swap them",
    "refusal.drivers_linked": "the drivers are already linked: now each card to a car",
    "refusal.not_face_up": "{card} is not face up",
    "refusal.pick_costs": "{card} costs {price}$ and you have {money}$",
    "refusal.pick_cheapest": "{card} costs {price}$ and you have {money}$; no {deck} card left is within your money, "
    "so you may take the cheapest face up ({cheapest}) for all you have",
    "refusal.has_car": "{card}: each of your Murciélagos has its Car card",
    "refusal.has_driver": "{card}: each of your Murciélagos has its driver",
    "refusal.pick_supplier": "{card}: Technology only from your suppliers ({suppliers})",
    "refusal.pick_supplier.one": "{card}: Technology only from your supplier ({suppliers})",
    "refusal.cannot_pick": "{card} cannot be picked",
    "refusal.nothing_to_link": "no card is left to link",
    "refusal.no_such_car": "there is no car {slot}",
    "refusal.link_supplier": "{card}: Technology goes to the car of its supplier, and car {slot} has its agreement "
    "with {supplier}",
    "refusal.cannot_link": "{card} cannot go to car {slot}",
    "refusal.check_prep_card": "{card}: before a Crazy Murciélago check only Set-up, Team, Manoeuvre or Brakes may be "
    "played (they change the check or prevent its damage)",
    "refusal.one_card_a_turn": "{card}: one Technology or Manoeuvre card a turn, and one is already played",
    "refusal.not_in_hand": "{card} is not in your hand",
    "refusal.not_among_cards": "{card} is not among {car}'s cards",
    "refusal.speed_card_active": "{card}: Tyres or Petrol tank still gives +1 for {turns}, and no other speed card "
    "may be played meanwhile",
    "refusal.lane_changed": "{card}: the car has changed lane this turn, and Aerodynamics forbids it",
    "refusal.team_useless": "{card}: the car has no damage to repair and both manoeuvre checks of this turn are used",
    "refusal.not_second_or_third": "{card}: only when the car is 2nd or 3rd; it is {place}",
    "refusal.not_last_or_second_last": "{card}: only when the car is last or 2nd last; it is {place} of {cars}",
    "refusal.not_playable": "{card} is not a Technology or Manoeuvre card",
    "refusal.movement_spent": "the turn's movement is {squares} and all are moved",
    "refusal.forced_first": "after the accident the first square of this movement is {dir}",
    "refusal.aerodynamics_lane": "Aerodynamics was played: no lane change this turn",
    "refusal.step_edge": "move {dir}: the edge of the track",
    "refusal.step_car": "move {dir}: {car} is on that square",
    "refusal.step_taken": "move {dir}: that square is taken",
    "refusal.squeeze": "move {dir}: passing diagonally between two cars needs a manoeuvre check, and both of this "
    "turn's are used",
    "refusal.step_not": "move {dir}: not allowed",
    "refusal.engaged": "one crash or push a turn, and this turn's is declared",
    "refusal.engage_no_checks": "both manoeuvre checks of this turn are used: no crash or push",
    "refusal.push_sideways": "a push is to the car on the left or on the right",
    "refusal.push_none": "push {dir}: no opponent's car right beside on the {dir}",
    "refusal.crash_none": "crash: no opponent's car on the square right ahead",
    "refusal.slip_beside": "the slipstream square is beside the car ahead, left or right",
    "refusal.slip_edge": "slipstream {dir}: the edge of the track",
    "refusal.slip_taken": "slipstream {dir}: that square beside the car ahead is taken",
    "refusal.team_no_damage": "Team: the car has no damage to repair",
}

HELP: dict[str, str] = {
    "how.1": "Each player drives a Murciélago (two with two players). First the cards: take turns to "
    "choose a Car, a Driver, Technology and Manoeuvre cards from those face up.",
    "how.2": "Each turn a car draws a Speed card: its number, plus the car's and the driver's speed, "
    "plus at most one card played from the hand, is how many squares it must move: straight "
    "ahead or diagonally, never sideways, never onto another car.",
    "how.3": "Squeezing between two cars, or a crazy Speed card (a coloured arrow), calls for a "
    "manoeuvre check: a failed one is an accident and a damage. Three damages wreck the car.",
    "how.4": "Behind another car you may take its slipstream. The first car over the line after the "
    "last lap wins.",
    "help.Draft": "Choose a card from those face up: a Car and a Driver for each Murciélago, "
    "Technology cards of one supplier, Manoeuvre cards for checks. In the long game "
    "a Car or Driver card is paid in full: only those within your money are offered.",
    "help.Bid": "Long game: bid money, sealed, for the order of choice; the money is lost.",
    "help.Drive": "Move your car square by square, or pick a highlighted square on the board. You "
    "may first play one card from your hand for more speed. Right behind or beside an "
    "opponent's car you may declare a crash or a push, once a turn.",
    "help.Slip": "A car is right ahead of you: take its slipstream to the left or right.",
    "help.CheckPrep": "A manoeuvre check is coming: play a card for it (Set-up, Team, Manoeuvre, "
    "or Brakes against its damage), or take the check.",
    "help.Team": "Play your Team card to add 1 to the check.",
    "help.Direction": "An accident: choose where the car goes.",
    "help.Link": "Two players: link a driver and your cards to each of your cars.",
    "help.wait": "The other players and the card draws act now.",
    "help.draft": "Cards chosen now set your car up for the whole race.",
    "help.card": "A card from your hand adds speed or helps a check; one per movement.",
    "help.move": "One square straight ahead or diagonally; every square of the speed must be used.",
    "help.check": "A manoeuvre check: a Speed card against your car's manoeuvre value.",
    "help.bid": "Sealed bids decide who chooses cards first.",
    "help.slipstream": "An extra square beside the car ahead of you.",
}
ENGLISH.update(HELP)

#: The catalogue in use.
CATALOGUE = ENGLISH
#: The languages whose catalogue of these words is complete: every message translated, none
#: fuzzy (tests/test_catalogues.py checks the claim).
COMPLETE = ("en", "it", "pt")

#: The kinds a seat's decision makes, told on the seat's line of the turn.
ACTS = {"bid", "turned_deck", "picked", "drivers_kept", "drivers_swapped", "linked", "played", "stepped",
        "slipstreamed", "crashed", "pushed", "took_check", "team_repair", "team_bonus", "direction_chosen"}


def say(key: str, **args: Any) -> str:
    """The text of ``key`` with ``args`` filled in, in the language in use (``autodromo.locale``):
    every string of this module comes from here."""
    return pgettext("lamborghini", key, CATALOGUE[key]).format(**args)


@dataclass(frozen=True)
class Names:
    """Who is who: a seat's name and a car's, as the surface calls them."""

    seat: Callable[[int], str]
    car: Callable[[int], str]
    #: The game's cards by id (``autodromo.lamborghini.cards``): names them in the reader's
    #: language; without it, the core's (English) names.
    cards: Mapping[str, dict[str, Any]] = field(default_factory=dict)


def ordinal(n: int) -> str:
    """A place: "1st", "2nd" (each language its own form)."""
    last = n % 10 if not 10 <= n % 100 <= 20 else 0
    return say(f"ordinal.{last}" if last in (1, 2, 3) else "ordinal", n=n)


def counted(n: int, key: str) -> str:
    """"1 square", "3 squares": ``key`` and ``key.one``."""
    return say(f"{key}.one", n=n) if n == 1 else say(key, n=n)


def lane_words(lane: int, lanes: int) -> str:
    """A lane as the board shows it, left to right in the driving direction."""
    names = {3: ("left", "middle", "right"), 2: ("left", "right")}.get(lanes)
    return say(f"lane.{names[lane]}") if names else say("lane.n", n=lane + 1)


def how_to_play() -> list[str]:
    return [say(f"how.{i}") for i in range(1, 5)]


def help_texts(phase: str) -> dict[str, str]:
    """The page's help: the phase's, and one per group of moves."""
    key = f"help.{phase}"
    out = {"phase": say(key if key in CATALOGUE else "help.wait")}
    for group in ("draft", "card", "move", "check", "bid", "slipstream"):
        out[group] = say(f"help.{group}")
    return out


def phase_words(phase: str) -> str:
    """A view's phase in words ("Choosing cards"); a phase with no words of its own says nothing."""
    key = f"phase.{phase}"
    return say(key) if key in CATALOGUE else ""


def round_words(turn: int) -> str:
    """The heading of an event's turn: "Before the start", "Turn 3"."""
    return say("round.before_start") if turn == 0 else say("round.turn", turn=turn)


def money(amount: int) -> str:
    """An amount as the reader's language writes numbers: "5,000 $", "5.000 $"."""
    return say("money", amount=number(amount))


def change(amount: int) -> str:
    """Money that moved: "-2,000 $", "+30,000 $", "0 $"."""
    if amount == 0:
        return money(0)
    return say("money.plus" if amount > 0 else "money.minus", amount=money(abs(amount)))


def race_words(view: dict[str, Any]) -> str:
    """Which race of the long game this is ("Race 2 of 2"); nothing in the short game."""
    if "races" not in view:
        return ""
    return say("page.race", race=min(int(view["races_run"]) + 1, int(view["races"])), races=view["races"])


def purse_rows(race: dict[str, Any]) -> list[dict[str, Any]]:
    """A race's money per seat (a view's ``results`` entry), row by row: the places its cars took,
    the money before, the bid lost, the cards paid, the prizes won, the money after."""
    money_of = race["money"]
    places = [seat_places(race, m["seat"]) for m in money_of]
    rows: list[dict[str, Any]] = [{"label": say("purse.places"), "values": places}]
    for key, sign in (("start", 0), ("bid", -1), ("paid", -1), ("prize", 1), ("end", 0)):
        # An amount stays on one line in a narrow column: "-29,000 $", never "-29,000" over "$".
        values = [(money(m[key]) if sign == 0 else change(sign * int(m[key]))).replace(" ", "\u00a0")
                  for m in money_of]
        rows.append({"label": say(f"purse.{key}"), "values": values, "strong": key == "end"})
    return rows


def seat_places(race: dict[str, Any], seat: int) -> str:
    """The places a seat's cars took in a race (a view's ``results`` entry): "3rd", "1st, 4th"."""
    return commas([ordinal(c["place"]) for c in sorted(race["cars"], key=lambda c: c["place"]) if c["owner"] == seat])


def commas(parts: Sequence[str]) -> str:
    """Parts joined as a list ("1st, 3rd")."""
    text = parts[0] if parts else ""
    for p in parts[1:]:
        text = say("list.comma", a=text, b=p)
    return text


def race_over_words(event: dict[str, Any], view: dict[str, Any], names: Names) -> str:
    """The log's line for the end of a race of the long game: its prizes, by player."""
    race = int(event["race_over"])
    result = view["results"][race - 1]
    prizes = [say("page.money_of", who=names.seat(m["seat"]), money=money(m["prize"]))
              for m in sorted(result["money"], key=lambda m: -int(m["prize"])) if m["prize"]]
    if not prizes:
        return say("log.race_over.none", race=race, races=view["races"])
    return say("log.race_over", race=race, races=view["races"], prizes=commas(prizes))


def title(card: dict[str, Any], cards: Mapping[str, dict[str, Any]]) -> str:
    """A card's name in the reader's language: a Technology card by its supplier and effect, a
    Manoeuvre card by its effect, a Banknote by its amount; Car and Driver cards by their own
    names. ``card``: a reference or a deck entry; ``cards``: the deck, which says what a
    reference's card is."""
    entry = cards.get(str(card.get("id", ""))) or card
    kind = entry.get("kind")
    if kind == "technology":
        return say("card.technology", supplier=say(f"supplier.{entry['supplier']}"),
                   effect=say(f"tech.{entry['effect']}"))
    if kind == "manoeuvre":
        return say(f"man.{entry['effect']}")
    if kind == "banknote":
        return money(entry["amount"])
    return str(card.get("name") or say("card.unknown"))


def card_words(card: dict[str, Any], cards: Mapping[str, dict[str, Any]]) -> str:
    """A card as a draw shows it: its name, and its Speed value for a card of the Speed deck."""
    if "speed" not in card:
        return title(card, cards)
    detail = say("card.speed.crazy" if card.get("crazy") else "card.speed", speed=card["speed"])
    return say("card.with", name=title(card, cards), detail=detail)


def card_face(card: dict[str, Any] | None) -> dict[str, Any] | None:
    """A card as a face shows it (``autodromo.lamborghini.cards``, one entry): its name, deck,
    the line of numbers printed on it, and what else the face carries (price, supplier, Speed
    value and Crazy arrow)."""
    if card is None:
        return None
    kind = card.get("kind", "")
    face: dict[str, Any] = {"name": title(card, {}), "kind": kind}
    if kind in ("car", "driver"):
        face["value"] = say("card.stats", speed=card["speed_bonus"], manoeuvre=card["manoeuvre"])
        face["price"] = money(card["price"])
    elif kind == "technology":
        face["supplier"] = card["supplier"]
        face["value"] = say(f"effect.{card['effect']}", value=card["value"])
    if "speed" in card:
        face["speed"] = card["speed"]
        face["crazy"] = card["crazy"]
    return face


def card_name(cards: dict[str, dict[str, Any]], card_id: str | None) -> str:
    """The name of the card ``card_id`` (a view's id), or "-" for none."""
    if card_id is None:
        return say("table.none")
    card = cards.get(card_id)
    return title(card, cards) if card else say("card.unknown")


def refusal_words(key: str, values: dict[str, Any], names: Names | None = None) -> str:
    """The core's refusal ``key`` (``IllegalActionError.key``) with its ``values``, in the reader's
    language; ``names``: the table's, to name a car by its player and a card from the game's deck
    (else the core's way: "the Countach", "Murciélago 2", the shipped deck)."""
    deck = names.cards if names and names.cards else _shipped_cards()
    args = dict(values)
    for field_ in ("card", "cheapest"):
        if field_ in args:
            args[field_] = _refused_card(args[field_], deck)
    if "car" in args:
        args["car"] = _refused_car(int(args["car"]), args.get("car_card"), names, deck)
    if "deck" in args:
        args["deck"] = say(f"deck.{args['deck']}")
    if "dir" in args:
        args["dir"] = say(f"refusal.dir.{args['dir']}")
    if "supplier" in args:
        args["supplier"] = say(f"supplier.{args['supplier']}")
    for field_, unit in (("turns", "refusal.turns"), ("squares", "refusal.squares")):
        if field_ in args:
            args[field_] = counted(int(args[field_]), unit)
    for field_ in ("bid", "price", "money"):
        if field_ in args:
            args[field_] = _Amount(int(args[field_]))
    if "place" in args:
        args["place"] = ordinal(int(args["place"]))
    if "now" in args:
        args["now"] = say(f"refusal.now.{args['now']}", **args)
    if "move" in args:
        args["move"] = say(f"refusal.move.{args['move']}")
    if "suppliers" in args:
        told = [say(f"supplier.{s}") for s in args["suppliers"]]
        joined = told[0] if told else ""
        for s in told[1:]:
            joined = say("list.comma", a=joined, b=s)
        return say("refusal.pick_supplier.one" if len(told) == 1 else f"refusal.{key}", **{**args, "suppliers": joined})
    return say(f"refusal.{key}", **args)


@dataclass(frozen=True)
class _Amount:
    """Money a refusal names: ``{x}`` its digits, as the core's English writes it ("5000$"),
    ``{x:money}`` in the reader's money format ("5.000 $"), for a translation to choose."""

    n: int

    def __format__(self, spec: str) -> str:
        return money(self.n) if spec == "money" else format(self.n, spec)


@cache
def _shipped_cards() -> Mapping[str, dict[str, Any]]:
    from . import cards

    return cards()


def _refused_card(card_id: Any, deck: Mapping[str, dict[str, Any]]) -> str:
    """A card as a refusal names it (a Technology card by its effect, then its supplier)."""
    entry = deck.get(str(card_id))
    if entry is None:
        return say("card.unknown")
    if entry.get("kind") == "technology":
        return say("refusal.card.technology", effect=say(f"tech.{entry['effect']}"),
                   supplier=say(f"supplier.{entry['supplier']}"))
    if entry.get("kind") == "banknote":
        return say("refusal.card.banknote", amount=_Amount(int(entry["amount"])))
    return title(entry, deck) if entry.get("kind") == "manoeuvre" else str(entry.get("name", ""))


def _refused_car(car: int, model: Any, names: Names | None, deck: Mapping[str, dict[str, Any]]) -> str:
    """A car as a refusal names it: by its player at a table, else by its Car card or number."""
    if names is not None:
        return names.car(car)
    entry = deck.get(str(model)) if model else None
    return say("refusal.car.model", model=entry["name"]) if entry else say("refusal.car.number", n=car + 1)


def act_words(event: dict[str, Any], names: Names) -> str:
    """What one decision of a seat says, as part of its line ("plays Skill")."""
    kind = event["kind"]
    if kind == "bid":
        if event.get("sealed"):
            return say("act.bid.sealed")
        return say("act.bid", amount=money(event["amount"])) if event["amount"] else say("act.bid.nothing")
    if kind == "turned_deck":
        return say("act.turned_deck", deck=say(f"deck.{event['deck']}"))
    if kind in ("picked", "played"):
        return say(f"act.{kind}", card=title(event["card"], names.cards))
    if kind == "linked":
        return say("act.linked", nth=say(f"nth.{event['to_car']}"))
    if kind == "slipstreamed":
        return say("act.slipstreamed", direction=say(f"direction.{event['direction']}"))
    if kind in ("crashed", "pushed"):
        return say(f"act.{kind}", target=names.car(event["target"]))
    if kind == "direction_chosen":
        return say("act.direction_chosen", car=names.car(event["car"]),
                   direction=say(f"direction.{event['direction']}"))
    if kind == "stepped":
        return movement_words([event])
    return say(f"act.{kind}")


def movement_words(steps: Sequence[dict[str, Any]]) -> str:
    """A run of squares as one movement: "moves 9 squares (3 diagonally)"."""
    n = len(steps)
    moves = say("act.moves.one") if n == 1 else say("act.moves", n=n)
    diagonal = sum(s["direction"] != "ahead" for s in steps)
    return say("act.moves.diagonal", moves=moves, diagonal=diagonal) if diagonal else moves


def acts_words(events: Sequence[dict[str, Any]], names: Names) -> str:
    """A seat's decisions in one turn as one line's acts: runs of squares joined into one movement."""
    parts: list[str] = []
    run: list[dict[str, Any]] = []
    for e in events:
        if e["kind"] == "stepped":
            run.append(e)
            continue
        if run:
            parts.append(movement_words(run))
            run = []
        parts.append(act_words(e, names))
    if run:
        parts.append(movement_words(run))
    return commas(parts)


def line_words(seat: int, events: Sequence[dict[str, Any]], names: Names) -> str:
    """One seat's line of a turn: "Alice: plays Skill, moves 9 squares (3 diagonally)"."""
    return say("log.line", who=names.seat(seat), acts=acts_words(events, names))


def table_words(event: dict[str, Any], names: Names) -> str:
    """A step of the table's own (a card drawn or dealt), a line of its own."""
    kind = event["kind"]
    if kind == "revealed":
        return say("log.revealed", card=card_words(event["card"], names.cards))
    if kind == "turned":
        return say("log.turned", who=names.seat(event["for"]), card=card_words(event["card"], names.cards))
    if kind == "dealt":
        if "card" in event:
            return say("log.dealt.seen", who=names.seat(event["owner"]), card=card_words(event["card"], names.cards))
        return say("log.dealt", who=names.seat(event["owner"]))
    if kind == "check_card":
        return say("log.check_card", car=names.car(event["car"]), why=say(f"why.{event['why']}"),
                   card=card_words(event["card"], names.cards))
    if kind in ("qualifying_card", "speed_card", "direction_card"):
        return say(f"log.{kind}", car=names.car(event["car"]), card=card_words(event["card"], names.cards))
    raise ValueError(f"a Lamborghini event of an unknown kind: {kind}")


def effect_words(event: dict[str, Any], names: Names) -> list[tuple[int, str]]:
    """The damages, wrecks and finishes an event caused, each with the car it befell."""
    out = []
    for d in event.get("damaged") or []:
        key = "log.wrecked" if d["wrecked"] else "log.damaged"
        out.append((int(d["car"]), say(key, car=names.car(d["car"]), damages=d["damages"])))
    for car in event.get("finished") or []:
        out.append((int(car), say("log.finished", car=names.car(car))))
    return out


#: The page's groups of decisions, by move kind.
GROUPS = {"bid": "bid", "turn_card": "draft", "pick": "draft", "keep_drivers": "draft", "swap_drivers": "draft",
          "link": "draft", "play_card": "card", "step": "move", "slipstream": "slipstream", "crash": "move",
          "push": "move", "take_check": "check", "team_repair": "check", "team_bonus": "check",
          "choose_direction": "accident"}


def move_words(move: dict[str, Any], names: Names) -> tuple[str, str, str]:
    """A move as the page offers it: the button's words, the line under it, and its risk."""
    kind = move["kind"]
    detail = ""
    if kind == "bid":
        text = say("move.bid", amount=money(move["amount"])) if move["amount"] else say("move.bid.nothing")
    elif kind == "turn_card":
        text = say("move.turn_card", deck=say(f"deck.{move['deck']}"))
    elif kind in ("pick", "play_card"):
        text = say(f"move.{kind}", card=card_words(move["card"], names.cards))
        price = move["costs"].get("money")
        if price:
            detail = say("move.pick.detail", card=title(move["card"], names.cards), price=money(price))
    elif kind == "link":
        text = say("move.link", nth=say(f"nth.{move['to_car']}"))
    elif kind in ("step", "slipstream"):
        text = say(f"move.{kind}", direction=say(f"direction.{move['direction']}"))
    elif kind in ("crash", "push"):
        text = say(f"move.{kind}", target=names.car(move["target"]))
    elif kind == "choose_direction":
        text = say("move.choose_direction", car=names.car(move["car"]),
                   direction=say(f"direction.{move['direction']}"))
    else:
        text = say(f"move.{kind}")
    leads = move["leads_to"]
    if kind in ("step", "slipstream", "play_card") and leads.get("squares_left"):
        n = leads["squares_left"]
        detail = say("move.squares_left.one") if n == 1 else say("move.squares_left", n=n)
    if kind in ("step", "slipstream") and leads.get("car", {}).get("finished"):
        detail = say("move.finished")
    risk = ""
    for r in move["risks"]:  # the one check the move leads straight to
        risk = say("risk.accident", why=say(f"why.{r['why']}"), percent=round(100 * r["probability"]))
    if kind == "take_check":
        # The check is due whatever is chosen (a card only changes it): told, not asked to confirm.
        return text, risk, ""
    return text, detail, risk


def plan_step_words(direction: str) -> str:
    """One square of a planned movement: "Move diagonally left"."""
    return say("move.step", direction=say(f"direction.{direction}"))


def step_words(move: dict[str, Any], seat: int, names: Names) -> str:
    """A seat's decision on the replay's timeline: "Alice: Move straight ahead"."""
    return say("log.line", who=names.seat(seat), acts=move_words(move, names)[0])


def log_lines(events: Sequence[dict[str, Any]], names: Names) -> list[str]:
    """The log as plain lines, as the terminal prints it: a seat's decisions of a turn on one line,
    each table draw on its own, then the damages, wrecks and finishes they caused."""
    out: list[str] = []
    group: list[dict[str, Any]] = []

    def flush() -> None:
        if group:
            out.append(line_words(group[0]["seat"], group, names))
            out.extend(text for e in group for _, text in effect_words(e, names))
            group.clear()

    for e in events:
        if e["seat"] is None or e["kind"] not in ACTS:
            flush()
            out.append(table_words(e, names))
            out.extend(text for _, text in effect_words(e, names))
        else:
            if group and (group[0]["seat"] != e["seat"] or group[0]["turn"] != e["turn"]):
                flush()
            group.append(e)
    flush()
    return out
