//! Differential test of Omweso (with and without `free_setup`), Bao la Kimasai 4x8 and the
//! sliding Bao la Kimasai 4x12 against a deliberately naive reference implementation.
//!
//! The oracle below is written from the rules, not from the library's source: the variants
//! research note (`variants-research.md` §0 ring conventions, §5 Omweso, §6 Bao la Kimasai 4x8,
//! §7 Bao la Kimasai 4x12) as settled by `decisions.md` (the Omweso and Bao la Kimasai sections
//! and the platform rule on never-ending moves), and `notation.md` for pit names, move text and
//! diagrams. It works on a `mancala::Setup` (seed counts by side, row and column, plus the
//! third diagram field), walks seed by seed from pit to pit by explicit (row, column) steps,
//! and applies the lap-end rules in the order the note gives them. It trades speed for being
//! easy to check against the rules text.
//!
//! Geometry (note §0.2, with columns counted from the owner's left as in notation.md): a
//! player sows on its own two rows only. Counter-clockwise (CCW) runs along the back row to the
//! owner's right, up into the front row at its right end, along the front row to the left and
//! down into the back row at its left end: for South on 4x8 B1 → B8 → A8 → A1 → B1, for North
//! the same seen from North's seat. Clockwise (CW) is the reverse, A1 → A8 → B8 → B1 → A1. The
//! front pit in column c faces the opponent's front pit in column W+1-c, with the opponent's
//! back pit of that column behind it.
//!
//! The rules, as the oracle reads them:
//! - Omweso (note §5, unified clockwise rule of decisions.md): 4 seeds in every back pit; a
//!   move starts from an own pit of 2+ seeds; a lap is sown from the pit after its origin, one
//!   seed a pit, the origin not skipped. Every lap runs CCW, except that a lap whose origin is
//!   one of the mover's four leftmost pits (front 1-2, back 1-2) may run CW when the CW lap
//!   would end in a capture; the player chooses at each such lap and the move text lists the
//!   choices in order after the pit (`B2c`, `A1ac`). A lap ends: in an empty pit, the move
//!   ends; in an occupied own front pit whose column's two opponent pits are both occupied,
//!   both are captured and sown as a new lap from the capturing lap's origin (its origin is
//!   that same origin, and the CW rule applies to it like any lap); otherwise relay: the
//!   landing pit is lifted and sown from (it is the new origin). A player with no legal move
//!   loses. `free_setup`: empty board, each player places 32 seeds one at a time on its own
//!   pits (`+B3`), South and North alternately, then South sows first; the diagram has a third
//!   field with the seeds still to place (`0,0` after the placements).
//! - Never-ending Omweso moves (decisions.md): a form whose lap-start state (board, origin,
//!   seeds in hand) repeats never ends, whatever choices follow, and is not a legal move. The
//!   oracle enumerates every choice sequence depth first and, on each path, keeps a visited
//!   list of the lap-start states of the laps that offer a choice (a repeat there cuts the
//!   path) plus a lap limit of `ORACLE_LAP_LIMIT` laps per path (a path without choices that
//!   goes on that long is a deterministic cycle). Together these cut exactly the paths on which
//!   some lap-start state repeats: between two occurrences of a repeated state either no lap
//!   offers a choice (a deterministic cycle, caught by the lap limit) or one does, and then
//!   that lap's state repeats too. (The visited list never fires in practice, and cannot: a
//!   repeating stretch has no capture, since captures only move seeds from the opponent to
//!   the mover, so its laps run anticlockwise one after the other, each from where the last
//!   ended, and go round the ring a whole number of times; every pit is then sown and, to get
//!   its seeds back, lifted, so every pit is a landing pit of the cycle. A clockwise lap that
//!   would capture at front pit f means f's opposite column is full, and the board's opponent
//!   side never changes in the cycle, so the cycle's own landing in f would have captured. So
//!   only deterministic cycles after the last choice are never-ending forms.)
//! - Bao la Kimasai 4x8 (note §6 and decisions.md): 1 seed in every front pit, 24 seeds in
//!   each reserve (third diagram field `s,n`); every lap runs CW. The first move of the game
//!   (South to move, both reserves 24) is a plain relay from any occupied own pit without a
//!   reserve seed and without capture. While the mover has reserve seeds (planting): one seed
//!   into an occupied own pit (`+A3`), which is then lifted and relay-sown, no capture. With an
//!   empty reserve (harvest): any occupied own pit is lifted and sown; a lap ending in an
//!   occupied own front pit facing an occupied opponent front pit captures that front pit only
//!   and sows the captured seeds starting INTO the landing pit, and that lap then ends by the
//!   usual rules (empty: end; occupied: capture test, else relay). After the move the player to
//!   move loses if its front row is empty, else the mover loses if its own front row is empty.
//!   A never-ending move is illegal (the oracle: its lap limit, the moves having no choices);
//!   a player without a legal move loses.
//! - Bao la Kimasai 4x12 (note §7): 1 stone in every pit except each player's own leftmost
//!   front pit; a move slides one own stone to its CCW successor when that pit is empty (move
//!   text: the pit the stone leaves); arriving in an own front pit facing an occupied opponent
//!   front pit removes that stone and the opponent's back stone behind it if there is one. The
//!   third diagram field counts the stones captured by each side. A player with no legal move
//!   (in particular with no stone left) loses; the first recurrence of a position (same side
//!   to move) is a draw, judged by the record layer (`GameRecord`), as is the third occurrence
//!   in Omweso and Bao la Kimasai 4x8. (In 4x12 no position can ever recur: see
//!   `kimasai_4x12_capture_free_play_never_cycles`.)
//!
//! Conventions taken from the library where the rules say nothing: a finished Bao la Kimasai
//! 4x8 position (a front row empty) has no legal moves; an Omweso `free_setup` diagram keeps
//! its third field (`0,0`) after the placements.
//!
//! The tests play many random games (a small xorshift generator seeded per game, so every run
//! is the same) in each of the four variants and, at every position, compare the oracle's
//! legal moves (as move text) with `Position::legal_moves`, for every legal move the oracle's
//! diagram after the move with `Position::play(m)?.diagram()` and its laps with
//! `Position::trace`, the oracle's outcome with `Position::outcome`, the outcome of a
//! `GameRecord` of the game with the oracle's outcome or repetition draw, the move played with
//! `Position::move_text` (`#` exactly when it wins), and every candidate the oracle's lap limit
//! cut with `Position::never_ending` (cycle finding). A second test does
//! the same from random positions the rules allow but the start rarely leads to. A failure
//! prints the variant, the diagram and the move, enough to reproduce it with `mancala` alone.
//! A third group checks the research note's worked examples against both the oracle and the
//! library.

