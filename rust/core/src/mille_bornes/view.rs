//! What one seat may see: its own hand and the public table. Bots read only this, so no bot can
//! use another seat's cards; `view()` and `observation_tensor()` are built from it too.
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::cards::{Card, Counts, ALL, NUM_KINDS, SAFETIES};
use super::events::safety_names;
use super::options::Options;
use super::rules::Tableau;
use super::state::{Core, Phase};

#[derive(Debug, Clone, Copy)]
pub struct SeatView<'a> {
    seat: Option<usize>,
    core: &'a Core,
}

impl<'a> SeatView<'a> {
    pub fn new(core: &'a Core, seat: Option<usize>) -> Self {
        SeatView { seat, core }
    }

    pub fn seat(&self) -> Option<usize> {
        self.seat
    }

    pub fn options(&self) -> &Options {
        &self.core.opts
    }

    /// This seat's own cards (empty for a spectator).
    pub fn hand(&self) -> Counts {
        self.seat.map_or([0; NUM_KINDS], |s| self.core.hands[s])
    }

    pub fn hand_sizes(&self) -> Vec<u32> {
        (0..self.core.players())
            .map(|p| self.core.hand_size(p))
            .collect()
    }

    pub fn side_of(&self, seat: usize) -> usize {
        self.core.side_of(seat)
    }

    pub fn num_sides(&self) -> usize {
        self.core.num_sides()
    }

    pub fn tableau(&self, side: usize) -> &Tableau {
        &self.core.sides[side]
    }

    pub fn deck_len(&self) -> u32 {
        u32::from(self.core.deck_len)
    }

    /// The discard pile is face up.
    pub fn discard(&self) -> &Counts {
        &self.core.discard
    }

    pub fn target(&self) -> u16 {
        self.core.target
    }

    pub fn totals(&self) -> &[i32] {
        &self.core.totals[..self.num_sides()]
    }

    /// Who must act, and in which phase (public: everybody sees whose turn it is).
    pub fn phase(&self) -> Phase {
        self.core.phase
    }

    pub fn to_json(&self) -> Value {
        let c = self.core;
        let sides: Vec<Value> = (0..self.num_sides())
            .map(|i| {
                let t = &c.sides[i];
                json!({
                    "side": i,
                    "seats": (0..c.players()).filter(|&p| c.side_of(p) == i).collect::<Vec<_>>(),
                    "miles": t.miles,
                    "two_hundreds": t.twos,
                    "rolling": t.rolling,
                    "moving": t.moving(),
                    "hazards": hazard_names(t),
                    "speed_limit": t.limited,
                    "wrong_way": t.wrong_way,
                    "safeties": safety_names(t.safeties),
                    "coups_fourres": safety_names(t.coups),
                    "score": c.totals[i],
                    "last_hand": serde_json::to_value(c.last_hand[i]).unwrap_or(Value::Null),
                })
            })
            .collect();
        let hand: Vec<&str> = expand(&self.hand()).map(Card::name).collect();
        json!({
            "game": "mille_bornes",
            "seat": self.seat,
            "side": self.seat.map(|s| c.side_of(s)),
            "hand": hand,
            "hand_sizes": self.hand_sizes(),
            "hand_number": c.hand_number,
            "phase": phase_json(c.phase),
            "target": c.target,
            "extended_by": c.extended_by,
            "deck_size": c.deck_len,
            "discard": counts_json(&c.discard),
            "reshuffles": c.reshuffles,
            "sides": sides,
            "score_to_win": c.opts.score_to_win,
            "winners": (0..self.num_sides()).filter(|i| c.winners & (1 << i) != 0).collect::<Vec<_>>(),
            "cards": cards_json(&c.opts),
        })
    }

    /// Flat float32 features, own side first, other sides in seating order after it.
    pub fn observation(&self, out: &mut [f32]) {
        let c = self.core;
        let mut w = Writer { out, at: 0 };
        let hand = self.hand();
        for &n in hand.iter() {
            w.put(f32::from(n) / 7.0);
        }
        let me = self.seat.map_or(0, |s| c.side_of(s));
        let sides = self.num_sides();
        for k in 0..sides {
            let t = &c.sides[(me + k) % sides];
            w.put(f32::from(t.miles) / 1000.0);
            w.put(f32::from(t.twos) / 2.0);
            for bit in [1u8, 2, 4, 8] {
                w.flag(t.hazards & bit != 0);
            }
            w.flag(t.rolling);
            w.flag(t.moving());
            w.flag(t.limited);
            w.flag(t.wrong_way);
            for s in SAFETIES {
                w.flag(t.has(s));
            }
            w.put(t.coups.count_ones() as f32 / 4.0);
            w.put(c.totals[(me + k) % sides] as f32 / 5000.0);
        }
        for p in 0..c.players() {
            w.put(c.hand_size(p) as f32 / 7.0);
        }
        w.put(f32::from(c.deck_len) / 106.0);
        for &n in c.discard.iter() {
            w.put(f32::from(n) / 14.0);
        }
        w.put(f32::from(c.target) / 1000.0);
        w.flag(c.extended_by.is_some());
        let mine = |s: u8| self.seat == Some(usize::from(s));
        w.flag(matches!(c.phase, Phase::Play { seat } if mine(seat)));
        w.flag(matches!(c.phase, Phase::CoupFourre { holder, .. } if mine(holder)));
        w.flag(matches!(c.phase, Phase::Extension { seat } if mine(seat)));
        w.flag(c.phase == Phase::GameOver);
    }
}

