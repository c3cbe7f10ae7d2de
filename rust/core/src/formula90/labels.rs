//! Labels people read ("play 42 + 17 (5 MP)", "check 42 with 33", "pit stop +1 section") and
//! parsing them back. Names, never ids: cards by their check factor or Track number, cars by
//! their names, sections and chits counted from 1.
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::actions::Move;
use super::car::NO_CARD;
use super::cards::{CardId, Colour};
use super::rules::{Strategy, FUEL_CHITS};
use super::state::F90State;
use crate::error::Error;

impl F90State {
    pub fn label(&self, m: Move) -> String {
        // The three parts cover every move between them.
        self.label_decision(m)
            .or_else(|| self.label_turn(m))
            .or_else(|| self.label_chance(m))
            .unwrap_or_default()
    }

    /// A decision before the cards are played: qualifying, strategy, phase A, the pit stop, Free Practice; `None` for any other move.
    fn label_decision(&self, m: Move) -> Option<String> {
        let n = |id: CardId| self.race.card_name(id);
        Some(match m {
            Move::Qualify(id) => format!("qualify with {}", n(id)),
            Move::Fuel(i) => format!(
                "fuel to turn {}",
                FUEL_CHITS.get(usize::from(i)).map_or(0, |f| f.0)
            ),
            Move::Strategy(i) => match Strategy::from_index(i) {
                Some(s) => format!("strategy {}", s.name()),
                None => format!("strategy {} (the book prints nine)", u16::from(i) + 1),
            },
            Move::Drive if self.under_safety_car() => "drive (follow the Safety Car)".into(),
            Move::Drive => "drive".into(),
            Move::Skip => "skip the turn".into(),
            Move::Pit(0) if self.under_safety_car() => {
                "pit stop (to the back of the line, fuel for 16 turns)".into()
            }
            Move::StayOut => "stay out".into(),
            Move::Pit(0) => "pit stop".into(),
            Move::Pit(1) => "pit stop +1 section".into(),
            Move::Pit(e) => format!("pit stop +{e} sections"),
            Move::KeepHand => match self.phase {
                super::state::Phase::WiseDiscard { car } if usize::from(car) < self.n() => format!(
                    "keep the hand (Wise Driving: Race Cards up to {})",
                    self.car(car).chart.hand
                ),
                _ => "keep the hand".into(),
            },
            Move::NewTyres => "new hard tyres".into(),
            Move::KeepTyres => "keep the tyres".into(),
            Move::Discard(id) => match self.phase {
                super::state::Phase::DrawChoice { .. } => {
                    format!("discard {} (Save Fuel: two Race Cards)", n(id))
                }
                _ => format!("discard {}", n(id)),
            },
            Move::DrawOne => "draw from the deck".into(),
            Move::Skill(k) => match super::rules::Skill::from_index(k) {
                Some(s) => format!("skill {}", s.name()),
                None => format!("skill {} (the book prints ten)", u16::from(k) + 1),
            },
            Move::Setup { tyres, hand, wear } => {
                let c = self.setup_chart([tyres, hand, wear]);
                format!(
                    "setup {} tyres, {} cards, {} wear slots ({} points)",
                    c.tyres,
                    c.hand,
                    c.wear_slots,
                    u16::from(tyres) + u16::from(hand) + u16::from(wear)
                )
            }
            Move::NewHand => "new hand (spare car)".into(),
            Move::Versatility => "change strategy (Versatility)".into(),
            Move::WiseDriving => "new cards (Wise Driving)".into(),
            Move::SixthSense(f) => format!("use the {} flag token (Sixth Sense)", f.name()),
            Move::ChaseTake(id) => {
                let chased = match self.phase {
                    super::state::Phase::DrawChoice { car } if usize::from(car) < self.n() => {
                        self.race.names.get(usize::from(self.car(car).chasing))
                    }
                    _ => None,
                };
                match chased {
                    Some(name) => format!("take {} from {name}", n(id)),
                    None => format!("take {}", n(id)),
                }
            }
            _ => return None,
        })
    }

