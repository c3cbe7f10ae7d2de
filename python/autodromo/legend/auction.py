"""The car auction with Spare Part cards ("Selecting Cars").

Cards are bid one at a time ("add <part>"), and a turn's bid is closed with "done" (it must beat
the highest bid) or given up with "pass". The winner then attaches its bid cards to cars still up
for auction, two at most per car, and the winner of such a car takes them. The shared-car rule
applies when players outnumber the cars left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import IllegalActionError

PARTS = (
    "Acqua Refrigerante Galetti",
    "Candele Folgore",
    "Impianti Frenanti König",
    "Sutherland Tires",
    "Kraftvolt Batterien",
    "Luxor",
)


@dataclass
class Auction:
    """Auctions ``cars`` (ids, highest Performance first) among ``players``.

    >>> a = Auction(["alfa_8c_2900b", "bugatti_type_35"], players=2, seed=1)
    >>> a.current_player() in (0, 1)
    True
    """

    cars: Sequence[str]
    players: int
    seed: int | None = None
    hands: list[list[int]] = field(init=False)
    bids: list[list[int]] = field(init=False)
    out: set[int] = field(init=False)
    owner: dict[int, str] = field(init=False)
    attached: dict[str, list[int]] = field(init=False)
    lot: int = 0
    turn: int = 0
    winner_to_assign: int | None = None
    to_assign: list[int] = field(default_factory=list)
    #: Every decision as (seat, label), seats as the API numbers them (from 0): data for scripts,
    #: never text for a person (the web event's log names the players).
    history: list[tuple[int, str]] = field(default_factory=list)
    unassigned: list[str] = field(default_factory=list)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        if self.players < 2:
            raise IllegalActionError("an auction needs at least 2 players")
        self.rng = random.Random(self.seed)
        # "Each player collects one Spare Part card of each type."
        self.hands = [[1] * len(PARTS) for _ in range(self.players)]
        self.bids = [[0] * len(PARTS) for _ in range(self.players)]
        self.out = set()
        self.owner = {}
        self.attached = {car: [] for car in self.cars}
        # "Randomly choose a starting player."
        self.turn = self.rng.randrange(self.players)
        self._skip_to_bidder()

    # ---- state ---------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.lot >= len(self.cars) and self.winner_to_assign is None

    def current_player(self) -> int | None:
        if self.is_over():
            return None
        if self.winner_to_assign is not None:
            return self.winner_to_assign
        return self.turn

    def car_up(self) -> str | None:
        return self.cars[self.lot] if self.lot < len(self.cars) else None

    def bid_of(self, seat: int) -> int:
        return sum(self.bids[seat])

    def high(self) -> int:
        return max(self.bid_of(s) for s in range(self.players))

    def bidders(self) -> list[int]:
        """Players still in the auction of the car up: no car yet and not passed on this one."""
        return [s for s in range(self.players) if s not in self.owner and s not in self.out]

    # ---- actions -------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        seat = self.current_player()
        if seat is None:
            return []
        if self.winner_to_assign is not None:
            part = self.to_assign[0]
            open_cars = [c for c in self.cars[self.lot + 1 :] if len(self.attached[c]) < 2]
            return [f"attach {PARTS[part]} to {car}" for car in open_cars]
        acts = [f"add {PARTS[p]}" for p in range(len(PARTS)) if self.hands[seat][p] > 0]
        if self.bid_of(seat) > self._high_of_others(seat):
            acts.append("done")
        acts.append("pass")
        return acts

    def moves(self) -> list[dict[str, str]]:
        """The legal actions with their meaning, in the order of ``legal_actions``: each its
        ``kind`` (add, stand, pass, attach), ``label``, and the Spare Part's name and the car's
        id where it has them, so no surface reads a label back (issue 29)."""
        seat = self.current_player()
        if seat is None:
            return []
        if self.winner_to_assign is not None:
            part = PARTS[self.to_assign[0]]
            open_cars = [c for c in self.cars[self.lot + 1 :] if len(self.attached[c]) < 2]
            return [{"kind": "attach", "label": f"attach {part} to {car}", "part": part, "car": car}
                    for car in open_cars]
        out = [{"kind": "add", "label": f"add {PARTS[p]}", "part": PARTS[p]}
               for p in range(len(PARTS)) if self.hands[seat][p] > 0]
        if self.bid_of(seat) > self._high_of_others(seat):
            out.append({"kind": "stand", "label": "done"})
        out.append({"kind": "pass", "label": "pass"})
        return out

    def _high_of_others(self, seat: int) -> int:
        return max((self.bid_of(s) for s in range(self.players) if s != seat), default=0)

    def apply(self, label: str) -> None:
        """Applies a labelled action; raises IllegalActionError with the rule otherwise."""
        if label not in self.legal_actions():
            raise IllegalActionError(self._why(label))
        seat = self.current_player()
        assert seat is not None
        self.history.append((seat, label))
        if label.startswith("attach "):
            car = label.rsplit(" to ", 1)[1]
            self.attached[car].append(self.to_assign.pop(0))
            self._after_assign()
        elif label.startswith("add "):
            part = PARTS.index(label[4:])
            self.hands[seat][part] -= 1
            self.bids[seat][part] += 1
        elif label == "done":
            self._next_turn()
        else:  # pass: played cards come back; no more bids on this car
            for p in range(len(PARTS)):
                self.hands[seat][p] += self.bids[seat][p]
                self.bids[seat][p] = 0
            self.out.add(seat)
            self._next_turn()

    def _why(self, label: str) -> str:
        if self.is_over():
            return "the auction is over"
        if label == "done":
            return "a new bid must exceed the previous one"
        if label.startswith("add "):
            return "bid only Spare Part cards you hold"
        if label.startswith("attach "):
            return "attach bid cards to cars still up for auction, two at most per car"
        return f"{label!r} is not an action of the auction now"

    # ---- flow ----------------------------------------------------------------------------

    def _next_turn(self) -> None:
        if self._settle_lot():
            return
        self.turn = (self.turn + 1) % self.players
        self._skip_to_bidder()

    def _skip_to_bidder(self) -> None:
        for _ in range(self.players):
            if self.turn in self.bidders():
                return
            self.turn = (self.turn + 1) % self.players

    def _settle_lot(self) -> bool:
        """Ends the car's auction when it is decided; True if it was."""
        left = self.bidders()
        players_left = self.players - len(self.owner)
        cars_left = len(self.cars) - self.lot
        shared = players_left > cars_left and len(left) == 2 and all(self.bid_of(s) for s in left)
        if left and not shared and (len(left) > 1 or self.bid_of(left[0]) == 0):
            return False
        car = self.cars[self.lot]
        if not left:
            # Nobody bid: the car is out of the auction (it may still race as a Neutral Car).
            self.unassigned.append(car)
            self._next_lot()
            return True
        winners = sorted(left, key=lambda s: -self.bid_of(s))
        for w in winners:
            self.owner[w] = car
        self._give_attached(car, winners)
        self.to_assign = [p for w in winners for p in range(len(PARTS)) for _ in range(self.bids[w][p])]
        for w in winners:
            self.bids[w] = [0] * len(PARTS)
        self.winner_to_assign = winners[0]
        self._after_assign()
        return True

    def _give_attached(self, car: str, winners: list[int]) -> None:
        cards = self.attached[car]
        if len(winners) == 1 or len(cards) == 0:
            for p in cards:
                self.hands[winners[0]][p] += 1
        elif len(cards) == 1:
            self.hands[winners[0]][cards[0]] += 1  # one card: the higher bidder
        else:
            order = winners[:]
            self.rng.shuffle(order)  # two cards: one each, at random
            for seat, p in zip(order, cards):
                self.hands[seat][p] += 1
        self.attached[car] = []

    def _after_assign(self) -> None:
        open_cars = [c for c in self.cars[self.lot + 1 :] if len(self.attached[c]) < 2]
        if not self.to_assign or not open_cars:
            # No eligible car: the cards go back to their decks.
            self.to_assign = []
            self.winner_to_assign = None
            self._next_lot()

    def _next_lot(self) -> None:
        self.lot += 1
        self.out = set()
        if len(self.owner) == self.players:
            self.lot = len(self.cars)
        if self.lot < len(self.cars):
            self._skip_to_bidder()

    # ---- results -------------------------------------------------------------------------

    def result(self) -> list[tuple[str | None, list[int]]]:
        """Per seat: the car won (None: none) and the Spare Part cards it starts with."""
        return [(self.owner.get(s), list(self.hands[s])) for s in range(self.players)]

    def bot(self, value: dict[str, int] | None = None) -> str:
        """A simple bidder: bids up to a limit that grows with the car's rank in the auction."""
        acts = self.legal_actions()
        seat = self.current_player()
        if not acts or seat is None:
            raise IllegalActionError("the auction is over")
        if self.winner_to_assign is not None:
            return acts[0]
        car = self.car_up() or ""
        limit = (value or {}).get(car, max(1, 3 - self.lot))
        if self.bid_of(seat) > self._high_of_others(seat):
            return "done"
        need = self._high_of_others(seat) + 1
        adds = [a for a in acts if a.startswith("add ")]
        if need <= limit and adds and self.bid_of(seat) < need:
            # Gives up the coolant first: a Track race has no roadside cooling repairs.
            return adds[0]
        return "pass"
