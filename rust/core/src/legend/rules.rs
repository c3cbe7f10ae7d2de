//! Which decisions are open now, applying one, and why a decision is refused (in the book's words).
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::actions::{Move, Wear, WEARS};
use super::state::{LegendState, Phase};

impl LegendState {
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.phase {
            Phase::Split { car } => {
                let r = self.race.spec(usize::from(car)).reliability;
                (1..r).map(Move::Split).collect()
            }
            Phase::QualifyingDie { .. } | Phase::Weather | Phase::NeutralDie => {
                (1..=6).map(Move::Die).collect()
            }
            Phase::Damage { .. } | Phase::Event => {
                let enc = self.race.enc;
                self.chance_outcomes()
                    .into_iter()
                    .filter_map(|(a, _)| enc.decode(a))
                    .collect()
            }
            Phase::Challenge { car } => {
                let mut out: Vec<Move> = WEARS
                    .iter()
                    .copied()
                    .filter(|&w| self.can_pay(usize::from(car), w))
                    .map(Move::Challenge)
                    .collect();
                out.push(Move::NoChallenge);
                out
            }
            Phase::ChallengeReply { car, wear } => {
                let mut out = Vec::new();
                if self.can_pay(usize::from(car), wear) {
                    out.push(Move::MatchChallenge);
                }
                out.push(Move::Yield);
                out
            }
            Phase::PriorityBid { .. } => alloc::vec![Move::BidPriority, Move::NoBid],
            Phase::PriorityReply { .. } => alloc::vec![Move::MatchBid, Move::ConcedePriority],
            Phase::Pace { car } => self.pace_moves(usize::from(car)),
            Phase::EntryLine { car, .. } => self.entry_moves(usize::from(car)),
            Phase::Step { car } => self.step_moves(usize::from(car)),
            Phase::ExitLine { .. } => self.exit_moves(),
            Phase::Slipstream { car } | Phase::TurnSlipstream { car } => {
                self.slipstream_moves(usize::from(car))
            }
            Phase::Pit { car } => self.pit_moves(usize::from(car)),
            Phase::Over | Phase::Flow | Phase::Moving { .. } => Vec::new(),
        }
    }

    /// A wear point the car can give in qualifying without breaking down.
    fn can_pay(&self, car: usize, w: Wear) -> bool {
        let c = &self.cars[car];
        !c.neutral
            && match w {
                Wear::Engine => c.engine > 1,
                Wear::Brakes => c.brakes > 1,
                Wear::Tires => c.tires > 0,
            }
    }

    fn pay(&mut self, car: usize, w: Wear) {
        let c = &mut self.cars[car];
        match w {
            Wear::Engine => c.engine -= 1,
            Wear::Brakes => c.brakes -= 1,
            Wear::Tires => c.tires -= 1,
        }
    }

    /// Applies a legal move, then runs the flow to the next decision.
    pub(crate) fn apply_move(&mut self, m: Move) {
        match self.phase {
            Phase::Split { car } => {
                if let Move::Split(k) = m {
                    let r = self.race.spec(usize::from(car)).reliability;
                    let c = &mut self.cars[usize::from(car)];
                    (c.engine, c.engine_max, c.brakes, c.brakes_max) = (k, k, r - k, r - k);
                }
            }
            Phase::Challenge { car } => match m {
                Move::Challenge(w) => {
                    self.pay(usize::from(car), w);
                    let pos = usize::from(self.quali.pos);
                    let ahead = self.grid[pos - 1];
                    if self.can_pay(usize::from(ahead), w) {
                        self.phase = Phase::ChallengeReply {
                            car: ahead,
                            wear: w,
                        };
                    } else {
                        self.give_up_position();
                    }
                }
                _ => self.quali.pos -= 1,
            },
            Phase::ChallengeReply { car, wear } => match m {
                Move::MatchChallenge => {
                    self.pay(usize::from(car), wear);
                    let challenger = self.grid[usize::from(self.quali.pos)];
                    self.phase = Phase::Challenge { car: challenger };
                }
                _ => self.give_up_position(),
            },
            Phase::PriorityBid { .. } | Phase::PriorityReply { .. } => self.apply_priority(m),
            Phase::Pace { car } => self.apply_pace(usize::from(car), m),
            Phase::EntryLine { car, turn } => self.apply_entry(usize::from(car), turn, m),
            Phase::Step { car } => self.apply_step(usize::from(car), m),
            Phase::ExitLine { car } => self.apply_exit(usize::from(car), m),
            Phase::Slipstream { car } | Phase::TurnSlipstream { car } => {
                self.apply_slipstream(usize::from(car), m)
            }
            Phase::Pit { car } => self.apply_pit(usize::from(car), m),
            _ => self.apply_chance(m),
        }
    }

    /// The challenged car passes: the two swap, and it may not challenge again.
    fn give_up_position(&mut self) {
        let pos = usize::from(self.quali.pos);
        let yielded = self.grid[pos - 1];
        self.grid.swap(pos - 1, pos);
        self.quali.passed |= 1 << yielded;
        self.quali.pos -= 1;
        // The challenger, now one place up, may go on challenging from there.
        self.phase = super::state::Phase::Flow;
    }

    /// The rule a refused move breaks.
    pub fn why(&self, m: Move) -> String {
        let phase = self.phase;
        let here = |p: &str| format!("{p} (now: {})", phase_name(phase));
        match m {
            Move::Brake(_) | Move::LiftAtEntry if !matches!(phase, Phase::EntryLine { .. }) => {
                here("braking is allowed only at an entry line")
            }
            Move::Brake(k) => self.brake_refusal(k),
            Move::Accelerate(..)
            | Move::LiftAndCoast
            | Move::StopToCool
            | Move::PitStop
            | Move::Assistance
                if !matches!(phase, Phase::Pace { .. }) =>
            {
                here("the pace is set at the start of your round")
            }
            Move::Accelerate(0, false) => match phase {
                Phase::Pace { car } if self.cars[usize::from(car)].speed > 0 => String::from(
                    "maintain: above Top Speed the Speed is held only by pushing (an Engine point); or lift and coast",
                ),
                _ => String::from("standing start: you must accelerate to get moving"),
            },
            Move::Accelerate(k, false) => self.accelerate_refusal(k),
            Move::Accelerate(..) => String::from("push: only past Top Speed by one step, or +1 at a standing start, with an Engine point"),
            Move::LiftAndCoast => String::from("lift and coast: the car is standing"),
            Move::StopToCool => here("stopping to cool is chosen at the start of the round"),
            Move::LiftAtEntry => String::from("lift and coast at the entry line: the car is standing"),
            Move::PitStop => String::from("the Pit Lane is entered only from the stretch marked Box"),
            Move::PowerOut(_) if !matches!(phase, Phase::ExitLine { .. }) => {
                here("powering out only at the exit line, not after drifting past it")
            }
            Move::PowerOut(k) => format!(
                "power out {k}: more than the unused Acceleration ({} left this round)",
                self.act.acc_left
            ),
            Move::EmergencyBrake(_) | Move::Drift if !matches!(phase, Phase::Step { .. }) => {
                here("emergency braking and drifting: only when entering a turn too fast")
            }
            Move::EmergencyBrake(k) => self.emergency_refusal(k),
            Move::Drift => String::from("drifting: only when entering a turn too fast"),
            Move::MoveToLane(_) if !matches!(phase, Phase::Step { .. }) => {
                here("moving to a lane: one space at a time, during your own movement")
            }
            Move::MoveToLane(l) => format!(
                "move to lane {l}: one space straight or diagonally forward, never into an occupied space, and not above the turn's safe speed"
            ),
            Move::RegainBestLine => String::from("regain best line: only in a turn, standing on its best line, with a Tire point"),
            Move::ResistWithTire if matches!(phase, Phase::TurnSlipstream { .. }) => {
                String::from("resist with a tire point: no Tire point left to spend (flat tire)")
            }
            Move::SlipstreamTo(_) | Move::DriftOutward | Move::ResistWithTire => {
                here("the slipstream choices come only when a movement ends right behind another car")
            }
            Move::UseSpare(p) => self.spare_refusal(p),
            Move::LeavePit => here("leaving the pit: only for a car stopped in the Pit Lane"),
            Move::SetSetup(..) => here(
                "set-up: only adjustable cards (suspension, treads, mixture), in the Pit Lane, to their other side",
            ),
            Move::Split(_) => here("the Reliability split is made before the race, leaving each needle at least 1"),
            Move::BidPriority | Move::NoBid | Move::MatchBid | Move::ConcedePriority => here(
                "the priority bid: only between tied cars at the start of a round (optional rule)",
            ),
            Move::Challenge(_) | Move::NoChallenge | Move::MatchChallenge | Move::Yield => {
                here("qualifying challenges: only the car behind challenges, with a wear point it can spare")
            }
            Move::Die(_) | Move::DamageCard(_) | Move::EventCard(_) => {
                here(chance_refusal(phase, m))
            }
            Move::Assistance if !self.race.is_stage_race() => String::from("Technical Assistance spots are for Stage races only"),
            Move::Assistance => String::from("technical assistance: only by stopping inside a tile marked with a Technical Assistance marker"),
            Move::TakeSpare(p) => format!(
                "take {}: a spare part is taken only at a Technical Assistance spot (holding none of that type, one a stop) or at the start after a Check Point (holding at most one of that type)",
                super::car::SPARE_PARTS[usize::from(p).min(5)]
            ),
        }
    }
}

