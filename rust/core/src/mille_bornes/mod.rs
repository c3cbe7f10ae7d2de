//! Mille Bornes — the Italian online edition "1000 miglia".
//!
//! Rules source: `shared/rules/mille-bornes-1000-miglia.it.txt`, completed by the canonical facts
//! in `shared/rules/README.md` where the scan lost its card lists and scoring table. Every decision
//! taken where texts are silent or differ is in `docs/rules/mille_bornes.md`.
//!
//! Not implemented: nothing the books list. The Italian edition's keyboard shortcuts are UI.
//!
//! | option                              | default | meaning                                    |
//! |-------------------------------------|---------|--------------------------------------------|
//! | `players`                           | 4       | 2–9                                        |
//! | `teams`                             | none    | number of teams: 4→2, 6→2/3, 8→2/4, 9→3    |
//! | `deck`                              | auto    | 106, 101, or auto (101 for 2–3 players)    |
//! | `target`                            | 1000    | 1000 (Italian edition) or 700              |
//! | `extension`                         | target==700 | call 1000 on reaching exactly 700      |
//! | `score_to_win`                      | 5000    | game length; 0 plays a single hand         |
//! | `cumulative_attacks`                | false   | variant "Cumulare gli attacchi"            |
//! | `independent_speed_limit`           | false   | English/French Speed Limit, on any car     |
//! | `reshuffle_discards`                | false   | variant "Rimischiare gli scarti"           |
//! | `max_reshuffles`                    | 2       | per hand, so every hand ends               |
//! | `wrong_way`                         | false   | the extra cards Wrong Way / End of W. W.   |
//! | `safety_extra_turn_when_deck_empty` | true    | false: the French reading                  |
//! | `delayed_action_after_reshuffle`    | true    | Delayed Action once the pile first ran out |
//!
//! Actions: see `actions.rs` for the id table and labels.
pub mod actions;
pub mod bots;
pub mod cards;
pub mod events;
pub mod info_state;
pub mod invariants;
pub mod moves;
pub mod options;
pub mod position;
pub mod refusals;
pub mod rules;
pub mod scoring;
pub mod sim;
pub mod state;
pub mod view;

use alloc::string::String;
use alloc::vec::Vec;
use serde_json::Value;

pub use options::Options;
pub use state::{Core, Phase};

use crate::error::Error;
use crate::game::{Action, Game, Player, State};
use crate::rng::SplitMix64;
use crate::saves;
use events::{Event, NoLog};
use info_state::Past;
use view::SeatView;

pub const GAME_ID: &str = "mille_bornes";
/// Bumped whenever the rules or encoding change in a way that makes old saves replay differently.
/// 2 (December 2026): the Italian book's attacks, one at a time on a rolling car, Speed Limit and
/// Wrong Way included (docs/rules/mille_bornes.md, decisions 4 and 19).
pub const RULES_VERSION: u32 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MilleBornes {
    pub opts: Options,
}

impl MilleBornes {
    pub fn new(opts: Options) -> Self {
        MilleBornes { opts }
    }

    pub fn from_json(options: &Value) -> Result<Self, Error> {
        Options::from_json(options).map(Self::new)
    }

    /// FNV-1a over the deck table this game deals and a rules version.
    fn hash_under(&self, rules_version: u32) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let deck = self.opts.deck_counts();
        for b in deck.iter().copied().chain(rules_version.to_le_bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h
    }
}

impl Game for MilleBornes {
    type State = MbState;

    fn id(&self) -> &'static str {
        GAME_ID
    }

    fn num_players(&self) -> usize {
        usize::from(self.opts.players)
    }

    fn num_distinct_actions(&self) -> usize {
        Core::new(self.opts).encoding().num_actions()
    }

    fn observation_len(&self) -> usize {
        view::observation_len(&self.opts)
    }
    fn observation_names(&self) -> Vec<String> {
        view::observation_names(&self.opts)
    }
    fn information_state_len(&self) -> Option<usize> {
        Some(info_state::info_state_len(&self.opts))
    }
    fn information_state_names(&self) -> Vec<String> {
        info_state::info_state_names(&self.opts)
    }

    fn options_json(&self) -> Value {
        self.opts.to_json()
    }

    fn refusal_keys(&self) -> &'static [&'static str] {
        refusals::Key::KEYS
    }

    fn content_hash(&self) -> u64 {
        self.hash_under(RULES_VERSION)
    }

    /// Replays recorded under rules version 1 play on unchanged with `independent_speed_limit`,
    /// the rule of that time, unless they dealt Wrong Way cards: a Wrong Way then could hit a car
    /// that had not started, which no option gives back.
    fn accepts_content_hash(&self, saved: u64) -> bool {
        saved == self.content_hash()
            || (self.opts.independent_speed_limit
                && !self.opts.wrong_way
                && saved == self.hash_under(1))
    }

    fn rules_version(&self) -> u32 {
        RULES_VERSION
    }

    fn same_options(&self, saved: &Value) -> Result<(), Error> {
        saves::same_options(Options::from_json(saved), &self.opts)
    }

    fn new_initial_state(&self) -> MbState {
        MbState {
            core: Core::new(self.opts),
            history: Vec::new(),
            past: Past::default(),
        }
    }

    fn state_from(&self, position: &Value) -> Result<MbState, Error> {
        self.from_position(position)
    }
}

