//! Mille Bornes: one test per rule of play (legality, coups fourrés, safeties, variants).
//!
//! Rules: shared/rules/mille-bornes-1000-miglia.it.txt and the canonical facts in
//! shared/rules/README.md. Hands and draws are scripted through the chance nodes.

use crate::support::{count_of, Table, DULL};
use autodromo_core::mille_bornes::cards::Card;
use autodromo_core::mille_bornes::events::Event;
use autodromo_core::mille_bornes::Phase;
use autodromo_core::{Error, Player, State};
use serde_json::json;

fn two_players() -> serde_json::Value {
    json!({"players": 2})
}

// ---- go, stop and remedies ----------------------------------------------------------------

#[test]
fn distance_needs_a_roll_first() {
    let mut t = Table::dealt(
        two_players(),
        &[&["Roll", "100", "25", "50", "75", "100"], &DULL],
    );
    t.draw("25");
    t.refused("play 100", "distance: play a Roll before any distance card");
    t.act("play Roll");
    assert!(t.side(0).rolling);
    assert!(!t.side(1).rolling, "each side has its own battle pile");
    t.idle();
    t.turn(0, "25", "play 100");
    assert_eq!(t.miles(0), 100);
    assert_eq!(t.miles(1), 0);
}

#[test]
fn hazards_hit_only_a_rolling_opponent() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Roll", "25", "50", "75", "100", "100"],
            &["Stop", "Accident", "25", "50", "75", "Roll"],
        ],
    );
    t.idle();
    t.draw("25");
    t.refused(
        "play Stop on player 1",
        "Stop: player 1 has not played a Roll yet (only a rolling car may be attacked)",
    );
    t.refused("play Stop on player 2", "never on yourself");
    t.act("discard 25");
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Accident on player 1");
    assert_eq!(t.side(0).hazards, Card::Accident.battle_bit());
    assert!(!t.side(0).moving());
    t.draw("25");
    t.refused("play 100", "Accident: play Repairs first");
    t.act("discard 25");
    t.draw("50");
    t.refused(
        "play Stop on player 1",
        "Stop: player 1 is already under attack (Accident): one attack at a time",
    );
    t.act("discard 50");
    assert_eq!(t.side(0).hazards, Card::Accident.battle_bit());
}

#[test]
fn remedy_then_roll_after_a_hazard() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Roll", "Spare Tire", "Gasoline", "25", "50", "100"],
            &["Flat Tire", "25", "50", "75", "75", "50"],
        ],
    );
    t.turn(0, "Roll", "play Roll");
    t.turn(1, "25", "play Flat Tire on player 1");
    t.draw("25");
    t.refused(
        "play Roll",
        "Roll comes after the remedy: Flat Tire: play a Spare Tire first",
    );
    t.refused("play 25", "Flat Tire: play a Spare Tire first");
    t.refused("play Gasoline", "Gasoline: only when Out of Gas");
    t.refused("play Repairs", "you hold no Repairs card");
    t.act("play Spare Tire");
    assert_eq!(t.side(0).hazards, 0);
    assert!(!t.side(0).rolling, "the remedy tops the battle pile");
    t.idle();
    t.draw("25");
    t.refused("play 25", "distance: play a Roll before any distance card");
    t.act("play Roll");
    t.idle();
    t.turn(0, "50", "play 25");
    assert_eq!(t.miles(0), 25);
}

#[test]
fn stop_is_cured_by_a_roll_alone() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Roll", "Roll", "25", "50", "75", "100"],
            &["Stop", "25", "50", "75", "75", "50"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Stop on player 1");
    assert_eq!(t.side(0).hazards, Card::Stop.battle_bit());
    t.draw("25");
    t.refused("play 100", "Stop: play a Roll first");
    t.act("play Roll");
    assert!(t.side(0).moving());
    t.idle();
    t.turn(0, "25", "play 100");
    assert_eq!(t.miles(0), 100);
}

// ---- speed limit --------------------------------------------------------------------------

