//! The hand and game state machine: deal, draw, play or discard, coup fourré, extension, scoring.
use super::actions::{Encoding, Move};
use super::cards::{self, Card, Counts, HAZARDS, NUM_KINDS, OWN_PLAYS};
use super::events::{Event, Log};
use super::options::Options;
use super::refusals::{self as refusal, Key};
use super::rules::{Attack, Tableau};
use super::scoring::{score_hand, HandEnd, HandScore};
use crate::error::Error;
use crate::game::{Action, Player};
use crate::rng::SplitMix64;
use alloc::format;
use alloc::vec::Vec;

pub const MAX_SEATS: usize = 9;
pub const HAND_SIZE: u8 = 6;

/// Where the hand stands; chance phases are resolved by a driver, never inside the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Chance: dealing, `left` cards still to deal, one at a time around the table.
    Deal {
        seat: u8,
        left: u8,
    },
    /// Chance: the draw that opens `seat`'s turn.
    Draw {
        seat: u8,
    },
    /// `seat` plays or discards one card.
    Play {
        seat: u8,
    },
    /// `holder` may call a coup fourré on `hazard`, just played by `attacker`.
    CoupFourre {
        holder: u8,
        attacker: u8,
        hazard: Card,
        before: Tableau,
    },
    /// Chance: the card that replaces a coup fourré's safety.
    ReplacementDraw {
        seat: u8,
    },
    /// `seat` reached exactly 700 and may extend the hand to 1000.
    Extension {
        seat: u8,
    },
    GameOver,
}

/// Everything but the history: a plain `Copy` value, so applying an action can work on a copy and
/// commit only on success (and a State clone is one memcpy plus the history).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Core {
    pub opts: Options,
    pub phase: Phase,
    pub hands: [Counts; MAX_SEATS],
    pub deck: Counts,
    pub deck_len: u8,
    pub discard: Counts,
    pub sides: [Tableau; MAX_SEATS],
    pub totals: [i32; MAX_SEATS],
    pub last_hand: [HandScore; MAX_SEATS],
    pub hand_number: u16,
    /// The seat that opened this hand (dealing rotates one seat each hand).
    pub first_seat: u8,
    /// Miles to reach exactly in this hand (700 becomes 1000 after an extension).
    pub target: u16,
    pub extended_by: Option<u8>,
    /// The draw pile has run out at least once this hand.
    pub pile_ran_out: bool,
    pub reshuffles: u8,
    /// Sides that won the game, as a bit set (set at game over).
    pub winners: u16,
}

impl Core {
    pub fn new(opts: Options) -> Core {
        let mut c = Core {
            opts,
            phase: Phase::GameOver,
            hands: [[0; NUM_KINDS]; MAX_SEATS],
            deck: [0; NUM_KINDS],
            deck_len: 0,
            discard: [0; NUM_KINDS],
            sides: [Tableau::default(); MAX_SEATS],
            totals: [0; MAX_SEATS],
            last_hand: [HandScore::default(); MAX_SEATS],
            hand_number: 0,
            first_seat: 0,
            target: opts.target,
            extended_by: None,
            pile_ran_out: false,
            reshuffles: 0,
            winners: 0,
        };
        c.start_hand(0);
        c
    }

    pub fn encoding(&self) -> Encoding {
        Encoding {
            sides: self.opts.sides,
            teams: self.opts.teams(),
        }
    }

    pub fn players(&self) -> usize {
        usize::from(self.opts.players)
    }

    pub fn num_sides(&self) -> usize {
        usize::from(self.opts.sides)
    }

    /// Partners alternate around the table: seat `s` plays for side `s mod sides`.
    pub fn side_of(&self, seat: usize) -> usize {
        seat % self.num_sides()
    }

    pub fn hand_size(&self, seat: usize) -> u32 {
        cards::total(&self.hands[seat])
    }

    fn start_hand(&mut self, first_seat: u8) {
        let n = self.opts.players;
        self.first_seat = first_seat;
        self.hand_number += 1;
        self.hands = [[0; NUM_KINDS]; MAX_SEATS];
        self.deck = self.opts.deck_counts();
        self.deck_len = cards::total(&self.deck) as u8;
        self.discard = [0; NUM_KINDS];
        self.sides = [Tableau::default(); MAX_SEATS];
        self.target = self.opts.target;
        self.extended_by = None;
        self.pile_ran_out = false;
        self.reshuffles = 0;
        self.phase = Phase::Deal {
            seat: first_seat,
            left: HAND_SIZE * n,
        };
    }

