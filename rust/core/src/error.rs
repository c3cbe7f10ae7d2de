//! The core's one error type; `rust/py` turns each variant into a Python exception.
use alloc::string::String;
use core::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An action the rules forbid here; `rule` says which rule, in the player's words.
    IllegalAction { rule: String },
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
        Error::IllegalAction { rule: rule.into() }
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
            Error::IllegalAction { rule } => write!(f, "{rule}"),
            Error::UnknownAction { what } => write!(f, "unknown action: {what}"),
            Error::Options { key, reason } => write!(f, "option {key:?}: {reason}"),
            Error::Content { file, key, reason } => write!(f, "{file}: {key}: {reason}"),
            Error::Replay { reason } => write!(f, "bad replay: {reason}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