#[test]
fn speed_limit_allows_only_25_and_50() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Roll", "75", "100", "200", "50", "End of Limit"],
            &["Speed Limit", "25", "25", "50", "50", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Speed Limit on player 1");
    assert!(t.side(0).limited);
    assert!(t.side(0).moving(), "a Speed Limit does not stop the car");
    t.draw("25");
    for big in ["75", "100", "200"] {
        t.refused(
            &format!("play {big}"),
            "Speed Limit: only 25 and 50 may be played",
        );
    }
    t.act("play 50");
    t.idle();
    t.turn(0, "100", "play 25");
    assert_eq!(t.miles(0), 75, "the cap is per card, not per turn");
    t.idle();
    t.turn(0, "25", "play End of Limit");
    assert!(!t.side(0).limited);
    t.idle();
    t.turn(0, "25", "play 100");
    assert_eq!(t.miles(0), 175);
}

/// The English and French editions keep the Speed Limit on a speed pile of its own ("Speed Limit
/// ... may be played on a stopped car", shared/rules/README.md): option `independent_speed_limit`.
#[test]
fn independent_speed_limit_may_hit_a_stopped_car() {
    let mut t = Table::dealt(
        json!({"players": 2, "independent_speed_limit": true}),
        &[
            &["Roll", "25", "50", "75", "100", "100"],
            &["Speed Limit", "Speed Limit", "Stop", "25", "50", "75"],
        ],
    );
    // Seat 0 has not rolled yet: a Speed Limit still hits it.
    t.idle();
    t.turn(1, "25", "play Speed Limit on player 1");
    assert!(t.side(0).limited);
    assert!(!t.side(0).rolling);
    t.turn(0, "25", "play Roll");
    // Under a Speed Limit, the car may still be stopped.
    t.turn(1, "25", "play Stop on player 1");
    t.turn(0, "End of Limit", "play End of Limit");
    // Stopped by a Stop: the second Speed Limit still hits.
    t.turn(1, "25", "play Speed Limit on player 1");
    assert!(t.side(0).limited);
    assert_eq!(t.side(0).hazards, Card::Stop.battle_bit());
}

#[test]
fn a_second_speed_limit_is_refused() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Roll", "25", "50", "75", "100", "100"],
            &["Speed Limit", "Speed Limit", "25", "50", "75", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Speed Limit on player 1");
    t.idle();
    t.draw("25");
    t.refused(
        "play Speed Limit on player 1",
        "Speed Limit: player 1 is already under a Speed Limit",
    );
}

// ---- right of way -------------------------------------------------------------------------

#[test]
fn right_of_way_is_a_permanent_roll() {
    let mut t = Table::dealt(
        two_players(),
        &[&["Right of Way", "100", "25", "50", "75", "Roll"], &DULL],
    );
    t.turn(0, "25", "play Right of Way");
    t.draw("25");
    t.refused("play Roll", "Roll: Right of Way already lets your car roll");
    t.act("play 100");
    assert_eq!(t.miles(0), 100);
    assert!(!t.side(0).rolling, "no Roll was played");
    assert!(t.side(0).moving());
}

#[test]
fn right_of_way_needs_only_the_remedy_after_gasoline() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Right of Way", "Gasoline", "100", "100", "Roll", "25"],
            &["Out of Gas", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "25", "play Right of Way");
    t.turn(0, "25", "play 100");
    // A car rolling by Right of Way may be attacked.
    t.turn(1, "25", "play Out of Gas on player 1");
    t.draw("25");
    t.refused("play 100", "Out of Gas: play Gasoline first");
    t.act("play Gasoline");
    assert!(
        t.side(0).moving(),
        "Right of Way rolls again after the remedy"
    );
    t.idle();
    t.draw("25");
    t.refused("play Roll", "Roll: Right of Way already lets your car roll");
    t.act("play 100");
    assert_eq!(t.miles(0), 200);
}