    /// A card play, its costs and checks, phase F and the duels; `None` for any other move.
    fn label_turn(&self, m: Move) -> Option<String> {
        let n = |id: CardId| self.race.card_name(id);
        Some(match m {
            Move::Play { a: None, .. } => "play no card".into(),
            Move::Play {
                a: Some(a),
                b,
                trajectory,
            } => {
                let mut s = format!("play {}", n(a));
                if let Some(b) = b {
                    s.push_str(&format!(" + {}", n(b)));
                }
                if trajectory {
                    s.push_str(" on the trajectory");
                }
                let car = self.it.car;
                // Any id has a label, even one naming no card of this race (a learner's guess).
                let printed = |c: CardId| usize::from(c) < self.race.cards.len();
                if usize::from(car) < self.n() && printed(a) && b.is_none_or(printed) {
                    let mp = self.play_mp(car, [a, b.unwrap_or(NO_CARD)], trajectory);
                    s.push_str(&format!(" ({mp} MP)"));
                }
                s
            }
            Move::PayToken => "pay a tyre token".into(),
            Move::PayCard(id) => format!("pay a tyre with {}", n(id)),
            Move::Test { slot, with } => {
                let by = with.map_or_else(|| "blind".to_string(), |c| format!("with {}", n(c)));
                if slot < 2 {
                    let card = self.it.cards[usize::from(slot)];
                    let of = if card == NO_CARD {
                        format!("card {}", slot + 1)
                    } else {
                        n(card)
                    };
                    format!("check {of} {by}")
                } else {
                    format!("check {by}")
                }
            }
            Move::LateBrake => "late brake".into(),
            Move::NoLateBrake => "no late brake".into(),
            Move::Trajectory(i) => {
                let car = self.it.car;
                let spot = (usize::from(car) < self.n())
                    .then(|| {
                        self.race.track().sections[usize::from(self.car(car).section)]
                            .trajectories
                            .get(usize::from(i))
                            .copied()
                    })
                    .flatten();
                match spot {
                    Some(t) => {
                        let colours: Vec<&str> = Colour::ALL
                            .iter()
                            .filter(|c| t.matches(**c))
                            .map(|c| c.name())
                            .collect();
                        format!("trajectory {} ({} +{})", i + 1, colours.join("/"), t.bonus)
                    }
                    None => format!("trajectory {}", i + 1),
                }
            }
            Move::NoTrajectory => "no trajectory".into(),
            Move::Challenge => "challenge".into(),
            Move::NoChallenge => "no challenge".into(),
            Move::Join => "join the duel".into(),
            Move::Decline => "decline the duel".into(),
            Move::DuelCards { a, b: None } => format!("duel with {}", n(a)),
            Move::DuelCards { a, b: Some(b) } => format!("duel with {} + {}", n(a), n(b)),
            _ => return None,
        })
    }

    /// A chance outcome, the weather, flags and Extreme Trajectories; `None` for any other move.
    fn label_chance(&self, m: Move) -> Option<String> {
        let n = |id: CardId| self.race.card_name(id);
        Some(match m {
            Move::Draw(id) => format!("draw {}", n(id)),
            Move::WearRed => "wear red".into(),
            Move::WearBrown => "wear brown".into(),
            Move::Chit(i) => match self.race.content.robots.chits.get(usize::from(i)) {
                Some(c) => format!(
                    "chit {}: qualifying {} ({}), pit at turn {}",
                    i + 1,
                    c.qualifying,
                    c.cf,
                    c.pit_turn
                ),
                None => format!("chit {}", i + 1),
            },
            Move::Tyres(t) => match super::weather::Tyre::from_index(t) {
                Some(k) => format!("fit {} tyres", k.name()),
                None => format!("fit tyres {} (there are four kinds)", u16::from(t) + 1),
            },
            Move::WeatherStep(0) => "weather one space drier".into(),
            Move::WeatherStep(1) => "weather unchanged".into(),
            Move::WeatherStep(_) => "weather one space wetter".into(),
            Move::BlueToken => "use a blue token (+1 MP)".into(),
            Move::NoBlueToken => "keep the blue tokens".into(),
            Move::Yellow { section, behind } => {
                let name = self.section_label(section);
                match behind {
                    0 => format!(
                        "yellow flag in section {} ({name}) at the front",
                        section + 1
                    ),
                    1 => format!(
                        "yellow flag in section {} ({name}) behind 1 car",
                        section + 1
                    ),
                    k => format!(
                        "yellow flag in section {} ({name}) behind {k} cars",
                        section + 1
                    ),
                }
            }
            Move::Green(section) => format!(
                "green flag: remove the yellow in section {} ({})",
                section + 1,
                self.section_label(section)
            ),
            Move::NoFlag => "no flag".into(),
            Move::LateBrakePower(id) => format!("late brake with {}'s power", n(id)),
            Move::ForceLateBrake => {
                format!("force {} to late-brake", self.robot_label())
            }
            Move::NoForce => format!("let {} drive on", self.robot_label()),
            Move::TakeExtreme => {
                let car = self.it.car;
                let e = (usize::from(car) < self.n())
                    .then(|| {
                        self.race.track().sections[usize::from(self.car(car).section)]
                            .extreme
                            .as_ref()
                    })
                    .flatten();
                match e {
                    Some(e) => {
                        let colours: Vec<&str> = Colour::ALL
                            .iter()
                            .filter(|c| e.colours & c.bit() != 0)
                            .map(|c| c.name())
                            .collect();
                        format!("Extreme Trajectory ({} +{})", colours.join("/"), e.bonus)
                    }
                    None => "Extreme Trajectory".into(),
                }
            }
            Move::FlatOut => "Flat Out: no test, the bonus -1".into(),
            Move::ExtremePower(id) => format!("Extreme Trajectory with {}'s power", n(id)),
            Move::ForceExtreme => {
                format!("put {} on the Extreme Trajectory", self.robot_label())
            }
            Move::TieFirst(c) => match self.race.names.get(usize::from(c)) {
                Some(name) => format!("tie won by {name}"),
                None => format!("tie won by car {} (not in this race)", u16::from(c) + 1),
            },
            _ => return None,
        })
    }

