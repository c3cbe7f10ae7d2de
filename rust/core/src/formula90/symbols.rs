//! D — Resolver Símbolos: pay (D.1 tyres, discards, wear), check (D.2), draw (D.3), then the
//! movement points. Events (D.4: flags, weather) belong to the advanced modules.
use super::car::NO_CARD;
use super::cards::{Card, CardId};
use super::events::{Bonus, Event, Log};
use super::refusals::{Key, Said};
use super::rules::{check_passes, Strategy, SAVE_FUEL_MP, TANK_TURNS};
use super::state::{Check, F90State, Phase, Then};
use super::track::Trajectory;

/// What the movement cards and the trajectory ask for in phase D.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Costs {
    pub tyres: u8,
    pub discard: u8,
    pub wear: u8,
    pub draws: u8,
    pub mp: u8,
}

impl F90State {
    /// The trajectory spot `car` stands on, if any.
    pub fn standing_on(&self, car: u8) -> Option<&Trajectory> {
        let c = self.car(car);
        let t = c.trajectory?;
        self.race.track().sections[usize::from(c.section)]
            .trajectories
            .get(usize::from(t))
    }

    /// Costs of playing `cards` (and the trajectory), Save Tyres' saving included ("Some todos
    /// os pneus de todas as cartas jogadas para movimento. Um destes pneus não precisa ser pago").
    pub fn costs_of(&self, car: u8, cards: [CardId; 2], trajectory: bool) -> Costs {
        let mut k = Costs::default();
        for &id in &cards {
            if id == NO_CARD {
                continue;
            }
            let c: &Card = self.race.card(id);
            k.tyres += c.tyres;
            k.discard += c.discard;
            k.wear += c.wear;
            k.draws += c.draw;
            k.mp += c.mp;
        }
        if trajectory {
            if let Some(t) = self.standing_on(car) {
                k.tyres += t.costs.tyres;
                k.discard += t.costs.discard;
                k.wear += t.costs.wear;
                k.mp += t.bonus;
            }
        }
        if self.car(car).uses(Strategy::SaveTyres) {
            k.tyres = k.tyres.saturating_sub(1);
        }
        k
    }

    /// Whether a movement card matches the trajectory's colours (or Balance needs none).
    pub fn trajectory_usable(&self, car: u8, cards: [CardId; 2]) -> Result<(), Said> {
        if self.on_extreme(car) {
            return self.extreme_usable(car, cards);
        }
        let t = self.standing_on(car).ok_or((
            Key::NoTrajectory,
            "Trajectories: the car is not on a trajectory",
        ))?;
        if self.car(car).uses(Strategy::Balance) {
            return Ok(());
        }
        let matches = cards
            .iter()
            .any(|&id| id != NO_CARD && t.matches(self.race.card(id).colour));
        if matches {
            Ok(())
        } else {
            Err((
                Key::TrajectoryColour,
                "Trajectories: no movement card matches the trajectory's colour",
            ))
        }
    }

    pub fn trajectory_colour_matched(&self) -> bool {
        let car = self.it.car;
        if self.on_extreme(car) {
            return self.extreme_colour_matched(car, self.it.cards);
        }
        self.standing_on(car).is_some_and(|t| {
            self.it
                .cards
                .iter()
                .any(|&id| id != NO_CARD && t.matches(self.race.card(id).colour))
        })
    }

    /// D.1 begins: the first tyre is always a token ("Pelo menos um recurso deve ser um pneu").
    pub fn begin_symbols(&mut self, car: u8, log: &mut impl Log) {
        let k = self.costs_of(car, self.it.cards, self.it.trajectory);
        let mut tyres = k.tyres;
        if tyres > 0 {
            self.car_mut(car).tyres -= 1;
            self.it.token_paid = true;
            self.it.tokens_paid += 1;
            tyres -= 1;
            log.push(Event::PayToken { car });
        }
        self.it.tyres_due = tyres;
        self.it.discard_due = k.discard;
        self.it.wear_due = k.wear;
        self.it.draws_due = k.draws;
        self.it.et_due = self.it.trajectory && self.on_extreme(car);
        if self.weather_on() {
            // D.4: each weather icon on a movement card moves the pawn (or not).
            self.it.weather_due = self
                .it
                .cards
                .iter()
                .filter(|&&id| id != NO_CARD && self.race.card(id).weather)
                .count() as u8;
        }
        if self.flags_on() {
            for i in 0..2 {
                let id = self.it.cards[i];
                self.it.flags[i] = if id == NO_CARD {
                    0
                } else {
                    self.race.card(id).flag.map_or(0, super::flags::flag_code)
                };
            }
        }
        for i in 0..2 {
            let id = self.it.cards[i];
            self.it.tests[i] = (id != NO_CARD).then(|| self.race.card(id).test).flatten();
        }
        self.symbols_next(car, log);
    }

