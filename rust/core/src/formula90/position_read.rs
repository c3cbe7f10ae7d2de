//! A position read back into a state, part by part: serde reads the format
//! (`position_format.rs`; a wrong type or a missing field is refused with its path, as
//! `cars.2.tyres: invalid type: ...`), and each part is checked against the race of the base
//! state (names, ranges, the rules) before it is taken. Nothing of the base changes: the state
//! is built on a copy, and returned only when every part and the invariants hold.
use alloc::format;
use alloc::string::String;
use serde_json::Value;

use super::car::{Driver, Status, NO_CARD};
use super::cards::{CardId, CardSet, Test};
use super::options::MAX_CARS;
use super::position::{THENS, WHYS};
use super::position_format::{
    CarPos, CheckPos, DuelPos, FlagsPos, Name, PhasePos, Position, SafetyCarPos, SpotPos, TurnPos,
    WeatherPos,
};
use super::rules::{Skill, Strategy};
use super::state::{Check, Duel, F90State, IndTurn, Phase, Then};
use super::weather::Tyre;
use crate::error::Error;

fn bad(why: impl Into<String>) -> Error {
    Error::replay(format!("position: {}", why.into()))
}

/// The state `v` describes on the game of `base`, or the rule it breaks.
pub fn state_from(base: &F90State, v: &Value) -> Result<F90State, Error> {
    if !v.is_object() {
        return Err(bad("position is not an object"));
    }
    if v.get("game").and_then(Value::as_str) != Some(super::GAME_ID) {
        return Err(bad("game: this position is not of Formula 90"));
    }
    let p: Position = crate::json_at::read(v, "").map_err(bad)?;
    let r = Reader { s: base };
    let mut s = base.clone();
    s.history.clear();
    // Without a history, the log is that of a race at its start, as a replay would give.
    s.events = F90State::new(s.race.clone()).events;
    s.turn = p.turn;
    if s.turn > s.race.turns + 1 {
        return Err(bad(format!(
            "turn {} is past the race's {} turns",
            s.turn, s.race.turns
        )));
    }
    read_cars(&r, &mut s, &p.cars)?;
    read_table(&r, &mut s, &p)?;
    if let Some(f) = &p.flags {
        read_flags(&r, &mut s, f)?;
    }
    if let Some(w) = &p.weather {
        read_weather(&mut s, w)?;
    }
    if let Some(sc) = &p.safety_car {
        read_safety_car(&r, &mut s, sc)?;
    }
    s.it = read_turn(&r, &s, &p.individual_turn)?;
    s.duel = read_duel(&r, &s, &p.duel)?;
    s.phase = r.phase(&p.phase)?;
    // A decision belongs to a player still in the race.
    if let crate::game::Player::Seat(x) = s.current_player() {
        if s.car(x).retired() {
            return Err(bad("phase: a retired car cannot decide"));
        }
    }
    if matches!(s.phase, Phase::Declare { car } | Phase::Play { car } if s.car(car).is_robot()) {
        return Err(bad("phase: robots take no decision"));
    }
    super::invariants::check(&s).map_err(bad)?;
    Ok(s)
}

/// Names read against the race of the base state.
struct Reader<'a> {
    s: &'a F90State,
}

