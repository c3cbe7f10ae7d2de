//! GAMEDOC

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
