"""Issue 37, item 1: nothing sealed leaves the server before its reveal, on any endpoint.

The property, over random games of every game (Formula 90 with qualifying, refuel chits and
duels; Lamborghini's long game with its sealed bids; Mille Bornes' hidden hands and draws;
Legend): take a game at some point, and a second game that differs from it in one earlier action
the viewer could not see — another seat's sealed choice, a card drawn into another hand — chosen
so that the viewer's own view and log, as the core gives them, are the same in both. Then every
endpoint a viewer reads (the timeline, every frame of the replay viewer, the export, the page)
must answer that viewer the same text for both games: what the viewer's own view and log cannot
tell apart, no endpoint may.

Formula 90 (PRE-RACE, "QUALIFICAÇÃO"): each player lays a card and a refuel chit face down, and
they are revealed together; Lamborghini's long game: "each player secretly writes a bid"; Mille
Bornes: a player's hand is his own.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import autodromo
from autodromo import replay
from autodromo_web import create_app

#: (game, options, the sealed choices' first words): sealed phases on. The game is looked at
#: just after such choices, and at a few other points.
CASES = [
    ("formula90", {"players": 2}, ("qualify", "fuel", "duel")),
    ("formula90", {"players": 3, "turns": 4}, ("qualify", "fuel")),
    ("lamborghini", {"long": True, "players": 3}, ("bid",)),
    ("lamborghini", {"long": True, "players": 2, "races": 2}, ("bid",)),
    ("mille_bornes", {"players": 2}, ()),
    ("mille_bornes", {"players": 3, "secret_coup_fourre": True}, ()),
    ("legend", {}, ()),
]
SEEDS = (1, 2, 3)
OTHER_POINTS = (5, 20, 70)


def points(game: autodromo.Game, actions: list[int], sealed: tuple[str, ...]) -> list[int]:
    """Just after the first two of each sealed choice, and a few other points."""
    out = set(p for p in OTHER_POINTS if p < len(actions))
    s = game.new_state()
    seen: dict[str, int] = {}
    for i, a in enumerate(actions):
        word = s.action_to_string(a).split(" ")[0]
        if word in sealed and s.current_player() >= 0 and seen.get(word, 0) < 2:
            seen[word] = seen.get(word, 0) + 1
            out.add(i + 1)
        s.apply_action(a)
    return sorted(out)


def random_actions(game: autodromo.Game, seed: int, most: int) -> list[int]:
    rng = random.Random(seed)
    s = game.new_state()
    out: list[int] = []
    while not s.is_terminal() and len(out) < most:
        a = rng.choice(s.legal_actions())
        s.apply_action(a)
        out.append(a)
    return out


def follow(game: autodromo.Game, actions: list[int]) -> autodromo.State | None:
    s = game.new_state()
    for a in actions:
        if a not in s.legal_actions():
            return None
        s.apply_action(a)
    return s


def played(game: autodromo.Game, actions: list[int]) -> autodromo.State:
    s = follow(game, actions)
    assert s is not None
    return s


def twins(game: autodromo.Game, actions: list[int], viewer: int | None, rng: random.Random,
          most: int = 2) -> list[tuple[int, list[int]]]:
    """Games that differ from ``actions`` in one action at step k taken by someone else, which
    ``viewer``'s own view and log (the core's) cannot tell from it, and still unfinished."""
    real = follow(game, actions)
    assert real is not None
    if real.is_terminal():
        return []
    seen = (real.view(viewer), real.log(viewer))
    found: list[tuple[int, list[int]]] = []
    s = game.new_state()
    states = []
    for a in actions:
        states.append(s.clone())
        s.apply_action(a)
    for k in reversed(range(len(actions))):
        before = states[k]
        if viewer is not None and before.current_player() == viewer:
            continue
        if k < len(actions) - 12:
            break
        others = [b for b in before.legal_actions() if b != actions[k]]
        for b in rng.sample(others, min(4, len(others))):
            changed = actions[:k] + [b] + actions[k + 1:]
            t = follow(game, changed)
            if t is not None and not t.is_terminal() and (t.view(viewer), t.log(viewer)) == seen:
                found.append((k, changed))
                break
        if len(found) >= most:
            break
    return found


def texts(client: Any, table: Any, viewer: int | None, first: int) -> dict[str, Any]:
    """Everything the viewer reads about this game, the game's id taken out."""
    headers = {"X-Autodromo-Token": table.access.seats[viewer]} if viewer is not None else {}
    q = f"?seat={viewer}" if viewer is not None else ""
    out: dict[str, Any] = {}

    def read(path: str) -> Any:
        r = client.get(f"/api/games/{table.id}{path}", headers=headers)
        assert r.status_code == 200, (path, r.get_data(as_text=True))
        return json.loads(r.get_data(as_text=True).replace(table.id, "ID"))

    out["steps"] = read("/steps")
    for k in range(first, len(table.actions) + 1):
        out[f"at/{k}"] = read(f"/at/{k}")
    out["export"] = read(f"/replay{q}")
    page = read(f"{q}{'&' if q else '?'}page=1")
    out["page"] = page
    out["script"] = read(q)
    return out


