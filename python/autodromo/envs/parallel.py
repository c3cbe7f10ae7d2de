"""Every seat of a game as a PettingZoo ParallelEnv: the decisions a book has the players take in
secret and reveal together are asked of every seat in one step.

The core takes such decisions one seat after another, each hidden from the seats after it until
all are in; each game's ``sealed`` module (``autodromo.<game>.sealed``) names them, with the
book's words, and docs/envs.md lists them. Every other decision is one seat's at a time in the
books, and a step then asks that seat alone.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import ParallelEnv

from .. import game_module
from .._core import Game, State
from ..errors import IllegalActionError, OptionError
from . import _play
from ._agents import SeatAgents

Obs = dict[str, npt.NDArray[Any]]


def _never(state: State) -> bool:
    return False


def sealed_rule(game: Game) -> Callable[[State], bool]:
    """The game's test for a decision taken in secret and revealed together (never, for a game
    whose book has none)."""
    module = game_module.of(game.name, part="sealed")
    rule: Callable[[State], bool] = getattr(module, "sealed", _never) if module else _never
    return rule


class AutodromoParallelEnv(SeatAgents, ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """``game`` for PettingZoo's parallel API: agent ``"player_<seat>"`` for every seat that takes
    decisions.

    Each step asks the agents to act now: the seat to act, or, when the decision is one the book
    has every player take in secret and reveal together, every seat with such a decision to take
    before the reveal, each with its own mask. Their observations are the table at the step's
    start (no seat sees another's sealed choice); the others' masks are all zero and their actions
    are ignored. The actions are applied in the core's seat order, chance sampled between them
    with a generator seeded by ``reset(seed=)``. A seat that has two sealed decisions in a row
    (a card, then a chit) gives one a step: its later seats' first ones are
    kept until their turn in that order comes. Every acting agent's action is checked against its
    mask before any is applied: a missing or illegal one raises :class:`IllegalActionError`
    naming the agent and changes nothing. Rewards, ``reward=``, ``observation=`` and
    ``max_steps`` (in steps of this env) as the AEC env.
    """

    metadata = {"render_modes": ["ansi"], "name": "autodromo_v0", "is_parallelizable": True}

    def __init__(
        self,
        game: str | Game,
        *,
        max_steps: int | None = None,
        reward: _play.Reward = "returns",
        observation: _play.Observation = "observation",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self._set_up(game, options, max_steps, reward, observation, render_mode)
        self._sealed = sealed_rule(self.game)
        self._rng: np.random.Generator | None = None
        # Actions given in a step whose seat's turn has not come yet, by seat, oldest first.
        self._pending: dict[int, list[int]] = {}
        # The seats asked to act now, with their masks.
        self._acting: dict[int, npt.NDArray[np.int8]] = {}
        self.agents: list[str] = []
        self.steps = 0

    @property
    def acting_agents(self) -> list[str]:
        """The agents whose actions the next step uses."""
        return [a for a, s in self._seat.items() if s in self._acting]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        if seed is not None or self._rng is None:
            self._rng = seeding.np_random(seed)[0]
        self.game_state = self.game.new_state()
        self.steps = 0
        self._pending = {}
        self.agents = self.possible_agents[:]
        self._advance(self.game_state, self._rng)
        self._acting = self._plan()
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise IllegalActionError("no agent is to act: call reset() first")
        chosen = self._checked(actions)
        assert self._rng is not None
        # Applied to copies, kept only when every action went in: a refusal changes nothing.
        state, rng = self.game_state.clone(), copy.deepcopy(self._rng)
        pending = {s: list(q) for s, q in self._pending.items()}
        for seat, a in chosen.items():
            pending.setdefault(seat, []).append(a)
        before = _play.final_values(state, self.reward)
        while not state.is_terminal():
            queue = pending.get(state.current_player())
            if not queue:
                break
            state.apply_action(queue.pop(0))
            self._advance(state, rng)
        self.game_state, self._rng = state, rng
        self._pending = {s: q for s, q in pending.items() if q}
        self.steps += 1
        after = _play.final_values(state, self.reward)
        rewards = {a: after[s] - before[s] for a, s in self._seat.items() if a in self.agents}
        over = state.is_terminal()
        cut = not over and self.max_steps is not None and self.steps >= self.max_steps
        terminations = {a: over for a in self.agents}
        truncations = {a: cut for a in self.agents}
        self._acting = {} if over or cut else self._plan()
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    # ---- inside a step ---------------------------------------------------------------------

    def _advance(self, state: State, rng: np.random.Generator) -> None:
        _play.advance(state, rng, set(self._seat.values()), None)

    def _plan(self) -> dict[int, npt.NDArray[np.int8]]:
        """The seats to ask now and their masks: the seat to act; through a run of sealed
        decisions, every seat with one to take before the run ends, found on a copy where each
        seat's kept action is played at its turn and a first legal one stands in for a choice
        not made yet (sealed: it changes nothing another seat may do or see)."""
        probe = self.game_state.clone()
        queue = {s: list(q) for s, q in self._pending.items()}
        acting: dict[int, npt.NDArray[np.int8]] = {}
        while not probe.is_terminal() and not probe.is_chance_node():
            seat = probe.current_player()
            if queue.get(seat):
                probe.apply_action(queue[seat].pop(0))
                continue
            sealed = self._sealed(probe)
            if acting and not sealed:
                break  # the run is over: the rest is for later steps
            if seat not in acting:
                acting[seat] = probe.legal_actions_mask().astype(np.int8)
            if not sealed:
                break  # an open decision: this seat alone
            probe.apply_action(probe.legal_actions()[0])
        return acting

    def _checked(self, actions: dict[str, Any]) -> dict[int, int]:
        """Each acting agent's action, checked against its mask before any is applied."""
        if not isinstance(actions, dict):
            raise IllegalActionError(f"step takes a dict of actions by agent, not {actions!r}")
        chosen = {}
        for agent in self.acting_agents:
            seat = self._seat[agent]
            if agent not in actions or actions[agent] is None:
                raise IllegalActionError(f"{agent} is to act now: its action is missing")
            mask = self._acting[seat]
            try:
                a = _play.checked_action_id(actions[agent], len(mask))
            except IllegalActionError as e:
                raise IllegalActionError(f"{agent}: {e}") from None
            if not mask[a]:
                label = self.game_state.action_to_string(a)
                raise IllegalActionError(f"{agent}: {label}: not one of its legal actions now")
            chosen[seat] = a
        return chosen

    def _observations(self) -> dict[str, Obs]:
        out: dict[str, Obs] = {}
        zeros = np.zeros(self.game.num_distinct_actions, np.int8)
        for agent in self.agents:
            seat = self._seat[agent]
            out[agent] = {
                "observation": _play.observe(self.game_state, seat, self.observation),
                "action_mask": self._acting.get(seat, zeros).copy(),
            }
        return out


def parallel_env(game: str | Game, **options: Any) -> AutodromoParallelEnv:
    """A PettingZoo ParallelEnv for ``game`` (a name and its options, ``max_steps``, ``reward``,
    ``observation``, ``render_mode``)."""
    return AutodromoParallelEnv(game, **options)
