//! Differential test of the Bao family against a deliberately naive reference implementation.
//!
//! The oracle below is written from the rules as stated in the research notes and decisions
//! (bao-la-kiswahili-research.md R3-R8 and R10, §3 for Bao la Kujifunza; decisions.md;
//! variants-research.md §8.4 for Bao la Kete's L2, L3 and L5), not from the library's source.
//! It works on a `Setup` (seed counts by side, row and column), walks seed by seed from pit to
//! pit by row and column (no ring arithmetic), and applies the lap-end rules in the order the
//! research note gives them. It trades speed for being easy to check against the rules text.
//!
//! The test plays many random games (a small xorshift generator seeded per game, so every run is
//! the same) in every variant of `Variant::ALL` and, at every position, compares the oracle's
//! legal moves with `Position::legal_moves`, and for every legal move the oracle's diagram after
//! the move with `Position::play(m)?.diagram()` (and the laps with `Position::trace`). A second
//! test does the same from random positions the rules allow but the start rarely leads to. A
//! failure prints the variant, the diagram and the move, enough to reproduce it with `mancala`
//! alone.
//!
//! Readings taken where the notes leave a detail open (each agrees with the library):
//! - Captures are compulsory among the candidate moves, before never-ending moves are left out;
//!   takasia's trigger (i) and (ii) count candidate capture moves the same way.
//! - "Mtaji stage" for R7.2c is a move made with an empty hand (from the start, both hands are
//!   then empty).
//! - L3: while a Bao la Kete player still owns the kuu in the mtaji stage, every takasa starts
//!   from it (the first one empties and destroys it).
//! - L5: the reserved pit shown to the side to move is the pit that was takasia'd for the move
//!   just made; an obligation only exists when a capture move's first capture takes that pit.
//! - A finished game's diagram: the side that would move next, takasia `-`.

#![allow(
    clippy::unwrap_used,
    clippy::missing_panics_doc,
    reason = "test code: a failed unwrap is a failed test"
)]

mod common;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use mancala::{
    BaoFields, BySide, Direction, Game, Move, NeverEndingCheck, Pit, Position, Row, RuleOption,
    SeedTotal, Setup, Side, Variant,
};

use common::{MAX_FAILURES, ORACLE_LAP_LIMIT, XorShift, label};

/// Random games per variant, and the most plies played in each.
const GAMES_PER_VARIANT: u64 = 300;
const MAX_PLIES: usize = 300;

/// Random positions per variant (not necessarily reachable from the start), and the plies
/// played from each.
const SETUPS_PER_VARIANT: u64 = 300;
const SETUP_PLIES: usize = 40;

// ---------------------------------------------------------------------------------------------
// Coverage counters: which rules the random games exercised (checked at the end of the test, so
// that a change in the generator cannot silently stop testing a rule).

#[derive(Clone, Copy, Debug)]
enum Hit {
    NamuaCapture,
    NamuaTakasa,
    Tax,
    KuuEmptied,
    Decision,
    MtajiCapture,
    MtajiTakasa,
    BackRowTakasa,
    SixteenPlus,
    LoneKichwa,
    TakasiaSet,
    TakasiaStop,
    FirstMtajiCapture,
    ReservedForced,
    KuuFirstTakasa,
    GameOver,
    NeverEnding,
}

const ALL_HITS: [Hit; 17] = [
    Hit::NamuaCapture,
    Hit::NamuaTakasa,
    Hit::Tax,
    Hit::KuuEmptied,
    Hit::Decision,
    Hit::MtajiCapture,
    Hit::MtajiTakasa,
    Hit::BackRowTakasa,
    Hit::SixteenPlus,
    Hit::LoneKichwa,
    Hit::TakasiaSet,
    Hit::TakasiaStop,
    Hit::FirstMtajiCapture,
    Hit::ReservedForced,
    Hit::KuuFirstTakasa,
    Hit::GameOver,
    Hit::NeverEnding,
];

const HITS: usize = ALL_HITS.len();

thread_local! {
    /// Per test thread, so that each test sees only its own counts.
    static COUNTS: RefCell<[usize; HITS]> = const { RefCell::new([0; HITS]) };
}

fn hit(h: Hit) {
    COUNTS.with_borrow_mut(|c| c[h as usize] += 1);
}

// ---------------------------------------------------------------------------------------------
// The board, by side, row and column.

/// A direction around the mover's own 16 pits. Clockwise runs rightwards along the owner's front
/// row: A1, A2, ..., A8, then B8, B7, ..., B1, then A1 again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    Cw,
    Acw,
}

/// One of the mover's own pits: its row and its column counted from the owner's left (1..=8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Loc {
    row: Row,
    col: u8,
}

const fn front(col: u8) -> Loc {
    Loc {
        row: Row::Front,
        col,
    }
}

const fn back(col: u8) -> Loc {
    Loc {
        row: Row::Back,
        col,
    }
}

/// The nyumba: the fifth front pit from the owner's left.
const NYUMBA: Loc = front(5);
const LEFT_KICHWA: Loc = front(1);
const RIGHT_KICHWA: Loc = front(8);

