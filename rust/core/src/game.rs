//! The game contract (OpenSpiel's): a static `Game`, a cheap-to-clone `State`, explicit chance.
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::Error;
use crate::rng::SplitMix64;
use crate::saves;

/// A dense action id in `0..num_distinct_actions()`; chance outcomes share the same id space.
pub type Action = u32;

/// Who acts next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Seat(u8),
    Chance,
    Terminal,
}

impl Player {
    pub const CHANCE: i32 = -1;
    pub const TERMINAL: i32 = -4;

    /// OpenSpiel's integer convention: a seat index, `CHANCE` (-1) or `TERMINAL` (-4).
    pub fn to_i32(self) -> i32 {
        match self {
            Player::Seat(s) => i32::from(s),
            Player::Chance => Self::CHANCE,
            Player::Terminal => Self::TERMINAL,
        }
    }
}

/// Static description of a game: content, options and number of players.
pub trait Game {
    type State: State;
    /// The id used by `autodromo.game(...)` and in saves.
    fn id(&self) -> &'static str;
    fn num_players(&self) -> usize;
    fn num_distinct_actions(&self) -> usize;
    /// Length of `observation_tensor`, a flat float32 vector.
    fn observation_len(&self) -> usize;
    /// The name of each feature of `observation_tensor`, in order (`observation_len` of them),
    /// as a person reads it: what it holds and what it is scaled by.
    fn observation_names(&self) -> Vec<String>;
    /// Length of `State::information_state_tensor` (OpenSpiel's), for a game whose seats hold
    /// what others cannot see; `None` for a game that has none (docs/observations.md says why).
    fn information_state_len(&self) -> Option<usize> {
        None
    }
    /// The name of each feature of `information_state_tensor`, in order; empty when it has none.
    fn information_state_names(&self) -> Vec<String> {
        Vec::new()
    }
    /// The options in force, as JSON (every option, defaults included).
    fn options_json(&self) -> serde_json::Value;
    /// A hash of the content this game was built from (cards, tracks, cars); goes into saves.
    fn content_hash(&self) -> u64;
    /// Whether a save that recorded `saved` was made with this game's content: its hash, or one
    /// an older build recorded for the same content (docs/architecture.md, saves and content).
    fn accepts_content_hash(&self, saved: u64) -> bool {
        saved == self.content_hash()
    }
    fn new_initial_state(&self) -> Self::State;
    /// The rules version this build writes into a save, bumped when old saves would replay
    /// differently.
    fn rules_version(&self) -> u32;
    /// Whether a save recorded under rules `version` replays on this build as it did then: by
    /// default this build's version alone.
    fn reads_rules_version(&self, version: u32) -> bool {
        version == self.rules_version()
    }
    /// Refuses a save's `options` unless, read as this game reads its options, they are the
    /// options in force.
    fn same_options(&self, saved: &serde_json::Value) -> Result<(), Error>;
    /// A save of `history` played on this game: its id, rules version, content hash and options
    /// (`saves::write`); `deserialize_state` reads it back.
    fn save(&self, history: &[Action]) -> String {
        saves::write(
            self.id(),
            self.rules_version(),
            self.content_hash(),
            self.options_json(),
            history,
        )
    }
    /// Rebuilds a state from `save`'s text, checking game, rules version, content and options;
    /// nothing is returned unless every action replays legally.
    fn deserialize_state(&self, text: &str) -> Result<Self::State, Error> {
        let (options, actions) = saves::read(
            text,
            self.id(),
            |v| self.reads_rules_version(v),
            |h| self.accepts_content_hash(h),
        )?;
        self.same_options(&options)?;
        saves::replay(self.new_initial_state(), &actions)
    }
    /// The board as the core built it, JSON-ready (`grid::board` gives the shape); `None` for a
    /// game played with cards alone.
    fn board(&self) -> Option<serde_json::Value> {
        None
    }
    /// Every key this game's refusals carry (`Error::IllegalAction`'s `key`), for its words
    /// module to word each one; empty for a game whose refusals are not keyed yet.
    fn refusal_keys(&self) -> &'static [&'static str] {
        &[]
    }
    /// The state a position (`State::position`'s JSON) describes, on this game's content and
    /// options. A position that breaks a rule (a card in two places, a needle past its dashboard,
    /// a car off the track, a phase that cannot be) is refused with the field and the rule, and
    /// nothing is built (docs/positions.md).
    fn state_from(&self, position: &serde_json::Value) -> Result<Self::State, Error> {
        let _ = position;
        Err(Error::options(
            "position",
            alloc::format!("{} builds no state from a position yet", self.id()),
        ))
    }
}

