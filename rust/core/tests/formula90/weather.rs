//! The weather and tyres module: the weather card and the weather table (PRE-RACE), the tyre
//! types and their table, rain's −20, soft tyres' blue tokens and two sets a race, the robots'
//! shared tyres and their weather pit stop, the weather icon in phase D.4.

use crate::support::*;
use autodromo_core::formula90::events::NoLog;
use autodromo_core::formula90::state::Check;
use autodromo_core::formula90::weather::{tyre_penalty, Sky, Tyre, TyreTable};
use autodromo_core::formula90::{F90State, Formula90, Phase};
use autodromo_core::{Game, Player, State};
use serde_json::json;

/// The weather table's space holding check factor `cf` (spaces from 0, driest first).
fn space_of(s: &F90State, cf: u8) -> u8 {
    s.weather_space(cf)
}

/// A race on Lago with the weather module, played with the first choices up to the weather card.
fn at_weather_card(players: u8, robots: serde_json::Value) -> F90State {
    let g = advanced_game(json!({"players": players, "robots": robots}));
    let mut s = g.new_initial_state();
    while !matches!(s.phase, Phase::WeatherCard) {
        let a = match s.current_player() {
            Player::Chance => s.chance_outcomes()[0].0,
            Player::Seat(_) => s.legal_actions()[0],
            Player::Terminal => panic!("the race ended before its weather card"),
        };
        s.apply_action(a).unwrap();
    }
    s
}

/// One player on the book track with the weather module, at `section`, its turn about to start.
fn alone_in(sky_cf: u8, section: u8, cards: &[&str]) -> F90State {
    let mut s = book_race(json!({"players": 1, "robots": {}, "weather": true}));
    s.weather = space_of(&s, sky_cf);
    layout(&mut s, &[(section, &["Blue"])], 2);
    hand(&mut s, "Blue", cards);
    target(&mut s, "Blue", "83");
    s.start_turn_at(5);
    s
}

// ---- options -------------------------------------------------------------------------------

#[test]
fn the_weather_module_is_on_by_default_where_the_track_prints_a_table() {
    let g = advanced_game(json!({}));
    assert_eq!(g.options_json()["weather"], json!(true));
    assert_eq!(g.options_json()["tyre_table"], json!("corrected"));
    // The basic race stays reachable: no weather card, hard tyres for everybody.
    let g = game(json!({"weather": false}));
    let mut s = g.new_initial_state();
    while s.turn == 0 {
        assert!(!matches!(
            s.phase,
            Phase::WeatherCard | Phase::StartTyres { .. }
        ));
        let a = match s.current_player() {
            Player::Chance => s.chance_outcomes()[0].0,
            _ => s.legal_actions()[0],
        };
        s.apply_action(a).unwrap();
    }
    assert!((0..s.n).all(|c| s.car(c).tyre == Tyre::Hard));
}

#[test]
fn a_track_without_a_weather_table_refuses_the_module() {
    let mut files = shipped_files();
    for (path, text) in files.iter_mut() {
        if path == "tracks/lago/track.toml" {
            let start = text.find("weather = [").unwrap();
            let end = start + text[start..].find("\n]\n").unwrap() + 3;
            text.replace_range(start..end, "");
        }
    }
    let c = std::sync::Arc::new(autodromo_core::formula90::Content::parse(&files).unwrap());
    let off = Formula90::new(c.clone(), &json!({})).unwrap();
    assert_eq!(off.options_json()["weather"], json!(false));
    let err = Formula90::new(c, &json!({"weather": true})).unwrap_err();
    assert!(err.to_string().contains("prints no weather table"), "{err}");
}

