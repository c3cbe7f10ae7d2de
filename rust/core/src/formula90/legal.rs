//! Which moves are legal, why a move is not (the failing check's own words), and applying one.
//! The legal list is the candidates that pass `check`, so the two never disagree.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::actions::{encode, Move};
use super::car::NO_CARD;
use super::cards::{CardId, CardSet, Flag};
use super::events::{Event, Log, Retire};
use super::plan::DryRun;
use super::rules::{pair_allowed_with, push_pair, Strategy, FUEL_CHITS, MAX_EXTRA_SECTIONS};
use super::state::{Check, F90State, Phase, StrategyWhy, Then};
use super::weather::Tyre;
use crate::game::Action;

/// Why a play of cards is refused, without the words (built only when a player asks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    NoFirst,
    CouldPlay,
    NotInHand(CardId),
    Frozen(CardId),
    Same,
    Pair(&'static str),
    Push {
        fuel: u8,
    },
    Trajectory(&'static str),
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

    fn in_hand(&self, car: u8, id: CardId) -> Result<(), String> {
        let c = self.car(car);
        if c.hand.contains(id) {
            Ok(())
        } else if c.frozen.contains(id) {
            Err(format!(
                "Duels: {} is frozen on the table until the next turn",
                self.name(id)
            ))
        } else {
            Err(format!("{} is not in your hand", self.name(id)))
        }
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
    pub fn check(&self, m: Move) -> Result<(), String> {
        // Each action belongs to one step of the turn: name the action and the step it is.
        let wrong = || {
            Err(format!(
                "{} is not a choice of {}",
                self.label(m),
                self.waiting_for()
            ))
        };
        match (self.phase, m) {
            (Phase::SafetyCarPit { .. }, Move::Pit(extra)) => {
                if extra <= MAX_EXTRA_SECTIONS {
                    Ok(())
                } else {
                    Err("Fuel: at most two sections more than the pit box".into())
                }
            }
            (Phase::SafetyCarPit { car }, Move::StayOut) => self.stay_out_refused(car),
            (Phase::SafetyCarDiscard { car }, Move::Discard(id)) => self.in_hand(car, id),
            (Phase::Declare { car }, m) if self.under_safety_car() => {
                self.safety_car_declare(car, m)
            }
            (Phase::DrawRace { .. } | Phase::Blind { .. } | Phase::WeatherCard, Move::Draw(id)) => {
                if self.race_deck.contains(id) {
                    Ok(())
                } else {
                    Err(format!("{} is not in the Race deck", self.name(id)))
                }
            }
            (Phase::DrawTrack { .. }, Move::Draw(id)) => {
                if self.track_deck.contains(id) {
                    Ok(())
                } else {
                    Err(format!("{} is not in the Track deck", self.name(id)))
                }
            }
            (Phase::Wear { .. }, Move::WearRed) => {
                if self.bag[0] > 0 || self.bag == [0, 0] {
                    Ok(())
                } else {
                    Err("no red wear token left in the bag".into())
                }
            }
            (Phase::Wear { .. }, Move::WearBrown) => {
                if self.bag[1] > 0 {
                    Ok(())
                } else {
                    Err("no brown wear token left in the bag".into())
                }
            }
            (Phase::RobotChit { car }, Move::Chit(i)) => {
                if self.free_chits(car).any(|c| c == i) {
                    Ok(())
                } else {
                    Err("that refuel chit is not free for this robot's type".into())
                }
            }
            (Phase::GridTie { slot }, Move::TieFirst(c)) => {
                if self.tied_at(slot).any(|x| x == c) {
                    Ok(())
                } else {
                    Err("that car is not in the tie".into())
                }
            }
            (Phase::QualifyCard { seat }, Move::Qualify(id)) => {
                if super::cards::is_track_id(id) {
                    return Err("Qualifying: a Race Card from your hand".into());
                }
                self.in_hand(seat, id)
            }
            (Phase::QualifyFuel { .. }, Move::Fuel(i)) => {
                if usize::from(i) < FUEL_CHITS.len() {
                    Ok(())
                } else {
                    Err("Qualifying: refuel chits are turns 8, 10, 12, 14 and 16".into())
                }
            }
            (Phase::Strategy { .. }, Move::Strategy(i)) => match Strategy::from_index(i) {
                Some(s) if self.strategies().contains(&s) => Ok(()),
                Some(s) => Err(format!(
                    "Strategies: {} belongs to the advanced game (option strategies = all)",
                    s.name()
                )),
                None => Err("no such strategy".into()),
            },
            (Phase::Declare { car }, Move::SixthSense(f)) => match self.sixth_refused(car, f) {
                Some(e) => Err(e),
                None => Ok(()),
            },
            (Phase::Declare { .. }, Move::Skip | Move::Pit(_)) if self.it.sixth != 0 => Err(
                "Sixth Sense: a flag token was declared for this turn; it drives to use it in D.4"
                    .into(),
            ),
            (Phase::Declare { .. }, Move::Skip) if self.it.a2 => {
                Err("A.1: skipping the turn comes before A.2 (a skill was declared)".into())
            }
            (Phase::Declare { car }, Move::Versatility) if !self.it.a2 => {
                self.a2_open(car, super::rules::Skill::Versatility)
            }
            (Phase::Declare { car }, Move::WiseDriving) if !self.it.a2 => {
                self.a2_open(car, super::rules::Skill::WiseDriving)
            }
            (Phase::Declare { .. }, Move::Versatility | Move::WiseDriving) => {
                Err("A.2: one skill declaration a turn".into())
            }
            (Phase::Skill { .. }, Move::Skill(k)) => {
                if super::rules::Skill::from_index(k).is_some() {
                    Ok(())
                } else {
                    Err("no such skill".into())
                }
            }
            (Phase::Setup { seat }, Move::Setup { tyres, hand, wear }) => {
                self.check_setup(seat, [tyres, hand, wear])
            }
            (Phase::SpareCar { .. }, Move::KeepHand | Move::NewHand) => Ok(()),
            (Phase::WiseDiscard { .. }, Move::KeepHand) => Ok(()),
            (Phase::WiseDiscard { car }, Move::Discard(id)) => {
                self.in_hand(car, id)?;
                if super::cards::is_track_id(id) {
                    Err("Wise Driving: Race Cards only (Track Cards stay)".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Declare { car }, Move::Drive | Move::Skip) => {
                let c = self.car(car);
                if c.must_pit {
                    Err(format!(
                        "Fuel: the turn pawn reached {}'s refuel chit: it must pit this turn",
                        self.race.names[usize::from(car)]
                    ))
                } else if c.forced_pit {
                    Err("Recovery: a forced pit stop at the start of this turn".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Declare { .. }, Move::Pit(extra)) => {
                if extra <= MAX_EXTRA_SECTIONS {
                    Ok(())
                } else {
                    Err("Fuel: at most two sections more than the pit box".into())
                }
            }
            (Phase::PitDiscard { car }, Move::Discard(id)) => self.in_hand(car, id),
            (Phase::PitDiscard { car }, Move::KeepHand) => {
                let have = self.pit_hand_count(car);
                let limit = self.car(car).chart.hand;
                if have <= limit {
                    Ok(())
                } else {
                    Err(format!(
                        "Pit stop: {have} cards (frozen duel cards count); leave with at most {limit}"
                    ))
                }
            }
            (Phase::PitTyres { .. }, Move::KeepTyres) => Ok(()),
            (Phase::PitTyres { .. }, Move::NewTyres) => {
                if self.weather_on() {
                    Err("Tyres: name the type of the new tyres".into())
                } else {
                    Ok(())
                }
            }
            (Phase::PitTyres { car } | Phase::StartTyres { car }, Move::Tyres(t)) => {
                let t = Tyre::from_index(t).ok_or("Tyres: soft, hard, intermediate or rain")?;
                match self.tyres_refused(car, t) {
                    Some(why) => Err(why.into()),
                    None => Ok(()),
                }
            }
            (Phase::RobotTyres, Move::Tyres(t)) => match Tyre::from_index(t) {
                Some(Tyre::Hard | Tyre::Rain) => Ok(()),
                _ => Err("Robots' tyres: robots fit only hard or rain tyres".into()),
            },
            (Phase::WeatherIcon { .. }, Move::WeatherStep(k)) => {
                if k > 2 {
                    return Err("Weather: one space drier, none, or one space wetter".into());
                }
                match self.weather_step_refused(k as i8 - 1) {
                    Some(why) => Err(why.into()),
                    None => Ok(()),
                }
            }
            (Phase::BlueToken { .. }, Move::BlueToken | Move::NoBlueToken) => Ok(()),
            (Phase::YellowFlag { .. } | Phase::GreenFlag { .. }, Move::NoFlag) => Ok(()),
            (Phase::YellowFlag { .. }, Move::Yellow { section, behind }) => {
                match self.yellow_refused(section, behind) {
                    Some(why) => Err(why.into()),
                    None => Ok(()),
                }
            }
            (Phase::GreenFlag { .. }, Move::Green(section)) => {
                if usize::from(section) < self.race.track().len()
                    && self.yellow_at(section).is_some()
                {
                    Ok(())
                } else {
                    Err("Flags: a green flag removes a yellow flag on the track".into())
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
                Some(why) => Err(why.into()),
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
                    Err("Extreme Trajectories: no free Extreme Trajectory in this section".into())
                }
            }
            (Phase::LuckyDiscard { car } | Phase::PayDiscard { car }, Move::Discard(id)) => {
                self.in_hand(car, id)
            }
            (Phase::RecoveryDiscard { car, .. }, Move::Discard(id)) => self.in_hand(car, id),
            (Phase::DrawChoice { .. }, Move::DrawOne) => Ok(()),
            (Phase::DrawChoice { car }, Move::Discard(id)) => {
                if !self.car(car).uses(Strategy::SaveFuel) {
                    return Err("Save Fuel: only its strategy trades a card for two".into());
                }
                self.in_hand(car, id)?;
                if self.race.card(id).mp <= super::rules::SAVE_FUEL_MP {
                    return Err(format!(
                        "Save Fuel: discard a card over [2] for two Race Cards, not {} [{}]",
                        self.name(id),
                        self.race.card(id).mp
                    ));
                }
                Ok(())
            }
            (Phase::DrawChoice { car }, Move::ChaseTake(id)) => {
                let chased = self.car(car).chasing;
                if !self.car(car).uses(Strategy::Chase) || chased == super::car::NO_CAR {
                    return Err("Chase: no Chased chit on a car".into());
                }
                if self.car(chased).reserved.contains(id) {
                    Ok(())
                } else {
                    Err(format!(
                        "Chase: {} is not among {}'s movement cards left to take",
                        self.name(id),
                        self.race.names[usize::from(chased)]
                    ))
                }
            }
            (Phase::Play { car }, Move::Play { a, b, trajectory }) => {
                self.check_play(car, a, b, trajectory)
            }
            (Phase::PayTyres { car }, Move::PayToken) => {
                if self.can_pay_token(car) {
                    Ok(())
                } else {
                    Err("Tyres: no token left that keeps the rest payable".into())
                }
            }
            (Phase::PayTyres { car }, Move::PayCard(id)) => {
                self.in_hand(car, id)?;
                if self.can_pay_card(car) {
                    Ok(())
                } else {
                    Err("Tyres: the cards left are needed for the discards".into())
                }
            }
            (Phase::Tests { car }, Move::Test { slot, with }) => self.check_test(car, slot, with),
            (Phase::Check { car, why }, Move::Test { slot: 2, with }) => {
                self.check_check(car, why, with)
            }
            (Phase::LateBrake { .. }, Move::LateBrake | Move::NoLateBrake) => Ok(()),
            (Phase::LateBrake { car }, Move::LateBrakePower(id)) => {
                self.in_hand(car, id)?;
                if !self.race.opts.track_powers
                    || self.race.card(id).power != super::cards::Power::LateBrake
                {
                    return Err(format!(
                        "Track Cards: {} has no late-braking Discard Power",
                        self.name(id)
                    ));
                }
                Ok(())
            }
            (Phase::Trajectory { car, .. }, Move::Trajectory(i)) => {
                if i < super::extreme::ET_SPOT && self.free_trajectories(car) >> i & 1 == 1 {
                    Ok(())
                } else {
                    Err("Trajectories: that trajectory is taken or not in this section".into())
                }
            }
            (Phase::Trajectory { .. }, Move::NoTrajectory) => Ok(()),
            (Phase::Challenge { .. }, Move::Challenge | Move::NoChallenge) => Ok(()),
            (Phase::Join { .. }, Move::Join | Move::Decline) => Ok(()),
            (Phase::DuelCards { car }, Move::DuelCards { a, b }) => {
                self.in_hand(car, a)?;
                if let Some(b) = b {
                    self.in_hand(car, b)?;
                    if a == b {
                        return Err("Duels: two different cards".into());
                    }
                }
                Ok(())
            }
            _ => wrong(),
        }
    }

    fn waiting_for(&self) -> String {
        match self.current_player() {
            crate::game::Player::Seat(s) => {
                format!(
                    "{} ({})",
                    self.race.names[usize::from(s)],
                    self.phase_name()
                )
            }
            crate::game::Player::Chance => format!("chance ({})", self.phase_name()),
            crate::game::Player::Terminal => "nobody: the race is over".into(),
        }
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
    ) -> Result<(), String> {
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
                return Err(PlayError::Trajectory("Trajectories: off the track"));
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

    pub fn play_error(&self, e: PlayError) -> String {
        let n = |id: CardId| self.race.card_name(id);
        match e {
            PlayError::NoFirst => "Play: name the first card".into(),
            PlayError::CouldPlay => "Play: a card you hold can move the car".into(),
            PlayError::NotInHand(id) => format!("{} is not in your hand", n(id)),
            PlayError::Frozen(id) => format!("Duels: {} is frozen on the table until the next turn", n(id)),
            PlayError::Same => "Play: two different cards".into(),
            PlayError::Pair(why) | PlayError::Trajectory(why) => why.into(),
            PlayError::Push { fuel } => format!(
                "Push: the refuel chit is on turn {fuel}; a turn less would leave the car out of fuel"
            ),
            PlayError::NoToken => "Tyres: no tyre token for the first tyre (at least one must be a token)".into(),
            PlayError::Tyres { tyres, discard, tokens, cards } => format!(
                "Tyres: {tyres} tyres and {discard} discards to pay with {tokens} tokens and {cards} cards"
            ),
            PlayError::Discards { discard, cards } => {
                format!("Discards: {discard} cards to discard, {cards} left in hand")
            }
            PlayError::Wear { wear, free } => format!("Wear: {wear} wear tokens and {free} free slots"),
            PlayError::TrackCorner { card, corner } => {
                let name = self
                    .race
                    .track()
                    .sections
                    .iter()
                    .find(|s| s.corner == corner)
                    .map_or_else(String::new, |s| s.name.clone());
                format!(
                    "Track Cards: {} is played only by a car whose move starts in, crosses or ends in corner {corner} ({name})",
                    n(card)
                )
            }
            PlayError::TrackExtreme { card } => format!(
                "Track Cards: {} cannot count on an Extreme Trajectory's blind test; only its Discard Power or Flat Out make it sure",
                n(card)
            ),
            PlayError::TrackChecks { card, checks, corner } => format!(
                "Track Cards: {} needs {checks} leader check(s) before corner {corner} passed with cards you hold",
                n(card)
            ),
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

    fn check_test(&self, car: u8, slot: u8, with: Option<CardId>) -> Result<(), String> {
        let Some(test) = self.it.tests.get(usize::from(slot)).copied().flatten() else {
            return Err("Checks: no check pending for that card".into());
        };
        let Some(id) = with else { return Ok(()) };
        if test.blind {
            return Err("Checks: a blind check takes the top card of the Race deck".into());
        }
        let movement = (0..2).any(|j| self.it.cards[j] == id && !self.it.used[j]);
        if movement {
            return Ok(());
        }
        self.in_hand(car, id).map_err(|_| {
            format!(
                "Checks: {} is neither in your hand nor a movement card still free",
                self.name(id)
            )
        })
    }

    fn check_check(&self, car: u8, why: Check, with: Option<CardId>) -> Result<(), String> {
        let bound =
            why == Check::Leader && self.it.pledge != 0 && !self.pledged_cards(car).is_empty();
        match with {
            None if bound => Err(
                "Track Card: the leader check before its corner is passed with a card of the hand you hold for it".into(),
            ),
            None => Ok(()),
            Some(id) => {
                self.in_hand(car, id)?;
                if bound && !self.pledged_cards(car).contains(id) {
                    return Err("Track Card: the leader check before its corner is passed with a card that passes it".into());
                }
                Ok(())
            }
        }
    }

    /// Every legal move's id, sorted.
    pub fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let push = |s: &Self, out: &mut Vec<Action>, m: Move| {
            if s.check(m).is_ok() {
                out.push(encode(m));
            }
        };
        match self.phase {
            Phase::DrawRace { .. } | Phase::Blind { .. } | Phase::WeatherCard => {
                for id in self.race_deck.iter() {
                    out.push(encode(Move::Draw(id)));
                }
            }
            Phase::RobotTyres => {
                out.push(encode(Move::Tyres(Tyre::Hard as u8)));
                out.push(encode(Move::Tyres(Tyre::Rain as u8)));
            }
            Phase::StartTyres { .. } => {
                for t in Tyre::ALL {
                    push(self, out, Move::Tyres(t as u8));
                }
            }
            Phase::WeatherIcon { .. } => {
                for k in 0..3 {
                    push(self, out, Move::WeatherStep(k));
                }
            }
            Phase::BlueToken { .. } => {
                out.push(encode(Move::BlueToken));
                out.push(encode(Move::NoBlueToken));
            }
            Phase::YellowFlag { .. } => {
                for section in 0..self.race.track().len() as u8 {
                    if self.race.track().kind(section) == super::track::Kind::Corner
                        && self.yellow_at(section).is_none()
                    {
                        for behind in self.yellow_places(section) {
                            out.push(encode(Move::Yellow { section, behind }));
                        }
                    }
                }
                out.push(encode(Move::NoFlag));
            }
            Phase::GreenFlag { .. } => {
                for section in 0..self.race.track().len() as u8 {
                    if self.yellow_at(section).is_some() {
                        out.push(encode(Move::Green(section)));
                    }
                }
                out.push(encode(Move::NoFlag));
            }
            Phase::OrangeFlag { .. } => {
                out.push(encode(Move::ForceLateBrake));
                out.push(encode(Move::NoForce));
            }
            Phase::OrangeExtreme { .. } => {
                out.push(encode(Move::ForceExtreme));
                out.push(encode(Move::NoForce));
            }
            Phase::Extreme { car } => {
                push(
                    self,
                    out,
                    Move::Test {
                        slot: 2,
                        with: None,
                    },
                );
                push(self, out, Move::FlatOut);
                for id in self.car(car).hand.tracks().iter() {
                    push(self, out, Move::ExtremePower(id));
                }
            }
            Phase::DrawTrack { .. } => {
                for id in self.track_deck.iter() {
                    out.push(encode(Move::Draw(id)));
                }
            }
            Phase::Wear { .. } => {
                push(self, out, Move::WearRed);
                push(self, out, Move::WearBrown);
            }
            Phase::RobotChit { car } => {
                for i in self.free_chits(car) {
                    out.push(encode(Move::Chit(i)));
                }
            }
            Phase::GridTie { slot } => {
                for c in self.tied_at(slot) {
                    out.push(encode(Move::TieFirst(c)));
                }
            }
            Phase::QualifyCard { seat } => {
                for id in self.car(seat).hand.races().iter() {
                    out.push(encode(Move::Qualify(id)));
                }
            }
            Phase::QualifyFuel { .. } => {
                for i in 0..FUEL_CHITS.len() as u8 {
                    out.push(encode(Move::Fuel(i)));
                }
            }
            Phase::Strategy { .. } => {
                for s in self.strategies() {
                    out.push(encode(Move::Strategy(*s as u8)));
                }
            }
            Phase::Skill { .. } => {
                for k in 0..super::rules::Skill::ALL.len() as u8 {
                    out.push(encode(Move::Skill(k)));
                }
            }
            Phase::Setup { .. } => {
                for tyres in 1..=3 {
                    for hand in 1..=3 {
                        for wear in 1..=3 {
                            push(self, out, Move::Setup { tyres, hand, wear });
                        }
                    }
                }
            }
            Phase::SpareCar { .. } => {
                out.push(encode(Move::KeepHand));
                out.push(encode(Move::NewHand));
            }
            Phase::WiseDiscard { car } => {
                for id in self.car(car).hand.races().iter() {
                    out.push(encode(Move::Discard(id)));
                }
                out.push(encode(Move::KeepHand));
            }
            Phase::SafetyCarPit { .. } => {
                for m in [Move::StayOut, Move::Pit(0), Move::Pit(1), Move::Pit(2)] {
                    push(self, out, m);
                }
            }
            Phase::SafetyCarDiscard { car } => {
                for id in self.car(car).hand.iter() {
                    out.push(encode(Move::Discard(id)));
                }
            }
            Phase::Declare { .. } => {
                for m in [
                    Move::Versatility,
                    Move::WiseDriving,
                    Move::Drive,
                    Move::Skip,
                    Move::Pit(0),
                    Move::Pit(1),
                    Move::Pit(2),
                    Move::SixthSense(Flag::Yellow),
                    Move::SixthSense(Flag::Green),
                    Move::SixthSense(Flag::Blue),
                ] {
                    push(self, out, m);
                }
            }
            Phase::PitDiscard { car } => {
                for id in self.car(car).hand.iter() {
                    out.push(encode(Move::Discard(id)));
                }
                push(self, out, Move::KeepHand);
            }
            Phase::PitTyres { .. } => {
                if self.weather_on() {
                    for t in Tyre::ALL {
                        push(self, out, Move::Tyres(t as u8));
                    }
                } else {
                    out.push(encode(Move::NewTyres));
                }
                out.push(encode(Move::KeepTyres));
            }
            Phase::DrawChoice { car } => {
                out.push(encode(Move::DrawOne));
                for id in self.car(car).hand.iter() {
                    push(self, out, Move::Discard(id));
                }
                let chased = self.car(car).chasing;
                if chased != super::car::NO_CAR {
                    for id in self.car(chased).reserved.iter() {
                        push(self, out, Move::ChaseTake(id));
                    }
                }
            }
            Phase::LuckyDiscard { car }
            | Phase::PayDiscard { car }
            | Phase::RecoveryDiscard { car, .. } => {
                for id in self.car(car).hand.iter() {
                    out.push(encode(Move::Discard(id)));
                }
            }
            Phase::Play { car } => {
                self.play_moves(car, out);
                debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
                return;
            }
            Phase::PayTyres { car } => {
                push(self, out, Move::PayToken);
                if self.can_pay_card(car) {
                    for id in self.car(car).hand.iter() {
                        out.push(encode(Move::PayCard(id)));
                    }
                }
            }
            Phase::Tests { car } => {
                for slot in 0..2u8 {
                    let Some(t) = self.it.tests[usize::from(slot)] else {
                        continue;
                    };
                    out.push(encode(Move::Test { slot, with: None }));
                    if t.blind {
                        continue;
                    }
                    for id in self.car(car).hand.iter() {
                        out.push(encode(Move::Test {
                            slot,
                            with: Some(id),
                        }));
                    }
                    for j in 0..2 {
                        let id = self.it.cards[j];
                        if id != NO_CARD && !self.it.used[j] {
                            out.push(encode(Move::Test {
                                slot,
                                with: Some(id),
                            }));
                        }
                    }
                }
            }
            Phase::Check { car, .. } => {
                push(
                    self,
                    out,
                    Move::Test {
                        slot: 2,
                        with: None,
                    },
                );
                for id in self.car(car).hand.iter() {
                    push(
                        self,
                        out,
                        Move::Test {
                            slot: 2,
                            with: Some(id),
                        },
                    );
                }
            }
            Phase::LateBrake { car } => {
                out.push(encode(Move::LateBrake));
                out.push(encode(Move::NoLateBrake));
                for id in self.car(car).hand.tracks().iter() {
                    push(self, out, Move::LateBrakePower(id));
                }
            }
            Phase::Trajectory { car, .. } => {
                let free = self.free_trajectories(car);
                for i in 0..super::extreme::ET_SPOT {
                    if free >> i & 1 == 1 {
                        out.push(encode(Move::Trajectory(i)));
                    }
                }
                if free >> super::extreme::ET_SPOT & 1 == 1 {
                    out.push(encode(Move::TakeExtreme));
                }
                out.push(encode(Move::NoTrajectory));
            }
            Phase::Challenge { .. } => {
                out.push(encode(Move::Challenge));
                out.push(encode(Move::NoChallenge));
            }
            Phase::Join { .. } => {
                out.push(encode(Move::Join));
                out.push(encode(Move::Decline));
            }
            Phase::DuelCards { car } => {
                let ids: Vec<CardId> = self.car(car).hand.iter().collect();
                for (i, &a) in ids.iter().enumerate() {
                    out.push(encode(Move::DuelCards { a, b: None }));
                    for &b in &ids[i + 1..] {
                        out.push(encode(Move::DuelCards { a, b: Some(b) }));
                    }
                }
            }
            Phase::GameOver => {}
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Every legal play, generated in id order (pairs, then single cards; each without and
    /// with the trajectory), so the list needs no sort.
    fn play_moves(&self, car: u8, out: &mut Vec<Action>) {
        let (ids, n) = hand_ids(self.car(car).hand);
        let on_trajectory = self.car(car).trajectory.is_some() && self.car(car).racing();
        let start = out.len();
        let mut memo = Memo::default();
        let ways: &[bool] = if on_trajectory {
            &[false, true]
        } else {
            &[false]
        };
        for i in 0..n {
            for &b in &ids[i + 1..n] {
                for &t in ways {
                    if self
                        .play_check(car, Some(ids[i]), Some(b), t, &mut memo)
                        .is_ok()
                    {
                        out.push(encode(Move::Play {
                            a: Some(ids[i]),
                            b: Some(b),
                            trajectory: t,
                        }));
                    }
                }
            }
        }
        for &a in &ids[..n] {
            for &t in ways {
                if self.play_check(car, Some(a), None, t, &mut memo).is_ok() {
                    out.push(encode(Move::Play {
                        a: Some(a),
                        b: None,
                        trajectory: t,
                    }));
                }
            }
        }
        if out.len() == start {
            out.push(encode(Move::Play {
                a: None,
                b: None,
                trajectory: false,
            }));
        }
    }

    /// The chance outcomes here, with their probabilities (uniform draws; the wear bag by its
    /// counts).
    pub fn outcomes(&self) -> Vec<(Action, f64)> {
        let mut ids = Vec::new();
        self.legal_into(&mut ids);
        if let Phase::Wear { .. } = self.phase {
            let total = f64::from(self.bag[0]) + f64::from(self.bag[1]);
            if total == 0.0 {
                return ids.into_iter().map(|a| (a, 1.0)).collect();
            }
            return ids
                .into_iter()
                .map(|a| {
                    let n = if a == encode(Move::WearRed) {
                        self.bag[0]
                    } else {
                        self.bag[1]
                    };
                    (a, f64::from(n) / total)
                })
                .collect();
        }
        let p = 1.0 / ids.len().max(1) as f64;
        ids.into_iter().map(|a| (a, p)).collect()
    }

    /// Samples a chance outcome without building the list (the batch runner's path).
    pub fn sample(&self, rng: &mut crate::rng::SplitMix64) -> Option<Action> {
        match self.phase {
            Phase::DrawRace { .. } | Phase::Blind { .. } | Phase::WeatherCard => {
                let n = self.race_deck.len();
                (n > 0).then(|| {
                    self.race_deck
                        .nth(rng.below(n))
                        .map(|id| encode(Move::Draw(id)))
                })?
            }
            Phase::DrawTrack { .. } => {
                let n = self.track_deck.len();
                (n > 0).then(|| {
                    self.track_deck
                        .nth(rng.below(n))
                        .map(|id| encode(Move::Draw(id)))
                })?
            }
            Phase::Wear { .. } => {
                let total = u32::from(self.bag[0]) + u32::from(self.bag[1]);
                let brown = total > 0 && rng.below(total) >= u32::from(self.bag[0]);
                Some(encode(if brown {
                    Move::WearBrown
                } else {
                    Move::WearRed
                }))
            }
            _ => {
                let o = self.outcomes();
                if o.is_empty() {
                    return None;
                }
                Some(o[rng.below(o.len() as u32) as usize].0)
            }
        }
    }

    /// Applies a move `check` accepted.
    pub fn apply_move(&mut self, m: Move, log: &mut impl Log) {
        match (self.phase, m) {
            (Phase::SafetyCarPit { car }, Move::Pit(extra)) => self.pit(car, extra, log),
            (Phase::SafetyCarPit { .. }, Move::StayOut) => self.activate_next(log),
            (Phase::SafetyCarDiscard { car }, Move::Discard(id)) => {
                self.safety_car_discarded(car, Some(id), log)
            }
            (Phase::Declare { car }, Move::Drive) if self.under_safety_car() => {
                self.safety_car_follow(car, log)
            }
            (Phase::Declare { car }, Move::Pit(_)) if self.under_safety_car() => {
                self.safety_car_pit(car, log)
            }
            (Phase::DrawRace { car, left, then }, Move::Draw(id)) => {
                self.race_deck.remove(id);
                if then == Then::DuelRobot {
                    self.car_mut(car).frozen.insert(id);
                    self.duel.cards.insert(id);
                } else {
                    self.car_mut(car).hand.insert(id);
                }
                log.push(Event::Draw { car, card: id });
                if then == Then::PhaseB && self.car(car).uses(Strategy::Lucky) {
                    let k = usize::from(self.it.lucky[0] != NO_CARD);
                    self.it.lucky[k.min(1)] = id;
                }
                if left > 1 && self.draw_race(car, left - 1, then, log) {
                    return;
                }
                self.after_draw(car, then, log);
            }
            (Phase::DrawTrack { car, then }, Move::Draw(id)) => {
                self.track_deck.remove(id);
                self.car_mut(car).hand.insert(id);
                log.push(Event::Draw { car, card: id });
                self.after_draw(car, then, log);
            }
            (Phase::Blind { car, why }, Move::Draw(id)) => {
                self.race_deck.remove(id);
                match why {
                    Check::Card(slot) => self.after_card_test(car, slot, id, log),
                    _ => self.finish_check(car, id, why, log),
                }
            }
            (Phase::Wear { car, left, then }, Move::WearRed | Move::WearBrown) => {
                let brown = m == Move::WearBrown;
                if !self.take_wear(car, brown) {
                    self.retire(car, Retire::Wear, log);
                    return match then {
                        Then::DuelTie => self.next_tie_wear(log),
                        _ => self.activate_next(log),
                    };
                }
                log.push(Event::Wear { car, brown });
                if left > 1 {
                    self.phase = Phase::Wear {
                        car,
                        left: left - 1,
                        then,
                    };
                    return;
                }
                self.after_draw(car, then, log);
            }
            (Phase::RobotChit { car }, Move::Chit(i)) => self.robot_chit_drawn(car, i, log),
            (Phase::WeatherCard, Move::Draw(id)) => self.weather_card(id, log),
            (Phase::RobotTyres, Move::Tyres(t)) => {
                self.set_robot_tyres(Tyre::from_index(t).expect("checked"), log)
            }
            (Phase::StartTyres { car }, Move::Tyres(t)) => {
                self.start_tyres(car, Tyre::from_index(t).expect("checked"), log)
            }
            (Phase::PitTyres { car }, Move::Tyres(t)) => {
                self.pit_new_tyres(car, Tyre::from_index(t).expect("checked"), log)
            }
            (Phase::WeatherIcon { car }, Move::WeatherStep(k)) => {
                self.it.weather_due -= 1;
                if k != 1 {
                    self.move_weather(car, k as i8 - 1, log);
                }
                self.symbols_next(car, log);
            }
            (Phase::BlueToken { car }, Move::BlueToken) => {
                self.car_mut(car).blue -= 1;
                log.push(Event::BlueToken { car });
                self.begin_move(car, self.it.mp.saturating_add(1), log);
            }
            (Phase::BlueToken { car }, Move::NoBlueToken) => self.begin_move(car, self.it.mp, log),
            (Phase::YellowFlag { car }, Move::Yellow { section, behind }) => {
                self.place_yellow(car, section, behind, log);
                self.symbols_next(car, log);
            }
            (Phase::GreenFlag { car }, Move::Green(section)) => {
                self.remove_yellow(Some(car), section, log);
                self.symbols_next(car, log);
            }
            (Phase::YellowFlag { car } | Phase::GreenFlag { car }, Move::NoFlag) => {
                self.symbols_next(car, log)
            }
            (Phase::OrangeFlag { car }, Move::ForceLateBrake | Move::NoForce) => {
                let robot = self.it.car;
                let force = m == Move::ForceLateBrake;
                log.push(Event::OrangeForces { car, robot, force });
                if force {
                    self.late_brake(robot, log);
                } else {
                    self.trajectory_step(robot, log);
                }
            }
            (Phase::OrangeExtreme { car }, Move::ForceExtreme | Move::NoForce) => {
                self.orange_extreme(car, m == Move::ForceExtreme, log)
            }
            (Phase::Extreme { car }, Move::Test { with: None, .. }) => self.extreme_blind(car, log),
            (Phase::Extreme { car }, Move::FlatOut) => {
                self.extreme_sure(car, super::extreme::SurePass::FlatOut, log)
            }
            (Phase::Extreme { car }, Move::ExtremePower(id)) => {
                self.extreme_sure(car, super::extreme::SurePass::Power(id), log)
            }
            (Phase::Trajectory { car, pit }, Move::TakeExtreme) => {
                self.take_trajectory(car, Some(super::extreme::ET_SPOT), pit, log)
            }
            (Phase::GridTie { slot }, Move::TieFirst(c)) => self.grid_tie(slot, c, log),
            (Phase::QualifyCard { seat }, Move::Qualify(id)) => self.qualify_card(seat, id),
            (Phase::QualifyFuel { seat }, Move::Fuel(i)) => self.qualify_fuel(seat, i, log),
            (Phase::Strategy { car, why }, Move::Strategy(i)) => {
                let s = Strategy::from_index(i).expect("checked");
                self.set_strategy(car, s, log);
                match why {
                    StrategyWhy::PreRace => self.pre_race_tyres(car, log),
                    StrategyWhy::Pit => self.pit_done(car, log),
                    StrategyWhy::Skip => self.after_skip(car, log),
                    StrategyWhy::Versatility => self.phase = Phase::Declare { car },
                }
            }
            (Phase::Declare { car }, Move::Drive) => self.phase_b(car, log),
            (Phase::Declare { car }, Move::Skip) => self.skip(car, log),
            (Phase::Declare { car }, Move::Pit(extra)) => self.pit(car, extra, log),
            (Phase::PitDiscard { car }, Move::Discard(id)) => {
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
            }
            (Phase::PitDiscard { car }, Move::KeepHand) => self.pit_refill(car, log),
            (Phase::PitTyres { car }, Move::NewTyres) => self.pit_tyres(car, true, log),
            (Phase::PitTyres { car }, Move::KeepTyres) => self.pit_tyres(car, false, log),
            (Phase::LuckyDiscard { car }, Move::Discard(id)) => {
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
                self.phase = Phase::Play { car };
            }
            (Phase::DrawChoice { car }, Move::DrawOne) => self.draw_one(car, log),
            (Phase::Skill { seat }, Move::Skill(k)) => {
                let k = super::rules::Skill::from_index(k).expect("checked");
                self.choose_skill(seat, k, log)
            }
            (Phase::Setup { seat }, Move::Setup { tyres, hand, wear }) => {
                self.choose_setup(seat, [tyres, hand, wear], log)
            }
            (Phase::SpareCar { seat }, Move::KeepHand) => self.spare_car(seat, false, log),
            (Phase::SpareCar { seat }, Move::NewHand) => self.spare_car(seat, true, log),
            (Phase::Declare { car }, Move::Versatility) => self.versatility(car, log),
            (Phase::Declare { car }, Move::WiseDriving) => self.wise_driving(car, log),
            (Phase::Declare { car }, Move::SixthSense(f)) => self.sixth_sense(car, f, log),
            (Phase::WiseDiscard { car }, Move::Discard(id)) => {
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
            }
            (Phase::WiseDiscard { car }, Move::KeepHand) => self.wise_refill(car, log),
            (Phase::DrawChoice { car }, Move::Discard(id)) => self.save_fuel_trade(car, id, log),
            (Phase::DrawChoice { car }, Move::ChaseTake(id)) => self.chase_take(car, id, log),
            (Phase::Play { car }, Move::Play { a, b, trajectory }) => self.play(
                car,
                [a.unwrap_or(NO_CARD), b.unwrap_or(NO_CARD)],
                trajectory,
                log,
            ),
            (Phase::PayTyres { car }, Move::PayToken) => self.pay_token(car, log),
            (Phase::PayTyres { car }, Move::PayCard(id)) => self.pay_card(car, id, log),
            (Phase::PayDiscard { car }, Move::Discard(id)) => self.pay_discard(car, id, log),
            (Phase::Tests { car }, Move::Test { slot, with }) => {
                self.test_card(car, slot, with, log)
            }
            (Phase::Check { car, why }, Move::Test { with: None, .. }) => self.blind(car, why, log),
            (Phase::Check { car, why }, Move::Test { with: Some(id), .. }) => {
                self.check_with_card(car, id, why, log)
            }
            (Phase::LateBrake { car }, Move::LateBrake) => self.late_brake(car, log),
            (Phase::LateBrake { car }, Move::NoLateBrake) => self.trajectory_step(car, log),
            (Phase::LateBrake { car }, Move::LateBrakePower(id)) => {
                // "LB: descarte-a para passar automaticamente em um atraso de freada".
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
                self.it.late_braked = true;
                log.push(Event::LateBrakeTry { car });
                self.after_late_brake(car, true, log);
            }
            (Phase::Trajectory { car, pit }, Move::Trajectory(i)) => {
                self.take_trajectory(car, Some(i), pit, log)
            }
            (Phase::Trajectory { car, pit }, Move::NoTrajectory) => {
                self.take_trajectory(car, None, pit, log)
            }
            (Phase::RecoveryDiscard { car, left }, Move::Discard(id)) => {
                self.recovery_discard(car, id, left, log)
            }
            (Phase::Challenge { .. }, Move::Challenge) => self.challenge(self.duel.at, log),
            (Phase::Challenge { .. }, Move::NoChallenge) => self.next_challenger(log),
            (Phase::Join { car }, Move::Join) => self.answer(car, true, log),
            (Phase::Join { car }, Move::Decline) => self.answer(car, false, log),
            (Phase::DuelCards { car }, Move::DuelCards { a, b }) => self.duel_cards(car, a, b, log),
            _ => {}
        }
    }

    /// Where a draw or a wear token leads.
    fn after_draw(&mut self, car: u8, then: Then, log: &mut impl Log) {
        match then {
            Then::Deal => self.after_deal(car, log),
            Then::WiseRefill => self.phase = Phase::Declare { car },
            Then::PreRace => {
                // Qualify's two Track Cards follow the hard tyres' one.
                if self.it.specials_due > 0 {
                    self.it.specials_due -= 1;
                    if self.draw_track(car, Then::PreRace, log) {
                        return;
                    }
                    self.it.specials_due = 0;
                }
                let next = self.grid_slot(car) + 1;
                self.next_pre_race(next, log)
            }
            Then::PitRefill => self.phase = Phase::PitTyres { car },
            Then::PitTyreCard => {
                // Pitting's Track Card after the hard tyres' (neither counts in the hand).
                if self.it.specials_due > 0 {
                    self.it.specials_due -= 1;
                    if self.draw_track(car, Then::PitTyreCard, log) {
                        return;
                    }
                    self.it.specials_due = 0;
                }
                self.pit_strategy(car)
            }
            Then::PhaseB => self.after_b(car, log),
            Then::LuckySpecial => self.lucky_discard(car),
            Then::Symbols => self.symbols_next(car, log),
            Then::TurnEnd => self.next_special(car, log),
            Then::Recovery => self.recovery_after_wear(car, log),
            Then::DuelRobot => {
                let i = self.duel.at;
                self.robot_duel_sum(i);
                self.next_duel_cards(log)
            }
            Then::DuelTie | Then::DuelSpecial => self.next_tie_wear(log),
            Then::SafetyCar => self.safety_car_discard(car, log),
        }
    }

    /// Decodes, checks and applies `action`, or says why not (nothing changed then).
    pub fn apply_id(&mut self, action: Action, log: &mut impl Log) -> Result<(), crate::Error> {
        let m = super::actions::decode(action).ok_or_else(|| crate::Error::UnknownAction {
            what: format!("id {action}"),
        })?;
        self.check(m).map_err(crate::Error::illegal)?;
        self.apply_move(m, log);
        Ok(())
    }

    /// All the cards in play, by place, for the conservation invariant.
    pub fn card_places(&self) -> Vec<(&'static str, CardSet)> {
        let mut v = alloc::vec![
            ("race deck", self.race_deck),
            ("race discard", self.race_discard),
            ("track deck", self.track_deck),
            ("track discard", self.track_discard),
        ];
        for c in 0..self.n() {
            let car = &self.cars[c];
            v.push(("hand", car.hand));
            v.push(("frozen", car.frozen));
            let mut own = CardSet::EMPTY;
            if car.target != NO_CARD {
                own.insert(car.target);
            }
            if car.qualify_card != NO_CARD {
                own.insert(car.qualify_card);
            }
            v.push(("target or qualifying card", own));
        }
        v.push(("movement cards in play", self.it.in_play));
        v
    }
}
