//! The flow of a Lamborghini game: the pick-order auction (long game), the draft of the eight
//! face-up cards, the set-up grants, qualification, and the race's turns. Movement and manoeuvre
//! checks are in `drive.rs`.
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::actions::{Dir, Encoding, Move};
use super::content::{Content, Kind, Supplier};
use super::options::LamboOptions;
pub use super::turn::{DeckKind, FinishRecord, Turn};
use crate::error::Error;
use crate::game::{Action, Player};
use crate::grid::{Cell, Track};

#[derive(Debug, Clone, PartialEq)]
pub struct Def {
    pub content: Arc<Content>,
    pub circuit: usize,
    pub opts: LamboOptions,
    pub enc: Encoding,
    pub laps: u8,
    /// Per card id: the Speed value, the speed bonus and the manoeuvre value (Car and Driver
    /// cards), read on every square moved, so kept small and together.
    pub speed_of: Vec<u8>,
    pub speed_bonus: Vec<i8>,
    pub manoeuvre_of: Vec<i8>,
    /// How many of the cards a Speed deck may hold (Technology, Manoeuvre, Banknote) carry each
    /// Speed value, 0 to 12: what a bot weighs a manoeuvre check's risk with.
    pub speed_values: [u16; 13],
}

impl Def {
    pub fn new(content: Arc<Content>, opts: LamboOptions) -> Result<Def, Error> {
        let (circuit, c) = content.circuit(&opts.circuit).ok_or_else(|| {
            let known: Vec<&str> = content.circuits.iter().map(|c| c.id.as_str()).collect();
            Error::options(
                "circuit",
                alloc::format!(
                    "unknown circuit {:?}; known: {}",
                    opts.circuit,
                    known.join(", ")
                ),
            )
        })?;
        for id in &opts.circuits {
            if content.circuit(id).is_none() {
                return Err(Error::options(
                    "circuits",
                    alloc::format!("unknown circuit {id:?}"),
                ));
            }
        }
        let laps = opts.laps.unwrap_or(c.laps);
        let enc = Encoding {
            cards: content.cards.len() as u16,
        };
        let speed_of = content.cards.iter().map(|c| c.speed).collect();
        let speed_bonus = content.cards.iter().map(|c| c.speed_bonus).collect();
        let manoeuvre_of = content.cards.iter().map(|c| c.manoeuvre).collect();
        let mut speed_values = [0u16; 13];
        for c in content.cards.iter() {
            if !matches!(c.kind, Kind::Car | Kind::Driver) {
                speed_values[usize::from(c.speed.min(12))] += 1;
            }
        }
        Ok(Def {
            content,
            circuit,
            opts,
            enc,
            laps,
            speed_of,
            speed_bonus,
            manoeuvre_of,
            speed_values,
        })
    }

    /// The same game for race `index` of a long game (its circuit and laps).
    pub fn for_race(&self, index: usize) -> Def {
        let mut next = self.clone();
        if let Some(id) = self.opts.circuits.get(index) {
            if let Some((i, c)) = self.content.circuit(id) {
                next.circuit = i;
                next.laps = self.opts.laps.unwrap_or(c.laps);
            }
        }
        next
    }

    pub fn track(&self) -> &Track {
        &self.content.circuits[self.circuit].track
    }

    pub fn race_length(&self) -> i32 {
        i32::from(self.laps) * i32::from(self.track().len())
    }

    pub fn kind(&self, card: u16) -> Kind {
        self.content.cards[usize::from(card)].kind
    }
}

