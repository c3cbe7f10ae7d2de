//! A whole Mille Bornes position as JSON, and a state built from one (issue 11 item 7): for
//! puzzles, teaching, bug reports and tests. Seats and sides count from 1, cards go by their
//! English names. The draw pile is a count of each card: the core draws a kind at random with
//! the pile's odds, so the pile has no order to keep. A tableau is what the rules read of it
//! (miles, 200s, the tops of the battle and speed piles, safeties and coups fourrés); the
//! remedies and hazards covered under the tops are not part of the state, so the cards of the
//! deck that are in no pile, hand or known tableau card are those covered cards
//! (docs/positions.md).
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::cards::{self, Card, Counts, HAZARDS, NUM_KINDS, SAFETIES};
use super::options::Options;
use super::rules::Tableau;
use super::scoring::HandScore;
use super::state::{Core, Phase, HAND_SIZE, MAX_SEATS};
use super::{MbState, MilleBornes, GAME_ID};
use crate::error::Error;

fn bad(why: impl Into<String>) -> Error {
    Error::replay(format!("position: {}", why.into()))
}

fn names(c: &Counts) -> Value {
    let mut v = Vec::new();
    for (k, &n) in c.iter().enumerate() {
        for _ in 0..n {
            v.push(Value::from(cards::ALL[k].name()));
        }
    }
    Value::from(v)
}

fn bits_names(bits: u8, of: &[Card], bit: fn(Card) -> u8) -> Value {
    Value::from(
        of.iter()
            .filter(|&&c| bits & bit(c) != 0)
            .map(|c| c.name())
            .collect::<Vec<_>>(),
    )
}

fn tableau_json(t: &Tableau) -> Value {
    json!({
        "miles": t.miles,
        "distance_cards": t.distance_cards,
        "200s": t.twos,
        "battle": bits_names(t.hazards, &HAZARDS, Card::battle_bit),
        "rolling": t.rolling,
        "speed_limit": t.limited,
        "wrong_way": t.wrong_way,
        "safeties": bits_names(t.safeties, &SAFETIES, Card::safety_bit),
        "coups_fourres": bits_names(t.coups, &SAFETIES, Card::safety_bit),
    })
}

fn score_json(s: &HandScore) -> Value {
    serde_json::to_value(s).unwrap_or(Value::Null)
}

fn phase_json(p: Phase) -> Value {
    let n = |s: u8| s + 1;
    match p {
        Phase::Deal { seat, left } => json!({"at": "deal", "seat": n(seat), "left": left}),
        Phase::Draw { seat } => json!({"at": "draw", "seat": n(seat)}),
        Phase::Play { seat } => json!({"at": "play", "seat": n(seat)}),
        Phase::CoupFourre {
            holder,
            attacker,
            hazard,
            before,
        } => json!({
            "at": "coup fourré",
            "holder": n(holder),
            "attacker": n(attacker),
            "hazard": hazard.name(),
            "before": tableau_json(&before),
        }),
        Phase::ReplacementDraw { seat } => json!({"at": "replacement draw", "seat": n(seat)}),
        Phase::Extension { seat } => json!({"at": "extension", "seat": n(seat)}),
        Phase::GameOver => json!({"at": "over"}),
    }
}

impl MbState {
    /// The whole position: every hand, the draw pile and the discards, the tableaux, the scores.
    pub fn to_position(&self) -> Value {
        let c = self.core();
        let seats = c.players();
        let sides = c.num_sides();
        json!({
            "game": GAME_ID,
            "hand_number": c.hand_number,
            "first_seat": c.first_seat + 1,
            "phase": phase_json(c.phase),
            "target": c.target,
            "extended_by": c.extended_by.map(|s| s + 1),
            "pile_ran_out": c.pile_ran_out,
            "reshuffles": c.reshuffles,
            "hands": c.hands[..seats].iter().map(names).collect::<Vec<_>>(),
            "draw_pile": names(&c.deck),
            "discard": names(&c.discard),
            "sides": c.sides[..sides].iter().map(tableau_json).collect::<Vec<_>>(),
            "totals": &c.totals[..sides],
            "last_hand": c.last_hand[..sides].iter().map(score_json).collect::<Vec<_>>(),
            "winners": (0..sides).filter(|&i| c.winners >> i & 1 == 1).map(|i| i + 1).collect::<Vec<_>>(),
        })
    }
}

