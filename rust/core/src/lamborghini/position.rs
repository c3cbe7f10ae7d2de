//! A whole Lamborghini position as JSON, and a state built from one (issue 11 item 7).
//!
//! Named as people read it: Car and Driver cards by their name, the other cards by the id the
//! actions print (their content name is only their kind, shared by several cards); a Murciélago
//! by its Car card once drafted ("car 2" before, counting from 1); seats count from 1. Piles are
//! lists in the core's order: each card of a pile is equally likely to be drawn, so the order
//! changes no odds, but a seeded play-out follows it. `state_from` refuses a card in two places
//! or in a pile of another kind, a value outside its range, a car off the track or on a taken
//! square, a phase that cannot be (docs/positions.md).
use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::actions::{Dir, MAX_BID};
use super::content::{Kind, Supplier};
use super::race_result::{CarResult, Purse, RaceResult};
use super::state::{Hand, LamboState, Murc, Phase, Why};
use super::turn::{DeckKind, FinishRecord, Turn};
use super::{invariants, Lamborghini, GAME_ID};
use crate::error::Error;
use crate::game::{Game, Player};
use crate::grid::Cell;

fn bad(why: impl Into<String>) -> Error {
    Error::replay(format!("position: {}", why.into()))
}

/// The four decks of the draft, in the core's order.
const DECKS: [&str; 4] = ["car", "driver", "technology", "manoeuvre"];

const STEPS: [&str; 3] = [
    "turn a Technology or Manoeuvre card",
    "turn a Car or Driver card",
    "pick",
];

fn supplier_name(s: Supplier) -> &'static str {
    match s {
        Supplier::Blue => "blue",
        Supplier::Yellow => "yellow",
        Supplier::Red => "red",
    }
}

fn deck_of(kind: Kind) -> Option<usize> {
    DeckKind::of(kind).map(|d| d as usize)
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Car => "a Car card",
        Kind::Driver => "a Driver card",
        Kind::Tech(..) => "a Technology card",
        Kind::Manoeuvre(_) => "a Manoeuvre card",
        Kind::Banknote => "a Banknote",
    }
}

impl LamboState {
    /// A card as people read it: Car and Driver cards by name, the others by their id.
    pub fn card_label(&self, c: u16) -> String {
        let k = &self.def.content.cards[usize::from(c)];
        match k.kind {
            Kind::Car | Kind::Driver => k.name.clone(),
            _ => k.id.clone(),
        }
    }

    /// A Murciélago as people read it: its Car card once drafted, "car N" before.
    pub fn car_label(&self, i: usize) -> String {
        match self.murcs[i].car {
            Some(c) => self.card_label(c),
            None => format!("car {}", i + 1),
        }
    }

    fn card_labels(&self, cards: &[u16]) -> Value {
        Value::from(
            cards
                .iter()
                .map(|&c| self.card_label(c))
                .collect::<Vec<_>>(),
        )
    }

    fn car_value(&self, i: u8) -> Value {
        Value::from(self.car_label(usize::from(i)))
    }

    fn phase_json(&self) -> Value {
        let car = |c: u8| self.car_value(c);
        let seat = |s: u8| Value::from(s + 1);
        match self.phase {
            Phase::Bid { seat: s } => json!({"at": "bid", "seat": seat(s)}),
            Phase::Reveal { n } => json!({"at": "reveal", "revealed": n}),
            Phase::Draft {
                seat: s,
                step,
                picks,
            } => json!({"at": "draft", "seat": seat(s),
                "step": STEPS[usize::from(step.min(2))], "picks": picks}),
            Phase::Turned {
                seat: s,
                deck,
                step,
                picks,
            } => json!({"at": "turned", "seat": seat(s), "deck": DECKS[deck as usize],
                "step": STEPS[usize::from(step.min(2))], "picks": picks}),
            Phase::Grant { car: c, tech, man } => {
                json!({"at": "grant", "car": car(c), "technology": tech, "manoeuvre": man})
            }
            Phase::Qualify { car: c } => json!({"at": "qualify", "car": car(c)}),
            Phase::SpeedDraw { car: c } => json!({"at": "speed_draw", "car": car(c)}),
            Phase::Check { car: c, why } => {
                let why = match why {
                    Why::Crazy(p) => json!({"for": "crazy", "penalty": p}),
                    Why::Squeeze => json!({"for": "squeeze"}),
                    Why::Slipstream => json!({"for": "slipstream"}),
                    Why::Engage { attacker, other } => {
                        json!({"for": "engagement", "attacker": attacker, "other": car(other)})
                    }
                };
                json!({"at": "check", "car": car(c), "why": why})
            }
            Phase::DirectionDraw { car: c } => json!({"at": "direction_draw", "car": car(c)}),
            Phase::Direction { car: c, chooser } => {
                json!({"at": "direction", "car": car(c), "chooser": seat(chooser)})
            }
            Phase::CheckPrep { car: c } => json!({"at": "check_prep", "car": car(c)}),
            Phase::Link { seat: s, step } => json!({"at": "link", "seat": seat(s),
                "step": if step == 0 { "drivers" } else { "cards" }}),
            Phase::Drive { car: c } => json!({"at": "drive", "car": car(c)}),
            Phase::Slip { car: c } => json!({"at": "slipstream", "car": car(c)}),
            Phase::Team { car: c } => json!({"at": "team", "car": car(c)}),
            Phase::Over => json!({"at": "over"}),
            Phase::Flow => json!({"at": "flow"}),
        }
    }

