"""A Formula 90 dashboard's four buttons: each takes the legal choice that means what the button
says, whatever its id (a decision offers at most one of each button's choices). The labels vary
with the car and the rule (``force Red to late-brake``), so a button takes them by pattern
(matched whole)."""

from __future__ import annotations

import re


def _exactly(*labels: str) -> str:
    return "|".join(re.escape(w) for w in labels)


#: control -> (its word for people, the labels it takes).
BUTTONS: dict[int, tuple[str, re.Pattern[str]]] = {
    1: ("yes", re.compile(_exactly("late brake", "challenge", "join the duel",
                                   "use a blue token (+1 MP)")
                          # "drive (follow the Safety Car)" under the Safety Car
                          + r"|drive( \(.*\))?|force .+ to late-brake"
                          + r"|put .+ on the Extreme Trajectory")),
    2: ("no", re.compile(_exactly("no late brake", "no trajectory", "no challenge",
                                  "decline the duel", "keep the blue tokens", "no flag",
                                  "keep the tyres", "stay out")
                         + r"|let .+ drive on|keep the hand( \(.*\))?")),
    # Into the pit box, no extra sections ("pit stop (to the back of the line, ...)" under the
    # Safety Car); "pit stop +1 section" is the selector's.
    3: ("pit", re.compile(r"pit stop( \(.*\))?")),
    4: ("tyre token", re.compile(_exactly("pay a tyre token"))),
}
