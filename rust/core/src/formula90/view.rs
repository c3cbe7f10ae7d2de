//! What one seat may see: its own hand and sealed choices, every chart on the table, the track
//! with the cars in order, the activation order, a duel until and after its reveal. Bots read
//! only this (through `SeatView`); `view()` and `observation_tensor()` are built from it.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::car::{Driver, Status, NO_CARD};
use super::cards::{Card, CardId, CardSet, Colour, Flag, MAX_CARDS};
use super::options::MAX_CARS;
use super::rules::{Skill, Strategy};
use super::state::{F90State, Phase};
use super::track::Kind;

/// A card's face, as printed.
pub fn card_face(race: &super::race::RaceDef, id: CardId) -> Value {
    if id == NO_CARD {
        return Value::Null;
    }
    let c: &Card = race.card(id);
    let mut v = json!({
        "name": race.card_name(id),
        "colour": c.colour.name(),
        "mp": c.mp,
        "cf": c.cf,
        "tyres": c.tyres,
        "wear": c.wear,
        "discard": c.discard,
        "draw": c.draw,
    });
    if let Some(t) = c.test {
        v["test"] = json!({"blind": t.blind, "modifier": t.modifier});
    }
    if let Some(f) = c.flag {
        v["flag"] = Value::from(f.name());
    }
    if c.weather {
        v["weather"] = Value::Bool(true);
    }
    if c.is_track() {
        v["corner"] = Value::from(c.corner);
        v["corner_name"] = Value::from(
            race.track()
                .sections
                .iter()
                .find(|s| s.corner == c.corner)
                .map_or_else(String::new, |s| s.name.clone()),
        );
    }
    v
}

fn faces(race: &super::race::RaceDef, s: CardSet) -> Vec<Value> {
    s.iter().map(|id| card_face(race, id)).collect()
}

#[derive(Debug, Clone, Copy)]
pub struct SeatView<'a> {
    pub seat: Option<usize>,
    pub s: &'a F90State,
}

impl<'a> SeatView<'a> {
    pub fn new(s: &'a F90State, seat: Option<usize>) -> Self {
        SeatView { seat, s }
    }

    fn mine(&self, car: u8) -> bool {
        self.seat == Some(usize::from(car)) && usize::from(car) < self.s.race.humans()
    }

    /// This seat's hand (empty for a spectator).
    pub fn hand(&self) -> CardSet {
        self.seat
            .filter(|&x| x < self.s.race.humans())
            .map_or(CardSet::EMPTY, |x| self.s.cars[x].hand)
    }

    pub fn state(&self) -> &F90State {
        self.s
    }

