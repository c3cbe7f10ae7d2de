//! Race! Formula 90 (2nd edition): the basic race on a section track.
//!
//! Rules source: `shared/rules/race-formula-90-2nd-edition.pt.txt` (the Advanced manual, in
//! Portuguese); the rule-by-rule map to code and tests and every decision taken where the book
//! is silent are in `docs/rules/formula90.md`, the content schema in
//! `docs/content/formula90.md`.
//!
//! A track is a loop of sections (straights, braking zones, corners) holding cars in queues. Each
//! game turn activates sections from the Leader backwards; a corner first calls a duel; each
//! car plays an individual turn A–F (declare, draw, play one or two cards, pay and check, spend
//! every movement point, late-brake and take a trajectory); robots fill the field. The leader
//! after the last turn wins.
//!
//! | option                   | default        | meaning                                         |
//! |--------------------------|----------------|-------------------------------------------------|
//! | `track`                  | `lago`         | a track of the content                          |
//! | `players`                | 2              | human players, 1–6                              |
//! | `robots`                 | the line-up    | `{"superfast": n, "fast": n, "slow": n}` or a list |
//! | `turns`                  | the track's    | race length in game turns, 2–60                 |
//! | `last_turn_easy_passing` | true           | every pass costs 1 MP in the last turn          |
//! | `duel_tie_wear`          | `one`          | `one` each, or `per_other` tied car             |
//! | `refuel_from`            | `chit`         | a refuel counts from the chit or the turn       |
//! | `strategies`             | `all`          | the nine printed strategies, or `basic`'s four  |
//! | `free_practice`          | true           | skills, setup tokens and the spare car          |
//! | `weather`                | the track's    | weather and tyres (on where a table is printed) |
//! | `tyre_table`             | `corrected`    | the Intermediate row: `corrected`, `as_printed` |
//! | `flags`                  | true           | the cards' flags (yellow, green, blue, orange)  |
//! | `safety_car`             | true           | the Safety Car and restarts                     |
//! | `track_powers`           | true           | Track Cards' icons and Discard Powers           |
//! | `extreme`                | true           | Extreme Trajectories (where a track prints them)|
//!
//! Actions: see `actions.rs` for the id table, `labels.rs` for the labels.
pub mod actions;
pub mod apply;
pub mod board;
pub mod bots;
pub mod car;
pub mod cards;
pub mod chance;
pub mod content;
pub mod duel;
pub mod entries;
pub mod events;
pub mod extreme;
pub mod finish;
pub mod flags;
pub mod flow;
pub mod info_state;
pub mod invariants;
pub mod labels;
pub mod legal;
pub mod lookahead;
pub mod movement;
pub mod moves;
pub mod obs_names;
pub mod options;
pub mod order;
pub mod phase;
pub mod plan;
pub mod position;
pub mod position_format;
mod position_read;
pub mod practice;
pub mod qualifying;
pub mod race;
pub mod refusal;
pub mod refusals;
pub mod robots;
pub mod rules;
pub mod safety_car;
pub mod setup;
pub mod sim;
pub mod state;
pub mod symbols;
pub mod track;
pub mod turn;
pub mod view;
pub mod weather;
pub mod weather_rules;

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use serde_json::Value;

pub use content::Content;
pub use options::Options;
pub use race::RaceDef;
pub use state::{F90State, Phase};

use crate::error::Error;
use crate::game::{Action, Game, Player, State};
use crate::rng::SplitMix64;
use crate::saves;
use events::{Event, NoLog};

pub const GAME_ID: &str = "formula90";
/// Bumped whenever the rules or the encoding change in a way that makes old saves replay
/// differently. 8: a robot in a second duel of a game turn counts only that duel's two cards.
pub const RULES_VERSION: u32 = 8;

/// A Formula 90 race: content, track, players and robots, options.
#[derive(Debug, Clone, PartialEq)]
pub struct Formula90 {
    pub race: Arc<RaceDef>,
}

impl Formula90 {
    pub fn new(content: Arc<Content>, options: &Value) -> Result<Formula90, Error> {
        let opts = Options::from_json(options, &content)?;
        Ok(Formula90 {
            race: Arc::new(RaceDef::new(content, opts)?),
        })
    }
}

impl Game for Formula90 {
    type State = F90State;

    fn id(&self) -> &'static str {
        GAME_ID
    }

    fn num_players(&self) -> usize {
        self.race.humans()
    }

    fn num_distinct_actions(&self) -> usize {
        actions::NUM_ACTIONS as usize
    }

    fn observation_len(&self) -> usize {
        view::observation_len()
    }
    fn observation_names(&self) -> Vec<String> {
        obs_names::observation_names(&self.race)
    }
    fn information_state_len(&self) -> Option<usize> {
        Some(info_state::info_state_len())
    }
    fn information_state_names(&self) -> Vec<String> {
        info_state::info_state_names(&self.race, self.observation_names())
    }

    fn refusal_keys(&self) -> &'static [&'static str] {
        refusals::Key::KEYS
    }
    fn options_json(&self) -> Value {
        self.race.opts.to_json()
    }

    fn content_hash(&self) -> u64 {
        self.race.hash ^ u64::from(RULES_VERSION)
    }

    fn rules_version(&self) -> u32 {
        RULES_VERSION
    }

    fn same_options(&self, saved: &Value) -> Result<(), Error> {
        saves::same_options(
            Options::from_json(saved, &self.race.content),
            &self.race.opts,
        )
    }

    fn new_initial_state(&self) -> F90State {
        F90State::new(self.race.clone())
    }

    /// The section track as laid out for the page and the LED map (`board.rs`).
    fn board(&self) -> Option<Value> {
        Some(board::board_json(
            self.race.track(),
            self.race.turns,
            self.race.cars(),
        ))
    }

    fn state_from(&self, position: &Value) -> Result<F90State, Error> {
        F90State::from_position(&self.new_initial_state(), position)
    }
}

