//! The typed event log. The state keeps none of it: `State::events` replays the history with a
//! recording log, so play itself pays nothing for it.
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::cards::{Card, SAFETIES};
use super::scoring::HandScore;
use super::state::MAX_SEATS;

// Events are transient (built only while replaying for a log), so one large variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Dealt {
        seat: u8,
        card: Card,
    },
    Drew {
        seat: u8,
        card: Card,
    },
    Played {
        seat: u8,
        card: Card,
    },
    Attacked {
        seat: u8,
        card: Card,
        side: u8,
    },
    Discarded {
        seat: u8,
        card: Card,
    },
    CoupFourre {
        seat: u8,
        safety: Card,
        hazard: Card,
    },
    DeclinedCoupFourre {
        seat: u8,
    },
    /// Seats that lose their turn because a coup fourré passed the play over them.
    TurnsLost {
        seats: u16,
    },
    ExtraTurn {
        seat: u8,
    },
    Reshuffled {
        cards: u8,
    },
    Extended {
        seat: u8,
    },
    StoppedAt700 {
        seat: u8,
    },
    HandOver {
        hand: u16,
        completed_by: Option<u8>,
        rows: [HandScore; MAX_SEATS],
        sides: u8,
    },
    GameOver {
        winners: u16,
    },
}

/// Where `Core::apply` reports events.
pub trait Log {
    fn push(&mut self, e: Event);
}

/// Discards every event: the fast path.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoLog;

impl Log for NoLog {
    #[inline(always)]
    fn push(&mut self, _e: Event) {}
}

impl Log for Vec<Event> {
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

fn seats(bits: u16) -> Vec<u32> {
    (0..16).filter(|i| bits & (1 << i) != 0).collect()
}

impl Event {
    /// JSON for `viewer` (None: spectator). Cards drawn by another seat are hidden.
    pub fn to_json(&self, viewer: Option<usize>) -> Value {
        let secret = |seat: &u8, card: &Card| {
            if viewer == Some(usize::from(*seat)) {
                Value::from(card.name())
            } else {
                Value::Null
            }
        };
        match self {
            Event::Dealt { seat, card } => {
                json!({"event": "dealt", "seat": seat, "card": secret(seat, card)})
            }
            Event::Drew { seat, card } => {
                json!({"event": "drew", "seat": seat, "card": secret(seat, card)})
            }
            Event::Played { seat, card } => {
                json!({"event": "played", "seat": seat, "card": card.name()})
            }
            Event::Attacked { seat, card, side } => {
                json!({"event": "attacked", "seat": seat, "card": card.name(), "side": side})
            }
            Event::Discarded { seat, card } => {
                json!({"event": "discarded", "seat": seat, "card": card.name()})
            }
            Event::CoupFourre {
                seat,
                safety,
                hazard,
            } => json!({
                "event": "coup_fourre", "seat": seat, "safety": safety.name(), "hazard": hazard.name()
            }),
            Event::DeclinedCoupFourre { seat } => {
                json!({"event": "declined_coup_fourre", "seat": seat})
            }
            Event::TurnsLost { seats: s } => json!({"event": "turns_lost", "seats": seats(*s)}),
            Event::ExtraTurn { seat } => json!({"event": "extra_turn", "seat": seat}),
            Event::Reshuffled { cards } => json!({"event": "reshuffled", "cards": cards}),
            Event::Extended { seat } => json!({"event": "extended", "seat": seat}),
            Event::StoppedAt700 { seat } => json!({"event": "stopped_at_700", "seat": seat}),
            Event::HandOver {
                hand,
                completed_by,
                rows,
                sides,
            } => {
                let rows: Vec<Value> = rows[..usize::from(*sides)]
                    .iter()
                    .map(|r| {
                        let mut v = serde_json::to_value(r).unwrap_or(Value::Null);
                        v["total"] = Value::from(r.total());
                        v
                    })
                    .collect();
                json!({"event": "hand_over", "hand": hand, "completed_by": completed_by, "scores": rows})
            }
            Event::GameOver { winners } => {
                json!({"event": "game_over", "winners": seats(*winners)})
            }
        }
    }
}

/// Names of the safeties in a bit set, in book order.
pub fn safety_names(bits: u8) -> Vec<&'static str> {
    SAFETIES
        .iter()
        .filter(|s| bits & s.safety_bit() != 0)
        .map(|s| s.name())
        .collect()
}
