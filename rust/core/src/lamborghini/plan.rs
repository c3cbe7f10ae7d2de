//! Where the moving car can get to this turn, square by square, for a page or a track board to
//! highlight: every way the remaining movement can be spent before the turn ends or the rules
//! stop to ask (a manoeuvre check, a slipstream choice).
use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;

use super::actions::{Move, DIRS};
use super::state::{LamboState, Phase};
use crate::game::{Action, State};
use serde_json::{json, Value};

/// One place the moving car can reach, and the steps that take it there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    pub row: u16,
    pub lane: u8,
    pub progress: i32,
    /// The step labels, in order ("move ahead", "move left"…).
    pub decisions: Vec<String>,
    /// The same steps as action ids and as directions.
    pub actions: Vec<Action>,
    pub directions: Vec<&'static str>,
    /// Whether the last step squeezes between two cars: a manoeuvre check follows.
    pub check: bool,
    /// Whether the movement is over there (otherwise the rules stop to ask something first).
    pub ends_turn: bool,
}

impl LamboState {
    /// Every place the moving car can reach with the movement it has left, by the fewest steps
    /// and, among equals, by the lowest step ids. Empty when no car is moving.
    pub fn plan_moves(&self) -> Vec<Reach> {
        let Phase::Drive { car } = self.phase else {
            return Vec::new();
        };
        let car = usize::from(car);
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        // Breadth first: the state after each path of steps, the path's labels.
        type Path = (Vec<String>, Vec<Action>, Vec<&'static str>);
        let mut frontier: Vec<(LamboState, Path)> =
            alloc::vec![(self.clone(), (Vec::new(), Vec::new(), Vec::new()))];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for (s, path) in frontier {
                for d in DIRS {
                    let m = Move::Step(d);
                    let a = s.def.enc.encode(m);
                    let mut t = s.clone();
                    if t.apply_unrecorded(a).is_err() {
                        continue;
                    }
                    let (mut labels, mut actions, mut directions) = path.clone();
                    labels.push(s.action_to_string(a));
                    actions.push(a);
                    directions.push(d.name());
                    let here = t.murcs[car].cell;
                    let still = matches!(t.phase, Phase::Drive { car: c } if usize::from(c) == car);
                    let key = (here.row, here.lane, t.turn.spent, still);
                    if !seen.insert(key) {
                        continue;
                    }
                    let check = matches!(t.phase, Phase::Check { .. } | Phase::CheckPrep { .. });
                    if still && !check && t.step_mask(car) != 0 && s.turn.spent < t.turn.spent {
                        next.push((t, (labels, actions, directions)));
                        continue;
                    }
                    out.push(Reach {
                        row: here.row,
                        lane: here.lane,
                        progress: t.murcs[car].progress,
                        decisions: labels,
                        actions,
                        directions,
                        check,
                        ends_turn: !still && !check && !matches!(t.phase, Phase::Slip { .. }),
                    });
                }
            }
            frontier = next;
        }
        out
    }
}

/// `State::move_plans` for Lamborghini. It has no wear or heat: the lane-grid board's keys for
/// them are zeros, so one board draws every lane-grid game; `check` and `ends_turn` are its own.
pub(crate) fn plans_json(s: &LamboState) -> Vec<Value> {
    s.plan_moves()
        .into_iter()
        .map(|p| {
            json!({
                "progress": p.progress, "row": p.row, "lane": p.lane,
                "speed": p.decisions.len(), "decisions": p.decisions,
                "actions": p.actions, "directions": p.directions,
                "temperature": 0, "engine": 0, "brakes": 0, "tires": 0,
                "damage": p.check, "off_road": false, "check": p.check,
                "ends_turn": p.ends_turn,
            })
        })
        .collect()
}