/// The next pit in `dir`, spelled out case by case.
fn next(l: Loc, dir: Dir) -> Loc {
    match (dir, l.row) {
        // Clockwise: right along the front row, round the corner at the right end into the
        // back row, left along the back row, and round the left corner back to the front.
        (Dir::Cw, Row::Front) if l.col < 8 => front(l.col + 1),
        (Dir::Cw, Row::Front) => back(8),
        (Dir::Cw, Row::Back) if l.col > 1 => back(l.col - 1),
        (Dir::Cw, Row::Back) => front(1),
        // Anticlockwise: the reverse.
        (Dir::Acw, Row::Front) if l.col > 1 => front(l.col - 1),
        (Dir::Acw, Row::Front) => back(1),
        (Dir::Acw, Row::Back) if l.col < 8 => back(l.col + 1),
        (Dir::Acw, Row::Back) => front(8),
    }
}

/// The opponent's front pit facing the mover's front pit `l`: A1 faces a8, A5 faces a4.
fn facing(l: Loc) -> Loc {
    assert_eq!(l.row, Row::Front);
    front(9 - l.col)
}

/// The kichwa a direction starts from when captured seeds are sown "towards the centre".
fn kichwa_for(dir: Dir) -> Loc {
    match dir {
        Dir::Cw => LEFT_KICHWA,
        Dir::Acw => RIGHT_KICHWA,
    }
}

/// Is `dir` from the kichwa `l` the way into the back row (the lone-kichwa rule)?
fn towards_back_row(l: Loc, dir: Dir) -> bool {
    (l == LEFT_KICHWA && dir == Dir::Acw) || (l == RIGHT_KICHWA && dir == Dir::Cw)
}

fn all_locs() -> impl Iterator<Item = Loc> {
    (1..=8).map(front).chain((1..=8).map(back))
}

fn row_index(row: Row) -> usize {
    match row {
        Row::Front => 0,
        Row::Back => 1,
    }
}

fn get(s: &Setup, side: Side, l: Loc) -> u8 {
    s.pits[side][row_index(l.row)][usize::from(l.col) - 1]
}

fn put(s: &mut Setup, side: Side, l: Loc, n: u8) {
    s.pits[side][row_index(l.row)][usize::from(l.col) - 1] = n;
}

fn add_one(s: &mut Setup, side: Side, l: Loc) {
    let n = get(s, side, l);
    put(s, side, l, n + 1);
}

fn front_row_empty(s: &Setup, side: Side) -> bool {
    (1..=8).all(|c| get(s, side, front(c)) == 0)
}

fn occupied_front(s: &Setup, side: Side) -> Vec<Loc> {
    (1..=8)
        .map(front)
        .filter(|&l| get(s, side, l) > 0)
        .collect()
}

/// The pit's name as written in diagrams and moves: row letter then column.
fn name(side: Side, l: Loc) -> String {
    let letter = match (side, l.row) {
        (Side::South, Row::Front) => 'A',
        (Side::South, Row::Back) => 'B',
        (Side::North, Row::Front) => 'a',
        (Side::North, Row::Back) => 'b',
    };
    format!("{letter}{}", l.col)
}

fn to_pit(side: Side, l: Loc) -> Pit {
    Pit::new(side, l.row, l.col).expect("a pit on the board")
}

fn to_loc(p: Pit) -> Loc {
    Loc {
        row: p.row(),
        col: p.col(),
    }
}

fn fields(s: &Setup) -> BaoFields {
    s.bao.expect("the oracle always keeps the Bao fields")
}

fn fields_mut(s: &mut Setup) -> &mut BaoFields {
    s.bao
        .as_mut()
        .expect("the oracle always keeps the Bao fields")
}

// ---------------------------------------------------------------------------------------------
// Rules of a variant.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TakasiaRule {
    /// No takasia (Bao la Kujifunza, option `takasia:none`).
    Off,
    /// Donkers' exceptions only (option `takasia:donkers`).
    Donkers,
    /// Donkers' exceptions plus de Voogt's 2001 single-seed exception (the default).
    WithSingleSeed,
}

#[derive(Clone, Copy, Debug)]
struct Rules {
    /// Whether the game has nyumbas and a namua stage (not Bao la Kujifunza).
    houses: bool,
    takasia: TakasiaRule,
    /// Bao la Kete's flags L2, L3 and L5.
    kete: bool,
    kujifunza: bool,
}

impl Rules {
    fn of(v: Variant) -> Self {
        let kujifunza = v.game() == Game::BaoLaKujifunza;
        let takasia = if kujifunza || v.has(RuleOption::TakasiaNone) {
            TakasiaRule::Off
        } else if v.has(RuleOption::TakasiaDonkers) {
            TakasiaRule::Donkers
        } else {
            TakasiaRule::WithSingleSeed
        };
        Self {
            houses: !kujifunza,
            takasia,
            kete: v.game() == Game::BaoLaKete,
            kujifunza,
        }
    }

    /// The oracle's working copy of a public setup: Bao fields always present.
    fn internal(self, s: &Setup) -> Setup {
        let mut s = *s;
        if s.bao.is_none() {
            s.bao = Some(BaoFields {
                hands: BySide::new(0, 0),
                nyumba: BySide::new(false, false),
                takasia: None,
                reserved: None,
            });
        }
        s
    }

