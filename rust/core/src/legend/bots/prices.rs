//! What the `hard` driver pays for wear, in thousandths of a round: each Engine, Brake or Tire
//! point by what losing it does to the rest of the race (little while the needle stays out of a
//! zone that slows the car, a lot for the point that takes it in, everything for the one that
//! retires it), and less as the finish nears (`pace::stake`: the last lap counts down).
use super::pace::{stake, Drive, NO_DRIFT, STAKE};
use crate::legend::actions::Wear;
use crate::legend::car::Car;
use crate::legend::state::LegendState;

/// A point that changes nothing now but is one fewer for later (an Engine push, a drift, an
/// emergency brake): in a race of a few laps next to nothing, for the points before a zone are
/// there to be spent (dearer, `hard` lost to the Neutral Cars' pace: docs/simulation.md).
const ENGINE_SPARE: i64 = 0;
const BRAKE_SPARE: i64 = 0;
const TIRE_SPARE: i64 = 20;
/// The last point before a red zone: kept for cards and overheating.
const ENGINE_RESERVE: i64 = 100;
const BRAKE_RESERVE: i64 = 50;
/// The point that enters a red zone or a tire zone: slower for the rest of the race.
const ENGINE_RED: i64 = 3000;
const BRAKE_RED: i64 = 2500;
const TIRE_ZONE: i64 = 1500;
/// The point that retires the car or flattens the tire.
const RETIRE: i64 = 50_000;
const FLAT: i64 = 8000;
/// A spare part fitted: kept for a later race of a championship.
const SPARE_PART: i64 = 80;

fn scaled(s: &LegendState, c: &Car, price: i64) -> i64 {
    let len = i32::from(s.race.track().len());
    price * i64::from(stake(s.race.race_length() - c.progress, len)) / i64::from(STAKE)
}

/// Engine needle positions below this are in the red zone.
pub fn engine_red(s: &LegendState) -> u8 {
    let zone = &s.race.dash().engine_red_zone;
    zone.iter().rposition(|&p| p > 0).map_or(0, |i| i as u8 + 1)
}

/// The point that takes the Engine needle from `from` to `from - 1`.
fn engine_point(s: &LegendState, from: u8) -> i64 {
    let red = engine_red(s);
    match from {
        0 => RETIRE,
        f if f - 1 > red => ENGINE_SPARE,
        f if f - 1 == red => ENGINE_RESERVE,
        _ => ENGINE_RED,
    }
}

fn brake_point(s: &LegendState, from: u8) -> i64 {
    let red = s.race.dash().brake_red_zone;
    match from {
        0 => 0, // nothing left to lose
        f if f - 1 > red + 1 => BRAKE_SPARE,
        f if f - 1 == red + 1 => BRAKE_RESERVE,
        _ => BRAKE_RED,
    }
}

fn tire_point(s: &LegendState, from: i8) -> i64 {
    if from <= 0 {
        return FLAT;
    }
    let floor = s
        .race
        .dash()
        .tire_zones
        .iter()
        .map(|z| z[0] as i8)
        .find(|&lb| from >= lb)
        .unwrap_or(0);
    if from > floor {
        TIRE_SPARE
    } else {
        TIRE_ZONE
    }
}

/// The price of `car`'s next point of `w` now (a qualifying challenge pays one).
pub fn point_price(s: &LegendState, car: usize, w: Wear) -> i64 {
    let c = &s.cars[car];
    let p = match w {
        Wear::Engine => engine_point(s, c.engine),
        Wear::Brakes => brake_point(s, c.brakes),
        Wear::Tires => tire_point(s, c.tires),
    };
    scaled(s, c, p)
}

fn price(p: i64) -> u16 {
    p.clamp(0, i64::from(u16::MAX)) as u16
}

/// The pace table's picture of `car` as it is now: limiters, Turn pins, and the price of its
/// next Engine, Brake and Tire point (the table scales them with the distance left).
pub fn drive_of(s: &LegendState, car: usize) -> Drive {
    let c = &s.cars[car];
    let spec = s.race.spec(car);
    let dash = s.race.dash();
    let limits = c.limits(spec, dash, false);
    let mut pins = [0u8; 5];
    for (r, pin) in pins.iter_mut().enumerate() {
        *pin = c.safe_speed(spec, dash, s.rating_for(car, r as u8));
    }
    let tire = if c.can_spend_tire() {
        tire_point(s, c.tires).min(i64::from(NO_DRIFT) - 1)
    } else {
        i64::from(NO_DRIFT)
    };
    Drive {
        top: limits.top_speed,
        acc: limits.acceleration,
        braking: limits.braking,
        emergency: if limits.emergency_braking {
            c.brakes
        } else {
            0
        },
        pins,
        engine_price: price(engine_point(s, c.engine)),
        brake_price: price(brake_point(s, c.brakes)),
        tire_price: price(tire),
    }
}

/// The points between two needle positions, each at its own price; a repair (the needle going
/// up) gives back the price of the points it restores.
fn between<T: Copy + Into<i32>>(from: T, to: T, point: impl Fn(i32) -> i64) -> i64 {
    let (a, b) = (from.into(), to.into());
    if a >= b {
        (b + 1..=a).map(&point).sum()
    } else {
        -(a + 1..=b).map(&point).sum::<i64>()
    }
}

/// What `c` lost (or had repaired) since `root`, at the prices of the race's stage now.
pub fn wear(s: &LegendState, root: &Car, c: &Car) -> i64 {
    let engine = between(root.engine, c.engine, |f| engine_point(s, f as u8));
    let brakes = between(root.brakes, c.brakes, |f| brake_point(s, f as u8));
    let tires = between(root.tires, c.tires, |f| tire_point(s, f as i8));
    let parts: i64 = root
        .spares
        .iter()
        .zip(c.spares.iter())
        .map(|(a, b)| i64::from(*a) - i64::from(*b))
        .sum();
    scaled(s, root, engine + brakes + tires) + parts * SPARE_PART
}
