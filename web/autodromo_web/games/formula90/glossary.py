"""What each advanced piece of Race! Formula 90 means, in the book's words (the Advanced manual's
section, in Portuguese, and what it says in English), for the help texts of the page's board,
chart and lobby. The rule numbers R1–R142 are those of shared/research/formula90.md; where the
engine decides something the book leaves open, the help says so (docs/rules/formula90.md)."""

from __future__ import annotations

from typing import Any


def entry(title: str, meaning: str, source: str) -> dict[str, str]:
    return {"title": title, "text": meaning, "source": source}


#: The weather module: the pawn, the skies, the tyres and the robots' tyres.
WEATHER = {
    "weather": entry(
        "Weather", "The weather pawn stands on a space of the track's weather table: dry, drizzle "
        "(the book's 'tempo incerto', uncertain) or rain. A card with the weather symbol lets its player move "
        "the pawn one space either way in phase D, or leave it; the weather changes at once.",
        "Condições do Tempo (phase D); the weather card before the race (R30, R76)"),
    "dry": entry("Dry", "Sun: hard and soft tyres lose nothing; intermediates lose 1 MP, rain tyres 2.",
                 "Condições do Tempo, the tyre table (Sol)"),
    "drizzle": entry("Drizzle", "Uncertain weather: hard, soft and rain tyres lose 1 MP; intermediates none "
                     "(1 with the printed row, a lobby option).",
                     "Condições do Tempo, the tyre table (Garoa); decision A2"),
    "rain": entry("Rain", "Hard and soft tyres lose 2 MP, intermediates 1 (none with the printed row), rain tyres "
                  "none; every car, robots too, takes −20 on every test but the leader check.",
                  "Condições do Tempo (Chuva): 'todos os carros sofrem uma penalidade de -20 em seus testes' (R78)"),
    "robot_tyres": entry(
        "Robots' tyres", "Robots fit hard or rain tyres only, all the same type: that of the nearest stable "
        "weather. When the weather turns to rain or to dry and theirs do not suit it, every robot pits at the "
        "end of the car's turn, and that stop counts as its refuelling.",
        "Pneus dos robôs; Condições do Tempo (R35, R79)"),
}

TYRES = {
    "soft": entry("Soft tyres", "Three blue +1 MP tokens, one a turn; three tyre tokens fewer than the chart; "
                  "two soft sets a race at most.", "Escolha de pneus: macios (R32)"),
    "hard": entry("Hard tyres", "The chart's tyre tokens and a Track Card each time they are fitted.",
                  "Escolha de pneus: duros (R33)"),
    "intermediate": entry("Intermediate tyres", "The chart's tyre tokens, no bonus; meant for drizzle.",
                          "Escolha de pneus: intermediários (R34)"),
    "rain": entry("Rain tyres", "The chart's tyre tokens, no bonus; meant for rain.",
                  "Escolha de pneus: chuva (R34)"),
    "blue_tokens": entry("Blue tokens", "+1 MP each, one a turn, kept in drizzle and rain; they come with soft "
                         "tyres (and with rain tyres at the start for a Rain Expert).",
                         "Escolha de pneus: macios; D.1 (R32, R60)"),
    "tyre_loss": entry("Tyre loss", "The movement points these tyres lose in this weather (the tyre table); "
                       "robots never lose any.", "Condições do Tempo, the tyre table (R77)"),
}

FLAGS = {
    "yellow": entry(
        "Yellow flag", "A marker in a corner's queue of cars, always behind the cars on trajectories. Getting "
        "past it costs 1 MP more ('Desaceleração'); no passing and no duel in that section, not even past a car "
        "that did not move ('Alinhamento'). It goes when the Leader gets past it or a green flag is played; "
        "every yellow goes when the Safety Car comes out.",
        "D.4 Bandeiras: Bandeira Amarela (R71)"),
    "green": entry("Green flag", "Its player may remove a yellow flag from any section; it has no piece.",
                   "D.4 Bandeiras: Bandeira Verde (R72)"),
    "blue": entry(
        "Blue flag", "A blue pawn on the chart: its car laps backmarkers for 0 MP on straights and in braking "
        "zones, 1 MP a car in corners; a Leader still makes the leader check; a yellow flag beats it. Discarded "
        "at a new Race Stage.", "D.4 Bandeiras: Bandeira Azul (R73)"),
    "orange": entry(
        "Orange flag", "The one orange pawn, taken by the first orange flag of a Race Stage: its holder may force "
        "a robot that ends its move in a braking zone to try a late brake, or to take an Extreme Trajectory "
        "(the robot then tests blind in its next turn). Discarded at a new Race Stage.",
        "D.4 Bandeiras: Bandeira Laranja (R74, R99)"),
    "race_stage": entry("Race Stage", "A whole row of the Turn track; when the turn pawn moves down a row the blue "
                        "and orange pawns are discarded and a new Race Stage begins.",
                        "Indicador de Turno; Bandeiras (R9, R39, R70)"),
}

