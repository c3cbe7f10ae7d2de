//! What a seat sees (its own hand and sealed bid; the others' counts only) and the learning
//! tensor.
use alloc::format;
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::state::{LamboState, Phase};
use super::GAME_ID;
use crate::game::State;

/// The state as `player` may see it; `None` is a spectator.
pub fn view(s: &LamboState, player: Option<usize>) -> Value {
    let cards = &s.def.content.cards;
    let cars: Vec<Value> = s
        .murcs
        .iter()
        .enumerate()
        .map(|(i, m)| {
            json!({
                "car": i, "owner": s.def.opts.owner(i),
                "card": m.car.map(|c| cards[usize::from(c)].id.clone()),
                "driver": m.driver.map(|c| cards[usize::from(c)].id.clone()),
                "supplier": m.supplier.map(|s| format!("{s:?}").to_lowercase()),
                "row": m.cell.row, "lane": m.cell.lane, "progress": m.progress,
                "damages": m.damages, "wrecked": m.wrecked > 0, "stopped": m.stopped,
                "finish": m.finish.map(|f| json!({"turn": f.turn, "past_line": f.past_line})),
                "cards": if player == Some(usize::from(s.def.opts.owner(i))) {
                    Value::from(m.hand.iter().map(|&c| cards[usize::from(c)].id.clone()).collect::<Vec<_>>())
                } else {
                    Value::from(m.hand.len())
                },
            })
        })
        .collect();
    let hands: Vec<Value> = s
        .hands
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let mine = player == Some(i);
            json!({
                "seat": i,
                "cards": if mine { Value::from(h.cards.iter().map(|&c| cards[usize::from(c)].id.clone()).collect::<Vec<_>>()) } else { Value::Null },
                "card_count": h.cards.len(),
                "money": h.money,
                // Sealed bids stay hidden until every bid is in.
                "bid": if mine || !matches!(s.phase, Phase::Bid { .. }) { h.bid.map(Value::from).unwrap_or(Value::Null) } else { Value::Null },
            })
        })
        .collect();
    let mut v = json!({
        "game": GAME_ID,
        "turn": s.round,
        "phase": format!("{:?}", s.phase).split([' ', '{']).next().unwrap_or(""),
        "face_up": s.face_up.iter().map(|&c| cards[usize::from(c)].id.clone()).collect::<Vec<_>>(),
        "speed_deck": s.speed_deck.len(),
        "cars": cars,
        "players": hands,
        "order": s.order,
        "seat": player,
    });
    if s.def.opts.long {
        // The long game: which race this is, and how the races run went (prizes, money).
        v["races"] = Value::from(s.def.opts.races);
        v["races_run"] = Value::from(s.races_done);
        v["results"] = s.results_json();
    }
    if let Some(legal) = s.labelled_actions_for(player) {
        v["legal_actions"] = legal;
    }
    v
}

/// A fixed-length encoding of the race for learning: per car 8 numbers, then 4 for the game.
pub fn observation(s: &LamboState, player: usize, out: &mut [f32]) {
    let n = s.murcs.len();
    let len = s.def.race_length().max(1) as f32;
    let mut at = 0;
    let mut put = |x: f32, out: &mut [f32]| {
        if let Some(s) = out.get_mut(at) {
            *s = x;
        }
        at += 1;
    };
    for k in 0..n {
        let m = &s.murcs[k];
        put(m.progress as f32 / len, out);
        put(f32::from(m.cell.lane) / 4.0, out);
        put(f32::from(m.damages) / 3.0, out);
        put(if m.stopped { 1.0 } else { 0.0 }, out);
        put(if m.finish.is_some() { 1.0 } else { 0.0 }, out);
        put(
            if usize::from(s.def.opts.owner(k)) == player {
                1.0
            } else {
                0.0
            },
            out,
        );
        put(f32::from(m.boost_turns) / 3.0, out);
        put(if m.forced.is_some() { 1.0 } else { 0.0 }, out);
    }
    put(
        s.hands
            .get(player)
            .map_or(0.0, |h| h.cards.len() as f32 / 10.0),
        out,
    );
    put(f32::from(s.round) / f32::from(s.def.opts.max_turns), out);
    put(
        if matches!(s.phase, Phase::Drive { .. }) {
            1.0
        } else {
            0.0
        },
        out,
    );
    put(if s.phase == Phase::Over { 1.0 } else { 0.0 }, out);
    // The seat's own cards, one flag per card of the content (issue 35: the count alone told a
    // learner nothing of what it could play).
    let hand = s
        .hands
        .get(player)
        .map(|h| h.cards.as_slice())
        .unwrap_or(&[]);
    for card in 0..s.def.content.cards.len() {
        put(
            if hand.contains(&(card as u16)) {
                1.0
            } else {
                0.0
            },
            out,
        );
    }
}

/// The name of every feature of `observation`, in its order; cars counted from 1 with the seat
/// that owns each.
pub fn observation_names(
    o: &super::options::LamboOptions,
    content: &super::content::Content,
) -> Vec<alloc::string::String> {
    let mut out = Vec::new();
    for k in 0..o.cars() {
        let car = format!("car {} (seat {})", k + 1, o.owner(k) + 1);
        for f in [
            "progress (of the race)",
            "lane (of 4)",
            "damages (of 3)",
            "stopped",
            "finished",
            "mine",
            "boost turns (of 3)",
            "forced move",
        ] {
            out.push(format!("{car}: {f}"));
        }
    }
    for f in [
        "my cards in hand (of 10)",
        "turn (of max_turns)",
        "drive phase",
        "game over",
    ] {
        out.push(f.into());
    }
    for l in card_labels(content) {
        out.push(format!("my cards: {l}"));
    }
    out
}

/// Every card of the content by name, in its order; a name printed on several cards is told
/// apart by its copy ("Fast car (copy 2)").
pub fn card_labels(content: &super::content::Content) -> Vec<alloc::string::String> {
    let mut out = Vec::new();
    for (k, card) in content.cards.iter().enumerate() {
        let before = content.cards[..k]
            .iter()
            .filter(|c| c.name == card.name)
            .count();
        out.push(if before == 0 {
            card.name.clone()
        } else {
            format!("{} (copy {})", card.name, before + 1)
        });
    }
    out
}
