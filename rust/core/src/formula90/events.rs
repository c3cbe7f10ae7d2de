//! The race log: what happened and why, as typed events. A seat's log hides what it may not
//! see: other players' draws and sealed cards until they are revealed.
use alloc::string::String;
use alloc::vec::Vec;
use serde::Serialize;
use serde_json::Value;

use super::car::NO_CARD;
use super::cards::CardId;
use super::cards::Flag;
use super::options::MAX_CARS;
use super::phase::Check;
use super::race::RaceDef;
use super::rules::{Relation, Strategy};
use super::track::Outcome;
use super::weather::{Sky, Tyre};

/// Why a car left the race ("Abandonando a Corrida").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retire {
    /// A wear token that could not be placed.
    Wear,
    /// Tyre tokens it could not pay.
    Tyres,
    /// Cards it could not discard.
    Cards,
    /// Left the track at a Crash Out point and did not regain control.
    CrashOut,
    /// The turn pawn reached its refuel chit and it did not stop ("pane seca").
    Fuel,
}

/// A strategy's or a skill's bonus, for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bonus {
    /// CHASE: the chased car left nothing to take: +1 MP.
    ChaseMp,
    /// SAVE FUEL: a card over [2] traded for two Race Cards.
    SaveFuelTrade,
    /// SAVE FUEL: moved with cards of [2] or less: the refuel chit one turn on (to this turn).
    SaveFuel(u8),
    /// PUSH: a [2] paired higher: the refuel chit one turn back (to this turn).
    PushFuel(u8),
    /// HAZARD: movement points for blind draws and wear from cards.
    HazardMp(u8),
    /// HAZARD: a late brake that gains two sections.
    HazardLateBrake,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Qualifying,
    Draw {
        car: u8,
        card: CardId,
    },
    QualifyReveal {
        car: u8,
        card: CardId,
        fuel: u8,
        value: i8,
    },
    RobotChit {
        car: u8,
        chit: u8,
    },
    TieBreak {
        car: u8,
        slot: u8,
    },
    Grid {
        car: u8,
        slot: u8,
        value: i8,
    },
    Strategy {
        car: u8,
        strategy: Strategy,
    },
    Tyres {
        car: u8,
        new: bool,
        tyre: Tyre,
    },
    /// Pre-race: the weather card puts the pawn on `space` (of the track's table).
    Weather {
        card: CardId,
        space: u8,
        sky: Sky,
    },
    RobotTyres {
        tyre: Tyre,
    },
    WeatherMove {
        car: u8,
        from: u8,
        to: u8,
        sky: Sky,
    },
    RobotsWeatherPit {
        tyre: Tyre,
    },
    TyreLoss {
        car: u8,
        tyre: Tyre,
        sky: Sky,
        mp: u8,
    },
    BlueToken {
        car: u8,
    },
    FlagTaken {
        car: u8,
        flag: Flag,
    },
    /// A yellow flag in `section` behind its first `behind` cars.
    YellowPlaced {
        car: u8,
        section: u8,
        behind: u8,
    },
    /// Removed by a green flag (`car`) or by the Leader getting past it (`None`).
    YellowRemoved {
        car: Option<u8>,
        section: u8,
    },
    YellowPassed {
        car: u8,
        section: u8,
    },
    OrangeForces {
        car: u8,
        robot: u8,
        force: bool,
    },
    /// The orange pawn's holder puts a robot on an Extreme Trajectory (or not).
    OrangeExtreme {
        car: u8,
        robot: u8,
        force: bool,
    },
    /// The "-1" icon spent on a corner: passes there cost what a straight's would.
    CornerPass {
        car: u8,
        corner: u8,
    },
    /// Onto the Extreme Trajectory spot of its section.
    TakeExtreme {
        car: u8,
    },
    /// Attempts the Extreme Trajectory it stands on (D.2).
    ExtremeTry {
        car: u8,
    },
    /// Passed: the bonus for phase E; `power` the Track Card discarded for it (`NO_CARD`: a
    /// test, or Flat Out with a bonus one less).
    ExtremePassed {
        car: u8,
        bonus: u8,
        power: CardId,
    },
    /// Failed the test: off the spot, into its recovery chart.
    ExtremeLost {
        car: u8,
        section: u8,
    },
    TurnStart {
        turn: u8,
        stage: bool,
    },
    RobotMustPit {
        car: u8,
    },
    Plays {
        car: u8,
    },
    Skip {
        car: u8,
    },
    Pit {
        car: u8,
        from: u8,
        to: u8,
        extra: u8,
        fuel: u8,
    },
    Discard {
        car: u8,
        card: CardId,
    },
    Play {
        car: u8,
        cards: [CardId; 2],
        trajectory: bool,
    },
    PayToken {
        car: u8,
    },
    PayCard {
        car: u8,
        card: CardId,
    },
    Wear {
        car: u8,
        brown: bool,
    },
    Check {
        car: u8,
        why: Check,
        card: CardId,
        target: i16,
        pass: bool,
    },
    Movement {
        car: u8,
        mp: i8,
    },
    Enter {
        car: u8,
        section: u8,
    },
    Pass {
        car: u8,
        other: u8,
        relation: Relation,
        cost: u8,
    },
    Blocked {
        car: u8,
        by: u8,
        left: i8,
    },
    LateBrakeTry {
        car: u8,
    },
    OffTrack {
        car: u8,
        section: u8,
    },
    Recovery {
        car: u8,
        outcome: Outcome,
    },
    ReentryPoint {
        car: u8,
        section: u8,
    },
    Reenter {
        car: u8,
        section: u8,
    },
    TakeTrajectory {
        car: u8,
        spot: u8,
    },
    Special {
        car: u8,
        strategy: Strategy,
    },
    Bonus {
        car: u8,
        bonus: Bonus,
    },
    Skill {
        car: u8,
        skill: super::rules::Skill,
    },
    Setup {
        car: u8,
        chart: super::content::Chart,
    },
    SpareCar {
        car: u8,
        new: bool,
    },
    SkillUsed {
        car: u8,
        skill: super::rules::Skill,
    },
    /// SIXTH SENSE: a flag token declared at the start of the turn; `left` tokens remain.
    SixthSense {
        car: u8,
        flag: super::cards::Flag,
        left: u8,
    },
    /// CHASE: the Chased chit goes on `chased` (`NO_CAR`: comes off).
    Chased {
        car: u8,
        chased: u8,
    },
    ChaseTake {
        car: u8,
        from: u8,
        card: CardId,
    },
    Retired {
        car: u8,
        why: Retire,
    },
    DuelCalled {
        section: u8,
    },
    NoDuel {
        section: u8,
    },
    Challenge {
        car: u8,
    },
    Join {
        car: u8,
        join: bool,
    },
    DuelSealed {
        car: u8,
    },
    /// Participants by total (`u8::MAX` past the last), each with the cards it laid (`NO_CARD`
    /// where none), face up now.
    DuelReveal {
        section: u8,
        result: [(u8, i8); MAX_CARS],
        cards: [[CardId; 2]; MAX_CARS],
    },
    Reshuffle {
        track: bool,
    },
    /// The Safety Car comes out: `car` crashed at an SC point.
    SafetyCarOut {
        car: u8,
    },
    /// The field realigned behind the Safety Car in `section`.
    SafetyCarLine {
        section: u8,
    },
    SafetyCarMoves {
        section: u8,
    },
    /// Under the Safety Car: `car` follows a section without playing cards.
    SafetyCarFollows {
        car: u8,
    },
    /// The Safety Car goes in at a new Race Stage: this turn is a restart.
    SafetyCarIn,
    RaceEnd,
    /// Where an applied action's steps begin in the kept log: the action and the seat that
    /// decided it (`None`: a chance outcome). Not a step: it opens an entry (`entries.rs`).
    Applied {
        action: crate::Action,
        seat: Option<u8>,
    },
}

