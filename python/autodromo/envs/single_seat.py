"""A Gymnasium env for one seat of a game; the other seats are played by a named bot."""

from __future__ import annotations

from typing import Any, Literal, SupportsIndex

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .._core import Game, State
from ..errors import IllegalActionError, OptionError
from . import _play

Obs = npt.NDArray[np.float32]


class SingleSeatEnv(gymnasium.Env[Obs, np.int64]):
    """One seat of ``game``: observations are that seat's ``observation_tensor``.

    The action space is ``Discrete(game.num_distinct_actions)``; the legal ones are
    ``info["action_mask"]`` (int8, 1 = legal: the dtype ``action_space.sample(mask=)`` takes) and
    :meth:`action_masks` (bool, for maskable learners). The reward is
    the change in the seat's ``state.returns()``: every return is 0 until the game ends, so the
    whole reward (1 for a win in a game of points, the finishing place scaled to [0, 1] in the racing
    games) arrives with the last step.

    Gymnasium's contract is that ``step`` accepts every element of the action space, and its
    ``check_env`` steps with ``action_space.sample()``, which knows no mask. So with
    ``illegal_action="lose"`` (the default) an illegal action ends the episode with reward -1, the
    game unchanged and the rule broken in ``info["illegal_action"]``, as PettingZoo's classic games
    do; ``illegal_action="raise"`` raises :class:`IllegalActionError` instead and changes nothing.
    ``reward="zero_sum"`` gives the seat's return minus the mean of the other seats' (in [-1, 1]).
    ``observation="information_state"`` observes ``information_state_tensor`` instead: what the
    seat knows, its own past included (the games with hidden cards that have one).
    The env pickles and deep-copies (its game and state through ``serialize``).

    >>> import autodromo.envs
    >>> env = autodromo.envs.SingleSeatEnv(autodromo.games()[0], players=2)
    >>> obs, info = env.reset(seed=1)
    >>> obs.shape == env.observation_space.shape, bool(info["action_mask"].any())
    (True, True)
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str | Game,
        seat: int = 0,
        opponents: str = "heuristic",
        *,
        max_steps: int | None = None,
        illegal_action: Literal["lose", "raise"] = "lose",
        reward: _play.Reward = "returns",
        observation: _play.Observation = "observation",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.reward = _play.check_reward(reward)
        self.game = _play.make_game(game, options)
        self.observation = _play.check_observation(self.game, observation)
        self.seat = _play.check_seat(self.game, seat)
        self.opponents = _play.check_bot(self.game, opponents)
        if max_steps is not None and max_steps < 1:
            raise OptionError(f"max_steps must be at least 1, not {max_steps}")
        if illegal_action not in ("lose", "raise"):
            raise OptionError(f'illegal_action is "lose" or "raise", not {illegal_action!r}')
        if render_mode not in (None, "ansi"):
            raise OptionError(f'render_mode is None or "ansi", not {render_mode!r}')
        self.max_steps = max_steps
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            -_play.OBS_LIMIT,
            _play.OBS_LIMIT,
            _play.observation_shape(self.game, self.observation),
            np.float32,
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: State = self.game.new_state()
        self.steps = 0
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        self.state = self.game.new_state()
        self.steps = 0
        _play.advance(self.state, self.np_random, {self.seat}, self.opponents)
        self._done = self.state.is_terminal()
        return self._obs(), self._info()

    def step(self, action: SupportsIndex) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self._done:
            raise IllegalActionError("the episode is over: call reset() first")
        before = _play.final_values(self.state, self.reward)[self.seat]
        try:
            _play.apply(self.state, action)
        except IllegalActionError as e:  # the core's refusal: the state is unchanged
            if self.illegal_action == "raise":
                raise
            self._done = True
            return self._obs(), -1.0, True, False, {**self._info(), "illegal_action": str(e)}
        self.steps += 1
        _play.advance(self.state, self.np_random, {self.seat}, self.opponents)
        reward = _play.final_values(self.state, self.reward)[self.seat] - before
        terminated = self.state.is_terminal()
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        self._done = terminated or truncated
        return self._obs(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as bools (all False once the game is over)."""
        return self.state.legal_actions_mask()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return _play.render_text(self.state, self.seat)

    def _obs(self) -> Obs:
        return _play.observe(self.state, self.seat, self.observation)

    def _info(self) -> dict[str, Any]:
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        mask[self.state.legal_actions()] = 1
        return {"action_mask": mask}
