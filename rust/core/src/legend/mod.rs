//! Legend: History of 1000 Miglia — Track races and Stage races on the lane grid.
//!
//! Rules source: `shared/rules/legend-history-of-1000-miglia.en.txt`; every decision taken where
//! the book is silent is in `docs/rules/legend.md`, the content schema in
//! `docs/content/legend.md`. A Track race runs laps of a closed circuit; a Stage race (option
//! `route`, the Mille Miglia itself) runs a route of stages on open roads, timed by the Chrono.
//!
//! The car auction is `auction.rs`, a state of its own before the race; its Spare Part cards go
//! into the race as the `spares` option. Not implemented: championships of Stage races (the book
//! has none); the historical or balanced choice and Track championships are composed in Python
//! (`python/autodromo/legend/`, `championship.py`).
//!
//! Options: see `options.rs` (`circuit`, `route`, `cars`, `neutral`, `laps`,
//! `slipstream_in_turns`, `realistic_collisions`, `priority_bid`, `qualifying`, `choose_split`,
//! `setups`, `condition`, `spares`, `max_rounds`, `residual_mps`, `historical_points`,
//! `neutral_checkpoint_penalty`).
pub mod actions;
pub mod auction;
pub mod board;
pub mod bots;
pub mod bots_stage;
pub mod car;
pub mod classification;
pub mod content;
pub mod events;
pub mod explain;
pub mod invariants;
pub mod movement;
pub mod moves;
pub mod neutral;
pub mod options;
pub mod plan;
pub mod position;
mod position_checks;
pub mod race;
pub mod refusals;
pub mod repairs;
pub mod route;
pub mod rules;
pub mod sim;
pub mod stage;
pub mod stage_record;
pub mod state;
pub mod view;
pub mod view_stage;
pub mod visibility;
pub mod wear;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;
use serde_json::Value;

pub use content::Content;
pub use options::LegendOptions;
pub use race::RaceDef;
pub use state::{LegendState, Phase};

use crate::error::Error;
use crate::game::{Action, Game, Player, State};
use crate::rng::SplitMix64;
use crate::saves;

pub const GAME_ID: &str = "legend";
/// 2 (7 December 2026, issue 33): Neutral Cars at a Check Point (decision 52) and at an uphill
/// turn's exit line (decision 34). Saves of version 1 load where neither can happen.
pub const RULES_VERSION: u32 = 2;

/// A Legend race: content, circuit, cars and options.
#[derive(Debug, Clone, PartialEq)]
pub struct Legend {
    pub race: Arc<RaceDef>,
}

impl Legend {
    pub fn new(content: Arc<Content>, options: &Value) -> Result<Legend, Error> {
        // An unknown car is named before the field's size is checked: `cars=["tesla"]` is
        // refused for the car, not for being one car (issue 35).
        if let Some(Value::Array(given)) = options.get("cars") {
            if let Some(id) = given
                .iter()
                .filter_map(Value::as_str)
                .find(|id| content.car(id).is_none())
            {
                return Err(Error::options("cars", format!("unknown car {id:?}")));
            }
        }
        let ids: Vec<&str> = content.cars.iter().map(|c| c.id.as_str()).collect();
        let opts = LegendOptions::from_json(options)?.with_default_field(&ids)?;
        Ok(Legend {
            race: Arc::new(RaceDef::new(content, opts)?),
        })
    }

    /// Whether this race plays as it did under rules version 1: it has no Neutral Car, or it is a
    /// Track race whose turns all end on a flat or downhill row (version 2 changed a Neutral
    /// Car at a Check Point and at an uphill exit line only).
    pub fn same_under_rules_1(&self) -> bool {
        let race = &self.race;
        if !race.opts.neutral.iter().any(|&n| n) {
            return true;
        }
        !race.is_stage_race()
            && race
                .track()
                .turns
                .iter()
                .all(|t| race.track().row(t.exit).slope != crate::grid::Slope::Uphill)
    }
}

impl Game for Legend {
    type State = LegendState;

