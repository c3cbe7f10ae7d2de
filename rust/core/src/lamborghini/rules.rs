//! Which decisions are open now, applying one, and why one is refused: every refusal is the
//! check that failed, with the cards and numbers in play (the card checks and the square checks
//! are the very functions the legal list is built from).
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::actions::{self, Dir, Move};
use super::content::{Kind, Man, Supplier, Tech};
use super::refusals::{supplier_id, Key, Why};
use super::state::{LamboState, Phase};
use super::turn::DeckKind;
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
            return Err(self.refusal(m));
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
            Ok(m) => Some(self.refusal(m)),
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

    fn card_bar_why(&self, card: u16, bar: CardBar) -> Why {
        let name = self.card_title(card);
        let why = match bar {
            CardBar::SpeedCardActive(turns) => Why::new(Key::SpeedCardActive, format!(
                "{name}: Tyres or Petrol tank still gives +1 for {turns} turn{}, and no other speed card may be played meanwhile",
                if turns == 1 { "" } else { "s" }
            )).with("turns", turns),
            CardBar::LaneChanged => Why::new(Key::LaneChanged, format!("{name}: the car has changed lane this turn, and Aerodynamics forbids it")),
            CardBar::TeamUseless => Why::new(Key::TeamUseless, format!(
                "{name}: the car has no damage to repair and both manoeuvre checks of this turn are used"
            )),
            CardBar::NotSecondOrThird(pos) => Why::new(Key::NotSecondOrThird, format!(
                "{name}: only when the car is 2nd or 3rd; it is {}",
                ordinal(pos + 1)
            )).with("place", pos + 1),
            CardBar::NotLastOrSecondLast(pos, n) => Why::new(Key::NotLastOrSecondLast, format!(
                "{name}: only when the car is last or 2nd last; it is {} of {n}",
                ordinal(pos + 1)
            )).with("place", pos + 1).with("cars", n),
            CardBar::NotPlayable => Why::new(Key::NotPlayable, format!("{name} is not a Technology or Manoeuvre card")),
        };
        why.with("card", self.card_id(card))
    }

    /// What the game waits for now, for a refusal of something else: its English and its
    /// meaning (`now`, and the deck or car it names).
    fn now(&self, w: Why) -> Why {
        let (now, text): (&str, String) = match self.phase {
            Phase::Bid { .. } => ("bid", "the long game's sealed bids for the order of choice".into()),
            Phase::Reveal { n } => {
                let deck = super::state::reveal_deck(n);
                let text = format!("the eight cards are turned face up (a {} card is drawn)", deck.name());
                return w.with("now", "reveal").deck(deck).text(text);
            }
            Phase::Draft { step: 0, .. } => ("draft_turn_tech", "the draft: turn a Technology or Manoeuvre card".into()),
            Phase::Draft { step: 1, .. } => ("draft_turn_car", "the draft: turn a Car or Driver card".into()),
            Phase::Draft { .. } => ("draft_pick", "the draft: pick a face-up card".into()),
            Phase::Turned { deck, .. } => {
                let text = format!("the draft: a {} card is turned", deck.name());
                return w.with("now", "turned").deck(deck).text(text);
            }
            Phase::Grant { car, .. } => {
                let text = format!(
                    "set-up: {} receives its Technology and Manoeuvre cards",
                    self.car_title(usize::from(car))
                );
                return self.car_values(w.with("now", "grant"), usize::from(car)).text(text);
            }
            Phase::Qualify { .. } => ("qualify", "qualification: a Speed card is drawn".into()),
            Phase::SpeedDraw { .. } => ("speed_draw", "a Speed card is drawn for the movement".into()),
            Phase::Check { .. } => ("check", "a manoeuvre check is drawn".into()),
            Phase::DirectionDraw { .. } => ("direction_draw", "the accident's direction is drawn".into()),
            Phase::Direction { .. } => ("direction", "the accident's direction is chosen".into()),
            Phase::CheckPrep { .. } => (
                "check_prep",
                "before a Crazy Murciélago check: play Set-up, Team, Manoeuvre or Brakes, or take the check".into(),
            ),
            Phase::Link { step: 0, .. } => ("link_drivers", "set-up with 2 players: keep or swap the drivers".into()),
            Phase::Link { .. } => ("link_cards", "set-up with 2 players: link each card to a car".into()),
            Phase::Drive { car } => {
                let text = format!(
                    "the movement of {}: play a card, move a square, crash or push",
                    self.car_title(usize::from(car))
                );
                return self.car_values(w.with("now", "drive"), usize::from(car)).text(text);
            }
            Phase::Slip { .. } => ("slip", "the slipstream: choose the free square beside the car ahead".into()),
            Phase::Team { .. } => ("team", "the Team card: repair a damage or +1 to the check".into()),
            Phase::Over => ("over", "the game is over".into()),
            Phase::Flow => ("flow", "the game moves on".into()),
        };
        w.with("now", now).text(text)
    }

    /// A move's kind, as `not_open` names it (`move`), and its English.
    fn move_name(m: Move) -> (&'static str, &'static str) {
        match m {
            Move::Bid(_) => ("bid", "a bid"),
            Move::TurnTech(_) | Move::TurnCar(_) => ("turn", "turning a card"),
            Move::Pick(_) => ("pick", "picking a card"),
            Move::Play(_) => ("play", "playing a card"),
            Move::Step(_) => ("step", "moving a square"),
            Move::Slip(_) => ("slip", "a slipstream square"),
            Move::Crash => ("crash", "a crash"),
            Move::Push(_) => ("push", "a push"),
            Move::Direction(_) => ("direction", "choosing an accident's direction"),
            Move::Team(_) => ("team", "the Team card's choice"),
            Move::Proceed => ("proceed", "taking the check"),
            Move::SwapDrivers(_) => ("swap_drivers", "keeping or swapping the drivers"),
            Move::LinkTo(_) => ("link", "linking a card to a car"),
            Move::Draw(_) => ("draw", "drawing a card"),
        }
    }

    /// The check `m` fails here, in the players' words with the cards and numbers in play, and
    /// as a meaning (its key and values) for the words module.
    pub fn refusal(&self, m: Move) -> Error {
        if let Some(why) = self.specific_refusal(m) {
            return why.into();
        }
        let (kind, name) = Self::move_name(m);
        let why = self.now(Why::new(Key::NotOpen, "").with("move", kind));
        let text = format!("{name} is not open now: {}", why.text_of());
        why.text(text).into()
    }

    fn specific_refusal(&self, m: Move) -> Option<Why> {
        match (self.phase, m) {
            (Phase::Bid { seat }, Move::Bid(k)) => {
                let money = self.hands[usize::from(seat)].money.max(0);
                Some(Why::new(Key::BidMoney, format!("bid {k}000$: you have {money}$"))
                    .with("bid", u32::from(k) * 1000).with("money", money))
            }
            (Phase::Reveal { n }, Move::Draw(c)) => Some(self.not_in_deck(c, super::state::reveal_deck(n))),
            (Phase::Turned { deck, .. }, Move::Draw(c)) => Some(self.not_in_deck(c, deck)),
            (Phase::Grant { car, tech, .. }, Move::Draw(c)) if tech > 0 => Some(self.car_values(Why::new(Key::GrantTech, format!(
                "{} is not among the Technology cards {} may receive (its supplier's, else the next lower supplier's)",
                self.card_title(c),
                self.car_title(usize::from(car))
            )).with("card", self.card_id(c)), usize::from(car))),
            (Phase::Grant { .. }, Move::Draw(c)) => Some(self.not_in_deck(c, DeckKind::Manoeuvre)),
            (
                Phase::Qualify { .. }
                | Phase::SpeedDraw { .. }
                | Phase::Check { .. }
                | Phase::DirectionDraw { .. },
                Move::Draw(c),
            ) => Some(Why::new(Key::NotInSpeedDeck, format!(
                "{} is not in the Speed deck (it is held, played or already drawn)",
                self.card_title(c)
            )).with("card", self.card_id(c))),
            (Phase::Draft { step, .. }, Move::TurnTech(t)) => Some(match step {
                0 => {
                    let deck = if t { DeckKind::Technology } else { DeckKind::Manoeuvre };
                    Why::new(Key::DeckEmpty, format!("the {} deck is empty", deck.name())).deck(deck)
                }
                1 => Why::new(Key::TechAlreadyTurned, "a Technology or Manoeuvre card is already turned this draft turn: now a Car or Driver card"),
                _ => Why::new(Key::DraftTurned, "this draft turn's cards are turned: pick a face-up card"),
            }),
            (Phase::Draft { step, .. }, Move::TurnCar(c)) => Some(match step {
                0 => Why::new(Key::TurnTechFirst, "a draft turn turns a Technology or Manoeuvre card first"),
                1 => {
                    let deck = if c { DeckKind::Car } else { DeckKind::Driver };
                    Why::new(Key::DeckEmpty, format!("the {} deck is empty", deck.name())).deck(deck)
                }
                _ => Why::new(Key::DraftTurned, "this draft turn's cards are turned: pick a face-up card"),
            }),
            (Phase::Draft { step: 2, seat, .. }, Move::Pick(c)) => Some(self.pick_refusal(seat, c)),
            (Phase::Draft { .. }, Move::Pick(_)) => Some(Why::new(
                Key::PickAfterTurning,
                "a draft turn turns a Technology or Manoeuvre card and a Car or Driver card before picking",
            )),
            (Phase::Link { step: 0, .. }, Move::LinkTo(_)) => {
                Some(Why::new(Key::DriversFirst, "the drivers are linked first: keep or swap them"))
            }
            (Phase::Link { .. }, Move::SwapDrivers(_)) => {
                Some(Why::new(Key::DriversLinked, "the drivers are already linked: now each card to a car"))
            }
            (Phase::Link { seat, .. }, Move::LinkTo(k)) => Some(self.link_refusal(seat, k)),
            (Phase::CheckPrep { car }, Move::Play(c)) => {
                let car = usize::from(car);
                Some(self.held_refusal(car, c).unwrap_or_else(|| {
                    Why::new(Key::CheckPrepCard, format!(
                        "{}: before a Crazy Murciélago check only Set-up, Team, Manoeuvre or Brakes may be played (they change the check or prevent its damage)",
                        self.card_title(c)
                    )).with("card", self.card_id(c))
                }))
            }
            (Phase::Drive { car }, Move::Play(c)) => {
                let car = usize::from(car);
                self.held_refusal(car, c).or_else(|| {
                    let pos = self.place_of(car);
                    self.card_bar(car, c, pos)
                        .map(|bar| self.card_bar_why(c, bar))
                })
            }
            (Phase::Drive { car }, Move::Step(d)) => Some(self.step_refusal(usize::from(car), d)),
            (Phase::Drive { .. }, Move::Crash | Move::Push(_)) => {
                Some(self.engage_refusal(m))
            }
            (Phase::Slip { car }, Move::Slip(d)) => Some(self.slip_refusal(usize::from(car), d)),
            (Phase::Team { .. }, Move::Team(true)) => {
                Some(Why::new(Key::TeamNoDamage, "Team: the car has no damage to repair"))
            }
            _ => None,
        }
    }

    fn not_in_deck(&self, c: u16, deck: DeckKind) -> Why {
        Why::new(
            Key::NotInDeck,
            format!("{} is not in the {} deck", self.card_title(c), deck.name()),
        )
        .with("card", self.card_id(c))
        .deck(deck)
    }

    fn pick_refusal(&self, seat: u8, c: u16) -> Why {
        let name = self.card_title(c);
        let card = self.card_id(c);
        if !self.face_up.contains(&c) {
            return Why::new(Key::NotFaceUp, format!("{name} is not face up")).with("card", card);
        }
        let (need_car, need_driver) = self.needs(seat);
        let needed = match self.def.kind(c) {
            Kind::Car => need_car,
            Kind::Driver => need_driver,
            _ => false,
        };
        if let Some(u) = self.unaffordable(seat, c).filter(|_| needed) {
            let deck = if self.def.kind(c) == Kind::Car {
                DeckKind::Car
            } else {
                DeckKind::Driver
            };
            let why = format!("{name} costs {}$ and you have {}$", u.price, u.money);
            let values = |w: Why| {
                w.with("card", card.clone())
                    .with("price", u.price)
                    .with("money", u.money)
            };
            if let Some(k) = u.cheapest {
                let why = why + &format!(
                    "; no {} card left is within your money, so you may take the cheapest face up ({}) for all you have",
                    deck.name(),
                    self.card_title(k)
                );
                return values(Why::new(Key::PickCheapest, why))
                    .deck(deck)
                    .with("cheapest", self.card_id(k));
            }
            return values(Why::new(Key::PickCosts, why));
        }
        let suppliers = &self.hands[usize::from(seat)].suppliers;
        let why = match self.def.kind(c) {
            Kind::Car => Why::new(
                Key::HasCar,
                format!("{name}: each of your Murciélagos has its Car card"),
            ),
            Kind::Driver => Why::new(
                Key::HasDriver,
                format!("{name}: each of your Murciélagos has its driver"),
            ),
            Kind::Tech(..) => {
                let mine: Vec<&str> = suppliers.iter().map(|&s| supplier_name(s)).collect();
                let ids: Vec<&str> = suppliers.iter().map(|&s| supplier_id(s)).collect();
                Why::new(
                    Key::PickSupplier,
                    format!(
                        "{name}: Technology only from your supplier{} ({})",
                        if mine.len() == 1 { "" } else { "s" },
                        mine.join(", ")
                    ),
                )
                .with("suppliers", ids)
            }
            _ => Why::new(Key::CannotPick, format!("{name} cannot be picked")),
        };
        why.with("card", card)
    }

    fn link_refusal(&self, seat: u8, k: u8) -> Why {
        let mine = self.def.opts.cars_of(seat);
        let slot = if k == 0 { "A" } else { "B" };
        let Some(&card) = self.hands[usize::from(seat)].cards.first() else {
            return Why::new(Key::NothingToLink, "no card is left to link");
        };
        let Some(&car) = mine.get(usize::from(k)) else {
            return Why::new(Key::NoSuchCar, format!("there is no car {slot}")).with("slot", slot);
        };
        let why = match (self.def.kind(card), self.murcs[car].supplier) {
            (Kind::Tech(s, _), Some(x)) if s != x => Why::new(Key::LinkSupplier, format!(
                "{}: Technology goes to the car of its supplier, and car {slot} has its agreement with {}",
                self.card_title(card),
                supplier_name(x)
            )).with("supplier", supplier_id(x)),
            _ => Why::new(Key::CannotLink, format!("{} cannot go to car {slot}", self.card_title(card))),
        };
        why.with("card", self.card_id(card)).with("slot", slot)
    }

    /// One card a turn, and only a card the car holds.
    fn held_refusal(&self, car: usize, c: u16) -> Option<Why> {
        if self.turn.played {
            return Some(
                Why::new(
                    Key::OneCardATurn,
                    format!(
                        "{}: one Technology or Manoeuvre card a turn, and one is already played",
                        self.card_title(c)
                    ),
                )
                .with("card", self.card_id(c)),
            );
        }
        if !self.car_cards(car).contains(&c) {
            let name = self.card_title(c);
            let why = if self.def.opts.players == 2 {
                let text = format!("{name} is not among {}'s cards", self.car_title(car));
                self.car_values(Why::new(Key::NotAmongCards, text), car)
            } else {
                Why::new(Key::NotInHand, format!("{name} is not in your hand"))
            };
            return Some(why.with("card", self.card_id(c)));
        }
        None
    }

    fn step_refusal(&self, car: usize, d: Dir) -> Why {
        let allowance = self.allowance(car);
        if i32::from(self.turn.spent) >= allowance {
            return Why::new(
                Key::MovementSpent,
                format!(
                    "the turn's movement is {allowance} square{} and all are moved",
                    if allowance == 1 { "" } else { "s" }
                ),
            )
            .with("squares", allowance);
        }
        let why = match self.step_bar(car, d) {
            Some(StepBar::Forced(f)) => {
                return Why::new(Key::ForcedFirst, format!(
                    "after the accident the first square of this movement is {}",
                    f.name()
                )).dir(f)
            }
            Some(StepBar::Aerodynamics) => {
                return Why::new(Key::AerodynamicsLane, "Aerodynamics was played: no lane change this turn")
            }
            Some(StepBar::Edge) => Why::new(Key::StepEdge, format!("move {}: the edge of the track", d.name())),
            Some(StepBar::Taken(lane)) => {
                let here = self.murcs[car].cell;
                let cell = crate::grid::Cell {
                    row: self.def.track().next_row(here.row),
                    lane,
                };
                match self.occupied(cell) {
                    Some(o) => {
                        let text = format!("move {}: {} is on that square", d.name(), self.car_title(o));
                        self.car_values(Why::new(Key::StepCar, text), o)
                    }
                    None => Why::new(Key::StepTaken, format!("move {}: that square is taken", d.name())),
                }
            }
            Some(StepBar::SqueezeWithoutCheck) => Why::new(Key::Squeeze, format!(
                "move {}: passing diagonally between two cars needs a manoeuvre check, and both of this turn's are used",
                d.name()
            )),
            None => Why::new(Key::StepNot, format!("move {}: not allowed", d.name())),
        };
        why.dir(d)
    }

    fn engage_refusal(&self, m: Move) -> Why {
        if self.turn.declared {
            return Why::new(
                Key::Engaged,
                "one crash or push a turn, and this turn's is declared",
            );
        }
        if self.turn.checks >= 2 {
            return Why::new(
                Key::EngageNoChecks,
                "both manoeuvre checks of this turn are used: no crash or push",
            );
        }
        match m {
            Move::Push(Dir::Ahead) => Why::new(
                Key::PushSideways,
                "a push is to the car on the left or on the right",
            ),
            Move::Push(d) => Why::new(
                Key::PushNone,
                format!(
                    "push {}: no opponent's car right beside on the {}",
                    d.name(),
                    d.name()
                ),
            )
            .dir(d),
            _ => Why::new(
                Key::CrashNone,
                "crash: no opponent's car on the square right ahead",
            ),
        }
    }

    fn slip_refusal(&self, car: usize, d: Dir) -> Why {
        let here = self.murcs[car].cell;
        let lanes = self.def.track().lanes;
        let off = match d {
            Dir::Left => here.lane == 0,
            Dir::Right => here.lane + 1 >= lanes,
            Dir::Ahead => {
                return Why::new(
                    Key::SlipBeside,
                    "the slipstream square is beside the car ahead, left or right",
                )
            }
        };
        let why = if off {
            Why::new(
                Key::SlipEdge,
                format!("slipstream {}: the edge of the track", d.name()),
            )
        } else {
            Why::new(
                Key::SlipTaken,
                format!(
                    "slipstream {}: that square beside the car ahead is taken",
                    d.name()
                ),
            )
        };
        why.dir(d)
    }
}