    fn car_json(&self, car: u8, places: &[u32]) -> Value {
        let s = self.s;
        let c = s.car(car);
        let race = &s.race;
        let status = match c.status {
            Status::Racing => "racing",
            Status::OffTrack { .. } => "off track",
            Status::Retired { .. } => "retired",
        };
        let driver = match c.driver {
            Driver::Human { .. } => "player",
            Driver::Robot(t) => race.content.robots.types[t as usize].name.as_str(),
        };
        let mut v = json!({
            "name": race.names[usize::from(car)],
            "colour": race.colours[usize::from(car)],
            "driver": driver,
            "place": places[usize::from(car)] + 1,
            "lap": c.lap,
            "laps_down": if c.retired() { 0 } else { s.laps_down(car) },
            "section": c.section + 1,
            "section_kind": race.track().sections[usize::from(c.section)].kind.name(),
            "section_name": race.track().section_own_name(c.section),
            "status": status,
            "played": c.played,
            "no_move": c.no_move,
            "just_pit": c.just_pit,
            "trajectory": super::position::trajectory_value(c.trajectory),
            // Extreme Trajectories: standing on the section's ET spot; in its recovery chart
            // now (the car lost control on it this turn and plays on after the chart).
            "on_extreme": s.on_extreme(car),
            "extreme_recovering": s.it.et_recovery && s.it.car == car,
            "time_loss": c.time_loss,
            "forced_pit": c.forced_pit,
            "must_pit": c.must_pit,
            "qualifying": c.qualifying,
        });
        if let Status::OffTrack { reentry } = c.status {
            v["reentry"] = Value::from(reentry + 1);
        }
        if let Some(seat) = c.seat() {
            v["seat"] = Value::from(seat);
            v["tyres"] = Value::from(c.tyres);
            v["wear"] = json!({"red": c.red, "brown": c.brown, "slots": c.chart.wear_slots});
            v["hand_size"] = Value::from(c.hand.len());
            v["hand_limit"] = Value::from(c.chart.hand);
            v["target"] = card_face(race, c.target);
            v["strategy"] = Value::from(c.strategy.name());
            v["skill"] = c.skill.map_or(Value::Null, |k| Value::from(k.name()));
            // The skill chit turned 90 degrees: used until the next pit stop.
            v["skill_used"] = Value::from(c.skill_used);
            if c.skill == Some(super::rules::Skill::SixthSense) {
                // The flag tokens it still holds until the next pit stop.
                let left: Vec<&str> = s.sixth_left(car).iter().map(|f| f.name()).collect();
                v["sixth_sense_flags"] = Value::from(left);
            }
            if c.chasing != super::car::NO_CAR {
                v["chasing"] = Value::from(race.names[usize::from(c.chasing)].as_str());
            }
            // A chased car's movement cards lie face up for its chasers.
            v["reserved"] = Value::from(faces(race, c.reserved));
            if s.flags_on() {
                v["blue_flag"] = Value::from(c.blue_flag);
                v["orange_flag"] = Value::from(s.orange == car);
            }
            if s.weather_on() {
                v["tyre"] = Value::from(c.tyre.name());
                v["blue_tokens"] = Value::from(c.blue);
                v["soft_sets"] = Value::from(c.soft_sets);
                v["tyre_loss"] = Value::from(s.tyre_loss(car));
            }
            v["fuel"] = if fuel_revealed(s) || self.mine(car) {
                Value::from(c.fuel)
            } else {
                Value::Null
            };
            self.frozen_json(car, &mut v);
            if c.qualify_card != NO_CARD {
                v["qualify_card"] = if self.mine(car) {
                    card_face(race, c.qualify_card)
                } else {
                    Value::from("sealed")
                };
            }
        } else {
            v["robot_refuelled"] = Value::from(c.refuelled);
            self.frozen_json(car, &mut v);
        }
        v
    }

    /// A car's duel cards on the table: `frozen` the face-up ones (played in a duel already
    /// revealed this turn: public), `sealed` how many lie face down in the duel under way (the
    /// count is public, the faces are not), and to the car's own seat `sealed_cards`, their faces.
    fn frozen_json(&self, car: u8, v: &mut Value) {
        let s = self.s;
        let down = s.sealed_of(car);
        v["frozen"] = Value::from(faces(&s.race, s.car(car).frozen.minus(down)));
        v["sealed"] = Value::from(down.len());
        if self.mine(car) {
            v["sealed_cards"] = Value::from(faces(&s.race, down));
        }
    }

