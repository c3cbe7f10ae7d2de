"""Bad input: each refusal raises the right class with the rule, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import autodromo
from autodromo import (
    AutodromoError,
    ContentError,
    IllegalActionError,
    OptionError,
    ReplayError,
    State,
    _core,
)
from scripting import draw, mb, seat0_not_rolling, seat1_after_roll, speed_limited_after_roll


def refuse(state: State, action: int | str, rule: str | None = None) -> IllegalActionError:
    """Applies ``action``, expecting IllegalActionError (with exactly ``rule`` if given) and an
    unchanged state."""
    before_text = state.serialize()
    before = state.clone()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    if rule is not None:
        assert str(info.value) == rule
    assert state.serialize() == before_text
    assert state == before
    return info.value


def test_error_classes() -> None:
    for cls in (IllegalActionError, OptionError, ContentError, ReplayError):
        assert issubclass(cls, AutodromoError)
        assert issubclass(cls, ValueError)
    assert issubclass(AutodromoError, Exception)
    assert autodromo.errors.AutodromoError is AutodromoError


def test_speed_limit_refuses_75_and_changes_nothing() -> None:
    s = speed_limited_after_roll()
    assert s.view(0)["sides"][0]["speed_limit"] is True
    assert s.why_illegal("play 75") == "Speed Limit: only 25 and 50 may be played"
    refuse(s, "play 75", "Speed Limit: only 25 and 50 may be played")
    refuse(s, s.string_to_action("play 100"), "Speed Limit: only 25 and 50 may be played")
    refuse(s, "play 200", "Speed Limit: only 25 and 50 may be played")
    # 25 and 50 are still allowed, and the refused attempts left no trace.
    s.apply_action("play 50")
    assert s.view(None)["sides"][0]["miles"] == 50


@pytest.mark.parametrize(
    ("position", "action", "rule"),
    [
        (seat0_not_rolling, "play 25", "distance: play a Roll before any distance card"),
        (seat0_not_rolling, "play Repairs", "you hold no Repairs card"),
        (seat0_not_rolling, "draw 25", "cards are drawn only at a chance node"),
        (
            seat0_not_rolling,
            "coup fourre",
            "coup fourré: only right after the matching hazard hits your side",
        ),
        (
            seat1_after_roll,
            "play Stop on player 2",
            "hazards are played on an opponent, never on yourself",
        ),
        (seat1_after_roll, "play 25", "distance: play a Roll before any distance card"),
        (speed_limited_after_roll, "play End of Limit", "you hold no End of Limit card"),
    ],
)
def test_rules_refuse_with_their_reason(
    position: Callable[[], State], action: str, rule: str
) -> None:
    s = position()
    assert s.why_illegal(action) == rule
    refuse(s, action, rule)


def test_only_a_rolling_car_may_be_attacked() -> None:
    # "Non è possibile attaccare ... un giocatore che non abbia già giocato un Semaforo verde":
    # the Speed Limit is one of the five attack cards.
    s = seat0_not_rolling()
    s.apply_action("discard 25")
    draw(s, "25")
    not_rolling = "player 1 has not played a Roll yet (only a rolling car may be attacked)"
    refuse(s, "play Stop on player 1", f"Stop: {not_rolling}")
    refuse(s, "play Speed Limit on player 1", f"Speed Limit: {not_rolling}")


def test_a_car_under_a_speed_limit_takes_no_other_attack() -> None:
    s = speed_limited_after_roll()
    s.apply_action("play 25")
    draw(s, "Speed Limit")
    rule = "Speed Limit: player 1 is already under a Speed Limit"
    refuse(s, "play Speed Limit on player 1", rule)
    rule = (
        "Stop: player 1 is already under attack (Speed Limit): one attack at a time, unless "
        "attacks are cumulative"
    )
    refuse(s, "play Stop on player 1", rule)


def test_an_action_at_a_chance_node_must_be_a_draw() -> None:
    s = mb(players=2).new_state()
    refuse(s, "play Roll", "a card must be drawn now (a chance outcome)")


def test_drawing_a_card_no_longer_in_the_pile_is_refused() -> None:
    s = mb(players=2).new_state()  # the 101-card deck holds one Right of Way
    s.apply_action("draw Right of Way")
    refuse(s, "draw Right of Way", "draw: no Right of Way is left in the draw pile")


def test_any_action_after_the_end_is_refused() -> None:
    s = autodromo.Race(mb(players=2, score_to_win=0), ["heuristic", "random"], seed=1).run()
    assert s.is_terminal()
    refuse(s, "draw 25", "the game is over")
    refuse(s, "play Roll", "the game is over")


@pytest.mark.parametrize(
    "action",
    [
        "fly to the moon",
        "play Banana",
        "play",
        "",
        "draw",
        "play Stop on player 8",
        "play Stop on team 2",  # not a team game
        "play 25 on player 2",  # distance is not played on others
        "discard Joker",
    ],
)
def test_unknown_labels_raise_illegal_action_error(action: str) -> None:
    s = seat0_not_rolling()
    err = refuse(s, action)
    assert "unknown action" in str(err)
    with pytest.raises(IllegalActionError):
        s.string_to_action(action)
    assert s.why_illegal(action) is not None


@pytest.mark.parametrize("action", [10_000, 2**32 - 1])
def test_unknown_ids_raise_illegal_action_error(action: int) -> None:
    s = seat0_not_rolling()
    refuse(s, action)
    assert s.why_illegal(action) is not None


def test_negative_or_non_action_values_raise_illegal_action_error() -> None:
    s = seat0_not_rolling()
    for bad in (-1, 2**40, 3.5, None, ["play Roll"]):
        refuse(s, bad)  # type: ignore[arg-type]


def test_every_illegal_id_is_refused_without_change() -> None:
    s = speed_limited_after_roll()
    legal = set(s.legal_actions())
    for a in range(s.game.num_distinct_actions):
        if a not in legal:
            assert s.why_illegal(a) is not None
            refuse(s, a)


def test_a_rust_panic_becomes_autodromo_error_and_the_interpreter_lives_on() -> None:
    with pytest.raises(AutodromoError, match="deliberate panic") as info:
        _core._panic_for_test()
    assert type(info.value) is AutodromoError
    # Again, and then a whole game plays normally.
    with pytest.raises(AutodromoError):
        _core._panic_for_test()
    s = autodromo.Race(mb(players=3, score_to_win=0), ["heuristic"] * 3, seed=4).run()
    assert s.is_terminal()
    assert sum(s.returns()) >= 1.0


def test_bot_action_errors() -> None:
    s = mb(players=2).new_state()
    with pytest.raises(IllegalActionError, match="bots act only when a seat is to move"):
        _core.bot_action(s, "heuristic", 1)
    p = seat0_not_rolling()
    with pytest.raises(OptionError, match='"bot"'):
        _core.bot_action(p, "grandmaster", 1)
    assert _core.bot_action(p, "random", 1) in p.legal_actions()
    assert _core.bot_action(p, "heuristic", 1) in p.legal_actions()


def test_load_game_with_malformed_options_json_raises_option_error() -> None:
    with pytest.raises(OptionError, match='"options"'):
        _core.load_game("mille_bornes", "{not json")
    with pytest.raises(OptionError, match='"options"'):
        _core.load_game("mille_bornes", "[1, 2]")


def test_a_seat_index_out_of_range_names_the_last_one() -> None:
    # The API numbers seats from 0: the refusal says so and gives the last index, not a range.
    s = mb(players=3).new_state()
    for call in (lambda: s.view(3), lambda: s.log(7), lambda: s.observation_tensor(3)):
        with pytest.raises(OptionError, match=r"no seat \d: the API numbers this game's 3 seats 0 to 2$"):
            call()