#![allow(
    clippy::unwrap_used,
    clippy::missing_panics_doc,
    reason = "test code: a failed unwrap is a failed test"
)]

mod common;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use mancala::record::GameRecord;
use mancala::{
    BySide, EndReason, Game, Move, NeverEndingCheck, Outcome, Pit, Position, Row, RuleOption,
    SeedTotal, Setup, Side, Variant,
};

use common::{MAX_FAILURES, ORACLE_LAP_LIMIT, XorShift, assert_exercised, label};

/// Random games per variant, and the most plies played in each (placements included).
const GAMES_PER_VARIANT: u64 = 150;
const MAX_PLIES: usize = 200;

/// Random positions per variant, and the plies played from each.
const SETUPS_PER_VARIANT: u64 = 150;
const SETUP_PLIES: usize = 30;

// ---------------------------------------------------------------------------------------------
// Rule coverage: which rules the oracle met while generating the compared moves.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hit {
    /// Omweso: a placement of the free set-up.
    Placement,
    /// Omweso / Kimasai 4x8: a lap ended in an occupied pit and was relayed.
    Relay,
    /// A lap of at least 2W seeds passed its origin.
    PassesOrigin,
    /// Omweso: a capture of both opponent pits.
    OmwesoCapture,
    /// Omweso: a lap ended in an occupied own front pit with exactly one of the two opponent
    /// pits occupied (no capture: relay).
    OmwesoHalfCapture,
    /// Omweso: a second capture in one move.
    OmwesoChain,
    /// Omweso: the clockwise choice offered at the first lap of a move.
    ChoiceAtStart,
    /// ... at a relay lap.
    ChoiceAtRelay,
    /// ... at a lap of captured seeds.
    ChoiceAtCaptureLap,
    /// Omweso: a left-hole lap whose clockwise lap would not capture (no choice, CCW).
    LeftNoChoice,
    /// Omweso: a path cut because a lap-start state with a choice repeated (never happens:
    /// see the module comment).
    RepeatedState,
    /// A path cut by the oracle's lap limit.
    LapLimit,
    /// Kimasai 4x8: the first move of the game.
    FirstMove,
    /// Kimasai 4x8: a planting move.
    Planting,
    /// Kimasai 4x8: a harvest capture.
    KimasaiCapture,
    /// Kimasai 4x8: a capture lap of one seed (into the landing pit only).
    KimasaiCaptureOne,
    /// Kimasai 4x8: a harvest lap ending in an occupied own front pit facing an empty pit.
    KimasaiNoCapture,
    /// Kimasai 4x8: a game won because the loser's front row is empty after the move.
    FrontRowEmpty,
    /// Kimasai 4x12: a slide capturing the front stone only.
    SlideCaptureFront,
    /// ... and the back stone behind it.
    SlideCaptureBoth,
    /// Kimasai 4x12: a slide into an own front pit facing nothing.
    SlideNoCapture,
    /// A player with no legal move.
    NoLegalMove,
    /// A game drawn by repetition (record layer).
    Repetition,
}

const ALL_HITS: [Hit; 23] = [
    Hit::Placement,
    Hit::Relay,
    Hit::PassesOrigin,
    Hit::OmwesoCapture,
    Hit::OmwesoHalfCapture,
    Hit::OmwesoChain,
    Hit::ChoiceAtStart,
    Hit::ChoiceAtRelay,
    Hit::ChoiceAtCaptureLap,
    Hit::LeftNoChoice,
    Hit::RepeatedState,
    Hit::LapLimit,
    Hit::FirstMove,
    Hit::Planting,
    Hit::KimasaiCapture,
    Hit::KimasaiCaptureOne,
    Hit::KimasaiNoCapture,
    Hit::FrontRowEmpty,
    Hit::SlideCaptureFront,
    Hit::SlideCaptureBoth,
    Hit::SlideNoCapture,
    Hit::NoLegalMove,
    Hit::Repetition,
];

thread_local! {
    static COUNTS: RefCell<[usize; ALL_HITS.len()]> = const { RefCell::new([0; ALL_HITS.len()]) };
    /// The most legal Omweso moves seen in one position.
    static MOST_FORMS: RefCell<usize> = const { RefCell::new(0) };
    /// The texts of the candidate moves the oracle's lap limit cut in the last position looked
    /// at (complete texts: the limit only cuts a stretch of laps without choices).
    static CUT: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn cut(text: &str) {
    hit(Hit::LapLimit);
    CUT.with_borrow_mut(|c| c.push(text.to_owned()));
}

fn hit(h: Hit) {
    COUNTS.with_borrow_mut(|c| c[h as usize] += 1);
}

// ---------------------------------------------------------------------------------------------
// The board: pits by (row, column) of one side, columns from the owner's left.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spot {
    row: Row,
    col: u8,
}

const fn front(col: u8) -> Spot {
    Spot {
        row: Row::Front,
        col,
    }
}

const fn back(col: u8) -> Spot {
    Spot {
        row: Row::Back,
        col,
    }
}

fn row_index(row: Row) -> usize {
    match row {
        Row::Front => 0,
        Row::Back => 1,
    }
}

fn get(s: &Setup, side: Side, p: Spot) -> u8 {
    s.pits[side][row_index(p.row)][usize::from(p.col) - 1]
}

fn put(s: &mut Setup, side: Side, p: Spot, n: u8) {
    s.pits[side][row_index(p.row)][usize::from(p.col) - 1] = n;
}

fn name(side: Side, p: Spot) -> String {
    let letter = match (side, p.row) {
        (Side::South, Row::Front) => 'A',
        (Side::South, Row::Back) => 'B',
        (Side::North, Row::Front) => 'a',
        (Side::North, Row::Back) => 'b',
    };
    format!("{letter}{}", p.col)
}

/// Every pit of one side: the front row then the back row, from the owner's left.
fn all_spots(w: u8) -> Vec<Spot> {
    (1..=w).map(front).chain((1..=w).map(back)).collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    Ccw,
    Cw,
}

/// The next pit on the owner's two rows. CCW: along the back row to the right, up at the right
/// end, along the front row to the left, down at the left end. CW the reverse.
fn step(p: Spot, d: Dir, w: u8) -> Spot {
    match (d, p.row) {
        (Dir::Ccw, Row::Back) if p.col < w => back(p.col + 1),
        (Dir::Ccw, Row::Back) => front(w),
        (Dir::Ccw, Row::Front) if p.col > 1 => front(p.col - 1),
        (Dir::Ccw, Row::Front) => back(1),
        (Dir::Cw, Row::Front) if p.col < w => front(p.col + 1),
        (Dir::Cw, Row::Front) => back(w),
        (Dir::Cw, Row::Back) if p.col > 1 => back(p.col - 1),
        (Dir::Cw, Row::Back) => front(1),
    }
}

