"""The web app's CPU per action, in process: every game of the load mix, seeded, no server.

The games and set-ups of ``benches/web_load.py`` (``benches/<game>/web_load.py``), each played
through Flask's test client in this thread as that bench's clients play it: the human seat posts
its decision in the page's form with the log from the last line read, the bots and chance
follow, the answer is built. The figure is this thread's CPU (``time.thread_time``) per posted
decision, median and mean, per game and over all; no network, no other request in the way, so
it moves only with the app's own work (and with what shares the cores: compare runs made in the
same conditions, alternately). ``--hash`` also reads, after every decision, the spectator's
page and the seat's scripts' form, and prints a digest of every answer (the game's id left
out): equal digests before and after a change mean the pages did not change.

    .venv/bin/python benches/web_cpu.py [--seeds 3] [--most 120] [--games a,b] [--hash]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game_cases import cases  # noqa: E402

from autodromo_web import create_app  # noqa: E402

GAMES: list[dict[str, Any]] = [{"game": name, **module.SETUP} for name, module in cases("web_load")]


def digest(h: Any, answer: Any) -> None:
    """Adds an answer to ``h``, without what differs between two runs of the same game."""
    if isinstance(answer, dict):
        answer = {k: v for k, v in answer.items() if k not in ("id", "owner_token")}
    h.update(json.dumps(answer, sort_keys=True).encode())


def play(client: Any, setup: dict[str, Any], seed: int, most: int, h: Any | None) -> list[float]:
    """One seeded game to its end or to ``most`` decisions: the CPU (ms) of each decision posted."""
    game = client.post("/api/games", json={**setup, "seed": seed, "page": True}).json
    gid = game["id"]
    token = game.get("owner_token")
    headers = {"X-Autodromo-Token": token} if token else {}
    p: Any = client.get(f"/api/games/{gid}?seat=0&page=1", headers=headers).json
    cpu: list[float] = []
    step = 0
    while p["status"] != "finished" and step < most:
        decisions = p["decisions"]
        if not decisions:
            p = client.post(f"/api/games/{gid}/advance", json={"seat": 0, "page": True}, headers=headers).json
            continue
        body = {"seat": 0, "action": decisions[step % len(decisions)]["id"],
                "since": max(0, p["log_length"] - 1), "page": True}
        start = time.thread_time()
        r = client.post(f"/api/games/{gid}/actions", json=body, headers=headers)
        cpu.append((time.thread_time() - start) * 1000)
        p = r.json
        if h is not None:
            digest(h, p)
            digest(h, client.get(f"/api/games/{gid}?page=1", headers=headers).json)
            digest(h, client.get(f"/api/games/{gid}?seat=0", headers=headers).json)
        step += 1
    return cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="seeded games of each game (seeds 1, 2, ...)")
    parser.add_argument("--most", type=int, default=120, help="decisions at most per game")
    parser.add_argument("--games", default="", help="only these games (their ids, comma-separated)")
    parser.add_argument("--hash", action="store_true", help="a digest of every answer, and the spectator's and "
                                                            "the scripts' answers after each decision")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    every: list[float] = []
    whole = hashlib.sha256()
    lines = []
    with tempfile.TemporaryDirectory() as d:
        app = create_app({"DB": os.path.join(d, "games.db"), "TESTING": True})
        client = app.test_client()
        for setup in GAMES:
            if args.games and setup["game"] not in args.games.split(","):
                continue
            h = hashlib.sha256() if args.hash else None
            cpu: list[float] = []
            for seed in range(1, args.seeds + 1):
                cpu += play(client, setup, seed, args.most, h)
            every += cpu
            line = (f"  {setup['game']:<14} {len(cpu):4} decisions: median {statistics.median(cpu):.2f} ms, "
                    f"mean {statistics.fmean(cpu):.2f} ms")
            if h is not None:
                line += f", answers {h.hexdigest()[:16]}"
                whole.update(h.digest())
            lines.append(line)
    print(f"web app CPU per decision, in process (this thread's CPU around each post): {args.seeds} seeded games "
          f"of each game, at most {args.most} decisions each; {os.cpu_count()} cores, load average "
          f"{load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print("\n".join(lines))
    print(f"  all {len(every)} decisions: median {statistics.median(every):.2f} ms, mean {statistics.fmean(every):.2f} ms"
          + (f"; every answer {whole.hexdigest()[:16]}" if args.hash else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
