//! Game options: every variant the Italian edition lists, and each reading where texts differ.
use alloc::format;
use alloc::string::String;
use serde_json::{json, Map, Value};

use super::cards::{self, Counts};
use crate::error::Error;

/// Which deck is dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckChoice {
    /// 101 cards for 2–3 players, 106 otherwise (the standard game).
    Auto,
    Full,
    Reduced,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub players: u8,
    /// Number of sides: equal to `players` when playing individually.
    pub sides: u8,
    pub deck: DeckChoice,
    /// Miles to reach exactly: 1000 (the Italian edition, for everyone) or 700.
    pub target: u16,
    /// A side reaching exactly 700 may extend the hand to 1000 (only with `target` 700).
    pub extension: bool,
    /// Points that end the game; 0 plays a single hand.
    pub score_to_win: u32,
    /// Variant "Cumulare gli attacchi": a stopped or already attacked car may be attacked again.
    pub cumulative_attacks: bool,
    /// The English and French editions' Speed Limit, on a speed pile of its own: it may hit a car
    /// that is stopped or has not started, and a car under it may still be stopped. Off: the
    /// Italian book's rule, a Speed Limit is one of its five attacks, one at a time on a car that
    /// rolls (docs/rules/mille_bornes.md, decision 19).
    pub independent_speed_limit: bool,
    /// Variant "Rimischiare gli scarti": discards become the draw pile when it runs out.
    pub reshuffle_discards: bool,
    /// How often per hand the discards may be reshuffled (so every hand ends; a decision of ours).
    pub max_reshuffles: u8,
    /// Variant "carte aggiuntive non standard": the Wrong Way hazard and its remedy.
    pub wrong_way: bool,
    /// Whether a safety still grants its extra turn once the draw pile is empty (the Italian and
    /// English rules: yes; the French rules: no).
    pub safety_extra_turn_when_deck_empty: bool,
    /// Whether finishing after the draw pile first ran out earns Delayed Action even though the
    /// discards were reshuffled into a new pile.
    pub delayed_action_after_reshuffle: bool,
    /// Every seat of an attacked side is asked in turn whether to call a coup fourré, holding
    /// the safety or not, so the question tells the table nothing (ours: a screen must ask where a
    /// table stays silent; see docs/rules/mille_bornes.md, decision 7).
    pub secret_coup_fourre: bool,
}

pub const OPTION_KEYS: [&str; 14] = [
    "players",
    "teams",
    "deck",
    "target",
    "extension",
    "score_to_win",
    "cumulative_attacks",
    "independent_speed_limit",
    "reshuffle_discards",
    "max_reshuffles",
    "wrong_way",
    "safety_extra_turn_when_deck_empty",
    "delayed_action_after_reshuffle",
    "secret_coup_fourre",
];

/// Team splits the Italian edition allows: (players, teams).
pub const TEAM_SPLITS: [(u8, u8); 6] = [(4, 2), (6, 2), (6, 3), (8, 2), (8, 4), (9, 3)];

impl Options {
    pub fn defaults(players: u8) -> Options {
        Options {
            players,
            sides: players,
            deck: DeckChoice::Auto,
            target: 1000,
            extension: false,
            score_to_win: 5000,
            cumulative_attacks: false,
            independent_speed_limit: false,
            reshuffle_discards: false,
            max_reshuffles: 2,
            wrong_way: false,
            safety_extra_turn_when_deck_empty: true,
            delayed_action_after_reshuffle: true,
            secret_coup_fourre: false,
        }
    }

    pub fn teams(&self) -> bool {
        self.sides < self.players
    }

