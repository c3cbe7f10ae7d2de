"""Formula 90 in `benches/bridge.py`: a step of its race to the section map's frame on the strip."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from autodromo_bridge.binding import Binding, RaceSource
from autodromo_bridge.devices import TRACK
from autodromo_bridge.games.formula90 import render as render_f90
from autodromo_bridge.games.formula90.sectionmap import SectionMap


def f90_latency(linked: Callable[..., Any], baud: int, samples: int = 150) -> list[float]:
    """A step of a Formula 90 race (every module on, the medium bots) -> the section map's frame
    shown on the emulated strip (latched), on a paced line: only steps that change the board
    count."""
    src = RaceSource.new("formula90", [], seed=45)
    m = SectionMap.for_board(src.board())
    emu, bridge, dev = linked(TRACK, baud, led_count=m.led_count)
    binding = Binding(bridge, src)
    binding.render_all()
    out: list[float] = []
    last = b""
    try:
        while len(out) < samples and not src.finished():
            src.race.step()
            view = src.view()
            frame = render_f90.track_frame(view, m)
            if frame == last:
                continue
            colours = render_f90.palette(m, view)
            want = [colours[i] for i in frame]
            t0 = time.perf_counter()
            binding.render_all()
            while emu.pixels() != want:
                bridge.pump()
                emu.pump()
            out.append((time.perf_counter() - t0) * 1000)
            last = frame
    finally:
        bridge.close()
        emu.close()
    return out


def figures(linked: Callable[..., Any]) -> Iterator[tuple[str, bool]]:
    lat = f90_latency(linked, 115_200)
    yield (f"bridge: Formula 90 step -> its section map frame latched on the strip, 115200 baud: "
           f"median {statistics.median(lat):.1f} ms, p95 {sorted(lat)[int(len(lat) * 0.95)]:.1f} ms "
           f"over {len(lat)} board changes", True)
