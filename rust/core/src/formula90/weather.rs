//! The weather and tyres module (Determine as condições meteorológicas, Escolha de pneus,
//! Condições do Tempo): the weather pawn on the track's weather table, the four tyre types and
//! their movement penalties (the book's table, its Intermediate row contested: option
//! `tyre_table`), rain's −20 on tests, soft tyres' blue tokens, the robots' shared tyres and
//! their weather pit stop. Decisions in docs/rules/formula90.md ("Weather and tyres").

/// The three conditions of the weather table: sun (dry), uncertain (drizzle, "garoa"), rain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sky {
    Dry,
    Drizzle,
    Rain,
}

impl Sky {
    pub fn name(self) -> &'static str {
        match self {
            Sky::Dry => "dry",
            Sky::Drizzle => "drizzle",
            Sky::Rain => "rain",
        }
    }

    pub fn parse(s: &str) -> Option<Sky> {
        [Sky::Dry, Sky::Drizzle, Sky::Rain]
            .into_iter()
            .find(|k| k.name() == s)
    }
}

/// One space of a track's weather table: the check factors that put the pawn there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Space {
    pub lo: u8,
    pub hi: u8,
    pub sky: Sky,
}

/// Tyre types (Escolha de Pneus). A basic race runs on hard tyres only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tyre {
    Hard,
    Soft,
    Intermediate,
    Rain,
}

impl Tyre {
    pub const ALL: [Tyre; 4] = [Tyre::Hard, Tyre::Soft, Tyre::Intermediate, Tyre::Rain];

    pub fn name(self) -> &'static str {
        match self {
            Tyre::Hard => "hard",
            Tyre::Soft => "soft",
            Tyre::Intermediate => "intermediate",
            Tyre::Rain => "rain",
        }
    }

    pub fn from_index(i: u8) -> Option<Tyre> {
        Tyre::ALL.get(usize::from(i)).copied()
    }

    pub fn parse(s: &str) -> Option<Tyre> {
        Tyre::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// Which Intermediate row of the tyre table applies (decision A2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TyreTable {
    /// Intermediates lose 1 MP in sun and in rain, nothing in drizzle: the text's "usados para
    /// tempo intermediário (garoa)".
    Corrected,
    /// The printed row: −1 in sun, −1 in drizzle, nothing in rain.
    AsPrinted,
}

/// "Soft: −3 tokens de pneu preto" and three blue +1 MP tokens.
pub const SOFT_TOKENS_LESS: u8 = 3;
pub const SOFT_BLUE_TOKENS: u8 = 3;
/// "no máximo dois jogos de pneus macios por corrida".
pub const MAX_SOFT_SETS: u8 = 2;
/// "Em condições de chuva, todos os testes ... têm um modificador de −20".
pub const RAIN_TEST: i16 = -20;

/// The book's tyre table: movement points lost with `tyre` in `sky`.
pub fn tyre_penalty(tyre: Tyre, sky: Sky, table: TyreTable) -> u8 {
    match (tyre, sky) {
        (Tyre::Soft | Tyre::Hard, Sky::Dry) => 0,
        (Tyre::Soft | Tyre::Hard, Sky::Drizzle) => 1,
        (Tyre::Soft | Tyre::Hard, Sky::Rain) => 2,
        (Tyre::Intermediate, Sky::Dry) => 1,
        (Tyre::Intermediate, Sky::Drizzle) => match table {
            TyreTable::Corrected => 0,
            TyreTable::AsPrinted => 1,
        },
        (Tyre::Intermediate, Sky::Rain) => match table {
            TyreTable::Corrected => 1,
            TyreTable::AsPrinted => 0,
        },
        (Tyre::Rain, Sky::Dry) => 2,
        (Tyre::Rain, Sky::Drizzle) => 1,
        (Tyre::Rain, Sky::Rain) => 0,
    }
}
