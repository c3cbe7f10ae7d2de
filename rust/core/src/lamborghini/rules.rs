//! Which decisions are open now, applying one, and why one is refused: every refusal is the
//! check that failed, with the cards and numbers in play (the card checks and the square checks
//! are the very functions the legal list is built from).
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::actions::{self, Dir, Move};
use super::content::{Kind, Man, Supplier, Tech};
use super::state::{LamboState, Phase};
use crate::error::Error;
use crate::game::Action;

/// Why a Technology or Manoeuvre card may not be played now: its own rule's failed condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardBar {
    /// A speed card while Tyres or Petrol tank still gives +1 (for this many more turns).
    SpeedCardActive(u8),
    /// Aerodynamics after the car changed lane this turn.
    LaneChanged,
    /// Team with no damage to repair and both manoeuvre checks of the turn used.
    TeamUseless,
    /// Winning away from 2nd and 3rd (the car's place, 0 = first).
    NotSecondOrThird(usize),
    /// Will away from last and 2nd last (the car's place, 0 = first; the number of cars).
    NotLastOrSecondLast(usize, usize),
    /// A Car, Driver or Banknote card: nothing to play.
    NotPlayable,
}

/// Why the square in a direction may not be entered next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepBar {
    /// An accident fixed the first square of this movement.
    Forced(Dir),
    /// Aerodynamics was played: no lane change this turn.
    Aerodynamics,
    /// The edge of the track.
    Edge,
    /// The square is taken (its lane).
    Taken(u8),
    /// Passing diagonally between two cars needs a manoeuvre check; both are used.
    SqueezeWithoutCheck,
}

fn ordinal(place: usize) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

pub(super) fn supplier_name(s: Supplier) -> &'static str {
    match s {
        Supplier::Red => "Red",
        Supplier::Yellow => "Yellow",
        Supplier::Blue => "Blue",
    }
}

pub(super) fn tech_name(t: Tech) -> &'static str {
    match t {
        Tech::Aerodynamics => "Aerodynamics",
        Tech::Brakes => "Brakes",
        Tech::Setup => "Set-up",
        Tech::Engine => "Engine",
        Tech::Tyres => "Tyres",
        Tech::PetrolTank => "Petrol tank",
        Tech::Team => "Team",
    }
}

pub(super) fn man_name(m: Man) -> &'static str {
    match m {
        Man::Skill => "Skill",
        Man::Hazard => "Hazard",
        Man::Fortune => "Fortune",
        Man::Manoeuvre => "Manoeuvre",
        Man::Slipstreaming => "Slipstreaming",
        Man::Engagement => "Engagement",
        Man::FastCar => "Fast car",
        Man::Winning => "Winning",
        Man::Will => "Will",
    }
}