    /// The long game's races run, as `results` holds them (`race_result.rs`).
    fn results_position(&self) -> Value {
        let races: Vec<Value> = self
            .results
            .iter()
            .map(|r| {
                let cars: Vec<Value> = r.cars.iter().map(|c| json!({
                    "car": c.car.map(|x| self.card_label(x)),
                    "driver": c.driver.map(|x| self.card_label(x)),
                    "place": c.place + 1,
                    "finish": c.finish.map(|f| json!({"turn": f.turn, "past_line": f.past_line, "order_position": u16::from(f.in_order) + 1})),
                    "progress": c.progress, "damages": c.damages, "wrecked": c.wrecked, "prize": c.prize,
                })).collect();
                let players: Vec<Value> = r.purses.iter().enumerate().map(|(i, p)| json!({
                    "seat": i + 1, "bid": p.bid, "paid": p.paid, "prize": p.prize, "money": p.money,
                })).collect();
                json!({"cars": cars, "players": players})
            })
            .collect();
        Value::from(races)
    }

    /// The races run as a position lists them; none when it lists none (a position written
    /// before the results were kept).
    fn read_results(&self, top: &Obj<'_>) -> Result<Vec<RaceResult>, Error> {
        if !top.m.contains_key("results") {
            return Ok(Vec::new());
        }
        let races = top.list("results")?;
        if races.len() != usize::from(self.races_done) {
            return Err(bad(format!(
                "results: {} races listed, {} run",
                races.len(),
                self.races_done
            )));
        }
        let n = Names { s: self };
        let mut out = Vec::new();
        for (k, v) in races.iter().enumerate() {
            let race = Obj::new(v, &format!("results.{}", k + 1))?;
            let mut cars = Vec::new();
            for (i, c) in race.list("cars")?.iter().enumerate() {
                let o = Obj::new(c, &format!("{}.{}", race.at("cars"), i + 1))?;
                let finish = match o.val("finish")? {
                    Value::Null => None,
                    _ => {
                        let f = o.obj("finish")?;
                        Some(FinishRecord {
                            turn: f.get("turn")?,
                            past_line: f.get("past_line")?,
                            in_order: f.int("order_position", 1, 10)? as u8 - 1,
                        })
                    }
                };
                cars.push(CarResult {
                    car: n.opt_card(&o, "car")?,
                    driver: n.opt_card(&o, "driver")?,
                    place: o.int("place", 1, 10)? as u32 - 1,
                    finish,
                    progress: o.get("progress")?,
                    damages: o.int("damages", 0, 3)? as u8,
                    wrecked: o.get("wrecked")?,
                    prize: o.int("prize", 0, i64::from(i32::MAX))? as i32,
                });
            }
            let mut purses = Vec::new();
            for (i, p) in race.list("players")?.iter().enumerate() {
                let o = Obj::new(p, &format!("{}.{}", race.at("players"), i + 1))?;
                let money = |key: &str| o.int(key, 0, i64::from(i32::MAX)).map(|x| x as i32);
                purses.push(Purse {
                    bid: money("bid")?,
                    paid: money("paid")?,
                    prize: money("prize")?,
                    money: money("money")?,
                });
            }
            if cars.len() != self.murcs.len() || purses.len() != self.hands.len() {
                return Err(bad(format!(
                    "{}: every car and every player of the race",
                    race.path
                )));
            }
            out.push(RaceResult { cars, purses });
        }
        Ok(out)
    }

    fn car_json(&self, i: usize, m: &Murc) -> Value {
        json!({
            "seat": self.def.opts.owner(i) + 1,
            "car": m.car.map(|c| self.card_label(c)),
            "driver": m.driver.map(|c| self.card_label(c)),
            "supplier": m.supplier.map(supplier_name),
            "cell": {"row": m.cell.row, "lane": m.cell.lane},
            "progress": m.progress,
            "damages": m.damages,
            "wrecked_turns": m.wrecked,
            "stopped": m.stopped,
            "finish": m.finish.map(|f| {
                json!({"turn": f.turn, "past_line": f.past_line, "order_position": u16::from(f.in_order) + 1})
            }),
            "boost_turns": m.boost_turns,
            "forced": m.forced.map(Dir::name),
            "qualifying": m.quali,
            "off_track_next": m.off_track_next,
            "damage_turn": m.damage_round,
            "damages_that_turn": m.damage_count,
            "cards": self.card_labels(&m.hand),
        })
    }

