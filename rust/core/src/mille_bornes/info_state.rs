//! The information-state tensor (OpenSpiel's `information_state_tensor`): what a seat knows,
//! its own past included, not only the table as it lies now.
//!
//! In the book the other hands and the draw pile are face down; every card played or discarded
//! goes face up. So a seat knows, beyond its observation, the cards it drew this hand and what
//! every seat played, attacked with and discarded this hand: a discard pile of one 25 and one 50
//! reads the same whether the seat itself threw the 25 or its opponent did, but the seat knows
//! which. Counted per hand (a new deal starts from zero: the past hands are in the scores).
//! The counts come from the rules' events as actions are applied, so they cost nothing on the
//! batch runner's path (`apply_unrecorded`); a state built from a position knows the past from
//! that position on (a position records no history).
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::cards::{ALL, HAZARDS, NUM_KINDS, OWN_PLAYS};
use super::events::{Event, Log};
use super::options::Options;
use super::state::{Core, MAX_SEATS};
use super::view::{observation_len, SeatView};

/// Every card each seat was seen to play or discard this hand, and what each seat drew (only a
/// seat's own row reaches its tensor).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Past {
    drawn: [[u8; NUM_KINDS]; MAX_SEATS],
    played: [[u8; NUM_KINDS]; MAX_SEATS],
    /// `[seat][target side][hazard]`, sides as the rules number them.
    attacked: [[[u8; HAZARDS.len()]; MAX_SEATS]; MAX_SEATS],
    discarded: [[u8; NUM_KINDS]; MAX_SEATS],
}

impl Default for Past {
    fn default() -> Self {
        Past {
            drawn: [[0; NUM_KINDS]; MAX_SEATS],
            played: [[0; NUM_KINDS]; MAX_SEATS],
            attacked: [[[0; HAZARDS.len()]; MAX_SEATS]; MAX_SEATS],
            discarded: [[0; NUM_KINDS]; MAX_SEATS],
        }
    }
}

fn bump(n: &mut u8) {
    *n = n.saturating_add(1);
}

impl Log for Past {
    fn push(&mut self, e: Event) {
        match e {
            Event::Dealt { seat, card } | Event::Drew { seat, card } => {
                bump(&mut self.drawn[usize::from(seat)][card.index()]);
            }
            Event::Played { seat, card, .. }
            | Event::CoupFourre {
                seat, safety: card, ..
            } => {
                bump(&mut self.played[usize::from(seat)][card.index()]);
            }
            Event::Attacked { seat, card, side } => {
                if let Some(h) = HAZARDS.iter().position(|&x| x == card) {
                    bump(&mut self.attacked[usize::from(seat)][usize::from(side)][h]);
                }
            }
            Event::Discarded { seat, card } => {
                bump(&mut self.discarded[usize::from(seat)][card.index()]);
            }
            Event::HandOver { .. } => *self = Past::default(),
            _ => {}
        }
    }
}

/// Length of the information-state tensor: the observation, the seat's draws, and per seat its
/// own-side plays, its attacks on each side and its discards.
pub fn info_state_len(o: &Options) -> usize {
    let per_seat = OWN_PLAYS.len() + HAZARDS.len() * usize::from(o.sides) + NUM_KINDS;
    observation_len(o) + NUM_KINDS + usize::from(o.players) * per_seat
}

/// The tensor for `seat`: its observation first, then its past (seats and sides counted from
/// its own, in seating order, as the observation counts sides).
pub fn info_state(core: &Core, past: &Past, seat: usize, out: &mut [f32]) {
    let obs = observation_len(&core.opts);
    SeatView::new(core, Some(seat)).observation(&mut out[..obs]);
    let mut at = obs;
    let mut put = |n: u8| {
        if let Some(slot) = out.get_mut(at) {
            *slot = f32::from(n) / 14.0;
        }
        at += 1;
    };
    for &n in &past.drawn[seat] {
        put(n);
    }
    let players = core.players();
    let sides = core.num_sides();
    let my_side = core.side_of(seat);
    for k in 0..players {
        let p = (seat + k) % players;
        for c in OWN_PLAYS {
            put(past.played[p][c.index()]);
        }
        for j in 0..sides {
            for &n in &past.attacked[p][(my_side + j) % sides] {
                put(n);
            }
        }
        for &n in &past.discarded[p] {
            put(n);
        }
    }
}

/// The name of every feature of `info_state`, in its order.
pub fn info_state_names(o: &Options) -> Vec<String> {
    let mut out = super::view::observation_names(o);
    for c in ALL {
        out.push(format!("my draws this hand: {} (of 14)", c.name()));
    }
    for k in 0..usize::from(o.players) {
        let who = if k == 0 {
            String::from("me")
        } else {
            format!("seat +{k} in seating order")
        };
        for c in OWN_PLAYS {
            out.push(format!("{who}: played {} this hand (of 14)", c.name()));
        }
        for j in 0..usize::from(o.sides) {
            let side = if j == 0 {
                String::from("my side")
            } else {
                format!("side +{j} in seating order")
            };
            for h in HAZARDS {
                out.push(format!(
                    "{who}: played {} on {side} this hand (of 14)",
                    h.name()
                ));
            }
        }
        for c in ALL {
            out.push(format!("{who}: discarded {} this hand (of 14)", c.name()));
        }
    }
    out
}
