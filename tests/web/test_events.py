"""Legend's whole event through the API: Racing Day, the Spare Part auction, the split, races,
the book's points, repairs between races (refused with the book's reason when out of bounds),
final standings; and an event survives a restart."""

from __future__ import annotations

from typing import Any

from autodromo.legend.championship import POINTS
from autodromo_web import create_app

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]


def body(**extra: Any) -> dict[str, Any]:
    return {"game": "legend", "mode": "historical", "era": "fifties", "circuits": ["example", "castelrosso"],
            "laps": 1, "seats": SEATS, "seed": 4, **extra}


def drive(client: Any, race: str) -> None:
    """Seat 0 drives the race to its end: the furthest reachable space, else the first choice."""
    p = client.get(f"/api/games/{race}?seat=0&page=1").json
    while p["status"] != "finished":
        if not p["decisions"]:
            # The bots wait for the page's pace: let them play.
            p = client.post(f"/api/games/{race}/advance", json={"seat": 0, "page": True}).json
            continue
        if p["plan"]:
            choice = {"plan": max(p["plan"], key=lambda x: x["progress"])["ids"]}
        else:
            choice = {"action": p["decisions"][0]["id"]}
        r = client.post(f"/api/games/{race}/actions", json={"seat": 0, "page": True, **choice})
        assert r.status_code == 200, r.json
        p = r.json


def bid(event: dict[str, Any]) -> int:
    """Two cards on a car, then stand; pass once outbid past two."""
    texts = [d["text"] for d in event["decisions"]]
    me = event["auction"]["players"][0]
    stand = next((d for d in event["decisions"] if d["text"].startswith("Stand")), None)
    if stand and me["bid"] >= 1:
        return int(stand["id"])
    if me["bid"] < 2 and any(t.startswith("Add") for t in texts):
        return int(event["decisions"][0]["id"])
    return int(next(d["id"] for d in event["decisions"] if d["text"].startswith(("Pass", "Attach"))))


