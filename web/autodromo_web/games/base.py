"""What every game module gives the page, with the generic answers a game may keep.

A game module subclasses :class:`GameModule` and calls :func:`register` with an instance; the
page's shared code (lobby, API, presenter, scripts) asks the module and never names a game.
Everything a module returns for the page speaks in names: the content's names and values,
seats by their players' names, counting from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import autodromo
from autodromo import refusal_words
# The package reads content; two games' pages still take these from here (issue 29).
from autodromo.content import circuits as circuits
from autodromo.content import document
from autodromo.errors import IllegalActionError

toml = document

from ..errors import bad
from ..languages import say as _

if TYPE_CHECKING:
    from ..tables import Table

#: A chance outcome's actor in a table's action list.
CHANCE = -1


@dataclass(frozen=True)
class Decision:
    """A legal action as the page offers it: its id (what is posted back), the words on the
    button, the arithmetic under them, and a warning that asks for a confirmation. ``place``:
    where on the table it is taken (issue 32), the keys of the things to tap, in any order
    ("card:2", "side:1", "section:14"), which the game's script marks on the board and the hand;
    empty when the choice has no place (it stays in the list, as every decision does)."""

    id: int
    text: str
    detail: str = ""
    risk: str = ""
    kind: str = ""
    place: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "detail": self.detail, "risk": self.risk, "kind": self.kind,
                "place": list(self.place)}


def hand_places(hand: list[Any], key: Any = lambda c: c) -> dict[Any, str]:
    """Each card of a hand by what tells it apart (``key``), as its place: "card:i", the first
    place it holds (two copies of a card are one choice, either tapped)."""
    out: dict[Any, str] = {}
    for i, c in enumerate(hand):
        out.setdefault(key(c), f"card:{i}")
    return out


def field(key: str, kind: str, label: str, default: Any, **extra: Any) -> dict[str, Any]:
    """A lobby option field: ``kind`` is bool, int or choice."""
    return {"key": key, "kind": kind, "label": label, "default": default, **extra}


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def places(returns: list[float]) -> list[int]:
    """Places from the returns (1 = best; ties share a place)."""
    return [1 + sum(r > mine for r in returns) for mine in returns]


class GameModule:
    """A game as the page plays it. Subclasses set the class attributes and override what
    their game shows differently."""

    #: The core's id of the game (``autodromo.game(id)``).
    id: str = ""
    title: str = ""
    #: A seat holds cards the others must not see (hot-seat hand-off, undo limits).
    hidden_information: bool = False
    seats: dict[str, int] = {"min": 2, "max": 4, "default": 2}
    #: Bots a seat may take, weakest first: (id, name). Replaced by the core's own list of
    #: levels when it reports one (see :meth:`bots`).
    bot_levels: tuple[tuple[str, str], ...] = (("easy", "easy"), ("medium", "medium"), ("hard", "hard"),
                                               ("random", "random"))
    #: The level a new seat gets in the lobby.
    default_bot: str = "medium"
    #: "Round", "Turn", "Hand": what the status line counts.
    turn_word: str = "Turn"
    #: The class of this game's events (several games and the decisions between them), if any.
    event: Any = None

    # --- the lobby ------------------------------------------------------------------------

    def bots(self) -> list[dict[str, str]]:
        """The bot levels by name, as the core reports them for this game."""
        reported = _core_levels(self.id)
        if reported:
            return reported
        return [{"id": i, "label": name if " " in name else f"{name} bot"} for i, name in self.bot_levels]

    def options(self) -> list[dict[str, Any]]:
        return []

    def lobby(self) -> dict[str, Any]:
        """Anything else the lobby draws for this game (a car list, say)."""
        return {}

    def event_fields(self) -> list[dict[str, Any]] | None:
        """The lobby's fields for an event of this game, or None (no events)."""
        return None

    def check_options(self, options: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
        """The options of a create request with what follows from the seats (``players``)."""
        players = options.setdefault("players", len(seats))
        if players != len(seats):
            raise bad(_("option \"players\" is {given} but {n} seats were given", given=repr(players), n=len(seats)))
        return options

    def race_seat(self, seat: dict[str, Any]) -> str:
        """The seat as the Race loop takes it: "human" or a bot's name."""
        return "human" if seat["kind"] == "human" else str(seat["bot"])

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "bots": self.bots(), "seats": self.seats,
            "options": self.options(), "hidden_information": self.hidden_information,
            "default_bot": self.default_bot,
            "help": self.how_to_play(), "event": self.event_fields(), **self.lobby(),
        }

    # --- the table ------------------------------------------------------------------------

    def board(self, game: autodromo.Game) -> dict[str, Any] | None:
        """The circuit as the page draws it, or None (cards only)."""
        return None

    def track(self, table: Table) -> dict[str, Any]:
        """The table's board, built once per table ({} for a game without one)."""
        cached = table.memo.get("track")
        if cached is None:
            cached = self.board(table.game) or {}
            table.memo["track"] = cached
        track: dict[str, Any] = cached
        return track

    def turn(self, view: dict[str, Any]) -> dict[str, Any]:
        return {"label": self.turn_word, "value": view.get("turn", 0)}

    def phase(self, view: dict[str, Any]) -> str:
        """The phase in words, for the status line and the help."""
        return ""

    def distance(self, table: Table, view: dict[str, Any]) -> list[dict[str, Any]]:
        return []

    def seat_colours(self, table: Table, view: dict[str, Any]) -> list[str] | None:
        """Each seat's colour when the game names its cars by colour ("Blue"): a car called Blue
        must not be drawn orange. None: the page's colour-blind-safe palette."""
        return None

    def table(self, table: Table, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """What lies on the table for ``seat`` (None: a spectator), in names."""
        return {}

    def decisions(self, table: Table, view: dict[str, Any], seat: int) -> list[Decision]:
        """The seat's legal actions as buttons."""
        return [Decision(a["id"], a["label"]) for a in view.get("legal_actions") or []]

    def prompt(self, table: Table, view: dict[str, Any], seat: int, decisions: list[Decision]) -> dict[str, Any] | None:
        """A question that stands above the buttons (a coup fourré), or None."""
        return None

    def notice(self, table: Table, view: dict[str, Any], seat: int | None) -> str:
        """A word for the seat when the game goes on without it (its car retired, say)."""
        return ""

    def plan(self, table: Table, seat: int) -> list[dict[str, Any]]:
        """The reachable cells of the car to move, each with its decisions and words."""
        return []

    def log(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        """The seat's log, one entry per decision: {"who", "text", "detail", ...}."""
        return []

    def results(self, table: Table) -> dict[str, Any]:
        """The results screen: {"headline", "columns", "rows", ...}."""
        s = table.state
        p = places(s.returns())
        rows = sorted(range(len(table.seats)), key=lambda i: p[i])
        return {
            "headline": f"{table.seats[rows[0]]['name']} wins",
            "columns": ["Place", "Player"],
            "rows": [{"seat": i, "cells": [ordinal(p[i]), table.seats[i]["name"]]} for i in rows],
        }

    def step_text(self, table: Table, state: autodromo.State, action: int, actor: int) -> str:
        """One action of the replay viewer's timeline, in words (``state`` is before it); asked
        only for an action its reader could see (``timeline.py``). Each game words it from its
        moves and events through its words module: a label is a name, not words for people."""
        raise NotImplementedError(f"{type(self).__name__} does not word a step of its timeline")

    def refusal(self, table: Table, error: IllegalActionError) -> str:
        """The core's refusal of a move (a 409's reason) in the reader's language: the game's
        words module words its meaning (``autodromo.refusal_words``; English for a refusal the
        core has not keyed yet). A game whose refusals name a seat overrides it to name people."""
        return refusal_words.words(self.id, error)

    # --- help -----------------------------------------------------------------------------

    def how_to_play(self) -> list[str]:
        """A short "how to play", a paragraph a line."""
        return []

    def help(self, view: dict[str, Any]) -> dict[str, str]:
        """Explanations for what is on screen now: the phase, and each kind of decision."""
        return {}


def trace(table: Table, pick: Any) -> list[dict[str, Any]]:
    """Per action of the game: who took it, and ``pick(view)`` of the spectator's
    view before and after it; kept on the table and extended as the game goes on (a log that
    tells what an action did, a retirement or a damage, reads it)."""
    memo = table.memo.get("trace")
    if memo is None:
        memo = table.memo["trace"] = {"state": table.first_state(), "steps": [], "last": None}
    state: autodromo.State = memo["state"]
    steps: list[dict[str, Any]] = memo["steps"]
    now = len(table.actions)
    for i in range(len(steps), now):
        a, actor = table.actions[i], table.actors[i]
        before = memo["last"] if memo["last"] is not None else pick(state.view(None))
        state.apply_action(a)
        # After the game's last action this copy stands where the game does: the spectator's
        # view the page reads anyway (once per position) serves, not a second one.
        after = pick(table.public_view() if i == now - 1 else state.view(None))
        steps.append({"actor": actor, "before": before, "after": after})
        memo["last"] = after
    return steps


#: The bots' older names, which the core still reads as a level.
ALIASES = {"heuristic": "medium", "greedy": "medium"}

REGISTRY: dict[str, GameModule] = {}


def register(module: GameModule) -> GameModule:
    """Adds a game to the page (each game module calls it once, when imported)."""
    if not module.id or module.id in REGISTRY:
        raise ValueError(f"game module {module.id!r}: no id, or registered twice")
    REGISTRY[module.id] = module
    return module


def get(game_id: Any) -> GameModule:
    """The module of a game by its id, or a 400 listing the games."""
    module = REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if module is None:
        raise bad(_("unknown game {given}; known: {known}", given=repr(game_id), known=", ".join(REGISTRY)))
    return module


def every() -> list[GameModule]:
    return list(REGISTRY.values())


def _core_levels(game_id: str) -> list[dict[str, str]]:
    """The bots the core reports for a game (``autodromo.game_info``), strongest first, by
    name; empty when this build reports none."""
    info = getattr(autodromo, "game_info", None)
    if info is None:
        return []
    try:
        names = [str(b) for b in info(game_id).get("bots", [])]
    except Exception:
        return []
    return [{"id": name, "label": f"{name} bot"} for name in names]
