"""Formula 90's balance rotation: what differs between its cars is what each player chooses in
Free Practice and before the start, so each strategy, skill and setup is a row. In every race
each player's car is given one of each (rotated race by race and seat by seat, so every choice
meets every grid place and every other choice); the bot plays the rest. A car's place counts
the whole field, the robots included (a game has one leg, its track, ``"game"``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..balance import Entry, Leg, Rotation
from ..envs._play import sample_chance

#: Players in a race unless ``--players`` says otherwise.
PLAYERS = 2
#: The decisions a car is given, by the first word of their labels.
KINDS = ("strategy", "skill", "setup")


def race(leg: Leg) -> tuple[list[Entry], npt.NDArray[Any], str]:
    from .. import game as make

    players = leg.players or PLAYERS
    options: dict[str, Any] = {"players": players}
    if leg.laps is not None:
        options["turns"] = leg.laps
    g = make("formula90", **options)
    turns = int(g.new_state().view(None)["turns"])
    offered = _offers(g)
    entries = {f"{kind} {choice}": Entry(f"{kind} {choice}") for kind in KINDS for choice in offered[kind]}
    lengths: list[int] = []
    rng = np.random.default_rng(leg.seed)
    for i in range(leg.n):
        given = [
            {kind: offered[kind][(i + s * (k + 2)) % len(offered[kind])] for k, kind in enumerate(KINDS)}
            for s in range(players)
        ]
        state, chosen = _play(g, given, leg.bot, rng)
        view = state.view(None)
        cars = view["cars"]
        # The race ends after its last turn (the turn counter has moved past it), or earlier
        # when every player has retired.
        last = min(int(view["turn"]), turns)
        for s in range(players):
            for label in chosen[s]:  # what the car took (the bot's where a choice was not offered)
                _count(entries.setdefault(label, Entry(label)), cars[s], last)
        lengths.append(last)
    track = str(view.get("track") or "the track")
    return list(entries.values()), np.array(lengths, dtype=np.int64), f"{track}, {players} players"


def _offers(g: _core.Game) -> dict[str, list[str]]:
    """Every choice of each kind the game offers, as its label names it (without the verb)."""
    found: dict[str, list[str]] = {kind: [] for kind in KINDS}
    rng = np.random.default_rng(0)
    s = g.new_state()
    while not s.is_terminal() and not all(found.values()):
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
            continue
        legal = s.legal_actions()
        labels = [s.action_to_string(a) for a in legal]
        kind = labels[0].split(" ", 1)[0]
        if kind in found and not found[kind]:
            found[kind] = [label.split(" ", 1)[1] for label in labels]
        s.apply_action(_core.bot_action(s, "medium", 0))
    return found


def _play(
    g: _core.Game, given: list[dict[str, str]], bot: str, rng: np.random.Generator
) -> tuple[_core.State, list[list[str]]]:
    """One race: each player's car takes the strategy, skill and setup it is given, when offered;
    the bot decides everything else. Also, per seat, the labels of the choices it took."""
    s = g.new_state()
    taken: list[list[str]] = [[] for _ in given]
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
            continue
        seat = s.current_player()
        legal = s.legal_actions()
        kind = s.action_to_string(legal[0]).split(" ", 1)[0]
        want = f"{kind} {given[seat][kind]}" if kind in KINDS else None
        a = next((a for a in legal if s.action_to_string(a) == want), None) if want else None
        if a is None:
            a = _core.bot_action(s, bot, int(rng.integers(2**63)))
        # The first choice of each kind: the strategy the car started with (offered again at a
        # pit stop, the given one is kept where it may be), so each car-race counts once a kind.
        if kind in KINDS and not any(t.startswith(kind + " ") for t in taken[seat]):
            taken[seat].append(s.action_to_string(a))
        s.apply_action(a)
    return s, taken


def _count(e: Entry, car: dict[str, Any], last_turn: int) -> None:
    """One car's race: its place in the whole field; a car still running at the end finishes at
    the last turn; a retired car is out (Formula 90 counts no crashes apart from retirements)."""
    e.places.append(int(car["place"]) - 1)
    e.crashes.append(0)
    if car["status"] == "retired":
        e.out_otherwise += 1
    else:
        e.times.append(float(last_turn))
        e.wear.append(float(car["wear"]["red"] + car["wear"]["brown"]))


def how(bot: str, field: int) -> str:
    return (
        f"The {bot} bot on every player's car, each given a strategy, a skill and a setup in turn "
        "(every choice meets every grid place); the robots are the book's line-up. A car's place "
        f"counts the whole field of {field} cars, robots included; a car still running when the "
        "race ends finishes at the last turn."
    )


def _field(_field: int, players: int | None) -> int:
    from .. import game as make

    return len(make("formula90", players=players or PLAYERS).new_state().view(None)["cars"])


ROTATION = Rotation(
    race=race, field=_field, how=how, circuits=False, wear="wear markers at the finish",
    # No crash count, no finish line: a car either retires or runs to the last turn.
    hidden=("out after a crash", "median finish turn", "running at the end"),
)