/// A Stop and a Speed Limit together: only where a Speed Limit may hit a stopped car.
#[test]
fn right_of_way_cancels_stop_and_speed_limit() {
    let mut t = Table::dealt(
        json!({"players": 2, "independent_speed_limit": true}),
        &[
            &["Roll", "Right of Way", "100", "25", "50", "75"],
            &["Stop", "Speed Limit", "Stop", "25", "50", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Stop on player 1");
    t.act("decline coup fourre");
    t.idle();
    t.turn(1, "25", "play Speed Limit on player 1");
    t.act("decline coup fourre");
    assert_eq!(t.side(0).hazards, Card::Stop.battle_bit());
    assert!(t.side(0).limited);
    t.turn(0, "25", "play Right of Way");
    assert_eq!(t.side(0).hazards, 0);
    assert!(!t.side(0).limited);
    assert_eq!(
        t.side(0).coups,
        0,
        "played on its own turn: not a coup fourré"
    );
    t.draw("End of Limit");
    t.refused(
        "play End of Limit",
        "End of Limit: only under a Speed Limit",
    );
    t.act("play 100");
    assert_eq!(
        t.miles(0),
        100,
        "neither a Roll nor an End of Limit was needed"
    );
    t.draw("25");
    t.refused("play Stop on player 1", "immune: player 1 has Right of Way");
}

#[test]
fn right_of_way_makes_speed_limit_immune() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Right of Way", "25", "50", "75", "100", "100"],
            &["Speed Limit", "25", "50", "75", "75", "50"],
        ],
    );
    t.turn(0, "25", "play Right of Way");
    t.turn(0, "25", "play 100");
    t.draw("25");
    t.refused(
        "play Speed Limit on player 1",
        "immune: player 1 has Right of Way",
    );
}

// ---- safeties -----------------------------------------------------------------------------

#[test]
fn safety_gives_an_extra_turn() {
    let mut t = Table::dealt(
        two_players(),
        &[&["Extra Tank", "25", "50", "75", "100", "Roll"], &DULL],
    );
    t.draw("25");
    assert_eq!(t.hand_size(0), 7);
    t.act("play Extra Tank");
    assert_eq!(
        t.last_events(1),
        vec![Event::Played {
            seat: 0,
            card: Card::ExtraTank,
            extra_turn: true
        }],
        "one event: the safety with its extra turn"
    );
    assert_eq!(
        t.phase(),
        Phase::Draw { seat: 0 },
        "the same seat draws again"
    );
    assert_eq!(t.hand_size(0), 6);
    t.draw("50");
    assert_eq!(t.phase(), Phase::Play { seat: 0 });
    assert_eq!(t.hand_size(0), 7);
    t.act("play Roll");
    assert_eq!(t.hand_size(0), 6);
    assert_eq!(t.phase(), Phase::Draw { seat: 1 });
}

/// The Italian text says a coup fourré needs no Roll "as if the attack never happened", which
/// implies a safety played on one's own turn cancels the hazard but leaves the car stopped.
#[test]
fn safety_on_own_turn_cancels_its_hazard_but_a_roll_is_still_needed() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Roll", "Driving Ace", "Roll", "25", "50", "75"],
            &["Accident", "25", "50", "75", "75", "50"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Accident on player 1");
    t.act("decline coup fourre");
    t.turn(0, "25", "play Driving Ace");
    assert_eq!(t.side(0).hazards, 0);
    assert!(!t.side(0).moving());
    t.draw("25");
    t.refused("play 25", "distance: play a Roll before any distance card");
    t.act("play Roll");
    t.idle();
    t.turn(0, "25", "play 25");
    assert_eq!(t.miles(0), 25);
    assert_eq!(t.side(0).coups, 0);
}

/// Drains the pile with seat 0 keeping the Extra Tank, then plays it on seat 0's next turn.
fn safety_with_empty_pile(extra_turn_when_empty: bool) -> Table {
    let mut t = Table::dealt(
        json!({"players": 2, "safety_extra_turn_when_deck_empty": extra_turn_when_empty}),
        &[&["Extra Tank", "25", "50", "75", "100", "100"], &DULL],
    );
    t.drain_pile(&["Extra Tank"]);
    t.idle_until(0, &["Extra Tank"]);
    assert_eq!(t.phase(), Phase::Play { seat: 0 }, "no pile: no draw");
    assert_eq!(t.core().deck_len, 0);
    t.act("play Extra Tank");
    t
}

