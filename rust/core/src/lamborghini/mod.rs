//! Lamborghini: The Official Race Game — the short game on the shared lane grid.
//!
//! Rules source: `shared/rules/lamborghini-official-race-game.en.txt`; decisions where the book is
//! silent are in `docs/rules/lamborghini.md`; every card value and the circuits are ours
//! (`docs/content/lamborghini.md`).
//!
//! Not implemented: pile-ups (the book gives no rule for them; see docs/rules/lamborghini.md).
//!
//! Options (`options.rs`): `players` 2–5, `circuit`, `laps`, `first_player`, `accident_table`
//! (`split`, `right_first`, `left_first`), `long`, `max_turns`.
pub mod actions;
pub mod board;
pub mod bots;
pub mod content;
pub mod drive;
pub mod options;
pub mod plan;
pub mod sim;
pub mod state;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;
use serde_json::{json, Value};

pub use content::Content;
pub use options::LamboOptions;
pub use state::{Def, LamboState, Phase};

use crate::error::Error;
use crate::game::{Action, Game, Player, State};
use crate::rng::SplitMix64;
use crate::saves;
use actions::Move;

pub const GAME_ID: &str = "lamborghini";
pub const RULES_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq)]
pub struct Lamborghini {
    pub def: Arc<Def>,
}

impl Lamborghini {
    pub fn new(content: Arc<Content>, options: &Value) -> Result<Lamborghini, Error> {
        let opts = LamboOptions::from_json(options)?;
        Ok(Lamborghini {
            def: Arc::new(Def::new(content, opts)?),
        })
    }

    /// The circuits this game races on: every race's in the long game.
    fn circuits(&self) -> Vec<&str> {
        let o = &self.def.opts;
        let mut ids: Vec<&str> = o.circuits.iter().map(String::as_str).collect();
        ids.push(o.circuit.as_str());
        ids
    }

    pub fn deserialize_state(&self, text: &str) -> Result<LamboState, Error> {
        let (options, actions) = saves::read_accepting(text, GAME_ID, RULES_VERSION, |h| {
            self.accepts_content_hash(h)
        })?;
        saves::same_options(LamboOptions::from_json(&options), &self.def.opts)?;
        saves::replay(self.new_initial_state(), &actions)
    }
}

impl Game for Lamborghini {
    type State = LamboState;
    fn id(&self) -> &'static str {
        GAME_ID
    }
    fn num_players(&self) -> usize {
        usize::from(self.def.opts.players)
    }
    fn num_distinct_actions(&self) -> usize {
        self.def.enc.num_actions()
    }
    fn observation_len(&self) -> usize {
        self.def.opts.cars() * 8 + 4
    }
    fn options_json(&self) -> Value {
        self.def.opts.to_json()
    }
    fn content_hash(&self) -> u64 {
        self.def.content.race_hash(&self.circuits()) ^ u64::from(RULES_VERSION)
    }
    fn accepts_content_hash(&self, saved: u64) -> bool {
        saved == self.content_hash()
            || self
                .def
                .content
                .accepts_old_hash(&self.circuits(), saved ^ u64::from(RULES_VERSION))
    }
    fn new_initial_state(&self) -> LamboState {
        LamboState::new(self.def.clone())
    }

    fn board(&self) -> Option<Value> {
        Some(board::board(&self.def))
    }
}

impl LamboState {
    fn returns_rank(&self) -> Vec<u32> {
        let players = usize::from(self.def.opts.players);
        let rank = LamboState::ranking(self);
        let key: Vec<i64> = (0..players)
            .map(|p| {
                if self.def.opts.long {
                    -i64::from(self.hands[p].money)
                } else {
                    self.def
                        .opts
                        .cars_of(p as u8)
                        .iter()
                        .map(|&c| i64::from(rank[c]))
                        .min()
                        .unwrap_or(i64::MAX)
                }
            })
            .collect();
        (0..players)
            .map(|p| key.iter().filter(|&&k| k < key[p]).count() as u32)
            .collect()
    }

    pub fn game(&self) -> Lamborghini {
        Lamborghini {
            def: self.origin.clone(),
        }
    }

