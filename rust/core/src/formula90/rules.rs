//! The book's tables and fixed numbers, kept as data so the code reads like the book.
use super::refusals::{Key, Said};
use super::track::Kind;

/// The five refuel chits a player may choose in qualifying (Procedimentos de Qualificação):
/// the turn of the first mandatory stop, and the qualifying modifier the fuel weight gives
/// ("Carros parando no turno 8 recebem +2, no turno 10 recebem +1, no turno 12 não há bônus, no
/// turno 14 ... -1 ... e no turno 16 a penalidade é de -2").
pub const FUEL_CHITS: [(u8, i8); 5] = [(8, 2), (10, 1), (12, 0), (14, -1), (16, -2)];

/// "Cada parada fornece ao jogador 10 turnos de combustível."
pub const REFUEL_TURNS: u8 = 10;
/// "para cada seção recuada ele avança seu token de abastecimento 3 posições".
pub const FUEL_PER_EXTRA_SECTION: u8 = 3;
/// "um jogador só pode voltar duas seções na pista, além de o movimento normal".
pub const MAX_EXTRA_SECTIONS: u8 = 2;
/// "o tanque de combustível de um carro não pode exceder mais de 16 turnos".
pub const TANK_TURNS: u8 = 16;

/// SAVE FUEL: "mover o carro usando somente cartas menores ou iguais a 2"; in phase B a card
/// "maior que 2" may be discarded for two Race Cards.
pub const SAVE_FUEL_MP: u8 = 2;
/// PUSH's Special: "Sempre que gastar 2 ou mais pneus no turno (não cartas)".
pub const PUSH_SPECIAL_TOKENS: u8 = 2;

/// "Qualquer jogador usando a estratégia BANGING WHEELS ... recebe um modificador de +3".
pub const BANGING_WHEELS_DUEL: i8 = 3;

/// The strategies (Apêndice A). The basic race plays the first four; the advanced module the
/// other five. The book announces ten and prints nine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strategy {
    SaveTyres,
    BangingWheels,
    Lucky,
    Balance,
    SaveFuel,
    Hazard,
    Push,
    Chase,
    Recovery,
}

impl Strategy {
    pub const ALL: [Strategy; 9] = [
        Strategy::SaveTyres,
        Strategy::BangingWheels,
        Strategy::Lucky,
        Strategy::Balance,
        Strategy::SaveFuel,
        Strategy::Hazard,
        Strategy::Push,
        Strategy::Chase,
        Strategy::Recovery,
    ];
    /// The strategies a basic race offers.
    pub const BASIC: [Strategy; 4] = [
        Strategy::SaveTyres,
        Strategy::BangingWheels,
        Strategy::Lucky,
        Strategy::Balance,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::SaveTyres => "Save Tyres",
            Strategy::BangingWheels => "Banging Wheels",
            Strategy::Lucky => "Lucky",
            Strategy::Balance => "Balance",
            Strategy::SaveFuel => "Save Fuel",
            Strategy::Hazard => "Hazard",
            Strategy::Push => "Push",
            Strategy::Chase => "Chase",
            Strategy::Recovery => "Recovery",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Strategy::SaveTyres => "save_tyres",
            Strategy::BangingWheels => "banging_wheels",
            Strategy::Lucky => "lucky",
            Strategy::Balance => "balance",
            Strategy::SaveFuel => "save_fuel",
            Strategy::Hazard => "hazard",
            Strategy::Push => "push",
            Strategy::Chase => "chase",
            Strategy::Recovery => "recovery",
        }
    }

    pub fn from_index(i: u8) -> Option<Strategy> {
        Strategy::ALL.get(usize::from(i)).copied()
    }

    pub fn parse(s: &str) -> Option<Strategy> {
        Strategy::ALL
            .into_iter()
            .find(|x| x.key() == s || x.name().eq_ignore_ascii_case(s))
    }
}

/// The skills (Apêndice B, HABILIDADES), chosen in Free Practice; one per driver, for the race.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Skill {
    Qualify,
    Versatility,
    Lapping,
    Pitting,
    Reflexes,
    Tuning,
    WiseDriving,
    RainExpert,
    FlatOut,
    SixthSense,
}