/// A Mille Bornes position: the rules state plus the history that leads to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MbState {
    core: Core,
    history: Vec<Action>,
    /// What each seat was seen to play and drew this hand, for `information_state_tensor`.
    past: Past,
}

impl MbState {
    /// A state at `core` with no history (a position's state: `position.rs`).
    pub(crate) fn from_core(core: Core) -> MbState {
        MbState {
            core,
            history: Vec::new(),
            past: Past::default(),
        }
    }

    pub fn core(&self) -> &Core {
        &self.core
    }

    pub fn seat_view(&self, seat: Option<usize>) -> SeatView<'_> {
        SeatView::new(&self.core, seat)
    }

    pub fn game(&self) -> MilleBornes {
        MilleBornes::new(self.core.opts)
    }

    /// Applies `action` without recording it in the history: the batch runner's path.
    pub fn apply_unrecorded(&mut self, action: Action) -> Result<(), Error> {
        self.core.apply(action, &mut NoLog)
    }

    pub fn typed_events(&self) -> Vec<Event> {
        let mut core = Core::new(self.core.opts);
        let mut log = Vec::new();
        for &a in &self.history {
            // The history was accepted once, so it replays.
            let _ = core.apply(a, &mut log);
        }
        log
    }

    /// Reason an action is illegal (the error `apply_action` would raise), without applying it.
    pub fn why_illegal(&self, action: Action) -> Option<Error> {
        let mut probe = self.core;
        probe.apply(action, &mut NoLog).err()
    }
}

impl State for MbState {
    fn current_player(&self) -> Player {
        self.core.current_player()
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.core.legal_actions_into(out)
    }

    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        // The events of a refused action must not count: they go to a copy, kept on success.
        let mut past = self.past;
        self.core.apply(action, &mut past)?;
        self.past = past;
        self.history.push(action);
        Ok(())
    }

    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        self.core.chance_outcomes()
    }

    fn sample_chance(&self, rng: &mut SplitMix64) -> Option<Action> {
        self.core.sample_chance(rng)
    }

    fn action_to_string(&self, action: Action) -> String {
        self.core.encoding().label(action)
    }

    fn string_to_action(&self, label: &str) -> Result<Action, Error> {
        self.core.encoding().parse(label)
    }

    fn returns(&self) -> Vec<f64> {
        self.core.returns()
    }

    fn ranking(&self) -> Vec<u32> {
        self.core.ranking()
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn view(&self, player: Option<usize>) -> Value {
        let mut v = self.seat_view(player).to_json();
        if let Some(legal) = self.labelled_actions_for(player) {
            v["legal_actions"] = legal;
        }
        v
    }

    fn moves(&self, seat: usize) -> Result<Vec<Value>, Error> {
        moves::moves(&self.core, seat)
    }

    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        self.seat_view(Some(player)).observation(out)
    }

    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        info_state::info_state(&self.core, &self.past, player, out)
    }

    fn events(&self, player: Option<usize>) -> Vec<Value> {
        self.events_since(player, 0)
    }

    /// Only the events from `since` on are written as JSON (a page asks for the new ones).
    fn events_since(&self, player: Option<usize>, since: usize) -> Vec<Value> {
        self.typed_events()
            .iter()
            .skip(since)
            .map(|e| e.to_json(player))
            .collect()
    }

    fn serialize(&self) -> String {
        self.game().save(&self.history)
    }

    fn position(&self) -> Result<Value, Error> {
        Ok(self.to_position())
    }
}
