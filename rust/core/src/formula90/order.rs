//! Cars in their sections: the physical order on the track, the race order, the Leader and the
//! activation order (Ativar Seção, FAS).
use alloc::vec::Vec;

use super::car::Status;
use super::options::MAX_CARS;
use super::state::F90State;

impl F90State {
    pub fn order_slice(&self) -> &[u8] {
        &self.order[..usize::from(self.on_track)]
    }

    pub fn index_of(&self, car: u8) -> Option<usize> {
        self.order_slice().iter().position(|&c| c == car)
    }

    fn remove_from_order(&mut self, car: u8) {
        if let Some(i) = self.index_of(car) {
            let s = self.cars[usize::from(car)].section;
            let place = self.order[..i]
                .iter()
                .filter(|&&c| self.cars[usize::from(c)].section == s)
                .count() as u8;
            self.yellow_car_left(s, place);
            let n = usize::from(self.on_track);
            self.order.copy_within(i + 1..n, i);
            self.on_track -= 1;
        }
    }

    fn insert_at(&mut self, i: usize, car: u8) {
        let n = usize::from(self.on_track);
        self.order.copy_within(i..n, i + 1);
        self.order[i] = car;
        self.on_track += 1;
    }

    /// Puts `car` last in `section`, behind every car there (a pit stop, a late brake, a
    /// re-entry, the grid).
    pub fn place_last(&mut self, car: u8, section: u8) {
        self.remove_from_order(car);
        self.cars[usize::from(car)].section = section;
        // Sections run from the highest index at the front of the list to 0 at its end.
        let at = self
            .order_slice()
            .iter()
            .position(|&c| self.cars[usize::from(c)].section < section)
            .unwrap_or(usize::from(self.on_track));
        self.insert_at(at, car);
    }

    pub fn take_off_track(&mut self, car: u8) {
        self.remove_from_order(car);
    }

    /// The car just ahead of `car` in its own section, if any.
    pub fn ahead_in_section(&self, car: u8) -> Option<u8> {
        let i = self.index_of(car)?;
        let s = self.cars[usize::from(car)].section;
        (i > 0)
            .then(|| self.order[i - 1])
            .filter(|&o| self.cars[usize::from(o)].section == s)
    }

    /// `car` goes ahead of the car just before it in the list.
    pub fn swap_ahead(&mut self, car: u8) {
        if let Some(i) = self.index_of(car).filter(|&i| i > 0) {
            self.order.swap(i, i - 1);
        }
    }

    /// The car at the front of its section enters the next one, last there; crossing the
    /// finish line completes a lap.
    pub fn enter_next_section(&mut self, car: u8) {
        let s = self.cars[usize::from(car)].section;
        let next = self.race.track().next(s);
        if next == 0 {
            // From the head of the list (the last section) to its tail (section 0).
            self.remove_from_order(car);
            self.cars[usize::from(car)].section = 0;
            self.cars[usize::from(car)].lap += 1;
            let n = usize::from(self.on_track);
            self.insert_at(n, car);
        } else {
            // Already adjacent: the front of `s` is right behind the back of `next`.
            self.yellow_car_left(s, 0);
            self.cars[usize::from(car)].section = next;
        }
    }