impl Reader<'_> {
    fn car(&self, v: &Name, what: &str) -> Result<u8, Error> {
        let n = v
            .as_deref()
            .ok_or_else(|| bad(format!("{what}: a car's name")))?;
        self.s
            .race
            .names
            .iter()
            .position(|x| x == n)
            .map(|i| i as u8)
            .ok_or_else(|| bad(format!("{what}: no car {n:?} in this race")))
    }

    /// A car, or none for `null` (`none`).
    fn car_or(&self, v: &Name, what: &str, none: u8) -> Result<u8, Error> {
        match v {
            None => Ok(none),
            Some(_) => self.car(v, what),
        }
    }

    fn card(&self, v: &Name, what: &str) -> Result<CardId, Error> {
        let Some(n) = v else { return Ok(NO_CARD) };
        self.s
            .race
            .card_by_name(n)
            .filter(|&id| usize::from(id) < self.s.race.cards.len())
            .ok_or_else(|| bad(format!("{what}: no card {n:?}")))
    }

    fn set(&self, list: &[String], what: &str) -> Result<CardSet, Error> {
        let mut s = CardSet::EMPTY;
        for n in list {
            let id = self.card(&Some(n.clone()), what)?;
            if s.contains(id) {
                return Err(bad(format!("{what}: a card named twice or empty")));
            }
            s.insert(id);
        }
        Ok(s)
    }

    fn then(v: Option<&str>) -> Result<Then, Error> {
        THENS
            .iter()
            .find(|x| v == Some(x.1))
            .map(|x| x.0)
            .ok_or_else(|| bad(format!("phase.then: unknown {v:?}")))
    }

    fn check(v: &Option<CheckPos>, what: &str) -> Result<Check, Error> {
        match v {
            Some(CheckPos::Named(s)) if s == "leader" => Ok(Check::Leader),
            Some(CheckPos::Named(s)) if s == "late brake" => Ok(Check::LateBrake),
            Some(CheckPos::Named(s)) if s == "extreme trajectory" => Ok(Check::Extreme),
            Some(CheckPos::Card { card }) => (1..=2)
                .contains(card)
                .then(|| Check::Card(card - 1))
                .ok_or_else(|| bad(format!("{what}: card 1 or 2"))),
            Some(CheckPos::Recovery { recovery }) => recovery
                .checked_sub(1)
                .map(Check::Recovery)
                .ok_or_else(|| bad(format!("{what}: recovery from 1"))),
            _ => Err(bad(format!("{what}: unknown check"))),
        }
    }

    fn phase(&self, m: &PhasePos) -> Result<Phase, Error> {
        let car = || self.car(m.car.as_ref().unwrap_or(&None), "phase.car");
        let left = || m.left.ok_or_else(|| bad("phase.left: a number in range"));
        let then = || Self::then(m.then.as_deref());
        let check = || Self::check(&m.check, "phase.check");
        Ok(match m.at.as_str() {
            "draw race card" => Phase::DrawRace {
                car: car()?,
                left: left()?,
                then: then()?,
            },
            "draw track card" => Phase::DrawTrack {
                car: car()?,
                then: then()?,
            },
            "blind check" => Phase::Blind {
                car: car()?,
                why: check()?,
            },
            "wear" => Phase::Wear {
                car: car()?,
                left: left()?,
                then: then()?,
            },
            "grid tie" => Phase::GridTie {
                slot: m
                    .slot
                    .ok_or_else(|| bad("phase.slot: a number in range"))?
                    .saturating_sub(1),
            },
            "strategy" => Phase::Strategy {
                car: car()?,
                why: WHYS
                    .iter()
                    .find(|x| m.why.as_deref() == Some(x.1))
                    .map(|x| x.0)
                    .ok_or_else(|| bad("phase.why: pre-race, pit stop or skipped turn"))?,
            },
            "check" => Phase::Check {
                car: car()?,
                why: check()?,
            },
            "trajectory" => Phase::Trajectory {
                car: car()?,
                pit: m.pit.unwrap_or(false),
            },
            "recovery discards" => Phase::RecoveryDiscard {
                car: car()?,
                left: left()?,
            },
            "weather card" => Phase::WeatherCard,
            "robot tyres" => Phase::RobotTyres,
            "over" => Phase::GameOver,
            at => Self::car_phase(at)
                .ok_or_else(|| bad(format!("phase.at: unknown phase {at:?}")))?(
                car()?
            ),
        })
    }

    /// The phases that hold only the car (or seat) they are about, by name.
    fn car_phase(at: &str) -> Option<fn(u8) -> Phase> {
        Some(match at {
            "robot chit" => |car| Phase::RobotChit { car },
            "qualifying card" => |seat| Phase::QualifyCard { seat },
            "refuel chit" => |seat| Phase::QualifyFuel { seat },
            "declare" => |car| Phase::Declare { car },
            "pit discards" => |car| Phase::PitDiscard { car },
            "pit tyres" => |car| Phase::PitTyres { car },
            "Lucky's discard" => |car| Phase::LuckyDiscard { car },
            "draw choice" => |car| Phase::DrawChoice { car },
            "skill" => |seat| Phase::Skill { seat },
            "setup" => |seat| Phase::Setup { seat },
            "spare car" => |seat| Phase::SpareCar { seat },
            "Wise Driving" => |car| Phase::WiseDiscard { car },
            "play" => |car| Phase::Play { car },
            "pay tyres" => |car| Phase::PayTyres { car },
            "pay discards" => |car| Phase::PayDiscard { car },
            "checks" => |car| Phase::Tests { car },
            "late brake" => |car| Phase::LateBrake { car },
            "challenge" => |car| Phase::Challenge { car },
            "join" => |car| Phase::Join { car },
            "duel cards" => |car| Phase::DuelCards { car },
            "tyres" => |car| Phase::StartTyres { car },
            "weather icon" => |car| Phase::WeatherIcon { car },
            "blue token" => |car| Phase::BlueToken { car },
            "yellow flag" => |car| Phase::YellowFlag { car },
            "green flag" => |car| Phase::GreenFlag { car },
            "orange flag" => |car| Phase::OrangeFlag { car },
            "safety car pit" => |car| Phase::SafetyCarPit { car },
            "safety car discard" => |car| Phase::SafetyCarDiscard { car },
            "extreme trajectory" => |car| Phase::Extreme { car },
            "orange flag extreme trajectory" => |car| Phase::OrangeExtreme { car },
            _ => return None,
        })
    }
}