    pub fn to_json(&self) -> Value {
        let s = self.s;
        let race = &s.race;
        let track = race.track();
        let places = s.places();
        let cars: Vec<Value> = (0..s.n).map(|c| self.car_json(c, &places)).collect();
        let (scan, n) = s.scan_order();
        let sections: Vec<Value> = (0..track.sections.len())
            .map(|i| self.section_json(i, &scan[..n]))
            .collect();
        let leader = s.leader();
        let activation: Vec<Value> = if s.turn > 0 {
            let start = leader
                .and_then(|l| scan[..n].iter().position(|&c| c == l))
                .unwrap_or(0);
            (0..n)
                .map(|k| scan[(start + k) % n])
                .map(|c| json!({"car": race.names[usize::from(c)], "played": s.car(c).played}))
                .collect()
        } else {
            Vec::new()
        };
        let mut v = json!({
            "game": super::GAME_ID,
            "track": track.name,
            "turn": s.turn,
            "turns": race.turns,
            "race_stage": track.stages.iter().filter(|&&t| t <= s.turn).count(),
            "phase": s.phase_name(),
            "to_move": self.mover(),
            "leader": leader.map(|l| race.names[usize::from(l)].clone()),
            "race_deck": s.race_deck.len(),
            "race_discard": s.race_discard.len(),
            "track_deck": s.track_deck.len(),
            "track_discard": s.track_discard.len(),
            "wear_bag": {"red": s.bag[0], "brown": s.bag[1]},
            "over": s.phase == Phase::GameOver,
        });
        v["cars"] = Value::Array(cars);
        v["sections"] = Value::Array(sections);
        v["activation"] = Value::Array(activation);
        if weather_shown(s) {
            let table: Vec<Value> = track
                .weather
                .iter()
                .map(|w| json!({"cf": [w.lo, w.hi], "sky": w.sky.name()}))
                .collect();
            let mut w = json!({"space": s.weather + 1, "sky": s.sky().name(),
                "robot_tyres": s.robot_tyres.name(), "rain_test": if s.sky() == super::weather::Sky::Rain { super::weather::RAIN_TEST } else { 0 }});
            w["table"] = Value::Array(table);
            v["weather"] = w;
        }
        if s.safety_car_on() {
            v["safety_car"] = s.safety_car_json();
        }
        if let Some(seat) = self.seat.filter(|&x| x < race.humans()) {
            v["seat"] = Value::from(seat);
            v["hand"] = Value::from(faces(race, s.cars[seat].hand));
        }
        if matches!(
            s.phase,
            Phase::Challenge { .. } | Phase::Join { .. } | Phase::DuelCards { .. }
        ) || (s.duel.len > 0
            && matches!(
                s.phase,
                Phase::DrawRace {
                    then: super::state::Then::DuelRobot,
                    ..
                } | Phase::Wear {
                    then: super::state::Then::DuelTie,
                    ..
                }
            ))
        {
            v["duel"] = self.duel_json();
        }
        let it = &s.it;
        if !it.in_play.is_empty()
            || matches!(
                s.phase,
                Phase::Tests { .. }
                    | Phase::PayTyres { .. }
                    | Phase::PayDiscard { .. }
                    | Phase::Check { .. }
                    | Phase::LateBrake { .. }
                    | Phase::Trajectory { .. }
            )
        {
            v["current"] = json!({
                "car": race.names.get(usize::from(it.car)),
                "cards": it.cards.iter().filter(|&&c| c != NO_CARD).map(|&c| card_face(race, c)).collect::<Vec<_>>(),
                "trajectory": it.trajectory,
                "mp": it.mp,
                "tyres_to_pay": it.tyres_due,
                "discards_to_pay": it.discard_due,
                "checks": it.tests.iter().enumerate().filter_map(|(j, t)| t.map(|t| json!({
                    "card": race.card_name(it.cards[j]), "blind": t.blind, "modifier": t.modifier,
                    "target": s.check_target(it.car, t.modifier) + s.conditions_modifier(it.car, super::state::Check::Card(j as u8))}))).collect::<Vec<_>>(),
            });
        }
        if s.phase == Phase::GameOver {
            let order: Vec<Value> = (0..s.n)
                .map(|c| (places[usize::from(c)], c))
                .collect::<alloc::collections::BTreeSet<_>>()
                .into_iter()
                .map(|(p, c)| json!({"place": p + 1, "car": race.names[usize::from(c)], "status": if s.car(c).retired() { "retired" } else { "finished" }}))
                .collect();
            v["results"] = Value::from(order);
        }
        v
    }

