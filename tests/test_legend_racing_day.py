"""Legend's Racing Day: historical and balanced car choice, and the car auction
("General Rules for the Racing Day", "Selecting Cars", "Special Rule — More Players Than Cars")."""

from __future__ import annotations

import pytest

from autodromo import IllegalActionError, OptionError
from autodromo.legend import PARTS, Auction, balanced, cars, historical

GALETTI, FOLGORE, KONIG = (f"add {p}" for p in PARTS[:3])


def test_historical_play_takes_a_year_roster_by_performance() -> None:
    roster = cars()
    year = roster[0]["year"]
    chosen = historical(year)
    assert chosen and all(c["year"] == year for c in roster if c["id"] in chosen)
    perf = {c["id"]: c["performance"] for c in roster}
    assert [perf[c] for c in chosen] == sorted((perf[c] for c in chosen), reverse=True)
    with pytest.raises(OptionError, match="no car of 1800"):
        historical(1800)


def test_balanced_play_needs_rankings_within_three_points() -> None:
    roster = sorted(cars(), key=lambda c: c["ranking"])
    low, high = roster[0], roster[-1]
    assert balanced([low["id"], low["id"]]) == [low["id"], low["id"]]
    with pytest.raises(OptionError, match="more than 3 points"):
        balanced([low["id"], high["id"]])


def scripted(players: int, seed: int = 0) -> tuple[Auction, list[int]]:
    """An auction of three cars and its seats in playing order, from the random first bidder."""
    a = Auction(["car_a", "car_b", "car_c"], players=players, seed=seed)
    first = a.current_player()
    assert first is not None
    return a, [(first + k) % players for k in range(players)]


def test_every_player_starts_with_one_card_of_each_type() -> None:
    a, _ = scripted(3)
    assert all(hand == [1] * 6 for hand in a.hands)


def test_a_bid_must_exceed_the_previous_one() -> None:
    a, (p, q) = scripted(2)
    a.apply(GALETTI)
    a.apply("done")
    assert a.current_player() == q
    a.apply(GALETTI)
    with pytest.raises(IllegalActionError, match="exceed the previous"):
        a.apply("done")
    a.apply(FOLGORE)
    a.apply("done")


def test_the_history_keeps_who_decided_what_as_data_not_a_seat_number_in_text() -> None:
    a, (p, q) = scripted(2)
    a.apply(GALETTI)
    a.apply("done")
    a.apply(FOLGORE)
    assert a.history == [(p, GALETTI), (p, "done"), (q, FOLGORE)]


def test_passing_returns_the_played_cards_and_the_last_bidder_wins() -> None:
    a, (p, q, r) = scripted(3)
    a.apply(GALETTI)
    a.apply("done")  # p bids 1
    a.apply(GALETTI)
    a.apply(FOLGORE)
    a.apply("done")  # q bids 2
    a.apply("pass")  # r out
    a.apply("pass")  # p out: its Galetti comes back
    assert a.hands[p] == [1] * 6
    assert a.owner == {q: "car_a"}
    # The winner now attaches its two bid cards to the cars still up, two at most per car.
    assert a.current_player() == q
    assert a.legal_actions() == [f"attach {PARTS[0]} to car_b", f"attach {PARTS[0]} to car_c"]
    a.apply(f"attach {PARTS[0]} to car_b")
    a.apply(f"attach {PARTS[1]} to car_b")
    assert a.attached["car_b"] == [0, 1]
    # A player who owns a car takes no part in later auctions.
    assert q not in a.bidders()


def test_the_winner_of_a_car_takes_its_attached_cards() -> None:
    a, (p, q, r) = scripted(3)
    a.apply(f"add {PARTS[3]}")
    a.apply(f"add {PARTS[5]}")
    a.apply("done")
    a.apply("pass")
    a.apply("pass")
    a.apply(f"attach {PARTS[3]} to car_b")
    a.apply(f"attach {PARTS[5]} to car_b")
    assert a.attached["car_b"] == [3, 5]
    first = a.current_player()
    assert first is not None and first != p
    a.apply(KONIG)
    a.apply("done")
    a.apply("pass")
    assert a.owner[first] == "car_b"
    assert a.hands[first][3] == 2 and a.hands[first][5] == 2, "the two attached cards, plus its own"


def test_a_car_nobody_bids_for_leaves_the_auction() -> None:
    a, _ = scripted(2)
    a.apply("pass")
    a.apply("pass")
    assert a.unassigned == ["car_a"]
    assert a.car_up() == "car_b"


def test_more_players_than_cars_two_last_bidders_share_the_car() -> None:
    a = Auction(["first_car", "only_car"], players=3, seed=2)
    p = a.current_player()
    assert p is not None
    a.apply(f"add {PARTS[5]}")
    a.apply("done")
    a.apply("pass")
    a.apply("pass")  # p wins the first car with a Luxor and attaches it to the last
    a.apply(f"attach {PARTS[5]} to only_car")
    q = a.current_player()
    assert q is not None
    r = next(s for s in range(3) if s not in (p, q))
    a.apply(GALETTI)
    a.apply("done")  # q: 1
    a.apply(GALETTI)
    a.apply(FOLGORE)
    a.apply("done")  # r: 2, two bidders remain for the last car: they share the model
    assert a.owner == {p: "first_car", q: "only_car", r: "only_car"}
    assert a.hands[r][5] == 2, "one attached card goes to the higher bidder"


def test_bots_finish_any_auction() -> None:
    for seed in range(30):
        a = Auction([f"car_{i}" for i in range(4)], players=2 + seed % 4, seed=seed)
        for _ in range(500):
            if a.is_over():
                break
            a.apply(a.bot())
        assert a.is_over()
        for car, hand in a.result():
            assert all(n >= 0 for n in hand)