#[test]
fn weather_table_errors_name_the_file_and_the_space() {
    let broken = |from: &str, to: &str, says: &str| {
        let mut files = shipped_files();
        for (path, text) in files.iter_mut() {
            if path == "tracks/lago/track.toml" {
                assert!(text.contains(from));
                *text = text.replace(from, to);
            }
        }
        let err = autodromo_core::formula90::Content::parse(&files).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("tracks/lago/track.toml"), "{msg}");
        assert!(msg.contains(says), "{msg}");
    };
    broken(
        "cf = [1, 5]",
        "cf = [2, 5]",
        "check factor 1 is on no space",
    );
    broken(
        "cf = [6, 15]",
        "cf = [5, 15]",
        "check factor 5 is on two spaces",
    );
    broken(
        "{ cf = [96, 99], sky = \"dry\" }",
        "{ cf = [96, 99], sky = \"sunny\" }",
        "weather[0].sky",
    );
    broken(
        "{ cf = [36, 45], sky = \"drizzle\" }",
        "{ cf = [36, 45], sky = \"dry\" }",
        "from dry through drizzle to rain",
    );
}

// ---- PRE-RACE: the weather card, the robots' tyres --------------------------------------

#[test]
fn formula90_example_the_weather_card_places_the_pawn() {
    // "Compre uma Race Card ... Exemplo: uma carta com check factor 34" (W6): the pawn goes on
    // the space of the weather table that holds 34.
    let mut s = at_weather_card(2, json!({"fast": 1}));
    assert_eq!(s.current_player(), Player::Chance);
    draw(&mut s, "34");
    assert_eq!(s.weather, space_of(&s, 34));
    assert_eq!(s.weather, 7, "the space 26-35, the eighth from the dry end");
    assert_eq!(s.sky(), Sky::Drizzle);
    // The card went to the Race discard pile.
    assert!(s.race_discard.contains(card(&s, "34")));
    let v = s.view(None);
    assert_eq!(v["weather"]["space"], json!(8));
    assert_eq!(v["weather"]["sky"], json!("drizzle"));
}

#[test]
fn formula90_example_robots_tyres_follow_the_nearest_stable_weather() {
    // "Silverstone: carta 38 -> intermediário, mais perto de chuva -> pneus de chuva ... 55-46
    // os robôs escolhem aleatoriamente" (W6, R35).
    let mut s = at_weather_card(1, json!({"fast": 2}));
    draw(&mut s, "38");
    assert_eq!(s.robot_tyres, Tyre::Rain);
    assert!(matches!(s.phase, Phase::Strategy { .. }), "{:?}", s.phase);

    let mut s = at_weather_card(1, json!({"fast": 2}));
    draw(&mut s, "90");
    assert_eq!(s.robot_tyres, Tyre::Hard);

    let mut s = at_weather_card(1, json!({"fast": 2}));
    draw(&mut s, "50");
    assert!(matches!(s.phase, Phase::RobotTyres), "{:?}", s.phase);
    let outcomes = s.chance_outcomes();
    assert_eq!(outcomes.len(), 2);
    assert!(outcomes.iter().all(|(_, p)| (*p - 0.5).abs() < 1e-9));
    assert_eq!(labels(&s), ["fit hard tyres", "fit rain tyres"]);
    refused(&mut s, "fit soft tyres", "robots fit only hard or rain");
    act(&mut s, "fit rain tyres");
    assert_eq!(s.robot_tyres, Tyre::Rain);
}

#[test]
fn each_player_chooses_tyres_from_pole_and_hard_ones_bring_a_track_card() {
    // "Na ordem do grid, cada jogador escolhe o tipo de pneu e a carta de estratégia"; hard
    // tyres: "1 Track Card".
    let mut s = at_weather_card(2, json!([]));
    draw(&mut s, "90");
    act(&mut s, "strategy Lucky");
    assert!(matches!(s.phase, Phase::StartTyres { .. }));
    assert_eq!(
        labels(&s),
        [
            "fit hard tyres",
            "fit soft tyres",
            "fit intermediate tyres",
            "fit rain tyres"
        ]
    );
    let first = match s.phase {
        Phase::StartTyres { car } => car,
        _ => unreachable!(),
    };
    let hand = s.car(first).hand.len();
    act(&mut s, "fit hard tyres");
    draw(&mut s, "T1");
    assert_eq!(s.car(first).hand.len(), hand + 1);
    assert_eq!(s.car(first).tyre, Tyre::Hard);
    assert_eq!(s.car(first).tyres, s.car(first).chart.tyres);
}

// ---- the tyre table -----------------------------------------------------------------------

