//! Extreme Trajectories (R6, R57, R65, R82, R95, R99, R102, R112, R141): the blind test first,
//! recovery at once, the time loss in the same turn, the ET Discard Power, Flat Out, robots on
//! an ET only by the orange flag. The book track's Abbey (section 13 from 0) has an ET red/green
//! +3 with W26's chart; the Lago's Esse del Lago (section 10) an ET green +3.

use crate::support::*;
use autodromo_core::formula90::events::Event;
use autodromo_core::formula90::extreme::ET_SPOT;
use autodromo_core::formula90::rules::Skill;
use autodromo_core::formula90::{Content, F90State, Phase};
use autodromo_core::{Game, Player, State};
use serde_json::json;

const ABBEY: u8 = 13;
const ESSE: u8 = 10;

fn book(players: u8, robots: serde_json::Value) -> F90State {
    book_race(json!({"players": players, "robots": robots, "extreme": true, "flags": true}))
}

fn lago() -> F90State {
    book_race(
        json!({"track": "lago", "players": 1, "robots": {}, "extreme": true,
                     "track_powers": true}),
    )
}

/// `who` stands on the Extreme Trajectory of `section`, alone, at the start of turn 5, about to
/// choose its movement cards (phase B drew `drawn`).
fn on_extreme(s: &mut F90State, who: &str, section: u8, hand_cards: &[&str], tc: &str) {
    layout(s, &[(section, &[who])], 2);
    let c = car(s, who);
    s.cars[usize::from(c)].trajectory = Some(ET_SPOT);
    hand(s, who, hand_cards);
    target(s, who, tc);
    s.start_turn_at(5);
    act(s, "drive");
    draw(s, "50");
}

#[test]
fn extreme_trajectories_are_on_by_default() {
    assert_eq!(
        advanced_game(json!({})).options_json()["extreme"],
        json!(true)
    );
    assert_eq!(game(json!({})).options_json()["extreme"], json!(false));
}

#[test]
fn formula90_example_a_failed_extreme_trajectory_at_di_lesmo() {
    // W26: Blue on the ET plays a [3] hoping for 6 MP; target (67); the blind draw (83) fails
    // and becomes the target; the printed normal recovery at -10 (73) passed with (42): back on
    // the track with -2 MP, "ele terá apenas 1 PM para usar neste turno".
    let mut s = book(1, json!({}));
    on_extreme(&mut s, "Blue", ABBEY, &["13", "42", "90"], "67");
    let blue = car(&s, "Blue");
    act(&mut s, "play 13 on the trajectory");
    settle_until_blind(&mut s);
    draw(&mut s, "83");
    assert_eq!(s.car(blue).target, card(&s, "83"));
    assert_eq!(s.car(blue).trajectory, None, "off the ET spot");
    assert!(matches!(s.phase, Phase::Check { .. }), "{:?}", s.phase);
    let v = s.seat_view(Some(0)).to_json();
    assert_eq!(v["cars"][0]["extreme_recovering"], json!(true));
    let mp = movement(&mut s, &["check with 42"]);
    assert_eq!(mp, 1, "3 MP - 2 MP of time loss, no ET bonus");
    assert_eq!(s.car(blue).section, ABBEY + 1);
    assert_eq!(
        s.car(blue).time_loss,
        0,
        "the time loss was spent this turn"
    );

    // "Se o carro Azul tivesse falhado no teste de recuperação contra (73), ... -4 MP o que o
    // impediria de mover neste turno."
    let mut s = book(1, json!({}));
    on_extreme(&mut s, "Blue", ABBEY, &["13", "42", "90"], "67");
    act(&mut s, "play 13 on the trajectory");
    settle_until_blind(&mut s);
    draw(&mut s, "83");
    assert_eq!(movement(&mut s, &["check with 90"]), -1);
    assert_eq!(s.car(blue).section, ABBEY, "no move");
    assert_eq!(s.car(blue).trajectory, None, "may not re-occupy the ET");
}

