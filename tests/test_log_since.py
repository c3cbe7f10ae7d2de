"""``State.log(seat, since=k)`` is the log from its k-th entry on, in every game and for every
reader: the page asks for the new entries only, and a core that describes only those (instead
of the whole log, then dropping the start) must give the same entries."""

from __future__ import annotations

import pytest

import autodromo


@pytest.mark.parametrize("name", autodromo.games())
def test_log_since_is_the_whole_log_from_that_entry(name: str) -> None:
    g = autodromo.game(name)
    race = autodromo.Race(g, ["random"] * g.num_players, seed=7)
    checked = 0
    for _ in range(12):
        race.advance(40)
        s = race.state
        for seat in [None, *range(g.num_players)]:
            whole = s.log(seat)
            for k in sorted({0, 1, len(whole) // 3, len(whole) // 2, len(whole) - 1, len(whole)}):
                assert s.log(seat, since=k) == whole[k:], (name, seat, k)
                checked += 1
        if s.is_terminal():
            break
    assert checked and len(race.state.log(None)) > 40
