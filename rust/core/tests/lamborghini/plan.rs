//! `plan_moves`: where the moving Murciélago can get to with the movement it has left.

use crate::support::*;
use autodromo_core::lamborghini::Phase;
use autodromo_core::State;
use serde_json::json;

#[test]
fn an_open_road_plans_every_lane_the_whole_movement_can_reach() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 0);
    draw(&mut s, 5); // 5 + the plain car and driver's bonuses
    let left = s.allowance(0) - i32::from(s.turn.spent);
    let plans = s.plan_moves();
    // From the middle of three lanes every lane is reachable, all `left` squares ahead.
    let mut lanes: Vec<u8> = plans.iter().map(|p| p.lane).collect();
    lanes.sort_unstable();
    lanes.dedup();
    assert_eq!(lanes, vec![0, 1, 2]);
    for p in &plans {
        assert_eq!(p.decisions.len() as i32, left, "{p:?}");
        assert_eq!(p.progress, 20 + left);
        assert!(p.ends_turn && !p.check);
    }
    // Each plan, played, ends where it says.
    for p in &plans {
        let mut t = s.clone();
        for d in &p.decisions {
            act(&mut t, d);
        }
        assert_eq!(cell(&t, 0), (p.row, p.lane));
    }
    // The same steps as action ids and directions (issue 29: a page reads no label back).
    for p in &plans {
        let mut t = s.clone();
        for ((&a, d), label) in p.actions.iter().zip(&p.directions).zip(&p.decisions) {
            assert_eq!(&t.action_to_string(a), label);
            assert_eq!(label, &format!("move {d}"));
            t.apply_action(a).unwrap();
        }
        assert_eq!(p.actions.len(), p.decisions.len());
        assert_eq!(cell(&t, 0), (p.row, p.lane));
    }
}

#[test]
fn a_squeeze_stops_the_plan_at_its_manoeuvre_check() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 20, 2); // beside, on the right
    put(&mut s, 2, 21, 1); // ahead
    put(&mut s, 3, 60, 0);
    only(&mut s, 0);
    draw(&mut s, 7);
    let plans = s.plan_moves();
    let squeeze = plans
        .iter()
        .find(|p| p.decisions == ["move right"])
        .expect("the squeeze is a plan of its own");
    assert!(squeeze.check && !squeeze.ends_turn);
    assert_eq!((squeeze.row, squeeze.lane), (21, 2));
    // Ahead is taken: no plan goes through car 2's square.
    assert!(plans.iter().all(|p| p.decisions[0] != "move ahead"));
}

#[test]
fn no_car_moving_no_plan() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 0);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 });
    assert!(s.plan_moves().is_empty());
}