/// Applies the labelled actions in order (then chance with its first outcome until a seat
/// decides), and returns the movement points phase E began with.
fn movement(s: &mut F90State, steps: &[&str]) -> i8 {
    let mut log: Vec<Event> = Vec::new();
    for l in steps {
        let m = s.parse(l).unwrap_or_else(|e| panic!("{l}: {e}"));
        s.check(m)
            .unwrap_or_else(|e| panic!("{l}: {e}; legal {:?}", labels(s)));
        s.apply_move(m, &mut log);
    }
    while s.current_player() == Player::Chance
        && !log.iter().any(|e| matches!(e, Event::Movement { .. }))
    {
        let a = s.chance_outcomes()[0].0;
        let m = autodromo_core::formula90::actions::decode(a).unwrap();
        s.apply_move(m, &mut log);
    }
    log.iter()
        .find_map(|e| match e {
            Event::Movement { mp, .. } => Some(*mp),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no movement yet: {:?}", s.phase))
}

/// Pays D.1 with the first option until the ET's blind draw.
fn settle_until_blind(s: &mut F90State) {
    for _ in 0..10 {
        if matches!(s.phase, Phase::Blind { .. }) {
            return;
        }
        if has(s, "pay a tyre token") {
            act(s, "pay a tyre token");
        } else {
            panic!("no blind draw: {:?} {:?}", s.phase, labels(s));
        }
    }
}

#[test]
fn formula90_example_the_extreme_test_comes_before_the_cards_checks() {
    // W21: (20)(66) both need normal tests and an ET is declared; target (83). The ET's blind
    // test comes first: (22) passes and becomes the target; (20) passes the 0 test against 22;
    // the +20 test (40) is failed with (91): target 91 and one wear.
    let mut s = book(1, json!({}));
    on_extreme(&mut s, "Blue", ABBEY, &["20", "66", "91"], "83");
    let blue = car(&s, "Blue");
    act(&mut s, "play 20 + 66 on the trajectory");
    assert!(
        matches!(s.phase, Phase::Blind { .. }),
        "the ET first: {:?}",
        s.phase
    );
    draw(&mut s, "22");
    assert_eq!(s.car(blue).target, card(&s, "22"));
    assert!(matches!(s.phase, Phase::Tests { .. }), "{:?}", s.phase);
    act(&mut s, "check 66 with 20");
    assert_eq!(s.car(blue).target, card(&s, "20"));
    let mp = movement(&mut s, &["check 20 with 91"]);
    assert_eq!(s.car(blue).target, card(&s, "91"));
    assert_eq!(s.car(blue).wear(), 1, "one wear for the failed test");
    assert_eq!(mp, 1 + 3 + 3, "the cards and the ET's +3");
}

#[test]
fn an_extreme_trajectory_needs_a_card_of_its_colour_and_may_be_declined() {
    // "O bônus de pm desta trajetória é adicionado somente se uma das cartas jogadas ... for da
    // mesma cor"; "Você sempre tem a opção de recusar uma Extreme Trajectory ... basta não
    // realizar o teste cego."
    let mut s = book(1, json!({}));
    on_extreme(&mut s, "Blue", ABBEY, &["32", "16"], "67");
    refused(
        &mut s,
        "play 32 on the trajectory",
        "no movement card matches the Extreme Trajectory's colour",
    );
    let blue = car(&s, "Blue");
    assert_eq!(movement(&mut s, &["play 16"]), 2, "no bonus");
    assert_eq!(s.car(blue).target, card(&s, "67"), "no test made");
}

#[test]
fn a_passed_extreme_trajectory_adds_its_bonus() {
    let mut s = book(1, json!({}));
    on_extreme(&mut s, "Blue", ABBEY, &["16"], "67");
    act(&mut s, "play 16 on the trajectory");
    assert_eq!(movement(&mut s, &["draw 60"]), 2 + 3);
}

#[test]
fn rain_takes_twenty_from_the_extreme_test() {
    // "Em chuva ... -20 em todos os testes": 67 - 20 = 47; (60) fails.
    let mut s = book_race(json!({"players": 1, "robots": {}, "extreme": true, "weather": true}));
    s.weather = (s.race.track().weather.len() - 1) as u8;
    on_extreme(&mut s, "Blue", ABBEY, &["16", "42"], "67");
    act(&mut s, "play 16 on the trajectory");
    draw(&mut s, "60");
    assert!(matches!(s.phase, Phase::Check { .. }), "{:?}", s.phase);
}

#[test]
fn flat_out_skips_the_test_for_one_point_less() {
    // FLAT OUT: "pode ignorar o teste cego para ganhar esse bônus de movimento (as regras de
    // combinação de cores são mantidas) ... reduza os pontos de movimento da ET em -1".
    let mut s = book(1, json!({}));
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].skill = Some(Skill::FlatOut);
    on_extreme(&mut s, "Blue", ABBEY, &["16", "32"], "67");
    refused(&mut s, "play 32 on the trajectory", "colour");
    act(&mut s, "play 16 on the trajectory");
    assert!(matches!(s.phase, Phase::Extreme { .. }), "{:?}", s.phase);
    assert!(has(&s, "check blind"));
    assert_eq!(
        movement(&mut s, &["Flat Out: no test, the bonus -1"]),
        2 + 2
    );
    assert_eq!(s.car(blue).target, card(&s, "67"), "no test made");
}

#[test]
fn the_extreme_discard_power_passes_the_test() {
    // R112: "Esta carta pode ser descartada para ter sucesso automático ao pegar uma Extreme
    // Trajectory (respeitando a cor) ... em qualquer parte da pista". Lago T8 has the power.
    let mut s = lago();
    on_extreme(&mut s, "Blue", ESSE, &["8", "T8", "13"], "67");
    let blue = car(&s, "Blue");
    act(&mut s, "play 8 on the trajectory");
    assert!(matches!(s.phase, Phase::Extreme { .. }), "{:?}", s.phase);
    refused(&mut s, "Flat Out: no test, the bonus -1", "Flat Out skill");
    refused(
        &mut s,
        "Extreme Trajectory with 13's power",
        "no Extreme Trajectory Discard Power",
    );
    let mp = movement(&mut s, &["Extreme Trajectory with T8's power"]);
    assert_eq!(mp, 1 + 3);
    assert!(s.track_discard.contains(card(&s, "T8")));
    assert!(!s.car(blue).hand.contains(card(&s, "T8")));
    assert_eq!(s.car(blue).target, card(&s, "67"), "no test made");
}

#[test]
fn a_track_card_may_not_count_on_an_extreme_trajectorys_blind_test() {
    // R109: "você não pode mover usando uma determinada Track Card quando você precisar passar
    // em um teste cego para ... pegar uma ET"; a sure pass (Flat Out, the ET power) allows it.
    let mut s = lago();
    on_extreme(&mut s, "Blue", ESSE, &["8", "T11"], "67");
    refused(
        &mut s,
        "play 8 + T11 on the trajectory",
        "cannot count on an Extreme Trajectory's blind test",
    );
    assert!(has(&s, "play 8 + T11 (5 MP)"), "{:?}", labels(&s));

    let mut s = lago();
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].skill = Some(Skill::FlatOut);
    on_extreme(&mut s, "Blue", ESSE, &["8", "T11"], "67");
    act(&mut s, "play 8 + T11 on the trajectory");
    refused(&mut s, "check blind", "counted on a sure pass");
    assert_eq!(
        movement(&mut s, &["Flat Out: no test, the bonus -1"]),
        1 + 4 + 2
    );
}

