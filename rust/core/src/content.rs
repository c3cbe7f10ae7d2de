//! Content files are TOML, parsed and validated in the core so every user of the rules (Python,
//! firmware) shares one validator. Errors name the file and the key (or the line).
use alloc::format;
use alloc::string::{String, ToString};
use serde::Deserialize;

use crate::error::Error;

pub fn error(file: &str, key: impl Into<String>, reason: impl Into<String>) -> Error {
    Error::Content {
        file: file.into(),
        key: key.into(),
        reason: reason.into(),
    }
}

/// Parses `text` as the TOML of `file`; a syntax or type error names the line and its text.
pub fn parse_toml<T: for<'de> Deserialize<'de>>(file: &str, text: &str) -> Result<T, Error> {
    toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        let key = match line {
            Some(n) => format!("line {n}: {}", text.lines().nth(n - 1).unwrap_or("").trim()),
            None => "(document)".to_string(),
        };
        error(file, key, e.message().trim().to_string())
    })
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a over every (name, text) pair, in name order: the content hash that goes into saves.
/// An item's names in other languages (`names = {...}` lines, docs/content/names.md) are left
/// out: no rule reads them, so adding a language keeps every save and replay.
pub fn hash<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> u64 {
    files.fold(FNV_START, |h, (name, text)| hash_step(h, name, text))
}

/// Whether a line of a content file gives an item's names in other languages.
fn is_names_line(line: &str) -> bool {
    line.trim_start()
        .strip_prefix("names")
        .is_some_and(|rest| rest.trim_start().starts_with('='))
}

fn hash_step(mut h: u64, name: &str, text: &str) -> u64 {
    let kept = text.split_inclusive('\n').filter(|l| !is_names_line(l));
    for b in name
        .bytes()
        .chain([0])
        .chain(kept.flat_map(str::bytes))
        .chain([0])
    {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// At most this many files a race does not read are left out, in every combination, when an old
/// save's whole-content hash is matched (2^10 hashes at worst).
pub const LEGACY_OPTIONAL: usize = 10;

/// Whether `saved`, a hash of every file a game had when saves still hashed all of them, is the
/// hash of `files` (name order) less some of the files `optional` marks (added since, and not
/// read by the saved race: other circuits). Docs: docs/architecture.md, "Saves and content".
pub fn legacy_hash_matches(
    files: &[(String, String)],
    optional: impl Fn(&str) -> bool,
    saved: u64,
) -> bool {
    fn walk(
        files: &[(String, String)],
        optional: &dyn Fn(&str) -> bool,
        h: u64,
        saved: u64,
    ) -> bool {
        match files.split_first() {
            None => h == saved,
            Some(((name, text), rest)) => {
                walk(rest, optional, hash_step(h, name, text), saved)
                    || (optional(name) && walk(rest, optional, h, saved))
            }
        }
    }
    let optional_count = files.iter().filter(|(n, _)| optional(n)).count();
    if optional_count > LEGACY_OPTIONAL {
        return hash(files.iter().map(|(n, t)| (n.as_str(), t.as_str()))) == saved;
    }
    walk(files, &optional, FNV_START, saved)
}