/// Where events go: a `Vec<Event>` when someone reads the log, `NoLog` on the fast path.
pub trait Log {
    fn push(&mut self, e: Event);
    fn reshuffle(&mut self, track: bool) {
        self.push(Event::Reshuffle { track });
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct NoLog;

impl Log for NoLog {
    #[inline(always)]
    fn push(&mut self, _: Event) {}
}

impl Log for Vec<Event> {
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

/// Every `kind` an event's JSON may have; each is described in docs/rules/formula90.md,
/// "Vocabulary".
pub const EVENT_KINDS: [&str; 69] = [
    "qualifying",
    "draw",
    "qualify",
    "robot_chit",
    "tie_break",
    "grid",
    "strategy",
    "tyres",
    "weather",
    "robot_tyres",
    "weather_move",
    "robots_weather_pit",
    "tyre_loss",
    "blue_token",
    "flag",
    "yellow_flag",
    "yellow_removed",
    "yellow_passed",
    "orange_flag",
    "orange_flag_extreme",
    "corner_pass",
    "take_extreme",
    "extreme_try",
    "extreme_passed",
    "extreme_lost",
    "turn",
    "robot_pit_due",
    "plays",
    "skip",
    "pit",
    "discard",
    "play",
    "pay_token",
    "pay_card",
    "wear",
    "check",
    "movement",
    "enter",
    "pass",
    "blocked",
    "late_brake",
    "off_track",
    "recovery",
    "reentry_point",
    "reenter",
    "trajectory",
    "special",
    "bonus",
    "skill",
    "setup",
    "spare_car",
    "sixth_sense",
    "skill_used",
    "chased",
    "chase_take",
    "retired",
    "duel_called",
    "no_duel",
    "challenge",
    "join",
    "duel_cards",
    "duel",
    "reshuffle",
    "safety_car_out",
    "safety_car_line",
    "safety_car_moves",
    "safety_car_follows",
    "safety_car_in",
    "race_end",
];

impl Retire {
    /// The reason as a code of the documented set.
    pub fn code(self) -> &'static str {
        match self {
            Retire::Wear => "wear",
            Retire::Tyres => "tyres",
            Retire::Cards => "cards",
            Retire::CrashOut => "crash_out",
            Retire::Fuel => "fuel",
        }
    }
}

fn relation_code(r: Relation) -> &'static str {
    match r {
        Relation::Overtake => "overtake",
        Relation::Lap => "lap",
        Relation::Unlap => "unlap",
    }
}

fn check_code(why: Check) -> &'static str {
    match why {
        Check::Card(_) => "card",
        Check::Leader => "leader",
        Check::LateBrake => "late_brake",
        Check::Recovery(_) => "recovery",
        Check::Extreme => "extreme",
    }
}

