//! The name of every feature of Formula 90's observation tensor, in `SeatView::observation`'s
//! order (docs/rules/formula90.md, "Observation tensor"). Cars are the race's, counted from 1
//! (car 1 is the first player's); cards are named as printed (a check factor, "T<n>").
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::cards::MAX_CARDS;
use super::content::RobotType;
use super::options::MAX_CARS;
use super::race::RaceDef;
use super::rules::{Skill, Strategy};
use super::weather::Tyre;

/// `phase_index`'s one-hot, by index.
const PHASE_NAMES: [&str; 36] = [
    "draw a Race Card",
    "draw a Track Card",
    "blind check",
    "wear",
    "robot chit",
    "grid tie",
    "qualifying card",
    "qualifying fuel",
    "strategy",
    "declare (or Safety Car pit)",
    "pit discard",
    "pit tyres",
    "lucky discard (or Safety Car discard)",
    "play",
    "pay tyres",
    "pay discard",
    "card tests",
    "leader check",
    "late brake",
    "trajectory",
    "recovery discard",
    "duel challenge",
    "duel join",
    "duel cards",
    "game over",
    "weather card",
    "robot tyres",
    "start tyres",
    "weather icon",
    "blue token",
    "flags",
    "draw choice",
    "skill",
    "setup",
    "spare car",
    "wise discard",
];

pub fn observation_names(race: &RaceDef) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut put = |s: String| out.push(s);
    put("turn (of the race's turns)".into());
    put("my seat to act".into());
    for p in PHASE_NAMES {
        put(format!("phase: {p}"));
    }
    let card = |id: usize| {
        if id < race.cards.len() {
            format!("card {}", race.card_name(id as u8))
        } else {
            format!("card slot {} (no such card on this track)", id + 1)
        }
    };
    for c in 1..=MAX_CARS {
        let car = |f: &str| format!("car {c}: {f}");
        for f in ["in the race", "mine"] {
            put(car(f));
        }
        put(car("driver: player"));
        for t in RobotType::ALL {
            put(car(&format!("driver: robot {}", t.key())));
        }
        for f in [
            "laps ahead of mine (of 3)",
            "section (of the track)",
            "place (of 16)",
            "played this turn",
            "no move",
            "off the track",
            "retired",
            "tyres (of 20)",
            "red wear (of 10)",
            "brown wear (of 10)",
            "cards in hand (of 15)",
            "target card's check factor (of 99)",
        ] {
            put(car(f));
        }
        for s in Strategy::ALL {
            put(car(&format!("strategy: {}", s.name())));
        }
        for f in [
            "fuel (of 40; once revealed)",
            "on a trajectory",
            "time loss (of 5)",
            "section kind: straight",
            "section kind: braking",
            "section kind: corner",
        ] {
            put(car(f));
        }
    }
    for id in 0..MAX_CARDS {
        put(format!("my hand: {}", card(id)));
    }
    put("current move: first card's MP (of 6)".into());
    put("current move: second card's MP (of 6)".into());
    put("current move: movement points (of 10)".into());
    for f in [
        "flags module on",
        "weather module on",
        "Safety Car module on",
        "Safety Car out",
        "Safety Car section (of the track)",
        "Safety Car pit window",
        "Safety Car restart",
        "restart next turn",
        "weather shown",
        "weather pawn's space",
        "sky: dry",
        "sky: drizzle",
        "sky: rain",
    ] {
        put(f.into());
    }
    for t in Tyre::ALL {
        put(format!("robots' tyres: {}", t.name()));
    }
    for c in 1..=MAX_CARS {
        let car = |f: &str| format!("car {c} (a player's): {f}");
        put(car("skill: none"));
        for k in Skill::ALL {
            put(car(&format!("skill: {}", k.name())));
        }
        for f in [
            "skill chit used",
            "Sixth Sense yellow token left",
            "Sixth Sense green token left",
            "Sixth Sense blue token left",
            "blue flag",
            "orange flag",
            "yellow flag in its section",
            "cars ahead under its yellow flag (of 16)",
            "on an Extreme Trajectory",
            "in an Extreme Trajectory's recovery",
        ] {
            put(car(f));
        }
        for t in Tyre::ALL {
            put(car(&format!("tyres: {}", t.name())));
        }
        for f in [
            "blue tokens (of 6)",
            "soft sets (of 2)",
            "tyre loss (of 3)",
            "forced pit",
            "must pit",
            "just pitted",
        ] {
            put(car(f));
        }
    }
    for id in 0..MAX_CARDS {
        put(format!("my duel cards: {}", card(id)));
    }
    for id in 0..MAX_CARDS {
        put(format!("others' face-up duel cards: {}", card(id)));
    }
    for c in 1..=MAX_CARS {
        put(format!("car {c}: duel cards face down (of 2)"));
    }
    out
}
