"""Legend's Racing Day, before the lights go green: historical or balanced car choice and the car
auction with Spare Part cards ("Racing Day" in the book). The race itself is in the Rust core."""

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