/// A book name as a code: "Save Fuel" -> "save_fuel".
fn code(name: &str) -> String {
    name.to_lowercase().replace(' ', "_")
}

/// A reference to a car, a card or a rule item: `{id, name}`.
#[derive(Serialize)]
struct Named<I> {
    id: I,
    name: String,
}

/// A named rule item (strategy, skill) as a reference.
fn named(name: &str) -> Named<String> {
    Named {
        id: code(name),
        name: name.into(),
    }
}

/// A section by its number (from 1), its kind and the track's name for it (`null`: none).
#[derive(Serialize)]
struct Sec {
    number: u16,
    kind: &'static str,
    name: Option<String>,
}

/// The car a step is about, and the seat that drives it (`null`: a robot).
#[derive(Serialize)]
struct Who {
    car: Named<u8>,
    seat: Option<u8>,
}

/// One participant of a duel, by total.
#[derive(Serialize)]
struct Duelist {
    car: Named<u8>,
    total: i8,
    cards: Vec<DuelCard>,
    /// What the corner's duel box and the strategy add to the cards.
    modifiers: i8,
}

#[derive(Serialize)]
struct DuelCard {
    card: Option<Named<CardId>>,
    mp: i8,
}

/// A step as written: its kind, the car it is about, its fields (`F` lists each shape once).
#[derive(Serialize)]
struct Step {
    kind: &'static str,
    #[serde(flatten)]
    who: Option<Who>,
    #[serde(flatten)]
    fields: F,
}