    /// Cards of the hand that could pay a tyre or a discard.
    fn spare_cards(&self, car: u8) -> u8 {
        self.car(car).hand.len() as u8
    }

    /// Whether paying the next tyre unit with a token (or a card) still leaves the rest payable.
    pub fn can_pay_token(&self, car: u8) -> bool {
        let t = self.car(car).tyres;
        let k = self.spare_cards(car);
        let it = &self.it;
        t >= 1 && t + k >= it.tyres_due + it.discard_due && k >= it.discard_due
    }

    pub fn can_pay_card(&self, car: u8) -> bool {
        let t = self.car(car).tyres;
        let k = self.spare_cards(car);
        let it = &self.it;
        k > it.discard_due && t + k >= it.tyres_due + it.discard_due
    }

    /// The next thing phase D needs: a payment, a wear token, a check, a draw, or movement.
    pub fn symbols_next(&mut self, car: u8, log: &mut impl Log) {
        let it = self.it;
        if it.tyres_due > 0 {
            let token = self.can_pay_token(car);
            if token && !self.can_pay_card(car) {
                // Only tokens can pay: no choice to make.
                self.car_mut(car).tyres -= it.tyres_due;
                self.it.tokens_paid += it.tyres_due;
                for _ in 0..it.tyres_due {
                    log.push(Event::PayToken { car });
                }
                self.it.tyres_due = 0;
                return self.symbols_next(car, log);
            }
            self.phase = Phase::PayTyres { car };
            return;
        }
        if it.discard_due > 0 {
            self.phase = Phase::PayDiscard { car };
            return;
        }
        if it.wear_due > 0 {
            self.it.wear_due = 0;
            self.phase = Phase::Wear {
                car,
                left: it.wear_due,
                then: Then::Symbols,
            };
            return;
        }
        if it.et_due {
            return self.extreme_test(car, log);
        }
        if it.tests.iter().any(Option::is_some) {
            self.phase = Phase::Tests { car };
            return;
        }
        if it.draws_due > 0 {
            self.it.draws_due = 0;
            if self.draw_race(car, it.draws_due, Then::Symbols, log) {
                return;
            }
        }
        if it.weather_due > 0 && !self.race.track().weather.is_empty() {
            self.phase = Phase::WeatherIcon { car };
            return;
        }
        if (it.flags != [0; 2] || it.sixth != 0) && self.next_flag(car, log) {
            return;
        }
        self.finish_symbols(car, log);
    }

    pub fn pay_token(&mut self, car: u8, log: &mut impl Log) {
        self.car_mut(car).tyres -= 1;
        self.it.tokens_paid += 1;
        self.it.tyres_due -= 1;
        log.push(Event::PayToken { car });
        self.symbols_next(car, log);
    }

    pub fn pay_card(&mut self, car: u8, card: CardId, log: &mut impl Log) {
        self.car_mut(car).hand.remove(card);
        self.discard(card);
        self.it.tyres_due -= 1;
        log.push(Event::PayCard { car, card });
        self.symbols_next(car, log);
    }

    pub fn pay_discard(&mut self, car: u8, card: CardId, log: &mut impl Log) {
        self.car_mut(car).hand.remove(card);
        self.discard(card);
        self.it.discard_due -= 1;
        log.push(Event::Discard { car, card });
        self.symbols_next(car, log);
    }

    /// The target a check must meet: the Target Check card's factor plus the printed modifier
    /// (robots: 70).
    pub fn check_target(&self, car: u8, modifier: i8) -> i16 {
        let c = self.car(car);
        let base = if c.is_robot() || c.target == NO_CARD {
            i16::from(self.race.content.robots.target_check)
        } else {
            i16::from(self.race.card(c.target).cf)
        };
        // REFLEXES: "+20 em qualquer teste" (recovery and leader checks included).
        let reflexes = if c.has(super::rules::Skill::Reflexes) {
            super::rules::REFLEXES_BONUS
        } else {
            0
        };
        base + i16::from(modifier) + reflexes
    }

    /// The card a check was made with becomes the new Target Check ("a carta utilizada para
    /// movimento deve substituir a carta existente no painel"); a robot's drawn card goes to
    /// the discard pile. Returns whether the check passed.
    pub fn resolve_check(
        &mut self,
        car: u8,
        card: CardId,
        modifier: i8,
        why: Check,
        log: &mut impl Log,
    ) -> bool {
        let target = self.check_target(car, modifier) + self.conditions_modifier(car, why);
        let cf = self.race.card(card).cf;
        let pass = check_passes(cf, target);
        if self.car(car).is_robot() {
            self.discard(card);
        } else {
            let old = self.car(car).target;
            self.discard(old);
            self.car_mut(car).target = card;
        }
        log.push(Event::Check {
            car,
            why,
            card,
            target,
            pass,
        });
        pass
    }

