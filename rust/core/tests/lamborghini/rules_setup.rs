//! Lamborghini rules tests: the strategic-economic phase (the eight face-up cards, the draft's
//! snake order, supplier agreements), the set-up grants, the Speed deck, qualification and the
//! long game's auction and prices. Book: `shared/rules/lamborghini-official-race-game.en.txt`.

use std::collections::BTreeSet;

use crate::support::*;
use autodromo_core::lamborghini::content::{Kind, Supplier};
use autodromo_core::lamborghini::state::LamboState;
use autodromo_core::lamborghini::Phase;
use autodromo_core::{Player, State};
use serde_json::json;

const EIGHT: [&str; 8] = [
    "murcielago",
    "murcielago_lp640",
    "fabbri",
    "rossi",
    "blue_engine_1",
    "red_setup_1",
    "skill_1",
    "hazard_1",
];

fn kind_of(card: u16) -> Kind {
    content().cards[usize::from(card)].kind
}

/// Turns the eight first cards face up.
fn reveal(s: &mut LamboState) {
    for c in EIGHT {
        act(s, &format!("draw {c}"));
    }
}

/// The first chance outcome, or the first legal action.
fn step_first(s: &mut LamboState) {
    let a = if s.current_player() == Player::Chance {
        s.chance_outcomes()[0].0
    } else {
        s.legal_actions()[0]
    };
    s.apply_action(a).expect("a legal action");
}

/// Picks a Technology or Manoeuvre card, so every Murciélago stays short of a car and a driver
/// and the draft goes on.
fn pick_no_car(s: &mut LamboState) {
    let card = s
        .face_up
        .iter()
        .copied()
        .filter(|&c| matches!(kind_of(c), Kind::Tech(..) | Kind::Manoeuvre(_)))
        .find(|&c| legal(s, &format!("pick {}", name(c))))
        .expect("a Technology or Manoeuvre card to pick");
    act(s, &format!("pick {}", name(card)));
}

/// Plays the draft and the set-up grants with the first legal choice until qualification.
fn to_qualifying(s: &mut LamboState) {
    let mut n = 0;
    while !matches!(s.phase, Phase::Qualify { .. }) {
        step_first(s);
        n += 1;
        assert!(n < 2000, "the draft ends");
    }
}

/// A draft position: `seat` picks one of `face_up`.
fn picking(players: u8, seat: u8, face_up: &[&str]) -> LamboState {
    drafting(game(json!({ "players": players })), seat, 1, face_up)
}

// ---- the box -------------------------------------------------------------------------------

/// "5 Car cards, 10 Driver cards, 39 Technology cards (13 Red supplier, 13 Yellow supplier and 13
/// Blue supplier), 39 Manoeuvre cards, 39 Banknote cards (13 of 1.000$, 13 of 5.000$, 13 of
/// 20.000$)"; "Speed card (values from 5 to 12)"; the arrows on 10, 11 and 12 only.
#[test]
fn contents_match_the_box() {
    let cards = content().cards.clone();
    let count = |f: &dyn Fn(&Kind) -> bool| cards.iter().filter(|c| f(&c.kind)).count();
    assert_eq!(count(&|k| *k == Kind::Car), 5);
    assert_eq!(count(&|k| *k == Kind::Driver), 10);
    for supplier in [Supplier::Red, Supplier::Yellow, Supplier::Blue] {
        assert_eq!(
            count(&|k| matches!(k, Kind::Tech(x, _) if *x == supplier)),
            13
        );
    }
    assert_eq!(count(&|k| matches!(k, Kind::Manoeuvre(_))), 39);
    for amount in [1000, 5000, 20000] {
        assert_eq!(
            cards
                .iter()
                .filter(|c| c.kind == Kind::Banknote && c.amount == amount)
                .count(),
            13
        );
    }
    for c in cards
        .iter()
        .filter(|c| !matches!(c.kind, Kind::Car | Kind::Driver))
    {
        assert!((5..=12).contains(&c.speed), "{}", c.id);
        assert!(!c.crazy || c.speed >= 10, "{}", c.id);
    }
    // "Choose to play with one Murciélago each (3, 4 or 5 players) or two Murciélago each (2
    // players)."
    for (players, cars) in [(2, 4), (3, 3), (4, 4), (5, 5)] {
        assert_eq!(game(json!({ "players": players })).murcs.len(), cars);
    }
}

