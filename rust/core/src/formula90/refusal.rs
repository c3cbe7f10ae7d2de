//! Why a move is not legal here, in the failing rule's own words (`check`), and the checks
//! of a card play the legal list and the plans share.
use super::actions::Move;
use super::car::NO_CARD;
use super::cards::{CardId, CardSet};
use super::plan::DryRun;
use super::refusals::{forced_pit, Key, Said, Why};
use super::rules::{pair_allowed_with, push_pair, Strategy, FUEL_CHITS, MAX_EXTRA_SECTIONS};
use super::state::{Check, F90State, Phase};
use super::weather::Tyre;
use alloc::format;
use alloc::string::String;

/// Why a play of cards is refused, without the words (built only when a player asks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    NoFirst,
    CouldPlay,
    NotInHand(CardId),
    Frozen(CardId),
    Same,
    Pair(Said),
    Push {
        fuel: u8,
    },
    Trajectory(Said),
    NoToken,
    Tyres {
        tyres: u8,
        discard: u8,
        tokens: u8,
        cards: u8,
    },
    Discards {
        discard: u8,
        cards: u8,
    },
    Wear {
        wear: u8,
        free: u8,
    },
    TrackCorner {
        card: CardId,
        corner: u8,
    },
    TrackChecks {
        card: CardId,
        checks: u8,
        corner: u8,
    },
    TrackExtreme {
        card: CardId,
    },
}

/// Dry runs of the move already made for this phase C, by movement points: a Track Card's
/// corner does not depend on which cards give the points.
#[derive(Debug)]
pub struct Memo {
    runs: [Option<DryRun>; 80],
}

impl Default for Memo {
    fn default() -> Self {
        Memo { runs: [None; 80] }
    }
}

impl Memo {
    /// By movement points and whether the "-1" icon is played (it changes where a move ends).
    pub fn run(&mut self, s: &F90State, car: u8, mp: i8, icon: bool) -> DryRun {
        let k = (i16::from(mp) + 8).clamp(0, 39) as usize + 40 * usize::from(icon);
        *self.runs[k].get_or_insert_with(|| s.dry_run_with(car, mp, icon))
    }
}

/// A hand's card ids in an array (no allocation).
pub fn hand_ids(hand: CardSet) -> ([CardId; super::cards::MAX_CARDS], usize) {
    let mut ids = [0u8; super::cards::MAX_CARDS];
    let mut n = 0;
    for id in hand.iter() {
        ids[n] = id;
        n += 1;
    }
    (ids, n)
}

impl F90State {
    fn name(&self, id: CardId) -> String {
        self.race.card_name(id)
    }

    fn in_hand(&self, car: u8, id: CardId) -> Result<(), Why> {
        let c = self.car(car);
        if c.hand.contains(id) {
            Ok(())
        } else if c.frozen.contains(id) {
            Err(self.frozen(id))
        } else {
            Err(self.not_in_hand(id))
        }
    }

    fn frozen(&self, id: CardId) -> Why {
        let text = format!(
            "Duels: {} is frozen on the table until the next turn",
            self.name(id)
        );
        Why::new(Key::Frozen, text).with("card", self.name(id))
    }

    pub(super) fn not_in_hand(&self, id: CardId) -> Why {
        let text = format!("{} is not in your hand", self.name(id));
        Why::new(Key::NotInHand, text).with("card", self.name(id))
    }

    /// A car named by the core (its colour, a robot's name), for the words module to word.
    pub(super) fn car_named(&self, car: u8) -> String {
        self.race.names[usize::from(car)].clone()
    }

