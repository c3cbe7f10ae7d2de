"""The emulator's screen: what each emulated device shows, what its selector positions and lit
lamps mean for the decision at hand, whether the race waits for you, and the log. Drawn in
place (the terminal is cleared and redrawn only when something changed).

Its frame (the lines around the game's words) is worded by the game's words module when its
dashboard module gives ``frame_words(key, **args)`` (the reader's language, ``--lang``); else
in the English of :data:`FRAME`."""

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

#: The frame's lines in English, by key: what a game whose words do not word the frame shows.
FRAME = {
    "title": "autodromo bridge: {race}",
    "title.seed": "autodromo bridge: {race}, seed {seed}",
    "race.sections": "{heading} at {track}",
    "race.circuit": "{title} on the {circuit} circuit",
    "race.route": "{title}, a Stage race on the route {route}",
    "page_away": "The web page does not answer: the devices show the last state; asking again.",
    "race_over": "The race is over. {order}",
    "finishing_order": "Finishing order: {places}.",
    "place": "{place}. {who}",
    "waiting_for_you": "Waiting for you: a dashboard's YOUR TURN lamp is lit.",
    "bots_drive": "The bots are driving.",
    "dashboard": "DASHBOARD {uid}",
    "link_lost": "{head}  [LINK LOST]",
    "not_linked": "{head}: not linked yet",
    "kept": "{head}: seat {seat}, the last state kept while the web page is away",
    "shows": "{head} shows {seat}",
    "seat": "seat {seat}",
    "seat.named": "seat {seat} ({name})",
    "your_turn": "YOUR TURN: {phase}. Turn the selector (+ / -), then confirm (c):",
    "a_decision": "a decision",
    "selector": "{mark} selector {k}: {choice}",
    "button": "{control} {word}",
    "button.takes": "{control} {word}: {choice}",
    "buttons_now": "{name} now: {buttons}",
    "buttons_none": "none (use the selector)",
    "buttons": "buttons",
    "waiting": "waiting: {who} plays; your turn comes back here",
    "chance": "chance",
    "bot_seat": "this seat is driven by a bot: the dashboard only shows it",
    "lamp": "{name} ({meaning})",
    "lamps_lit": "lamps lit: {lamps}",
    "lamps_none": "none",
    "log": "LOG",
    "log_empty": "(nothing yet)",
    "keys": "keys, then Enter: + / - turn the selector (++ two steps), c confirms",
    "keys.button": "{keys}, {control} {word}",
}


def say(game: str, key: str, **args: Any) -> str:
    """A line of the frame: the game's words (``frame_words``) in the reader's language, else
    :data:`FRAME`'s English."""
    worded = games.dashboard_fact(game, "frame_words")
    return str(worded(key, **args)) if worded is not None else FRAME[key].format(**args)


def button_word(game: str, control: int, word: str) -> str:
    """A button's word for people: the game's words (``button_words``), else its own."""
    worded = games.dashboard_fact(game, "button_words")
    return str(worded().get(control, word)) if worded is not None else word


def buttons_keys(game: str, buttons: Mapping[int, tuple[str, object]] | None) -> str:
    """The keys line of a dashboard whose buttons say their words (its game's)."""
    line = say(game, "keys")
    for c, (word, _) in (buttons or {}).items():
        line = say(game, "keys.button", keys=line, control=c, word=button_word(game, c, word))
    return line


def _seat_name(game: str, view: dict[str, Any], seat: int) -> str:
    cars = view.get("cars", [])
    name = cars[seat].get("name") if seat < len(cars) else None
    return say(game, "seat.named", seat=seat + 1, name=name) if name else say(game, "seat", seat=seat + 1)


def _needles(binding: Binding, d: dict[str, int]) -> str:
    own = games.dashboard_fact(binding.game, "needles")
    if own is not None:
        return str(own(d))
    return "  needles: " + ", ".join(f"{g.replace('_', ' ')} {d[g]}" for g in GAUGES)


def _phase(game: str, view: dict[str, Any]) -> str:
    """The phase's name (some views give ``{"name": ..., "seat": ...}``), never its dict; worded
    by the game's ``phase_words`` when it gives them."""
    phase = view.get("phase", "")
    if isinstance(phase, dict):
        phase = phase.get("name", "")
    worded = games.dashboard_fact(game, "phase_words")
    if worded is not None and phase:
        return str(worded(str(phase)))
    return str(phase or "").replace("_", " ")


