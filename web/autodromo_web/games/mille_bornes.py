"""Mille Bornes on the page: the sides' tableaus, the hand as card faces, the coup fourré
question, one log line per turn, and the scoring table of every hand."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .base import Decision, GameModule, field, ordinal, plural, register

if TYPE_CHECKING:
    from ..tables import Table

HAZARDS = {"Accident": "Repairs", "Out of Gas": "Gasoline", "Flat Tire": "Spare Tire",
           "Stop": "Roll", "Speed Limit": "End of Limit", "Wrong Way": "End of Wrong Way"}
REMEDIES = set(HAZARDS.values())
SAFETIES = {"Driving Ace": "Accident", "Extra Tank": "Out of Gas", "Puncture-Proof": "Flat Tire",
            "Right of Way": "Stop and Speed Limit"}
MILES = {"25", "50", "75", "100", "200"}

#: The scoring table's rows, in the book's order, with their names.
SCORE_ROWS = [
    ("miles", "Miles travelled"),
    ("safeties", "Safeties (100 each)"),
    ("all_four_safeties", "All four safeties"),
    ("coups_fourres", "Coups fourrés (300 each)"),
    ("trip_complete", "Trip complete"),
    ("delayed_action", "Delayed action"),
    ("safe_trip", "Safe trip (no 200)"),
    ("extension", "Extension"),
    ("shut_out", "Shut-out"),
]

#: A hazard's label: the side it hits, counted from 1 ("play Stop on player 2" hits side 1).
_ON = re.compile(r"^play (.+) on (?:player|team) (\d+)$")


def _target(on: re.Match[str]) -> int:
    """The side (0-based, as views index them) an attack label names."""
    return int(on.group(2)) - 1


def card(name: str) -> dict[str, Any]:
    """A card face: its name, kind and number."""
    if name in MILES:
        return {"name": name, "kind": "distance", "value": "miles"}
    if name in HAZARDS:
        return {"name": name, "kind": "hazard", "note": f"cured by {HAZARDS[name]}"}
    if name in REMEDIES:
        return {"name": name, "kind": "remedy"}
    if name in SAFETIES:
        return {"name": name, "kind": "safety", "note": f"against {SAFETIES[name]}"}
    return {"name": name, "kind": ""}


def _miles(name: str) -> str:
    """A card as a sentence says it: "75 miles", "Flat Tire"."""
    return f"{name} miles" if name in MILES else name


def side_name(table: Table, view: dict[str, Any], side: int) -> str:
    seats = view["sides"][side]["seats"]
    return " & ".join(table.seats[s]["name"] for s in seats)


def status(side: dict[str, Any]) -> str:
    """A tableau in a few words: "rolling", "stopped: Flat Tire", "+ Speed Limit"."""
    if side["hazards"]:
        words = "stopped: " + ", ".join(side["hazards"])
    elif side["moving"]:
        words = "rolling"
    else:
        words = "needs a Roll"
    if side["speed_limit"]:
        words += " + Speed Limit"
    if side["wrong_way"]:
        words += " + Wrong Way"
    return words


class MilleBornes(GameModule):
    id = "mille_bornes"
    title = "Mille Bornes"
    hidden_information = True
    seats = {"min": 2, "max": 9, "default": 2}
    turn_word = "Hand"

    def options(self) -> list[dict[str, Any]]:
        return [
            field("target", "choice", "Trip", 1000,
                  choices=[{"id": 1000, "label": "1000 miles"}, {"id": 700, "label": "700 miles"}]),
            field("score_to_win", "int", "Score to win (0: a single hand)", 0, min=0, max=100000),
            field("teams", "int", "Teams (empty: none)", None, min=2, max=3),
            field("cumulative_attacks", "bool", "Variant: cumulative attacks", False),
            field("independent_speed_limit", "bool",
                  "English and French rules: Speed Limit on any car, even stopped", False),
            field("reshuffle_discards", "bool", "Variant: reshuffle the discards", False),
            field("wrong_way", "bool", "Variant: Wrong Way", False),
            field("extension", "bool", "Variant: extension to 1000", False),
        ]

    def check_options(self, options: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
        options = super().check_options(options, seats)
        if sum(s["kind"] == "human" for s in seats) >= 2:
            # Hot seat: a coup fourré question put only to the holder would tell the others.
            options.setdefault("secret_coup_fourre", True)
        return options

    def turn(self, view: dict[str, Any]) -> dict[str, Any]:
        return {"label": "Hand", "value": view["hand_number"]}

    def phase(self, view: dict[str, Any]) -> str:
        return {"draw": "drawing", "play": "play or discard a card", "coup_fourre": "coup fourré?",
                "replacement_draw": "replacement draw", "extension": "extend the trip?",
                "game_over": "game over", "deal": "dealing"}.get(view["phase"]["name"], "")

    def distance(self, table: Table, view: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"who": side_name(table, view, s["side"]), "left": max(0, view["target"] - s["miles"]),
                 "unit": "miles", "seat": s["seats"][0]} for s in view["sides"]]

    def table(self, table: Table, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        sides = []
        for s in view["sides"]:
            sides.append({
                "name": side_name(table, view, s["side"]),
                "seat": s["seats"][0],
                "mine": view.get("side") == s["side"],
                "miles": s["miles"], "target": view["target"], "score": s["score"],
                "status": status(s),
                "battle": [card(h) for h in s["hazards"]],
                "speed_limit": s["speed_limit"],
                "safeties": [{**card(x), "coup": x in s["coups_fourres"]} for x in s["safeties"]],
                "hands": [{"name": table.seats[x]["name"], "cards": view["hand_sizes"][x]} for x in s["seats"]],
            })
        out: dict[str, Any] = {
            "hand_number": view["hand_number"], "target": view["target"], "pile": view["deck_size"],
            "score_to_win": view["score_to_win"], "sides": sides,
            "discards": [{**card(k), "count": n} for k, n in sorted((view.get("discard") or {}).items())],
        }
        if seat is not None and table.is_human(seat):
            out["hand_of"] = table.seats[seat]["name"]
            out["hand"] = [card(c) for c in view.get("hand") or []]
        return out

    def decisions(self, table: Table, view: dict[str, Any], seat: int) -> list[Decision]:
        me = view["sides"][view["side"]]
        out = []
        for a in view.get("legal_actions") or []:
            label = str(a["label"])
            verb, _, rest = label.partition(" ")
            on = _ON.match(label)
            if on:
                hazard, side = on.group(1), _target(on)
                out.append(Decision(a["id"], f"{hazard} on {side_name(table, view, side)}",
                                    f"stops them until they play {HAZARDS.get(hazard, 'its remedy')}", kind="attack"))
            elif verb == "play" and rest in MILES:
                after = me["miles"] + int(rest)
                out.append(Decision(a["id"], f"{rest} miles", f"{me['miles']} + {rest} = {after} of {view['target']}",
                                    kind="distance"))
            elif verb == "play" and rest in SAFETIES:
                out.append(Decision(a["id"], rest, f"safety against {SAFETIES[rest]}: +100 points and another turn",
                                    kind="safety"))
            elif verb == "play":
                what = "remedy" if rest in REMEDIES else "card"
                out.append(Decision(a["id"], rest, f"a {what} on your own pile", kind="remedy"))
            elif verb == "discard":
                out.append(Decision(a["id"], f"Discard {_miles(rest)}", "to the discard pile: your turn ends",
                                    kind="discard"))
            elif label == "coup fourre":
                out.append(Decision(a["id"], "Call a coup fourré",
                                    "lay your safety out of turn: +300 on top of its 100, and you play next",
                                    kind="coup_fourre"))
            elif label == "decline coup fourre":
                holds = any(str(b["label"]) == "coup fourre" for b in view.get("legal_actions") or [])
                out.append(Decision(a["id"], "Let it pass" if holds else "Continue",
                                    "keep the safety in your hand" if holds else "you hold no safety against it",
                                    kind="decline"))
            elif label == "extend to 1000":
                out.append(Decision(a["id"], "Extend the trip to 1000 miles",
                                    "200 more points if you make it, 200 to every other side if you do not",
                                    kind="extension"))
            elif label == "stop at 700":
                out.append(Decision(a["id"], "Stop at 700 miles", "the hand ends now: trip complete", kind="extension"))
            else:
                out.append(Decision(a["id"], label.capitalize()))
        return out

    def prompt(self, table: Table, view: dict[str, Any], seat: int, decisions: list[Decision]) -> dict[str, Any] | None:
        phase = view["phase"]
        if phase["name"] != "coup_fourre":
            return None
        attacker = table.seats[phase["attacker"]]["name"]
        hazard = phase["hazard"]
        if any(d.kind == "coup_fourre" for d in decisions):
            safety = next((s for s, h in SAFETIES.items() if hazard in h), "the safety")
            text = (f"{attacker} played {hazard} on you. You hold {safety}: call a coup fourré now "
                    f"(+300 points, you play next) or let it pass?")
        else:
            text = (f"{attacker} played {hazard} on you. You hold no safety against it. Everyone "
                    f"attacked is asked, so nobody can tell who holds one: press Continue.")
        return {"kind": "coup_fourre", "title": "Coup fourré?", "text": text}

    # --- the log ---------------------------------------------------------------------------

    def log(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        """One entry per turn and per event told. Built as the game goes on: what was read is
        kept per seat (cleared with the past on an undo, read again at the end, which may
        reveal), so a request reads only the events since the last one."""
        names = table.names()
        key = f"mille_bornes_log:{seat}"
        memo: dict[str, Any] | None = table.memo.get(key)
        if memo is None or table.finished:
            memo = table.memo[key] = {"n": 0, "out": [], "hand": 1, "drawn": {}}
        # Which seats play each side never changes: read from one view.
        view = table.memo.get("mille_bornes_sides")
        if view is None:
            view = table.memo["mille_bornes_sides"] = {"sides": [{"seats": list(side["seats"])}
                                                                 for side in table.public_view()["sides"]]}
        out: list[dict[str, Any]] = memo["out"]
        hand: int = memo["hand"]
        drawn: dict[int, str] = memo["drawn"]

        def add(who: int | None, text: str, **extra: Any) -> None:
            out.append({"who": who, "text": text, "round": f"Hand {hand}", **extra})

        events = table.state.log(seat, since=memo["n"])
        memo["n"] += len(events)
        for e in events:
            kind = e["event"]
            who: int = e.get("seat", -1)
            name = names[who] if who >= 0 else ""
            if kind == "dealt":
                continue
            if kind == "drew":
                # A draw is told with the play that follows it: one line per turn.
                drawn[who] = f"draws {_miles(e['card']) if e['card'] else 'a card'}"
                continue
            lead = f"{name} {drawn.pop(who)}, " if who in drawn else f"{name} "
            if kind == "played":
                c = card(e["card"])
                add(who, f"{lead}plays {_miles(e['card'])}", card=c)
            elif kind == "attacked":
                add(who, f"{lead}plays {e['card']} on {side_name(table, view, e['side'])}", card=card(e["card"]))
            elif kind == "discarded":
                add(who, f"{lead}discards {_miles(e['card'])}")
            elif kind == "coup_fourre":
                add(who, f"{name}: coup fourré! {e['safety']} against {e['hazard']} (+300)", strong=True)
            elif kind == "declined_coup_fourre":
                continue  # with the secret option every attacked seat declines: it tells nothing
            elif kind == "turns_lost":
                add(None, "The coup fourré skips " + ", ".join(names[s] for s in e["seats"]))
            elif kind == "extra_turn":
                add(who, f"{name} plays again (a safety)")
            elif kind == "reshuffled":
                add(None, f"The discards are shuffled into a new draw pile ({plural(e['cards'], 'card')})")
            elif kind == "extended":
                add(who, f"{name} extends the trip to 1000 miles")
            elif kind == "stopped_at_700":
                add(who, f"{name} stops at 700 miles")
            elif kind == "hand_over":
                totals = ", ".join(f"{side_name(table, view, i)} {r['total']}" for i, r in enumerate(e["scores"]))
                add(None, f"Hand {e['hand']} is over: {totals}", strong=True)
                hand = e["hand"] + 1
            elif kind == "game_over":
                hand -= 1
                winners = " and ".join(side_name(table, view, w) for w in e["winners"])
                add(None, f"Game over: {winners} win{'s' if len(e['winners']) == 1 else ''}", strong=True)
        memo["hand"] = hand
        # A draw not yet followed by its play is told on its own until it is.
        return out + [{"who": who, "text": f"{names[who]} {text}", "round": f"Hand {hand}"}
                      for who, text in drawn.items()]

    def step_text(self, table: Table, state: Any, action: int, actor: int) -> str:
        label = str(state.action_to_string(action))
        view = state.view(None)
        if actor < 0:
            return f"Draw: {label.removeprefix('draw ')}"
        name = table.seats[actor]["name"]
        on = _ON.match(label)
        if on:
            return f"{name} plays {on.group(1)} on {side_name(table, view, _target(on))}"
        if label == "coup fourre":
            return f"{name} calls a coup fourré"
        if label == "decline coup fourre":
            return f"{name} lets the hazard pass"
        verb, _, rest = label.partition(" ")
        return f"{name} {verb}s {_miles(rest)}" if rest else f"{name}: {label}"

    # --- the end ---------------------------------------------------------------------------

    def results(self, table: Table) -> dict[str, Any]:
        s = table.state
        view = s.view(None)
        hands = [e for e in s.log(None) if e["event"] == "hand_over"]
        sides = [side_name(table, view, i) for i in range(len(view["sides"]))]
        running = [0] * len(sides)
        tables = []
        for e in hands:
            rows: list[dict[str, Any]] = []
            for key, label in SCORE_ROWS:
                values = [r.get(key, 0) for r in e["scores"]]
                if any(values):
                    rows.append({"label": label, "values": values})
            totals = [r["total"] for r in e["scores"]]
            running = [a + b for a, b in zip(running, totals)]
            rows.append({"label": "Hand total", "values": totals, "strong": True})
            rows.append({"label": "Running total", "values": list(running), "strong": True})
            tables.append({"title": f"Hand {e['hand']}", "rows": rows})
        winners = view.get("winners") or []
        order = sorted(range(len(sides)), key=lambda i: -view["sides"][i]["score"])
        place = {i: 1 + sum(view["sides"][j]["score"] > view["sides"][i]["score"] for j in order) for i in order}
        revealed = []
        for i in range(len(table.seats)):
            hand = s.view(i).get("hand") or []
            revealed.append({"name": table.seats[i]["name"], "cards": [card(c) for c in hand]})
        return {
            "headline": " and ".join(sides[w] for w in winners) + (" win" if len(winners) > 1 else " wins"),
            "columns": ["Place", "Side", "Score"],
            "rows": [{"seat": view["sides"][i]["seats"][0], "cells": [ordinal(place[i]), sides[i], str(view["sides"][i]["score"])]}
                     for i in order],
            "sides": sides,
            "scores": tables,
            "hands": revealed,
        }

    # --- help ------------------------------------------------------------------------------

    def how_to_play(self) -> list[str]:
        return [
            "Be the first to cover the trip (1000 miles, or 700) with distance cards, exactly.",
            "On your turn you draw a card, then play one or discard one. You need a Roll on your "
            "battle pile before any distance card.",
            "Attacks are played on an opponent whose car rolls (a Roll played) and suffers no "
            "other attack. Accident, Out of Gas, Flat Tire and Stop stop the car until its remedy "
            "and then a Roll; Speed Limit allows only 25 and 50 mile cards until End of Limit; "
            "with its variant, Wrong Way takes the miles off until End of Wrong Way. Cumulative "
            "attacks lift the limits: a car may then suffer several attacks, rolling or not.",
            "Safeties protect you for the rest of the hand and give another turn. Played at once "
            "when the matching hazard hits you, a safety is a coup fourré: 300 more points and "
            "you play next.",
            "At the end of a hand, miles and bonuses are scored; the game goes on to the score "
            "to win (or one hand).",
        ]

    def help(self, view: dict[str, Any]) -> dict[str, str]:
        return {
            "phase": {
                "play": "Play one card from your hand: distance on your own pile (after a Roll), a "
                        "remedy for your hazard, a safety, or an attack on a rolling opponent. Or "
                        "discard a card: your turn then ends.",
                "coup_fourre": "A hazard has just been played on your side. If you hold the safety "
                               "against it you may lay it out of turn: a coup fourré scores 300 "
                               "more points and you play next. Everyone attacked is asked, with or "
                               "without the safety, so the question tells nobody anything.",
                "extension": "You reached 700 miles exactly: stop the hand now, or extend the trip "
                             "to 1000 miles for 200 more points (and 200 to every other side if you "
                             "fail).",
            }.get(view["phase"]["name"], "Wait for your turn: the other players and the draw pile act."),
            "distance": "Distance cards add miles to your side; you may play at most two 200s a "
                        "hand, and the trip must end exactly on the target.",
            "attack": "An attack hits only a side that rolls (it has played its Roll) and suffers no "
                      "other attack, unless attacks are cumulative. Accident, Out of Gas, Flat "
                      "Tire and Stop stop it until its remedy (then a Roll); Speed Limit allows "
                      "only 25 and 50 until End of Limit.",
            "remedy": "A remedy cures the hazard on your battle pile; after it you need a Roll again.",
            "safety": "A safety cures and prevents its hazards for the rest of the hand: 100 points "
                      "and another turn.",
            "discard": "Throw a card away when you cannot or will not play one.",
        }


register(MilleBornes())