#[test]
fn a_car_ending_its_move_by_a_free_extreme_trajectory_may_take_it() {
    // F.2: the ET is a trajectory spot, one car at a time.
    let mut s = book(1, json!({}));
    layout(&mut s, &[(11, &["Blue"])], 2);
    hand(&mut s, "Blue", &["16"]);
    target(&mut s, "Blue", "67");
    s.start_turn_at(5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16");
    settle(&mut s);
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).section, ABBEY);
    assert!(
        labels(&s)
            .iter()
            .any(|l| l.starts_with("Extreme Trajectory (")),
        "{:?}",
        labels(&s)
    );
    let take = labels(&s)
        .into_iter()
        .find(|l| l.starts_with("Extreme Trajectory ("))
        .unwrap();
    act(&mut s, &take);
    assert!(s.on_extreme(blue));
    let v = s.seat_view(Some(0)).to_json();
    assert_eq!(v["cars"][0]["on_extreme"], json!(true));
    assert_eq!(v["cars"][0]["trajectory"], json!("extreme"));
    assert_eq!(
        v["sections"][usize::from(ABBEY)]["extreme"]["taken_by"],
        json!("Blue")
    );
    assert_eq!(
        v["sections"][usize::from(ABBEY)]["extreme"]["bonus"],
        json!(3)
    );
    // The position round-trips the spot.
    let pos = F90State::position(&s);
    assert_eq!(pos["cars"][0]["trajectory"], json!("extreme"));
    let back = s.game().state_from(&pos).unwrap();
    assert!(back.on_extreme(blue));
}

