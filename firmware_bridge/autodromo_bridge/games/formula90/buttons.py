"""A Formula 90 dashboard's four buttons: each takes the legal choice whose move (the core's
``State.moves``) is of one of its kinds, whatever its id or its label (a decision offers at
most one of each button's choices; the pit button the first pit stop offered, no extra
section)."""

from __future__ import annotations

#: control -> (its word for people, the kinds of move it takes).
BUTTONS: dict[int, tuple[str, frozenset[str]]] = {
    1: ("yes", frozenset({"late_brake", "challenge", "join", "blue_token", "drive", "force_late_brake",
                          "force_extreme"})),
    2: ("no", frozenset({"no_late_brake", "no_trajectory", "no_challenge", "decline", "no_blue_token", "no_flag",
                         "keep_tyres", "stay_out", "no_force", "keep_hand"})),
    3: ("pit", frozenset({"pit"})),
    4: ("tyre token", frozenset({"pay_token"})),
}
