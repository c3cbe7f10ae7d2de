"""What one seat (or a spectator) is sent: the core's view for that seat, its decisions with
their breakdown, the reachable cells, its log with the arithmetic, the turn and the distance left.

Everything private comes from ``state.view(seat)`` and ``state.log(seat)``, which the core
builds for that seat only; nothing here reads another seat's hand.
"""

from __future__ import annotations

from typing import Any

from autodromo.tui import mille_bornes as mb_text

from . import board, catalogue
from .tables import CHANCE, Table

MB_MILES = {"25": 25, "50": 50, "75": 75, "100": 100, "200": 200}


def _breakdown(table: Table, view: dict[str, Any], action: dict[str, Any]) -> str:
    """The arithmetic of a decision: the core's cost where it gives one (Legend), else ours."""
    cost = action.get("cost")
    if cost:
        return str(cost)
    label = str(action["label"])
    if table.game_id == "mille_bornes" and view.get("side") is not None:
        side = view["sides"][view["side"]]
        verb, _, card = label.partition(" ")
        if verb == "play" and card in MB_MILES:
            after = side["miles"] + MB_MILES[card]
            return f"{side['miles']} + {card} = {after} of {view['target']} miles"
        if label == "coup fourre":
            return "play your safety out of turn: +300 points and you play next"
        if verb == "discard":
            return "to the discard pile: your turn ends"
    return ""


def _turn(table: Table, view: dict[str, Any]) -> dict[str, Any]:
    if table.game_id == "legend":
        return {"label": "Round", "value": view["round"]}
    if table.game_id == "lamborghini":
        return {"label": "Turn", "value": view["turn"]}
    return {"label": "Hand", "value": view["hand_number"]}


def _distance(table: Table, view: dict[str, Any]) -> list[dict[str, Any]]:
    """How far each car (or side) still has to go."""
    if table.game_id == "mille_bornes":
        names = [s["name"] for s in table.seats]
        return [
            {"who": " & ".join(names[p] for p in side["seats"]),
             "left": max(0, view["target"] - side["miles"]), "unit": "miles"}
            for side in view["sides"]
        ]
    track = board.for_game(table.game_id, table.game_options())
    if track is None:
        return []
    laps = view.get("laps") or table.game_options().get("laps") or track["laps"] or 1
    total = int(laps) * int(track["length"])
    out = []
    for car in view["cars"]:
        owner = car.get("seat", car.get("owner"))
        who = car.get("name") or f"car {car['car']} ({table.seats[owner]['name']})"
        left = 0 if car.get("finish") else max(0, total - int(car["progress"]))
        out.append({"who": who, "seat": owner, "left": left, "unit": "spaces"})
    return out


def _log_text(table: Table, e: dict[str, Any]) -> str | None:
    names = [s["name"] for s in table.seats]
    if table.game_id == "mille_bornes":
        return mb_text.describe_event(e, names)
    player = e.get("player", CHANCE)
    when = f"round {e['round']}" if "round" in e else f"turn {e.get('turn', '?')}"
    if player is None or player < 0:
        return f"{when} · chance: {e.get('action', '')}"
    cost = e.get("cost")
    tail = f" — {cost}" if cost and cost != "no cost" else ""
    return f"{when} · {names[player]}: {e.get('action', '')}{tail}"


def undo_state(table: Table, seat: int | None) -> dict[str, Any]:
    target, reason = table.undo_target(seat)
    return {"ok": target is not None, "reason": reason}


def seat_payload(
    table: Table, seat: int | None, since: int | None = 0, with_board: bool = False
) -> dict[str, Any]:
    """The page's whole picture for ``seat`` (None: a spectator, who sees no hand); the log
    from entry ``since`` on (None: no log, which spares rebuilding it)."""
    s = table.state
    view = s.view(seat)
    offered = view.pop("legal_actions", None)
    to_move = s.current_player()
    mine = seat is not None and to_move == seat and table.is_human(seat) and not s.is_terminal()
    legal = []
    if mine and offered is not None:
        legal = [{"id": a["id"], "label": a["label"], "breakdown": _breakdown(table, view, a)}
                 for a in offered]
    plan = s.plan_moves() if mine and table.game_id != "mille_bornes" else []
    events = table.log(seat) if since is not None else []
    since = max(0, min(since or 0, len(events)))
    log = [{"i": i, "text": _log_text(table, e), "event": e}
           for i, e in enumerate(events[since:], since)]
    out: dict[str, Any] = {
        "id": table.id,
        "game": table.game_id,
        "title": catalogue.TITLES[table.game_id],
        "seed": table.seed,
        "options": table.game_options(),
        "seats": [{"seat": i, **st} for i, st in enumerate(table.seats)],
        "hidden_information": table.game_id in catalogue.HIDDEN,
        "version": len(table.actions),
        "status": "finished" if s.is_terminal() else "playing",
        "to_move": to_move if to_move >= 0 else None,
        "to_move_kind": table.seats[to_move]["kind"] if to_move >= 0 else None,
        "seat": seat,
        "turn": _turn(table, view),
        "distance": _distance(table, view),
        "view": view,
        "legal": legal,
        "plan": plan,
        "log": log,
        "log_length": len(events),
        "undo": undo_state(table, seat),
    }
    if s.is_terminal():
        returns = s.returns()
        # Places from the returns (1 = best, ties share): ranking() is per car in a
        # two-player Lamborghini game, so it does not always have one entry per seat.
        places = [1 + sum(r > mine for r in returns) for mine in returns]
        out["result"] = {"returns": returns, "ranking": s.ranking(), "places": places}
    if with_board:
        out["board"] = board.for_game(table.game_id, table.game_options())
    return out


def summary(table: Table) -> dict[str, Any]:
    """A line of the saved-games list (no view: the list is for everyone at the table)."""
    return {
        "id": table.id,
        "game": table.game_id,
        "title": catalogue.TITLES[table.game_id],
        "seats": table.seats,
        "seed": table.seed,
        "actions": len(table.actions),
        "status": "finished" if table.finished else "playing",
        "created": table.created,
        "updated": table.updated,
    }