impl Skill {
    pub const ALL: [Skill; 10] = [
        Skill::Qualify,
        Skill::Versatility,
        Skill::Lapping,
        Skill::Pitting,
        Skill::Reflexes,
        Skill::Tuning,
        Skill::WiseDriving,
        Skill::RainExpert,
        Skill::FlatOut,
        Skill::SixthSense,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Skill::Qualify => "Qualify",
            Skill::Versatility => "Versatility",
            Skill::Lapping => "Lapping",
            Skill::Pitting => "Pitting",
            Skill::Reflexes => "Reflexes",
            Skill::Tuning => "Tuning",
            Skill::WiseDriving => "Wise Driving",
            Skill::RainExpert => "Rain Expert",
            Skill::FlatOut => "Flat Out",
            Skill::SixthSense => "Sixth Sense",
        }
    }

    pub fn from_index(i: u8) -> Option<Skill> {
        Skill::ALL.get(usize::from(i)).copied()
    }

    pub fn parse(s: &str) -> Option<Skill> {
        Skill::ALL
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(s))
    }
}

/// QUALIFY: "Soma +2 na qualificação e ganha +1 movimento extra na largada e nas relargadas.
/// Além disso, ganha 2 TRACK CARDs no começo da corrida."
pub const QUALIFY_BONUS: i8 = 2;
pub const QUALIFY_TRACK_CARDS: u8 = 2;
/// PITTING: "O jogador recua -2 seções a cada pit stop e recebe +1 track card extra".
pub const PITTING_SECTIONS: u8 = 2;
/// REFLEXES: "O jogador soma +20 em qualquer teste".
pub const REFLEXES_BONUS: i16 = 20;
/// SIXTH SENSE: "3 tokens de bandeira" (decision: one yellow, one green, one blue).
pub const SIXTH_SENSE_FLAGS: u8 = 3;

/// How one car gets past another during movement (phase E), by the book's cost table
/// ("Todas as regras de gastos de PM estão resumidas nesta tabela").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    /// Pays this many movement points and goes past.
    Costs(u8),
    /// Must stop behind it; any movement points left are lost.
    Stop,
}

/// Who is passing whom: the same lap, putting a car a lap (more) down, or getting a lap back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    Overtake,
    Lap,
    Unlap,
}

/// What else about the two cars changes the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PassCase {
    /// The mover is a robot, and so is the car ahead.
    pub mover_robot: bool,
    pub other_robot: bool,
    /// The car ahead skipped its turn or otherwise did not move ("NO MOVE -1 PM").
    pub other_no_move: bool,
    /// The race start and, by option, the last turn: "1 ponto ... independentemente do tipo".
    pub easy_turn: bool,
    /// The mover runs the Banging Wheels strategy.
    pub banging_wheels: bool,
    /// The mover runs Recovery and the car ahead is a Fast or a Slow robot.
    pub recovery: bool,
    /// The mover has the LAPPING skill.
    pub lapping: bool,
    /// The mover holds a blue flag: backmarkers for 0 MP, 1 in corners.
    pub blue_flag: bool,
}

/// The cost table for humans: entering a section is 1 MP (elsewhere); overtaking on a straight
/// 1, in a corner or braking zone forbidden (Banging Wheels: 2 and 1); lapping or unlapping 1 on
/// straights and braking zones, 2 in corners; a NO MOVE car 1 anywhere.
pub fn human_pass(kind: Kind, rel: Relation, case: PassCase) -> Pass {
    if case.blue_flag && rel == Relation::Lap {
        // "ultrapassar retardatários nas retas e em zonas de frenagem sem gastar pontos de
        // movimento enquanto nas curvas pagará apenas 1 PM"; 0 anywhere at the start and in the
        // last turn (Relargadas, Fim da Corrida).
        return Pass::Costs(u8::from(kind == Kind::Corner && !case.easy_turn));
    }
    let mut table = table_pass(kind, rel, case);
    if case.lapping && rel == Relation::Lap {
        // LAPPING: "não gasta pontos de movimento para ultrapassar retardatários em RETAS e ZONAS
        // DE FRENAGEM e gasta apenas 1 ponto ... em curvas"; at the start, the last turn and
        // restarts "dar uma volta sem gastar PM".
        let skill = match kind {
            _ if case.easy_turn => 0,
            Kind::Corner => 1,
            _ => 0,
        };
        if let Pass::Costs(k) = table {
            table = Pass::Costs(k.min(skill));
        }
    }
    if !case.recovery {
        return table;
    }
    // RECOVERY: "Ultrapassar um robô Rápido/Lento em uma seção reta é gratuito ... de frenagem
    // custa 1 PM ... de curva custa 2 PM"; the cheapest applicable cost counts (decision 39).
    let recovery = match kind {
        Kind::Straight => 0,
        Kind::Braking => 1,
        Kind::Corner => 2,
    };
    match table {
        Pass::Costs(k) => Pass::Costs(k.min(recovery)),
        Pass::Stop => Pass::Costs(recovery),
    }
}

