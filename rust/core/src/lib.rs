//! Autodromo's rules engine: every in-race rule of every game, with no Python in it.
//!
//! Builds `no_std` + `alloc` (feature `std` off) so a microcontroller can run the same rules as
//! the batch simulator and the web page; `rust/nostd-check` proves it on every `make test`.
#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod content;
pub mod error;
pub mod game;
pub mod grid;
pub mod harness;
pub mod json_at;
pub mod registry;
pub mod rng;
pub mod saves;
pub mod sim;

pub use error::Error;
pub use game::{Action, Game, Player, State};
// Each game's module at the crate root (`autodromo_core::<game>`); the registry declares them.
pub use registry::*;
