"""Issue 35: every result counts the whole field. A place is a place among every car that raced,
robots and Neutral Cars included; a seat that finished 9th of 9 never reads as a winner, in
``returns()``, ``ranking()``, the envs' rewards and ``simulate``'s columns."""

from __future__ import annotations

import numpy as np

import autodromo
from autodromo import sim_report
from autodromo.envs import SingleSeatEnv

F90 = "formula90"


def field_return(place: int, cars: int) -> float:
    """docs/simulation.md: (N - 1 - place) / (N - 1), N every car of the race."""
    return (cars - 1 - place) / (cars - 1)


def results(s: autodromo.State) -> dict[str, int]:
    """Formula 90's own result list at the end: each car's place, counted from 0."""
    return {r["car"]: r["place"] - 1 for r in s.view(None)["results"]}


def test_formula90_a_lone_random_seat_behind_the_robots_is_no_winner() -> None:
    # The issue: "wins 200, 100.0%, mean place 1.00" while its car's mean position was 8.9 of 9.
    r = autodromo.simulate(F90, 40, seed=1, policies="random", players=1, progress=False)
    cars = r.place.shape[1]
    assert cars == 9 and (r.car_seat[:, 1:] == -1).all(), "one seat, eight robots"
    assert (r.ranking[:, 0] == r.place[:, 0]).all()
    # A race a robot won has no winning seat; the car that won is named.
    robot_won = r.place[:, 0] > 0
    assert robot_won.mean() > 0.9
    assert (r.winner[robot_won] == -1).all() and (r.winner[~robot_won] == 0).all()
    assert (r.place[np.arange(r.n), r.winner_car] == 0).all()
    line = sim_report.seat_lines(r)[0]
    assert line.wins == int((~robot_won).sum()) and line.mean_place > 8


def test_formula90_returns_and_ranking_place_the_seats_among_the_robots() -> None:
    g = autodromo.game(F90, players=2, turns=4)
    cars = len(g.new_state().view(None)["cars"])
    robots_first_and_second = 0
    for seed in range(6):
        s = autodromo.Race(g, ["random", "random"], seed=seed).run()
        place = results(s)
        names = [c["name"] for c in s.view(None)["cars"][:2]]
        assert s.ranking() == [place[n] for n in names]
        assert s.returns() == [field_return(place[n], cars) for n in names]
        if min(s.ranking()) >= 2:
            robots_first_and_second += 1
            assert max(s.returns()) < 1.0, "two robots ahead: neither seat won"
    # The case, a race the robots won 1st and 2nd, once [1.0, 0.0].
    assert robots_first_and_second > 0


def test_formula90_single_seat_env_rewards_the_place_in_the_whole_field() -> None:
    env = SingleSeatEnv(F90, players=1, turns=3)
    rewards = []
    for episode in range(4):
        env.reset(seed=episode)
        total, done = 0.0, False
        while not done:
            mask = env.action_masks()
            _, reward, done, _, _ = env.step(int(env.np_random.choice(np.flatnonzero(mask))))
            total += reward
        place = results(env.state)[env.state.view(None)["cars"][0]["name"]]
        assert total == field_return(place, 9)
        rewards.append(total)
    # Once 1.0 in every episode, whatever the car did.
    assert min(rewards) < 1.0


def test_legend_a_race_the_neutral_cars_win_is_won_by_their_seats() -> None:
    r = autodromo.simulate(
        "legend", 12, seed=4, policies="random", progress=False, circuit="example", laps=1,
        cars=["bugatti_type_35", "alfa_8c_2300", "mercedes_ssk", "maserati_300s"],
        neutral=[False, False, True, True],
    )
    assert r.policies[2:] == ["Neutral Car", "Neutral Car"]
    assert (r.ranking == r.place).all(), "a Neutral Car keeps its seat and place"
    neutral_won = np.isin(r.winner, [2, 3])
    assert neutral_won.any()
    assert (r.ranking[neutral_won][:, :2] > 0).all()


def test_legend_track_returns_follow_the_ranking_when_cars_retire() -> None:
    # About half of random Legend races once ended (0, 0) though ranking() ordered the cars:
    # a Track race places retired cars by distance (docs/rules/legend.md, decision 32).
    g = autodromo.game("legend", circuit="example", laps=2, cars=["bugatti_type_35", "alfa_8c_2300"])
    every_car_out = 0
    for seed in range(12):
        s = autodromo.Race(g, ["random", "random"], seed=seed).run()
        assert s.returns() == [field_return(p, 2) for p in s.ranking()]
        assert sorted(s.returns()) == [0.0, 1.0]
        every_car_out += all(c["status"] == "retired" for c in s.view(None)["cars"])
    assert every_car_out > 0