#[test]
fn without_the_module_the_extreme_spot_is_not_offered() {
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    layout(&mut s, &[(11, &["Blue"])], 2);
    hand(&mut s, "Blue", &["16"]);
    s.start_turn_at(5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16");
    settle(&mut s);
    assert!(!labels(&s).iter().any(|l| l.starts_with("Extreme")));
}

#[test]
fn robots_take_an_extreme_trajectory_only_when_the_orange_flag_forces_them() {
    // R99: "Robôs só ocupam uma ET se um jogador com uma bandeira laranja forçá-lo"; R95: "ele
    // deverá realizar um teste cego contra o Target Check de 70" in its next turn.
    let setup = |orange: bool| {
        let mut s = book(1, json!({"fast": 1}));
        layout(&mut s, &[(10, &["Fast"]), (0, &["Blue"])], 2);
        if orange {
            s.orange = car(&s, "Blue");
        }
        s.start_turn_at(8);
        s
    };
    // No orange pawn: the Fast robot (3 MP) ends in Abbey and stays off the ET.
    let s = setup(false);
    let fast = car(&s, "Fast");
    assert_eq!(s.car(fast).section, ABBEY);
    assert_eq!(s.car(fast).trajectory, None);
    // The holder decides.
    let mut s = setup(true);
    assert!(
        matches!(s.phase, Phase::OrangeExtreme { .. }),
        "{:?}",
        s.phase
    );
    assert_eq!(to_move(&s), "Blue");
    assert_eq!(
        labels(&s),
        ["let Fast drive on", "put Fast on the Extreme Trajectory"]
    );
    act(&mut s, "put Fast on the Extreme Trajectory");
    assert!(s.on_extreme(fast));
    // Next turn: a blind test against 70. Passed (70): 3 + 3 MP.
    let mut pass = s.clone();
    layout(&mut pass, &[(ABBEY, &["Fast"]), (5, &["Blue"])], 2);
    pass.cars[usize::from(fast)].trajectory = Some(ET_SPOT);
    pass.start_turn_at(9);
    draw(&mut pass, "70");
    assert_eq!(pass.car(fast).section, (ABBEY + 6) % 16);
    // Failed (71): the chart, blind against 70 - 10 for a robot; failed again: -4 MP, no move.
    let mut fail = s.clone();
    layout(&mut fail, &[(ABBEY, &["Fast"]), (5, &["Blue"])], 2);
    fail.cars[usize::from(fast)].trajectory = Some(ET_SPOT);
    fail.start_turn_at(9);
    draw(&mut fail, "71");
    draw(&mut fail, "61");
    assert_eq!(fail.car(fast).section, ABBEY);
    assert_eq!(fail.car(fast).trajectory, None);
}

#[test]
fn hazard_counts_the_extreme_blind_test() {
    // HAZARD: "+1 ponto extra de movimento sempre que fizer um TESTE CEGO (... ET)".
    let mut s = book(1, json!({}));
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].strategy = autodromo_core::formula90::rules::Strategy::Hazard;
    on_extreme(&mut s, "Blue", ABBEY, &["16"], "67");
    act(&mut s, "play 16 on the trajectory");
    assert_eq!(movement(&mut s, &["draw 60"]), 2 + 3 + 1);
}

#[test]
fn an_extreme_trajectory_chart_may_not_lead_off_the_track() {
    let mut files = shipped_files();
    for (path, text) in &mut files {
        if path == "tracks/lago/track.toml" {
            let i = text.find("id = \"esse_et\"").unwrap();
            let j = i + text[i..].find("pass = { time_loss = 2 }").unwrap();
            text.replace_range(j..j + 24, "pass = { time_loss = 2, reenter = 12 }");
        }
    }
    let err = Content::parse(&files).unwrap_err().to_string();
    assert!(err.contains("tracks/lago/track.toml"), "{err}");
    assert!(err.contains("extreme.recovery"), "{err}");
    assert!(err.contains("no re-entry point"), "{err}");
}

#[test]
fn both_shipped_tracks_print_extreme_trajectories() {
    let c = content();
    for id in ["lago", "colline"] {
        let t = c.track(id).unwrap();
        assert!(
            t.sections.iter().filter(|s| s.extreme.is_some()).count() >= 2,
            "{id}"
        );
    }
}

#[test]
fn random_races_attempt_pass_and_fail_extreme_trajectories() {
    // The harness's module races exercise the module: over a few random races on each shipped
    // track, cars take ET spots, attempt them, pass and lose control.
    let mut seen = [0usize; 4];
    for seed in 0..12u64 {
        let track = ["lago", "colline"][(seed % 2) as usize];
        let g = advanced_game(
            json!({"track": track, "players": 3, "turns": 8, "extreme": true,
                                     "flags": true, "weather": false}),
        );
        let mut s = g.new_initial_state();
        let mut rng = autodromo_core::rng::SplitMix64::new(seed);
        while !s.is_terminal() {
            random_step(&mut s, &mut rng);
        }
        for e in s.typed_events() {
            match e {
                Event::TakeExtreme { .. } => seen[0] += 1,
                Event::ExtremeTry { .. } => seen[1] += 1,
                Event::ExtremePassed { .. } => seen[2] += 1,
                Event::ExtremeLost { .. } => seen[3] += 1,
                _ => {}
            }
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "take, try, pass, lose: {seen:?}"
    );
}