/// Sows `n` (at least 1) seeds of `side`, the first into `first`, then on in direction `d`.
/// Returns the pit of the last seed and whether it was empty before that seed.
fn sow(s: &mut Setup, side: Side, first: Spot, n: u8, d: Dir, w: u8) -> (Spot, bool) {
    assert!(n > 0);
    if u32::from(n) >= 2 * u32::from(w) {
        hit(Hit::PassesOrigin);
    }
    let mut p = first;
    let mut was_empty = false;
    for i in 0..n {
        if i > 0 {
            p = step(p, d, w);
        }
        let k = get(s, side, p);
        was_empty = k == 0;
        put(s, side, p, k + 1);
    }
    (p, was_empty)
}

fn front_row_empty(s: &Setup, side: Side) -> bool {
    (1..=s.width).all(|c| get(s, side, front(c)) == 0)
}

/// The opponent's front pit facing the own front pit in column `col`, and the back pit behind.
fn facing(w: u8, col: u8) -> (Spot, Spot) {
    (front(w + 1 - col), back(w + 1 - col))
}

// ---------------------------------------------------------------------------------------------
// The variants the oracle knows.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Omweso,
    OmwesoFree,
    Kimasai,
    Sliding,
}

impl Kind {
    fn of(v: Variant) -> Self {
        match v.game() {
            Game::Omweso if v.has(RuleOption::FreeSetup) => Self::OmwesoFree,
            Game::Omweso => Self::Omweso,
            Game::BaoLaKimasai => Self::Kimasai,
            Game::BaoLaKimasai4x12 => Self::Sliding,
            other => panic!("not a variant of this oracle: {other:?}"),
        }
    }

    const fn width(self) -> u8 {
        match self {
            Self::Sliding => 12,
            _ => 8,
        }
    }

    /// The start position, built from the research note.
    fn start(self) -> Setup {
        let w = self.width();
        let zeros = vec!["0"; usize::from(w)].join(",");
        let field = match self {
            Self::Omweso => "",
            Self::OmwesoFree => " 32,32",
            Self::Kimasai => " 24,24",
            Self::Sliding => " 0,0",
        };
        let mut s: Setup = format!("{zeros}/{zeros}/{zeros}/{zeros} S{field}")
            .parse()
            .unwrap();
        for side in Side::ALL {
            for c in 1..=w {
                match self {
                    Self::Omweso => put(&mut s, side, back(c), 4),
                    Self::OmwesoFree => {}
                    Self::Kimasai => put(&mut s, side, front(c), 1),
                    Self::Sliding => {
                        put(&mut s, side, back(c), 1);
                        if c != 1 {
                            put(&mut s, side, front(c), 1);
                        }
                    }
                }
            }
        }
        s
    }

    /// How many occurrences of one position draw the game (decisions.md: the first recurrence
    /// in Bao la Kimasai 4x12, else the third).
    const fn repetitions_for_draw(self) -> usize {
        match self {
            Self::Sliding => 2,
            _ => 3,
        }
    }
}

/// One legal move as the oracle sees it.
#[derive(Clone, Debug)]
struct Found {
    text: String,
    after: Setup,
    /// Laps sown (every sowing of a handful counts one), `None` for placements and slides.
    laps: Option<u32>,
}

fn oracle_moves(kind: Kind, s: &Setup) -> Vec<Found> {
    CUT.with_borrow_mut(Vec::clear);
    if kind == Kind::Kimasai && front_row_outcome(s).is_some() {
        // A finished game has no legal moves (the library's convention, as in the Bao family).
        return Vec::new();
    }
    let found = match kind {
        Kind::Omweso | Kind::OmwesoFree => omweso_moves(kind, s),
        Kind::Kimasai => kimasai_moves(s),
        Kind::Sliding => sliding_moves(s),
    };
    if found.is_empty() {
        hit(Hit::NoLegalMove);
    }
    found
}

fn oracle_outcome(kind: Kind, s: &Setup, moves: &[Found]) -> Option<Outcome> {
    if kind == Kind::Kimasai
        && let Some(o) = front_row_outcome(s)
    {
        return Some(o);
    }
    moves.is_empty().then_some(Outcome {
        winner: Some(s.turn.other()),
        reason: EndReason::NoLegalMove,
    })
}

/// Bao la Kimasai 4x8, after a move: the player to move loses if its front row is empty, else
/// the mover loses if its own front row is empty.
fn front_row_outcome(s: &Setup) -> Option<Outcome> {
    let me = s.turn;
    [(me, me.other()), (me.other(), me)]
        .into_iter()
        .find(|&(loser, _)| front_row_empty(s, loser))
        .map(|(_, winner)| Outcome {
            winner: Some(winner),
            reason: EndReason::FrontRowEmpty,
        })
}

// ---------------------------------------------------------------------------------------------
// Omweso.

