//! Bots for the human seats, at three levels. Each reads only its seat's view (its own hand and
//! what the table shows), so none can use hidden information.
//!
//! - `easy`: plays its fastest affordable card, pays with tokens, never late-brakes or duels.
//! - `medium`: weighs movement against tyres, wear and cards, tests with the card that passes
//!   and keeps the Target Check high, late-brakes when the odds are good, duels with a strong
//!   hand, plans its fuel.
//! - `hard`: `medium`, but rates each play by where it actually lands (a dry run of the move:
//!   sections gained, cars passed, a late-braking point or a trajectory reached), runs Chase
//!   (Banging Wheels in the basic race) with Lapping, and at the decisions that shape its race
//!   (the cards played, a pit stop, a late brake, a duel) plays its best few moves out a few
//!   game turns in worlds dealt from its own view (`lookahead.rs`).
use alloc::vec::Vec;

use super::actions::{decode, Move};
use super::car::NO_CARD;
use super::cards::{CardId, Flag};
use super::lookahead;
use super::rules::{Strategy, FUEL_CHITS};
use super::state::{Check, Decider, F90State, Phase};
use super::view::SeatView;
use super::weather::{tyre_penalty, Tyre};
use crate::game::Action;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "easy" => Some(Level::Easy),
            "medium" => Some(Level::Medium),
            "hard" => Some(Level::Hard),
            _ => None,
        }
    }
}

/// The action a bot of `level` takes for the seat to move, one of `legal`: `hard` looks ahead
/// at the decisions that shape its race (`lookahead.rs`), every level rates the moves.
pub fn choose(view: &SeatView<'_>, legal: &[Action], level: Level) -> Option<Action> {
    if level == Level::Hard && legal.len() > 1 {
        let s = view.state();
        if let Some(car) = seat_car(s) {
            let bot = Bot::new(s, car, level);
            let mut ranked: Vec<(i32, Action)> = legal
                .iter()
                .filter_map(|&a| decode(a).map(|m| (bot.rate(m), a)))
                .collect();
            // Best first; equal ratings keep the legal order.
            ranked.sort_by_key(|&(r, _)| core::cmp::Reverse(r));
            if let Some(a) = lookahead::choose(s, car, legal, &ranked) {
                return Some(a);
            }
        }
    }
    rated(view, legal, level)
}

/// The car whose decision the state waits on, if a player's.
fn seat_car(s: &F90State) -> Option<u8> {
    match s.phase.decider() {
        Decider::Seat(c) | Decider::Car(c) => Some(c),
        Decider::Chance | Decider::Nobody => None,
    }
}

/// The best-rated move, no look-ahead: `easy` and `medium`, and `hard` inside its play-outs.
pub fn rated(view: &SeatView<'_>, legal: &[Action], level: Level) -> Option<Action> {
    let s = view.state();
    let first = *legal.first()?;
    let best = |rate: &dyn Fn(Move) -> i32| -> Action {
        let mut top = (i32::MIN, first);
        for &a in legal {
            if let Some(m) = decode(a) {
                let r = rate(m);
                if r > top.0 {
                    top = (r, a);
                }
            }
        }
        top.1
    };
    let Some(car) = seat_car(s) else {
        return Some(first);
    };
    let bot = Bot::new(s, car, level);
    Some(best(&|m| bot.rate(m)))
}

struct Bot<'a> {
    s: &'a F90State,
    car: u8,
    level: Level,
    low: [(u8, CardId); 3],
}

