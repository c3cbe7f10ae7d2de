"""Issue 29: Legend's words (autodromo/legend/words.py) word every move and every event the core
gives, from their kinds and references alone: no kind left as a raw name, no id, and the Check
Point's six minutes said before the click."""

from __future__ import annotations

import random
from typing import Any

import autodromo
from autodromo import locale
from autodromo.legend import words

CARS = ["bugatti_type_35", "alfa_8c_2300", "fiat_1100s"]


def play(options: dict[str, Any], seed: int) -> tuple[list[str], list[str]]:
    """A random race: every move's line and every event's lines."""
    g = autodromo.game("legend", cars=CARS, **options)
    s = g.new_state()
    rng = random.Random(seed)
    lines: list[str] = []
    while not s.is_terminal() and len(s.history()) < 1200:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        seat = s.current_player()
        moves = s.moves(seat)
        lines += [words.move_line(m) for m in moves]
        s.apply_action(rng.choice(moves)["action"])
    names = [c["name"] for c in s.view(None)["cars"]]
    logged = [line for e in s.log() for line in words.event_words(e, lambda k: names[k])]
    return lines, logged


def test_every_move_and_event_is_worded_without_a_raw_kind_or_id() -> None:
    ids = set(CARS)
    races: list[tuple[dict[str, Any], int]] = [({"circuit": "example", "laps": 1}, 1), ({"route": "coppa_breve"}, 2)]
    told: list[str] = []
    for options, seed in races:
        lines, logged = play(options, seed)
        assert lines and logged
        told += logged
        for line in lines + logged:
            assert "_" not in line, line
            assert not any(i in line for i in ids), line
    # A Damage card says what it does from its face in the event: no surface reads the deck.
    assert any(line.startswith("Damage card for ") and line.endswith(")") for line in told), told
    assert any(line.startswith("Weather: the die shows ") for line in told)


def test_the_check_point_penalty_is_worded_with_its_time() -> None:
    move = {"kind": "brake", "by": 0, "car": 0, "leads_to": {"car": {"speed": 4}, "movement_points": 2},
            "costs": {"time": 360, "time_parts": {"check_point": 360}},
            "risks": [{"kind": "check_point_penalty", "car": 0, "speed": 4, "speed_limit": 2, "time": 360,
                       "probability": 1.0, "rule": "Check Point"}]}
    assert words.move_line(move) == ("no braking  (speed 4, 2 MP to move, +6 min Check Point penalty)"
                                     " — Check Point: crossing at speed 4 over its limit 2 costs +6 min")


def test_a_length_of_time_is_said_in_its_units() -> None:
    assert [words.duration(s) for s in (360, 45, 3630, 3600, -45, None)] == [
        "6 min", "45 s", "1 h 00 min 30 s", "1 h 00 min", "-45 s", "—"]


def test_the_pages_table_log_and_results_words_come_from_the_catalogue() -> None:
    """The page's own texts (issue 29 item 3): a car's place, the turn its pin shows, a decision's
    effect on the Dashboard, a retirement at the round's end and a tie, each from one key."""
    car = {"status": "off_road", "lap": 2, "row": 4, "lane": 0}
    assert words.where(car, 3) == "lap 2, row 5, left lane (stopped off the road)"
    assert words.where({**car, "status": "retired"}, 3) == "retired"
    assert words.next_turn({"rows": 1, "rating": "B", "safe_speed": 4}) == "next turn B in 1 row: safe speed 4"
    assert words.next_turn({"rows": 0, "rating": None}) == "next turn now: its marker cannot be read"
    before = {"speed": 4, "temperature": 2, "engine": 5, "brakes": 5, "tires": 16}
    after = {"speed": 7, "temperature": 3, "engine": 4, "brakes": 5, "tires": 16}
    assert words.dashboard_change(before, after, 7) == "speed 4 → 7, Temperature +1, −1 Engine, 7 MP"
    # "the last three positions are the red zone" (dashboard.toml): heat there retires a car with no Engine left
    cause = words.retirement_cause("round_end", 5, 7, True)
    assert cause == "at the end of round 5, Temperature 7 in the red zone cost an Engine point it did not have"
    assert words.effect("retires", "Bugatti", cause="x") == "Bugatti retires: x"
    # "the winner is the car that has advanced the farthest beyond the finish line" (Track Race)
    assert words.tie_words(9, "Ada", 3, 1) == "both over the line in round 9: Ada went further past it (3 spaces to 1)"
    assert [words.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]
    assert words.result_status(False, None) == "retired: out of the race"


