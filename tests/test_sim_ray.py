"""simulate(..., backend="ray") against a local Ray cluster started by the test: the columns
are identical to a local run of the same seed."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

import autodromo
from autodromo import sim_ray

import ray  # noqa: E402  (an optional extra; make test installs it)


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_a_ray_run_equals_a_local_run(cluster: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # Small tasks, so the run really is spread over several of them.
    monkeypatch.setattr(sim_ray, "TASK_RACES", 70)
    kw = {"seed": 9, "policies": ["heuristic", "random", "heuristic"], "players": 3}
    local = autodromo.simulate("mille_bornes", 300, **kw)  # type: ignore[arg-type]
    remote = autodromo.simulate("mille_bornes", 300, backend="ray", **kw)  # type: ignore[arg-type]
    assert remote.n == 300
    for k in local.columns:
        assert np.array_equal(local[k], remote[k], equal_nan=True), k


def test_a_ray_run_of_a_game_with_content(cluster: None) -> None:
    kw = {"seed": 2, "policies": "heuristic", "players": 2, "laps": 1}
    local = autodromo.simulate("lamborghini", 6, **kw)  # type: ignore[arg-type]
    remote = autodromo.simulate("lamborghini", 6, backend="ray", **kw)  # type: ignore[arg-type]
    for k in local.columns:
        assert np.array_equal(local[k], remote[k], equal_nan=True), k


def test_python_policies_are_refused_on_ray(cluster: None) -> None:
    with pytest.raises(autodromo.OptionError, match="built-in bots only"):
        autodromo.simulate("mille_bornes", 4, backend="ray", policies=lambda o, m, s: m.argmax(1), players=2)
