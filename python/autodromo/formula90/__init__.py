"""Race! Formula 90 in Python: what the Rust core leaves to the orchestration (championships)."""

# What the shared layers ask of the game (see autodromo.game_module).
TITLE = "Formula 90"
#: The per-seat column of a batch: the car's place in the whole field, robots included, 1 for
#: the winner.
SEAT_EXTRA = "position"
#: The figures a batch's table shows: wear markers and retirements (no crash count; the
#: position is the mean place already shown).
SIM_COLUMNS = ("wear", "retired")
