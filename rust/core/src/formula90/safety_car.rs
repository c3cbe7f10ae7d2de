//! The Safety Car module (Safety Car (SC), Realinhamento, Turnos Individuais com o SC na Pista,
//! Pit-stops com o SC na Pista, Saída do SC da Pista, Relargadas).
//!
//! A car crashing out at a point printing the SC symbol calls the Safety Car at once. The cars
//! that have not played this turn may pit (in track order); then the field is realigned behind
//! the Leader, one car a section, lap tokens gone, and a new game turn begins. Under the Safety
//! Car it moves a section at each turn's start; every car draws a Race Card, follows one section
//! (the Leader in the Safety Car's section) and discards a card; a car pitting goes to the back
//! of the line. The Safety Car leaves when a Race Stage begins: that turn is a restart (every
//! pass 1 MP, no duels, no trajectories, Qualify's +1 MP). Decisions in docs/rules/formula90.md
//! ("Safety Car").
use alloc::vec::Vec;

use super::actions::Move;
use super::car::Status;
use super::events::{Event, Log};
use super::refusals::{forced_pit, Key, Why};
use super::state::{F90State, Phase, Then};

/// The Safety Car's state: on the track (and where), the pit window after it came out, the
/// restart turn after it left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SafetyCar {
    /// On the track.
    pub out: bool,
    /// Its section while out (the Leader's).
    pub section: u8,
    /// It has just come out: the cars that have not played may pit before the realignment.
    pub window: bool,
    /// Cars already asked in the pit window (bits over cars).
    pub asked: u16,
    /// This game turn is a restart (Relargadas).
    pub restart: bool,
    /// Times it came out this race.
    pub entries: u8,
}

impl SafetyCar {
    pub const NONE: SafetyCar = SafetyCar {
        out: false,
        section: 0,
        window: false,
        asked: 0,
        restart: false,
        entries: 0,
    };
}

impl F90State {
    pub fn safety_car_on(&self) -> bool {
        self.race.opts.safety_car
    }

    /// The Safety Car is on the track (and no longer in its pit window): the turns under it.
    pub fn under_safety_car(&self) -> bool {
        self.sc.out && !self.sc.window
    }

    /// A restart turn: "Relargadas" (the turn the Safety Car left).
    pub fn restart_turn(&self) -> bool {
        self.sc.restart
    }

    /// The next game turn opens a Race Stage while the Safety Car is out: it restarts then.
    pub fn restart_next(&self) -> bool {
        self.sc.out
            && self
                .race
                .track()
                .is_race_stage_start(self.turn.saturating_add(1))
    }

    /// "O Safety Car entra imediatamente após um carro bater em um ponto onde o símbolo SC é
    /// exibido": every yellow flag goes ("Todas as bandeiras amarelas na pista são descartadas
    /// quando o Safety Car é acionado"), every Chased chit ("Se o SC entrar na pista"), and the
    /// pit window opens.
    pub fn safety_car_enters(&mut self, car: u8, log: &mut impl Log) {
        self.sc.out = true;
        self.sc.window = true;
        self.sc.asked = 0;
        self.sc.entries = self.sc.entries.saturating_add(1);
        log.push(Event::SafetyCarOut { car });
        for s in 0..self.race.track().len() as u8 {
            if self.yellow_at(s).is_some() {
                self.remove_yellow(None, s, log);
            }
        }
        for c in 0..self.n {
            self.drop_chase(c, log);
        }
        self.activate_next(log);
    }

    /// The pit window: the next car in track order that has not played and may still stop
    /// ("Todos os jogadores que ainda não jogaram ... respeitando a ordem de posição na
    /// pista"); then the realignment. Robots stop here only when their chit falls on this turn
    /// (Safety Car decisions, "robots in the window").
    pub fn safety_car_window(&mut self, log: &mut impl Log) {
        let order = self.race_order();
        for c in order {
            let car = *self.car(c);
            if car.played || car.just_pit || car.retired() || self.sc.asked >> c & 1 == 1 {
                continue;
            }
            self.sc.asked |= 1 << c;
            if car.is_robot() {
                if car.must_pit {
                    self.pit_place(c, 0, log);
                    let m = self.car_mut(c);
                    m.refuelled = true;
                    m.played = true;
                }
                continue;
            }
            self.phase = Phase::SafetyCarPit { car: c };
            return;
        }
        self.realign(log);
    }

