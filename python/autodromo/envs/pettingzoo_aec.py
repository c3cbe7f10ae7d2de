"""Every seat of a game as a PettingZoo AEC agent, with observations laid out as its classic games do."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from .._core import Game, State
from ..errors import IllegalActionError, OptionError
from . import _play
from ._agents import SeatAgents


class AutodromoAECEnv(SeatAgents, AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """``game`` for PettingZoo: agent ``"player_<seat>"`` for every seat that takes decisions.

    ``observe(agent)`` is ``{"observation": observation_tensor(seat), "action_mask": int8 mask}``;
    the mask is the legal actions for the agent to act and all zeros for the others (and once the
    game is over). Chance is sampled with a generator seeded by ``reset(seed=)``. Rewards are the
    change in each seat's ``returns()``: 0 until the game ends, then each seat's result (1 for a
    win in a game of points, the place in the whole field scaled to [0, 1] in the racing games);
    ``reward="zero_sum"`` takes off the mean of the other seats' returns. ``max_steps``
    truncates a game after that many decisions. ``observation="information_state"``: each agent
    observes its seat's ``information_state_tensor`` (what it knows, its own past included). An illegal action raises
    :class:`IllegalActionError` with the rule broken and changes nothing.

    The game's :class:`~autodromo.State` is ``game_state``; ``state()`` is PettingZoo's global
    state: every seat's observation tensor, in seat order (``state_space``), so everything any
    seat may see. The env pickles and deep-copies.

    >>> import autodromo
    >>> from autodromo.envs import pettingzoo_env
    >>> env = pettingzoo_env(autodromo.games()[0], players=2)
    >>> env.reset(seed=3)
    >>> env.possible_agents, env.agent_selection in env.agents
    (['player_0', 'player_1'], True)
    """

    metadata = {"render_modes": ["ansi"], "name": "autodromo_v0", "is_parallelizable": False}

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
        super().__init__()
        self._set_up(game, options, max_steps, reward, observation, render_mode)
        self._rng: np.random.Generator | None = None
        self.agents: list[str] = []
        self.steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = seeding.np_random(seed)[0]
        self.game_state = self.game.new_state()
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    def step(self, action: Any) -> None:
        if not self.agents:
            raise IllegalActionError("no agent is to act: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = _play.final_values(self.game_state, self.reward)
        _play.apply(self.game_state, action)  # the core's refusal leaves the state unchanged
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._advance()  # chance may end the game: the rewards are read after it
        after = _play.final_values(self.game_state, self.reward)
        for name, seat in self._seat.items():
            self.rewards[name] = after[seat] - before[seat]
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat[agent]
        if self.game_state.current_player() == seat:
            mask = self.game_state.legal_actions_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions, np.int8)
        obs = _play.observe(self.game_state, seat, self.observation)
        return {"observation": obs, "action_mask": mask}

    def _advance(self) -> None:
        """Samples chance up to the next decision; marks every agent done at the end."""
        assert self._rng is not None
        _play.advance(self.game_state, self._rng, set(self._seat.values()), None)
        if self.game_state.is_terminal():
            self.terminations = {a: True for a in self.agents}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = f"player_{self.game_state.current_player()}"
            return
        self.agent_selection = self.agents[0]
        self._deads_step_first()


def pettingzoo_env(game: str | Game, **options: Any) -> AutodromoAECEnv:
    """A PettingZoo AEC env for ``game`` (a name and its options, ``max_steps``, ``render_mode``)."""
    return AutodromoAECEnv(game, **options)