def dashboard_block(binding: Binding, emu: Emulator, view: dict[str, Any] | None) -> list[str]:
    """A dashboard: its seat, the decision with every selector position, the buttons that
    apply, the needles and the lamps lit with what they mean."""
    game = binding.game
    dev = binding.bridge.devices.get(emu.uid)
    seat = dev.seat if dev is not None else None
    head = say(game, "dashboard", uid=emu.uid.hex()[:8])
    if emu.dev.in_failsafe:
        head = say(game, "link_lost", head=head)
    if seat is None:
        return [say(game, "not_linked", head=head)]
    if view is None:
        return [say(game, "kept", head=head, seat=seat + 1)]
    lines = [say(game, "shows", head=head, seat=_seat_name(game, view, seat))]
    d = emu.dash
    source = binding.source
    humans = source.human_seats()
    to_move = source.to_move()
    legal = source.legal(seat) if to_move == seat and seat in humans else []
    if legal:
        lines.append("  " + say(game, "your_turn", phase=_phase(game, view) or say(game, "a_decision")))
        # Each choice's move: what the game's words module words and what a button takes.
        moves = source.moves(seat)
        for k, (a, label) in enumerate(legal):
            mark = ">" if d["pace"] == k + 1 else " "
            lines.append("   " + say(game, "selector", mark=mark, k=k + 1, choice=binding.words(moves.get(a), label)))
        if binding.buttons is not None:
            lines.append("  " + _buttons_now(binding, legal, moves))
    elif seat in humans and not source.finished():
        who = _seat_name(game, view, to_move) if to_move is not None else say(game, "chance")
        lines.append("  " + say(game, "waiting", who=who))
    else:
        lines.append("  " + say(game, "bot_seat"))
    lines.append(_needles(binding, d))
    face = face_of(game)  # what the game's lamps mean, whatever the emulator prints
    # In the reader's language where the game's words name its lamps (--lang).
    worded = games.dashboard_fact(game, "lamp_words")
    names, meanings = worded() if worded is not None else (face.lamps, face.meanings)
    lit = [say(game, "lamp", name=name, meaning=meanings[bit]) for bit, name in names.items() if d["lamps"] & bit]
    lines.append("  " + say(game, "lamps_lit", lamps="; ".join(lit) if lit else say(game, "lamps_none")))
    return lines


def _buttons_now(binding: Binding, legal: list[tuple[int, str]], moves: dict[int, Any]) -> str:
    """The buttons that take a legal choice now, each with its word (and the choice, unless the
    button is named for the one move it takes)."""
    game = binding.game
    assert binding.buttons is not None
    paces = []
    for c, (word, means) in binding.buttons.items():
        a, label = next(((a, x) for a, x in legal if takes(means, moves.get(a))), (None, ""))
        if a is None:
            continue
        word = button_word(game, c, word)
        paces.append(say(game, "button", control=c, word=word) if binding.one_move_buttons
                     else say(game, "button.takes", control=c, word=word, choice=binding.words(moves[a], label)))
    name = games.dashboard_fact(game, "BUTTONS_NAME") or say(game, "buttons")
    return say(game, "buttons_now", name=name, buttons=", ".join(paces) if paces else say(game, "buttons_none"))


def finishing_order(binding: Binding) -> str:
    """The seats by their place (the core's ranking; seats level share a place)."""
    ranking = binding.source.ranking()
    if not ranking:
        return ""
    order = sorted(range(len(ranking)), key=lambda seat: ranking[seat])
    places = ", ".join(say(binding.game, "place", place=ranking[seat] + 1, who=binding.who(seat)) for seat in order)
    return say(binding.game, "finishing_order", places=places)


def render(binding: Binding, emulators: Sequence[Emulator], log: Sequence[str], title: str,
           keys: bool) -> str:
    """The whole screen as text (ANSI colours only in the strip's LEDs)."""
    try:
        view: dict[str, Any] | None = binding.source.view()
    except BridgeError:  # the web page away: the devices keep their last state
        view = None
    lines = [title, ""]
    source = binding.source
    game = binding.game
    try:
        if view is None:
            lines.append(say(game, "page_away"))
        elif source.finished():
            lines.append(say(game, "race_over", order=finishing_order(binding)).rstrip())
        elif source.to_move() in source.human_seats():
            lines.append(say(game, "waiting_for_you"))
        else:
            lines.append(say(game, "bots_drive"))
    except BridgeError:  # the page went away since the view was read
        view = None
        lines.append(say(game, "page_away"))
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
    lines.append(say(game, "log"))
    lines += [f"  {line}" for line in log[-10:]] or ["  " + say(game, "log_empty")]
    if keys:
        lines += ["", buttons_keys(game, binding.buttons)]
    return "\n".join(lines)
