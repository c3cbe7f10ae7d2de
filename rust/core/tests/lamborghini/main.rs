//! Lamborghini's tests, one binary (`cargo test -p autodromo-core --test lamborghini`): a
//! module per topic, the shared builders (content, races, scripted decks) in `support`.

#[path = "../moves_support/mod.rs"]
mod moves_support;
mod support;

mod bots;
mod events;
mod harness;
mod moves;
mod plan;
mod rules_cards;
mod rules_checks;
mod rules_fixes;
mod rules_long;
mod rules_race;
mod rules_setup;
