//! The Legend examples' races (`legend_ladder`, `legend_trace`, `legend_lookahead`,
//! `legend_sections`, `legend_stage_trace`, each including this file by `#[path]`): one circuit
//! and laps for a whole match, so every race definition shares one cache of `hard`'s pace tables
//! (a table depends on the circuit, the laps and a car's Drive, not on the other cars).
use std::sync::Arc;

use autodromo_core::legend::bots::pace::PaceMemo;
use autodromo_core::legend::{Content, Legend};
use serde_json::json;

pub struct Races {
    content: Arc<Content>,
    /// The race's options but the cars: a circuit and laps, or a Stage race's route.
    base: serde_json::Value,
    tables: PaceMemo,
}

impl Races {
    #[allow(dead_code)]
    pub fn new(content: Arc<Content>, circuit: &str, laps: u8) -> Races {
        Races::with(content, json!({"circuit": circuit, "laps": laps}))
    }

    /// A Stage race on `route` (`legend_ladder --route`; the other examples race circuits).
    #[allow(dead_code)]
    pub fn on_route(content: Arc<Content>, route: &str) -> Races {
        Races::with(content, json!({ "route": route }))
    }

    /// Races with these options but the cars (`legend_stage_trace`: a route and an option).
    pub fn with(content: Arc<Content>, base: serde_json::Value) -> Races {
        let tables = Legend::new(content.clone(), &base)
            .expect("options")
            .race
            .pace
            .shared();
        Races {
            content,
            base,
            tables,
        }
    }

    /// A race of these cars (`neutral`: which the core drives), sharing the match's tables.
    pub fn race(&self, cars: &[String], neutral: &[bool]) -> Legend {
        let mut opts = self.base.clone();
        opts["cars"] = json!(cars);
        opts["neutral"] = json!(neutral);
        let mut g = Legend::new(self.content.clone(), &opts).expect("options");
        Arc::get_mut(&mut g.race).expect("a new race").pace = self.tables.shared();
        g
    }

    /// Against the Neutral Cars: every model through every seat (2 × models configurations), the
    /// bot's cars (`side_a`) the first half of the seats in the first half of the configurations,
    /// the second half after.
    pub fn against_neutral(&self, models: &[String]) -> Vec<(Legend, Vec<bool>)> {
        let m = models.len();
        (0..2 * m)
            .map(|r| {
                let cars: Vec<String> = (0..m).map(|k| models[(k + r) % m].clone()).collect();
                let side_a: Vec<bool> = (0..m).map(|k| (k < m / 2) == (r < m)).collect();
                let neutral: Vec<bool> = side_a.iter().map(|x| !x).collect();
                (self.race(&cars, &neutral), side_a)
            })
            .collect()
    }
    /// One against one: for each model, two cars of it, the bot's car first in one configuration
    /// and second in the next (2 × models configurations; `legend_ladder --per-side 1`).
    #[allow(dead_code)]
    pub fn one_against_neutral(&self, models: &[String]) -> Vec<(Legend, Vec<bool>)> {
        models
            .iter()
            .flat_map(|car| {
                let cars = [car.clone(), car.clone()];
                [[true, false], [false, true]]
                    .map(|side_a| (self.race(&cars, &[!side_a[0], !side_a[1]]), side_a.to_vec()))
            })
            .collect()
    }
}
