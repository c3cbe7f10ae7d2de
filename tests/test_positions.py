"""Positions from Python (issue 11 item 7): ``State.position()`` writes a whole position as JSON and
``Game.state_from`` builds it again, in every game. The Python slice of the core's property test
(rust/core/tests/positions.rs): along a bots' game, the rebuilt state has the same view for every
seat, the same legal actions and the same continuation; a position that breaks a rule is refused
with the field and the rule, and nothing is built."""

from __future__ import annotations

import json
from typing import Any

import pytest

import autodromo
from autodromo import ReplayError

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "mille_bornes": ("mille_bornes", {"players": 3}),
    "formula90": ("formula90", {"players": 2}),
    "legend track race": ("legend", {"laps": 1}),
    "legend stage race": ("legend", {"route": "coppa_breve", "cars": ["osca_mt4", "fiat_1100s"]}),
    "lamborghini": ("lamborghini", {"players": 2, "laps": 1}),
    "lamborghini long game": ("lamborghini", {"players": 3, "laps": 1, "long": True}),
}


def play(race: autodromo.Race, steps: int) -> tuple[Any, list[float]]:
    for _ in range(steps):
        if not race.step():
            break
    return race.state.view(None), race.state.returns()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_position_rebuilds_the_same_game_at_any_moment(name: str) -> None:
    game, options = GAMES[name]
    g = autodromo.game(game, **options)
    bots = ["medium"] * g.num_players
    race = autodromo.Race(g, bots, seed=21)
    checked = 0
    for step in range(3000):
        s = race.state
        if s.is_terminal():
            break
        if step % 23 == 0:
            text = s.position()
            back = g.state_from(text)
            for seat in [*range(g.num_players), None]:
                assert back.view(seat) == s.view(seat), (name, step, seat)
            assert back.legal_actions() == s.legal_actions(), (name, step)
            assert json.loads(back.position()) == json.loads(text), (name, step)
            if checked < 3:
                # The same seeded play-out from either state: the same game.
                seed = 1000 + step
                same = play(autodromo.Race(g, bots, seed=seed, start=back), 150)
                assert same == play(autodromo.Race(g, bots, seed=seed, start=s), 150), (name, step)
            checked += 1
        race.step()
    assert checked >= 10, (name, checked)


def mille_bornes_position() -> tuple[autodromo.Game, dict[str, Any]]:
    g = autodromo.game("mille_bornes", players=2)
    race = autodromo.Race(g, ["medium"] * 2, seed=4)
    while race.state.is_chance_node():
        race.step()
    return g, json.loads(race.state.position())


@pytest.mark.parametrize(("edit", "rule"), [
    (lambda p: (p["hands"][1].__setitem__(0, "Driving Ace"), p["discard"].append("Driving Ace")),
     "Driving Ace cards in the piles, hands and tableaux, the deck holds 1"),
    (lambda p: p["discard"].append("Wrong Way"), "discard: this game's deck has no Wrong Way card"),
    (lambda p: p["hands"].append([]), "hands: 3 listed, the game has 2 seats"),
    (lambda p: p["sides"][1].update(miles=1100), "sides.2.miles: 1100 is not a multiple of 25 up to the target 1000"),
    (lambda p: p.update(phase={"at": "overtake"}), 'phase.at: "overtake" is no phase'),
    (lambda p: p.update(phase={"at": "play", "seat": 5}), "phase.seat: seat 5, the game has seats 1 to 2"),
])
def test_a_mille_bornes_position_that_breaks_a_rule_is_refused_by_field(edit: Any, rule: str) -> None:
    g, p = mille_bornes_position()
    g.state_from(json.dumps(p))
    edit(p)
    with pytest.raises(ReplayError) as e:
        g.state_from(json.dumps(p))
    assert rule in str(e.value)


def test_a_position_of_another_game_or_not_json_is_refused() -> None:
    g, p = mille_bornes_position()
    with pytest.raises(ReplayError, match="not JSON"):
        g.state_from("{")
    with pytest.raises(ReplayError, match="not of Formula 90"):
        autodromo.game("formula90").state_from(json.dumps(p))