    /// The cars in `section`, front first (on the track only).
    pub fn section_cars(&self, section: u8) -> impl Iterator<Item = u8> + '_ {
        self.order_slice()
            .iter()
            .copied()
            .filter(move |&c| self.cars[usize::from(c)].section == section)
    }

    /// Every car not retired, in physical order, with each off-track car at the very back of
    /// the section where it lost control: where it plays and how it ranks.
    pub fn scan_order(&self) -> ([u8; MAX_CARS], usize) {
        let mut out = [0u8; MAX_CARS];
        let mut n = 0;
        let mut off: u16 = 0;
        for c in 0..self.n {
            if self.cars[usize::from(c)].off_track() {
                off |= 1 << c;
            }
        }
        let list = self.order_slice();
        for (i, &c) in list.iter().enumerate() {
            out[n] = c;
            n += 1;
            if off == 0 {
                continue;
            }
            let s = self.cars[usize::from(c)].section;
            let last_of_section = list
                .get(i + 1)
                .is_none_or(|&d| self.cars[usize::from(d)].section != s);
            if last_of_section {
                for o in 0..self.n {
                    if off >> o & 1 == 1 && self.cars[usize::from(o)].section == s {
                        out[n] = o;
                        n += 1;
                        off &= !(1 << o);
                    }
                }
            }
        }
        // Off-track cars of sections holding nobody, in their place along the loop.
        for o in 0..self.n {
            if off >> o & 1 == 0 {
                continue;
            }
            let s = self.cars[usize::from(o)].section;
            let at = out[..n]
                .iter()
                .position(|&c| self.cars[usize::from(c)].section < s)
                .unwrap_or(n);
            out.copy_within(at..n, at + 1);
            out[at] = o;
            n += 1;
        }
        (out, n)
    }

    /// How far a car is along the race: laps, then section, then its place in the physical
    /// order (higher is further ahead).
    fn race_key(&self, car: u8, place: usize) -> (i16, u8, i32) {
        let c = &self.cars[usize::from(car)];
        (c.lap, c.section, -(place as i32))
    }

    /// Cars still in the race, leader first (the race order the winner is read from).
    pub fn race_order(&self) -> Vec<u8> {
        let (scan, n) = self.scan_order();
        let mut v: Vec<(u8, (i16, u8, i32))> = scan[..n]
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, self.race_key(c, i)))
            .collect();
        v.sort_by_key(|x| core::cmp::Reverse(x.1));
        v.into_iter().map(|(c, _)| c).collect()
    }

    /// The Leader: the car furthest ahead in the race (laps, then section, then place in the
    /// section; a car off the track ranks behind every car of its section).
    pub fn leader(&self) -> Option<u8> {
        let mut best: Option<(u8, (i16, u8, i32))> = None;
        let mut consider = |c: u8, key: (i16, u8, i32)| {
            if best.is_none_or(|(_, k)| key > k) {
                best = Some((c, key));
            }
        };
        for (i, &c) in self.order_slice().iter().enumerate() {
            let car = &self.cars[usize::from(c)];
            consider(c, (car.lap, car.section, -(i as i32)));
        }
        for c in 0..self.n {
            let car = &self.cars[usize::from(c)];
            if car.off_track() {
                consider(c, (car.lap, car.section, -(1000 + i32::from(c))));
            }
        }
        best.map(|(c, _)| c)
    }

    /// Which side of the Leader line `car` is on: 1 if it is ahead of the Leader in the
    /// Leader's own section (a lapped car beyond the "linha divisória"), else 0.
    pub fn side_of(&self, car: u8, leader: Option<u8>) -> u8 {
        let Some(l) = leader else { return 0 };
        if l == car || self.cars[usize::from(l)].section != self.cars[usize::from(car)].section {
            return 0;
        }
        match (self.index_of(car), self.index_of(l)) {
            (Some(a), Some(b)) if a < b => 1,
            _ => 0,
        }
    }

    /// The next car to play: scanning from the Leader's place backwards round the whole loop,
    /// the first car that has not played this game turn (ATIVAR SEÇÃO: "A próxima seção a ser
    /// ativada é a seção imediatamente atrás do líder que contenham carros que ainda não foram
    /// ativados"). Cars ahead of the Leader in his own section come last.
    pub fn next_to_play(&self) -> Option<u8> {
        let (scan, n) = self.scan_order();
        let list = &scan[..n];
        // An off-track Leader hands the front to the car furthest ahead in the section where
        // he lost control ("o token do Líder é atribuído ao carro que esteja mais à frente na
        // seção onde ele perdeu o controle"): the front of that section.
        let start = self
            .leader()
            .and_then(|l| {
                let car = &self.cars[usize::from(l)];
                if car.off_track() {
                    list.iter()
                        .position(|&c| self.cars[usize::from(c)].section == car.section)
                } else {
                    list.iter().position(|&c| c == l)
                }
            })
            .unwrap_or(0);
        (0..n)
            .map(|k| list[(start + k) % n])
            .find(|&c| !self.cars[usize::from(c)].played)
    }

    /// Per car, its place in the race (0 = the leader), retired cars last by retirement.
    pub fn places(&self) -> Vec<u32> {
        let mut place = alloc::vec![0u32; self.n()];
        let order = self.race_order();
        for (i, &c) in order.iter().enumerate() {
            place[usize::from(c)] = i as u32;
        }
        let mut retired: Vec<(u8, u8)> = (0..self.n)
            .filter_map(|c| match self.cars[usize::from(c)].status {
                Status::Retired { order } => Some((c, order)),
                _ => None,
            })
            .collect();
        // A later retirement went further.
        retired.sort_by_key(|x| core::cmp::Reverse(x.1));
        for (k, (c, _)) in retired.into_iter().enumerate() {
            place[usize::from(c)] = (order.len() + k) as u32;
        }
        place
    }
}