#[test]
fn the_tyre_table_reads_like_the_book() {
    // Table T7: soft and hard -1 in drizzle, -2 in rain; rain tyres -2 in the dry, -1 in
    // drizzle; intermediates (decision A2) -1 in the dry and in the rain, nothing in drizzle.
    let c = TyreTable::Corrected;
    for t in [Tyre::Soft, Tyre::Hard] {
        assert_eq!(tyre_penalty(t, Sky::Dry, c), 0);
        assert_eq!(tyre_penalty(t, Sky::Drizzle, c), 1);
        assert_eq!(tyre_penalty(t, Sky::Rain, c), 2);
    }
    assert_eq!(tyre_penalty(Tyre::Rain, Sky::Dry, c), 2);
    assert_eq!(tyre_penalty(Tyre::Rain, Sky::Drizzle, c), 1);
    assert_eq!(tyre_penalty(Tyre::Rain, Sky::Rain, c), 0);
    assert_eq!(tyre_penalty(Tyre::Intermediate, Sky::Dry, c), 1);
    assert_eq!(tyre_penalty(Tyre::Intermediate, Sky::Drizzle, c), 0);
    assert_eq!(tyre_penalty(Tyre::Intermediate, Sky::Rain, c), 1);
}

#[test]
fn the_printed_intermediate_row_is_an_option() {
    // As printed: "Intermediário -1 PM | -1 PM | -".
    let p = TyreTable::AsPrinted;
    assert_eq!(tyre_penalty(Tyre::Intermediate, Sky::Dry, p), 1);
    assert_eq!(tyre_penalty(Tyre::Intermediate, Sky::Drizzle, p), 1);
    assert_eq!(tyre_penalty(Tyre::Intermediate, Sky::Rain, p), 0);
    let mut s = book_race(json!({"players": 1, "robots": {}, "weather": true,
        "tyre_table": "as_printed"}));
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].tyre = Tyre::Intermediate;
    s.weather = space_of(&s, 10);
    assert_eq!(s.tyre_loss(blue), 0);
    s.weather = space_of(&s, 50);
    assert_eq!(s.tyre_loss(blue), 1);
    let err = Formula90::new(
        book_content(),
        &json!({"track": "book", "tyre_table": "wet"}),
    )
    .unwrap_err();
    assert!(err.to_string().contains("tyre_table"), "{err}");
}

#[test]
fn tyres_that_do_not_suit_the_weather_cost_movement_points() {
    // Hard tyres in the rain: -2 MP ("Pneus que não combinam com o clima custam PM").
    let mut s = alone_in(10, 2, &["95", "70"]);
    to_phase_c(&mut s, "50");
    assert!(has(&s, "play 70 (1 MP)"), "{:?}", labels(&s));
    act(&mut s, "play 70");
    let blue = car(&s, "Blue");
    finish_turn(&mut s, blue);
    assert_eq!(
        s.car(blue).section,
        3,
        "3 MP less 2 for hard tyres in the rain"
    );
}

#[test]
fn robots_never_lose_movement_to_their_tyres() {
    // "Os robôs nunca sofrem essas penalidades de PM."
    let mut s = book_race(json!({"players": 1, "robots": {"fast": 1}, "weather": true}));
    s.weather = space_of(&s, 10);
    s.robot_tyres = Tyre::Hard;
    let fast = car(&s, "Fast");
    assert_eq!(s.tyre_loss(fast), 0);
    layout(&mut s, &[(2, &["Fast"]), (0, &["Blue"])], 2);
    s.start_turn_at(5);
    // The Fast robot led and moved its 3 sections before the player's turn.
    assert_eq!(s.car(fast).section, 5);
}

// ---- rain and tests ------------------------------------------------------------------------

#[test]
fn formula90_example_rain_takes_twenty_from_every_test() {
    // "um teste de -10 na chuva se torna -30" (W20): target 83 - 10 - 20 = 53. The card 55
    // passes the same check in the dry and fails it in the rain (a wear token).
    for (sky_cf, fails) in [(90, false), (10, true)] {
        let mut s = alone_in(sky_cf, 2, &["39", "55"]);
        // Intermediate tyres lose 1 MP in both weathers: the move is the same.
        let blue = car(&s, "Blue");
        s.cars[usize::from(blue)].tyre = Tyre::Intermediate;
        to_phase_c(&mut s, "50");
        act(&mut s, "play 39");
        assert!(matches!(s.phase, Phase::Tests { .. }), "{:?}", s.phase);
        let target = s.check_target(blue, -10) + s.conditions_modifier(blue, Check::Card(0));
        assert_eq!(target, if fails { 53 } else { 73 });
        act(&mut s, "check 39 with 55");
        assert_eq!(
            matches!(s.phase, Phase::Wear { .. }),
            fails,
            "{sky_cf}: {:?}",
            s.phase
        );
    }
}

