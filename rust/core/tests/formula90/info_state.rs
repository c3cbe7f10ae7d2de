//! Formula 90's information-state tensor (issue 35): the seat's observation and what it saw of
//! the past. The book hides the hands, the decks' order, the sealed qualifying cards and chits
//! and the duel cards until "Todas as cartas são reveladas ao mesmo tempo"; the cards played,
//! discarded, paid and turned for checks go face up (docs/rules/formula90.md, decision 37).

use crate::support::*;
use autodromo_core::formula90::cards::{CardSet, MAX_CARDS};
use autodromo_core::formula90::info_state::seen;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Sim;
use autodromo_core::{Game, Player, State};
use serde_json::json;

fn tensor(s: &F90State, seat: usize) -> Vec<f32> {
    let mut out = vec![0.0; s.game().information_state_len().unwrap()];
    s.information_state_tensor(seat, &mut out);
    out
}

fn observation(s: &F90State, seat: usize) -> Vec<f32> {
    let mut out = vec![0.0; s.game().observation_len()];
    s.observation_tensor(seat, &mut out);
    out
}

/// One step of a race: chance by the seed, decisions by the heuristic bot.
fn step(s: &mut F90State, rng: &mut SplitMix64) -> bool {
    let a = match s.current_player() {
        Player::Chance => s.sample_chance(rng).unwrap(),
        Player::Seat(_) => s.heuristic(&s.legal_actions()).unwrap(),
        Player::Terminal => return false,
    };
    s.apply_action(a).unwrap();
    true
}

#[test]
fn names_one_a_feature_the_observation_first_the_same_length_for_every_race() {
    for players in [1, 3, 6] {
        let g = advanced_game(json!({"players": players}));
        let names = g.information_state_names();
        let len = g.information_state_len().unwrap();
        assert_eq!(names.len(), len);
        assert_eq!(len, g.observation_len() + 6 * MAX_CARDS);
        assert_eq!(names[..g.observation_len()], g.observation_names()[..]);
        let unique: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
    }
}

#[test]
fn what_it_saw_is_never_wrong_and_the_tensor_starts_with_the_observation() {
    // A card seen out of its deck is not in it; a card another player was seen to hold is in
    // its hand or among the duel cards it laid.
    for seed in 0..6u64 {
        let players = 2 + (seed % 3) as usize;
        let mut s = advanced_game(json!({"players": players})).new_initial_state();
        let mut rng = SplitMix64::new(seed);
        let mut k = 0;
        let mut held_seen = 0;
        while step(&mut s, &mut rng) {
            k += 1;
            if k % 5 != 0 {
                continue;
            }
            let deck = s.race_deck.union(s.track_deck);
            for seat in 0..players {
                let known = seen(&s, seat);
                assert!(
                    known.out_of_deck.race & deck.race == 0,
                    "seed {seed} step {k}"
                );
                assert!(
                    known.out_of_deck.track & deck.track == 0,
                    "seed {seed} step {k}"
                );
                for c in (0..players).filter(|&c| c != seat) {
                    let has = s.car(c as u8).hand.union(s.car(c as u8).frozen);
                    assert_eq!(known.held[c].minus(has), CardSet::EMPTY, "seed {seed}");
                    held_seen += known.held[c].len();
                }
                let t = tensor(&s, seat);
                assert_eq!(t[..observation(&s, seat).len()], observation(&s, seat)[..]);
            }
        }
        assert!(
            held_seen > 0,
            "seed {seed}: no duel or chase showed a held card"
        );
    }
}

#[test]
fn another_seats_hidden_draw_leaves_the_tensor_equal_and_its_own_changes() {
    let mut s = advanced_game(json!({"players": 3})).new_initial_state();
    let mut rng = SplitMix64::new(3);
    // The deal of seat 2's hand (car 1): each card a chance outcome.
    while !(matches!(s.phase, Phase::DrawRace { car: 1, .. })
        && s.current_player() == Player::Chance)
    {
        assert!(step(&mut s, &mut rng));
    }
    let outcomes = s.chance_outcomes();
    let (mut a, mut b) = (s.clone(), s.clone());
    a.apply_action(outcomes[0].0).unwrap();
    b.apply_action(outcomes[outcomes.len() - 1].0).unwrap();
    assert_ne!(a.car(1).hand, b.car(1).hand);
    for seat in [0, 2] {
        assert_eq!(tensor(&a, seat), tensor(&b, seat));
    }
    assert_ne!(tensor(&a, 1), tensor(&b, 1));
}

#[test]
fn the_tensor_follows_what_the_seat_saw_where_the_observation_reads_the_same() {
    // Pairs of seat 2's choices that seat 1's observation cannot tell apart: the tensor is equal
    // when seat 1's log is (a card laid face down), different when a card went face up.
    let mut knows = 0;
    let mut hidden = 0;
    for seed in 0..4u64 {
        let mut s = advanced_game(json!({"players": 3})).new_initial_state();
        let mut rng = SplitMix64::new(seed);
        while s.turn < 6 {
            if s.current_player() == Player::Seat(1) {
                let legal = s.legal_actions();
                let first = {
                    let mut x = s.clone();
                    x.apply_action(legal[0]).unwrap();
                    x
                };
                for &a in legal.iter().skip(1).take(5) {
                    let mut x = s.clone();
                    x.apply_action(a).unwrap();
                    if observation(&x, 0) != observation(&first, 0) {
                        continue;
                    }
                    if x.events(Some(0)) == first.events(Some(0)) {
                        assert_eq!(tensor(&x, 0), tensor(&first, 0), "seed {seed}");
                        hidden += 1;
                    } else if tensor(&x, 0) != tensor(&first, 0) {
                        knows += 1;
                    }
                }
            }
            if !step(&mut s, &mut rng) {
                break;
            }
        }
    }
    assert!(hidden > 0 && knows > 0, "hidden {hidden}, knows {knows}");
}
