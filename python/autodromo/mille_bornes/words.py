"""Mille Bornes in words: the one place that turns the core's moves (``State.moves``), events
(``State.log``) and views into text, for the web page and the terminal alike.

Every string is made by :func:`say` from a key of the catalogue (``ENGLISH``), looked up in
the gettext catalogue of the reader's language (``autodromo.locale``, issue 31). The words follow the book and ``docs/rules/mille_bornes.md``;
the kinds and keys they read are listed there ("Vocabulary"). Nothing here parses a label.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..locale import number, pgettext

#: The English catalogue: key -> a ``str.format`` pattern, the message the translations look up
#: (``make messages`` extracts it, the key as its context).
ENGLISH: dict[str, str] = {
    # a side's state
    "status.stopped": "stopped: {hazards}",
    "status.rolling": "rolling",
    "status.needs_roll": "needs a Roll",
    "status.speed_limit": "{status} + Speed Limit",
    "status.wrong_way": "{status} + Wrong Way",
    "list.comma": "{a}, {b}",
    "list.and": "{a} and {b}",
    "side.partners": "{a} & {b}",
    # the table
    "turn": "Hand",
    "round": "Hand {hand}",
    "page.last_hand": "Score after hand {hand}",
    "phase.name.draw": "drawing",
    "phase.name.play": "play or discard a card",
    "phase.name.coup_fourre": "coup fourré?",
    "phase.name.replacement_draw": "replacement draw",
    "phase.name.extension": "extend the trip?",
    "phase.name.game_over": "game over",
    "phase.name.deal": "dealing",
    # the results: the scoring table's rows in the book's order, the winners
    "score.miles": "Miles travelled",
    "score.safeties": "Safeties (100 each)",
    "score.all_four_safeties": "All four safeties",
    "score.coups_fourres": "Coups fourrés (300 each)",
    "score.trip_complete": "Trip complete",
    "score.delayed_action": "Delayed action",
    "score.safe_trip": "Safe trip (no 200)",
    "score.extension": "Extension",
    "score.shut_out": "Shut-out",
    "score.hand_total": "Hand total",
    "score.running_total": "Running total",
    "results.place": "Place",
    "results.side": "Side",
    "results.score": "Score",
    "results.tie": "Tie",
    "tie.shared": "level with {side} on {score}: the place is shared (the rules break no tie but the winner's)",
    "tie.top": "level with {side} on {score} at the top: each wins, as a one-hand game plays no other hand",
    "results.wins": "{winners} wins",
    "results.win": "{winners} win",
    # a card as a sentence or a face says it; its name by its id (the core's is English)
    "card.miles": "{n} miles",
    "card.name.accident": "Accident",
    "card.name.out_of_gas": "Out of Gas",
    "card.name.flat_tire": "Flat Tire",
    "card.name.speed_limit": "Speed Limit",
    "card.name.stop": "Stop",
    "card.name.wrong_way": "Wrong Way",
    "card.name.repairs": "Repairs",
    "card.name.gasoline": "Gasoline",
    "card.name.spare_tire": "Spare Tire",
    "card.name.end_of_limit": "End of Limit",
    "card.name.roll": "Roll",
    "card.name.end_of_wrong_way": "End of Wrong Way",
    "card.name.driving_ace": "Driving Ace",
    "card.name.extra_tank": "Extra Tank",
    "card.name.puncture_proof": "Puncture-Proof",
    "card.name.right_of_way": "Right of Way",
    "card.cured_by": "cured by {remedy}",
    "card.against": "against {hazards}",
    # moves: the button, then the line under it
    "move.distance": "{card}",
    "move.distance.detail": "{before} + {n} = {after} of {target}",
    "move.distance.wrong_way": "going the wrong way: {before} − {n} = {after}",
    "move.distance.trip_complete": "{detail}: trip complete",
    "move.distance.extension": "{detail}: you may then extend the trip to 1000",
    "move.distance.safe_trip": "{detail}; your first 200: no Safe Trip bonus ({points})",
    "move.hazard": "{card} on {side}",
    "move.hazard.stops": "stops them until they play {remedy}",
    "move.hazard.stops_then_roll": "stops them until they play {remedy}, then a Roll",
    "move.hazard.speed_limit": "limits them to 25 and 50 mile cards until they play {remedy}",
    "move.hazard.wrong_way": "their distance cards take miles off until they play {remedy}",
    "move.hazard.coup_fourre": "{detail}; they may hold {safety} and cancel it by a coup fourré "
    "({percent}%, counting the cards you have not seen)",
    "move.remedy": "{card}",
    "move.remedy.rolls": "cures your {hazard}: your car rolls",
    "move.remedy.needs_roll": "cures your {hazard}: then you need a Roll",
    "move.remedy.limit_ends": "ends the {hazard}",
    "move.remedy.roll": "your car rolls",
    "move.safety": "{card}",
    "move.safety.detail": "safety against {hazards} for the rest of the hand: +{points} points",
    "move.safety.cancels": "{detail}; cancels your {cancels}",
    "move.safety.extra_turn": "{detail}, and another turn",
    "move.coup_fourre": "Call a coup fourré",
    "move.coup_fourre.detail": "lay {safety} out of turn: +{points} points, and you play next",
    "move.coup_fourre.skips": "{detail} ({skipped} lose their turn)",
    "move.decline": "Let it pass",
    "move.decline.detail": "keep {safety} in your hand",
    "move.decline.none": "Continue",
    "move.decline.none.detail": "you hold no safety against it",
    "move.discard": "Discard {card}",
    "move.discard.detail": "to the discard pile: your turn ends",
    "move.extend": "Extend the trip to 1000 miles",
    "move.extend.detail": "{bonus} more points if you make it, {points} to every other side if you do not",
    "move.stop": "Stop at 700 miles",
    "move.stop.detail": "the hand ends now: trip complete",
    "move.line": "{text} — {detail}",
    # the log: a line is who and what they did ("act.*"); "*.you" is the seat addressed as You
    "log.line": "{who} {act}",
    "log.turn": "{who} {drew}, {act}",
    "act.drew": "draws {card}",
    "act.drew.you": "draw {card}",
    "log.a_card": "a card",
    "act.played": "plays {card}",
    "act.played.you": "play {card}",
    "act.played.extra_turn": "plays {card} and plays again",
    "act.played.extra_turn.you": "play {card} and play again",
    "act.attacked": "plays {card} on {side}",
    "act.attacked.you": "play {card} on {side}",
    "act.discarded": "discards {card}",
    "act.discarded.you": "discard {card}",
    "act.extended": "extends the trip to 1000 miles",
    "act.extended.you": "extend the trip to 1000 miles",
    "act.stopped_at_700": "stops at 700 miles",
    "act.stopped_at_700.you": "stop at 700 miles",
    "log.coup_fourre": "{who}: coup fourré! {safety} against {hazard} (+300)",
    "log.coup_fourre.skips": "{line}; {skipped} lose their turn",
    "log.reshuffled": "The discards are shuffled into a new draw pile ({n} cards)",
    "log.hand_over": "Hand {hand} is over: {totals}",
    "log.hand_total": "{side} {total}",
    "log.game_over": "Game over: {winners} wins",
    "log.game_over.many": "Game over: {winners} win",
    "step.draw": "Draw: {card}",
    "step.coup_fourre": "{who} calls a coup fourré",
    "step.decline": "{who} lets the hazard pass",
    "step.extend": "{who} extends the trip to 1000 miles",
    "step.stop": "{who} stops at 700 miles",
    "step.discard": "{who} discards {card}",
    "step.play": "{who} plays {card}",
    "step.attack": "{who} plays {card} on {side}",
    # the page: the game, its lobby options and its table
    "title": "Mille Bornes",
    "ordinal": "{n}th",
    "ordinal.1": "{n}st",
    "ordinal.2": "{n}nd",
    "ordinal.3": "{n}rd",
    "card.unit": "miles",
    "option.target": "Trip",
    "option.target.miles": "{n} miles",
    "option.score_to_win": "Score to win (0: a single hand)",
    "option.teams": "Teams (empty: none)",
    "option.cumulative_attacks": "Variant: cumulative attacks",
    "option.independent_speed_limit": "English and French rules: Speed Limit on any car, even stopped",
    "option.reshuffle_discards": "Variant: reshuffle the discards",
    "option.wrong_way": "Variant: Wrong Way",
    "option.extension": "Variant: extension to 1000",
    "page.miles": "{miles} of {target} miles · score {score}",
    "page.miles.label": "{who}: miles",
    "page.battle": "battle pile",
    "page.safeties": "safeties",
    "page.hand_count": "{who}: {n} cards",
    "page.hand_count.one": "{who}: 1 card",
    "page.pile": "Draw pile: {n} cards · first to {points} points",
    "page.pile.one_hand": "Draw pile: {n} cards · one hand",
    "page.discards": "Discards ({n})",
    "page.hand_of": "{who}'s hand",
    # the terminal's table and prompt
    "table.head": "Hand {hand}  target {target} miles  draw pile {pile}  score to win {score_to_win}",
    "table.side": "{who:<24} {miles:>5} mi  {status:<30} safeties: {safeties:<30} score {score}",
    "table.none": "-",
    "table.hand": "your hand: {cards}",
    "table.you": "You",
    "table.seat": "P{n}",
    "table.seat.long": "seat {n}",
    "table.start": "Mille Bornes, {players} players, seed {seed}",
    "table.leaving": "leaving the table",
    "table.saved": "replay saved to {path}",
    "prompt.your_move": "{who}, your move: ",
    "prompt.refused": "not possible: {reason}",
    "prompt.type_a_number": "type a number",
    "prompt.choose_from_the_list": "choose from the list",
    # the coup fourré question
    "prompt.title": "Coup fourré?",
    "prompt.holds": "{attacker} played {hazard} on you. You hold {safety}: call a coup fourré "
    "now (+300 points, you play next) or let it pass?",
    "prompt.holds_none": "{attacker} played {hazard} on you. You hold no safety against it. "
    "Everyone attacked is asked, so nobody can tell who holds one: press Continue.",
    # the core's refusals, "refusal.<key>" for each key of Game.refusal_keys() (the English is the
    # core's own; a card, a side or a list of hazards is filled in by refusal_words)
    "refusal.game_over": "the game is over",
    "refusal.draw_now": "a card must be drawn now (a chance outcome)",
    "refusal.draw_at_chance": "cards are drawn only at a chance node",
    "refusal.coup_fourre_pending": "a coup fourré is pending: call it or decline it",
    "refusal.extension_pending": "at exactly 700 miles: extend to 1000 or stop",
    "refusal.coup_fourre_not_now": "coup fourré: only right after the matching hazard hits your side",
    "refusal.extension_not_now": "extension: only on reaching exactly 700 miles",
    "refusal.none_left": "draw: no {card} is left in the draw pile",
    "refusal.not_in_hand": "you hold no {card} card",
    "refusal.coup_fourre_needs_safety": "a coup fourré needs the safety against the hazard in your hand",
    "refusal.hazard_on_opponent": "hazards are played on an opponent",
    "refusal.hazard_on_own_team": "hazards are played on an opponent, never on your own team",
    "refusal.hazard_on_yourself": "hazards are played on an opponent, never on yourself",
    "refusal.roll_right_of_way": "Roll: Right of Way already lets your car roll",
    "refusal.roll_already": "Roll: your car is already rolling",
    "refusal.repairs_need_accident": "Repairs: only after an Accident",
    "refusal.gasoline_needs_out_of_gas": "Gasoline: only when Out of Gas",
    "refusal.spare_tire_needs_flat_tire": "Spare Tire: only on a Flat Tire",
    "refusal.end_of_limit_needs_speed_limit": "End of Limit: only under a Speed Limit",
    "refusal.end_of_wrong_way_needs_wrong_way": "End of Wrong Way: only when going the Wrong Way",
    "refusal.distance_needs_roll": "distance: play a Roll before any distance card",
    "refusal.speed_limit_values": "Speed Limit: only {low} and {high} may be played",
    "refusal.two_hundreds": "200: at most two 200s may be played in a hand",
    "refusal.past_target": "{miles} + {card} passes the {target} target (the trip ends exactly on it)",
    # remedies: one line per hazard that stops the car, joined by refusal.list
    "refusal.stopped": "{remedies}",
    "refusal.roll_before_remedy": "Roll comes after the remedy: {remedies}",
    "refusal.remedy.accident": "Accident: play Repairs first",
    "refusal.remedy.out_of_gas": "Out of Gas: play Gasoline first",
    "refusal.remedy.flat_tire": "Flat Tire: play a Spare Tire first",
    "refusal.remedy.stop": "Stop: play a Roll first",
    "refusal.list": "{a}; {b}",
    # an attack refused: {side} is refusal.side.player or .team, or the side's names
    "refusal.side.player": "player {n}",
    "refusal.side.team": "team {n}",
    "refusal.immune": "immune: {side} has {safety}",
    "refusal.safety.driving_ace": "the Driving Ace",
    "refusal.safety.extra_tank": "the Extra Tank",
    "refusal.safety.puncture_proof": "Puncture-Proof",
    "refusal.safety.right_of_way": "Right of Way",
    "refusal.already_limited": "{hazard}: {side} is already under a Speed Limit",
    "refusal.already_wrong_way": "{hazard}: {side} is already going the Wrong Way",
    "refusal.already_hazard": "{hazard}: {side} already has this hazard in play",
    "refusal.under_attack": "{hazard}: {side} is already under attack ({attacks}): one attack at a time, unless "
    "attacks are cumulative",
    "refusal.not_rolling": "{hazard}: {side} has not played a Roll yet (only a rolling car may be attacked)",
}

#: The catalogue in use.
CATALOGUE = ENGLISH
#: The languages whose catalogue of these words is complete: every message translated, none
#: fuzzy (tests/test_catalogues.py checks the claim).
COMPLETE = ("en", "it", "pt")


def say(key: str, **args: Any) -> str:
    """The text of ``key`` with ``args`` filled in, in the language in use (``autodromo.locale``):
    every string of this module comes from here."""
    return pgettext("mille_bornes", key, CATALOGUE[key]).format(**args)


def listing(items: Sequence[str], last: str = "list.and") -> str:
    """"a, b and c"."""
    if not items:
        return ""
    text = items[0]
    for i, item in enumerate(items[1:], start=1):
        text = say(last if i == len(items) - 1 else "list.comma", a=text, b=item)
    return text


def partners(names: Sequence[str]) -> str:
    """A side by its seats' names: "Ann & Cy"."""
    text = names[0]
    for name in names[1:]:
        text = say("side.partners", a=text, b=name)
    return text


