//! Which decisions are open now, applying one, and why a decision is refused (in the book's words).
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