/// Why a die or a card is not the chance outcome now.
fn chance_refusal(phase: Phase, m: Move) -> &'static str {
    let die = matches!(
        phase,
        Phase::QualifyingDie { .. } | Phase::Weather | Phase::NeutralDie
    );
    match (m, phase) {
        (Move::Die(_), _) if die => "a die shows 1 to 6",
        (Move::DamageCard(_), Phase::Damage { .. }) => {
            "that Damage card is not in the deck now (each is drawn once until the reshuffle)"
        }
        (Move::EventCard(_), Phase::Event) => {
            "that Event card is not in the deck now (each is drawn once until the reshuffle)"
        }
        (Move::Die(_), Phase::Damage { .. } | Phase::Event) => "a card is drawn now, not a die",
        (_, _) if die => "a die is rolled now, not a card drawn",
        (Move::DamageCard(_), Phase::Event) => "an Event card is drawn now, not a Damage card",
        (Move::EventCard(_), Phase::Damage { .. }) => {
            "a Damage card is drawn now, not an Event card"
        }
        _ => "dice and cards decide only at a roll or a draw",
    }
}

impl LegendState {
    /// The check of `pace_moves` that refuses accelerating by `k`.
    fn accelerate_refusal(&self, k: u8) -> String {
        let Phase::Pace { car } = self.phase else {
            return format!("accelerate {k}: the pace is set at the start of your round");
        };
        let c = &self.cars[usize::from(car)];
        let (a, t, s) = (self.act.acc_limit, self.act.top_speed, c.speed);
        if s == 0 && !c.battery_ok && k > 1 {
            format!("accelerate {k}: with a failed battery a standing start is 1 at most")
        } else if k > a {
            format!("accelerate {k}: the Acceleration limiter allows {a}")
        } else if s >= t {
            format!(
                "accelerate {k}: the car is at Speed {s}, Top Speed {t}: past it only by pushing"
            )
        } else {
            format!("accelerate {k}: the Acceleration limiter ({a}) and Top Speed ({t}) allow less")
        }
    }

