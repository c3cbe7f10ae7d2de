//! Where a play of cards takes the car, worked out before it is made: Track Card eligibility
//! ("você pode jogar uma Track Card na fase C apenas se puder comprovar ... que seu carro vai
//! conseguir passar por pelo menos uma das seções de curvas informada na carta") and
//! `plan_moves()`, each card choice's landing section, costs and checks for a page or a bot.
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::actions::{decode, Move};
use super::car::{Status, NO_CARD};
use super::cards::CardId;
use super::events::NoLog;
use super::rules::Pass;
use super::state::{F90State, Phase};
use crate::game::Action;

/// What a move would do if every leader check on the way passed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DryRun {
    /// Sections the move starts in or enters, as bits.
    pub visited: u64,
    /// Per corner number, the leader checks met before first reaching it (bit 63: never).
    pub checks_before: [u8; 16],
    pub landing: u8,
    pub lap: i16,
    pub sections: u8,
    pub passes: u8,
    pub leader_checks: u8,
    /// Movement points lost when a car stopped the move.
    pub lost: i8,
    /// Ends in a braking zone with a late-braking point.
    pub late_brake: bool,
}

impl F90State {
    /// A copy for trying things out: everything but the history and the log.
    pub fn scratch(&self) -> F90State {
        F90State {
            race: self.race.clone(),
            history: Vec::new(),
            events: Vec::new(),
            ..*self
        }
    }

    /// The movement points a play would give (cards, trajectory, minus a time loss).
    pub fn play_mp(&self, car: u8, cards: [CardId; 2], trajectory: bool) -> i8 {
        let mut mp: i16 = cards
            .iter()
            .filter(|&&c| c != NO_CARD)
            .map(|&c| i16::from(self.race.card(c).mp))
            .sum();
        if trajectory {
            mp += self.standing_on(car).map_or(0, |t| i16::from(t.bonus));
            // An Extreme Trajectory as if its test passed (a plan, like leader checks).
            if self.on_extreme(car) {
                mp += self
                    .extreme_in(self.car(car).section)
                    .map_or(0, |e| i16::from(e.bonus));
            }
        }
        mp -= i16::from(self.car(car).time_loss);
        mp += self.skill_mp(car, cards);
        // The strategies' bonuses known in phase C: Chase's point, Hazard's wear from cards.
        let c = self.car(car);
        if c.uses(super::rules::Strategy::Chase) && self.it.car == car {
            mp += i16::from(self.it.chase_mp);
        }
        if c.uses(super::rules::Strategy::Hazard) {
            mp += cards
                .iter()
                .filter(|&&id| id != NO_CARD)
                .map(|&id| i16::from(self.race.card(id).wear))
                .sum::<i16>();
        }
        mp -= i16::from(self.tyre_loss(car));
        mp.clamp(-20, 60) as i8
    }

    /// Moves `car` with `mp` on a scratch copy, every leader check passing.
    pub fn dry_run(&self, car: u8, mp: i8) -> DryRun {
        self.dry_run_with(car, mp, false)
    }

    /// A dry run with the "-1" icon played (`icon`) or as the turn stands.
    pub fn dry_run_with(&self, car: u8, mp: i8, icon: bool) -> DryRun {
        let mut s = self.scratch();
        if icon {
            s.it.car = car;
            s.it.corner_pass = super::state::CORNER_PASS_READY;
        }
        let mut r = DryRun {
            checks_before: [u8::MAX; 16],
            ..DryRun::default()
        };
        let track_len = self.race.track().len();
        let mark = |r: &mut DryRun, s: &F90State, section: u8| {
            r.visited |= 1u64 << section;
            let corner = s.race.track().sections[usize::from(section)].corner;
            if corner != 0
                && usize::from(corner) < 16
                && r.checks_before[usize::from(corner)] == u8::MAX
            {
                r.checks_before[usize::from(corner)] = r.leader_checks;
            }
        };
        s.it.mp_left = mp;
        if let Status::OffTrack { reentry } = s.car(car).status {
            s.reenter(car, reentry, &mut NoLog);
            s.it.mp_left -= 1;
            if mp <= 0 {
                s.it.mp_left = 0;
            }
        }
        mark(&mut r, &s, s.car(car).section);
        let mut guard = 0;
        while s.it.mp_left > 0 && guard < 4 * track_len + 64 {
            guard += 1;
            match s.next_pass(car) {
                Some(p) => {
                    let k = match p.pass {
                        Pass::Costs(k) if i16::from(k) <= i16::from(s.it.mp_left) => k,
                        _ => {
                            r.lost = s.it.mp_left;
                            break;
                        }
                    };
                    if p.leader_check {
                        r.leader_checks += 1;
                    }
                    s.pass(car, p, k, &mut NoLog);
                    r.passes += 1;
                }
                None => {
                    s.it.mp_left -= 1;
                    s.enter_next_section(car);
                    r.sections += 1;
                    mark(&mut r, &s, s.car(car).section);
                }
            }
        }
        let c = s.car(car);
        r.landing = c.section;
        r.lap = c.lap;
        let sec = &self.race.track().sections[usize::from(c.section)];
        r.late_brake = sec.late_brake.is_some() && !c.is_robot();
        r
    }

