//! The one place the core lists its games: each game's module, and `AnyGame` / `AnyState`, which
//! dispatch the `Game` / `State` / `Sim` contract to the game a value holds. Everything else (the
//! Python binding, the batch runner from Python, the no_std proof, benches) goes through this
//! file and names no game. Adding a game: its module and one line in each list below.
//!
//! A registry value dispatches with one `match` per call; a hot loop (the batch runner) matches
//! once with `on_game!` and runs the game's own monomorphized code.
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use serde_json::Value;

use crate::error::Error;
use crate::game::{Action, Game, Player, State};
use crate::harness::{self, SimStats};
use crate::rng::SplitMix64;
use crate::sim::{Level, RaceStats, Sim};

/// Legend's car auction with Spare Part cards, a state of its own played before the races
/// (`legend::auction`): named here so the Python layer reaches it without naming the game.
pub use crate::legend::auction::Auction as CarAuction;

// The games' own modules, at the crate root (`crate::<game>`, re-exported by lib.rs).
#[path = "formula90/mod.rs"]
pub mod formula90;
#[path = "lamborghini/mod.rs"]
pub mod lamborghini;
#[path = "legend/mod.rs"]
pub mod legend;
#[path = "mille_bornes/mod.rs"]
pub mod mille_bornes;

/// Every game's id, in the order `autodromo.games()` lists them.
pub const GAME_IDS: &[&str] = &[
    mille_bornes::GAME_ID,
    legend::GAME_ID,
    lamborghini::GAME_ID,
    formula90::GAME_ID,
];

/// A game of any registered kind: its content and options, fixed.
#[derive(Debug, Clone)]
pub enum AnyGame {
    MilleBornes(mille_bornes::MilleBornes),
    Legend(legend::Legend),
    Lamborghini(lamborghini::Lamborghini),
    Formula90(formula90::Formula90),
}

/// A state of any registered game.
#[derive(Debug, Clone, PartialEq)]
// One state per value: boxing the largest variant would cost every call an indirection.
#[allow(clippy::large_enum_variant)]
pub enum AnyState {
    MilleBornes(mille_bornes::MbState),
    Legend(legend::LegendState),
    Lamborghini(lamborghini::LamboState),
    Formula90(formula90::F90State),
}

/// `on_game!(game, g => expr)`: `expr` with `g` bound to the game an `AnyGame` holds, compiled
/// once per game (so `expr` may call generic code: the batch runner).
#[macro_export]
macro_rules! on_game {
    ($g:expr, $v:ident => $e:expr) => {
        match $g {
            $crate::registry::AnyGame::MilleBornes($v) => $e,
            $crate::registry::AnyGame::Legend($v) => $e,
            $crate::registry::AnyGame::Lamborghini($v) => $e,
            $crate::registry::AnyGame::Formula90($v) => $e,
        }
    };
}

/// `on_state!(state, s => expr)`: as `on_game!`, for the state an `AnyState` holds.
#[macro_export]
macro_rules! on_state {
    ($s:expr, $v:ident => $e:expr) => {
        match $s {
            $crate::registry::AnyState::MilleBornes($v) => $e,
            $crate::registry::AnyState::Legend($v) => $e,
            $crate::registry::AnyState::Lamborghini($v) => $e,
            $crate::registry::AnyState::Formula90($v) => $e,
        }
    };
}

impl AnyGame {
    /// Builds the game `id` from its options (a JSON object) and, for a game with content, its
    /// content files as (relative path, text) pairs. An unknown id lists the known ones.
    pub fn load(
        id: &str,
        options: &Value,
        content: Option<&[(String, String)]>,
    ) -> Result<AnyGame, Error> {
        let files = |name: &str| {
            content
                .ok_or_else(|| Error::options("content", format!("{name} needs its content files")))
        };
        Ok(match id {
            mille_bornes::GAME_ID => {
                AnyGame::MilleBornes(mille_bornes::MilleBornes::from_json(options)?)
            }
            legend::GAME_ID => {
                let content = legend::Content::parse(files("Legend")?)?;
                AnyGame::Legend(legend::Legend::new(Arc::new(content), options)?)
            }
            lamborghini::GAME_ID => {
                let content = lamborghini::Content::parse(files("Lamborghini")?)?;
                AnyGame::Lamborghini(lamborghini::Lamborghini::new(Arc::new(content), options)?)
            }
            formula90::GAME_ID => {
                let content = formula90::Content::parse(files("Formula 90")?)?;
                AnyGame::Formula90(formula90::Formula90::new(Arc::new(content), options)?)
            }
            other => {
                return Err(Error::options(
                    "game",
                    format!("unknown game {other:?}; known: {}", GAME_IDS.join(", ")),
                ))
            }
        })
    }