def test_a_legend_position_names_cars_and_refuses_a_needle_past_the_dashboard() -> None:
    g = autodromo.game("legend", laps=1, cars=["fiat_1100s", "osca_mt4"])
    race = autodromo.Race(g, ["medium"] * 2, seed=8)
    for _ in range(30):
        race.step()
    p = json.loads(race.state.position())
    assert [c["name"] for c in p["cars"]] == ["Fiat 1100 S", "OSCA MT4 1500"]
    p["cars"][1]["speed"] = 40
    with pytest.raises(ReplayError, match="cars.OSCA MT4 1500.speed: 40 is beyond the Dashboard's 0 to"):
        g.state_from(json.dumps(p))
    p["cars"][1]["speed"] = 0
    p["cars"][1]["cell"] = {"row": 0, "lane": 9}
    with pytest.raises(ReplayError, match="cars.OSCA MT4 1500.cell: row 0 lane 9 is off the road"):
        g.state_from(json.dumps(p))


def legend_pace_of_the_fiat() -> tuple[autodromo.Game, dict[str, Any]]:
    """A Legend Track race at the pace of the Fiat 1100 S (Acceleration +3, Top Speed 7)."""
    g = autodromo.game("legend", laps=1, cars=["fiat_1100s", "osca_mt4"])
    race = autodromo.Race(g, ["medium"] * 2, seed=8)
    while True:
        race.step()
        p = json.loads(race.state.position())
        if p["phase"] == {"at": "pace", "car": "Fiat 1100 S"} and p["round"] >= 2:
            return g, p


def test_a_legend_position_that_contradicts_its_car_is_refused() -> None:
    # Issue 36, item 9: an Acceleration limit of 9 on a +3 car offered "accelerate 8".
    g, p = legend_pace_of_the_fiat()
    g.state_from(json.dumps(p))
    bad = json.loads(json.dumps(p))
    bad["act"]["acc_limit"] = 9
    with pytest.raises(ReplayError, match="act.acc_limit: 9, but Fiat 1100 S's Acceleration limiter is at most 3"):
        g.state_from(json.dumps(bad))
    bad = json.loads(json.dumps(p))
    bad["cars"][0]["speed"] = 9
    with pytest.raises(ReplayError, match="cars.Fiat 1100 S.speed: 9 at its pace, but Top Speed is"):
        g.state_from(json.dumps(bad))
    bad = json.loads(json.dumps(p))
    bad["cars"][0]["setup"]["gears"] = 1
    with pytest.raises(ReplayError, match="cars.Fiat 1100 S.setup: gears 1 and brake bias 0, but this race's options fix 0"):
        g.state_from(json.dumps(bad))


def lamborghini_position() -> tuple[autodromo.Game, dict[str, Any]]:
    """A 3-player Lamborghini race a few turns in, a car to drive."""
    g = autodromo.game("lamborghini", players=3, laps=1)
    race = autodromo.Race(g, ["medium"] * 3, seed=6)
    while True:
        race.step()
        p = json.loads(race.state.position())
        if p["phase"]["at"] == "drive" and p["turn"] >= 2:
            return g, p


def test_a_lamborghini_position_names_cars_and_cards_and_refuses_what_breaks_a_rule() -> None:
    g, p = lamborghini_position()
    g.state_from(json.dumps(p))
    assert {c["seat"] for c in p["cars"]} == {1, 2, 3}
    car = p["cars"][0]["car"]
    assert car.startswith("Murciélago") and p["cars"][0]["driver"]
    assert car in p["order"]
    q = json.loads(json.dumps(p))
    q["cars"][1]["cell"] = {"row": 0, "lane": 9}
    with pytest.raises(ReplayError, match="cars.2.cell: row 0 lane 9 is off the track"):
        g.state_from(json.dumps(q))
    q = json.loads(json.dumps(p))
    pile, card = next((pile, c) for pile in ("speed_deck", "speed_discard") for c in q[pile]
                      if not c.startswith("bank_"))
    q["players"][0]["cards"].append(card)
    with pytest.raises(ReplayError, match=f"cards: {card} is in {pile} and players.1.cards"):
        g.state_from(json.dumps(q))
    q = json.loads(json.dumps(p))
    q["phase"] = {"at": "bid", "seat": 1}
    with pytest.raises(ReplayError, match="phase: bid comes before the race, and the race is under way"):
        g.state_from(json.dumps(q))