/// The fields of a step, by shape; several kinds share one.
#[derive(Serialize)]
#[serde(untagged)]
enum F {
    Empty {},
    Card {
        card: Option<Named<CardId>>,
    },
    Qualify {
        card: Option<Named<CardId>>,
        fuel: u8,
        value: i8,
    },
    RobotChit {
        qualifying: i8,
        cf: u8,
        pit_turn: u8,
    },
    Slot {
        slot: u16,
    },
    Grid {
        slot: u16,
        value: i8,
    },
    Strategy {
        strategy: Named<String>,
    },
    Skill {
        skill: Named<String>,
    },
    Tyres {
        new: bool,
        tyre: &'static str,
    },
    Weather {
        card: Option<Named<CardId>>,
        space: u16,
        sky: &'static str,
    },
    Tyre {
        tyre: &'static str,
    },
    WeatherMove {
        from: u16,
        to: u16,
        sky: &'static str,
    },
    TyreLoss {
        tyre: &'static str,
        sky: &'static str,
        mp: u8,
    },
    Flag {
        flag: &'static str,
    },
    Yellow {
        section: Sec,
        behind: u8,
    },
    Section {
        section: Option<Sec>,
    },
    Orange {
        robot: Named<u8>,
        force: bool,
    },
    ExtremePassed {
        bonus: u8,
        power: Option<Named<CardId>>,
    },
    Turn {
        turn: u8,
        race_stage: bool,
    },
    Pit {
        from: Sec,
        to: Sec,
        extra: u8,
        fuel: u8,
    },
    Play {
        cards: Vec<Named<CardId>>,
        trajectory: bool,
    },
    Wear {
        brown: bool,
    },
    Check {
        why: &'static str,
        card: Option<Named<CardId>>,
        target: i16,
        pass: bool,
    },
    Movement {
        mp: i8,
    },
    Pass {
        other: Named<u8>,
        relation: &'static str,
        cost: u8,
    },
    Blocked {
        by: Named<u8>,
        lost: i8,
    },
    Recovery {
        tyres: u8,
        wear: u8,
        discard: u8,
        time_loss: u8,
        forced_pit: bool,
        abandon: bool,
    },
    Spot {
        spot: u16,
    },
    BonusMp {
        bonus: &'static str,
        mp: u8,
    },
    BonusFuel {
        bonus: &'static str,
        fuel: u8,
    },
    Bonus {
        bonus: &'static str,
    },
    Setup {
        tyres: u8,
        hand: u8,
        wear_slots: u8,
    },
    New {
        new: bool,
    },
    SixthSense {
        flag: &'static str,
        left: u8,
    },
    Chased {
        chased: Option<Named<u8>>,
    },
    ChaseTake {
        from: Named<u8>,
        card: Option<Named<CardId>>,
    },
    Why {
        why: &'static str,
    },
    Join {
        join: bool,
    },
    Duel {
        section: Sec,
        result: Vec<Duelist>,
    },
    Deck {
        deck: &'static str,
    },
}

impl Event {
    /// The event as `seat` may see it (`None`: a spectator): its `kind`, the car it is about
    /// (`car`: `{id, name}`, and `seat` when a player drives it), its fields. What the seat may
    /// not see (another seat's draw) is left out of it.
    pub fn to_json(&self, race: &RaceDef, seat: Option<usize>) -> Option<Value> {
        let r = Refs { race, seat };
        let (kind, car, fields) = self
            .race_fields(&r)
            .or_else(|| self.turn_fields(&r))
            .or_else(|| self.other_fields(&r))?;
        let who = car.map(|c| Who {
            car: r.car_ref(c),
            seat: (usize::from(c) < race.humans()).then_some(c),
        });
        serde_json::to_value(Step { kind, who, fields }).ok()
    }

