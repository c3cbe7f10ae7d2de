//! The individual turn's phases A (declarations), B (draw) and C (play cards), and the pit
//! stop (A.3, Procedimento de Pit Stop, Gerenciamento de Combustível).
use super::car::{Status, NO_CAR, NO_CARD};
use super::cards::CardId;
use super::events::{Bonus, Event, Log};
use super::options::RefuelFrom;
use super::rules::{
    push_pair, Skill, Strategy, FUEL_PER_EXTRA_SECTION, PITTING_SECTIONS, REFUEL_TURNS,
    SAVE_FUEL_MP, TANK_TURNS,
};
use super::state::{F90State, Phase, StrategyWhy, Then};
use super::weather::Tyre;

impl F90State {
    /// A.1 "Perder o Turno": the car does not move; it may change strategy.
    pub fn skip(&mut self, car: u8, log: &mut impl Log) {
        log.push(Event::Skip { car });
        self.phase = Phase::Strategy {
            car,
            why: StrategyWhy::Skip,
        };
    }

    /// After a skipped turn: a car waiting off the track is put on its re-entry section, NO
    /// MOVE, as a car whose movement came to nothing ("o carro é simplesmente posicionado na
    /// seção de reentrada").
    pub fn after_skip(&mut self, car: u8, log: &mut impl Log) {
        if let Status::OffTrack { reentry } = self.car(car).status {
            self.reenter(car, reentry, log);
        }
        self.end_individual(car, log);
    }

    /// A.3: back the pit value of sections (or up to two more for fuel), last in the section
    /// reached; then the procedure.
    pub fn pit(&mut self, car: u8, extra: u8, log: &mut impl Log) {
        self.pit_place(car, extra, log);
        if self.car(car).is_robot() {
            let m = self.car_mut(car);
            m.refuelled = true;
            m.just_pit = true;
            self.pit_trajectory(car, log);
            return;
        }
        // "Remova todos os danos vermelhos (coloque-os novamente no saco)".
        self.repair(car);
        self.pit_skills(car, log);
        self.phase = Phase::PitDiscard { car };
    }

    /// The pit stop's move: back the pit value (and the extra sections), last in the section
    /// reached, the refuel chit moved.
    pub fn pit_place(&mut self, car: u8, extra: u8, log: &mut impl Log) {
        let track = self.race.track();
        let c = self.cars[usize::from(car)];
        // Off the track, a car counts back from where it lost control, a section more per
        // point of the time loss printed there ("recue seu carro uma seção extra para cada
        // ponto de penalidade").
        let penalty = if c.off_track() { c.time_loss } else { 0 };
        // PITTING: "O jogador recua -2 seções a cada pit stop".
        let pit = if c.has(Skill::Pitting) {
            track.pit.saturating_sub(PITTING_SECTIONS)
        } else {
            track.pit
        };
        let back = u16::from(pit) + u16::from(extra) + u16::from(penalty);
        let (landing, laps) = track.back(c.section, back);
        let from = c.section;
        self.drop_chase(car, log);
        {
            let m = self.car_mut(car);
            m.status = Status::Racing;
            m.lap -= laps as i16;
            m.trajectory = None;
            m.forced_pit = false;
            m.must_pit = false;
            if penalty > 0 {
                m.time_loss = 0;
            }
        }
        self.place_last(car, landing);
        self.refuel(car, extra);
        log.push(Event::Pit {
            car,
            from,
            to: landing,
            extra,
            fuel: self.car(car).fuel,
        });
    }

    /// "Cada parada fornece ao jogador 10 turnos de combustível", 3 more per extra section,
    /// never more than the 16-turn tank.
    pub fn refuel(&mut self, car: u8, extra: u8) {
        if self.car(car).is_robot() {
            return;
        }
        let turn = self.turn;
        let from = match self.race.opts.refuel_from {
            RefuelFrom::Chit => self.car(car).fuel,
            RefuelFrom::CurrentTurn => turn,
        };
        let gained = from + REFUEL_TURNS + FUEL_PER_EXTRA_SECTION * extra;
        self.car_mut(car).fuel = gained.min(turn + TANK_TURNS);
    }

    /// Cards that count against the chart's hand when leaving the pit: the hand and the frozen
    /// duel cards ("contam para o total de cartas na mão").
    pub fn pit_hand_count(&self, car: u8) -> u8 {
        let c = self.car(car);
        if c.has(Skill::WiseDriving) {
            // "as TRACK CARDs que o jogador tenha acumulado não contam para o total de cartas de
            // sua mão após um PIT STOP".
            return (c.hand.races().len() + c.frozen.races().len()) as u8;
        }
        (c.hand.len() + c.frozen.len()) as u8
    }