// ---- the eight face-up cards and the snake order ---------------------------------------------

/// "Turn over the first 2 cards of each of the 4 decks: 8 cards altogether (2 Car cards, 2 Driver
/// cards, 2 Technology cards and 2 Manoeuvre cards) will be faced up. ... The 1st player chooses
/// one of the 8 faced up cards": no turning for that first pick.
#[test]
fn eight_cards_face_up_two_from_each_deck_then_the_first_player_picks() {
    let mut s = game(json!({"players": 4, "first_player": 2}));
    assert_eq!(s.phase, Phase::Reveal { n: 0 });
    // Our sequence: two Car cards, two Driver cards, two Technology cards, two Manoeuvre cards.
    let decks: [fn(Kind) -> bool; 4] = [
        |k| k == Kind::Car,
        |k| k == Kind::Driver,
        |k| matches!(k, Kind::Tech(..)),
        |k| matches!(k, Kind::Manoeuvre(_)),
    ];
    for (n, c) in EIGHT.iter().enumerate() {
        assert_eq!(s.phase, Phase::Reveal { n: n as u8 });
        let pool = s.chance_cards();
        assert!(pool.iter().all(|&p| decks[n / 2](kind_of(p))), "card {n}");
        act(&mut s, &format!("draw {c}"));
    }
    assert_eq!(ids(&s.face_up), EIGHT);
    let count = |k: fn(Kind) -> bool| s.face_up.iter().filter(|&&c| k(kind_of(c))).count();
    assert_eq!(count(|k| k == Kind::Car), 2);
    assert_eq!(count(|k| k == Kind::Driver), 2);
    assert_eq!(count(|k| matches!(k, Kind::Tech(..))), 2);
    assert_eq!(count(|k| matches!(k, Kind::Manoeuvre(_))), 2);
    assert_eq!(
        s.phase,
        Phase::Draft {
            seat: 2,
            step: 2,
            picks: 1
        },
        "the player who last saw a real Lamborghini"
    );
    assert_eq!(s.current_player(), Player::Seat(2));
    let l = labels(&s);
    assert_eq!(l.len(), 8);
    assert!(l.iter().all(|l| l.starts_with("pick ")), "{l:?}");
}

/// "The 2nd player turns 2 cards: 1 from the Tech cards deck or Manoeuvre cards deck and then 1
/// from the Driver cards deck or the Car cards deck. He chooses one card among all the ones now
/// faced up (9) on the table."
#[test]
fn the_next_player_turns_a_tech_or_manoeuvre_card_then_a_car_or_driver_card() {
    let mut s = game(json!({"players": 3}));
    reveal(&mut s);
    act(&mut s, "pick skill_1");
    assert_eq!(s.current_player(), Player::Seat(1));
    assert_eq!(
        labels(&s),
        ["turn a Technology card", "turn a Manoeuvre card"]
    );
    act(&mut s, "turn a Manoeuvre card");
    assert_eq!(s.current_player(), Player::Chance);
    assert!(s
        .chance_outcomes()
        .iter()
        .all(|&(a, _)| { s.action_to_string(a).starts_with("draw ") }));
    act(&mut s, "draw will_1");
    assert_eq!(labels(&s), ["turn a Car card", "turn a Driver card"]);
    act(&mut s, "turn a Driver card");
    act(&mut s, "draw gallo");
    assert_eq!(s.face_up.len(), 9);
    assert!(labels(&s).iter().all(|l| l.starts_with("pick ")));
    assert!(legal(&s, "pick will_1") && legal(&s, "pick gallo"));
}