/// Why a manoeuvre check is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Crazy Murciélago, with the penalty of the arrow (0, 1, 2).
    Crazy(u8),
    /// Passing diagonally between two cars.
    Squeeze,
    /// The slipstream square is taken.
    Slipstream,
    /// A crash or a push: `attacker` checks first, then the car it hit.
    Engage { attacker: bool, other: u8 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Bid {
        seat: u8,
    },
    /// The eight cards turned face up at the start.
    Reveal {
        n: u8,
    },
    /// A draft turn: `step` 0 turn a Tech/Manoeuvre card, 1 a Car/Driver card, 2 pick.
    Draft {
        seat: u8,
        step: u8,
        picks: u8,
    },
    /// Chance: the card turned from `deck`.
    Turned {
        seat: u8,
        deck: DeckKind,
        step: u8,
        picks: u8,
    },
    /// Chance: set-up cards granted to `car` (Technology first).
    Grant {
        car: u8,
        tech: u8,
        man: u8,
    },
    Qualify {
        car: u8,
    },
    SpeedDraw {
        car: u8,
    },
    Check {
        car: u8,
        why: Why,
    },
    DirectionDraw {
        car: u8,
    },
    Direction {
        car: u8,
        chooser: u8,
    },
    /// Before a Crazy Murciélago check: play a card for it, or take the check.
    CheckPrep {
        car: u8,
    },
    /// 2 players, set-up: link drivers (`step` 0) and cards (`step` 1) to each car.
    Link {
        seat: u8,
        step: u8,
    },
    Drive {
        car: u8,
    },
    Slip {
        car: u8,
    },
    Team {
        car: u8,
    },
    Over,
    Flow,
}

/// A Car or Driver card the player cannot pay: its price, the player's money, and the card it
/// may take instead when it can pay no card of that kind left (the cheapest face up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unaffordable {
    pub price: i32,
    pub money: i32,
    pub cheapest: Option<u16>,
}

