"""The emulator's screen: what each emulated device shows, what its selector positions and lit
lamps mean for the decision at hand, whether the race waits for you, and the log. Drawn in
place (the terminal is cleared and redrawn only when something changed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import games
from .binding import Binding, takes
from .devices import DASHBOARD
from .errors import BridgeError
from .emulator import Emulator, face_of

HOME_CLEAR = "\x1b[H\x1b[2J"
#: DASH_STATE's gauges, in its order.
GAUGES = ("speed", "turn_pins", "temperature", "engine", "brakes", "tyres")


def buttons_keys(buttons: Mapping[int, tuple[str, object]] | None) -> str:
    """The keys line of a dashboard whose buttons say their words (its game's)."""
    return ("keys, then Enter: + / - turn the selector (++ two steps), c confirms"
            + "".join(f", {c} {word}" for c, (word, _) in (buttons or {}).items()))


def _seat_name(view: dict[str, Any], seat: int) -> str:
    cars = view.get("cars", [])
    name = cars[seat].get("name") if seat < len(cars) else None
    return f"seat {seat + 1}" + (f" ({name})" if name else "")


def _needles(binding: Binding, d: dict[str, int]) -> str:
    own = games.dashboard_fact(binding.game, "needles")
    if own is not None:
        return str(own(d))
    return "  needles: " + ", ".join(f"{g.replace('_', ' ')} {d[g]}" for g in GAUGES)


def _phase(view: dict[str, Any]) -> str:
    """The phase's name (some views give ``{"name": ..., "seat": ...}``), never its dict."""
    phase = view.get("phase", "")
    if isinstance(phase, dict):
        phase = phase.get("name", "")
    return str(phase or "").replace("_", " ")


def dashboard_block(binding: Binding, emu: Emulator, view: dict[str, Any] | None) -> list[str]:
    """A dashboard: its seat, the decision with every selector position, the buttons that
    apply, the needles and the lamps lit with what they mean."""
    dev = binding.bridge.devices.get(emu.uid)
    seat = dev.seat if dev is not None else None
    head = f"DASHBOARD {emu.uid.hex()[:8]}"
    if emu.dev.in_failsafe:
        head += "  [LINK LOST]"
    if seat is None:
        return [head + ": not linked yet"]
    if view is None:
        return [head + f": seat {seat + 1}, the last state kept while the web page is away"]
    lines = [f"{head} shows {_seat_name(view, seat)}"]
    d = emu.dash
    source = binding.source
    humans = source.human_seats()
    to_move = source.to_move()
    legal = source.legal(seat) if to_move == seat and seat in humans else []
    if legal:
        lines.append(f"  YOUR TURN: {_phase(view) or 'a decision'}. Turn the selector (+ / -), "
                     "then confirm (c):")
        # Each choice's move: what the game's words module words and what a button takes.
        moves = source.moves(seat)
        for k, (a, label) in enumerate(legal):
            mark = ">" if d["pace"] == k + 1 else " "
            lines.append(f"   {mark} selector {k + 1}: {binding.words(moves.get(a), label)}")
        if binding.buttons is not None:
            # A button named for the one move it takes says it once.
            paces = [f"{c} {word}" if binding.one_move_buttons else f"{c} {word}: {binding.words(moves[a], label)}"
                     for c, (word, means) in binding.buttons.items()
                     for a, label in [next(((a, x) for a, x in legal if takes(means, moves.get(a))), (None, ""))]
                     if a is not None]
            name = games.dashboard_fact(binding.game, "BUTTONS_NAME", "buttons")
            lines.append(f"  {name} now: " + (", ".join(paces) if paces else "none (use the selector)"))
    elif seat in humans and not source.finished():
        who = _seat_name(view, to_move) if to_move is not None else "chance"
        lines.append(f"  waiting: {who} plays; your turn comes back here")
    else:
        lines.append("  this seat is driven by a bot: the dashboard only shows it")
    lines.append(_needles(binding, d))
    face = face_of(binding.game)  # what the game's lamps mean, whatever the emulator prints
    # In the reader's language where the game's words name its lamps (--lang).
    worded = games.dashboard_fact(binding.game, "lamp_words")
    names, meanings = worded() if worded is not None else (face.lamps, face.meanings)
    lit = [f"{name} ({meanings[bit]})" for bit, name in names.items() if d["lamps"] & bit]
    lines.append("  lamps lit: " + ("; ".join(lit) if lit else "none"))
    return lines


def finishing_order(binding: Binding) -> str:
    """The seats by their place (the core's ranking; seats level share a place)."""
    ranking = binding.source.ranking()
    if not ranking:
        return ""
    order = sorted(range(len(ranking)), key=lambda seat: ranking[seat])
    return "Finishing order: " + ", ".join(f"{ranking[seat] + 1}. {binding.who(seat)}"
                                           for seat in order) + "."


def render(binding: Binding, emulators: Sequence[Emulator], log: Sequence[str], title: str,
           keys: bool) -> str:
    """The whole screen as text (ANSI colours only in the strip's LEDs)."""
    try:
        view: dict[str, Any] | None = binding.source.view()
    except BridgeError:  # the web page away: the devices keep their last state
        view = None
    lines = [title, ""]
    source = binding.source
    try:
        if view is None:
            lines.append("The web page does not answer: the devices show the last state; "
                         "asking again.")
        elif source.finished():
            lines.append("The race is over. " + finishing_order(binding))
        elif source.to_move() in source.human_seats():
            lines.append("Waiting for you: a dashboard's YOUR TURN lamp is lit.")
        else:
            lines.append("The bots are driving.")
    except BridgeError:  # the page went away since the view was read
        view = None
        lines.append("The web page does not answer: the devices show the last state; "
                     "asking again.")
    lines.append("")
    for e in emulators:
        if e.kind == DASHBOARD:
            try:
                lines += dashboard_block(binding, e, view)
            except BridgeError:  # the page went away while it was drawn
                lines += dashboard_block(binding, e, None)
        else:
            lines += e.text().splitlines()
        if e.kind != DASHBOARD and binding.track_board is not None and view is not None:
            lines += [f"  {line}" for line in binding.track_board.board_lines(view)]
        lines.append("")
    lines.append("LOG")
    lines += [f"  {line}" for line in log[-10:]] or ["  (nothing yet)"]
    if keys:
        lines += ["", buttons_keys(binding.buttons)]
    return "\n".join(lines)
