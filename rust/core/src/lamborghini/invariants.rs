//! Invariants of every reachable Lamborghini state; the harness checks them at every step: no
//! two running cars on a square, money never negative, no card in two places.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::state::{LamboState, Murc};

pub fn check(s: &LamboState) -> Result<(), String> {
    if s.racing {
        for (i, a) in s.murcs.iter().enumerate() {
            let on = |m: &Murc| m.finish.is_none() || m.stopped;
            if on(a) {
                if let Some(j) = s
                    .murcs
                    .iter()
                    .enumerate()
                    .position(|(j, b)| j > i && on(b) && b.cell == a.cell)
                {
                    // Cars by their names, seats from 1: positions and pages write them so.
                    return Err(format!(
                        "{} and {} on one square {:?}",
                        s.car_title(i),
                        s.car_title(j),
                        a.cell
                    ));
                }
            }
        }
    }
    for (i, h) in s.hands.iter().enumerate() {
        if h.money < 0 {
            return Err(format!("seat {} has negative money", i + 1));
        }
    }
    let cards = s.def.content.cards.len();
    let mut seen = alloc::vec![0u8; cards];
    let held = s
        .decks
        .iter()
        .flatten()
        .chain(&s.face_up)
        .chain(&s.speed_deck)
        .chain(&s.speed_discard);
    let in_hands = s
        .hands
        .iter()
        .flat_map(|h| h.cards.iter().chain(&h.face_down));
    let on_cars = s.murcs.iter().flat_map(|m| {
        m.car
            .into_iter()
            .chain(m.driver)
            .chain(m.hand.iter().copied())
    });
    for &c in held
        .chain(in_hands)
        .chain(on_cars.collect::<Vec<_>>().iter())
    {
        seen[usize::from(c)] += 1;
        if seen[usize::from(c)] > 1 {
            return Err(format!("{} is in two places", s.card_title(c)));
        }
    }
    Ok(())
}