    /// The turn record of the car moving, `null` before any turn.
    fn turn_json(&self) -> Value {
        let t = &self.turn;
        if *t == Turn::default() {
            return Value::Null;
        }
        let drawn = deck_of(self.def.kind(t.card)).is_none_or(|d| d >= 2);
        json!({
            "car": self.car_value(t.car),
            "speed_card": drawn.then(|| self.card_label(t.card)),
            "bonus": t.bonus,
            "extra": t.extra,
            "spent": t.spent,
            "card_played": t.played,
            "checks": t.checks,
            "check_bonus": t.check_bonus,
            "slipstreamed": t.slip_done,
            "slipstreaming_card": t.slip_bonus,
            "no_lane_change": t.no_lane_change,
            "lane_changed": t.lane_changed,
            "hazard": t.hazard,
            "brakes": t.shield,
            "engaged": t.engaged,
            "crash_declared": t.declared,
            "off_track_penalty": t.off_track_penalty,
            "blocked": t.blocked,
            "engagement_card": t.engage_card,
            "attacker_checked_12": t.attacker_12,
            "crazy_penalty": t.crazy,
            "ended": t.ended,
        })
    }

    /// The whole position (no history).
    pub fn to_position(&self) -> Value {
        let c = &self.def.content.circuits[self.def.circuit];
        let cars: Vec<Value> = self
            .murcs
            .iter()
            .enumerate()
            .map(|(i, m)| self.car_json(i, m))
            .collect();
        let players: Vec<Value> = self
            .hands
            .iter()
            .enumerate()
            .map(|(i, h)| {
                json!({
                    "seat": i + 1,
                    "cards": self.card_labels(&h.cards),
                    "face_down": self.card_labels(&h.face_down),
                    "money": h.money,
                    "bid": h.bid,
                    "paid": h.paid,
                    "suppliers": h.suppliers.iter().map(|&s| supplier_name(s)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let mut decks = Map::new();
        for (k, name) in DECKS.iter().enumerate() {
            decks.insert(name.to_string(), self.card_labels(&self.decks[k]));
        }
        let cars_of = |v: &[u8]| v.iter().map(|&c| self.car_value(c)).collect::<Vec<_>>();
        let to_qualify: Vec<u8> = (0..self.murcs.len() as u8)
            .filter(|&c| self.to_draw & (1 << c) != 0)
            .collect();
        json!({
            "game": GAME_ID,
            "races_run": self.races_done,
            "results": self.results_position(),
            "circuit": c.name,
            "phase": self.phase_json(),
            "turn": self.round,
            "racing": self.racing,
            "order": cars_of(&self.order),
            "moved": self.next,
            "moving": self.turn_json(),
            "cars": cars,
            "players": players,
            "decks": decks,
            "face_up": self.card_labels(&self.face_up),
            "speed_deck": self.card_labels(&self.speed_deck),
            "speed_discard": self.card_labels(&self.speed_discard),
            "pick_order": self.pick_order.iter().map(|&s| s + 1).collect::<Vec<_>>(),
            "picking": self.pick_pos + 1,
            "picking_back": self.pick_back,
            "to_qualify": cars_of(&to_qualify),
            "directions_due": cars_of(&self.dir_queue),
        })
    }
}

/// One JSON object of a position, with the path its errors name.
struct Obj<'a> {
    m: &'a Map<String, Value>,
    path: String,
}

impl<'a> Obj<'a> {
    fn new(v: &'a Value, path: &str) -> Result<Obj<'a>, Error> {
        let m = v
            .as_object()
            .ok_or_else(|| bad(format!("{path}: an object")))?;
        Ok(Obj {
            m,
            path: path.to_string(),
        })
    }

    fn at(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn val(&self, key: &str) -> Result<&'a Value, Error> {
        self.m
            .get(key)
            .ok_or_else(|| bad(format!("{}: missing", self.at(key))))
    }

    fn get<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<T, Error> {
        serde_json::from_value(self.val(key)?.clone())
            .map_err(|e| bad(format!("{}: {e}", self.at(key))))
    }

    fn list(&self, key: &str) -> Result<&'a Vec<Value>, Error> {
        self.val(key)?
            .as_array()
            .ok_or_else(|| bad(format!("{}: a list", self.at(key))))
    }

    fn text(&self, key: &str) -> Result<&'a str, Error> {
        self.val(key)?
            .as_str()
            .ok_or_else(|| bad(format!("{}: a name", self.at(key))))
    }

    fn obj(&self, key: &str) -> Result<Obj<'a>, Error> {
        Obj::new(self.val(key)?, &self.at(key))
    }

    /// A number within `lo..=hi`, or the field and its range.
    fn int(&self, key: &str, lo: i64, hi: i64) -> Result<i64, Error> {
        let v = self.val(key)?;
        match v.as_i64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(bad(format!("{}: {v} is not in {lo} to {hi}", self.at(key)))),
        }
    }
}

/// Names to indices, against the state being built.
struct Names<'a> {
    s: &'a LamboState,
}