    pub fn current_player(&self) -> Player {
        match self.phase {
            Phase::Deal { .. } | Phase::Draw { .. } | Phase::ReplacementDraw { .. } => {
                Player::Chance
            }
            Phase::Play { seat } | Phase::Extension { seat } => Player::Seat(seat),
            Phase::CoupFourre { holder, .. } => Player::Seat(holder),
            Phase::GameOver => Player::Terminal,
        }
    }

    // ---- legal actions --------------------------------------------------------------------

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let enc = self.encoding();
        match self.phase {
            Phase::Deal { .. } | Phase::Draw { .. } | Phase::ReplacementDraw { .. } => {
                for (k, &n) in self.deck.iter().enumerate() {
                    if n > 0 {
                        out.push(k as Action);
                    }
                }
            }
            Phase::Play { seat } => self.play_actions(usize::from(seat), &enc, out),
            Phase::CoupFourre { holder, hazard, .. } => {
                if self.holds_safety_against(usize::from(holder), hazard) {
                    out.push(enc.encode(Move::CoupFourre));
                }
                out.push(enc.encode(Move::DeclineCoupFourre));
            }
            Phase::Extension { .. } => {
                out.push(enc.encode(Move::Extend));
                out.push(enc.encode(Move::StopAt700));
            }
            Phase::GameOver => {}
        }
    }

    fn play_actions(&self, seat: usize, enc: &Encoding, out: &mut Vec<Action>) {
        let hand = &self.hands[seat];
        let own = &self.sides[self.side_of(seat)];
        for &c in OWN_PLAYS.iter() {
            if hand[c.index()] > 0 && own.check_own(c, self.target).is_ok() {
                out.push(enc.encode(Move::Play(c)));
            }
        }
        for &h in HAZARDS.iter() {
            if hand[h.index()] > 0 {
                for t in 0..self.num_sides() {
                    if self.check_attack(seat, h, t).is_ok() {
                        out.push(enc.encode(Move::Attack(h, t as u8)));
                    }
                }
            }
        }
        for (k, &n) in hand.iter().enumerate() {
            if n > 0 {
                out.push(enc.encode(Move::Discard(cards::ALL[k])));
            }
        }
    }

    fn check_attack(&self, seat: usize, hazard: Card, target: usize) -> Result<(), Refused> {
        if target == self.side_of(seat) {
            return Err(Refused::OwnSide(if self.opts.teams() {
                Key::HazardOnOwnTeam
            } else {
                Key::HazardOnYourself
            }));
        }
        self.sides[target]
            .check_hazard(
                hazard,
                self.opts.cumulative_attacks,
                self.opts.independent_speed_limit,
            )
            .map_err(|why| {
                Refused::Blocked(Attack {
                    hazard,
                    side: target as u8,
                    teams: self.opts.teams(),
                    why,
                })
            })
    }

    // ---- applying -------------------------------------------------------------------------

    /// Validates and applies `action`; on error `self` is untouched.
    pub fn apply<L: Log>(&mut self, action: Action, log: &mut L) -> Result<(), Error> {
        let enc = self.encoding();
        let Some(m) = enc
            .decode(action)
            .filter(|_| (action as usize) < enc.num_actions())
        else {
            return Err(Error::UnknownAction {
                what: format!("id {action}"),
            });
        };
        let mut next = *self;
        next.step(m, log)?;
        *self = next;
        Ok(())
    }

    fn step<L: Log>(&mut self, m: Move, log: &mut L) -> Result<(), Error> {
        match (self.phase, m) {
            (Phase::Deal { seat, left }, Move::Draw(card)) => {
                self.take_from_deck(card)?;
                self.hands[usize::from(seat)][card.index()] += 1;
                log.push(Event::Dealt { seat, card });
                if left > 1 {
                    let next = (seat + 1) % self.opts.players;
                    self.phase = Phase::Deal {
                        seat: next,
                        left: left - 1,
                    };
                } else {
                    self.begin_turn(self.first_seat, log);
                }
                Ok(())
            }
            (Phase::Draw { seat }, Move::Draw(card)) => {
                self.take_from_deck(card)?;
                self.hands[usize::from(seat)][card.index()] += 1;
                log.push(Event::Drew { seat, card });
                self.phase = Phase::Play { seat };
                Ok(())
            }
            (Phase::ReplacementDraw { seat }, Move::Draw(card)) => {
                self.take_from_deck(card)?;
                self.hands[usize::from(seat)][card.index()] += 1;
                log.push(Event::Drew { seat, card });
                self.begin_turn(seat, log);
                Ok(())
            }
            (Phase::Play { seat }, m) => self.play(seat, m, log),
            (
                Phase::CoupFourre {
                    holder,
                    attacker,
                    hazard,
                    before,
                },
                m,
            ) => self.coup_fourre(holder, attacker, hazard, before, m, log),
            (Phase::Extension { seat }, Move::Extend) => {
                self.extended_by = Some(self.side_of(usize::from(seat)) as u8);
                self.target = 1000;
                log.push(Event::Extended { seat });
                self.end_turn(seat, log);
                Ok(())
            }
            (Phase::Extension { seat }, Move::StopAt700) => {
                log.push(Event::StoppedAt700 { seat });
                self.end_hand(Some(self.side_of(usize::from(seat))), log);
                Ok(())
            }
            (Phase::GameOver, _) => Err(refusal::rule(Key::GameOver)),
            (phase, m) => Err(refusal::rule(wrong_phase(phase, m))),
        }
    }

    fn take_from_deck(&mut self, card: Card) -> Result<(), Error> {
        if self.deck[card.index()] == 0 {
            return Err(refusal::of_card(
                Key::NoneLeft,
                card,
                format!("draw: no {} is left in the draw pile", card.name()),
            ));
        }
        self.deck[card.index()] -= 1;
        self.deck_len -= 1;
        if self.deck_len == 0 {
            self.pile_ran_out = true;
        }
        Ok(())
    }

    fn play<L: Log>(&mut self, seat: u8, m: Move, log: &mut L) -> Result<(), Error> {
        let s = usize::from(seat);
        let card = match m {
            Move::Play(c) | Move::Attack(c, _) | Move::Discard(c) => c,
            other => return Err(refusal::rule(wrong_phase(self.phase, other))),
        };
        if self.hands[s][card.index()] == 0 {
            return Err(refusal::of_card(
                Key::NotInHand,
                card,
                format!("you hold no {} card", card.name()),
            ));
        }
        let side = self.side_of(s);
        match m {
            Move::Discard(c) => {
                self.hands[s][c.index()] -= 1;
                self.discard[c.index()] += 1;
                log.push(Event::Discarded { seat, card: c });
                self.end_turn(seat, log);
            }
            Move::Play(c) => {
                self.sides[side]
                    .check_own(c, self.target)
                    .map_err(Error::from)?;
                self.hands[s][c.index()] -= 1;
                self.sides[side].play_own(c);
                let extra_turn = c.is_safety() && self.extra_turn_due(s);
                log.push(Event::Played {
                    seat,
                    card: c,
                    extra_turn,
                });
                if c.is_distance() && self.sides[side].miles == self.target {
                    self.trip_reached(seat, log);
                } else if c.is_safety() {
                    self.extra_turn(seat, log);
                } else {
                    self.end_turn(seat, log);
                }
            }
            Move::Attack(h, t) => {
                let t = usize::from(t);
                self.check_attack(s, h, t).map_err(Refused::into_error)?;
                self.hands[s][h.index()] -= 1;
                let before = self.sides[t];
                self.sides[t].suffer(h);
                log.push(Event::Attacked {
                    seat,
                    card: h,
                    side: t as u8,
                });
                let asked = if self.opts.secret_coup_fourre && h.safety_against().is_some() {
                    self.next_asked(seat, t, None)
                } else {
                    self.coup_fourre_holder(t, h)
                };
                match asked {
                    Some(holder) => {
                        self.phase = Phase::CoupFourre {
                            holder,
                            attacker: seat,
                            hazard: h,
                            before,
                        }
                    }
                    None => self.end_turn(seat, log),
                }
            }
            _ => unreachable!("filtered above"),
        }
        Ok(())
    }

    fn holds_safety_against(&self, seat: usize, hazard: Card) -> bool {
        hazard
            .safety_against()
            .is_some_and(|safety| self.hands[seat][safety.index()] > 0)
    }

    /// With `secret_coup_fourre`: the seat of side `side` asked after `after` (None: the first),
    /// in turn order from the attacker's left; None once every seat of the side was asked.
    fn next_asked(&self, attacker: u8, side: usize, after: Option<u8>) -> Option<u8> {
        let n = self.opts.players;
        let order = (1..n).map(|k| (attacker + k) % n);
        let mut rest = order.skip_while(|&p| after.is_some_and(|a| p != a));
        if after.is_some() {
            rest.next();
        }
        rest.find(|&p| self.side_of(usize::from(p)) == side)
    }

    /// The seat of side `side` holding the safety against `hazard`, if any (there is one of each).
    fn coup_fourre_holder(&self, side: usize, hazard: Card) -> Option<u8> {
        let safety = hazard.safety_against()?;
        (0..self.players())
            .find(|&p| self.side_of(p) == side && self.hands[p][safety.index()] > 0)
            .map(|p| p as u8)
    }

    fn coup_fourre<L: Log>(
        &mut self,
        holder: u8,
        attacker: u8,
        hazard: Card,
        before: Tableau,
        m: Move,
        log: &mut L,
    ) -> Result<(), Error> {
        match m {
            Move::DeclineCoupFourre => {
                log.push(Event::DeclinedCoupFourre { seat: holder });
                let side = self.side_of(usize::from(holder));
                let next = if self.opts.secret_coup_fourre {
                    self.next_asked(attacker, side, Some(holder))
                } else {
                    None
                };
                match next {
                    Some(next) => {
                        self.phase = Phase::CoupFourre {
                            holder: next,
                            attacker,
                            hazard,
                            before,
                        }
                    }
                    None => self.end_turn(attacker, log),
                }
            }
            Move::CoupFourre if !self.holds_safety_against(usize::from(holder), hazard) => {
                return Err(refusal::rule(Key::CoupFourreNeedsSafety));
            }
            Move::CoupFourre => {
                let h = usize::from(holder);
                let side = self.side_of(h);
                let safety = hazard
                    .safety_against()
                    .expect("a coup fourré needs a safety");
                // The attack is void, as if it never happened: no Roll needed to go on.
                self.sides[side] = before;
                self.sides[side].play_safety(safety);
                self.sides[side].coups |= safety.safety_bit();
                self.hands[h][safety.index()] -= 1;
                self.discard[hazard.index()] += 1;
                let n = self.opts.players;
                let mut lost = 0u16;
                let mut p = (attacker + 1) % n;
                while p != holder {
                    lost |= 1 << p;
                    p = (p + 1) % n;
                }
                log.push(Event::CoupFourre {
                    seat: holder,
                    safety,
                    hazard,
                    attacker,
                    skipped: lost,
                });
                if self.refill_pile(log) {
                    self.phase = Phase::ReplacementDraw { seat: holder };
                } else {
                    self.begin_turn(holder, log);
                }
            }
            other => return Err(refusal::rule(wrong_phase(self.phase, other))),
        }
        Ok(())
    }

    fn trip_reached<L: Log>(&mut self, seat: u8, log: &mut L) {
        let side = self.side_of(usize::from(seat));
        let may_extend = self.opts.extension && self.target == 700 && self.extended_by.is_none();
        if may_extend {
            self.phase = Phase::Extension { seat };
        } else {
            self.end_hand(Some(side), log);
        }
    }

    /// Whether a safety just played by `seat` gives it another turn (what `extra_turn` does).
    fn extra_turn_due(&self, seat: usize) -> bool {
        self.can_refill_pile()
            || (self.opts.safety_extra_turn_when_deck_empty && self.hand_size(seat) > 0)
    }

    /// A safety played on one's own turn grants another draw and play.
    fn extra_turn<L: Log>(&mut self, seat: u8, log: &mut L) {
        let s = usize::from(seat);
        if self.refill_pile(log) {
            self.phase = Phase::Draw { seat };
        } else if self.opts.safety_extra_turn_when_deck_empty && self.hand_size(s) > 0 {
            self.phase = Phase::Play { seat };
        } else {
            self.end_turn(seat, log);
        }
    }

    fn end_turn<L: Log>(&mut self, seat: u8, log: &mut L) {
        self.begin_turn((seat + 1) % self.opts.players, log);
    }

    /// Opens `seat`'s turn: a draw if there is a pile; else play on from the hands, skipping empty
    /// hands; when every hand is empty too, the hand is over.
    fn begin_turn<L: Log>(&mut self, seat: u8, log: &mut L) {
        if self.refill_pile(log) {
            self.phase = Phase::Draw { seat };
            return;
        }
        let n = self.opts.players;
        for k in 0..n {
            let p = (seat + k) % n;
            if self.hand_size(usize::from(p)) > 0 {
                self.phase = Phase::Play { seat: p };
                return;
            }
        }
        self.end_hand(None, log);
    }

    /// Whether `refill_pile` would find a card to draw.
    fn can_refill_pile(&self) -> bool {
        self.deck_len > 0
            || (self.opts.reshuffle_discards
                && cards::total(&self.discard) > 0
                && self.reshuffles < self.opts.max_reshuffles)
    }

    /// True when a card can be drawn, reshuffling the discards first under that variant.
    fn refill_pile<L: Log>(&mut self, log: &mut L) -> bool {
        if self.deck_len > 0 {
            return true;
        }
        if !self.can_refill_pile() {
            return false;
        }
        let discards = cards::total(&self.discard);
        // Only discards return: played distance, remedies and hazards stay on the tableaux.
        self.deck = self.discard;
        self.deck_len = discards as u8;
        self.discard = [0; NUM_KINDS];
        self.reshuffles += 1;
        log.push(Event::Reshuffled {
            cards: self.deck_len,
        });
        true
    }

    fn end_hand<L: Log>(&mut self, completed_by: Option<usize>, log: &mut L) {
        let sides = self.num_sides();
        let end = HandEnd {
            completed_by,
            delayed: completed_by.is_some()
                && self.pile_ran_out
                && (self.deck_len == 0 || self.opts.delayed_action_after_reshuffle),
            extended_by: self.extended_by.map(usize::from),
        };
        let mut rows = [HandScore::default(); MAX_SEATS];
        score_hand(&self.sides[..sides], end, &mut rows[..sides]);
        for (total, row) in self.totals.iter_mut().zip(rows.iter()) {
            *total += row.total();
        }
        self.last_hand = rows;
        log.push(Event::HandOver {
            hand: self.hand_number,
            completed_by: completed_by.map(|s| s as u8),
            rows,
            sides: sides as u8,
        });
        let best = self.totals[..sides].iter().copied().max().unwrap_or(0);
        let leaders: u16 = (0..sides)
            .filter(|&i| self.totals[i] == best)
            .fold(0, |m, i| m | 1 << i);
        let single_hand = self.opts.score_to_win == 0;
        let reached = best >= self.opts.score_to_win as i32;
        if single_hand || (reached && leaders.count_ones() == 1) {
            self.winners = leaders;
            self.phase = Phase::GameOver;
            log.push(Event::GameOver { winners: leaders });
        } else {
            self.start_hand((self.first_seat + 1) % self.opts.players);
        }
    }

    // ---- chance ---------------------------------------------------------------------------

    pub fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        if self.current_player() != Player::Chance {
            return Vec::new();
        }
        let total = f64::from(self.deck_len);
        (0..NUM_KINDS)
            .filter(|&k| self.deck[k] > 0)
            .map(|k| (k as Action, f64::from(self.deck[k]) / total))
            .collect()
    }

    pub fn sample_chance(&self, rng: &mut SplitMix64) -> Option<Action> {
        if self.current_player() != Player::Chance || self.deck_len == 0 {
            return None;
        }
        let mut r = rng.below(u32::from(self.deck_len)) as u8;
        for (k, &n) in self.deck.iter().enumerate() {
            if r < n {
                return Some(k as Action);
            }
            r -= n;
        }
        None
    }

    // ---- results --------------------------------------------------------------------------

    pub fn returns(&self) -> Vec<f64> {
        (0..self.players())
            .map(|p| {
                let won =
                    self.phase == Phase::GameOver && self.winners & (1 << self.side_of(p)) != 0;
                if won {
                    1.0
                } else {
                    0.0
                }
            })
            .collect()
    }

    pub fn ranking(&self) -> Vec<u32> {
        (0..self.players())
            .map(|p| {
                let mine = self.totals[self.side_of(p)];
                self.totals[..self.num_sides()]
                    .iter()
                    .filter(|&&t| t > mine)
                    .count() as u32
            })
            .collect()
    }
}

/// Why an attack is refused: aimed at one's own side, or blocked by the target's tableau.
#[derive(Debug, Clone, Copy)]
enum Refused {
    OwnSide(Key),
    Blocked(Attack),
}

impl Refused {
    fn into_error(self) -> Error {
        match self {
            Refused::OwnSide(key) => refusal::rule(key),
            Refused::Blocked(attack) => Error::from(attack),
        }
    }
}

fn wrong_phase(phase: Phase, m: Move) -> Key {
    match (phase, m) {
        (Phase::Deal { .. } | Phase::Draw { .. } | Phase::ReplacementDraw { .. }, _) => {
            Key::DrawNow
        }
        (_, Move::Draw(_)) => Key::DrawAtChance,
        (Phase::CoupFourre { .. }, _) => Key::CoupFourrePending,
        (Phase::Extension { .. }, _) => Key::ExtensionPending,
        (Phase::Play { .. }, Move::CoupFourre | Move::DeclineCoupFourre) => Key::CoupFourreNotNow,
        (Phase::Play { .. }, _) => Key::ExtensionNotNow,
        (Phase::GameOver, _) => Key::GameOver,
    }
}