fn table_pass(kind: Kind, rel: Relation, case: PassCase) -> Pass {
    if case.other_no_move || case.easy_turn {
        return Pass::Costs(1);
    }
    match (rel, kind) {
        (Relation::Overtake, Kind::Straight) => Pass::Costs(1),
        (Relation::Overtake, Kind::Corner) if case.banging_wheels => Pass::Costs(2),
        (Relation::Overtake, Kind::Braking) if case.banging_wheels => Pass::Costs(1),
        (Relation::Overtake, _) => Pass::Stop,
        (_, Kind::Corner) => Pass::Costs(2),
        (_, _) => Pass::Costs(1),
    }
}

/// Robots (Ultrapassando, Lapping e Unlapping of ROBÔS): robots pass robots for nothing, pass
/// humans on straights for 1 and stop behind them in corners and braking zones, lap humans at
/// the usual cost, and never get a lap back by moving ("perdem quaisquer pontos de movimento
/// restantes quando alcançam um humano com mais voltas") except past a NO MOVE car.
pub fn robot_pass(kind: Kind, rel: Relation, case: PassCase) -> Pass {
    if case.other_no_move {
        return Pass::Costs(1);
    }
    if rel == Relation::Unlap {
        return Pass::Stop;
    }
    if case.other_robot {
        return Pass::Costs(0);
    }
    if case.easy_turn {
        return Pass::Costs(1);
    }
    match (rel, kind) {
        (Relation::Overtake, Kind::Straight) => Pass::Costs(1),
        (Relation::Overtake, _) => Pass::Stop,
        (_, Kind::Corner) => Pass::Costs(2),
        (_, _) => Pass::Costs(1),
    }
}

pub fn pass_cost(kind: Kind, rel: Relation, case: PassCase) -> Pass {
    if case.mover_robot {
        robot_pass(kind, rel, case)
    } else {
        human_pass(kind, rel, case)
    }
}

/// Phase C pairs: "caso uma delas seja um [1], a outra carta pode ter qualquer valor. Caso uma
/// delas seja [2], a outra só pode ter valor [2] ... não é permitido jogar [2][3] ... ou [2][4]".
/// We read the silence on [3][3], [3][4] and [4][4] as forbidden: movement pairs are [1]+any and
/// [2]+[2] (decision 5 in docs/rules/formula90.md).
pub fn pair_allowed(a: u8, b: u8) -> Result<(), Said> {
    pair_allowed_with(a, b, false)
}

/// Whether a pair is a PUSH pair: "Permite combinar cartas de valor +2 (e apenas estas cartas)
/// com valores +3, +4, +5 ou +6".
pub fn push_pair(a: u8, b: u8) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    lo == 2 && (3..=6).contains(&hi)
}

/// Phase C pairs, Push's [2] with [3]–[6] allowed when `push`.
pub fn pair_allowed_with(a: u8, b: u8, push: bool) -> Result<(), Said> {
    if push && push_pair(a, b) {
        return Ok(());
    }
    if a == 1 || b == 1 || (a == 2 && b == 2) {
        Ok(())
    } else if a == 2 || b == 2 {
        Err((Key::PairTwo, "Pairs: a [2] pairs only with a [2] or a [1]"))
    } else {
        Err((
            Key::PairOne,
            "Pairs: two cards for movement are a [1] with any card, or [2] with [2]",
        ))
    }
}

/// A check passes when the card's check factor is at most the (modified) Target Check.
pub fn check_passes(cf: u8, target: i16) -> bool {
    i16::from(cf) <= target
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cost_table_reads_like_the_book() {
        let c = PassCase::default();
        assert_eq!(
            human_pass(Kind::Straight, Relation::Overtake, c),
            Pass::Costs(1)
        );
        assert_eq!(human_pass(Kind::Corner, Relation::Overtake, c), Pass::Stop);
        assert_eq!(human_pass(Kind::Braking, Relation::Overtake, c), Pass::Stop);
        assert_eq!(human_pass(Kind::Corner, Relation::Lap, c), Pass::Costs(2));
        assert_eq!(
            human_pass(Kind::Braking, Relation::Unlap, c),
            Pass::Costs(1)
        );
        let no_move = PassCase {
            other_no_move: true,
            ..c
        };
        assert_eq!(
            human_pass(Kind::Corner, Relation::Overtake, no_move),
            Pass::Costs(1)
        );
    }
}