impl Names<'_> {
    fn card(&self, v: &Value, what: &str) -> Result<u16, Error> {
        let name = v
            .as_str()
            .ok_or_else(|| bad(format!("{what}: a card's name")))?;
        let cards = &self.s.def.content.cards;
        if let Some(i) = cards.iter().position(|c| c.id == name) {
            return Ok(i as u16);
        }
        let named: Vec<usize> = (0..cards.len())
            .filter(|&i| cards[i].name == name)
            .collect();
        match named[..] {
            [i] => Ok(i as u16),
            [] => Err(bad(format!("{what}: no card {name:?} in this game"))),
            _ => Err(bad(format!(
                "{what}: {} cards are called {name:?}; name one by its id",
                named.len()
            ))),
        }
    }

    fn cards(&self, o: &Obj<'_>, key: &str) -> Result<Vec<u16>, Error> {
        let what = o.at(key);
        o.list(key)?.iter().map(|v| self.card(v, &what)).collect()
    }

    fn opt_card(&self, o: &Obj<'_>, key: &str) -> Result<Option<u16>, Error> {
        match o.val(key)? {
            Value::Null => Ok(None),
            v => self.card(v, &o.at(key)).map(Some),
        }
    }

    fn car(&self, v: &Value, what: &str) -> Result<u8, Error> {
        let name = v
            .as_str()
            .ok_or_else(|| bad(format!("{what}: a car's name")))?;
        (0..self.s.murcs.len())
            .find(|&i| self.s.car_label(i) == name || format!("car {}", i + 1) == name)
            .map(|i| i as u8)
            .ok_or_else(|| bad(format!("{what}: no car {name:?} in this race")))
    }

    fn cars(&self, o: &Obj<'_>, key: &str) -> Result<Vec<u8>, Error> {
        let what = o.at(key);
        let cars = o
            .list(key)?
            .iter()
            .map(|v| self.car(v, &what))
            .collect::<Result<Vec<u8>, Error>>()?;
        if let Some(c) = (0..cars.len()).find(|&i| cars[..i].contains(&cars[i])) {
            return Err(bad(format!(
                "{what}: {} is listed twice",
                self.s.car_label(usize::from(cars[c]))
            )));
        }
        Ok(cars)
    }

    fn seat(&self, o: &Obj<'_>, key: &str) -> Result<u8, Error> {
        let players = i64::from(self.s.def.opts.players);
        Ok(o.int(key, 1, players)? as u8 - 1)
    }
}

fn supplier(v: &Value, what: &str) -> Result<Supplier, Error> {
    match v.as_str() {
        Some("blue") => Ok(Supplier::Blue),
        Some("yellow") => Ok(Supplier::Yellow),
        Some("red") => Ok(Supplier::Red),
        _ => Err(bad(format!(
            "{what}: {v} is no supplier (blue, yellow, red)"
        ))),
    }
}

fn dir(v: &Value, what: &str) -> Result<Option<Dir>, Error> {
    match v {
        Value::Null => Ok(None),
        _ => [Dir::Left, Dir::Ahead, Dir::Right]
            .into_iter()
            .find(|d| v.as_str() == Some(d.name()))
            .map(Some)
            .ok_or_else(|| bad(format!("{what}: {v} is no direction (left, ahead, right)"))),
    }
}

fn step_of(o: &Obj<'_>) -> Result<u8, Error> {
    let s = o.text("step")?;
    STEPS
        .iter()
        .position(|&x| x == s)
        .map(|i| i as u8)
        .ok_or_else(|| bad(format!("{}: {s:?} is no draft step", o.at("step"))))
}

impl LamboState {
    fn read_car(&mut self, i: usize, o: &Obj<'_>) -> Result<(), Error> {
        let seat = self.def.opts.owner(i);
        if o.int("seat", 1, 5)? != i64::from(seat) + 1 {
            return Err(bad(format!(
                "{}: car {} is seat {}'s",
                o.at("seat"),
                i + 1,
                seat + 1
            )));
        }
        let n = Names { s: self };
        let car = n.opt_card(o, "car")?;
        let driver = n.opt_card(o, "driver")?;
        let hand = n.cards(o, "cards")?;
        for (c, want, key) in [(car, Kind::Car, "car"), (driver, Kind::Driver, "driver")] {
            if let Some(c) = c {
                let kind = self.def.kind(c);
                if kind != want {
                    return Err(bad(format!(
                        "{}: {} is {}",
                        o.at(key),
                        self.card_label(c),
                        kind_name(kind)
                    )));
                }
            }
        }
        let sup = match o.val("supplier")? {
            Value::Null => None,
            v => Some(supplier(v, &o.at("supplier"))?),
        };
        let cell = o.obj("cell")?;
        let finish = match o.val("finish")? {
            Value::Null => None,
            _ => {
                let f = o.obj("finish")?;
                let at = f.int("order_position", 1, self.murcs.len() as i64)? as u8 - 1;
                Some(FinishRecord {
                    turn: f.get("turn")?,
                    past_line: f.get("past_line")?,
                    in_order: at,
                })
            }
        };
        let m = Murc {
            car,
            driver,
            supplier: sup,
            cell: Cell {
                row: cell.get("row")?,
                lane: cell.get("lane")?,
            },
            progress: o.get("progress")?,
            damages: o.int("damages", 0, 9)? as u8,
            wrecked: o.get("wrecked_turns")?,
            stopped: o.get("stopped")?,
            finish,
            boost_turns: o.int("boost_turns", 0, 9)? as u8,
            forced: dir(o.val("forced")?, &o.at("forced"))?,
            quali: o.get("qualifying")?,
            off_track_next: o.get("off_track_next")?,
            damage_round: o.get("damage_turn")?,
            damage_count: o.int("damages_that_turn", 0, 2)? as u8,
            hand,
        };
        self.murcs[i] = m;
        Ok(())
    }

