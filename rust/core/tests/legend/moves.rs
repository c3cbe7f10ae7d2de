//! The vocabulary over random races (issue 29): every legal action of the seat to act has exactly
//! one move, of a documented kind, naming a car model and spare parts that exist, and what it
//! says it leads to is where the car stands when its next decision comes; the Check Point's 6
//! minutes are declared before the click; and the chance a move declares of its Damage cards
//! retiring the car agrees with drawing them many times from that position.

use crate::moves_support::checked_moves;
use crate::support::*;
use autodromo_core::legend::car::{Status, SPARE_PARTS, SPARE_PART_IDS};
use autodromo_core::legend::moves::{MOVE_KINDS, RISK_KINDS};
use autodromo_core::legend::stage::{CHECK_POINT_LINE, CHECK_POINT_PENALTY};
use autodromo_core::legend::{LegendState, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Player, State};
use serde_json::{json, Value};

fn check_moves(s: &LegendState, seen: &mut std::collections::BTreeSet<String>) {
    let Some((seat, moves)) = checked_moves(s, s.cars.len(), &MOVE_KINDS, seen) else {
        return;
    };
    for m in &moves {
        let a = m["action"].as_u64().unwrap() as u32;
        assert_eq!(m["car"], seat, "{m}: a seat drives its own car");
        let spec = s.race.spec(seat);
        assert_eq!(m["model"], json!({"id": spec.id, "name": spec.name}), "{m}");
        assert_ne!(
            m["model"]["name"], m["model"]["id"],
            "{m}: a name, not an id"
        );
        if let Some(p) = m.get("part") {
            let k = SPARE_PART_IDS
                .iter()
                .position(|id| p["id"] == *id)
                .unwrap_or_else(|| panic!("{m}: an unknown part"));
            assert_eq!(p["name"], SPARE_PARTS[k], "{m}");
        }
        for r in m["risks"].as_array().unwrap() {
            assert!(RISK_KINDS.contains(&r["kind"].as_str().unwrap()), "{m}");
            assert!(r["rule"].as_str().is_some_and(|t| !t.is_empty()), "{m}");
            match &r["probability"] {
                Value::Null => assert_eq!(r["kind"], "check_point_penalty", "{m}"),
                p => assert!((0.0..=1.0).contains(&p.as_f64().unwrap()), "{m}"),
            }
        }
        let mut after = s.clone();
        after.apply_action(a).unwrap();
        // Where the car's next decision (or its Damage card) comes in the same activation, the
        // car is what the move said it leads to.
        let same_activation = after.round == s.round
            && (after.current_player() == Player::Seat(seat as u8)
                || matches!(after.phase, Phase::Damage { .. }));
        if same_activation && s.racing {
            let c = &after.cars[seat];
            let to = &m["leads_to"]["car"];
            assert_eq!(
                (&to["row"], &to["lane"], &to["speed"], &to["temperature"]),
                (
                    &json!(c.cell.row),
                    &json!(c.cell.lane),
                    &json!(c.speed),
                    &json!(c.temperature)
                ),
                "{m}"
            );
            assert_eq!(
                (&to["engine"], &to["brakes"], &to["tires"]),
                (&json!(c.engine), &json!(c.brakes), &json!(c.tires)),
                "{m}"
            );
            let b = &s.cars[seat];
            let lost = i64::from(b.engine) - i64::from(c.engine);
            assert_eq!(
                m["costs"]
                    .get("engine")
                    .and_then(Value::as_i64)
                    .unwrap_or(0),
                lost.max(0),
                "{m}"
            );
        }
        let crashed = after.cars[seat].crashes > s.cars[seat].crashes;
        let declared = m["risks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["kind"] == "crash");
        assert!(!crashed || declared, "{m}: a crash not declared");
    }
}

fn play(options: Value, seed: u64, stage: bool, seen: &mut std::collections::BTreeSet<String>) {
    let mut s = if stage {
        stage_race(options)
    } else {
        race(options)
    };
    play_randomly(&mut s, seed, |s| check_moves(s, seen));
}

#[test]
fn every_legal_action_has_one_move_that_says_what_it_leads_to() {
    let mut seen = std::collections::BTreeSet::new();
    let cars = ["bugatti_type_35", "alfa_8c_2300", "fiat_1100s"];
    for seed in 0..4u64 {
        play(
            json!({"circuit": "example", "cars": cars, "laps": 1,
                   "realistic_collisions": seed % 2 == 0, "priority_bid": seed % 2 == 1,
                   "setups": [{"tires": "wet", "mixture": "rich"}, null, null]}),
            seed,
            false,
            &mut seen,
        );
        play(
            json!({"route": "coppa_breve", "cars": cars}),
            seed + 10,
            true,
            &mut seen,
        );
    }
    for kind in [
        "split_reliability",
        "accelerate",
        "maintain",
        "brake",
        "drive_to",
        "stop_to_cool",
        "roadside_stop",
        "power_out",
    ] {
        assert!(seen.contains(kind), "{kind} never seen in {seen:?}");
    }
}

#[test]
fn a_seat_not_in_the_race_is_refused() {
    let s = race(json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"]}));
    assert!(s.moves(2).is_err());
}

/// The case: at speed 4 towards a Check Point whose limit is 2.
#[test]
fn the_check_point_penalty_is_declared_before_the_click() {
    // "The Check Point line must be crossed at speed 2 or lower, as indicated by the speed limit
    // on the finish marker. Exceeding the speed limit results in a 6-minute penalty to be added
    // to the stage finish time."
    let mut s = controllo(json!({"cars": ["bugatti_type_35", "alfa_8c_2300"]}));
    let line = s.race.track_for(0).len() - 1;
    place_on_road(&mut s, 0, line - 2, 1, 4);
    s.begin_activation(0);
    let moves = s.moves(0).unwrap();
    let maintain = moves.iter().find(|m| m["kind"] == "maintain").unwrap();
    let risk = maintain["risks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "check_point_penalty")
        .unwrap_or_else(|| panic!("{maintain}: the penalty ahead is not declared"));
    assert_eq!(risk["speed_limit"], 2, "{risk}");
    assert_eq!(risk["time"], CHECK_POINT_PENALTY, "{risk}");
    assert_eq!(risk["speed"], 4, "{risk}");
    act(&mut s, "maintain");
    let lane = s.cars[0].cell.lane;
    while s.phase == (Phase::Step { car: 0 }) {
        act(&mut s, &format!("move to lane {lane}"));
    }
    assert_eq!(
        s.phase,
        Phase::EntryLine {
            car: 0,
            turn: CHECK_POINT_LINE
        }
    );
    // At the line: not braking crosses at 4, six minutes certain; braking 2 costs none.
    let moves = s.moves(0).unwrap();
    let none = moves
        .iter()
        .find(|m| m["kind"] == "brake" && m["by"] == 0)
        .unwrap();
    assert_eq!(none["line"]["speed_limit"], 2, "{none}");
    assert_eq!(none["costs"]["time"], CHECK_POINT_PENALTY, "{none}");
    assert_eq!(
        none["costs"]["time_parts"]["check_point"], CHECK_POINT_PENALTY,
        "{none}"
    );
    let certain = none["risks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "check_point_penalty")
        .unwrap();
    assert_eq!(certain["probability"], 1.0, "{none}");
    let two = moves
        .iter()
        .find(|m| m["kind"] == "brake" && m["by"] == 2)
        .unwrap();
    assert!(two["costs"].get("time").is_none(), "{two}");
    assert!(
        two["risks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["kind"] != "check_point_penalty"),
        "{two}"
    );
    let before = s.record(0, 0).penalty;
    act(&mut s, "no braking");
    let lane = s.cars[0].cell.lane;
    while s.phase == (Phase::Step { car: 0 }) {
        act(&mut s, &format!("move to lane {lane}"));
    }
    assert_eq!(s.record(0, 0).penalty - before, CHECK_POINT_PENALTY);
}

/// Draws every Damage card due after `a`, as the race does, and says whether `car` retired.
fn retires_once_drawn(s: &LegendState, a: u32, car: usize, rng: &mut SplitMix64) -> bool {
    let mut t = s.clone();
    t.apply_action(a).unwrap();
    while matches!(t.phase, Phase::Damage { .. }) {
        let k = t.sample_chance(rng).unwrap();
        t.apply_action(k).unwrap();
    }
    t.cars[car].status == Status::Retired
}

#[test]
fn a_declared_chance_of_retirement_agrees_with_the_draws() {
    // "A crash occurs whenever a car is forced off the track ... the driver draws one Damage
    // card, applies its effects"; an Engine needle pushed past its last point retires the car.
    // The car is set at one Engine point, so only the deck's heavier Engine cards retire it.
    let mut cases: Vec<(LegendState, u32, usize, f64)> = Vec::new();
    let cars = [
        "bugatti_type_35",
        "alfa_8c_2300",
        "fiat_1100s",
        "porsche_550",
    ];
    'games: for seed in 0..40u64 {
        let mut s = race(json!({"circuit": "example", "cars": cars, "laps": 1,
                                 "realistic_collisions": seed % 2 == 0}));
        let mut rng = SplitMix64::new(seed + 100);
        while !s.is_terminal() && s.history().len() < 1500 {
            if let Player::Seat(seat) = s.current_player() {
                let seat = usize::from(seat);
                if s.racing && s.cars[seat].engine > 1 {
                    let mut low = s.clone();
                    low.cars[seat].engine = 1;
                    for m in low.moves(seat).unwrap() {
                        let r = m["risks"].as_array().unwrap().iter().find(|r| {
                            r["kind"] == "retirement"
                                && r["car"] == seat
                                && r["probability"]
                                    .as_f64()
                                    .is_some_and(|p| p > 0.0 && p < 1.0)
                        });
                        if let Some(r) = r {
                            let p = r["probability"].as_f64().unwrap();
                            let a = m["action"].as_u64().unwrap() as u32;
                            cases.push((low.clone(), a, seat, p));
                            break;
                        }
                    }
                    if cases.len() >= 6 {
                        break 'games;
                    }
                }
            }
            let a = match s.current_player() {
                Player::Chance => s.sample_chance(&mut rng).unwrap(),
                _ => {
                    let legal = s.legal_actions();
                    legal[(rng.next_u64() % legal.len() as u64) as usize]
                }
            };
            s.apply_action(a).unwrap();
        }
    }
    assert!(cases.len() >= 3, "only {} crashes found", cases.len());
    let n = 3000;
    for (k, (s, a, car, p)) in cases.iter().enumerate() {
        let mut rng = SplitMix64::new(7 + k as u64);
        let hits = (0..n)
            .filter(|_| retires_once_drawn(s, *a, *car, &mut rng))
            .count();
        let seen = hits as f64 / f64::from(n);
        // 99%: 2.576 standard errors of the declared chance.
        let within = 2.576 * (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!(
            (seen - p).abs() <= within,
            "{}: declared {p:.4}, seen {seen:.4} of {n} (±{within:.4})",
            s.action_to_string(*a)
        );
    }
}

#[test]
fn a_crash_is_declared_with_its_damage_card() {
    // Off the track in a drift: "you crash in the first space you exit".
    let mut s = race(json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"]}));
    let mut rng = SplitMix64::new(3);
    let mut found = false;
    while !s.is_terminal() && s.history().len() < 3000 && !found {
        if let Player::Seat(seat) = s.current_player() {
            let seat = usize::from(seat);
            for m in s.moves(seat).unwrap() {
                if m["risks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|r| r["kind"] == "crash")
                {
                    let mut t = s.clone();
                    t.apply_action(m["action"].as_u64().unwrap() as u32)
                        .unwrap();
                    assert_eq!(t.cars[seat].crashes, s.cars[seat].crashes + 1, "{m}");
                    assert_eq!(m["leads_to"]["car"]["speed"], 0, "{m}: Speed 0");
                    found = true;
                }
            }
        }
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            _ => {
                let legal = s.legal_actions();
                legal[(rng.next_u64() % legal.len() as u64) as usize]
            }
        };
        s.apply_action(a).unwrap();
    }
    assert!(found, "no crash move in a random race");
}

#[test]
fn the_overheating_declared_is_what_the_round_end_costs() {
    // "End of the round": a Temperature step on Top Speed, a rich mixture's step, then the red
    // zone's Engine points. The other car retired, each round is car 0's alone: a move that ends
    // its activation ends the round, and the Engine after it is what the move declared.
    let mut checked = 0;
    for seed in 0..12u64 {
        let mut s = race(
            json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"],
                                "laps": 2, "setups": [{"mixture": "rich"}, null]}),
        );
        let mut rng = SplitMix64::new(seed + 500);
        while !s.is_terminal() && s.history().len() < 3000 {
            if s.racing && s.cars[1].status != Status::Retired {
                s.cars[1].status = Status::Retired;
            }
            if s.racing && s.current_player() == Player::Seat(0) {
                for m in s.moves(0).unwrap() {
                    let risks = m["risks"].as_array().unwrap();
                    if risks.iter().any(|r| r["kind"] != "overheating") {
                        continue;
                    }
                    let mut t = s.clone();
                    t.apply_action(m["action"].as_u64().unwrap() as u32)
                        .unwrap();
                    if t.round == s.round {
                        continue;
                    }
                    let heat = risks.iter().find(|r| r["kind"] == "overheating");
                    let lost = heat.map_or(0, |r| r["engine"].as_u64().unwrap());
                    let engine = m["leads_to"]["car"]["engine"].as_u64().unwrap();
                    if t.cars[0].status == Status::Retired {
                        assert!(heat.is_some_and(|r| r["retires"] == true), "{m}");
                    } else {
                        assert_eq!(u64::from(t.cars[0].engine), engine - lost, "{m}");
                    }
                    checked += usize::from(heat.is_some());
                }
            }
            let a = match s.current_player() {
                Player::Chance => s.sample_chance(&mut rng).unwrap(),
                _ => {
                    let legal = s.legal_actions();
                    legal[(rng.next_u64() % legal.len() as u64) as usize]
                }
            };
            s.apply_action(a).unwrap();
        }
    }
    assert!(checked > 0, "no overheating in twelve races");
}

#[test]
fn a_plan_names_its_decisions_by_action_id_as_well() {
    // The page posts a reachable space's decisions by id, reading no label back.
    let mut s = race(json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"]}));
    let mut checked = 0;
    play_randomly(&mut s, 9, |s| {
        for p in s.plan_moves().iter().take(3) {
            let mut t = s.clone();
            assert_eq!(p.actions.len(), p.decisions.len());
            for (&a, label) in p.actions.iter().zip(&p.decisions) {
                assert_eq!(&t.action_to_string(a), label);
                t.apply_action(a).unwrap();
            }
            checked += 1;
        }
    });
    assert!(checked > 0);
}

#[test]
fn a_plan_carries_the_events_its_decisions_log() {
    // The page words a reachable space's way there from these; they must be what the race logs
    // when the plan is played.
    let mut s = race(json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"]}));
    let mut checked = 0;
    play_randomly(&mut s, 11, |s| {
        // The log is replayed from the start on each read: the first 600 decisions are enough.
        if s.history().len() >= 600 {
            return;
        }
        // Every plan: plans that share their first decisions share their events' making.
        for p in s.move_plans().iter() {
            let mut t = s.clone();
            let n = t.history().len();
            for a in p["actions"].as_array().unwrap() {
                t.apply_action(a.as_u64().unwrap() as u32).unwrap();
            }
            let logged = t.events_since(None, n);
            assert_eq!(p["steps"].as_array().unwrap(), &logged, "{p}");
            assert!(!logged.is_empty());
            checked += 1;
        }
    });
    assert!(checked > 0);
}
