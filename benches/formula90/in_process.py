"""Formula 90 through the web app in process: the CPU of each decision of whole games.

One game at a time (no queue, no server threads): the human seat against the random bot, as in
``benches/web_load.py``, each decision posted in the page's form with the log from the last line
read, as the bench's clients post it. The figure is this process's CPU per decision (the app,
the core and the bot's moves that follow), for three seeded games played to their end or to 300
decisions.

    .venv/bin/python benches/formula90/in_process.py
"""
from __future__ import annotations

import os
import tempfile
import time
from typing import Any

from autodromo_web import create_app


def one(seed: int, most: int = 300) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as d:
        app = create_app({"DB": os.path.join(d, "games.db"), "TESTING": True})
        c = app.test_client()
        body = {"game": "formula90", "options": {}, "seed": seed, "page": True,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        g = c.post("/api/games", json=body).json
        gid = g["id"]
        token = g.get("owner_token")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        p: Any = c.get(f"/api/games/{gid}?seat=0&page=1", headers=headers).json
        step = 0
        cpu = 0.0
        while p["status"] != "finished" and step < most:
            decisions = p["decisions"]
            if not decisions:
                p = c.post(f"/api/games/{gid}/advance", json={"seat": 0, "page": True}, headers=headers).json
                continue
            body = {"seat": 0, "action": decisions[step % len(decisions)]["id"],
                    "since": max(0, p["log_length"] - 1), "page": True}
            start = time.process_time()
            p = c.post(f"/api/games/{gid}/actions", json=body, headers=headers).json
            cpu += time.process_time() - start
            step += 1
        return cpu / max(step, 1) * 1000, step


def main() -> None:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for seed in (1, 2, 3):
        ms, n = one(seed)
        print(f"seed {seed}: {n} decisions, {ms:.2f} ms of process CPU per decision")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
