//! Legend positions that contradict themselves are refused (issue 36, item 9; docs/positions.md):
//! an activation or a car whose figures are not what the car's own card, its set-up cards or
//! the rules allow, each refused naming the field, the value and why; and every position a race
//! passes through is still accepted (so the checks refuse nothing the rules can reach).
//! `tests/positions.rs` checks the round trip of every game.
use autodromo_core::legend::{bots, Legend};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::{json, Value};

use crate::support::game as legend;

fn refused(g: &Legend, p: &Value, rule: &str) {
    match g.state_from(p) {
        Err(e) => assert!(e.to_string().contains(rule), "{e} does not say {rule:?}"),
        Ok(_) => panic!("built a state from a position that says {rule:?}"),
    }
}

/// Plays greedy drivers (even games) or random decisions (odd ones) and reads back the
/// position written at every step.
fn every_step_reads_back(g: &Legend, games: u64) {
    for game in 0..games {
        let mut s = g.new_initial_state();
        let mut rng = SplitMix64::new(77 + game);
        let mut steps = 0;
        while !s.is_terminal() && steps < 6000 {
            let p = s.position().unwrap();
            if let Err(e) = g.state_from(&p) {
                panic!("game {game} step {steps}: {e}\n{p}");
            }
            let a = match s.current_player() {
                Player::Chance => s.sample_chance(&mut rng).unwrap(),
                _ if game % 2 == 0 => bots::greedy_action(&s).unwrap(),
                _ => {
                    let legal = s.legal_actions();
                    legal[rng.below(legal.len() as u32) as usize]
                }
            };
            s.apply_action(a).unwrap();
            steps += 1;
        }
    }
}

#[test]
fn every_position_a_race_passes_through_is_accepted() {
    every_step_reads_back(&legend(json!({"laps": 1})), 2);
    let cars = ["fiat_1100s", "osca_mt4", "fiat_1100s", "porsche_550"];
    every_step_reads_back(
        &legend(
            json!({"laps": 1, "cars": cars, "neutral": [false, true, false, true],
            "priority_bid": true, "slipstream_in_turns": true, "realistic_collisions": true,
            "setups": [{"gears": "long", "tires": "wet", "mixture": "rich"},
                       null, {"gears": "short", "brake_bias": "forward"}, null]}),
        ),
        2,
    );
    every_step_reads_back(&legend(json!({"route": "coppa_breve"})), 2);
    let cars = ["osca_mt4", "fiat_508s_balilla", "cisitalia_202_smm"];
    every_step_reads_back(
        &legend(
            json!({"route": "coppa_breve", "cars": cars, "neutral": [false, true, false],
            "setups": [{"gears": "long", "mixture": "rich"}, null, null]}),
        ),
        2,
    );
}

/// A Track race of the Fiat 1100 S (Acceleration +3, Top Speed 7, no set-up cards) and the OSCA
/// MT4 (soft suspension), at the Fiat's pace in round 2 or later.
fn at_the_fiats_pace() -> (Legend, Value) {
    let g = legend(json!({"laps": 1, "cars": ["fiat_1100s", "osca_mt4"],
                          "setups": [null, {"suspension": "soft"}]}));
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(4);
    loop {
        let p = s.position().unwrap();
        if p["phase"] == json!({"at": "pace", "car": "Fiat 1100 S"})
            && p["round"].as_u64() >= Some(2)
        {
            return (g, p);
        }
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            _ => bots::greedy_action(&s).unwrap(),
        };
        s.apply_action(a).unwrap();
    }
}

fn with(p: &Value, path: &[&str], v: Value) -> Value {
    let mut q = p.clone();
    let mut at = &mut q;
    for k in path {
        at = match k.parse::<usize>() {
            Ok(i) => &mut at[i],
            Err(_) => &mut at[*k],
        };
    }
    *at = v;
    q
}

#[test]
fn an_activation_that_contradicts_its_car_is_refused() {
    let (g, p) = at_the_fiats_pace();
    assert!(g.state_from(&p).is_ok());
    let (acc, top) = (p["act"]["acc_limit"].clone(), p["act"]["top_speed"].clone());
    assert!(acc.as_u64().unwrap() <= 3 && top.as_u64().unwrap() <= 7);
    // The case: an Acceleration limit of 9 on a +3 car offered "accelerate 8".
    refused(
        &g,
        &with(&p, &["act", "acc_limit"], json!(9)),
        "act.acc_limit: 9, but Fiat 1100 S's Acceleration limiter is at most 3 (its card and set-up)",
    );
    refused(
        &g,
        &with(&p, &["act", "top_speed"], json!(11)),
        "act.top_speed: 11, but Fiat 1100 S's Top Speed limiter is at most 7",
    );
    refused(
        &g,
        &with(&p, &["act", "acc_left"], json!(acc.as_u64().unwrap() + 1)),
        &format!(
            "act.acc_left: {} unused of an Acceleration of {acc}",
            acc.as_u64().unwrap() + 1
        ),
    );
    // At the pace the limits are exactly the car's here, and nothing is spent yet.
    if acc.as_u64() > Some(1) {
        refused(
            &g,
            &with(
                &with(&p, &["act", "acc_limit"], json!(1)),
                &["act", "acc_left"],
                json!(1),
            ),
            &format!("act.acc_limit: 1 at Fiat 1100 S's pace, but its Acceleration limiter is {acc} here"),
        );
    }
    refused(
        &g,
        &with(&p, &["act", "spent"], json!(2)),
        "act: at Fiat 1100 S's pace nothing is spent or done yet",
    );
    refused(
        &g,
        &with(&p, &["act", "drifting"], json!(true)),
        "act: at Fiat 1100 S's pace nothing is spent or done yet",
    );
    // "Under normal conditions, the Tachometer needle may never go ... above the Top Speed
    // Limiter T. However, you may exceed this limit by 1 step": never two.
    let over = top.as_u64().unwrap() + 2;
    refused(
        &g,
        &with(&p, &["cars", "0", "speed"], json!(over)),
        &format!("cars.Fiat 1100 S.speed: {over} at its pace, but Top Speed is {top} here"),
    );
    // The activation is the phase's car's, and goes on.
    refused(
        &g,
        &with(&p, &["act", "car"], json!("OSCA MT4 1500")),
        "act.car: OSCA MT4 1500, but the phase is Fiat 1100 S's activation",
    );
    refused(
        &g,
        &with(&p, &["act", "ended"], json!(true)),
        "act.ended: Fiat 1100 S's activation is over, but the phase is one of its decisions",
    );
    refused(
        &g,
        &with(&p, &["cars", "0", "status"], json!("off_road")),
        "cars.Fiat 1100 S.status: off_road in the phase set the pace",
    );
    refused(
        &g,
        &with(&p, &["act", "assistance"], json!(true)),
        "act: Technical Assistance is a Stage race's",
    );
}