    /// The check of `entry_moves` that refuses braking `k` at the entry line.
    fn brake_refusal(&self, k: u8) -> String {
        let Phase::EntryLine { car, .. } = self.phase else {
            return format!("brake {k}: braking is allowed only at an entry line");
        };
        let car = usize::from(car);
        let c = &self.cars[car];
        let b = c
            .limits(self.race.spec(car), self.race.dash(), self.uphill(car))
            .braking;
        if k > b {
            format!("brake {k}: the Braking limiter allows {b}")
        } else {
            format!("brake {k}: the car is at Speed {}", c.speed)
        }
    }

    /// The check of `step_moves` that refuses emergency braking `k`.
    fn emergency_refusal(&self, k: u8) -> String {
        let Phase::Step { car } = self.phase else {
            return format!("emergency brake {k}: only when entering a turn too fast");
        };
        let car = usize::from(car);
        let c = &self.cars[car];
        let next_row = self.race.track_for(self.stage).next_row(c.cell.row);
        let Some((_, pin)) = self
            .turn_at(car, next_row)
            .filter(|&(_, pin)| c.speed > pin)
        else {
            return format!(
                "emergency brake {k}: only when the next space enters a turn above its safe speed"
            );
        };
        let limits = c.limits(self.race.spec(car), self.race.dash(), false);
        if !limits.emergency_braking {
            format!("emergency brake {k}: never with the brakes in the red zone")
        } else if k > c.speed - pin {
            format!(
                "emergency brake {k}: only the excess over the safe speed ({} at Speed {}, safe speed {pin})",
                c.speed - pin,
                c.speed
            )
        } else {
            format!(
                "emergency brake {k}: one Brake point a step, {} left",
                c.brakes
            )
        }
    }

