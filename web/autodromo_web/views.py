"""The HTML pages: the lobby (new game, saved games, import), a game, the replay viewer.
Each page is a shell; its script fills it from the JSON API, and a game's page loads that
game's own script (``static/games/<game>.js``) beside the shared ones, an event's page its
game's event script (``static/games/<game>/event.js``)."""

from __future__ import annotations

from flask import Blueprint, render_template

from .api import shown_db, tables

bp = Blueprint("views", __name__)


@bp.get("/")
def lobby() -> str:
    from .seats import network

    return render_template("lobby.html", db=shown_db(), **network())



@bp.get("/play/<game_id>")
def play(game_id: str) -> str:
    table = tables().get(game_id)
    return render_template("play.html", game_id=game_id, game_script=f"games/{table.game_id}.js")


@bp.get("/event/<event_id>")
def event(event_id: str) -> str:
    from .events import events

    with events().locked(event_id) as found:
        game = found.setup["game"]
    return render_template("event.html", event_id=event_id, game_script=f"games/{game}/event.js")


@bp.get("/replay/<game_id>")
def replay_viewer(game_id: str) -> str:
    table = tables().get(game_id)
    return render_template("replay.html", game_id=game_id, game_script=f"games/{table.game_id}.js")
