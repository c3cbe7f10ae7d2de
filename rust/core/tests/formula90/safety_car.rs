//! The Safety Car module (Safety Car (SC), Realinhamento, Turnos Individuais com o SC na Pista,
//! Pit-stops com o SC na Pista, Saída do SC da Pista, Relargadas), a named test per rule and
//! the book's example (W31). On the test track section 12 is the braking zone before Abbey
//! (LB -20, chart "abbey": a normal check at -10, then a blind one whose failure is a crash at
//! a Safety Car symbol); the pit box is -8; Race Stages open at turns 1, 6, 11 and 16.

use crate::support::*;
use autodromo_core::formula90::car::Status;
use autodromo_core::formula90::rules::Strategy;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::{Game, State};
use serde_json::json;

fn field(players: u8, robots: serde_json::Value, safety_car: bool) -> F90State {
    let mut s = book_race(json!({"players": players, "robots": robots, "safety_car": safety_car}));
    for c in 0..players {
        s.cars[usize::from(c)].strategy = Strategy::Balance;
        s.cars[usize::from(c)].fuel = 30;
    }
    s
}

/// W31's field on the test track at turn `turn`: Blue leads (and has played); White, on the
/// straight before Abbey's braking zone, is about to crash out at its late brake; Orange and Pink on the Leader's lap, Green and Red a lap
/// down.
fn w31(turn: u8) -> F90State {
    let mut s = field(6, json!({}), true);
    layout(
        &mut s,
        &[
            (14, &["Blue"]),
            (11, &["White", "Orange"]),
            (9, &["Pink"]),
            (7, &["Green@2"]),
            (5, &["Red@2"]),
        ],
        3,
    );
    hand(&mut s, "White", &["6", "75"]);
    target(&mut s, "White", "30");
    for (who, cards) in [
        ("Blue", ["20", "21"]),
        ("Orange", ["22", "23"]),
        ("Pink", ["24", "25"]),
        ("Green", ["26", "27"]),
        ("Red", ["28", "29"]),
    ] {
        hand(&mut s, who, &cards);
    }
    s.start_turn_at(turn);
    only(&mut s, &["White", "Orange", "Pink", "Green", "Red"]);
    s.resume();
    s
}

/// White's late brake at Abbey fails, and both recovery checks: a crash at the SC symbol.
fn crash_white(s: &mut F90State) {
    assert_eq!(to_move(s), "White");
    act(s, "drive");
    draw(s, "60");
    act(s, "play 6");
    act(s, "late brake");
    draw(s, "80"); // fails 30 - 20
    act(s, "check with 75"); // the normal recovery check (80 - 10) fails
    draw(s, "90"); // the blind one (against 75) fails: out of the race at the SC symbol
}

/// Resolves `who`'s pit stop (discards, tyres, strategy) with the first choices.
fn pit_through(s: &mut F90State, who: &str) {
    let (c, turn) = (car(s, who), s.turn);
    finish_turn(s, c);
    // The stop is its turn (the last stop of the window ends the game turn).
    assert!(s.car(c).played || s.turn > turn, "{who}'s stop is its turn");
}

fn line(s: &F90State) -> Vec<(String, u8, i16)> {
    s.race_order()
        .into_iter()
        .map(|c| {
            let car = s.car(c);
            (s.race.names[usize::from(c)].clone(), car.section, car.lap)
        })
        .collect()
}

fn named(v: &[(&str, u8, i16)]) -> Vec<(String, u8, i16)> {
    v.iter().map(|&(n, s, l)| (n.to_string(), s, l)).collect()
}