# ---- cards and sides ----------------------------------------------------------------------

#: The rows of a hand's scores (``HandScore``'s fields), in the book's order.
_SCORE_ROWS = ("miles", "safeties", "all_four_safeties", "coups_fourres", "trip_complete",
               "delayed_action", "safe_trip", "extension", "shut_out")


def score_rows() -> list[tuple[str, str]]:
    """Each row of a hand's scores: its key in a ``hand_over`` event and its name."""
    return [(key, say(f"score.{key}")) for key in _SCORE_ROWS]


def winners_words(winners: Sequence[int], names: Names) -> str:
    """The results' headline: "Ann wins", "Ann & Cy win"."""
    many = len(winners) > 1 or any(names.many(w) for w in winners)
    return say("results.win" if many else "results.wins", winners=listing([names.side(w) for w in winners]))


def ordinal(n: int) -> str:
    """A place: "1st", "2nd" (each language its own form)."""
    last = n % 10 if not 10 <= n % 100 <= 20 else 0
    return say(f"ordinal.{last}" if last in (1, 2, 3) else "ordinal", n=n)


def phase_words(phase: str) -> str:
    """The phase a view is in, as the page's header says it."""
    key = f"phase.name.{phase}"
    return say(key) if key in CATALOGUE else ""


def title(card: dict[str, Any] | str, cards: dict[str, Any]) -> str:
    """A card's name in the reader's language, from its id ("card.name.<id>"): a reference, or
    a view's name (``cards``, the view's ``cards``, gives its id); a distance card its number."""
    name = card if isinstance(card, str) else str(card["name"])
    entry = cards.get(name) or {}
    card_id = entry.get("id") or ("" if isinstance(card, str) else card.get("id", ""))
    key = f"card.name.{card_id}"
    return say(key) if key in CATALOGUE else name


