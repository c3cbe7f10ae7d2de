//! Chance: the outcomes a chance phase may give, with their probabilities, and one drawn.
use super::actions::{encode, Move};
use super::state::{F90State, Phase};
use crate::game::Action;
use alloc::vec::Vec;

impl F90State {
    /// The chance outcomes here, with their probabilities (uniform draws; the wear bag by its
    /// counts).
    pub fn outcomes(&self) -> Vec<(Action, f64)> {
        let mut ids = Vec::new();
        self.legal_into(&mut ids);
        if let Phase::Wear { .. } = self.phase {
            let total = f64::from(self.bag[0]) + f64::from(self.bag[1]);
            if total == 0.0 {
                return ids.into_iter().map(|a| (a, 1.0)).collect();
            }
            return ids
                .into_iter()
                .map(|a| {
                    let n = if a == encode(Move::WearRed) {
                        self.bag[0]
                    } else {
                        self.bag[1]
                    };
                    (a, f64::from(n) / total)
                })
                .collect();
        }
        let p = 1.0 / ids.len().max(1) as f64;
        ids.into_iter().map(|a| (a, p)).collect()
    }

    /// Samples a chance outcome without building the list (the batch runner's path).
    pub fn sample(&self, rng: &mut crate::rng::SplitMix64) -> Option<Action> {
        match self.phase {
            Phase::DrawRace { .. } | Phase::Blind { .. } | Phase::WeatherCard => {
                let n = self.race_deck.len();
                (n > 0).then(|| {
                    self.race_deck
                        .nth(rng.below(n))
                        .map(|id| encode(Move::Draw(id)))
                })?
            }
            Phase::DrawTrack { .. } => {
                let n = self.track_deck.len();
                (n > 0).then(|| {
                    self.track_deck
                        .nth(rng.below(n))
                        .map(|id| encode(Move::Draw(id)))
                })?
            }
            Phase::Wear { .. } => {
                let total = u32::from(self.bag[0]) + u32::from(self.bag[1]);
                let brown = total > 0 && rng.below(total) >= u32::from(self.bag[0]);
                Some(encode(if brown {
                    Move::WearBrown
                } else {
                    Move::WearRed
                }))
            }
            _ => {
                let o = self.outcomes();
                if o.is_empty() {
                    return None;
                }
                Some(o[rng.below(o.len() as u32) as usize].0)
            }
        }
    }
}