#[test]
fn the_leader_check_takes_no_rain_penalty() {
    // "Não há penalidade de chuva" for the Leader's check before lapping (Líder Dando Volta).
    let mut s = book_race(json!({"players": 1, "robots": {}, "weather": true}));
    s.weather = space_of(&s, 10);
    let blue = car(&s, "Blue");
    assert_eq!(s.conditions_modifier(blue, Check::Leader), 0);
    assert_eq!(s.conditions_modifier(blue, Check::LateBrake), -20);
    assert_eq!(s.conditions_modifier(blue, Check::Recovery(0)), -20);
    s.weather = space_of(&s, 30);
    assert_eq!(
        s.conditions_modifier(blue, Check::LateBrake),
        0,
        "drizzle is not rain"
    );
}

// ---- the weather icon ------------------------------------------------------------------------

#[test]
fn a_weather_icon_moves_the_pawn_one_space_either_way_or_not() {
    // D.4 "mover o peão do clima uma casa em qualquer direção, ou deixá-lo onde está".
    for (choice, to) in [
        ("weather one space drier", 6u8),
        ("weather unchanged", 7),
        ("weather one space wetter", 8),
    ] {
        let mut s = alone_in(30, 2, &["32", "95"]);
        to_phase_c(&mut s, "50");
        act(&mut s, "play 32");
        assert!(
            matches!(s.phase, Phase::WeatherIcon { .. }),
            "{:?}",
            s.phase
        );
        act(&mut s, choice);
        assert_eq!(s.weather, to, "{choice}");
    }
}

#[test]
fn the_weather_pawn_stops_at_the_ends_of_the_table() {
    let mut s = alone_in(99, 2, &["32", "95"]);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 32");
    refused(&mut s, "weather one space drier", "driest space");
    assert!(!has(&s, "weather one space drier"));
}

#[test]
fn the_new_weather_counts_at_once_for_the_tyres() {
    // "as condições mudam imediatamente": hard tyres moved into the rain lose 2 MP this turn.
    let mut s = alone_in(20, 2, &["94", "95"]);
    let blue = car(&s, "Blue");
    assert_eq!(s.sky(), Sky::Rain);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 94");
    act(&mut s, "weather one space drier");
    assert_eq!(s.sky(), Sky::Drizzle);
    assert!(s.car(blue).played || s.turn == 6, "the turn is over");
    assert_eq!(
        s.car(blue).section,
        4,
        "3 MP less 1 for hard tyres in drizzle"
    );
}

// ---- soft tyres and blue tokens ---------------------------------------------------------------

#[test]
fn soft_tyres_bring_three_blue_tokens_and_three_fewer_tyre_tokens() {
    // "Macio: três tokens azuis de +1 PM ... -3 tokens de pneu preto".
    let mut s = at_weather_card(1, json!([]));
    draw(&mut s, "90");
    act(&mut s, "strategy Lucky");
    act(&mut s, "fit soft tyres");
    let blue = car(&s, "Blue");
    let c = s.car(blue);
    assert_eq!(c.tyre, Tyre::Soft);
    assert_eq!(c.tyres, c.chart.tyres - 3);
    assert_eq!(c.blue, 3);
    assert_eq!(c.soft_sets, 1);
}

