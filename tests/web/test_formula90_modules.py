"""Race! Formula 90's advanced modules on the page (issue 15): the lobby names each module with
its help; the board and the chart show the weather track and its sky, the tyres, the flags on
the sections and the cars, each driver's skill with its chit's state, the strategy, each with
the book's words; a Free Practice choice says what it means. Through the API's page form."""

from __future__ import annotations

import json
from typing import Any

from autodromo.formula90 import words
from autodromo_web.games.formula90 import core_options
from autodromo_web.games.formula90.glossary import FLAGS, MODULES, SKILLS


def create(client: Any, options: dict[str, Any], seats: int = 2, humans: int = 1, seed: int = 3, **extra: Any) -> str:
    body = {"game": "formula90", "seed": seed, "options": options,
            "seats": [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "medium"}] * (seats - humans), **extra}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.json
    return str(made.json["id"])


def page(client: Any, gid: str, seat: int | None = 0) -> dict[str, Any]:
    who = "" if seat is None else f"&seat={seat}"
    doc: dict[str, Any] = client.get(f"/api/games/{gid}?since=0&page=1{who}").json
    return doc


def test_the_lobby_says_what_every_advanced_module_does_without_the_books_index(client: Any) -> None:
    f90 = next(g for g in client.get("/api/catalogue").json["games"] if g["id"] == "formula90")
    options = {o["key"]: o for o in f90["options"]}
    # Every module this build of the core has (a module being built appears once it lands).
    built = [key for key in MODULES if key in core_options()]
    assert {"race_length", "free_practice", "strategies", "weather", "flags", "safety_car", "track_powers",
            "tyre_table"} <= set(built)
    for key in built:
        # Issue 32 item 4: the meaning in players' words; the book's section is the lessons'.
        assert options[key]["help"] == MODULES[key]["text"], key
        assert MODULES[key]["source"] not in options[key]["help"], key


def test_the_weather_choice_follows_the_track_or_turns_the_module_off(client: Any) -> None:
    lago = create(client, {"weather": "printed", "turns": 2})
    assert client.get(f"/api/games/{lago}?since=0").json["options"]["weather"] is True
    off = create(client, {"weather": "off", "turns": 2})
    assert client.get(f"/api/games/{off}?since=0").json["options"]["weather"] is False
    # The second track prints no weather table: "where the track prints one" races it dry.
    colline = create(client, {"track": "colline", "weather": "printed", "turns": 2})
    assert client.post(f"/api/games/{colline}/advance", json={"steps": 40}).status_code == 200
    assert page(client, colline)["table"]["conditions"]["weather"] is None
    refused = client.post("/api/games", json={"game": "formula90", "seats": [{"kind": "human"}, {"kind": "human"}],
                                              "options": {"track": "colline", "weather": True}})
    assert refused.status_code == 400 and "weather" in refused.json["error"]


def to_the_race(client: Any, gid: str) -> dict[str, Any]:
    """Bots' race advanced to its first game turn: the core's view then."""
    while True:
        view: dict[str, Any] = client.get(f"/api/games/{gid}?since=0").json["view"]
        if view["turn"] > 0:
            return view
        assert client.post(f"/api/games/{gid}/advance", json={"steps": 1}).json["advanced"] == 1


def test_the_weather_track_and_each_cars_tyres_are_shown_with_their_help(client: Any) -> None:
    gid = create(client, {"turns": 3}, seats=2, humans=0)
    view = to_the_race(client, gid)
    p = page(client, gid, None)
    w = p["table"]["conditions"]["weather"]
    assert [s["number"] for s in w["spaces"]] == list(range(1, len(view["weather"]["table"]) + 1))
    assert [s["number"] for s in w["spaces"] if s["here"]] == [view["weather"]["space"]]
    assert w["sky"] == view["weather"]["sky"] and w["sky"] in w["text"]
    assert w["help"].startswith("Weather: The weather pawn") and "Condições do Tempo" not in w["help"]
    assert "Pneus dos robôs" not in w["robot_help"] and w["robot_help"]
    by_name = {c["name"]: c for c in view["cars"]}
    for car in p["table"]["cars"]:
        core = by_name[car["name"]]
        if core.get("seat") is not None:
            assert car["tyre"]["type"] == core["tyre"], car["name"]
            assert car["target"]["name"] == core["target"]["name"] and car["strategy"] == core["strategy"]
            assert car["tyre"]["help"].startswith(car["tyre"]["type"].capitalize() + " tyres")
        else:
            assert car["tyre"]["type"] == view["weather"]["robot_tyres"]
    assert p["table"]["conditions"]["stage"]["text"] == "Race Stage 1"


