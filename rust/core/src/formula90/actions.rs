//! Every decision and chance outcome as one dense id, and its label.
//!
//! Card ids run over `MAX_CARDS` (99 Race Cards, then up to 48 Track Cards); a play names one or
//! two cards (an unordered pair) and whether the car uses its trajectory. Labels name cards as
//! the players read them: a Race Card by its check factor ("42"), a Track Card by its printed
//! number ("T3"). Labels of decisions that depend on the moment (a test, a trajectory spot)
//! are built from the state; every legal action's label is unique and parses back.
use super::cards::{CardId, MAX_CARDS};

const N: u32 = MAX_CARDS as u32;
/// Unordered pairs `a < b` of card ids.
const PAIRS: u32 = N * (N - 1) / 2;
/// A card choice of one or two cards.
const CHOICES: u32 = PAIRS + N;

/// One decision or chance outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    // Qualifying and pre-race.
    Qualify(CardId),
    Fuel(u8),
    Strategy(u8),
    // Phase A.
    Drive,
    Skip,
    Pit(u8),
    // The pit stop.
    KeepHand,
    NewTyres,
    KeepTyres,
    /// A card to the discard pile: at a pit, Lucky's discard, a D.1 or recovery discard.
    Discard(CardId),
    // Phase C: one or two movement cards (`b` = None for one card, `a` = None for none).
    Play {
        a: Option<CardId>,
        b: Option<CardId>,
        trajectory: bool,
    },
    // D.1 tyres beyond the first token.
    PayToken,
    PayCard(CardId),
    /// A test: `slot` 0 or 1 is the check of the first or second movement card, 2 any other
    /// check (the leader's, a recovery's); `with` None is a blind draw.
    Test {
        slot: u8,
        with: Option<CardId>,
    },
    // Phase F.
    LateBrake,
    NoLateBrake,
    Trajectory(u8),
    NoTrajectory,
    // Duels.
    Challenge,
    NoChallenge,
    Join,
    Decline,
    DuelCards {
        a: CardId,
        b: Option<CardId>,
    },
    // Chance outcomes.
    Draw(CardId),
    WearRed,
    WearBrown,
    Chit(u8),
    TieFirst(u8),
    // The weather module: a tyre type (`weather::Tyre` index; also the robots' tyres drawn at
    // random), a weather icon's step (0 drier, 1 none, 2 wetter), a blue token or none.
    Tyres(u8),
    WeatherStep(u8),
    BlueToken,
    NoBlueToken,
    // The flags module: a yellow flag in `section` behind its first `behind` cars; a green
    // flag removing the yellow in `section`; neither; the orange pawn forcing a robot's late
    // brake or not.
    Yellow {
        section: u8,
        behind: u8,
    },
    Green(u8),
    NoFlag,
    ForceLateBrake,
    NoForce,
    /// F.1: a Track Card with the late-braking Discard Power, discarded for a late brake that
    /// passes.
    LateBrakePower(CardId),
    // The advanced strategies and free practice.
    /// Phase B: the ordinary draw of one Race Card (Save Fuel and Chase may do otherwise).
    DrawOne,
    /// CHASE: one of the chased car's reserved movement cards instead of the draw.
    ChaseTake(CardId),
    /// Free Practice: a skill; setup tokens (points on tyres, hand, wear slots, 1–3 each).
    Skill(u8),
    Setup {
        tyres: u8,
        hand: u8,
        wear: u8,
    },
    /// The spare car: the whole starting hand for a new one.
    NewHand,
    /// A.2: Versatility's change of strategy, Wise Driving's new cards.
    Versatility,
    WiseDriving,
    /// A: SIXTH SENSE declares one of its flag tokens (yellow, green or blue), resolved in D.4.
    SixthSense(super::cards::Flag),
    /// The Safety Car's pit window: no stop.
    StayOut,
    // Extreme Trajectories: F.2 (or a pit's landing) onto the free ET spot; D.2 FLAT OUT's
    // test skipped for the bonus -1; a Track Card's ET Discard Power for a sure pass; the
    // orange pawn putting a robot on an ET.
    TakeExtreme,
    FlatOut,
    ExtremePower(CardId),
    ForceExtreme,
}

