"""The lessons in words: each lesson's title, the book's section it comes from, the explanation,
the question and the reason each answer is right or wrong, keyed ``<lesson id>.<part>``, and the
lesson pages' own words. Looked up in the ``lessons`` gettext catalogue of the reader's language
(``autodromo.locale``, docs/languages.md), as every game's words are.

The explanations are ours, not the books' text: each says the rule in a sentence or two and
names the section of the book it comes from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..locale import pgettext

#: key -> English ``str.format`` pattern (``make messages`` extracts it, the key as context).
ENGLISH: dict[str, str] = {
    # the pages
    "page.title": "Learn to play",
    "page.intro": "Each lesson sets up a moment of a game from the book's examples and rules. "
    "Find the decision; the rules then play it and tell you what happened and why it is right or wrong.",
    "page.lessons_of": "Lessons: {game}",
    "page.all": "All lessons",
    "page.lesson_of": "Lesson {n} of {count}",
    "page.book": "From the book: {section}",
    "page.right": "Right.",
    "page.wrong": "Not this one.",
    "page.happened": "What the rules did:",
    "page.then": "Then the rules ask you: {choices}.",
    "page.next": "Next lesson",
    "page.back": "Back to the lessons",
    "page.play_on": "Play on from here, on the board",
    "page.lobby": "Learn to play {game}",
    "page.lobby_heading": "Learn to play",
    "you": "You are {name}.",
    "other": "This move is legal, but it is not the one this lesson is about: look for {right}.",
    "list.or": "{a} or {b}",
    # the card game (its Italian book's sections)
    "green-light.title": "Green light first",
    "green-light.section": "Svolgimento del gioco (how the game goes)",
    "green-light.explain": "Every hand starts with your car stopped. Distance cards can only be played once "
    "a Roll (green light) is on your battle pile. Your hand holds 100, 75, 50 and 25 miles, a Roll, a Stop "
    "and a Gasoline.",
    "green-light.ask": "Your turn, you have drawn. What do you play?",
    "green-light.right": "The Roll starts your car: from your next turn every distance card in your hand can "
    "be played.",
    "green-light.wrong": "Discarding your only Roll leaves you stopped, with no way to play the miles in "
    "your hand until you draw another one.",
    "fix-then-roll.title": "Mend it, then roll",
    "fix-then-roll.section": "Le carte di difesa (the remedies)",
    "fix-then-roll.explain": "Anna gave you a Flat Tire: you are stopped. Only the matching remedy, a Spare "
    "Tire, mends it; after a Flat Tire, Out of Gas or Accident you also need a Roll before you drive on. "
    "You hold a Spare Tire, a Roll, a Repairs and some miles.",
    "fix-then-roll.ask": "What do you play first?",
    "fix-then-roll.right": "The Spare Tire mends the puncture. Next turn a Roll sets you going again.",
    "fix-then-roll.wrong": "Without the Spare Tire the Flat Tire stays on your car and no Roll or distance "
    "card helps: you have thrown away the one card that mends it.",
    "stop-the-leader.title": "Stop the leader",
    "stop-the-leader.section": "Le carte d'attacco (the hazards)",
    "stop-the-leader.explain": "An attack is played on an opponent's car and stops it until they play the "
    "remedy and a Roll. Anna is rolling at 900 miles, 100 from the finish; you are at 400. You hold a "
    "Stop and some miles.",
    "stop-the-leader.ask": "What do you play?",
    "stop-the-leader.right": "The Stop halts Anna 100 miles from the end: she needs a Roll before she can "
    "drive again, and you gain turns to catch up.",
    "stop-the-leader.wrong": "100 miles take you to 500, but Anna stays rolling and may finish the trip on "
    "her next turn.",
    "exactly-1000.title": "Exactly 1000",
    "exactly-1000.section": "Le carte di distanza (the distance cards)",
    "exactly-1000.explain": "The trip ends on exactly 1000 miles: a distance card that would take you past "
    "it cannot be played. You are rolling at 925 miles with 100, 75, 50 and 200 in your hand.",
    "exactly-1000.ask": "Which distance card do you play?",
    "exactly-1000.right": "75 brings you to exactly 1000: the trip is complete and the hand ends, with the "
    "bonus for the completed trip.",
    "exactly-1000.wrong": "50 brings you to 975: legal, but you still need a 25 to finish, and Anna keeps "
    "playing meanwhile.",
    "under-a-speed-limit.title": "Under a Speed Limit",
    "under-a-speed-limit.section": "Le carte d'attacco: Limite di velocità (Speed Limit)",
    "under-a-speed-limit.explain": "A Speed Limit does not stop you: it lets you play only 25 and 50 mile "
    "cards until you play an End of Limit. You are at 950 miles under a Speed Limit, with 50, 75, 100, 200 "
    "and an End of Limit in your hand.",
    "under-a-speed-limit.ask": "What do you play?",
    "under-a-speed-limit.right": "50 is allowed under the limit and brings you to exactly 1000: the trip is "
    "complete.",
    "under-a-speed-limit.wrong": "The End of Limit lifts the limit, but you need only 50 miles and a 50 is "
    "allowed under it: you spent the turn that could have finished the trip.",
    "coup-fourre.title": "Coup fourré",
    "coup-fourre.section": "Colpi scambievoli (coup fourré)",
    "coup-fourre.explain": "Anna has just played an Accident on you. You hold the Driving Ace, the safety "
    "against accidents. Played at once, before the next player draws, it cancels the attack, protects you "
    "for the rest of the hand, scores a 300 point bonus and gives you the next turn.",
    "coup-fourre.ask": "Do you call a coup fourré?",
    "coup-fourre.right": "The Accident is cancelled, you need no Roll to go on, the Driving Ace protects "
    "you from accidents for the rest of the hand, and you play next.",
    "coup-fourre.wrong": "Letting it pass leaves you stopped by the Accident: you need Repairs and a Roll. "
    "The chance of a coup fourré is gone once the next player draws.",
    # the Murciélago race (its English book's sections)
    "pick-a-supplier.title": "Choose your supplier",
    "pick-a-supplier.section": "Strategic – Economic Phase (Important!)",
    "pick-a-supplier.explain": "Your first Technology card binds your car to its supplier: from then on "
    "it takes Technology only from that colour. Blue is the best technology, Yellow the second, Red the "
    "weakest. You have no supplier yet; a Blue Tyres and a Red Engine lie face up among the cards.",
    "pick-a-supplier.ask": "Which Technology card do you take?",
    "pick-a-supplier.right": "Blue Tyres makes Blue your supplier: every Technology card your car "
    "receives in the set-up will be Blue, the strongest.",
    "pick-a-supplier.wrong": "Red Engine ties you to Red, the weakest supplier, for the whole race: every "
    "Technology card you receive later will be Red.",
    "crazy-murcielago.title": "Crazy Murciélago",
    "crazy-murcielago.section": "Crazy Murciélago; Manoeuvres",
    "crazy-murcielago.explain": "A Speed card on a coloured arrow means the car is going too fast: the "
    "driver must pass a manoeuvre check, with a penalty the higher the arrow. A Set-up card raises the "
    "check (Blue Set-up: +3), and it must be played before the check is drawn. Your SuperVeloce is out of "
    "control and you hold a Blue Set-up.",
    "crazy-murcielago.ask": "The check is next. What do you do?",
    "crazy-murcielago.right": "The Blue Set-up adds 3 to the check: an accident (7 or less) becomes much "
    "less likely.",
    "crazy-murcielago.wrong": "Taking the check bare leaves the whole penalty against you: if the card "
    "drawn gives 7 or less, the car has an accident and a damage.",
    "brakes-before-damage.title": "Brakes before the damage",
    "brakes-before-damage.section": "The Cards: Technology Cards (Brakes)",
    "brakes-before-damage.explain": "A Brakes card prevents damages (Blue Brakes: up to 3), but only if it "
    "is played before the damage happens. Your LP 640 must take a manoeuvre check for going too fast; you "
    "hold a Blue Brakes.",
    "brakes-before-damage.ask": "The check is next. What do you do?",
    "brakes-before-damage.right": "With the Brakes played, a failed check costs no damage: the card "
    "absorbs it. Played after the damage, it would be too late.",
    "brakes-before-damage.wrong": "If the check fails now, the damage stands: each damage lowers your speed "
    "and manoeuvre for the rest of the race, and the Brakes card in your hand cannot undo it.",
    "slipstream.title": "Slipstream",
    "slipstream.section": "Slipstreaming",
    "slipstream.explain": "A car that reaches the square exactly behind another car gets one free move: "
    "it is placed beside the car ahead and goes on with the moves it has left. Your LP 640 has 4 squares "
    "left to move; Anna's Murciélago Roadster is two rows ahead, one lane to your right.",
    "slipstream.ask": "Where do you move?",
    "slipstream.right": "Diagonally right brings you exactly behind Anna's car: the slipstream puts you "
    "beside it for free and you keep your remaining moves.",
    "slipstream.wrong": "Straight ahead is legal but reaches no car's tail: no free move, one square fewer "
    "to gain.",
    "fortune.title": "A second chance: Fortune",
    "fortune.section": "The Cards: Manoeuvre Cards (Fortune)",
    "fortune.explain": "Each turn your speed is the Speed card you draw plus your car and driver. Speed "
    "cards go from 5 to 12, and you have drawn a 5, the lowest. A Fortune card lets you draw a new Speed "
    "card in place of the one you have.",
    "fortune.ask": "Your turn starts. What do you do?",
    "fortune.right": "With the lowest Speed card, any new card is at least as good: Fortune gives you a "
    "fresh draw, most likely faster.",
    "fortune.wrong": "Moving now uses the 5, the slowest card there is, while the Fortune card in your hand "
    "could have replaced it.",
    "off-the-track.title": "Send them off the track",
    "off-the-track.section": "Car Accident",
    "off-the-track.explain": "After an accident the car's direction for its next move is drawn; on a 5, 6 "
    "or 7 the player at its right chooses it. If that first square is off the track, the car loses 3 "
    "squares of speed that turn. Anna's LP 650-4 Roadster has crashed on the right-hand lane, and you "
    "choose.",
    "off-the-track.ask": "Which way does Anna's car go?",
    "off-the-track.right": "Diagonally right is off the track: Anna's car loses 3 squares of its move this "
    "turn.",
    "off-the-track.wrong": "Straight ahead keeps Anna's car on the track, with its whole speed.",
    # the road race (its English book's sections): three on a circuit, three on a Stage race
    "standing-start.title": "Standing start",
    "standing-start.section": "Standing Start (Track race)",
    "standing-start.explain": "A car at Speed 0 must accelerate, by up to its Acceleration value ({acc} "
    "for your Fiat 1100 S). Using the whole of it raises the Temperature by 1; you may push the engine "
    "for 1 more, at the price of an Engine point as well. The race is long, and an Engine point spent now "
    "is gone for the rest of it.",
    "standing-start.ask": "The race starts. How hard do you accelerate?",
    "standing-start.right": "Full Acceleration without pushing: a good start for 1 step of Temperature, "
    "and the engine keeps all its points.",
    "standing-start.wrong": "Pushing gains one space but costs an Engine point on the first round: "
    "engine wear adds up, and a worn engine can end your race.",
    "keep-it-cool.title": "Keep it cool",
    "keep-it-cool.section": "Setting the Pace; Temperature and Overheating (Track race)",
    "keep-it-cool.explain": "Your Temperature needle is already at {temp}. Using your full Acceleration "
    "raises it by 1 more; a needle in the red zone at the end of a round damages the engine. Lifting and "
    "coasting lowers both your Speed and your Temperature by 1 step.",
    "keep-it-cool.ask": "Set your pace for this round.",
    "keep-it-cool.right": "Lift and coast: one space less this round, and the engine cools by one step, "
    "away from the red zone.",
    "keep-it-cool.wrong": "Full acceleration heats the engine one more step, toward the red zone where "
    "overheating costs Engine points: far more than the spaces gained.",
    "power-out.title": "Power out of the turn",
    "power-out.section": "Powering Out at Exit (Track race)",
    "power-out.explain": "At a turn's exit line you may accelerate with the Acceleration you have not "
    "used this round, and the extra speed gives you extra moves at once. Only using the whole allowance "
    "raises the Temperature. Your Fiat 1100 S has just reached the exit line.",
    "power-out.ask": "How much do you power out?",
    "power-out.right": "Powering out by {by} adds speed and moves this round without touching the whole "
    "allowance: no Temperature is added.",
    "power-out.wrong": "No power out leaves the unused Acceleration in your pocket: it is lost when the "
    "round ends, and your rivals leave the turn faster.",
    "top-speed.title": "Top Speed",
    "top-speed.section": "Setting the Pace (the book's example, round 2) (Stage race)",
    "top-speed.explain": "Your Tachometer may not go past your Top Speed ({top} for the Fiat 1100 S) "
    "unless you push the engine: 1 step more for an Engine point and more Temperature. The book's own "
    "example warns that this is not sustainable over the 1000 Miglia.",
    "top-speed.ask": "You are at Speed 6. Set your pace.",
    "top-speed.right": "Accelerate 1 reaches your Top Speed of {top}, for a step of Temperature at the "
    "end of the round: as fast as the car goes without spending an Engine point.",
    "top-speed.wrong": "Pushing to 8 costs an Engine point and more Temperature for a single space: on a "
    "long stage that trade ruins the car.",
    "brake-at-the-entry.title": "Brake at the entry line",
    "brake-at-the-entry.section": "Navigating Turns: Dive Braking at Entry (Stage race)",
    "brake-at-the-entry.explain": "The entry line of a turn is the only place where you may brake, by up "
    "to your Braking value. If you enter faster than the turn allows, you must spend Brake points or drift "
    "outward on your Tires. You reach the entry line at Speed {speed}; this turn allows {safe}.",
    "brake-at-the-entry.ask": "You are on the entry line. Do you brake?",
    "brake-at-the-entry.right": "Braking {by} at the entry line is free: you enter at {safe}, as the turn "
    "allows, and keep your Brakes and Tires.",
    "brake-at-the-entry.wrong": "Without braking you enter too fast: the rules then make you choose "
    "between emergency braking (Brake points) and a drift (a Tire point and spaces outward).",
    "power-out-cool.title": "Power out, but not all of it",
    "power-out-cool.section": "Powering Out at Exit (Stage race)",
    "power-out-cool.explain": "Powering out at the exit line uses the Acceleration left this round; if "
    "that makes you use your full allowance, the Temperature rises by 1. Your Temperature is already at "
    "{temp}.",
    "power-out-cool.ask": "How much do you power out?",
    "power-out-cool.right": "Powering out by 2 takes most of the speed and stays short of the full "
    "allowance: no Temperature added.",
    "power-out-cool.wrong": "Powering out by 3 uses your whole allowance: one more space, and the engine "
    "a step nearer to overheating on a long stage.",
    # the Portuguese manual's race (its sections): the basic race, then its modules
    "pass-the-check.title": "Pass the check",
    "pass-the-check.section": "D.2 Realizar Testes (basic race)",
    "pass-the-check.explain": "A check compares a card's check factor with the Target Check, the card on "
    "your car's dashboard: equal or lower passes, higher fails, and a failed check of a movement card "
    "costs a wear token. Whatever card you use becomes the new Target Check. Your Target Check is {target}; "
    "{card} asks for a check, and your hand holds {good}, {bad} and others.",
    "pass-the-check.ask": "Which card do you check with?",
    "pass-the-check.right": "Its check factor is not higher than {target}: the check passes, no wear, and "
    "the card becomes your new Target Check.",
    "pass-the-check.wrong": "{bad} is higher than {target}: the check fails and your car takes a wear "
    "token (only worth it on purpose, to raise the Target Check for later tests).",
    "take-the-trajectory.title": "Take the trajectory",
    "take-the-trajectory.section": "F.2 Trajetórias (basic race)",
    "take-the-trajectory.explain": "A car that ends its move in a section with a free trajectory may take "
    "it. A trajectory holds one car, nobody can push you out of it, and it gives a movement bonus to cards "
    "of its colour. The trajectory here is free, with a +1 for red, the Speed cards.",
    "take-the-trajectory.ask": "Your move ends here. Do you take the trajectory?",
    "take-the-trajectory.right": "The trajectory is yours for nothing: +1 to your red cards, and no car "
    "can take the place from you.",
    "take-the-trajectory.wrong": "Leaving it free gives up a bonus that costs nothing, and the next car "
    "to enter the section may take it.",
    "pit-when-worn.title": "Pit before it breaks",
    "pit-when-worn.section": "A.3 Pit Stop; Desgaste do Carro (basic race)",
    "pit-when-worn.explain": "Wear tokens fill the slots of your dashboard: red ones a pit stop repairs, "
    "brown ones stay. A car that cannot place the wear it draws retires. Your car has {red} red tokens in "
    "{slots} slots and only 2 tyre tokens left. A pit stop, announced at the start of your turn, removes "
    "every red token, refills your hand and your tyres, but sends you back some sections.",
    "pit-when-worn.ask": "Your turn starts. What do you declare?",
    "pit-when-worn.right": "The pit stop clears the red wear and gives you new tyres and cards: a few "
    "sections lost instead of the race.",
    "pit-when-worn.wrong": "Driving on with one free slot: the next failed check or worn tyre may bring "
    "wear you cannot place, and the car retires.",
    "rain-tyres.title": "Tyres for the rain",
    "rain-tyres.section": "Condições do Tempo; Escolha de Pneus (weather module)",
    "rain-tyres.explain": "Before the race each player chooses tyres for the weather. In the rain, hard and "
    "soft tyres lose 2 MP on every move; rain tyres lose nothing. The weather pawn stands in the rain.",
    "rain-tyres.ask": "Which tyres do you fit?",
    "rain-tyres.right": "Rain tyres suit the rain: no MP lost while it rains.",
    "rain-tyres.wrong": "Hard tyres in the rain cost 2 MP on every move until the weather dries or you pit "
    "for other tyres.",
    "late-braking.title": "Late braking: a blind test",
    "late-braking.section": "F.1 Atraso de Freada (full race)",
    "late-braking.explain": "A car ending its move in a braking zone marked LB may try to brake late: a "
    "blind test (the top card of the deck) against its Target Check. If it passes, the car passes every car "
    "in the zone; if it fails, the car leaves the track. With your Target Check the test fails about "
    "{percent} times in 100.",
    "late-braking.ask": "Do you brake late?",
    "late-braking.right": "The odds are against you: staying on the track keeps your place and spares you "
    "the off-track penalties.",
    "late-braking.wrong": "More often than not the blind card is higher than your Target Check: the car "
    "leaves the track and must recover.",
    "orange-flag.title": "The orange flag",
    "orange-flag.section": "D.4 Bandeiras: bandeira laranja (flags module)",
    "orange-flag.explain": "Whoever plays a card with an orange flag holds the orange pawn: while it is "
    "active, they may force a robot that ends its move in a braking zone to try a late brake. You hold "
    "the pawn, and a robot has just stopped in a braking zone.",
    "orange-flag.ask": "What do you do with the robot?",
    "orange-flag.right": "Forced to brake late, the robot takes a blind test: if it fails, it leaves the "
    "track and loses ground on you.",
    "orange-flag.wrong": "Letting it drive on wastes the orange pawn's power on a robot in its reach.",
}

#: The catalogue in use.
CATALOGUE = ENGLISH
#: The languages whose catalogue of these words is complete (tests/test_catalogues.py checks it).
COMPLETE = ("en", "it", "pt")


def say(key: str, **args: Any) -> str:
    """The text of ``key`` with ``args`` filled in, in the language in use."""
    return pgettext("lessons", key, CATALOGUE[key]).format(**args)


def listing(items: Sequence[str]) -> str:
    """"a, b or c" (the answers to look for)."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = say("list.or", a=text, b=item)
    return text
