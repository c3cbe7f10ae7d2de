//! A whole Legend position as JSON (Track races and Stage races), and a state built from one
//! (issue 11 item 7). Cars go by name (a name twice in the race gets its seat: "Alfa Romeo 8C #2"),
//! Damage and Event cards by their content id, stages count from 1; cells are numbered as
//! `Game::board()` numbers them. The Damage and Event decks are counts of each card (each draw is
//! a chance outcome with the deck's odds), so they have no order to keep. `state_from` refuses a
//! car off the road, a needle beyond its Dashboard scale, a card of a deck in two places or none,
//! a phase that cannot be, and what contradicts the car's own card and set-up or the rules
//! (`position_checks.rs`; docs/positions.md).
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::car::{Car, Status};
use super::stage_record::StageRecord;
use super::state::{Activation, LegendState, Phase, Qualifying};
use super::{Legend, GAME_ID};
use crate::error::Error;
use crate::game::Game;

fn bad(why: impl Into<String>) -> Error {
    Error::replay(format!("position: {}", why.into()))
}

fn to_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

fn from_json<T: serde::de::DeserializeOwned>(v: Value, what: &str) -> Result<T, Error> {
    serde_json::from_value(v).map_err(|e| bad(format!("{what}: {e}")))
}

/// Card counts as a list of ids, each repeated as many times as the deck holds it.
fn ids(counts: &[u8], id: impl Fn(usize) -> String) -> Value {
    let mut v = Vec::new();
    for (k, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            v.push(Value::from(id(k)));
        }
    }
    Value::from(v)
}

impl LegendState {
    /// The name a position gives car `i`: its car's name, with its seat when the name is twice
    /// in the race.
    pub fn car_label(&self, i: usize) -> String {
        let c = &self.race.content.cars;
        let name = |k: usize| &c[usize::from(self.race.car_specs[k])].name;
        let twice = (0..self.cars.len()).filter(|&k| name(k) == name(i)).count() > 1;
        if twice {
            format!("{} #{}", name(i), i + 1)
        } else {
            name(i).clone()
        }
    }

    fn label_value(&self, i: u8) -> Value {
        if usize::from(i) < self.cars.len() {
            Value::from(self.car_label(usize::from(i)))
        } else {
            Value::from(i)
        }
    }

    /// The whole position: every car with its Dashboard, the decks, the weather, the round.
    pub fn to_position(&self) -> Value {
        let content = &self.race.content;
        let damage = |k: usize| content.damage[k].id.clone();
        let event = |k: usize| content.events[k].id.clone();
        let labels = |v: &[u8]| -> Vec<Value> { v.iter().map(|&c| self.label_value(c)).collect() };
        let mut phase = to_json(&self.phase);
        if let Some(c) = self.phase_car() {
            phase["car"] = self.label_value(c);
        }
        let mut act = to_json(&self.act);
        act["car"] = self.label_value(self.act.car);
        let cars: Vec<Value> = self
            .cars
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut v = to_json(c);
                if let Some(m) = v.as_object_mut() {
                    m.remove("spec");
                    m.remove("neutral");
                    m.insert("name".to_string(), Value::from(self.car_label(i)));
                }
                v
            })
            .collect();
        let n = self.cars.len();
        let chart: Vec<Value> = self
            .chart
            .chunks(n.max(1))
            .map(|stage| Value::from(stage.iter().map(to_json).collect::<Vec<_>>()))
            .collect();
        json!({
            "game": GAME_ID,
            "phase": phase,
            "round": self.round,
            "order": labels(&self.order),
            "next": self.next,
            "act": act,
            "cars": cars,
            "neutral_row": self.neutral_row,
            "hours": self.hours,
            "rain": self.rain,
            "carry": self.carry,
            "weather_due": self.weather_due,
            "events_due": self.events_due,
            "weather_total": self.weather_total,
            "damage_deck": ids(&self.damage_deck, damage),
            "damage_discard": ids(&self.damage_discard, damage),
            "event_deck": ids(&self.event_deck, event),
            "event_discard": ids(&self.event_discard, event),
            "grid": labels(&self.grid),
            "dice": self.dice,
            "qualifying": to_json(&self.quali),
            "racing": self.racing,
            "bid_pos": self.bid_pos,
            "stage": self.stage + 1,
            "chrono": self.chrono,
            "chart": chart,
            "stage_began": {"round": self.stage_began.0, "chrono": self.stage_began.1},
        })
    }

    /// The car a phase names, if any.
    fn phase_car(&self) -> Option<u8> {
        match self.phase {
            Phase::Split { car }
            | Phase::QualifyingDie { car }
            | Phase::Challenge { car }
            | Phase::ChallengeReply { car, .. }
            | Phase::PriorityBid { car }
            | Phase::PriorityReply { car }
            | Phase::Damage { car }
            | Phase::Pace { car }
            | Phase::EntryLine { car, .. }
            | Phase::Step { car }
            | Phase::ExitLine { car }
            | Phase::Slipstream { car }
            | Phase::TurnSlipstream { car }
            | Phase::Pit { car }
            | Phase::Moving { car } => Some(car),
            Phase::Weather | Phase::Event | Phase::NeutralDie | Phase::Over | Phase::Flow => None,
        }
    }
}