#[test]
fn safety_extra_turn_with_empty_pile_by_default() {
    let t = safety_with_empty_pile(true);
    assert_eq!(
        t.phase(),
        Phase::Play { seat: 0 },
        "plays again, without a draw"
    );
    assert!(matches!(
        t.last_events(1)[..],
        [Event::Played {
            seat: 0,
            extra_turn: true,
            ..
        }]
    ));
}

#[test]
fn safety_extra_turn_not_granted_with_empty_pile_french_reading() {
    let t = safety_with_empty_pile(false);
    assert_eq!(t.phase(), Phase::Play { seat: 1 }, "the turn passes");
    assert!(!t.last_events(2).iter().any(|e| matches!(
        e,
        Event::Played {
            extra_turn: true,
            ..
        }
    )));
    assert!(t.side(0).has(Card::ExtraTank));
}

// ---- coup fourré --------------------------------------------------------------------------

/// Four players; seat 0 hits seat 3 (rolling, holding the Driving Ace) with an Accident.
fn coup_fourre_pending() -> Table {
    let mut t = Table::dealt(
        json!({"players": 4}),
        &[
            &["Accident", "25", "25", "50", "50", "75"],
            &DULL,
            &DULL,
            &["Driving Ace", "Roll", "100", "25", "50", "75"],
        ],
    );
    t.idle();
    t.idle();
    t.idle();
    t.turn(3, "100", "play Roll");
    t.turn(0, "25", "play Accident on player 4");
    t
}

#[test]
fn coup_fourre_is_offered_at_once_to_the_holder() {
    let t = coup_fourre_pending();
    assert!(matches!(
        t.phase(),
        Phase::CoupFourre {
            holder: 3,
            attacker: 0,
            hazard: Card::Accident,
            ..
        }
    ));
    assert_eq!(t.state.current_player(), Player::Seat(3));
    assert_eq!(
        t.state.legal_actions(),
        vec![t.action("coup fourre"), t.action("decline coup fourre")]
    );
}