    fn read_hand(&mut self, i: usize, o: &Obj<'_>) -> Result<(), Error> {
        if o.int("seat", 1, 5)? != i as i64 + 1 {
            return Err(bad(format!(
                "{}: the players are listed in seat order",
                o.at("seat")
            )));
        }
        let n = Names { s: self };
        let cards = n.cards(o, "cards")?;
        let face_down = n.cards(o, "face_down")?;
        let suppliers = o
            .list("suppliers")?
            .iter()
            .map(|v| supplier(v, &o.at("suppliers")))
            .collect::<Result<Vec<_>, _>>()?;
        let most = if self.def.opts.players == 2 { 2 } else { 1 };
        if suppliers.len() > most {
            return Err(bad(format!(
                "{}: {} agreements, a player holds at most {most}",
                o.at("suppliers"),
                suppliers.len()
            )));
        }
        let bid = match o.val("bid")? {
            Value::Null => None,
            _ => Some(o.int("bid", 0, i64::from(MAX_BID))? as u8),
        };
        self.hands[i] = Hand {
            cards,
            face_down,
            money: o.int("money", 0, i64::from(i32::MAX))? as i32,
            bid,
            // Written since the long game's results were kept (issue 32): none paid before.
            paid: match o.m.get("paid") {
                Some(_) => o.int("paid", 0, i64::from(i32::MAX))? as i32,
                None => 0,
            },
            suppliers,
        };
        Ok(())
    }

    fn read_phase(&self, o: &Obj<'_>) -> Result<Phase, Error> {
        let n = Names { s: self };
        let car = |key: &str| n.car(o.val(key)?, &o.at(key));
        let at = o.text("at")?;
        Ok(match at {
            "bid" => Phase::Bid {
                seat: n.seat(o, "seat")?,
            },
            "reveal" => Phase::Reveal {
                n: o.int("revealed", 0, 7)? as u8,
            },
            "draft" => Phase::Draft {
                seat: n.seat(o, "seat")?,
                step: step_of(o)?,
                picks: o.int("picks", 1, 2)? as u8,
            },
            "turned" => {
                let deck = o.text("deck")?;
                let deck = DECKS.iter().position(|&d| d == deck).ok_or_else(|| {
                    bad(format!(
                        "{}: {deck:?} is no deck ({})",
                        o.at("deck"),
                        DECKS.join(", ")
                    ))
                })?;
                let step = step_of(o)?;
                if step > 1 || (deck >= 2) != (step == 0) {
                    return Err(bad(format!(
                        "{}: a card of the {} deck is turned at another step",
                        o.at("step"),
                        DECKS[deck]
                    )));
                }
                let deck = DeckKind::ALL[deck];
                Phase::Turned {
                    seat: n.seat(o, "seat")?,
                    deck,
                    step,
                    picks: o.int("picks", 1, 2)? as u8,
                }
            }
            "grant" => Phase::Grant {
                car: car("car")?,
                tech: o.int("technology", 0, 6)? as u8,
                man: o.int("manoeuvre", 0, 6)? as u8,
            },
            "qualify" => Phase::Qualify { car: car("car")? },
            "speed_draw" => Phase::SpeedDraw { car: car("car")? },
            "check" => {
                let w = o.obj("why")?;
                let why = match w.text("for")? {
                    "crazy" => Why::Crazy(w.int("penalty", 0, 2)? as u8),
                    "squeeze" => Why::Squeeze,
                    "slipstream" => Why::Slipstream,
                    "engagement" => Why::Engage {
                        attacker: w.get("attacker")?,
                        other: n.car(w.val("other")?, &w.at("other"))?,
                    },
                    x => {
                        return Err(bad(format!(
                            "{}: {x:?} is no reason for a check (crazy, squeeze, slipstream, engagement)",
                            w.at("for")
                        )))
                    }
                };
                Phase::Check {
                    car: car("car")?,
                    why,
                }
            }
            "direction_draw" => Phase::DirectionDraw { car: car("car")? },
            "direction" => Phase::Direction {
                car: car("car")?,
                chooser: n.seat(o, "chooser")?,
            },
            "check_prep" => Phase::CheckPrep { car: car("car")? },
            "link" => Phase::Link {
                seat: n.seat(o, "seat")?,
                step: match o.text("step")? {
                    "drivers" => 0,
                    "cards" => 1,
                    x => return Err(bad(format!("{}: {x:?}, drivers or cards", o.at("step")))),
                },
            },
            "drive" => Phase::Drive { car: car("car")? },
            "slipstream" => Phase::Slip { car: car("car")? },
            "team" => Phase::Team { car: car("car")? },
            "over" => Phase::Over,
            "flow" => {
                return Err(bad(
                    "phase.at: flow is a step inside an action, never a position",
                ))
            }
            x => return Err(bad(format!("phase.at: {x:?} is no phase"))),
        })
    }

