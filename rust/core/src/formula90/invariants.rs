//! Invariants of every reachable race state; the harness checks them at every step: every car
//! in exactly one place, the 99 Race Cards (and the Track deck) conserved, each car playing at
//! most once per game turn, the race ending at its last turn.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::car::{Status, NO_CARD};
use super::cards::CardSet;
use super::state::{F90State, Phase};

pub fn check(s: &F90State) -> Result<(), String> {
    weather(s)?;
    safety_car(s)?;
    // Every card in exactly one place.
    let mut seen = CardSet::EMPTY;
    for (place, set) in s.card_places() {
        if seen.intersects(&set) {
            let dup = set.iter().find(|&c| seen.contains(c)).unwrap_or(0);
            return Err(format!(
                "card {} is in two places (one is the {place})",
                s.race.card_name(dup)
            ));
        }
        seen = seen.union(set);
    }
    let all = CardSet::race_all().union(CardSet::track_all(s.race.track_cards()));
    if seen != all {
        let missing = all.minus(seen).iter().next().unwrap_or(0);
        return Err(format!("card {} is nowhere", s.race.card_name(missing)));
    }
    // Every car in exactly one place: on the track once, or off it, or retired.
    let mut counted = [0u8; 16];
    for &c in s.order_slice() {
        counted[usize::from(c)] += 1;
        if !s.car(c).racing() {
            return Err(format!(
                "{} is listed on the track but is not racing",
                s.race.names[usize::from(c)]
            ));
        }
    }
    if s.turn > 0 {
        for c in 0..s.n {
            let car = s.car(c);
            let expect = u8::from(car.status == Status::Racing);
            if counted[usize::from(c)] != expect {
                return Err(format!(
                    "{} is on the track {} times",
                    s.race.names[usize::from(c)],
                    counted[usize::from(c)]
                ));
            }
            if usize::from(car.section) >= s.race.track().len() {
                return Err(format!("{} is in no section", s.race.names[usize::from(c)]));
            }
            if car.wear() > car.chart.wear_slots {
                return Err(format!(
                    "{} holds more wear than its slots",
                    s.race.names[usize::from(c)]
                ));
            }
        }
        // The physical order runs from the last section to the first.
        let list = s.order_slice();
        if list
            .windows(2)
            .any(|w| s.car(w[0]).section < s.car(w[1]).section)
        {
            return Err("the cars are out of section order".into());
        }
    }
    // The cards face down in a duel lie frozen beside its members.
    let members = (0..s.duel.len).fold(CardSet::EMPTY, |a, i| {
        a.union(s.car(s.duel.members[usize::from(i)]).frozen)
    });
    if let Some(id) = s.face_down().minus(members).iter().next() {
        return Err(format!(
            "duel card {} lies face down but is frozen beside no member",
            s.race.card_name(id)
        ));
    }
    // Each car plays at most once a game turn: the one playing has not played yet.
    if let Phase::Play { car } | Phase::Declare { car } = s.phase {
        if s.car(car).played {
            return Err(format!(
                "{} plays a second time this turn",
                s.race.names[usize::from(car)]
            ));
        }
    }
    if s.turn > s.race.turns && s.phase != Phase::GameOver {
        return Err(format!(
            "turn {} after the last turn {}",
            s.turn, s.race.turns
        ));
    }
    if s.phase == Phase::GameOver
        && s.turn <= s.race.turns
        && (0..s.race.humans() as u8).any(|c| !s.car(c).retired())
    {
        return Err("the race ended before its last turn".into());
    }
    Ok(())
}