    /// The strategies on offer: the nine printed ones, or the basic race's four (option
    /// `strategies`).
    pub fn strategies(&self) -> &'static [Strategy] {
        match self.race.opts.strategies {
            super::options::Strategies::All => &Strategy::ALL,
            super::options::Strategies::Basic => &Strategy::BASIC,
        }
    }

    /// Why `m` is illegal now, or `Ok`.
    pub fn check(&self, m: Move) -> Result<(), Why> {
        self.check_pre_race(m)
            .or_else(|| self.check_stops(m))
            .or_else(|| self.check_car_turn(m))
            // Each action belongs to one step of the turn: name the action and the step it is.
            .unwrap_or_else(|| Err(self.not_a_choice(m)))
    }

    /// The Safety Car, chance outcomes, qualifying, strategies, phase A's skills and Free Practice: `None` for any other pair.
    fn check_pre_race(&self, m: Move) -> Option<Result<(), Why>> {
        Some(match (self.phase, m) {
            (Phase::SafetyCarPit { .. }, Move::Pit(extra)) => {
                if extra <= MAX_EXTRA_SECTIONS {
                    Ok(())
                } else {
                    Err(pit_extra())
                }
            }
            (Phase::SafetyCarPit { car }, Move::StayOut) => self.stay_out_refused(car),
            (Phase::SafetyCarDiscard { car }, Move::Discard(id)) => self.in_hand(car, id),
            (Phase::Declare { car }, m) if self.under_safety_car() => {
                self.safety_car_declare(car, m)
            }
            (Phase::DrawRace { .. } | Phase::Blind { .. } | Phase::WeatherCard, Move::Draw(id)) => {
                self.drawn(id, true)
            }
            (Phase::DrawTrack { .. }, Move::Draw(id)) => self.drawn(id, false),
            (Phase::Wear { .. }, Move::WearRed) => {
                if self.bag[0] > 0 || self.bag == [0, 0] {
                    Ok(())
                } else {
                    Err(Why::new(Key::NoRedWear, "no red wear token left in the bag"))
                }
            }
            (Phase::Wear { .. }, Move::WearBrown) => {
                if self.bag[1] > 0 {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::NoBrownWear,
                        "no brown wear token left in the bag",
                    ))
                }
            }
            (Phase::RobotChit { car }, Move::Chit(i)) => {
                if self.free_chits(car).any(|c| c == i) {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::ChitNotFree,
                        "that refuel chit is not free for this robot's type",
                    ))
                }
            }
            (Phase::GridTie { slot }, Move::TieFirst(c)) => {
                if self.tied_at(slot).any(|x| x == c) {
                    Ok(())
                } else {
                    Err(Why::new(Key::NotInTie, "that car is not in the tie"))
                }
            }
            (Phase::QualifyCard { seat }, Move::Qualify(id)) => {
                if super::cards::is_track_id(id) {
                    return Some(Err(Why::new(
                        Key::QualifyRaceCard,
                        "Qualifying: a Race Card from your hand",
                    )));
                }
                self.in_hand(seat, id)
            }
            (Phase::QualifyFuel { .. }, Move::Fuel(i)) => {
                if usize::from(i) < FUEL_CHITS.len() {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::QualifyFuel,
                        "Qualifying: refuel chits are turns 8, 10, 12, 14 and 16",
                    ))
                }
            }
            (Phase::Strategy { .. }, Move::Strategy(i)) => match Strategy::from_index(i) {
                Some(s) if self.strategies().contains(&s) => Ok(()),
                Some(s) => Err(Why::new(
                    Key::AdvancedStrategy,
                    format!(
                        "Strategies: {} belongs to the advanced game (option strategies = all)",
                        s.name()
                    ),
                )
                .with("strategy", s.name())),
                None => Err(Why::new(Key::NoSuchStrategy, "no such strategy")),
            },
            (Phase::Declare { car }, Move::SixthSense(f)) => match self.sixth_refused(car, f) {
                Some(e) => Err(e),
                None => Ok(()),
            },
            (Phase::Declare { .. }, Move::Skip | Move::Pit(_)) if self.it.sixth != 0 => {
                Err(Why::new(
                    Key::SixthDeclared,
                    "Sixth Sense: a flag token was declared for this turn; it drives to use it in D.4",
                ))
            }
            (Phase::Declare { .. }, Move::Skip) if self.it.a2 => Err(Why::new(
                Key::SkipBeforeSkill,
                "A.1: skipping the turn comes before A.2 (a skill was declared)",
            )),
            (Phase::Declare { car }, Move::Versatility) if !self.it.a2 => {
                self.a2_open(car, super::rules::Skill::Versatility)
            }
            (Phase::Declare { car }, Move::WiseDriving) if !self.it.a2 => {
                self.a2_open(car, super::rules::Skill::WiseDriving)
            }
            (Phase::Declare { .. }, Move::Versatility | Move::WiseDriving) => {
                Err(Why::new(Key::OneSkill, "A.2: one skill declaration a turn"))
            }
            (Phase::Skill { .. }, Move::Skill(k)) => {
                if super::rules::Skill::from_index(k).is_some() {
                    Ok(())
                } else {
                    Err(Why::new(Key::NoSuchSkill, "no such skill"))
                }
            }
            (Phase::Setup { seat }, Move::Setup { tyres, hand, wear }) => {
                self.check_setup(seat, [tyres, hand, wear])
            }
            (Phase::SpareCar { .. }, Move::KeepHand | Move::NewHand) => Ok(()),
            (Phase::WiseDiscard { .. }, Move::KeepHand) => Ok(()),
            (Phase::WiseDiscard { car }, Move::Discard(id)) => {
                if let Err(e) = self.in_hand(car, id) {
                    return Some(Err(e));
                }
                if super::cards::is_track_id(id) {
                    Err(Why::new(
                        Key::WiseRaceCards,
                        "Wise Driving: Race Cards only (Track Cards stay)",
                    ))
                } else {
                    Ok(())
                }
            }
            _ => return None,
        })
    }

    /// A card drawn from the Race deck (`race`) or the Track deck: it must be in that deck.
    fn drawn(&self, id: CardId, race: bool) -> Result<(), Why> {
        let (deck, key, name) = if race {
            (&self.race_deck, Key::NotInRaceDeck, "Race")
        } else {
            (&self.track_deck, Key::NotInTrackDeck, "Track")
        };
        if deck.contains(id) {
            return Ok(());
        }
        Err(
            Why::new(key, format!("{} is not in the {name} deck", self.name(id)))
                .with("card", self.name(id)),
        )
    }

    /// Phase A, the pit stop, tyres, weather, flags and Extreme Trajectories: `None` for any other pair.
    fn check_stops(&self, m: Move) -> Option<Result<(), Why>> {
        Some(match (self.phase, m) {
            (Phase::Declare { car }, Move::Drive | Move::Skip) => {
                let c = self.car(car);
                if c.must_pit {
                    Err(self.must_pit(car))
                } else if c.forced_pit {
                    Err(forced_pit())
                } else {
                    Ok(())
                }
            }
            (Phase::Declare { .. }, Move::Pit(extra)) => {
                if extra <= MAX_EXTRA_SECTIONS {
                    Ok(())
                } else {
                    Err(pit_extra())
                }
            }
            (Phase::PitDiscard { car }, Move::Discard(id)) => self.in_hand(car, id),
            (Phase::PitDiscard { car }, Move::KeepHand) => {
                let have = self.pit_hand_count(car);
                let limit = self.car(car).chart.hand;
                if have <= limit {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::PitHand,
                        format!(
                            "Pit stop: {have} cards (frozen duel cards count); leave with at most {limit}"
                        ),
                    )
                    .with("have", have)
                    .with("limit", limit))
                }
            }
            (Phase::PitTyres { .. }, Move::KeepTyres) => Ok(()),
            (Phase::PitTyres { .. }, Move::NewTyres) => {
                if self.weather_on() {
                    Err(Why::new(
                        Key::NameTyres,
                        "Tyres: name the type of the new tyres",
                    ))
                } else {
                    Ok(())
                }
            }
            (Phase::PitTyres { car } | Phase::StartTyres { car }, Move::Tyres(t)) => {
                let Some(t) = Tyre::from_index(t) else {
                    return Some(Err(Why::new(
                        Key::TyreKinds,
                        "Tyres: soft, hard, intermediate or rain",
                    )));
                };
                match self.tyres_refused(car, t) {
                    Some(why) => Err(why),
                    None => Ok(()),
                }
            }
            (Phase::RobotTyres, Move::Tyres(t)) => match Tyre::from_index(t) {
                Some(Tyre::Hard | Tyre::Rain) => Ok(()),
                _ => Err(Why::new(
                    Key::RobotTyres,
                    "Robots' tyres: robots fit only hard or rain tyres",
                )),
            },
            (Phase::WeatherIcon { .. }, Move::WeatherStep(k)) => {
                if k > 2 {
                    return Some(Err(Why::new(
                        Key::WeatherStep,
                        "Weather: one space drier, none, or one space wetter",
                    )));
                }
                match self.weather_step_refused(k as i8 - 1) {
                    Some(why) => Err(why),
                    None => Ok(()),
                }
            }
            (Phase::BlueToken { .. }, Move::BlueToken | Move::NoBlueToken) => Ok(()),
            (Phase::YellowFlag { .. } | Phase::GreenFlag { .. }, Move::NoFlag) => Ok(()),
            (Phase::YellowFlag { .. }, Move::Yellow { section, behind }) => {
                match self.yellow_refused(section, behind) {
                    Some(why) => Err(why),
                    None => Ok(()),
                }
            }
            (Phase::GreenFlag { .. }, Move::Green(section)) => {
                if usize::from(section) < self.race.track().len()
                    && self.yellow_at(section).is_some()
                {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::GreenFlag,
                        "Flags: a green flag removes a yellow flag on the track",
                    ))
                }
            }
            (Phase::OrangeFlag { .. }, Move::ForceLateBrake | Move::NoForce) => Ok(()),
            (Phase::OrangeExtreme { .. }, Move::ForceExtreme | Move::NoForce) => Ok(()),
            (
                Phase::Extreme { car },
                Move::Test {
                    slot: 2,
                    with: None,
                },
            ) => match self.extreme_blind_refused(car) {
                Some(why) => Err(why),
                None => Ok(()),
            },
            (Phase::Extreme { car }, Move::FlatOut) => {
                self.check_sure_pass(car, super::extreme::SurePass::FlatOut)
            }
            (Phase::Extreme { car }, Move::ExtremePower(id)) => {
                self.check_sure_pass(car, super::extreme::SurePass::Power(id))
            }
            (Phase::Trajectory { car, .. }, Move::TakeExtreme) => {
                if self.free_trajectories(car) >> super::extreme::ET_SPOT & 1 == 1 {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::NoFreeExtreme,
                        "Extreme Trajectories: no free Extreme Trajectory in this section",
                    ))
                }
            }
            _ => return None,
        })
    }

    /// Phases B to F and the duels: `None` for any other pair.
    fn check_car_turn(&self, m: Move) -> Option<Result<(), Why>> {
        Some(match (self.phase, m) {
            (Phase::LuckyDiscard { car } | Phase::PayDiscard { car }, Move::Discard(id)) => {
                self.in_hand(car, id)
            }
            (Phase::RecoveryDiscard { car, .. }, Move::Discard(id)) => self.in_hand(car, id),
            (Phase::DrawChoice { .. }, Move::DrawOne) => Ok(()),
            (Phase::DrawChoice { car }, Move::Discard(id)) => {
                if !self.car(car).uses(Strategy::SaveFuel) {
                    return Some(Err(Why::new(
                        Key::SaveFuelOnly,
                        "Save Fuel: only its strategy trades a card for two",
                    )));
                }
                if let Err(e) = self.in_hand(car, id) {
                    return Some(Err(e));
                }
                if self.race.card(id).mp <= super::rules::SAVE_FUEL_MP {
                    let mp = self.race.card(id).mp;
                    return Some(Err(Why::new(
                        Key::SaveFuelCard,
                        format!(
                            "Save Fuel: discard a card over [2] for two Race Cards, not {} [{mp}]",
                            self.name(id)
                        ),
                    )
                    .with("card", self.name(id))
                    .with("mp", mp)));
                }
                Ok(())
            }
            (Phase::DrawChoice { car }, Move::ChaseTake(id)) => {
                let chased = self.car(car).chasing;
                if !self.car(car).uses(Strategy::Chase) || chased == super::car::NO_CAR {
                    return Some(Err(Why::new(
                        Key::ChaseNone,
                        "Chase: no Chased chit on a car",
                    )));
                }
                if self.car(chased).reserved.contains(id) {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::ChaseCard,
                        format!(
                            "Chase: {} is not among {}'s movement cards left to take",
                            self.name(id),
                            self.car_named(chased)
                        ),
                    )
                    .with("card", self.name(id))
                    .with("car", self.car_named(chased)))
                }
            }
            (Phase::Play { car }, Move::Play { a, b, trajectory }) => {
                self.check_play(car, a, b, trajectory)
            }
            (Phase::PayTyres { car }, Move::PayToken) => {
                if self.can_pay_token(car) {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::PayToken,
                        "Tyres: no token left that keeps the rest payable",
                    ))
                }
            }
            (Phase::PayTyres { car }, Move::PayCard(id)) => {
                if let Err(e) = self.in_hand(car, id) {
                    return Some(Err(e));
                }
                if self.can_pay_card(car) {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::PayCard,
                        "Tyres: the cards left are needed for the discards",
                    ))
                }
            }
            (Phase::Tests { car }, Move::Test { slot, with }) => self.check_test(car, slot, with),
            (Phase::Check { car, why }, Move::Test { slot: 2, with }) => {
                self.check_check(car, why, with)
            }
            (Phase::LateBrake { .. }, Move::LateBrake | Move::NoLateBrake) => Ok(()),
            (Phase::LateBrake { car }, Move::LateBrakePower(id)) => {
                if let Err(e) = self.in_hand(car, id) {
                    return Some(Err(e));
                }
                if !self.race.opts.track_powers
                    || self.race.card(id).power != super::cards::Power::LateBrake
                {
                    return Some(Err(Why::new(
                        Key::LateBrakePower,
                        format!(
                            "Track Cards: {} has no late-braking Discard Power",
                            self.name(id)
                        ),
                    )
                    .with("card", self.name(id))));
                }
                Ok(())
            }
            (Phase::Trajectory { car, .. }, Move::Trajectory(i)) => {
                if i < super::extreme::ET_SPOT && self.free_trajectories(car) >> i & 1 == 1 {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::TrajectoryTaken,
                        "Trajectories: that trajectory is taken or not in this section",
                    ))
                }
            }
            (Phase::Trajectory { .. }, Move::NoTrajectory) => Ok(()),
            (Phase::Challenge { .. }, Move::Challenge | Move::NoChallenge) => Ok(()),
            (Phase::Join { .. }, Move::Join | Move::Decline) => Ok(()),
            (Phase::DuelCards { car }, Move::DuelCards { a, b }) => {
                if let Err(e) = self.in_hand(car, a) {
                    return Some(Err(e));
                }
                if let Some(b) = b {
                    if let Err(e) = self.in_hand(car, b) {
                        return Some(Err(e));
                    }
                    if a == b {
                        return Some(Err(Why::new(Key::DuelSame, "Duels: two different cards")));
                    }
                }
                Ok(())
            }
            _ => return None,
        })
    }

    /// An action of another step of the turn: the action by its label (the stable name a
    /// player types), who decides now and the step, by the name the view gives it.
    fn not_a_choice(&self, m: Move) -> Why {
        let label = self.label(m);
        let phase = self.phase_name();
        let why = match self.current_player() {
            crate::game::Player::Seat(s) => {
                let who = self.car_named(s);
                Why::new(
                    Key::NotAChoice,
                    format!("{label} is not a choice of {who} ({phase})"),
                )
                .with("car", who)
            }
            crate::game::Player::Chance => Why::new(
                Key::NotAChoiceChance,
                format!("{label} is not a choice of chance ({phase})"),
            ),
            crate::game::Player::Terminal => Why::new(
                Key::RaceOver,
                format!("{label} is not a choice of nobody: the race is over"),
            ),
        };
        why.with("move", label).with("phase", phase)
    }

    /// "Fuel: the turn pawn reached {car}'s refuel chit: it must pit this turn".
    pub(super) fn must_pit(&self, car: u8) -> Why {
        let name = self.car_named(car);
        let text =
            format!("Fuel: the turn pawn reached {name}'s refuel chit: it must pit this turn");
        Why::new(Key::MustPit, text).with("car", name)
    }

    pub fn phase_name(&self) -> &'static str {
        match self.phase {
            Phase::DrawRace { .. } => "a Race Card draw",
            Phase::DrawTrack { .. } => "a Track Card draw",
            Phase::Blind { .. } => "a blind draw",
            Phase::Wear { .. } => "a wear token",
            Phase::RobotChit { .. } => "a robot's refuel chit",
            Phase::GridTie { .. } => "a qualifying tie-break",
            Phase::QualifyCard { .. } => "the qualifying card",
            Phase::QualifyFuel { .. } => "the refuel chit",
            Phase::Strategy { .. } => "the strategy",
            Phase::Declare { .. } => "phase A: drive, skip or pit",
            Phase::SafetyCarPit { .. } => "the Safety Car's pit window: pit or stay out",
            Phase::SafetyCarDiscard { .. } => "under the Safety Car: a card to discard",
            Phase::PitDiscard { .. } => "the pit stop's discards",
            Phase::PitTyres { .. } => "the pit stop's tyres",
            Phase::LuckyDiscard { .. } => "Lucky's discard",
            Phase::DrawChoice { .. } => "phase B: the draw",
            Phase::Skill { .. } => "Free Practice: the skill",
            Phase::Setup { .. } => "Free Practice: the car's setup",
            Phase::SpareCar { .. } => "Free Practice: the spare car",
            Phase::WiseDiscard { .. } => "A.2 Wise Driving: the discards",
            Phase::Play { .. } => "phase C: the movement cards",
            Phase::PayTyres { .. } => "phase D: paying tyres",
            Phase::PayDiscard { .. } => "phase D: discards",
            Phase::Tests { .. } => "phase D: checks",
            Phase::Check {
                why: Check::Leader, ..
            } => "the leader check",
            Phase::Check { .. } => "a recovery check",
            Phase::LateBrake { .. } => "phase F: late braking",
            Phase::Trajectory { .. } => "a trajectory",
            Phase::RecoveryDiscard { .. } => "a recovery's discards",
            Phase::Challenge { .. } => "a duel challenge",
            Phase::Join { .. } => "joining a duel",
            Phase::DuelCards { .. } => "the duel cards",
            Phase::WeatherCard => "the weather card",
            Phase::RobotTyres => "the robots' tyres",
            Phase::StartTyres { .. } => "the tyres",
            Phase::WeatherIcon { .. } => "phase D: the weather icon",
            Phase::BlueToken { .. } => "a blue token",
            Phase::YellowFlag { .. } => "phase D: a yellow flag",
            Phase::GreenFlag { .. } => "phase D: a green flag",
            Phase::OrangeFlag { .. } => "the orange flag: a robot's late brake",
            Phase::Extreme { .. } => "phase D: the Extreme Trajectory's test",
            Phase::OrangeExtreme { .. } => "the orange flag: a robot onto the Extreme Trajectory",
            Phase::GameOver => "the end",
        }
    }

    /// Phase C: hand, pairs, trajectory, what it costs, Track Card corners; the refusal in
    /// the player's words.
    pub fn check_play(
        &self,
        car: u8,
        a: Option<CardId>,
        b: Option<CardId>,
        trajectory: bool,
    ) -> Result<(), Why> {
        let mut memo = Memo::default();
        self.play_check(car, a, b, trajectory, &mut memo)
            .map_err(|e| self.play_error(e))
    }

    /// The checks of phase C without building a message (the legal list's fast path).
    pub fn play_check(
        &self,
        car: u8,
        a: Option<CardId>,
        b: Option<CardId>,
        trajectory: bool,
        memo: &mut Memo,
    ) -> Result<(), PlayError> {
        let Some(a) = a else {
            if trajectory || b.is_some() {
                return Err(PlayError::NoFirst);
            }
            return if self.any_play(car) {
                Err(PlayError::CouldPlay)
            } else {
                Ok(())
            };
        };
        let c = self.car(car);
        let held = |id: CardId| {
            if c.hand.contains(id) {
                Ok(())
            } else if c.frozen.contains(id) {
                Err(PlayError::Frozen(id))
            } else {
                Err(PlayError::NotInHand(id))
            }
        };
        held(a)?;
        let cards = [a, b.unwrap_or(NO_CARD)];
        if let Some(b) = b {
            held(b)?;
            if a == b {
                return Err(PlayError::Same);
            }
            let (ma, mb) = (self.race.card(a).mp, self.race.card(b).mp);
            let push = c.uses(Strategy::Push);
            // A Track Card's combination icon pairs it with any card (Mais Sobre Track Cards).
            let combines = self.race.opts.track_powers
                && (self.race.card(a).combine || self.race.card(b).combine);
            if !combines {
                pair_allowed_with(ma, mb, push).map_err(PlayError::Pair)?;
            }
            // "Cuidado para não sofrer pane seca": a Push pair may not move the chit onto a
            // turn already begun (decision 40).
            if push && !combines && push_pair(ma, mb) && c.fuel <= self.turn.saturating_add(1) {
                return Err(PlayError::Push { fuel: c.fuel });
            }
        }
        if trajectory {
            if !c.racing() {
                return Err(PlayError::Trajectory((
                    Key::OffTrack,
                    "Trajectories: off the track",
                )));
            }
            self.trajectory_usable(car, cards)
                .map_err(PlayError::Trajectory)?;
        }
        self.affordable(car, cards, trajectory)?;
        for &id in &cards {
            if id != NO_CARD && self.race.card(id).is_track() {
                self.track_card_reachable(car, id, cards, trajectory, memo)?;
            }
        }
        Ok(())
    }

    pub fn play_error(&self, e: PlayError) -> Why {
        let n = |id: CardId| self.race.card_name(id);
        match e {
            PlayError::NoFirst => Why::new(Key::PlayFirst, "Play: name the first card"),
            PlayError::CouldPlay => Why::new(Key::CouldPlay, "Play: a card you hold can move the car"),
            PlayError::NotInHand(id) => self.not_in_hand(id),
            PlayError::Frozen(id) => self.frozen(id),
            PlayError::Same => Why::new(Key::PlaySame, "Play: two different cards"),
            PlayError::Pair((key, why)) | PlayError::Trajectory((key, why)) => Why::new(key, why),
            PlayError::Push { fuel } => Why::new(Key::PushFuel, format!(
                "Push: the refuel chit is on turn {fuel}; a turn less would leave the car out of fuel"
            )).with("fuel", fuel),
            PlayError::NoToken => Why::new(Key::NoTyreToken, "Tyres: no tyre token for the first tyre (at least one must be a token)"),
            PlayError::Tyres { tyres, discard, tokens, cards } => Why::new(Key::TyresToPay, format!(
                "Tyres: {tyres} tyres and {discard} discards to pay with {tokens} tokens and {cards} cards"
            )).with("tyres", tyres).with("discard", discard).with("tokens", tokens).with("cards", cards),
            PlayError::Discards { discard, cards } => {
                Why::new(Key::Discards, format!("Discards: {discard} cards to discard, {cards} left in hand"))
                    .with("discard", discard).with("cards", cards)
            }
            PlayError::Wear { wear, free } => Why::new(Key::Wear, format!("Wear: {wear} wear tokens and {free} free slots"))
                .with("wear", wear).with("free", free),
            PlayError::TrackCorner { card, corner } => {
                let name = self
                    .race
                    .track()
                    .sections
                    .iter()
                    .find(|s| s.corner == corner)
                    .map_or_else(String::new, |s| s.name.clone());
                Why::new(Key::TrackCorner, format!(
                    "Track Cards: {} is played only by a car whose move starts in, crosses or ends in corner {corner} ({name})",
                    n(card)
                )).with("card", n(card)).with("corner", corner).with("name", name)
            }
            PlayError::TrackExtreme { card } => Why::new(Key::TrackExtreme, format!(
                "Track Cards: {} cannot count on an Extreme Trajectory's blind test; only its Discard Power or Flat Out make it sure",
                n(card)
            )).with("card", n(card)),
            PlayError::TrackChecks { card, checks, corner } => Why::new(Key::TrackChecks, format!(
                "Track Cards: {} needs {checks} leader check(s) before corner {corner} passed with cards you hold",
                n(card)
            )).with("card", n(card)).with("checks", checks).with("corner", corner),
        }
    }

    /// "Uma carta não pode ser jogada se o jogador não puder pagar os recursos necessários."
    pub fn affordable(
        &self,
        car: u8,
        cards: [CardId; 2],
        trajectory: bool,
    ) -> Result<(), PlayError> {
        let k = self.costs_of(car, cards, trajectory);
        let c = self.car(car);
        let played = cards.iter().filter(|&&x| x != NO_CARD).count() as u32;
        let left = c.hand.len() - played;
        if k.tyres > 0 && c.tyres == 0 {
            return Err(PlayError::NoToken);
        }
        if u32::from(c.tyres) + left < u32::from(k.tyres) + u32::from(k.discard) {
            return Err(PlayError::Tyres {
                tyres: k.tyres,
                discard: k.discard,
                tokens: c.tyres,
                cards: left as u8,
            });
        }
        if left < u32::from(k.discard) {
            return Err(PlayError::Discards {
                discard: k.discard,
                cards: left as u8,
            });
        }
        if c.free_slots() < k.wear {
            return Err(PlayError::Wear {
                wear: k.wear,
                free: c.free_slots(),
            });
        }
        Ok(())
    }

    /// Whether any play of one or two cards is legal (else "play no card" is).
    pub fn any_play(&self, car: u8) -> bool {
        let mut memo = Memo::default();
        let (ids, n) = hand_ids(self.car(car).hand);
        for i in 0..n {
            for t in [false, true] {
                if self
                    .play_check(car, Some(ids[i]), None, t, &mut memo)
                    .is_ok()
                {
                    return true;
                }
                for &b in &ids[i + 1..n] {
                    if self
                        .play_check(car, Some(ids[i]), Some(b), t, &mut memo)
                        .is_ok()
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn check_test(&self, car: u8, slot: u8, with: Option<CardId>) -> Result<(), Why> {
        let Some(test) = self.it.tests.get(usize::from(slot)).copied().flatten() else {
            return Err(Why::new(
                Key::NoCheckPending,
                "Checks: no check pending for that card",
            ));
        };
        let Some(id) = with else { return Ok(()) };
        if test.blind {
            return Err(Why::new(
                Key::BlindCheck,
                "Checks: a blind check takes the top card of the Race deck",
            ));
        }
        let movement = (0..2).any(|j| self.it.cards[j] == id && !self.it.used[j]);
        if movement {
            return Ok(());
        }
        self.in_hand(car, id).map_err(|_| {
            let text = format!(
                "Checks: {} is neither in your hand nor a movement card still free",
                self.name(id)
            );
            Why::new(Key::CheckCard, text).with("card", self.name(id))
        })
    }

    fn check_check(&self, car: u8, why: Check, with: Option<CardId>) -> Result<(), Why> {
        let bound =
            why == Check::Leader && self.it.pledge != 0 && !self.pledged_cards(car).is_empty();
        match with {
            None if bound => Err(Why::new(
                Key::LeaderCheckHand,
                "Track Card: the leader check before its corner is passed with a card of the hand you hold for it",
            )),
            None => Ok(()),
            Some(id) => {
                self.in_hand(car, id)?;
                if bound && !self.pledged_cards(car).contains(id) {
                    return Err(Why::new(
                        Key::LeaderCheckCard,
                        "Track Card: the leader check before its corner is passed with a card that passes it",
                    ));
                }
                Ok(())
            }
        }
    }
}

pub(super) fn pit_extra() -> Why {
    Why::new(
        Key::PitExtra,
        "Fuel: at most two sections more than the pit box",
    )
}