/// Length of `SeatView::observation` for these options.
pub fn observation_len(o: &Options) -> usize {
    NUM_KINDS + 16 * usize::from(o.sides) + usize::from(o.players) + 1 + NUM_KINDS + 2 + 4
}

struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, v: f32) {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = v;
        }
        self.at += 1;
    }
    fn flag(&mut self, b: bool) {
        self.put(if b { 1.0 } else { 0.0 });
    }
}

pub fn expand(counts: &Counts) -> impl Iterator<Item = Card> + '_ {
    counts
        .iter()
        .enumerate()
        .flat_map(|(k, &n)| core::iter::repeat_n(ALL[k], usize::from(n)))
}

/// What each card of this game's deck is, by the name the view calls it: its id, its class and
/// the cards it cures or protects against, so a page draws a card face without a rules table.
fn cards_json(o: &Options) -> Value {
    let deck = o.deck_counts();
    let mut m = serde_json::Map::new();
    for card in ALL.into_iter().filter(|c| deck[c.index()] > 0) {
        let class = if card.is_distance() {
            "distance"
        } else if card.is_hazard() {
            "hazard"
        } else if card.is_safety() {
            "safety"
        } else {
            "remedy"
        };
        let mut v = json!({"id": card.id(), "class": class});
        if card.is_hazard() {
            let remedy = ALL.into_iter().find(|r| r.remedy_for() == Some(card));
            v["cured_by"] = Value::from(remedy.map(Card::name));
        }
        if let Some(hazard) = card.remedy_for() {
            v["cures"] = Value::from(hazard.name());
        }
        if card.is_safety() {
            let against: Vec<&str> = ALL
                .into_iter()
                .filter(|h| h.safety_against() == Some(card) && deck[h.index()] > 0)
                .map(Card::name)
                .collect();
            v["against"] = Value::from(against);
        }
        m.insert(card.name().into(), v);
    }
    Value::Object(m)
}

fn counts_json(c: &Counts) -> Value {
    let mut m = serde_json::Map::new();
    for (k, &n) in c.iter().enumerate() {
        if n > 0 {
            m.insert(ALL[k].name().into(), Value::from(n));
        }
    }
    Value::Object(m)
}

fn hazard_names(t: &Tableau) -> Vec<&'static str> {
    [Card::Accident, Card::OutOfGas, Card::FlatTire, Card::Stop]
        .iter()
        .filter(|h| t.hazards & h.battle_bit() != 0)
        .map(|h| h.name())
        .collect()
}

fn phase_json(p: Phase) -> Value {
    match p {
        Phase::Deal { seat, .. } => json!({"name": "deal", "seat": seat}),
        Phase::Draw { seat } => json!({"name": "draw", "seat": seat}),
        Phase::Play { seat } => json!({"name": "play", "seat": seat}),
        Phase::CoupFourre {
            holder,
            attacker,
            hazard,
            ..
        } => json!({
            "name": "coup_fourre", "seat": holder, "attacker": attacker, "hazard": hazard.name()
        }),
        Phase::ReplacementDraw { seat } => json!({"name": "replacement_draw", "seat": seat}),
        Phase::Extension { seat } => json!({"name": "extension", "seat": seat}),
        Phase::GameOver => json!({"name": "game_over"}),
    }
}

/// The name of every feature of `SeatView::observation`, in its order: the seat's own side
/// first, the others in seating order after it; seats counted from 1.
pub fn observation_names(o: &Options) -> Vec<alloc::string::String> {
    use alloc::format;
    let mut out = Vec::new();
    for c in ALL {
        out.push(format!("my hand: {} (of 7)", c.name()));
    }
    for k in 0..usize::from(o.sides) {
        let side = if k == 0 {
            alloc::string::String::from("my side")
        } else {
            format!("side +{k} in seating order")
        };
        let mut put = |f: &str| out.push(format!("{side}: {f}"));
        put("miles (of 1000)");
        put("200s played (of 2)");
        for h in ["Accident", "Out of Gas", "Flat Tire", "Stop"] {
            put(&format!("hazard {h}"));
        }
        for f in ["rolling", "moving", "speed limit", "wrong way"] {
            put(f);
        }
        for s in SAFETIES {
            put(&format!("safety {}", s.name()));
        }
        put("coups fourrés (of 4)");
        put("score (of 5000)");
    }
    for p in 0..usize::from(o.players) {
        out.push(format!("seat {}: cards in hand (of 7)", p + 1));
    }
    out.push("draw pile (of 106)".into());
    for c in ALL {
        out.push(format!("discard: {} (of 14)", c.name()));
    }
    out.push("target (of 1000)".into());
    out.push("extended".into());
    for f in [
        "my turn to play",
        "my coup fourré",
        "my extension call",
        "game over",
    ] {
        out.push(f.into());
    }
    out
}
