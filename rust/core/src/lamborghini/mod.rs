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
pub mod events;
pub mod info_state;
pub mod invariants;
pub mod moves;
pub mod options;
pub mod plan;
pub mod position;
pub mod race_result;
pub mod refusals;
pub mod rules;
pub mod sim;
pub mod state;
pub mod turn;
pub mod view;

use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;
use serde_json::Value;

pub use content::Content;
pub use options::LamboOptions;
pub use state::{Def, LamboState, Phase};
pub use turn::{DeckKind, FinishRecord, Turn};

use crate::error::Error;
use crate::game::{Action, Game, Player, State};
use crate::rng::SplitMix64;
use crate::saves;
use actions::Move;

pub const GAME_ID: &str = "lamborghini";
pub const RULES_VERSION: u32 = 2;

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
        self.def.opts.cars() * 8 + 4 + self.def.content.cards.len()
    }
    fn observation_names(&self) -> Vec<String> {
        view::observation_names(&self.def.opts, &self.def.content)
    }
    fn information_state_len(&self) -> Option<usize> {
        let cards = self.def.content.cards.len();
        Some(info_state::info_state_len(
            &self.def.opts,
            cards,
            self.observation_len(),
        ))
    }
    fn information_state_names(&self) -> Vec<String> {
        let obs = self.observation_names();
        info_state::info_state_names(&self.def.opts, &self.def.content, obs)
    }
    fn options_json(&self) -> Value {
        self.def.opts.to_json()
    }
    fn refusal_keys(&self) -> &'static [&'static str] {
        refusals::Key::KEYS
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
    fn rules_version(&self) -> u32 {
        RULES_VERSION
    }
    fn same_options(&self, saved: &Value) -> Result<(), Error> {
        saves::same_options(LamboOptions::from_json(saved), &self.def.opts)
    }
    fn new_initial_state(&self) -> LamboState {
        LamboState::new(self.def.clone())
    }

    fn board(&self) -> Option<Value> {
        Some(board::board(&self.def))
    }
    fn state_from(&self, position: &Value) -> Result<LamboState, Error> {
        self.from_position(position)
    }
}

impl LamboState {
    /// The log from event `since` on (one event per action, `events::event`): the actions
    /// before it are replayed to reach the position, not described, so a page that reads only
    /// the new events pays for those alone.
    fn events_from(&self, player: Option<usize>, since: usize) -> Vec<Value> {
        let g = self.game();
        let mut s = g.new_initial_state();
        let mut out = Vec::new();
        for (i, &a) in self.history.iter().enumerate() {
            if i < since {
                // Read already: replayed, not described.
                if s.apply_action(a).is_err() {
                    break;
                }
                continue;
            }
            let before = s.clone();
            if s.apply_action(a).is_err() {
                break;
            }
            out.push(events::event(&before, &s, a, player));
        }
        // Sealed bids of an auction still open show to their bidder only.
        if matches!(self.phase, Phase::Bid { .. }) {
            for e in out.iter_mut().rev() {
                if e["kind"] != "bid" {
                    break;
                }
                if e["seat"].as_i64() != player.map(|p| p as i64) {
                    if let Some(o) = e.as_object_mut() {
                        o.remove("amount");
                        o.insert("sealed".into(), Value::from(true));
                    }
                }
            }
        }
        out
    }

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
        let face_up = self.face_up.clone();
        self.apply_unrecorded(action)?;
        info_state::note_taken(self, &face_up);
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
    fn move_plans(&self) -> Vec<Value> {
        plan::plans_json(self)
    }

    fn history(&self) -> &[Action] {
        &self.history
    }
    fn view(&self, player: Option<usize>) -> Value {
        view::view(self, player)
    }
    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        view::observation(self, player, out)
    }
    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        info_state::info_state(self, player, out)
    }
    fn moves(&self, seat: usize) -> Result<Vec<Value>, Error> {
        moves::moves(self, seat)
    }
    fn events(&self, player: Option<usize>) -> Vec<Value> {
        self.events_from(player, 0)
    }
    fn events_since(&self, player: Option<usize>, since: usize) -> Vec<Value> {
        self.events_from(player, since)
    }
    fn position(&self) -> Result<Value, Error> {
        Ok(self.to_position())
    }
    fn serialize(&self) -> String {
        self.game().save(&self.history)
    }
}
