//! Race Cards and Track Cards: what a card is, and sets of cards as bitsets.
//!
//! A card is named by one small id: Race Cards `0..99` (the card whose check factor is `id + 1`:
//! our deck has exactly one card per check factor 1–99), Track Cards `99..99 + n` in the order of
//! their track's deck. Hands, piles and frozen duel cards are `CardSet`s, so a state is a plain
//! value and conserving the 99 Race Cards is a matter of disjoint bits.

/// The 99 Race Cards, one per check factor.
pub const RACE_CARDS: u8 = 99;
/// At most this many Track Cards in one track's deck.
pub const MAX_TRACK_CARDS: u8 = 48;
/// Race Cards plus the largest Track deck.
pub const MAX_CARDS: usize = RACE_CARDS as usize + MAX_TRACK_CARDS as usize;

pub type CardId = u8;

/// The four kinds of card, by the colour the book prints them in (Cartas: "Velocidade
/// (vermelha)", "Manobra (verde)", "Marcha (laranja)", "Eventos (amarela)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Speed.
    Red,
    /// Manoeuvre.
    Green,
    /// Gear.
    Orange,
    /// Event.
    Yellow,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Orange, Colour::Yellow];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Orange => "orange",
            Colour::Yellow => "yellow",
        }
    }

    pub fn parse(s: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == s)
    }

    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A check symbol on a card: normal (any card of the hand, a movement card or a blind draw) or
/// blind (only the top of the Race deck), with the modifier it prints on the Target Check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Test {
    pub blind: bool,
    pub modifier: i8,
}

/// Flags printed on cards (D.4): the advanced Flags module reads them; a basic race ignores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    Yellow,
    Green,
    Blue,
    Orange,
}

impl Flag {
    pub fn name(self) -> &'static str {
        match self {
            Flag::Yellow => "yellow",
            Flag::Green => "green",
            Flag::Blue => "blue",
            Flag::Orange => "orange",
        }
    }
}

/// Discard Powers of Track Cards (advanced module: "Mais Sobre Track Cards").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Power {
    None,
    LateBrake,
    Extreme,
    Duel,
}

/// One card as every rule reads it. Race Cards and Track Cards share the shape; a Track Card
/// also names its corner and may carry the icons and powers of the advanced module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card {
    pub colour: Colour,
    /// Movement points (PM): 1–4 on Race Cards, up to 6 on Track Cards.
    pub mp: u8,
    /// The check factor in the red diamond, 1–99.
    pub cf: u8,
    /// D.1 costs: tyre tokens, cards to discard, wear tokens to draw.
    pub tyres: u8,
    pub discard: u8,
    pub wear: u8,
    /// D.3: Race Cards drawn.
    pub draw: u8,
    pub test: Option<Test>,
    pub flag: Option<Flag>,
    pub weather: bool,
    /// Track Cards: the corner number it refers to (0 on Race Cards) and its printed number.
    pub corner: u8,
    pub number: u16,
    /// Track Card icons (advanced): pairs with any card; passes in one corner as on a straight.
    pub combine: bool,
    pub corner_pass: bool,
    pub power: Power,
}

impl Card {
    pub fn is_track(&self) -> bool {
        self.corner != 0
    }
}

pub fn is_track_id(id: CardId) -> bool {
    id >= RACE_CARDS
}

/// A set of cards: Race Cards in `race` (bit `id`), Track Cards in `track` (bit `id - 99`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet {
    pub race: u128,
    pub track: u64,
}

impl CardSet {
    pub const EMPTY: CardSet = CardSet { race: 0, track: 0 };

    pub fn race_all() -> CardSet {
        CardSet {
            race: (1u128 << RACE_CARDS) - 1,
            track: 0,
        }
    }

    pub fn track_all(n: u8) -> CardSet {
        CardSet {
            race: 0,
            track: if n >= 64 { u64::MAX } else { (1u64 << n) - 1 },
        }
    }

    pub fn one(id: CardId) -> CardSet {
        let mut s = CardSet::EMPTY;
        s.insert(id);
        s
    }

    pub fn contains(&self, id: CardId) -> bool {
        if id < RACE_CARDS {
            self.race >> id & 1 == 1
        } else {
            self.track >> (id - RACE_CARDS) & 1 == 1
        }
    }

    pub fn insert(&mut self, id: CardId) {
        if id < RACE_CARDS {
            self.race |= 1 << id;
        } else {
            self.track |= 1 << (id - RACE_CARDS);
        }
    }

    pub fn remove(&mut self, id: CardId) {
        if id < RACE_CARDS {
            self.race &= !(1 << id);
        } else {
            self.track &= !(1 << (id - RACE_CARDS));
        }
    }

    pub fn len(&self) -> u32 {
        self.race.count_ones() + self.track.count_ones()
    }

    pub fn is_empty(&self) -> bool {
        self.race == 0 && self.track == 0
    }

    pub fn union(self, o: CardSet) -> CardSet {
        CardSet {
            race: self.race | o.race,
            track: self.track | o.track,
        }
    }

    pub fn minus(self, o: CardSet) -> CardSet {
        CardSet {
            race: self.race & !o.race,
            track: self.track & !o.track,
        }
    }

    pub fn intersect(self, o: CardSet) -> CardSet {
        CardSet {
            race: self.race & o.race,
            track: self.track & o.track,
        }
    }

    pub fn intersects(&self, o: &CardSet) -> bool {
        self.race & o.race != 0 || self.track & o.track != 0
    }

    /// Race Cards only.
    pub fn races(self) -> CardSet {
        CardSet {
            race: self.race,
            track: 0,
        }
    }

    /// Track Cards only.
    pub fn tracks(self) -> CardSet {
        CardSet {
            race: 0,
            track: self.track,
        }
    }

    /// The ids in increasing order (Race Cards first).
    pub fn iter(&self) -> CardIter {
        CardIter {
            race: self.race,
            track: self.track,
        }
    }

    /// The `k`-th id in increasing order, if any: a uniform draw picks `k` below `len()`.
    pub fn nth(&self, mut k: u32) -> Option<CardId> {
        let n = self.race.count_ones();
        if k < n {
            let mut r = self.race;
            for _ in 0..k {
                r &= r - 1;
            }
            return Some(r.trailing_zeros() as u8);
        }
        k -= n;
        if k < self.track.count_ones() {
            let mut t = self.track;
            for _ in 0..k {
                t &= t - 1;
            }
            return Some(RACE_CARDS + t.trailing_zeros() as u8);
        }
        None
    }
}

#[derive(Debug, Clone)]
pub struct CardIter {
    race: u128,
    track: u64,
}

impl Iterator for CardIter {
    type Item = CardId;
    fn next(&mut self) -> Option<CardId> {
        if self.race != 0 {
            let i = self.race.trailing_zeros() as u8;
            self.race &= self.race - 1;
            return Some(i);
        }
        if self.track != 0 {
            let i = self.track.trailing_zeros() as u8;
            self.track &= self.track - 1;
            return Some(RACE_CARDS + i);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_insert_remove_and_count() {
        let mut s = CardSet::EMPTY;
        s.insert(0);
        s.insert(98);
        s.insert(99);
        s.insert(120);
        assert_eq!(s.len(), 4);
        assert!(s.contains(98) && s.contains(120) && !s.contains(1));
        assert_eq!(s.iter().collect::<alloc::vec::Vec<_>>(), [0, 98, 99, 120]);
        assert_eq!(s.nth(2), Some(99));
        assert_eq!(s.nth(4), None);
        s.remove(98);
        assert_eq!(s.len(), 3);
        assert_eq!(CardSet::race_all().len(), 99);
    }
}
