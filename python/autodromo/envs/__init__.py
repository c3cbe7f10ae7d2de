"""Learning environments for every game: a Gymnasium vector env, a Gymnasium single-seat env, a
PettingZoo AEC env and a PettingZoo ParallelEnv (the decisions a book reveals together asked in
one step). They need the ``envs`` extra (``pip install autodromo[envs]``).

Each env shows its agent decisions only: chance is sampled inside with a generator seeded by
``reset(seed=)``, and seats the agent does not hold are played by a built-in bot
(``opponents="heuristic"``, ``"random"``, or another of the game's bots such as ``"greedy"``). Observations are
``state.observation_tensor(seat)``, masks ``state.legal_actions_mask()``, rewards the change in
``state.returns()``. See ``docs/envs.md``.

Importing this package registers ``autodromo/<Game>-v0`` (``gym_id(game)``) for ``gymnasium.make``
(the single-seat env) and ``gymnasium.make_vec`` (:class:`VectorEnv`), options as keyword
arguments: ``gymnasium.make(gym_id(name), players=2)``.
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - the extra is installed for the tests
    raise ImportError(
        f"autodromo.envs needs gymnasium and pettingzoo ({e}): pip install 'autodromo[envs]'"
    ) from e

from .. import games
from ._play import DEFAULT_OPTIONS
from .parallel import AutodromoParallelEnv, parallel_env
from .pettingzoo_aec import AutodromoAECEnv, pettingzoo_env
from .single_seat import SingleSeatEnv
from .vector import VectorEnv

__all__ = [
    "DEFAULT_OPTIONS",
    "AutodromoAECEnv",
    "AutodromoParallelEnv",
    "SingleSeatEnv",
    "VectorEnv",
    "gym_id",
    "parallel_env",
    "pettingzoo_env",
]


def gym_id(game: str) -> str:
    """The ``gymnasium.make`` id of ``game``'s single-seat env: ``"autodromo/<Game>-v0"`` (``some_game``:
    ``"autodromo/SomeGame-v0"``)."""
    return "autodromo/" + "".join(part.capitalize() for part in game.split("_")) + "-v0"


for _name in games():
    if gym_id(_name) not in gymnasium.registry:
        gymnasium.register(
            id=gym_id(_name),
            entry_point="autodromo.envs.single_seat:SingleSeatEnv",
            vector_entry_point="autodromo.envs.vector:VectorEnv",
            kwargs={"game": _name},
        )