struct Reader<'a> {
    base: &'a LegendState,
    top: &'a Map<String, Value>,
}

impl Reader<'_> {
    fn get(&self, key: &str) -> Result<&Value, Error> {
        self.top
            .get(key)
            .ok_or_else(|| bad(format!("{key}: missing")))
    }

    fn field<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<T, Error> {
        from_json(self.get(key)?.clone(), key)
    }

    fn car(&self, v: &Value, what: &str) -> Result<u8, Error> {
        let name = v
            .as_str()
            .ok_or_else(|| bad(format!("{what}: a car's name")))?;
        (0..self.base.cars.len())
            .find(|&i| self.base.car_label(i) == name)
            .map(|i| i as u8)
            .ok_or_else(|| bad(format!("{what}: no car {name:?} in this race")))
    }

    fn cars(&self, key: &str) -> Result<Vec<u8>, Error> {
        self.get(key)?
            .as_array()
            .ok_or_else(|| bad(format!("{key}: a list of cars")))?
            .iter()
            .map(|v| self.car(v, key))
            .collect()
    }

    /// A deck's or discard pile's ids as counts per card.
    fn counts(&self, key: &str, of: &[String]) -> Result<Vec<u8>, Error> {
        let mut c = alloc::vec![0u8; of.len()];
        for v in self
            .get(key)?
            .as_array()
            .ok_or_else(|| bad(format!("{key}: a list of cards")))?
        {
            let id = v.as_str().unwrap_or("");
            let k = of
                .iter()
                .position(|x| x == id)
                .ok_or_else(|| bad(format!("{key}: no card {v} in this game")))?;
            c[k] = c[k].saturating_add(1);
        }
        Ok(c)
    }
}

/// Each card of a deck once: in the deck or its discards.
fn conserved(
    deck: &[u8],
    discard: &[u8],
    dealt: &[u8],
    ids: &[String],
    what: &str,
) -> Result<(), Error> {
    for k in 0..dealt.len() {
        let n = u16::from(deck[k]) + u16::from(discard[k]);
        if n != u16::from(dealt[k]) {
            return Err(bad(format!(
                "{what} cards: {n} {} in the deck and discards, the game deals {}",
                ids[k], dealt[k]
            )));
        }
    }
    Ok(())
}

