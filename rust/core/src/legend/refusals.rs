//! Each refusal of Legend as a meaning (issue 31): a key and the values it names (numbers, the
//! phase by the core's name of it, a Spare Part by its brand), which `autodromo.legend.words`
//! words in each language; the English here stays the core's own (`Error`'s text). The car
//! auction's refusals are keyed here too, so the game lists one set of keys.
use super::actions::Move;
use super::car::{COOLANT, SPARE_PARTS};
use super::movement::STOP_COOLING;
use super::rules::phase_name;
use super::state::{LegendState, Phase};
use crate::error::{Error, Values};
use alloc::format;
use alloc::string::String;
use alloc::vec;
use serde_json::json;

crate::refusal_keys! {
    BrakeAtEntry = "brake_at_entry",
    PaceAtRoundStart = "pace_at_round_start",
    MaintainNeedsPush = "maintain_needs_push",
    StandingStart = "standing_start",
    AccelerateAtRoundStart = "accelerate_at_round_start",
    AccelerateBattery = "accelerate_battery",
    AccelerateLimiter = "accelerate_limiter",
    AccelerateTopSpeed = "accelerate_top_speed",
    AccelerateLess = "accelerate_less",
    Push = "push",
    LiftAndCoastStanding = "lift_and_coast_standing",
    StopToCool = "stop_to_cool",
    LiftAtEntryStanding = "lift_at_entry_standing",
    PitFromBox = "pit_from_box",
    PowerOutAtExit = "power_out_at_exit",
    PowerOutMore = "power_out_more",
    TooFast = "too_fast",
    DriftTooFast = "drift_too_fast",
    LaneOwnMovement = "lane_own_movement",
    Lane = "lane",
    RegainBestLine = "regain_best_line",
    ResistFlatTire = "resist_flat_tire",
    SlipstreamChoices = "slipstream_choices",
    LeavePit = "leave_pit",
    SetSetup = "set_setup",
    Split = "split",
    PriorityBid = "priority_bid",
    Challenge = "challenge",
    DieRange = "die_range",
    DamageCardDrawn = "damage_card_drawn",
    EventCardDrawn = "event_card_drawn",
    CardNotDie = "card_not_die",
    DieNotCard = "die_not_card",
    EventNotDamage = "event_not_damage",
    DamageNotEvent = "damage_not_event",
    ChanceOnly = "chance_only",
    AssistanceStageOnly = "assistance_stage_only",
    AssistanceMarker = "assistance_marker",
    TakeSpare = "take_spare",
    BrakeNotEntry = "brake_not_entry",
    BrakeLimiter = "brake_limiter",
    BrakeSpeed = "brake_speed",
    EmergencyNotStep = "emergency_not_step",
    EmergencyNextTurn = "emergency_next_turn",
    EmergencyRedZone = "emergency_red_zone",
    EmergencyExcess = "emergency_excess",
    EmergencyBrakePoints = "emergency_brake_points",
    SpareStageStop = "spare_stage_stop",
    SpareStopped = "spare_stopped",
    SpareCoolantOnly = "spare_coolant_only",
    SpareNoneHeld = "spare_none_held",
    SpareStopCools = "spare_stop_cools",
    SpareNothingToRepair = "spare_nothing_to_repair",
    AuctionOver = "auction_over",
    AuctionAssign = "auction_assign",
    AuctionWinnerAssigns = "auction_winner_assigns",
    AuctionCarFull = "auction_car_full",
    AuctionBidExceeds = "auction_bid_exceeds",
    AuctionNoPart = "auction_no_part",
    AuctionNotAction = "auction_not_action",
}

/// A refusal: its key, what it names and the core's English.
pub fn no(key: Key, values: Values, english: impl Into<String>) -> Error {
    Error::refused(key.as_str(), values, english)
}

/// A refusal that names nothing.
pub fn plain(key: Key, english: &str) -> Error {
    no(key, vec![], english)
}

/// A refusal of the car auction, by its key alone.
pub fn auction(key: Key) -> Error {
    let english = match key {
        Key::AuctionOver => "the auction is over: every car is sold or out of the auction",
        Key::AuctionAssign => {
            "After winning a car, assign your bid cards to the other cars still up for auction"
        }
        Key::AuctionWinnerAssigns => {
            "only the winner of a car assigns its bid cards, after winning it"
        }
        Key::AuctionCarFull => "assign bid cards to the other cars still up for auction, as long as each car holds up to two Spare Parts: once full, the car is locked",
        Key::AuctionBidExceeds => "Each new bid must exceed the previous one",
        Key::AuctionNoPart => {
            "To bid, play one or more Spare Part cards face up: you hold none of that type"
        }
        _ => "not an action of the auction",
    };
    plain(key, english)
}

