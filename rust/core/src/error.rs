//! The core's one error type; `rust/py` turns each variant into a Python exception.
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use serde_json::Value;

/// What a refusal means apart from its English: the values its wording fills in, by name
/// (numbers, or ids such as a card's that the game's words module names in each language).
pub type Values = Vec<(&'static str, Value)>;

/// `refusal_keys! { Name = "key", ... }`: a game's refusals as an enum `Key` whose `ALL` lists
/// every key, so the list the surfaces check against (`Game::refusal_keys`) is the one the game
/// builds its refusals from.
#[macro_export]
macro_rules! refusal_keys {
    ($($name:ident = $key:literal),* $(,)?) => {
        /// Each refusal this game can make, by its stable key (worded by its words module).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Key { $($name),* }

        impl Key {
            pub const ALL: &'static [Key] = &[$(Key::$name),*];
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            pub fn as_str(self) -> &'static str {
                match self { $(Key::$name => $key),* }
            }
        }
    };
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An action the rules forbid here; `rule` says which rule, in English; `key` and `values`
    /// say it as a meaning the game's words module words in each language (`key` empty: a
    /// refusal not keyed yet, shown in English only; `Game::refusal_keys` lists a game's keys).
    IllegalAction {
        rule: String,
        key: &'static str,
        values: Values,
    },
    /// A label or id that names no action of this game.
    UnknownAction { what: String },
    /// A game option that is unknown or out of range.
    Options { key: String, reason: String },
    /// Content (cards, tracks, cars) that breaks a rule: names the file and the key.
    Content {
        file: String,
        key: String,
        reason: String,
    },
    /// A saved state or replay that is malformed, tampered with, or for another game.
    Replay { reason: String },
}

impl Error {
    pub fn illegal(rule: impl Into<String>) -> Self {
        Error::IllegalAction {
            rule: rule.into(),
            key: "",
            values: Vec::new(),
        }
    }
    /// A refusal with its meaning: `key` (from the game's `Key`), the `values` it names and
    /// its English.
    pub fn refused(key: &'static str, values: Values, rule: impl Into<String>) -> Self {
        Error::IllegalAction {
            rule: rule.into(),
            key,
            values,
        }
    }
    pub fn replay(reason: impl Into<String>) -> Self {
        Error::Replay {
            reason: reason.into(),
        }
    }
    pub fn options(key: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::Options {
            key: key.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::IllegalAction { rule, .. } => write!(f, "{rule}"),
            Error::UnknownAction { what } => write!(f, "unknown action: {what}"),
            Error::Options { key, reason } => write!(f, "option {key:?}: {reason}"),
            Error::Content { file, key, reason } => write!(f, "{file}: {key}: {reason}"),
            Error::Replay { reason } => write!(f, "bad replay: {reason}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
