//! Shared helpers for the Mille Bornes rule tests: deal exact hands, play labelled actions, and
//! drain the draw pile with harmless moves.
//!
//! Every card draw is a chance node, so a test scripts the deal and every draw with `draw X`
//! labels. Dealing is round-robin from the hand's first seat, one card at a time, six each.
#![allow(dead_code)]

use autodromo_core::mille_bornes::cards::{Card, Counts, ALL, NUM_KINDS};
use autodromo_core::mille_bornes::events::Event;
use autodromo_core::mille_bornes::rules::Tableau;
use autodromo_core::mille_bornes::scoring::HandScore;
use autodromo_core::mille_bornes::{Core, MbState, MilleBornes, Phase};
use autodromo_core::{Error, Game, State};
use serde_json::Value;

/// Cards an idle seat draws and throws away, least useful first. Safeties come last so that a
/// drain never hands one out unless the pile holds nothing else.
pub const FILLER: [&str; 21] = [
    "End of Limit",
    "Spare Tire",
    "Repairs",
    "Gasoline",
    "25",
    "50",
    "75",
    "Roll",
    "End of Wrong Way",
    "Stop",
    "Speed Limit",
    "Flat Tire",
    "Out of Gas",
    "Accident",
    "Wrong Way",
    "100",
    "200",
    "Driving Ace",
    "Extra Tank",
    "Puncture-Proof",
    "Right of Way",
];

/// A hand of six cards nobody can use against anybody.
pub const DULL: [&str; 6] = ["25", "25", "50", "50", "75", "75"];

pub fn card(name: &str) -> Card {
    Card::parse(name).unwrap_or_else(|| panic!("no card named {name:?}"))
}

pub fn count_of(counts: &Counts, name: &str) -> u8 {
    counts[card(name).index()]
}

#[derive(Debug, Clone)]
pub struct Table {
    pub state: MbState,
}

impl Table {
    pub fn new(options: Value) -> Table {
        let game =
            MilleBornes::from_json(&options).unwrap_or_else(|e| panic!("options {options}: {e}"));
        Table {
            state: game.new_initial_state(),
        }
    }

    /// A game dealt with `hands[seat]` (six cards each), its first seat to draw.
    pub fn dealt(options: Value, hands: &[&[&str]]) -> Table {
        let mut t = Table::new(options);
        t.deal(hands);
        t
    }

    pub fn core(&self) -> &Core {
        self.state.core()
    }

    pub fn phase(&self) -> Phase {
        self.core().phase
    }

    pub fn side(&self, side: usize) -> Tableau {
        self.core().sides[side]
    }

    pub fn miles(&self, side: usize) -> u16 {
        self.core().sides[side].miles
    }

    pub fn row(&self, side: usize) -> HandScore {
        self.core().last_hand[side]
    }

    pub fn held(&self, seat: usize, name: &str) -> u8 {
        self.core().hands[seat][card(name).index()]
    }

    pub fn hand_size(&self, seat: usize) -> u32 {
        self.core().hand_size(seat)
    }

    pub fn events(&self) -> Vec<Event> {
        self.state.typed_events()
    }

    /// Events since the last `hand_over`, or since the start.
    pub fn events_this_hand(&self) -> Vec<Event> {
        let all = self.events();
        let start = all
            .iter()
            .rposition(|e| matches!(e, Event::HandOver { .. }))
            .map_or(0, |i| i + 1);
        all[start..].to_vec()
    }

    pub fn last_events(&self, n: usize) -> Vec<Event> {
        let all = self.events();
        all[all.len().saturating_sub(n)..].to_vec()
    }

    /// Deals `hands` round-robin from the hand's first seat.
    pub fn deal(&mut self, hands: &[&[&str]]) {
        let n = self.core().players();
        assert_eq!(hands.len(), n, "one hand per seat");
        for h in hands {
            assert_eq!(h.len(), 6, "six cards per hand: {h:?}");
        }
        let first = match self.phase() {
            Phase::Deal { seat, left } => {
                assert_eq!(usize::from(left), 6 * n);
                usize::from(seat)
            }
            other => panic!("not dealing: {other:?}"),
        };
        // One card at a time round the table, six rounds.
        let order = (0..6).flat_map(|round| (0..n).map(move |k| ((first + k) % n, round)));
        for (seat, round) in order {
            assert!(matches!(self.phase(), Phase::Deal { seat: s, .. } if usize::from(s) == seat));
            self.draw(hands[seat][round]);
        }
        assert_eq!(
            self.phase(),
            Phase::Draw { seat: first as u8 },
            "after the deal the first seat draws"
        );
    }

    /// Deals six filler cards to every seat (nothing that attacks or protects).
    pub fn deal_dull(&mut self) {
        let n = self.core().players();
        let first = match self.phase() {
            Phase::Deal { seat, .. } => usize::from(seat),
            other => panic!("not dealing: {other:?}"),
        };
        for _ in 0..6 * n {
            let c = self.filler(&[]);
            self.draw(c);
        }
        assert_eq!(self.phase(), Phase::Draw { seat: first as u8 });
    }

    pub fn action(&self, label: &str) -> u32 {
        self.state
            .string_to_action(label)
            .unwrap_or_else(|e| panic!("label {label:?}: {e}"))
    }

    pub fn try_act(&mut self, label: &str) -> Result<(), Error> {
        let a = self.action(label);
        self.state.apply_action(a)
    }

    pub fn act(&mut self, label: &str) {
        let phase = self.phase();
        if let Err(e) = self.try_act(label) {
            panic!("{label:?} refused in {phase:?}: {e}");
        }
    }