/// The sidebar: "The first player chooses 1 card among 8, the second 1 card among 9, the third 1
/// card among 10, the fourth 1 card among 11 and the fifth 2 cards among 12. The fourth 1 card
/// among 12 and so on"; "The order fluctuates from the first to the last (who is always the only
/// player to choose 2 cards) and back to the first".
#[test]
fn draft_snake_order_matches_the_sidebar() {
    let mut s = game(json!({"players": 5}));
    reveal(&mut s);
    let mut seen: Vec<(u8, usize)> = Vec::new();
    while seen.len() < 13 {
        match s.phase {
            Phase::Draft { seat, step: 2, .. } => {
                seen.push((seat, s.face_up.len()));
                pick_no_car(&mut s);
            }
            Phase::Draft { step: 0, .. } => act(&mut s, "turn a Manoeuvre card"),
            _ => step_first(&mut s),
        }
    }
    assert_eq!(
        seen,
        [
            (0, 8),
            (1, 9),
            (2, 10),
            (3, 11),
            (4, 12),
            (4, 11), // the last player's second choice, with nothing turned between
            (3, 12), // "The fourth 1 card among 12"
            (2, 13),
            (1, 14),
            (0, 15), // back to the first, who chooses once
            (1, 16),
            (2, 17),
            (3, 18),
        ]
    );
}

/// The same order with 2 players: first, last twice, first, last twice…
#[test]
fn draft_snake_order_with_two_players() {
    let mut s = game(json!({"players": 2}));
    reveal(&mut s);
    let mut seats = Vec::new();
    while seats.len() < 7 {
        match s.phase {
            Phase::Draft { seat, step: 2, .. } => {
                seats.push(seat);
                pick_no_car(&mut s);
            }
            Phase::Draft { step: 0, .. } => act(&mut s, "turn a Manoeuvre card"),
            _ => step_first(&mut s),
        }
    }
    assert_eq!(seats, [0, 1, 1, 0, 1, 1, 0]);
}

/// "until each Murciélago in the race is linked to a car card and a driver card": one car and
/// one driver per Murciélago (two of each with two Murciélagos); "Once the last match car-driver
/// has been completed, this phase ends."
#[test]
fn one_car_and_one_driver_per_murcielago_and_the_draft_ends_with_the_last_pair() {
    let mut s = picking(3, 0, &EIGHT);
    act(&mut s, "pick murcielago");
    s.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    assert!(!legal(&s, "pick murcielago_lp640"));
    refused(
        &mut s,
        "pick murcielago_lp640",
        "Murciélago LP 640: each of your Murciélagos has its Car card",
    );
    assert!(legal(&s, "pick fabbri"));
    // Two Murciélagos each with 2 players: two cars, not three.
    let mut s = picking(
        2,
        0,
        &["murcielago", "murcielago_lp640", "murcielago_roadster"],
    );
    for c in ["murcielago", "murcielago_lp640"] {
        s.phase = Phase::Draft {
            seat: 0,
            step: 2,
            picks: 1,
        };
        act(&mut s, &format!("pick {c}"));
    }
    assert_eq!(s.murcs[0].car, Some(id("murcielago")));
    assert_eq!(s.murcs[2].car, Some(id("murcielago_lp640")));
    s.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    assert!(!legal(&s, "pick murcielago_roadster"));
    // The last pair completed: the set-up follows at once.
    let mut s = picking(3, 2, &["fabbri", "skill_1"]);
    for (i, (c, d)) in [("murcielago", "ricci"), ("murcielago_lp640", "gallo")]
        .iter()
        .enumerate()
    {
        s.murcs[i].car = Some(id(c));
        s.murcs[i].driver = Some(id(d));
    }
    s.murcs[2].car = Some(id("murcielago_roadster"));
    act(&mut s, "pick fabbri");
    assert!(
        matches!(s.phase, Phase::Grant { .. } | Phase::Qualify { .. }),
        "{:?}",
        s.phase
    );
}

