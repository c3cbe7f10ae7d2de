//! Legend's tests, one binary (`cargo test -p autodromo-core --test legend`): a module per topic
//! (Track races, Stage races, the auction, the bots), the shared builders in `support`.

#[path = "../moves_support/mod.rs"]
mod moves_support;
mod support;

mod auction;
mod defaults;
mod events;
mod example;
mod hard_qualifying;
mod harness;
mod lookahead;
mod moves;
mod neutral_rules;
mod pace_memo;
mod plan_last_car;
mod positions;
mod priority_bid;
mod rules_content;
mod rules_fixes;
mod rules_pace;
mod rules_race;
mod rules_turns;
mod setup;
mod stage_bots;
mod stage_classification;
mod stage_content;
mod stage_harness;
mod stage_neutral;
mod stage_race;
mod stage_repairs;
