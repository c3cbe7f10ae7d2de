//! Formula 90's tests, one binary (`cargo test -p autodromo-core --test formula90`): a module per
//! topic (letters in docs/rules/formula90.md), the shared builders and the book's test track in `support`.

#[path = "../moves_support/mod.rs"]
mod moves_support;
mod support;

mod bots;
mod content;
mod duels;
mod events;
mod extreme;
mod finish;
mod flags;
mod golden_events;
mod golden_positions;
mod harness;
mod info_state;
mod kept_log;
mod label_placeholders;
mod movement;
mod moves;
mod positions;
mod practice;
mod safety_car;
mod sealed_duels;
mod setup;
mod sixth_sense;
mod strategies;
mod track_cards;
mod turn_phases;
mod turns;
mod variants;
mod views;
mod weather;
