//! Legend's car auction with Spare Part cards ("Selecting Cars", "Special Rule — More Players
//! Than Cars"; docs/rules/legend.md decision 36): legal bids, refusals in the book's words, a bot
//! that chooses among the legal moves, and the Spare Part cards each player keeps for the races.
//!
//! The auction is its own small state, not a race: it runs before the race and its result (a car
//! and six counts of Spare Parts per player) goes into the race's `cars` and `spares` options.
//! Chance (the starting player, two attached cards dealt to a shared car's bidders) draws from
//! the auction's own generator, seeded once, so the same seed and actions give the same auction.
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::car::{SPARE_PARTS, SPARE_PART_IDS};
use crate::error::Error;
use crate::rng::SplitMix64;

/// Action ids: `ADD + part` bids one card, `STAND` closes the turn's bid, `PASS` gives up the
/// car, `ATTACH + k` attaches the first bid card still to place to the `k`-th car of the sale.
pub const ADD: u32 = 0;
pub const STAND: u32 = 6;
pub const PASS: u32 = 7;
pub const ATTACH: u32 = 8;
/// The moves' kinds (docs/rules/legend.md, "The car auction's moves").
pub const AUCTION_KINDS: [&str; 4] = ["add", "stand", "pass", "attach"];

const PARTS: usize = SPARE_PARTS.len();

/// One auction: cars (ids, in the order they are sold), players, and every decision so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Auction {
    cars: Vec<String>,
    players: usize,
    seed: u64,
    rng: SplitMix64,
    hands: Vec<[u8; PARTS]>,
    bids: Vec<[u8; PARTS]>,
    out: Vec<bool>,
    /// The index of the car each player won.
    owner: Vec<Option<usize>>,
    attached: Vec<Vec<u8>>,
    lot: usize,
    turn: usize,
    /// The winner still placing its bid cards, and those cards in order.
    placing: Option<usize>,
    to_place: Vec<u8>,
    unassigned: Vec<usize>,
    history: Vec<(usize, u32)>,
}

impl Auction {
    /// "Randomly choose a starting player"; "Each player collects one Spare Part card of each type."
    pub fn new(cars: Vec<String>, players: usize, seed: u64) -> Result<Auction, Error> {
        if !(2..=12).contains(&players) {
            return Err(Error::options(
                "players",
                "an auction needs 2 to 12 players",
            ));
        }
        if cars.is_empty() || cars.len() > 64 {
            return Err(Error::options("cars", "1 to 64 cars to auction"));
        }
        if let Some(c) = cars
            .iter()
            .enumerate()
            .find(|(i, c)| cars[..*i].contains(c))
        {
            return Err(Error::options(
                "cars",
                format!("{:?} is up for auction twice", c.1),
            ));
        }
        let mut rng = SplitMix64::new(seed);
        let turn = rng.below(players as u32) as usize;
        let mut a = Auction {
            attached: alloc::vec![Vec::new(); cars.len()],
            cars,
            players,
            seed,
            rng,
            hands: alloc::vec![[1; PARTS]; players],
            bids: alloc::vec![[0; PARTS]; players],
            out: alloc::vec![false; players],
            owner: alloc::vec![None; players],
            lot: 0,
            turn,
            placing: None,
            to_place: Vec::new(),
            unassigned: Vec::new(),
            history: Vec::new(),
        };
        a.skip_to_bidder();
        Ok(a)
    }

    pub fn is_over(&self) -> bool {
        self.lot >= self.cars.len() && self.placing.is_none()
    }

    pub fn current_player(&self) -> Option<usize> {
        if self.is_over() {
            None
        } else {
            Some(self.placing.unwrap_or(self.turn))
        }
    }

    pub fn car_up(&self) -> Option<&str> {
        self.cars.get(self.lot).map(String::as_str)
    }

    pub fn bid_of(&self, seat: usize) -> u32 {
        self.bids[seat].iter().map(|&n| u32::from(n)).sum()
    }

    fn high_of_others(&self, seat: usize) -> u32 {
        (0..self.players)
            .filter(|&s| s != seat)
            .map(|s| self.bid_of(s))
            .max()
            .unwrap_or(0)
    }

