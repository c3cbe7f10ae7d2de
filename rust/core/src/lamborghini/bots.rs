//! The rule players for every Lamborghini choice (picks, bids, card play, moves): `medium`, a
//! rule of thumb (`heuristic`), and `easy`, a beginner; `hard` is the determinized search of
//! `sim::mcts` over `medium`. The seat's own cards and the public table are all they read.
use super::actions::{Dir, Move};
use super::content::{Kind, Man, Tech};
use super::state::{LamboState, Phase};
use crate::game::Action;
use crate::rng::SplitMix64;

/// The chance that a manoeuvre check adding `modifier` to the Speed card is an accident (7 or
/// less), over the Speed values of every card the Speed deck may hold.
fn accident_risk(s: &LamboState, modifier: i32) -> f64 {
    let (mut bad, mut all) = (0u32, 0u32);
    for (speed, &n) in s.def.speed_values.iter().enumerate() {
        all += u32::from(n);
        if speed as i32 + modifier <= 7 {
            bad += u32::from(n);
        }
    }
    f64::from(bad) / f64::from(all.max(1))
}

/// Before a Crazy Murciélago check: a card for it when an accident is likely. Brakes first (the
/// damage is prevented whatever the card drawn), then the cards that add to the check.
fn rate_before_crazy_check(s: &LamboState, car: usize, card: u16) -> i32 {
    let penalty = i32::from(s.turn.crazy.unwrap_or(0));
    let risk = accident_risk(
        s,
        s.check_base(car) + i32::from(s.turn.check_bonus) - penalty,
    );
    if risk < 0.25 {
        return -5;
    }
    let k = &s.def.content.cards[usize::from(card)];
    match k.kind {
        Kind::Tech(_, Tech::Brakes) => 12,
        Kind::Tech(_, Tech::Setup) => 8 + i32::from(k.value),
        Kind::Manoeuvre(Man::Manoeuvre) => 10,
        Kind::Tech(_, Tech::Team) => 6,
        _ => -5,
    }
}

/// A crash or push declared when it pays: the car hit is clearly likelier to have an accident
/// than the car that declares, whose own risk is small.
fn rate_engagement(s: &LamboState, car: usize, m: Move) -> i32 {
    let Some(other) = s.engage_target(car, m) else {
        return -20;
    };
    let own = accident_risk(s, s.check_base(car) + i32::from(s.turn.check_bonus));
    let theirs = accident_risk(s, s.check_base(other) - i32::from(s.turn.engaged));
    if own <= 0.25 && theirs - own >= 0.2 {
        15
    } else {
        -20
    }
}

fn rate(s: &LamboState, m: Move) -> i32 {
    let cards = &s.def.content.cards;
    if let Phase::CheckPrep { car } = s.phase {
        if let Move::Play(c) = m {
            return rate_before_crazy_check(s, usize::from(car), c);
        }
    }
    match m {
        Move::Bid(k) => -i32::from(k.abs_diff(4)),
        Move::TurnTech(t) | Move::TurnCar(t) => i32::from(t),
        Move::Pick(c) => {
            let k = &cards[usize::from(c)];
            match k.kind {
                Kind::Car | Kind::Driver => {
                    100 + 10 * i32::from(k.speed_bonus) + 5 * i32::from(k.manoeuvre)
                }
                Kind::Tech(_, t) => 40 + i32::from(k.value) + if t == Tech::Engine { 5 } else { 0 },
                Kind::Manoeuvre(Man::FastCar | Man::Skill) => 45,
                Kind::Manoeuvre(_) => 30,
                Kind::Banknote => 0,
            }
        }
        Move::Play(c) => {
            let k = &cards[usize::from(c)];
            match k.kind {
                Kind::Tech(_, Tech::Engine | Tech::Aerodynamics)
                | Kind::Manoeuvre(Man::FastCar | Man::Skill) => 20,
                Kind::Manoeuvre(Man::Winning | Man::Will) => 15,
                Kind::Tech(_, Tech::Tyres | Tech::PetrolTank) => 12,
                _ => -5,
            }
        }
        Move::Step(Dir::Ahead) => 10,
        Move::Step(_) => 8,
        Move::Slip(_) => 1,
        Move::Crash | Move::Push(_) => match s.phase {
            Phase::Drive { car } => rate_engagement(s, usize::from(car), m),
            _ => -20,
        },
        Move::Direction(Dir::Ahead) => 5,
        Move::Direction(_) => 0,
        Move::Team(repair) => i32::from(repair),
        Move::Proceed => 0,
        Move::SwapDrivers(swap) => i32::from(!swap),
        // Share the cards out between the two cars.
        Move::LinkTo(k) => {
            let Phase::Link { seat, .. } = s.phase else {
                return 0;
            };
            let mine = s.def.opts.cars_of(seat);
            -(s.murcs[mine[usize::from(k).min(mine.len() - 1)]].hand.len() as i32)
        }
        Move::Draw(_) => 0,
    }
}

pub fn heuristic_action(s: &LamboState) -> Option<Action> {
    if matches!(s.phase, Phase::Over | Phase::Flow) {
        return None;
    }
    let enc = s.def.enc;
    // The best rating, the lowest id among equals.
    let mut best: Option<(i32, Action)> = None;
    let mut consider = |m: Move| {
        let (r, a) = (rate(s, m), enc.encode(m));
        if best.is_none_or(|(br, ba)| r > br || (r == br && a < ba)) {
            best = Some((r, a));
        }
    };
    if let Phase::Drive { car } = s.phase {
        s.each_drive_move(usize::from(car), &mut consider);
    } else {
        s.legal_moves().into_iter().for_each(&mut consider);
    }
    best.map(|(_, a)| a)
}

/// A beginner: in the draft takes the fastest Car card on the table, else any card; drives
/// straight ahead when it can (else any way), plays a card to go faster and then at once, and
/// before a Crazy Murciélago check the card that saves the car when an accident is likely (as
/// `medium`); never engages another car, repairs with the Team card. Ties are broken at random.
///
/// The Car card is the one choice that matters for a beginner: drafting at random and racing by
/// these rules lost to uniform random play (41.9% of 1,000 races), because the draft was the same
/// and straight-ahead driving with speed cards played at once is no better than random racing;
/// `medium`'s edge over `easy` is almost all its draft (docs/simulation.md, the ladder).
pub fn easy_action(s: &LamboState, legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
    let cards = &s.def.content.cards;
    let enc = s.def.enc;
    if let Phase::CheckPrep { car } = s.phase {
        let rate = |m: Move| match m {
            Move::Play(c) => rate_before_crazy_check(s, usize::from(car), c),
            _ => 0,
        };
        return crate::sim::policy::best_rated(legal, |a| enc.decode(a), rate, rng);
    }
    let rate = |m: Move| match m {
        Move::Pick(c) => match cards[usize::from(c)].kind {
            Kind::Car => 100 + 10 * i32::from(cards[usize::from(c)].speed_bonus),
            _ => 0,
        },
        Move::Play(c) => match cards[usize::from(c)].kind {
            Kind::Tech(_, Tech::Engine | Tech::Aerodynamics)
            | Kind::Manoeuvre(Man::FastCar | Man::Skill) => 5,
            _ => -5,
        },
        Move::Step(Dir::Ahead) | Move::Direction(Dir::Ahead) => 3,
        Move::Crash | Move::Push(_) => -10,
        Move::Team(repair) => i32::from(repair),
        Move::SwapDrivers(swap) => i32::from(!swap),
        _ => 0,
    };
    crate::sim::policy::best_rated(legal, |a| enc.decode(a), rate, rng)
}