struct OmwesoSearch {
    side: Side,
    w: u8,
    found: Vec<Found>,
    /// The lap-start states (board, origin, seeds) of the laps with a choice on the current
    /// path.
    visited: Vec<(Setup, Spot, u8)>,
    /// Captures on the current path, to see chains.
    captures: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LapKind {
    Start,
    Relay,
    Captured,
}

/// A lap's end in Omweso: `None` when the move ends, else the next lap (origin, seeds, kind).
fn omweso_lap_end(
    b: &mut Setup,
    side: Side,
    w: u8,
    origin: Spot,
    land: Spot,
    was_empty: bool,
) -> Option<(Spot, u8, LapKind)> {
    if was_empty {
        return None;
    }
    if land.row == Row::Front {
        let (f, bk) = facing(w, land.col);
        let (nf, nb) = (get(b, side.other(), f), get(b, side.other(), bk));
        if nf > 0 && nb > 0 {
            put(b, side.other(), f, 0);
            put(b, side.other(), bk, 0);
            hit(Hit::OmwesoCapture);
            return Some((origin, nf + nb, LapKind::Captured));
        }
        if nf > 0 || nb > 0 {
            hit(Hit::OmwesoHalfCapture);
        }
    }
    hit(Hit::Relay);
    let n = get(b, side, land);
    put(b, side, land, 0);
    Some((land, n, LapKind::Relay))
}

fn omweso_captures_at(b: &Setup, side: Side, w: u8, land: Spot, was_empty: bool) -> bool {
    if was_empty || land.row != Row::Front {
        return false;
    }
    let (f, bk) = facing(w, land.col);
    get(b, side.other(), f) > 0 && get(b, side.other(), bk) > 0
}

impl OmwesoSearch {
    /// Explores every form from a lap start; recursion only at laps with a choice.
    fn explore(
        &mut self,
        mut board: Setup,
        mut origin: Spot,
        mut hand: u8,
        mut kind: LapKind,
        text: String,
        mut laps: u32,
    ) {
        let (side, w) = (self.side, self.w);
        loop {
            if laps >= ORACLE_LAP_LIMIT {
                cut(&text);
                return;
            }
            let left = origin.col <= 2;
            let cw_captures = left && {
                let mut b = board;
                let (land, was_empty) =
                    sow(&mut b, side, step(origin, Dir::Cw, w), hand, Dir::Cw, w);
                omweso_captures_at(&b, side, w, land, was_empty)
            };
            if left && !cw_captures {
                hit(Hit::LeftNoChoice);
            }
            if cw_captures {
                hit(match kind {
                    LapKind::Start => Hit::ChoiceAtStart,
                    LapKind::Relay => Hit::ChoiceAtRelay,
                    LapKind::Captured => Hit::ChoiceAtCaptureLap,
                });
                let key = (board, origin, hand);
                if self.visited.contains(&key) {
                    hit(Hit::RepeatedState);
                    return;
                }
                self.visited.push(key);
                for (d, letter) in [(Dir::Cw, 'c'), (Dir::Ccw, 'a')] {
                    let mut b = board;
                    let mut t = text.clone();
                    t.push(letter);
                    let (land, was_empty) = sow(&mut b, side, step(origin, d, w), hand, d, w);
                    let captures = self.captures;
                    match omweso_lap_end(&mut b, side, w, origin, land, was_empty) {
                        None => self.finish(b, t, laps + 1),
                        Some((o, h, k)) => {
                            if k == LapKind::Captured {
                                self.count_capture();
                            }
                            self.explore(b, o, h, k, t, laps + 1);
                        }
                    }
                    self.captures = captures;
                }
                self.visited.pop();
                return;
            }
            let (land, was_empty) = sow(
                &mut board,
                side,
                step(origin, Dir::Ccw, w),
                hand,
                Dir::Ccw,
                w,
            );
            laps += 1;
            match omweso_lap_end(&mut board, side, w, origin, land, was_empty) {
                None => {
                    self.finish(board, text, laps);
                    return;
                }
                Some((o, h, k)) => {
                    if k == LapKind::Captured {
                        self.count_capture();
                    }
                    (origin, hand, kind) = (o, h, k);
                }
            }
        }
    }

    fn count_capture(&mut self) {
        self.captures += 1;
        if self.captures == 2 {
            hit(Hit::OmwesoChain);
        }
    }