def card_name(card: dict[str, Any] | str, cards: dict[str, Any]) -> str:
    """A card as a sentence says it: "75 miles", "Flat Tire" (a reference, or a view's name);
    ``cards``: the view's ``cards``, which says which are distance cards."""
    name = card if isinstance(card, str) else str(card["name"])
    distance = (cards.get(name) or {}).get("class") == "distance"
    return say("card.miles", n=name) if distance else title(card, cards)


def titles(cards_named: Sequence[dict[str, Any] | str], cards: dict[str, Any]) -> str:
    """Cards' names as a list: "Stop and Speed Limit"."""
    return listing([title(c, cards) for c in cards_named])


def card_face(name: str, cards: dict[str, Any]) -> dict[str, Any]:
    """A card face: its name, its class and a note; ``cards`` is the view's ``cards`` (what
    each card of the deck is, from the core)."""
    card = cards.get(name) or {}
    face: dict[str, Any] = {"name": title(name, cards), "kind": card.get("class", "")}
    if face["kind"] == "distance":
        face["value"] = say("card.unit")
    elif face["kind"] == "hazard" and card.get("cured_by"):
        face["note"] = say("card.cured_by", remedy=title(card["cured_by"], cards))
    elif face["kind"] == "safety":
        face["note"] = say("card.against", hazards=titles(card["against"], cards))
    return face