    /// The discards are done: draw back up to the chart's hand.
    pub fn pit_refill(&mut self, car: u8, log: &mut impl Log) {
        let short = self
            .car(car)
            .chart
            .hand
            .saturating_sub(self.pit_hand_count(car));
        if self.draw_race(car, short, Then::PitRefill, log) {
            return;
        }
        self.phase = Phase::PitTyres { car };
    }

    /// New hard tyres: a full set and one Track Card (not counted in the hand).
    pub fn pit_tyres(&mut self, car: u8, new: bool, log: &mut impl Log) {
        let tyre = self.car(car).tyre;
        log.push(Event::Tyres { car, new, tyre });
        // PITTING: "recebe +1 track card extra a cada parada (esta carta não conta para o total
        // de cartas existente no painel do carro)".
        let mut cards = u8::from(self.car(car).has(Skill::Pitting));
        if new {
            let c = self.car_mut(car);
            c.tyres = c.chart.tyres;
            cards += 1;
        }
        if cards > 0 {
            self.it.specials_due = cards - 1;
            if self.draw_track(car, Then::PitTyreCard, log) {
                return;
            }
            self.it.specials_due = 0;
        }
        self.pit_strategy(car);
    }

    /// New tyres of a chosen type at a pit (the weather module); hard ones bring a Track Card.
    pub fn pit_new_tyres(&mut self, car: u8, t: Tyre, log: &mut impl Log) {
        self.fit_tyres(car, t, false);
        log.push(Event::Tyres {
            car,
            new: true,
            tyre: t,
        });
        let cards = u8::from(t == Tyre::Hard) + u8::from(self.car(car).has(Skill::Pitting));
        if cards > 0 {
            self.it.specials_due = cards - 1;
            if self.draw_track(car, Then::PitTyreCard, log) {
                return;
            }
            self.it.specials_due = 0;
        }
        self.pit_strategy(car);
    }

    pub fn pit_strategy(&mut self, car: u8) {
        self.phase = Phase::Strategy {
            car,
            why: StrategyWhy::Pit,
        };
    }

    /// The pit stop is over: a free trajectory where it landed may be taken, then the car
    /// waits for its section to be activated again (JUST PIT).
    pub fn pit_done(&mut self, car: u8, log: &mut impl Log) {
        if self.sc.out {
            return self.safety_car_pit_done(car, log);
        }
        self.car_mut(car).just_pit = true;
        self.pit_trajectory(car, log);
    }

    fn pit_trajectory(&mut self, car: u8, log: &mut impl Log) {
        // "Se houver uma trajetória livre ... este carro pode ocupá-la".
        self.it.entered = true;
        self.it.car = car;
        if self.offer_trajectory(car, true, log) {
            return;
        }
        self.activate_next(log);
    }

    /// B: one Race Card (Lucky: two, then one discarded); Save Fuel and Chase may choose
    /// another draw.
    pub fn phase_b(&mut self, car: u8, log: &mut impl Log) {
        let c = self.car(car);
        // SAVE FUEL: "pode descartar qualquer carta maior que 2 (incluindo Track Card) para
        // comprar DUAS RACE CARDs ao invés de apenas uma".
        let trade = c.uses(Strategy::SaveFuel)
            && c.hand.iter().any(|id| self.race.card(id).mp > SAVE_FUEL_MP);
        if trade {
            self.phase = Phase::DrawChoice { car };
            return;
        }
        if c.uses(Strategy::Chase) && c.chasing != NO_CAR {
            // "pode comprar da pilha de descarte do jogador que estava à sua frente ... Se
            // ... não conseguir comprar uma carta de movimento desse carro, então você ganha
            // 1 PM".
            if !self.car(c.chasing).reserved.is_empty() {
                self.phase = Phase::DrawChoice { car };
                return;
            }
            self.it.chase_mp = true;
            log.push(Event::Bonus {
                car,
                bonus: Bonus::ChaseMp,
            });
        }
        self.draw_one(car, log);
    }

    /// The ordinary draw of phase B.
    pub fn draw_one(&mut self, car: u8, log: &mut impl Log) {
        let n = if self.car(car).uses(Strategy::Lucky) {
            2
        } else {
            1
        };
        if self.draw_race(car, n, Then::PhaseB, log) {
            return;
        }
        self.after_b(car, log);
    }

    /// After B's draws: Lucky's Special and discard, then C.
    pub fn after_b(&mut self, car: u8, log: &mut impl Log) {
        if self.car(car).uses(Strategy::Lucky) {
            let [a, b] = self.it.lucky;
            if a != NO_CARD && b != NO_CARD {
                let (x, y) = (*self.race.card(a), *self.race.card(b));
                // "Sempre que as 2 cartas compradas tiverem o mesmo valor ou a mesma cor".
                if x.mp == y.mp || x.colour == y.colour {
                    log.push(Event::Special {
                        car,
                        strategy: Strategy::Lucky,
                    });
                    self.it.lucky = [NO_CARD; 2];
                    if self.draw_track(car, Then::LuckySpecial, log) {
                        return;
                    }
                }
            }
            self.lucky_discard(car);
            return;
        }
        self.phase = Phase::Play { car };
    }