SKILLS = {
    "Qualify": entry("Qualify", "+2 in qualifying, +1 MP at the start, two Track Cards before the race.",
                     "Apêndice B: QUALIFY (R133)"),
    "Versatility": entry("Versatility", "May change strategy once in phase A.2 (the chit turns); ready again "
                         "after each pit stop.", "Apêndice B: VERSATILITY; A.2 (R134)"),
    "Lapping": entry("Lapping", "Laps backmarkers for 0 MP on straights and braking zones, 1 MP in corners; "
                     "+1 MP per blue flag on the cards played.", "Apêndice B: LAPPING (R135)"),
    "Pitting": entry("Pitting", "Goes back two sections fewer at each pit stop and takes a Track Card there.",
                     "Apêndice B: PITTING (R136)"),
    "Reflexes": entry("Reflexes", "+20 on every test: checks, late brakes, recoveries, the leader check.",
                      "Apêndice B: REFLEXES (R137)"),
    "Tuning": entry("Tuning", "Sets up the car with 8 points (3 at most a category) and repairs a brown wear token "
                    "at each pit stop.", "Apêndice B: TUNNING (R138)"),
    "Wise Driving": entry("Wise Driving", "Once between pit stops, in phase A.2: discard any Race Cards and draw "
                          "back to the hand limit; Track Cards never count in the limit.",
                          "Apêndice B: WISE DRIVING; A.2 (R139)"),
    "Rain Expert": entry("Rain Expert", "No loss in drizzle on rain or hard tyres; starting on rain tyres brings "
                         "three blue tokens.", "Apêndice B: RAIN EXPERT (R140)"),
    "Flat Out": entry("Flat Out", "May take an Extreme Trajectory without the blind test, for its bonus −1 (the "
                      "colour rule kept).", "Apêndice B: FLAT OUT (R141)"),
    "Sixth Sense": entry("Sixth Sense", "Three flag tokens, one yellow, one green and one blue: declare one at "
                         "the start of a turn and its flag acts in phase D.4 as if printed on a card. Each "
                         "once; the chit turns when all three are used; all three back at each pit stop.",
                         "Apêndice B: SIXTH SENSE (R142)"),
}

#: Skills whose chit turns when used and turns back at a pit stop; the others act all race.
ROTATED = {"Versatility", "Wise Driving", "Sixth Sense"}

#: When each skill acts that never turns its chit (the chart's short word for it).
WHEN = {"Qualify": "in qualifying, at the start and at restarts", "Lapping": "whenever it laps",
        "Pitting": "at each pit stop", "Reflexes": "on every test", "Tuning": "at setup and each pit stop",
        "Rain Expert": "in drizzle, and on rain tyres at the start", "Flat Out": "on Extreme Trajectories"}

STRATEGIES = {
    "Save Tyres": entry("Save Tyres", "One tyre of the cards played is not paid; a one-tyre card may be played "
                        "with no token left. Special: spend a tyre token.", "Apêndice A: SAVE TYRES (R124)"),
    "Banging Wheels": entry("Banging Wheels", "+3 in duels; overtakes for 2 MP in corners, 1 elsewhere. Special: "
                            "win a duel in a corner or overtake.", "Apêndice A: BANGING WHEELS (R125)"),
    "Save Fuel": entry("Save Fuel", "Moving on cards of 2 or less saves a turn of fuel; may trade a card over 2 "
                       "for two Race Cards instead of drawing. Special: move on cards of 2 or less.",
                       "Apêndice A: SAVE FUEL (R126)"),
    "Lucky": entry("Lucky", "Draw two Race Cards and discard one. Special: the two drawn match in value or colour.",
                   "Apêndice A: LUCKY (R127)"),
    "Balance": entry("Balance", "Trajectories need no card of their colour. Special: a trajectory matched by a "
                     "card of its colour.", "Apêndice A: BALANCE (R128)"),
    "Hazard": entry("Hazard", "+1 MP per blind check and per wear a card costs; a late brake may gain two empty "
                    "sections. Special: every blind draw.", "Apêndice A: HAZARD (R129)"),
    "Push": entry("Push", "A 2 pairs with a 3, 4, 5 or 6, at a turn of fuel each time. Special: spend two tyre "
                  "tokens.", "Apêndice A: PUSH (R130)"),
    "Chase": entry("Chase", "Take one of the chased car's played cards instead of drawing (or +1 MP when none). "
                   "Special: end in the chased car's section.", "Apêndice A: CHASE (R131)"),
    "Recovery": entry("Recovery", "Passes Fast and Slow robots for nothing on straights, 1 MP in braking zones, "
                      "2 in corners. Special: such a robot ahead on the lap at the end of the turn.",
                      "Apêndice A: RECOVERY (R132)"),
}