#[test]
fn formula90_example_the_safety_car_comes_out_and_the_field_lines_up() {
    // W31: "O carro azul já jogou seu turno individual quando o SC entra na pista. O carro
    // laranja não jogou seu turno ainda então pode fazer um pit stop ... Os carros verde e rosa
    // rejeitam o pit. Em seguida o carro vermelho também decide fazer um pit stop e aumenta sua
    // quantidade de voltas de -1 para -2 ... O Safety Car é colocado à frente do líder na mesma
    // seção. Todos os outros carros ficam a 1 seção de distância um do outro. Os carros verde e
    // vermelho recuperam volta e removem os tokens."
    let mut s = w31(7);
    crash_white(&mut s);
    assert!(s.car(car(&s, "White")).retired());
    assert!(s.sc.out && s.sc.window);
    // The window, in track order, for the cars that have not played (Blue has).
    assert_eq!(to_move(&s), "Orange");
    assert!(matches!(s.phase, Phase::SafetyCarPit { .. }));
    act(&mut s, "pit stop");
    // Normal pit rules: the box is -8 (the book's track prints -5).
    assert_eq!(section_of(&s, "Orange"), 3);
    pit_through(&mut s, "Orange");
    assert_eq!(to_move(&s), "Pink");
    act(&mut s, "stay out");
    assert_eq!(to_move(&s), "Green");
    act(&mut s, "stay out");
    assert_eq!(to_move(&s), "Red");
    act(&mut s, "pit stop");
    let red = car(&s, "Red");
    assert_eq!(
        (s.car(red).section, s.car(red).lap),
        (13, 1),
        "-1 lap to -2"
    );
    pit_through(&mut s, "Red");
    // The realignment: the Leader's section is the Safety Car's; one car a section behind him
    // in race order (Orange lost its place to Pink); every lap token gone. The remaining
    // turns are lost and turn 8 begins: the Safety Car moves a section, the line with it.
    assert_eq!(s.turn, 8);
    assert!(s.sc.out && !s.sc.window);
    assert_eq!(s.sc.section, 15);
    assert_eq!(
        line(&s),
        named(&[
            ("Blue", 15, 3),
            ("Pink", 14, 3),
            ("Orange", 13, 3),
            ("Green", 12, 3),
            ("Red", 11, 3),
        ])
    );
    // "Primeiro o SC avança 1 seção. O carro azul líder é forçado a realizar um pit stop
    // enquanto o SC está na pista. Ele é posicionado no final da fila e o carro laranja é o
    // novo líder. Todos os carros ... avançam 1 seção à frente sem deixar espaços vazios".
    // (In our line Pink is second, the text's "o carro Laranja perdeu sua posição para o
    // Rosa", so Pink leads.)
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].fuel = 8;
    s.cars[usize::from(blue)].must_pit = true;
    assert_eq!(to_move(&s), "Blue");
    refused(&mut s, "drive", "refuel chit");
    refused(&mut s, "pit stop +1 section", "Safety Car");
    act(&mut s, "pit stop");
    assert_eq!(
        line(&s),
        named(&[
            ("Pink", 15, 3),
            ("Orange", 14, 3),
            ("Green", 13, 3),
            ("Red", 12, 3),
            ("Blue", 11, 3),
        ])
    );
    pit_through(&mut s, "Blue");
    // "pode embarcar até 16 turnos de combustível sem retroceder seções adicionais".
    assert_eq!(s.car(blue).fuel, 8 + 16);
    assert_eq!(to_move(&s), "Pink");
}

#[test]
fn a_crash_at_a_safety_car_point_brings_it_out_and_discards_the_yellow_flags() {
    // "O Safety Car entra imediatamente após um carro bater em um ponto onde o símbolo SC é
    // exibido"; "Todas as bandeiras amarelas na pista são descartadas quando o Safety Car é
    // acionado".
    let mut s = w31(7);
    s.yellow[13] = 1;
    crash_white(&mut s);
    assert!(s.sc.out);
    assert_eq!(s.yellow_at(13), None);
    assert_eq!(s.sc.entries, 1);
}

#[test]
fn without_the_module_a_crash_at_a_safety_car_point_only_retires_the_car() {
    let mut s = w31(7);
    let g = autodromo_core::formula90::Formula90::new(
        book_content(),
        &json!({"players": 6, "robots": {}, "track": "book", "weather": false, "flags": false,
            "track_powers": false, "free_practice": false, "safety_car": false}),
    )
    .unwrap();
    s.race = g.race.clone();
    crash_white(&mut s);
    assert!(s.car(car(&s, "White")).retired());
    assert!(!s.sc.out);
    assert_eq!(to_move(&s), "Orange");
    assert!(matches!(s.phase, Phase::Declare { .. }));
}

#[test]
fn the_pit_window_is_only_for_cars_yet_to_play_and_a_due_stop_cannot_be_refused() {
    // "Todos os jogadores que ainda não jogaram seu turno individual podem ... realizar um pit
    // stop ... Quem já jogou seu turno não pode realizar este pit."
    let mut s = w31(7);
    let orange = car(&s, "Orange");
    // Orange's refuel chit is on this turn: its lost turn was its last chance to stop.
    s.cars[usize::from(orange)].fuel = 7;
    s.cars[usize::from(orange)].must_pit = true;
    crash_white(&mut s);
    assert_eq!(to_move(&s), "Orange");
    refused(&mut s, "stay out", "refuel chit");
    act(&mut s, "pit stop");
    pit_through(&mut s, "Orange");
    for who in ["Pink", "Green", "Red"] {
        assert_eq!(to_move(&s), who);
        act(&mut s, "stay out");
    }
    // Blue (played) was never asked: the next turn has begun.
    assert_eq!(s.turn, 8);
}

