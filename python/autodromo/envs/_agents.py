"""What the PettingZoo envs (AEC and parallel) share: one agent per seat that takes decisions,
their spaces, PettingZoo's global state and the text rendering."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .._core import Game, State
from ..errors import OptionError
from . import _play


class SeatAgents:
    """Agent ``"player_<seat>"`` for every seat of ``game`` that takes decisions, each observing
    ``{"observation": …, "action_mask": int8 mask}``."""

    metadata: dict[str, Any]
    game: Game
    game_state: State

    def _set_up(
        self,
        game: str | Game,
        options: dict[str, Any],
        max_steps: int | None,
        reward: _play.Reward,
        observation: _play.Observation,
        render_mode: str | None,
    ) -> None:
        """Checks the env's arguments (an error names the value) and builds its agents and spaces."""
        self.reward = _play.check_reward(reward)
        if max_steps is not None and max_steps < 1:
            raise OptionError(f"max_steps must be at least 1, not {max_steps}")
        if render_mode not in (None, "ansi"):
            raise OptionError(f'render_mode is None or "ansi", not {render_mode!r}')
        self.game = _play.make_game(game, options)
        self.observation = _play.check_observation(self.game, observation)
        self.metadata = {**type(self).metadata, "name": f"autodromo_{self.game.name}_v0"}
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._seat = {f"player_{s}": s for s in _play.decision_seats(self.game)}
        self.possible_agents = list(self._seat)
        n = self.game.num_distinct_actions
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -_play.OBS_LIMIT,
                    _play.OBS_LIMIT,
                    _play.observation_shape(self.game, self.observation),
                    np.float32,
                ),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        seats, length = self.game.num_players, self.game.observation_shape[0]
        self.state_space = spaces.Box(-_play.OBS_LIMIT, _play.OBS_LIMIT, (seats * length,), np.float32)
        self.game_state = self.game.new_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def state(self) -> npt.NDArray[np.float32]:
        """PettingZoo's global state: every seat's observation tensor, in seat order."""
        seats = range(self.game.num_players)
        return np.concatenate([self.game_state.observation_tensor(s) for s in seats])

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return _play.render_text(self.game_state, None)

    def close(self) -> None:
        pass  # nothing held outside this object
