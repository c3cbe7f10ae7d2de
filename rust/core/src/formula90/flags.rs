//! The flags module (D.4 Eventos, Bandeiras): a card's flag in phase D.4. Yellow: a marker in a
//! corner section's queue that costs 1 MP to get past and forbids passing and duels there until
//! the Leader gets past it or a green removes it. Green: removes a yellow. Blue: the car laps
//! backmarkers for 0 MP (1 in corners) until the next Race Stage. Orange: the one orange pawn;
//! its holder may force a robot ending its move in a braking zone to late-brake, until the next
//! Race Stage. Decisions in docs/rules/formula90.md ("Flags").
use super::cards::Flag;
use super::events::{Event, Log};
use super::refusals::{Key, Why};
use super::rules::Skill;
use super::state::{F90State, Phase};
use super::track::Kind;

/// SIXTH SENSE's tokens (A34: one of each flag a player could want at the start of a turn).
pub const SIXTH_FLAGS: [Flag; 3] = [Flag::Yellow, Flag::Green, Flag::Blue];

/// A Sixth Sense token's bit in `Car::sixth_used` and `IndTurn::sixth`.
pub fn sixth_bit(f: Flag) -> u8 {
    1 << (flag_code(f) - 1)
}

/// No car holds the orange pawn.
pub const NO_HOLDER: u8 = u8::MAX;

impl F90State {
    pub fn flags_on(&self) -> bool {
        self.race.opts.flags
    }

    /// The yellow flag in `section`: how many cars stand ahead of it.
    pub fn yellow_at(&self, section: u8) -> Option<u8> {
        match self.yellow[usize::from(section)] {
            0 => None,
            k => Some(k - 1),
        }
    }

    /// A car's place in its section's queue (0 = its front).
    pub fn place_in_section(&self, car: u8) -> u8 {
        let s = self.car(car).section;
        self.section_cars(s).take_while(|&c| c != car).count() as u8
    }

    /// Whether the yellow flag of `car`'s section stands just ahead of it.
    pub fn yellow_just_ahead(&self, car: u8) -> bool {
        let c = self.car(car);
        c.racing() && self.yellow_at(c.section) == Some(self.place_in_section(car))
    }

    /// A car leaves `section` from place `place`: a flag behind it moves up a place.
    pub fn yellow_car_left(&mut self, section: u8, place: u8) {
        if let Some(k) = self.yellow_at(section) {
            if place < k {
                self.yellow[usize::from(section)] -= 1;
            }
        }
    }

    /// The places a yellow may take in `section`: behind every car on a trajectory ("deve
    /// sempre ser colocada após as trajetórias").
    pub fn yellow_places(&self, section: u8) -> core::ops::RangeInclusive<u8> {
        let cars: alloc::vec::Vec<u8> = self.section_cars(section).collect();
        let first = cars
            .iter()
            .rposition(|&c| self.car(c).trajectory.is_some())
            .map_or(0, |i| i as u8 + 1);
        first..=cars.len() as u8
    }

    pub fn yellow_refused(&self, section: u8, k: u8) -> Option<Why> {
        let track = self.race.track();
        if usize::from(section) >= track.len() || track.kind(section) != Kind::Corner {
            return Some(Why::new(
                Key::YellowCorner,
                "Flags: a yellow flag goes on a corner section",
            ));
        }
        if self.yellow_at(section).is_some() {
            return Some(Why::new(
                Key::YellowThere,
                "Flags: that corner section has its yellow flag already",
            ));
        }
        if !self.yellow_places(section).contains(&k) {
            return Some(Why::new(
                Key::YellowPlace,
                "Flags: a yellow flag stands behind the cars on trajectories and among the cars there",
            ));
        }
        None
    }

    /// SIXTH SENSE tokens a car still holds (yellow, green, blue), none without the skill.
    pub fn sixth_left(&self, car: u8) -> alloc::vec::Vec<Flag> {
        let c = self.car(car);
        if !c.has(Skill::SixthSense) {
            return alloc::vec::Vec::new();
        }
        SIXTH_FLAGS
            .into_iter()
            .filter(|&f| c.sixth_used & sixth_bit(f) == 0)
            .collect()
    }

    /// Why `car` may not declare its `flag` token now (A34: at the start of its turn, before it
    /// drives, each token once until the next pit stop).
    pub fn sixth_refused(&self, car: u8, flag: Flag) -> Option<Why> {
        let c = self.car(car);
        if !c.has(Skill::SixthSense) {
            let name = self.car_named(car);
            return Some(
                Why::new(
                    Key::SixthNoSkill,
                    alloc::format!("Sixth Sense: {name} has not the Sixth Sense skill"),
                )
                .with("car", name),
            );
        }
        if !self.flags_on() {
            return Some(Why::new(
                Key::SixthFlagsOff,
                "Sixth Sense: its tokens are flags; the flags module is off",
            ));
        }
        if !SIXTH_FLAGS.contains(&flag) {
            return Some(Why::new(
                Key::SixthTokens,
                "Sixth Sense: the tokens are one yellow, one green and one blue flag",
            ));
        }
        if (c.sixth_used | self.it.sixth) & sixth_bit(flag) != 0 {
            return Some(
                Why::new(
                    Key::SixthUsed,
                    alloc::format!(
                        "Sixth Sense: the {} flag token is used; the tokens come back at the next pit stop",
                        flag.name()
                    ),
                )
                .with("flag", flag.name()),
            );
        }
        if c.must_pit || c.forced_pit {
            return Some(Why::new(
                Key::SixthMustPit,
                "Sixth Sense: a token is used on a turn the car drives; it must pit now",
            ));
        }
        None
    }