fn part_name(p: u8) -> &'static str {
    SPARE_PARTS[usize::from(p).min(5)]
}

/// Why a die or a card is not the chance outcome now.
fn chance_refusal(phase: Phase, m: Move) -> (Key, &'static str) {
    let die = matches!(
        phase,
        Phase::QualifyingDie { .. } | Phase::Weather | Phase::NeutralDie
    );
    match (m, phase) {
        (Move::Die(_), _) if die => (Key::DieRange, "a die shows 1 to 6"),
        (Move::DamageCard(_), Phase::Damage { .. }) => (
            Key::DamageCardDrawn,
            "that Damage card is not in the deck now (each is drawn once until the reshuffle)",
        ),
        (Move::EventCard(_), Phase::Event) => (
            Key::EventCardDrawn,
            "that Event card is not in the deck now (each is drawn once until the reshuffle)",
        ),
        (Move::Die(_), Phase::Damage { .. } | Phase::Event) => {
            (Key::CardNotDie, "a card is drawn now, not a die")
        }
        (_, _) if die => (Key::DieNotCard, "a die is rolled now, not a card drawn"),
        (Move::DamageCard(_), Phase::Event) => (
            Key::EventNotDamage,
            "an Event card is drawn now, not a Damage card",
        ),
        (Move::EventCard(_), Phase::Damage { .. }) => (
            Key::DamageNotEvent,
            "a Damage card is drawn now, not an Event card",
        ),
        _ => (
            Key::ChanceOnly,
            "dice and cards decide only at a roll or a draw",
        ),
    }
}