pub const MAX_CHITS: u32 = 64;
pub const MAX_CARS: u32 = 16;

// Id ranges, in order.
const PLAY: u32 = 0;
const PLAY_LEN: u32 = (CHOICES + 1) * 2;
const DUEL: u32 = PLAY + PLAY_LEN;
const QUALIFY: u32 = DUEL + CHOICES;
const FUEL: u32 = QUALIFY + N;
const STRATEGY: u32 = FUEL + 5;
const SMALL: u32 = STRATEGY + 16;
const SMALL_LEN: u32 = 16;
const PIT: u32 = SMALL + SMALL_LEN;
const DISCARD: u32 = PIT + 3;
const PAY_CARD: u32 = DISCARD + N;
const TEST: u32 = PAY_CARD + N;
const TRAJECTORY: u32 = TEST + 3 * (N + 1);
const DRAW: u32 = TRAJECTORY + 5;
const CHIT: u32 = DRAW + N;
const TIE: u32 = CHIT + MAX_CHITS;
const TYRES: u32 = TIE + MAX_CARS;
const WEATHER: u32 = TYRES + 4;
const BLUE: u32 = WEATHER + 3;
const YELLOW: u32 = BLUE + 2;
const SECTIONS: u32 = 64;
const GREEN: u32 = YELLOW + SECTIONS * (MAX_CARS + 1);
const FLAG_SMALL: u32 = GREEN + SECTIONS;
const LB_POWER: u32 = FLAG_SMALL + 3;
// The advanced modules' moves come after the basic race's, so its ids never change.
const PRACTICE: u32 = LB_POWER + N;
const PRACTICE_LEN: u32 = 16;
const CHASE: u32 = PRACTICE + PRACTICE_LEN;
const SKILL: u32 = CHASE + N;
const SETUP: u32 = SKILL + 16;
const SAFETY_CAR: u32 = SETUP + 27;
const EXTREME: u32 = SAFETY_CAR + 1;
const EXTREME_POWER: u32 = EXTREME + 3;
pub const NUM_ACTIONS: u32 = EXTREME_POWER + N;

const PRACTICE_MOVES: [Move; 7] = [
    Move::DrawOne,
    Move::NewHand,
    Move::Versatility,
    Move::WiseDriving,
    Move::SixthSense(super::cards::Flag::Yellow),
    Move::SixthSense(super::cards::Flag::Green),
    Move::SixthSense(super::cards::Flag::Blue),
];

const SMALL_MOVES: [Move; 13] = [
    Move::Drive,
    Move::Skip,
    Move::KeepHand,
    Move::NewTyres,
    Move::KeepTyres,
    Move::PayToken,
    Move::LateBrake,
    Move::NoLateBrake,
    Move::NoTrajectory,
    Move::Challenge,
    Move::NoChallenge,
    Move::Join,
    Move::Decline,
];
const WEAR_RED: u32 = SMALL + 13;
const WEAR_BROWN: u32 = SMALL + 14;

fn pair_index(a: u32, b: u32) -> u32 {
    // a < b: rows of decreasing length.
    a * N - a * (a + 1) / 2 + (b - a - 1)
}

/// Every unordered pair by its index, built at compile time: decoding a play is a lookup.
static PAIR_TABLE: [(u8, u8); PAIRS as usize] = pair_table();

const fn pair_table() -> [(u8, u8); PAIRS as usize] {
    let mut t = [(0u8, 0u8); PAIRS as usize];
    let mut a = 0;
    let mut i = 0;
    while a < N {
        let mut b = a + 1;
        while b < N {
            t[i] = (a as u8, b as u8);
            i += 1;
            b += 1;
        }
        a += 1;
    }
    t
}