/// A position in a game. `apply_action` is transactional: on error nothing changed.
pub trait State: Clone + PartialEq + core::fmt::Debug {
    fn current_player(&self) -> Player;
    fn is_terminal(&self) -> bool {
        self.current_player() == Player::Terminal
    }
    fn is_chance_node(&self) -> bool {
        self.current_player() == Player::Chance
    }
    /// Sorted legal ids into `out` (cleared first). At chance nodes: the possible outcomes.
    fn legal_actions_into(&self, out: &mut Vec<Action>);
    fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }
    /// Why `action` is illegal here, or `Ok` and the state advanced.
    fn apply_action(&mut self, action: Action) -> Result<(), Error>;
    /// `(outcome, probability)` at a chance node; empty elsewhere.
    fn chance_outcomes(&self) -> Vec<(Action, f64)>;
    /// Samples one chance outcome with `rng`, without allocating (the batch runner's path).
    fn sample_chance(&self, rng: &mut SplitMix64) -> Option<Action>;
    fn action_to_string(&self, action: Action) -> String;
    fn string_to_action(&self, label: &str) -> Result<Action, Error>;
    /// Per-seat returns; all zero until the game is over.
    fn returns(&self) -> Vec<f64>;
    /// Per-seat finishing rank (0 = first; tied seats share a rank).
    fn ranking(&self) -> Vec<u32>;
    /// Where the seat to act can end its move: each distinct outcome with the decisions leading
    /// there and what they cost, JSON-ready, so a page or a track board can show what is
    /// reachable; each game documents its keys. Empty for a game without a board.
    fn move_plans(&self) -> Vec<serde_json::Value> {
        Vec::new()
    }
    /// What each legal action of `seat` means, JSON-ready, one per id of `legal_actions` in its
    /// order: `action`, `label`, a `kind` from the game's documented set, the cards and seats it
    /// names as references, and what the rules compute of it (`leads_to`, `costs`, `risks`);
    /// computed only when asked (docs/architecture.md, "Vocabulary"). Empty when `seat` is not to
    /// act; an error for a seat that is not in the game.
    fn moves(&self, seat: usize) -> Result<Vec<serde_json::Value>, Error> {
        let _ = seat;
        Err(Error::options(
            "moves",
            "this game does not describe its moves yet (issue 29)",
        ))
    }
    /// Every action applied since the initial state, chance outcomes included.
    fn history(&self) -> &[Action];
    /// The legal actions as `{"id", "label"}`, in order, when `player` is the seat to act (what
    /// a view gives its reader to choose from); `None` for anyone else.
    fn labelled_actions_for(&self, player: Option<usize>) -> Option<serde_json::Value> {
        let Player::Seat(seat) = self.current_player() else {
            return None;
        };
        if player != Some(usize::from(seat)) {
            return None;
        }
        let legal = self.legal_actions().into_iter();
        Some(
            legal
                .map(|a| serde_json::json!({"id": a, "label": self.action_to_string(a)}))
                .collect(),
        )
    }
    /// What `player` may see, JSON-ready; `None` is a spectator seeing only public information.
    fn view(&self, player: Option<usize>) -> serde_json::Value;
    /// A fixed-length float32 encoding of `view(player)` for learning.
    fn observation_tensor(&self, player: usize, out: &mut [f32]);
    /// What `player` knows, its own past included (OpenSpiel's `information_state_tensor`):
    /// `Game::information_state_len` floats. Writes nothing for a game that has none.
    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        let _ = (player, out);
    }
    /// The typed event log, each event JSON-ready; `player` filters out what that seat may not see.
    fn events(&self, player: Option<usize>) -> Vec<serde_json::Value>;
    /// `events(player)` from index `since` on (past the end, none): a reader that keeps what it
    /// read asks only for the new ones. A game that keeps its log as it goes words only those.
    fn events_since(&self, player: Option<usize>, since: usize) -> Vec<serde_json::Value> {
        let mut all = self.events(player);
        all.drain(..since.min(all.len()));
        all
    }
    /// Game id, content hash, options and action history: enough to rebuild this exact state.
    fn serialize(&self) -> String;
    /// The whole position as JSON, every hand and pile included, named as people read it:
    /// `Game::state_from` builds it again with the same views, legal actions and continuation
    /// (the history is not part of it).
    fn position(&self) -> Result<serde_json::Value, Error> {
        Err(Error::options(
            "position",
            "this game writes no position yet",
        ))
    }
}
