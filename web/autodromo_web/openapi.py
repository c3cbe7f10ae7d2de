"""The API's OpenAPI 3.1 document, served at /api/openapi.json. Kept beside the routes it
describes; tests/web/test_api.py checks that every route is in it."""

from __future__ import annotations

from typing import Any

from . import games

ERROR = {"$ref": "#/components/responses/Error"}
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
LESSON = [{"name": "game", "in": "path", "required": True, "schema": {"type": "string"}},
          {"name": "lesson_id", "in": "path", "required": True, "schema": {"type": "string"}}]
SEAT_Q = {"name": "seat", "in": "query", "schema": {"type": "integer", "minimum": 0},
          "description": "the seat whose view to send; omitted: a spectator (no hand shown)"}
SINCE = {"name": "since", "in": "query", "schema": {"type": "integer", "minimum": 0},
         "description": "send log entries from this index on (the page keeps the rest)"}
PAGE_Q = {"name": "page", "in": "query", "schema": {"enum": ["1"]},
          "description": "1: the page's form, in names only (table, decisions, log, results); "
                         "omitted: the scripts' form with the core's view and labels"}
PAGE_B = {"type": "boolean", "default": False, "description": "true: answer in the page's form"}


def _json(schema: dict[str, Any], description: str = "OK") -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


SEAT_VIEW = {"$ref": "#/components/schemas/SeatView"}

#: A list's page: ``?limit=`` (default 50, at most 200) and ``?before=`` (the last page's ``next``).
LIST_PAGE: list[dict[str, Any]] = [
    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200}},
    {"name": "before", "in": "query", "schema": {"type": "string"},
     "description": "the `next` of the page before"},
]

SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Autodromo web API",
        "version": "1",
        "description": (
            "Play every game of the catalogue: create a game, read a seat's view, list "
            "its legal actions with their breakdown, post actions, undo, export the replay. "
            "Chance and bots are played by the server (seeded). Every refusal is a 4xx JSON "
            "object {\"error\": reason}; actions are committed to SQLite before the response. "
            "On a LAN (--lan) and in games played by join links, a seat's view and actions need that "
            "seat's token in the X-Autodromo-Token header (401 without, 403 with another's). A bot "
            "seat's view and decisions are never served (403), with any token or none."
        ),
    },
    "paths": {
        "/api/catalogue": {"get": {
            "summary": "Games, their options, seats and bots (what the lobby offers)",
            "responses": {"200": _json({"type": "object"})},
        }},
        "/api/games": {
            "get": {
                "summary": "Saved games, newest first, a page at a time (and the database file holding them)",
                "parameters": LIST_PAGE,
                "responses": {"200": _json({"type": "object", "properties": {
                    "db": {"type": ["string", "null"], "description": "where the games are saved; null on a LAN"},
                    "games": {"type": "array", "items": {"$ref": "#/components/schemas/Summary"}},
                    "next": {"type": ["string", "null"], "description": "`before` for the next page; null: the last"},
                    "broken": {"type": "array", "items": {"type": "object"}},
                }}), "400": ERROR},
            },
            "post": {
                "summary": "Create a game; chance is dealt up to the first decision, bots wait for /advance",
                "requestBody": _body({"$ref": "#/components/schemas/NewGame"}),
                "responses": {"201": _json(SEAT_VIEW, "the game as a spectator sees it, with its board"),
                              "400": ERROR},
            },
        },
        "/api/games/{game_id}": {
            "get": {
                "summary": "One seat's view: table, decisions with breakdown, reachable cells, log",
                "parameters": [GAME_ID, SEAT_Q, SINCE, PAGE_Q,
                               {"name": "board", "in": "query", "schema": {"enum": ["1"]},
                                "description": "1: include the board geometry"}],
                "responses": {"200": _json(SEAT_VIEW), "400": ERROR, "404": ERROR},
            },
            "delete": {
                "summary": "Delete a saved game",
                "parameters": [GAME_ID],
                "responses": {"200": _json({"type": "object"}), "404": ERROR},
            },
        },
        "/api/games/{game_id}/legal": {"get": {
            "summary": "The seat's legal actions with labels and breakdowns (empty if not its turn)",
            "parameters": [GAME_ID, {**SEAT_Q, "required": True}],
            "responses": {"200": _json({"type": "object", "properties": {
                "legal": {"type": "array", "items": {"$ref": "#/components/schemas/Decision"}},
                "plan": {"type": "array", "items": {"type": "object"}},
            }}), "400": ERROR, "404": ERROR},
        }},
        "/api/games/{game_id}/moves": {"get": {
            "summary": "The seat's moves as the core describes them: kind, references, leads_to, costs, risks "
                       "(empty if not its turn)",
            "parameters": [GAME_ID, {**SEAT_Q, "required": True}],
            "responses": {"200": _json({"type": "object", "properties": {
                "moves": {"type": "array", "items": {"type": "object"}},
            }}), "400": ERROR, "404": ERROR},
        }},
        "/api/games/{game_id}/actions": {"post": {
            "summary": "Take a decision (or a plan: several of the seat's decisions in a row)",
            "parameters": [GAME_ID],
            "requestBody": _body({"type": "object", "required": ["seat"], "properties": {
                "seat": {"type": "integer"},
                "action": {"oneOf": [{"type": "integer"}, {"type": "string"}],
                           "description": "an action id or its label"},
                "plan": {"type": "array", "items": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
                         "description": "applied while it stays the seat's turn and no chance comes"},
                "bots": {"type": "boolean", "default": True,
                         "description": "false: bots wait for /advance (the page's speed control)"},
                "key": {"type": "string", "maxLength": 100,
                        "description": "the input's identity (a dashboard's: uid, boot, number): a "
                                       "second post with a key this game has applied is refused "
                                       "(409, repeat: true) and changes nothing"},
                "since": {"type": "integer"}, "page": PAGE_B,
            }}),
            "responses": {"200": _json(SEAT_VIEW, "the seat's view after the action (and bots)"),
                          "400": ERROR, "404": ERROR, "409": ERROR},
        }},
        "/api/games/{game_id}/advance": {"post": {
            "summary": "Let the bots play (chance is always resolved) within the server's time budget: "
                       "the answer's `more` says bots are still to play (ask again). 429 while another "
                       "request of this address plays bots, 503 when the server's bot slots stay busy; "
                       "both with Retry-After",
            "parameters": [GAME_ID],
            "requestBody": _body({"type": "object", "properties": {
                "turns": {"type": "integer", "minimum": 0,
                          "description": "bot turns (a seat's decisions until another seat acts); omitted: all"},
                "steps": {"type": "integer", "minimum": 0, "description": "the same as turns (older name)"},
                "seat": {"type": "integer"}, "since": {"type": "integer"}, "page": PAGE_B,
            }}),
            "responses": {"200": _json(SEAT_VIEW), "400": ERROR, "404": ERROR, "429": ERROR, "503": ERROR},
        }},
        "/api/games/{game_id}/undo": {"post": {
            "summary": "Undo the seat's last decision (refused once chance was used or hidden "
                       "information shown since, or another human decided since)",
            "parameters": [GAME_ID],
            "requestBody": _body({"type": "object", "required": ["seat"],
                                  "properties": {"seat": {"type": "integer"}, "page": PAGE_B}}),
            "responses": {"200": _json(SEAT_VIEW), "400": ERROR, "404": ERROR, "409": ERROR},
        }},
        "/api/games/{game_id}/again": {"post": {
            "summary": "Play again: a new game with the same game, options and seats, a new seed. By join links, "
                       "each seat's device comes along (its token names its seat in the new game) and the old "
                       "game's `rematch` names the new one, which its pages follow",
            "parameters": [GAME_ID],
            "responses": {"201": _json({"$ref": "#/components/schemas/Summary"}), "404": ERROR},
        }},
        "/api/games/{game_id}/results": {"get": {
            "summary": "The results screen of a finished game, in names",
            "parameters": [GAME_ID],
            "responses": {"200": _json({"type": "object"}), "400": ERROR, "404": ERROR},
        }},
        "/api/games/{game_id}/position": {"get": {
            "summary": "The position now, as the core writes it (start another game from it with `position`)",
            "parameters": [GAME_ID],
            "responses": {"200": _json({"type": "object"}), "404": ERROR, "409": ERROR},
        }},
        "/api/lessons/{game}/{lesson_id}": {"post": {
            "summary": "Answer a lesson (docs/web.md, Learn to play): the decision is played at the lesson's "
                       "position; whether it is the one to find, why, and what the rules did, in words",
            "parameters": LESSON,
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["action"], "properties": {"action": {"type": "integer"}}}}}},
            "responses": {"200": _json({"type": "object"}), "400": ERROR, "404": ERROR},
        }},
        "/api/lessons/{game}/{lesson_id}/play": {"post": {
            "summary": "A game of its own from the lesson's position (the deciding seat a person, the others "
                       "bots): its id and the owner's token",
            "parameters": LESSON,
            "responses": {"201": _json({"type": "object"}), "400": ERROR, "404": ERROR},
        }},
        "/api/games/{game_id}/replay": {"get": {
            "summary": "Export the replay file (every action with its label; the seed once the game is over); "
                       "before the end of a game with hidden cards, the asking seat's own record unless every "
                       "human seat agreed and the owner asks",
            "parameters": [GAME_ID],
            "responses": {"200": _json({"type": "object"}), "404": ERROR},
        }},
        "/api/games/{game_id}/steps": {"get": {
            "summary": "The replay viewer's timeline as the seat asked for (its token needed), else the token's "
                       "seat, else a spectator may read it: until the end, what that reader could not see stays "
                       "sealed",
            "parameters": [GAME_ID, SEAT_Q],
            "responses": {"200": _json({"type": "object"}), "400": ERROR, "401": ERROR, "403": ERROR,
                          "404": ERROR},
        }},
        "/api/games/{game_id}/at/{step}": {"get": {
            "summary": "The table as a spectator saw it after the first `step` actions (page form)",
            "parameters": [GAME_ID, {"name": "step", "in": "path", "required": True,
                                     "schema": {"type": "integer", "minimum": 0}}],
            "responses": {"200": _json({"type": "object"}), "400": ERROR, "404": ERROR},
        }},
        "/api/games/{game_id}/me": {"get": {
            "summary": "Who the request's token is at this game: the owner, a seat, or nobody",
            "parameters": [GAME_ID],
            "responses": {"200": _json({"type": "object", "properties": {
                "role": {"enum": ["owner", "seat", None]}, "seat": {"type": ["integer", "null"]},
                "seating": {"enum": ["hotseat", "links"]}, "tokens_required": {"type": "boolean"},
                "consent": {"type": "array", "items": {"type": "string"}}}}), "404": ERROR},
        }},
        "/api/games/{game_id}/claim": {"post": {
            "summary": "A join link opened on a device (its token in the header): the first device gets a token "
                       "of its own and the link's stops naming the seat; another device gets 409 with the reason",
            "parameters": [GAME_ID],
            "responses": {"200": _json({"type": "object", "properties": {
                "seat": {"type": "integer"}, "token": {"type": "string"}, "name": {"type": "string"}}}),
                "401": ERROR, "403": ERROR, "404": ERROR, "409": ERROR},
        }},
        "/api/games/{game_id}/links": {"get": {
            "summary": "Each human seat's join link and its QR code (SVG data URI) while no device has claimed it "
                       "(claimed: true, no link, once one has): the owner's token only. `network`: whether phones "
                       "can reach the server (--lan): if not, a link is its path alone, with no QR code, and "
                       "`command` serves the table on the network",
            "parameters": [GAME_ID],
            "responses": {"200": _json({"type": "object"}), "401": ERROR, "403": ERROR, "404": ERROR},
        }},
        "/api/games/{game_id}/seats/{seat}/reissue": {"post": {
            "summary": "A new join link for a seat; the old token is refused from then on (the owner's token only)",
            "parameters": [GAME_ID, {"name": "seat", "in": "path", "required": True,
                                     "schema": {"type": "integer", "minimum": 0}}],
            "responses": {"200": _json({"type": "object"}), "400": ERROR, "401": ERROR, "403": ERROR,
                          "404": ERROR},
        }},
        "/api/games/{game_id}/consent": {"post": {
            "summary": "A seat agrees that the owner may export the whole replay or the position before the end",
            "parameters": [GAME_ID],
            "requestBody": _body({"type": "object", "required": ["seat"],
                                  "properties": {"seat": {"type": "integer", "minimum": 0}}}),
            "responses": {"200": _json({"type": "object"}), "400": ERROR, "401": ERROR, "403": ERROR,
                          "404": ERROR, "409": ERROR},
        }},
        "/api/games/{game_id}/stream": {"get": {
            "summary": "Server-Sent Events: a `game` event (version, status, to_move, to_move_kind, access) at "
                       "each change, `gone` when the game is deleted",
            "parameters": [GAME_ID],
            "responses": {"200": {"description": "text/event-stream",
                                  "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                          "404": ERROR},
        }},
        "/api/replays": {"post": {
            "summary": "Import a replay file as a new saved game",
            "requestBody": _body({"oneOf": [
                {"type": "object", "description": "the replay file itself"},
                {"type": "object", "properties": {"replay": {"type": "string"},
                                                   "seats": {"type": "array"}}},
            ]}),
            "responses": {"201": _json({"$ref": "#/components/schemas/Summary"}), "400": ERROR},
        }},
        "/api/events": {
            "get": {"summary": "Saved events (championships), newest first, a page at a time (`next`)",
                    "parameters": LIST_PAGE, "responses": {"200": _json({"type": "object"}), "400": ERROR}},
            "post": {"summary": "Create an event of a game that has them (see the catalogue's `event` fields)",
                     "requestBody": _body({"type": "object", "required": ["game", "seats"]}),
                     "responses": {"201": _json({"type": "object"}), "400": ERROR}},
        },
        "/api/events/{event_id}": {
            "get": {"summary": "An event: its stage, races, standings, the decision of the moment (page form)",
                    "parameters": [{"name": "event_id", "in": "path", "required": True, "schema": {"type": "string"}},
                                   SEAT_Q],
                    "responses": {"200": _json({"type": "object"}), "404": ERROR}},
            "delete": {"summary": "Delete an event (its races stay saved games)",
                       "parameters": [{"name": "event_id", "in": "path", "required": True, "schema": {"type": "string"}}],
                       "responses": {"200": _json({"type": "object"}), "404": ERROR}},
        },
        "/api/events/{event_id}/decisions": {"post": {
            "summary": "A human seat's decision in the event: {\"seat\", \"choice\"} (an offered id, or the repairs)",
            "parameters": [{"name": "event_id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "requestBody": _body({"type": "object", "required": ["seat", "choice"]}),
            "responses": {"200": _json({"type": "object"}), "400": ERROR, "404": ERROR, "409": ERROR},
        }},
        "/api/events/{event_id}/me": {"get": {
            "summary": "Who this request's token is in the event: role (owner, seat or none), seat, seating, "
                       "tokens_required",
            "parameters": [{"name": "event_id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": _json({"type": "object"}), "404": ERROR},
        }},
        "/api/events/{event_id}/claim": {"post": {
            "summary": "A championship's join link opened on a device: that device's own token (in the championship "
                       "and its races); another device gets 409 with the reason",
            "parameters": [{"name": "event_id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": _json({"type": "object"}), "401": ERROR, "403": ERROR, "404": ERROR, "409": ERROR},
        }},
        "/api/events/{event_id}/links": {"get": {
            "summary": "The owner's: each human seat's join link to the event (it follows every race) and its QR code, "
                       "while no device has claimed it",
            "parameters": [{"name": "event_id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": _json({"type": "object"}), "401": ERROR, "403": ERROR, "404": ERROR},
        }},
        "/api/events/{event_id}/seats/{seat}/reissue": {"post": {
            "summary": "The owner's: a new join link for a human seat; the old token is refused in the event and "
                       "every one of its races",
            "parameters": [{"name": "event_id", "in": "path", "required": True, "schema": {"type": "string"}},
                           {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer"}}],
            "responses": {"200": _json({"type": "object"}), "400": ERROR, "401": ERROR, "403": ERROR, "404": ERROR},
        }},
        "/api/events/{event_id}/stream": {"get": {
            "summary": "Server-Sent Events: one `event` event per change of the event or of its races (stage, "
                       "to_decide, races, counts of decisions and re-issued links), `gone` when deleted",
            "parameters": [{"name": "event_id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "text/event-stream",
                                  "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                          "404": ERROR},
        }},
        "/api/openapi.json": {"get": {
            "summary": "This document", "responses": {"200": _json({"type": "object"})},
        }},
    },
    "components": {
        "responses": {"Error": _json(
            {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
            "refused: the reason, in words",
        )},
        "schemas": {
            "Seat": {"type": "object", "required": ["kind"], "properties": {
                "kind": {"enum": ["human", "bot"]},
                "bot": {"type": "string", "description": "a bot id of the game (see /api/catalogue)"},
                "name": {"type": "string", "maxLength": 40},
            }},
            "NewGame": {"type": "object", "required": ["game", "seats"], "properties": {
                "game": {"enum": [m.id for m in games.every()]},
                "options": {"type": "object", "description": "the game's options (see /api/catalogue)"},
                "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}},
                "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": 2**53 - 1,
                         "description": "refused with seating \"links\": chance is then the server's secret"},
                "seating": {"enum": ["hotseat", "links"], "default": "hotseat",
                            "description": "links: a join link (and QR code) per human seat, tokens required"},
                "position": {"type": "object", "description": "start from this position (a position "
                             "file, as `State.position()` and /position write it) instead of the beginning"},
            }},
            "Decision": {"type": "object", "properties": {
                "id": {"type": "integer"}, "label": {"type": "string"},
                "breakdown": {"type": "string", "description": "the arithmetic of the choice"},
            }},
            "Summary": {"type": "object", "properties": {
                "id": {"type": "string"}, "game": {"type": "string"}, "status": {"type": "string"},
                "actions": {"type": "integer"}, "seats": {"type": "array"},
            }},
            "SeatView": {"type": "object", "properties": {
                "id": {"type": "string"}, "game": {"type": "string"}, "seat": {"type": ["integer", "null"]},
                "status": {"enum": ["playing", "finished"]},
                "to_move": {"type": ["integer", "null"]},
                "version": {"type": "integer", "description": "actions so far"},
                "view": {"type": "object", "description": "the core's view for this seat"},
                "legal": {"type": "array", "items": {"$ref": "#/components/schemas/Decision"}},
                "plan": {"type": "array", "description": "reachable cells (games with a board)"},
                "log": {"type": "array"}, "log_length": {"type": "integer"},
                "turn": {"type": "object"}, "table": {"type": "object", "description": "page form"},
                "decisions": {"type": "array", "description": "page form: id, text, detail, risk, kind, place (the keys of the table's things to tap: card:i, side:k, section:n)"},
                "undo": {"type": "object", "properties": {"ok": {"type": "boolean"},
                                                          "reason": {"type": "string"}}},
                "result": {"type": "object"}, "results": {"type": "object", "description": "page form"},
                "board": {"type": ["object", "null"]},
            }},
        },
    },
}