#[test]
fn one_blue_token_a_turn_gives_one_movement_point() {
    // "pode gastar um, e apenas um, por turno" for +1 MP.
    let mut s = alone_in(90, 2, &["32", "95"]);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].tyre = Tyre::Soft;
    s.cars[usize::from(blue)].blue = 3;
    to_phase_c(&mut s, "50");
    act(&mut s, "play 95");
    // Tyres for the red card first (tokens), then the blue token's question.
    while !matches!(s.phase, Phase::BlueToken { .. }) {
        if s.current_player() == Player::Chance {
            settle(&mut s);
        } else {
            act(&mut s, "pay a tyre token");
        }
    }
    assert_eq!(
        labels(&s),
        ["use a blue token (+1 MP)", "keep the blue tokens"]
    );
    act(&mut s, "use a blue token (+1 MP)");
    assert_eq!(s.car(blue).blue, 2);
    assert_eq!(s.it.mp, 5, "4 MP and the blue token's 1");
    finish_turn(&mut s, blue);
    assert_eq!(s.car(blue).section, 7);
}

#[test]
fn blue_tokens_keep_their_point_in_the_rain() {
    // "Os tokens +1 dos pneus macios continuam utilizáveis na garoa/chuva": -2 for soft tyres
    // in the rain, +1 for the token.
    let mut s = alone_in(10, 2, &["32", "95"]);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].tyre = Tyre::Soft;
    s.cars[usize::from(blue)].blue = 1;
    to_phase_c(&mut s, "50");
    act(&mut s, "play 32");
    act(&mut s, "weather unchanged");
    assert_eq!(s.it.mp, 0, "2 MP less 2 for soft tyres in the rain");
    act(&mut s, "use a blue token");
    assert_eq!(s.car(blue).blue, 0);
    assert_eq!(s.car(blue).section, 3, "the blue token's point");
}

/// Blue in the pit on the book track, the discards done, at the tyres.
fn at_pit_tyres(soft_sets: u8, blue_tokens: u8) -> F90State {
    let mut s = alone_in(90, 12, &["30"]);
    let blue = car(&s, "Blue");
    {
        let c = &mut s.cars[usize::from(blue)];
        c.tyre = Tyre::Soft;
        c.blue = blue_tokens;
        c.soft_sets = soft_sets;
        c.tyres = 2;
    }
    act(&mut s, "pit stop");
    act(&mut s, "keep the hand");
    settle(&mut s);
    assert!(matches!(s.phase, Phase::PitTyres { .. }), "{:?}", s.phase);
    s
}

#[test]
fn at_most_two_sets_of_soft_tyres_a_race() {
    // "no máximo dois jogos de pneus macios por corrida".
    let mut s = at_pit_tyres(2, 1);
    refused(&mut s, "fit soft tyres", "at most two sets of soft tyres");
    assert!(has(&s, "fit hard tyres"));
    assert!(
        !has(&s, "new hard tyres"),
        "the weather module names the type"
    );
    let mut s = at_pit_tyres(1, 1);
    act(&mut s, "fit soft tyres");
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).soft_sets, 2);
    assert_eq!(s.car(blue).blue, 3);
}

#[test]
fn keeping_the_tyres_keeps_the_blue_tokens_and_new_ones_lose_them() {
    // "Se fizer um pit stop sem trocar de pneus, mantém os mesmos tokens"; changing tyres
    // discards the unused blue tokens.
    let mut s = at_pit_tyres(1, 2);
    act(&mut s, "keep the tyres");
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).blue, 2);
    assert_eq!(s.car(blue).tyres, 2);
    let mut s = at_pit_tyres(1, 2);
    act(&mut s, "fit rain tyres");
    assert_eq!(s.car(blue).blue, 0);
    assert_eq!(s.car(blue).tyre, Tyre::Rain);
    assert_eq!(s.car(blue).tyres, s.car(blue).chart.tyres);
}

// ---- robots' weather pit stop -----------------------------------------------------------------