def status(side: dict[str, Any], cards: dict[str, Any] | None = None) -> str:
    """A view's side in a few words: "rolling", "stopped: Flat Tire", "+ Speed Limit";
    ``cards``: the view's ``cards`` (names the hazards in the reader's language)."""
    if side["hazards"]:
        words = say("status.stopped", hazards=titles(side["hazards"], cards or {}))
    elif side["moving"]:
        words = say("status.rolling")
    else:
        words = say("status.needs_roll")
    if side["speed_limit"]:
        words = say("status.speed_limit", status=words)
    if side["wrong_way"]:
        words = say("status.wrong_way", status=words)
    return words


# ---- who is who ---------------------------------------------------------------------------


class Names:
    """The table's people: ``names`` a seat (from 0), ``sides`` the seats of each side (a view's
    ``sides[k]["seats"]``), ``you`` the seat addressed as "You" (the terminal's player)."""

    def __init__(self, names: Sequence[str], sides: Sequence[Sequence[int]], you: int | None = None,
                 cards: dict[str, Any] | None = None) -> None:
        self.names = list(names)
        self.sides = [list(seats) for seats in sides]
        self.you = you
        #: The view's ``cards``: what each card of the deck is.
        self.cards: dict[str, Any] = cards or {}

    @classmethod
    def of_view(cls, names: Sequence[str], view: dict[str, Any], you: int | None = None) -> Names:
        return cls(names, [side["seats"] for side in view["sides"]], you, view.get("cards"))

    def seat(self, seat: int) -> str:
        return self.names[seat]

    def side(self, side: int) -> str:
        return partners([self.names[s] for s in self.sides[side]])

    def many(self, side: int) -> bool:
        """Whether a side takes a plural verb: partners, or You."""
        return len(self.sides[side]) > 1 or self.you in self.sides[side]


