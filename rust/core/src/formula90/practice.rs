//! FREE PRACTICE: the skill (Escolha a Habilidade), the car's setup tokens (Setup do Carro), the
//! spare car (Carro Substituto); and the skills that act in the race's phase A (A.2 Versatility
//! and Wise Driving). The other skills act where their rule is: Qualify in qualifying, pre-race
//! and phase E; Lapping in the cost table; Pitting and Tuning at the pit stop; Reflexes in every
//! check. Rain Expert, Flat Out and Sixth Sense act through weather, Extreme Trajectories and
//! flags.
use super::car::NO_CARD;
use super::content::Chart;
use super::events::{Event, Log};
use super::refusals::{Key, Why};
use super::rules::Skill;
use super::state::{F90State, Phase, StrategyWhy, Then};

/// Why a setup is refused.
pub fn setup_error(points: [u8; 3], tuning: bool, max: u8, tuning_max: u8) -> Option<Why> {
    if points.iter().any(|&p| !(1..=3).contains(&p)) {
        return Some(Why::new(
            Key::SetupPoints,
            "Setup: each token is worth 1 to 3 points",
        ));
    }
    let total: u8 = points.iter().sum();
    let limit = if tuning { tuning_max } else { max };
    if total > limit {
        let why = if tuning {
            Why::new(
                Key::SetupTuning,
                alloc::format!("Setup: {total} points; Tuning allows at most {limit}"),
            )
        } else {
            Why::new(
                Key::SetupLimit,
                alloc::format!(
                    "Setup: {total} points; at most {limit} (the Tuning skill allows {tuning_max})"
                ),
            )
            .with("tuning_max", tuning_max)
        };
        return Some(why.with("total", total).with("limit", limit));
    }
    None
}

impl F90State {
    /// The race begins with Free Practice when the module is on, else with the deal.
    pub fn begin_practice(&mut self, log: &mut impl Log) {
        if self.race.opts.free_practice && self.race.humans() > 0 {
            self.phase = Phase::Skill { seat: 0 };
        } else {
            self.deal_next(0, log);
        }
    }

    /// "Cada jogador escolhe uma habilidade ... não pode ser alterada durante a corrida."
    pub fn choose_skill(&mut self, seat: u8, k: Skill, log: &mut impl Log) {
        self.car_mut(seat).skill = Some(k);
        log.push(Event::Skill {
            car: seat,
            skill: k,
        });
        self.phase = Phase::Setup { seat };
    }

    /// The chart the setup tokens give.
    pub fn setup_chart(&self, points: [u8; 3]) -> Chart {
        let t = &self.race.content.setup;
        let at = |v: &[u8; 3], p: u8| v[usize::from(p.clamp(1, 3)) - 1];
        Chart {
            tyres: at(&t.tyres, points[0]),
            hand: at(&t.hand, points[1]),
            wear_slots: at(&t.wear_slots, points[2]),
        }
    }