impl F90State {
    pub fn game(&self) -> Formula90 {
        Formula90 {
            race: self.race.clone(),
        }
    }

    pub fn seat_view(&self, seat: Option<usize>) -> view::SeatView<'_> {
        view::SeatView::new(self, seat)
    }

    /// Applies without recording history: the batch runner's path.
    pub fn apply_unrecorded(&mut self, action: Action) -> Result<(), Error> {
        self.apply_id(action, &mut NoLog)
    }

    pub fn why_illegal(&self, action: Action) -> Option<Error> {
        match actions::decode(action) {
            None => Some(Error::UnknownAction {
                what: alloc::format!("id {action}"),
            }),
            Some(m) => self.check(m).err().map(Error::from),
        }
    }

    /// Applies `action` with its steps logged after the mark of who took it (`Event::Applied`),
    /// which opens its log entry. `apply_id` checks before it changes anything: a refused
    /// action logs nothing, and its mark is taken back.
    pub fn apply_logged(&mut self, action: Action, log: &mut Vec<Event>) -> Result<(), Error> {
        let seat = match self.current_player() {
            Player::Seat(p) => Some(p),
            _ => None,
        };
        log.push(Event::Applied { action, seat });
        let applied = self.apply_id(action, log);
        if applied.is_err() {
            log.pop();
        }
        applied
    }

    /// The typed log: the start's events and those of every recorded action.
    pub fn typed_events(&self) -> &[Event] {
        &self.events
    }

    /// The typed log made again by replaying the history from the start: what `typed_events`
    /// keeps as the race goes (the tests compare the two).
    pub fn replayed_events(&self) -> Vec<Event> {
        let mut log: Vec<Event> = Vec::new();
        let mut s = F90State::new_with(self.race.clone(), &mut log);
        for &a in &self.history {
            if s.apply_logged(a, &mut log).is_err() {
                break;
            }
        }
        log
    }

    /// Per seat, its car's place in the whole field, robots included (0 = first): a seat
    /// whose car finished behind two robots is third, whatever the other seats did.
    pub fn seat_ranking(&self) -> Vec<u32> {
        let mut places = self.places();
        places.truncate(self.race.humans());
        places
    }
}

impl State for F90State {
    fn current_player(&self) -> Player {
        F90State::current_player(self)
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out)
    }

    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        let mut log = core::mem::take(&mut self.events);
        let applied = self.apply_logged(action, &mut log);
        self.events = log;
        applied?;
        self.history.push(action);
        Ok(())
    }

    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        if self.current_player() != Player::Chance {
            return Vec::new();
        }
        self.outcomes()
    }

    fn sample_chance(&self, rng: &mut SplitMix64) -> Option<Action> {
        if self.current_player() != Player::Chance {
            return None;
        }
        self.sample(rng)
    }

    fn action_to_string(&self, action: Action) -> String {
        match actions::decode(action) {
            Some(m) => self.label(m),
            None => alloc::format!("unknown action {action}"),
        }
    }

    fn string_to_action(&self, label: &str) -> Result<Action, Error> {
        self.parse(label).map(actions::encode)
    }

    fn returns(&self) -> Vec<f64> {
        if !self.is_terminal() {
            return alloc::vec![0.0; self.race.humans()];
        }
        // Valued over the whole field: first of nine 1, ninth 0, whatever the other seats did.
        let last = self.n().saturating_sub(1).max(1) as f64;
        self.seat_ranking()
            .iter()
            .map(|&p| (last - f64::from(p)).max(0.0) / last)
            .collect()
    }

    fn ranking(&self) -> Vec<u32> {
        self.seat_ranking()
    }

    fn move_plans(&self) -> Vec<Value> {
        // Sections, not cells: each legal card play with its landing section, costs and checks.
        self.plan_moves()
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn view(&self, player: Option<usize>) -> Value {
        let mut v = self.seat_view(player).to_json();
        if let Some(legal) = self.labelled_actions_for(player) {
            v["legal_actions"] = legal;
            if let Phase::Play { .. } = self.phase {
                v["plans"] = Value::from(self.plan_moves());
            }
        }
        v
    }

    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        self.seat_view(Some(player)).observation(out)
    }

    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        info_state::info_state(self, player, out)
    }

    fn moves(&self, seat: usize) -> Result<Vec<Value>, Error> {
        moves::moves(self, seat)
    }

    fn events(&self, player: Option<usize>) -> Vec<Value> {
        self.events_since(player, 0)
    }

    /// One entry per applied action, each in every seat's log (what a seat may not see is
    /// worded face down), so `since` counts entries: only the new ones are worded.
    fn events_since(&self, player: Option<usize>, since: usize) -> Vec<Value> {
        entries::entries(self, &self.events, player, since)
    }

    fn serialize(&self) -> String {
        self.game().save(&self.history)
    }

    fn position(&self) -> Result<Value, Error> {
        Ok(F90State::position(self))
    }
}