# ---- refusals ------------------------------------------------------------------------------

def _card(card_id: str) -> str:
    """A card a refusal names, by its id: a distance card by its number (as the core says it)."""
    key = f"card.name.{card_id}"
    return say(key) if key in CATALOGUE else card_id.removeprefix("distance_")


def refusal_words(key: str, values: dict[str, Any], names: Names | None = None) -> str:
    """The core's refusal ``key`` (``IllegalActionError.key``) with its ``values``, in the reader's
    language; ``names``: the table's people, to name an attacked side by its players (else
    "player 2", as the core does)."""
    args = dict(values)
    for field in ("card", "hazard"):
        if isinstance(args.get(field), str):
            args[field] = _card(args[field])
    if "side" in args:
        n = int(args["side"])
        args["side"] = (names.side(n - 1) if names and 0 < n <= len(names.sides)
                        else say("refusal.side.team" if args.get("teams") else "refusal.side.player", n=n))
    if "safety" in args:
        args["safety"] = say(f"refusal.safety.{args['safety']}")
    if "hazards" in args:
        args["remedies"] = _joined([say(f"refusal.remedy.{h}") for h in args["hazards"]], "refusal.list")
    if "attacks" in args:
        args["attacks"] = _joined([_card(c) for c in args["attacks"]], "list.comma")
    return say(f"refusal.{key}", **args)