/// Sixth Sense tokens named in a list, as a bit mask (`flags::sixth_bit`).
fn sixth_read(list: Option<&[String]>, what: &str) -> Result<u8, Error> {
    let why = || {
        bad(format!(
            "{what}: a list of yellow, green and blue, each once"
        ))
    };
    let mut mask = 0u8;
    for n in list.unwrap_or_default() {
        let f = super::flags::SIXTH_FLAGS
            .into_iter()
            .find(|f| n == f.name())
            .ok_or_else(why)?;
        let bit = super::flags::sixth_bit(f);
        if mask & bit != 0 {
            return Err(why());
        }
        mask |= bit;
    }
    Ok(mask)
}

/// A number from 1 to `max` (`what` says which), as counted from 0.
fn from_one(k: u8, max: usize, what: &str) -> Result<u8, Error> {
    if k == 0 || usize::from(k) > max {
        return Err(bad(format!("{what}: 1 to {max}")));
    }
    Ok(k - 1)
}

/// The cars of a position, each once.
fn read_cars(r: &Reader<'_>, s: &mut F90State, cars: &[CarPos]) -> Result<(), Error> {
    let n = s.n();
    if cars.len() != n {
        return Err(bad(format!(
            "cars: {} listed, the race has {n}",
            cars.len()
        )));
    }
    let mut seen = [false; MAX_CARS];
    for m in cars {
        let c = r.car(&m.name, "cars[].name")?;
        if seen[usize::from(c)] {
            return Err(bad(format!(
                "cars: {} listed twice",
                s.race.names[usize::from(c)]
            )));
        }
        seen[usize::from(c)] = true;
        let what = format!("cars.{}", s.race.names[usize::from(c)]);
        read_car(r, s, m, c, &what)?;
    }
    Ok(())
}