    fn section_label(&self, section: u8) -> String {
        if usize::from(section) < self.race.track().len() {
            self.race.track().section_name(section)
        } else {
            format!("section {} (past the track's last)", u16::from(section) + 1)
        }
    }

    /// The robot an orange-flag decision is about.
    fn robot_label(&self) -> String {
        self.race
            .names
            .get(usize::from(self.it.car))
            .cloned()
            .unwrap_or_else(|| String::from("the robot"))
    }

    fn card_arg(&self, s: &str) -> Result<CardId, Error> {
        self.race
            .card_by_name(s.trim())
            .ok_or_else(|| Error::UnknownAction {
                what: format!("no card {:?}", s.trim()),
            })
    }

    fn one_or_two(&self, s: &str) -> Result<(CardId, Option<CardId>), Error> {
        let mut parts = s.split('+');
        let a = self.card_arg(parts.next().unwrap_or(""))?;
        let b = parts.next().map(|p| self.card_arg(p)).transpose()?;
        if parts.next().is_some() {
            return Err(Error::UnknownAction {
                what: "at most two cards".into(),
            });
        }
        Ok((a, b))
    }

    pub fn parse(&self, label: &str) -> Result<Move, Error> {
        let unknown = || Error::UnknownAction {
            what: label.to_string(),
        };
        // A trailing "(...)" explains the move; it is not part of it.
        let text = match label.find(" (") {
            Some(i)
                if label.ends_with(')')
                    && !label.starts_with("trajectory")
                    && !label.starts_with("chit") =>
            {
                &label[..i]
            }
            _ => label,
        }
        .trim();
        let fixed = [
            ("drive", Move::Drive),
            ("stay out", Move::StayOut),
            ("skip the turn", Move::Skip),
            ("pit stop", Move::Pit(0)),
            ("pit stop +1 section", Move::Pit(1)),
            ("pit stop +2 sections", Move::Pit(2)),
            ("keep the hand", Move::KeepHand),
            ("new hard tyres", Move::NewTyres),
            ("keep the tyres", Move::KeepTyres),
            ("pay a tyre token", Move::PayToken),
            ("late brake", Move::LateBrake),
            ("no late brake", Move::NoLateBrake),
            ("no trajectory", Move::NoTrajectory),
            ("Flat Out: no test, the bonus -1", Move::FlatOut),
            ("challenge", Move::Challenge),
            ("no challenge", Move::NoChallenge),
            ("join the duel", Move::Join),
            ("decline the duel", Move::Decline),
            ("wear red", Move::WearRed),
            ("wear brown", Move::WearBrown),
            ("draw from the deck", Move::DrawOne),
            ("new hand (spare car)", Move::NewHand),
            ("new hand", Move::NewHand),
            ("change strategy (Versatility)", Move::Versatility),
            ("change strategy", Move::Versatility),
            ("new cards (Wise Driving)", Move::WiseDriving),
            ("new cards", Move::WiseDriving),
            (
                "use the yellow flag token",
                Move::SixthSense(super::cards::Flag::Yellow),
            ),
            (
                "use the green flag token",
                Move::SixthSense(super::cards::Flag::Green),
            ),
            (
                "use the blue flag token",
                Move::SixthSense(super::cards::Flag::Blue),
            ),
            ("weather one space drier", Move::WeatherStep(0)),
            ("weather unchanged", Move::WeatherStep(1)),
            ("weather one space wetter", Move::WeatherStep(2)),
            ("use a blue token", Move::BlueToken),
            ("keep the blue tokens", Move::NoBlueToken),
            ("no flag", Move::NoFlag),
            (
                "play no card",
                Move::Play {
                    a: None,
                    b: None,
                    trajectory: false,
                },
            ),
        ];
        if let Some((_, m)) = fixed.iter().find(|(l, _)| *l == text) {
            return Ok(*m);
        }
        if let Some(m) = self.parse_cards(label, text)? {
            return Ok(m);
        }
        if let Some(m) = self.parse_table(label, text)? {
            return Ok(m);
        }
        Err(unknown())
    }