    /// Players still bidding for the car up: no car yet, not passed on this one.
    pub fn bidders(&self) -> Vec<usize> {
        (0..self.players)
            .filter(|&s| self.owner[s].is_none() && !self.out[s])
            .collect()
    }

    /// Later cars that may still take a card: "each car holds up to two Spare Parts".
    fn open_cars(&self) -> Vec<usize> {
        (self.lot + 1..self.cars.len())
            .filter(|&k| self.attached[k].len() < 2)
            .collect()
    }

    /// The legal action ids of the player to act, in a fixed order (empty when over).
    pub fn legal_actions(&self) -> Vec<u32> {
        let Some(seat) = self.current_player() else {
            return Vec::new();
        };
        if self.placing.is_some() {
            return self
                .open_cars()
                .iter()
                .map(|&k| ATTACH + k as u32)
                .collect();
        }
        let mut out: Vec<u32> = (0..PARTS)
            .filter(|&p| self.hands[seat][p] > 0)
            .map(|p| ADD + p as u32)
            .collect();
        if self.bid_of(seat) > self.high_of_others(seat) {
            out.push(STAND);
        }
        out.push(PASS);
        out
    }

    /// The stable name of an action (unchanged from the Python auction's labels).
    pub fn label(&self, action: u32) -> String {
        match action {
            a if a < STAND => format!("add {}", SPARE_PARTS[a as usize]),
            STAND => "done".to_string(),
            PASS => "pass".to_string(),
            a => {
                let part = self.to_place.first().map_or(0, |&p| usize::from(p));
                let car = self
                    .cars
                    .get((a - ATTACH) as usize)
                    .map_or("?", String::as_str);
                format!("attach {} to {car}", SPARE_PARTS[part])
            }
        }
    }

    /// The action a label names among the legal ones.
    pub fn action_of(&self, label: &str) -> Result<u32, Error> {
        if let Some(a) = (0..ATTACH + self.cars.len() as u32).find(|&a| self.label(a) == label) {
            return Ok(a);
        }
        // An attachment names the part to place; with another part (or none to place) it is
        // still an attachment to a car of the sale, refused by its rule rather than unknown.
        let car = label
            .strip_prefix("attach ")
            .and_then(|l| l.rsplit_once(" to "));
        match car.and_then(|(_, car)| self.cars.iter().position(|c| c == car)) {
            Some(k) if self.placing.is_none() => Ok(ATTACH + k as u32),
            _ => Err(Error::UnknownAction {
                what: label.to_string(),
            }),
        }
    }

    /// Why an action is refused now, in the book's words (a keyed refusal); `None` when it is
    /// legal.
    pub fn refusal(&self, action: u32) -> Option<Error> {
        use super::refusals::{auction, Key};
        if self.legal_actions().contains(&action) {
            return None;
        }
        if action >= ATTACH + self.cars.len() as u32 {
            return Some(Error::UnknownAction {
                what: format!("auction action {action}"),
            });
        }
        let key = if self.is_over() {
            Key::AuctionOver
        } else if self.placing.is_some() && action < ATTACH {
            Key::AuctionAssign
        } else if action >= ATTACH && self.placing.is_none() {
            Key::AuctionWinnerAssigns
        } else if action >= ATTACH {
            Key::AuctionCarFull
        } else if action == STAND {
            Key::AuctionBidExceeds
        } else if action < STAND {
            Key::AuctionNoPart
        } else {
            Key::AuctionNotAction
        };
        Some(auction(key))
    }

    /// The English of `refusal`.
    pub fn why_illegal(&self, action: u32) -> Option<String> {
        self.refusal(action).map(|e| e.to_string())
    }

    /// Applies a legal action; a refusal names the rule and changes nothing.
    pub fn apply(&mut self, action: u32) -> Result<(), Error> {
        if let Some(refusal) = self.refusal(action) {
            return Err(refusal);
        }
        let seat = self.current_player().unwrap_or(0);
        self.history.push((seat, action));
        match action {
            a if a < STAND => {
                self.hands[seat][a as usize] -= 1;
                self.bids[seat][a as usize] += 1;
            }
            STAND => self.next_turn(),
            PASS => {
                // "return all your played cards to your hand; you may no longer bid for that car"
                for p in 0..PARTS {
                    self.hands[seat][p] += self.bids[seat][p];
                }
                self.bids[seat] = [0; PARTS];
                self.out[seat] = true;
                self.next_turn();
            }
            a => {
                let card = self.to_place.remove(0);
                self.attached[(a - ATTACH) as usize].push(card);
                self.after_placing();
            }
        }
        Ok(())
    }

