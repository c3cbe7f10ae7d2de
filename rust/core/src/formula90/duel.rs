//! Duels (ATIVANDO SEÇÕES DE CURVA, Procedimentos e Resolução dos Duelos, Mais Sobre Duelos,
//! and the robots' rules of Ativação da Seção).
use super::car::NO_CARD;
use super::cards::{CardId, CardSet};
use super::events::{Event, Log, Retire};
use super::options::{TieWear, MAX_CARS};
use super::rules::{Strategy, BANGING_WHEELS_DUEL};
use super::state::{Duel, F90State, Phase, Then};

impl F90State {
    fn member(&self, i: u8) -> u8 {
        self.duel.members[usize::from(i)]
    }

    fn bit(i: u8) -> u16 {
        1 << i
    }

    /// A corner (sub)section is activated: its cars, front to back, and who may still duel.
    pub fn start_duel(&mut self, car: u8, log: &mut impl Log) {
        let section = self.car(car).section;
        let leader = self.leader();
        let side = self.side_of(car, leader);
        let mut d = Duel::NONE;
        d.section = section;
        d.side = side;
        let bit = 1u64 << section;
        let cars: alloc::vec::Vec<u8> = self
            .section_cars(section)
            .filter(|&o| self.side_of(o, leader) == side)
            .collect();
        for (i, &o) in cars.iter().enumerate() {
            d.members[i] = o;
            // "todos estão limitados a apenas uma chance de duelar em cada seção (ou sub-seção)".
            if self.car(o).duel_chances[usize::from(side)] & bit == 0 {
                d.eligible |= 1 << i;
            }
            self.car_mut(o).duel_chances[usize::from(side)] |= bit;
        }
        d.len = cars.len() as u8;
        d.at = d.len;
        self.duel = d;
        log.push(Event::DuelCalled { section });
        self.next_challenger(log);
    }

    /// Whether member `i` can put cards on the table.
    fn has_duel_cards(&self, i: u8) -> bool {
        let c = self.car(self.member(i));
        c.is_robot() || !c.hand.is_empty()
    }

    /// A car may start a duel if it has not played this turn, still has its chance here, and
    /// some car ahead of it in the (sub)section can answer.
    fn may_challenge(&self, i: u8) -> bool {
        let d = &self.duel;
        let c = self.car(self.member(i));
        d.eligible & Self::bit(i) != 0
            && !c.played
            && self.has_duel_cards(i)
            && (0..i).any(|j| d.eligible & Self::bit(j) != 0 && self.has_duel_cards(j))
    }

    /// Robots challenge only a player on their own lap ahead of them ("Houver pelo menos um
    /// jogador humano à frente deste robô na seção na mesma volta"), never one with more laps
    /// ("nunca iniciará um duelo na tentativa de recuperar volta"). A robot a lap down may still
    /// duel a player on that same lap (the book's Curve 1 example).
    fn robot_challenges(&self, i: u8) -> bool {
        let r = self.member(i);
        let lap = self.car(r).lap;
        (0..i).any(|j| {
            let o = self.car(self.member(j));
            !o.is_robot() && o.lap == lap && self.duel.eligible & Self::bit(j) != 0
        })
    }

    /// Robots join when a player on their lap has challenged (defence), never ahead of the
    /// Leader in his section ("não vai aceitar um duelo caso esteja à frente do líder").
    fn robot_joins(&self, i: u8) -> bool {
        let Some(ch) = self.duel.challenger else {
            return false;
        };
        let c = self.car(self.member(ch));
        !c.is_robot() && c.lap == self.car(self.member(i)).lap && self.duel.side == 0
    }

    /// Laps the Leader has put between himself and `car`.
    pub fn laps_down(&self, car: u8) -> i16 {
        let Some(l) = self.leader() else { return 0 };
        let n = self.race.track().len() as i32;
        let d = |c: u8| i32::from(self.car(c).lap) * n + i32::from(self.car(c).section);
        let gap = d(l) - d(car);
        let mut laps = gap.div_euclid(n) as i16;
        if gap.rem_euclid(n) == 0 && laps > 0 {
            // Same section: lapped that many times only once the Leader got past it.
            let (scan, k) = self.scan_order();
            let pos = |x: u8| scan[..k].iter().position(|&c| c == x);
            if pos(l) > pos(car) {
                laps -= 1;
            }
        }
        laps.max(0)
    }

    /// "cada carro na seção, começando da última posição e movendo-se para frente, anuncia se
    /// deseja iniciar um duelo".
    pub fn next_challenger(&mut self, log: &mut impl Log) {
        while self.duel.at > 0 {
            let i = self.duel.at - 1;
            self.duel.at = i;
            if !self.may_challenge(i) {
                continue;
            }
            let car = self.member(i);
            if self.car(car).is_robot() {
                if self.robot_challenges(i) {
                    return self.challenge(i, log);
                }
                continue;
            }
            self.phase = Phase::Challenge { car };
            return;
        }
        log.push(Event::NoDuel {
            section: self.duel.section,
        });
        self.activate_next(log);
    }