    /// A move that names cards or a number: a play, a duel, qualifying, fuel, a strategy, a
    /// discard, a skill, the setup, a chase, a tyre paid, a check, a trajectory. `None`: not one.
    fn parse_cards(&self, label: &str, text: &str) -> Result<Option<Move>, Error> {
        let unknown = || Error::UnknownAction {
            what: label.to_string(),
        };
        if let Some(rest) = text.strip_prefix("play ") {
            let (rest, trajectory) = match rest.strip_suffix(" on the trajectory") {
                Some(r) => (r, true),
                None => (rest, false),
            };
            let (a, b) = self.one_or_two(rest)?;
            return Ok(Some(Move::Play {
                a: Some(a),
                b,
                trajectory,
            }));
        }
        if let Some(rest) = text.strip_prefix("duel with ") {
            let (a, b) = self.one_or_two(rest)?;
            return Ok(Some(Move::DuelCards { a, b }));
        }
        if let Some(rest) = text.strip_prefix("qualify with ") {
            return Ok(Some(Move::Qualify(self.card_arg(rest)?)));
        }
        if let Some(rest) = text.strip_prefix("fuel to turn ") {
            let t: u8 = rest.parse().map_err(|_| unknown())?;
            let i = FUEL_CHITS
                .iter()
                .position(|f| f.0 == t)
                .ok_or_else(unknown)?;
            return Ok(Some(Move::Fuel(i as u8)));
        }
        if let Some(rest) = text.strip_prefix("strategy ") {
            let s = Strategy::parse(rest).ok_or_else(unknown)?;
            return Ok(Some(Move::Strategy(s as u8)));
        }
        if let Some(rest) = text.strip_prefix("discard ") {
            return Ok(Some(Move::Discard(self.card_arg(rest)?)));
        }
        if let Some(rest) = text.strip_prefix("skill ") {
            let k = super::rules::Skill::parse(rest).ok_or_else(unknown)?;
            return Ok(Some(Move::Skill(k as u8)));
        }
        if let Some(rest) = text.strip_prefix("setup ") {
            // "setup 12 tyres, 5 cards, 5 wear slots": the values back to their points.
            let nums: Vec<u8> = rest
                .split(|c: char| !c.is_ascii_digit())
                .filter(|x| !x.is_empty())
                .filter_map(|x| x.parse().ok())
                .collect();
            let t = &self.race.content.setup;
            let point = |v: &[u8; 3], x: Option<&u8>| -> Result<u8, Error> {
                let x = *x.ok_or_else(unknown)?;
                v.iter()
                    .position(|&y| y == x)
                    .map(|i| i as u8 + 1)
                    .ok_or_else(unknown)
            };
            return Ok(Some(Move::Setup {
                tyres: point(&t.tyres, nums.first())?,
                hand: point(&t.hand, nums.get(1))?,
                wear: point(&t.wear_slots, nums.get(2))?,
            }));
        }
        if let Some(rest) = text.strip_prefix("take ") {
            let card = rest.split(" from ").next().unwrap_or("");
            return Ok(Some(Move::ChaseTake(self.card_arg(card)?)));
        }
        if let Some(rest) = text.strip_prefix("pay a tyre with ") {
            return Ok(Some(Move::PayCard(self.card_arg(rest)?)));
        }
        if let Some(rest) = text.strip_prefix("check ") {
            let (of, by) = match rest.strip_suffix(" blind") {
                Some(of) => (of, None),
                None if rest == "blind" => ("", None),
                None => {
                    let (of, c) = match rest.rsplit_once("with ") {
                        Some((of, c)) => (of.trim_end(), c),
                        None => return Err(unknown()),
                    };
                    (of, Some(self.card_arg(c)?))
                }
            };
            let slot = if of.is_empty() || of == "blind" {
                2
            } else if let Some(k) = of.strip_prefix("card ") {
                k.parse::<u8>().map_err(|_| unknown())?.saturating_sub(1)
            } else {
                let id = self.card_arg(of)?;
                self.it
                    .cards
                    .iter()
                    .position(|&c| c == id)
                    .ok_or_else(unknown)? as u8
            };
            return Ok(Some(Move::Test { slot, with: by }));
        }
        if let Some(rest) = text.strip_prefix("trajectory ") {
            let k: u8 = rest
                .split(' ')
                .next()
                .unwrap_or("")
                .parse()
                .map_err(|_| unknown())?;
            return Ok(Some(Move::Trajectory(
                k.checked_sub(1).ok_or_else(unknown)?,
            )));
        }
        Ok(None)
    }

