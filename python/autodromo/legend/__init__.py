"""Legend's Racing Day, before the lights go green: historical or balanced car choice and the car
auction with Spare Part cards ("Racing Day" in the book). The race itself is in the Rust core."""

from typing import Any, NoReturn

from ..errors import ReplayError
from .auction import Auction, PARTS
from .racing_day import balanced, cars, historical

__all__ = ["PARTS", "Auction", "balanced", "cars", "historical"]

# What the shared layers ask of the game (see autodromo.game_module).
TITLE = "Legend"
#: The per-seat column of a batch: how far the seat's car got.
SEAT_EXTRA = "progress"
#: A Legend race needs a circuit and its cars; the learning envs race two on the example circuit.
ENV_OPTIONS = {"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"]}
#: `autodromo simulate --cars ... --neutral ...`: the cars raced and the seats the rules drive.
SIMULATE_FLAGS = frozenset({"cars", "neutral"})


def older_options(options: dict[str, Any]) -> NoReturn:
    """A Legend game whose content hash is not today's plays again only with the content and rules
    it was saved with: no option gives back other numbers. The likeliest reasons are named, both
    of 7 December 2026: the shipped Neutral tables changed (docs/content/legend.md), and, in a
    Stage race with Neutral Cars, their Check Point and uphill exit rules (rules version 2,
    docs/rules/legend.md decisions 34 and 52)."""
    stage_neutral = options.get("route") is not None and any(options.get("neutral") or [])
    rules = (
        "; and a Stage race with Neutral Cars saved before rules version 2 (the same day: a"
        " Neutral Car pays the Check Point's 6 minutes above its B column, and takes its E column"
        " at an uphill turn's exit line) does not play again"
        if stage_neutral else ""
    )
    raise ReplayError(
        "content hash differs: the game was saved with other content. Legend's Neutral tables"
        " changed on 7 December 2026 (their T column is now T-1, T-1, T): a game saved before"
        " plays again only with the content it was saved with" + rules
    )
