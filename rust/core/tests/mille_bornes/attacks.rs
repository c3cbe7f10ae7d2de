//! Mille Bornes: whom an attack may hit (issue 36, items 1–3).
//!
//! The Italian book, "Le carte d'attacco": "Non è possibile attaccare un giocatore già bloccato o
//! un giocatore che non abbia già giocato un Semaforo verde. Esistono 5 carte d'attacco" — the
//! Speed Limit among them; with the extra cards "una nuova carta si aggiunge alle carte
//! d'attacco: quella di Senso contrario". Variant "Cumulare gli attacchi": "si può dunque
//! attaccare un giocatore ancora fermo o che abbia già subito un attacco". Each rule has its
//! control: the cumulative variant, or `independent_speed_limit` (the English and French
//! editions' Speed Limit, on a speed pile of its own).

use crate::support::{Table, DULL};
use autodromo_core::mille_bornes::cards::Card;
use serde_json::{json, Value};

const ROLLER: [&str; 6] = ["Roll", "Repairs", "End of Limit", "25", "50", "75"];
const ATTACKER: [&str; 6] = ["Speed Limit", "Accident", "Stop", "25", "50", "75"];

fn standard() -> Value {
    json!({"players": 2})
}

// ---- item 1: no attack on a car that has not started or is blocked, Speed Limit included -----

#[test]
fn speed_limit_waits_for_the_first_roll() {
    let mut t = Table::dealt(standard(), &[&ROLLER, &ATTACKER]);
    t.idle();
    t.draw("25");
    t.refused(
        "play Speed Limit on player 1",
        "Speed Limit: player 1 has not played a Roll yet (only a rolling car may be attacked)",
    );
    t.act("discard 25");
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Speed Limit on player 1");
    assert!(t.side(0).limited);
}

#[test]
fn speed_limit_never_hits_a_blocked_car() {
    let mut t = Table::dealt(standard(), &[&ROLLER, &ATTACKER]);
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Accident on player 1");
    t.idle();
    t.draw("25");
    t.refused(
        "play Speed Limit on player 1",
        "Speed Limit: player 1 is already under attack (Accident): one attack at a time",
    );
    t.act("discard 25");
    // Repaired but not restarted: "dopo ognuno di questi avvenimenti siete fermi".
    t.turn(0, "25", "play Repairs");
    t.draw("25");
    t.refused(
        "play Speed Limit on player 1",
        "Speed Limit: player 1 has not played a Roll yet",
    );
    t.act("discard 25");
    t.turn(0, "Roll", "play Roll");
    t.turn(1, "25", "play Speed Limit on player 1");
    assert!(t.side(0).limited);
}

#[test]
fn a_team_that_has_not_started_is_named_in_the_refusal() {
    let mut t = Table::dealt(
        json!({"players": 4, "teams": 2}),
        &[&DULL, &ATTACKER, &DULL, &DULL],
    );
    t.idle();
    t.draw("25");
    t.refused(
        "play Speed Limit on team 1",
        "Speed Limit: team 1 has not played a Roll yet",
    );
}

/// Control: with cumulative attacks, "si può dunque attaccare un giocatore ancora fermo" — a
/// car that has not started, or is stopped, takes a Speed Limit.
#[test]
fn cumulative_attacks_let_a_speed_limit_hit_a_standing_or_stopped_car() {
    let mut t = Table::dealt(
        json!({"players": 2, "cumulative_attacks": true}),
        &[&DULL, &ATTACKER],
    );
    t.idle();
    t.turn(1, "25", "play Accident on player 1");
    t.idle();
    t.turn(1, "25", "play Speed Limit on player 1");
    assert!(t.side(0).limited);
    assert_eq!(t.side(0).hazards, Card::Accident.battle_bit());
}

/// Control: the English and French editions' Speed Limit hits a car that has not started, or
/// is stopped.
#[test]
fn independent_speed_limit_hits_a_standing_or_stopped_car() {
    let mut t = Table::dealt(
        json!({"players": 2, "independent_speed_limit": true}),
        &[&ROLLER, &ATTACKER],
    );
    t.idle();
    t.turn(1, "25", "play Speed Limit on player 1");
    assert!(t.side(0).limited && !t.side(0).rolling);
    t.turn(0, "25", "play End of Limit");
    t.turn(1, "25", "discard 25");
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Accident on player 1");
    t.idle();
    t.turn(1, "Speed Limit", "play Speed Limit on player 1");
    assert!(t.side(0).limited);
    assert_eq!(t.side(0).hazards, Card::Accident.battle_bit());
}