    fn card_name(&self) -> impl Fn(u16) -> String + '_ {
        move |c: u16| {
            self.def
                .content
                .cards
                .get(usize::from(c))
                .map_or_else(|| c.to_string(), |k| k.id.clone())
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        match self.phase {
            Phase::Bid { seat } => {
                let money = self.hands[usize::from(seat)].money.max(0) / 1000;
                (0..=money.min(actions::MAX_BID as i32) as u8)
                    .map(Move::Bid)
                    .collect()
            }
            Phase::Draft { seat, step, .. } => {
                if step < 2 {
                    self.turn_options(step)
                } else {
                    self.pick_options(seat)
                }
            }
            Phase::Link { step: 0, .. } => {
                alloc::vec![Move::SwapDrivers(false), Move::SwapDrivers(true)]
            }
            Phase::Link { seat, .. } => self.link_options(seat),
            Phase::CheckPrep { car } => self.check_cards(usize::from(car)),
            Phase::Drive { car } => self.drive_moves(usize::from(car)),
            Phase::Slip { car } => self.slip_moves(usize::from(car)),
            Phase::Team { car } => {
                let mut out = alloc::vec![Move::Team(false)];
                if self.murcs[usize::from(car)].damages > 0 {
                    out.insert(0, Move::Team(true));
                }
                out
            }
            Phase::Direction { .. } => actions::DIRS.iter().map(|&d| Move::Direction(d)).collect(),
            Phase::Over | Phase::Flow => Vec::new(),
            _ => self.chance_cards().into_iter().map(Move::Draw).collect(),
        }
    }

    /// Legality without building the whole list where a deck decides it (the hot path).
    fn is_legal(&self, m: Move) -> bool {
        match (self.phase, m) {
            (
                Phase::Qualify { .. }
                | Phase::SpeedDraw { .. }
                | Phase::Check { .. }
                | Phase::DirectionDraw { .. },
                Move::Draw(c),
            ) => {
                let deck = if self.speed_deck.is_empty() {
                    &self.speed_discard
                } else {
                    &self.speed_deck
                };
                deck.contains(&c)
            }
            // A step needs only the squares ahead (no need to list the cards too).
            (Phase::Drive { car }, Move::Step(d)) => {
                i32::from(self.turn.spent) < self.allowance(usize::from(car))
                    && self.step_mask(usize::from(car))
                        & (1 << actions::DIRS.iter().position(|&x| x == d).unwrap_or(0))
                        != 0
            }
            _ => self.legal_moves().contains(&m),
        }
    }

    pub fn apply_unrecorded(&mut self, action: Action) -> Result<(), Error> {
        let m = self
            .def
            .enc
            .decode(action)
            .ok_or_else(|| Error::UnknownAction {
                what: format!("id {action}"),
            })?;
        if !self.is_legal(m) {
            return Err(Error::illegal(self.why(m)));
        }
        match (self.phase, m) {
            (
                Phase::Bid { .. }
                | Phase::Reveal { .. }
                | Phase::Draft { .. }
                | Phase::Turned { .. },
                _,
            ) => self.apply_draft(m),
            (Phase::Grant { .. }, Move::Draw(c)) => self.apply_grant(c),
            (Phase::Qualify { .. }, Move::Draw(c)) => self.apply_qualify(c),
            (Phase::SpeedDraw { .. }, Move::Draw(c)) => self.apply_speed(c),
            (Phase::Check { .. }, Move::Draw(c)) => self.apply_check(c),
            (Phase::DirectionDraw { .. }, Move::Draw(c)) => self.apply_direction_draw(c),
            (Phase::Direction { car, .. }, Move::Direction(d)) => {
                self.set_direction(usize::from(car), d)
            }
            (Phase::Link { seat, .. }, m) => self.apply_link(seat, m),
            (Phase::CheckPrep { car }, m) => self.apply_check_prep(usize::from(car), m),
            (Phase::Drive { car }, m) => self.apply_drive(usize::from(car), m),
            (Phase::Slip { car }, Move::Slip(d)) => self.slip_to(usize::from(car), d),
            (Phase::Team { car }, Move::Team(r)) => self.apply_team(usize::from(car), r),
            _ => {}
        }
        self.settle();
        Ok(())
    }

    fn why(&self, m: Move) -> String {
        let s = match (self.phase, m) {
            (_, Move::Step(_)) => "move ahead or diagonally, never sideways, never through or onto an occupied square",
            (Phase::Drive { .. }, Move::Play(_)) => {
                "one Technology or Manoeuvre card a turn, from your hand, when its condition holds (Skill and Fast car caps, Winning 2nd or 3rd, Will last or 2nd last, no other speed card during Tyres or Petrol tank)"
            }
            (_, Move::Pick(_)) => "pick a face-up card: one car and one driver per Murciélago, Technology from your supplier only",
            (_, Move::Bid(_)) => "bid what you have, in thousands, in the long game's auction",
            (_, Move::Crash | Move::Push(_)) => "crashes and pushes need an Engagement card and a car right ahead or beside",
            _ => "not now",
        };
        String::from(s)
    }

    pub fn why_illegal(&self, action: Action) -> Option<Error> {
        match self.def.enc.decode(action) {
            None => Some(Error::UnknownAction {
                what: format!("id {action}"),
            }),
            Some(m) if self.legal_moves().contains(&m) => None,
            Some(m) => Some(Error::illegal(self.why(m))),
        }
    }
}