    /// The check of `pit_moves` that refuses using spare part `p`.
    fn spare_refusal(&self, p: u8) -> String {
        use super::car::COOLANT;
        use super::movement::STOP_COOLING;
        let part = super::car::SPARE_PARTS[usize::from(p).min(5)];
        let (car, pace) = match self.phase {
            Phase::Pit { car } => (usize::from(car), false),
            Phase::Pace { .. } if self.race.is_stage_race() => {
                return format!(
                    "use {part}: parts are played once stopped: the roadside stop or Technical Assistance first"
                )
            }
            Phase::Pace { car } => (usize::from(car), true),
            _ => {
                return format!(
                    "use {part}: spare parts are used while stopped: the Galetti coolant by stopping to cool, every part in the Pit Lane or at Technical Assistance"
                )
            }
        };
        let c = &self.cars[car];
        if pace && p != COOLANT {
            format!("use {part}: at the start of the round only the Acqua Refrigerante Galetti, by stopping to cool; the other parts in the Pit Lane")
        } else if c.spares[usize::from(p).min(5)] == 0 {
            format!("use {part}: the car holds none")
        } else if pace {
            format!(
                "use {part}: the stop itself cools {STOP_COOLING} steps, enough from Temperature {}",
                c.temperature
            )
        } else {
            format!("use {part}: nothing to repair with it")
        }
    }
}

pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Split { .. } => "reliability split",
        Phase::QualifyingDie { .. } => "qualifying die",
        Phase::Challenge { .. } => "qualifying challenge",
        Phase::ChallengeReply { .. } => "answer to a challenge",
        Phase::PriorityBid { .. } => "priority bid",
        Phase::PriorityReply { .. } => "answer to a priority bid",
        Phase::Weather => "weather roll",
        Phase::Event => "event card",
        Phase::Damage { .. } => "damage card",
        Phase::NeutralDie => "Neutral Cars' die",
        Phase::Pace { .. } => "set the pace",
        Phase::EntryLine { .. } => "entry line",
        Phase::Step { .. } => "movement",
        Phase::ExitLine { .. } => "exit line",
        Phase::Slipstream { .. } => "slipstream",
        Phase::TurnSlipstream { .. } => "slipstream in a turn",
        Phase::Pit { .. } => "pit stop",
        Phase::Over => "race over",
        Phase::Flow | Phase::Moving { .. } => "in progress",
    }
}