// ---- item 2: one problem at a time in the standard game ---------------------------------------

#[test]
fn a_car_under_a_speed_limit_takes_no_other_attack() {
    let mut t = Table::dealt(standard(), &[&ROLLER, &ATTACKER]);
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Speed Limit on player 1");
    t.idle();
    t.draw("25");
    for hazard in ["Stop", "Accident"] {
        t.refused(
            &format!("play {hazard} on player 1"),
            &format!(
                "{hazard}: player 1 is already under attack (Speed Limit): one attack at a \
                 time, unless attacks are cumulative"
            ),
        );
    }
    t.act("discard 25");
    t.turn(0, "25", "play End of Limit");
    t.turn(1, "25", "play Stop on player 1");
    assert_eq!(t.side(0).hazards, Card::Stop.battle_bit());
}

/// Controls: "In questa variante è ammesso che i giocatori possano essere vittime di più
/// problemi"; and on its own speed pile (the English and French editions), a Speed Limit does not
/// shield the car from a battle hazard.
#[test]
fn cumulative_attacks_or_an_independent_speed_limit_let_a_stop_hit_a_limited_car() {
    for option in ["cumulative_attacks", "independent_speed_limit"] {
        let mut t = Table::dealt(json!({"players": 2, option: true}), &[&ROLLER, &ATTACKER]);
        t.turn(0, "25", "play Roll");
        t.turn(1, "25", "play Speed Limit on player 1");
        t.idle();
        t.turn(1, "25", "play Stop on player 1");
        assert!(t.side(0).limited, "{option}");
        assert_eq!(t.side(0).hazards, Card::Stop.battle_bit(), "{option}");
    }
}

// ---- item 3: Wrong Way is an attack card ------------------------------------------------------

const WRONG_WAY_ATTACKER: [&str; 6] = ["Wrong Way", "Stop", "Speed Limit", "25", "50", "75"];

#[test]
fn wrong_way_waits_for_a_rolling_car_and_blocks_other_attacks() {
    let mut t = Table::dealt(
        json!({"players": 2, "wrong_way": true}),
        &[&ROLLER, &WRONG_WAY_ATTACKER],
    );
    t.idle();
    t.draw("25");
    t.refused(
        "play Wrong Way on player 1",
        "Wrong Way: player 1 has not played a Roll yet",
    );
    t.act("discard 25");
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Stop on player 1");
    t.idle();
    t.draw("25");
    t.refused(
        "play Wrong Way on player 1",
        "Wrong Way: player 1 is already under attack (Stop): one attack at a time",
    );
    t.act("discard 25");
    t.turn(0, "Roll", "play Roll");
    t.turn(1, "25", "play Wrong Way on player 1");
    assert!(t.side(0).wrong_way);
    t.idle();
    t.draw("Stop");
    for hazard in ["Stop", "Speed Limit"] {
        t.refused(
            &format!("play {hazard} on player 1"),
            &format!("{hazard}: player 1 is already under attack (Wrong Way)"),
        );
    }
}

/// Control: with cumulative attacks a Wrong Way hits a car still standing, and a car going the
/// wrong way may still be stopped.
#[test]
fn cumulative_attacks_let_wrong_way_hit_a_standing_car() {
    let mut t = Table::dealt(
        json!({"players": 2, "wrong_way": true, "cumulative_attacks": true}),
        &[&ROLLER, &WRONG_WAY_ATTACKER],
    );
    t.idle();
    t.turn(1, "25", "play Wrong Way on player 1");
    assert!(t.side(0).wrong_way && !t.side(0).rolling);
    t.idle();
    t.turn(1, "25", "play Stop on player 1");
    assert_eq!(t.side(0).hazards, Card::Stop.battle_bit());
}

/// Control: the English and French Speed Limit lies on its own pile, beside the Wrong Way too.
#[test]
fn independent_speed_limit_hits_a_car_going_the_wrong_way() {
    let mut t = Table::dealt(
        json!({"players": 2, "wrong_way": true, "independent_speed_limit": true}),
        &[&ROLLER, &WRONG_WAY_ATTACKER],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Wrong Way on player 1");
    t.idle();
    t.turn(1, "25", "play Speed Limit on player 1");
    assert!(t.side(0).limited && t.side(0).wrong_way);
}