/// One car of the position's `cars` (`c`, named `what` in the errors): where it is, its
/// status and what every car has; a player's car's hand, tyres and charts in `read_player_car`.
fn read_car(r: &Reader<'_>, s: &mut F90State, m: &CarPos, c: u8, what: &str) -> Result<(), Error> {
    let track_len = s.race.track().len();
    let section = from_one(m.section, track_len, &format!("{what}.section"))?;
    let mut chances = [0u64; 2];
    for (k, list) in m.duel_chances.iter().take(2).enumerate() {
        for &x in list {
            let at = from_one(x, track_len, &format!("{what}.duel_chances"))?;
            chances[k] |= 1 << at;
        }
    }
    let status = match m.status.as_str() {
        "racing" => Status::Racing,
        "off track" => {
            let re = m
                .reentry
                .ok_or_else(|| bad(format!("{what}.reentry: a number in range")))?;
            Status::OffTrack {
                reentry: from_one(re, track_len, &format!("{what}.reentry"))?,
            }
        }
        "retired" => Status::Retired {
            order: m
                .retired_order
                .ok_or_else(|| bad(format!("{what}.retired_order: a number in range")))?,
        },
        _ => return Err(bad(format!("{what}.status: racing, off track or retired"))),
    };
    let trajectory = match &m.trajectory {
        None => None,
        Some(SpotPos::Named(e)) if e == "extreme" => Some(super::extreme::ET_SPOT),
        Some(SpotPos::Spot(t)) if (1..=8).contains(t) => Some(t - 1),
        Some(_) => return Err(bad(format!("{what}.trajectory: a spot from 1"))),
    };
    let frozen = r.set(&m.frozen, &format!("{what}.frozen"))?;
    let car = &mut s.cars[usize::from(c)];
    car.section = section;
    car.lap = m.lap;
    car.status = status;
    car.played = m.played;
    car.moved = m.moved;
    car.no_move = m.no_move;
    car.just_pit = m.just_pit;
    car.duel_chances = chances;
    car.special_taken = m.special_taken;
    car.time_loss = m.time_loss;
    car.forced_pit = m.forced_pit;
    car.must_pit = m.must_pit;
    car.qualifying = m.qualifying;
    car.qualifying_cf = m.qualifying_cf;
    car.trajectory = trajectory;
    car.frozen = frozen;
    if matches!(car.driver, Driver::Robot(_)) {
        car.refuelled = m.refuelled.unwrap_or(false);
        let chits = s.race.content.robots.chits.len();
        s.robot_chit[usize::from(c)] = match m.chit.flatten() {
            None => u8::MAX,
            Some(k) => from_one(k, chits, &format!("{what}.chit"))?,
        };
        Ok(())
    } else {
        read_player_car(r, s, m, c, what)
    }
}

/// A number a player's car must have (`key` of `what`).
fn need<T>(v: Option<T>, what: &str, key: &str) -> Result<T, Error> {
    v.ok_or_else(|| bad(format!("{what}.{key}: a number in range")))
}

/// A player's car: its hand, target, tyres, wear, fuel, strategy, skill and chart.
fn read_player_car(
    r: &Reader<'_>,
    s: &mut F90State,
    m: &CarPos,
    c: u8,
    what: &str,
) -> Result<(), Error> {
    let hand = r.set(
        m.hand.as_deref().unwrap_or_default(),
        &format!("{what}.hand"),
    )?;
    let target = r.card(
        m.target.as_ref().unwrap_or(&None),
        &format!("{what}.target"),
    )?;
    let qualify_card = r.card(
        m.qualify_card.as_ref().unwrap_or(&None),
        &format!("{what}.qualify_card"),
    )?;
    let fuel_pick = match m.fuel_pick.flatten() {
        None => u8::MAX,
        Some(k) if k < 5 => k,
        Some(_) => return Err(bad(format!("{what}.fuel_pick: 0 to 4"))),
    };
    let strategy = m
        .strategy
        .as_deref()
        .and_then(Strategy::parse)
        .ok_or_else(|| bad(format!("{what}.strategy: a strategy's name")))?;
    let reserved = r.set(
        m.reserved.as_deref().unwrap_or_default(),
        &format!("{what}.reserved"),
    )?;
    let chasing = r.car_or(
        m.chasing.as_ref().unwrap_or(&None),
        &format!("{what}.chasing"),
        super::car::NO_CAR,
    )?;
    let skill = match m.skill.as_ref().unwrap_or(&None) {
        None => None,
        Some(k) => {
            Some(Skill::parse(k).ok_or_else(|| bad(format!("{what}.skill: a skill's name")))?)
        }
    };
    let tyre = match m.tyre.as_deref() {
        None => Tyre::Hard,
        Some(t) => Tyre::parse(t)
            .ok_or_else(|| bad(format!("{what}.tyre: soft, hard, intermediate or rain")))?,
    };
    let sixth_used = sixth_read(
        m.sixth_sense_used.as_deref(),
        &format!("{what}.sixth_sense_used"),
    )?;
    if sixth_used != 0 && skill != Some(Skill::SixthSense) {
        return Err(bad(format!(
            "{what}.sixth_sense_used: only a car with the Sixth Sense skill uses flag tokens"
        )));
    }
    let car = &mut s.cars[usize::from(c)];
    car.hand = hand;
    car.target = target;
    car.tyres = need(m.tyres, what, "tyres")?;
    car.red = need(m.red, what, "red")?;
    car.brown = need(m.brown, what, "brown")?;
    car.fuel = need(m.fuel, what, "fuel")?;
    car.qualify_card = qualify_card;
    car.fuel_pick = fuel_pick;
    car.strategy = strategy;
    car.chasing = chasing;
    car.reserved = reserved;
    car.skill = skill;
    car.skill_used = m.skill_used.unwrap_or(false);
    car.sixth_used = sixth_used;
    car.spare_used = m.spare_used.unwrap_or(false);
    if let Some(ch) = &m.chart {
        car.chart = super::content::Chart {
            tyres: ch.tyres,
            hand: ch.hand,
            wear_slots: ch.wear_slots,
        };
    }
    car.tyre = tyre;
    car.blue = m.blue.unwrap_or(0);
    car.blue_flag = m.blue_flag.unwrap_or(false);
    car.soft_sets = m.soft_sets.unwrap_or(0);
    if car.wear() > car.chart.wear_slots {
        return Err(bad(format!(
            "{what}: {} wear tokens in {} slots",
            car.wear(),
            car.chart.wear_slots
        )));
    }
    Ok(())
}