    /// The harness's random game (`harness::random_sim_every`) with the game's own invariants
    /// checked at every step.
    pub fn random_sim(
        &self,
        seed: u64,
        max_steps: usize,
        roundtrip_every: usize,
    ) -> Result<SimStats, String> {
        macro_rules! run {
            ($g:expr, $check:path) => {
                harness::random_sim_every(
                    $g,
                    seed,
                    max_steps,
                    roundtrip_every,
                    |t| $g.deserialize_state(t),
                    $check,
                )
            };
        }
        match self {
            AnyGame::MilleBornes(g) => run!(g, mille_bornes::invariants::check),
            AnyGame::Legend(g) => run!(g, legend::invariants::check),
            AnyGame::Lamborghini(g) => run!(g, lamborghini::invariants::check),
            AnyGame::Formula90(g) => run!(g, formula90::invariants::check),
        }
    }
}

impl Game for AnyGame {
    type State = AnyState;

    fn id(&self) -> &'static str {
        on_game!(self, g => g.id())
    }
    fn num_players(&self) -> usize {
        on_game!(self, g => g.num_players())
    }
    fn num_distinct_actions(&self) -> usize {
        on_game!(self, g => g.num_distinct_actions())
    }
    fn observation_len(&self) -> usize {
        on_game!(self, g => g.observation_len())
    }
    fn observation_names(&self) -> Vec<String> {
        on_game!(self, g => g.observation_names())
    }
    fn information_state_len(&self) -> Option<usize> {
        on_game!(self, g => g.information_state_len())
    }
    fn information_state_names(&self) -> Vec<String> {
        on_game!(self, g => g.information_state_names())
    }
    fn options_json(&self) -> Value {
        on_game!(self, g => g.options_json())
    }
    fn content_hash(&self) -> u64 {
        on_game!(self, g => g.content_hash())
    }
    fn accepts_content_hash(&self, saved: u64) -> bool {
        on_game!(self, g => g.accepts_content_hash(saved))
    }
    fn rules_version(&self) -> u32 {
        on_game!(self, g => g.rules_version())
    }
    fn reads_rules_version(&self, version: u32) -> bool {
        on_game!(self, g => g.reads_rules_version(version))
    }
    fn same_options(&self, saved: &Value) -> Result<(), Error> {
        on_game!(self, g => g.same_options(saved))
    }
    fn new_initial_state(&self) -> AnyState {
        match self {
            AnyGame::MilleBornes(g) => AnyState::MilleBornes(g.new_initial_state()),
            AnyGame::Legend(g) => AnyState::Legend(g.new_initial_state()),
            AnyGame::Lamborghini(g) => AnyState::Lamborghini(g.new_initial_state()),
            AnyGame::Formula90(g) => AnyState::Formula90(g.new_initial_state()),
        }
    }
    fn refusal_keys(&self) -> &'static [&'static str] {
        on_game!(self, g => g.refusal_keys())
    }
    fn board(&self) -> Option<Value> {
        on_game!(self, g => g.board())
    }
    fn state_from(&self, position: &Value) -> Result<AnyState, Error> {
        Ok(match self {
            AnyGame::MilleBornes(g) => AnyState::MilleBornes(g.state_from(position)?),
            AnyGame::Legend(g) => AnyState::Legend(g.state_from(position)?),
            AnyGame::Lamborghini(g) => AnyState::Lamborghini(g.state_from(position)?),
            AnyGame::Formula90(g) => AnyState::Formula90(g.state_from(position)?),
        })
    }
}

impl AnyState {
    /// The game this is a state of.
    pub fn game(&self) -> AnyGame {
        match self {
            AnyState::MilleBornes(s) => AnyGame::MilleBornes(s.game()),
            AnyState::Legend(s) => AnyGame::Legend(s.game()),
            AnyState::Lamborghini(s) => AnyGame::Lamborghini(s.game()),
            AnyState::Formula90(s) => AnyGame::Formula90(s.game()),
        }
    }

    /// The error `apply_action` would give, without applying it; `None` if `action` is legal.
    pub fn why_illegal(&self, action: Action) -> Option<Error> {
        on_state!(self, s => s.why_illegal(action))
    }

    /// The round (Legend) or turn (Lamborghini, Formula 90) its view shows as `round` or
    /// `turn`; None for Mille Bornes, which counts hands. A caller that plays a round out reads
    /// it after each step without building a whole view.
    pub fn round(&self) -> Option<u32> {
        match self {
            AnyState::Legend(s) => Some(u32::from(s.round)),
            AnyState::Lamborghini(s) => Some(u32::from(s.round)),
            AnyState::Formula90(s) => Some(u32::from(s.turn)),
            AnyState::MilleBornes(_) => None,
        }
    }