fn pair_of(i: u32) -> (u32, u32) {
    let (a, b) = PAIR_TABLE[i as usize];
    (u32::from(a), u32::from(b))
}

fn choice_index(a: CardId, b: Option<CardId>) -> u32 {
    let a = u32::from(a);
    match b {
        None => PAIRS + a,
        Some(b) => {
            let b = u32::from(b);
            pair_index(a.min(b), a.max(b))
        }
    }
}

fn choice_of(i: u32) -> (CardId, Option<CardId>) {
    if i >= PAIRS {
        ((i - PAIRS) as CardId, None)
    } else {
        let (a, b) = pair_of(i);
        (a as CardId, Some(b as CardId))
    }
}

pub fn encode(m: Move) -> u32 {
    match m {
        Move::Play { a, b, trajectory } => {
            let c = match a {
                None => CHOICES,
                Some(a) => choice_index(a, b),
            };
            PLAY + c * 2 + u32::from(trajectory)
        }
        Move::DuelCards { a, b } => DUEL + choice_index(a, b),
        Move::Qualify(c) => QUALIFY + u32::from(c),
        Move::Fuel(i) => FUEL + u32::from(i),
        Move::Strategy(s) => STRATEGY + u32::from(s),
        Move::Pit(extra) => PIT + u32::from(extra),
        Move::Discard(c) => DISCARD + u32::from(c),
        Move::PayCard(c) => PAY_CARD + u32::from(c),
        Move::Test { slot, with } => TEST + u32::from(slot) * (N + 1) + with.map_or(N, u32::from),
        Move::Trajectory(i) => TRAJECTORY + u32::from(i),
        Move::Draw(c) => DRAW + u32::from(c),
        Move::WearRed => WEAR_RED,
        Move::WearBrown => WEAR_BROWN,
        Move::Chit(i) => CHIT + u32::from(i),
        Move::TieFirst(c) => TIE + u32::from(c),
        Move::Tyres(t) => TYRES + u32::from(t),
        Move::WeatherStep(k) => WEATHER + u32::from(k),
        Move::BlueToken => BLUE,
        Move::NoBlueToken => BLUE + 1,
        Move::Yellow { section, behind } => {
            YELLOW + u32::from(section) * (MAX_CARS + 1) + u32::from(behind)
        }
        Move::Green(s) => GREEN + u32::from(s),
        Move::NoFlag => FLAG_SMALL,
        Move::ForceLateBrake => FLAG_SMALL + 1,
        Move::NoForce => FLAG_SMALL + 2,
        Move::LateBrakePower(c) => LB_POWER + u32::from(c),
        Move::ChaseTake(c) => CHASE + u32::from(c),
        Move::Skill(k) => SKILL + u32::from(k),
        // The chart's default (2 points each) first: 2, 3, 1 points in that order.
        Move::Setup { tyres, hand, wear } => {
            let k = |p: u8| u32::from((p + 1) % 3);
            SETUP + k(tyres) * 9 + k(hand) * 3 + k(wear)
        }
        Move::StayOut => SAFETY_CAR,
        Move::TakeExtreme => EXTREME,
        Move::FlatOut => EXTREME + 1,
        Move::ForceExtreme => EXTREME + 2,
        Move::ExtremePower(c) => EXTREME_POWER + u32::from(c),
        Move::DrawOne
        | Move::NewHand
        | Move::Versatility
        | Move::WiseDriving
        | Move::SixthSense(_) => {
            PRACTICE
                + PRACTICE_MOVES
                    .iter()
                    .position(|&x| x == m)
                    .expect("a practice move") as u32
        }
        small => {
            SMALL
                + SMALL_MOVES
                    .iter()
                    .position(|&x| x == small)
                    .expect("every other move is a small one") as u32
        }
    }
}

