"""The generic random-simulation harness from pytest, over many option sets.

``_core.random_sim(game, seed)`` plays one game with uniform random players and checks the game
contract at every step (clone equality, serialize round trip, mask == legal list, labels
round-tripping, chance probabilities, illegal ids refused without change, invariants, returns).
It raises AutodromoError naming the seed and step on any violation.

At least 10,000 games in all by default; ``AUTODROMO_SOAK=N`` (``make soak``) scales the total
to about N. ``random_sim`` releases the GIL, so games run on a small thread pool.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

import autodromo
from autodromo import AutodromoError, _core

DEFAULT_TOTAL = 10_000
SOAK = int(os.environ.get("AUTODROMO_SOAK", "0") or 0)
WORKERS = max(2, min(8, os.cpu_count() or 2))

H: dict[str, object] = {"score_to_win": 0}  # a single hand

#: (id, options, games at the default scale). Single hands are cheap (~5 ms, about 200 steps);
#: reshuffling doubles a hand; full games to 5000 take 0.1–1 s each.
CASES: list[tuple[str, dict[str, object], int]] = [
    *[(f"{p}p-hand", {"players": p, **H}, 460) for p in range(2, 10)],
    *[
        (f"{p}p-{t}teams-hand", {"players": p, "teams": t, **H}, 400)
        for p, t in [(4, 2), (6, 2), (6, 3), (8, 2), (8, 4), (9, 3)]
    ],
    ("3p-cumulative-hand", {"players": 3, "cumulative_attacks": True, **H}, 400),
    ("4p-2teams-cumulative-hand", {"players": 4, "teams": 2, "cumulative_attacks": True, **H}, 400),
    ("2p-reshuffle-hand", {"players": 2, "reshuffle_discards": True, **H}, 150),
    ("5p-reshuffle-hand", {"players": 5, "reshuffle_discards": True, **H}, 150),
    (
        "3p-reshuffle-5x-no-delayed-hand",
        {
            "players": 3,
            "reshuffle_discards": True,
            "max_reshuffles": 5,
            "delayed_action_after_reshuffle": False,
            **H,
        },
        60,
    ),
    (
        "4p-reshuffle-0x-hand",
        {"players": 4, "reshuffle_discards": True, "max_reshuffles": 0, **H},
        200,
    ),
    ("2p-wrong-way-hand", {"players": 2, "wrong_way": True, **H}, 400),
    ("3p-independent-speed-limit-hand", {"players": 3, "independent_speed_limit": True, **H}, 300),
    (
        "4p-2teams-independent-speed-limit-wrong-way-hand",
        {"players": 4, "teams": 2, "independent_speed_limit": True, "wrong_way": True, **H},
        200,
    ),
    ("3p-secret-coup-fourre-hand", {"players": 3, "secret_coup_fourre": True, **H}, 300),
    (
        "6p-2teams-secret-coup-fourre-hand",
        {"players": 6, "teams": 2, "secret_coup_fourre": True, "cumulative_attacks": True, **H},
        200,
    ),
    ("6p-3teams-wrong-way-hand", {"players": 6, "teams": 3, "wrong_way": True, **H}, 400),
    ("2p-700-extension-hand", {"players": 2, "target": 700, **H}, 400),
    ("3p-700-extension-hand", {"players": 3, "target": 700, "extension": True, **H}, 400),
    ("4p-700-no-extension-hand", {"players": 4, "target": 700, "extension": False, **H}, 300),
    ("2p-deck106-hand", {"players": 2, "deck": 106, **H}, 300),
    ("5p-deck101-hand", {"players": 5, "deck": 101, **H}, 300),
    ("3p-french-safety-hand", {"players": 3, "safety_extra_turn_when_deck_empty": False, **H}, 300),
    (
        "4p-every-variant-hand",
        {
            "players": 4,
            "cumulative_attacks": True,
            "reshuffle_discards": True,
            "wrong_way": True,
            "target": 700,
            **H,
        },
        100,
    ),
    ("2p-full", {"players": 2}, 4),
    ("2p-700-full", {"players": 2, "target": 700}, 3),
    ("4p-2teams-full", {"players": 4, "teams": 2}, 3),
    ("6p-2teams-full", {"players": 6, "teams": 2}, 2),
    ("3p-full-variants", {"players": 3, "cumulative_attacks": True, "wrong_way": True}, 1),
]

BASE_TOTAL = sum(n for _, _, n in CASES)


def scaled(games: int) -> int:
    if SOAK <= 0:
        return games
    return max(1, round(games * SOAK / BASE_TOTAL))


def test_the_run_covers_at_least_10000_games() -> None:
    assert BASE_TOTAL >= DEFAULT_TOTAL
    total = sum(scaled(n) for _, _, n in CASES)
    assert total >= (0.95 * SOAK if SOAK else DEFAULT_TOTAL)


@pytest.mark.parametrize(("options", "games"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_random_sim(options: dict[str, object], games: int) -> None:
    g = autodromo.game("mille_bornes", **options)
    n = scaled(games)
    # Seeds differ across option sets too.
    base = _stable_base(g)
    seeds = [base + i for i in range(n)]
    with ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(lambda s: _core.random_sim(g, s), seeds))
    deal = 6 * g.num_players
    for seed, (actions, chance) in zip(seeds, results, strict=True):
        assert chance >= deal, f"seed {seed}: fewer draws than the deal"
        assert actions > chance, f"seed {seed}: no player actions"
    assert len(results) == n


def _stable_base(g: autodromo.Game) -> int:
    """A seed base that depends on the options, stable across runs (unlike ``hash``)."""
    h = 0
    for ch in g.options_json:
        h = (h * 131 + ord(ch)) % 1_000_003
    return h * 10_000_000


def test_random_sim_is_deterministic() -> None:
    g = autodromo.game("mille_bornes", players=3, score_to_win=0)
    assert _core.random_sim(g, 77) == _core.random_sim(g, 77)
    assert len({_core.random_sim(g, s) for s in range(10)}) > 1


def test_random_sim_reports_a_game_that_does_not_end() -> None:
    g = autodromo.game("mille_bornes", players=2, score_to_win=0)
    with pytest.raises(AutodromoError, match="no end after 20 steps"):
        _core.random_sim(g, 1, max_steps=20)