def flagged_position(client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A two-player race at its first turn, edited: a yellow flag in the first corner behind its
    first car (or at its front), Blue holding a blue flag and the orange pawn, rain, and Blue's
    Versatility used."""
    body = {"game": "formula90", "seed": 4, "options": {"turns": 4},
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    gid = str(client.post("/api/games", json=body).json["id"])
    while client.get(f"/api/games/{gid}?since=0").json["view"]["turn"] == 0:
        view = client.get(f"/api/games/{gid}?since=0").json["view"]
        seat = 0 if view["to_move"] == "Blue" else 1
        first = client.get(f"/api/games/{gid}?since=0&seat={seat}").json["legal"][0]
        assert client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": first["id"]}).status_code == 200
    # Both players agree that the position (every hand) may be read before the end.
    for seat in (0, 1):
        assert client.post(f"/api/games/{gid}/consent", json={"seat": seat}).status_code == 200
    position = json.loads(client.get(f"/api/games/{gid}/position").data)
    view = client.get(f"/api/games/{gid}?since=0").json["view"]
    corner = next(s for s in view["sections"] if s["kind"] == "corner")
    behind = 1 if corner["cars"] and corner["trajectories"] == [] else 0
    position["flags"]["yellow"] = [{"section": corner["number"], "behind": behind}]
    position["flags"]["orange"] = "Blue"
    rain = next(i for i, s in enumerate(view["weather"]["table"]) if s["sky"] == "rain")
    position["weather"]["space"] = rain + 1
    for car in position["cars"]:
        if car["name"] == "Blue":
            car.update({"blue_flag": True, "skill": "Versatility", "skill_used": True})
    return body, position


def test_flags_rain_and_a_used_skill_are_on_the_board_and_the_chart(client: Any) -> None:
    body, position = flagged_position(client)
    made = client.post("/api/games", json={**body, "position": position})
    assert made.status_code == 201, made.json
    t = page(client, str(made.json["id"]))["table"]
    c = t["conditions"]
    corner = position["flags"]["yellow"][0]["section"]
    section = next(s for s in t["sections"] if s["number"] == corner)
    assert section["yellow"] == position["flags"]["yellow"][0]["behind"]
    assert c["flags"]["yellow"][0]["section"] == corner and section["name"] in c["flags"]["yellow"][0]["text"]
    assert c["flags"]["blue"] == ["Blue"] and c["flags"]["orange"] == "Blue"
    assert "blue flag: Blue" in c["flags"]["text"] and "orange flag: Blue" in c["flags"]["text"]
    assert c["weather"]["sky"] == "rain" and "-20 on every test" in c["weather"]["text"]
    blue = next(car for car in t["cars"] if car["name"] == "Blue")
    assert [f["flag"] for f in blue["flags"]] == ["blue", "orange"]
    assert blue["skill"] == {"name": "Versatility", "state": "used until the next pit stop", "used": True,
                             "help": blue["skill"]["help"]}
    assert blue["skill"]["help"] == f"Versatility: {SKILLS['Versatility']['text']}"
    # Hard tyres in the rain lose 2 MP: the chart says so.
    assert blue["tyre"]["loss"] == 2 and "−2 MP in rain" in blue["tyre"]["text"]
    for e in (FLAGS["yellow"], FLAGS["blue"], FLAGS["orange"]):
        assert f"{e['title']}: {e['text']}" in t["glossary"], e["title"]
        assert not any(e["source"] in line for line in t["glossary"]), e["title"]


def test_sixth_sense_shows_the_flag_tokens_left_and_offers_them_with_their_meaning(client: Any) -> None:
    # R142 (A34): one yellow, one green, one blue token; the green used since the last stop. The
    # driver about to declare its turn holds the skill.
    body, position = flagged_position(client)
    assert position["phase"]["at"] == "declare", position["phase"]
    who = position["phase"]["car"]
    for car in position["cars"]:
        if car["name"] == who:
            car.update({"skill": "Sixth Sense", "skill_used": False, "sixth_sense_used": ["green"]})
    made = client.post("/api/games", json={**body, "position": position})
    assert made.status_code == 201, made.json
    gid = str(made.json["id"])
    p = page(client, gid, seat=["Blue", "Orange"].index(who))
    mine = next(car for car in p["table"]["cars"] if car["name"] == who)
    assert mine["skill"]["state"] == "flag tokens left: yellow, blue" and mine["skill"]["tokens"] == ["yellow", "blue"]
    assert mine["skill"]["help"] == f"Sixth Sense: {SKILLS['Sixth Sense']['text']}"
    assert "not built yet" not in SKILLS["Sixth Sense"]["text"]
    tokens = {d["text"]: d for d in p["decisions"] if "flag token" in d["text"]}
    assert sorted(tokens) == ["Use the blue flag token (Sixth Sense)", "Use the yellow flag token (Sixth Sense)"], tokens
    assert all(d["kind"] == "skill" and d["detail"] == SKILLS["Sixth Sense"]["text"] for d in tokens.values())


def test_free_practice_choices_say_what_they_mean(client: Any) -> None:
    gid = create(client, {"turns": 2})
    decisions = page(client, gid)["decisions"]
    skills = [d for d in decisions if d["text"].startswith("Skill ")]
    assert len(skills) == 10 and all(d["kind"] == "practice" for d in skills)
    reflexes = next(d for d in skills if d["text"] == "Skill Reflexes")
    assert reflexes["detail"] == "+20 on every test: checks, late brakes, recoveries, the leader check."


def test_a_weather_step_says_where_the_pawn_goes_and_what_the_robots_do(client: Any) -> None:
    gid = create(client, {"turns": 6}, seed=3)
    for _ in range(60):
        p = page(client, gid)
        steps = {d["text"]: d["detail"] for d in p["decisions"] if d["kind"] == "weather"}
        if steps:
            break
        assert client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": p["decisions"][0]["id"]}).status_code == 200
    else:
        raise AssertionError("no weather icon in the first 60 decisions of this seed")
    w = client.get(f"/api/games/{gid}?since=0").json["view"]["weather"]
    table = w["table"]
    wetter = table[w["space"]]  # the next space, counted from 1
    assert steps["Weather unchanged"] == f"stays on space {w['space']}: {w['sky']}"
    assert steps["Weather one space wetter"].startswith(f"to space {w['space'] + 1} ({wetter['cf'][0]}–{wetter['cf'][1]}): {wetter['sky']}")
    robots_pit = {"dry": "hard", "rain": "rain"}.get(wetter["sky"]) not in (None, w["robot_tyres"])
    assert ("every robot pits" in steps["Weather one space wetter"]) == robots_pit


def safety_car_position(client: Any) -> tuple[dict[str, Any], dict[str, Any], int]:
    """The flagged position at the moment the Safety Car comes out in the leader's section: the
    pit window open, the line not formed yet (R114), the yellows gone."""
    body, position = flagged_position(client)
    first = client.post("/api/games", json={**body, "position": position}).json["id"]
    view = client.get(f"/api/games/{first}?since=0").json["view"]
    section = int(next(c["section"] for c in view["cars"] if c["name"] == view["leader"]))
    position["flags"]["yellow"] = []
    position["safety_car"] = {**position["safety_car"], "out": True, "section": section, "pit_window": True}
    return body, position, section


def test_the_safety_car_is_drawn_ahead_of_the_leader_with_its_help(client: Any) -> None:
    body, position, section = safety_car_position(client)
    made = client.post("/api/games", json={**body, "position": position})
    assert made.status_code == 201, made.json
    t = page(client, str(made.json["id"]))["table"]
    sc = t["conditions"]["safety_car"]
    here = next(s for s in t["sections"] if s["number"] == section)
    assert sc["out"] and sc["section"] == section
    assert sc["text"] == f"out, in section {section} {here['name']}; the pit window is open"
    assert sc["help"].startswith("Safety Car: It comes out at once") and "Realinhamento" not in sc["help"]
    assert [s["number"] for s in t["sections"] if s["safety_car"]] == [section]
    # Its points: the sections whose recovery charts can call it (the track's content).
    core = client.get(f"/api/games/{made.json['id']}?since=0").json["view"]
    assert [s["number"] for s in t["sections"] if s["safety_car_point"]] == \
        [s["number"] for s in core["sections"] if s["safety_car_point"]] != []
    assert any("Safety Car:" in line for line in t["glossary"])
    # Without the module the page shows no Safety Car.
    off = create(client, {"turns": 2, "safety_car": False})
    assert page(client, off)["table"]["conditions"]["safety_car"] is None


def test_the_turn_before_a_race_stage_the_safety_car_announces_the_restart(client: Any) -> None:
    # R118: out, it goes in at the next Race Stage and the turn after is a restart. The core says
    # when (restart_next); the page must say it above the board, with the restart's help.
    body, position, section = safety_car_position(client)
    seen = []
    for turn in range(1, 30):
        # The full race (its Race Stages), from the flagged position of a short one.
        made = client.post("/api/games", json={**body, "options": {}, "position": {**position, "turn": turn}})
        if made.status_code != 201:
            continue
        gid = made.json["id"]
        core = client.get(f"/api/games/{gid}?since=0").json["view"]["safety_car"]
        sc = page(client, str(gid))["table"]["conditions"]["safety_car"]
        assert ("a restart next turn" in sc["text"]) == bool(core["restart_next"]), (turn, sc["text"])
        seen.append(bool(core["restart_next"]))
    assert True in seen and False in seen, "some turn before a Race Stage and some not"


def safety_car_seed() -> int:
    import autodromo
    from autodromo.race import Race

    for seed in range(1, 200):
        race = Race(autodromo.game("formula90", players=2), ["medium", "medium"], seed=seed)
        race.advance()
        if any(e["kind"] == "safety_car_line" for e in words.steps(race.state.log(None))):
            return seed
    raise AssertionError("no Safety Car in 199 races")


def test_a_bots_race_under_the_safety_car_shows_it_leading_the_line(client: Any) -> None:
    # The first seed whose race of two medium bots (every module, the Lago) brings the Safety Car
    # out and lines the field up behind it, found by the same loop the page plays through.
    gid = create(client, {}, seats=2, humans=0, seed=safety_car_seed())
    for _ in range(600):
        t = page(client, gid, None)["table"]
        sc = t["conditions"]["safety_car"]
        if sc["out"] and "pit window" not in sc["text"]:
            break
        assert client.post(f"/api/games/{gid}/advance", json={"steps": 5}).json["advanced"] > 0, "no Safety Car"
    leader = next(c for c in t["cars"] if c["name"] == t["leader"])
    assert [s["number"] for s in t["sections"] if s["safety_car"]] == [sc["section"]] == [leader["section"]]
    log = page(client, gid, None)["log"]
    assert any("crashed at a Safety Car point" in e["text"] and e["strong"] for e in log)
    assert any("lines up behind the Safety Car" in e["text"] for e in log)


def test_the_safety_car_is_not_mentioned_above_the_board_while_it_waits(client: Any) -> None:
    gid = create(client, {"turns": 3}, seats=2, humans=0)
    to_the_race(client, gid)
    sc = page(client, gid, None)["table"]["conditions"]["safety_car"]
    assert sc["out"] is False and sc["text"] == ""


def test_the_extreme_trajectories_are_shown_with_their_help(client: Any) -> None:
    body, position = flagged_position(client)
    gid = client.post("/api/games", json={**body, "position": position}).json["id"]
    core = client.get(f"/api/games/{gid}?since=0").json["view"]
    spots = [s for s in core["sections"] if s.get("extreme")]
    assert len(spots) == 2, "the Lago prints two Extreme Trajectories"
    t = page(client, str(gid))["table"]
    shown = {s["number"]: s["extreme"] for s in t["sections"] if s["extreme"]}
    assert set(shown) == {s["number"] for s in spots}
    for spot in spots:
        e = shown[spot["number"]]
        colours = "/".join(spot["extreme"]["colours"])
        assert e["text"].startswith(f"Extreme Trajectory +{spot['extreme']['bonus']} for {colours}, blind test ")
        assert e["taken_by"] == spot["extreme"]["taken_by"]
        assert e["help"].startswith("Extreme Trajectory: The diamond") and "Trajetórias Extremas" not in e["help"]
    assert any("Extreme Trajectory:" in x for x in t["glossary"])
