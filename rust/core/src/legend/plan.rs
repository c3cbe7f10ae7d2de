//! `plan_moves`: where the car to act can end this round, and the decisions and costs of the way
//! there — so a page or a track board can show reachable spaces with their cost and risk.
use alloc::collections::{BTreeMap, VecDeque};
use alloc::string::String;
use alloc::vec::Vec;

use super::car::{Car, Status};
use super::state::{LegendState, Phase};
use crate::game::State;
use serde_json::{json, Value};

/// One reachable outcome of the active car's round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// Rows from the start of the race, to compare plans across the finish line.
    pub progress: i32,
    pub row: u16,
    pub lane: u8,
    pub speed: u8,
    /// Decisions from now to the end of the activation, as labels.
    pub decisions: Vec<String>,
    /// The same decisions as action ids, so a surface posts them without reading a label.
    pub actions: Vec<crate::game::Action>,
    /// Changes this plan makes to the Dashboard (positive: worse).
    pub temperature: i16,
    pub engine: i16,
    pub brakes: i16,
    pub tires: i16,
    /// The plan ends with a Damage card (a crash or a collision).
    pub damage: bool,
    pub off_road: bool,
    /// Night or fog: the plan stops at the entry line of a turn whose marker the driver cannot
    /// see yet; what follows depends on that marker.
    pub unseen_turn: bool,
    /// The plan crosses the finish line: a Stage race's stage line, a Track race's on its last lap.
    pub finishes: bool,
    /// Stage races: seconds of Check Point penalty the plan's crossing costs (over the limit).
    pub penalty: u32,
    /// The round's end as the plan leaves the car (a step on Top Speed, a rich mixture, the red
    /// zone: `Car::round_end_wear`): Engine points it costs, and whether the car retires.
    pub round_end_engine: u8,
    pub round_end_retires: bool,
}

/// Outcomes that look alike to the driver are merged: the first (fewest decisions) is kept.
type Key = (u16, u8, u8, u8, u8, u8, i8, bool, bool, bool);

fn key(c: &Car, blind: bool) -> Key {
    (
        c.cell.row,
        c.cell.lane,
        c.speed,
        c.temperature,
        c.engine,
        c.brakes,
        c.tires,
        c.damage_due > 0,
        c.status != Status::Racing,
        blind,
    )
}