def test_a_stage_races_page_words_come_from_the_catalogue() -> None:
    """A Stage race on the page: the Chrono, the line ahead, the Time Chart's additions and the
    tiebreak (docs/rules/legend.md decision 61), said in units, never "18:00" for 18 minutes."""
    check_point = {"finish": "checkpoint", "speed_limit": 2, "length": 40}
    assert words.chrono("17:51", True, True) == "17:51, night, fog"
    assert words.rows_to(check_point, 2) == "rows to the Check Point (speed limit 2), then 2 stages"
    assert words.rows_to({"finish": "arrivo"}, 0) == "rows to the Arrivo"
    assert words.time_added(360, 0, 45) == ["+6 min Check Point", "−45 s residual MPs"]
    assert words.stage_tie(None, 2880, 2880, "18:18", "18:21", "Bot 1") == \
        "both 48 min of racing time: Bot 1 crossed the last line earlier (18:18 to 18:21 on the Chrono)"
    car = {"status": "off_road", "row": 3, "lane": 2}
    assert words.stage_where(car, {}, check_point, 3) == "row 4 of 40, right lane (stopped off the road)"
    assert words.stage_headline(None, "Mille Miglia", "Bugatti", False, None) == "Nobody finished the route"


def test_the_championships_words_come_from_the_catalogue() -> None:
    """Around the races: the Spare Part auction, the repairs between races ("repair up to 4
    points among Engine, Brakes and Tyres") and the standings, each from one key."""
    assert words.auction_choice("stand", bid=1) == "Stand on your bid (1 card)"
    assert words.auction_told("pass", "Ada", None) == "Ada passes on the car"
    assert words.auction_told("add", "Ada", "Bugatti", part="Luxor") == "Ada adds Luxor to the bid for the Bugatti"
    repair = words.repair_words("Luxor", {"engine": 2, "brakes": 0, "tires": 1}, [])
    assert repair == "collects Luxor; repairs Engine +2, Tyres +1"
    assert words.repair_words(None, {}, []) == "no repair"
    assert words.standings_columns(2) == ["Place", "Player", "Car", "Race 1", "Race 2", "Points"]
    assert words.race_starts(0, 2, "Circuito di Castelrosso") == "Race 1 of 2 starts: Circuito di Castelrosso"


def test_the_auctions_moves_say_what_each_label_means() -> None:
    """The Spare Part auction gives each legal action its meaning beside its label, in the same
    order, so the page words a bid without reading the label back."""
    from autodromo.legend import Auction

    auction = Auction(cars=["bugatti_type_35", "alfa_8c_2300"], players=2, seed=1)
    moves = auction.moves()
    assert [m["label"] for m in moves] == auction.legal_actions()
    assert {m["kind"] for m in moves} <= {"add", "stand", "pass", "attach"}
    assert all(m["label"] == f"add {m['part']}" for m in moves if m["kind"] == "add")


def test_the_help_goes_through_the_catalogue() -> None:
    """The page's help (how to play, each phase, each group of decisions) is Legend's words too:
    in the pseudo language every paragraph comes out altered; a phase with no paragraph reads as
    the other cars moving."""
    from autodromo import locale

    assert words.phase_help("no such phase") == words.phase_help("in progress")
    with locale.use(locale.PSEUDO):
        texts = [*words.how_to_play(), words.phase_help("entry line"), *words.decisions_help().values()]
    assert all(t.startswith("[") and t.endswith("]") for t in texts)


def test_the_weather_roll_names_the_weather_in_the_readers_language() -> None:
    # The view names the weather in the core's terms (fog included); the log says it in words.
    roll = {"kind": "weather_roll", "value": 5, "rain": 1}
    with locale.use("it"):
        assert words.chance_words(roll, str, "light rain") == "Meteo: il dado dà 5 → pioggia leggera"
        assert words.chance_words({**roll, "rain": 0}, str, "fog").endswith("→ nebbia")
    with locale.use("pt"):
        assert words.chance_words(roll, str, "light rain").endswith("→ chuva fraca")