    /// A check of a movement card, with a card of the hand, a movement card, or blind.
    pub fn test_card(&mut self, car: u8, slot: u8, with: Option<CardId>, log: &mut impl Log) {
        let Some(with) = with else {
            return self.blind(car, Check::Card(slot), log);
        };
        if let Some(j) = self.it.cards.iter().position(|&c| c == with) {
            self.it.used[j] = true;
            self.it.in_play.remove(with);
        } else {
            self.car_mut(car).hand.remove(with);
        }
        self.after_card_test(car, slot, with, log);
    }

    pub fn after_card_test(&mut self, car: u8, slot: u8, card: CardId, log: &mut impl Log) {
        let test = self.it.tests[usize::from(slot)]
            .take()
            .expect("a pending check");
        if !self.resolve_check(
            car,
            card,
            test.modifier,
            super::state::Check::Card(slot),
            log,
        ) {
            // "falhar em um teste causa um desgaste no carro".
            self.it.wear_due += 1;
        }
        self.symbols_next(car, log);
    }

    /// The strategies' bonuses of phase E and Save Fuel's chit, once phase D is done.
    fn strategy_mp(&mut self, car: u8, played: u8, small: bool, log: &mut impl Log) -> i16 {
        let c = *self.car(car);
        if c.is_robot() {
            return 0;
        }
        match c.strategy {
            Strategy::SaveFuel if played > 0 && small => {
                // "avançar o token de abastecimento 1 casa para frente", within the tank.
                let fuel = (c.fuel + 1).min(self.turn.saturating_add(TANK_TURNS));
                self.car_mut(car).fuel = fuel;
                self.it.small_cards = true;
                log.push(Event::Bonus {
                    car,
                    bonus: Bonus::SaveFuel(fuel),
                });
                0
            }
            Strategy::Hazard => {
                let mp = self.it.blind_draws + self.card_wear();
                if mp > 0 {
                    log.push(Event::Bonus {
                        car,
                        bonus: Bonus::HazardMp(mp),
                    });
                }
                i16::from(mp)
            }
            Strategy::Chase => i16::from(self.it.chase_mp),
            _ => 0,
        }
    }

    /// HAZARD: "ganha 1 movimento extra para cada DANO que receber vindo de uma carta" — the
    /// wear the movement cards print (a failed check's wear does not count).
    pub fn card_wear(&self) -> u8 {
        self.it
            .cards
            .iter()
            .filter(|&&id| id != NO_CARD)
            .map(|&id| self.race.card(id).wear)
            .sum()
    }

    /// D is done: movement cards go to the discard piles (unless one became the Target
    /// Check), and the movement points are counted (E, "Calcule seu PM total").
    pub fn finish_symbols(&mut self, car: u8, log: &mut impl Log) {
        let mut mp: i16 = 0;
        let mut played = 0;
        let mut small = true;
        for j in 0..2 {
            let id = self.it.cards[j];
            if id == NO_CARD {
                continue;
            }
            let card = *self.race.card(id);
            mp += i16::from(card.mp);
            played += 1;
            small &= card.mp <= SAVE_FUEL_MP;
            if card.is_track() {
                self.it.pledge |= 1u64 << card.corner;
            }
        }
        let in_play = self.it.in_play;
        self.discard_set(in_play);
        self.it.in_play = super::cards::CardSet::EMPTY;
        // The cards stay face up for a car chasing this one until its next turn.
        let chased = (0..self.n).any(|o| {
            let c = self.car(o);
            c.chasing == car && c.uses(Strategy::Chase) && !c.retired()
        });
        if chased {
            self.car_mut(car).reserved = in_play;
        }
        mp += self.strategy_mp(car, played, small, log);
        mp += self.skill_mp(car, self.it.cards);
        if self.it.trajectory {
            mp += self.standing_on(car).map_or(0, |t| i16::from(t.bonus));
        }
        // A passed Extreme Trajectory's bonus (none after a failed test).
        mp += i16::from(self.it.et_mp);
        let loss = self.car(car).time_loss;
        mp -= i16::from(loss);
        self.car_mut(car).time_loss = 0;
        // The tyre table: tyres that do not suit the weather cost movement points.
        let tyre_loss = self.tyre_loss(car);
        if tyre_loss > 0 {
            mp -= i16::from(tyre_loss);
            log.push(Event::TyreLoss {
                car,
                tyre: self.car(car).tyre,
                sky: self.sky(),
                mp: tyre_loss,
            });
        }
        // Only leader checks before a pledged corner are bound; a corner the move starts in is
        // reached already.
        let corner = self.race.track().sections[usize::from(self.car(car).section)].corner;
        if self.car(car).racing() && corner != 0 {
            self.it.pledge &= !(1u64 << corner);
        }
        let mp = mp.clamp(-20, 60) as i8;
        if self.car(car).blue > 0 {
            // "Um carro com tokens azuis pode gastar um, e apenas um, por turno".
            self.it.mp = mp;
            self.phase = Phase::BlueToken { car };
            return;
        }
        self.begin_move(car, mp, log);
    }
}
