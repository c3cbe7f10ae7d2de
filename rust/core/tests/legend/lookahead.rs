//! Legend's lookahead on top of `hard` (`legend::bots::lookahead`): with no rollouts it is
//! `hard`; with rollouts its pace choice is one of the legal ones, the same every time it is
//! asked (the samples are counted and seeded from the position, never timed), and it does not
//! change the position it was asked about.
use autodromo_core::game::{Game, Player, State};
use autodromo_core::legend::bots::lookahead::{self, Lookahead};
use autodromo_core::legend::state::{LegendState, Phase};
use autodromo_core::legend::{bots, Legend};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Level;
use serde_json::json;

use crate::support;

fn game() -> Legend {
    let cars = [
        "alfa_8c_2900b",
        "aston_db3s",
        "jaguar_c_type",
        "maserati_300s",
    ];
    support::game(
        json!({"circuit": "example", "laps": 2, "cars": cars, "neutral": [false, false, true, true]}),
    )
}

/// The race played by `hard` up to the first pace decision of round `round`.
fn at_pace(round: u16) -> LegendState {
    let mut s = game().new_initial_state();
    let mut rng = SplitMix64::new(7);
    loop {
        if s.round >= round && matches!(s.phase, Phase::Pace { .. }) {
            return s;
        }
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            Player::Seat(_) => bots::action(&s, Level::Hard, &mut rng).unwrap(),
            Player::Terminal => panic!("the race ended before round {round}"),
        };
        s.apply_action(a).unwrap();
    }
}

#[test]
fn without_rollouts_it_is_hard() {
    let s = at_pace(3);
    let off = Lookahead {
        rounds: 2,
        samples: 0,
        margin: 1500,
        top: 5,
        rival: 0,
    };
    let mut rng = SplitMix64::new(1);
    assert_eq!(
        lookahead::action(&s, &off),
        bots::action(&s, Level::Hard, &mut rng)
    );
}

#[test]
fn with_rollouts_the_choice_is_legal_repeatable_and_leaves_the_position_alone() {
    let s = at_pace(3);
    let before = s.clone();
    let la = Lookahead {
        rounds: 2,
        samples: 1,
        margin: 1500,
        top: 5,
        rival: 125,
    };
    let a = lookahead::action(&s, &la).expect("a pace choice");
    let mut legal = Vec::new();
    s.legal_actions_into(&mut legal);
    assert!(legal.contains(&a), "{}", s.action_to_string(a));
    assert_eq!(lookahead::action(&s, &la), Some(a));
    assert_eq!(s, before);
}
