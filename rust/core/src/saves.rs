//! The save format every game shares: game id, rules version, content hash, options and the
//! action ids. A save is only ever rebuilt by replaying its actions, so a tampered or foreign save
//! is refused, never half-applied.
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{json, Value};

use crate::error::Error;
use crate::game::{Action, State};

pub fn write(
    game: &str,
    rules_version: u32,
    content_hash: u64,
    options: Value,
    actions: &[Action],
) -> String {
    json!({
        "game": game,
        "rules_version": rules_version,
        "content_hash": format!("{content_hash:016x}"),
        "options": options,
        "actions": actions,
    })
    .to_string()
}

/// Checks a save against the game expected and returns its options and action ids: the game
/// decides which recorded rules versions it replays (`Game::reads_rules_version`) and which
/// content hashes name its content (`Game::accepts_content_hash`: a hash older saves recorded).
pub fn read(
    text: &str,
    game: &str,
    reads_version: impl Fn(u32) -> bool,
    accepts: impl Fn(u64) -> bool,
) -> Result<(Value, Vec<Action>), Error> {
    let v: Value =
        serde_json::from_str(text).map_err(|e| Error::replay(format!("not JSON: {e}")))?;
    let saved_game = v.get("game").and_then(Value::as_str);
    if saved_game != Some(game) {
        return Err(Error::replay(format!(
            "this save is for game {saved_game:?}, not {game:?}"
        )));
    }
    let version = v
        .get("rules_version")
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok());
    if !version.is_some_and(reads_version) {
        return Err(Error::replay("saved under another rules version"));
    }
    let saved = v
        .get("content_hash")
        .and_then(Value::as_str)
        .filter(|h| h.len() == 16)
        .and_then(|h| u64::from_str_radix(h, 16).ok());
    if !saved.is_some_and(accepts) {
        return Err(Error::replay(
            "content hash differs: saved with other content",
        ));
    }
    let options = v
        .get("options")
        .cloned()
        .ok_or_else(|| Error::replay("no options"))?;
    let list = v
        .get("actions")
        .and_then(Value::as_array)
        .ok_or_else(|| Error::replay("no action list"))?;
    let actions = list
        .iter()
        .enumerate()
        .map(|(i, a)| {
            a.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| Error::replay(format!("{} is not an id: {a}", action_at(i))))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((options, actions))
}

/// The options of a save must be the game's own: `parsed` is the save's, parsed by the game.
pub fn same_options<T: PartialEq>(parsed: Result<T, Error>, own: &T) -> Result<(), Error> {
    let saved = parsed.map_err(|e| Error::replay(format!("options: {e}")))?;
    if &saved != own {
        return Err(Error::replay("saved with other options than this game's"));
    }
    Ok(())
}

/// How an error names the save's action `i`: counted from 1 for a person, with its place in the
/// file's list for whoever edits it.
fn action_at(i: usize) -> String {
    format!("action {} (actions[{i}])", i + 1)
}

/// Replays `actions` from `state`, naming the first one refused.
pub fn replay<S: State>(mut state: S, actions: &[Action]) -> Result<S, Error> {
    for (i, &id) in actions.iter().enumerate() {
        state
            .apply_action(id)
            .map_err(|e| Error::replay(format!("{}, id {id}: {e}", action_at(i))))?;
    }
    Ok(state)
}