impl LamboState {
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.phase {
            Phase::Bid { seat } => {
                let money = self.hands[usize::from(seat)].money.max(0) / 1000;
                (0..=money.min(actions::MAX_BID as i32) as u8)
                    .map(Move::Bid)
                    .collect()
            }
            Phase::Draft { seat, step, .. } => {
                if step < 2 {
                    self.turn_options(step)
                } else {
                    self.pick_options(seat)
                }
            }
            Phase::Link { step: 0, .. } => {
                alloc::vec![Move::SwapDrivers(false), Move::SwapDrivers(true)]
            }
            Phase::Link { seat, .. } => self.link_options(seat),
            Phase::CheckPrep { car } => self.check_cards(usize::from(car)),
            Phase::Drive { car } => self.drive_moves(usize::from(car)),
            Phase::Slip { car } => self.slip_moves(usize::from(car)),
            Phase::Team { car } => {
                let mut out = alloc::vec![Move::Team(false)];
                if self.murcs[usize::from(car)].damages > 0 {
                    out.insert(0, Move::Team(true));
                }
                out
            }
            Phase::Direction { .. } => actions::DIRS.iter().map(|&d| Move::Direction(d)).collect(),
            Phase::Over | Phase::Flow => Vec::new(),
            _ => self.chance_cards().into_iter().map(Move::Draw).collect(),
        }
    }

    /// Legality without building the whole list where a deck decides it (the hot path).
    pub(crate) fn is_legal(&self, m: Move) -> bool {
        match (self.phase, m) {
            (
                Phase::Qualify { .. }
                | Phase::SpeedDraw { .. }
                | Phase::Check { .. }
                | Phase::DirectionDraw { .. },
                Move::Draw(c),
            ) => self.speed_pile().contains(&c),
            (Phase::Drive { car }, Move::Crash | Move::Push(_)) => {
                self.engage_target(usize::from(car), m).is_some()
            }
            // A step needs only the squares ahead (no need to list the cards too).
            (Phase::Drive { car }, Move::Step(d)) => {
                let car = usize::from(car);
                i32::from(self.turn.spent) < self.allowance(car)
                    && self.step_mask(car)
                        & (1 << actions::DIRS.iter().position(|&x| x == d).unwrap_or(0))
                        != 0
            }
            _ => self.legal_moves().contains(&m),
        }
    }

    /// The pile a Speed card is drawn from: the deck, or its discards when it is empty.
    pub(crate) fn speed_pile(&self) -> &Vec<u16> {
        if self.speed_deck.is_empty() {
            &self.speed_discard
        } else {
            &self.speed_deck
        }
    }

    /// Applies `action` if the rules allow it; on a refusal nothing has changed.
    pub fn apply_unrecorded(&mut self, action: Action) -> Result<(), Error> {
        let m = self.decode(action)?;
        if !self.is_legal(m) {
            return Err(Error::illegal(self.refusal(m)));
        }
        match (self.phase, m) {
            (
                Phase::Bid { .. }
                | Phase::Reveal { .. }
                | Phase::Draft { .. }
                | Phase::Turned { .. },
                _,
            ) => self.apply_draft(m),
            (Phase::Grant { .. }, Move::Draw(c)) => self.apply_grant(c),
            (Phase::Qualify { .. }, Move::Draw(c)) => self.apply_qualify(c),
            (Phase::SpeedDraw { .. }, Move::Draw(c)) => self.apply_speed(c),
            (Phase::Check { .. }, Move::Draw(c)) => self.apply_check(c),
            (Phase::DirectionDraw { .. }, Move::Draw(c)) => self.apply_direction_draw(c),
            (Phase::Direction { car, .. }, Move::Direction(d)) => {
                self.set_direction(usize::from(car), d)
            }
            (Phase::Link { seat, .. }, m) => self.apply_link(seat, m),
            (Phase::CheckPrep { car }, m) => self.apply_check_prep(usize::from(car), m),
            (Phase::Drive { car }, m) => self.apply_drive(usize::from(car), m),
            (Phase::Slip { car }, Move::Slip(d)) => self.slip_to(usize::from(car), d),
            (Phase::Team { car }, Move::Team(r)) => self.apply_team(usize::from(car), r),
            _ => {}
        }
        self.settle();
        Ok(())
    }

    fn decode(&self, action: Action) -> Result<Move, Error> {
        self.def
            .enc
            .decode(action)
            .ok_or_else(|| Error::UnknownAction {
                what: format!(
                    "id {action}: Lamborghini's actions are numbered 0 to {}",
                    self.def.enc.num_actions() - 1
                ),
            })
    }

    /// `None` when `action` is legal here, else the error `apply_action` would give.
    pub fn why_illegal(&self, action: Action) -> Option<Error> {
        match self.decode(action) {
            Err(e) => Some(e),
            Ok(m) if self.is_legal(m) => None,
            Ok(m) => Some(Error::illegal(self.refusal(m))),
        }
    }

    /// Whether `card` may be played now by `car`, standing `pos`-th (0 = first): the card's own
    /// condition, or the reason it fails.
    pub(crate) fn card_bar(&self, car: usize, card: u16, pos: usize) -> Option<CardBar> {
        let kind = self.def.kind(card);
        let n = self.murcs.len();
        let speed_card = matches!(
            kind,
            Kind::Tech(
                _,
                Tech::Aerodynamics | Tech::Engine | Tech::Tyres | Tech::PetrolTank
            ) | Kind::Manoeuvre(Man::Skill | Man::FastCar | Man::Winning | Man::Will)
        );
        // "During these turns another card can be played, but it must not affect the speed."
        let boost = self.murcs[car].boost_turns;
        if speed_card && boost > 0 {
            return Some(CardBar::SpeedCardActive(boost));
        }
        match kind {
            Kind::Tech(_, Tech::Aerodynamics) if self.turn.lane_changed => {
                Some(CardBar::LaneChanged)
            }
            Kind::Tech(_, Tech::Team) if self.murcs[car].damages == 0 && self.turn.checks >= 2 => {
                Some(CardBar::TeamUseless)
            }
            Kind::Manoeuvre(Man::Winning) if pos != 1 && pos != 2 => {
                Some(CardBar::NotSecondOrThird(pos))
            }
            Kind::Manoeuvre(Man::Will) if pos + 1 != n && pos + 2 != n => {
                Some(CardBar::NotLastOrSecondLast(pos, n))
            }
            Kind::Tech(..) | Kind::Manoeuvre(_) => None,
            _ => Some(CardBar::NotPlayable),
        }
    }

    /// A card as players name it: "Aerodynamics (Blue)", "Skill", "Nino Fabbri", "5000$".
    pub fn card_title(&self, card: u16) -> String {
        let Some(c) = self.def.content.cards.get(usize::from(card)) else {
            return format!("card {card}");
        };
        match c.kind {
            Kind::Tech(s, t) => format!("{} ({})", tech_name(t), supplier_name(s)),
            Kind::Manoeuvre(m) => String::from(man_name(m)),
            _ => c.name.clone(),
        }
    }

    /// A Murciélago as players name it: by its Car card once it has one.
    pub fn car_title(&self, car: usize) -> String {
        match self.murcs.get(car).and_then(|m| m.car) {
            Some(c) => format!("the {}", self.def.content.cards[usize::from(c)].name),
            None => format!("Murciélago {}", car + 1),
        }
    }

    fn card_bar_text(&self, card: u16, bar: CardBar) -> String {
        let name = self.card_title(card);
        match bar {
            CardBar::SpeedCardActive(turns) => format!(
                "{name}: Tyres or Petrol tank still gives +1 for {turns} turn{}, and no other speed card may be played meanwhile",
                if turns == 1 { "" } else { "s" }
            ),
            CardBar::LaneChanged => format!("{name}: the car has changed lane this turn, and Aerodynamics forbids it"),
            CardBar::TeamUseless => format!(
                "{name}: the car has no damage to repair and both manoeuvre checks of this turn are used"
            ),
            CardBar::NotSecondOrThird(pos) => format!(
                "{name}: only when the car is 2nd or 3rd; it is {}",
                ordinal(pos + 1)
            ),
            CardBar::NotLastOrSecondLast(pos, n) => format!(
                "{name}: only when the car is last or 2nd last; it is {} of {n}",
                ordinal(pos + 1)
            ),
            CardBar::NotPlayable => format!("{name} is not a Technology or Manoeuvre card"),
        }
    }

    /// What the game waits for now, for a refusal of something else.
    fn now(&self) -> String {
        match self.phase {
            Phase::Bid { .. } => "the long game's sealed bids for the order of choice".into(),
            Phase::Reveal { n } => format!(
                "the eight cards are turned face up (a {} card is drawn)",
                super::state::reveal_deck(n).name()
            ),
            Phase::Draft { step: 0, .. } => "the draft: turn a Technology or Manoeuvre card".into(),
            Phase::Draft { step: 1, .. } => "the draft: turn a Car or Driver card".into(),
            Phase::Draft { .. } => "the draft: pick a face-up card".into(),
            Phase::Turned { deck, .. } => format!("the draft: a {} card is turned", deck.name()),
            Phase::Grant { car, .. } => format!(
                "set-up: {} receives its Technology and Manoeuvre cards",
                self.car_title(usize::from(car))
            ),
            Phase::Qualify { .. } => "qualification: a Speed card is drawn".into(),
            Phase::SpeedDraw { .. } => "a Speed card is drawn for the movement".into(),
            Phase::Check { .. } => "a manoeuvre check is drawn".into(),
            Phase::DirectionDraw { .. } => "the accident's direction is drawn".into(),
            Phase::Direction { .. } => "the accident's direction is chosen".into(),
            Phase::CheckPrep { .. } => {
                "before a Crazy Murciélago check: play Set-up, Team, Manoeuvre or Brakes, or take the check"
                    .into()
            }
            Phase::Link { step: 0, .. } => "set-up with 2 players: keep or swap the drivers".into(),
            Phase::Link { .. } => "set-up with 2 players: link each card to a car".into(),
            Phase::Drive { car } => format!(
                "the movement of {}: play a card, move a square, crash or push",
                self.car_title(usize::from(car))
            ),
            Phase::Slip { .. } => {
                "the slipstream: choose the free square beside the car ahead".into()
            }
            Phase::Team { .. } => "the Team card: repair a damage or +1 to the check".into(),
            Phase::Over => "the game is over".into(),
            Phase::Flow => "the game moves on".into(),
        }
    }

    fn move_name(m: Move) -> &'static str {
        match m {
            Move::Bid(_) => "a bid",
            Move::TurnTech(_) | Move::TurnCar(_) => "turning a card",
            Move::Pick(_) => "picking a card",
            Move::Play(_) => "playing a card",
            Move::Step(_) => "moving a square",
            Move::Slip(_) => "a slipstream square",
            Move::Crash => "a crash",
            Move::Push(_) => "a push",
            Move::Direction(_) => "choosing an accident's direction",
            Move::Team(_) => "the Team card's choice",
            Move::Proceed => "taking the check",
            Move::SwapDrivers(_) => "keeping or swapping the drivers",
            Move::LinkTo(_) => "linking a card to a car",
            Move::Draw(_) => "drawing a card",
        }
    }

    /// The check `m` fails here, in the players' words with the cards and numbers in play.
    pub fn refusal(&self, m: Move) -> String {
        if let Some(why) = self.specific_refusal(m) {
            return why;
        }
        format!("{} is not open now: {}", Self::move_name(m), self.now())
    }

    fn specific_refusal(&self, m: Move) -> Option<String> {
        match (self.phase, m) {
            (Phase::Bid { seat }, Move::Bid(k)) => Some(format!(
                "bid {k}000$: you have {}$",
                self.hands[usize::from(seat)].money.max(0)
            )),
            (Phase::Reveal { n }, Move::Draw(c)) => Some(format!(
                "{} is not in the {} deck",
                self.card_title(c),
                super::state::reveal_deck(n).name()
            )),
            (Phase::Turned { deck, .. }, Move::Draw(c)) => Some(format!(
                "{} is not in the {} deck",
                self.card_title(c),
                deck.name()
            )),
            (Phase::Grant { car, tech, .. }, Move::Draw(c)) if tech > 0 => Some(format!(
                "{} is not among the Technology cards {} may receive (its supplier's, else the next lower supplier's)",
                self.card_title(c),
                self.car_title(usize::from(car))
            )),
            (Phase::Grant { .. }, Move::Draw(c)) => Some(format!(
                "{} is not in the Manoeuvre deck",
                self.card_title(c)
            )),
            (
                Phase::Qualify { .. }
                | Phase::SpeedDraw { .. }
                | Phase::Check { .. }
                | Phase::DirectionDraw { .. },
                Move::Draw(c),
            ) => Some(format!(
                "{} is not in the Speed deck (it is held, played or already drawn)",
                self.card_title(c)
            )),
            (Phase::Draft { step, .. }, Move::TurnTech(t)) => Some(match step {
                0 => format!(
                    "the {} deck is empty",
                    if t { "Technology" } else { "Manoeuvre" }
                ),
                1 => "a Technology or Manoeuvre card is already turned this draft turn: now a Car or Driver card".into(),
                _ => "this draft turn's cards are turned: pick a face-up card".into(),
            }),
            (Phase::Draft { step, .. }, Move::TurnCar(c)) => Some(match step {
                0 => "a draft turn turns a Technology or Manoeuvre card first".into(),
                1 => format!("the {} deck is empty", if c { "Car" } else { "Driver" }),
                _ => "this draft turn's cards are turned: pick a face-up card".into(),
            }),
            (Phase::Draft { step: 2, seat, .. }, Move::Pick(c)) => Some(self.pick_refusal(seat, c)),
            (Phase::Draft { .. }, Move::Pick(_)) => Some(
                "a draft turn turns a Technology or Manoeuvre card and a Car or Driver card before picking".into(),
            ),
            (Phase::Link { step: 0, .. }, Move::LinkTo(_)) => {
                Some("the drivers are linked first: keep or swap them".into())
            }
            (Phase::Link { .. }, Move::SwapDrivers(_)) => {
                Some("the drivers are already linked: now each card to a car".into())
            }
            (Phase::Link { seat, .. }, Move::LinkTo(k)) => Some(self.link_refusal(seat, k)),
            (Phase::CheckPrep { car }, Move::Play(c)) => {
                let car = usize::from(car);
                Some(self.held_refusal(car, c).unwrap_or_else(|| {
                    format!(
                        "{}: before a Crazy Murciélago check only Set-up, Team, Manoeuvre or Brakes may be played (they change the check or prevent its damage)",
                        self.card_title(c)
                    )
                }))
            }
            (Phase::Drive { car }, Move::Play(c)) => {
                let car = usize::from(car);
                self.held_refusal(car, c).or_else(|| {
                    let pos = self.place_of(car);
                    self.card_bar(car, c, pos)
                        .map(|bar| self.card_bar_text(c, bar))
                })
            }
            (Phase::Drive { car }, Move::Step(d)) => Some(self.step_refusal(usize::from(car), d)),
            (Phase::Drive { .. }, Move::Crash | Move::Push(_)) => {
                Some(self.engage_refusal(m))
            }
            (Phase::Slip { car }, Move::Slip(d)) => Some(self.slip_refusal(usize::from(car), d)),
            (Phase::Team { .. }, Move::Team(true)) => {
                Some("Team: the car has no damage to repair".into())
            }
            _ => None,
        }
    }

    fn pick_refusal(&self, seat: u8, c: u16) -> String {
        let name = self.card_title(c);
        if !self.face_up.contains(&c) {
            return format!("{name} is not face up");
        }
        let (need_car, need_driver) = self.needs(seat);
        let needed = match self.def.kind(c) {
            Kind::Car => need_car,
            Kind::Driver => need_driver,
            _ => false,
        };
        if let Some(u) = self.unaffordable(seat, c).filter(|_| needed) {
            let what = if self.def.kind(c) == Kind::Car {
                "Car"
            } else {
                "Driver"
            };
            let mut why = format!("{name} costs {}$ and you have {}$", u.price, u.money);
            if let Some(k) = u.cheapest {
                why += &format!(
                    "; no {what} card left is within your money, so you may take the cheapest face up ({}) for all you have",
                    self.card_title(k)
                );
            }
            return why;
        }
        let suppliers = &self.hands[usize::from(seat)].suppliers;
        match self.def.kind(c) {
            Kind::Car => format!("{name}: each of your Murciélagos has its Car card"),
            Kind::Driver => format!("{name}: each of your Murciélagos has its driver"),
            Kind::Tech(..) => {
                let mine: Vec<&str> = suppliers.iter().map(|&s| supplier_name(s)).collect();
                format!(
                    "{name}: Technology only from your supplier{} ({})",
                    if mine.len() == 1 { "" } else { "s" },
                    mine.join(", ")
                )
            }
            _ => format!("{name} cannot be picked"),
        }
    }

    fn link_refusal(&self, seat: u8, k: u8) -> String {
        let mine = self.def.opts.cars_of(seat);
        let slot = if k == 0 { "A" } else { "B" };
        let Some(&card) = self.hands[usize::from(seat)].cards.first() else {
            return "no card is left to link".into();
        };
        let Some(&car) = mine.get(usize::from(k)) else {
            return format!("there is no car {slot}");
        };
        match (self.def.kind(card), self.murcs[car].supplier) {
            (Kind::Tech(s, _), Some(x)) if s != x => format!(
                "{}: Technology goes to the car of its supplier, and car {slot} has its agreement with {}",
                self.card_title(card),
                supplier_name(x)
            ),
            _ => format!("{} cannot go to car {slot}", self.card_title(card)),
        }
    }

    /// One card a turn, and only a card the car holds.
    fn held_refusal(&self, car: usize, c: u16) -> Option<String> {
        if self.turn.played {
            return Some(format!(
                "{}: one Technology or Manoeuvre card a turn, and one is already played",
                self.card_title(c)
            ));
        }
        if !self.car_cards(car).contains(&c) {
            let whose = if self.def.opts.players == 2 {
                format!("among {}'s cards", self.car_title(car))
            } else {
                String::from("in your hand")
            };
            return Some(format!("{} is not {whose}", self.card_title(c)));
        }
        None
    }

    fn step_refusal(&self, car: usize, d: Dir) -> String {
        let allowance = self.allowance(car);
        if i32::from(self.turn.spent) >= allowance {
            return format!(
                "the turn's movement is {allowance} square{} and all are moved",
                if allowance == 1 { "" } else { "s" }
            );
        }
        match self.step_bar(car, d) {
            Some(StepBar::Forced(f)) => format!(
                "after the accident the first square of this movement is {}",
                f.name()
            ),
            Some(StepBar::Aerodynamics) => {
                "Aerodynamics was played: no lane change this turn".into()
            }
            Some(StepBar::Edge) => format!("move {}: the edge of the track", d.name()),
            Some(StepBar::Taken(lane)) => {
                let here = self.murcs[car].cell;
                let cell = crate::grid::Cell {
                    row: self.def.track().next_row(here.row),
                    lane,
                };
                match self.occupied(cell) {
                    Some(o) => format!("move {}: {} is on that square", d.name(), self.car_title(o)),
                    None => format!("move {}: that square is taken", d.name()),
                }
            }
            Some(StepBar::SqueezeWithoutCheck) => format!(
                "move {}: passing diagonally between two cars needs a manoeuvre check, and both of this turn's are used",
                d.name()
            ),
            None => format!("move {}: not allowed", d.name()),
        }
    }

    fn engage_refusal(&self, m: Move) -> String {
        if self.turn.declared {
            return "one crash or push a turn, and this turn's is declared".into();
        }
        if self.turn.checks >= 2 {
            return "both manoeuvre checks of this turn are used: no crash or push".into();
        }
        match m {
            Move::Push(Dir::Ahead) => "a push is to the car on the left or on the right".into(),
            Move::Push(d) => format!(
                "push {}: no opponent's car right beside on the {}",
                d.name(),
                d.name()
            ),
            _ => "crash: no opponent's car on the square right ahead".into(),
        }
    }

    fn slip_refusal(&self, car: usize, d: Dir) -> String {
        let here = self.murcs[car].cell;
        let lanes = self.def.track().lanes;
        let off = match d {
            Dir::Left => here.lane == 0,
            Dir::Right => here.lane + 1 >= lanes,
            Dir::Ahead => {
                return "the slipstream square is beside the car ahead, left or right".into()
            }
        };
        if off {
            format!("slipstream {}: the edge of the track", d.name())
        } else {
            format!(
                "slipstream {}: that square beside the car ahead is taken",
                d.name()
            )
        }
    }
}
