//! The race log: what happened and why, as typed events. A seat's log hides what it may not
//! see: other players' draws and sealed cards until they are revealed.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::car::NO_CARD;
use super::cards::CardId;
use super::cards::Flag;
use super::options::MAX_CARS;
use super::race::RaceDef;
use super::rules::{Relation, Strategy};
use super::state::Check;
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

impl Retire {
    pub fn text(self) -> &'static str {
        match self {
            Retire::Wear => "no wear slot left for a wear token",
            Retire::Tyres => "not enough tyre tokens to pay",
            Retire::Cards => "not enough cards to discard",
            Retire::CrashOut => "crashed out and did not regain control",
            Retire::Fuel => "out of fuel",
        }
    }
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

fn relation_name(r: Relation) -> &'static str {
    match r {
        Relation::Overtake => "overtakes",
        Relation::Lap => "laps",
        Relation::Unlap => "gets a lap back on",
    }
}

fn check_name(why: Check) -> &'static str {
    match why {
        Check::Card(_) => "card check",
        Check::Leader => "leader check",
        Check::LateBrake => "late brake",
        Check::Recovery(_) => "recovery",
        Check::Extreme => "Extreme Trajectory test",
    }
}

impl Event {
    /// The event as `seat` may see it (`None`: a spectator); `None` when it must stay hidden.
    pub fn to_json(&self, race: &RaceDef, seat: Option<usize>) -> Option<Value> {
        let name = |c: u8| race.names[usize::from(c)].clone();
        let card = |id: CardId| {
            if id == NO_CARD {
                Value::Null
            } else {
                Value::from(race.card_name(id))
            }
        };
        let own = |c: u8| seat == Some(usize::from(c)) && usize::from(c) < race.humans();
        let sec = |s: u8| race.track().section_name(s);
        Some(match *self {
            Event::Qualifying => {
                json!({"event": "qualifying", "text": "Qualifying: each player lays a card and a refuel chit face down"})
            }
            Event::Draw { car, card: id } => {
                let text = if own(car) {
                    format!("{} draws {}", name(car), race.card_name(id))
                } else {
                    format!("{} draws a card", name(car))
                };
                json!({"event": "draw", "car": name(car), "card": if own(car) { card(id) } else { Value::Null }, "text": text})
            }
            Event::QualifyReveal {
                car,
                card: id,
                fuel,
                value,
            } => {
                json!({"event": "qualify", "car": name(car), "card": card(id), "fuel": fuel, "value": value,
                "text": format!("{} qualifies with {} and fuel to turn {fuel}: {value}", name(car), race.card_name(id))})
            }
            Event::RobotChit { car, chit } => {
                let c = race.content.robots.chits[usize::from(chit)];
                json!({"event": "robot_chit", "car": name(car), "qualifying": c.qualifying, "cf": c.cf, "pit_turn": c.pit_turn,
                    "text": format!("{} draws a refuel chit: qualifying {} ({}), pit at turn {}", name(car), c.qualifying, c.cf, c.pit_turn)})
            }
            Event::TieBreak { car, slot } => {
                json!({"event": "tie_break", "car": name(car), "text": format!("{} wins the draw for grid slot {}", name(car), slot + 1)})
            }
            Event::Grid { car, slot, value } => {
                json!({"event": "grid", "car": name(car), "slot": slot + 1, "value": value,
                "text": format!("{}: grid slot {} (qualifying {value})", name(car), slot + 1)})
            }
            Event::Strategy { car, strategy } => {
                json!({"event": "strategy", "car": name(car), "strategy": strategy.name(),
                "text": format!("{} runs the {} strategy", name(car), strategy.name())})
            }
            Event::Tyres { car, new, tyre } => {
                json!({"event": "tyres", "car": name(car), "new": new, "tyre": tyre.name(),
                "text": if new { format!("{} fits {} tyres", name(car), tyre.name()) } else { format!("{} keeps its {} tyres", name(car), tyre.name()) }})
            }
            Event::Weather {
                card: id,
                space,
                sky,
            } => {
                json!({"event": "weather", "card": card(id), "space": space + 1, "sky": sky.name(),
                "text": format!("Weather card {}: the weather pawn on space {} ({})", race.card_name(id), space + 1, sky.name())})
            }
            Event::RobotTyres { tyre } => json!({"event": "robot_tyres", "tyre": tyre.name(),
                "text": format!("The robots fit {} tyres", tyre.name())}),
            Event::WeatherMove { car, from, to, sky } => {
                json!({"event": "weather_move", "car": name(car), "from": from + 1, "to": to + 1, "sky": sky.name(),
                "text": format!("{} moves the weather pawn from space {} to {} ({})", name(car), from + 1, to + 1, sky.name())})
            }
            Event::RobotsWeatherPit { tyre } => {
                json!({"event": "robots_weather_pit", "tyre": tyre.name(),
                "text": format!("Every robot pits for {} tyres (their refuel stop)", tyre.name())})
            }
            Event::TyreLoss { car, tyre, sky, mp } => {
                json!({"event": "tyre_loss", "car": name(car), "tyre": tyre.name(), "sky": sky.name(), "mp": mp,
                "text": format!("{} loses {mp} MP on {} tyres in the {}", name(car), tyre.name(), sky.name())})
            }
            Event::BlueToken { car } => json!({"event": "blue_token", "car": name(car),
                "text": format!("{} uses a blue token: +1 MP", name(car))}),
            Event::FlagTaken { car, flag } => {
                json!({"event": "flag", "car": name(car), "flag": flag.name(),
                "text": format!("{} takes the {} flag until the next Race Stage", name(car), flag.name())})
            }
            Event::YellowPlaced {
                car,
                section,
                behind,
            } => {
                json!({"event": "yellow_flag", "car": name(car), "section": section + 1, "behind": behind,
                "text": format!("{} puts a yellow flag in {} behind {behind} car{}", name(car), sec(section), if behind == 1 { "" } else { "s" })})
            }
            Event::YellowRemoved { car, section } => {
                json!({"event": "yellow_removed", "car": car.map(name), "section": section + 1,
                "text": match car {
                    Some(c) => format!("{} waves a green flag: the yellow in {} is removed", name(c), sec(section)),
                    None => format!("The Leader is past the yellow flag in {}: it is removed", sec(section)),
                }})
            }
            Event::YellowPassed { car, section } => {
                json!({"event": "yellow_passed", "car": name(car), "section": section + 1,
                "text": format!("{} gets past the yellow flag in {} (1 MP)", name(car), sec(section))})
            }
            Event::OrangeForces { car, robot, force } => {
                json!({"event": "orange_flag", "car": name(car), "robot": name(robot), "force": force,
                "text": if force { format!("{} (orange flag) forces {} to late-brake", name(car), name(robot)) } else { format!("{} (orange flag) lets {} drive on", name(car), name(robot)) }})
            }
            Event::OrangeExtreme { car, robot, force } => {
                json!({"event": "orange_flag_extreme", "car": name(car), "robot": name(robot), "force": force,
                "text": if force { format!("{} (orange flag) puts {} on the Extreme Trajectory", name(car), name(robot)) } else { format!("{} (orange flag) leaves {} off the Extreme Trajectory", name(car), name(robot)) }})
            }
            Event::CornerPass { car, corner } => {
                let cname = race
                    .track()
                    .sections
                    .iter()
                    .find(|s| s.corner == corner)
                    .map_or_else(String::new, |s| s.name.clone());
                json!({"event": "corner_pass", "car": name(car), "corner": corner,
                "text": format!("{} uses the \"-1\" icon in {cname}: passes there as on a straight", name(car))})
            }
            Event::TakeExtreme { car } => {
                json!({"event": "take_extreme", "car": name(car),
                "text": format!("{} takes the Extreme Trajectory", name(car))})
            }
            Event::ExtremeTry { car } => {
                json!({"event": "extreme_try", "car": name(car),
                "text": format!("{} attempts the Extreme Trajectory", name(car))})
            }
            Event::ExtremePassed { car, bonus, power } => {
                let how = if power != NO_CARD {
                    format!(" (discards {} for its power)", race.card_name(power))
                } else {
                    String::new()
                };
                json!({"event": "extreme_passed", "car": name(car), "bonus": bonus, "power": card(power),
                "text": format!("{} makes the Extreme Trajectory{how}: +{bonus} MP", name(car))})
            }
            Event::ExtremeLost { car, section } => {
                json!({"event": "extreme_lost", "car": name(car), "section": section + 1,
                "text": format!("{} loses control on the Extreme Trajectory in {}", name(car), sec(section))})
            }
            Event::TurnStart { turn, stage } => {
                json!({"event": "turn", "turn": turn, "race_stage": stage,
                "text": if stage { format!("Turn {turn}: a new Race Stage") } else { format!("Turn {turn}") }})
            }
            Event::RobotMustPit { car } => {
                json!({"event": "robot_pit_due", "car": name(car), "text": format!("{} must pit this turn", name(car))})
            }
            Event::Plays { car } => {
                json!({"event": "plays", "car": name(car), "text": format!("{} plays", name(car))})
            }
            Event::Skip { car } => {
                json!({"event": "skip", "car": name(car), "text": format!("{} skips its turn", name(car))})
            }
            Event::Pit {
                car,
                from,
                to,
                extra,
                fuel,
            } => {
                json!({"event": "pit", "car": name(car), "from": sec(from), "to": sec(to), "extra": extra, "fuel": fuel,
                "text": if fuel == 0 {
                    format!("{} pits: from {} back to {}", name(car), sec(from), sec(to))
                } else {
                    format!("{} pits: from {} back to {}, fuel to turn {fuel}", name(car), sec(from), sec(to))
                }})
            }
            Event::Discard { car, card: id } => {
                json!({"event": "discard", "car": name(car), "card": card(id), "text": format!("{} discards {}", name(car), race.card_name(id))})
            }
            Event::Play {
                car,
                cards,
                trajectory,
            } => {
                let names: Vec<String> = cards
                    .iter()
                    .filter(|&&c| c != NO_CARD)
                    .map(|&c| race.card_name(c))
                    .collect();
                json!({"event": "play", "car": name(car), "cards": names, "trajectory": trajectory,
                    "text": format!("{} plays {}{}", name(car), if names.is_empty() { String::from("no card") } else { names.join(" + ") },
                        if trajectory { " on its trajectory" } else { "" })})
            }
            Event::PayToken { car } => {
                json!({"event": "pay_token", "car": name(car), "text": format!("{} pays a tyre token", name(car))})
            }
            Event::PayCard { car, card: id } => {
                json!({"event": "pay_card", "car": name(car), "card": card(id), "text": format!("{} pays a tyre with {}", name(car), race.card_name(id))})
            }
            Event::Wear { car, brown } => json!({"event": "wear", "car": name(car), "brown": brown,
                "text": format!("{} takes a {} wear token", name(car), if brown { "brown (permanent)" } else { "red" })}),
            Event::Check {
                car,
                why,
                card: id,
                target,
                pass,
            } => {
                json!({"event": "check", "car": name(car), "why": check_name(why), "card": card(id), "target": target, "pass": pass,
                "text": format!("{} {}: {} against {target}: {}", name(car), check_name(why),
                    if id == NO_CARD { String::from("no card to draw") } else { race.card_name(id) }, if pass { "passed" } else { "failed" })})
            }
            Event::Movement { car, mp } => {
                json!({"event": "movement", "car": name(car), "mp": mp, "text": format!("{} has {mp} MP", name(car))})
            }
            Event::Enter { car, section } => {
                json!({"event": "enter", "car": name(car), "section": section + 1, "text": format!("{} enters {}", name(car), sec(section))})
            }
            Event::Pass {
                car,
                other,
                relation,
                cost,
            } => {
                json!({"event": "pass", "car": name(car), "other": name(other), "relation": relation_name(relation), "cost": cost,
                "text": format!("{} {} {} ({cost} MP)", name(car), relation_name(relation), name(other))})
            }
            Event::Blocked { car, by, left } => {
                json!({"event": "blocked", "car": name(car), "by": name(by), "lost": left,
                "text": format!("{} stops behind {}, losing {left} MP", name(car), name(by))})
            }
            Event::LateBrakeTry { car } => {
                json!({"event": "late_brake", "car": name(car), "text": format!("{} tries a late brake", name(car))})
            }
            Event::OffTrack { car, section } => {
                json!({"event": "off_track", "car": name(car), "section": section + 1, "text": format!("{} goes off the track at {}", name(car), sec(section))})
            }
            Event::Recovery { car, outcome: o } => {
                json!({"event": "recovery", "car": name(car), "tyres": o.tyres, "wear": o.wear, "discard": o.discard,
                "time_loss": o.time_loss, "forced_pit": o.forced_pit, "abandon": o.abandon,
                "text": format!("{} recovery: {} tyres, {} wear, {} cards, -{} MP next turn{}{}", name(car), o.tyres, o.wear, o.discard, o.time_loss,
                    if o.forced_pit { ", forced to pit" } else { "" }, if o.abandon { ", out of the race" } else { "" })})
            }
            Event::ReentryPoint { car, section } => {
                json!({"event": "reentry_point", "car": name(car), "section": section + 1,
                "text": format!("{} waits to re-enter at {}", name(car), sec(section))})
            }
            Event::Reenter { car, section } => {
                json!({"event": "reenter", "car": name(car), "section": section + 1, "text": format!("{} re-enters at {}", name(car), sec(section))})
            }
            Event::TakeTrajectory { car, spot } => {
                json!({"event": "trajectory", "car": name(car), "spot": spot + 1, "text": format!("{} takes trajectory {}", name(car), spot + 1)})
            }
            Event::Special { car, strategy } => {
                json!({"event": "special", "car": name(car), "strategy": strategy.name(),
                "text": format!("{}: {} Special, a Track Card", name(car), strategy.name())})
            }
            Event::Bonus { car, bonus } => {
                let text = match bonus {
                    Bonus::ChaseMp => format!(
                        "{}: Chase, nothing to take from the chased car: +1 MP",
                        name(car)
                    ),
                    Bonus::SaveFuelTrade => format!(
                        "{}: Save Fuel, a card over [2] for two Race Cards",
                        name(car)
                    ),
                    Bonus::SaveFuel(t) => format!(
                        "{}: Save Fuel, moved with cards of [2] or less: fuel to turn {t}",
                        name(car)
                    ),
                    Bonus::PushFuel(t) => format!(
                        "{}: Push, a [2] paired higher: fuel back to turn {t}",
                        name(car)
                    ),
                    Bonus::HazardMp(mp) => {
                        format!("{}: Hazard, +{mp} MP for blind draws and wear", name(car))
                    }
                    Bonus::HazardLateBrake => {
                        format!("{}: Hazard, the late brake gains two sections", name(car))
                    }
                };
                json!({"event": "bonus", "car": name(car), "text": text})
            }
            Event::Skill { car, skill } => {
                json!({"event": "skill", "car": name(car), "skill": skill.name(),
                "text": format!("{} has the {} skill", name(car), skill.name())})
            }
            Event::Setup { car, chart } => {
                json!({"event": "setup", "car": name(car), "tyres": chart.tyres, "hand": chart.hand, "wear_slots": chart.wear_slots,
                "text": format!("{} sets up the car: {} tyre tokens, {} cards, {} wear slots", name(car), chart.tyres, chart.hand, chart.wear_slots)})
            }
            Event::SpareCar { car, new } => {
                json!({"event": "spare_car", "car": name(car), "new": new,
                "text": if new { format!("{} takes the spare car: a new hand", name(car)) } else { format!("{} keeps its hand", name(car)) }})
            }
            Event::SixthSense { car, flag, left } => {
                json!({"event": "sixth_sense", "car": name(car), "flag": flag.name(), "left": left,
                "text": format!("{} (Sixth Sense) uses the {} flag token, resolved in phase D.4 as if on a card; {left} left", name(car), flag.name())})
            }
            Event::SkillUsed { car, skill } => {
                let what = match skill {
                    super::rules::Skill::Versatility => "changes strategy",
                    super::rules::Skill::WiseDriving => "discards and draws new cards",
                    super::rules::Skill::Tuning => "repairs a permanent wear token at the pit",
                    _ => "uses the skill",
                };
                json!({"event": "skill_used", "car": name(car), "skill": skill.name(),
                "text": format!("{} ({}) {what}", name(car), skill.name())})
            }
            Event::Chased { car, chased } => {
                let text = if usize::from(chased) < race.names.len() {
                    format!("{} chases {}", name(car), name(chased))
                } else {
                    format!("{}'s Chased chit comes off", name(car))
                };
                json!({"event": "chased", "car": name(car),
                    "chased": if usize::from(chased) < race.names.len() { Value::from(name(chased)) } else { Value::Null },
                    "text": text})
            }
            Event::ChaseTake {
                car,
                from,
                card: id,
            } => {
                json!({"event": "chase_take", "car": name(car), "from": name(from), "card": card(id),
                "text": format!("{} takes {} from {}'s cards (Chase)", name(car), race.card_name(id), name(from))})
            }
            Event::Retired { car, why } => {
                json!({"event": "retired", "car": name(car), "why": why.text(), "text": format!("{} retires: {}", name(car), why.text())})
            }
            Event::DuelCalled { section } => {
                json!({"event": "duel_called", "section": section + 1, "text": format!("{} is activated: duels may start", sec(section))})
            }
            Event::NoDuel { section } => {
                json!({"event": "no_duel", "section": section + 1, "text": format!("No duel at {}", sec(section))})
            }
            Event::Challenge { car } => {
                json!({"event": "challenge", "car": name(car), "text": format!("{} starts a duel", name(car))})
            }
            Event::Join { car, join } => json!({"event": "join", "car": name(car), "join": join,
                "text": format!("{} {} the duel", name(car), if join { "joins" } else { "declines" })}),
            Event::DuelSealed { car } => {
                json!({"event": "duel_cards", "car": name(car), "text": format!("{} lays its duel cards face down", name(car))})
            }
            Event::DuelReveal {
                section,
                result,
                cards,
            } => {
                let shown = || {
                    result
                        .iter()
                        .zip(cards.iter())
                        .filter(|(r, _)| r.0 != u8::MAX)
                        .map(|(&(c, total), laid)| {
                            let laid: Vec<CardId> =
                                laid.iter().copied().filter(|&id| id != NO_CARD).collect();
                            (c, total, laid)
                        })
                };
                let points = |id: CardId| super::duel::duel_points(race, section, id);
                let list: Vec<Value> = shown()
                    .map(|(c, total, laid)| {
                        let names: Vec<String> =
                            laid.iter().map(|&id| race.card_name(id)).collect();
                        let mp: Vec<i8> = laid.iter().map(|&id| points(id)).collect();
                        json!({"car": name(c), "total": total, "cards": names, "points": mp})
                    })
                    .collect();
                // "Orange 6 = 97 (4 MP) + 98 (4 MP), modifiers -2": each card and what it
                // counts, then what the corner's duel box and the strategy add.
                let text: Vec<String> = shown()
                    .map(|(c, total, laid)| {
                        let mut sum: Vec<String> = laid
                            .iter()
                            .map(|&id| format!("{} ({} MP)", race.card_name(id), points(id)))
                            .collect();
                        if sum.is_empty() {
                            sum.push(String::from("no card"));
                        }
                        let rest = total - laid.iter().map(|&id| points(id)).sum::<i8>();
                        let rest = match rest {
                            0 => String::new(),
                            r => format!(", modifiers {r:+}"),
                        };
                        format!("{} {total} = {}{rest}", name(c), sum.join(" + "))
                    })
                    .collect();
                json!({"event": "duel", "section": section + 1, "result": list, "text": format!("Duel at {}: {}", sec(section), text.join(", "))})
            }
            Event::Reshuffle { track } => json!({"event": "reshuffle", "track": track,
                "text": if track { "The Track deck is reshuffled" } else { "The Race deck is reshuffled" }}),
            Event::SafetyCarOut { car } => json!({"event": "safety_car_out", "car": name(car),
                "text": format!("{} crashed at a Safety Car point: the Safety Car is out; the cars yet to play may pit", name(car))}),
            Event::SafetyCarLine { section } => {
                json!({"event": "safety_car_line", "section": section + 1,
                "text": format!("The field lines up behind the Safety Car in {}, one car a section; lap tokens are gone", sec(section))})
            }
            Event::SafetyCarMoves { section } => {
                json!({"event": "safety_car_moves", "section": section + 1,
                "text": format!("The Safety Car moves to {}", sec(section))})
            }
            Event::SafetyCarFollows { car } => {
                json!({"event": "safety_car_follows", "car": name(car),
                "text": format!("{} follows the Safety Car", name(car))})
            }
            Event::SafetyCarIn => json!({"event": "safety_car_in",
                "text": "The Safety Car goes in: restart (every pass 1 MP, no duels, no trajectories)"}),
            Event::RaceEnd => json!({"event": "race_end", "text": "The race is over"}),
        })
    }
}
