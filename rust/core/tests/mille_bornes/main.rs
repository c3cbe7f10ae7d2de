//! Mille Bornes's tests, one binary (`cargo test -p autodromo-core --test mille_bornes`): a
//! module per topic, the shared set-up (deal exact hands, play labels, drain the pile) in `support`.

mod support;

mod attacks;
mod bots;
mod flow;
mod harness;
mod moves;
mod rules;
mod scoring;
mod secret_coup_fourre;
mod state_size;