    fn next_turn(&mut self) {
        if self.settle_lot() {
            return;
        }
        // "Play proceeds clockwise."
        self.turn = (self.turn + 1) % self.players;
        self.skip_to_bidder();
    }

    fn skip_to_bidder(&mut self) {
        for _ in 0..self.players {
            if self.owner[self.turn].is_none() && !self.out[self.turn] {
                return;
            }
            self.turn = (self.turn + 1) % self.players;
        }
    }

    /// Ends the car's sale when it is decided; true if it was.
    fn settle_lot(&mut self) -> bool {
        let left = self.bidders();
        let players_left = self.owner.iter().filter(|o| o.is_none()).count();
        let cars_left = self.cars.len() - self.lot;
        // "as soon as two bidders remain, they share the same car model"
        let shared =
            players_left > cars_left && left.len() == 2 && left.iter().all(|&s| self.bid_of(s) > 0);
        if !left.is_empty() && !shared && (left.len() > 1 || self.bid_of(left[0]) == 0) {
            return false;
        }
        if left.is_empty() {
            // "the car remains unassigned and is removed from the auction"
            self.unassigned.push(self.lot);
            self.next_lot();
            return true;
        }
        let mut winners = left;
        winners.sort_by_key(|&s| core::cmp::Reverse(self.bid_of(s)));
        for &w in &winners {
            self.owner[w] = Some(self.lot);
        }
        self.give_attached(&winners);
        self.to_place = self.placed_cards(&winners);
        for &w in &winners {
            self.bids[w] = [0; PARTS];
        }
        self.placing = Some(winners[0]);
        self.after_placing();
        true
    }

    fn placed_cards(&self, winners: &[usize]) -> Vec<u8> {
        let mut out = Vec::new();
        for &w in winners {
            for p in 0..PARTS {
                for _ in 0..self.bids[w][p] {
                    out.push(p as u8);
                }
            }
        }
        out
    }

    /// The winner takes the car's attached cards; a shared car's: "If one card is attached, it
    /// goes to the higher bidder. If two cards are attached, each bidder receives one at random."
    fn give_attached(&mut self, winners: &[usize]) {
        let cards = core::mem::take(&mut self.attached[self.lot]);
        if winners.len() == 1 || cards.len() < 2 {
            for p in cards {
                self.hands[winners[0]][usize::from(p)] += 1;
            }
            return;
        }
        let first = self.rng.below(2) as usize;
        let order = [winners[first], winners[1 - first]];
        for (seat, p) in order.iter().zip(cards) {
            self.hands[*seat][usize::from(p)] += 1;
        }
    }

    /// "If no eligible cars remain, return the cards to their decks."
    fn after_placing(&mut self) {
        if self.to_place.is_empty() || self.open_cars().is_empty() {
            self.to_place.clear();
            self.placing = None;
            self.next_lot();
        }
    }

    fn next_lot(&mut self) {
        self.lot += 1;
        self.out = alloc::vec![false; self.players];
        // "Once a player owns a car, they cannot participate in further auctions."
        if self.owner.iter().all(Option::is_some) {
            self.lot = self.cars.len();
        }
        if self.lot < self.cars.len() {
            self.skip_to_bidder();
        }
    }

    /// Per player: the car won (None: none) and the Spare Part cards it keeps for the races.
    pub fn result(&self) -> Vec<(Option<&str>, [u8; PARTS])> {
        (0..self.players)
            .map(|s| (self.owner[s].map(|k| self.cars[k].as_str()), self.hands[s]))
            .collect()
    }

    /// A simple bidder, choosing among the legal moves: bids up to a limit that falls with the
    /// car's place in the sale (3 cards for the first car, 2, then 1), the coolant first (a Track
    /// race has no roadside cooling); places its cards on the first open car.
    pub fn bot(&self) -> Result<u32, Error> {
        let legal = self.legal_actions();
        let seat = self
            .current_player()
            .ok_or_else(|| super::refusals::auction(super::refusals::Key::AuctionOver))?;
        if self.placing.is_some() {
            return Ok(legal[0]);
        }
        if legal.contains(&STAND) {
            return Ok(STAND);
        }
        let limit = 3u32.saturating_sub(self.lot as u32).max(1);
        let need = self.high_of_others(seat) + 1;
        match legal.first() {
            Some(&a) if a < STAND && need <= limit => Ok(a),
            _ => Ok(PASS),
        }
    }