    /// One section of the track: its kind, names, cars, trajectories, flags, the Safety Car.
    fn section_json(&self, i: usize, scan: &[u8]) -> Value {
        let s = self.s;
        let race = &s.race;
        let track = race.track();
        let sec = &track.sections[i];
        let here: Vec<Value> = scan
            .iter()
            .filter(|&&c| usize::from(s.car(c).section) == i)
            .map(|&c| Value::from(race.names[usize::from(c)].as_str()))
            .collect();
        let taken: Vec<Value> = (0..sec.trajectories.len())
            .map(|t| {
                s.section_cars(i as u8)
                    .find(|&c| s.car(c).trajectory == Some(t as u8))
                    .map_or(Value::Null, |c| {
                        Value::from(race.names[usize::from(c)].as_str())
                    })
            })
            .collect();
        let trajectories: Vec<Value> = sec.trajectories.iter().zip(taken).map(|(t, by)| {
            let mut v = json!({
                "colours": Colour::ALL.iter().filter(|c| t.matches(**c)).map(|c| c.name()).collect::<Vec<_>>(),
                "bonus": t.bonus, "tyres": t.costs.tyres, "wear": t.costs.wear, "discard": t.costs.discard,
            });
            v["taken_by"] = by;
            v
        }).collect();
        let extreme = s.extreme_in(i as u8).map_or(Value::Null, |e| {
            let mut v = json!({
                "colours": Colour::ALL.iter().filter(|c| e.colours & c.bit() != 0).map(|c| c.name()).collect::<Vec<_>>(),
                "bonus": e.bonus, "modifier": e.modifier,
            });
            v["taken_by"] = s.section_cars(i as u8)
                .find(|&c| s.car(c).trajectory == Some(super::extreme::ET_SPOT))
                .map_or(Value::Null, |c| Value::from(race.names[usize::from(c)].as_str()));
            v
        });
        let mut v = json!({
            "number": i + 1,
            "kind": sec.kind.name(),
            "name": track.section_own_name(i as u8),
            "corner": sec.corner,
            "duel": sec.duel,
            "late_brake": sec.late_brake.map(|l| l.modifier),
            // The yellow flag: how many cars of the section stand ahead of it.
            "yellow_flag": s.yellow_at(i as u8),
            // A crash at this section's late brake or Extreme Trajectory may call the
            // Safety Car; it stands here while out.
            "safety_car_point": super::safety_car::safety_car_point(track, i as u8),
            "safety_car": s.sc.out && usize::from(s.sc.section) == i,
        });
        // Built values are moved in: `json!` would copy each through serde.
        v["cars"] = Value::Array(here);
        v["trajectories"] = Value::Array(trajectories);
        v["extreme"] = extreme;
        v
    }

    fn mover(&self) -> Value {
        match self.s.current_player() {
            crate::game::Player::Seat(x) => Value::from(self.s.race.names[usize::from(x)].as_str()),
            _ => Value::Null,
        }
    }

    fn duel_json(&self) -> Value {
        let s = self.s;
        let d = &s.duel;
        let race = &s.race;
        let members: Vec<Value> = (0..d.len)
            .map(|i| {
                let car = d.members[usize::from(i)];
                // Its own total once it has laid its cards (before, there is none yet).
                let laid = d.joined >> i & 1 == 1 && !s.sealed_of(car).is_empty();
                json!({
                    "car": race.names[usize::from(car)],
                    "challenger": d.challenger == Some(i),
                    "joined": d.joined >> i & 1 == 1,
                    "declined": d.declined >> i & 1 == 1,
                    "total": if d.revealed || (laid && self.mine(car)) { Value::from(d.sums[usize::from(i)]) } else { Value::Null },
                })
            })
            .collect();
        let track = race.track();
        json!({"section": d.section + 1, "kind": track.sections[usize::from(d.section)].kind.name(),
               "name": track.section_own_name(d.section), "members": members, "revealed": d.revealed})
    }

