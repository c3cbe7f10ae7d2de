//! The weather module's rules on the race (data in `weather.rs`): the pawn's moves, the tyres'
//! penalties and tokens, rain on tests, the robots' tyres and their weather pit stop.
use super::events::{Event, Log};
use super::refusals::{Key, Why};
use super::state::{Check, F90State, Phase};
use super::weather::{
    tyre_penalty, Sky, Tyre, MAX_SOFT_SETS, RAIN_TEST, SOFT_BLUE_TOKENS, SOFT_TOKENS_LESS,
};

impl F90State {
    pub fn weather_on(&self) -> bool {
        self.race.opts.weather
    }

    /// The condition under the weather pawn (dry when the module is off).
    pub fn sky(&self) -> Sky {
        if !self.weather_on() {
            return Sky::Dry;
        }
        self.race
            .track()
            .weather
            .get(usize::from(self.weather))
            .map_or(Sky::Dry, |w| w.sky)
    }

    /// The space a weather card's check factor puts the pawn on.
    pub fn weather_space(&self, cf: u8) -> u8 {
        self.race
            .track()
            .weather
            .iter()
            .position(|w| (w.lo..=w.hi).contains(&cf))
            .unwrap_or(0) as u8
    }

    /// Rain Expert (Apêndice B), picked in Free Practice: this is where it is read.
    pub fn rain_expert(&self, car: u8) -> bool {
        self.car(car).has(super::rules::Skill::RainExpert)
    }

    /// Movement points `car` loses to its tyres in this weather; robots never do ("Os robôs
    /// nunca sofrem penalidades de PM").
    pub fn tyre_loss(&self, car: u8) -> u8 {
        let c = self.car(car);
        if !self.weather_on() || c.is_robot() {
            return 0;
        }
        let sky = self.sky();
        // Rain Expert (decision A20): in drizzle, rain and hard tyres lose nothing.
        if sky == Sky::Drizzle && self.rain_expert(car) && matches!(c.tyre, Tyre::Rain | Tyre::Hard)
        {
            return 0;
        }
        tyre_penalty(c.tyre, sky, self.race.opts.tyre_table)
    }

    /// What the weather adds to a check's target: −20 in rain on every test but the Leader's
    /// ("Não há penalidade de chuva" for the leader check).
    pub fn conditions_modifier(&self, _car: u8, why: Check) -> i16 {
        if self.sky() == Sky::Rain && why != Check::Leader {
            RAIN_TEST
        } else {
            0
        }
    }

    /// The stable condition the robots' tyres are for: hard in the dry, rain in the rain; in
    /// drizzle the nearer stable space on the table, `None` exactly in the middle (a draw).
    pub fn robot_tyres_for(&self, space: u8) -> Option<Tyre> {
        let table = &self.race.track().weather;
        let here = usize::from(space);
        match table[here].sky {
            Sky::Dry => return Some(Tyre::Hard),
            Sky::Rain => return Some(Tyre::Rain),
            Sky::Drizzle => {}
        }
        let dist = |sky: Sky| {
            table
                .iter()
                .enumerate()
                .filter(|(_, w)| w.sky == sky)
                .map(|(i, _)| i.abs_diff(here))
                .min()
                .unwrap_or(usize::MAX)
        };
        let (dry, rain) = (dist(Sky::Dry), dist(Sky::Rain));
        match dry.cmp(&rain) {
            core::cmp::Ordering::Less => Some(Tyre::Hard),
            core::cmp::Ordering::Greater => Some(Tyre::Rain),
            core::cmp::Ordering::Equal => None,
        }
    }

    /// Pre-race: the weather card was drawn; the pawn goes to its space, then the robots'
    /// tyres (a draw when exactly in the middle), then each player's tyres and strategy.
    pub fn weather_card(&mut self, card: u8, log: &mut impl Log) {
        self.race_deck.remove(card);
        self.discard(card);
        let cf = self.race.card(card).cf;
        self.weather = self.weather_space(cf);
        log.push(Event::Weather {
            card,
            space: self.weather,
            sky: self.sky(),
        });
        match self.robot_tyres_for(self.weather) {
            Some(t) => self.set_robot_tyres(t, log),
            None => self.phase = Phase::RobotTyres,
        }
    }