def test_a_two_race_championship_with_the_auction_to_its_final_standings(tmp_path: Any) -> None:
    app = create_app({"DB": str(tmp_path / "db.sqlite3")})
    client = app.test_client()
    created = client.post("/api/events", json=body())
    assert created.status_code == 201, created.json
    eid = created.json["id"]
    stages = []
    said = []
    for _ in range(400):
        e = client.get(f"/api/events/{eid}?seat=0").json
        if not stages or stages[-1] != e["stage"]:
            stages.append(e["stage"])
            said.append(e["stage_text"])
        if e["stage"] == "over":
            break
        if e["stage"] == "race":
            drive(client, e["race"])
            continue
        assert e["to_decide"] == 0, e
        if e["stage"] == "auction":
            choice: Any = bid(e)
        elif e["stage"] == "split":
            choice = e["decisions"][len(e["decisions"]) // 2]["id"]
        else:
            assert e["repair"]["rules"]
            # Too many points: refused with the book's reason, nothing changes.
            refused = client.post(f"/api/events/{eid}/decisions",
                                  json={"seat": 0, "choice": {"engine": 3, "brakes": 3}})
            assert refused.status_code == 409 and "at most 4" in refused.json["error"]
            choice = {"collect": None, "engine": 1, "brakes": 1, "tires": 0, "spend": []}
            if e["repair"]["podium"]:
                choice = {"collect": None, "engine": 2, "brakes": 0, "tires": 0, "spend": []}
        r = client.post(f"/api/events/{eid}/decisions", json={"seat": 0, "choice": choice})
        assert r.status_code == 200, r.json
    assert stages == ["auction", "split", "race", "repairs", "race", "over"], stages
    # Issue 32 item 8: where the championship stands, counted against its length.
    assert said[2:5] == ["Race 1 of 2", "Repairs after race 1 of 2", "Race 2 of 2"], said
    final = e["standings"]
    assert final["races_done"] == 2 and final["columns"][-1] == "Points"
    totals = [int(r["cells"][-1]) for r in final["rows"]]
    assert totals == sorted(totals, reverse=True)
    # The points are the book's: each race's column sums to the points of its finishers.
    for k in range(2):
        column = sorted((int(r["cells"][3 + k]) for r in final["rows"]), reverse=True)
        assert all(p in POINTS for p in column)
    # Every name, no id: the cars are named as the content names them.
    assert all("_" not in r["cells"][2] for r in final["rows"])
    texts = [x["text"] for x in e["log"]]
    assert any("wins the" in t for t in texts) and any(t.startswith("Race 2 of 2 starts") for t in texts)
    # A restart resumes the event as it was.
    again = create_app({"DB": str(tmp_path / "db.sqlite3")}).test_client()
    assert again.get(f"/api/events/{eid}?seat=0").json["standings"] == final


def test_a_balanced_championship_needs_cars_within_three_ranking_points(client: Any) -> None:
    far = client.post("/api/events", json=body(mode="balanced", cars=["fiat_508s_balilla", "ferrari_315s", "osca_mt4"]))
    assert far.status_code == 400 and "span more than 3" in far.json["error"]
    near = client.post("/api/events", json=body(mode="balanced", cars=["osca_mt4", "porsche_550", "mercedes_ssk"]))
    assert near.status_code == 201, near.json
    e = near.json
    assert e["stage"] == "split" and "auction" not in e


def test_bad_event_requests_are_refused_with_their_reason(client: Any) -> None:
    cases = [
        (body(era="1920"), "unknown era"),
        (body(circuits=[]), "circuits"),
        (body(circuits=["nowhere"]), "circuits"),
        (body(laps=0), "laps"),
        (body(mode="chaos"), "mode"),
        ({**body(), "game": "mille_bornes", "seats": [{"kind": "human"}] * 2}, "no championship"),
        (body(seats=[{"kind": "human"}, {"kind": "bot", "bot": "neutral"}]), "Neutral"),
    ]
    for doc, reason in cases:
        r = client.post("/api/events", json=doc)
        assert r.status_code == 400 and reason in r.json["error"], (doc, r.json)
    assert client.get("/api/events").json["events"] == []


def test_only_the_seat_to_decide_decides(client: Any) -> None:
    e = client.post("/api/events", json=body()).json
    eid = e["id"]
    bot = client.post(f"/api/events/{eid}/decisions", json={"seat": 1, "choice": 0})
    # A bot's seat is nobody's (issue 32, item 7).
    assert bot.status_code == 403 and "bot" in bot.json["error"], bot.json
    wrong = client.post(f"/api/events/{eid}/decisions", json={"seat": 0, "choice": 99})
    assert wrong.status_code == 409
    assert client.get(f"/api/events/{eid}").json["log"] == e["log"]


def test_an_event_saved_with_the_older_auction_is_listed_as_broken_not_replayed(tmp_path: Any) -> None:
    # Its bids were positions in the Python auction's lists: replayed on the core's auction they
    # would buy other cars. After a restart it is listed with the reason, and nothing is replayed.
    import json
    import sqlite3

    db = tmp_path / "db.sqlite3"
    client = create_app({"DB": str(db)}).test_client()
    eid = client.post("/api/events", json=body()).json["id"]
    assert client.get("/api/events").json["broken"] == []
    with sqlite3.connect(db) as con:
        setup = json.loads(con.execute("SELECT setup FROM events WHERE id = ?", (eid,)).fetchone()[0])
        del setup["auction"]
        con.execute("UPDATE events SET setup = ? WHERE id = ?", (json.dumps(setup), eid))
    restarted = create_app({"DB": str(db)}).test_client()
    broken = restarted.get("/api/events").json["broken"]
    assert [b["id"] for b in broken] == [eid]
    assert "older version" in broken[0]["error"]
    assert restarted.get(f"/api/events/{eid}?seat=0").status_code == 404
