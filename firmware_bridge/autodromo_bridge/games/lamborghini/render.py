"""What a Lamborghini dashboard shows of its seat's car, from a view (``state.view(seat)``): what
its driver reads and decides on. Pure functions: the same view gives the same bytes.

Dashboard (DASH_STATE field <- the seat's first car in the view):

=========== ============================================================================
speed        squares covered (the car's ``progress``; 0 on the grid)
turn_pins    its place in the race now, from 1 (finished cars first, in the order they
             finished; then by squares covered)
temperature  damages the car carries
engine       cards in its owner's hand
brakes       the turn of the race
tyres        its owner's money, in thousands (the long game)
pace         the choice under the selector: 1 + its index in the seat's legal actions
lamps        YOUR TURN, REFUSED, FINISHED, OUT (wrecked), GAME OVER as on every dashboard;
             CHECK, SLIPSTREAM, ACCIDENT: what the seat decides now; LEADER
=========== ============================================================================

Buttons (bound by meaning, to the core's moves: ``State.moves``, docs/rules/lamborghini.md
"Vocabulary"): 1 left, 2 ahead, 3 right steer the car (a ``step``), choose the accident's
direction (``choose_direction``) and leave the slipstream (``slipstream``), whichever the seat
decides now, each by the move's ``direction``; 4 takes the manoeuvre check (``take_check``). No
label is read; choices are worded by ``autodromo.lamborghini.words``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from autodromo import lamborghini
from autodromo.lamborghini import words as lambo_words

from ...render import (LAMP_FINISHED, LAMP_GAME_OVER, LAMP_LEADER, LAMP_OUT, LAMP_REFUSED,
                     LAMP_YOUR_TURN, PODIUM_NAMES, Face)

# Lamborghini's own (DASH_STATE lamps is a u32; LEADER, bit 20, is render.py's, shared).
LAMP_CHECK = 1 << 21        # a manoeuvre check is this seat's: take it, or play a card first
LAMP_SLIPSTREAM = 1 << 22   # this seat chooses where its car leaves a slipstream
LAMP_ACCIDENT = 1 << 23     # this seat's car had an accident: choose its direction

#: The phases (the view's ``phase``) in which a lamp says what the deciding seat decides.
PHASE_LAMPS = {"CheckPrep": LAMP_CHECK, "Check": LAMP_CHECK, "Team": LAMP_CHECK,
               "Slip": LAMP_SLIPSTREAM, "Direction": LAMP_ACCIDENT, "DirectionDraw": LAMP_ACCIDENT}

#: The buttons: a word for people, and the moves each one takes (kind and direction).
BUTTONS: dict[int, tuple[str, tuple[dict[str, Any], ...]]] = {
    1: ("left", ({"kind": "step", "direction": "left"}, {"kind": "choose_direction", "direction": "left"},
                 {"kind": "slipstream", "direction": "left"})),
    2: ("ahead", ({"kind": "step", "direction": "ahead"}, {"kind": "choose_direction", "direction": "ahead"})),
    3: ("right", ({"kind": "step", "direction": "right"}, {"kind": "choose_direction", "direction": "right"},
                  {"kind": "slipstream", "direction": "right"})),
    4: ("check", ({"kind": "take_check"},)),
}

#: The gauges a Lamborghini dashboard's face prints (label, full scale), in DASH_STATE's order.
GAUGES = (("squares", 300), ("place", 6), ("damage", 9), ("cards", 12), ("turn", 30),
          ("money $k", 100))

LAMP_NAMES = {LAMP_YOUR_TURN: "YOUR TURN", LAMP_REFUSED: "REFUSED", LAMP_FINISHED: "FINISHED",
              LAMP_OUT: "OUT", LAMP_GAME_OVER: "GAME OVER", LAMP_CHECK: "CHECK",
              LAMP_SLIPSTREAM: "SLIPSTREAM", LAMP_ACCIDENT: "ACCIDENT", LAMP_LEADER: "LEADER"}


def lamp_words() -> tuple[dict[int, str], dict[int, str]]:
    """Each lamp's name and what it means, in the language in use (lamborghini/words.py)."""
    names = {**LAMP_NAMES, **PODIUM_NAMES}
    return ({bit: lambo_words.say(f"bridge.lamp.{n}") for bit, n in names.items()},
            {bit: lambo_words.say(f"bridge.means.{n}") for bit, n in names.items()})


