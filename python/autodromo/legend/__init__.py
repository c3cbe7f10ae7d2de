"""Legend's Racing Day, before the lights go green: historical or balanced car choice and the car
auction with Spare Part cards ("Racing Day" in the book). The race itself is in the Rust core."""

from .auction import Auction, PARTS
from .racing_day import balanced, cars, historical

__all__ = ["PARTS", "Auction", "balanced", "cars", "historical"]