pub fn decode(id: u32) -> Option<Move> {
    Some(match id {
        i if i < DUEL => {
            let c = (i - PLAY) / 2;
            let trajectory = (i - PLAY) % 2 == 1;
            if c == CHOICES {
                Move::Play {
                    a: None,
                    b: None,
                    trajectory,
                }
            } else {
                let (a, b) = choice_of(c);
                Move::Play {
                    a: Some(a),
                    b,
                    trajectory,
                }
            }
        }
        i if i < QUALIFY => {
            let (a, b) = choice_of(i - DUEL);
            Move::DuelCards { a, b }
        }
        i if i < FUEL => Move::Qualify((i - QUALIFY) as CardId),
        i if i < STRATEGY => Move::Fuel((i - FUEL) as u8),
        i if i < SMALL => Move::Strategy((i - STRATEGY) as u8),
        i if i < PIT => match i - SMALL {
            k if (k as usize) < SMALL_MOVES.len() => SMALL_MOVES[k as usize],
            13 => Move::WearRed,
            14 => Move::WearBrown,
            _ => return None,
        },
        i if i < DISCARD => Move::Pit((i - PIT) as u8),
        i if i < PAY_CARD => Move::Discard((i - DISCARD) as CardId),
        i if i < TEST => Move::PayCard((i - PAY_CARD) as CardId),
        i if i < TRAJECTORY => {
            let k = i - TEST;
            let slot = (k / (N + 1)) as u8;
            let w = k % (N + 1);
            Move::Test {
                slot,
                with: (w < N).then_some(w as CardId),
            }
        }
        i if i < DRAW => Move::Trajectory((i - TRAJECTORY) as u8),
        i if i < CHIT => Move::Draw((i - DRAW) as CardId),
        i if i < TIE => Move::Chit((i - CHIT) as u8),
        i if i < TYRES => Move::TieFirst((i - TIE) as u8),
        i if i < WEATHER => Move::Tyres((i - TYRES) as u8),
        i if i < BLUE => Move::WeatherStep((i - WEATHER) as u8),
        i if i == BLUE => Move::BlueToken,
        i if i == BLUE + 1 => Move::NoBlueToken,
        i if i < GREEN => {
            let k = i - YELLOW;
            Move::Yellow {
                section: (k / (MAX_CARS + 1)) as u8,
                behind: (k % (MAX_CARS + 1)) as u8,
            }
        }
        i if i < FLAG_SMALL => Move::Green((i - GREEN) as u8),
        i if i == FLAG_SMALL => Move::NoFlag,
        i if i == FLAG_SMALL + 1 => Move::ForceLateBrake,
        i if i == FLAG_SMALL + 2 => Move::NoForce,
        i if i < PRACTICE => Move::LateBrakePower((i - LB_POWER) as CardId),
        i if i < CHASE => *PRACTICE_MOVES.get((i - PRACTICE) as usize)?,
        i if i < SKILL => Move::ChaseTake((i - CHASE) as CardId),
        i if i < SETUP => Move::Skill((i - SKILL) as u8),
        i if i < SAFETY_CAR => {
            let k = (i - SETUP) as u8;
            let p = |x: u8| (x + 1) % 3 + 1;
            Move::Setup {
                tyres: p(k / 9),
                hand: p(k / 3 % 3),
                wear: p(k % 3),
            }
        }
        i if i == SAFETY_CAR => Move::StayOut,
        i if i == EXTREME => Move::TakeExtreme,
        i if i == EXTREME + 1 => Move::FlatOut,
        i if i == EXTREME + 2 => Move::ForceExtreme,
        i if i < NUM_ACTIONS => Move::ExtremePower((i - EXTREME_POWER) as CardId),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_decodes_and_encodes_back() {
        for id in 0..NUM_ACTIONS {
            if let Some(m) = decode(id) {
                assert_eq!(encode(m), id, "{m:?}");
            }
        }
        let m = Move::Play {
            a: Some(120),
            b: Some(3),
            trajectory: true,
        };
        assert_eq!(
            decode(encode(m)),
            Some(Move::Play {
                a: Some(3),
                b: Some(120),
                trajectory: true
            })
        );
    }
}