/// Reads a position's fields, each refusal naming the field.
struct Reader<'a> {
    top: &'a Map<String, Value>,
    deck: Counts,
    seats: u8,
    sides: u8,
}

fn field<'v>(m: &'v Map<String, Value>, key: &str, what: &str) -> Result<&'v Value, Error> {
    m.get(key)
        .ok_or_else(|| bad(format!("{what}{key}: missing")))
}

fn num<T: TryFrom<u64>>(m: &Map<String, Value>, key: &str, what: &str) -> Result<T, Error> {
    field(m, key, what)?
        .as_u64()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| bad(format!("{what}{key}: a whole number in range")))
}

fn flag(m: &Map<String, Value>, key: &str, what: &str) -> Result<bool, Error> {
    field(m, key, what)?
        .as_bool()
        .ok_or_else(|| bad(format!("{what}{key}: true or false")))
}

fn card(v: &Value, what: &str) -> Result<Card, Error> {
    v.as_str()
        .and_then(Card::parse)
        .ok_or_else(|| bad(format!("{what}: {v} is no Mille Bornes card")))
}

impl Reader<'_> {
    /// A list of cards of this game's deck, as counts.
    fn pile(&self, v: &Value, what: &str) -> Result<Counts, Error> {
        let list = v
            .as_array()
            .ok_or_else(|| bad(format!("{what}: a list of cards")))?;
        let mut c = [0u8; NUM_KINDS];
        for x in list {
            let k = card(x, what)?;
            if self.deck[k.index()] == 0 {
                return Err(bad(format!(
                    "{what}: this game's deck has no {} card",
                    k.name()
                )));
            }
            c[k.index()] = c[k.index()].saturating_add(1);
        }
        Ok(c)
    }

    fn seat(&self, m: &Map<String, Value>, key: &str) -> Result<u8, Error> {
        let s: u8 = num(m, key, "phase.")?;
        if s == 0 || s > self.seats {
            return Err(bad(format!(
                "phase.{key}: seat {s}, the game has seats 1 to {}",
                self.seats
            )));
        }
        Ok(s - 1)
    }

    fn cards_of(
        &self,
        v: &Value,
        of: &[Card],
        bit: fn(Card) -> u8,
        what: &str,
    ) -> Result<u8, Error> {
        let mut b = 0u8;
        for x in v
            .as_array()
            .ok_or_else(|| bad(format!("{what}: a list of cards")))?
        {
            let k = card(x, what)?;
            if !of.contains(&k) {
                return Err(bad(format!("{what}: {} does not go here", k.name())));
            }
            if self.deck[k.index()] == 0 {
                return Err(bad(format!(
                    "{what}: this game's deck has no {} card",
                    k.name()
                )));
            }
            b |= bit(k);
        }
        Ok(b)
    }

    fn tableau(
        &self,
        v: &Value,
        what: &str,
        target: u16,
        opts: &Options,
    ) -> Result<Tableau, Error> {
        let wrong_way_cards = self.deck[Card::WrongWay.index()] > 0;
        let m = v
            .as_object()
            .ok_or_else(|| bad(format!("{what}: a tableau")))?;
        let p = format!("{what}.");
        let t = Tableau {
            miles: num(m, "miles", &p)?,
            twos: num(m, "200s", &p)?,
            hazards: self.cards_of(
                field(m, "battle", &p)?,
                &HAZARDS,
                Card::battle_bit,
                &format!("{p}battle"),
            )?,
            rolling: flag(m, "rolling", &p)?,
            limited: flag(m, "speed_limit", &p)?,
            wrong_way: flag(m, "wrong_way", &p)?,
            safeties: self.cards_of(
                field(m, "safeties", &p)?,
                &SAFETIES,
                Card::safety_bit,
                &format!("{p}safeties"),
            )?,
            coups: self.cards_of(
                field(m, "coups_fourres", &p)?,
                &SAFETIES,
                Card::safety_bit,
                &format!("{p}coups_fourres"),
            )?,
            distance_cards: num(m, "distance_cards", &p)?,
        };
        if t.miles % 25 != 0 || t.miles > target {
            return Err(bad(format!(
                "{p}miles: {} is not a multiple of 25 up to the target {target}",
                t.miles
            )));
        }
        // Wrong Way drives miles back: a 200 may be played and undone.
        if t.twos > 2 || (!wrong_way_cards && u16::from(t.twos) * 200 > t.miles) {
            return Err(bad(format!(
                "{p}200s: {} 200s in {} miles (at most two a hand)",
                t.twos, t.miles
            )));
        }
        if u16::from(t.distance_cards) * 200 < t.miles || t.distance_cards < t.twos {
            return Err(bad(format!(
                "{p}distance_cards: {} cards cannot make {} miles",
                t.distance_cards, t.miles
            )));
        }
        if t.coups & !t.safeties != 0 {
            return Err(bad(format!(
                "{p}coups_fourres: a coup fourré needs its safety in play"
            )));
        }
        if !opts.cumulative_attacks && t.attacks(opts.independent_speed_limit) > 1 {
            return Err(bad(format!(
                "{p}battle: one attack at a time without the cumulative_attacks option"
            )));
        }
        if t.rolling && t.hazards != 0 {
            return Err(bad(format!(
                "{p}rolling: a car under a hazard is not rolling"
            )));
        }
        if t.wrong_way && t.has(Card::DrivingAce) || t.limited && t.has(Card::RightOfWay) {
            return Err(bad(format!("{p}: a hazard its safety protects against")));
        }
        Ok(t)
    }

    fn phase(&self, v: &Value, core: &Core) -> Result<Phase, Error> {
        let m = v
            .as_object()
            .ok_or_else(|| bad("phase: an object with \"at\""))?;
        let at = field(m, "at", "phase.")?.as_str().unwrap_or("");
        Ok(match at {
            "deal" => Phase::Deal {
                seat: self.seat(m, "seat")?,
                left: num(m, "left", "phase.")?,
            },
            "draw" => Phase::Draw {
                seat: self.seat(m, "seat")?,
            },
            "play" => Phase::Play {
                seat: self.seat(m, "seat")?,
            },
            "coup fourré" => Phase::CoupFourre {
                holder: self.seat(m, "holder")?,
                attacker: self.seat(m, "attacker")?,
                hazard: card(field(m, "hazard", "phase.")?, "phase.hazard")?,
                before: self.tableau(
                    field(m, "before", "phase.")?,
                    "phase.before",
                    core.target,
                    &core.opts,
                )?,
            },
            "replacement draw" => Phase::ReplacementDraw {
                seat: self.seat(m, "seat")?,
            },
            "extension" => Phase::Extension {
                seat: self.seat(m, "seat")?,
            },
            "over" => Phase::GameOver,
            other => {
                return Err(bad(format!(
                    "phase.at: {other:?} is no phase (deal, draw, play, coup fourré, replacement draw, extension, over)"
                )))
            }
        })
    }

    fn list(&self, key: &str, len: u8, what: &str) -> Result<&Vec<Value>, Error> {
        let l = field(self.top, key, "")?
            .as_array()
            .ok_or_else(|| bad(format!("{key}: a list")))?;
        if l.len() != usize::from(len) {
            return Err(bad(format!(
                "{key}: {} listed, the game has {len} {what}",
                l.len()
            )));
        }
        Ok(l)
    }
}