    pub fn set_robot_tyres(&mut self, t: Tyre, log: &mut impl Log) {
        self.robot_tyres = t;
        if self.n() > self.race.humans() {
            log.push(Event::RobotTyres { tyre: t });
        }
        self.next_pre_race(0, log);
    }

    /// New tyres of type `t` (at the start or at a pit): the chart's tokens (soft: three fewer
    /// and three blue tokens); unused blue tokens of the old set are lost.
    pub fn fit_tyres(&mut self, car: u8, t: Tyre, start: bool) {
        let expert = start && t == Tyre::Rain && self.rain_expert(car);
        let c = self.car_mut(car);
        c.tyre = t;
        c.blue = 0;
        c.tyres = c.chart.tyres;
        if t == Tyre::Soft {
            c.tyres = c.chart.tyres.saturating_sub(SOFT_TOKENS_LESS);
            c.blue = SOFT_BLUE_TOKENS;
            c.soft_sets += 1;
        }
        if expert {
            // Rain Expert: "+3 tokens azuis" when starting on rain tyres.
            c.blue += SOFT_BLUE_TOKENS;
        }
    }

    /// Whether `t` may be fitted now.
    pub fn tyres_refused(&self, car: u8, t: Tyre) -> Option<Why> {
        if !self.weather_on() {
            return Some(Why::new(
                Key::HardTyresOnly,
                "Tyres: a race without the weather module runs on hard tyres",
            ));
        }
        if t == Tyre::Soft && self.car(car).soft_sets >= MAX_SOFT_SETS {
            return Some(Why::new(
                Key::SoftSets,
                "Tyres: at most two sets of soft tyres a race",
            ));
        }
        None
    }

    /// D.4: a weather icon moves the pawn one space either way or leaves it. A move onto a
    /// stable condition the robots' tyres do not suit sends every robot to the pits at the end
    /// of this individual turn.
    pub fn move_weather(&mut self, car: u8, step: i8, log: &mut impl Log) {
        let from = self.weather;
        let to = (i16::from(from) + i16::from(step)) as u8;
        self.weather = to;
        log.push(Event::WeatherMove {
            car,
            from,
            to,
            sky: self.sky(),
        });
        let wanted = match self.sky() {
            Sky::Dry => Some(Tyre::Hard),
            Sky::Rain => Some(Tyre::Rain),
            Sky::Drizzle => None,
        };
        if let Some(w) = wanted {
            let robots = (self.race.humans()..self.n()).any(|c| !self.cars[c].retired());
            self.robots_weather_pit = robots && w != self.robot_tyres;
        }
    }

    /// Whether the pawn may step `step` (−1 drier, +1 wetter) from where it is.
    pub fn weather_step_refused(&self, step: i8) -> Option<Why> {
        let last = self.race.track().weather.len() as i16 - 1;
        let to = i16::from(self.weather) + i16::from(step);
        if to < 0 {
            Some(Why::new(
                Key::Driest,
                "Weather: the pawn is on the driest space",
            ))
        } else if to > last {
            Some(Why::new(
                Key::Wettest,
                "Weather: the pawn is on the wettest space",
            ))
        } else {
            None
        }
    }

    /// "ao final do turno individual do carro atual todos os robôs imediatamente fazem um pit
    /// stop": each goes back the pit value for the right tyres; this is its refuel stop, so every
    /// robot chit leaves the Turn track. Robots that have not played yet play when their section
    /// is activated (JUST PIT); those that have stay where they land (decision A40).
    pub fn robots_pit_for_weather(&mut self, log: &mut impl Log) {
        self.robots_weather_pit = false;
        let t = match self.sky() {
            Sky::Rain => Tyre::Rain,
            _ => Tyre::Hard,
        };
        self.robot_tyres = t;
        log.push(Event::RobotsWeatherPit { tyre: t });
        self.chits = 0;
        for c in self.race.humans()..self.n() {
            let car = c as u8;
            if self.car(car).retired() {
                continue;
            }
            self.pit_place(car, 0, log);
            let played = self.car(car).played;
            let m = self.car_mut(car);
            m.refuelled = true;
            m.must_pit = false;
            m.just_pit = !played;
            // Robots take the best free trajectory where they land, as at any pit stop.
            self.it.car = car;
            self.it.entered = true;
            self.offer_trajectory(car, true, log);
        }
    }
}