impl State for LamboState {
    fn current_player(&self) -> Player {
        LamboState::current_player(self)
    }
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let enc = self.def.enc;
        if let Phase::Drive { car } = self.phase {
            self.each_drive_move(usize::from(car), |m| out.push(enc.encode(m)));
        } else {
            out.extend(self.legal_moves().into_iter().map(|m| enc.encode(m)));
        }
        out.sort_unstable();
        out.dedup();
    }
    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        self.apply_unrecorded(action)?;
        self.history.push(action);
        Ok(())
    }
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        if self.current_player() != Player::Chance {
            return Vec::new();
        }
        let cards = self.chance_cards();
        let p = 1.0 / cards.len().max(1) as f64;
        let mut out: Vec<(Action, f64)> = cards
            .into_iter()
            .map(|c| (self.def.enc.encode(Move::Draw(c)), p))
            .collect();
        out.sort_by_key(|o| o.0);
        out
    }
    fn sample_chance(&self, rng: &mut SplitMix64) -> Option<Action> {
        if self.current_player() != Player::Chance {
            return None;
        }
        let mut pick = |cards: &[u16]| {
            (!cards.is_empty()).then(|| cards[rng.below(cards.len() as u32) as usize])
        };
        // The Speed deck is drawn from in place (most draws); other decks through the pool.
        let card = match self.phase {
            Phase::Qualify { .. }
            | Phase::SpeedDraw { .. }
            | Phase::Check { .. }
            | Phase::DirectionDraw { .. } => {
                if self.speed_deck.is_empty() {
                    pick(&self.speed_discard)
                } else {
                    pick(&self.speed_deck)
                }
            }
            _ => pick(&self.chance_cards()),
        };
        card.map(|c| self.def.enc.encode(Move::Draw(c)))
    }
    fn action_to_string(&self, action: Action) -> String {
        self.def.enc.label(action, &self.card_name())
    }
    fn string_to_action(&self, label: &str) -> Result<Action, Error> {
        self.def.enc.parse(label, &self.card_name())
    }
    fn returns(&self) -> Vec<f64> {
        let players = usize::from(self.def.opts.players);
        if self.phase != Phase::Over {
            return alloc::vec![0.0; players];
        }
        // A player places as its best car; the long game is won on money.
        let rank = LamboState::ranking(self);
        let best: Vec<u32> = (0..players)
            .map(|p| {
                if self.def.opts.long {
                    self.hands
                        .iter()
                        .filter(|h| h.money > self.hands[p].money)
                        .count() as u32
                } else {
                    self.def
                        .opts
                        .cars_of(p as u8)
                        .iter()
                        .map(|&c| rank[c])
                        .min()
                        .unwrap_or(u32::MAX)
                }
            })
            .collect();
        (0..players)
            .map(|p| {
                let ahead = best.iter().filter(|&&b| b < best[p]).count();
                if players == 1 {
                    1.0
                } else {
                    (players - 1 - ahead) as f64 / (players - 1) as f64
                }
            })
            .collect()
    }
    fn ranking(&self) -> Vec<u32> {
        // Per seat: its best car's place; in the long game, its place on money.
        self.returns_rank()
    }
    fn history(&self) -> &[Action] {
        &self.history
    }
    fn view(&self, player: Option<usize>) -> Value {
        let cards = &self.def.content.cards;
        let cars: Vec<Value> = self
            .murcs
            .iter()
            .enumerate()
            .map(|(i, m)| {
                json!({
                    "car": i, "owner": self.def.opts.owner(i),
                    "card": m.car.map(|c| cards[usize::from(c)].id.clone()),
                    "driver": m.driver.map(|c| cards[usize::from(c)].id.clone()),
                    "supplier": m.supplier.map(|s| format!("{s:?}").to_lowercase()),
                    "row": m.cell.row, "lane": m.cell.lane, "progress": m.progress,
                    "damages": m.damages, "wrecked": m.wrecked > 0, "stopped": m.stopped,
                    "finish": m.finish.map(|(t, past, _)| json!({"turn": t, "past_line": past})),
                    "cards": if player == Some(usize::from(self.def.opts.owner(i))) {
                        Value::from(m.hand.iter().map(|&c| cards[usize::from(c)].id.clone()).collect::<Vec<_>>())
                    } else {
                        Value::from(m.hand.len())
                    },
                })
            })
            .collect();
        let hands: Vec<Value> = self
            .hands
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let mine = player == Some(i);
                json!({
                    "seat": i,
                    "cards": if mine { Value::from(h.cards.iter().map(|&c| cards[usize::from(c)].id.clone()).collect::<Vec<_>>()) } else { Value::Null },
                    "card_count": h.cards.len(),
                    "money": h.money,
                    // Sealed bids stay hidden until every bid is in.
                    "bid": if mine || !matches!(self.phase, Phase::Bid { .. }) { h.bid.map(Value::from).unwrap_or(Value::Null) } else { Value::Null },
                })
            })
            .collect();
        let mut v = json!({
            "game": GAME_ID,
            "turn": self.round,
            "phase": format!("{:?}", self.phase).split([' ', '{']).next().unwrap_or(""),
            "face_up": self.face_up.iter().map(|&c| cards[usize::from(c)].id.clone()).collect::<Vec<_>>(),
            "speed_deck": self.speed_deck.len(),
            "cars": cars,
            "players": hands,
            "order": self.order,
            "seat": player,
        });
        if let (Some(p), Player::Seat(s)) = (player, self.current_player()) {
            if usize::from(s) == p {
                let legal: Vec<Value> = self
                    .legal_actions()
                    .into_iter()
                    .map(|a| json!({"id": a, "label": self.action_to_string(a)}))
                    .collect();
                v["legal_actions"] = Value::from(legal);
            }
        }
        v
    }
    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        let n = self.murcs.len();
        let len = self.def.race_length().max(1) as f32;
        let mut at = 0;
        let mut put = |x: f32, out: &mut [f32]| {
            if let Some(s) = out.get_mut(at) {
                *s = x;
            }
            at += 1;
        };
        for k in 0..n {
            let m = &self.murcs[k];
            put(m.progress as f32 / len, out);
            put(f32::from(m.cell.lane) / 4.0, out);
            put(f32::from(m.damages) / 3.0, out);
            put(if m.stopped { 1.0 } else { 0.0 }, out);
            put(if m.finish.is_some() { 1.0 } else { 0.0 }, out);
            put(
                if usize::from(self.def.opts.owner(k)) == player {
                    1.0
                } else {
                    0.0
                },
                out,
            );
            put(f32::from(m.boost_turns) / 3.0, out);
            put(if m.forced.is_some() { 1.0 } else { 0.0 }, out);
        }
        put(
            self.hands
                .get(player)
                .map_or(0.0, |h| h.cards.len() as f32 / 10.0),
            out,
        );
        put(
            f32::from(self.round) / f32::from(self.def.opts.max_turns),
            out,
        );
        put(
            if matches!(self.phase, Phase::Drive { .. }) {
                1.0
            } else {
                0.0
            },
            out,
        );
        put(if self.phase == Phase::Over { 1.0 } else { 0.0 }, out);
    }
    fn events(&self, player: Option<usize>) -> Vec<Value> {
        let g = self.game();
        let mut s = g.new_initial_state();
        let mut out = Vec::new();
        for &a in &self.history {
            let who = s.current_player().to_i32();
            // Cards drawn into another seat's hand stay hidden.
            let hidden = matches!(s.phase, Phase::Grant { car, .. } if Some(usize::from(self.def.opts.owner(usize::from(car)))) != player);
            let label = if hidden {
                String::from("draw a card")
            } else {
                s.action_to_string(a)
            };
            if s.apply_action(a).is_err() {
                break;
            }
            out.push(json!({"turn": s.round, "player": who, "action": label}));
        }
        // Sealed bids of an auction still open show to their bidder only.
        if matches!(self.phase, Phase::Bid { .. }) {
            for e in out.iter_mut().rev() {
                let label = e["action"].as_str().unwrap_or("");
                if !label.starts_with("bid") {
                    break;
                }
                if e["player"].as_i64() != player.map(|p| p as i64) {
                    e["action"] = Value::from("bid (sealed)");
                }
            }
        }
        out
    }
    fn serialize(&self) -> String {
        saves::write(
            GAME_ID,
            RULES_VERSION,
            self.game().content_hash(),
            self.def.opts.to_json(),
            &self.history,
        )
    }
}

/// Invariants for the harness: no two running cars on a square, money never negative, every
/// card somewhere.
pub fn invariants(s: &LamboState) -> Result<(), String> {
    if s.racing {
        for (i, a) in s.murcs.iter().enumerate() {
            let on = |m: &state::Murc| m.finish.is_none() || m.stopped;
            if on(a) {
                if let Some(j) = s
                    .murcs
                    .iter()
                    .enumerate()
                    .position(|(j, b)| j > i && on(b) && b.cell == a.cell)
                {
                    return Err(format!("cars {i} and {j} on one square {:?}", a.cell));
                }
            }
        }
    }
    for (i, h) in s.hands.iter().enumerate() {
        if h.money < 0 {
            return Err(format!("seat {i} has negative money"));
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
            return Err(format!("card {c} is in two places"));
        }
    }
    Ok(())
}