    /// The race before its turns: qualifying, the grid, strategies, tyres, weather, flags and
    /// Extreme Trajectories.
    fn race_fields(&self, r: &Refs<'_>) -> Option<Parts> {
        Some(match *self {
            Event::Qualifying => ("qualifying", None, F::Empty {}),
            Event::Draw { car, card: id } => (
                "draw",
                Some(car),
                F::Card {
                    card: if r.own(car) { r.card(id) } else { None },
                },
            ),
            Event::QualifyReveal {
                car,
                card: id,
                fuel,
                value,
            } => (
                "qualify",
                Some(car),
                F::Qualify {
                    card: r.card(id),
                    fuel,
                    value,
                },
            ),
            Event::RobotChit { car, chit } => {
                let c = r.race.content.robots.chits[usize::from(chit)];
                (
                    "robot_chit",
                    Some(car),
                    F::RobotChit {
                        qualifying: c.qualifying,
                        cf: c.cf,
                        pit_turn: c.pit_turn,
                    },
                )
            }
            Event::TieBreak { car, slot } => ("tie_break", Some(car), F::Slot { slot: one(slot) }),
            Event::Grid { car, slot, value } => (
                "grid",
                Some(car),
                F::Grid {
                    slot: one(slot),
                    value,
                },
            ),
            Event::Strategy { car, strategy } => (
                "strategy",
                Some(car),
                F::Strategy {
                    strategy: named(strategy.name()),
                },
            ),
            Event::Tyres { car, new, tyre } => (
                "tyres",
                Some(car),
                F::Tyres {
                    new,
                    tyre: tyre.name(),
                },
            ),
            Event::Weather {
                card: id,
                space,
                sky,
            } => (
                "weather",
                None,
                F::Weather {
                    card: r.card(id),
                    space: one(space),
                    sky: sky.name(),
                },
            ),
            Event::RobotTyres { tyre } => ("robot_tyres", None, F::Tyre { tyre: tyre.name() }),
            Event::WeatherMove { car, from, to, sky } => (
                "weather_move",
                Some(car),
                F::WeatherMove {
                    from: one(from),
                    to: one(to),
                    sky: sky.name(),
                },
            ),
            Event::RobotsWeatherPit { tyre } => {
                ("robots_weather_pit", None, F::Tyre { tyre: tyre.name() })
            }
            Event::TyreLoss { car, tyre, sky, mp } => (
                "tyre_loss",
                Some(car),
                F::TyreLoss {
                    tyre: tyre.name(),
                    sky: sky.name(),
                    mp,
                },
            ),
            Event::BlueToken { car } => ("blue_token", Some(car), F::Empty {}),
            Event::FlagTaken { car, flag } => ("flag", Some(car), F::Flag { flag: flag.name() }),
            Event::YellowPlaced {
                car,
                section,
                behind,
            } => (
                "yellow_flag",
                Some(car),
                F::Yellow {
                    section: r.sec(section),
                    behind,
                },
            ),
            Event::YellowRemoved { car, section } => ("yellow_removed", car, r.section(section)),
            Event::YellowPassed { car, section } => {
                ("yellow_passed", Some(car), r.section(section))
            }
            Event::OrangeForces { car, robot, force } => (
                "orange_flag",
                Some(car),
                F::Orange {
                    robot: r.car_ref(robot),
                    force,
                },
            ),
            Event::OrangeExtreme { car, robot, force } => (
                "orange_flag_extreme",
                Some(car),
                F::Orange {
                    robot: r.car_ref(robot),
                    force,
                },
            ),
            Event::CornerPass { car, corner } => ("corner_pass", Some(car), r.corner(corner)),
            Event::TakeExtreme { car } => ("take_extreme", Some(car), F::Empty {}),
            Event::ExtremeTry { car } => ("extreme_try", Some(car), F::Empty {}),
            Event::ExtremePassed { car, bonus, power } => (
                "extreme_passed",
                Some(car),
                F::ExtremePassed {
                    bonus,
                    power: r.card(power),
                },
            ),
            Event::ExtremeLost { car, section } => ("extreme_lost", Some(car), r.section(section)),
            _ => return None,
        })
    }

