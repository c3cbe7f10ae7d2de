//! A car's Dashboard: needles, limiters, Turn pins, switches and spare parts, and the wear rules
//! that move them ("Dealing with Technical Issues").
use super::content::{CarSpec, Dashboard};
use crate::grid::Cell;
use serde::{Deserialize, Serialize};

/// The six spare parts the book names, in the order of the pit actions.
pub const SPARE_PARTS: [&str; 6] = [
    "Acqua Refrigerante Galetti",
    "Candele Folgore",
    "Impianti Frenanti König",
    "Sutherland Tires",
    "Kraftvolt Batterien",
    "Luxor",
];
/// The same parts as references name them (moves and events: `{"id", "name"}`).
pub const SPARE_PART_IDS: [&str; 6] =
    ["coolant", "plugs", "brake_kit", "tires", "battery", "bulbs"];
pub const COOLANT: u8 = 0;
pub const PLUGS: u8 = 1;
pub const BRAKE_KIT: u8 = 2;
pub const TIRES: u8 = 3;
pub const BATTERY: u8 = 4;
pub const BULBS: u8 = 5;

/// Tire treads of the optional Car Setup rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tread {
    #[default]
    Standard,
    Wet,
    Hard,
}

/// The optional Car Setup cards ("Car Setup (Optional)"): 0 / Standard is a card not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// +1 long gears (T +1, Acceleration -1), -1 short gears.
    pub gears: i8,
    /// +1 stiff suspension (D, E +1; A, B -1), -1 soft.
    pub suspension: i8,
    /// +1 forward bias (Braking +1, +1 Tire damage a round), -1 rear bias.
    pub brake_bias: i8,
    pub tread: Tread,
    /// Rich mixture: Acceleration +1, +1 Temperature a round whenever it rises.
    pub rich: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Racing,
    /// Off the road this round (stopped to cool, or in the pit); standing start next round.
    OffRoad,
    /// Over the finish line: a Track race, or a Stage race's final stage.
    Finished,
    Retired,
    /// Stage races: not yet started on this stage (off the road until its start time).
    Waiting,
    /// Stage races: over this stage's line, off the road until the next stage starts.
    Parked,
}

/// One car's state during a race. `tires` below 0 is the flat-tire red zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Car {
    pub spec: u8,
    pub neutral: bool,
    pub cell: Cell,
    /// Rows travelled from row 0 of the first lap (negative on the grid).
    pub progress: i32,
    pub speed: u8,
    pub temperature: u8,
    pub engine: u8,
    pub brakes: u8,
    pub engine_max: u8,
    pub brakes_max: u8,
    pub tires: i8,
    pub battery_ok: bool,
    pub headlights_ok: bool,
    pub spares: [u8; 6],
    pub status: Status,
    /// Committed to the best line of the turn it is in.
    pub best_line: bool,
    /// The entry line (as the turn index) whose braking decision was already taken.
    pub entry_done: Option<u8>,
    /// The exit line (as the turn index) where powering out was already decided.
    pub exit_done: Option<u8>,
    /// Damage cards still to draw.
    pub damage_due: u8,
    /// Neutral Cars: rounds still to stop (damage, pit).
    pub stop_rounds: u8,
    pub finish: Option<(u16, i32, u8)>,
    pub crashes: u8,
    pub setup: Setup,
    /// Rain steps now (the weather, as the tires feel it).
    pub rain: u8,
    /// Tire points lost and whether the Temperature rose this round (for the set-up cards).
    pub tire_loss_round: u8,
    pub heated_round: bool,
    /// Stage races: the start after a Check Point, where a spare part may be taken.
    pub spare_offer: bool,
    /// Neutral Cars: stops for damage (their damage score in the Historical points).
    pub damage_stops: u8,
}

/// Limiters as they stand now, after wear and slopes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub top_speed: u8,
    pub acceleration: u8,
    pub braking: u8,
    pub emergency_braking: bool,
}

impl Car {
    pub fn new(spec_index: u8, spec: &CarSpec, dash: &Dashboard, neutral: bool) -> Car {
        let engine = spec.reliability.div_ceil(2);
        Car {
            spec: spec_index,
            neutral,
            cell: Cell::default(),
            progress: 0,
            speed: 0,
            temperature: 0,
            engine,
            brakes: spec.reliability - engine,
            engine_max: engine,
            brakes_max: spec.reliability - engine,
            tires: dash.tires_max as i8,
            battery_ok: true,
            headlights_ok: true,
            spares: [1; 6],
            status: Status::Racing,
            best_line: false,
            entry_done: None,
            exit_done: None,
            damage_due: 0,
            stop_rounds: 0,
            finish: None,
            crashes: 0,
            setup: Setup::default(),
            rain: 0,
            tire_loss_round: 0,
            heated_round: false,
            spare_offer: false,
            damage_stops: 0,
        }
    }

    /// A car at the start of a Stage race: "Set Engine and Brakes needles to your Reliability
    /// value" (the split is for Track races only); waiting for its start time.
    pub fn for_stage_race(spec_index: u8, spec: &CarSpec, dash: &Dashboard, neutral: bool) -> Car {
        let mut c = Car::new(spec_index, spec, dash, neutral);
        (c.engine, c.engine_max, c.brakes, c.brakes_max) = (
            spec.reliability,
            spec.reliability,
            spec.reliability,
            spec.reliability,
        );
        c.status = Status::Waiting;
        c
    }

