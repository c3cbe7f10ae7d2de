//! The information-state tensor (OpenSpiel's `information_state_tensor`): what a seat knows, its
//! own past included, not only the table as it lies now.
//!
//! The book hides the hands, the decks' order, the sealed qualifying cards and refuel chits and
//! the duel cards until their reveal (docs/rules/formula90.md, decision 37); everything else
//! goes face up: the cards played, discarded, paid and turned for a check, the qualifying cards
//! and duel cards once revealed. The observation keeps only the table as it lies now (the
//! discard piles by their size, decision 45), so the seat's past adds two things:
//! - every card it saw leave its deck since that deck was last shuffled: its own draws and every
//!   card turned face up (a card counter's knowledge of what is left to draw);
//! - per other player, the cards it was seen to hold: revealed in a duel ("volta para a mão ... no
//!   início do próximo" turn) or taken face up from a chased car's discards, until seen to leave
//!   its hand (played, discarded, paid, turned for a check) or its car retires.
//!
//! Read from the typed log when asked, so it costs nothing unless asked: a state played through
//! the batch runner's path (`apply_unrecorded`) keeps no log and knows no past, and a state built
//! from a position knows the past from that position on (a position records no history).
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::car::NO_CARD;
use super::cards::{CardId, CardSet, MAX_CARDS};
use super::content::MAX_HUMANS;
use super::events::Event;
use super::race::RaceDef;
use super::state::F90State;
use super::view::observation_len;

/// What a seat has seen of the past, from the log.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seen {
    /// Cards seen out of their deck since it was last shuffled.
    pub out_of_deck: CardSet,
    /// Per car of a player, the cards it was seen to hold and not seen to give up.
    pub held: [CardSet; MAX_HUMANS],
}

impl Seen {
    fn show(&mut self, id: CardId) {
        if id != NO_CARD {
            self.out_of_deck.insert(id);
        }
    }

    /// `car` gave up `id` face up.
    fn leaves(&mut self, car: u8, id: CardId) {
        self.show(id);
        if let Some(h) = self.held.get_mut(usize::from(car)) {
            if id != NO_CARD {
                h.remove(id);
            }
        }
    }
}

/// What `seat` has seen of the race's past, by its log.
pub fn seen(s: &F90State, seat: usize) -> Seen {
    let mut k = Seen::default();
    let humans = s.race.humans();
    for e in s.typed_events() {
        match *e {
            Event::Draw { car, card } if usize::from(car) == seat => k.show(card),
            Event::Play { car, cards, .. } => {
                for id in cards {
                    k.leaves(car, id);
                }
            }
            Event::Discard { car, card }
            | Event::PayCard { car, card }
            | Event::Check { car, card, .. }
            | Event::ExtremePassed {
                car, power: card, ..
            } => k.leaves(car, card),
            Event::QualifyReveal { card, .. } | Event::Weather { card, .. } => k.show(card),
            Event::DuelReveal { result, cards, .. } => {
                for (&(car, _), laid) in result.iter().zip(cards.iter()) {
                    if car == u8::MAX {
                        continue;
                    }
                    for &id in laid.iter().filter(|&&id| id != NO_CARD) {
                        k.show(id);
                        // A player's duel cards come back to its hand next turn.
                        if usize::from(car) < humans {
                            k.held[usize::from(car)].insert(id);
                        }
                    }
                }
            }
            Event::ChaseTake { car, card, .. } => {
                k.show(card);
                if usize::from(car) < humans {
                    k.held[usize::from(car)].insert(card);
                }
            }
            Event::Retired { car, .. } => {
                // Its cards go to the discard piles: those it was seen to hold stay out.
                if let Some(h) = k.held.get_mut(usize::from(car)) {
                    k.out_of_deck = k.out_of_deck.union(*h);
                    *h = CardSet::EMPTY;
                }
            }
            Event::Reshuffle { track } => {
                if track {
                    k.out_of_deck.track = 0;
                } else {
                    k.out_of_deck.race = 0;
                }
            }
            _ => {}
        }
    }
    k
}

/// The observation, the cards seen out of their decks, and per other seat in seating order
/// (`seat +1` … `seat +5`, zeros past the race's players) the cards it was seen to hold: one
/// flag per card slot each, the same length for every race.
pub fn info_state_len() -> usize {
    observation_len() + MAX_CARDS * MAX_HUMANS
}

pub fn info_state(s: &F90State, seat: usize, out: &mut [f32]) {
    let obs = observation_len().min(out.len());
    s.seat_view(Some(seat)).observation(&mut out[..obs]);
    let rest = &mut out[obs..];
    rest.fill(0.0);
    let k = seen(s, seat);
    let mut put = |block: usize, set: CardSet| {
        for id in set.iter() {
            if let Some(slot) = rest.get_mut(block * MAX_CARDS + usize::from(id)) {
                *slot = 1.0;
            }
        }
    };
    put(0, k.out_of_deck);
    let humans = s.race.humans();
    for j in 1..humans {
        put(j, k.held[(seat + j) % humans]);
    }
}

/// The name of every feature of `info_state`, in its order.
pub fn info_state_names(race: &RaceDef, observation: Vec<String>) -> Vec<String> {
    let mut out = observation;
    let card = |id: usize| {
        if id < race.cards.len() {
            format!("card {}", race.card_name(id as u8))
        } else {
            format!("card slot {} (no such card on this track)", id + 1)
        }
    };
    for id in 0..MAX_CARDS {
        out.push(format!(
            "seen out of its deck since the shuffle: {}",
            card(id)
        ));
    }
    for j in 1..MAX_HUMANS {
        for id in 0..MAX_CARDS {
            out.push(format!(
                "seat +{j} in seating order: seen holding {}",
                card(id)
            ));
        }
    }
    out
}