impl LegendState {
    /// The rule a refused move breaks.
    pub fn why(&self, m: Move) -> Error {
        let phase = self.phase;
        // A move of another phase: the refusal names the phase the race is in.
        let here = |key: Key, p: &str| {
            let now = phase_name(phase);
            no(
                key,
                vec![("phase", json!(now))],
                format!("{p} (now: {now})"),
            )
        };
        match m {
            Move::Brake(_) | Move::LiftAtEntry if !matches!(phase, Phase::EntryLine { .. }) => {
                here(Key::BrakeAtEntry, "braking is allowed only at an entry line")
            }
            Move::Brake(k) => self.brake_refusal(k),
            Move::Accelerate(..)
            | Move::LiftAndCoast
            | Move::StopToCool
            | Move::PitStop
            | Move::Assistance
                if !matches!(phase, Phase::Pace { .. }) =>
            {
                here(Key::PaceAtRoundStart, "the pace is set at the start of your round")
            }
            Move::Accelerate(0, false) => match phase {
                Phase::Pace { car } if self.cars[usize::from(car)].speed > 0 => plain(
                    Key::MaintainNeedsPush,
                    "maintain: above Top Speed the Speed is held only by pushing (an Engine point); or lift and coast",
                ),
                _ => plain(Key::StandingStart, "standing start: you must accelerate to get moving"),
            },
            Move::Accelerate(k, false) => self.accelerate_refusal(k),
            Move::Accelerate(..) => plain(Key::Push, "push: only past Top Speed by one step, or +1 at a standing start, with an Engine point"),
            Move::LiftAndCoast => plain(Key::LiftAndCoastStanding, "lift and coast: the car is standing"),
            Move::StopToCool => here(Key::StopToCool, "stopping to cool is chosen at the start of the round"),
            Move::LiftAtEntry => plain(Key::LiftAtEntryStanding, "lift and coast at the entry line: the car is standing"),
            Move::PitStop => plain(Key::PitFromBox, "the Pit Lane is entered only from the stretch marked Box"),
            Move::PowerOut(_) if !matches!(phase, Phase::ExitLine { .. }) => here(
                Key::PowerOutAtExit,
                "powering out only at the exit line, not after drifting past it",
            ),
            Move::PowerOut(k) => no(
                Key::PowerOutMore,
                vec![("k", json!(k)), ("left", json!(self.act.acc_left))],
                format!(
                    "power out {k}: more than the unused Acceleration ({} left this round)",
                    self.act.acc_left
                ),
            ),
            Move::EmergencyBrake(_) | Move::Drift if !matches!(phase, Phase::Step { .. }) => here(
                Key::TooFast,
                "emergency braking and drifting: only when entering a turn too fast",
            ),
            Move::EmergencyBrake(k) => self.emergency_refusal(k),
            Move::Drift => plain(Key::DriftTooFast, "drifting: only when entering a turn too fast"),
            Move::MoveToLane(_) if !matches!(phase, Phase::Step { .. }) => here(
                Key::LaneOwnMovement,
                "moving to a lane: one space at a time, during your own movement",
            ),
            Move::MoveToLane(l) => no(Key::Lane, vec![("lane", json!(l))], format!(
                "move to lane {l}: one space straight or diagonally forward, never into an occupied space, and not above the turn's safe speed"
            )),
            Move::RegainBestLine => plain(Key::RegainBestLine, "regain best line: only in a turn, standing on its best line, with a Tire point"),
            Move::ResistWithTire if matches!(phase, Phase::TurnSlipstream { .. }) => plain(
                Key::ResistFlatTire,
                "resist with a tire point: no Tire point left to spend (flat tire)",
            ),
            Move::SlipstreamTo(_) | Move::DriftOutward | Move::ResistWithTire => here(
                Key::SlipstreamChoices,
                "the slipstream choices come only when a movement ends right behind another car",
            ),
            Move::UseSpare(p) => self.spare_refusal(p),
            Move::LeavePit => here(Key::LeavePit, "leaving the pit: only for a car stopped in the Pit Lane"),
            Move::SetSetup(..) => here(
                Key::SetSetup,
                "set-up: only adjustable cards (suspension, treads, mixture), in the Pit Lane, to their other side",
            ),
            Move::Split(_) => here(Key::Split, "the Reliability split is made before the race, leaving each needle at least 1"),
            Move::BidPriority | Move::NoBid | Move::MatchBid | Move::ConcedePriority => here(
                Key::PriorityBid,
                "the priority bid: only between tied cars at the start of a round (optional rule)",
            ),
            Move::Challenge(_) | Move::NoChallenge | Move::MatchChallenge | Move::Yield => here(
                Key::Challenge,
                "qualifying challenges: only the car behind challenges, with a wear point it can spare",
            ),
            Move::Die(_) | Move::DamageCard(_) | Move::EventCard(_) => {
                let (key, p) = chance_refusal(phase, m);
                here(key, p)
            }
            Move::Assistance if !self.race.is_stage_race() => plain(Key::AssistanceStageOnly, "Technical Assistance spots are for Stage races only"),
            Move::Assistance => plain(Key::AssistanceMarker, "technical assistance: only by stopping inside a tile marked with a Technical Assistance marker"),
            Move::TakeSpare(p) => no(Key::TakeSpare, vec![("part", json!(part_name(p)))], format!(
                "take {}: a spare part is taken only at a Technical Assistance spot (holding none of that type, one a stop) or at the start after a Check Point (holding at most one of that type)",
                part_name(p)
            )),
        }
    }

    /// The check of `pace_moves` that refuses accelerating by `k`.
    fn accelerate_refusal(&self, k: u8) -> Error {
        let Phase::Pace { car } = self.phase else {
            return no(
                Key::AccelerateAtRoundStart,
                vec![("k", json!(k))],
                format!("accelerate {k}: the pace is set at the start of your round"),
            );
        };
        let c = &self.cars[usize::from(car)];
        let (a, t, s) = (self.act.acc_limit, self.act.top_speed, c.speed);
        let values = vec![
            ("k", json!(k)),
            ("a", json!(a)),
            ("t", json!(t)),
            ("s", json!(s)),
        ];
        if s == 0 && !c.battery_ok && k > 1 {
            no(
                Key::AccelerateBattery,
                values,
                format!("accelerate {k}: with a failed battery a standing start is 1 at most"),
            )
        } else if k > a {
            no(
                Key::AccelerateLimiter,
                values,
                format!("accelerate {k}: the Acceleration limiter allows {a}"),
            )
        } else if s >= t {
            no(
                Key::AccelerateTopSpeed,
                values,
                format!(
                "accelerate {k}: the car is at Speed {s}, Top Speed {t}: past it only by pushing"
            ),
            )
        } else {
            no(
                Key::AccelerateLess,
                values,
                format!(
                    "accelerate {k}: the Acceleration limiter ({a}) and Top Speed ({t}) allow less"
                ),
            )
        }
    }