#[test]
fn the_realignment_puts_off_track_cars_behind_their_section_and_clears_their_time_loss() {
    // "Se houver carros fora da pista quando o Safety Car entrar, estes são considerados atrás
    // de qualquer carro posicionado na seção onde eles estão (coloque-os de volta na pista)."
    let mut s = w31(7);
    let green = car(&s, "Green");
    // Green lost control in section 9 (behind Pink there) and waits to re-enter.
    s.take_off_track(green);
    {
        let g = &mut s.cars[usize::from(green)];
        g.section = 9;
        g.lap = 3;
        g.status = Status::OffTrack { reentry: 11 };
        g.time_loss = 2;
    }
    crash_white(&mut s);
    for who in ["Orange", "Pink", "Green", "Red"] {
        assert_eq!(to_move(&s), who);
        act(&mut s, "stay out");
    }
    assert_eq!(
        line(&s),
        named(&[
            ("Blue", 15, 3),
            ("Orange", 14, 3),
            ("Pink", 13, 3),
            ("Green", 12, 3),
            ("Red", 11, 3),
        ])
    );
    assert!(s.car(green).racing());
    assert_eq!(s.car(green).time_loss, 0);
}

/// W31 lined up behind the Safety Car, nobody pitting, at the start of turn 8.
fn under_safety_car() -> F90State {
    let mut s = w31(7);
    crash_white(&mut s);
    for who in ["Orange", "Pink", "Green", "Red"] {
        act(&mut s, "stay out");
        let _ = who;
    }
    assert_eq!(s.turn, 8);
    s
}

#[test]
fn under_the_safety_car_each_car_draws_follows_a_section_and_discards_a_card() {
    // "Cada jogador então compra uma Race Card e move seu carro para seção seguinte (sem jogar
    // cartas). O líder deve sempre ocupar a seção do Safety Car. ... não é permitido
    // ultrapassar. Estratégias, Habilidades e bônus de movimento não podem ser usados. No final
    // de seu turno individual, um jogador deve descartar um carta de sua mão (esta pode ser a
    // mesma carta comprada no início do turno)."
    let mut s = under_safety_car();
    let blue = car(&s, "Blue");
    assert_eq!(to_move(&s), "Blue");
    refused(&mut s, "skip the turn", "Safety Car");
    refused(&mut s, "pit stop +2 sections", "Safety Car");
    assert!(labels(&s).contains(&"drive (follow the Safety Car)".to_string()));
    let before = s.car(blue).hand.len();
    act(&mut s, "drive");
    draw(&mut s, "50");
    assert!(matches!(s.phase, Phase::SafetyCarDiscard { .. }));
    refused(&mut s, "discard 99", "not in your hand");
    act(&mut s, "discard 50");
    assert_eq!(s.car(blue).hand.len(), before);
    assert!(s.car(blue).played);
    assert_eq!(section_of(&s, "Blue"), s.sc.section);
    // Every car in its place a section behind, the line unbroken, through the turn.
    for who in ["Orange", "Pink", "Green", "Red"] {
        assert_eq!(to_move(&s), who);
        act(&mut s, "drive");
        settle(&mut s);
        let first = labels(&s)[0].clone();
        assert!(first.starts_with("discard"));
        act(&mut s, &first);
    }
    assert_eq!(s.turn, 9);
    assert_eq!(s.sc.section, 0, "the Safety Car moved on");
    assert_eq!(
        line(&s),
        named(&[
            ("Blue", 0, 4),
            ("Orange", 15, 3),
            ("Pink", 14, 3),
            ("Green", 13, 3),
            ("Red", 12, 3),
        ])
    );
}

#[test]
fn robots_follow_the_safety_car_and_stop_for_their_chit_at_the_back() {
    let mut s = field(2, json!({"fast": 1}), true);
    layout(
        &mut s,
        &[(14, &["Blue"]), (13, &["Fast"]), (10, &["Orange"])],
        3,
    );
    let fast = car(&s, "Fast");
    s.sc.out = true;
    s.sc.section = 14;
    s.start_turn_at(8);
    s.cars[usize::from(fast)].must_pit = true;
    assert_eq!(line(&s)[0], ("Blue".to_string(), 15, 3));
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "discard 50");
    // The robot plays at once: its chit's stop puts it at the back of the line.
    assert_eq!(to_move(&s), "Orange");
    assert!(s.car(fast).refuelled);
    assert_eq!(
        line(&s),
        named(&[("Blue", 15, 3), ("Orange", 14, 3), ("Fast", 13, 3)])
    );
}