    /// A stop in the window or under the Safety Car is over: that was the car's turn.
    pub fn safety_car_pit_done(&mut self, car: u8, log: &mut impl Log) {
        let c = self.car_mut(car);
        c.played = true;
        c.just_pit = false;
        c.moved = true;
        self.activate_next(log);
    }

    /// Realinhamento: the Safety Car ahead of the Leader in his section, the others behind in
    /// race order one section apart; every lap token gone (all on the Leader's lap), off-track
    /// cars back behind the cars of their section; the remaining individual turns are lost and
    /// a new game turn begins.
    fn realign(&mut self, log: &mut impl Log) {
        self.sc.window = false;
        let line = self.race_order();
        if let Some(&leader) = line.first() {
            self.sc.section = self.car(leader).section;
        }
        self.form_line(&line);
        log.push(Event::SafetyCarLine {
            section: self.sc.section,
        });
        for c in 0..self.n() {
            let m = &mut self.cars[c];
            m.played = true;
            m.just_pit = false;
            m.no_move = false;
        }
        self.start_game_turn(log);
    }

    /// Puts the cars of `line` one a section behind the Safety Car, the first in its section,
    /// all on the first car's lap ("eliminando qualquer seção vazia entre os carros").
    fn form_line(&mut self, line: &[u8]) {
        let Some(&first) = line.first() else { return };
        let lap = self.lap_at_safety_car(first);
        let race = self.race.clone();
        let track = race.track();
        for (k, &c) in line.iter().enumerate() {
            let (section, laps) = track.back(self.sc.section, k as u16);
            let m = self.car_mut(c);
            m.status = Status::Racing;
            m.trajectory = None;
            // Nothing to deduct it from under the Safety Car (Safety Car decisions, "time loss").
            m.time_loss = 0;
            m.lap = lap - laps as i16;
            self.place_last(c, section);
        }
    }

    /// The lap `car` counts once moved up to the Safety Car's section (never a lap behind it).
    fn lap_at_safety_car(&self, car: u8) -> i16 {
        let c = self.car(car);
        if self.sc.section < c.section {
            c.lap + 1
        } else {
            c.lap
        }
    }

    /// At the start of a game turn: the Safety Car leaves at a new Race Stage (a restart), or
    /// moves a section and the line follows it ("a primeira coisa a fazer é avançar o SC").
    pub fn safety_car_turn(&mut self, stage: bool, log: &mut impl Log) {
        self.sc.restart = false;
        if !self.sc.out {
            return;
        }
        if stage {
            self.sc.out = false;
            self.sc.restart = true;
            log.push(Event::SafetyCarIn);
            return;
        }
        let next = self.race.track().next(self.sc.section);
        self.sc.section = next;
        log.push(Event::SafetyCarMoves { section: next });
        let line = self.race_order();
        self.form_line(&line);
    }

    /// An individual turn under the Safety Car, a robot's: a stop if its chit says so, else it
    /// follows (already a section on).
    pub fn safety_car_robot(&mut self, car: u8, log: &mut impl Log) {
        if self.car(car).must_pit {
            let m = self.car_mut(car);
            m.refuelled = true;
            self.line_pit(car, log);
        }
        self.car_mut(car).moved = true;
        self.end_individual(car, log);
    }

    /// A player follows: a Race Card, then one card discarded ("pode ser a mesma carta
    /// comprada").
    pub fn safety_car_follow(&mut self, car: u8, log: &mut impl Log) {
        self.car_mut(car).moved = true;
        log.push(Event::SafetyCarFollows { car });
        if self.draw_race(car, 1, Then::SafetyCar, log) {
            return;
        }
        self.safety_car_discard(car, log);
    }

    pub fn safety_car_discard(&mut self, car: u8, log: &mut impl Log) {
        if self.car(car).hand.is_empty() {
            return self.end_individual(car, log);
        }
        self.phase = Phase::SafetyCarDiscard { car };
    }

    pub fn safety_car_discarded(&mut self, car: u8, card: Option<u8>, log: &mut impl Log) {
        if let Some(id) = card {
            self.car_mut(car).hand.remove(id);
            self.discard(id);
            log.push(Event::Discard { car, card: id });
        }
        self.end_individual(car, log);
    }