impl LegendState {
    /// Checks a car of a position against its Dashboard and the road.
    fn check_car(&self, i: usize) -> Result<(), Error> {
        let c = &self.cars[i];
        let what = format!("cars.{}", self.car_label(i));
        let dash = self.race.dash();
        let track = self.track();
        if c.cell.lane >= track.lanes || c.cell.row >= track.len() {
            return Err(bad(format!(
                "{what}.cell: row {} lane {} is off the road ({} rows, {} lanes)",
                c.cell.row,
                c.cell.lane,
                track.len(),
                track.lanes
            )));
        }
        let needle = |name: &str, v: i16, lo: i16, hi: i16| -> Result<(), Error> {
            if v < lo || v > hi {
                return Err(bad(format!(
                    "{what}.{name}: {v} is beyond the Dashboard's {lo} to {hi}"
                )));
            }
            Ok(())
        };
        let reliability = i16::from(self.race.spec(i).reliability);
        needle(
            "speed",
            c.speed.into(),
            0,
            i16::from(dash.tachometer_max) + 1,
        )?;
        needle(
            "temperature",
            c.temperature.into(),
            0,
            dash.temperature_max.into(),
        )?;
        needle("engine_max", c.engine_max.into(), 0, reliability)?;
        needle("brakes_max", c.brakes_max.into(), 0, reliability)?;
        needle("engine", c.engine.into(), 0, c.engine_max.into())?;
        needle("brakes", c.brakes.into(), 0, c.brakes_max.into())?;
        needle("tires", c.tires.into(), -1, dash.tires_max.into())?;
        if self.racing && c.status == Status::Racing {
            if let Some(j) = (0..i)
                .find(|&j| self.cars[j].status == Status::Racing && self.cars[j].cell == c.cell)
            {
                return Err(bad(format!(
                    "{what}.cell: {} is on the same space",
                    self.car_label(j)
                )));
            }
        }
        Ok(())
    }

    fn check_phase(&self) -> Result<(), Error> {
        match self.phase {
            Phase::Flow | Phase::Moving { .. } => {
                return Err(bad(
                    "phase.at: flow and moving are steps inside an action, never a position",
                ))
            }
            _ => {}
        }
        if let Some(c) = self.phase_car() {
            if usize::from(c) >= self.cars.len() {
                return Err(bad("phase.car: no such car"));
            }
            let car = &self.cars[usize::from(c)];
            if self.phase.seat().is_some()
                && matches!(car.status, Status::Retired | Status::Finished)
            {
                return Err(bad(format!(
                    "phase: {} is out of the race and takes no decision",
                    self.car_label(usize::from(c))
                )));
            }
        }
        if usize::from(self.next) > self.order.len() {
            return Err(bad(format!(
                "next: {} past the {} cars of the order",
                self.next,
                self.order.len()
            )));
        }
        Ok(())
    }
}