    fn id(&self) -> &'static str {
        GAME_ID
    }

    fn num_players(&self) -> usize {
        self.race.cars()
    }

    fn num_distinct_actions(&self) -> usize {
        self.race.enc.num_actions()
    }

    fn observation_len(&self) -> usize {
        view::observation_len_for(&self.race)
    }
    fn observation_names(&self) -> Vec<String> {
        view::observation_names(&self.race)
    }

    fn options_json(&self) -> Value {
        self.race.opts.to_json()
    }

    fn refusal_keys(&self) -> &'static [&'static str] {
        refusals::Key::KEYS
    }

    fn content_hash(&self) -> u64 {
        self.race.content_hash() ^ u64::from(RULES_VERSION)
    }

    fn accepts_content_hash(&self, saved: u64) -> bool {
        self.race
            .accepts_content_hash(saved ^ u64::from(RULES_VERSION))
            || (self.same_under_rules_1() && self.race.accepts_content_hash(saved ^ 1))
    }

    fn rules_version(&self) -> u32 {
        RULES_VERSION
    }

    /// Saves of rules version 1 replay on where version 2 changed nothing for this race.
    fn reads_rules_version(&self, version: u32) -> bool {
        version == RULES_VERSION || (version == 1 && self.same_under_rules_1())
    }

    fn same_options(&self, saved: &Value) -> Result<(), Error> {
        saves::same_options(LegendOptions::from_json(saved), &self.race.opts)
    }

    fn new_initial_state(&self) -> LegendState {
        LegendState::new(self.race.clone())
    }

    fn board(&self) -> Option<Value> {
        Some(board::board(&self.race))
    }

    fn state_from(&self, position: &Value) -> Result<LegendState, Error> {
        self.from_position(position)
    }
}

impl LegendState {
    pub fn game(&self) -> Legend {
        Legend {
            race: self.race.clone(),
        }
    }

    fn labels(&self) -> (impl Fn(u8) -> String + '_, impl Fn(u8) -> String + '_) {
        let c = &self.race.content;
        (
            move |i: u8| {
                c.damage
                    .get(usize::from(i))
                    .map_or_else(|| i.to_string(), |d| d.id.clone())
            },
            move |i: u8| {
                c.events
                    .get(usize::from(i))
                    .map_or_else(|| i.to_string(), |e| e.id.clone())
            },
        )
    }

    /// Applies without recording history: the batch runner's path.
    pub fn apply_unrecorded(&mut self, action: Action) -> Result<(), Error> {
        let m = self
            .race
            .enc
            .decode(action)
            .ok_or_else(|| Error::UnknownAction {
                what: format!("id {action}"),
            })?;
        let legal = self.legal_moves();
        if !legal.contains(&m) {
            return Err(self.why(m));
        }
        self.apply_move(m);
        self.settle();
        Ok(())
    }

    pub fn why_illegal(&self, action: Action) -> Option<Error> {
        match self.race.enc.decode(action) {
            None => Some(Error::UnknownAction {
                what: format!("id {action}"),
            }),
            Some(m) if self.legal_moves().contains(&m) => None,
            Some(m) => Some(self.why(m)),
        }
    }
}

impl State for LegendState {
    fn current_player(&self) -> Player {
        LegendState::current_player(self)
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let enc = self.race.enc;
        out.extend(self.legal_moves().into_iter().map(|m| enc.encode(m)));
        out.sort_unstable();
        out.dedup();
    }

    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        self.apply_unrecorded(action)?;
        self.history.push(action);
        Ok(())
    }

    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        LegendState::chance_outcomes(self)
    }

    fn sample_chance(&self, rng: &mut SplitMix64) -> Option<Action> {
        let outcomes = LegendState::chance_outcomes(self);
        let mut r = rng.unit();
        for &(a, p) in &outcomes {
            if r < p {
                return Some(a);
            }
            r -= p;
        }
        outcomes.last().map(|o| o.0)
    }

    fn action_to_string(&self, action: Action) -> String {
        let (d, e) = self.labels();
        self.race.enc.label(action, &d, &e)
    }

    fn string_to_action(&self, label: &str) -> Result<Action, Error> {
        let (d, e) = self.labels();
        self.race.enc.parse(label, &d, &e)
    }

    fn returns(&self) -> Vec<f64> {
        LegendState::returns(self)
    }

    fn ranking(&self) -> Vec<u32> {
        LegendState::ranking(self)
    }

    fn move_plans(&self) -> Vec<Value> {
        plan::plans_json(self)
    }

    fn moves(&self, seat: usize) -> Result<Vec<Value>, Error> {
        moves::moves(self, seat)
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

    fn events(&self, _player: Option<usize>) -> Vec<Value> {
        // Nothing in a Legend race is hidden from any seat: one log for all.
        events::events_since(self, 0)
    }

    fn events_since(&self, _player: Option<usize>, since: usize) -> Vec<Value> {
        events::events_since(self, since)
    }

    fn serialize(&self) -> String {
        self.game().save(&self.history)
    }

    fn position(&self) -> Result<Value, Error> {
        Ok(self.to_position())
    }
}