/// The order on the track, the decks and the wear bag, the robots' chits, the grid, the
/// retirements.
fn read_table(r: &Reader<'_>, s: &mut F90State, p: &Position) -> Result<(), Error> {
    // The order on the track: exactly the racing cars, from the last section down.
    s.on_track = 0;
    let mut listed = [false; MAX_CARS];
    for x in &p.order {
        let c = r.car(x, "order")?;
        if listed[usize::from(c)] || !s.car(c).racing() {
            return Err(bad(format!(
                "order: {} is listed twice or is not racing",
                s.race.names[usize::from(c)]
            )));
        }
        listed[usize::from(c)] = true;
        s.order[usize::from(s.on_track)] = c;
        s.on_track += 1;
    }
    // Before the race the cars wait for the grid (no order yet).
    if let Some(c) = (0..s.n).find(|&c| s.turn > 0 && s.car(c).racing() && !listed[usize::from(c)])
    {
        return Err(bad(format!(
            "order: {} is racing but not on the track",
            s.race.names[usize::from(c)]
        )));
    }
    s.race_deck = r.set(&p.race_deck, "race_deck")?;
    s.race_discard = r.set(&p.race_discard, "race_discard")?;
    s.track_deck = r.set(&p.track_deck, "track_deck")?;
    s.track_discard = r.set(&p.track_discard, "track_discard")?;
    s.bag = [p.wear_bag.red, p.wear_bag.brown];
    s.chits = 0;
    let chits = s.race.content.robots.chits.len();
    for &k in &p.chits {
        s.chits |= 1 << from_one(k, chits, "chits")?;
    }
    if p.grid.len() != s.n() {
        return Err(bad("grid: every car once"));
    }
    for (i, g) in p.grid.iter().enumerate() {
        s.grid[i] = r.car(g, "grid")?;
    }
    s.retirements = p.retirements;
    Ok(())
}

/// The yellow flags and the orange pawn's holder.
fn read_flags(r: &Reader<'_>, s: &mut F90State, f: &FlagsPos) -> Result<(), Error> {
    for y in &f.yellow {
        let ok = y.section >= 1
            && usize::from(y.section) <= s.race.track().len()
            && s.race.track().kind(y.section - 1) == super::track::Kind::Corner;
        if !ok {
            return Err(bad("flags.yellow.section: a corner section, from 1"));
        }
        s.yellow[usize::from(y.section - 1)] = y.behind + 1;
    }
    s.orange = r.car_or(&f.orange, "flags.orange", super::flags::NO_HOLDER)?;
    Ok(())
}