/// The weather module: the pawn on the table, robots on hard or rain tyres, at most two soft
/// sets and three blue tokens a set, nothing of it in a basic race.
fn weather(s: &F90State) -> Result<(), String> {
    use super::weather::{Tyre, MAX_SOFT_SETS, SOFT_BLUE_TOKENS};
    let spaces = s.race.track().weather.len();
    if s.weather_on() && usize::from(s.weather) >= spaces {
        return Err(format!(
            "the weather pawn is on space {} of {spaces}",
            s.weather + 1
        ));
    }
    if !matches!(s.robot_tyres, Tyre::Hard | Tyre::Rain) {
        return Err("the robots run on tyres other than hard or rain".into());
    }
    // Yellow flags: on corner sections only, among the cars there.
    for sec in 0..s.race.track().len() as u8 {
        if let Some(k) = s.yellow_at(sec) {
            let cars = s.section_cars(sec).count();
            if !s.flags_on()
                || s.race.track().kind(sec) != super::track::Kind::Corner
                || usize::from(k) > cars
            {
                return Err(format!(
                    "a yellow flag behind {k} of {cars} cars in section {}",
                    sec + 1
                ));
            }
        }
    }
    for c in 0..s.n {
        let car = s.car(c);
        let name = &s.race.names[usize::from(c)];
        if !s.flags_on() && car.blue_flag {
            return Err(format!("{name} holds a blue flag in a race without flags"));
        }
        // Sixth Sense: tokens only with the skill and the flags; all three used turns the chit.
        if car.sixth_used != 0
            && (!s.flags_on() || car.skill != Some(super::rules::Skill::SixthSense))
        {
            return Err(format!(
                "{name} used Sixth Sense flag tokens it cannot hold"
            ));
        }
        if car.sixth_used == 0b111 && !car.skill_used {
            return Err(format!(
                "{name} used all three flag tokens and its chit is not turned"
            ));
        }
        if !s.weather_on() && (car.tyre != Tyre::Hard || car.blue > 0) {
            return Err(format!(
                "{name} has {} tyres in a basic race",
                car.tyre.name()
            ));
        }
        if car.soft_sets > MAX_SOFT_SETS || car.blue > 2 * SOFT_BLUE_TOKENS {
            return Err(format!(
                "{name}: {} soft sets and {} blue tokens",
                car.soft_sets, car.blue
            ));
        }
    }
    Ok(())
}

/// Under the Safety Car the field is its line: every car on the track, the Leader in the Safety
/// Car's section, each other car one section behind the one ahead, all on the Leader's lap (or
/// one less behind the finish line).
fn safety_car(s: &F90State) -> Result<(), String> {
    if !s.sc.out {
        return Ok(());
    }
    if !s.race.opts.safety_car {
        return Err("the Safety Car is out in a race without the module".into());
    }
    if !s.under_safety_car() || s.phase == Phase::GameOver {
        return Ok(());
    }
    let line = s.race_order();
    let track = s.race.track();
    let Some(&first) = line.first() else {
        return Ok(());
    };
    let lap = s.car(first).lap;
    for (k, &c) in line.iter().enumerate() {
        let car = s.car(c);
        let (section, laps) = track.back(s.sc.section, k as u16);
        if !car.racing() || car.section != section || car.lap != lap - laps as i16 {
            return Err(format!(
                "under the Safety Car {} is not in its place in the line (place {})",
                s.race.names[usize::from(c)],
                k + 1
            ));
        }
    }
    Ok(())
}

impl F90State {
    /// All the cards in play, by place, for the conservation invariant.
    pub fn card_places(&self) -> Vec<(&'static str, CardSet)> {
        let mut v = alloc::vec![
            ("race deck", self.race_deck),
            ("race discard", self.race_discard),
            ("track deck", self.track_deck),
            ("track discard", self.track_discard),
        ];
        for c in 0..self.n() {
            let car = &self.cars[c];
            v.push(("hand", car.hand));
            v.push(("frozen", car.frozen));
            let mut own = CardSet::EMPTY;
            if car.target != NO_CARD {
                own.insert(car.target);
            }
            if car.qualify_card != NO_CARD {
                own.insert(car.qualify_card);
            }
            v.push(("target or qualifying card", own));
        }
        v.push(("movement cards in play", self.it.in_play));
        v
    }
}
