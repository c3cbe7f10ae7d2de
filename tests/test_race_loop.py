"""Race's loop with human seats: advance() plays chance and bots until a human decides, play()
takes that decision, follow() rebuilds a race from its actions, RNG included."""

from __future__ import annotations

import random
from typing import Any

import pytest

import autodromo
from autodromo import IllegalActionError, Race, State
from autodromo.race import HUMAN

GAMES: dict[str, dict[str, Any]] = {
    "mille_bornes": {"players": 3, "score_to_win": 0},
    "legend": {"cars": ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"], "laps": 1},
    "lamborghini": {"players": 3, "laps": 1},
}
BOTS = {"mille_bornes": "heuristic", "legend": "greedy", "lamborghini": "heuristic"}


def human_game(name: str, seed: int) -> tuple[Race, list[int]]:
    """Seat 1 human (it takes a random legal action), the others bots: played to the end."""
    g = autodromo.game(name, **GAMES[name])
    seats = [BOTS[name], HUMAN, "random"]
    race = Race(g, seats, seed=seed)
    person = random.Random(seed)
    decisions = 0
    while True:
        race.advance()
        if race.state.is_terminal():
            break
        assert race.waiting_for() == 1
        race.play(person.choice(race.state.legal_actions()))
        decisions += 1
    assert decisions > 0
    return race, race.state.history()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_with_a_human_seat_runs_again_in_race_from_its_seed(name: str) -> None:
    race, actions = human_game(name, seed=17)
    # The replay file of that game, loaded, then played again by Race from the same seed with
    # the human's decisions read back: the same game, action for action.
    again = autodromo.replay.loads(autodromo.replay.dumps(race.state, race.seed))
    assert again.seed == 17 and again.actions == actions
    mine = iter(a for i, a in enumerate(actions) if _actor(again.game, actions, i) == 1)

    def person(state: State, seat: int) -> int:
        return next(mine)

    replayed = Race(again.game, [BOTS[name], person, "random"], seed=again.seed).run()
    assert replayed.history() == actions
    assert replayed == race.state


def _actor(game: autodromo.Game, actions: list[int], i: int) -> int:
    s = game.new_state()
    for a in actions[:i]:
        s.apply_action(a)
    return s.current_player()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_follow_rebuilds_the_race_and_its_rng(name: str) -> None:
    race, actions = human_game(name, seed=5)
    half = len(actions) // 2
    g = race.game
    rebuilt = Race(g, race.seats, seed=5)
    rebuilt.follow(actions[:half])
    # Played on from the middle, the rebuilt race draws what the original drew.
    original = Race(g, race.seats, seed=5)
    original.follow(actions[:half])
    assert rebuilt.state == original.state
    assert rebuilt.rng.getstate() == original.rng.getstate()
    fresh = Race(g, race.seats, seed=5)
    for a in actions[:half]:
        if fresh.state.is_chance_node() or not fresh.is_human(fresh.state.current_player()):
            assert fresh.choose() == a
        fresh.state.apply_action(a)
    assert fresh.rng.getstate() == rebuilt.rng.getstate()


def test_advance_stops_for_the_human_and_play_refuses_with_the_reason() -> None:
    g = autodromo.game("mille_bornes", players=2, score_to_win=0)
    race = Race(g, [HUMAN, "heuristic"], seed=3)
    race.advance()
    assert race.waiting_for() == 0
    before = race.state.clone()
    illegal = next(a for a in range(g.num_distinct_actions) if a not in race.state.legal_actions())
    reason = race.state.why_illegal(illegal)
    assert reason
    with pytest.raises(IllegalActionError) as refused:
        race.play(illegal)
    assert str(refused.value) == reason
    assert race.state == before
    with pytest.raises(IllegalActionError, match="human seat"):
        race.step()
    assert race.state == before
    race.play(race.state.legal_actions()[0])
    race.advance()
    assert race.waiting_for() == 0 or race.state.is_terminal()


def test_play_when_no_human_is_to_decide_is_refused() -> None:
    g = autodromo.game("mille_bornes", players=2, score_to_win=0)
    race = Race(g, [HUMAN, "heuristic"], seed=3)
    with pytest.raises(IllegalActionError, match="chance"):
        race.play(0)
    assert race.state.history() == []


def test_advance_by_turns_lets_one_bot_finish_its_whole_turn() -> None:
    # A Legend car's activation is several actions (the pace, then every space): one turn.
    g = autodromo.game("legend", cars=["bugatti_type_35", "alfa_8c_2300"], laps=1)
    race = Race(g, ["greedy", "greedy"], seed=4)
    several = turns = 0
    # Until the race is over: the medium driver ("greedy") finishes one lap in under 30 turns.
    while not race.state.is_terminal():
        turns += 1
        start = len(race.state.history())
        assert race.advance(turns=1) == 1
        acted = _actors(g, race.state.history(), start)
        assert len(set(acted)) == 1, acted
        several += len(acted) > 1
        s = race.state
        assert s.is_terminal() or s.is_chance_node() or s.current_player() != acted[0]
    assert turns > 10 and several > 10, (turns, several)
    assert race.advance(turns=1) == 0


def _actors(g: autodromo.Game, actions: list[int], start: int) -> list[int]:
    s = g.new_state()
    out = []
    for i, a in enumerate(actions):
        if i >= start and not s.is_chance_node():
            out.append(s.current_player())
        s.apply_action(a)
    return out


def test_a_race_may_start_from_a_given_state_and_follows_from_there() -> None:
    g = autodromo.game("mille_bornes", players=2, score_to_win=0)
    first = Race(g, ["heuristic", "random"], seed=9)
    for _ in range(15):
        first.step()
    middle = first.state.clone()
    again = Race(g, ["heuristic", "random"], seed=21, start=middle)
    assert again.state == middle and again.state is not middle
    again.advance(turns=3)
    played = again.state.history()[len(middle.history()):]
    rebuilt = Race(g, ["heuristic", "random"], seed=21, start=middle)
    rebuilt.follow(played)
    assert rebuilt.state == again.state
    assert rebuilt.rng.getstate() == again.rng.getstate()