def _joined(items: Sequence[str], key: str) -> str:
    text = items[0] if items else ""
    for item in items[1:]:
        text = say(key, a=text, b=item)
    return text


# ---- moves --------------------------------------------------------------------------------

#: The page's group of each move kind: its button's colour and the help shown beside it.
GROUPS = {"play_distance": "distance", "play_hazard": "attack", "play_remedy": "remedy",
          "play_safety": "safety", "coup_fourre": "coup_fourre", "decline_coup_fourre": "decline",
          "discard": "discard", "extend": "extension", "stop": "extension"}


def move_words(move: dict[str, Any], moves: Sequence[dict[str, Any]], miles: int, names: Names) -> tuple[str, str]:
    """A move's button and the line under it. ``moves``: all the seat's moves (a decline says
    whether a coup fourré is among them); ``miles``: the seat's side's miles now."""
    kind = move["kind"]
    leads = move.get("leads_to") or {}
    card = move.get("card") or {}
    if kind == "play_distance":
        n = card["name"]
        if leads["wrong_way"]:
            detail = say("move.distance.wrong_way", before=miles, n=n, after=leads["miles"])
        else:
            detail = say("move.distance.detail", before=miles, n=n, after=leads["miles"], target=leads["target"])
        if leads["extension_offered"]:
            detail = say("move.distance.extension", detail=detail)
        elif leads["trip_complete"]:
            detail = say("move.distance.trip_complete", detail=detail)
        if "safe_trip" in move["costs"]:
            detail = say("move.distance.safe_trip", detail=detail, points=move["costs"]["safe_trip"])
        return say("move.distance", card=card_name(card, names.cards)), detail
    if kind == "play_hazard":
        remedy = title(leads["remedy"], names.cards)
        if card["id"] == "speed_limit":
            detail = say("move.hazard.speed_limit", remedy=remedy)
        elif card["id"] == "wrong_way":
            detail = say("move.hazard.wrong_way", remedy=remedy)
        elif leads["roll_after_remedy"]:
            detail = say("move.hazard.stops_then_roll", remedy=remedy)
        else:
            detail = say("move.hazard.stops", remedy=remedy)
        for risk in move["risks"]:
            if risk["kind"] == "coup_fourre":
                detail = say("move.hazard.coup_fourre", detail=detail, safety=title(risk["safety"], names.cards),
                             percent=round(100 * risk["probability"]))
        return say("move.hazard", card=title(card, names.cards), side=names.side(move["target"]["side"])), detail
    if kind == "play_remedy":
        cures = leads.get("cures")
        hazard = title(cures, names.cards) if cures else ""
        if card["id"] == "roll":
            detail = say("move.remedy.roll")
        elif card["id"] in ("end_of_limit", "end_of_wrong_way"):
            detail = say("move.remedy.limit_ends", hazard=hazard)
        elif leads["battle"] == "rolling":
            detail = say("move.remedy.rolls", hazard=hazard)
        else:
            detail = say("move.remedy.needs_roll", hazard=hazard)
        return say("move.remedy", card=title(card, names.cards)), detail
    if kind == "play_safety":
        detail = say("move.safety.detail", hazards=titles(leads["protects_against"], names.cards),
                     points=leads["points"])
        if leads["cancels"]:
            detail = say("move.safety.cancels", detail=detail, cancels=titles(leads["cancels"], names.cards))
        if leads["extra_turn"]:
            detail = say("move.safety.extra_turn", detail=detail)
        return say("move.safety", card=title(card, names.cards)), detail
    if kind == "coup_fourre":
        detail = say("move.coup_fourre.detail", safety=title(card, names.cards), points=leads["points"])
        if leads["skipped"]:
            detail = say("move.coup_fourre.skips", detail=detail,
                         skipped=listing([names.seat(s) for s in leads["skipped"]]))
        return say("move.coup_fourre"), detail
    if kind == "decline_coup_fourre":
        call = next((m for m in moves if m["kind"] == "coup_fourre"), None)
        if call is not None:
            return say("move.decline"), say("move.decline.detail", safety=title(call["card"], names.cards))
        return say("move.decline.none"), say("move.decline.none.detail")
    if kind == "discard":
        return say("move.discard", card=card_name(card, names.cards)), say("move.discard.detail")
    if kind == "extend":
        risk = next(r for r in move["risks"] if r["kind"] == "extension_failed")
        return say("move.extend"), say("move.extend.detail", bonus=leads["bonus"],
                                       points=risk["points_to_each_other_side"])
    if kind == "stop":
        return say("move.stop"), say("move.stop.detail")
    raise ValueError(f"a Mille Bornes move of an unknown kind: {kind}")


