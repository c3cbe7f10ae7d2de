"""Mille Bornes on the page: the sides' tableaus, the hand as card faces, the coup fourré
question, one log line per turn, and the scoring table of every hand."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from autodromo import locale, refusal_words
from autodromo.errors import IllegalActionError
from autodromo.mille_bornes import words
from autodromo.mille_bornes.words import Names

from ..base import Decision, GameModule, field, hand_places, register

if TYPE_CHECKING:
    from ...tables import Table


def names_of(table: Table, view: dict[str, Any]) -> Names:
    """The table's people, as the words module names them."""
    return Names.of_view(table.names(), view)


def side_name(table: Table, view: dict[str, Any], side: int) -> str:
    return names_of(table, view).side(side)


class MilleBornes(GameModule):
    id = "mille_bornes"
    hidden_information = True
    seats = {"min": 2, "max": 9, "default": 2}
    turn_word = "Hand"

    @property  # the title in the reader's language
    def title(self) -> str:  # type: ignore[override]
        return words.say("title")

    def options(self) -> list[dict[str, Any]]:
        say = words.say
        return [
            field("target", "choice", say("option.target"), 1000,
                  choices=[{"id": n, "label": say("option.target.miles", n=n)} for n in (1000, 700)]),
            field("score_to_win", "int", say("option.score_to_win"), 0, min=0, max=100000),
            field("teams", "int", say("option.teams"), None, min=2, max=3),
            *(field(key, "bool", say(f"option.{key}"), False)
              for key in ("cumulative_attacks", "independent_speed_limit", "reshuffle_discards", "wrong_way",
                          "extension")),
        ]

    def check_options(self, options: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
        options = super().check_options(options, seats)
        if sum(s["kind"] == "human" for s in seats) >= 2:
            # Hot seat: a coup fourré question put only to the holder would tell the others.
            options.setdefault("secret_coup_fourre", True)
        return options

    def turn(self, view: dict[str, Any]) -> dict[str, Any]:
        return {"label": words.say("turn"), "value": view["hand_number"]}

    def phase(self, view: dict[str, Any]) -> str:
        return words.phase_words(view["phase"]["name"])

    def distance(self, table: Table, view: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"who": side_name(table, view, s["side"]), "left": max(0, view["target"] - s["miles"]),
                 "unit": words.say("card.unit"), "seat": s["seats"][0]} for s in view["sides"]]

    def table(self, table: Table, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        say = words.say
        sides = []
        for s in view["sides"]:
            name = side_name(table, view, s["side"])
            counts = [say("page.hand_count.one" if view["hand_sizes"][x] == 1 else "page.hand_count",
                          who=table.seats[x]["name"], n=view["hand_sizes"][x]) for x in s["seats"]]
            sides.append({
                # The lines the page prints as they are, in the reader's language.
                "words": {"miles": say("page.miles", miles=s["miles"], target=view["target"], score=locale.number(s["score"])),
                          "miles_label": say("page.miles.label", who=name), "battle": say("page.battle"),
                          "safeties": say("page.safeties"), "hands": " · ".join(counts)},
                "name": side_name(table, view, s["side"]),
                "seat": s["seats"][0],
                "mine": view.get("side") == s["side"],
                "miles": s["miles"], "target": view["target"], "score": s["score"],
                "status": words.status(s, view["cards"]),
                "battle": [words.card_face(h, view["cards"]) for h in s["hazards"]],
                "speed_limit": s["speed_limit"],
                "safeties": [{**words.card_face(x, view["cards"]), "coup": x in s["coups_fourres"]} for x in s["safeties"]],
                "hands": [{"name": table.seats[x]["name"], "cards": view["hand_sizes"][x]} for x in s["seats"]],
            })
        out: dict[str, Any] = {
            "hand_number": view["hand_number"], "target": view["target"], "pile": view["deck_size"],
            "score_to_win": view["score_to_win"], "sides": sides,
            "discards": [{**words.card_face(k, view["cards"]), "count": n}
                         for k, n in sorted((view.get("discard") or {}).items())],
            "words": {
                "pile": (say("page.pile", n=view["deck_size"], points=locale.number(view["score_to_win"])) if view["score_to_win"]
                         else say("page.pile.one_hand", n=view["deck_size"])),
                "discards": say("page.discards", n=sum((view.get("discard") or {}).values())),
            },
        }
        scored = self._score_tables(table) if view["hand_number"] > 1 else []
        if scored and not view.get("winners"):
            # Between hands the last hand's score stays in view until the game is over (then
            # the results hold every hand's).
            out["last_hand"] = {**scored[-1], "title": say("page.last_hand", hand=len(scored)),
                                "sides": [s["name"] for s in sides]}
        if seat is not None and table.is_human(seat):
            out["hand_of"] = table.seats[seat]["name"]
            out["words"]["hand_of"] = say("page.hand_of", who=out["hand_of"])
            hand = view.get("hand") or []
            places = hand_places(hand)
            out["hand"] = [{**words.card_face(c, view["cards"]), "place": places[c]} for c in hand]
        return out

    def decisions(self, table: Table, view: dict[str, Any], seat: int) -> list[Decision]:
        moves = table.state.moves(seat) if view.get("legal_actions") else []
        miles = view["sides"][view["side"]]["miles"]
        people = names_of(table, view)
        cards = hand_places(view.get("hand") or [])
        out = []
        for m in moves:
            text, detail = words.move_words(m, moves, miles, people)
            out.append(Decision(m["action"], text, detail, kind=words.GROUPS[m["kind"]], place=self._place(m, cards)))
        return out

    @staticmethod
    def _place(move: dict[str, Any], cards: dict[str, str]) -> tuple[str, ...]:
        """A card of the hand and where it goes: the side it is played on (the core's target for a
        hazard, the mover's own side else), or the discard pile. Stopping at 700 or going on, and
        declining a coup fourré, have no place."""
        card = move.get("card")
        if not card or card["name"] not in cards:
            return ()
        if move["kind"] == "discard":
            return (cards[card["name"]], "discard")
        side = (move.get("target") or {}).get("side", (move.get("leads_to") or {}).get("side"))
        return (cards[card["name"]], f"side:{side}") if side is not None else (cards[card["name"]],)

    def prompt(self, table: Table, view: dict[str, Any], seat: int, decisions: list[Decision]) -> dict[str, Any] | None:
        phase = view["phase"]
        if phase["name"] != "coup_fourre":
            return None
        call = next((m for m in table.state.moves(seat) if m["kind"] == "coup_fourre"), None)
        return words.coup_fourre_prompt(table.seats[phase["attacker"]]["name"],
                                        words.title(phase["hazard"], view["cards"]),
                                        words.title(call["card"], view["cards"]) if call else None)

    # --- the log ---------------------------------------------------------------------------

    def log(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        """One entry per turn and per event told. Built as the game goes on: what was read is
        kept per seat (cleared with the past on an undo, read again at the end, which may
        reveal), so a request reads only the events since the last one."""
        names = table.names()
        # Worded lines are kept per reader's language: one table, several languages at once.
        key = f"mille_bornes_log:{seat}:{locale.language()}"
        memo: dict[str, Any] | None = table.memo.get(key)
        if memo is None or table.finished:
            memo = table.memo[key] = {"n": 0, "out": [], "hand": 1, "drawn": {}}
        # Which seats play each side, and what each card is, never change: read from one view.
        view = table.memo.get("mille_bornes_sides")
        if view is None:
            public = table.public_view()
            view = table.memo["mille_bornes_sides"] = {"sides": [{"seats": list(side["seats"])} for side in public["sides"]],
                                                       "cards": public["cards"]}
        out: list[dict[str, Any]] = memo["out"]
        hand: int = memo["hand"]
        # A draw is told with the move that follows it: one line a turn.
        drawn: dict[int, str] = memo["drawn"]
        people = Names.of_view(names, view)

        def add(who: int | None, text: str, **extra: Any) -> None:
            out.append({"who": who, "text": text, "round": words.say("round", hand=hand), **extra})

        events = table.state.log(seat, since=memo["n"])
        memo["n"] += len(events)
        for e in events:
            kind = e["kind"]
            who: int | None = e.get("seat")
            if kind == "dealt":
                continue
            if kind == "drew" and who is not None:
                drawn[who] = words.drew_words(e["card"], people)
                continue
            told_with = kind in ("played", "attacked", "discarded", "extended", "stopped_at_700")
            text = words.event_words(e, people, drawn.pop(who) if told_with and who in drawn else None)
            if text is None:
                continue
            extra: dict[str, Any] = {}
            if kind in ("played", "attacked"):
                extra["card"] = words.card_face(e["card"]["name"], view["cards"])
            if kind in ("coup_fourre", "hand_over", "game_over"):
                extra["strong"] = True
            if kind == "game_over":
                hand -= 1
            add(who, text, **extra)
            if kind == "hand_over":
                hand = e["hand"] + 1
        memo["hand"] = hand
        # A draw not yet followed by its move is told on its own until it is.
        return out + [{"who": who, "text": words.say("log.line", who=names[who], act=text),
                       "round": words.say("round", hand=hand)} for who, text in drawn.items()]

    def step_text(self, table: Table, state: Any, action: int, actor: int) -> str:
        view = state.view(None)
        people = names_of(table, view)
        if actor >= 0:
            move = next(m for m in state.moves(actor) if m["action"] == action)
            return words.step_words(move, table.seats[actor]["name"], people)
        # A draw: the card that joins the drawing seat's hand.
        seat = view["phase"]["seat"]
        after = state.clone()
        after.apply_action(action)
        new = Counter(after.view(seat)["hand"]) - Counter(state.view(seat)["hand"])
        return words.step_words(None, "", people, next(iter(new), None))

    # --- the end ---------------------------------------------------------------------------

    @staticmethod
    def _score_tables(table: Table) -> list[dict[str, Any]]:
        """Each finished hand's score table (the book's rows that scored, the hand's total and
        the running total), first hand first."""
        running: list[int] = []
        tables = []
        for e in (e for e in table.state.log(None) if e["kind"] == "hand_over"):
            rows: list[dict[str, Any]] = []
            for key, label in words.score_rows():
                values = [r.get(key, 0) for r in e["scores"]]
                if any(values):
                    rows.append({"label": label, "values": [locale.number(v) for v in values]})
            totals = [r["total"] for r in e["scores"]]
            running = [a + b for a, b in zip(running or [0] * len(totals), totals)]
            rows.append({"label": words.say("score.hand_total"), "values": [locale.number(v) for v in totals],
                         "strong": True})
            rows.append({"label": words.say("score.running_total"), "values": [locale.number(v) for v in running],
                         "strong": True})
            tables.append({"title": words.say("round", hand=e["hand"]), "rows": rows})
        return tables

    def results(self, table: Table) -> dict[str, Any]:
        s = table.state
        view = s.view(None)
        people = names_of(table, view)
        sides = [people.side(i) for i in range(len(view["sides"]))]
        tables = self._score_tables(table)
        winners = view.get("winners") or []
        order = sorted(range(len(sides)), key=lambda i: -view["sides"][i]["score"])
        place = {i: 1 + sum(view["sides"][j]["score"] > view["sides"][i]["score"] for j in order) for i in order}
        revealed = []
        for i in range(len(table.seats)):
            hand = s.view(i).get("hand") or []
            revealed.append({"name": table.seats[i]["name"], "cards": [words.card_face(c, view["cards"]) for c in hand]})
        score = [int(side["score"]) for side in view["sides"]]
        ties = [self._tie(order, k, score, sides, winners) for k in range(len(order))]
        columns = [words.say("results.place"), words.say("results.side"), words.say("results.score")]
        return {
            "headline": words.winners_words(winners, people),
            "columns": columns + ([words.say("results.tie")] if any(ties) else []),
            "rows": [{"seat": view["sides"][i]["seats"][0],
                      "cells": [words.ordinal(place[i]), sides[i], locale.number(score[i])] + ([ties[k]] if any(ties) else [])}
                     for k, i in enumerate(order)],
            "sides": sides,
            "scores": tables,
            "hands": revealed,
        }

    @staticmethod
    def _tie(order: list[int], k: int, score: list[int], sides: list[str], winners: list[int]) -> str:
        """A side level with the one above it: the place is shared; at the top each wins (a game
        to a goal plays another hand instead, so only a one-hand game ends level there)."""
        i = order[k]
        level = [j for j in order[:k] if score[j] == score[i]]
        if not level:
            return ""
        key = "tie.top" if i in winners else "tie.shared"
        return words.say(key, side=sides[level[0]], score=locale.number(score[i]))

    # --- help ------------------------------------------------------------------------------

    def how_to_play(self) -> list[str]:
        return words.how_to_play()

    def help(self, view: dict[str, Any]) -> dict[str, str]:
        return words.help_texts(view["phase"]["name"])

    def refusal(self, table: Table, error: IllegalActionError) -> str:
        """An attacked side is named by its players, as the rest of the page names it."""
        people = names_of(table, table.state.view(None))
        return refusal_words.words(self.id, error, people)


register(MilleBornes())