    /// The public form of the oracle's working copy: the fields the variant's diagram has.
    fn public(self, s: &Setup) -> Setup {
        let mut s = *s;
        if self.kujifunza {
            s.bao = None;
        } else {
            let f = fields_mut(&mut s);
            if self.kete {
                f.reserved = Some(f.reserved.flatten());
            } else {
                f.reserved = None;
            }
        }
        s
    }
}

// ---------------------------------------------------------------------------------------------
// One move, seed by seed.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Namua: a seed from hand into a front pit whose facing pit is occupied, then a capture.
    NamuaCapture,
    /// Namua: a seed from hand into a front pit, then that pit's seeds are sown (or taxed).
    NamuaTakasa,
    /// Mtaji: an own pit with 2 or more seeds is sown; the first lap decides capture or takasa.
    Mtaji,
}

#[derive(Clone, Copy, Debug)]
struct OMove {
    from: Loc,
    /// For a namua capture: the direction of the capture lap (clockwise = the captured seeds
    /// enter at the left kichwa).
    dir: Dir,
    safari: bool,
    kind: Kind,
}

impl OMove {
    /// Move text without marks (notation.md): `>` is the mover's right, which is clockwise from
    /// a front pit and anticlockwise from a back pit.
    fn text(self, side: Side) -> String {
        let sign = match (self.from.row, self.dir) {
            (Row::Front, Dir::Cw) | (Row::Back, Dir::Acw) => '>',
            (Row::Front, Dir::Acw) | (Row::Back, Dir::Cw) => '<',
        };
        let plus = if self.safari { "+" } else { "" };
        format!("{}{sign}{plus}", name(side, self.from))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The move ended normally.
    Stopped,
    /// A front row was emptied during the move.
    GameOver,
    /// The move would start a lap past the oracle's limit.
    NeverEnding,
}

#[derive(Clone, Debug)]
struct Sim {
    end: End,
    /// The position after the move (internal form).
    after: Setup,
    /// The move reached the stop/safari decision at the functional nyumba.
    decision: bool,
    /// Sowings of a handful (the first, each relay, each capture lap), including the lap cut
    /// short by the end of the game.
    laps: u32,
}

/// Plays one move on the oracle's working copy, following R3-R8 and R10 literally.
fn simulate(rules: Rules, start: &Setup, m: OMove, lap_limit: u32) -> Sim {
    let me = start.turn;
    let opp = me.other();
    let mut s = *start;
    let namua = fields(&s).hands[me] > 0;
    let takasia_pit = fields(&s).takasia.map(to_loc);
    let takasia_before = fields(&s).takasia;
    let mut dir = m.dir;
    let mut decision = false;
    let mut capture_move = false;

    // Ends the move at the instant a front row is emptied (R10.1, decisions.md): nothing else
    // changes, and the game is over.
    let game_over = |mut s: Setup, decision: bool, laps: u32| {
        hit(Hit::GameOver);
        s.turn = opp;
        let f = fields_mut(&mut s);
        f.takasia = None;
        if rules.kete {
            f.reserved = Some(takasia_before);
        }
        Sim {
            end: End::GameOver,
            after: s,
            decision,
            laps,
        }
    };

    // The first handful: where it is, how many seeds, and whether it is a capture lap (which
    // starts in the kichwa itself, R3.1) or a regular lap (which starts in the next pit).
    let mut at: Loc;
    let mut in_hand: u8;
    let mut capture_lap: bool;
    let start_seeds = get(&s, me, m.from);
    // The capture placement's capture comes before the first lap.
    let mut laps: u32 = 0;

    match m.kind {
        Kind::NamuaCapture => {
            // R5.1: one seed from hand into the capturing pit, then capture the facing pit.
            hit(Hit::NamuaCapture);
            fields_mut(&mut s).hands[me] -= 1;
            add_one(&mut s, me, m.from);
            capture_move = true;
            let target = facing(m.from);
            let taken = get(&s, opp, target);
            assert!(taken > 0, "namua capture without seeds to take");
            put(&mut s, opp, target, 0);
            if target == NYUMBA && fields(&s).nyumba[opp] {
                // R4.4: capturing the opponent's nyumba destroys it.
                fields_mut(&mut s).nyumba[opp] = false;
            }
            if front_row_empty(&s, opp) {
                return game_over(s, decision, laps);
            }
            // R4.3: the kichwa was chosen by the move (forced for F1, F2, F7, F8).
            at = kichwa_for(dir);
            in_hand = taken;
            capture_lap = true;
        }
        Kind::NamuaTakasa => {
            // R5.2: one seed from hand into the pit, then sow its seeds.
            hit(Hit::NamuaTakasa);
            let f = fields(&s);
            let functional_before =
                rules.houses && f.nyumba[me] && m.from == NYUMBA && start_seeds >= 6;
            let only_occupied = occupied_front(&s, me) == vec![m.from];
            fields_mut(&mut s).hands[me] -= 1;
            add_one(&mut s, me, m.from);
            let now = get(&s, me, m.from);
            if functional_before && only_occupied && !(rules.kete && start_seeds == 6) {
                // R5.2a, the tax: exactly 2 seeds are sown, the nyumba stays owned. (In Bao la
                // Kete a kuu of 7 or more is taxed the same way, L2.)
                hit(Hit::Tax);
                put(&mut s, me, m.from, now - 2);
                in_hand = 2;
            } else {
                // An ordinary takasa, including L2's lone kuu of exactly 6 (now 7), which is
                // emptied completely. Emptying an owned nyumba destroys it (R7.2b).
                if functional_before && only_occupied {
                    hit(Hit::KuuEmptied);
                }
                put(&mut s, me, m.from, 0);
                in_hand = now;
                if m.from == NYUMBA && rules.houses {
                    fields_mut(&mut s).nyumba[me] = false;
                }
            }
            at = m.from;
            capture_lap = false;
        }
        Kind::Mtaji => {
            // R6.1: lift every seed of the start pit; emptying an owned nyumba destroys it.
            if start_seeds >= 16 {
                hit(Hit::SixteenPlus);
            }
            put(&mut s, me, m.from, 0);
            in_hand = start_seeds;
            if m.from == NYUMBA && rules.houses {
                fields_mut(&mut s).nyumba[me] = false;
            }
            at = m.from;
            capture_lap = false;
        }
    }

    let mut first_lap = true;
    loop {
        // A lap that would be number lap_limit + 1 makes the move never-ending.
        laps += 1;
        if laps > lap_limit {
            return Sim {
                end: End::NeverEnding,
                after: s,
                decision,
                laps,
            };
        }
        // Sow the handful, one seed per pit.
        let mut pit = if capture_lap { at } else { next(at, dir) };
        let mut left = in_hand;
        loop {
            add_one(&mut s, me, pit);
            left -= 1;
            // R10.1: a front row emptied ends the game, checked after every seed dropped.
            if front_row_empty(&s, me) || front_row_empty(&s, opp) {
                return game_over(s, decision, laps);
            }
            if left == 0 {
                break;
            }
            pit = next(pit, dir);
        }
        let x = pit;
        let here = get(&s, me, x);

        // R3.4 / R6.2: in mtaji the first lap decides whether this is a capture move: a start
        // pit of 2..15 seeds, and the lap ends in an own front pit that was occupied facing an
        // occupied opponent pit. (16 or more seeds never make a capture move.)
        if m.kind == Kind::Mtaji && first_lap {
            capture_move = (2..=15).contains(&start_seeds)
                && x.row == Row::Front
                && here > 1
                && get(&s, opp, facing(x)) > 0;
            hit(if capture_move {
                Hit::MtajiCapture
            } else {
                Hit::MtajiTakasa
            });
        }
        first_lap = false;

        // R3.2a: the last seed fell into an empty pit.
        if here == 1 {
            break;
        }
        // R3.2b: a capture move captures from an occupied own front pit facing seeds.
        if capture_move && x.row == Row::Front && get(&s, opp, facing(x)) > 0 {
            let target = facing(x);
            let taken = get(&s, opp, target);
            put(&mut s, opp, target, 0);
            if target == NYUMBA && fields(&s).nyumba[opp] {
                fields_mut(&mut s).nyumba[opp] = false;
            }
            if !namua && (fields(&s).nyumba[me] || fields(&s).nyumba[opp]) {
                hit(Hit::FirstMtajiCapture);
            }
            if !namua {
                // R7.2c (Donkers, decisions.md): the first capture of the mtaji stage ends both
                // nyumbas.
                fields_mut(&mut s).nyumba = BySide::new(false, false);
            }
            if front_row_empty(&s, opp) {
                return game_over(s, decision, laps);
            }
            // R4.3: a kimbi or kichwa capture sows from its own end; a central capture keeps
            // the current direction.
            dir = match x.col {
                1 | 2 => Dir::Cw,
                7 | 8 => Dir::Acw,
                _ => dir,
            };
            at = kichwa_for(dir);
            in_hand = taken;
            capture_lap = true;
            continue;
        }
        // R3.2c: the mover's takasia'd pit stops the move.
        if Some(x) == takasia_pit {
            hit(Hit::TakasiaStop);
            break;
        }
        // R3.2d: in namua, the mover's functional nyumba (6 or more now) stops a takasa; a
        // capture move chooses stop or safari.
        if namua && rules.houses && x == NYUMBA && fields(&s).nyumba[me] && here >= 6 {
            if !capture_move {
                break;
            }
            decision = true;
            hit(Hit::Decision);
            if !m.safari {
                break;
            }
        }
        // R3.2e: relay. Emptying an owned nyumba destroys it.
        put(&mut s, me, x, 0);
        in_hand = here;
        if x == NYUMBA && rules.houses {
            fields_mut(&mut s).nyumba[me] = false;
        }
        at = x;
        capture_lap = false;
    }

    // The move ended normally.
    s.turn = opp;
    let new_takasia = if !namua && !capture_move {
        takasia_after(rules, &s, me)
    } else {
        None
    };
    if new_takasia.is_some() {
        hit(Hit::TakasiaSet);
    }
    let f = fields_mut(&mut s);
    f.takasia = new_takasia.map(|t| to_pit(opp, t));
    if rules.kete {
        // The side to move now (the opponent) reserved, by its takasia on its last move, the
        // pit of ours that was takasia'd for this move.
        f.reserved = Some(takasia_before);
    }
    Sim {
        end: End::Stopped,
        after: s,
        decision,
        laps,
    }
}

/// The opponent pit the first capture of `side`'s mtaji capture move from `from` in `dir` would
/// take, if that move is a capture move (R6.2).
fn first_capture(s: &Setup, side: Side, from: Loc, dir: Dir) -> Option<Loc> {
    let n = get(s, side, from);
    if !(2..=15).contains(&n) {
        return None;
    }
    let mut x = from;
    for _ in 0..n {
        x = next(x, dir);
    }
    // Fewer than 16 seeds never come back to the start pit, so `x` held its seeds all lap.
    (x.row == Row::Front && get(s, side, x) > 0 && get(s, side.other(), facing(x)) > 0)
        .then(|| facing(x))
}

/// R8: after `mover`'s mtaji takasa, the opponent's pit that is takasia'd, if any.
fn takasia_after(rules: Rules, s: &Setup, mover: Side) -> Option<Loc> {
    if rules.takasia == TakasiaRule::Off {
        return None;
    }
    let q = mover.other();
    // (i) The opponent has no capture move.
    let q_captures = all_locs()
        .flat_map(|l| [Dir::Cw, Dir::Acw].map(|d| (l, d)))
        .any(|(l, d)| first_capture(s, q, l, d).is_some());
    if q_captures {
        return None;
    }
    // (ii) The mover, were it to move, could take exactly one opponent pit first.
    let mut targets: Vec<Loc> = Vec::new();
    for l in all_locs() {
        for d in [Dir::Cw, Dir::Acw] {
            if let Some(t) = first_capture(s, mover, l, d)
                && !targets.contains(&t)
            {
                targets.push(t);
            }
        }
    }
    let [t] = targets[..] else {
        return None;
    };
    // R8.2 exceptions.
    let f = fields(s);
    if t == NYUMBA && f.nyumba[q] {
        return None;
    }
    if occupied_front(s, q) == vec![t] {
        return None;
    }
    let twos: Vec<Loc> = (1..=8).map(front).filter(|&l| get(s, q, l) >= 2).collect();
    if twos == vec![t] {
        return None;
    }
    if rules.takasia == TakasiaRule::WithSingleSeed && get(s, q, t) == 1 {
        return None;
    }
    Some(t)
}

// ---------------------------------------------------------------------------------------------
// Legal moves.

/// The candidate moves of R5 / R6 before the never-ending filter.
fn candidates(rules: Rules, s: &Setup) -> Vec<OMove> {
    let me = s.turn;
    let opp = me.other();
    let f = fields(s);
    let mut out = Vec::new();
    let both = [Dir::Cw, Dir::Acw];
    if f.hands[me] > 0 {
        // Namua. R5.1: a capture placement if one exists.
        let captures: Vec<Loc> = (1..=8)
            .map(front)
            .filter(|&l| get(s, me, l) > 0 && get(s, opp, facing(l)) > 0)
            .collect();
        if !captures.is_empty() {
            for l in captures {
                let dirs: &[Dir] = match l.col {
                    1 | 2 => &[Dir::Cw],
                    7 | 8 => &[Dir::Acw],
                    _ => &both,
                };
                for &dir in dirs {
                    out.push(OMove {
                        from: l,
                        dir,
                        safari: false,
                        kind: Kind::NamuaCapture,
                    });
                }
            }
            return out;
        }
        // R5.2: a takasa from an occupied front pit.
        let occupied = occupied_front(s, me);
        let owns = rules.houses && f.nyumba[me];
        let functional = owns && get(s, me, NYUMBA) >= 6;
        let any_two = occupied.iter().any(|&l| get(s, me, l) >= 2);
        for &l in &occupied {
            // R5.2a: not the functional nyumba unless it is the only occupied front pit.
            if functional && l == NYUMBA && occupied.len() > 1 {
                continue;
            }
            // R5.2b: without the nyumba, no singleton unless all occupied pits are singletons.
            if !owns && get(s, me, l) == 1 && any_two {
                continue;
            }
            for dir in both {
                // R5.2c: a lone kichwa is not sown into the back row.
                if occupied.len() == 1 && towards_back_row(l, dir) {
                    hit(Hit::LoneKichwa);
                    continue;
                }
                out.push(OMove {
                    from: l,
                    dir,
                    safari: false,
                    kind: Kind::NamuaTakasa,
                });
            }
        }
        return out;
    }

    // Mtaji (R6). The takasia'd pit is never a start pit (R8.3).
    let blocked = f.takasia.map(to_loc);
    let startable = |l: Loc| get(s, me, l) >= 2 && Some(l) != blocked;
    let mtaji = |l: Loc, dir: Dir| OMove {
        from: l,
        dir,
        safari: false,
        kind: Kind::Mtaji,
    };
    // R6.2: capture moves are compulsory.
    let mut captures: Vec<(OMove, Loc)> = Vec::new();
    for l in all_locs().filter(|&l| startable(l)) {
        for dir in both {
            if let Some(t) = first_capture(s, me, l, dir) {
                captures.push((mtaji(l, dir), t));
            }
        }
    }
    if !captures.is_empty() {
        // L5 (Bao la Kete): the pit reserved by our takasia must be taken first if it can be.
        if rules.kete
            && let Some(r) = f.reserved.flatten().map(to_loc)
            && captures.iter().any(|&(_, t)| t == r)
        {
            let n = captures.len();
            captures.retain(|&(_, t)| t == r);
            if captures.len() < n {
                hit(Hit::ReservedForced);
            }
        }
        return captures.into_iter().map(|(m, _)| m).collect();
    }
    // R6.3: a takasa from the front row if any front pit has 2 or more, else from the back.
    let fronts: Vec<Loc> = (1..=8).map(front).filter(|&l| startable(l)).collect();
    let pool: Vec<Loc> = if fronts.is_empty() {
        hit(Hit::BackRowTakasa);
        (1..=8).map(back).filter(|&l| startable(l)).collect()
    } else {
        fronts
    };
    // L3 (Bao la Kete): the first mtaji takasa starts from the kuu while it exists.
    let pool = if rules.kete && f.nyumba[me] && pool.contains(&NYUMBA) {
        if pool.len() > 1 {
            hit(Hit::KuuFirstTakasa);
        }
        vec![NYUMBA]
    } else {
        pool
    };
    let occupied = occupied_front(s, me);
    for l in pool {
        for dir in both {
            // R6.4: a lone kichwa is not sown into the back row.
            if occupied == vec![l] && towards_back_row(l, dir) {
                hit(Hit::LoneKichwa);
                continue;
            }
            out.push(mtaji(l, dir));
        }
    }
    out
}

/// The legal moves with their results, keyed by move text without marks.
fn legal(rules: Rules, s: &Setup) -> BTreeMap<String, Sim> {
    legal_and_never_ending(rules, s).0
}

/// The legal moves with their results, and the candidates left out as never-ending.
fn legal_and_never_ending(rules: Rules, s: &Setup) -> (BTreeMap<String, Sim>, Vec<OMove>) {
    let mut out = BTreeMap::new();
    let mut never = Vec::new();
    // A finished game (a front row empty) has no moves.
    if front_row_empty(s, Side::South) || front_row_empty(s, Side::North) {
        return (out, never);
    }
    for m in candidates(rules, s) {
        let sim = simulate(rules, s, m, ORACLE_LAP_LIMIT);
        if sim.end == End::NeverEnding {
            hit(Hit::NeverEnding);
            never.push(m);
            continue;
        }
        if sim.decision {
            // The stop/safari decision was reached: both forms are moves.
            let safari = OMove { safari: true, ..m };
            let sim2 = simulate(rules, s, safari, ORACLE_LAP_LIMIT);
            if sim2.end == End::NeverEnding {
                never.push(safari);
            } else {
                out.insert(safari.text(s.turn), sim2);
            }
        }
        out.insert(m.text(s.turn), sim);
    }
    (out, never)
}

fn library_move(side: Side, m: OMove) -> Move {
    let dir = match m.dir {
        Dir::Cw => Direction::Clockwise,
        Dir::Acw => Direction::Anticlockwise,
    };
    let mv = Move::new(to_pit(side, m.from), dir);
    if m.safari { mv.with_safari() } else { mv }
}

// ---------------------------------------------------------------------------------------------
// The differential test.

/// Compares oracle and library at one position; returns the disagreements found.
fn compare(v: Variant, pos: &Position, where_: &str, failures: &mut Vec<String>) {
    let rules = Rules::of(v);
    let setup = rules.internal(&pos.to_setup());
    let (ours, never) = legal_and_never_ending(rules, &setup);
    // The candidates the oracle found never-ending are never-ending for the library too, by the
    // same lap limit and by cycle finding.
    for m in never {
        let mv = library_move(pos.turn(), m);
        let by_limit = pos.never_ending(mv, NeverEndingCheck::LapLimit(ORACLE_LAP_LIMIT));
        let by_cycle = pos.never_ending(mv, NeverEndingCheck::CycleFinding);
        if !matches!(by_limit, Ok(Some(_))) || !matches!(by_cycle, Ok(Some(_))) {
            failures.push(format!(
                "{where_}: never-ending verdicts differ\n  variant: {}\n  diagram: {}\n  move:    {}\n  oracle:  never-ending after {ORACLE_LAP_LIMIT} laps\n  library: lap limit {by_limit:?}, cycle finding {by_cycle:?}",
                label(v),
                pos.diagram(),
                m.text(pos.turn()),
            ));
        }
    }
    let theirs = pos.legal_moves();
    let theirs_text: Vec<String> = theirs.iter().map(ToString::to_string).collect();
    let mut theirs_sorted = theirs_text.clone();
    theirs_sorted.sort();
    let ours_text: Vec<String> = ours.keys().cloned().collect();
    if ours_text != theirs_sorted {
        failures.push(format!(
            "{where_}: legal moves differ\n  variant: {}\n  diagram: {}\n  oracle:  {}\n  library: {}",
            label(v),
            pos.diagram(),
            ours_text.join(" "),
            theirs_sorted.join(" "),
        ));
    }
    for (m, text) in theirs.iter().zip(&theirs_text) {
        let Some(sim) = ours.get(text) else { continue };
        let expected = rules.public(&sim.after).to_string();
        let got = match pos.play(*m) {
            Ok(p) => p.diagram(),
            Err(e) => format!("play failed: {e}"),
        };
        if let Ok(trace) = pos.trace(*m)
            && trace.laps() != sim.laps
        {
            failures.push(format!(
                "{where_}: laps differ\n  variant: {}\n  diagram: {}\n  move:    {text}\n  oracle:  {} laps\n  library: {} laps",
                label(v),
                pos.diagram(),
                sim.laps,
                trace.laps(),
            ));
        }
        if expected != got {
            let mut msg = String::new();
            let _ = write!(
                msg,
                "{where_}: results differ\n  variant: {}\n  diagram: {}\n  move:    {text}\n  oracle:  {expected}{}\n  library: {got}",
                label(v),
                pos.diagram(),
                if sim.end == End::GameOver {
                    " (game over)"
                } else {
                    ""
                },
            );
            failures.push(msg);
        }
    }
}

/// The rule coverage counted so far on this thread.
fn coverage() -> Vec<(Hit, usize)> {
    COUNTS.with_borrow(|c| ALL_HITS.iter().map(|&h| (h, c[h as usize])).collect())
}

#[test]
fn oracle_agrees_with_library_on_random_games() {
    let mut failures: Vec<String> = Vec::new();
    let (mut positions, mut moves) = (0, 0);
    for (vi, v) in bao_variants().into_iter().enumerate() {
        let (p, m) = common::play_games(
            v,
            vi as u64,
            GAMES_PER_VARIANT,
            MAX_PLIES,
            &mut failures,
            |_, game| (Position::new(v), format!("{} game {game}", label(v))),
            compare,
        );
        positions += p;
        moves += m;
        if failures.len() >= MAX_FAILURES {
            break;
        }
    }
    let counts = common::report(
        "games from the start",
        positions,
        moves,
        coverage,
        &failures,
    );
    // Every rule the oracle implements was exercised by the random games.
    for (h, n) in counts {
        assert!(n > 0, "the random games never exercised {h:?}");
    }
}

/// A random position that the rules allow, though not necessarily reachable from the start: any
/// spread of seeds, hands that fit the side to move (both equal with South to move, North one
/// ahead with North to move), any houses (in Bao la Kete an owned kuu holds 6 or more, L2), no
/// takasia and no reservation. It reaches house states the start rarely leads to (an owned
/// nyumba under 6 seeds in namua, singletons, both houses lost early).
fn random_setup(v: Variant, rng: &mut XorShift) -> Position {
    let rules = Rules::of(v);
    let turn = if rng.below(2) == 0 {
        Side::South
    } else {
        Side::North
    };
    let (hs, hn) = if rules.kujifunza || rng.below(3) == 0 {
        (0, 0)
    } else {
        let k = rng.below(22) as u8;
        if turn == Side::South {
            (k + 1, k + 1)
        } else {
            (k, k + 1)
        }
    };
    let mut setup: Setup = "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S"
        .parse()
        .expect("an empty board");
    setup.turn = turn;
    // Seeds go to a random subset of pits, so that empty pits, singletons and big pits all occur.
    let used: Vec<(Side, Loc)> = Side::ALL
        .into_iter()
        .flat_map(|side| all_locs().map(move |l| (side, l)))
        .filter(|_| rng.below(3) != 0)
        .collect();
    for _ in 0..(64 - u32::from(hs) - u32::from(hn)) {
        let (side, l) = used[rng.below(used.len())];
        add_one(&mut setup, side, l);
    }
    if !rules.kujifunza {
        let mut houses = BySide::new(false, false);
        for side in Side::ALL {
            let owned = rng.below(2) == 0;
            houses[side] = owned && (!rules.kete || get(&setup, side, NYUMBA) >= 6);
        }
        setup.bao = Some(BaoFields {
            hands: BySide::new(hs, hn),
            nyumba: houses,
            takasia: None,
            reserved: rules.kete.then_some(None),
        });
    }
    Position::from_setup(v, &setup, SeedTotal::Exact).expect("a valid random setup")
}

#[test]
fn oracle_agrees_with_library_from_random_setups() {
    let (positions, moves, failures) = common::play_random_setups(
        bao_variants(),
        SETUPS_PER_VARIANT,
        SETUP_PLIES,
        random_setup,
        compare,
    );
    common::report("random setups", positions, moves, coverage, &failures);
}

/// The oracle itself against the worked examples of the research notes, so that a bug in the
/// oracle is not mistaken for one in the library (positions from §4.6, §4.8 and §8.4).
#[test]
fn oracle_matches_worked_examples() {
    let cases: &[(Variant, &str, &str)] = &[
        // Bao la Kujifunza start: 16 capture moves (research note §4.6).
        (
            Variant::BAO_LA_KUJIFUNZA,
            "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
            "A1> A2> A3< A3> A4< A4> A5< A5> A6< A6> A7< A8< B1< B2< B7> B8>",
        ),
        // Bao la Kiswahili start (§4.7).
        (
            Variant::BAO_LA_KISWAHILI,
            "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 -",
            "A6< A6> A7< A7>",
        ),
        // The KIBA takasia position (§4.5): a4 takasia'd.
        (
            Variant::BAO_LA_KISWAHILI,
            "0,1,2,1,4,8,2,2/10,0,0,10,2,1,0,1/0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 N 0,0 00 a4",
            "a5< a5> a8< a8>",
        ),
        // L2 worked example (§8.4).
        (
            Variant::BAO_LA_KETE,
            "0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 5,5 10 - -",
            "A5< A5>",
        ),
    ];
    for &(v, diagram, want) in cases {
        let rules = Rules::of(v);
        let setup = rules.internal(&diagram.parse::<Setup>().unwrap());
        let got: Vec<String> = legal(rules, &setup).into_keys().collect();
        assert_eq!(got.join(" "), want, "{diagram}");
    }
    // Bao la Kujifunza A1> (§4.6): 10 laps, result as given.
    let rules = Rules::of(Variant::BAO_LA_KUJIFUNZA);
    let setup = rules.internal(
        &"2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S"
            .parse::<Setup>()
            .unwrap(),
    );
    let sim = &legal(rules, &setup)["A1>"];
    let board = rules.public(&sim.after).to_string();
    assert!(
        board.starts_with("2,2,2,2,2,2,2,2/2,0,0,2,2,2,0,0/3,1,0,4,4,4,1,5/3,3,0,3,3,0,3,3 N"),
        "{board}"
    );
    // The L2 example: the lone kuu of 6 is emptied and destroyed; Zanzibar taxes instead.
    let rules = Rules::of(Variant::BAO_LA_KETE);
    let setup = rules.internal(
        &"0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 5,5 10 - -"
            .parse::<Setup>()
            .unwrap(),
    );
    let sim = &legal(rules, &setup)["A5>"];
    assert_eq!(
        rules.public(&sim.after).to_string(),
        "0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,0,1,1,1/0,0,0,0,1,1,1,1 N 4,5 00 - -"
    );
    let rules = Rules::of(Variant::BAO_LA_KISWAHILI);
    let setup = rules.internal(
        &"0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 S 5,5 10 -"
            .parse::<Setup>()
            .unwrap(),
    );
    let sim = &legal(rules, &setup)["A5>"];
    assert_eq!(
        rules.public(&sim.after).to_string(),
        "0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,5,1,1,0/0,0,0,0,0,0,0,0 N 4,5 10 -"
    );
    // The KIBA takasia example (§4.5): South's A7< sets takasia on a4.
    let rules = Rules::of(Variant::BAO_LA_KISWAHILI);
    let setup = rules.internal(
        &"0,1,2,1,4,8,2,2/10,0,0,10,2,1,0,1/0,2,0,0,0,0,2,0/0,0,2,2,0,2,6,4 S 0,0 00 -"
            .parse::<Setup>()
            .unwrap(),
    );
    let sim = &legal(rules, &setup)["A7<"];
    assert_eq!(
        rules.public(&sim.after).to_string(),
        "0,1,2,1,4,8,2,2/10,0,0,10,2,1,0,1/0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 N 0,0 00 a4"
    );
}

/// De Voogt's never-ending move (research note §4.2): after the 22 plies of MW Problem 3,
/// South's `A3<` never ends and the oracle leaves it out, like the library.
#[test]
fn oracle_finds_problem_3_never_ending() {
    let v = Variant::BAO_LA_KISWAHILI;
    let mut pos = Position::new(v);
    for m in [
        "A6<", "a6<", "A4<", "a6<", "A5>", "a3<", "A8<+", "a8<", "A4<", "a4>", "A8<", "a7<", "A1>",
        "a4<", "A6<", "a4>", "A2>", "a4>", "A4>", "a4>", "A7<", "a4>",
    ] {
        pos = pos.play(pos.parse_move(m).unwrap()).unwrap();
    }
    let rules = Rules::of(v);
    let setup = rules.internal(&pos.to_setup());
    let got: Vec<String> = legal(rules, &setup).into_keys().collect();
    assert_eq!(got.join(" "), "A2< A2> A3> A6< A6> A7< A7>");
    let m = OMove {
        from: front(3),
        dir: Dir::Acw,
        safari: false,
        kind: Kind::NamuaTakasa,
    };
    assert_eq!(simulate(rules, &setup, m, 10_000).end, End::NeverEnding);
    let mut failures = Vec::new();
    compare(v, &pos, "problem 3 ply 23", &mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The variants this oracle knows: the Bao family, every rule option.
fn bao_variants() -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|v| {
            matches!(
                v.game(),
                Game::BaoLaKiswahili | Game::BaoLaKujifunza | Game::BaoLaKete
            )
        })
        .collect()
}
