//! The information-state tensor (OpenSpiel's `information_state_tensor`): what a seat knows, its
//! own past included, not only the table as it lies now.
//!
//! The book's draft turns its cards face up ("The 1st player chooses one of the 8 faced up
//! cards"; the next players turn a card of each deck and pick), so every seat sees which card each
//! other seat takes into its hand; the cards a seat is granted or draws from a deck stay hidden.
//! A seat knows, beyond its observation, the face-up row, the cards in its own cars' hands, and
//! the cards it saw each other seat take that it has not seen leave that seat's hand or its cars'
//! hands. Kept as actions are applied (`seen`); the batch
//! runner's path (`apply_unrecorded`) skips it, and a state built from a position knows what was
//! taken from that position on (a position records no history).
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::options::LamboOptions;
use super::state::LamboState;
use super::view;

/// After an action: each seat's cards that were face up before it and are in its hand now join
/// what it was seen to take; the cards it no longer holds leave.
pub fn note_taken(s: &mut LamboState, face_up_before: &[u16]) {
    let mut seen = core::mem::take(&mut s.seen);
    seen.resize(s.hands.len(), Vec::new());
    for (seat, taken) in seen.iter_mut().enumerate() {
        // In its hand, or in the hand of one of its cars (where the set-up moves them).
        let mut held = s.hands[seat].cards.clone();
        for (car, m) in s.murcs.iter().enumerate() {
            if usize::from(s.def.opts.owner(car)) == seat {
                held.extend_from_slice(&m.hand);
            }
        }
        taken.retain(|c| held.contains(c));
        for &c in &held {
            if face_up_before.contains(&c) && !s.face_up.contains(&c) && !taken.contains(&c) {
                taken.push(c);
            }
        }
    }
    s.seen = seen;
}

/// Length of the tensor: the observation, the face-up row, the seat's cars' cards, and per other
/// seat what it was seen to take, one flag per card of the content each.
pub fn info_state_len(o: &LamboOptions, cards: usize, observation_len: usize) -> usize {
    observation_len + cards * (usize::from(o.players) + 1)
}

pub fn info_state(s: &LamboState, player: usize, out: &mut [f32]) {
    let obs = s.def.opts.cars() * 8 + 4 + s.def.content.cards.len();
    let end = obs.min(out.len());
    view::observation(s, player, &mut out[..end]);
    let cards = s.def.content.cards.len();
    let mut at = obs;
    let mut flag = |b: bool, out: &mut [f32]| {
        if let Some(slot) = out.get_mut(at) {
            *slot = if b { 1.0 } else { 0.0 };
        }
        at += 1;
    };
    for c in 0..cards as u16 {
        flag(s.face_up.contains(&c), out);
    }
    // The cards in its cars' hands (granted at the set-up, drawn in the race), which the
    // observation's "my cards" (the seat's own hand) leaves out.
    let mine: Vec<u16> = (0..s.murcs.len())
        .filter(|&car| usize::from(s.def.opts.owner(car)) == player)
        .flat_map(|car| s.murcs[car].hand.iter().copied())
        .collect();
    for c in 0..cards as u16 {
        flag(mine.contains(&c), out);
    }
    let players = s.hands.len();
    for k in 1..players {
        let seat = (player + k) % players;
        let taken = s.seen.get(seat).map_or(&[][..], Vec::as_slice);
        for c in 0..cards as u16 {
            flag(taken.contains(&c), out);
        }
    }
}

pub fn info_state_names(
    o: &LamboOptions,
    content: &super::content::Content,
    observation: Vec<String>,
) -> Vec<String> {
    let mut out = observation;
    let labels = view::card_labels(content);
    for l in &labels {
        out.push(format!("face up: {l}"));
    }
    for l in &labels {
        out.push(format!("my cars' cards: {l}"));
    }
    for k in 1..usize::from(o.players) {
        for l in &labels {
            out.push(format!(
                "seat +{k} in seating order: seen taking {l}, still held"
            ));
        }
    }
    out
}