    /// A Track Card may move the car only if the move reaches its corner for certain: a leader
    /// check before it must be one the player can pass with a card he holds.
    pub fn track_card_reachable(
        &self,
        car: u8,
        id: CardId,
        cards: [CardId; 2],
        trajectory: bool,
        memo: &mut super::refusal::Memo,
    ) -> Result<(), super::refusal::PlayError> {
        use super::refusal::PlayError;
        let card = self.race.card(id);
        // "você não pode mover usando uma determinada Track Card quando você precisar passar em
        // um teste cego para ... pegar uma ET": only a sure pass (the ET power, Flat Out) counts.
        let mp = if trajectory && self.on_extreme(car) {
            let sure = self
                .extreme_sure_bonus(car, cards)
                .ok_or(PlayError::TrackExtreme { card: id })?;
            (i16::from(self.play_mp(car, cards, false)) + i16::from(sure)).clamp(-20, 60) as i8
        } else {
            self.play_mp(car, cards, trajectory)
        };
        let icon = self.race.opts.track_powers
            && cards
                .iter()
                .any(|&c| c != NO_CARD && self.race.card(c).corner_pass);
        let run = memo.run(self, car, mp, icon);
        let track = self.race.track();
        let reached = (0..track.len() as u8)
            .any(|s| run.visited >> s & 1 == 1 && track.in_corner(s, card.corner));
        if !reached {
            return Err(PlayError::TrackCorner {
                card: id,
                corner: card.corner,
            });
        }
        let checks = run
            .checks_before
            .get(usize::from(card.corner))
            .copied()
            .unwrap_or(0);
        if checks > 0 && checks != u8::MAX {
            let target = self.check_target(car, 0);
            let passing = self
                .car(car)
                .hand
                .iter()
                .filter(|&c| !cards.contains(&c) && i16::from(self.race.card(c).cf) <= target)
                .count();
            if passing < usize::from(checks) {
                return Err(PlayError::TrackChecks {
                    card: id,
                    checks,
                    corner: card.corner,
                });
            }
        }
        Ok(())
    }

    /// For the car deciding its movement cards: every legal play with where it lands, what it
    /// costs and the checks it will need (leader checks assumed passed).
    pub fn plan_moves(&self) -> Vec<Value> {
        let Phase::Play { car } = self.phase else {
            return Vec::new();
        };
        let mut legal: Vec<Action> = Vec::new();
        self.legal_into(&mut legal);
        let track = self.race.track();
        legal
            .into_iter()
            .filter_map(|a| {
                let Some(Move::Play { a: x, b: y, trajectory }) = decode(a) else {
                    return None;
                };
                let cards = [x.unwrap_or(NO_CARD), y.unwrap_or(NO_CARD)];
                let mp = self.play_mp(car, cards, trajectory);
                let icon = self.race.opts.track_powers
                    && cards
                        .iter()
                        .any(|&c| c != NO_CARD && self.race.card(c).corner_pass);
                let run = self.dry_run_with(car, mp, icon);
                let k = self.costs_of(car, cards, trajectory);
                let tests: Vec<Value> = cards
                    .iter()
                    .filter(|&&c| c != NO_CARD)
                    .filter_map(|&c| {
                        self.race.card(c).test.map(|t| {
                            json!({"card": self.race.card_name(c), "blind": t.blind, "modifier": t.modifier,
                                   "target": self.check_target(car, t.modifier) + self.conditions_modifier(car, super::state::Check::Card(0))})
                        })
                    })
                    .collect();
                Some(json!({
                    "id": a,
                    "label": self.label(decode(a)?),
                    "mp": mp,
                    "landing": run.landing + 1,
                    "landing_kind": track.sections[usize::from(run.landing)].kind.name(),
                    "landing_name": track.section_own_name(run.landing),
                    "sections": run.sections,
                    "passes": run.passes,
                    "lost": run.lost,
                    "leader_checks": run.leader_checks,
                    "late_brake_possible": run.late_brake,
                    "tyres": k.tyres,
                    "wear": k.wear,
                    "discard": k.discard,
                    "draws": k.draws,
                    "checks": tests,
                }))
            })
            .collect()
    }
}