/// "In the short game the Car card and the Driver card are free."
#[test]
fn short_game_cars_and_drivers_are_free() {
    let mut s = picking(3, 0, &EIGHT);
    act(&mut s, "pick murcielago_lp640");
    assert_eq!(s.hands[0].money, 0);
    assert_eq!(s.murcs[0].car, Some(id("murcielago_lp640")));
}

// ---- supplier agreements -------------------------------------------------------------------

/// "Each Murciélago can take the technology from only one supplier. Therefore, once a player has
/// chosen his first Technology card, he has an agreement with that supplier and he is forced to
/// choose only that colour in the following turns."
#[test]
fn first_technology_card_makes_an_agreement_with_one_supplier() {
    let face = [
        "blue_engine_1",
        "blue_setup_1",
        "red_setup_1",
        "yellow_tyres_1",
    ];
    let mut s = picking(3, 0, &face);
    act(&mut s, "pick blue_engine_1");
    assert_eq!(s.hands[0].suppliers, [Supplier::Blue]);
    assert_eq!(s.murcs[0].supplier, Some(Supplier::Blue));
    s.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    assert_eq!(labels(&s), ["pick blue_setup_1"]);
    refused(
        &mut s,
        "pick red_setup_1",
        "Set-up (Red): Technology only from your supplier (Blue)",
    );
    // Another player is free to choose another supplier.
    s.phase = Phase::Draft {
        seat: 1,
        step: 2,
        picks: 1,
    };
    assert!(legal(&s, "pick red_setup_1") && legal(&s, "pick yellow_tyres_1"));
}

/// "However, if you are playing in 2, you are allowed to choose 2 different suppliers: in the
/// following set up phase, one supplier must be linked to a car and the other supplier to the
/// other car."
#[test]
fn two_players_may_have_two_suppliers_one_per_car() {
    let face = ["blue_engine_1", "red_setup_1", "yellow_tyres_1"];
    let mut s = picking(2, 0, &face);
    act(&mut s, "pick blue_engine_1");
    assert_eq!(
        (s.murcs[0].supplier, s.murcs[2].supplier),
        (Some(Supplier::Blue), Some(Supplier::Blue)),
        "one agreement serves both cars until a second is made"
    );
    s.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    act(&mut s, "pick red_setup_1");
    assert_eq!(s.hands[0].suppliers, [Supplier::Blue, Supplier::Red]);
    assert_eq!(s.murcs[0].supplier, Some(Supplier::Blue));
    assert_eq!(s.murcs[2].supplier, Some(Supplier::Red));
    s.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    refused(
        &mut s,
        "pick yellow_tyres_1",
        "Tyres (Yellow): Technology only from your supplier",
    );
}

// ---- set-up ------------------------------------------------------------------------------

/// "Players must receive for the couple car/driver all the Tech/Manoeuvre cards represented on
/// their Car and Driver card. The Tech cards must be only of the previously chosen colour."
#[test]
fn setup_grants_every_card_shown_on_the_car_and_the_driver() {
    let mut s = picking(3, 2, &["fabbri"]);
    let pairs = [
        ("murcielago_lp670_4_sv", "marchetti"), // 2 + 1 Technology, 1 + 2 Manoeuvre
        ("murcielago_lp640", "gallo"),
    ];
    for (i, (c, d)) in pairs.iter().enumerate() {
        s.murcs[i].car = Some(id(c));
        s.murcs[i].driver = Some(id(d));
    }
    s.murcs[2].car = Some(id("murcielago"));
    s.murcs[0].supplier = Some(Supplier::Yellow);
    s.hands[0].suppliers = vec![Supplier::Yellow];
    act(&mut s, "pick fabbri");
    assert_eq!(
        s.phase,
        Phase::Grant {
            car: 0,
            tech: 3,
            man: 3
        }
    );
    for _ in 0..3 {
        let cards: Vec<u16> = s.chance_cards();
        assert!(!cards.is_empty());
        assert!(
            cards
                .iter()
                .all(|&c| matches!(kind_of(c), Kind::Tech(Supplier::Yellow, _))),
            "Yellow only"
        );
        step_first(&mut s);
    }
    for _ in 0..3 {
        assert!(s
            .chance_cards()
            .iter()
            .all(|&c| matches!(kind_of(c), Kind::Manoeuvre(_))));
        step_first(&mut s);
    }
    let hand = &s.hands[0].cards;
    assert_eq!(hand.len(), 6);
    assert_eq!(
        hand.iter()
            .filter(|&&c| matches!(kind_of(c), Kind::Tech(Supplier::Yellow, _)))
            .count(),
        3
    );
}