    /// A car's individual turn: declaring, pit stops, card plays, checks, movement and passes.
    fn turn_fields(&self, r: &Refs<'_>) -> Option<Parts> {
        Some(match *self {
            Event::TurnStart { turn, stage } => (
                "turn",
                None,
                F::Turn {
                    turn,
                    race_stage: stage,
                },
            ),
            Event::RobotMustPit { car } => ("robot_pit_due", Some(car), F::Empty {}),
            Event::Plays { car } => ("plays", Some(car), F::Empty {}),
            Event::Skip { car } => ("skip", Some(car), F::Empty {}),
            Event::Pit {
                car,
                from,
                to,
                extra,
                fuel,
            } => (
                "pit",
                Some(car),
                F::Pit {
                    from: r.sec(from),
                    to: r.sec(to),
                    extra,
                    fuel,
                },
            ),
            Event::Discard { car, card: id } => {
                ("discard", Some(car), F::Card { card: r.card(id) })
            }
            Event::Play {
                car,
                cards,
                trajectory,
            } => {
                let laid = cards.iter().filter_map(|&c| r.card(c)).collect();
                (
                    "play",
                    Some(car),
                    F::Play {
                        cards: laid,
                        trajectory,
                    },
                )
            }
            Event::PayToken { car } => ("pay_token", Some(car), F::Empty {}),
            Event::PayCard { car, card: id } => {
                ("pay_card", Some(car), F::Card { card: r.card(id) })
            }
            Event::Wear { car, brown } => ("wear", Some(car), F::Wear { brown }),
            Event::Check {
                car,
                why,
                card: id,
                target,
                pass,
            } => (
                "check",
                Some(car),
                F::Check {
                    why: check_code(why),
                    card: r.card(id),
                    target,
                    pass,
                },
            ),
            Event::Movement { car, mp } => ("movement", Some(car), F::Movement { mp }),
            Event::Enter { car, section } => ("enter", Some(car), r.section(section)),
            Event::Pass {
                car,
                other,
                relation,
                cost,
            } => (
                "pass",
                Some(car),
                F::Pass {
                    other: r.car_ref(other),
                    relation: relation_code(relation),
                    cost,
                },
            ),
            Event::Blocked { car, by, left } => (
                "blocked",
                Some(car),
                F::Blocked {
                    by: r.car_ref(by),
                    lost: left,
                },
            ),
            Event::LateBrakeTry { car } => ("late_brake", Some(car), F::Empty {}),
            Event::OffTrack { car, section } => ("off_track", Some(car), r.section(section)),
            Event::Recovery { car, outcome: o } => (
                "recovery",
                Some(car),
                F::Recovery {
                    tyres: o.tyres,
                    wear: o.wear,
                    discard: o.discard,
                    time_loss: o.time_loss,
                    forced_pit: o.forced_pit,
                    abandon: o.abandon,
                },
            ),
            Event::ReentryPoint { car, section } => {
                ("reentry_point", Some(car), r.section(section))
            }
            Event::Reenter { car, section } => ("reenter", Some(car), r.section(section)),
            Event::TakeTrajectory { car, spot } => {
                ("trajectory", Some(car), F::Spot { spot: one(spot) })
            }
            _ => return None,
        })
    }

    /// Strategies' and skills' effects, retirements, duels, decks and the Safety Car.
    fn other_fields(&self, r: &Refs<'_>) -> Option<Parts> {
        Some(match *self {
            Event::Special { car, strategy } => (
                "special",
                Some(car),
                F::Strategy {
                    strategy: named(strategy.name()),
                },
            ),
            Event::Bonus { car, bonus } => ("bonus", Some(car), bonus_fields(bonus)),
            Event::Skill { car, skill } => (
                "skill",
                Some(car),
                F::Skill {
                    skill: named(skill.name()),
                },
            ),
            Event::Setup { car, chart } => (
                "setup",
                Some(car),
                F::Setup {
                    tyres: chart.tyres,
                    hand: chart.hand,
                    wear_slots: chart.wear_slots,
                },
            ),
            Event::SpareCar { car, new } => ("spare_car", Some(car), F::New { new }),
            Event::SixthSense { car, flag, left } => (
                "sixth_sense",
                Some(car),
                F::SixthSense {
                    flag: flag.name(),
                    left,
                },
            ),
            Event::SkillUsed { car, skill } => (
                "skill_used",
                Some(car),
                F::Skill {
                    skill: named(skill.name()),
                },
            ),
            Event::Chased { car, chased } => {
                let on = usize::from(chased) < r.race.names.len();
                (
                    "chased",
                    Some(car),
                    F::Chased {
                        chased: on.then(|| r.car_ref(chased)),
                    },
                )
            }
            Event::ChaseTake {
                car,
                from,
                card: id,
            } => (
                "chase_take",
                Some(car),
                F::ChaseTake {
                    from: r.car_ref(from),
                    card: r.card(id),
                },
            ),
            Event::Retired { car, why } => ("retired", Some(car), F::Why { why: why.code() }),
            Event::DuelCalled { section } => ("duel_called", None, r.section(section)),
            Event::NoDuel { section } => ("no_duel", None, r.section(section)),
            Event::Challenge { car } => ("challenge", Some(car), F::Empty {}),
            Event::Join { car, join } => ("join", Some(car), F::Join { join }),
            Event::DuelSealed { car } => ("duel_cards", Some(car), F::Empty {}),
            Event::DuelReveal {
                section,
                result,
                cards,
            } => (
                "duel",
                None,
                F::Duel {
                    section: r.sec(section),
                    result: r.duelists(section, &result, &cards),
                },
            ),
            Event::Reshuffle { track } => (
                "reshuffle",
                None,
                F::Deck {
                    deck: if track { "track" } else { "race" },
                },
            ),
            Event::SafetyCarOut { car } => ("safety_car_out", Some(car), F::Empty {}),
            Event::SafetyCarLine { section } => ("safety_car_line", None, r.section(section)),
            Event::SafetyCarMoves { section } => ("safety_car_moves", None, r.section(section)),
            Event::SafetyCarFollows { car } => ("safety_car_follows", Some(car), F::Empty {}),
            Event::SafetyCarIn => ("safety_car_in", None, F::Empty {}),
            Event::RaceEnd => ("race_end", None, F::Empty {}),
            _ => return None,
        })
    }
}