#[test]
fn coup_fourre_skips_players_between_and_draws_replacement() {
    let mut t = coup_fourre_pending();
    assert_eq!(t.hand_size(3), 6);
    t.act("coup fourre");
    assert_eq!(
        t.last_events(1),
        vec![Event::CoupFourre {
            seat: 3,
            safety: Card::DrivingAce,
            hazard: Card::Accident,
            attacker: 0,
            skipped: 0b0110
        }],
        "one event: the coup fourré with the seats it passes over"
    );
    assert_eq!(t.phase(), Phase::ReplacementDraw { seat: 3 });
    assert_eq!(t.hand_size(3), 5);
    t.draw("100");
    assert_eq!(t.hand_size(3), 6, "the replacement refills the hand");
    assert_eq!(
        t.phase(),
        Phase::Draw { seat: 3 },
        "then the holder's own turn"
    );
    t.draw("25");
    assert_eq!(t.hand_size(3), 7);
    t.act("play 100");
    assert_eq!(t.hand_size(3), 6);
    assert_eq!(
        t.phase(),
        Phase::Draw { seat: 0 },
        "seats 1 and 2 lost their turns"
    );
    let drew: Vec<u8> = t
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Drew { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(drew[drew.len() - 2..], [3, 3]);
}

#[test]
fn coup_fourre_discards_the_hazard_and_needs_no_roll() {
    let mut t = coup_fourre_pending();
    let accidents = count_of(&t.core().discard, "Accident");
    t.act("coup fourre");
    assert_eq!(count_of(&t.core().discard, "Accident"), accidents + 1);
    let side = t.side(3);
    assert_eq!(side.hazards, 0);
    assert!(side.rolling, "as if the attack never happened");
    assert!(side.has(Card::DrivingAce));
    assert_eq!(side.coups, Card::DrivingAce.safety_bit());
    t.draw("100");
    t.draw("Roll");
    t.refused("play Roll", "Roll: your car is already rolling");
    assert!(t.is_legal("play 100"));
    t.act("play 100");
    assert_eq!(t.miles(3), 100);
}

#[test]
fn declining_a_coup_fourre_keeps_the_hazard_and_the_turn_order() {
    let mut t = coup_fourre_pending();
    let discard = t.core().discard;
    t.act("decline coup fourre");
    assert_eq!(
        t.last_events(1),
        vec![Event::DeclinedCoupFourre { seat: 3 }]
    );
    assert_eq!(t.phase(), Phase::Draw { seat: 1 });
    assert_eq!(t.side(3).hazards, Card::Accident.battle_bit());
    assert_eq!(t.held(3, "Driving Ace"), 1);
    assert_eq!(t.core().discard, discard);
    t.idle();
    t.idle();
    t.draw("25");
    t.refused("coup fourre", "coup fourré: only right after");
    t.act("play Driving Ace");
    assert_eq!(t.side(3).hazards, 0);
    assert_eq!(t.side(3).coups, 0, "too late for a coup fourré");
}

#[test]
fn coup_fourre_is_offered_only_for_the_matching_safety() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &[
                "Roll",
                "Extra Tank",
                "Puncture-Proof",
                "Right of Way",
                "25",
                "50",
            ],
            &["Accident", "25", "50", "75", "75", "50"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Accident on player 1");
    assert_eq!(
        t.phase(),
        Phase::Draw { seat: 0 },
        "no Driving Ace: no offer"
    );
}

#[test]
fn coup_fourre_by_a_team_partner() {
    // Two teams: seats 0 and 2 are team 0, seats 1 and 3 team 1.
    let mut t = Table::dealt(
        json!({"players": 4, "teams": 2}),
        &[
            &["Stop", "25", "25", "50", "50", "75"],
            &["Roll", "25", "50", "75", "75", "50"],
            &DULL,
            &["Right of Way", "100", "25", "50", "75", "75"],
        ],
    );
    t.idle();
    t.turn(1, "25", "play Roll");
    t.idle();
    t.idle();
    t.turn(0, "25", "play Stop on team 2");
    assert!(
        matches!(
            t.phase(),
            Phase::CoupFourre {
                holder: 3,
                attacker: 0,
                ..
            }
        ),
        "the partner holding Right of Way is asked, not the seat that rolled"
    );
    t.act("coup fourre");
    assert!(matches!(
        t.last_events(1)[..],
        [Event::CoupFourre {
            skipped: 0b0110,
            ..
        }]
    ));
    t.draw("25");
    t.turn(3, "25", "play 100");
    assert_eq!(t.miles(1), 100, "partners share one tableau");
    assert_eq!(t.side(1).coups, Card::RightOfWay.safety_bit());
    assert_eq!(t.side(0).safeties, 0);
    assert_eq!(t.phase(), Phase::Draw { seat: 0 });
}

#[test]
fn coup_fourre_by_the_next_seat_skips_nobody() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Roll", "Right of Way", "100", "25", "50", "75"],
            &["Stop", "25", "50", "75", "75", "50"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Stop on player 1");
    t.act("coup fourre");
    assert!(matches!(
        t.last_events(1)[..],
        [Event::CoupFourre { skipped: 0, .. }]
    ));
    assert_eq!(t.phase(), Phase::ReplacementDraw { seat: 0 });
}

#[test]
fn coup_fourre_with_no_pile_left_has_no_replacement_draw() {
    let mut t = Table::dealt(
        two_players(),
        &[
            &["Roll", "Right of Way", "25", "50", "75", "100"],
            &["Stop", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    let keep = ["Right of Way", "Stop"];
    t.drain_pile(&keep);
    t.idle_until(1, &keep);
    assert_eq!(t.core().deck_len, 0);
    t.act("play Stop on player 1");
    let cards = t.hand_size(0);
    t.act("coup fourre");
    assert_eq!(t.hand_size(0), cards - 1);
    assert_eq!(
        t.phase(),
        Phase::Play { seat: 0 },
        "straight to the holder's play"
    );
    assert_eq!(t.side(0).coups, Card::RightOfWay.safety_bit());
}

// ---- cumulative attacks -------------------------------------------------------------------

#[test]
fn cumulative_attacks_allow_hitting_a_stopped_car() {
    let mut t = Table::dealt(
        json!({"players": 2, "cumulative_attacks": true}),
        &[&DULL, &["Stop", "Accident", "Stop", "25", "50", "75"]],
    );
    t.idle();
    t.turn(1, "25", "play Stop on player 1");
    t.idle();
    t.turn(1, "25", "play Accident on player 1");
    assert_eq!(
        t.side(0).hazards,
        Card::Stop.battle_bit() | Card::Accident.battle_bit()
    );
    t.idle();
    t.draw("25");
    t.refused(
        "play Stop on player 1",
        "Stop: player 1 already has this hazard in play",
    );
}

#[test]
fn cumulative_attacks_need_every_remedy_then_a_roll() {
    let mut t = Table::dealt(
        json!({"players": 2, "cumulative_attacks": true}),
        &[
            &["Roll", "Repairs", "Gasoline", "Roll", "25", "50"],
            &["Accident", "Out of Gas", "Stop", "25", "50", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "50", "play Accident on player 1");
    t.idle();
    t.turn(1, "50", "play Out of Gas on player 1");
    t.idle();
    t.turn(1, "50", "play Stop on player 1");
    t.draw("25");
    t.refused(
        "play Roll",
        "Roll comes after the remedy: Accident: play Repairs first; Out of Gas: play Gasoline first",
    );
    t.refused(
        "play 25",
        "Accident: play Repairs first; Out of Gas: play Gasoline first; Stop: play a Roll first",
    );
    t.act("play Repairs");
    t.idle();
    t.draw("25");
    t.refused(
        "play Roll",
        "Roll comes after the remedy: Out of Gas: play Gasoline first",
    );
    t.act("play Gasoline");
    t.idle();
    t.draw("25");
    t.refused("play 25", "Stop: play a Roll first");
    t.act("play Roll");
    assert_eq!(t.side(0).hazards, 0);
    t.idle();
    t.turn(0, "25", "play 25");
    assert_eq!(t.miles(0), 25);
}

// ---- distance -----------------------------------------------------------------------------

#[test]
fn distance_must_end_exactly_on_the_target() {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": 0}),
        &[&["Roll", "200", "200", "100", "100", "100"], &DULL],
    );
    let plan = [
        ("75", "play Roll"),
        ("50", "play 200"),
        ("25", "play 200"),
        ("100", "play 100"),
        ("100", "play 100"),
        ("100", "play 100"),
        ("100", "play 100"),
        ("25", "play 100"),
        ("25", "play 75"),
    ];
    for (drawn, label) in plan {
        t.turn(0, drawn, label);
        t.idle();
    }
    assert_eq!(t.miles(0), 975);
    t.draw("25");
    t.refused("play 100", "975 + 100 passes the 1000 target");
    t.refused("play 50", "975 + 50 passes the 1000 target");
    t.act("play 25");
    assert_eq!(t.miles(0), 1000);
    assert!(matches!(
        t.events_this_hand().last(),
        Some(Event::GameOver { .. })
    ));
    assert_eq!(t.phase(), Phase::GameOver);
    t.refused("discard 25", "the game is over");
}

#[test]
fn at_most_two_200s_per_hand() {
    let mut t = Table::dealt(
        two_players(),
        &[&["Roll", "200", "200", "200", "25", "50"], &DULL],
    );
    t.turn(0, "25", "play Roll");
    t.idle();
    t.turn(0, "25", "play 200");
    t.idle();
    t.turn(0, "25", "play 200");
    t.idle();
    t.draw("25");
    t.refused("play 200", "200: at most two 200s may be played in a hand");
    assert_eq!(t.side(0).twos, 2);
    assert_eq!(t.miles(0), 400);
}

// ---- wrong way (the Italian edition's extra cards) ------------------------------------------

fn wrong_way() -> serde_json::Value {
    json!({"players": 2, "wrong_way": true})
}

#[test]
fn wrong_way_cards_come_only_with_the_option() {
    let plain = Table::new(two_players());
    assert_eq!(count_of(&plain.core().deck, "Wrong Way"), 0);
    assert_eq!(count_of(&plain.core().deck, "End of Wrong Way"), 0);
    let with = Table::new(wrong_way());
    assert!(count_of(&with.core().deck, "Wrong Way") > 0);
    assert!(count_of(&with.core().deck, "End of Wrong Way") > 0);
}

#[test]
fn wrong_way_subtracts_miles_never_below_zero() {
    let mut t = Table::dealt(
        wrong_way(),
        &[
            &["Roll", "100", "50", "200", "25", "End of Wrong Way"],
            &["Wrong Way", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "75", "play Roll");
    t.idle();
    t.turn(0, "25", "play 100");
    t.idle();
    t.turn(0, "25", "play 50");
    t.turn(1, "25", "play Wrong Way on player 1");
    assert!(t.side(0).wrong_way);
    t.turn(0, "25", "play 200");
    assert_eq!(t.miles(0), 0, "150 - 200 stops at 0");
    assert_eq!(t.side(0).twos, 1, "a 200 played the wrong way still counts");
    t.idle();
    t.turn(0, "25", "play 25");
    assert_eq!(t.miles(0), 0);
    t.idle();
    t.turn(0, "25", "play End of Wrong Way");
    assert!(!t.side(0).wrong_way);
    t.idle();
    t.turn(0, "25", "play 75");
    assert_eq!(t.miles(0), 75, "miles add again");
}

#[test]
fn end_of_wrong_way_only_when_going_the_wrong_way() {
    let mut t = Table::dealt(
        wrong_way(),
        &[
            &["Roll", "End of Wrong Way", "25", "50", "75", "100"],
            &DULL,
        ],
    );
    t.draw("25");
    t.refused(
        "play End of Wrong Way",
        "End of Wrong Way: only when going the Wrong Way",
    );
}

#[test]
fn driving_ace_is_immune_to_wrong_way() {
    let mut t = Table::dealt(
        wrong_way(),
        &[
            &["Driving Ace", "Roll", "25", "50", "75", "100"],
            &["Wrong Way", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "25", "play Driving Ace");
    t.turn(0, "25", "play Roll");
    t.draw("25");
    t.refused(
        "play Wrong Way on player 1",
        "immune: player 1 has the Driving Ace",
    );
}

/// Engine choice: the Driving Ace, immune to Wrong Way, also cures it and counters it by coup
/// fourré.
#[test]
fn driving_ace_counters_wrong_way_by_coup_fourre() {
    let mut t = Table::dealt(
        wrong_way(),
        &[
            &["Driving Ace", "Roll", "25", "50", "75", "100"],
            &["Wrong Way", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Wrong Way on player 1");
    assert!(matches!(
        t.phase(),
        Phase::CoupFourre {
            holder: 0,
            hazard: Card::WrongWay,
            ..
        }
    ));
    t.act("coup fourre");
    assert!(!t.side(0).wrong_way);
    assert_eq!(t.side(0).coups, Card::DrivingAce.safety_bit());
}

#[test]
fn driving_ace_cures_wrong_way_when_played_on_own_turn() {
    let mut t = Table::dealt(
        wrong_way(),
        &[
            &["Driving Ace", "Roll", "25", "50", "75", "100"],
            &["Wrong Way", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Wrong Way on player 1");
    t.act("decline coup fourre");
    t.turn(0, "25", "play Driving Ace");
    assert!(!t.side(0).wrong_way);
    t.turn(0, "25", "play 100");
    assert_eq!(t.miles(0), 100);
}

/// Labels count sides from 1, as people do: the hazard on the first seat's side is "on player 1"
/// (or "on team 1"), and a side numbered from 0 is refused with the reason.
#[test]
fn attack_labels_count_sides_from_one() {
    let t = Table::new(json!({"players": 3}));
    let first = t.state.string_to_action("play Stop on player 1").unwrap();
    let last = t.state.string_to_action("play Stop on player 3").unwrap();
    assert_eq!(last - first, 2, "sides 0 to 2 in the ids");
    assert_eq!(t.state.action_to_string(first), "play Stop on player 1");
    assert_eq!(t.state.action_to_string(last), "play Stop on player 3");
    for wrong in ["play Stop on player 0", "play Stop on player 4"] {
        assert_eq!(
            t.state.string_to_action(wrong).unwrap_err().to_string(),
            format!("unknown action: {wrong} (players count from 1: player 1 to 3)")
        );
    }
    let teams = Table::new(json!({"players": 4, "teams": 2}));
    let a = teams
        .state
        .string_to_action("play Accident on team 2")
        .unwrap();
    assert_eq!(teams.state.action_to_string(a), "play Accident on team 2");
    assert_eq!(
        teams
            .state
            .string_to_action("play Accident on team 0")
            .unwrap_err()
            .to_string(),
        "unknown action: play Accident on team 0 (teams count from 1: team 1 to 2)"
    );
}

// ---- refusals are transactional -----------------------------------------------------------

#[test]
fn illegal_action_returns_the_rule_and_leaves_the_state_identical() {
    let mut t = Table::new(two_players());
    t.refused("play Roll", "a card must be drawn now");
    t.deal(&[&["Roll", "Right of Way", "25", "50", "75", "100"], &DULL]);
    t.refused(
        "draw Right of Way",
        "draw: no Right of Way is left in the draw pile",
    );
    t.refused("play 25", "a card must be drawn now");
    t.draw("25");
    t.refused("draw 25", "cards are drawn only at a chance node");
    t.refused("play 200", "you hold no 200 card");
    t.refused("play 25", "distance: play a Roll before any distance card");
    t.refused("play Repairs", "you hold no Repairs card");
    t.refused("coup fourre", "coup fourré: only right after");
    t.refused(
        "extend to 1000",
        "extension: only on reaching exactly 700 miles",
    );
    t.refused(
        "stop at 700",
        "extension: only on reaching exactly 700 miles",
    );

    let before = t.state.clone();
    let saved = t.state.serialize();
    assert!(matches!(
        t.state.apply_action(9999),
        Err(Error::UnknownAction { .. })
    ));
    assert_eq!(t.state, before);
    assert_eq!(t.state.serialize(), saved);
    assert!(matches!(
        t.state.string_to_action("play Stop on player 3"),
        Err(Error::UnknownAction { .. })
    ));
    assert!(matches!(
        t.state.string_to_action("play Stop on team 2"),
        Err(Error::UnknownAction { .. })
    ));
    t.act("play Roll");
}

#[test]
fn pending_coup_fourre_refuses_other_moves() {
    let mut t = coup_fourre_pending();
    t.refused(
        "play 100",
        "a coup fourré is pending: call it or decline it",
    );
    t.refused("discard 25", "a coup fourré is pending");
    t.refused("draw 25", "cards are drawn only at a chance node");
}

#[test]
fn hazards_on_your_own_team_are_refused() {
    let mut t = Table::dealt(
        json!({"players": 4, "teams": 2}),
        &[
            &["Roll", "25", "50", "75", "100", "100"],
            &DULL,
            &["Stop", "25", "50", "75", "100", "50"],
            &DULL,
        ],
    );
    t.turn(0, "25", "play Roll");
    t.idle();
    t.draw("25");
    t.refused(
        "play Stop on team 1",
        "hazards are played on an opponent, never on your own team",
    );
    t.refused(
        "play Stop on team 2",
        "Stop: team 2 has not played a Roll yet",
    );
}

/// Issue 11, item 5: the refusal names the miles: "625 + 100 passes the 700 target".
#[test]
fn past_the_700_target_names_the_miles() {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": 0, "target": 700}),
        &[&["Roll", "200", "200", "100", "100", "100"], &DULL],
    );
    let plan = [
        ("75", "play Roll"),
        ("50", "play 200"),
        ("25", "play 200"),
        ("25", "play 100"),
        ("25", "play 100"),
        ("100", "play 25"),
    ];
    for (drawn, label) in plan {
        t.turn(0, drawn, label);
        t.idle();
    }
    assert_eq!(t.miles(0), 625);
    t.draw("75");
    t.refused("play 100", "625 + 100 passes the 700 target");
    t.act("play 75");
    assert_eq!(t.miles(0), 700);
}
