"""The decisions Lamborghini's book has every player take in secret and reveal together, for the
parallel env (``autodromo.envs.parallel``): one step asks them of every seat at once.

- The long game's auction: "Players secretly decide the amount of money they want to bet and put
  the banknote/s under their hand [...] Then, they simultaneously reveal their bet."
"""

from __future__ import annotations

import json

from .._core import State


def sealed(state: State) -> bool:
    """Whether the decision to take now is a bid of the auction."""
    # The position's phase code is documented (docs/positions.md, Lamborghini's ``phase.at``),
    # unlike the view's phase name.
    return bool(json.loads(state.position())["phase"]["at"] == "bid")
