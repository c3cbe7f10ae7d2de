"""Issue 30, item 1 (must show): one game loop. From the same seed and the same decisions, a web
game (through its JSON API, as the store saved it), a bridge game (a local race driven from a
dashboard's seat) and an environment episode each give the same history as ``Race``: the same
actions and the same actor of each (a seat, or chance). The bridge has every game but Mille
Bornes, which has no board for a dashboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gymnasium.utils import seeding

import autodromo
from autodromo import Race
from autodromo.envs import SingleSeatEnv
from autodromo.envs._play import GeneratorDraws
from autodromo_bridge.binding import GAMES as BRIDGE_GAMES
from autodromo_bridge.binding import RaceSource
from autodromo_web import create_app

SEED = 11
#: Seat 1's decisions taken in each surface (a small race's worth; a game may end sooner).
DECISIONS = 30
BOT = "random"
OPTIONS: dict[str, dict[str, Any]] = {
    "legend": {"circuit": "example", "laps": 1,
               "cars": ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm", "maserati_300s"]},
}


def options_of(name: str) -> dict[str, Any]:
    return dict(OPTIONS.get(name, {}))


def pick(legal: list[int], k: int) -> int:
    """Seat 1's k-th decision: the same rule in every surface, spread over the legal list."""
    ordered = sorted(legal)
    return ordered[(7 * k + 3) % len(ordered)]


def race_of(name: str, **kw: Any) -> Race:
    game = autodromo.game(name, **options_of(name))
    return Race(game, ["human"] + [BOT] * (game.num_players - 1), **kw)


def played_race(name: str, **kw: Any) -> Race:
    """The reference: ``Race`` itself, seat 1 human, the others the bot, DECISIONS decisions."""
    race = race_of(name, **kw)
    for k in range(DECISIONS):
        race.advance()
        if race.waiting_for() != 0:
            break
        race.play(pick(race.state.legal_actions(), k))
    race.advance()
    return race


@pytest.mark.parametrize("name", autodromo.games())
def test_a_web_game_is_the_race(name: str, tmp_path: Path) -> None:
    app = create_app({"DB": str(tmp_path / "games.sqlite3"), "TESTING": True})
    client = app.test_client()
    game = autodromo.game(name, **options_of(name))
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": BOT}] * (game.num_players - 1)
    r = client.post("/api/games", json={"game": name, "options": options_of(name), "seats": seats,
                                        "seed": SEED})
    assert r.status_code == 201, r.json
    gid = (r.json or {})["id"]
    client.post(f"/api/games/{gid}/advance", json={})
    for k in range(DECISIONS):
        legal: Any = client.get(f"/api/games/{gid}/legal?seat=0").json
        if legal["to_move"] != 0 or not legal["legal"]:
            break
        r = client.post(f"/api/games/{gid}/actions",
                        json={"seat": 0, "action": pick([m["id"] for m in legal["legal"]], k)})
        assert r.status_code == 200, r.json
        while r.json and r.json.get("more"):
            r = client.post(f"/api/games/{gid}/advance", json={})
    saved = app.extensions["autodromo.tables"].store.load(gid)
    assert saved is not None
    race = played_race(name, seed=SEED)
    assert len(race.actions) > DECISIONS
    assert (saved.actions, saved.actors) == (race.actions, race.actors)


@pytest.mark.parametrize("name", BRIDGE_GAMES)
def test_a_bridge_game_is_the_race(name: str) -> None:
    source = RaceSource.new(name, [0], bot=BOT, seed=SEED, **options_of(name))
    for k in range(DECISIONS):
        source.advance()
        legal = source.legal(0)
        if not legal:
            break
        source.act(0, pick([a for a, _ in legal], k))
    source.advance()
    race = played_race(name, seed=SEED)
    assert source.version() == len(race.actions) > DECISIONS
    assert (source.race.actions, source.race.actors) == (race.actions, race.actors)


def test_the_bridge_shows_every_game_but_the_card_game() -> None:
    """Mille Bornes has no board for a dashboard or a track to show: every other game is above."""
    assert set(BRIDGE_GAMES) == set(autodromo.games()) - {"mille_bornes"}


@pytest.mark.parametrize("name", autodromo.games())
def test_an_environment_episode_is_the_race(name: str) -> None:
    """The envs step chance and the bots in Rust (``_core.env_advance``) from a numpy generator:
    a Race drawing from the same generator the same way (``GeneratorDraws``) plays the same."""
    env = SingleSeatEnv(name, seat=0, opponents=BOT, illegal_action="raise", **options_of(name))
    env.reset(seed=SEED)
    for k in range(DECISIONS):
        if env.state.is_terminal():
            break
        env.step(pick(env.state.legal_actions(), k))
    race = played_race(name, draws=GeneratorDraws(seeding.np_random(SEED)[0]))
    assert len(race.actions) > DECISIONS
    assert (env.state.history(), env.state.actors()) == (race.actions, race.actors)