    /// The observation tensor: fixed length, floats in about [-1, 1].
    pub fn observation(&self, out: &mut [f32]) {
        for x in out.iter_mut() {
            *x = 0.0;
        }
        let s = self.s;
        let mut w = Writer { out, at: 0 };
        w.put(f32::from(s.turn) / f32::from(s.race.turns.max(1)));
        w.put(f32::from(
            self.s.current_player() == crate::game::Player::Seat(self.seat.unwrap_or(99) as u8),
        ));
        w.one_hot(phase_index(s.phase), PHASES);
        let me = self.seat.map(|x| x as u8);
        let places = s.places();
        let len = s.race.track().len() as f32;
        let my_lap = me.map_or(0, |m| s.car(m).lap);
        for c in 0..MAX_CARS as u8 {
            if c >= s.n {
                w.skip(CAR_FEATURES);
                continue;
            }
            let car = s.car(c);
            w.put(1.0);
            w.put(f32::from(Some(c) == me));
            w.one_hot(
                match car.driver {
                    Driver::Human { .. } => 0,
                    Driver::Robot(t) => 1 + t as usize,
                },
                4,
            );
            w.put(f32::from((car.lap - my_lap).clamp(-3, 3)) / 3.0);
            w.put(f32::from(car.section) / len);
            w.put(places[usize::from(c)] as f32 / MAX_CARS as f32);
            w.put(f32::from(car.played));
            w.put(f32::from(car.no_move));
            w.put(f32::from(car.off_track()));
            w.put(f32::from(car.retired()));
            w.put(f32::from(car.tyres) / 20.0);
            w.put(f32::from(car.red) / 10.0);
            w.put(f32::from(car.brown) / 10.0);
            w.put(car.hand.len() as f32 / 15.0);
            w.put(if car.target == NO_CARD {
                0.0
            } else {
                f32::from(s.race.card(car.target).cf) / 99.0
            });
            w.one_hot(car.strategy as usize, Strategy::ALL.len());
            // Sealed until the qualifying reveal, but to its own seat.
            let fuel = fuel_revealed(s) || self.mine(c);
            w.put(if fuel {
                f32::from(car.fuel) / 40.0
            } else {
                0.0
            });
            w.put(f32::from(car.trajectory.is_some()));
            w.put(f32::from(car.time_loss) / 5.0);
            let kind = s.race.track().kind(car.section);
            w.one_hot(
                match kind {
                    Kind::Straight => 0,
                    Kind::Braking => 1,
                    Kind::Corner => 2,
                },
                3,
            );
        }
        let hand = self.hand();
        for id in 0..MAX_CARDS as u8 {
            w.put(f32::from(hand.contains(id)));
        }
        for j in 0..2 {
            let id = s.it.cards[j];
            w.put(if id == NO_CARD {
                0.0
            } else {
                f32::from(s.race.card(id).mp) / 6.0
            });
        }
        w.put(f32::from(s.it.mp) / 10.0);
        self.modules(&mut w);
        self.duel_cards(&mut w);
    }

    /// The duel cards on the table, after the modules (docs/rules/formula90.md, "Observation
    /// tensor"): the seat's own frozen cards (face down or up, it knows them), the other cars'
    /// face-up ones, and how many each car has face down in the duel under way.
    fn duel_cards(&self, w: &mut Writer<'_>) {
        let s = self.s;
        let down = s.face_down();
        let (mut own, mut up) = (CardSet::EMPTY, CardSet::EMPTY);
        for c in 0..s.n {
            let frozen = s.car(c).frozen;
            if self.mine(c) {
                own = frozen;
            } else {
                up = up.union(frozen.minus(down));
            }
        }
        for set in [own, up] {
            for id in 0..MAX_CARDS as u8 {
                w.put(f32::from(set.contains(id)));
            }
        }
        for c in 0..MAX_CARS as u8 {
            w.put(if c < s.n {
                s.sealed_of(c).len() as f32 / 2.0
            } else {
                0.0
            });
        }
    }