    pub fn challenge(&mut self, i: u8, log: &mut impl Log) {
        self.duel.challenger = Some(i);
        self.duel.joined = Self::bit(i);
        log.push(Event::Challenge {
            car: self.member(i),
        });
        self.next_joiner(log);
    }

    /// "Todos os demais à frente dele devem imediatamente anunciar se vão ou não participar".
    pub fn next_joiner(&mut self, log: &mut impl Log) {
        while self.duel.at > 0 {
            let i = self.duel.at - 1;
            self.duel.at = i;
            if self.duel.eligible & Self::bit(i) == 0 {
                continue;
            }
            let car = self.member(i);
            if !self.has_duel_cards(i) {
                self.duel.declined |= Self::bit(i);
                continue;
            }
            if self.car(car).is_robot() {
                if self.robot_joins(i) {
                    self.duel.joined |= Self::bit(i);
                    log.push(Event::Join { car, join: true });
                } else {
                    self.duel.declined |= Self::bit(i);
                    log.push(Event::Join { car, join: false });
                }
                continue;
            }
            self.phase = Phase::Join { car };
            return;
        }
        self.duel.at = self.duel.len;
        self.next_duel_cards(log);
    }

    pub fn answer(&mut self, car: u8, join: bool, log: &mut impl Log) {
        let i = self.duel.at;
        if join {
            self.duel.joined |= Self::bit(i);
        } else {
            self.duel.declined |= Self::bit(i);
        }
        log.push(Event::Join { car, join });
        self.next_joiner(log);
    }

    /// The participants lay their cards face down, from the back; robots draw two at random.
    pub fn next_duel_cards(&mut self, log: &mut impl Log) {
        while self.duel.at > 0 {
            let i = self.duel.at - 1;
            self.duel.at = i;
            if self.duel.joined & Self::bit(i) == 0 {
                continue;
            }
            let car = self.member(i);
            if self.car(car).is_robot() {
                // "Em um duelo robôs jogam duas cartas compradas aleatoriamente."
                if self.draw_race(car, 2, Then::DuelRobot, log) {
                    return;
                }
                self.robot_duel_sum(i);
                continue;
            }
            self.phase = Phase::DuelCards { car };
            return;
        }
        self.resolve_duel(log);
    }

    pub(super) fn modifiers(&self, i: u8) -> i8 {
        let car = self.member(i);
        let mut m = 0;
        // "Qualquer participante, com exceção do primeiro carro da seção, recebe ... o quadro".
        if i != 0 {
            m += self.race.track().sections[usize::from(self.duel.section)].duel;
        }
        if self.car(car).uses(Strategy::BangingWheels) {
            m += BANGING_WHEELS_DUEL;
        }
        m
    }

    pub fn duel_cards(&mut self, car: u8, a: CardId, b: Option<CardId>, log: &mut impl Log) {
        let i = self.duel.at;
        let mut sum = 0i8;
        for id in [Some(a), b].into_iter().flatten() {
            let c = self.car_mut(car);
            c.hand.remove(id);
            c.frozen.insert(id);
            self.duel.cards.insert(id);
            sum += self.duel_mp(id);
        }
        self.duel.sums[usize::from(i)] = sum + self.modifiers(i);
        log.push(Event::DuelSealed { car });
        self.next_duel_cards(log);
    }

    /// A robot's two drawn cards are its duel cards (only this duel's: a robot may duel twice
    /// in a game turn, "Mais Sobre Duelos", and its earlier cards stay frozen beside it).
    pub fn robot_duel_sum(&mut self, i: u8) {
        self.duel.sums[usize::from(i)] = self.sealed_sum(i);
    }

    /// Member `i`'s total from the cards it laid face down in this duel and its modifiers.
    pub fn sealed_sum(&self, i: u8) -> i8 {
        let cards: i8 = self
            .sealed_of(self.member(i))
            .iter()
            .map(|id| self.duel_mp(id))
            .sum();
        cards + self.modifiers(i)
    }