/// One Murciélago.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Murc {
    pub car: Option<u16>,
    pub driver: Option<u16>,
    pub supplier: Option<Supplier>,
    pub cell: Cell,
    pub progress: i32,
    pub damages: u8,
    /// Turns since the third damage (the permanent one); 0 = none.
    pub wrecked: u8,
    pub stopped: bool,
    /// Set when the car crosses the finishing line.
    pub finish: Option<FinishRecord>,
    /// Tyres / Petrol tank: +1 speed for this many more turns.
    pub boost_turns: u8,
    /// The first square of the next movement, after an accident.
    pub forced: Option<Dir>,
    pub quali: u32,
    /// An accident sent the first square of the next movement off the track: -3 then.
    pub off_track_next: bool,
    /// Damages suffered in the game turn `damage_round` (at most 2 a turn).
    pub damage_round: u16,
    pub damage_count: u8,
    /// 2 players: the Technology and Manoeuvre cards linked to this car.
    pub hand: Vec<u16>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Hand {
    pub cards: Vec<u16>,
    /// Long game: cards played this race, active again next race.
    pub face_down: Vec<u16>,
    pub money: i32,
    pub bid: Option<u8>,
    /// Long game: what the Car and Driver cards of this race cost it.
    pub paid: i32,
    /// Supplier agreements (one, or one per car with 2 players).
    pub suppliers: Vec<Supplier>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LamboState {
    /// The race now run (its circuit changes between the races of a long game).
    pub def: Arc<Def>,
    /// The game as created: what saves and replays rebuild from.
    pub origin: Arc<Def>,
    pub phase: Phase,
    pub murcs: Vec<Murc>,
    pub hands: Vec<Hand>,
    /// The draft decks, indexed by `DeckKind`.
    pub decks: [Vec<u16>; 4],
    pub face_up: Vec<u16>,
    pub speed_deck: Vec<u16>,
    pub speed_discard: Vec<u16>,
    pub pick_order: Vec<u8>,
    pub pick_pos: u8,
    pub pick_back: bool,
    pub round: u16,
    pub order: Vec<u8>,
    pub next: u8,
    pub turn: Turn,
    pub racing: bool,
    /// Races finished so far (the long game runs several).
    pub races_done: u8,
    /// The long game's races once over, in order (`race_result.rs`).
    pub results: Vec<super::race_result::RaceResult>,
    /// Cars still to draw their qualifying card, as a bit set.
    pub to_draw: u16,
    /// Cars whose accident direction is still to be drawn.
    pub dir_queue: Vec<u8>,
    pub history: Vec<Action>,
    /// Per seat, the cards it was seen to take from the face-up row and still holds
    /// (`info_state.rs`).
    pub seen: Vec<Vec<u16>>,
}

impl LamboState {
    pub fn new(def: Arc<Def>) -> LamboState {
        let opts = def.opts.clone();
        let content = def.content.clone();
        let mut decks: [Vec<u16>; 4] = Default::default();
        for (i, c) in content.cards.iter().enumerate() {
            if let Some(d) = DeckKind::of(c.kind) {
                decks[d].push(i as u16);
            }
        }
        let money = if opts.long {
            if opts.players == 5 {
                52_000
            } else {
                60_000
            }
        } else {
            0
        };
        let hands = (0..opts.players)
            .map(|_| Hand {
                money,
                ..Hand::default()
            })
            .collect();
        let players = opts.players;
        let mut s = LamboState {
            phase: if opts.long {
                Phase::Bid {
                    seat: opts.first_player,
                }
            } else {
                Phase::Reveal { n: 0 }
            },
            murcs: alloc::vec![Murc::default(); opts.cars()],
            hands,
            decks,
            face_up: Vec::new(),
            speed_deck: Vec::new(),
            speed_discard: Vec::new(),
            pick_order: (0..players)
                .map(|k| (opts.first_player + k) % players)
                .collect(),
            pick_pos: 0,
            pick_back: false,
            round: 0,
            order: Vec::new(),
            next: 0,
            turn: Turn::default(),
            racing: false,
            races_done: 0,
            results: Vec::new(),
            to_draw: 0,
            dir_queue: Vec::new(),
            history: Vec::new(),
            seen: Vec::new(),
            origin: def.clone(),
            def,
        };
        s.settle();
        s
    }

    pub fn current_player(&self) -> Player {
        match self.phase {
            Phase::Over => Player::Terminal,
            Phase::Reveal { .. }
            | Phase::Turned { .. }
            | Phase::Grant { .. }
            | Phase::Qualify { .. }
            | Phase::SpeedDraw { .. }
            | Phase::Check { .. }
            | Phase::DirectionDraw { .. } => Player::Chance,
            Phase::Bid { seat } | Phase::Draft { seat, .. } | Phase::Link { seat, .. } => {
                Player::Seat(seat)
            }
            Phase::Direction { chooser, .. } => Player::Seat(chooser),
            Phase::Drive { car }
            | Phase::Slip { car }
            | Phase::Team { car }
            | Phase::CheckPrep { car } => Player::Seat(self.def.opts.owner(usize::from(car))),
            Phase::Flow => Player::Terminal,
        }
    }

    pub fn occupied(&self, cell: Cell) -> Option<usize> {
        // Wrecks stay on the track as obstacles; finished cars leave it at the end of the turn.
        self.murcs
            .iter()
            .position(|m| m.cell == cell && self.racing && (m.finish.is_none() || m.stopped))
    }

    /// The chance outcomes: a card from the deck the phase draws from, each equally likely.
    pub fn chance_cards(&self) -> Vec<u16> {
        match self.phase {
            Phase::Reveal { n } => self.decks[reveal_deck(n)].clone(),
            Phase::Turned { deck, .. } => self.decks[deck].clone(),
            Phase::Grant { car, tech, .. } => {
                if tech > 0 {
                    self.grant_pool(usize::from(car))
                } else {
                    self.decks[DeckKind::Manoeuvre].clone()
                }
            }
            Phase::Qualify { .. }
            | Phase::SpeedDraw { .. }
            | Phase::Check { .. }
            | Phase::DirectionDraw { .. } => {
                if self.speed_deck.is_empty() {
                    self.speed_discard.clone()
                } else {
                    self.speed_deck.clone()
                }
            }
            _ => Vec::new(),
        }
    }

    /// Technology cards `car` may receive at set-up: its supplier's, else the next lower
    /// supplier's; any supplier's without an agreement.
    fn grant_pool(&self, car: usize) -> Vec<u16> {
        let tech = &self.decks[DeckKind::Technology];
        let of = |s: Supplier| -> Vec<u16> {
            tech.iter()
                .copied()
                .filter(|&c| matches!(self.def.kind(c), Kind::Tech(x, _) if x == s))
                .collect()
        };
        match self.murcs[car].supplier {
            None => tech.clone(),
            Some(s) => {
                let order = [Supplier::Blue, Supplier::Yellow, Supplier::Red];
                let from = order.iter().position(|&x| x == s).unwrap_or(0);
                order[from..]
                    .iter()
                    .map(|&x| of(x))
                    .find(|v| !v.is_empty())
                    .unwrap_or_default()
            }
        }
    }

    // ---- the flow ------------------------------------------------------------------------

    pub fn settle(&mut self) {
        loop {
            match self.phase {
                Phase::Flow => {}
                Phase::Grant { car, tech, man }
                    if tech > 0 && self.grant_pool(usize::from(car)).is_empty() =>
                {
                    self.phase = Phase::Grant { car, tech: 0, man };
                    continue;
                }
                Phase::Grant { car, tech: 0, man }
                    if man == 0 || self.decks[DeckKind::Manoeuvre].is_empty() =>
                {
                    self.next_grant(usize::from(car) + 1);
                    continue;
                }
                // A deck emptied by earlier races (the long game): fewer cards turn face up.
                Phase::Reveal { n } if self.decks[reveal_deck(n)].is_empty() => {
                    self.after_reveal(n);
                    continue;
                }
                Phase::Turned {
                    seat,
                    deck,
                    step,
                    picks,
                } if self.decks[deck].is_empty() => {
                    self.phase = Phase::Draft {
                        seat,
                        step: step + 1,
                        picks,
                    };
                    continue;
                }
                Phase::Draft { seat, step, picks } => {
                    if step < 2 && self.turn_options(step).is_empty() {
                        self.phase = Phase::Draft {
                            seat,
                            step: step + 1,
                            picks,
                        };
                        continue;
                    }
                    if step == 2 && self.pick_options(seat).is_empty() {
                        self.next_drafter();
                        continue;
                    }
                    return;
                }
                _ => return,
            }
            // Flow: the next thing to happen.
            if self.racing {
                if !self.next_car() {
                    return;
                }
            } else {
                return;
            }
        }
    }

    pub(crate) fn turn_options(&self, step: u8) -> Vec<Move> {
        let (a, b) = if step == 0 {
            (DeckKind::Technology, DeckKind::Manoeuvre)
        } else {
            (DeckKind::Car, DeckKind::Driver)
        };
        let mut out = Vec::new();
        if !self.decks[a].is_empty() {
            out.push(if step == 0 {
                Move::TurnTech(true)
            } else {
                Move::TurnCar(true)
            });
        }
        if !self.decks[b].is_empty() {
            out.push(if step == 0 {
                Move::TurnTech(false)
            } else {
                Move::TurnCar(false)
            });
        }
        out
    }

    /// Murciélagos of `seat` still without a car / a driver.
    pub(crate) fn needs(&self, seat: u8) -> (bool, bool) {
        let mine = self.def.opts.cars_of(seat);
        (
            mine.iter().any(|&c| self.murcs[c].car.is_none()),
            mine.iter().any(|&c| self.murcs[c].driver.is_none()),
        )
    }

    pub(crate) fn pick_options(&self, seat: u8) -> Vec<Move> {
        let (need_car, need_driver) = self.needs(seat);
        let hand = &self.hands[usize::from(seat)];
        let max_suppliers = if self.def.opts.players == 2 { 2 } else { 1 };
        self.face_up
            .iter()
            .copied()
            .filter(|&c| match self.def.kind(c) {
                Kind::Car => need_car && self.unaffordable(seat, c).is_none(),
                Kind::Driver => need_driver && self.unaffordable(seat, c).is_none(),
                Kind::Tech(s, _) => {
                    hand.suppliers.contains(&s) || hand.suppliers.len() < max_suppliers
                }
                Kind::Manoeuvre(_) => true,
                Kind::Banknote => false,
            })
            .map(Move::Pick)
            .collect()
    }

    /// Long game: why `seat` may not buy the Car or Driver card `card`, if it may not. "Each
    /// player has to pay the printed amount of money": the price must be within its money; a
    /// player who can pay no card of that kind left (face up or in its deck) takes the cheapest
    /// face up for all it has (ours: the book's "be sure to have enough money" gives no remedy).
    pub(crate) fn unaffordable(&self, seat: u8, card: u16) -> Option<Unaffordable> {
        let kind = self.def.kind(card);
        let deck = match (self.def.opts.long, kind) {
            (true, Kind::Car) => DeckKind::Car,
            (true, Kind::Driver) => DeckKind::Driver,
            _ => return None,
        };
        let price_of = |c: u16| self.def.content.cards[usize::from(c)].price as i32;
        let money = self.hands[usize::from(seat)].money.max(0);
        let price = price_of(card);
        if price <= money {
            return None;
        }
        let face_up = self
            .face_up
            .iter()
            .copied()
            .filter(|&c| self.def.kind(c) == kind);
        let within = face_up
            .clone()
            .chain(self.decks[deck].iter().copied())
            .any(|c| price_of(c) <= money);
        let cheapest = if within {
            None
        } else {
            face_up.min_by_key(|&c| price_of(c))
        };
        if cheapest.is_some_and(|c| price_of(c) == price) {
            return None;
        }
        Some(Unaffordable {
            price,
            money,
            cheapest,
        })
    }

    pub(crate) fn apply_draft(&mut self, m: Move) {
        match (self.phase, m) {
            (Phase::Bid { seat }, Move::Bid(k)) => {
                let h = &mut self.hands[usize::from(seat)];
                // Sealed: the money goes to the bank when every bid is revealed.
                h.bid = Some(k);
                let players = self.def.opts.players;
                let next = (seat + 1) % players;
                if next == self.def.opts.first_player {
                    // All bids in: the order of choice follows them, ties to the earlier seat.
                    let first = self.def.opts.first_player;
                    let mut order: Vec<u8> = (0..players).map(|k| (first + k) % players).collect();
                    for h in self.hands.iter_mut() {
                        h.money -= i32::from(h.bid.unwrap_or(0)) * 1000;
                    }
                    order.sort_by_key(|&p| {
                        core::cmp::Reverse(self.hands[usize::from(p)].bid.unwrap_or(0))
                    });
                    self.pick_order = order;
                    self.phase = Phase::Reveal { n: 0 };
                } else {
                    self.phase = Phase::Bid { seat: next };
                }
            }
            (Phase::Reveal { n }, Move::Draw(c)) => {
                self.take(reveal_deck(n), c);
                self.face_up.push(c);
                self.after_reveal(n);
            }
            (Phase::Draft { seat, step, picks }, Move::TurnTech(t)) => {
                self.phase = Phase::Turned {
                    seat,
                    deck: if t {
                        DeckKind::Technology
                    } else {
                        DeckKind::Manoeuvre
                    },
                    step,
                    picks,
                };
            }
            (Phase::Draft { seat, step, picks }, Move::TurnCar(c)) => {
                self.phase = Phase::Turned {
                    seat,
                    deck: if c { DeckKind::Car } else { DeckKind::Driver },
                    step,
                    picks,
                };
            }
            (
                Phase::Turned {
                    seat,
                    deck,
                    step,
                    picks,
                },
                Move::Draw(c),
            ) => {
                self.take(deck, c);
                self.face_up.push(c);
                self.phase = Phase::Draft {
                    seat,
                    step: step + 1,
                    picks,
                };
            }
            (Phase::Draft { seat, picks, .. }, Move::Pick(c)) => {
                self.pick(seat, c);
                if self
                    .murcs
                    .iter()
                    .all(|m| m.car.is_some() && m.driver.is_some())
                {
                    self.start_setup();
                } else if picks > 1 {
                    self.phase = Phase::Draft {
                        seat,
                        step: 2,
                        picks: picks - 1,
                    };
                } else {
                    self.next_drafter();
                }
            }
            _ => {}
        }
    }

    fn after_reveal(&mut self, n: u8) {
        self.phase = if n < 7 {
            Phase::Reveal { n: n + 1 }
        } else {
            // "The 1st player chooses one of the 8 faced up cards."
            Phase::Draft {
                seat: self.pick_order[0],
                step: 2,
                picks: 1,
            }
        };
    }

    fn take(&mut self, deck: DeckKind, card: u16) {
        if let Some(i) = self.decks[deck].iter().position(|&c| c == card) {
            self.decks[deck].swap_remove(i);
        }
    }

    fn pick(&mut self, seat: u8, card: u16) {
        self.face_up.retain(|&c| c != card);
        let kind = self.def.kind(card);
        let price = self.def.content.cards[usize::from(card)].price as i32;
        let mine = self.def.opts.cars_of(seat);
        let long = self.def.opts.long;
        let h = &mut self.hands[usize::from(seat)];
        match kind {
            Kind::Car | Kind::Driver => {
                if long {
                    // The price, or all it has when it could pay no card of the kind left.
                    let cost = price.min(h.money.max(0));
                    h.money -= cost;
                    h.paid += cost;
                }
                let slot = mine.iter().copied().find(|&c| {
                    if kind == Kind::Car {
                        self.murcs[c].car.is_none()
                    } else {
                        self.murcs[c].driver.is_none()
                    }
                });
                if let Some(c) = slot {
                    if kind == Kind::Car {
                        self.murcs[c].car = Some(card);
                    } else {
                        self.murcs[c].driver = Some(card);
                    }
                }
            }
            Kind::Tech(s, _) => {
                if !h.suppliers.contains(&s) {
                    h.suppliers.push(s);
                    // With 2 players, each agreement is linked to one of the two cars.
                    let car = mine[(h.suppliers.len() - 1).min(mine.len() - 1)];
                    self.murcs[car].supplier = Some(s);
                    if mine.len() == 1 || h.suppliers.len() == 1 {
                        for &c in &mine {
                            self.murcs[c].supplier.get_or_insert(s);
                        }
                    }
                }
                h.cards.push(card);
            }
            _ => h.cards.push(card),
        }
    }

    /// The snake order: first to last (the last choosing twice) and back, the first choosing once.
    fn next_drafter(&mut self) {
        let n = self.pick_order.len() as u8;
        let last = n - 1;
        if !self.pick_back {
            if self.pick_pos >= last {
                self.pick_back = true;
                self.pick_pos = last.saturating_sub(1);
            } else {
                self.pick_pos += 1;
            }
        } else if self.pick_pos == 0 {
            self.pick_back = false;
            self.pick_pos = 1.min(last);
        } else {
            self.pick_pos -= 1;
        }
        let seat = self.pick_order[usize::from(self.pick_pos)];
        let picks = if self.pick_pos == last { 2 } else { 1 };
        self.phase = Phase::Draft {
            seat,
            step: 0,
            picks,
        };
    }

    fn start_setup(&mut self) {
        if self.def.opts.players == 2 {
            // "they link one driver to each car. Then, they link ... the Tech and Manoeuvre cards".
            self.phase = Phase::Link {
                seat: self.def.opts.first_player,
                step: 0,
            };
        } else {
            self.next_grant(0);
        }
    }

    /// The car slots a card may be linked to: Technology goes to the car of its supplier.
    pub(crate) fn link_options(&self, seat: u8) -> Vec<Move> {
        let mine = self.def.opts.cars_of(seat);
        let Some(&card) = self.hands[usize::from(seat)].cards.first() else {
            return Vec::new();
        };
        let supplier = match self.def.kind(card) {
            Kind::Tech(s, _) => Some(s),
            _ => None,
        };
        (0..mine.len() as u8)
            .filter(|&k| {
                supplier.is_none_or(|s| {
                    self.murcs[mine[usize::from(k)]]
                        .supplier
                        .is_none_or(|x| x == s)
                })
            })
            .map(Move::LinkTo)
            .collect()
    }

    pub(crate) fn apply_link(&mut self, seat: u8, m: Move) {
        let mine = self.def.opts.cars_of(seat);
        match m {
            Move::SwapDrivers(true) if mine.len() == 2 => {
                let (a, b) = (self.murcs[mine[0]].driver, self.murcs[mine[1]].driver);
                self.murcs[mine[0]].driver = b;
                self.murcs[mine[1]].driver = a;
            }
            Move::LinkTo(k) => {
                let card = self.hands[usize::from(seat)].cards.remove(0);
                self.murcs[mine[usize::from(k).min(mine.len() - 1)]]
                    .hand
                    .push(card);
            }
            _ => {}
        }
        self.phase = Phase::Link { seat, step: 1 };
        if self.hands[usize::from(seat)].cards.is_empty() || self.link_options(seat).is_empty() {
            let other = (seat + 1) % self.def.opts.players;
            if other == self.def.opts.first_player {
                self.next_grant(0);
            } else {
                self.phase = Phase::Link {
                    seat: other,
                    step: 0,
                };
            }
        }
    }

    /// The Technology and Manoeuvre cards `car` may play: its own with 2 players, else its
    /// player's hand.
    pub fn car_cards(&self, car: usize) -> &Vec<u16> {
        if self.def.opts.players == 2 {
            &self.murcs[car].hand
        } else {
            &self.hands[usize::from(self.def.opts.owner(car))].cards
        }
    }

    pub(crate) fn car_cards_mut(&mut self, car: usize) -> &mut Vec<u16> {
        if self.def.opts.players == 2 {
            &mut self.murcs[car].hand
        } else {
            let seat = usize::from(self.def.opts.owner(car));
            &mut self.hands[seat].cards
        }
    }

    fn next_grant(&mut self, from: usize) {
        for car in from..self.murcs.len() {
            let m = &self.murcs[car];
            let cards = &self.def.content.cards;
            let grant = |c: Option<u16>| c.map_or((0, 0), |c| cards[usize::from(c)].grants);
            let (t1, m1) = grant(m.car);
            let (t2, m2) = grant(m.driver);
            if t1 + t2 + m1 + m2 > 0 {
                self.phase = Phase::Grant {
                    car: car as u8,
                    tech: t1 + t2,
                    man: m1 + m2,
                };
                return;
            }
        }
        self.form_speed_deck();
    }

    pub(crate) fn apply_grant(&mut self, card: u16) {
        let Phase::Grant { car, tech, man } = self.phase else {
            return;
        };
        let deck = if tech > 0 {
            DeckKind::Technology
        } else {
            DeckKind::Manoeuvre
        };
        self.take(deck, card);
        self.car_cards_mut(usize::from(car)).push(card);
        self.phase = if tech > 0 {
            Phase::Grant {
                car,
                tech: tech - 1,
                man,
            }
        } else {
            Phase::Grant {
                car,
                tech: 0,
                man: man - 1,
            }
        };
    }

    /// The Speed deck: every Technology, Manoeuvre and Banknote card not taken.
    fn form_speed_deck(&mut self) {
        let mut deck: Vec<u16> = core::mem::take(&mut self.decks[DeckKind::Technology]);
        deck.append(&mut self.decks[DeckKind::Manoeuvre]);
        deck.extend(
            self.face_up
                .drain(..)
                .filter(|&c| matches!(self.def.kind(c), Kind::Tech(..) | Kind::Manoeuvre(_))),
        );
        let cards = &self.def.content.cards;
        deck.extend(
            (0..cards.len() as u16).filter(|&c| cards[usize::from(c)].kind == Kind::Banknote),
        );
        deck.sort_unstable();
        self.speed_deck = deck;
        self.decks[DeckKind::Car].clear();
        self.decks[DeckKind::Driver].clear();
        self.to_draw = (1u16 << self.murcs.len()) - 1;
        self.phase = Phase::Qualify { car: 0 };
    }

    /// Draws `card` from the Speed deck (refilled from its discards when empty).
    pub(crate) fn draw_speed(&mut self, card: u16) {
        if self.speed_deck.is_empty() {
            core::mem::swap(&mut self.speed_deck, &mut self.speed_discard);
        }
        if let Some(i) = self.speed_deck.iter().position(|&c| c == card) {
            self.speed_deck.swap_remove(i);
        }
        self.speed_discard.push(card);
    }

    /// "The player with the highest value is in pole position ... In case of a tie, players should
    /// repeat the qualification procedure until one of them wins the tie": a redraw only orders
    /// the tied cars among themselves.
    pub(crate) fn apply_qualify(&mut self, card: u16) {
        let Phase::Qualify { car } = self.phase else {
            return;
        };
        self.draw_speed(card);
        let cards = &self.def.content.cards;
        let m = &self.murcs[usize::from(car)];
        let bonus = |c: Option<u16>| c.map_or(0, |c| cards[usize::from(c)].speed_bonus);
        let value = i32::from(cards[usize::from(card)].speed)
            + i32::from(bonus(m.car))
            + i32::from(bonus(m.driver));
        self.murcs[usize::from(car)].quali += value.max(1) as u32;
        self.to_draw &= !(1 << car);
        if let Some(c) = (0..self.murcs.len()).find(|&c| self.to_draw & (1 << c) != 0) {
            self.phase = Phase::Qualify { car: c as u8 };
            return;
        }
        let n = self.murcs.len();
        let tied: u16 = (0..n)
            .filter(|&c| (0..n).any(|d| d != c && self.murcs[d].quali == self.murcs[c].quali))
            .fold(0, |m, c| m | 1 << c);
        if tied == 0 {
            self.place_grid();
            return;
        }
        for (c, m) in self.murcs.iter_mut().enumerate() {
            m.quali *= 32;
            if tied & (1 << c) != 0 {
                self.to_draw |= 1 << c;
            }
        }
        let first = (0..n).find(|&c| tied & (1 << c) != 0).unwrap_or(0);
        self.phase = Phase::Qualify { car: first as u8 };
    }
}

/// The deck the `n`-th of the eight face-up cards is turned from: two from each, in order.
pub(crate) fn reveal_deck(n: u8) -> DeckKind {
    DeckKind::ALL[usize::from(n / 2).min(3)]
}

impl LamboState {
    /// Long game, between races: prize money by place, cards played face down come back, and a
    /// new strategic-economic phase with the cars and drivers back in their decks.
    pub(crate) fn next_race(&mut self) {
        self.close_race();
        for car in 0..self.murcs.len() {
            let back = core::mem::take(&mut self.murcs[car].hand);
            let seat = usize::from(self.def.opts.owner(car));
            self.hands[seat].cards.extend(back);
        }
        // The next race's circuit.
        self.def = Arc::new(self.def.for_race(usize::from(self.races_done)));
        let held: Vec<u16> = self
            .hands
            .iter()
            .flat_map(|h| h.cards.iter().chain(&h.face_down))
            .copied()
            .collect();
        for h in self.hands.iter_mut() {
            let back = core::mem::take(&mut h.face_down);
            h.cards.extend(back);
            h.bid = None;
            h.suppliers.clear();
        }
        let mut decks: [Vec<u16>; 4] = Default::default();
        for (i, c) in self.def.content.cards.iter().enumerate() {
            let i = i as u16;
            let d = match DeckKind::of(c.kind) {
                Some(d @ (DeckKind::Car | DeckKind::Driver)) => d,
                Some(d) if !held.contains(&i) => d,
                _ => continue,
            };
            decks[d].push(i);
        }
        self.decks = decks;
        self.face_up.clear();
        self.speed_deck.clear();
        self.speed_discard.clear();
        self.murcs = alloc::vec![Murc::default(); self.def.opts.cars()];
        self.racing = false;
        self.round = 0;
        self.order.clear();
        self.next = 0;
        self.turn = Turn::default();
        self.dir_queue.clear();
        self.pick_pos = 0;
        self.pick_back = false;
        self.phase = Phase::Bid {
            seat: self.def.opts.first_player,
        };
    }
}
