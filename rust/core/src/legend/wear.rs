//! Damage and Event cards applied to a car; Neutral Cars turn wear into stops.
use super::car::{Car, Status};
use super::content::{DamageCard, EventCard};

fn neutral_stop(c: &mut Car) {
    c.damage_stops = c.damage_stops.saturating_add(1);
    c.status = Status::OffRoad;
    c.stop_rounds = c.stop_rounds.max(1);
    c.speed = 0;
}

pub fn apply_damage_card(c: &mut Car, card: &DamageCard, temperature_max: u8) {
    if card.battery {
        c.battery_ok = false;
    }
    if card.headlights {
        c.headlights_ok = false;
    }
    let wear = card.engine + card.brakes + card.tires + card.temperature > 0 || card.flat_tire;
    if c.neutral {
        // Neutral Cars track no wear: any other damage is a one-round stop.
        if wear && c.status == Status::Racing {
            neutral_stop(c);
        }
        return;
    }
    c.damage_brakes(card.brakes);
    c.wear_tires(card.tires);
    if card.flat_tire {
        c.tires = -1;
    }
    let over = heat_steps(c, card.temperature, temperature_max);
    c.damage_engine(card.engine + over);
}

/// Past the top of the scale each step is an Engine point (see docs/rules/legend.md).
fn heat_steps(c: &mut Car, steps: u8, temperature_max: u8) -> u8 {
    let room = temperature_max.saturating_sub(c.temperature);
    let taken = steps.min(room);
    c.temperature += taken;
    steps - taken
}

pub fn apply_event_card(c: &mut Car, card: &EventCard, temperature_max: u8) {
    if c.neutral {
        if card.engine + card.tires > 0 {
            neutral_stop(c);
        }
        return;
    }
    if card.temperature >= 0 {
        let over = heat_steps(c, card.temperature as u8, temperature_max);
        c.damage_engine(over);
    } else {
        c.cool(card.temperature.unsigned_abs());
    }
    c.wear_tires(card.tires);
    c.damage_engine(card.engine);
}