/// The weather pawn's space and the robots' tyres.
fn read_weather(s: &mut F90State, w: &WeatherPos) -> Result<(), Error> {
    let spaces = s.race.track().weather.len();
    if w.space == 0 || (spaces > 0 && usize::from(w.space) > spaces) {
        return Err(bad(format!("weather.space: 1 to {spaces}")));
    }
    s.weather = w.space - 1;
    s.robot_tyres = match w.robot_tyres.as_deref() {
        None => Tyre::Hard,
        Some(t) => Tyre::parse(t)
            .filter(|t| matches!(t, Tyre::Hard | Tyre::Rain))
            .ok_or_else(|| bad("weather.robot_tyres: hard or rain"))?,
    };
    s.robots_weather_pit = w.robots_pit;
    Ok(())
}

/// The Safety Car, out or not, and the cars it asked.
fn read_safety_car(r: &Reader<'_>, s: &mut F90State, f: &SafetyCarPos) -> Result<(), Error> {
    s.sc.section = from_one(f.section, s.race.track().len(), "safety_car.section")?;
    s.sc.out = f.out;
    s.sc.window = f.pit_window;
    s.sc.restart = f.restart;
    s.sc.entries = f.entries;
    if (s.sc.out || s.sc.restart) && !s.race.opts.safety_car {
        return Err(bad("safety_car: the race is without the Safety Car module"));
    }
    if (s.sc.window && !s.sc.out) || (s.sc.restart && s.sc.out) {
        return Err(bad(
            "safety_car: a pit window only with the Safety Car out, a restart only after it left",
        ));
    }
    s.sc.asked = 0;
    for c in &f.asked {
        s.sc.asked |= 1 << r.car(c, "safety_car.asked")?;
    }
    Ok(())
}

/// Two cards (or none) of the turn, by slot.
fn two_cards(r: &Reader<'_>, list: &[Name], what: &str) -> Result<[CardId; 2], Error> {
    let mut two = [NO_CARD; 2];
    for (j, x) in list.iter().take(2).enumerate() {
        two[j] = r.card(x, what)?;
    }
    Ok(two)
}

/// The individual turn in progress.
fn read_turn(r: &Reader<'_>, s: &F90State, it: &TurnPos) -> Result<IndTurn, Error> {
    let mut t = IndTurn::new(0);
    t.car = r.car_or(&it.car, "individual_turn.car", 0)?;
    t.cards = two_cards(r, &it.cards, "individual_turn.cards")?;
    for (j, &u) in it.used.iter().take(2).enumerate() {
        t.used[j] = u;
    }
    t.in_play = r.set(&it.in_play, "individual_turn.in_play")?;
    for (j, x) in it.checks.iter().take(2).enumerate() {
        t.tests[j] = x.as_ref().map(|x| Test {
            blind: x.blind,
            modifier: x.modifier,
        });
    }
    t.trajectory = it.trajectory;
    t.matched = it.matched;
    t.tyres_due = it.tyres_due;
    t.discard_due = it.discard_due;
    t.wear_due = it.wear_due;
    t.draws_due = it.draws_due;
    for (i, f) in it.flags.iter().take(2).enumerate() {
        t.flags[i] = match f {
            None => 0,
            Some(n) => (1..=4)
                .find(|&k| super::flags::flag_of(k).is_some_and(|x| x.name() == n))
                .ok_or_else(|| bad("individual_turn.flags: yellow, green, blue or orange"))?,
        };
    }
    t.weather_due = it.weather_due;
    t.token_paid = it.token_paid;
    t.mp = it.mp;
    t.mp_left = it.mp_left;
    t.entered = it.entered;
    t.overtook = it.overtook;
    for &k in &it.pledge {
        if k >= 64 {
            return Err(bad("individual_turn.pledge: corner numbers"));
        }
        t.pledge |= 1 << k;
    }
    t.lapping = r.car_or(&it.lapping, "individual_turn.lapping", u8::MAX)?;
    t.lucky = two_cards(r, &it.lucky, "individual_turn.lucky")?;
    t.late_braked = it.late_braked;
    let nodes = s.race.track().nodes.len();
    t.recovery_next = match it.recovery_next {
        None => None,
        Some(k) if k >= 1 && usize::from(k) <= nodes => Some(k - 1),
        Some(_) => return Err(bad("individual_turn.recovery_next: a chart test from 1")),
    };
    t.recovery_reentry = match it.recovery_reentry {
        None => None,
        Some(k) => Some(from_one(
            k,
            s.race.track().len(),
            "individual_turn.recovery_reentry",
        )?),
    };
    t.blind_draws = it.blind_draws.unwrap_or(0);
    t.hazard_draws = it.hazard_draws.unwrap_or(0);
    t.tokens_paid = it.tokens_paid.unwrap_or(0);
    t.specials_due = it.specials_due.unwrap_or(0);
    t.a2 = it.a2;
    t.sixth = sixth_read(it.sixth_sense.as_deref(), "individual_turn.sixth_sense")?;
    t.chase_mp = it.chase_mp;
    t.small_cards = it.small_cards;
    t.et_due = it.et_due;
    t.et_mp = it.et_mp;
    t.et_recovery = it.et_recovery;
    t.et_bound = it.et_bound;
    t.corner_pass = match &it.corner_pass {
        None => 0,
        Some(SpotPos::Named(w)) if w == "ready" => super::state::CORNER_PASS_READY,
        Some(SpotPos::Spot(k)) if *k >= 1 => *k,
        Some(_) => {
            return Err(bad(
                "individual_turn.corner_pass: \"ready\" or a corner's number",
            ))
        }
    };
    Ok(t)
}

