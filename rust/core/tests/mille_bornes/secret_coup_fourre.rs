//! The `secret_coup_fourre` option: every seat of an attacked side is asked, holding the safety
//! or not, so neither the question nor the answer tells the table who holds it.

use crate::support::Table;
use autodromo_core::mille_bornes::events::Event;
use autodromo_core::mille_bornes::Phase;
use autodromo_core::{Player, State};
use serde_json::json;

const PLAIN: [&str; 6] = ["25", "50", "75", "25", "50", "75"];

/// Four players; seat 0 attacks seat 3 with an Accident. `ace` decides whether seat 3 holds
/// the Driving Ace.
fn attacked(ace: bool, secret: bool) -> Table {
    let three: [&str; 6] = if ace {
        ["Driving Ace", "Roll", "100", "25", "50", "75"]
    } else {
        ["Repairs", "Roll", "100", "25", "50", "75"]
    };
    let mut t = Table::dealt(
        json!({"players": 4, "secret_coup_fourre": secret}),
        &[
            &["Accident", "25", "25", "50", "50", "75"],
            &PLAIN,
            &PLAIN,
            &three,
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
fn secret_coup_fourre_asks_the_attacked_seat_even_without_the_safety() {
    let t = attacked(false, true);
    assert!(matches!(
        t.phase(),
        Phase::CoupFourre {
            holder: 3,
            attacker: 0,
            ..
        }
    ));
    assert_eq!(t.state.current_player(), Player::Seat(3));
    assert_eq!(
        t.state.legal_actions(),
        vec![t.action("decline coup fourre")]
    );
    // Without the option nobody is asked: the turn passes to seat 1's draw.
    let plain = attacked(false, false);
    assert_eq!(plain.state.current_player(), Player::Chance);
}

#[test]
fn secret_coup_fourre_shows_the_other_seats_the_same_table_either_way() {
    let (with, without) = (attacked(true, true), attacked(false, true));
    for seat in 0..3 {
        assert_eq!(
            with.state.view(Some(seat)),
            without.state.view(Some(seat)),
            "seat {seat}"
        );
    }
    // Declining looks the same to them too.
    let (mut with, mut without) = (with, without);
    with.act("decline coup fourre");
    without.act("decline coup fourre");
    for seat in 0..3 {
        assert_eq!(
            with.state.view(Some(seat)),
            without.state.view(Some(seat)),
            "seat {seat}"
        );
        assert_eq!(
            with.state.events(Some(seat)),
            without.state.events(Some(seat)),
            "seat {seat}"
        );
    }
}

#[test]
fn secret_coup_fourre_still_lets_the_holder_call_it() {
    let mut t = attacked(true, true);
    assert_eq!(
        t.state.legal_actions(),
        vec![t.action("coup fourre"), t.action("decline coup fourre")]
    );
    t.act("coup fourre");
    assert!(matches!(
        t.last_events(1)[..],
        [Event::CoupFourre {
            skipped: 0b0110,
            ..
        }]
    ));
}

#[test]
fn a_coup_fourre_without_the_safety_is_refused_and_changes_nothing() {
    let mut t = attacked(false, true);
    let before = t.state.clone();
    let err = t.state.apply_action(t.action("coup fourre")).unwrap_err();
    assert!(err.to_string().contains("needs the safety"), "{err}");
    assert_eq!(t.state, before);
}

#[test]
fn secret_coup_fourre_asks_each_partner_in_turn_order() {
    // Two teams: seats 0 and 2 against seats 1 and 3. Seat 0 stops team 1: seat 1 is asked,
    // then seat 3, then play goes on.
    let mut t = Table::dealt(
        json!({"players": 4, "teams": 2, "secret_coup_fourre": true}),
        &[
            &["Stop", "25", "25", "50", "50", "75"],
            &["Roll", "25", "50", "75", "75", "50"],
            &PLAIN,
            &["Repairs", "100", "25", "50", "75", "75"],
        ],
    );
    t.idle();
    t.turn(1, "25", "play Roll");
    t.idle();
    t.idle();
    t.turn(0, "25", "play Stop on team 2");
    assert!(matches!(t.phase(), Phase::CoupFourre { holder: 1, .. }));
    t.act("decline coup fourre");
    assert!(matches!(t.phase(), Phase::CoupFourre { holder: 3, .. }));
    t.act("decline coup fourre");
    assert_eq!(
        t.state.current_player(),
        Player::Chance,
        "seat 1 draws next"
    );
    assert_eq!(
        t.last_events(2),
        vec![
            Event::DeclinedCoupFourre { seat: 1 },
            Event::DeclinedCoupFourre { seat: 3 }
        ]
    );
}