/// A Grant position: `car` is to receive one Technology card, with the Technology deck holding
/// only the cards of `left`.
fn granting(supplier: Option<Supplier>, left: &[Supplier]) -> LamboState {
    let mut s = game(json!({"players": 3}));
    s.murcs[0].car = Some(id("murcielago"));
    s.murcs[0].driver = Some(id("ricci"));
    s.murcs[0].supplier = supplier;
    s.decks[2].retain(|&c| matches!(kind_of(c), Kind::Tech(x, _) if left.contains(&x)));
    s.phase = Phase::Grant {
        car: 0,
        tech: 1,
        man: 1,
    };
    s.settle();
    s
}

fn pool_suppliers(s: &LamboState) -> BTreeSet<Supplier> {
    s.chance_cards()
        .iter()
        .filter_map(|&c| match kind_of(c) {
            Kind::Tech(x, _) => Some(x),
            _ => None,
        })
        .collect()
}

/// "If the proper coloured cards are finished, the player can take only cards from a lower
/// Technology supplier; this means that in case of red technology the player would not receive
/// any card."
#[test]
fn setup_falls_back_to_a_lower_supplier_and_none_below_red() {
    use Supplier::*;
    let s = granting(Some(Blue), &[Red, Yellow, Blue]);
    assert_eq!(pool_suppliers(&s), BTreeSet::from([Blue]));
    let s = granting(Some(Blue), &[Red, Yellow]);
    assert_eq!(
        pool_suppliers(&s),
        BTreeSet::from([Yellow]),
        "Blue: Yellow next"
    );
    let s = granting(Some(Blue), &[Red]);
    assert_eq!(pool_suppliers(&s), BTreeSet::from([Red]));
    let s = granting(Some(Yellow), &[Red, Blue]);
    assert_eq!(
        pool_suppliers(&s),
        BTreeSet::from([Red]),
        "never a higher one"
    );
    let s = granting(Some(Red), &[Yellow, Blue]);
    assert_eq!(
        s.phase,
        Phase::Grant {
            car: 0,
            tech: 0,
            man: 1
        },
        "no card below Red: on to the Manoeuvre card"
    );
}

/// "they do not have any agreement with any supplier. In this case, when their Murciélago must
/// receive its Technology cards for the set-up, this will be done at random, mixing the
/// suppliers".
#[test]
fn setup_without_agreement_takes_technology_from_any_supplier() {
    let s = granting(None, &[Supplier::Red, Supplier::Yellow, Supplier::Blue]);
    assert_eq!(
        pool_suppliers(&s),
        BTreeSet::from([Supplier::Red, Supplier::Yellow, Supplier::Blue])
    );
    assert_eq!(s.chance_cards().len(), 39);
}

