"""What every game's terminal command shares: playing a race to its end with the table shown once
a round, and the replay saved however it ends."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .. import replay
from ..race import Race


def run_rounds(
    race: Race, render: Callable[[dict[str, Any]], str], counter: str, save: str | None, delay: float
) -> int:
    """Plays the race, showing the table once a round; 130 when the player leaves."""
    last = -1
    try:
        while race.step():
            view = race.state.view(None)
            if view[counter] != last and view[counter] > 0:
                last = view[counter]
                print(render(view))
                if delay:
                    time.sleep(delay)
    except (EOFError, KeyboardInterrupt):
        print("\nleaving the race")
        return 130
    finally:
        if save:
            replay.save(save, race.state, race.seed)
            print(f"replay saved to {save}")
    return 0
