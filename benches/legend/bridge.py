"""Legend in `benches/bridge.py`: a decision of its race to seat 0's DASH_STATE at the device."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from autodromo import _core
from autodromo_bridge.binding import Binding, RaceSource
from autodromo_bridge.devices import DASHBOARD
from autodromo_bridge.games.legend import render


def race_latency(linked: Callable[..., Any], samples: int = 200) -> list[float]:
    """A decision in a Legend race -> the dashboard's new DASH_STATE at the device: the view,
    the mapping and the wire together (only decisions that change what seat 0 shows count)."""
    emu, bridge, dev = linked(DASHBOARD, None)
    src = RaceSource.new("legend", [0, 1, 2], cars=["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"], seed=9)
    binding = Binding(bridge, src)
    binding.render_all()
    state = src.race.state
    out: list[float] = []
    k = 0
    try:
        while len(out) < samples and not state.is_terminal():
            k += 1
            seat = src.to_move()
            assert seat is not None
            before = dict(emu.dash)
            t0 = time.perf_counter()
            src.act(seat, _core.bot_action(state, "greedy", k))
            src.advance()
            binding.render_all()
            want = render.dash_state(src.view(), 0, binding.circuit, deciding=src.to_move() == 0,
                                     cursor=0, refused=False)
            if {key: v for key, v in before.items() if key != "state_id"} == want:
                continue  # nothing seat 0 shows changed: no frame to wait for
            while emu.dash["state_id"] == before["state_id"]:
                emu.pump()
            out.append((time.perf_counter() - t0) * 1000)
            bridge.pump()
    finally:
        bridge.close()
        emu.close()
    return out


def figures(linked: Callable[..., Any]) -> Iterator[tuple[str, bool]]:
    lat = race_latency(linked)
    yield (f"bridge: Legend decision -> seat 0's DASH_STATE at the device (view, mapping, wire), an "
           f"unpaced pty: median {statistics.median(lat):.3f} ms, p95 "
           f"{sorted(lat)[int(len(lat) * 0.95)]:.3f} ms over {len(lat)} decisions",
           statistics.median(lat) <= 5)