/// "Remove from the game the left over Car and Driver cards. Shuffle together the remaining Tech
/// and Manoeuvre and Banknote cards. Place them faced down on the board in order to form the
/// Speed cards deck."
#[test]
fn speed_deck_is_the_leftover_tech_and_manoeuvre_cards_and_the_banknotes() {
    for players in 2..=5 {
        let mut s = game(json!({ "players": players }));
        to_qualifying(&mut s);
        let held: BTreeSet<u16> = s
            .hands
            .iter()
            .flat_map(|h| h.cards.clone())
            .chain(s.murcs.iter().flat_map(|m| m.hand.clone()))
            .collect();
        let deck: BTreeSet<u16> = s.speed_deck.iter().copied().collect();
        assert_eq!(deck.len(), s.speed_deck.len(), "no card twice");
        let want: BTreeSet<u16> = speed_cards()
            .into_iter()
            .filter(|c| !held.contains(c))
            .collect();
        assert_eq!(deck, want, "{players} players");
        assert_eq!(
            s.speed_deck
                .iter()
                .filter(|&&c| kind_of(c) == Kind::Banknote)
                .count(),
            39
        );
        assert!(
            s.decks.iter().all(Vec::is_empty),
            "left-over cars and drivers removed"
        );
        assert!(s.face_up.is_empty());
        assert!(s
            .murcs
            .iter()
            .all(|m| m.car.is_some() && m.driver.is_some()));
    }
}

/// "Once all these cards have been drawn, the deck is shuffled again and made available for the
/// next turns"; "The Speed cards are always discarded."
#[test]
fn speed_deck_is_reshuffled_from_its_discards_when_empty() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    let three = [id("bank_1000_2"), id("bank_1000_5"), id("bank_1000_9")];
    s.speed_deck.clear();
    s.speed_discard = three.to_vec();
    only(&mut s, 0);
    assert_eq!(s.chance_outcomes().len(), 3);
    act(&mut s, "draw bank_1000_5");
    assert_eq!(s.speed_discard, [id("bank_1000_5")]);
    let mut deck = s.speed_deck.clone();
    deck.sort_unstable();
    assert_eq!(deck, [id("bank_1000_2"), id("bank_1000_9")]);
}

// ---- qualification -------------------------------------------------------------------------

/// "Players draw a card from the Speed deck and add this speed value to the speed values printed
/// on their Driver and Car cards. The player with the highest value is in pole position ... In
/// case of a tie, players should repeat the qualification procedure until one of them wins the
/// tie"; "In this phase players are not allowed to play Tech and Manoeuvre cards"; "The first
/// Murciélago to play is the first on the starting grid."
#[test]
fn qualification_order_with_tie_redraws_and_pole_moves_first() {
    let fast = ("murcielago_lp670_4_sv", "gallo"); // +5
    let mut s = race(json!({}), &[PLAIN, PLAIN, fast]);
    s.racing = false;
    s.round = 0;
    s.order.clear();
    s.to_draw = 0b111;
    give(&mut s, 0, "blue_engine_1");
    s.phase = Phase::Qualify { car: 0 };
    assert_eq!(s.current_player(), Player::Chance);
    assert!(
        labels(&s).iter().all(|l| l.starts_with("draw ")),
        "a chance draw: nobody plays a card"
    );
    draw(&mut s, 9); // car 0: 10
    draw(&mut s, 9); // car 1: 10, a tie
    draw(&mut s, 5); // car 2: 10 as well
    assert_eq!(
        s.phase,
        Phase::Qualify { car: 0 },
        "the tied cars draw again"
    );
    assert_eq!(s.to_draw, 0b111);
    draw(&mut s, 5); // car 0: 6
    draw(&mut s, 8); // car 1: 9
    draw(&mut s, 7); // car 2: 12
    assert_eq!(s.order, [2, 1, 0]);
    let len = s.def.track().len();
    assert_eq!(cell(&s, 2), (len - 1, 0), "pole: the front of the grid");
    assert!(s.murcs[1].cell.row < len - 1 || s.murcs[1].cell.lane != 0);
    assert!(s.racing);
    assert_eq!(s.round, 1);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 2 }, "pole moves first");
}

/// A tie only makes the tied cars draw again; the others keep their places.
#[test]
fn qualification_tie_redraw_orders_only_the_tied_cars() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    s.racing = false;
    s.to_draw = 0b1111;
    s.phase = Phase::Qualify { car: 0 };
    draw(&mut s, 11); // car 0: 12
    draw(&mut s, 7); // car 1: 8
    draw(&mut s, 7); // car 2: 8
    draw(&mut s, 5); // car 3: 6
    assert_eq!(s.phase, Phase::Qualify { car: 1 });
    assert_eq!(s.to_draw, 0b0110, "cars 1 and 2 only");
    draw(&mut s, 5); // car 1: 6
    draw(&mut s, 6); // car 2: 7
    assert_eq!(s.order, [0, 2, 1, 3]);
}