    /// The advanced modules' public facts, after the basic layout (docs/rules/formula90.md,
    /// "Observation tensor"): the table's, then each player car's.
    fn modules(&self, w: &mut Writer<'_>) {
        use super::weather::{Sky, Tyre};
        let s = self.s;
        let track = s.race.track();
        let len = track.len() as f32;
        w.put(f32::from(s.flags_on()));
        w.put(f32::from(s.weather_on()));
        w.put(f32::from(s.safety_car_on()));
        w.put(f32::from(s.sc.out));
        w.put(if s.sc.out {
            f32::from(s.sc.section) / len
        } else {
            0.0
        });
        w.put(f32::from(s.sc.window));
        w.put(f32::from(s.sc.restart));
        w.put(f32::from(s.restart_next()));
        if weather_shown(s) {
            w.put(1.0);
            w.put(f32::from(s.weather) / track.weather.len().max(1) as f32);
            let sky = s.sky();
            w.one_hot(
                [Sky::Dry, Sky::Drizzle, Sky::Rain]
                    .iter()
                    .position(|&k| k == sky)
                    .unwrap_or(0),
                3,
            );
            w.one_hot(tyre_index(s.robot_tyres), Tyre::ALL.len());
        } else {
            w.skip(WEATHER_FEATURES);
        }
        for c in 0..MAX_CARS as u8 {
            if c >= s.n || s.car(c).seat().is_none() {
                w.skip(MODULE_CAR_FEATURES);
                continue;
            }
            let car = s.car(c);
            w.one_hot(
                car.skill
                    .and_then(|k| Skill::ALL.iter().position(|&x| x == k))
                    .map_or(0, |i| i + 1),
                Skill::ALL.len() + 1,
            );
            w.put(f32::from(car.skill_used));
            let left = s.sixth_left(c);
            for f in [Flag::Yellow, Flag::Green, Flag::Blue] {
                w.put(f32::from(left.contains(&f)));
            }
            w.put(f32::from(s.flags_on() && car.blue_flag));
            w.put(f32::from(s.flags_on() && s.orange == c));
            // The yellow flag of its section: how many of the section's cars stand ahead of it.
            let yellow = s.yellow_at(car.section);
            w.put(f32::from(yellow.is_some()));
            w.put(f32::from(yellow.unwrap_or(0)) / MAX_CARS as f32);
            w.put(f32::from(s.on_extreme(c)));
            w.put(f32::from(s.it.et_recovery && s.it.car == c));
            if s.weather_on() {
                w.one_hot(tyre_index(car.tyre), Tyre::ALL.len());
                w.put(f32::from(car.blue) / 6.0);
                w.put(f32::from(car.soft_sets) / 2.0);
                w.put(f32::from(s.tyre_loss(c)) / 3.0);
            } else {
                w.skip(Tyre::ALL.len() + 3);
            }
            w.put(f32::from(car.forced_pit));
            w.put(f32::from(car.must_pit));
            w.put(f32::from(car.just_pit));
        }
    }
}

/// The refuel chits lie sealed while the cars qualify, on the Turn track from then on.
fn fuel_revealed(s: &F90State) -> bool {
    s.turn > 0
        || !matches!(
            s.phase,
            Phase::QualifyCard { .. } | Phase::QualifyFuel { .. }
        )
}

/// The weather is on the table once its card is drawn.
fn weather_shown(s: &F90State) -> bool {
    s.weather_on()
        && (s.turn > 0
            || matches!(
                s.phase,
                Phase::Strategy { .. }
                    | Phase::StartTyres { .. }
                    | Phase::RobotTyres
                    | Phase::DrawTrack { .. }
            ))
}

fn tyre_index(t: super::weather::Tyre) -> usize {
    super::weather::Tyre::ALL
        .iter()
        .position(|&x| x == t)
        .unwrap_or(0)
}

const PHASES: usize = 36;
const CAR_FEATURES: usize = 2 + 4 + 12 + 9 + 3 + 3;