    /// Declares a token: spent at once, its flag resolved in D.4 after the movement cards'.
    pub fn sixth_sense(&mut self, car: u8, flag: Flag, log: &mut impl Log) {
        let bit = sixth_bit(flag);
        self.it.sixth |= bit;
        let c = self.car_mut(car);
        c.sixth_used |= bit;
        let left = super::rules::SIXTH_SENSE_FLAGS - c.sixth_used.count_ones() as u8;
        if left == 0 {
            c.skill_used = true;
        }
        log.push(Event::SixthSense { car, flag, left });
    }

    /// D.4: the flags of the movement cards, one after the other, then the Sixth Sense tokens
    /// declared this turn; blue and orange pawns are taken at once, yellow and green ask the
    /// player.
    pub fn next_flag(&mut self, car: u8, log: &mut impl Log) -> bool {
        loop {
            let f = if let Some(i) = self.it.flags.iter().position(|&f| f != 0) {
                core::mem::take(&mut self.it.flags[i])
            } else if self.it.sixth != 0 {
                let bit = self.it.sixth & self.it.sixth.wrapping_neg();
                self.it.sixth &= !bit;
                bit.trailing_zeros() as u8 + 1
            } else {
                break;
            };
            match flag_of(f) {
                Some(Flag::Blue) => {
                    self.car_mut(car).blue_flag = true;
                    log.push(Event::FlagTaken {
                        car,
                        flag: Flag::Blue,
                    });
                }
                // Only the first orange of a Race Stage takes the pawn.
                Some(Flag::Orange) if self.orange == NO_HOLDER => {
                    self.orange = car;
                    log.push(Event::FlagTaken {
                        car,
                        flag: Flag::Orange,
                    });
                }
                Some(Flag::Yellow) => {
                    let free = (0..self.race.track().len() as u8).any(|s| {
                        self.race.track().kind(s) == Kind::Corner && self.yellow_at(s).is_none()
                    });
                    if free {
                        self.phase = Phase::YellowFlag { car };
                        return true;
                    }
                }
                Some(Flag::Green) if self.yellow.iter().any(|&y| y != 0) => {
                    self.phase = Phase::GreenFlag { car };
                    return true;
                }
                _ => {}
            }
        }
        false
    }

    pub fn place_yellow(&mut self, car: u8, section: u8, k: u8, log: &mut impl Log) {
        self.yellow[usize::from(section)] = k + 1;
        log.push(Event::YellowPlaced {
            car,
            section,
            behind: k,
        });
    }

    pub fn remove_yellow(&mut self, car: Option<u8>, section: u8, log: &mut impl Log) {
        self.yellow[usize::from(section)] = 0;
        log.push(Event::YellowRemoved { car, section });
    }

    /// "Desaceleração": 1 MP to get past the flag; the Leader getting past it removes it.
    pub fn pass_yellow(&mut self, car: u8, log: &mut impl Log) {
        let s = self.car(car).section;
        self.it.mp_left -= 1;
        self.yellow[usize::from(s)] += 1;
        self.car_mut(car).moved = true;
        log.push(Event::YellowPassed { car, section: s });
        if self.leader() == Some(car) {
            self.remove_yellow(None, s, log);
        }
    }

    /// A new Race Stage: blue and orange pawns go back.
    pub fn stage_flags(&mut self) {
        for c in 0..self.n() {
            self.cars[c].blue_flag = false;
        }
        self.orange = NO_HOLDER;
    }

    /// F: the orange pawn's holder may send a robot ending its move at a late-braking point
    /// into a late brake.
    pub fn orange_holder_for(&self, robot: u8) -> Option<u8> {
        let h = self.orange;
        (self.flags_on() && h != NO_HOLDER && !self.car(h).retired() && h != robot).then_some(h)
    }
}

pub fn flag_code(f: Flag) -> u8 {
    match f {
        Flag::Yellow => 1,
        Flag::Green => 2,
        Flag::Blue => 3,
        Flag::Orange => 4,
    }
}

pub fn flag_of(code: u8) -> Option<Flag> {
    match code {
        1 => Some(Flag::Yellow),
        2 => Some(Flag::Green),
        3 => Some(Flag::Blue),
        4 => Some(Flag::Orange),
        _ => None,
    }
}