// ---- the long game -----------------------------------------------------------------------

/// "Give 60.000$ (from 2 up 4 players) or 52.000$ (with 5 players) to each player if you are
/// playing a Long game. No money is needed if you play a Short game."
#[test]
fn long_game_money_is_60000_or_52000_with_five_players() {
    for (players, money) in [(2, 60_000), (3, 60_000), (4, 60_000), (5, 52_000)] {
        let s = game(json!({"players": players, "long": true}));
        assert!(s.hands.iter().all(|h| h.money == money), "{players}");
        assert_eq!(s.phase, Phase::Bid { seat: 0 }, "the auction first");
    }
    let s = game(json!({"players": 4}));
    assert!(s.hands.iter().all(|h| h.money == 0));
    assert_eq!(s.phase, Phase::Reveal { n: 0 });
}

/// "Players secretly decide the amount of money they want to bet ... Then, they simultaneously
/// reveal their bet": a seat's view shows no other seat's bid until every bid is in.
#[test]
fn sealed_bids_stay_hidden_until_all_are_in() {
    let mut s = game(json!({"players": 3, "long": true}));
    act(&mut s, "bid 5000$");
    let v = s.view(Some(1));
    assert!(v["players"][0]["bid"].is_null(), "{}", v["players"][0]);
    assert_eq!(s.view(Some(0))["players"][0]["bid"], 5, "its own bid");
    act(&mut s, "bid nothing");
    act(&mut s, "bid 3000$");
    let v = s.view(Some(1));
    assert_eq!(v["players"][0]["bid"], 5);
    assert_eq!(v["players"][2]["bid"], 3);
}

/// "The winner of the auction is the 1st player to choose, the 2nd is the second in the auction
/// and so on. The amount of money can also be zero. In case of a tie, the first player is again
/// the last who saw a real Lamborghini. All the money offered in the auction is lost".
#[test]
fn pick_order_follows_the_bids_ties_to_the_first_players_order_money_lost() {
    let mut s = game(json!({"players": 4, "long": true, "first_player": 2}));
    assert_eq!(s.phase, Phase::Bid { seat: 2 });
    act(&mut s, "bid 5000$"); // seat 2
    act(&mut s, "bid nothing"); // seat 3
    act(&mut s, "bid 5000$"); // seat 0
    act(&mut s, "bid 3000$"); // seat 1
    assert_eq!(s.pick_order, [2, 0, 1, 3]);
    let money: Vec<i32> = s.hands.iter().map(|h| h.money).collect();
    assert_eq!(money, [55_000, 57_000, 55_000, 60_000], "bids are lost");
    reveal(&mut s);
    assert_eq!(s.current_player(), Player::Seat(2), "the auction's winner");
    let mut s = game(json!({"players": 3, "long": true, "first_player": 1}));
    act(&mut s, "bid nothing"); // seat 1
    act(&mut s, "bid 2000$"); // seat 2
    act(&mut s, "bid 2000$"); // seat 0
    assert_eq!(
        s.pick_order,
        [2, 0, 1],
        "tied: clockwise from the first player"
    );
}

/// Bids are whole thousands (our unit), never more than the player has.
#[test]
fn bids_are_limited_to_the_money_held() {
    let mut s = game(json!({"players": 3, "long": true}));
    assert_eq!(labels(&s).len(), 61, "0 to 60.000$");
    s.hands[0].money = 4_500;
    assert_eq!(
        labels(&s),
        [
            "bid nothing",
            "bid 1000$",
            "bid 2000$",
            "bid 3000$",
            "bid 4000$"
        ]
    );
    refused(&mut s, "bid 5000$", "bid 5000$: you have 4500$");
}

