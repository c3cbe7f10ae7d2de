"""Shared helpers for the tests: the canonical decks and scripted chance.

Every card draw is a chance node; applying the label ``draw X`` deals exactly X. The deal is
round-robin, six cards each, starting at seat 0 in hand 1; then seat 0's turn opens with a draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import autodromo
from autodromo import Game, State

#: The standard 106-card deck (shared/rules/README.md, "canonical facts").
DECK_106: dict[str, int] = {
    "25": 10,
    "50": 10,
    "75": 10,
    "100": 12,
    "200": 4,
    "Accident": 3,
    "Out of Gas": 3,
    "Flat Tire": 3,
    "Speed Limit": 4,
    "Stop": 5,
    "Repairs": 6,
    "Gasoline": 6,
    "Spare Tire": 6,
    "End of Limit": 6,
    "Roll": 14,
    "Driving Ace": 1,
    "Extra Tank": 1,
    "Puncture-Proof": 1,
    "Right of Way": 1,
}

#: For 2–3 players the standard game removes one each of Stop, Accident, Out of Gas, Flat Tire
#: and Speed Limit.
DECK_101: dict[str, int] = {
    **DECK_106,
    "Stop": 4,
    "Accident": 2,
    "Out of Gas": 2,
    "Flat Tire": 2,
    "Speed Limit": 3,
}

HAND_SIZE = 6

#: Card kinds by name, all of them (draw labels are "draw " + one of these).
HAZARDS = ("Accident", "Out of Gas", "Flat Tire", "Speed Limit", "Stop")


def mb(**options: object) -> Game:
    return autodromo.game("mille_bornes", **options)


def deal(game: Game, hands: Sequence[Sequence[str]]) -> State:
    """A new state with ``hands[p]`` (six card names) dealt to seat ``p``, before the first draw."""
    assert len(hands) == game.num_players
    assert all(len(h) == HAND_SIZE for h in hands)
    s = game.new_state()
    for k in range(HAND_SIZE):
        for p in range(game.num_players):
            assert s.is_chance_node()
            s.apply_action(f"draw {hands[p][k]}")
    return s


def draw(state: State, card: str) -> None:
    assert state.is_chance_node(), "not a chance node"
    state.apply_action(f"draw {card}")


def labels(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def deck_left(deck: dict[str, int], *taken: Sequence[str]) -> Counter[str]:
    """The draw pile after the cards in ``taken`` were dealt or drawn."""
    left = Counter(deck)
    for cards in taken:
        left.subtract(Counter(cards))
    return +left


#: A two-player deal used by many tests: seat 0 can Roll, seat 1 can attack.
HANDS_2P: list[list[str]] = [
    ["Roll", "75", "25", "50", "100", "200"],
    ["Speed Limit", "Stop", "25", "25", "50", "50"],
]


def seat0_not_rolling() -> State:
    """Two players dealt ``HANDS_2P``; seat 0 has drawn a 75 and is to play (no Roll yet)."""
    s = deal(mb(players=2, score_to_win=0), HANDS_2P)
    draw(s, "75")
    return s


def seat1_after_roll() -> State:
    """Seat 0 played its Roll; seat 1 has drawn a 25 and is to play."""
    s = seat0_not_rolling()
    s.apply_action("play Roll")
    draw(s, "25")
    return s


def speed_limited_after_roll() -> State:
    """Two players: seat 0 plays a Roll, seat 1 puts a Speed Limit on seat 0, seat 0 has drawn
    and holds 75, 100 and 200 besides 25 and 50. Seat 0 is to play."""
    s = seat1_after_roll()
    s.apply_action("play Speed Limit on player 1")
    draw(s, "50")
    assert s.current_player() == 0
    return s
