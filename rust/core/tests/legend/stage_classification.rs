//! The Stage race's classification ("Check Point", "Winning the Game"): racing time, retired
//! cars, and the Historical points table. Finishing times are written on the Time Chart by hand.

use crate::support::*;
use autodromo_core::legend::car::Status;
use autodromo_core::legend::classification::{
    CLASS_WINNER_POINTS, LEAST_DAMAGED_POINTS, OVERALL_POINTS, SUPERIOR_CLASS_POINTS,
};
use autodromo_core::legend::{LegendState, Phase};
use autodromo_core::State;
use serde_json::json;

/// Classes (stage_races.toml, lowest first): 1100 0, 1500 1, GT 2, 2000 3, 3000 4, over 3000 5.
const CARS: [&str; 5] = [
    "mercedes_300slr", // Sport up to 3000
    "fiat_1100s",      // Sport up to 1100
    "ferrari_166_mm",  // Sport up to 2000
    "porsche_550",     // Sport up to 1500
    "maserati_300s",   // Sport up to 3000
];

/// A one-stage route; every car finished, in `minutes` after its 10:00 start (None: retired).
fn finished(minutes: &[Option<u32>], historical: bool) -> LegendState {
    let mut s = controllo(json!({"cars": CARS, "historical_points": historical}));
    for (i, m) in minutes.iter().enumerate() {
        s.chart[i].start = 600;
        match m {
            Some(m) => {
                s.chart[i].finish = Some(600 + m);
                s.cars[i].status = Status::Finished;
            }
            None => s.cars[i].status = Status::Retired,
        }
        // Some wear on every car: the Porsche least.
        s.cars[i].engine -= 2;
    }
    s.cars[3].engine += 1;
    s.phase = Phase::Over;
    s
}

#[test]
fn the_leading_car_has_the_shortest_racing_time() {
    // "If you are the leading car at the final Check Point, you win the stage race."
    let s = finished(&[Some(30), Some(33), Some(36), Some(39), Some(42)], false);
    assert_eq!(s.ranking(), vec![0, 1, 2, 3, 4]);
    assert_eq!(s.returns(), vec![1.0, 0.75, 0.5, 0.25, 0.0]);
    // A Check Point penalty changes the order: 30 + 6 minutes, behind 33, 34 and 35.
    let mut s = finished(&[Some(30), Some(33), Some(34), Some(35), Some(42)], false);
    s.chart[0].penalty = 360;
    assert_eq!(s.ranking(), vec![3, 0, 1, 2, 4]);
}

#[test]
fn retired_cars_follow_the_finishers_and_score_nothing() {
    let mut s = finished(&[Some(30), None, Some(36), None, Some(42)], false);
    s.cars[1].progress = 20;
    s.cars[3].progress = 31;
    assert_eq!(
        s.ranking(),
        vec![0, 4, 1, 3, 2],
        "retired: the further first"
    );
    assert_eq!(s.returns()[3], 0.0);
}

#[test]
fn historical_points_table_is_the_books() {
    // "Winning the Mille Miglia 10, Overall second place 6, Overall third place 4, Class winner
    // (excluding Overall winner) 8, For each superior Class car finished behind 2, Least damaged
    // car 5."
    assert_eq!(OVERALL_POINTS, [10, 6, 4]);
    assert_eq!(
        (
            CLASS_WINNER_POINTS,
            SUPERIOR_CLASS_POINTS,
            LEAST_DAMAGED_POINTS
        ),
        (8, 2, 5)
    );
    let s = finished(&[Some(30), Some(33), Some(36), Some(39), Some(42)], true);
    let p = s.historical_points();
    // The 300 SLR wins overall; its class (3000) has no class winner, nothing above it.
    assert_eq!(
        (p[0].overall, p[0].class_winner, p[0].superior_beaten),
        (10, 0, 0)
    );
    // The Fiat: second, first of the 1100s, ahead of the Ferrari, the Porsche and the Maserati.
    assert_eq!(
        (p[1].overall, p[1].class_winner, p[1].superior_beaten),
        (6, 8, 6)
    );
    // The Ferrari: third, first of the 2000s, ahead of the Maserati.
    assert_eq!(
        (p[2].overall, p[2].class_winner, p[2].superior_beaten),
        (4, 8, 2)
    );
    // The Porsche: first of the 1500s, ahead of the Maserati, and the least damaged.
    assert_eq!(
        (
            p[3].overall,
            p[3].class_winner,
            p[3].superior_beaten,
            p[3].least_damaged
        ),
        (0, 8, 2, 5)
    );
    assert_eq!(
        p[4].total(),
        0,
        "the Maserati: behind the winner of its own class"
    );
    let totals: Vec<u32> = p.iter().map(|x| x.total()).collect();
    assert_eq!(totals, vec![10, 20, 14, 15, 0]);
    // "The driver with the most points wins the game": you may win the race and lose the game.
    assert_eq!(s.ranking(), vec![3, 0, 2, 1, 4]);
    assert_eq!(s.view(None)["points"][1]["total"], 20);
}

#[test]
fn least_damaged_counts_every_damage_step_and_failed_system() {
    // "assign 1 point to each damage step and malfunctioning system"
    let mut s = finished(&[Some(30), Some(33), Some(36), Some(39), Some(42)], true);
    let before = s.damage_score(3);
    s.cars[3].headlights_ok = false;
    s.cars[3].tires -= 3;
    assert_eq!(s.damage_score(3), before + 4);
    s.cars[3].tires = -1;
    assert_eq!(
        s.damage_score(3),
        before + 1 + 17,
        "a flat tire loses every point"
    );
}