#: What its dashboard prints (its face as a picture, in English).
FACE = Face(GAUGES, *lamp_words())


def _byte(v: Any) -> int:
    return max(0, min(255, int(v or 0)))


def car_of(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The seat's first car (a player may own more than one)."""
    return next((c for c in view.get("cars", []) if c.get("owner") == seat), None)


def _standing(car: dict[str, Any]) -> tuple[int, int, int, int]:
    """Sorts cars by where they stand: finished ones first in the order they finished (turn,
    then squares past the line), then the others by squares covered."""
    f = car.get("finish")
    if f is not None:
        return (0, int(f["turn"]), -int(f["past_line"]), 0)
    return (1, 0, 0, -int(car.get("progress") or 0))


def place(view: dict[str, Any], car: dict[str, Any]) -> int:
    """The car's place now, from 1 (cars standing level share it)."""
    mine = _standing(car)
    return 1 + sum(1 for c in view.get("cars", []) if _standing(c) < mine)


def dash_state(view: dict[str, Any], seat: int, circuit: object = None, *, deciding: bool,
               cursor: int, refused: bool, game_over: bool = False) -> dict[str, int]:
    """``circuit`` is not read: the view says what the seat's car has covered."""
    car = car_of(view, seat)
    players = view.get("players", [])
    hand: dict[str, Any] = next((p for p in players if p.get("seat") == seat), {})
    lamps = (LAMP_YOUR_TURN if deciding else 0) | (LAMP_REFUSED if refused else 0)
    if game_over:
        lamps |= LAMP_GAME_OVER
    if deciding:
        lamps |= PHASE_LAMPS.get(str(view.get("phase", "")), 0)
    speed = where = damage = 0
    if car is not None:
        speed, damage = max(0, int(car.get("progress") or 0)), _byte(car.get("damages"))
        where = place(view, car)
        if car.get("finish") is not None:
            lamps |= LAMP_FINISHED
        if car.get("wrecked"):
            lamps |= LAMP_OUT
        elif where == 1 and int(view.get("turn") or 0) > 0:
            lamps |= LAMP_LEADER
    return {
        "speed": min(65535, speed),
        "turn_pins": _byte(where),
        "temperature": damage,
        "engine": _byte(hand.get("card_count")),
        "brakes": _byte(view.get("turn")),
        "tyres": _byte(hand.get("money")),
        "switches": 0,
        "pace": _byte(cursor + 1 if deciding else 0),
        "lamps": lamps,
    }


@lru_cache(maxsize=1)
def cards() -> dict[str, dict[str, Any]]:
    """Every card by its content id, as the core describes it (``autodromo.lamborghini.cards``):
    the moves name cards by id, and people read names."""
    return lamborghini.cards()


def card_names() -> dict[str, str]:
    """Every card's name for people, by its content id."""
    return {k: str(c["name"]) for k, c in cards().items()}


def words(move: dict[str, Any], view: dict[str, Any]) -> str:
    """A choice as people read it, from its move (``autodromo.lamborghini.words``): seats from
    1, a car by its number and its owner."""
    owners = {int(c.get("car", k)): int(c.get("owner") or 0) for k, c in enumerate(view.get("cars", []))}

    def seat(p: int) -> str:
        return lambo_words.say("bridge.frame.seat", seat=p + 1)

    def car(c: int) -> str:
        return lambo_words.say("table.car_of", car=c + 1, owner=seat(owners.get(c, 0)))

    return lambo_words.move_words(move, lambo_words.Names(seat=seat, car=car, cards=cards()))[0]


def needles(d: dict[str, int]) -> str:
    """The needles of a dashboard (its DASH_STATE) on the emulator's screen."""
    return "  " + lambo_words.say("bridge.needles", squares=d["speed"], place=d["turn_pins"] or "-",
                                  damage=d["temperature"], cards=d["engine"], turn=d["brakes"], money=d["tyres"])


def frame_words(key: str, **args: Any) -> str:
    """A line of the emulator screen's frame (``screen.FRAME``'s keys), in the reader's language."""
    return lambo_words.say(f"bridge.frame.{key}", **args)


def button_words() -> dict[int, str]:
    """Each button's word for people (``BUTTONS``', by the control)."""
    return {c: lambo_words.say(f"bridge.button.{word}") for c, (word, _) in BUTTONS.items()}


def phase_words(phase: str) -> str:
    """The phase the view names (``Drive``), as the table's status line says it."""
    return lambo_words.phase_words(phase) or phase