def move_line(move: dict[str, Any], moves: Sequence[dict[str, Any]], miles: int, names: Names) -> str:
    """A move on one line: the button and its detail (the terminal's numbered list)."""
    text, detail = move_words(move, moves, miles, names)
    return say("move.line", text=text, detail=detail)


def step_words(move: dict[str, Any] | None, who: str, names: Names, drawn: str | None = None) -> str:
    """One step of the replay timeline: ``who``'s move, or (``move`` None) the card ``drawn``."""
    if move is None:
        return say("step.draw", card=card_name(drawn, names.cards) if drawn else say("log.a_card"))
    kind = move["kind"]
    card = move.get("card") or {}
    if kind == "play_hazard":
        return say("step.attack", who=who, card=title(card, names.cards), side=names.side(move["target"]["side"]))
    if kind in ("play_distance", "play_remedy", "play_safety"):
        return say("step.play", who=who, card=card_name(card, names.cards))
    if kind == "discard":
        return say("step.discard", who=who, card=card_name(card, names.cards))
    return say({"coup_fourre": "step.coup_fourre", "decline_coup_fourre": "step.decline",
                "extend": "step.extend", "stop": "step.stop"}[kind], who=who)


# ---- events -------------------------------------------------------------------------------


def _act(key: str, you: bool, **args: Any) -> str:
    """An act, in the "You" form when addressed to the seat at the terminal."""
    return say(key + ".you" if you else key, **args)


def drew_words(card: dict[str, Any] | None, names: Names, you: bool = False) -> str:
    """What a draw says: "draws 25 miles", "draws a card" (hidden)."""
    return _act("act.drew", you, card=card_name(card, names.cards) if card else say("log.a_card"))


def event_words(event: dict[str, Any], names: Names, drew: str | None = None) -> str | None:
    """One log line, or None for an event not worth a line (a deal; a declined coup fourré: with
    the secret option every attacked seat declines, so it tells nothing). ``drew``: the seat's
    draw (``drew_words``) just before this move, told on the same line: one line a turn."""
    kind = event["kind"]
    seat = event.get("seat")
    who = names.seat(seat) if seat is not None else ""
    you = seat is not None and seat == names.you
    if kind in ("dealt", "declined_coup_fourre"):
        return None
    if kind == "drew":
        return say("log.line", who=who, act=drew_words(event["card"], names, you))
    if kind in ("played", "attacked", "discarded", "extended", "stopped_at_700"):
        key = "act.played.extra_turn" if kind == "played" and event["extra_turn"] else f"act.{kind}"
        card: dict[str, Any] = event.get("card") or {}
        attack = kind == "attacked"
        act = _act(key, you, card=title(card, names.cards) if attack else card_name(card, names.cards) if card else "",
                   side=names.side(event["side"]) if attack else "")
        if drew is not None:
            return say("log.turn", who=who, drew=drew, act=act)
        return say("log.line", who=who, act=act)
    if kind == "coup_fourre":
        line = say("log.coup_fourre", who=who, safety=title(event["safety"], names.cards),
                   hazard=title(event["hazard"], names.cards))
        if event["skipped"]:
            line = say("log.coup_fourre.skips", line=line, skipped=listing([names.seat(s) for s in event["skipped"]]))
        return line
    if kind == "reshuffled":
        return say("log.reshuffled", n=event["cards"])
    if kind == "hand_over":
        totals = [say("log.hand_total", side=names.side(i), total=number(r["total"])) for i, r in enumerate(event["scores"])]
        return say("log.hand_over", hand=event["hand"], totals=listing(totals, "list.comma"))
    if kind == "game_over":
        winners = event["winners"]
        many = len(winners) > 1 or any(names.many(w) for w in winners)
        return say("log.game_over.many" if many else "log.game_over",
                   winners=listing([names.side(w) for w in winners]))
    raise ValueError(f"a Mille Bornes event of an unknown kind: {kind}")


