//! Legend `hard` in qualifying: a Neutral Car takes no part in challenges (the book's Neutral
//! Cars track no wear), so the place ahead of one costs `hard` a wear point it can spare and
//! nothing more; a driven car ahead could match, and `hard` leaves it alone.
use autodromo_core::game::{Game, Player, State};
use autodromo_core::legend::actions::Move;
use autodromo_core::legend::state::{LegendState, Phase};
use autodromo_core::legend::{bots, Legend};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Level;
use serde_json::json;

use crate::support;

const MODELS: [&str; 4] = [
    "alfa_8c_2900b",
    "aston_db3s",
    "jaguar_c_type",
    "maserati_300s",
];

fn game(neutral: [bool; 4]) -> Legend {
    support::game(json!({"circuit": "example", "laps": 2, "cars": MODELS, "neutral": neutral}))
}

/// Plays chance and `hard` decisions up to the first round, checking each challenge decision.
fn qualify(neutral: [bool; 4], seed: u64) -> (LegendState, u32) {
    let mut s = game(neutral).new_initial_state();
    let mut rng = SplitMix64::new(seed);
    let mut challenges = 0;
    while s.round == 0 {
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            Player::Seat(_) => bots::action(&s, Level::Hard, &mut rng).unwrap(),
            Player::Terminal => unreachable!("the race ended before it began"),
        };
        if let Phase::Challenge { car } = s.phase {
            let pos = usize::from(s.quali.pos);
            let ahead = usize::from(s.grid[pos - 1]);
            let m = s.race.enc.decode(a).unwrap();
            if neutral[ahead] {
                assert!(
                    matches!(m, Move::Challenge(_)),
                    "car {car} behind a Neutral Car: {m:?}"
                );
                let before = s.cars[usize::from(car)];
                s.apply_action(a).unwrap();
                let after = s.cars[usize::from(car)];
                let paid = (before.engine - after.engine) as i32
                    + (before.brakes - after.brakes) as i32
                    + i32::from(before.tires - after.tires);
                assert_eq!(paid, 1, "one wear point a challenge");
                assert_eq!(
                    usize::from(s.grid[pos - 1]),
                    usize::from(car),
                    "the Neutral Car yields"
                );
                challenges += 1;
                continue;
            }
            assert_eq!(m, Move::NoChallenge, "car {car} behind a driven car");
        }
        s.apply_action(a).unwrap();
    }
    (s, challenges)
}

#[test]
fn hard_takes_the_place_of_a_neutral_car_ahead_on_the_grid() {
    let mut total = 0;
    for seed in 0..8 {
        for neutral in [
            [true, true, false, false],
            [false, false, true, true],
            [true, false, true, false],
        ] {
            // Every challenge decision is checked as it is made (`qualify`).
            total += qualify(neutral, seed).1;
        }
    }
    assert!(total >= 8, "challenges made: {total}");
}

#[test]
fn hard_does_not_challenge_a_driven_car() {
    for seed in 0..4 {
        let (_, n) = qualify([false; 4], seed);
        assert_eq!(n, 0);
    }
}
