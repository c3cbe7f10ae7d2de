//! The rule players: uniform random, `easy` (a beginner's rules) and `medium` (the rule of thumb,
//! `heuristic`); `hard` is the determinized search of `sim::mcts` over `medium`. All see only a
//! `SeatView` (their own hand and the public table), so none can use hidden information.
use super::actions::{Encoding, Move};
use super::cards::Card;
use super::view::SeatView;
use crate::game::Action;
use crate::rng::SplitMix64;

/// Uniform over the legal actions.
pub fn random_action(legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
    if legal.is_empty() {
        return None;
    }
    Some(legal[rng.below(legal.len() as u32) as usize])
}

/// A beginner: calls a coup fourré, cures and restarts, then drives with its longest card;
/// plays a safety as soon as it holds one (never keeping it for a coup fourré); attacks only
/// when it has nothing of its own to play (any hazard, on anyone it can stop), never calls an
/// extension, discards any card. Ties are broken at random.
pub fn easy_action(view: &SeatView<'_>, legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
    let enc = Encoding {
        sides: view.options().sides,
        teams: view.options().teams(),
    };
    let rate = |m: Move| match m {
        Move::CoupFourre => 1000,
        Move::Play(c) if c.is_safety() => 850,
        Move::Play(Card::Roll) => 800,
        Move::Play(c) if c.is_distance() => 500 + i32::from(c.miles()),
        Move::Play(_) => 800,
        // Below every card of its own, above a discard: a beginner who never attacked lost 82.8%
        // of games to the policy that plays its lowest legal id (docs/simulation.md, the ladder).
        Move::Attack(..) => 300,
        Move::Discard(_) | Move::Draw(_) | Move::DeclineCoupFourre | Move::Extend => 0,
        Move::StopAt700 => 1,
    };
    crate::sim::policy::best_rated(legal, |a| enc.decode(a), rate, rng)
}

/// Rule of thumb (`medium`): always call a coup fourré; cure and restart first; finish exactly when
/// possible; attack before running (the leader first, a hazard no coup fourré can answer first,
/// a Speed Limit after a long distance card); run; hold safeties for a coup fourré until the pile
/// runs low, but play one rather than discard a useful card; discard what can never be used.
pub fn heuristic_action(view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
    let enc = Encoding {
        sides: view.options().sides,
        teams: view.options().teams(),
    };
    let mut best: Option<(i32, Action)> = None;
    for &a in legal {
        let Some(m) = enc.decode(a) else { continue };
        let score = rate(view, m);
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, a));
        }
    }
    best.map(|(_, a)| a)
}

fn rate(view: &SeatView<'_>, m: Move) -> i32 {
    let seat = view.seat().unwrap_or(0);
    let me = view.tableau(view.side_of(seat));
    match m {
        Move::CoupFourre => 1000,
        Move::DeclineCoupFourre => 0,
        // Extending is worth it while the pile still holds the miles.
        Move::Extend => i32::from(view.deck_len() >= 30),
        Move::StopAt700 => i32::from(view.deck_len() < 30),
        Move::Play(c) if c.is_safety() => {
            let cures = (c == Card::RightOfWay && (me.limited || me.hazards & 8 != 0))
                || (c == Card::DrivingAce && (me.hazards & 1 != 0 || me.wrong_way))
                || (c == Card::ExtraTank && me.hazards & 2 != 0)
                || (c == Card::PunctureProof && me.hazards & 4 != 0);
            if cures {
                900
            } else if view.deck_len() < 15 {
                700
            } else {
                // Kept for a coup fourré while there is anything else to play, but played (100
                // points and protection for the rest of the hand) before a card that could still
                // be used is discarded; a card that never can be goes first.
                90
            }
        }
        Move::Play(Card::Roll) => 790,
        Move::Play(c) if c.is_distance() => {
            if me.wrong_way {
                return 10;
            }
            let d = i32::from(c.miles());
            if i32::from(me.miles) + d == i32::from(view.target()) {
                950
            } else {
                500 + d / 4
            }
        }
        Move::Play(_) => 800, // a remedy is only legal when it cures something
        // A hazard stops the car for turns, worth more than a distance card; a Speed Limit,
        // which only slows it, comes after a long distance card until the target is far along.
        Move::Attack(h, side) => {
            let miles = i32::from(view.tableau(usize::from(side)).miles) * 3 / 10;
            let base = if h == Card::SpeedLimit { 450 } else { 600 };
            base + miles + if unanswerable(view, h) { 50 } else { 0 }
        }
        Move::Discard(c) => 100 - keep_value(view, c),
        Move::Draw(_) => 0,
    }
}

/// How much a card in hand is worth keeping; the lowest is discarded.
fn keep_value(view: &SeatView<'_>, c: Card) -> i32 {
    let seat = view.seat().unwrap_or(0);
    let mine = view.side_of(seat);
    let me = view.tableau(mine);
    if c.is_safety() {
        return 1000;
    }
    if let Some(h) = c.remedy_for() {
        let immune = h.safety_against().is_some_and(|s| me.has(s));
        return if immune { 0 } else { 50 };
    }
    if c.is_hazard() {
        let any_target = (0..view.num_sides())
            .filter(|&s| s != mine)
            .any(|s| !c.safety_against().is_some_and(|sf| view.tableau(s).has(sf)));
        return if any_target { 45 } else { 0 };
    }
    let d = c.miles();
    let useless = (c == Card::D200 && me.twos >= 2) || me.miles + d > view.target();
    if useless {
        1
    } else {
        20 + i32::from(d) / 10
    }
}

/// No coup fourré can answer the hazard `h` (which would give the target 300 points and the
/// turn): its safety is in this hand or already in play.
fn unanswerable(view: &SeatView<'_>, h: Card) -> bool {
    let Some(safety) = h.safety_against() else {
        return true;
    };
    view.hand()[safety.index()] > 0 || (0..view.num_sides()).any(|s| view.tableau(s).has(safety))
}