impl<'a> Bot<'a> {
    fn new(s: &'a F90State, car: u8, level: Level) -> Bot<'a> {
        let mut low = [(u8::MAX, NO_CARD); 3];
        if let Phase::Play { .. } = s.phase {
            // The three lowest check factors in hand: whether a check will pass after the play.
            for id in s.car(car).hand.iter() {
                let cf = s.race.card(id).cf;
                if cf < low[2].0 {
                    low[2] = (cf, id);
                    low.sort_unstable();
                }
            }
        }
        Bot { s, car, level, low }
    }

    fn card(&self, id: CardId) -> &super::cards::Card {
        self.s.race.card(id)
    }

    /// How much a card in hand is worth keeping: movement, a good check factor for tests,
    /// draws; a Track Card more.
    fn keep(&self, id: CardId) -> i32 {
        let c = self.card(id);
        let mut v = i32::from(c.mp) * 10 + i32::from(c.draw) * 6
            - i32::from(c.tyres) * 3
            - i32::from(c.wear) * 5;
        // Low check factors pass tests.
        v += (100 - i32::from(c.cf)) / 12;
        if c.is_track() {
            v += 8;
        }
        v
    }

    fn target(&self) -> i16 {
        self.s.check_target(self.car, 0)
    }

    fn turns_left(&self) -> i32 {
        i32::from(self.s.race.turns) - i32::from(self.s.turn)
    }

    fn rate(&self, m: Move) -> i32 {
        self.rate_pre_race(m)
            .or_else(|| self.rate_cards(m))
            .or_else(|| self.rate_conditions(m))
            .or_else(|| self.rate_car_turn(m))
            .unwrap_or(0)
    }

    /// Qualifying, strategy, phase A and the pit's choice; `None` for any other move.
    fn rate_pre_race(&self, m: Move) -> Option<i32> {
        let s = self.s;
        let me = s.car(self.car);
        let easy = self.level == Level::Easy;
        Some(match m {
            // A high card qualifies well and leaves a high Target Check.
            Move::Qualify(id) => {
                let c = self.card(id);
                if easy {
                    i32::from(c.mp) * 100 - i32::from(c.cf)
                } else {
                    i32::from(c.mp) * 30 + i32::from(c.cf)
                }
            }
            // One stop: the lightest load whose refuel lasts to the flag.
            Move::Fuel(i) => {
                let turn = i32::from(FUEL_CHITS[usize::from(i)].0);
                let need = i32::from(s.race.turns) - 9;
                if easy {
                    -(turn - 12).abs()
                } else if turn >= need {
                    100 - turn
                } else {
                    turn - 100
                }
            }
            // Measured in docs/simulation.md: Banging Wheels wins most among the basic four,
            // Lucky next; of all nine Chase wins most (a chased robot gives a point a turn),
            // alone against robots and in a full field; the easy bot keeps its tyres.
            Move::Strategy(i) => {
                let preferred: &[Strategy] = match self.level {
                    Level::Easy => &[Strategy::SaveTyres],
                    Level::Medium => &[Strategy::Lucky],
                    Level::Hard => &[Strategy::Chase, Strategy::BangingWheels],
                };
                Strategy::from_index(i)
                    .and_then(|s| preferred.iter().position(|&p| p == s))
                    .map_or(0, |k| 10 - k as i32)
            }
            Move::Drive => 10,
            Move::Skip => 0,
            Move::StayOut => 0,
            // The Safety Car's window: a stop that costs little, worth it when the car needs
            // one before the flag anyway, or new tyres or repairs; the most fuel.
            Move::Pit(extra) if matches!(s.phase, Phase::SafetyCarPit { .. }) => {
                let needs_fuel = me.fuel <= s.race.turns;
                let worn = me.red >= 2 || me.tyres <= 2;
                if me.must_pit || me.forced_pit || needs_fuel || (worn && !easy) {
                    20 + i32::from(extra)
                } else {
                    -1
                }
            }
            Move::Pit(extra) => {
                let must = me.must_pit || me.forced_pit;
                if !must {
                    // A voluntary stop to repair a worn car or to refit tyres while the race
                    // is long enough to pay the sections back.
                    let worn = me.red >= 2 && me.free_slots() <= 1;
                    let bald = me.tyres == 0 && me.hand.len() < 3;
                    // Tyres that cost two movement points a turn in this weather.
                    let wrong = s.tyre_loss(self.car) >= 2;
                    let worth = self.turns_left() > 3;
                    return Some(if (worn || bald || wrong) && worth && !easy {
                        20 - i32::from(extra)
                    } else {
                        -1
                    });
                }
                let fuel_after = i32::from(me.fuel) + 10 + 3 * i32::from(extra);
                let finishes = fuel_after > i32::from(s.race.turns);
                if finishes {
                    50 - i32::from(extra) * 10
                } else {
                    10 + i32::from(extra)
                }
            }
            _ => return None,
        })
    }

    /// The hand, Free Practice, skills and tyres' choices; `None` for any other move.
    fn rate_cards(&self, m: Move) -> Option<i32> {
        let s = self.s;
        let me = s.car(self.car);
        let easy = self.level == Level::Easy;
        Some(match m {
            Move::KeepHand => 0,
            Move::Discard(id) => match s.phase {
                // At a pit, only cards worth less than a fresh draw go.
                Phase::PitDiscard { .. } => {
                    if easy {
                        -1000
                    } else {
                        28 - self.keep(id)
                    }
                }
                // Save Fuel: a weak card over [2] for two fresh ones.
                Phase::DrawChoice { .. } => 40 - self.keep(id),
                // Under the Safety Car: the card least worth keeping.
                Phase::SafetyCarDiscard { .. } => 1000 - self.keep(id),
                // Wise Driving: the slow cards go.
                Phase::WiseDiscard { .. } => 20 - self.keep(id),
                _ => 1000 - self.keep(id),
            },
            Move::DrawOne => 0,
            // Reflexes helps every check a driver makes; Lapping, measured best of the ten
            // (docs/simulation.md), passes backmarkers for less.
            Move::Skill(k) => {
                use super::rules::Skill;
                let preferred = match self.level {
                    Level::Easy => Skill::Qualify,
                    Level::Medium => Skill::Reflexes,
                    Level::Hard => Skill::Lapping,
                };
                i32::from(Skill::from_index(k) == Some(preferred))
            }
            // The chart's default (2, 2, 2), or with Tuning the most tyres and cards.
            Move::Setup { tyres, hand, wear } => {
                i32::from(tyres) * 3 + i32::from(hand) * 2 + i32::from(wear) * 2
                    - i32::from(tyres.abs_diff(2) + hand.abs_diff(2) + wear.abs_diff(2))
            }
            // A hand weak in movement goes for the spare car.
            Move::NewHand => {
                let total: i32 = me.hand.iter().map(|id| i32::from(self.card(id).mp)).sum();
                if total < 10 && !easy {
                    1
                } else {
                    -1
                }
            }
            Move::Versatility => -1,
            // Sixth Sense: a token only when its flag would help this very turn (the tokens
            // come back at a pit stop, so one held back is not lost); above driving, so it is
            // declared first.
            Move::SixthSense(f) if !easy => {
                let track = s.race.track();
                let near = [
                    me.section,
                    track.next(me.section),
                    track.next(track.next(me.section)),
                ];
                let useful = match f {
                    Flag::Blue => {
                        !me.blue_flag
                            && (0..s.n() as u8).any(|o| {
                                o != self.car
                                    && s.car(o).racing()
                                    && near.contains(&s.car(o).section)
                                    && s.relation(self.car, o) == super::rules::Relation::Lap
                            })
                    }
                    Flag::Green => near.iter().any(|&x| s.yellow_at(x).is_some()),
                    // Hard only: a corner whose front a rival player holds, to slow him.
                    Flag::Yellow => {
                        self.level == Level::Hard
                            && (0..track.len() as u8).any(|x| {
                                track.kind(x) == super::track::Kind::Corner
                                    && s.yellow_at(x).is_none()
                                    && s.yellow_places(x).contains(&0)
                                    && s.section_cars(x)
                                        .next()
                                        .is_some_and(|c| c != self.car && !s.car(c).is_robot())
                            })
                    }
                    Flag::Orange => false,
                };
                if useful {
                    12
                } else {
                    -1
                }
            }
            Move::SixthSense(_) => -1,
            Move::WiseDriving => {
                let weak = me
                    .hand
                    .races()
                    .iter()
                    .filter(|&id| self.card(id).mp <= 1)
                    .count();
                if weak >= 3 && !easy {
                    15
                } else {
                    -1
                }
            }
            // Chase: a good movement card of the car ahead beats a blind draw.
            Move::ChaseTake(id) => self.keep(id) - 25,
            Move::NewTyres => 1,
            Move::KeepTyres => {
                i32::from(me.tyres >= me.chart.tyres.saturating_sub(1)) * 2
                    - 10 * i32::from(s.tyre_loss(self.car))
            }
            _ => return None,
        })
    }

    /// Tyres, weather, flags and Extreme Trajectories; `None` for any other move.
    fn rate_conditions(&self, m: Move) -> Option<i32> {
        let s = self.s;
        let me = s.car(self.car);
        let easy = self.level == Level::Easy;
        Some(match m {
            // The tyres that suit the weather; hard ones bring a Track Card, soft ones three
            // blue tokens in the dry.
            Move::Tyres(t) => {
                let Some(t) = Tyre::from_index(t) else {
                    return Some(-100);
                };
                let sky = s.sky();
                let fit = 1 - 10 * i32::from(tyre_penalty(t, sky, s.race.opts.tyre_table));
                fit + match t {
                    Tyre::Hard => 3,
                    Tyre::Soft if !easy && self.turns_left() < 8 => 4,
                    _ => 0,
                }
            }
            // The weather that suits its own tyres.
            Move::WeatherStep(k) => {
                let to = i16::from(s.weather) + i16::from(k) - 1;
                let sky = s
                    .race
                    .track()
                    .weather
                    .get(to.max(0) as usize)
                    .map_or(s.sky(), |w| w.sky);
                i32::from(k == 1)
                    - 10 * i32::from(tyre_penalty(me.tyre, sky, s.race.opts.tyre_table))
            }
            Move::BlueToken => 1,
            Move::NoBlueToken => 0,
            Move::NoFlag => 0,
            // A yellow at the front of a corner holding rivals (never its own car): they pay a
            // point and cannot pass there.
            Move::Yellow { section, behind } => {
                if easy || behind != 0 {
                    return Some(-1);
                }
                let cars: alloc::vec::Vec<u8> = s.section_cars(section).collect();
                if cars.contains(&self.car) {
                    return Some(-1);
                }
                cars.iter().filter(|&&c| !s.car(c).is_robot()).count() as i32 * 2 - 1
            }
            // Removes a yellow in its own section or the next one.
            Move::Green(section) => {
                let next = s.race.track().next(me.section);
                if section == me.section || section == next {
                    1
                } else {
                    -1
                }
            }
            // A robot ahead of the holder in the race gambles its race on a blind test.
            Move::ForceLateBrake => {
                let order = s.race_order();
                let pos = |c: u8| order.iter().position(|&x| x == c);
                i32::from(!easy && pos(s.it.car) < pos(self.car))
            }
            Move::NoForce => 0,
            // A robot ahead of the holder gambles on an ET's blind test next turn.
            Move::ForceExtreme => {
                let order = s.race_order();
                let pos = |c: u8| order.iter().position(|&x| x == c);
                i32::from(!easy && pos(s.it.car) < pos(self.car))
            }
            // The ET spot: worth taking when the driver may attempt it (the play decides).
            Move::TakeExtreme => {
                let bonus = s.extreme_in(me.section).map_or(0, |e| i32::from(e.bonus));
                if easy {
                    0
                } else {
                    10 + bonus * 5
                }
            }
            // Flat Out costs nothing; a power card is worth its bonus.
            Move::FlatOut => 5,
            Move::ExtremePower(_) => i32::from(!easy) * 2 - 1,
            // A sure late brake for one Track Card.
            Move::LateBrakePower(_) => i32::from(!easy) * 2 - 1,
            _ => return None,
        })
    }

    /// A card play, its costs and checks, phase F and the duels; `None` for any other move.
    fn rate_car_turn(&self, m: Move) -> Option<i32> {
        let s = self.s;
        let me = s.car(self.car);
        let easy = self.level == Level::Easy;
        Some(match m {
            Move::Play { a, b, trajectory } => self.rate_play(a, b, trajectory),
            Move::PayToken if easy || i32::from(me.tyres) > self.turns_left().min(6) / 2 => 100,
            Move::PayToken => 0,
            Move::PayCard(id) => 50 - self.keep(id),
            Move::Test { slot, with } => self.rate_test(slot, with),
            Move::LateBrake => {
                if easy {
                    return Some(-1);
                }
                let modifier = s.check_modifier(Check::LateBrake);
                let t = s.check_target(self.car, modifier)
                    + s.conditions_modifier(self.car, Check::LateBrake);
                let ahead = s
                    .section_cars(me.section)
                    .take_while(|&c| c != self.car)
                    .count() as i16;
                let Some(lb) = s.race.track().sections[usize::from(me.section)].late_brake else {
                    return Some(-1);
                };
                let start = s.race.track().recoveries[usize::from(lb.recovery)].start;
                let (tyres, wear, cards, abandon) = s.chart_risk(start);
                // Never a chart that could end the race (out of tyres, wear slots or cards);
                // a crash-out chart only with very good odds; otherwise good odds, better with
                // cars to pass.
                let survives = me.tyres >= tyres
                    && me.free_slots() > wear
                    && me.hand.len() >= u32::from(cards);
                let odds = if abandon { 80 } else { 62 };
                if survives && t + ahead * 8 >= odds {
                    1
                } else {
                    -1
                }
            }
            Move::NoLateBrake => 0,
            Move::Trajectory(i) => {
                let sec = &s.race.track().sections[usize::from(me.section)];
                10 + sec
                    .trajectories
                    .get(usize::from(i))
                    .map_or(0, |t| i32::from(t.bonus) * 10 - i32::from(t.costs.wear) * 8)
            }
            Move::NoTrajectory => 5,
            Move::Challenge => {
                if easy {
                    return Some(-1);
                }
                if self.duel_strength() >= 6 && me.hand.len() >= 4 {
                    1
                } else {
                    -1
                }
            }
            Move::NoChallenge => 0,
            Move::Join => {
                if easy {
                    return Some(-1);
                }
                if self.duel_strength() >= 5 {
                    1
                } else {
                    -1
                }
            }
            Move::Decline => 0,
            Move::DuelCards { a, b } => {
                let mp = i32::from(self.card(a).mp) + b.map_or(0, |b| i32::from(self.card(b).mp));
                let cost = self.keep(a) + b.map_or(0, |b| self.keep(b));
                mp * 40 - cost
            }
            _ => return None,
        })
    }

    /// An Extreme Trajectory attempt: its bonus when sure (Flat Out, the ET power), else the
    /// bonus at the blind test's odds against what the recovery chart may cost.
    fn rate_extreme(&self, cards: [CardId; 2]) -> i32 {
        let s = self.s;
        let car = self.car;
        let Some(e) = s.extreme_in(s.car(car).section) else {
            return 0;
        };
        if let Some(b) = s.extreme_sure_bonus(car, cards) {
            return i32::from(b) * 20;
        }
        let target = i32::from(
            (s.check_target(car, e.modifier) + s.conditions_modifier(car, Check::Extreme))
                .clamp(0, 99),
        );
        let start = s.race.track().recoveries[usize::from(e.recovery)].start;
        let (tyres, wear, discard, abandon) = s.chart_risk(start);
        let me = s.car(car);
        if abandon
            || me.tyres < tyres
            || me.free_slots() <= wear
            || me.hand.len() < 2 + u32::from(discard)
        {
            return -1000;
        }
        // A failure also costs the chart's time loss (about two points) and the spot.
        i32::from(e.bonus) * 20 * target / 99 - 50 * (99 - target) / 99
    }

    /// The best two cards' movement points.
    fn duel_strength(&self) -> i32 {
        let mut top = [0u8; 2];
        for id in self.s.car(self.car).hand.iter() {
            let mp = self.card(id).mp;
            if mp > top[1] {
                top[1] = mp;
                if top[1] > top[0] {
                    top.swap(0, 1);
                }
            }
        }
        i32::from(top[0]) + i32::from(top[1])
    }

    fn rate_play(&self, a: Option<CardId>, b: Option<CardId>, trajectory: bool) -> i32 {
        let s = self.s;
        let car = self.car;
        let Some(a) = a else { return -1000 };
        let cards = [a, b.unwrap_or(NO_CARD)];
        let k = s.costs_of(car, cards, trajectory);
        let me = s.car(car);
        if self.level == Level::Easy {
            return i32::from(k.mp) * 10 - i32::from(b.is_some());
        }
        let hand_after = me.hand.len() as i32 - 1 - i32::from(b.is_some());
        let left = self.turns_left().max(1);
        // Resources matter more when they must last.
        let tyre_cost = if i32::from(me.tyres) >= left { 2 } else { 5 };
        let mut v = i32::from(k.mp) * 20;
        v -= i32::from(k.tyres) * tyre_cost;
        // Wear weighs more the fuller the chart; a full chart retires the car on the next
        // failed check.
        let slots = i32::from(me.chart.wear_slots.max(1));
        let free_after = i32::from(me.free_slots()) - i32::from(k.wear);
        v -= i32::from(k.wear) * (8 + 12 * (slots - free_after) / slots);
        if k.wear > 0 && free_after <= 0 {
            v -= 40;
        }
        v -= i32::from(k.discard) * 7;
        v += i32::from(k.draws) * 7;
        if trajectory && s.on_extreme(car) && self.level != Level::Easy {
            v += self.rate_extreme(cards);
        }
        // A card spent is one less to play later; the hand runs thin.
        v -= (1 + i32::from(b.is_some())) * if hand_after <= 2 { 12 } else { 6 };
        for &id in &cards {
            if id == NO_CARD {
                continue;
            }
            if let Some(t) = self.card(id).test {
                let target =
                    s.check_target(car, t.modifier) + s.conditions_modifier(car, Check::Card(0));
                let in_hand = self
                    .low
                    .iter()
                    .find(|(_, h)| *h != NO_CARD && !cards.contains(h))
                    .is_some_and(|(cf, _)| i16::from(*cf) <= target);
                let passes = !t.blind
                    && (in_hand
                        || cards
                            .iter()
                            .any(|&c| c != NO_CARD && i16::from(self.card(c).cf) <= target));
                if !passes {
                    // A blind draw fails about (99 - target) times in 99.
                    let fail = 99 - i32::from(target.clamp(0, 99));
                    let cost = if free_after <= 1 { 90 } else { 14 };
                    v -= cost * fail / 99;
                }
            }
        }
        if self.level == Level::Hard {
            let run = s.dry_run(car, s.play_mp(car, cards, trajectory));
            // Cars passed and sections gained are what the move is for; movement lost behind
            // a car is wasted.
            v += i32::from(run.passes) * 8 - i32::from(run.lost.max(0)) * 10;
            if run.late_brake && self.target() >= 60 {
                v += 6;
            }
            let sec = &s.race.track().sections[usize::from(run.landing)];
            if !sec.trajectories.is_empty() {
                v += 4;
            }
        }
        v
    }

    fn rate_test(&self, slot: u8, with: Option<CardId>) -> i32 {
        let s = self.s;
        let car = self.car;
        let modifier = match s.phase {
            Phase::Check { why, .. } => s.check_modifier(why),
            _ => {
                s.it.tests
                    .get(usize::from(slot))
                    .copied()
                    .flatten()
                    .map_or(0, |t| t.modifier)
            }
        };
        let why = match s.phase {
            Phase::Check { why, .. } => why,
            _ => Check::Card(slot.min(1)),
        };
        let target = s.check_target(car, modifier) + s.conditions_modifier(car, why);
        // Prefer the first pending check of the two.
        let order = -i32::from(slot.min(1)) * 2;
        let Some(id) = with else {
            // A blind draw passes about target% of the time.
            return order + i32::from(target.clamp(0, 99)) / 2 - 30;
        };
        let cf = i16::from(self.card(id).cf);
        let movement = s.it.cards.contains(&id);
        let keep = if movement { 0 } else { self.keep(id) };
        if self.level == Level::Easy {
            return order - keep;
        }
        let failing_retires =
            s.car(car).free_slots() == 0 && matches!(s.phase, Phase::Tests { .. });
        if cf <= target {
            // Passes; the highest check factor that passes keeps the next target easy.
            order + 100 + i32::from(cf) / 2 - keep / 2
        } else if failing_retires {
            -1000
        } else {
            // A deliberate failure with a high card raises the target (wear for it).
            order + i32::from(cf) / 4 - keep / 2
        }
    }
}

/// The heuristic the batch runner's `heuristic` policy plays: `medium`.
pub fn heuristic_action(view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
    choose(view, legal, Level::Medium)
}