    /// The reveal: participants by total, then those who declined, behind the challenger; ties
    /// collide (one wear each) and keep their order.
    fn resolve_duel(&mut self, log: &mut impl Log) {
        let d = self.duel;
        self.duel.revealed = true;
        let len = usize::from(d.len);
        let mut parts: alloc::vec::Vec<u8> = (0..d.len)
            .filter(|&i| d.joined & Self::bit(i) != 0)
            .collect();
        parts.sort_by(|&a, &b| {
            d.sums[usize::from(b)]
                .cmp(&d.sums[usize::from(a)])
                .then(a.cmp(&b))
        });
        let decliners: alloc::vec::Vec<u8> = (0..d.len)
            .filter(|&i| d.declined & Self::bit(i) != 0)
            .collect();
        let slots: alloc::vec::Vec<u8> = (0..d.len)
            .filter(|&i| (d.joined | d.declined) & Self::bit(i) != 0)
            .collect();
        let mut new = [0u8; MAX_CARS];
        new[..len].copy_from_slice(&d.members[..len]);
        for (slot, who) in slots.iter().zip(parts.iter().chain(decliners.iter())) {
            new[usize::from(*slot)] = d.members[usize::from(*who)];
        }
        // The (sub)section's cars are contiguous in the order list.
        if let Some(base) = self.index_of(d.members[0]) {
            self.order[base..base + len].copy_from_slice(&new[..len]);
        }
        let cards: alloc::vec::Vec<(u8, i8)> = parts
            .iter()
            .map(|&i| (d.members[usize::from(i)], d.sums[usize::from(i)]))
            .collect();
        // The cards turned face up, in the same order: this duel's, beside each participant.
        let mut laid = [[NO_CARD; 2]; MAX_CARS];
        for (slot, &(car, _)) in laid.iter_mut().zip(&cards) {
            for (to, id) in slot
                .iter_mut()
                .zip(self.car(car).frozen.intersect(d.cards).iter())
            {
                *to = id;
            }
        }
        log.push(Event::DuelReveal {
            section: d.section,
            result: cards_result(&cards),
            cards: laid,
        });
        // Ties among the participants: a collision.
        let mut tie_wear = 0u16;
        for &i in &parts {
            let s = d.sums[usize::from(i)];
            let group = parts
                .iter()
                .filter(|&&j| d.sums[usize::from(j)] == s)
                .count();
            if group > 1 && !self.car(d.members[usize::from(i)]).is_robot() {
                tie_wear |= Self::bit(i);
            }
        }
        self.duel.tie_wear = tie_wear;
        // Banging Wheels: "Sempre que vencer um duelo contra todos os oponentes numa curva".
        if parts.len() > 1 {
            let w = parts[0];
            let wc = d.members[usize::from(w)];
            let clear = d.sums[usize::from(w)] > d.sums[usize::from(parts[1])];
            if clear && self.car(wc).uses(Strategy::BangingWheels) && !self.car(wc).special_taken {
                self.car_mut(wc).special_taken = true;
                self.duel.at = w;
                log.push(Event::Special {
                    car: wc,
                    strategy: Strategy::BangingWheels,
                });
                if self.draw_track(wc, Then::DuelSpecial, log) {
                    return;
                }
            }
        }
        self.next_tie_wear(log);
    }

    /// Each tied car draws its wear; a car with no room left retires.
    pub fn next_tie_wear(&mut self, log: &mut impl Log) {
        let d = self.duel;
        for i in 0..d.len {
            if d.tie_wear & Self::bit(i) == 0 {
                continue;
            }
            self.duel.tie_wear &= !Self::bit(i);
            let car = d.members[usize::from(i)];
            if self.car(car).retired() {
                continue;
            }
            let s = d.sums[usize::from(i)];
            let group = (0..d.len)
                .filter(|&j| d.joined & Self::bit(j) != 0 && d.sums[usize::from(j)] == s)
                .count() as u8;
            let tokens = match self.race.opts.duel_tie_wear {
                TieWear::One => 1,
                TieWear::PerOther => group - 1,
            };
            self.phase = Phase::Wear {
                car,
                left: tokens,
                then: Then::DuelTie,
            };
            return;
        }
        self.activate_next(log);
    }

    /// A wear token a duel's tie could not place: the car retires.
    pub fn duel_wear_retire(&mut self, car: u8, log: &mut impl Log) {
        self.retire(car, Retire::Wear, log);
        self.next_tie_wear(log);
    }

    pub fn duel_member_index(&self, car: u8) -> Option<u8> {
        (0..self.duel.len).find(|&i| self.member(i) == car)
    }

    /// The duel cards lying face down now: the current duel's until its reveal ("VIRADAS PARA
    /// BAIXO" ... "Todas as cartas são reveladas ao mesmo tempo"). A robot's two drawn cards
    /// lie face down too (decision 8). Cards frozen in an earlier, revealed duel are face up.
    pub fn face_down(&self) -> CardSet {
        if self.duel.len > 0 && !self.duel.revealed {
            self.duel.cards
        } else {
            CardSet::EMPTY
        }
    }

    /// `car`'s duel cards lying face down now.
    pub fn sealed_of(&self, car: u8) -> CardSet {
        self.car(car).frozen.intersect(self.face_down())
    }
}

fn cards_result(list: &[(u8, i8)]) -> [(u8, i8); MAX_CARS] {
    let mut out = [(u8::MAX, 0i8); MAX_CARS];
    for (o, &x) in out.iter_mut().zip(list) {
        *o = x;
    }
    out
}

impl F90State {
    /// A card's points in the duel: a Track Card with the duel Discard Power counts double in a
    /// duel in its own corner ("seu PM dobra em um duelo na sua própria curva").
    pub fn duel_mp(&self, id: CardId) -> i8 {
        self.race.duel_points(self.duel.section, id)
    }
}
