//! ROBÔS: the simplified individual turn (A, D, E, F). Robots hold no chart, cards, tyres or
//! wear; they pit once for their chit, move their fixed points plus any trajectory bonus, and
//! take the best free trajectory where they stop.
use super::events::Log;
use super::state::F90State;

impl F90State {
    pub fn robot_turn(&mut self, car: u8, log: &mut impl Log) {
        let c = self.car(car);
        if c.just_pit {
            // "Quando sua seção for ativada novamente, remova o token Just Pit ... e mova".
            self.car_mut(car).just_pit = false;
        } else if c.must_pit {
            // A: "Ele deve realizar um pit stop sempre que o peão do turno alcançar seu token".
            self.pit(car, 0, log);
            return;
        }
        if self.on_extreme(car) {
            // D: "Se um robô estiver ocupando uma ET, ele deverá realizar um teste cego contra o
            // Target Check de 70 mais/menos qualquer modificador".
            log.push(super::events::Event::ExtremeTry { car });
            return self.blind(car, super::state::Check::Extreme, log);
        }
        self.robot_move(car, log);
    }

    /// E: the robot's fixed points plus its trajectory's (or a passed ET's) bonus, minus any
    /// time loss.
    pub fn robot_move(&mut self, car: u8, log: &mut impl Log) {
        let kind = self.car(car).robot().expect("a robot");
        let base = self.race.content.robots.types[kind as usize].mp as i16;
        // "Os robôs então somam os bônus de trajetória ao seu PM sem a necessidade de jogar
        // qualquer carta e deduzem qualquer penalidade."
        let bonus =
            self.standing_on(car).map_or(0, |t| i16::from(t.bonus)) + i16::from(self.it.et_mp);
        let loss = i16::from(self.car(car).time_loss);
        self.car_mut(car).time_loss = 0;
        self.begin_move(car, (base + bonus - loss).clamp(-20, 60) as i8, log);
    }
}
