"""Legend's help on the page: a short "how to play", and a paragraph for each phase and each
kind of decision, from the rulebook in our words (docs/rules/legend.md holds the decisions
where the book is silent)."""

from __future__ import annotations

HOW_TO_PLAY = [
    "Drive your car round the circuit and cross the finish line first after the last lap, "
    "without breaking it on the way.",
    "Each round every car in turn sets its pace (keep, accelerate, lift, stop to cool or pit), "
    "then moves one space per point of speed: one row forward each time, straight on or one lane "
    "across. The highlighted spaces on the board are where your car can end its move: point at one "
    "to read what it costs, click it to drive there.",
    "Turns have a marker A to E and a safe speed for your car (the pins on your tachometer). Brake "
    "at the entry line to be at or under it; the best line (light spaces) adds 1.",
    "Your Dashboard is your car: Temperature rises when you use all your acceleration or push; in "
    "the red zone it costs Engine points at the end of the round. A car that must lose an Engine "
    "point it does not have retires. Brakes and Tyres wear as you brake hard, drift and regain the "
    "line.",
    "Crashes and collisions draw Damage cards. Stop to cool or pit in the Box to recover.",
    "A Stage race (a route) is run stage by stage on open roads: cars start one at a time, three "
    "minutes apart, and the Chrono times them. Cross the Arrivo, or the Check Point at its speed "
    "limit or lower (6 minutes' penalty above it); the shortest racing time wins. Stop at the "
    "roadside or on a Technical Assistance tile to repair: every round stopped costs time. At "
    "night and in fog a car without headlights reads a turn's marker only at its entry line.",
]

PHASES = {
    "reliability split": "Before the race you share your car's Reliability between the Engine and the "
                         "Brakes. Engine points keep the car alive under heat and pushing; Brakes "
                         "points pay for emergency braking. A low Engine reduces Top Speed and "
                         "Acceleration (its red zone).",
    "qualifying challenge": "The qualifying order decides the grid. From the back, each car may "
                            "challenge the car just ahead by paying 1 point of Engine, Brakes or "
                            "Tyres; the challenged car matches with the same part or yields its "
                            "place.",
    "answer to a challenge": "The car behind challenged you for your grid place: pay the same part "
                             "to keep it, or yield and swap places.",
    "priority bid": "Variant: a car tied with the car ahead may bid a Temperature step to move first "
                    "this round.",
    "answer to a priority bid": "The car behind bid a Temperature step to move before you: match it "
                                "(+1 Temperature, you keep your place) or let it go first.",
    "set the pace": "Choose your speed for this round. Accelerating by your whole Acceleration, or "
                    "pushing past Top Speed, heats the engine. Lift and coast slows you by 1 and "
                    "cools. Stopping to cool takes you off the road for the round (−2 Temperature; "
                    "with an Acqua Refrigerante Galetti part, Temperature 0). On a Box space you "
                    "may pit.",
    "entry line": "You are at a turn's entry line: brake now (free, up to your Braking) so your speed "
                  "is at or under the turn's safe speed, or lift and coast. Too fast inside the turn "
                  "means emergency braking (Brakes points) or a drift (a Tyre point).",
    "movement": "Move one row forward per point of speed, straight on or one lane across. Inside a "
                "turn, only spaces your speed allows are offered. The highlighted spaces show where "
                "the whole move can end.",
    "exit line": "You reached a turn's exit line with Acceleration unused: power out to gain speed for "
                 "the rest of the move.",
    "slipstream": "A car straight ahead of you on a straight gives you one extra space, diagonally "
                  "beside it.",
    "slipstream in a turn": "Variant: a car ahead in the turn pulls you: drift one lane outward, or "
                            "resist with a Tyre point.",
    "pit stop": "In the pit: use your spare parts to repair the Engine, Brakes, Tyres, battery or "
                "headlights, or turn a set-up card; then leave the pit. The car rejoins next round.",
    "race over": "The race is over.",
    "in progress": "The other cars are moving; your turn comes when your car is activated.",
    "weather roll": "The weather is rolled: rain lowers every turn's marker.",
    "event card": "An Event card hits every car on the road.",
    "damage card": "A Damage card is drawn for a car that crashed or collided.",
    "Neutral Cars' die": "The Neutral Cars' die sets how far they drive this round.",
    "qualifying die": "Cars equal on every figure roll a die for their grid place.",
}

DECISIONS = {
    "split": "Engine points against Brakes points, for the whole race.",
    "challenge": "Pay a wear point to take the place of the car ahead on the grid.",
    "bid": "A Temperature step to move first this round.",
    "pace": "The speed for this round: every point is one space, and heat is the price of speed.",
    "entry": "Braking before or inside a turn, to stay at or under its safe speed.",
    "move": "One space forward, straight on or one lane across.",
    "exit": "Extra speed at a turn's exit with the Acceleration you did not use.",
    "slipstream": "An extra space behind a car ahead.",
    "pit": "Repairs with your spare parts, in the Box.",
}