impl LegendState {
    /// Applies a legal move of the moving car and runs the flow as far as the end of its
    /// activation, and no further: where a plan, or a decision's cost, ends. The flow would go on
    /// to the next cars and, after the last car of the round, close the round (heat at Top Speed,
    /// a crossed car's status) and even the stage (every car back to row 0 at Speed 0), and a car
    /// stopped off the road would be back on it by its next activation — none of which is the
    /// decision's doing.
    pub(crate) fn apply_within_activation(&mut self, m: super::actions::Move) {
        self.apply_move(m);
        loop {
            if let Some(car) = self.cars.iter().position(|c| c.damage_due > 0) {
                self.phase = Phase::Damage { car: car as u8 };
                return;
            }
            match self.phase {
                Phase::Moving { .. } => {
                    if self.continue_move() {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// What the round's end will cost `car` as it stands now: Engine points, and whether it
    /// retires (no wear for a Neutral Car, nor a car off the race).
    pub fn round_end_for(&self, car: usize) -> (u8, bool) {
        let c = self.cars[car];
        if c.neutral || !matches!(c.status, Status::Racing | Status::OffRoad) {
            return (0, false);
        }
        let mut end = c;
        let uphill = self.track().row(c.cell.row).slope == crate::grid::Slope::Uphill;
        end.round_end_wear(self.race.spec(car), self.race.dash(), uphill);
        (
            c.engine - end.engine.min(c.engine),
            end.status == Status::Retired,
        )
    }

    /// Every distinct way the car to act can end its activation, searched breadth-first over its
    /// own decisions (chance never comes up before the activation ends). Empty when no car of a
    /// seat is moving.
    pub fn plan_moves(&self) -> Vec<Plan> {
        let Some(car) = self.phase.seat().map(usize::from) else {
            return Vec::new();
        };
        let in_move = matches!(
            self.phase,
            Phase::Pace { .. }
                | Phase::EntryLine { .. }
                | Phase::Step { .. }
                | Phase::ExitLine { .. }
                | Phase::Slipstream { .. }
                | Phase::TurnSlipstream { .. }
        );
        if !in_move {
            return Vec::new();
        }
        let start = self.cars[car];
        let round = self.round;
        let stage = self.stage;
        // Track races keep no Time Chart.
        let penalty = |s: &LegendState| {
            if s.is_stage_race() && s.stage == stage {
                s.record(stage, car).penalty
            } else {
                0
            }
        };
        let penalty_before = penalty(self);
        // Turns the driver cannot read now: no plan looks past their entry lines.
        let unseen: Vec<u16> = (0..self.track().turns.len())
            .filter(|&t| !self.sees_turn(car, t))
            .map(|t| self.track().turns[t].entry)
            .collect();
        let mut out: BTreeMap<Key, Plan> = BTreeMap::new();
        let mut seen: BTreeMap<(Key, u8, u8, bool, bool), ()> = BTreeMap::new();
        let mut frontier: VecDeque<(LegendState, Vec<String>, Vec<crate::game::Action>)> =
            VecDeque::new();
        frontier.push_back((self.clone(), Vec::new(), Vec::new()));
        // Pit stops and stopping to cool end the move off the road; they are listed once.
        while let Some((s, path, ids)) = frontier.pop_front() {
            let active =
                s.phase.seat().map(usize::from) == Some(car) && s.round == round && !s.act.ended;
            let c = s.cars[car];
            let blind = active
                && c.status == Status::Racing
                && unseen.iter().any(|&entry| c.cell.row + 1 == entry)
                && !matches!(s.phase, Phase::Pace { .. });
            if !active || blind || out.len() > 400 {
                out.entry(key(&c, blind)).or_insert_with(|| {
                    let round_end = s.round_end_for(car);
                    Plan {
                        progress: c.progress,
                        row: c.cell.row,
                        lane: c.cell.lane,
                        speed: c.speed,
                        decisions: path.clone(),
                        actions: ids.clone(),
                        temperature: i16::from(c.temperature) - i16::from(start.temperature),
                        engine: i16::from(start.engine) - i16::from(c.engine),
                        brakes: i16::from(start.brakes) - i16::from(c.brakes),
                        tires: i16::from(start.tires) - i16::from(c.tires),
                        damage: c.damage_due > 0,
                        off_road: c.status == Status::OffRoad,
                        unseen_turn: blind,
                        finishes: c.finish.is_some() && start.finish.is_none(),
                        penalty: penalty(&s).saturating_sub(penalty_before),
                        round_end_engine: round_end.0,
                        round_end_retires: round_end.1,
                    }
                });
                continue;
            }
            if matches!(s.phase, Phase::Pit { .. }) {
                continue;
            }
            let c = s.cars[car];
            let memo = (
                key(&c, false),
                s.act.allowance,
                s.act.acc_left,
                s.act.drifting,
                c.exit_done.is_some(),
            );
            if seen.insert(memo, ()).is_some() && !matches!(s.phase, Phase::Pace { .. }) {
                continue;
            }
            let enc = s.race.enc;
            for m in s.legal_moves() {
                let mut next = s.clone();
                next.apply_within_activation(m);
                let mut p = path.clone();
                p.push(s.action_to_string(enc.encode(m)));
                let mut i = ids.clone();
                i.push(enc.encode(m));
                frontier.push_back((next, p, i));
            }
        }
        let mut plans: Vec<Plan> = out.into_values().collect();
        plans.sort_by_key(|p| (-p.progress, p.lane, p.decisions.len()));
        plans
    }
}

/// The typed events a plan's decisions log, as the race would log them: a surface words a plan's
/// steps from these instead of playing the plan out itself. Computed only for a page's request.
/// The plans of one position share their first decisions, so each distinct prefix is played and
/// described once (`played`: a prefix's position and event, `None` where the race stops there).
struct PlanEvents<'a> {
    start: &'a LegendState,
    played: BTreeMap<Vec<crate::game::Action>, Option<usize>>,
    nodes: Vec<(LegendState, Value)>,
}

impl<'a> PlanEvents<'a> {
    fn new(start: &'a LegendState) -> Self {
        PlanEvents {
            start,
            played: BTreeMap::new(),
            nodes: Vec::new(),
        }
    }

    fn events(&mut self, actions: &[crate::game::Action]) -> Vec<Value> {
        let mut out = Vec::with_capacity(actions.len());
        let mut at: Option<usize> = None;
        for k in 0..actions.len() {
            let node = match self.played.get(&actions[..=k]) {
                Some(&node) => node,
                None => {
                    let node = self.play(at, actions[k]);
                    self.played.insert(actions[..=k].to_vec(), node);
                    node
                }
            };
            let Some(i) = node else { break };
            out.push(self.nodes[i].1.clone());
            at = Some(i);
        }
        out
    }

    /// The position after `a` from node `at` (the start when `None`), and its event.
    fn play(&mut self, at: Option<usize>, a: crate::game::Action) -> Option<usize> {
        let now = at.map_or(self.start, |i| &self.nodes[i].0);
        if now.is_chance_node() || now.is_terminal() {
            return None;
        }
        let mut next = now.clone();
        next.apply_action(a).ok()?;
        let event = super::events::event(now, &next, a);
        self.nodes.push((next, event));
        Some(self.nodes.len() - 1)
    }
}

/// `State::move_plans` for Legend: each plan's keys as the board reads them.
pub(crate) fn plans_json(s: &LegendState) -> Vec<Value> {
    let mut played = PlanEvents::new(s);
    s.plan_moves()
        .into_iter()
        .map(|p| {
            let steps = played.events(&p.actions);
            json!({
                "steps": steps,
                "progress": p.progress, "row": p.row, "lane": p.lane, "speed": p.speed,
                "decisions": p.decisions, "actions": p.actions, "temperature": p.temperature, "engine": p.engine,
                "brakes": p.brakes, "tires": p.tires, "damage": p.damage, "off_road": p.off_road,
                "unseen_turn": p.unseen_turn, "finishes": p.finishes, "penalty": p.penalty,
                "round_end": {"engine": p.round_end_engine, "retires": p.round_end_retires},
            })
        })
        .collect()
}
