"""Learn to play (issue 32, item 6): the lessons of ``autodromo.lessons`` as pages. A lesson is
played on a table of its own, made for each request at the lesson's position and never saved:
the decisions are the game's buttons (its module's ``decisions``), and the feedback on an answer
is what the core did with it, worded by the game's module (its ``log``), with the lesson's reason.

``/lessons`` lists the games, ``/lessons/<game>`` a game's lessons, ``/lessons/<game>/<id>`` one
lesson; ``POST /api/lessons/<game>/<id>`` with ``{"action": id}`` answers it."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, jsonify, render_template, request

from autodromo import lessons
from autodromo.errors import AutodromoError
from autodromo.lessons import Lesson, words

from . import games, timeline
from .errors import bad, missing
from .languages import say as _
from .tables import Table

bp = Blueprint("lessons", __name__)
#: The most lines of each kind an answer's feedback tells (a die, a card, the move: a few).
MOST = 8


def _lesson(game: str, lesson_id: str) -> Lesson:
    try:
        return lessons.find(game, lesson_id)
    except AutodromoError as e:
        raise missing(str(e)) from None


def _title(game: str) -> str:
    return str(games.get(game).title)


def _table(lesson: Lesson) -> Table:
    """A table at the lesson's position, every seat a person's (nothing plays by itself)."""
    seats = [{"kind": "human", "bot": None, "name": name} for name in lesson.names]
    return Table.new("lesson", lesson.game, dict(lesson.options), seats, 0, lesson.build(), lesson.position)


def _decisions(table: Table, seat: int) -> list[dict[str, Any]]:
    view = table.state.view(seat)
    return [d.as_dict() for d in table.module.decisions(table, view, seat)]


def _answers_named(lesson: Lesson, table: Table, decisions: list[dict[str, Any]]) -> str:
    """The right answers as the buttons word them."""
    text = {d["id"]: d["text"] for d in decisions}
    ids = [lesson.action(table.state, a) for a in lesson.right]
    return words.listing([text.get(i, a.label) for i, a in zip(ids, lesson.right)])


def _games() -> list[str]:
    """The games with lessons, in the lobby's order."""
    having = set(lessons.games())
    return [m.id for m in games.every() if m.id in having]


def _links() -> list[dict[str, str]]:
    """The lobby's "Learn to play" links, one per game with lessons."""
    return [{"game": g, "href": f"/lessons/{g}", "text": words.say("page.lobby", game=_title(g)),
             "heading": words.say("page.lobby_heading")}
            for g in _games()]


@bp.get("/lessons")
def every() -> str:
    listed = [{"game": g, "title": _title(g), "lessons": lessons.every(g)} for g in _games()]
    return render_template("lessons.html", say=words.say, listed=listed, heading=words.say("page.title"))


@bp.get("/lessons/<game>")
def of_game(game: str) -> str:
    found = lessons.every(game)
    if not found:
        raise missing(_("no lessons for {game}", game=repr(game)))
    listed = [{"game": game, "title": _title(game), "lessons": found}]
    return render_template("lessons.html", say=words.say, listed=listed,
                           heading=words.say("page.lessons_of", game=_title(game)))


@bp.get("/lessons/<game>/<lesson_id>")
def one(game: str, lesson_id: str) -> str:
    lesson = _lesson(game, lesson_id)
    table = _table(lesson)
    order = lessons.every(game)
    n = order.index(lesson)
    following = order[n + 1] if n + 1 < len(order) else None
    return render_template("lesson.html", say=words.say, lesson=lesson, title=_title(game),
                           you=words.say("you", name=lesson.names[lesson.seat]),
                           decisions=_decisions(table, lesson.seat), n=n + 1, count=len(order),
                           following=following)