#[test]
fn a_car_that_contradicts_its_card_set_up_or_the_rules_is_refused() {
    let (g, p) = at_the_fiats_pace();
    // Set-up cards: the Fiat holds none, the OSCA's soft suspension may turn but not its gears.
    refused(
        &g,
        &with(&p, &["cars", "0", "setup", "rich"], json!(true)),
        "cars.Fiat 1100 S.setup: the car has no set-up cards in this race, so none can be turned",
    );
    refused(
        &g,
        &with(&p, &["cars", "1", "setup", "gears"], json!(1)),
        "cars.OSCA MT4 1500.setup: gears 1 and brake bias 0, but this race's options fix 0 and 0",
    );
    refused(
        &g,
        &with(&p, &["cars", "1", "setup", "suspension"], json!(3)),
        "cars.OSCA MT4 1500.setup.suspension: 3, a card is -1, 0 (none) or 1",
    );
    assert!(g
        .state_from(&with(&p, &["cars", "1", "setup", "suspension"], json!(1)))
        .is_ok());
    refused(
        &g,
        &with(&p, &["cars", "0", "spares", "1"], json!(5)),
        "cars.Fiat 1100 S.spares: 5 Candele Folgore, the car starts with 1 and takes one only while holding at most one",
    );
    refused(
        &g,
        &with(&p, &["cars", "0", "rain"], json!(2)),
        "cars.Fiat 1100 S.rain: 2, but the weather's rain is",
    );
    refused(
        &g,
        &with(&p, &["cars", "0", "entry_done"], json!(40)),
        "cars.Fiat 1100 S.entry_done: turn 40, but the road has",
    );
    refused(
        &g,
        &with(&p, &["cars", "1", "status"], json!("waiting")),
        "cars.OSCA MT4 1500.status: waiting is a Stage race's",
    );
    refused(
        &g,
        &with(&p, &["cars", "0", "spare_offer"], json!(true)),
        "cars.Fiat 1100 S.spare_offer: a part after a Check Point is a Stage race's",
    );
    let row = p["cars"][0]["cell"]["row"].as_i64().unwrap();
    let progress = p["cars"][0]["progress"].as_i64().unwrap();
    refused(
        &g,
        &with(&p, &["cars", "0", "progress"], json!(progress + 1)),
        &format!(
            "cars.Fiat 1100 S.progress: {} rows travelled, but the car stands on row {row}",
            progress + 1
        ),
    );
    refused(
        &g,
        &with(&p, &["cars", "1", "damage_due"], json!(1)),
        "cars.OSCA MT4 1500.damage_due: 1 Damage cards due, so the phase is its Damage card draw",
    );
}

#[test]
fn the_round_s_bookkeeping_that_contradicts_itself_is_refused() {
    let (g, p) = at_the_fiats_pace();
    refused(
        &g,
        &with(&p, &["neutral_row"], json!(5)),
        "neutral_row: 5, the Neutral Cars' die picks row 0 (1-2), 1 (3-4) or 2 (5-6)",
    );
    refused(
        &g,
        &with(&p, &["order"], json!(["Fiat 1100 S", "Fiat 1100 S"])),
        "order: Fiat 1100 S twice, every car activates once a round",
    );
    refused(
        &g,
        &with(&p, &["dice", "0"], json!(7)),
        "dice: 7 for Fiat 1100 S, a die shows 1 to 6",
    );
    refused(
        &g,
        &with(&p, &["carry"], json!(3)),
        "carry: 3, the rain adds +1 (light) or +2 (heavy) to the next roll",
    );
    refused(
        &g,
        &with(&p, &["qualifying", "pos"], json!(9)),
        "qualifying.pos: 9, the grid has places 0 to 1",
    );
    refused(
        &g,
        &with(&p, &["bid_pos"], json!(4)),
        "bid_pos: 4, the order has places 0 to 1",
    );
    let q = with(
        &p,
        &["phase"],
        json!({"at": "challenge", "car": "Fiat 1100 S"}),
    );
    refused(
        &g,
        &with(&q, &["qualifying", "pos"], json!(0)),
        "phase: Fiat 1100 S bids at qualifying.pos 0, where no car has one ahead to challenge",
    );
    refused(
        &g,
        &with(
            &p,
            &["phase"],
            json!({"at": "damage", "car": "OSCA MT4 1500"}),
        ),
        "phase: a Damage card for OSCA MT4 1500, whose damage_due is 0",
    );
}