    /// Parses `{"players": 4, "teams": 2, ...}`; unknown keys and bad values name the key.
    pub fn from_json(v: &Value) -> Result<Options, Error> {
        let map = v
            .as_object()
            .ok_or_else(|| Error::options("options", "must be a mapping"))?;
        for key in map.keys() {
            if !OPTION_KEYS.contains(&key.as_str()) {
                return Err(Error::options(
                    key.as_str(),
                    format!("unknown option; known: {}", OPTION_KEYS.join(", ")),
                ));
            }
        }
        let players = int(map, "players", 4, 2, 9)? as u8;
        let mut o = Options::defaults(players);
        o.sides = match map.get("teams") {
            None | Some(Value::Null) => players,
            Some(_) => {
                let t = int(map, "teams", 0, 2, 9)? as u8;
                if t != players && !TEAM_SPLITS.contains(&(players, t)) {
                    return Err(Error::options(
                        "teams",
                        format!(
                            "{players} players cannot split into {t} teams; allowed: \
                             4 in 2, 6 in 2 or 3, 8 in 2 or 4, 9 in 3"
                        ),
                    ));
                }
                t
            }
        };
        o.deck = match map.get("deck") {
            None | Some(Value::Null) => DeckChoice::Auto,
            Some(Value::String(s)) if s == "auto" => DeckChoice::Auto,
            Some(v) if v == "106" || v.as_u64() == Some(106) => DeckChoice::Full,
            Some(v) if v == "101" || v.as_u64() == Some(101) => DeckChoice::Reduced,
            Some(other) => {
                return Err(Error::options(
                    "deck",
                    format!("must be 106, 101 or \"auto\", not {other}"),
                ))
            }
        };
        o.target = int(map, "target", 1000, 700, 1000)? as u16;
        if o.target != 700 && o.target != 1000 {
            return Err(Error::options("target", "must be 700 or 1000"));
        }
        o.extension = boolean(map, "extension", o.target == 700)?;
        if o.extension && o.target != 700 {
            return Err(Error::options(
                "extension",
                "only a 700-mile hand can be extended to 1000",
            ));
        }
        o.score_to_win = int(map, "score_to_win", 5000, 0, 1_000_000)? as u32;
        o.cumulative_attacks = boolean(map, "cumulative_attacks", false)?;
        o.independent_speed_limit = boolean(map, "independent_speed_limit", false)?;
        o.reshuffle_discards = boolean(map, "reshuffle_discards", false)?;
        o.max_reshuffles = int(map, "max_reshuffles", 2, 0, 50)? as u8;
        o.wrong_way = boolean(map, "wrong_way", false)?;
        o.safety_extra_turn_when_deck_empty =
            boolean(map, "safety_extra_turn_when_deck_empty", true)?;
        o.delayed_action_after_reshuffle = boolean(map, "delayed_action_after_reshuffle", true)?;
        o.secret_coup_fourre = boolean(map, "secret_coup_fourre", false)?;
        Ok(o)
    }

    pub fn to_json(&self) -> Value {
        json!({
            "players": self.players,
            "teams": if self.teams() { Value::from(self.sides) } else { Value::Null },
            "deck": match self.deck {
                DeckChoice::Auto => Value::from("auto"),
                DeckChoice::Full => Value::from(106),
                DeckChoice::Reduced => Value::from(101),
            },
            "target": self.target,
            "extension": self.extension,
            "score_to_win": self.score_to_win,
            "cumulative_attacks": self.cumulative_attacks,
            "independent_speed_limit": self.independent_speed_limit,
            "reshuffle_discards": self.reshuffle_discards,
            "max_reshuffles": self.max_reshuffles,
            "wrong_way": self.wrong_way,
            "safety_extra_turn_when_deck_empty": self.safety_extra_turn_when_deck_empty,
            "delayed_action_after_reshuffle": self.delayed_action_after_reshuffle,
            "secret_coup_fourre": self.secret_coup_fourre,
        })
    }

    /// The deck this game deals.
    pub fn deck_counts(&self) -> Counts {
        let reduced = match self.deck {
            DeckChoice::Auto => self.players <= 3,
            DeckChoice::Full => false,
            DeckChoice::Reduced => true,
        };
        let mut counts = if reduced {
            cards::DECK_101
        } else {
            cards::DECK_106
        };
        if self.wrong_way {
            let (hazard, remedy) = if reduced {
                cards::WRONG_WAY_REDUCED
            } else {
                cards::WRONG_WAY_FULL
            };
            counts[cards::Card::WrongWay.index()] = hazard;
            counts[cards::Card::EndOfWrongWay.index()] = remedy;
        }
        counts
    }
}

fn int(map: &Map<String, Value>, key: &str, default: i64, lo: i64, hi: i64) -> Result<i64, Error> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => {
            let n = v
                .as_i64()
                .ok_or_else(|| Error::options(key, "must be an integer"))?;
            if n < lo || n > hi {
                return Err(Error::options(
                    key,
                    format!("must be between {lo} and {hi}, not {n}"),
                ));
            }
            Ok(n)
        }
    }
}

fn boolean(map: &Map<String, Value>, key: &str, default: bool) -> Result<bool, Error> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(Error::options(
            key,
            format!("must be true or false, not {other}"),
        )),
    }
}

impl core::fmt::Display for DeckChoice {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            DeckChoice::Auto => "auto",
            DeckChoice::Full => "106",
            DeckChoice::Reduced => "101",
        })
    }
}

/// Short human summary, e.g. for logs: "4 players in 2 teams, 1000 miles".
pub fn describe(o: &Options) -> String {
    if o.teams() {
        format!(
            "{} players in {} teams, {} miles",
            o.players, o.sides, o.target
        )
    } else {
        format!("{} players, {} miles", o.players, o.target)
    }
}