@bp.post("/api/lessons/<game>/<lesson_id>")
def answer(game: str, lesson_id: str) -> Response:
    lesson = _lesson(game, lesson_id)
    body = request.get_json(silent=True)
    action = body.get("action") if isinstance(body, dict) else None
    if isinstance(action, bool) or not isinstance(action, int):
        raise bad(_("action must be the id of one of the lesson's decisions"))
    table = _table(lesson)
    decisions = _decisions(table, lesson.seat)
    chosen = next((d for d in decisions if d["id"] == action), None)
    if chosen is None:
        raise bad(_("action {action} is not one of the lesson's decisions", action=action))
    found = lesson.answer_to(table.state, action)
    right = found is not None and found.right
    why = lesson.say(found.why) if found is not None else words.say("other", right=_answers_named(lesson, table, decisions))
    return jsonify(right=right, verdict=words.say("page.right" if right else "page.wrong"), why=why,
                   chosen=chosen["text"], detail=chosen["detail"], happened=_played(table, lesson.seat, chosen),
                   heading=words.say("page.happened"))


def _played(table: Table, seat: int, chosen: dict[str, Any]) -> list[str]:
    """Plays the chosen decision and what chance brings after it; what happened, in words."""
    before = len(table.log(seat))
    table.play(seat, [chosen["id"]])
    table.advance(0)
    happened = [line for line in _happened(table, seat, before) if line]
    # A game that words a step from its events, which a position's state does not keep, words
    # no step: the answer's own words and the core's account of where it leads stand for it.
    happened = happened or [f"{chosen['text']}: {chosen['detail']}" if chosen["detail"] else chosen["text"]]
    state = table.state
    if not state.is_terminal() and not state.is_chance_node() and state.current_player() == seat:
        # What the rules ask next is often the lesson's point (a car too fast must now brake or drift).
        asked = [d["text"] for d in _decisions(table, seat)]
        happened.append(words.say("page.then", choices=", ".join(asked[:MOST])))
    return happened


@bp.post("/api/lessons/<game>/<lesson_id>/play")
def play_on(game: str, lesson_id: str) -> tuple[Response, int]:
    """A saved game from the lesson's position, the deciding seat a person and the others the
    game's usual bots: the lesson played on, on the game's own board."""
    from .api import tables
    from .seats import owner_part

    lesson = _lesson(game, lesson_id)
    bot = games.get(game).default_bot
    seats = [{"kind": "human", "name": name} if i == lesson.seat else {"kind": "bot", "bot": bot, "name": name}
             for i, name in enumerate(lesson.names)]
    table = tables().create({"game": game, "options": dict(lesson.options), "seats": seats,
                             "position": lesson.position})
    with tables().locked(table.id):
        return jsonify(id=table.id, **owner_part(table)), 201


def _happened(table: Table, seat: int, logged: int) -> list[str]:
    """The steps since the lesson's position as the replay viewer's timeline words them (the
    answer, then the dice and cards it brought, up to the next decision), then the events the
    game's log tells of them. In a game of hidden hands the cards drawn are not told: the
    lesson is about the answer, not about what the others draw."""
    steps = timeline.steps(table, seat)
    if table.module.hidden_information:
        return [str(steps[0]["text"])]
    lines = [str(step["text"]) for step in steps[:MOST]]
    if not table.state.log(seat):
        # The core keeps no events for a state built from a position in this game.
        return lines
    return lines + [_line(table, e) for e in table.log(seat)[logged:]][:MOST]


def _line(table: Table, entry: dict[str, Any]) -> str:
    who = entry.get("who")
    text = str(entry.get("text", ""))
    detail = str(entry.get("detail") or "")
    if isinstance(who, int) and 0 <= who < len(table.seats) and table.seat_name(who) not in text:
        text = f"{table.seat_name(who)}: {text}"
    return f"{text} ({detail})" if detail else text


def install(app: Flask) -> None:
    """The routes, and the lobby's links (``lesson_links()`` in a template)."""
    app.register_blueprint(bp)
    app.jinja_env.globals["lesson_links"] = _links
