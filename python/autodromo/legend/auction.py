"""The car auction with Spare Part cards ("Selecting Cars"), played by the Rust core.

The rules live in the core (``rust/core/src/legend/auction.rs``, docs/rules/legend.md decision
36): legal bids, refusals with the book's words, the shared-car rule, the bot, and the seeded
chance. This class keeps the labels and the shapes its callers read (the web event, scripts):
cards are bid one at a time ("add <part>"), a turn's bid is closed with "done" (it must beat the
highest bid) or given up with "pass"; the winner then attaches its bid cards to cars still up for
auction, two at most per car. The cards left in a player's hand are that player's Spare Parts in
the races (the race option ``spares``; :meth:`Auction.spares`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .._core import CarAuction
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
    """Auctions ``cars`` (ids, highest Performance first) among ``players``; the same ``seed``
    and decisions give the same auction (no seed: a random one).

    >>> a = Auction(["alfa_8c_2900b", "bugatti_type_35"], players=2, seed=1)
    >>> a.current_player() in (0, 1)
    True
    """

    cars: Sequence[str]
    players: int
    seed: int | None = None
    #: Every decision as (seat, label), seats as the API numbers them (from 0): data for scripts,
    #: never text for a person (the web event's log names the players).
    history: list[tuple[int, str]] = field(default_factory=list)
    core: CarAuction = field(init=False, repr=False)

    def __post_init__(self) -> None:
        seed = random.getrandbits(63) if self.seed is None else self.seed % 2**64
        self.core = CarAuction(list(self.cars), self.players, seed)

    # ---- state, as the core's view shows it ---------------------------------------------

    def _view(self) -> dict[str, Any]:
        return self.core.view()

    def is_over(self) -> bool:
        return self.core.is_over()

    def current_player(self) -> int | None:
        return self.core.current_player()

    def car_up(self) -> str | None:
        up: str | None = self._view()["car_up"]
        return up

    @property
    def lot(self) -> int:
        return int(self._view()["lot"])

    @property
    def hands(self) -> list[list[int]]:
        return [list(h) for h in self._view()["hands"]]

    @property
    def bids(self) -> list[list[int]]:
        return [list(b) for b in self._view()["bids"]]

    @property
    def out(self) -> set[int]:
        return {s for s, passed in enumerate(self._view()["out"]) if passed}

    @property
    def owner(self) -> dict[int, str]:
        return {s: car for s, car in enumerate(self._view()["owner"]) if car is not None}

    @property
    def attached(self) -> dict[str, list[int]]:
        return {car: list(parts) for car, parts in zip(self.cars, self._view()["attached"])}

    @property
    def winner_to_assign(self) -> int | None:
        placing: int | None = self._view()["placing"]
        return placing

    @property
    def to_assign(self) -> list[int]:
        return list(self._view()["to_place"])

    @property
    def unassigned(self) -> list[str]:
        return list(self._view()["unassigned"])

    def bid_of(self, seat: int) -> int:
        return sum(self.bids[seat])

    def high(self) -> int:
        return max(sum(b) for b in self.bids)

    def bidders(self) -> list[int]:
        """Players still in the auction of the car up: no car yet and not passed on this one."""
        owner, out = self.owner, self.out
        return [s for s in range(self.players) if s not in owner and s not in out]

    # ---- actions -------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        return [self.core.action_to_string(a) for a in self.core.legal_actions()]

    def moves(self) -> list[dict[str, str]]:
        """The legal actions with their meaning, in the order of ``legal_actions``: each its
        ``kind`` (add, stand, pass, attach), ``label``, and the Spare Part's name and the car's
        id where it has them, so no surface reads a label back (issue 29)."""
        out = []
        for m in self.core.moves():
            move = {"kind": str(m["kind"]), "label": str(m["label"])}
            if "part" in m:
                move["part"] = str(m["part"]["name"])
            if "car" in m:
                move["car"] = str(m["car"]["id"])
            out.append(move)
        return out

    def apply(self, label: str) -> None:
        """Applies a labelled action; raises IllegalActionError with the rule otherwise (the
        auction unchanged)."""
        seat = self.current_player()
        self.core.apply_action(label)
        self.history.append((seat if seat is not None else -1, label))

    def why_illegal(self, label: str) -> str | None:
        return self.core.why_illegal(label)

    def refusal(self, label: str) -> IllegalActionError | None:
        """The refusal ``label`` would meet, with its meaning (``key``, ``values``: the game's
        words module words it, ``autodromo.refusal_words``); None if it is legal."""
        return self.core.refusal(label)

    # ---- results -------------------------------------------------------------------------

    def result(self) -> list[tuple[str | None, list[int]]]:
        """Per seat: the car won (None: none) and the Spare Part cards it starts with."""
        return [(car, list(hand)) for car, hand in self.core.result()]

    def spares(self) -> list[list[int]]:
        """Per seat the six counts of Spare Part cards kept: the race option ``spares``."""
        return [hand for _, hand in self.result()]

    def bot(self) -> str:
        """The core's bidder: bids up to a limit that falls with the car's place in the sale."""
        return self.core.action_to_string(self.core.bot_action())
