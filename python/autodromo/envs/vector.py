"""Many games of one seat stepped together, with NumPy batches in and out (Gymnasium 1.x vector API)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .. import _core
from .._core import Game, State
from ..errors import IllegalActionError, OptionError
from . import _play

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.bool_]

_MODES = {
    "next_step": AutoresetMode.NEXT_STEP,
    "same_step": AutoresetMode.SAME_STEP,
    "disabled": AutoresetMode.DISABLED,
}


def _autoreset_mode(mode: str | AutoresetMode) -> AutoresetMode:
    if isinstance(mode, AutoresetMode):
        return mode
    if mode not in _MODES:
        raise OptionError(f"autoreset_mode is one of {', '.join(_MODES)}, not {mode!r}")
    return _MODES[mode]


def _seeds(seed: int | list[int | None] | None, n: int) -> list[int | None]:
    # Gymnasium's convention: an int seeds env i with seed + i, so env i replays a
    # SingleSeatEnv reset with that seed.
    if seed is None:
        return [None] * n
    if isinstance(seed, int):
        return [seed + i for i in range(n)]
    if len(seed) != n:
        raise OptionError(f"{len(seed)} seeds given for {n} envs")
    return list(seed)


class VectorEnv(gymnasium.vector.VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of ``game``, the agent at ``seat`` in each, the other seats by a bot.

    ``reset()`` returns observations ``[num_envs, *game.observation_shape]`` (float32) and infos
    whose ``"action_mask"`` is ``[num_envs, game.num_distinct_actions]`` (bool, from
    ``legal_actions_mask()``). ``step(actions)`` takes one action id per env and returns
    observations, rewards (float64: the change in the seat's ``returns()``, so the result arrives
    on the last step), terminated, truncated and infos with the masks. Every action is checked
    before any is applied: an illegal one raises :class:`IllegalActionError` naming the env and
    the rule, and no env changes. ``reward="zero_sum"``: the seat's return minus the mean of the
    other seats'. ``observation="information_state"``: each env observes its seat's
    ``information_state_tensor`` (what it knows, its own past included). The env pickles and
    deep-copies.

    ``autoreset_mode`` is declared in ``metadata["autoreset_mode"]`` as Gymnasium 1.x does:
    ``"next_step"`` (default) resets a finished env on the step after it ends, ignoring that
    step's action for it (its mask row is all False: a finished game has no legal action);
    ``"same_step"`` resets at once and puts the last observation and infos in
    ``infos["final_obs"]`` / ``infos["final_info"]``; ``"disabled"`` leaves it to
    ``reset(options={"reset_mask": mask})``.

    >>> import numpy as np, autodromo.envs
    >>> envs = autodromo.envs.VectorEnv(autodromo.games()[0], 4, seed=0, players=2)
    >>> obs, infos = envs.reset()
    >>> obs.shape == (4, *envs.single_observation_space.shape), infos["action_mask"].shape[0]
    (True, 4)
    >>> actions = np.array([np.flatnonzero(m)[0] for m in infos["action_mask"]])
    >>> obs, rewards, terminated, truncated, infos = envs.step(actions)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game: str | Game,
        num_envs: int,
        *,
        seed: int | list[int | None] | None = None,
        seat: int = 0,
        opponents: str = "heuristic",
        autoreset_mode: str | AutoresetMode = "next_step",
        max_steps: int | None = None,
        reward: _play.Reward = "returns",
        observation: _play.Observation = "observation",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.reward = _play.check_reward(reward)
        if num_envs < 1:
            raise OptionError(f"num_envs must be at least 1, not {num_envs}")
        if max_steps is not None and max_steps < 1:
            raise OptionError(f"max_steps must be at least 1, not {max_steps}")
        if render_mode not in (None, "ansi"):
            raise OptionError(f'render_mode is None or "ansi", not {render_mode!r}')
        self.game = _play.make_game(game, options)
        self.observation = _play.check_observation(self.game, observation)
        self.seat = _play.check_seat(self.game, seat)
        self.opponents = _play.check_bot(self.game, opponents)
        self.autoreset_mode = _autoreset_mode(autoreset_mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.num_envs = num_envs
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.single_observation_space = spaces.Box(
            -_play.OBS_LIMIT,
            _play.OBS_LIMIT,
            _play.observation_shape(self.game, self.observation),
            np.float32,
        )
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rngs = [seeding.np_random(s)[0] for s in _seeds(seed, num_envs)]
        self.states: list[State] = [self.game.new_state() for _ in range(num_envs)]
        self._steps = np.zeros(num_envs, np.int64)
        # Envs whose game ended on the last step and have not been reset since.
        self._finished = np.ones(num_envs, np.bool_)
        self._reset_once = False

    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Obs, dict[str, Any]]:
        """Starts every env (or those in ``options["reset_mask"]``); ``seed`` as Gymnasium takes it."""
        which = self._reset_mask(options)
        if seed is not None:
            for i, s in enumerate(_seeds(seed, self.num_envs)):
                if which[i]:
                    self._rngs[i] = seeding.np_random(s)[0]
        for i in np.flatnonzero(which).tolist():
            self._start(i)
        self._reset_once = True
        return self._observe()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Obs, npt.NDArray[np.float64], Mask, Mask, dict[str, Any]]:
        """One action per env; see the class docstring for what comes back."""
        if not self._reset_once:
            raise IllegalActionError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise IllegalActionError(
                f"step takes one action per env, shape ({self.num_envs},), not {acts.shape}"
            )
        restart = self._finished.copy() if self.autoreset_mode == AutoresetMode.NEXT_STEP else None
        play = ~restart if restart is not None else np.ones(self.num_envs, np.bool_)
        ids = self._checked(acts, play, restart)
        # The batch in the core: each env's action, then chance and the opponents up to the
        # seat's next decision (one call for the batch, not several per env).
        over = np.array(
            _core.env_play(self.states, self._rngs, ids, play.tolist(), self.seat, self.opponents),
            np.bool_,
        )
        self._steps[play] += 1
        terminated = over & play
        truncated = play & ~terminated
        if self.max_steps is None:
            truncated[:] = False
        else:
            truncated &= self._steps >= self.max_steps
        # A game the agent acts in is not over, and every return is 0 until the end: the step's
        # reward is the seat's value at the end, 0 on every other step.
        rewards = np.zeros(self.num_envs, np.float64)
        for i in np.flatnonzero(terminated).tolist():
            rewards[i] = _play.final_values(self.states[i], self.reward)[self.seat]
        if restart is not None:
            for i in np.flatnonzero(restart).tolist():
                self._start(i)
        self._finished = terminated | truncated
        obs, infos = self._observe()
        if self.autoreset_mode == AutoresetMode.SAME_STEP and self._finished.any():
            infos.update(self._final(self._finished, obs, infos["action_mask"]))
            for i in np.flatnonzero(self._finished).tolist():
                self._start(i)
            self._finished[:] = False
            obs, fresh = self._observe()
            infos.update(fresh)
        return obs, rewards, terminated, truncated, infos

    def render(self) -> tuple[str, ...] | None:
        if self.render_mode != "ansi":
            return None
        return tuple(_play.render_text(s, self.seat) for s in self.states)

    # ---- one env ---------------------------------------------------------------------------

    def _start(self, i: int) -> None:
        self.states[i] = self.game.new_state()
        self._steps[i] = 0
        self._finished[i] = False
        _play.advance(self.states[i], self._rngs[i], {self.seat}, self.opponents)

    def _checked(self, acts: npt.NDArray[Any], play: Mask, restart: Mask | None) -> list[int]:
        """The action ids as ints (0 where an env does not play), every playing env's checked
        before any is applied: the core finds the first illegal one and ``_check`` words it."""
        fast = acts.dtype.kind == "i" or (acts.dtype.kind == "u" and acts.dtype.itemsize < 8)
        if not fast or (self._finished & play).any():
            self._check(acts, restart)  # raises: a non-integer batch, or a finished env
        ids: list[int] = np.where(play, acts, 0).tolist()
        if _core.env_first_illegal(self.states, ids, play.tolist()) is not None:
            self._check(acts, restart)  # raises with the env and the rule
        return ids

    def _check(self, acts: npt.NDArray[Any], restart: Mask | None) -> dict[int, int]:
        """The action of every env that plays this step, each checked before any is applied."""
        chosen = {}
        for i in range(self.num_envs):
            if restart is not None and restart[i]:
                continue  # next-step autoreset: this env's action is ignored
            if self._finished[i]:
                raise IllegalActionError(
                    f"{_env(i)}: the game is over; reset it with options={{'reset_mask': ...}}"
                )
            try:
                a = _play.action_id(acts[i])
            except IllegalActionError as e:
                raise IllegalActionError(f"{_env(i)}: {e}") from None
            # Nothing is applied before every env's action is known legal, so the core judges
            # without applying; this runs only once ``env_first_illegal`` found a refusal.
            if (reason := self.states[i].why_illegal(a)) is not None:
                raise IllegalActionError(f"{_env(i)}: {reason}")
            chosen[i] = a
        return chosen

    # ---- batches ---------------------------------------------------------------------------

    def _reset_mask(self, options: dict[str, Any] | None) -> Mask:
        if not options or "reset_mask" not in options:
            return np.ones(self.num_envs, np.bool_)
        mask = np.asarray(options["reset_mask"])
        if mask.shape != (self.num_envs,) or mask.dtype != np.bool_:
            raise OptionError(f"reset_mask is a bool array of shape ({self.num_envs},)")
        return mask

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        """Every env's observation and mask, written by the core into fresh arrays (a mask row
        is as wide as the game's actions, tens of thousands in the widest game, with a few dozen set)."""
        width = _play.observation_shape(self.game, self.observation)[0]
        obs = np.empty((self.num_envs, width), np.float32)
        masks = np.zeros((self.num_envs, self.game.num_distinct_actions), np.bool_)
        _core.env_observe(
            self.states, self.seat, obs, masks, self.observation == "information_state"
        )
        return obs, {"action_mask": masks, "_action_mask": np.ones(self.num_envs, np.bool_)}

    def _masks(self) -> Mask:
        masks: Mask = self._observe()[1]["action_mask"]
        return masks

    def _final(self, which: Mask, obs: Obs, masks: Mask) -> dict[str, Any]:
        """Same-step autoreset: what the finished envs ended on, in Gymnasium's info layout."""
        keep = which[:, None]
        return {
            "final_obs": np.where(keep, obs, 0.0).astype(np.float32),
            "_final_obs": which.copy(),
            "final_info": {"action_mask": masks & keep, "_action_mask": which.copy()},
            "_final_info": which.copy(),
        }


def _env(i: int) -> str:
    """Env ``i`` as an error names it: a person counts the envs from 1, the arrays from 0."""
    return f"env {i + 1} (the batch's index {i})"
