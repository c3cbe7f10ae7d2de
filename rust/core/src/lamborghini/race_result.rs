//! The long game's races as they ended: each car's place, time and prize, and each seat's money
//! through the race (its bid for the order of choice, its Car and Driver cards, its prizes).
//! The next race's set-up clears the cars, so the table keeps this record: the page's results
//! between races and at the end read it (issue 32 item 8; decisions 33 and 34).
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::options::PRIZES;
use super::state::LamboState;
use super::turn::FinishRecord;

/// One Murciélago at the end of a race.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarResult {
    pub car: Option<u16>,
    pub driver: Option<u16>,
    /// 0 = first (`LamboState::ranking`).
    pub place: u32,
    pub finish: Option<FinishRecord>,
    pub progress: i32,
    pub damages: u8,
    pub wrecked: bool,
    /// Decision 33: by place, finished cars only.
    pub prize: i32,
}

/// One seat's money through a race: what it held before the race is `money - prize + bid +
/// paid`, since nothing else moves money.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purse {
    /// The sealed bid for the order of choice, in $ ("All the money offered in the auction is
    /// lost").
    pub bid: i32,
    /// Car and Driver cards bought in the draft.
    pub paid: i32,
    /// The prizes its cars won.
    pub prize: i32,
    /// Its money after the prizes.
    pub money: i32,
}

impl Purse {
    pub fn start(&self) -> i32 {
        self.money - self.prize + self.bid + self.paid
    }
}

/// A race of the long game once over.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RaceResult {
    pub cars: Vec<CarResult>,
    pub purses: Vec<Purse>,
}

impl LamboState {
    /// The race just ended: the prizes paid by place (decision 33) and the race kept in
    /// `results`.
    pub(crate) fn close_race(&mut self) {
        let rank = self.ranking();
        let mut won = alloc::vec![0i32; self.hands.len()];
        let cars: Vec<CarResult> = self
            .murcs
            .iter()
            .enumerate()
            .map(|(car, m)| {
                let prize = match m.finish {
                    Some(_) => PRIZES.get(rank[car] as usize).copied().unwrap_or(0),
                    None => 0,
                };
                won[usize::from(self.def.opts.owner(car))] += prize;
                CarResult {
                    car: m.car,
                    driver: m.driver,
                    place: rank[car],
                    finish: m.finish,
                    progress: m.progress,
                    damages: m.damages,
                    wrecked: m.wrecked > 0,
                    prize,
                }
            })
            .collect();
        let purses = self
            .hands
            .iter_mut()
            .zip(won)
            .map(|(h, prize)| {
                h.money += prize;
                let paid = core::mem::take(&mut h.paid);
                Purse {
                    bid: i32::from(h.bid.unwrap_or(0)) * 1000,
                    paid,
                    prize,
                    money: h.money,
                }
            })
            .collect();
        self.results.push(RaceResult { cars, purses });
        self.races_done += 1;
    }

    /// The races run so far as a view shows them: the circuit, each car's place (from 1), its
    /// time or distance and its prize, each seat's money before, spent, won and after.
    pub fn results_json(&self) -> Value {
        let cards = &self.def.content.cards;
        let id = |c: Option<u16>| c.map(|c| cards[usize::from(c)].id.clone());
        let races: Vec<Value> = self
            .results
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let circuit = self.origin.for_race(k).circuit;
                let cars: Vec<Value> = r
                    .cars
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        json!({
                            "car": i, "owner": self.def.opts.owner(i),
                            "card": id(c.car), "driver": id(c.driver),
                            "place": c.place + 1,
                            "finish": c.finish.map(|f| json!({"turn": f.turn, "past_line": f.past_line})),
                            "progress": c.progress, "damages": c.damages, "wrecked": c.wrecked,
                            "prize": c.prize,
                        })
                    })
                    .collect();
                let money: Vec<Value> = r
                    .purses
                    .iter()
                    .enumerate()
                    .map(|(seat, p)| {
                        json!({"seat": seat, "start": p.start(), "bid": p.bid, "paid": p.paid,
                               "prize": p.prize, "end": p.money})
                    })
                    .collect();
                json!({
                    "race": k + 1,
                    "circuit": self.def.content.circuits[circuit].id,
                    "circuit_name": self.def.content.circuits[circuit].name,
                    "cars": cars,
                    "money": money,
                })
            })
            .collect();
        Value::from(races)
    }
}