#[test]
fn the_safety_car_goes_in_at_a_new_race_stage_and_the_leader_restarts_first() {
    // "O Safety Car deixa a pista quando uma Race Stage começa ao mesmo tempo em que os peões
    // azuis e laranja são removidos. Nesse ponto, há o reinício da corrida com o Líder fazendo
    // seu turno individual primeiro e depois todos os outros."
    let mut s = under_safety_car();
    let orange = car(&s, "Orange");
    s.orange = orange;
    // Turns 8, 9 and 10 under the Safety Car; 11 opens a Race Stage.
    while s.turn < 11 {
        assert!(s.under_safety_car());
        assert_eq!(s.restart_next(), s.turn == 10);
        act(&mut s, "drive");
        settle(&mut s);
        let first = labels(&s)[0].clone();
        act(&mut s, &first);
    }
    assert!(!s.sc.out);
    assert!(s.restart_turn());
    assert_eq!(s.orange, autodromo_core::formula90::flags::NO_HOLDER);
    assert_eq!(to_move(&s), "Blue");
    assert_eq!(s.leader(), Some(car(&s, "Blue")));
    assert!(matches!(s.phase, Phase::Declare { .. }));
    assert!(has(&s, "skip the turn"), "the normal turn is back");
}

#[test]
fn a_restart_makes_every_pass_cost_one_and_allows_no_duels_or_trajectories() {
    // "Ultrapassagens, dar volta e recuperar voltas ... durante uma relargada ... apenas 1 ponto
    // de movimento ... independentemente do tipo de seção. Duelos – Não há duelos no início ou
    // reinício de uma corrida. ... Trajetórias - Não estão disponíveis nas relargadas".
    let mut s = field(3, json!({}), true);
    // Orange and Green together in Abbey (a corner), Blue behind them in its braking zone (12,
    // with two trajectories).
    layout(&mut s, &[(13, &["Orange", "Green"]), (11, &["Blue"])], 3);
    s.sc.out = true;
    s.sc.section = 13;
    s.start_turn_at(11);
    assert!(s.restart_turn());
    // No duel called in Abbey: Orange plays straight away.
    assert_eq!(to_move(&s), "Orange");
    assert!(matches!(s.phase, Phase::Declare { .. }));
    // Overtaking in a corner costs 1 (normally forbidden).
    let green = car(&s, "Green");
    let pass = s.next_pass(green).unwrap();
    assert_eq!(pass.pass, autodromo_core::formula90::rules::Pass::Costs(1));
    // Blue ending in the braking zone is offered no trajectory.
    only(&mut s, &["Blue"]);
    s.resume();
    hand(&mut s, "Blue", &["16"]);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16");
    assert!(!matches!(s.phase, Phase::Trajectory { .. }));
    assert!(!labels(&s).iter().any(|l| l.starts_with("trajectory")));
}

#[test]
fn qualify_gives_one_more_movement_point_at_a_restart() {
    // QUALIFY: "ganha +1 movimento extra na largada e nas relargadas".
    let mut s = field(1, json!({}), true);
    layout(&mut s, &[(2, &["Blue"])], 3);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].skill = Some(autodromo_core::formula90::rules::Skill::Qualify);
    s.start_turn_at(10);
    assert_eq!(
        s.skill_mp(blue, [autodromo_core::formula90::car::NO_CARD; 2]),
        0
    );
    s.sc.out = true;
    s.start_turn_at(11);
    assert!(s.restart_turn());
    assert_eq!(
        s.skill_mp(blue, [autodromo_core::formula90::car::NO_CARD; 2]),
        1
    );
}

#[test]
fn a_safety_car_in_the_last_turn_ends_the_race_in_the_realigned_order() {
    // The book is silent (A24, Safety Car decisions): the race ends after the realignment.
    let mut s = w31(20);
    crash_white(&mut s);
    for who in ["Orange", "Pink", "Green", "Red"] {
        assert_eq!(to_move(&s), who);
        act(&mut s, "stay out");
    }
    assert!(s.is_terminal());
    let order: Vec<String> = line(&s).into_iter().map(|x| x.0).collect();
    assert_eq!(order, ["Blue", "Orange", "Pink", "Green", "Red"]);
    assert_eq!(s.seat_ranking()[usize::from(car(&s, "Green"))], 3);
}