    /// SAVE FUEL: a card over [2] to the discard pile, two Race Cards drawn.
    pub fn save_fuel_trade(&mut self, car: u8, card: CardId, log: &mut impl Log) {
        self.car_mut(car).hand.remove(card);
        self.discard(card);
        log.push(Event::Discard { car, card });
        log.push(Event::Bonus {
            car,
            bonus: Bonus::SaveFuelTrade,
        });
        if self.draw_race(car, 2, Then::PhaseB, log) {
            return;
        }
        self.after_b(car, log);
    }

    /// CHASE: one of the chased car's reserved movement cards, from its discard pile, instead
    /// of the draw.
    pub fn chase_take(&mut self, car: u8, card: CardId, log: &mut impl Log) {
        let from = self.car(car).chasing;
        self.car_mut(from).reserved.remove(card);
        if super::cards::is_track_id(card) {
            self.track_discard.remove(card);
        } else {
            self.race_discard.remove(card);
        }
        self.car_mut(car).hand.insert(card);
        log.push(Event::ChaseTake { car, from, card });
        self.after_b(car, log);
    }

    /// Phase A of a CHASE car: the Chased chit comes off a car now behind it, off the track or
    /// out, and goes on the nearest car ahead on its lap (Nota of CHASE).
    pub fn update_chase(&mut self, car: u8, log: &mut impl Log) {
        let c = *self.car(car);
        if !c.uses(Strategy::Chase) {
            return;
        }
        let order = self.race_order();
        let place = |x: u8| order.iter().position(|&o| o == x);
        if c.chasing != NO_CAR {
            let kept = self.car(c.chasing).racing() && place(c.chasing) < place(car);
            if kept {
                return;
            }
            self.car_mut(car).chasing = NO_CAR;
            log.push(Event::Chased {
                car,
                chased: NO_CAR,
            });
        }
        let Some(me) = place(car) else { return };
        // "Este piloto deve estar à sua frente e na mesma volta."
        let target = order[..me]
            .iter()
            .rev()
            .copied()
            .find(|&o| self.car(o).racing() && self.car(o).lap == c.lap);
        if let Some(t) = target {
            self.car_mut(car).chasing = t;
            log.push(Event::Chased { car, chased: t });
        }
    }

    /// The Chased chit comes off ("Se durante sua fase A você declarar um pit stop", "Se você
    /// mudar de estratégia").
    pub fn drop_chase(&mut self, car: u8, log: &mut impl Log) {
        if self.car(car).chasing != NO_CAR {
            self.car_mut(car).chasing = NO_CAR;
            log.push(Event::Chased {
                car,
                chased: NO_CAR,
            });
        }
    }

    pub fn lucky_discard(&mut self, car: u8) {
        self.phase = if self.car(car).hand.is_empty() {
            Phase::Play { car }
        } else {
            Phase::LuckyDiscard { car }
        };
    }

    /// C: the movement cards leave the hand; D begins.
    pub fn play(&mut self, car: u8, cards: [CardId; 2], trajectory: bool, log: &mut impl Log) {
        for &id in &cards {
            if id != NO_CARD {
                self.car_mut(car).hand.remove(id);
                self.it.in_play.insert(id);
            }
        }
        self.it.cards = cards;
        self.it.trajectory = trajectory;
        if cards[1] != NO_CARD && self.car(car).uses(Strategy::Push) {
            let (a, b) = (self.race.card(cards[0]).mp, self.race.card(cards[1]).mp);
            if push_pair(a, b) {
                // "Sempre que fizer isso, recue o token de abastecimento 1 posição".
                let c = self.car_mut(car);
                c.fuel -= 1;
                let fuel = c.fuel;
                log.push(Event::Bonus {
                    car,
                    bonus: Bonus::PushFuel(fuel),
                });
            }
        }
        self.it.matched = trajectory && self.trajectory_colour_matched();
        // The "-1" icon (Mais Sobre Track Cards, Fase E): one corner passed as a straight.
        self.it.corner_pass = if self.race.opts.track_powers
            && cards
                .iter()
                .any(|&id| id != NO_CARD && self.race.card(id).corner_pass)
        {
            super::state::CORNER_PASS_READY
        } else {
            0
        };
        // A Track Card played with an Extreme Trajectory was allowed on a sure pass only.
        self.it.et_bound = trajectory
            && self.on_extreme(car)
            && cards
                .iter()
                .any(|&id| id != NO_CARD && self.race.card(id).is_track());
        log.push(Event::Play {
            car,
            cards,
            trajectory,
        });
        self.begin_symbols(car, log);
    }
}