CAR = {"name": "Bugatti Type 35", "driver": "Ada", "neutral": False, "speed": 4, "top_speed": 8, "where": "lap 1, row 3, left lane",
       "temperature": 3, "engine": 5, "engine_max": 6, "brakes": 4, "brakes_max": 5, "tires": -1, "flat_tire": True,
       "battery_ok": True, "headlights_ok": False, "acceleration": 3, "braking": 4, "best_line": True, "spares": []}
DASH = {"temperature_max": 7, "tires_max": 6}


def test_the_pages_script_writes_only_words_from_the_catalogue() -> None:
    """Issue 31: what legend.js and legend/event.js show beside the figures (the Dashboard's
    needles, the cars' table, the board's key, a stage's heading, the auction and the repairs)
    comes worded from the catalogue, in the reader's language: the pseudo language alters every
    one; Italian names the Dashboard as the Italian terms do (docs/rules/legend.md)."""
    stage = {"number": 2, "of": 3, "name": "Roma", "length": 40, "finish": "checkpoint", "speed_limit": 4}
    sale = {"name": "Bugatti", "year": 1927, "performance": 9, "ranking": 15, "reliability": 8, "top_speed": 8}

    def made() -> list[str]:
        def flat(x: Any) -> list[str]:
            return [s for v in x.values() for s in flat(v)] if isinstance(x, dict) else \
                [s for v in x for s in flat(v)] if isinstance(x, list) else [x]
        # A line of parts is joined by " · " (the circuit's name, a proper name, stays as it is).
        lines = [words.track_line("example", 2, "light rain", "Bugatti", 4), words.stage_line(stage, "fog", True, None, None)]
        return [p for line in lines for p in line.split(" · ") if p != "example"] + [t for t in flat([
            words.script_words(), {k: v for k, v in words.car_words(CAR, DASH).items() if k != "name"},
            words.car_words({**CAR, "neutral": True}, DASH)["name"],
            words.stage_title("Mille Miglia", stage), words.stage_board(stage), words.chrono_label("17:51"),
            words.start_times([("Bugatti", "17:33")]), words.time_chart_columns(3)[2], words.time_chart_retired("18 min"),
            words.event_script_words(), words.sale_words(sale, 1, 4, True), words.bidder_words(None, False, 2),
            words.bidder_words("Bugatti", False, 0), words.bidder_words(None, True, 0),
            words.attached_words([("Bugatti", ["Luxor"])]), words.repair_car_words(CAR, True), words.spare_use("Luxor", 1),
            words.champion("Ada")]) if t]

    english = made()
    assert "Tyres: FLAT" in english and "weather light rain" in english and "Bugatti: 4 MP left" in english
    with locale.use(locale.PSEUDO):
        pseudo = made()
    assert len(pseudo) == len(english) and [t for t in pseudo if not (t.startswith("[") and t.endswith("]"))] == []
    with locale.use("it"):
        assert words.car_words(CAR, DASH)["dashboard"] == "Temperatura 3, Motore 5, Freni 4, Pneumatici forati"
        assert words.script_words()["columns"][-1] == "Cruscotto"
    with locale.use("pt"):
        assert words.car_words(CAR, DASH)["dashboard"] == "Temperatura 3, Motor 5, Freios 4, Pneus furados"


def test_a_cards_name_is_read_in_the_readers_language_from_its_content() -> None:
    """docs/content/names.md: a Damage or Event card names itself in each language in its content
    file (``names``); its ``name`` is the English and any other language's fallback."""
    card = {"id": "nuvole_sulla_futa", "name": "Nuvole sul passo della Futa (clouds over the Futa pass)"}
    draw = {"kind": "event_card", "card": {**card, "temperature": 0, "tires": 0, "engine": 0, "weather_roll": True}}
    assert words.card_name(card) == card["name"]
    with locale.use("it"):
        assert words.card_name(card) == "Nuvole sul passo della Futa"
        assert "clouds" not in words.chance_words(draw, str)
    with locale.use("pt"):
        assert words.chance_words(draw, str).startswith("Carta de Evento: Nuvole sul passo della Futa (nuvens sobre")
    with locale.use(locale.PSEUDO):
        assert words.card_name(card) == card["name"]
    assert words.card_name({"id": "a user's card", "name": "Fango"}) == "Fango"