/// A duel under way: its members, who is in it, the totals and the cards laid in it.
fn read_duel(r: &Reader<'_>, s: &F90State, dv: &DuelPos) -> Result<Duel, Error> {
    let mut d = Duel::NONE;
    if dv.members.len() > MAX_CARS {
        return Err(bad("duel.members: too many"));
    }
    for (i, m) in dv.members.iter().enumerate() {
        d.members[i] = r.car(m, "duel.members")?;
    }
    d.len = dv.members.len() as u8;
    let index = |v: &Name, what: &str| -> Result<u8, Error> {
        let c = r.car(v, what)?;
        (0..d.len)
            .find(|&i| d.members[usize::from(i)] == c)
            .ok_or_else(|| bad(format!("{what}: not a member")))
    };
    let bits = |list: &[Name], key: &str| -> Result<u16, Error> {
        let mut b = 0u16;
        for x in list {
            b |= 1 << index(x, &format!("duel.{key}"))?;
        }
        Ok(b)
    };
    d.section = dv.section.saturating_sub(1);
    d.side = dv.side;
    d.challenger = match &dv.challenger {
        None => None,
        Some(_) => Some(index(&dv.challenger, "duel.challenger")?),
    };
    d.at = dv.at;
    d.eligible = bits(&dv.eligible, "eligible")?;
    d.joined = bits(&dv.joined, "joined")?;
    d.declined = bits(&dv.declined, "declined")?;
    d.tie_wear = bits(&dv.tie_wear, "tie_wear")?;
    d.revealed = dv.revealed;
    for (i, &x) in dv.totals.iter().enumerate().take(MAX_CARS) {
        d.sums[i] = x;
    }
    let members_frozen = (0..d.len).fold(CardSet::EMPTY, |a, i| {
        a.union(s.car(d.members[usize::from(i)]).frozen)
    });
    d.cards = match &dv.cards {
        Some(list) => r.set(list, "duel.cards")?,
        // Written before the duel's cards were recorded: a sealed duel's are taken to be
        // every participant's frozen cards (any from an earlier duel stay face down).
        None if d.len > 0 && !d.revealed => (0..d.len)
            .filter(|&i| d.joined >> i & 1 == 1)
            .fold(CardSet::EMPTY, |a, i| {
                a.union(s.car(d.members[usize::from(i)]).frozen)
            }),
        None => CardSet::EMPTY,
    };
    // A sealed duel's cards lie frozen beside its members (after the reveal they may have
    // gone back to a hand or the discard pile at the next game turn).
    let sealed = if d.revealed { CardSet::EMPTY } else { d.cards };
    if let Some(id) = sealed.minus(members_frozen).iter().next() {
        return Err(bad(format!(
            "duel.cards: {} is not frozen beside a member of the duel",
            s.race.card_name(id)
        )));
    }
    Ok(d)
}