    fn read_turn(&self, v: &Value) -> Result<Turn, Error> {
        if v.is_null() {
            return Ok(Turn::default());
        }
        let o = Obj::new(v, "moving")?;
        let n = Names { s: self };
        let card = match o.val("speed_card")? {
            Value::Null => 0,
            c => {
                let c = n.card(c, &o.at("speed_card"))?;
                if deck_of(self.def.kind(c)).is_some_and(|d| d < 2) {
                    return Err(bad(format!(
                        "moving.speed_card: {} has no Speed value",
                        self.card_label(c)
                    )));
                }
                c
            }
        };
        Ok(Turn {
            car: n.car(o.val("car")?, "moving.car")?,
            card,
            bonus: o.get("bonus")?,
            extra: o.get("extra")?,
            spent: o.get("spent")?,
            played: o.get("card_played")?,
            checks: o.int("checks", 0, 2)? as u8,
            check_bonus: o.get("check_bonus")?,
            slip_done: o.get("slipstreamed")?,
            slip_bonus: o.get("slipstreaming_card")?,
            no_lane_change: o.get("no_lane_change")?,
            lane_changed: o.get("lane_changed")?,
            hazard: o.get("hazard")?,
            shield: o.get("brakes")?,
            engaged: o.get("engaged")?,
            declared: o.get("crash_declared")?,
            off_track_penalty: o.get("off_track_penalty")?,
            blocked: o.get("blocked")?,
            engage_card: o.get("engagement_card")?,
            attacker_12: o.get("attacker_checked_12")?,
            crazy: match o.val("crazy_penalty")? {
                Value::Null => None,
                _ => Some(o.int("crazy_penalty", 0, 2)? as u8),
            },
            ended: o.get("ended")?,
        })
    }
}

impl LamboState {
    /// Every card in one place at most, each pile holding its own kind; before the Speed deck is
    /// formed every card but the Banknotes is somewhere, after it every Banknote is in the Speed
    /// deck or its discards, and in the long game every Technology and Manoeuvre card is
    /// somewhere (in the short game a card played leaves the game).
    fn position_cards(&self) -> Result<(), Error> {
        let cards = &self.def.content.cards;
        let mut places: Vec<Vec<String>> = alloc::vec![Vec::new(); cards.len()];
        let mut put = |list: &[u16], at: String, ok: &dyn Fn(Kind) -> bool| -> Result<(), Error> {
            for &c in list {
                let kind = self.def.kind(c);
                if !ok(kind) {
                    return Err(bad(format!(
                        "{at}: {} is {}, which this pile never holds",
                        self.card_label(c),
                        kind_name(kind)
                    )));
                }
                places[usize::from(c)].push(at.clone());
            }
            Ok(())
        };
        for (k, name) in DECKS.iter().enumerate() {
            put(&self.decks[k], format!("decks.{name}"), &|kind| {
                deck_of(kind) == Some(k)
            })?;
        }
        let speed = |kind: Kind| deck_of(kind).is_none_or(|d| d >= 2);
        let play = |kind: Kind| matches!(kind, Kind::Tech(..) | Kind::Manoeuvre(_));
        put(&self.face_up, "face_up".to_string(), &|k| {
            deck_of(k).is_some()
        })?;
        put(&self.speed_deck, "speed_deck".to_string(), &speed)?;
        put(&self.speed_discard, "speed_discard".to_string(), &speed)?;
        for (i, h) in self.hands.iter().enumerate() {
            put(&h.cards, format!("players.{}.cards", i + 1), &play)?;
            put(&h.face_down, format!("players.{}.face_down", i + 1), &play)?;
        }
        for (i, m) in self.murcs.iter().enumerate() {
            let at = format!("cars.{}", i + 1);
            put(&m.car.into_iter().collect::<Vec<_>>(), at.clone(), &|_| {
                true
            })?;
            put(
                &m.driver.into_iter().collect::<Vec<_>>(),
                at.clone(),
                &|_| true,
            )?;
            put(&m.hand, format!("{at}.cards"), &play)?;
        }
        let formed = !self.speed_deck.is_empty() || !self.speed_discard.is_empty();
        for (c, at) in places.iter().enumerate() {
            let kind = cards[c].kind;
            let must = match kind {
                Kind::Banknote => formed,
                Kind::Car | Kind::Driver => !formed && !self.racing,
                _ => !formed || self.def.opts.long,
            };
            let name = self.card_label(c as u16);
            if at.len() > 1 {
                return Err(bad(format!("cards: {name} is in {} and {}", at[0], at[1])));
            }
            if at.is_empty() && must {
                return Err(bad(format!("cards: {name} is in no pile, hand or car")));
            }
            if kind == Kind::Banknote && !at.is_empty() && !formed {
                return Err(bad(format!(
                    "cards: {name} is a Banknote, only in the Speed deck once it is formed"
                )));
            }
        }
        if self.def.opts.players != 2 {
            if let Some(i) = self.murcs.iter().position(|m| !m.hand.is_empty()) {
                return Err(bad(format!(
                    "cars.{}.cards: a car holds its own cards only with 2 players",
                    i + 1
                )));
            }
        }
        Ok(())
    }