#[test]
fn robots_pit_for_tyres_when_the_weather_turns() {
    // "Quando o clima mudar de incerto para chuva ... e os pneus dos robôs não combinarem, ao
    // final do turno individual do carro atual todos os robôs imediatamente fazem um pit stop
    // ... todos os tokens de abastecimento dos robôs são removidos."
    let mut s = book_race(json!({"players": 2, "robots": {"fast": 1, "slow": 1}, "weather": true}));
    s.weather = space_of(&s, 30);
    s.robot_tyres = Tyre::Hard;
    layout(
        &mut s,
        &[
            (14, &["Fast"]),
            (11, &["Slow"]),
            (4, &["Blue"]),
            (3, &["Orange"]),
        ],
        2,
    );
    hand(&mut s, "Blue", &["32", "95"]);
    target(&mut s, "Blue", "83");
    s.start_turn_at(5);
    let chits_before = s.chits;
    assert_ne!(chits_before, 0, "the robots' chits are on the Turn track");
    // The robots have played; Blue is next.
    assert_eq!(to_move(&s), "Blue");
    let (fast, slow) = (car(&s, "Fast"), car(&s, "Slow"));
    let (f0, s0) = (s.car(fast).section, s.car(slow).section);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 32");
    act(&mut s, "weather one space wetter");
    assert_eq!(s.sky(), Sky::Rain);
    let blue = car(&s, "Blue");
    finish_turn(&mut s, blue);
    assert_eq!(to_move(&s), "Orange");
    assert_eq!(s.robot_tyres, Tyre::Rain);
    assert_eq!(s.chits, 0, "every robot chit leaves the Turn track");
    for (r, was) in [(fast, f0), (slow, s0)] {
        assert!(s.car(r).refuelled, "the weather stop is its refuel stop");
        assert_eq!(
            s.car(r).section,
            (was + 16 - 8) % 16,
            "back the pit value (8)"
        );
        assert!(!s.car(r).just_pit, "it had played: it stays");
    }
}

#[test]
fn robots_that_have_not_played_pit_and_play_later() {
    // Decision A40: robots that had not played yet get JUST PIT.
    let mut s = book_race(json!({"players": 1, "robots": {"fast": 1}, "weather": true}));
    layout(&mut s, &[(14, &["Fast"]), (4, &["Blue"])], 2);
    s.start_turn_at(5);
    let fast = car(&s, "Fast");
    s.cars[usize::from(fast)].played = false;
    let was = s.car(fast).section;
    s.weather = space_of(&s, 10);
    s.robots_pit_for_weather(&mut NoLog);
    assert!(s.car(fast).just_pit);
    assert_eq!(s.car(fast).section, (was + 16 - 8) % 16);
    assert_eq!(s.robot_tyres, Tyre::Rain);
}

#[test]
fn robots_on_the_right_tyres_do_not_pit() {
    let mut s = book_race(json!({"players": 1, "robots": {"fast": 1}, "weather": true}));
    s.weather = space_of(&s, 30);
    s.robot_tyres = Tyre::Rain;
    let blue = car(&s, "Blue");
    s.move_weather(blue, 1, &mut NoLog);
    assert_eq!(s.sky(), Sky::Rain);
    assert!(!s.robots_weather_pit);
    // Drizzle is no stable condition: no stop either way.
    s.robot_tyres = Tyre::Hard;
    s.weather = space_of(&s, 70);
    s.move_weather(blue, 1, &mut NoLog);
    assert!(!s.robots_weather_pit);
    s.weather = space_of(&s, 70);
    s.move_weather(blue, -1, &mut NoLog);
    assert_eq!(s.sky(), Sky::Dry);
    assert!(!s.robots_weather_pit, "hard tyres suit the dry");
}

// ---- the log -----------------------------------------------------------------------------------

#[test]
fn the_log_names_the_weather_and_the_tyres() {
    let g = advanced_game(json!({"players": 2, "robots": {"fast": 1}}));
    let mut s = g.new_initial_state();
    while s.turn < 2 && !s.is_terminal() {
        let a = match s.current_player() {
            Player::Chance => s.chance_outcomes()[0].0,
            _ => s.legal_actions()[0],
        };
        s.apply_action(a).unwrap();
    }
    let log = steps(&s.events(None));
    let has = |f: &dyn Fn(&serde_json::Value) -> bool| log.iter().any(f);
    assert!(
        has(&|e| e["kind"] == "weather" && e["card"]["name"].is_string() && e["space"].is_u64()),
        "{log:?}"
    );
    assert!(
        has(&|e| e["kind"] == "tyres" && e["tyre"] == "hard" && e["seat"].is_u64()),
        "{log:?}"
    );
    assert!(has(&|e| e["kind"] == "robot_tyres"), "{log:?}");
}
