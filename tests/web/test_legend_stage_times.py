"""A Stage race's durations and clock times told apart on the page (issue 32, "Smaller"): the
racing time "18:00" beside the Time Chart's "17:33 → 17:51" read as 6 pm. The book's Time Chart
holds clock times ("Record finishing time ... on the Time Chart", the Chrono board's minutes)
and a racing time is a length of time ("subtracting race starting time from current finishing
time, penalties and bonus included"; "a 6-minute penalty"; "–45 seconds on the racing time"):
clock times stay "17:33", every duration is said in its units."""

from __future__ import annotations

import re
from typing import Any

CLOCK = re.compile(r"^\d\d:\d\d$")
#: A duration written like a clock ("18:00", "1:00:30", "+6:00").
CLOCK_LIKE = re.compile(r"\d:\d\d")
IN_UNITS = re.compile(r"^(\d+ h \d\d min( \d\d s)?|\d+ min( \d\d s)?|\d+ s)$")


def stage_race(client: Any, seats: list[dict[str, Any]], seed: int = 6) -> str:
    body = {"game": "legend", "seed": seed, "seats": seats,
            "options": {"route": "coppa_breve", "cars": ["bugatti_type_35", "alfa_8c_2300", "fiat_1100s"]}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.json
    gid: str = r.json["id"]
    return gid


def test_racing_times_and_time_added_are_durations_and_the_chart_keeps_clock_times(client: Any) -> None:
    gid = stage_race(client, [{"kind": "bot", "bot": "medium"}] * 3)
    for _ in range(100):
        if client.post(f"/api/games/{gid}/advance", json={}).json.get("status") == "finished":
            break
    page = client.get(f"/api/games/{gid}?page=1").json
    results = page["results"]
    col = results["columns"].index("Racing time")
    added = results["columns"].index("Time added or saved")
    times = [row["cells"][col] for row in results["rows"]]
    assert all(IN_UNITS.match(t) for t in times), times
    # One car took more than an hour: "1 h 00 min 30 s", never "1:00:30".
    assert any(" h " in t for t in times), times
    assert not CLOCK_LIKE.search(results["headline"]), results["headline"]
    assert re.search(r" in \d+ (h|min)", results["headline"]), results["headline"]
    extras = " ".join(row["cells"][added] for row in results["rows"])
    assert "+6 min Check Point" in extras and not CLOCK_LIKE.search(extras), extras

    chart = page["table"]["time_chart"]
    assert [r["racing_time"] for r in chart] and all(IN_UNITS.match(r["racing_time"]) for r in chart)
    for r in chart:
        for st in r["stages"]:
            assert CLOCK.match(st["start"]) and CLOCK.match(st["finish"]), st
            assert not CLOCK_LIKE.search(st["notes"]), st["notes"]
    assert all("finished in " in d["note"] and not CLOCK_LIKE.search(d["note"]) for d in page["distance"])


def test_a_length_of_time_is_a_duration() -> None:
    """A decision's time comes from its move in seconds (issue 29) and is said in units, as
    the terminal says it (Legend's words), never as a clock."""
    from autodromo_web.games.legend.stage import duration

    assert [duration(s) for s in (30, 360, 1080, 2730, 3630, 3600)] == \
        ["30 s", "6 min", "18 min", "45 min 30 s", "1 h 00 min 30 s", "1 h 00 min"]


def test_the_roadside_stop_says_its_time_in_minutes(client: Any) -> None:
    gid = stage_race(client, [{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 2)
    for _ in range(60):
        page = client.get(f"/api/games/{gid}?seat=0&page=1").json
        stop = [d for d in page.get("decisions") or [] if d["text"].startswith("Roadside stop")]
        if stop:
            break
        if page.get("decisions"):
            client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": page["decisions"][0]["id"]})
        else:
            client.post(f"/api/games/{gid}/advance", json={"steps": 1})
    else:
        raise AssertionError("the roadside stop was never offered")
    assert "+3 min off the road" in stop[0]["detail"], stop[0]
    assert not CLOCK_LIKE.search(stop[0]["detail"])
