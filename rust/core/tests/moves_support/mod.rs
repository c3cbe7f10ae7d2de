//! What every game's moves promise (issue 29), checked in one place for each game's test over
//! random games; each game's test then checks what its own moves name and lead to.
use std::collections::BTreeSet;

use autodromo_core::{Player, State};
use serde_json::Value;

/// The seat to act and its moves (`None` at a chance node or the end), once checked: exactly one
/// move per legal action, in the legal actions' order; no move for any other of the `seats`; each
/// of a kind in `kinds` (noted in `seen`), with today's label of its action.
pub fn checked_moves<S: State>(
    s: &S,
    seats: usize,
    kinds: &[&str],
    seen: &mut BTreeSet<String>,
) -> Option<(usize, Vec<Value>)> {
    let Player::Seat(seat) = s.current_player() else {
        return None;
    };
    let seat = usize::from(seat);
    let moves = s.moves(seat).expect("a seat of the game");
    let actions: Vec<u64> = moves
        .iter()
        .map(|m| m["action"].as_u64().unwrap())
        .collect();
    let legal: Vec<u64> = s.legal_actions().iter().map(|&a| u64::from(a)).collect();
    assert_eq!(actions, legal, "one move per legal action");
    for other in (0..seats).filter(|&o| o != seat) {
        assert!(
            s.moves(other).unwrap().is_empty(),
            "seat {other} is not to act"
        );
    }
    for m in &moves {
        let kind = m["kind"].as_str().unwrap();
        assert!(kinds.contains(&kind), "{m}");
        seen.insert(kind.to_string());
        let a = m["action"].as_u64().unwrap() as u32;
        assert_eq!(
            m["label"],
            s.action_to_string(a),
            "{m}: the label is today's"
        );
    }
    Some((seat, moves))
}
