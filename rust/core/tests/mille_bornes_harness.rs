//! The generic harness over many random Mille Bornes games, across option sets.
use autodromo_core::harness::random_sim;
use autodromo_core::mille_bornes::{cards, MbState, MilleBornes};
use serde_json::json;

/// Invariants on every state: every card is somewhere (conservation), tableaux are sane.
fn invariant(s: &MbState) -> Result<(), String> {
    let c = s.core();
    let dealt_total: u32 = cards::total(&c.opts.deck_counts());
    let mut seen = c.deck_len as u32 + cards::total(&c.discard);
    for p in 0..c.players() {
        seen += c.hand_size(p);
        if c.hand_size(p) > 7 {
            return Err(format!("seat {p} holds {} cards", c.hand_size(p)));
        }
    }
    for t in &c.sides[..c.num_sides()] {
        seen += u32::from(t.distance_cards) + t.safeties.count_ones();
        if t.miles > c.target || t.twos > 2 {
            return Err(format!("bad tableau {t:?}"));
        }
        if !c.opts.cumulative_attacks && t.hazards.count_ones() > 1 {
            return Err("two hazards without cumulative attacks".into());
        }
    }
    // Remedies, Rolls and hazards in tableaux are not tracked card by card; they account for the rest.
    if seen > dealt_total {
        return Err(format!("{seen} cards seen of {dealt_total}"));
    }
    Ok(())
}

fn run(options: serde_json::Value, games: u64) {
    let game = MilleBornes::from_json(&options).unwrap();
    for seed in 0..games {
        let stats = random_sim(
            &game,
            seed,
            2_000_000,
            |t| game.deserialize_state(t),
            invariant,
        );
        if let Err(e) = stats {
            panic!("{options}: {e}");
        }
    }
}

#[test]
fn harness_two_players_single_hand() {
    run(json!({"players": 2, "score_to_win": 0}), 40);
}

#[test]
fn harness_four_players_in_teams_full_game() {
    run(json!({"players": 4, "teams": 2}), 3);
}

#[test]
fn harness_every_variant_on() {
    run(
        json!({"players": 3, "score_to_win": 0, "cumulative_attacks": true, "reshuffle_discards": true,
               "wrong_way": true, "target": 700}),
        40,
    );
}

#[test]
fn harness_nine_players_three_teams() {
    run(
        json!({"players": 9, "teams": 3, "score_to_win": 0, "reshuffle_discards": true}),
        10,
    );
}