#[test]
fn the_view_carries_the_safety_car_for_the_page_and_the_track_board() {
    let mut s = w31(7);
    let v = s.view(Some(0));
    assert_eq!(v["safety_car"]["out"], json!(false));
    assert_eq!(v["sections"][12]["safety_car_point"], json!(true));
    assert_eq!(v["sections"][9]["safety_car_point"], json!(false));
    crash_white(&mut s);
    let v = s.view(Some(1));
    assert_eq!(v["safety_car"]["pit_window"], json!(true));
    for _ in 0..4 {
        act(&mut s, "stay out");
    }
    let v = s.view(None);
    assert_eq!(v["safety_car"]["out"], json!(true));
    assert_eq!(v["safety_car"]["section"], json!(16));
    assert_eq!(v["safety_car"]["pit_window"], json!(false));
    assert_eq!(v["safety_car"]["restart_next"], json!(false));
    assert_eq!(v["sections"][15]["safety_car"], json!(true));
}

#[test]
fn a_position_under_the_safety_car_round_trips() {
    let mut s = w31(7);
    crash_white(&mut s);
    act(&mut s, "stay out");
    let game = s.game();
    for state in [s.clone(), under_safety_car()] {
        let p = state.position();
        let back = game.state_from(&p).unwrap();
        assert_eq!(back.sc, state.sc);
        assert_eq!(back.legal_actions(), state.legal_actions());
    }
    let mut bad = s.position();
    bad["safety_car"]["section"] = json!(99);
    let err = game.state_from(&bad).unwrap_err().to_string();
    assert!(err.contains("safety_car.section"), "{err}");
}

#[test]
fn the_safety_car_comes_out_in_random_races() {
    // The harness's Safety Car races do reach it: random play on both shipped tracks, every
    // module on, the invariants checked at every step.
    let mut out = 0;
    let mut restarts = 0;
    for seed in 0..40u64 {
        let track = ["lago", "colline"][(seed % 2) as usize];
        let g = advanced_game(json!({"players": 4, "track": track, "weather": false}));
        let mut s = g.new_initial_state();
        let mut rng = autodromo_core::rng::SplitMix64::new(seed);
        let mut seen_restart = false;
        for _ in 0..200_000 {
            autodromo_core::formula90::invariants::check(&s).unwrap();
            seen_restart |= s.restart_turn();
            if s.is_terminal() {
                break;
            }
            random_step(&mut s, &mut rng);
        }
        assert!(s.is_terminal());
        if s.sc.entries > 0 && out == 0 {
            // The log tells it by name.
            let kinds: Vec<String> = steps(&s.events(None))
                .iter()
                .filter_map(|e| e["kind"].as_str().map(String::from))
                .collect();
            for k in ["safety_car_out", "safety_car_line"] {
                assert!(kinds.iter().any(|x| x == k), "no {k} in the log");
            }
        }
        out += usize::from(s.sc.entries > 0);
        restarts += usize::from(seen_restart);
    }
    eprintln!("the Safety Car came out in {out} of 40 random races, restarted in {restarts}");
    assert!(out > 0, "no Safety Car in 40 random races");
    assert!(restarts > 0, "no restart in 40 random races");
}

#[test]
fn at_a_restart_the_blue_flag_and_lapping_lap_for_nothing_even_in_a_corner() {
    // "Bandeiras azuis - No reinício de uma corrida, as bandeiras azuis permitem que você dê uma
    // volta sem gastar MP"; "Habilidade Lapping - No reinício de uma corrida, a habilidade
    // Lapping pode ser usada para dar uma volta sem gastar PM".
    use autodromo_core::formula90::rules::{Pass, Skill};
    let mut s = field(3, json!({"slow": 1}), true);
    // In Abbey and in Stowe (corners): a car a lap down ahead of Blue (a blue flag) and of
    // Orange (Lapping).
    layout(
        &mut s,
        &[(13, &["Green@2", "Blue"]), (10, &["Slow@2", "Orange"])],
        3,
    );
    let (blue, orange) = (car(&s, "Blue"), car(&s, "Orange"));
    s.cars[usize::from(orange)].skill = Some(Skill::Lapping);
    s.start_turn_at(10);
    s.cars[usize::from(blue)].blue_flag = true;
    assert_eq!(
        s.next_pass(blue).unwrap().pass,
        Pass::Costs(1),
        "a corner: 1"
    );
    assert_eq!(s.next_pass(orange).unwrap().pass, Pass::Costs(1));
    s.sc.out = true;
    s.start_turn_at(11);
    assert!(s.restart_turn());
    // The Race Stage took the blue pawns back: this one comes from a card of the restart turn.
    s.cars[usize::from(blue)].blue_flag = true;
    assert_eq!(s.next_pass(blue).unwrap().pass, Pass::Costs(0));
    assert_eq!(s.next_pass(orange).unwrap().pass, Pass::Costs(0));
}