    /// A chance outcome, tyres, a flag, the orange pawn or an Extreme Trajectory. `None`: not
    /// one.
    fn parse_table(&self, label: &str, text: &str) -> Result<Option<Move>, Error> {
        let unknown = || Error::UnknownAction {
            what: label.to_string(),
        };
        if let Some(t) = text
            .strip_prefix("fit ")
            .and_then(|r| r.strip_suffix(" tyres"))
            .and_then(super::weather::Tyre::parse)
        {
            return Ok(Some(Move::Tyres(t as u8)));
        }
        let section_no = |rest: &str| -> Result<u8, Error> {
            let k: u8 = rest
                .split(' ')
                .next()
                .unwrap_or("")
                .parse()
                .map_err(|_| unknown())?;
            k.checked_sub(1).ok_or_else(unknown)
        };
        if let Some(rest) = label.strip_prefix("yellow flag in section ") {
            let section = section_no(rest)?;
            let behind = if rest.ends_with(" at the front") {
                0
            } else {
                rest.rsplit_once(" behind ")
                    .and_then(|(_, k)| k.split(' ').next())
                    .and_then(|k| k.parse().ok())
                    .ok_or_else(unknown)?
            };
            return Ok(Some(Move::Yellow { section, behind }));
        }
        if let Some(rest) = label.strip_prefix("green flag: remove the yellow in section ") {
            return Ok(Some(Move::Green(section_no(rest)?)));
        }
        if text.starts_with("force ") && text.ends_with(" to late-brake") {
            return Ok(Some(Move::ForceLateBrake));
        }
        if text.starts_with("let ") && text.ends_with(" drive on") {
            return Ok(Some(Move::NoForce));
        }
        if text.starts_with("put ") && text.ends_with(" on the Extreme Trajectory") {
            return Ok(Some(Move::ForceExtreme));
        }
        if text.starts_with("Extreme Trajectory (") || text == "Extreme Trajectory" {
            return Ok(Some(Move::TakeExtreme));
        }
        if let Some(rest) = text
            .strip_prefix("Extreme Trajectory with ")
            .and_then(|r| r.strip_suffix("'s power"))
        {
            return Ok(Some(Move::ExtremePower(self.card_arg(rest)?)));
        }
        if let Some(rest) = text
            .strip_prefix("late brake with ")
            .and_then(|r| r.strip_suffix("'s power"))
        {
            return Ok(Some(Move::LateBrakePower(self.card_arg(rest)?)));
        }
        if let Some(rest) = text.strip_prefix("draw ") {
            return Ok(Some(Move::Draw(self.card_arg(rest)?)));
        }
        if let Some(rest) = text.strip_prefix("chit ") {
            let k: u8 = rest
                .split(':')
                .next()
                .unwrap_or("")
                .parse()
                .map_err(|_| unknown())?;
            return Ok(Some(Move::Chit(k.checked_sub(1).ok_or_else(unknown)?)));
        }
        if let Some(rest) = text.strip_prefix("tie won by ") {
            let c = self
                .race
                .names
                .iter()
                .position(|n| n == rest)
                .ok_or_else(unknown)?;
            return Ok(Some(Move::TieFirst(c as u8)));
        }
        Ok(None)
    }
}