/// Whether the phase can be, given the rest of the position; the rule it breaks otherwise.
fn check_phase(c: &Core) -> Result<(), String> {
    let side = |s: u8| c.side_of(usize::from(s));
    match c.phase {
        Phase::Deal { left, .. } => {
            let dealt: u32 = (0..c.players()).map(|p| c.hand_size(p)).sum();
            if left == 0 || u32::from(left) + dealt != u32::from(HAND_SIZE) * c.players() as u32 {
                return Err(format!(
                    "phase.left: {left} cards left to deal with {dealt} dealt, a deal is {} cards a seat",
                    HAND_SIZE
                ));
            }
            if u32::from(left) > u32::from(c.deck_len) {
                return Err("phase.left: more cards to deal than the draw pile holds".to_string());
            }
        }
        Phase::Draw { .. } | Phase::ReplacementDraw { .. } if c.deck_len == 0 => {
            return Err("phase: a draw from an empty draw pile".to_string());
        }
        Phase::Play { seat } if c.hand_size(usize::from(seat)) == 0 => {
            return Err(format!("phase: seat {} plays from an empty hand", seat + 1));
        }
        Phase::CoupFourre {
            holder,
            attacker,
            hazard,
            ..
        } => {
            if !hazard.is_hazard() {
                return Err(format!("phase.hazard: {} is not a hazard", hazard.name()));
            }
            if side(holder) == side(attacker) {
                return Err("phase: a coup fourré answers an opponent's hazard".to_string());
            }
            if !c.opts.secret_coup_fourre
                && hazard
                    .safety_against()
                    .is_none_or(|s| c.hands[usize::from(holder)][s.index()] == 0)
            {
                return Err(format!(
                    "phase: seat {} is asked for a coup fourré without the safety against {}",
                    holder + 1,
                    hazard.name()
                ));
            }
        }
        Phase::Extension { seat } => {
            let s = side(seat);
            if !(c.opts.extension
                && c.target == 700
                && c.extended_by.is_none()
                && c.sides[s].miles == 700)
            {
                return Err(format!(
                    "phase: seat {} may extend only at exactly 700 miles of a 700 trip, with the extension option",
                    seat + 1
                ));
            }
        }
        Phase::GameOver if c.winners == 0 => {
            return Err("winners: a game over has a winner".to_string());
        }
        _ => {}
    }
    if c.phase != Phase::GameOver && c.winners != 0 {
        return Err("winners: only a game over has winners".to_string());
    }
    Ok(())
}