    pub fn check_setup(&self, seat: u8, points: [u8; 3]) -> Result<(), Why> {
        let t = &self.race.content.setup;
        let tuning = self.car(seat).has(Skill::Tuning);
        match setup_error(points, tuning, t.points, t.tuning_points) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// "Depois de completar o setup, cada jogador pega tantos tokens de pneu ... e compra tantas
    /// cartas" — the deal comes once every player has set up.
    pub fn choose_setup(&mut self, seat: u8, points: [u8; 3], log: &mut impl Log) {
        let chart = self.setup_chart(points);
        let c = self.car_mut(seat);
        c.chart = chart;
        c.tyres = chart.tyres;
        log.push(Event::Setup { car: seat, chart });
        if usize::from(seat) + 1 < self.race.humans() {
            self.phase = Phase::Skill { seat: seat + 1 };
        } else {
            self.deal_next(0, log);
        }
    }

    /// A seat's starting hand is dealt: the spare car is offered once.
    pub fn after_deal(&mut self, car: u8, log: &mut impl Log) {
        if self.race.opts.free_practice && !self.car(car).spare_used {
            self.phase = Phase::SpareCar { seat: car };
            return;
        }
        self.deal_next(car + 1, log);
    }

    /// CARRO SUBSTITUTO: "descartar toda sua mão para a pilha de descarte e comprar novas
    /// cartas. Isso só pode ser feito uma vez e deve aceitar esta segunda mão".
    pub fn spare_car(&mut self, seat: u8, new: bool, log: &mut impl Log) {
        self.car_mut(seat).spare_used = true;
        log.push(Event::SpareCar { car: seat, new });
        if new {
            let hand = self.car(seat).hand;
            self.car_mut(seat).hand = super::cards::CardSet::EMPTY;
            self.discard_set(hand);
            let n = self.car(seat).chart.hand;
            if self.draw_race(seat, n, Then::Deal, log) {
                return;
            }
        }
        self.deal_next(seat + 1, log);
    }

    /// A.2 may be declared: the car's skill is Versatility or Wise Driving, its chit not turned,
    /// and nothing else of phase A done.
    pub fn a2_open(&self, car: u8, k: Skill) -> Result<(), Why> {
        let c = self.car(car);
        if !c.has(k) {
            let name = self.car_named(car);
            return Err(Why::new(
                Key::NotTheSkill,
                alloc::format!("Skills: {name} has not the {} skill", k.name()),
            )
            .with("car", name)
            .with("skill", k.name()));
        }
        if c.skill_used {
            return Err(Why::new(
                Key::SkillTurned,
                alloc::format!(
                    "Skills: the {} chit is turned until the next pit stop",
                    k.name()
                ),
            )
            .with("skill", k.name()));
        }
        if k == Skill::Versatility && self.strategies().len() < 2 {
            return Err(Why::new(
                Key::NoOtherStrategy,
                "Versatility: no other strategy to change to",
            ));
        }
        Ok(())
    }

    /// A.2 VERSATILITY: "pode trocar sua estratégia durante a prova (gire a ficha 90 graus)".
    pub fn versatility(&mut self, car: u8, log: &mut impl Log) {
        self.car_mut(car).skill_used = true;
        self.it.a2 = true;
        log.push(Event::SkillUsed {
            car,
            skill: Skill::Versatility,
        });
        self.phase = Phase::Strategy {
            car,
            why: StrategyWhy::Versatility,
        };
    }

    /// A.2 WISE DRIVING: "descartar quantas Race Cards de sua mão desejar e comprar cartas novas
    /// até seu limite de mão".
    pub fn wise_driving(&mut self, car: u8, log: &mut impl Log) {
        self.car_mut(car).skill_used = true;
        self.it.a2 = true;
        log.push(Event::SkillUsed {
            car,
            skill: Skill::WiseDriving,
        });
        self.phase = Phase::WiseDiscard { car };
    }

    /// Wise Driving's discards are done: Race Cards up to the chart's hand ("Track Cards não
    /// contam para este limite"), then the rest of phase A.
    pub fn wise_refill(&mut self, car: u8, log: &mut impl Log) {
        let c = self.car(car);
        let races = c.hand.races().len() as u8;
        let short = c.chart.hand.saturating_sub(races);
        if self.draw_race(car, short, Then::WiseRefill, log) {
            return;
        }
        self.phase = Phase::Declare { car };
    }

    /// At a pit stop: the skill chit turns back (Versatility, Wise Driving, Sixth Sense); Tuning
    /// takes one permanent wear token off ("pode remover 1 token de Dano Permanente a cada pit
    /// stop").
    pub fn pit_skills(&mut self, car: u8, log: &mut impl Log) {
        let c = self.car_mut(car);
        c.skill_used = false;
        c.sixth_used = 0;
        if c.has(Skill::Tuning) && c.brown > 0 {
            c.brown -= 1;
            self.bag[1] += 1;
            log.push(Event::SkillUsed {
                car,
                skill: Skill::Tuning,
            });
        }
    }

    /// Movement points the skill adds in phase E: Qualify's +1 at the race start; Lapping's +1
    /// per blue flag printed on the movement cards.
    pub fn skill_mp(&self, car: u8, cards: [super::cards::CardId; 2]) -> i16 {
        let c = self.car(car);
        match c.skill {
            _ if c.is_robot() => 0,
            // "ganha +1 movimento extra na largada e nas relargadas".
            Some(Skill::Qualify) if self.turn <= 1 || self.restart_turn() => 1,
            // "Ganha +1 pm para cada bandeira azul existente nas cartas usadas para movimento."
            Some(Skill::Lapping) => cards
                .iter()
                .filter(|&&id| {
                    id != NO_CARD && self.race.card(id).flag == Some(super::cards::Flag::Blue)
                })
                .count() as i16,
            _ => 0,
        }
    }
}