    fn finish(&mut self, mut board: Setup, text: String, laps: u32) {
        board.turn = self.side.other();
        self.found.push(Found {
            text,
            after: board,
            laps: Some(laps),
        });
    }
}

fn omweso_moves(kind: Kind, s: &Setup) -> Vec<Found> {
    let me = s.turn;
    let w = kind.width();
    let mut found = Vec::new();
    let to_place = s.stores.map_or(0, |st| st[me]);
    if kind == Kind::OmwesoFree && to_place > 0 {
        // Free set-up: one seed on any own pit.
        for p in all_spots(w) {
            let mut b = *s;
            put(&mut b, me, p, get(s, me, p) + 1);
            b.stores.as_mut().unwrap()[me] -= 1;
            b.turn = me.other();
            hit(Hit::Placement);
            found.push(Found {
                text: format!("+{}", name(me, p)),
                after: b,
                laps: None,
            });
        }
        return found;
    }
    let mut search = OmwesoSearch {
        side: me,
        w,
        found,
        visited: Vec::new(),
        captures: 0,
    };
    for p in all_spots(w) {
        let n = get(s, me, p);
        if n >= 2 {
            let mut b = *s;
            put(&mut b, me, p, 0);
            search.captures = 0;
            search.explore(b, p, n, LapKind::Start, name(me, p), 0);
        }
    }
    MOST_FORMS.with_borrow_mut(|m| *m = (*m).max(search.found.len()));
    search.found
}

// ---------------------------------------------------------------------------------------------
// Bao la Kimasai 4x8.

fn kimasai_moves(s: &Setup) -> Vec<Found> {
    let me = s.turn;
    let w = s.width;
    let reserves = s.stores.unwrap();
    let first = me == Side::South && reserves.south == 24 && reserves.north == 24;
    let planting = !first && reserves[me] > 0;
    let mut found = Vec::new();
    for p in all_spots(w) {
        if get(s, me, p) == 0 {
            continue;
        }
        let mut b = *s;
        let mut text = name(me, p);
        if first {
            hit(Hit::FirstMove);
        } else if planting {
            hit(Hit::Planting);
            put(&mut b, me, p, get(s, me, p) + 1);
            b.stores.as_mut().unwrap()[me] -= 1;
            text = format!("+{text}");
        }
        let harvest = !first && !planting;
        // A lap is (first pit, seeds): a normal lap starts after its origin, a capture lap
        // into the landing pit itself.
        let mut hand = get(&b, me, p);
        put(&mut b, me, p, 0);
        let mut first_pit = step(p, Dir::Cw, w);
        let mut laps = 0;
        let ended = loop {
            if laps >= ORACLE_LAP_LIMIT {
                cut(&text);
                break false;
            }
            let (land, was_empty) = sow(&mut b, me, first_pit, hand, Dir::Cw, w);
            laps += 1;
            if was_empty {
                break true;
            }
            if harvest && land.row == Row::Front {
                let (f, _) = facing(w, land.col);
                let n = get(&b, me.other(), f);
                if n > 0 {
                    hit(Hit::KimasaiCapture);
                    if n == 1 {
                        hit(Hit::KimasaiCaptureOne);
                    }
                    put(&mut b, me.other(), f, 0);
                    hand = n;
                    first_pit = land;
                    continue;
                }
                hit(Hit::KimasaiNoCapture);
            }
            hit(Hit::Relay);
            hand = get(&b, me, land);
            put(&mut b, me, land, 0);
            first_pit = step(land, Dir::Cw, w);
        };
        if ended {
            b.turn = me.other();
            found.push(Found {
                text,
                after: b,
                laps: Some(laps),
            });
        }
    }
    found
}

// ---------------------------------------------------------------------------------------------
// Bao la Kimasai 4x12 (sliding).

fn sliding_moves(s: &Setup) -> Vec<Found> {
    let me = s.turn;
    let w = s.width;
    let mut found = Vec::new();
    for p in all_spots(w) {
        let q = step(p, Dir::Ccw, w);
        if get(s, me, p) == 0 || get(s, me, q) != 0 {
            continue;
        }
        let mut b = *s;
        put(&mut b, me, p, 0);
        put(&mut b, me, q, 1);
        if q.row == Row::Front {
            let (f, bk) = facing(w, q.col);
            if get(&b, me.other(), f) > 0 {
                let mut taken = get(&b, me.other(), f);
                put(&mut b, me.other(), f, 0);
                if get(&b, me.other(), bk) > 0 {
                    taken += get(&b, me.other(), bk);
                    put(&mut b, me.other(), bk, 0);
                    hit(Hit::SlideCaptureBoth);
                } else {
                    hit(Hit::SlideCaptureFront);
                }
                b.stores.as_mut().unwrap()[me] += taken;
            } else {
                hit(Hit::SlideNoCapture);
            }
        }
        b.turn = me.other();
        found.push(Found {
            text: name(me, p),
            after: b,
            laps: None,
        });
    }
    found
}

// ---------------------------------------------------------------------------------------------
// Comparison with the library.

/// Compares one position: legal moves, the diagram after each, laps, outcome. Returns the
/// oracle's moves by text.
fn compare(
    v: Variant,
    pos: &Position,
    s: &Setup,
    failures: &mut Vec<String>,
) -> BTreeMap<String, Found> {
    let kind = Kind::of(v);
    let at = format!("{} at `{}`", label(v), s);
    if pos.diagram() != s.to_string() {
        failures.push(format!(
            "{at}: the library's diagram is `{}`",
            pos.diagram()
        ));
    }
    let found = oracle_moves(kind, s);
    let outcome = oracle_outcome(kind, s, &found);
    let oracle: BTreeMap<String, Found> = found.into_iter().map(|f| (f.text.clone(), f)).collect();
    for f in oracle.values() {
        let extra = f
            .after
            .stores
            .map_or(0, |st| u32::from(st.south) + u32::from(st.north));
        let total = f.after.total_seeds() + extra;
        assert_eq!(
            total,
            v.total_seeds(),
            "the oracle lost seeds: {at}, {}",
            f.text
        );
    }
    let lib = pos.legal_moves();
    let lib_texts: BTreeSet<String> = lib.iter().map(ToString::to_string).collect();
    let oracle_texts: BTreeSet<String> = oracle.keys().cloned().collect();
    if lib.len() != lib_texts.len() {
        failures.push(format!(
            "{at}: the library lists a move twice: {lib_texts:?}"
        ));
    }
    if lib_texts != oracle_texts {
        let only_lib: Vec<_> = lib_texts.difference(&oracle_texts).collect();
        let only_oracle: Vec<_> = oracle_texts.difference(&lib_texts).collect();
        failures.push(format!(
            "{at}: legal moves differ; only the library: {only_lib:?}; only the oracle: {only_oracle:?}"
        ));
    }
    for &m in &lib {
        let text = m.to_string();
        let Some(f) = oracle.get(&text) else { continue };
        match pos.play(m) {
            Ok(next) => {
                if next.diagram() != f.after.to_string() {
                    failures.push(format!(
                        "{at}, move {text}: library `{}`, oracle `{}`",
                        next.diagram(),
                        f.after
                    ));
                }
            }
            Err(e) => failures.push(format!("{at}, move {text}: play refused it: {e}")),
        }
        if let Some(laps) = f.laps {
            match pos.trace(m) {
                Ok(t) if t.laps() != laps => failures.push(format!(
                    "{at}, move {text}: the library counts {} laps, the oracle {laps}",
                    t.laps()
                )),
                Ok(_) => {}
                Err(e) => failures.push(format!("{at}, move {text}: trace refused it: {e}")),
            }
        }
    }
    // Every candidate the oracle's lap limit cut must be never-ending for the library too
    // (asked with cycle finding and no lap limit, so a move that ended after the oracle's
    // limit would show up here). In Omweso the library refuses a never-ending form as not even
    // a candidate (`Err(IllegalMoveError)`), so there only `Ok(None)` (the move ends) would be
    // a disagreement.
    for text in CUT.with_borrow(Clone::clone) {
        let m = candidate(&text);
        match pos.never_ending(m, NeverEndingCheck::CycleFinding) {
            Ok(Some(_)) => {}
            Err(_) if v.game() == Game::Omweso => {}
            other => failures.push(format!(
                "{at}, move {text}: the oracle's lap limit cut it, the library's cycle finding says {other:?}"
            )),
        }
    }
    if pos.outcome() != outcome {
        failures.push(format!(
            "{at}: outcome library {:?}, oracle {outcome:?}",
            pos.outcome()
        ));
    }
    oracle
}

/// The `Move` of a candidate move text (`B2ca`, `+A3`, `A5`), built without the library's
/// parser (which accepts legal moves only).
fn candidate(text: &str) -> Move {
    let (place, rest) = match text.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let digits_end = 1 + rest[1..].find(['a', 'c']).unwrap_or(rest.len() - 1);
    let pit: Pit = rest[..digits_end].parse().unwrap();
    if place {
        return Move::place(pit);
    }
    rest[digits_end..]
        .chars()
        .fold(Move::from_pit(pit), |m, c| m.with_choice(c == 'c'))
}

/// Plays `plies` random moves from `start` (the library's position and the oracle's setup),
/// comparing every position, and follows the game in a `GameRecord` to check its outcome,
/// repetition included. Returns the positions compared.
fn run_game(
    v: Variant,
    start: Position,
    setup: Setup,
    rng: &mut XorShift,
    plies: usize,
    shy: bool,
    failures: &mut Vec<String>,
) -> usize {
    let kind = Kind::of(v);
    let mut pos = start;
    let mut s = setup;
    let mut record = GameRecord::new(pos);
    let mut seen: HashMap<String, usize> = HashMap::new();
    seen.insert(s.to_string(), 1);
    let mut compared = 0;
    let mut last: Option<(Setup, String, String)> = None;
    for _ in 0..=plies {
        if failures.len() >= MAX_FAILURES {
            break;
        }
        compared += 1;
        let oracle = compare(v, &pos, &s, failures);
        let found: Vec<Found> = oracle.values().cloned().collect();
        let own = oracle_outcome(kind, &s, &found);
        // The previous move's text with its marks: `#` exactly when it won.
        if let Some((before, text, with_marks)) = last.take() {
            let wins = own.is_some_and(|o| o.winner == Some(s.turn.other()));
            let want = if wins { format!("{text}#") } else { text };
            if with_marks != want {
                failures.push(format!(
                    "{} at `{before}`: move_text gives `{with_marks}`, the oracle `{want}`",
                    label(v)
                ));
            }
        }
        let reps = seen[&s.to_string()];
        let expected = own.or_else(|| {
            (reps >= kind.repetitions_for_draw()).then_some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            })
        });
        if record.outcome() != expected {
            failures.push(format!(
                "{} at `{s}`: record outcome {:?}, oracle {expected:?} ({reps} occurrences)",
                label(v),
                record.outcome()
            ));
            break;
        }
        if let Some(o) = expected {
            match o.reason {
                EndReason::Repetition => hit(Hit::Repetition),
                EndReason::FrontRowEmpty => hit(Hit::FrontRowEmpty),
                _ => {}
            }
            break;
        }
        if found.is_empty() {
            break;
        }
        // Capture-shy play (some sliding games): a capture only when nothing else is legal, for
        // long capture-free stretches.
        let quiet: Vec<&Found> = found
            .iter()
            .filter(|f| f.after.stores == s.stores)
            .collect();
        let f = if shy && !quiet.is_empty() {
            quiet[rng.below(quiet.len())]
        } else {
            &found[rng.below(found.len())]
        };
        let m = match pos.parse_move(&f.text) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{} at `{s}`: {e}", label(v)));
                break;
            }
        };
        let Ok(next) = pos.play(m) else { break };
        last = Some((s, f.text.clone(), pos.move_text(m).unwrap()));
        if let Err(e) = record.play(m) {
            failures.push(format!(
                "{} at `{s}`: record refused {}: {e}",
                label(v),
                f.text
            ));
            break;
        }
        pos = next;
        s = f.after;
        *seen.entry(s.to_string()).or_insert(0) += 1;
    }
    compared
}

