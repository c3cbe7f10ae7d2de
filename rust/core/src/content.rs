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

/// FNV-1a over every (name, text) pair, in name order: the content hash that goes into saves.
pub fn hash<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for (name, text) in files {
        for b in name.bytes().chain([0]).chain(text.bytes()).chain([0]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}