#: The Safety Car and the restarts.
SAFETY_CAR = {
    "safety_car": entry(
        "Safety Car", "It comes out at once when a car crashes out at a point showing its symbol. The players who "
        "have not played this turn may pit first; then the field lines up behind it in the leader's section, one "
        "section apart, the lap tokens discarded, and a new game turn begins. Under it each car draws a Race Card, "
        "follows one section without playing cards (no passing, no strategy, skill or bonus) and discards a card. "
        "It leaves when a new Race Stage begins.",
        "Safety Car; Realinhamento; Turnos Individuais com o SC na Pista; Saída do SC da Pista (R114–R118)"),
    "point": entry("Safety Car point", "A crash out from this section's recovery chart calls the Safety Car.",
                   "Safety Car (R114)"),
    "pit": entry("Pit stop under the Safety Car", "The car goes to the back of the line, the gap closes, and it "
                 "may fill its tank to 16 turns without going back further.", "Pit-stops com o SC na Pista (R117)"),
    "restart": entry("Restart", "After the Safety Car leaves: passing, lapping and unlapping cost 1 MP anywhere; "
                     "no duels and no trajectories; yellow flags still hold; the blue flag and Lapping lap for 0 MP.",
                     "Relargadas (R120)"),
}

#: Extreme Trajectories.
EXTREME = {
    "extreme": entry(
        "Extreme Trajectory", "The diamond: its bonus counts only with a movement card of its colour and a blind "
        "test passed in phase D (not testing ignores it). A failed test sends the car into the recovery chart at "
        "once; it plays on without the bonus.",
        "Circuitos — Trajetórias Extremas (ET); D.2; Falha em um Teste de ET (R6, R57, R82, R102)"),
}

#: The lobby's advanced modules: what each option turns on, with the book's section.
MODULES = {
    "race_length": entry("Race length", "The Short Race ends at the track's short-race finish chit (Lago: turn 10 "
                         "of 20).", "Variant V1, 'Short Race Finish' (R2)"),
    "free_practice": entry("Free Practice", "Before qualifying each player picks a skill and sets up the car "
                           "(6 points of tyre tokens, cards and wear slots); once the hand is dealt, the spare car "
                           "may replace it once. Off: the chart's printed values and no skill.",
                           "FREE PRACTICE (R16–R19)"),
    "strategies": entry("Strategies", "All nine printed strategies, or the basic race's four (Save Tyres, Banging "
                        "Wheels, Lucky, Balance).", "Apêndice A (R124–R132)"),
    "weather": entry("Weather and tyres", "The weather card, the weather pawn and its table, the four tyre types "
                     "and their table, blue tokens, the robots' tyres and their weather pit stop. Off: a dry race on "
                     "hard tyres. Only a track that prints a weather table has it (Lago).",
                     "Condições do Tempo; Escolha de pneus (R30–R35, R76–R79)"),
    "flags": entry("Flags", "The cards' yellow, green, blue and orange flags in phase D.4. Off: the flags on the "
                   "cards are ignored.", "D.4 Bandeiras (R70–R75)"),
    "safety_car": entry("Safety Car", "A crash out at a point showing the Safety Car symbol brings it out: a pit "
                        "window, the field lined up behind it, turns following it, and a restart when it leaves at the "
                        "next Race Stage. Off: crashes never call it.",
                        "Safety Car; Realinhamento; Relargadas (R114–R120)"),
    "extreme": entry("Extreme Trajectories", "The diamond spots: a bonus for a card of their colour after a blind test "
                     "in phase D, a recovery chart at once on a failure; Flat Out and the orange flag's robots use them. "
                     "Off: the diamonds are not used.", "Trajetórias Extremas (R6, R57, R82, R95, R102, R112)"),
    "track_powers": entry("Track Card powers", "A Track Card's combination icon pairs it with any card; its Discard "
                          "Powers pass a late brake or double its MP in a duel in its own corner.",
                          "Mais Sobre Track Cards (R110, R111)"),
    "tyre_table": entry("Intermediate tyres' row", "The printed row says intermediates lose 1 MP in sun and in "
                        "drizzle; we read it as sun and rain (they are drizzle tyres). Either may be played.",
                        "Condições do Tempo, the tyre table; decision A2"),
}


def lookup(table: dict[str, dict[str, str]], key: str | None) -> dict[str, str] | None:
    return table.get(key) if key else None


def line(e: dict[str, Any] | None, titled: bool = True) -> str:
    """One help text: its title, the meaning and, after a dash, where the book says it."""
    if not e:
        return ""
    return (f"{e['title']}: " if titled else "") + f"{e['text']} — {e['source']}"