fn bonus_fields(bonus: Bonus) -> F {
    match bonus {
        Bonus::ChaseMp => F::BonusMp {
            bonus: "chase_mp",
            mp: 1,
        },
        Bonus::SaveFuelTrade => F::Bonus {
            bonus: "save_fuel_trade",
        },
        Bonus::SaveFuel(t) => F::BonusFuel {
            bonus: "save_fuel",
            fuel: t,
        },
        Bonus::PushFuel(t) => F::BonusFuel {
            bonus: "push_fuel",
            fuel: t,
        },
        Bonus::HazardMp(mp) => F::BonusMp {
            bonus: "hazard_mp",
            mp,
        },
        Bonus::HazardLateBrake => F::Bonus {
            bonus: "hazard_late_brake",
        },
    }
}

/// A 0-based place counted from 1.
fn one(i: u8) -> u16 {
    u16::from(i) + 1
}

/// A step's kind, the car it is about, its fields.
type Parts = (&'static str, Option<u8>, F);

/// How a step names what it refers to, for one reader (`seat`; `None`: a spectator).
struct Refs<'a> {
    race: &'a RaceDef,
    seat: Option<usize>,
}

impl Refs<'_> {
    fn car_ref(&self, c: u8) -> Named<u8> {
        Named {
            id: c,
            name: self.race.names[usize::from(c)].clone(),
        }
    }

    fn card(&self, id: CardId) -> Option<Named<CardId>> {
        (id != NO_CARD).then(|| Named {
            id,
            name: self.race.card_name(id),
        })
    }

    /// Whether `c` is the reader's own car.
    fn own(&self, c: u8) -> bool {
        self.seat == Some(usize::from(c)) && usize::from(c) < self.race.humans()
    }

    fn sec(&self, s: u8) -> Sec {
        Sec {
            number: one(s),
            kind: self.race.track().sections[usize::from(s)].kind.name(),
            name: self.race.track().section_own_name(s).map(String::from),
        }
    }

    /// The section of corner `corner` (`null` on a track without it).
    fn corner(&self, corner: u8) -> F {
        let sections = &self.race.track().sections;
        let at = sections.iter().position(|s| s.corner == corner);
        F::Section {
            section: at.map(|s| self.sec(s as u8)),
        }
    }

    fn section(&self, s: u8) -> F {
        F::Section {
            section: Some(self.sec(s)),
        }
    }

    /// A duel's participants by total (`u8::MAX` past the last), with the cards each laid.
    fn duelists(
        &self,
        section: u8,
        result: &[(u8, i8); MAX_CARS],
        cards: &[[CardId; 2]; MAX_CARS],
    ) -> Vec<Duelist> {
        result
            .iter()
            .zip(cards.iter())
            .filter(|(p, _)| p.0 != u8::MAX)
            .map(|(&(c, total), laid)| {
                let cards: Vec<DuelCard> = laid
                    .iter()
                    .filter(|&&id| id != NO_CARD)
                    .map(|&id| DuelCard {
                        card: self.card(id),
                        mp: self.race.duel_points(section, id),
                    })
                    .collect();
                let counted: i8 = cards.iter().map(|l| l.mp).sum();
                Duelist {
                    car: self.car_ref(c),
                    total,
                    cards,
                    modifiers: total - counted,
                }
            })
            .collect()
    }
}