/// Every card of the deck once: in the draw pile, the discards, a hand or on a tableau.
fn check_cards(c: &Core, deck: &Counts) -> Result<(), String> {
    let mut known = c.deck;
    for (k, n) in known.iter_mut().enumerate() {
        *n += c.discard[k];
        for h in &c.hands[..c.players()] {
            *n += h[k];
        }
    }
    let mut on_tableaux = 0u32;
    for t in &c.sides[..c.num_sides()] {
        for &s in &SAFETIES {
            if t.has(s) {
                known[s.index()] += 1;
            }
        }
        for &h in &HAZARDS {
            if t.hazards & h.battle_bit() != 0 {
                known[h.index()] += 1;
            }
        }
        if t.rolling {
            known[Card::Roll.index()] += 1;
        }
        if t.limited {
            known[Card::SpeedLimit.index()] += 1;
        }
        if t.wrong_way {
            known[Card::WrongWay.index()] += 1;
        }
        known[Card::D200.index()] += t.twos;
        on_tableaux += u32::from(t.distance_cards - t.twos);
    }
    for (k, (&n, &d)) in known.iter().zip(deck.iter()).enumerate() {
        if n > d {
            return Err(format!(
                "cards: {n} {} cards in the piles, hands and tableaux, the deck holds {d}",
                cards::ALL[k].name()
            ));
        }
    }
    let distance_left: u32 = (0..4).map(|k| u32::from(deck[k] - known[k])).sum();
    if on_tableaux > distance_left {
        return Err(format!(
            "cards: the tableaux hold {on_tableaux} distance cards under 200, the deck has {distance_left} left"
        ));
    }
    Ok(())
}