    /// Cars on the track, one a square, values in their ranges.
    fn position_cars(&self) -> Result<(), Error> {
        let track = self.def.track();
        let len = i32::from(track.len());
        for (i, m) in self.murcs.iter().enumerate() {
            let at = format!("cars.{}", i + 1);
            if m.cell.row >= track.len() || m.cell.lane >= track.lanes {
                return Err(bad(format!(
                    "{at}.cell: row {} lane {} is off the track ({} rows, {} lanes)",
                    m.cell.row,
                    m.cell.lane,
                    track.len(),
                    track.lanes
                )));
            }
            if (m.progress - i32::from(m.cell.row)).rem_euclid(len) != 0 {
                return Err(bad(format!(
                    "{at}.progress: {} squares covered do not end on row {} of a {len}-row lap",
                    m.progress, m.cell.row
                )));
            }
            let line = self.def.race_length();
            if m.finish.is_none() && m.progress >= line {
                return Err(bad(format!(
                    "{at}.finish: {} squares reach the finish line ({line}), and the car has not finished",
                    m.progress
                )));
            }
            if (m.damages >= 3) != (m.wrecked > 0) {
                return Err(bad(format!(
                    "{at}.wrecked_turns: {} with {} damages; the third damage is the permanent one",
                    m.wrecked, m.damages
                )));
            }
            let on = |m: &Murc| m.finish.is_none() || m.stopped;
            if self.racing && on(m) {
                if let Some(j) =
                    (0..i).find(|&j| on(&self.murcs[j]) && self.murcs[j].cell == m.cell)
                {
                    return Err(bad(format!(
                        "{at}.cell: row {} lane {} is taken by {}",
                        m.cell.row,
                        m.cell.lane,
                        self.car_label(j)
                    )));
                }
            }
            if !self.racing && (m.progress != 0 || m.finish.is_some()) {
                return Err(bad(format!("{at}: a car moves only in the race")));
            }
        }
        Ok(())
    }

    fn position_phase(&self) -> Result<(), Error> {
        let opts = &self.def.opts;
        let cars = self.murcs.len() as u8;
        let race = matches!(
            self.phase,
            Phase::SpeedDraw { .. }
                | Phase::Check { .. }
                | Phase::DirectionDraw { .. }
                | Phase::Direction { .. }
                | Phase::CheckPrep { .. }
                | Phase::Drive { .. }
                | Phase::Slip { .. }
                | Phase::Team { .. }
        );
        let at = self.phase_json()["at"].as_str().unwrap_or("").to_string();
        if race != self.racing && self.phase != Phase::Over {
            return Err(bad(format!(
                "phase: {at} {}",
                if race {
                    "is a phase of the race, and the race has not begun"
                } else {
                    "comes before the race, and the race is under way"
                }
            )));
        }
        match self.phase {
            Phase::Bid { .. } if !opts.long => {
                return Err(bad("phase: the auction is the long game's"))
            }
            Phase::Link { .. } if opts.players != 2 => {
                return Err(bad("phase: cars and cards are linked only with 2 players"))
            }
            Phase::Drive { car }
            | Phase::Slip { car }
            | Phase::Team { car }
            | Phase::CheckPrep { car }
            | Phase::SpeedDraw { car }
                if car != self.turn.car =>
            {
                return Err(bad(format!(
                    "phase.car: {} is not the car moving ({})",
                    self.car_label(usize::from(car)),
                    self.car_label(usize::from(self.turn.car))
                )))
            }
            _ => {}
        }
        if let Phase::Check {
            why: Why::Engage { other, .. },
            ..
        } = self.phase
        {
            if other >= cars {
                return Err(bad("phase.why.other: no such car"));
            }
        }
        if self.current_player() == Player::Chance && self.chance_cards().is_empty() {
            return Err(bad(format!("phase: {at} draws from an empty deck")));
        }
        if self.racing {
            let mut sorted = self.order.clone();
            sorted.sort_unstable();
            if sorted != (0..cars).collect::<Vec<_>>() {
                return Err(bad("order: every car once, in the race"));
            }
        } else if !self.order.is_empty() {
            return Err(bad("order: empty before the race"));
        }
        if usize::from(self.next) > self.order.len() {
            return Err(bad(format!(
                "moved: {} of the {} cars of the order",
                self.next,
                self.order.len()
            )));
        }
        let mut seats = self.pick_order.clone();
        seats.sort_unstable();
        if seats != (0..opts.players).collect::<Vec<_>>() {
            return Err(bad("pick_order: every seat once"));
        }
        if self.pick_pos >= opts.players {
            return Err(bad(format!(
                "picking: 1 to {}, a place in the pick order",
                opts.players
            )));
        }
        Ok(())
    }
}

