"""Issue 18, item 6, the short slice of `make bench`'s load test: four clients on four games of
different games against a real server for three seconds, the server killed (SIGKILL) under that
load (every one of its two worker processes) and started again: no answer but 200 before the kill, and every decision the server
acknowledged is in its SQLite file, in order, and in the restarted server's games. (Speed is the
bench's to measure, not this test's.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_bench() -> ModuleType:
    path = Path(__file__).parents[2] / "benches" / "web_load.py"
    # The bench finds each game's cases beside it (benches/game_cases.py), as when run as a script.
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location("web_load", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["web_load"] = module
    spec.loader.exec_module(module)
    return module


def test_a_server_killed_under_load_keeps_every_acknowledged_action() -> None:
    bench = load_bench()
    # Two worker processes, whatever the machine's cores: any worker may hold any game's requests.
    r = bench.run(clients=4, seconds=3, warmup=0.5, workers=2)
    assert r["workers"] == 2
    assert r["errors"] == []
    assert r["games"] >= 4 and r["acknowledged"] > 20, r
    assert r["lost"] == [], r


def test_holds_in_order_finds_a_lost_or_reordered_decision() -> None:
    bench = load_bench()
    assert bench.holds_in_order([5, 1, 7, 2, 9], [1, 2])
    assert not bench.holds_in_order([5, 1, 7], [1, 2])
    assert not bench.holds_in_order([2, 1], [1, 2])