impl MilleBornes {
    /// The state `position` describes under this game's options, or the field and the rule it
    /// breaks.
    pub fn from_position(&self, position: &Value) -> Result<MbState, Error> {
        let top = position.as_object().ok_or_else(|| bad("not an object"))?;
        if top.get("game").and_then(Value::as_str) != Some(GAME_ID) {
            return Err(bad("game: this position is not of Mille Bornes"));
        }
        let opts = self.opts;
        let r = Reader {
            top,
            deck: opts.deck_counts(),
            seats: opts.players,
            sides: opts.sides,
        };
        let mut c = Core::new(opts);
        c.hand_number = num(top, "hand_number", "")?;
        if c.hand_number == 0 {
            return Err(bad("hand_number: hands count from 1"));
        }
        let first: u8 = num(top, "first_seat", "")?;
        if first == 0 || first > r.seats {
            return Err(bad(format!("first_seat: seats 1 to {}", r.seats)));
        }
        c.first_seat = first - 1;
        c.target = num(top, "target", "")?;
        if c.target != opts.target && c.target != 1000 {
            return Err(bad(format!(
                "target: {} is neither this game's {} nor an extension's 1000",
                c.target, opts.target
            )));
        }
        c.extended_by = match field(top, "extended_by", "")? {
            Value::Null => None,
            v => Some(
                v.as_u64()
                    .filter(|&s| s >= 1 && s <= u64::from(r.sides))
                    .ok_or_else(|| bad(format!("extended_by: a side from 1 to {}", r.sides)))?
                    as u8
                    - 1,
            ),
        };
        if c.extended_by.is_some() != (c.target == 1000 && opts.target == 700) {
            return Err(bad(
                "extended_by: a 700 trip becomes 1000 only by an extension",
            ));
        }
        c.pile_ran_out = flag(top, "pile_ran_out", "")?;
        c.reshuffles = num(top, "reshuffles", "")?;
        if c.reshuffles > opts.max_reshuffles || (c.reshuffles > 0 && !opts.reshuffle_discards) {
            return Err(bad(format!(
                "reshuffles: {} reshuffles, the options allow {}",
                c.reshuffles,
                if opts.reshuffle_discards {
                    opts.max_reshuffles
                } else {
                    0
                }
            )));
        }
        c.hands = [[0; NUM_KINDS]; MAX_SEATS];
        for (i, h) in r.list("hands", r.seats, "seats")?.iter().enumerate() {
            c.hands[i] = r.pile(h, &format!("hands.{}", i + 1))?;
            if cards::total(&c.hands[i]) > 7 {
                return Err(bad(format!(
                    "hands.{}: {} cards, a hand holds at most 7",
                    i + 1,
                    cards::total(&c.hands[i])
                )));
            }
        }
        c.deck = r.pile(field(top, "draw_pile", "")?, "draw_pile")?;
        c.deck_len = cards::total(&c.deck) as u8;
        c.discard = r.pile(field(top, "discard", "")?, "discard")?;
        for (i, t) in r.list("sides", r.sides, "sides")?.iter().enumerate() {
            c.sides[i] = r.tableau(t, &format!("sides.{}", i + 1), c.target, &opts)?;
        }
        for (i, v) in r.list("totals", r.sides, "sides")?.iter().enumerate() {
            c.totals[i] = v
                .as_i64()
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| bad(format!("totals.{}: a number", i + 1)))?;
        }
        for (i, v) in r.list("last_hand", r.sides, "sides")?.iter().enumerate() {
            c.last_hand[i] = serde_json::from_value(v.clone())
                .map_err(|e| bad(format!("last_hand.{}: {e}", i + 1)))?;
        }
        c.winners = 0;
        for v in field(top, "winners", "")?
            .as_array()
            .ok_or_else(|| bad("winners: a list of sides"))?
        {
            let s = v
                .as_u64()
                .filter(|&s| s >= 1 && s <= u64::from(r.sides))
                .ok_or_else(|| bad(format!("winners: sides 1 to {}", r.sides)))?;
            c.winners |= 1 << (s - 1);
        }
        c.phase = r.phase(field(top, "phase", "")?, &c)?;
        check_cards(&c, &r.deck).map_err(bad)?;
        check_phase(&c).map_err(bad)?;
        let s = MbState::from_core(c);
        super::invariants::check(&s).map_err(bad)?;
        Ok(s)
    }
}