impl Lamborghini {
    /// The state `position` describes in this game (its content and options), or the field and
    /// the rule it breaks.
    pub fn from_position(&self, position: &Value) -> Result<LamboState, Error> {
        let top = Obj::new(position, "")?;
        if top.m.get("game").and_then(Value::as_str) != Some(GAME_ID) {
            return Err(bad("game: this position is not of Lamborghini"));
        }
        let mut s = self.new_initial_state();
        let opts = self.def.opts.clone();
        let races = i64::from(opts.races);
        // The long game counts its races run (all of them at its end); the short game runs one
        // and never counts it.
        let done = top.int("races_run", 0, if opts.long { races } else { 0 })? as u8;
        s.races_done = done;
        s.results = s.read_results(&top)?;
        s.def = Arc::new(self.def.for_race(usize::from(done.min(opts.races - 1))));
        let circuit = &s.def.content.circuits[s.def.circuit].name;
        if top.text("circuit")? != circuit {
            return Err(bad(format!(
                "circuit: race {} is run on {circuit}",
                done.min(opts.races - 1) + 1
            )));
        }
        let cars = top.list("cars")?;
        if cars.len() != s.murcs.len() {
            return Err(bad(format!(
                "cars: {} listed, the race has {}",
                cars.len(),
                s.murcs.len()
            )));
        }
        for (i, v) in cars.iter().enumerate() {
            s.read_car(i, &Obj::new(v, &format!("cars.{}", i + 1))?)?;
        }
        let players = top.list("players")?;
        if players.len() != s.hands.len() {
            return Err(bad(format!(
                "players: {} listed, the game has {} seats",
                players.len(),
                s.hands.len()
            )));
        }
        for (i, v) in players.iter().enumerate() {
            s.read_hand(i, &Obj::new(v, &format!("players.{}", i + 1))?)?;
        }
        let n = Names { s: &s };
        let decks = top.obj("decks")?;
        let mut read_decks: [Vec<u16>; 4] = Default::default();
        for (k, name) in DECKS.iter().enumerate() {
            read_decks[k] = n.cards(&decks, name)?;
        }
        let face_up = n.cards(&top, "face_up")?;
        let speed_deck = n.cards(&top, "speed_deck")?;
        let speed_discard = n.cards(&top, "speed_discard")?;
        let order = n.cars(&top, "order")?;
        let to_qualify = n.cars(&top, "to_qualify")?;
        let dir_queue = n.cars(&top, "directions_due")?;
        let pick_order = top
            .list("pick_order")?
            .iter()
            .map(|v| match v.as_u64() {
                Some(k) if (1..=u64::from(opts.players)).contains(&k) => Ok(k as u8 - 1),
                _ => Err(bad(format!(
                    "pick_order: {v} is no seat (1 to {})",
                    opts.players
                ))),
            })
            .collect::<Result<Vec<u8>, Error>>()?;
        let phase = s.read_phase(&top.obj("phase")?)?;
        let turn = s.read_turn(top.val("moving")?)?;
        s.decks = read_decks;
        s.face_up = face_up;
        s.speed_deck = speed_deck;
        s.speed_discard = speed_discard;
        s.order = order;
        s.to_draw = to_qualify.iter().fold(0u16, |b, &c| b | 1u16 << c);
        s.dir_queue = dir_queue;
        s.pick_order = pick_order;
        s.pick_pos = top.int("picking", 1, i64::from(opts.players))? as u8 - 1;
        s.pick_back = top.get("picking_back")?;
        s.round = top.get("turn")?;
        s.racing = top.get("racing")?;
        s.next = top.get("moved")?;
        s.turn = turn;
        s.phase = phase;
        s.position_cards()?;
        s.position_cars()?;
        s.position_phase()?;
        invariants::check(&s).map_err(bad)?;
        Ok(s)
    }
}