    /// A stop under the Safety Car: straight to the back of the line, the gap closed by the
    /// cars behind; the tank filled to 16 turns without going back more sections.
    pub fn safety_car_pit(&mut self, car: u8, log: &mut impl Log) {
        self.line_pit(car, log);
        self.repair(car);
        self.pit_skills(car, log);
        self.phase = Phase::PitDiscard { car };
    }

    fn line_pit(&mut self, car: u8, log: &mut impl Log) {
        let from = self.car(car).section;
        self.drop_chase(car, log);
        {
            let m = self.car_mut(car);
            m.forced_pit = false;
            m.must_pit = false;
            m.trajectory = None;
        }
        let mut line: Vec<u8> = self
            .race_order()
            .into_iter()
            .filter(|&c| c != car)
            .collect();
        line.push(car);
        // The new Leader takes the Safety Car's section (W31: "o carro laranja é o novo líder").
        self.form_line(&line);
        // A player's tank: the most it holds, no extra sections (robots refuel once, no chit).
        self.refuel(car, super::rules::MAX_EXTRA_SECTIONS);
        log.push(Event::Pit {
            car,
            from,
            to: self.car(car).section,
            extra: 0,
            fuel: self.car(car).fuel,
        });
    }

    /// The Safety Car for the views: out or not, its section (from 1), the pit window, the
    /// restart.
    pub fn safety_car_json(&self) -> serde_json::Value {
        serde_json::json!({
            "out": self.sc.out,
            "section": if self.sc.out { serde_json::Value::from(self.sc.section + 1) } else { serde_json::Value::Null },
            "pit_window": self.sc.window,
            "restart": self.sc.restart,
            "restart_next": self.restart_next(),
        })
    }
}

impl F90State {
    /// Phase A under the Safety Car: follow it or pit; nothing else.
    pub fn safety_car_declare(&self, car: u8, m: Move) -> Result<(), Why> {
        let c = self.car(car);
        match m {
            Move::Drive if c.must_pit => Err(self.must_pit(car)),
            Move::Drive if c.forced_pit => Err(forced_pit()),
            Move::Drive | Move::Pit(0) => Ok(()),
            Move::Pit(_) => Err(Why::new(
                Key::SafetyCarExtra,
                "Safety Car: a stop goes to the back of the line and fills the tank to 16 turns; no extra sections",
            )),
            Move::Skip => Err(Why::new(
                Key::SafetyCarSkip,
                "Safety Car: every car follows it; no skipping",
            )),
            Move::Versatility | Move::WiseDriving => Err(Why::new(
                Key::SafetyCarSkill,
                "Safety Car: no skills under the Safety Car",
            )),
            _ => Err(Why::new(
                Key::SafetyCarDrive,
                "Safety Car: drive (follow it) or pit",
            )),
        }
    }

    /// Staying out in the pit window, unless this turn was the car's last chance to stop.
    pub fn stay_out_refused(&self, car: u8) -> Result<(), Why> {
        let c = self.car(car);
        if c.must_pit {
            let name = self.car_named(car);
            Err(Why::new(
                Key::MustPitNow,
                alloc::format!(
                    "Fuel: the turn pawn reached {name}'s refuel chit and its turn is lost: it must pit now"
                ),
            )
            .with("car", name))
        } else if c.forced_pit {
            Err(Why::new(
                Key::ForcedPitNow,
                "Recovery: a forced pit stop is due and its turn is lost: it must pit now",
            ))
        } else {
            Ok(())
        }
    }
}

/// Whether a crash at section `s` (its late brake's or Extreme Trajectory's recovery chart)
/// may end at a Safety Car symbol.
pub fn safety_car_point(track: &super::track::Track, s: u8) -> bool {
    let sec = &track.sections[usize::from(s)];
    let charts = [
        sec.late_brake.map(|l| l.recovery),
        sec.extreme.map(|e| e.recovery),
    ];
    charts.into_iter().flatten().any(|r| {
        let start = track.recoveries[usize::from(r)].start;
        let mut stack = alloc::vec![(start, 0usize)];
        while let Some((n, depth)) = stack.pop() {
            if depth > track.nodes.len() {
                continue;
            }
            let node = &track.nodes[usize::from(n)];
            for o in [node.pass, node.fail] {
                if o.abandon && o.safety_car {
                    return true;
                }
                if let Some(m) = o.next {
                    stack.push((m, depth + 1));
                }
            }
        }
        false
    })
}