    /// `apply_action` that leaves the state as it was even if the rules panic half-way (a
    /// caller that catches panics, the Python binding, keeps a whole state).
    pub fn apply_whole(&mut self, action: Action) -> Result<(), Error> {
        match self {
            // Applies on a copy of its fixed-size core already; cloning the history would make
            // a long game's every action cost its length.
            AnyState::MilleBornes(s) => s.apply_action(action),
            // Checks the whole move before it changes anything, then applies it infallibly
            // (`apply_id`: `check`, then `apply_move`): the clone below cost a Formula 90 race's
            // history and log on every action (issue 35: its envs were the slow ones).
            AnyState::Formula90(s) => s.apply_action(action),
            other => on_state!(other, s => {
                let mut next = s.clone();
                next.apply_action(action)?;
                *s = next;
                Ok(())
            }),
        }
    }
}

impl State for AnyState {
    fn current_player(&self) -> Player {
        on_state!(self, s => s.current_player())
    }
    fn is_terminal(&self) -> bool {
        on_state!(self, s => s.is_terminal())
    }
    fn is_chance_node(&self) -> bool {
        on_state!(self, s => s.is_chance_node())
    }
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        on_state!(self, s => s.legal_actions_into(out))
    }
    fn legal_actions(&self) -> Vec<Action> {
        on_state!(self, s => s.legal_actions())
    }
    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        on_state!(self, s => s.apply_action(action))
    }
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        on_state!(self, s => s.chance_outcomes())
    }
    fn sample_chance(&self, rng: &mut SplitMix64) -> Option<Action> {
        on_state!(self, s => s.sample_chance(rng))
    }
    fn action_to_string(&self, action: Action) -> String {
        on_state!(self, s => s.action_to_string(action))
    }
    fn string_to_action(&self, label: &str) -> Result<Action, Error> {
        on_state!(self, s => s.string_to_action(label))
    }
    fn returns(&self) -> Vec<f64> {
        on_state!(self, s => State::returns(s))
    }
    fn ranking(&self) -> Vec<u32> {
        on_state!(self, s => State::ranking(s))
    }
    fn history(&self) -> &[Action] {
        on_state!(self, s => s.history())
    }
    fn view(&self, player: Option<usize>) -> Value {
        on_state!(self, s => s.view(player))
    }
    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        on_state!(self, s => s.observation_tensor(player, out))
    }
    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        on_state!(self, s => s.information_state_tensor(player, out))
    }
    fn events(&self, player: Option<usize>) -> Vec<Value> {
        on_state!(self, s => s.events(player))
    }
    fn events_since(&self, player: Option<usize>, since: usize) -> Vec<Value> {
        on_state!(self, s => s.events_since(player, since))
    }
    fn serialize(&self) -> String {
        on_state!(self, s => s.serialize())
    }
    fn position(&self) -> Result<Value, Error> {
        on_state!(self, s => State::position(s))
    }
    fn move_plans(&self) -> Vec<Value> {
        on_state!(self, s => s.move_plans())
    }
    fn moves(&self, seat: usize) -> Result<Vec<Value>, Error> {
        on_state!(self, s => s.moves(seat))
    }
}

impl Sim for AnyState {
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Self {
        match self {
            AnyState::MilleBornes(s) => AnyState::MilleBornes(s.determinize(seat, rng)),
            AnyState::Legend(s) => AnyState::Legend(s.determinize(seat, rng)),
            AnyState::Lamborghini(s) => AnyState::Lamborghini(s.determinize(seat, rng)),
            AnyState::Formula90(s) => AnyState::Formula90(s.determinize(seat, rng)),
        }
    }
    fn apply_fast(&mut self, action: Action) -> Result<(), Error> {
        on_state!(self, s => s.apply_fast(action))
    }
    fn heuristic(&self, legal: &[Action]) -> Option<Action> {
        on_state!(self, s => s.heuristic(legal))
    }
    fn bot(&self, level: Level, legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
        on_state!(self, s => s.bot(level, legal, rng))
    }
    fn horizon(&self, start: &Self) -> Option<Vec<f64>> {
        match (self, start) {
            (AnyState::MilleBornes(s), AnyState::MilleBornes(t)) => s.horizon(t),
            (AnyState::Legend(s), AnyState::Legend(t)) => s.horizon(t),
            (AnyState::Lamborghini(s), AnyState::Lamborghini(t)) => s.horizon(t),
            (AnyState::Formula90(s), AnyState::Formula90(t)) => s.horizon(t),
            // A rollout never crosses games; value the end as the contract does.
            _ => self
                .is_terminal()
                .then(|| crate::sim::rank_values(&self.ranking())),
        }
    }
    fn stats(&self) -> RaceStats {
        on_state!(self, s => s.stats())
    }
}
