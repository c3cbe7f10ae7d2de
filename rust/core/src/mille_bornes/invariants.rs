//! Invariants every reachable state keeps; the harness checks them at every step.
use alloc::format;
use alloc::string::String;

use super::cards;
use super::MbState;

/// Cards are conserved, hands stay within 7, tableaux stay within the rules.
pub fn check(s: &MbState) -> Result<(), String> {
    let c = s.core();
    let dealt: u32 = cards::total(&c.opts.deck_counts());
    let mut seen = u32::from(c.deck_len) + cards::total(&c.discard);
    if cards::total(&c.deck) != u32::from(c.deck_len) {
        return Err(format!(
            "deck counts {} != deck_len {}",
            cards::total(&c.deck),
            c.deck_len
        ));
    }
    for p in 0..c.players() {
        let n = c.hand_size(p);
        if n > 7 {
            return Err(format!("seat {} holds {n} cards", p + 1));
        }
        seen += n;
    }
    for (k, t) in c.sides[..c.num_sides()].iter().enumerate() {
        // Seats and sides count from 1, as positions and pages write them.
        let i = k + 1;
        seen += u32::from(t.distance_cards) + t.safeties.count_ones();
        if t.miles > c.target {
            return Err(format!(
                "side {i} has {} miles past the target {}",
                t.miles, c.target
            ));
        }
        if t.twos > 2 {
            return Err(format!("side {i} played {} 200s", t.twos));
        }
        if t.coups & !t.safeties != 0 {
            return Err(format!("side {i} has a coup fourré without its safety"));
        }
        if !c.opts.cumulative_attacks && t.attacks(c.opts.independent_speed_limit) > 1 {
            return Err(format!(
                "side {i} suffers two attacks without cumulative attacks"
            ));
        }
        if t.rolling && t.hazards != 0 {
            return Err(format!("side {i} is rolling under a hazard"));
        }
    }
    // Remedies and hazards on the tableaux are not tracked card by card: they are the rest.
    if seen > dealt {
        return Err(format!(
            "{seen} cards accounted for, but only {dealt} in the deck"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{MbState, MilleBornes};
    use crate::Game;

    #[test]
    fn a_broken_rule_names_the_side_counting_from_one() {
        let g = MilleBornes::from_json(&serde_json::json!({"players": 2})).unwrap();
        let mut core = *g.new_initial_state().core();
        core.sides[0].twos = 3;
        let s = MbState::from_core(core);
        assert_eq!(super::check(&s), Err("side 1 played 3 200s".into()));
    }

    #[test]
    fn a_speed_limit_counts_as_an_attack_unless_on_its_own_pile() {
        for (independent, broken) in [(false, true), (true, false)] {
            let g = MilleBornes::from_json(
                &serde_json::json!({"players": 2, "independent_speed_limit": independent}),
            )
            .unwrap();
            let mut core = *g.new_initial_state().core();
            core.sides[0].limited = true;
            core.sides[0].hazards = super::super::cards::Card::Stop.battle_bit();
            let s = MbState::from_core(core);
            let expected = if broken {
                Err("side 1 suffers two attacks without cumulative attacks".into())
            } else {
                Ok(())
            };
            assert_eq!(super::check(&s), expected);
        }
    }
}