@pytest.mark.parametrize("game_id,options,sealed", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_no_endpoint_tells_what_the_viewers_own_view_and_log_cannot(
        tmp_path: Any, game_id: str, options: dict[str, Any], sealed: tuple[str, ...]) -> None:
    app = create_app({"DB": str(tmp_path / "games.sqlite3"), "TESTING": True, "AUTODROMO_LAN": True})
    client = app.test_client()
    tables = app.extensions["autodromo.tables"]
    game = autodromo.game(game_id, **options)
    compared: list[str] = []
    for seed in SEEDS:
        whole = random_actions(game, seed, 300)
        rng = random.Random(seed)
        for n in points(game, whole, sealed):
            actions = whole[:n]
            for viewer in [None, *range(game.num_players)]:
                for k, changed in twins(game, actions, viewer, rng):
                    a = tables.import_replay(replay.dumps(played(game, actions)))
                    b = tables.import_replay(replay.dumps(played(game, changed)))
                    assert texts(client, a, viewer, k) == texts(client, b, viewer, k), (seed, n, viewer, k)
                    compared.append(played(game, actions[:k]).action_to_string(actions[k]).split(" ")[0])
    if game_id == "legend":
        return  # no hidden information: no twin exists
    # Every sealed choice was compared with another the viewer could not tell from it, and chance.
    assert set(sealed) <= set(compared), compared
    assert len(compared) >= 3


def test_the_timeline_reads_with_the_tokens_seat(tmp_path: Any) -> None:
    """Lamborghini's long game: "each player secretly writes a bid". Ada's bid is hers to read
    in the timeline; Bea, Cid and a spectator read that Ada decided in secret."""
    client = create_app({"DB": str(tmp_path / "games.sqlite3"), "TESTING": True}).test_client()
    names = ["Ada", "Bea", "Cid"]
    r = client.post("/api/games", json={"game": "lamborghini", "options": {"long": True}, "seating": "links",
                                        "seats": [{"kind": "human", "name": n} for n in names]})
    assert r.status_code == 201, r.json
    gid = r.json["id"]
    tokens = [j["url"].split("#t=", 1)[1] for j in r.json["join"]]
    legal = client.get(f"/api/games/{gid}/legal?seat=0", headers={"X-Autodromo-Token": tokens[0]}).json["legal"]
    bid = next(a for a in legal if a["label"].startswith("bid ") and a["label"] != "bid nothing")
    assert client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": bid["id"]},
                       headers={"X-Autodromo-Token": tokens[0]}).status_code == 200

    def last(headers: dict[str, str], query: str = "") -> str:
        r = client.get(f"/api/games/{gid}/steps{query}", headers=headers)
        assert r.status_code == 200, r.json
        return str(r.json["steps"][-1]["text"])

    assert last({"X-Autodromo-Token": tokens[0]}).startswith("Ada: Bid ")
    assert last({"X-Autodromo-Token": tokens[1]}) == "Ada decides in secret"
    assert last({}) == "Ada decides in secret"
    assert client.get(f"/api/games/{gid}/steps?seat=0", headers={"X-Autodromo-Token": tokens[1]}).status_code == 403
    assert client.get(f"/api/games/{gid}/steps?seat=0").status_code == 401
