//! The typed event log. The state keeps none of it: `State::events` replays the history with a
//! recording log, so play itself pays nothing for it.
//!
//! One decision is one event (a safety's extra turn and the seats a coup fourré passes over are
//! fields of its event, not events of their own); the table's own steps (the deal, a draw, a
//! reshuffle, a hand's end, the game's end) are events with no decision behind them. The kinds
//! and their fields are listed in docs/rules/mille_bornes.md, "Vocabulary".
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::cards::{Card, SAFETIES};
use super::scoring::HandScore;
use super::state::MAX_SEATS;

/// Every `kind` an event's JSON may have, in the order of `Event`.
pub const EVENT_KINDS: [&str; 12] = [
    "dealt",
    "drew",
    "played",
    "attacked",
    "discarded",
    "coup_fourre",
    "declined_coup_fourre",
    "reshuffled",
    "extended",
    "stopped_at_700",
    "hand_over",
    "game_over",
];

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
    /// A card on the seat's own side; a safety played on one's turn gives `extra_turn` (decision 6).
    Played {
        seat: u8,
        card: Card,
        extra_turn: bool,
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
    /// `skipped`: the seats between the attacker and the holder, who lose their turn.
    CoupFourre {
        seat: u8,
        safety: Card,
        hazard: Card,
        attacker: u8,
        skipped: u16,
    },
    DeclinedCoupFourre {
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
    /// This event's `kind` (one of `EVENT_KINDS`).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Dealt { .. } => "dealt",
            Event::Drew { .. } => "drew",
            Event::Played { .. } => "played",
            Event::Attacked { .. } => "attacked",
            Event::Discarded { .. } => "discarded",
            Event::CoupFourre { .. } => "coup_fourre",
            Event::DeclinedCoupFourre { .. } => "declined_coup_fourre",
            Event::Reshuffled { .. } => "reshuffled",
            Event::Extended { .. } => "extended",
            Event::StoppedAt700 { .. } => "stopped_at_700",
            Event::HandOver { .. } => "hand_over",
            Event::GameOver { .. } => "game_over",
        }
    }

    /// JSON for `viewer` (None: spectator): `kind`, the seat that acted or was dealt to (`seat`,
    /// from 0 as the API counts), cards as `{"id", "name"}`; a card dealt to or drawn by another
    /// seat is `null`. `event` repeats `kind` for readers written before the vocabulary.
    pub fn to_json(&self, viewer: Option<usize>) -> Value {
        let secret = |seat: &u8, card: &Card| {
            if viewer == Some(usize::from(*seat)) {
                card.reference()
            } else {
                Value::Null
            }
        };
        let mut v = match self {
            Event::Dealt { seat, card } | Event::Drew { seat, card } => {
                json!({"seat": seat, "card": secret(seat, card)})
            }
            Event::Played {
                seat,
                card,
                extra_turn,
            } => json!({"seat": seat, "card": card.reference(), "extra_turn": extra_turn}),
            Event::Attacked { seat, card, side } => {
                json!({"seat": seat, "card": card.reference(), "side": side})
            }
            Event::Discarded { seat, card } => json!({"seat": seat, "card": card.reference()}),
            Event::CoupFourre {
                seat,
                safety,
                hazard,
                attacker,
                skipped,
            } => json!({
                "seat": seat, "safety": safety.reference(), "hazard": hazard.reference(),
                "attacker": attacker, "skipped": seats(*skipped),
            }),
            Event::DeclinedCoupFourre { seat }
            | Event::Extended { seat }
            | Event::StoppedAt700 { seat } => json!({"seat": seat}),
            Event::Reshuffled { cards } => json!({"cards": cards}),
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
                json!({"hand": hand, "completed_by": completed_by, "scores": rows})
            }
            Event::GameOver { winners } => json!({"winners": seats(*winners)}),
        };
        v["kind"] = Value::from(self.kind());
        v
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