def coup_fourre_prompt(attacker: str, hazard: str, safety: str | None) -> dict[str, str]:
    """The coup fourré question, to a seat holding ``safety`` (None: holding none)."""
    if safety is not None:
        text = say("prompt.holds", attacker=attacker, hazard=hazard, safety=safety)
    else:
        text = say("prompt.holds_none", attacker=attacker, hazard=hazard)
    return {"kind": "coup_fourre", "title": say("prompt.title"), "text": text}


# ---- help ---------------------------------------------------------------------------------

HELP: dict[str, str] = {
    "how.1": "Be the first to cover the trip (1000 miles, or 700) with distance cards, exactly.",
    "how.2": "On your turn you draw a card, then play one or discard one. You need a Roll on your "
    "battle pile before any distance card.",
    "how.3": "Attacks are played on an opponent whose car rolls (a Roll played) and suffers no "
    "other attack. Accident, Out of Gas, Flat Tire and Stop stop the car until its remedy "
    "(after Repairs, Gasoline or a Spare Tire, a Roll too); a Speed Limit does not stop it: it "
    "may play only 25 and 50 mile cards until End of Limit; with its variant, a Wrong Way takes "
    "the miles off until End of Wrong Way. Cumulative attacks lift the limits: a car may then "
    "suffer several attacks, rolling or not.",
    "how.4": "Safeties protect you for the rest of the hand, cancel their hazard and give another "
    "turn. Played at once when the matching hazard hits you, a safety is a coup fourré: 300 more "
    "points, no Roll needed, and you play next.",
    "how.5": "At the end of a hand, miles and bonuses are scored; the game goes on to the score "
    "to win (or one hand).",
    "phase.play": "Play one card from your hand: distance on your own pile (after a Roll), a "
    "remedy for your hazard, a safety, or an attack on a rolling opponent. Or discard a card: "
    "your turn then ends.",
    "phase.coup_fourre": "A hazard has just been played on your side. If you hold the safety "
    "against it you may lay it out of turn: a coup fourré scores 300 more points and you play "
    "next. Everyone attacked is asked, with or without the safety, so the question tells nobody "
    "anything.",
    "phase.extension": "You reached 700 miles exactly: stop the hand now, or extend the trip to "
    "1000 miles for 200 more points (and 200 to every other side if you fail).",
    "phase.wait": "Wait for your turn: the other players and the draw pile act.",
    "group.distance": "Distance cards add miles to your side; you may play at most two 200s a "
    "hand, and the trip must end exactly on the target.",
    "group.attack": "An attack hits only a side that rolls (it has played its Roll) and suffers "
    "no other attack, unless attacks are cumulative. Accident, Out of Gas, Flat Tire and Stop "
    "stop it until its remedy (after Repairs, Gasoline or a Spare Tire, a Roll too); a Speed "
    "Limit does not stop it: it may play only 25 and 50 mile cards until End of Limit.",
    "group.remedy": "A remedy ends its hazard. After Repairs, Gasoline or a Spare Tire you need a "
    "Roll again (unless you have Right of Way); after End of Limit your car rolls on.",
    "group.safety": "A safety cancels and prevents its hazards for the rest of the hand: 100 "
    "points and another turn.",
    "group.discard": "Throw a card away when you cannot or will not play one.",
}
ENGLISH.update(HELP)

#: The phases with their own help (the others: wait).
_PHASES_HELPED = ("play", "coup_fourre", "extension")


def how_to_play() -> list[str]:
    """A short "how to play", a paragraph a line."""
    return [say(f"how.{i}") for i in range(1, 6)]


def help_texts(phase: str) -> dict[str, str]:
    """The page's help: the phase's, and one per group of moves."""
    out = {"phase": say(f"phase.{phase}" if phase in _PHASES_HELPED else "phase.wait")}
    for group in ("distance", "attack", "remedy", "safety", "discard"):
        out[group] = say(f"group.{group}")
    return out