impl Legend {
    /// The state `position` describes in this race (its content and options), or the field and
    /// the rule it breaks.
    pub fn from_position(&self, position: &Value) -> Result<LegendState, Error> {
        let top = position.as_object().ok_or_else(|| bad("not an object"))?;
        if top.get("game").and_then(Value::as_str) != Some(GAME_ID) {
            return Err(bad("game: this position is not of Legend"));
        }
        let base = self.new_initial_state();
        let r = Reader { base: &base, top };
        let mut s = base.clone();
        let n = s.cars.len();
        let content = s.race.content.clone();
        // Cars: in seat order, each named.
        let cars = r
            .get("cars")?
            .as_array()
            .ok_or_else(|| bad("cars: a list"))?;
        if cars.len() != n {
            return Err(bad(format!(
                "cars: {} listed, the race has {n}",
                cars.len()
            )));
        }
        for (i, v) in cars.iter().enumerate() {
            let mut m = v
                .as_object()
                .cloned()
                .ok_or_else(|| bad(format!("cars.{}: an object", i + 1)))?;
            let name = m.remove("name").unwrap_or(Value::Null);
            let label = base.car_label(i);
            if name.as_str() != Some(label.as_str()) {
                return Err(bad(format!(
                    "cars.{}.name: the race's car {} is {label}, not {name}",
                    i + 1,
                    i + 1
                )));
            }
            m.insert("spec".to_string(), Value::from(base.cars[i].spec));
            m.insert("neutral".to_string(), Value::from(base.cars[i].neutral));
            s.cars[i] = from_json::<Car>(Value::Object(m), &format!("cars.{label}"))?;
        }
        s.stage = r.field::<u8>("stage")?.wrapping_sub(1);
        let stages = s.race.stages().max(1);
        if s.stage >= stages {
            return Err(bad(format!("stage: 1 to {stages}")));
        }
        s.round = r.field("round")?;
        s.order = r.cars("order")?;
        s.next = r.field("next")?;
        let mut act = r.get("act")?.clone();
        act["car"] = Value::from(r.car(&act["car"], "act.car")?);
        s.act = from_json::<Activation>(act, "act")?;
        s.neutral_row = r.field("neutral_row")?;
        s.hours = r.field("hours")?;
        s.rain = r.field("rain")?;
        if s.rain > 2 {
            return Err(bad("rain: 0 clear, 1 light or 2 heavy"));
        }
        s.carry = r.field("carry")?;
        s.weather_due = r.field("weather_due")?;
        s.events_due = r.field("events_due")?;
        s.weather_total = r.field("weather_total")?;
        let damage_ids: Vec<String> = content.damage.iter().map(|d| d.id.clone()).collect();
        let event_ids: Vec<String> = content.events.iter().map(|e| e.id.clone()).collect();
        s.damage_deck = r.counts("damage_deck", &damage_ids)?;
        s.damage_discard = r.counts("damage_discard", &damage_ids)?;
        s.event_deck = r.counts("event_deck", &event_ids)?;
        s.event_discard = r.counts("event_discard", &event_ids)?;
        conserved(
            &s.damage_deck,
            &s.damage_discard,
            &s.race.damage_counts,
            &damage_ids,
            "Damage",
        )?;
        conserved(
            &s.event_deck,
            &s.event_discard,
            &s.race.event_counts,
            &event_ids,
            "Event",
        )?;
        s.grid = r.cars("grid")?;
        let mut sorted = s.grid.clone();
        sorted.sort_unstable();
        if sorted != (0..n as u8).collect::<Vec<_>>() {
            return Err(bad("grid: every car once"));
        }
        s.dice = r.field("dice")?;
        if s.dice.len() != n {
            return Err(bad(format!("dice: one per car, {n}")));
        }
        s.quali = from_json::<Qualifying>(r.get("qualifying")?.clone(), "qualifying")?;
        s.racing = r.field("racing")?;
        s.bid_pos = r.field("bid_pos")?;
        s.chrono = r.field("chrono")?;
        let chart: Vec<Vec<StageRecord>> = r.field("chart")?;
        let records: usize = chart.iter().map(Vec::len).sum();
        if records != s.chart.len() || chart.iter().any(|st| st.len() != n) {
            return Err(bad(format!(
                "chart: {} stages of {n} cars",
                s.race.stages()
            )));
        }
        s.chart = chart.into_iter().flatten().collect();
        let began = r.get("stage_began")?;
        s.stage_began = (
            from_json(began["round"].clone(), "stage_began.round")?,
            from_json(began["chrono"].clone(), "stage_began.chrono")?,
        );
        let mut phase = r.get("phase")?.clone();
        if let Some(c) = phase.get("car").cloned() {
            phase["car"] = Value::from(r.car(&c, "phase.car")?);
        }
        s.phase = from_json::<Phase>(phase, "phase")?;
        for i in 0..n {
            s.check_car(i)?;
            s.check_car_rules(&base, i)?;
        }
        s.check_phase()?;
        s.check_activation()?;
        s.check_flow()?;
        super::invariants::check(&s).map_err(bad)?;
        Ok(s)
    }
}