/// "the Technology and Manoeuvre cards are free, whereas the Driver and Car cards have a price
/// printed on them: each player has to pay the printed amount of money in order to buy them."
/// A card the player cannot pay is refused (`lamborghini_rules_fixes.rs`:
/// `no_car_or_driver_without_its_price`); money never goes below zero.
#[test]
fn long_game_cars_and_drivers_are_paid_tech_and_manoeuvre_free_money_never_negative() {
    let mut s = game(json!({"players": 3, "long": true}));
    for b in ["bid 5000$", "bid nothing", "bid nothing"] {
        act(&mut s, b);
    }
    reveal(&mut s);
    act(&mut s, "pick murcielago_lp640"); // 20.000$
    assert_eq!(s.hands[0].money, 60_000 - 5_000 - 20_000);
    let mut s2 = s.clone();
    s2.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    act(&mut s2, "pick blue_engine_1");
    assert_eq!(s2.hands[0].money, 35_000, "Technology is free");
    s2.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    act(&mut s2, "pick skill_1");
    assert_eq!(s2.hands[0].money, 35_000, "Manoeuvre is free");
    s2.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    act(&mut s2, "pick rossi"); // 10.000$
    assert_eq!(s2.hands[0].money, 25_000);
    // Short of money (Nino Fabbri, 5.000$, is face up): refused, nothing paid.
    s.hands[0].money = 9_000;
    s.phase = Phase::Draft {
        seat: 0,
        step: 2,
        picks: 1,
    };
    refused(
        &mut s,
        "pick rossi",
        "Marco Rossi costs 10000$ and you have 9000$",
    );
    act(&mut s, "pick fabbri");
    assert_eq!(s.hands[0].money, 4_000);
}

/// "If they play with 2 Murciélago, they link one driver to each car. Then, they link a certain
/// numbers of the Tech and Manoeuvre cards in their hands to each Murciélago." Technology goes to
/// the car of its supplier ("one supplier must be linked to a car and the other supplier to the
/// other car").
#[test]
fn two_players_link_drivers_and_cards_to_each_car() {
    let mut s = game(json!({"players": 2}));
    let mut linked = 0;
    let mut asked_drivers = 0;
    for _ in 0..2000 {
        if matches!(s.phase, Phase::Link { step: 0, .. }) {
            asked_drivers += 1;
            assert_eq!(labels(&s), ["keep the drivers", "swap the drivers"]);
            let Phase::Link { seat, .. } = s.phase else {
                unreachable!()
            };
            let mine = s.def.opts.cars_of(seat);
            let (a, b) = (s.murcs[mine[0]].driver, s.murcs[mine[1]].driver);
            act(&mut s, "swap the drivers");
            assert_eq!((s.murcs[mine[0]].driver, s.murcs[mine[1]].driver), (b, a));
            continue;
        }
        if let Phase::Link { seat, .. } = s.phase {
            let card = s.hands[usize::from(seat)].cards[0];
            let mine = s.def.opts.cars_of(seat);
            if let Kind::Tech(sup, _) = kind_of(card) {
                for (k, &c) in mine.iter().enumerate() {
                    let label = if k == 0 {
                        "link to car A"
                    } else {
                        "link to car B"
                    };
                    let fits = s.murcs[c].supplier.is_none_or(|x| x == sup);
                    assert_eq!(
                        legal(&s, label),
                        fits,
                        "Technology only to its supplier's car"
                    );
                }
            }
            let label = labels(&s)[0].clone();
            act(&mut s, &label);
            linked += 1;
            continue;
        }
        if matches!(s.phase, Phase::Qualify { .. }) {
            break;
        }
        let a = s.legal_actions()[0];
        s.apply_action(a).unwrap();
    }
    assert_eq!(asked_drivers, 2, "each player links its drivers");
    assert!(linked > 0, "cards were linked");
    assert!(
        s.hands.iter().all(|h| h.cards.is_empty()),
        "every card linked to a car"
    );
}
