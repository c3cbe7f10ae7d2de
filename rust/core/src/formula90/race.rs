//! The static race: content, options, the track, the cars on the grid and their names.
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::car::Driver;
use super::cards::{Card, CardId, RACE_CARDS};
use super::content::{Content, RobotType};
use super::options::Options;
use super::track::Track;
use crate::error::Error;

#[derive(Debug, Clone, PartialEq)]
pub struct RaceDef {
    pub content: Arc<Content>,
    pub opts: Options,
    track: usize,
    /// Race length in game turns.
    pub turns: u8,
    /// Race Cards (ids 0..99) then this track's Track Cards.
    pub cards: Vec<Card>,
    /// Humans first (seat order), then the robots: SuperFast, Fast, Slow.
    pub drivers: Vec<Driver>,
    pub names: Vec<String>,
    pub colours: Vec<String>,
    pub hash: u64,
}

impl RaceDef {
    /// A card's movement points in a duel in `section`: doubled by its Duel Discard Power in
    /// the corner it names (the log words a revealed duel's cards with it).
    pub fn duel_points(&self, section: u8, id: CardId) -> i8 {
        let c = self.card(id);
        let own = self.track().in_corner(section, c.corner);
        if self.opts.track_powers && c.power == super::cards::Power::Duel && own {
            c.mp as i8 * 2
        } else {
            c.mp as i8
        }
    }

    pub fn new(content: Arc<Content>, opts: Options) -> Result<RaceDef, Error> {
        let track = content
            .tracks
            .iter()
            .position(|t| t.id == opts.track)
            .ok_or_else(|| Error::options("track", format!("no track {:?}", opts.track)))?;
        let t = &content.tracks[track];
        let full = if opts.short_race {
            t.short_turns
        } else {
            t.turns
        };
        let turns = opts.turns.unwrap_or(full);
        let mut cards = content.race_cards.clone();
        cards.extend(t.cards.iter().copied());
        let mut drivers = Vec::new();
        let mut names = Vec::new();
        let mut colours = Vec::new();
        for seat in 0..opts.players {
            drivers.push(Driver::Human { seat });
            let look = &content.cars[usize::from(seat)];
            names.push(look.name.clone());
            colours.push(look.colour.clone());
        }
        let counts = opts.robot_counts(&content);
        for kind in RobotType::ALL {
            let n = counts[kind as usize];
            let look = &content.robots.types[kind as usize];
            for i in 0..n {
                drivers.push(Driver::Robot(kind));
                names.push(if n == 1 {
                    look.name.clone()
                } else {
                    format!("{} {}", look.name, i + 1)
                });
                colours.push(look.colour.clone());
            }
        }
        let hash = content.race_hash(&opts.track);
        Ok(RaceDef {
            content,
            opts,
            track,
            turns,
            cards,
            drivers,
            names,
            colours,
            hash,
        })
    }

    pub fn track(&self) -> &Track {
        &self.content.tracks[self.track]
    }

    pub fn cars(&self) -> usize {
        self.drivers.len()
    }

    pub fn humans(&self) -> usize {
        usize::from(self.opts.players)
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id)]
    }

    pub fn track_cards(&self) -> u8 {
        (self.cards.len() - usize::from(RACE_CARDS)) as u8
    }

    /// A card as people read it: its check factor for a Race Card, "T<number>" for a Track Card.
    pub fn card_name(&self, id: CardId) -> String {
        match self.cards.get(usize::from(id)) {
            Some(c) if c.is_track() => format!("T{}", c.number),
            Some(c) => format!("{}", c.cf),
            // An id past this track's deck (the action space holds the largest deck's).
            None => format!(
                "T{} (not in this track's deck)",
                usize::from(id) + 1 - usize::from(RACE_CARDS)
            ),
        }
    }

    /// The id of a card by its name ("42", "T3").
    pub fn card_by_name(&self, name: &str) -> Option<CardId> {
        if let Some(n) = name.strip_prefix('T').or_else(|| name.strip_prefix('t')) {
            let n: u16 = n.parse().ok()?;
            return self
                .cards
                .iter()
                .position(|c| c.is_track() && c.number == n)
                .map(|i| i as CardId);
        }
        let cf: u8 = name.parse().ok()?;
        (1..=RACE_CARDS).contains(&cf).then(|| cf - 1)
    }
}