    pub fn on_track(&self) -> bool {
        self.status == Status::Racing
    }

    /// Engine penalty of the red zone at the current needle position (0 outside it).
    pub fn engine_penalty(&self, dash: &Dashboard) -> u8 {
        dash.engine_red_zone
            .get(usize::from(self.engine))
            .copied()
            .unwrap_or(0)
    }

    pub fn limits(&self, spec: &CarSpec, dash: &Dashboard, uphill: bool) -> Limits {
        let penalty = i16::from(self.engine_penalty(dash) + u8::from(uphill));
        let brakes_red = self.brakes <= dash.brake_red_zone;
        let set = &self.setup;
        let top = i16::from(spec.top_speed) + i16::from(set.gears) - penalty;
        let acc =
            i16::from(spec.acceleration) - i16::from(set.gears) + i16::from(set.rich) - penalty;
        let braking = i16::from(spec.braking) + i16::from(set.brake_bias);
        Limits {
            top_speed: top.clamp(1, i16::from(dash.tachometer_max)) as u8,
            acceleration: acc.clamp(1, 8) as u8,
            braking: if brakes_red {
                1
            } else {
                braking.clamp(1, 8) as u8
            },
            emergency_braking: !brakes_red && self.brakes > 0,
        }
    }

    /// Total Turn-pin shift of the tire zone the needle is in.
    pub fn tire_shift(&self, dash: &Dashboard) -> u8 {
        dash.tire_zones
            .iter()
            .find(|z| self.tires >= z[0] as i8)
            .map_or(0, |z| z[1])
    }

    /// Safe speed for a turn marker (0 = A … 4 = E), tires and flat tire applied; pins never pass
    /// each other and never go below the lowest configuration.
    pub fn safe_speed(&self, spec: &CarSpec, dash: &Dashboard, rating: u8) -> u8 {
        let r = usize::from(rating.min(4));
        if self.tires < 0 {
            return dash.flat_tire_pins.to_array()[r];
        }
        // Wet treads shift the pins a step on a dry track; hard treads two steps in the rain.
        let tread = match self.setup.tread {
            Tread::Wet if self.rain == 0 => 1,
            Tread::Hard if self.rain > 0 => 2,
            _ => 0,
        };
        let shift = i16::from(self.tire_shift(dash) + tread);
        let suspension = match r {
            0 | 1 => -i16::from(self.setup.suspension),
            3 | 4 => i16::from(self.setup.suspension),
            _ => 0,
        };
        let lowest = dash.lowest_pins.to_array();
        (i16::from(spec.pins.to_array()[r]) + suspension - shift).max(i16::from(lowest[r])) as u8
    }

    /// Temperature steps; past the scale each step is an Engine point instead.
    pub fn heat(&mut self, steps: u8, dash: &Dashboard) -> u8 {
        let room = dash.temperature_max - self.temperature;
        let taken = steps.min(room);
        self.temperature += taken;
        self.heated_round |= steps > 0;
        steps - taken
    }

    pub fn cool(&mut self, steps: u8) {
        self.temperature = self.temperature.saturating_sub(steps);
    }

    /// Engine damage; a car whose engine has no point left to lose retires.
    pub fn damage_engine(&mut self, points: u8) {
        if points > self.engine {
            self.engine = 0;
            self.status = Status::Retired;
        } else {
            self.engine -= points;
        }
    }

    pub fn damage_brakes(&mut self, points: u8) {
        self.brakes = self.brakes.saturating_sub(points);
    }

    /// Tire points; below 0 the tire is flat.
    pub fn wear_tires(&mut self, points: u8) {
        self.tire_loss_round = self.tire_loss_round.saturating_add(points);
        self.tires = (i16::from(self.tires) - i16::from(points)).max(-1) as i8;
    }

    pub fn can_spend_tire(&self) -> bool {
        self.tires >= 0
    }
}

impl Car {
    /// The end of a round on the Dashboard: heat with the Tachometer on T (once a round), the
    /// set-up cards, then the overheating test (the red zone's Engine points).
    pub fn round_end_wear(&mut self, spec: &CarSpec, dash: &Dashboard, uphill: bool) {
        let limits = self.limits(spec, dash, uphill);
        if self.speed == limits.top_speed {
            let over = self.heat(1, dash);
            self.damage_engine(over);
        }
        self.setup_round_end(dash);
        let damage = dash.temperature_red_zone[usize::from(self.temperature)];
        if damage > 0 {
            self.damage_engine(damage);
        }
    }

    /// The set-up cards' effects once a round: brake bias and treads adjust the Tire damage
    /// assessed, a rich mixture adds a Temperature step if the Temperature rose.
    pub fn setup_round_end(&mut self, dash: &Dashboard) {
        let lost = self.tire_loss_round;
        if lost > 0 {
            let adjust =
                i16::from(self.setup.brake_bias) - i16::from(self.setup.tread == Tread::Hard);
            if adjust > 0 {
                self.tires = (i16::from(self.tires) - adjust).max(-1) as i8;
            } else if adjust < 0 {
                let back = (-adjust).min(i16::from(lost));
                self.tires = (i16::from(self.tires) + back).min(i16::from(dash.tires_max)) as i8;
            }
        }
        if self.setup.rich && self.heated_round {
            let over = self.heat(1, dash);
            self.damage_engine(over);
        }
        self.tire_loss_round = 0;
        self.heated_round = false;
    }
}