    /// The check of `entry_moves` that refuses braking `k` at the entry line.
    fn brake_refusal(&self, k: u8) -> Error {
        let Phase::EntryLine { car, .. } = self.phase else {
            return no(
                Key::BrakeNotEntry,
                vec![("k", json!(k))],
                format!("brake {k}: braking is allowed only at an entry line"),
            );
        };
        let car = usize::from(car);
        let c = &self.cars[car];
        let b = c
            .limits(self.race.spec(car), self.race.dash(), self.uphill(car))
            .braking;
        if k > b {
            no(
                Key::BrakeLimiter,
                vec![("k", json!(k)), ("b", json!(b))],
                format!("brake {k}: the Braking limiter allows {b}"),
            )
        } else {
            no(
                Key::BrakeSpeed,
                vec![("k", json!(k)), ("s", json!(c.speed))],
                format!("brake {k}: the car is at Speed {}", c.speed),
            )
        }
    }

    /// The check of `step_moves` that refuses emergency braking `k`.
    fn emergency_refusal(&self, k: u8) -> Error {
        let kv = || vec![("k", json!(k))];
        let Phase::Step { car } = self.phase else {
            return no(
                Key::EmergencyNotStep,
                kv(),
                format!("emergency brake {k}: only when entering a turn too fast"),
            );
        };
        let car = usize::from(car);
        let c = &self.cars[car];
        let next_row = self.race.track_for(self.stage).next_row(c.cell.row);
        let Some((_, pin)) = self
            .turn_at(car, next_row)
            .filter(|&(_, pin)| c.speed > pin)
        else {
            return no(
                Key::EmergencyNextTurn,
                kv(),
                format!(
                "emergency brake {k}: only when the next space enters a turn above its safe speed"
            ),
            );
        };
        let limits = c.limits(self.race.spec(car), self.race.dash(), false);
        if !limits.emergency_braking {
            no(
                Key::EmergencyRedZone,
                kv(),
                format!("emergency brake {k}: never with the brakes in the red zone"),
            )
        } else if k > c.speed - pin {
            let mut values = kv();
            values.extend([
                ("excess", json!(c.speed - pin)),
                ("s", json!(c.speed)),
                ("safe", json!(pin)),
            ]);
            no(Key::EmergencyExcess, values, format!(
                "emergency brake {k}: only the excess over the safe speed ({} at Speed {}, safe speed {pin})",
                c.speed - pin,
                c.speed
            ))
        } else {
            let mut values = kv();
            values.push(("left", json!(c.brakes)));
            no(
                Key::EmergencyBrakePoints,
                values,
                format!(
                    "emergency brake {k}: one Brake point a step, {} left",
                    c.brakes
                ),
            )
        }
    }

    /// The check of `pit_moves` that refuses using spare part `p`.
    fn spare_refusal(&self, p: u8) -> Error {
        let part = part_name(p);
        let named = |key: Key, english: String| no(key, vec![("part", json!(part))], english);
        let (car, pace) = match self.phase {
            Phase::Pit { car } => (usize::from(car), false),
            Phase::Pace { .. } if self.race.is_stage_race() => {
                return named(Key::SpareStageStop, format!(
                    "use {part}: parts are played once stopped: the roadside stop or Technical Assistance first"
                ))
            }
            Phase::Pace { car } => (usize::from(car), true),
            _ => {
                return named(Key::SpareStopped, format!(
                    "use {part}: spare parts are used while stopped: the Galetti coolant by stopping to cool, every part in the Pit Lane or at Technical Assistance"
                ))
            }
        };
        let c = &self.cars[car];
        if pace && p != COOLANT {
            named(Key::SpareCoolantOnly, format!("use {part}: at the start of the round only the Acqua Refrigerante Galetti, by stopping to cool; the other parts in the Pit Lane"))
        } else if c.spares[usize::from(p).min(5)] == 0 {
            named(
                Key::SpareNoneHeld,
                format!("use {part}: the car holds none"),
            )
        } else if pace {
            no(
                Key::SpareStopCools,
                vec![("part", json!(part)), ("steps", json!(STOP_COOLING)), ("temperature", json!(c.temperature))],
                format!(
                    "use {part}: the stop itself cools {STOP_COOLING} steps, enough from Temperature {}",
                    c.temperature
                ),
            )
        } else {
            named(
                Key::SpareNothingToRepair,
                format!("use {part}: nothing to repair with it"),
            )
        }
    }
}