    /// The legal moves with their meaning, in `legal_actions`' order: `action`, `label`, `kind`
    /// and, where they have them, `part` (`{id, name}`) and `car` (`{id}`, the roster names it).
    pub fn moves(&self) -> Vec<Value> {
        let part = |p: usize| json!({"id": SPARE_PART_IDS[p], "name": SPARE_PARTS[p]});
        self.legal_actions()
            .into_iter()
            .map(|a| {
                let mut m = json!({"action": a, "label": self.label(a)});
                match a {
                    a if a < STAND => {
                        m["kind"] = "add".into();
                        m["part"] = part(a as usize);
                    }
                    STAND => {
                        m["kind"] = "stand".into();
                        m["bid"] = self.current_player().map_or(0, |s| self.bid_of(s)).into();
                    }
                    PASS => m["kind"] = "pass".into(),
                    a => {
                        m["kind"] = "attach".into();
                        m["part"] = part(self.to_place.first().map_or(0, |&p| usize::from(p)));
                        m["car"] = json!({"id": self.cars[(a - ATTACH) as usize]});
                    }
                }
                m
            })
            .collect()
    }

    /// Everything a table shows of the auction (nothing in it is hidden: bids are face up).
    pub fn view(&self) -> Value {
        let counts = |h: &[u8; PARTS]| h.to_vec();
        json!({
            "cars": self.cars,
            "players": self.players,
            "lot": self.lot,
            "car_up": self.car_up(),
            "to_act": self.current_player(),
            "over": self.is_over(),
            "placing": self.placing,
            "to_place": self.to_place,
            "hands": self.hands.iter().map(counts).collect::<Vec<_>>(),
            "bids": self.bids.iter().map(counts).collect::<Vec<_>>(),
            "out": self.out,
            "owner": self.owner.iter().map(|o| o.map(|k| self.cars[k].clone())).collect::<Vec<_>>(),
            "attached": self.attached,
            "unassigned": self.unassigned.iter().map(|&k| self.cars[k].clone()).collect::<Vec<_>>(),
            "history": self.history.iter().map(|&(s, a)| json!([s, a])).collect::<Vec<_>>(),
        })
    }

    /// A save: the set-up and the actions, replayed (and checked) on load.
    pub fn serialize(&self) -> String {
        let actions: Vec<u32> = self.history.iter().map(|&(_, a)| a).collect();
        json!({"game": "legend_auction", "cars": self.cars, "players": self.players,
               "seed": self.seed, "actions": actions})
        .to_string()
    }

    pub fn deserialize(text: &str) -> Result<Auction, Error> {
        let v: Value = serde_json::from_str(text).map_err(|e| Error::replay(format!("{e}")))?;
        if v.get("game").and_then(Value::as_str) != Some("legend_auction") {
            return Err(Error::replay("not a Legend auction"));
        }
        let cars = v["cars"]
            .as_array()
            .and_then(|a| {
                a.iter()
                    .map(|c| c.as_str().map(String::from))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| Error::replay("cars: a list of car ids"))?;
        let players = v["players"]
            .as_u64()
            .ok_or_else(|| Error::replay("players: a count"))?;
        let seed = v["seed"]
            .as_u64()
            .ok_or_else(|| Error::replay("seed: a number"))?;
        let mut a =
            Auction::new(cars, players as usize, seed).map_err(|e| Error::replay(e.to_string()))?;
        let actions = v["actions"]
            .as_array()
            .ok_or_else(|| Error::replay("actions: a list"))?;
        for (i, x) in actions.iter().enumerate() {
            let id = x
                .as_u64()
                .filter(|&n| n < u64::from(u32::MAX))
                .ok_or_else(|| Error::replay(format!("action {i}: an id")))?;
            a.apply(id as u32)
                .map_err(|e| Error::replay(format!("action {i}: {e}")))?;
        }
        Ok(a)
    }
}