    pub fn draw(&mut self, name: &str) {
        self.act(&format!("draw {name}"));
    }

    /// The seat whose turn opens with a draw now.
    pub fn drawing_seat(&self) -> usize {
        match self.phase() {
            Phase::Draw { seat } => usize::from(seat),
            other => panic!("expected a turn's draw, found {other:?}"),
        }
    }

    /// The seat that must play or discard now.
    pub fn playing_seat(&self) -> usize {
        match self.phase() {
            Phase::Play { seat } => usize::from(seat),
            other => panic!("expected a play, found {other:?}"),
        }
    }

    /// A full turn for `seat`: draw `drawn`, then `label`.
    pub fn turn(&mut self, seat: usize, drawn: &str, label: &str) {
        assert_eq!(self.drawing_seat(), seat, "whose turn");
        self.draw(drawn);
        self.act(label);
    }

    /// A full turn for `seat`: draw a filler card, then `label`.
    pub fn turn_any(&mut self, seat: usize, label: &str) {
        assert_eq!(self.drawing_seat(), seat, "whose turn");
        let c = self.filler(&[]);
        self.draw(c);
        self.act(label);
    }

    /// The first filler kind left in the draw pile, skipping `avoid` while anything else is left.
    pub fn filler(&self, avoid: &[&str]) -> &'static str {
        let deck = &self.core().deck;
        FILLER
            .iter()
            .copied()
            .find(|n| count_of(deck, n) > 0 && !avoid.contains(n))
            .or_else(|| FILLER.iter().copied().find(|n| count_of(deck, n) > 0))
            .expect("the draw pile is empty")
    }

    /// One harmless turn: draw a filler (if there is a pile) and discard it; with no pile,
    /// discard a held card, keeping the `keep` cards while anything else is held.
    pub fn idle_keeping(&mut self, keep: &[&str]) {
        match self.phase() {
            Phase::Draw { .. } => {
                let c = self.filler(keep);
                self.draw(c);
                self.act(&format!("discard {c}"));
            }
            Phase::Play { seat } => {
                let hand = self.core().hands[usize::from(seat)];
                let pick = FILLER
                    .iter()
                    .copied()
                    .find(|n| count_of(&hand, n) > 0 && !keep.contains(n))
                    .or_else(|| FILLER.iter().copied().find(|n| count_of(&hand, n) > 0))
                    .expect("a seat to play holds cards");
                self.act(&format!("discard {pick}"));
            }
            other => panic!("cannot idle in {other:?}"),
        }
    }

    pub fn idle(&mut self) {
        self.idle_keeping(&[]);
    }

    /// Idle turns until it is `seat`'s turn (a draw, or a play when the pile is out).
    pub fn idle_until(&mut self, seat: usize, keep: &[&str]) {
        for _ in 0..1000 {
            match self.phase() {
                Phase::Draw { seat: s } | Phase::Play { seat: s } if usize::from(s) == seat => {
                    return
                }
                _ => self.idle_keeping(keep),
            }
        }
        panic!("seat {seat} never got a turn");
    }

    /// Idle turns until the draw pile is empty (the turn that drew its last card included).
    pub fn drain_pile(&mut self, keep: &[&str]) {
        while self.core().deck_len > 0 {
            self.idle_keeping(keep);
        }
    }

    /// Idle turns until the hand in progress is scored.
    pub fn play_out_hand(&mut self, keep: &[&str]) {
        let hand = self.core().hand_number;
        for _ in 0..2000 {
            if self.core().hand_number != hand || self.phase() == Phase::GameOver {
                return;
            }
            self.idle_keeping(keep);
        }
        panic!("the hand never ended");
    }

    /// Asserts `label` is refused with an error naming `rule`, that it is not among the legal
    /// actions, and that the state (and its save) is byte-identical afterwards.
    pub fn refused(&mut self, label: &str, rule: &str) {
        let before = self.state.clone();
        let saved = self.state.serialize();
        let a = self.action(label);
        assert!(
            !self.state.legal_actions().contains(&a),
            "{label:?} is listed as legal in {:?}",
            self.phase()
        );
        let refusal = self.state.apply_action(a);
        let rule_given = match &refusal {
            Err(Error::IllegalAction { rule: r, .. }) => r.clone(),
            other => panic!(
                "{label:?} in {:?}: expected refusal, got {other:?}",
                before.core().phase
            ),
        };
        assert!(
            rule_given.contains(rule),
            "{label:?} refused with {rule_given:?}, expected {rule:?}"
        );
        assert_eq!(self.state, before, "a refused action changed the state");
        assert_eq!(
            self.state.serialize(),
            saved,
            "a refused action changed the save"
        );
        assert_eq!(
            self.state.why_illegal(a),
            refusal.err(),
            "why_illegal gives another reason"
        );
    }

    pub fn is_legal(&self, label: &str) -> bool {
        self.state.legal_actions().contains(&self.action(label))
    }
}

/// The number of cards in `counts`.
pub fn total(counts: &Counts) -> u32 {
    counts.iter().map(|&n| u32::from(n)).sum()
}

/// Counts of the cards named by `events` matching `pick`.
pub fn tally(events: &[Event], pick: impl Fn(&Event) -> Option<Card>) -> Counts {
    let mut c = [0u8; NUM_KINDS];
    for e in events {
        if let Some(k) = pick(e) {
            c[k.index()] += 1;
        }
    }
    c
}

pub fn names(counts: &Counts) -> Vec<&'static str> {
    counts
        .iter()
        .enumerate()
        .flat_map(|(k, &n)| std::iter::repeat_n(ALL[k].name(), usize::from(n)))
        .collect()
}