/// Weather: shown, the pawn's space, the sky (3), the robots' tyres (4).
const WEATHER_FEATURES: usize = 2 + 3 + 4;
/// Modules on (flags, weather, Safety Car) and the Safety Car (out, section, pit window,
/// restart, restart next turn), then the weather.
const MODULE_FEATURES: usize = 3 + 5 + WEATHER_FEATURES;
/// Skill (none or one of 10) and its chit, Sixth Sense tokens (3), blue and orange flags, the
/// yellow flag of its section (2), Extreme Trajectory (2), tyres (4 + 3), pit calls (3).
const MODULE_CAR_FEATURES: usize = 11 + 1 + 3 + 2 + 2 + 2 + 7 + 3;

/// The seat's own frozen cards, the others' face-up frozen cards, each car's face-down count.
const DUEL_FEATURES: usize = 2 * MAX_CARDS + MAX_CARS;

pub fn observation_len() -> usize {
    2 + PHASES
        + MAX_CARS * CAR_FEATURES
        + MAX_CARDS
        + 3
        + MODULE_FEATURES
        + MAX_CARS * MODULE_CAR_FEATURES
        + DUEL_FEATURES
}

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::DrawRace { .. } => 0,
        Phase::DrawTrack { .. } => 1,
        Phase::Blind { .. } => 2,
        Phase::Wear { .. } => 3,
        Phase::RobotChit { .. } => 4,
        Phase::GridTie { .. } => 5,
        Phase::QualifyCard { .. } => 6,
        Phase::QualifyFuel { .. } => 7,
        Phase::Strategy { .. } => 8,
        Phase::Declare { .. } => 9,
        Phase::PitDiscard { .. } => 10,
        Phase::PitTyres { .. } => 11,
        Phase::LuckyDiscard { .. } => 12,
        Phase::Play { .. } => 13,
        Phase::PayTyres { .. } => 14,
        Phase::PayDiscard { .. } => 15,
        // An ET's test is one of D.2's checks; the orange flag's robot one of the flags'.
        Phase::Tests { .. } | Phase::Extreme { .. } => 16,
        Phase::Check { .. } => 17,
        Phase::LateBrake { .. } => 18,
        Phase::Trajectory { .. } => 19,
        Phase::RecoveryDiscard { .. } => 20,
        Phase::Challenge { .. } => 21,
        Phase::Join { .. } => 22,
        Phase::DuelCards { .. } => 23,
        Phase::GameOver => 24,
        Phase::WeatherCard => 25,
        Phase::RobotTyres => 26,
        Phase::StartTyres { .. } => 27,
        Phase::WeatherIcon { .. } => 28,
        Phase::BlueToken { .. } => 29,
        Phase::YellowFlag { .. }
        | Phase::GreenFlag { .. }
        | Phase::OrangeFlag { .. }
        | Phase::OrangeExtreme { .. } => 30,
        Phase::DrawChoice { .. } => 31,
        Phase::Skill { .. } => 32,
        Phase::Setup { .. } => 33,
        Phase::SpareCar { .. } => 34,
        Phase::WiseDiscard { .. } => 35,
        // The Safety Car's decisions share the indices of their kind (phase A, a discard): the
        // observation's length stays; the Safety Car's state is in the view.
        Phase::SafetyCarPit { .. } => 9,
        Phase::SafetyCarDiscard { .. } => 12,
    }
}

struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, x: f32) {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = x;
        }
        self.at += 1;
    }
    fn skip(&mut self, n: usize) {
        self.at += n;
    }
    fn one_hot(&mut self, i: usize, n: usize) {
        for k in 0..n {
            self.put(f32::from(k == i));
        }
    }
}

/// A seat's short status line for logs ("Blue: section 12, lap 3, 6 cards").
pub fn summary(s: &F90State, car: u8) -> String {
    let c = s.car(car);
    format!(
        "{}: {} lap {}",
        s.race.names[usize::from(car)],
        s.race.track().section_name(c.section),
        c.lap
    )
}