fn report(what: &str, positions: usize, failures: &[String]) -> Vec<(Hit, usize)> {
    let counts = COUNTS.with_borrow(|c| *c);
    let covered: Vec<(Hit, usize)> = ALL_HITS
        .iter()
        .map(|&h| (h, counts[h as usize]))
        .filter(|&(_, n)| n > 0)
        .collect();
    let most = MOST_FORMS.with_borrow(|m| *m);
    eprintln!("{what}: {positions} positions compared; most Omweso moves in one position {most}");
    eprintln!("  rules exercised: {covered:?}");
    assert!(
        failures.is_empty(),
        "{what}: {} disagreement(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    covered
}

fn games(v: Variant, plies: usize) -> Vec<(Hit, usize)> {
    let mut failures = Vec::new();
    let mut positions = 0;
    for g in 0..GAMES_PER_VARIANT {
        let mut rng = XorShift::new(1000 + g);
        positions += run_game(
            v,
            Position::new(v),
            Kind::of(v).start(),
            &mut rng,
            plies,
            // Half the sliding games avoid captures.
            Kind::of(v) == Kind::Sliding && g % 2 == 1,
            &mut failures,
        );
        if failures.len() >= MAX_FAILURES {
            break;
        }
    }
    report(&format!("{} games", label(v)), positions, &failures)
}

fn omweso() -> Variant {
    Variant::new(Game::Omweso)
}

fn omweso_free() -> Variant {
    omweso().with_rules("free_setup").unwrap()
}

fn kimasai() -> Variant {
    Variant::new(Game::BaoLaKimasai)
}

fn sliding() -> Variant {
    Variant::new(Game::BaoLaKimasai4x12)
}

#[test]
fn oracle_agrees_on_omweso_games() {
    let c = games(omweso(), MAX_PLIES);
    assert_exercised(
        &c,
        &[
            Hit::Relay,
            Hit::OmwesoCapture,
            Hit::OmwesoHalfCapture,
            Hit::OmwesoChain,
            Hit::ChoiceAtStart,
            Hit::ChoiceAtRelay,
            Hit::ChoiceAtCaptureLap,
            Hit::LeftNoChoice,
        ],
    );
}

#[test]
fn oracle_agrees_on_omweso_free_setup_games() {
    // 64 placements, then up to 200 sowing plies.
    let c = games(omweso_free(), 64 + MAX_PLIES);
    assert_exercised(
        &c,
        &[
            Hit::Placement,
            Hit::Relay,
            Hit::OmwesoCapture,
            Hit::ChoiceAtStart,
            Hit::ChoiceAtRelay,
            Hit::ChoiceAtCaptureLap,
        ],
    );
}

#[test]
fn oracle_agrees_on_kimasai_games() {
    let c = games(kimasai(), MAX_PLIES);
    assert_exercised(
        &c,
        &[
            Hit::FirstMove,
            Hit::Planting,
            Hit::Relay,
            Hit::KimasaiCapture,
            Hit::KimasaiCaptureOne,
            Hit::KimasaiNoCapture,
            Hit::FrontRowEmpty,
        ],
    );
}

#[test]
fn oracle_agrees_on_kimasai_4x12_games() {
    let c = games(sliding(), MAX_PLIES);
    assert_exercised(
        &c,
        &[
            Hit::SlideCaptureFront,
            Hit::SlideCaptureBoth,
            Hit::SlideNoCapture,
            Hit::NoLegalMove,
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Random positions.

/// Drops `n` seeds one at a time on random pits of `side`.
fn scatter(s: &mut Setup, side: Side, n: u32, rng: &mut XorShift) {
    let spots = all_spots(s.width);
    for _ in 0..n {
        let p = spots[rng.below(spots.len())];
        put(s, side, p, get(s, side, p) + 1);
    }
}

/// A random position the rules allow (not necessarily reachable from the start).
fn random_setup(v: Variant, rng: &mut XorShift) -> Setup {
    let kind = Kind::of(v);
    let mut s = kind.start();
    s.pits = BySide::new([[0; 16]; 2], [[0; 16]; 2]);
    s.turn = if rng.below(2) == 0 {
        Side::South
    } else {
        Side::North
    };
    match kind {
        Kind::Omweso | Kind::OmwesoFree => {
            // Seeds change owner by capture: any split of the 64.
            let south = 8 + rng.below(49) as u32;
            scatter(&mut s, Side::South, south, rng);
            scatter(&mut s, Side::North, 64 - south, rng);
            if kind == Kind::OmwesoFree {
                s.stores = Some(BySide::new(0, 0));
            }
        }
        Kind::Kimasai => {
            // Mostly harvest; sometimes planting reserves (and once in a while the 24,24 of the
            // first move).
            let (rs, rn) = match rng.below(4) {
                0 => (rng.below(25) as u8, rng.below(25) as u8),
                1 => (24, 24),
                _ => (0, 0),
            };
            s.stores = Some(BySide::new(rs, rn));
            let board = 64 - u32::from(rs) - u32::from(rn);
            let south = board / 4 + rng.below(board as usize / 2 + 1) as u32;
            scatter(&mut s, Side::South, south, rng);
            scatter(&mut s, Side::North, board - south, rng);
        }
        Kind::Sliding => {
            let mut left = BySide::new(0u8, 0u8);
            for side in Side::ALL {
                let density = 1 + rng.below(9);
                for p in all_spots(12) {
                    if rng.below(10) < density {
                        put(&mut s, side, p, 1);
                        left[side] += 1;
                    }
                }
                if left[side] > 23 {
                    // At most 23 stones each: take some away.
                    for p in all_spots(12) {
                        if left[side] > 23 && get(&s, side, p) == 1 {
                            put(&mut s, side, p, 0);
                            left[side] -= 1;
                        }
                    }
                }
            }
            s.stores = Some(BySide::new(23 - left.north, 23 - left.south));
        }
    }
    s
}

#[test]
fn oracle_agrees_from_random_setups() {
    let mut failures = Vec::new();
    let mut positions = 0;
    for v in [omweso(), omweso_free(), kimasai(), sliding()] {
        for g in 0..SETUPS_PER_VARIANT {
            let mut rng = XorShift::new(77_000 + g);
            let s = random_setup(v, &mut rng);
            let pos = match Position::from_setup(v, &s, SeedTotal::Exact) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{}: `{s}` refused: {e}", label(v)));
                    continue;
                }
            };
            // The sliding game is cheap and needs long games to repeat a position.
            let plies = if v == sliding() {
                20 * SETUP_PLIES
            } else {
                SETUP_PLIES
            };
            positions += run_game(v, pos, s, &mut rng, plies, false, &mut failures);
            if failures.len() >= MAX_FAILURES {
                break;
            }
        }
    }
    let c = report("random setups", positions, &failures);
    assert_exercised(
        &c,
        &[Hit::PassesOrigin, Hit::KimasaiCapture, Hit::OmwesoChain],
    );
}

// ---------------------------------------------------------------------------------------------
// The research note's worked examples, against both the oracle and the library.

fn position(v: Variant, diagram: &str) -> (Position, Setup) {
    let s: Setup = diagram.parse().unwrap();
    let pos = Position::from_setup(v, &s, SeedTotal::AllowPartial).unwrap();
    assert_eq!(pos.diagram(), diagram);
    (pos, s)
}

/// Checks the legal moves (when given) and, for each `(move, diagram)`, the result, in both the
/// oracle and the library.
fn check_example(v: Variant, before: &str, legal: Option<&[&str]>, after: &[(&str, &str)]) {
    let (pos, s) = position(v, before);
    let oracle = oracle_moves(Kind::of(v), &s);
    if let Some(legal) = legal {
        let want: BTreeSet<String> = legal.iter().map(|&t| t.to_owned()).collect();
        let got: BTreeSet<String> = oracle.iter().map(|f| f.text.clone()).collect();
        assert_eq!(got, want, "oracle's legal moves at {before}");
        let lib: BTreeSet<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        assert_eq!(lib, want, "library's legal moves at {before}");
    }
    for &(m, want) in after {
        let f = oracle
            .iter()
            .find(|f| f.text == m)
            .unwrap_or_else(|| panic!("the oracle does not find {m} at {before}"));
        assert_eq!(f.after.to_string(), want, "oracle: {m} at {before}");
        let mv = pos.parse_move(m).unwrap();
        assert_eq!(
            pos.play(mv).unwrap().diagram(),
            want,
            "library: {m} at {before}"
        );
    }
}

#[test]
fn omweso_examples() {
    let v = omweso();
    // The start: 4 in every back pit; from the start, every back pit (none is a left-hole
    // capture).
    let start = "4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S";
    assert_eq!(Position::new(v).diagram(), start);
    assert_eq!(Kind::Omweso.start().to_string(), start);
    check_example(
        v,
        start,
        Some(&["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"]),
        &[(
            "B8",
            "4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,1,1,1,1/4,4,4,4,4,4,4,0 N",
        )],
    );
    // §5 example 1: capture and resowing from the origin B8, then a relay from A6.
    check_example(
        v,
        "2,0,0,0,0,2,0,0/0,0,0,0,0,1,0,0/0,0,0,0,0,1,0,0/0,0,0,0,0,0,0,3 S",
        Some(&["B8"]),
        &[(
            "B8",
            "2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,1,1,0,2,2/0,0,0,0,0,0,0,0 N",
        )],
    );
    // §5 example 2: a clockwise capture from B2; the captured seeds may not go clockwise again
    // (that lap would not capture), so they go B3, B4, B5. The anticlockwise first lap is legal
    // too.
    check_example(
        v,
        "0,1,0,0,0,0,0,2/0,2,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,3,0,0,0,0,0,0 S",
        Some(&["B2c", "B2a"]),
        &[
            (
                "B2c",
                "0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0/1,2,0,0,0,0,0,0/1,0,1,1,1,0,0,0 N",
            ),
            (
                "B2a",
                "0,1,0,0,0,0,0,2/0,2,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,0,1,1,1,0,0,0 N",
            ),
        ],
    );
    // A move text must carry exactly the choices its laps offer.
    let (pos, _) = position(
        v,
        "0,1,0,0,0,0,0,2/0,2,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,3,0,0,0,0,0,0 S",
    );
    for bad in ["B2", "B2cc", "B2ca", "B2aa", "B2>", "+B2"] {
        assert!(pos.parse_move(bad).is_err(), "{bad} accepted");
    }
    // The same as example 2 seen from North (the board turned half round).
    check_example(
        v,
        "0,0,0,0,0,0,3,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,2,0/2,0,0,0,0,0,1,0 N",
        Some(&["b2c", "b2a"]),
        &[(
            "b2c",
            "0,0,0,1,1,1,0,1/0,0,0,0,0,0,2,1/0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0 S",
        )],
    );
    // Free set-up: an empty board with 32 seeds to place each, South first.
    let free = omweso_free();
    let start = "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 32,32";
    assert_eq!(Position::new(free).diagram(), start);
    check_example(
        free,
        start,
        None,
        &[(
            "+B3",
            "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0 N 31,32",
        )],
    );
}

#[test]
fn kimasai_examples() {
    let v = kimasai();
    let start = "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24,24";
    assert_eq!(Position::new(v).diagram(), start);
    assert_eq!(Kind::Kimasai.start().to_string(), start);
    // §6 example 1: the first move is a plain relay without capture (A1's first lap ends on
    // A2 facing a7, which would capture in the harvest).
    let after_a1 = "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 N 24,24";
    check_example(
        v,
        start,
        Some(&["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"]),
        &[
            ("A1", after_a1),
            (
                "A4",
                "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,0,0,2,0,2/0,0,0,0,0,0,0,1 N 24,24",
            ),
            (
                "A8",
                "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,0/0,0,0,0,0,0,0,1 N 24,24",
            ),
        ],
    );
    // No planting on the first move; planting (and nothing else) while the reserve lasts.
    let (pos, _) = position(v, start);
    assert!(pos.parse_move("+A1").is_err());
    let (pos, _) = position(v, after_a1);
    assert!(pos.parse_move("a1").is_err());
    // §6 example 2: North plants into its right-hand front pit (printed column 8, a1) and sows
    // clockwise.
    check_example(
        v,
        after_a1,
        Some(&["+a1", "+a2", "+a3", "+a4", "+a5", "+a6", "+a7", "+a8"]),
        &[(
            "+a1",
            "1,0,0,0,0,0,0,0/2,0,2,0,2,0,2,0/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 S 24,23",
        )],
    );
    // §6 example 3: a harvest capture of a single seed, sown into the landing pit, then relay.
    let (pos, _) = position(
        v,
        "0,0,4,0,0,0,0,0/0,0,1,0,0,0,0,2/0,1,2,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0",
    );
    assert!(pos.parse_move("+A2").is_err());
    check_example(
        v,
        "0,0,4,0,0,0,0,0/0,0,1,0,0,0,0,2/0,1,2,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0,0",
        Some(&["A2", "A3"]),
        &[(
            "A2",
            "0,0,4,0,0,0,0,0/0,0,0,0,0,0,0,2/0,0,0,1,1,1,1,0/0,0,0,0,0,0,0,0 N 0,0",
        )],
    );
}

#[test]
fn kimasai_4x12_examples() {
    let v = sliding();
    let start = "1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,0/\
                 0,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 S 0,0";
    assert_eq!(Position::new(v).diagram(), start);
    assert_eq!(Kind::Sliding.start().to_string(), start);
    // §7 example 1: South's only move A2 → A1 captures a12 and b12.
    let after_a2 = "0,1,1,1,1,1,1,1,1,1,1,1/0,1,1,1,1,1,1,1,1,1,1,0/\
                    1,0,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 N 2,0";
    check_example(v, start, Some(&["A2"]), &[("A2", after_a2)]);
    // §7 example 2: North's two moves; a2 → a1 captures A12 and B12.
    check_example(
        v,
        after_a2,
        Some(&["a2", "b11"]),
        &[(
            "a2",
            "0,1,1,1,1,1,1,1,1,1,1,1/0,1,1,1,1,1,1,1,1,1,0,1/\
             1,0,1,1,1,1,1,1,1,1,1,0/1,1,1,1,1,1,1,1,1,1,1,0 S 2,2",
        )],
    );
}

/// Why the random 4x12 games never meet the first-recurrence draw: a position can only recur
/// after a cycle of moves without capture (captures only remove stones), and no such cycle
/// exists. Front stones travel towards each other (South's leftwards, North's rightwards as
/// printed), so a South and a North stone in their front rows at the same time must meet in
/// one column, and the one arriving captures: in a capture-free cycle, while one player has a
/// stone in its front row the other only moves within its back row. A passage through the
/// front row costs its owner 13 moves (in, 11 along, out), so the opponent makes at least 12
/// moves within its back row per passage; a circuit offers only 11 of those. Per cycle that
/// needs 11 P(North) >= 12 P(South) and 11 P(South) >= 12 P(North) with P the passages, which
/// no positive numbers satisfy. Here the oracle checks it exhaustively for small stone counts:
/// the graph of positions under non-capturing slides has no cycle.
#[test]
fn kimasai_4x12_capture_free_play_never_cycles() {
    let w = 12;
    let spots = all_spots(w);
    let setup_of = |south: u32, north: u32, turn: Side| {
        let mut s = Kind::Sliding.start();
        s.pits = BySide::new([[0; 16]; 2], [[0; 16]; 2]);
        for (i, &p) in spots.iter().enumerate() {
            put(&mut s, Side::South, p, u8::from(south >> i & 1 == 1));
            put(&mut s, Side::North, p, u8::from(north >> i & 1 == 1));
        }
        s.turn = turn;
        s
    };
    let mask_of = |s: &Setup, side: Side| {
        spots
            .iter()
            .enumerate()
            .filter(|&(_, &p)| get(s, side, p) == 1)
            .fold(0u32, |m, (i, _)| m | 1 << i)
    };
    let quiet_successors = |key: (u32, u32, bool)| -> Vec<(u32, u32, bool)> {
        let turn = if key.2 { Side::North } else { Side::South };
        let s = setup_of(key.0, key.1, turn);
        sliding_moves(&s)
            .into_iter()
            .filter(|f| f.after.stores == s.stores)
            .map(|f| {
                (
                    mask_of(&f.after, Side::South),
                    mask_of(&f.after, Side::North),
                    !key.2,
                )
            })
            .collect()
    };
    let all_masks: Vec<u32> = (0u32..1 << 24).filter(|m| m.count_ones() <= 3).collect();
    let masks = |k: u32| {
        all_masks
            .iter()
            .copied()
            .filter(move |m| m.count_ones() == k)
    };
    for (ks, kn) in [(1, 1), (1, 2), (2, 1), (2, 2), (1, 3)] {
        // Depth-first search with colours: 1 on the stack, 2 done.
        let mut colour: HashMap<(u32, u32, bool), u8> = HashMap::new();
        for south in masks(ks) {
            for north in masks(kn) {
                for turn in [false, true] {
                    let root = (south, north, turn);
                    if colour.contains_key(&root) {
                        continue;
                    }
                    colour.insert(root, 1);
                    let mut stack = vec![(root, quiet_successors(root))];
                    while let Some((node, next)) = stack.last_mut() {
                        let node = *node;
                        match next.pop() {
                            None => {
                                colour.insert(node, 2);
                                stack.pop();
                            }
                            Some(n) => match colour.get(&n) {
                                Some(1) => panic!(
                                    "a capture-free cycle through `{}`",
                                    setup_of(n.0, n.1, if n.2 { Side::North } else { Side::South })
                                ),
                                Some(_) => {}
                                None => {
                                    colour.insert(n, 1);
                                    stack.push((n, quiet_successors(n)));
                                }
                            },
                        }
                    }
                }
            }
        }
    }
}
