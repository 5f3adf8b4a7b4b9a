//! An exact solver for Kalah (docs/rules/kalah.md), `mancala solve kalah`: the final margin
//! under perfect play from any position.
//!
//! What a position is worth from here on does not depend on the seeds already in the stores:
//! the solver values the seeds still to be won, `(future own store - future opponent store)`,
//! for the side to move, over the twelve pits alone (the board is kept from the mover's point
//! of view, so the side is implied). Two parts do the work:
//!
//! - an **endgame database** ([`KalahSolver::build_database`]): the exact value of every board
//!   with up to `N` seeds in the pits, one byte per board, indexed by a perfect rank of the
//!   distribution of the seeds over the twelve pits (the combinatorial number system);
//! - a **search** above it: MTD(f) (null-window alpha-beta) with a transposition table keyed
//!   by the same rank (exact, 41 bits for up to 48 seeds), two-slot buckets that keep the
//!   costlier entry, move ordering (the table's move, extra sowings, captures), children
//!   valued from the database before any is searched, and the bound that no side can win
//!   more than the seeds on the board.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mancala::{Family, Move, Pit, Position, Row, RuleOption, Side};

/// Pits a side.
const PITS: usize = 6;
/// Pits on the board.
const ALL: usize = 2 * PITS;
/// The largest database the solver builds (seeds in the pits): 5.6e9 boards at 28.
const MAX_DATABASE_SEEDS: u32 = 28;
/// The most seeds the solver handles on the board (Kalah(6,6) has 72; the rank table covers it).
const MAX_SEEDS: usize = 72;
/// A database entry not yet computed.
const UNKNOWN: i8 = i8::MIN;

/// The board from the mover's side: `0..6` the mover's pits from its left, `6..12` the
/// opponent's from its left.
type Board = [u8; ALL];

/// `BINOM[p][k]` = p choose k, for the ranks.
const BINOM: [[u64; ALL + 1]; MAX_SEEDS + ALL] = {
    let mut t = [[0u64; ALL + 1]; MAX_SEEDS + ALL];
    let mut p = 0;
    while p < MAX_SEEDS + ALL {
        t[p][0] = 1;
        let mut k = 1;
        while k <= ALL {
            t[p][k] = if p == 0 {
                0
            } else {
                t[p - 1][k - 1] + t[p - 1][k]
            };
            k += 1;
        }
        p += 1;
    }
    t
};

/// The rank of a board among the boards with the same number of seeds `n`, in `0..C(n+11,11)`,
/// and `n`. The partial sums `x0 + .. + xj + j` (j < 11) are the positions of the eleven bars
/// in a row of `n` seeds and 11 bars; their colex rank is `sum C(p_j, j+1)`.
#[inline]
fn rank(b: &Board) -> (u64, usize) {
    let mut prefix = 0usize;
    let mut r = 0u64;
    for (j, &x) in b.iter().enumerate().take(ALL - 1) {
        prefix += usize::from(x);
        r += BINOM[prefix + j][j + 1];
    }
    (r, prefix + usize::from(b[ALL - 1]))
}

/// A key unique to a board over all seed counts: the boards with fewer seeds first
/// (`C(n+11,12)` of them), then the rank among those with `n`.
#[inline]
fn key(b: &Board) -> u64 {
    let (r, n) = rank(b);
    BINOM[n + ALL - 1][ALL] + r
}

/// The boards with `n` seeds in the pits.
const fn layer_size(n: usize) -> u64 {
    BINOM[n + ALL - 1][ALL - 1]
}

fn flip(b: &Board) -> Board {
    let mut f = [0u8; ALL];
    f[..PITS].copy_from_slice(&b[PITS..]);
    f[PITS..].copy_from_slice(&b[..PITS]);
    f
}

fn side_sums(b: &Board) -> (i32, i32) {
    let own: u32 = b[..PITS].iter().map(|&n| u32::from(n)).sum();
    let opp: u32 = b[PITS..].iter().map(|&n| u32::from(n)).sum();
    (own as i32, opp as i32)
}

/// One sowing from the mover's pit `i` (K3, K4): the board after it, the seeds the mover
/// banked, and whether the last seed fell in the mover's store (an extra sowing, unless the
/// game has ended, K5).
#[inline]
fn sow(b: &Board, i: usize, empty_capture: bool) -> (Board, i32, bool) {
    let mut b = *b;
    let seeds = usize::from(b[i]);
    b[i] = 0;
    // The mover's circuit has 13 places: own pits (0..6), the store (6), the opponent's pits
    // (7..13 = board 6..12); the opponent's store is skipped (K3.1). Whole laps first.
    let laps = seeds / (ALL + 1);
    let rest = seeds % (ALL + 1);
    let mut gain = laps as i32;
    if laps > 0 {
        let l = laps as u8;
        for x in &mut b {
            *x += l;
        }
    }
    let mut pos = i;
    for _ in 0..rest {
        pos += 1;
        if pos == ALL + 1 {
            pos = 0;
        }
        match pos {
            p if p < PITS => b[p] += 1,
            PITS => gain += 1,
            p => b[p - 1] += 1,
        }
    }
    if seeds > 0 && pos == PITS {
        return (b, gain, true);
    }
    // K4: a last seed in an own pit that was empty (K3.2: a sowing of 13 ends in its own
    // emptied start pit).
    if pos < PITS && b[pos] == 1 {
        let opposite = ALL - 1 - pos;
        if b[opposite] > 0 || empty_capture {
            gain += i32::from(b[opposite]) + 1;
            b[opposite] = 0;
            b[pos] = 0;
        }
    }
    (b, gain, false)
}

/// What one sowing leads to: the next board from its mover's side and how it counts for us.
#[derive(Clone, Copy)]
struct Child {
    /// The next board, from the side of whoever moves next.
    board: Board,
    /// Seeds the sowing banked for the mover.
    gain: i32,
    /// Whether the mover moves again (`board` is then from the mover's side).
    again: bool,
    /// The next board's seeds.
    seeds: i32,
    /// The game ended: the child's value for us, exact.
    over: Option<i32>,
}

fn child(b: &Board, i: usize, empty_capture: bool) -> Child {
    let (next, gain, again) = sow(b, i, empty_capture);
    let (own, opp) = side_sums(&next);
    // K5.1: a side empty after any sowing ends the game; each side keeps its own (K5.2).
    let over = (own == 0 || opp == 0).then_some(gain + own - opp);
    Child {
        board: if again { next } else { flip(&next) },
        gain,
        again,
        seeds: own + opp,
        over,
    }
}

/// The endgame database: the value of every board with up to `seeds` seeds in the pits.
#[derive(Clone, Default)]
struct Database {
    /// `layers[n][rank]`: the value of a board with `n` seeds for the side to move.
    layers: Vec<Vec<i8>>,
}

impl Database {
    /// The most seeds a board of the database holds (`None` when it is empty).
    fn seeds(&self) -> Option<usize> {
        self.layers.len().checked_sub(1)
    }

    #[inline]
    fn get(&self, b: &Board) -> Option<i8> {
        let (r, n) = rank(b);
        self.layers
            .get(n)
            .and_then(|l| l.get(r as usize))
            .copied()
            .filter(|&v| v != UNKNOWN)
    }

    /// Builds the next layer (boards with one seed more than the last).
    fn grow(&mut self, empty_capture: bool, stop: &AtomicBool) -> Result<(), String> {
        if stop.load(Ordering::Relaxed) {
            return Err("stopped".to_owned());
        }
        let n = self.layers.len();
        let size = usize::try_from(layer_size(n)).map_err(|_| "database too large".to_owned())?;
        let mut layer = Vec::new();
        layer.try_reserve_exact(size).map_err(|_| {
            format!("not enough memory for the database layer of {n} seeds ({size} bytes)")
        })?;
        layer.resize(size, UNKNOWN);
        let mut builder = LayerBuilder {
            lower: &self.layers,
            layer: &mut layer,
            n,
            empty_capture,
        };
        // Every distribution of n seeds over the twelve pits, in the order of their ranks:
        // the parents and children of neighbouring boards lie near each other in memory.
        let mut b: Board = [0; ALL];
        b[ALL - 1] = n as u8;
        let mut count = 0u64;
        loop {
            builder.value(&b);
            count += 1;
            if count & 0xF_FFFF == 0 && stop.load(Ordering::Relaxed) {
                return Err("stopped".to_owned());
            }
            if !next_board(&mut b) {
                break;
            }
        }
        self.layers.push(layer);
        Ok(())
    }
}

/// The board of the next rank with as many seeds (false after the last). In the bars'
/// terms: the lowest bar that can move up one place does, and the bars below it go back to
/// the bottom.
fn next_board(b: &mut Board) -> bool {
    let Some(k) = (1..ALL).find(|&k| b[k] > 0) else {
        return false;
    };
    let below: u8 = b[..k].iter().sum();
    b[..k].fill(0);
    b[k - 1] = below + 1;
    b[k] -= 1;
    true
}

/// Computes one layer of the database, the boards with `n` seeds. A sowing that banks no seed
/// stays inside the mover's row and brings seeds nearer the store (K6.2), so a board's
/// children with `n` seeds are computed first, by recursion, which ends.
struct LayerBuilder<'a> {
    lower: &'a [Vec<i8>],
    layer: &'a mut [i8],
    n: usize,
    empty_capture: bool,
}

impl LayerBuilder<'_> {
    fn value(&mut self, b: &Board) -> i8 {
        let (r, n) = rank(b);
        debug_assert_eq!(n, self.n);
        let r = r as usize;
        let known = self.layer.get(r).copied().unwrap_or(UNKNOWN);
        if known != UNKNOWN {
            return known;
        }
        let (own, opp) = side_sums(b);
        let v = if own == 0 || opp == 0 {
            own - opp
        } else {
            let mut best = i32::MIN;
            for i in 0..PITS {
                if b[i] == 0 {
                    continue;
                }
                let c = child(b, i, self.empty_capture);
                let v = if let Some(v) = c.over {
                    v
                } else {
                    let m = c.seeds as usize;
                    let cv = if m < self.n {
                        let (cr, _) = rank(&c.board);
                        self.lower
                            .get(m)
                            .and_then(|l| l.get(cr as usize))
                            .copied()
                            .unwrap_or(0)
                    } else {
                        self.value(&c.board)
                    };
                    if c.again {
                        c.gain + i32::from(cv)
                    } else {
                        c.gain - i32::from(cv)
                    }
                };
                best = best.max(v);
            }
            best
        };
        let v = v.clamp(-127, 127) as i8;
        if let Some(slot) = self.layer.get_mut(r) {
            *slot = v;
        }
        v
    }
}

/// The solver's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final margin (own seeds minus the opponent's at the end) for the side to move, with
    /// the stores as they are.
    pub margin: i32,
    /// Positions searched (database look-ups not counted).
    pub nodes: u64,
    /// Whether the search was stopped before it finished (then `margin` means nothing).
    pub stopped: bool,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    /// The board's key plus one (0: an empty slot).
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    /// log2 of the positions searched to get these bounds: the entry worth keeping.
    work: u8,
}

/// The Kalah solver: an endgame database and a search above it.
pub struct KalahSolver {
    table: Vec<Entry>,
    /// Shared read-only between solvers ([`KalahSolver::sharing_database`]).
    db: Arc<Database>,
    empty_capture: bool,
    nodes: u64,
    stopped: bool,
    /// Stop after this many nodes in one solve.
    node_limit: Option<u64>,
    /// Stop at this instant.
    deadline: Option<Instant>,
}

/// A solved position with a move that keeps its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSolution {
    /// The final margin for the side to move under perfect play, stores included.
    pub margin: i32,
    /// A move whose position keeps `margin` (`None` when the game is over).
    pub best: Option<Move>,
    /// Positions searched, the check of the move included.
    pub nodes: u64,
    /// Whether the search was stopped before it finished (then nothing else means anything).
    pub stopped: bool,
}

impl std::fmt::Debug for KalahSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KalahSolver")
            .field("entries", &self.table.len())
            .field("database_seeds", &self.db.seeds())
            .field("empty_capture", &self.empty_capture)
            .finish_non_exhaustive()
    }
}

impl KalahSolver {
    /// A solver with a transposition table of `2^bits` entries (16 bytes each; `bits` is
    /// taken within 4..=32) and no database.
    #[must_use]
    pub fn new(bits: u32, empty_capture: bool) -> Self {
        Self {
            table: vec![Entry::default(); 1 << bits.clamp(4, 32)],
            db: Arc::new(Database::default()),
            empty_capture,
            nodes: 0,
            stopped: false,
            node_limit: None,
            deadline: None,
        }
    }

    /// A solver with its own table of `2^bits` entries sharing `other`'s endgame database
    /// (and its rules), without copying it.
    #[must_use]
    pub fn sharing_database(bits: u32, other: &Self) -> Self {
        Self {
            db: Arc::clone(&other.db),
            ..Self::new(bits, other.empty_capture)
        }
    }

    /// Whether this solver uses the very database of `other` (and so its rules).
    #[must_use]
    pub fn shares_database_with(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.db, &other.db)
    }

    /// Stops each later solve after `nodes` positions (`None`: no limit); the solve then
    /// reports `stopped`.
    pub const fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes;
    }

    /// Stops each later solve at `deadline` (`None`: none); the solve then reports `stopped`.
    pub const fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Empties the transposition table, so the next solve costs what it would in a new solver.
    pub fn clear_table(&mut self) {
        self.table.fill(Entry::default());
    }

    /// Builds (or extends) the endgame database to every board with up to `seeds` seeds in
    /// the pits: `C(seeds+12, 12)` boards, one byte each (1.25e9 for 24 seeds).
    ///
    /// # Errors
    /// When `seeds` exceeds 28, memory runs out, or `stop` is set (the layers finished so
    /// far are kept). Returns the boards in the database.
    pub fn build_database(&mut self, seeds: u32, stop: &AtomicBool) -> Result<u64, String> {
        if seeds > MAX_DATABASE_SEEDS {
            return Err(format!(
                "a database of {seeds} seeds is too large (at most {MAX_DATABASE_SEEDS})"
            ));
        }
        while self.db.layers.len() <= seeds as usize {
            // A database shared with another solver is copied before it grows.
            Arc::make_mut(&mut self.db).grow(self.empty_capture, stop)?;
        }
        Ok(self.database_boards())
    }

    /// The boards in the database built so far (one byte each).
    #[must_use]
    pub fn database_boards(&self) -> u64 {
        self.db.layers.iter().map(|l| l.len() as u64).sum()
    }

    /// The most seeds in the pits of a board in the database, `None` before it is built.
    #[must_use]
    pub fn database_seeds(&self) -> Option<u32> {
        self.db.seeds().map(|s| s as u32)
    }

    /// The database's value of `pos` (the final margin for the side to move, stores
    /// included), when its pits hold few enough seeds and it is a Kalah position.
    #[must_use]
    pub fn database_margin(&self, pos: &Position) -> Option<i32> {
        let (b, banked) = board_of(pos)?;
        self.db.get(&b).map(|v| banked + i32::from(v))
    }

    /// The first of the two slots a key may use.
    #[inline]
    fn slot(&self, k: u64) -> usize {
        let h = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.table.len() - 2)
    }

    #[inline]
    fn probe(&self, k: u64) -> Option<Entry> {
        let s = self.slot(k);
        let k = k + 1;
        let (a, b) = (self.table[s], self.table[s + 1]);
        if a.key == k {
            Some(a)
        } else if b.key == k {
            Some(b)
        } else {
            None
        }
    }

    /// Stores an entry: over its own key, else over the slot with less work behind it.
    fn store(&mut self, e: Entry) {
        let s = self.slot(e.key - 1);
        let i = if self.table[s].key == e.key {
            s
        } else if self.table[s + 1].key == e.key {
            s + 1
        } else if self.table[s].work <= self.table[s + 1].work {
            s
        } else {
            s + 1
        };
        self.table[i] = e;
    }

    fn out_of_budget(&self, stop: &AtomicBool) -> bool {
        stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The value of `b` for the mover: future own gains minus the opponent's, fail-soft
    /// within `(alpha, beta)`. `b` holds seeds on both sides.
    fn search(&mut self, b: &Board, mut alpha: i32, mut beta: i32, stop: &AtomicBool) -> i32 {
        self.nodes += 1;
        if self.node_limit.is_some_and(|n| self.nodes > n)
            || (self.nodes & 0xFFF == 0 && self.out_of_budget(stop))
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let (r, n) = rank(b);
        if let Some(v) = self.db.layers.get(n).and_then(|l| l.get(r as usize)) {
            return i32::from(*v);
        }
        // Every seed still on the board is the most either side can win.
        let bound = n as i32;
        if bound <= alpha {
            return bound;
        }
        if -bound >= beta {
            return -bound;
        }
        // The table's key, unique over all seed counts: the boards with fewer seeds first
        // (`C(n+11,12)` of them), then the rank among those with `n`.
        let k = BINOM[n + ALL - 1][ALL] + r;
        let nodes_before = self.nodes;
        let found = self.probe(k);
        let mut first = usize::MAX;
        if let Some(e) = found {
            let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            first = usize::from(e.best);
        }
        let (a0, b0) = (alpha, beta);
        let mut children: [Option<Child>; PITS] = [None; PITS];
        let mut best = -i32::MAX;
        let mut best_move = 0u8;
        // Exact values first (game over, database): they cost no search. (Enhanced
        // transposition cut-offs, probing every child's table entry here, saved 10% of the
        // nodes but doubled the time: each probe is a cache miss; docs/engine.md.)
        for i in 0..PITS {
            if b[i] == 0 {
                continue;
            }
            let c = child(b, i, self.empty_capture);
            let exact = c.over.or_else(|| {
                self.db.get(&c.board).map(|v| {
                    let v = i32::from(v);
                    if c.again { c.gain + v } else { c.gain - v }
                })
            });
            if let Some(v) = exact {
                if v > best {
                    best = v;
                    best_move = i as u8;
                }
                continue;
            }
            children[i] = Some(c);
        }
        alpha = alpha.max(best);
        if alpha < beta {
            // Order: the table's move, extra sowings (nearest the store first), captures
            // (largest first), then the rest from the store side.
            let mut order: [(i32, usize); PITS] = [(i32::MIN, 0); PITS];
            for (i, c) in children.iter().enumerate() {
                if let Some(c) = c {
                    let score = if i == first {
                        1 << 20
                    } else if c.again {
                        1 << 16
                    } else {
                        c.gain << 4
                    } + i as i32;
                    order[i] = (score, i);
                }
            }
            order.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
            for &(score, i) in &order {
                if score == i32::MIN {
                    break;
                }
                let Some(c) = children[i] else { continue };
                let v = if c.again {
                    c.gain + self.search(&c.board, alpha - c.gain, beta - c.gain, stop)
                } else {
                    c.gain - self.search(&c.board, c.gain - beta, c.gain - alpha, stop)
                };
                if self.stopped {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = i as u8;
                }
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        let mut e = found.unwrap_or(Entry {
            key: k + 1,
            lower: -127,
            upper: 127,
            best: 0,
            work: 0,
        });
        let v = best.clamp(-127, 127) as i8;
        if best <= a0 {
            e.upper = v;
        } else if best >= b0 {
            e.lower = v;
        } else {
            e.lower = v;
            e.upper = v;
        }
        e.best = best_move;
        e.work = (64 - (self.nodes - nodes_before).leading_zeros()).max(1) as u8;
        self.store(e);
        best
    }

    /// Solves a Kalah position: the final margin for the side to move under perfect play.
    /// A position of another game (or a partial one with more than 72 seeds in the pits)
    /// gives margin 0 with no nodes.
    pub fn solve(&mut self, pos: &Position, stop: &AtomicBool) -> Solution {
        self.solve_from(pos, 0, stop)
    }

    /// [`KalahSolver::solve`] with a first guess of the margin (MTD(f) closes in from it).
    pub fn solve_from(&mut self, pos: &Position, guess: i32, stop: &AtomicBool) -> Solution {
        self.nodes = 0;
        self.stopped = stop.load(Ordering::Relaxed);
        let Some((b, banked)) = board_of(pos) else {
            return Solution {
                margin: 0,
                nodes: 0,
                stopped: false,
            };
        };
        let (own, opp) = side_sums(&b);
        if pos.outcome().is_some() || own == 0 || opp == 0 {
            return Solution {
                margin: banked + own - opp,
                nodes: 0,
                stopped: false,
            };
        }
        let v = self.board_value(&b, guess - banked, stop);
        Solution {
            margin: banked + v,
            nodes: self.nodes,
            stopped: self.stopped,
        }
    }

    /// The exact value of a board with seeds on both sides, by MTD(f): null-window searches
    /// closing in on it from `guess`. Meaningless when `self.stopped` is set after it.
    fn board_value(&mut self, b: &Board, guess: i32, stop: &AtomicBool) -> i32 {
        let total = b.iter().map(|&n| i32::from(n)).sum::<i32>();
        let (mut lower, mut upper) = (-total, total);
        let mut guess = guess.clamp(-total, total);
        while lower < upper && !self.stopped {
            let beta = guess.max(lower + 1);
            let g = self.search(b, beta - 1, beta, stop);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
            guess = g;
        }
        lower
    }

    /// Solves a Kalah position and finds a move that keeps its value: the table's move if it
    /// does, else the first of the others (from the store side) that a null-window search
    /// proves keeps it. A position of another game, or one that is over, has no move.
    pub fn solve_move(&mut self, pos: &Position, guess: i32, stop: &AtomicBool) -> MoveSolution {
        let s = self.solve_from(pos, guess, stop);
        let mut out = MoveSolution {
            margin: s.margin,
            best: None,
            nodes: s.nodes,
            stopped: s.stopped,
        };
        let Some((b, banked)) = board_of(pos) else {
            return out;
        };
        if s.stopped || pos.outcome().is_some() {
            return out;
        }
        let (own, opp) = side_sums(&b);
        if own == 0 || opp == 0 {
            return out;
        }
        let v = s.margin - banked;
        let (r, n) = rank(&b);
        let first = self
            .probe(BINOM[n + ALL - 1][ALL] + r)
            .map_or(PITS - 1, |e| usize::from(e.best));
        let order = std::iter::once(first).chain((0..PITS).rev().filter(|&i| i != first));
        for i in order {
            if b[i] == 0 {
                continue;
            }
            let c = child(&b, i, self.empty_capture);
            let keeps = if let Some(x) = c.over {
                x >= v
            } else if let Some(x) = self.db.get(&c.board) {
                let x = i32::from(x);
                (if c.again { c.gain + x } else { c.gain - x }) >= v
            } else if c.again {
                // gain + value(child) >= v
                let t = v - c.gain;
                self.search(&c.board, t - 1, t, stop) >= t
            } else {
                // gain - value(child) >= v
                let t = c.gain - v;
                self.search(&c.board, t, t + 1, stop) <= t
            };
            if self.stopped {
                out.stopped = true;
                break;
            }
            if keeps {
                out.best = kalah_move(pos, i);
                break;
            }
        }
        out.nodes = self.nodes;
        out
    }

    /// Whether the solver was built for the `empty_capture` rule.
    #[must_use]
    pub const fn empty_capture(&self) -> bool {
        self.empty_capture
    }
}

/// The board of a Kalah position from the mover's side, and the stores' difference for the
/// mover; `None` for another game or more than 72 seeds in the pits.
fn board_of(pos: &Position) -> Option<(Board, i32)> {
    if pos.variant().game().family() != Family::Kalah {
        return None;
    }
    let me = pos.turn();
    let mut b: Board = [0; ALL];
    for (side, off) in [(me, 0), (me.other(), PITS)] {
        for c in 1..=PITS as u8 {
            if let Some(p) = Pit::new(side, Row::Front, c) {
                b[off + usize::from(c) - 1] = pos.seeds(p);
            }
        }
    }
    // The ranks cover up to 72 seeds in the pits (Kalah(6,6)); a partial position with more
    // is not solved.
    if b.iter().map(|&n| usize::from(n)).sum::<usize>() > MAX_SEEDS {
        return None;
    }
    let stores = |s: Side| i32::from(pos.store(s).unwrap_or(0));
    Some((b, stores(me) - stores(me.other())))
}

/// The move from the mover's pit `i` (0 = its leftmost) in a Kalah position, if legal.
fn kalah_move(pos: &Position, i: usize) -> Option<Move> {
    let pit = Pit::new(pos.turn(), Row::Front, u8::try_from(i + 1).ok()?)?;
    let m = Move::from_pit(pit);
    pos.is_legal(m).then_some(m)
}

/// The key of a Kalah position's board from the mover's side (unique over all seed counts;
/// the stores and the side to move are not in it), and the stores' difference for the mover.
pub(crate) fn position_key(pos: &Position) -> Option<(u64, i32)> {
    board_of(pos).map(|(b, banked)| (key(&b), banked))
}

/// The mover's pit index (0 = its leftmost) of a Kalah move.
pub(crate) fn pit_index(m: Move) -> usize {
    usize::from(m.pit().col()).saturating_sub(1)
}

/// A solver for `pos`'s variant and options.
#[must_use]
pub fn kalah_solver(pos: &Position, bits: u32) -> KalahSolver {
    KalahSolver::new(bits, pos.variant().has(RuleOption::EmptyCapture))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "test code")]

    use super::*;
    use crate::Rng;
    use mancala::{Game, SeedTotal, Setup, Variant};

    /// A random position of `game` with its seeds spread in piles over pits and stores.
    fn random_position(rng: &mut Rng, v: Variant, total: usize) -> Position {
        let mut places = [0usize; 14];
        let mut i = rng.below(14);
        for _ in 0..total {
            if rng.below(4) != 0 {
                i = rng.below(14);
            }
            places[i] += 1;
        }
        let row = |r: &[usize]| {
            r.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut north = places[6..12].to_vec();
        north.reverse();
        let side = if rng.below(2) == 0 { "S" } else { "N" };
        let d = format!(
            "{}/{} {side} {},{}",
            row(&north),
            row(&places[..6]),
            places[12],
            places[13]
        );
        let setup: Setup = d.parse().unwrap();
        Position::from_setup(v, &setup, SeedTotal::Exact).unwrap()
    }

    /// The solver's own move generator (sowing, extra sowing, capture, end of the game) gives
    /// the same successors as the rules crate, on random games and random piled-up boards.
    #[test]
    fn move_generator_agrees_with_the_rules() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for (game, total) in [(Game::Kalah, 48), (Game::Kalah6x6, 72)] {
            for empty_capture in [false, true] {
                let mut v = Variant::new(game);
                if empty_capture {
                    v = v.with_option(RuleOption::EmptyCapture).unwrap();
                }
                for g in 0..300 {
                    let mut pos = if g % 2 == 0 {
                        Position::new(v)
                    } else {
                        random_position(&mut rng, v, total)
                    };
                    while pos.outcome().is_none() {
                        let (b, banked) = board_of(&pos).unwrap();
                        let mut ours: Vec<(Option<Board>, i32, bool)> = (0..PITS)
                            .filter(|&i| b[i] > 0)
                            .map(|i| {
                                let c = child(&b, i, empty_capture);
                                match c.over {
                                    Some(v) => (None, banked + v, true),
                                    None if c.again => (Some(c.board), banked + c.gain, true),
                                    None => (Some(c.board), -(banked + c.gain), false),
                                }
                            })
                            .collect();
                        let mut theirs = Vec::new();
                        pos.for_each_legal(|_, next| {
                            let same = next.turn() == pos.turn();
                            theirs.push(if let Some(o) = next.outcome() {
                                let mancala::EndReason::SeedsCounted { south, north } = o.reason
                                else {
                                    panic!("{o}")
                                };
                                let m = i32::from(south) - i32::from(north);
                                (None, if pos.turn() == Side::South { m } else { -m }, true)
                            } else {
                                let (nb, nbanked) = board_of(&next).unwrap();
                                (Some(nb), nbanked, same)
                            });
                        });
                        ours.sort_unstable();
                        theirs.sort_unstable();
                        assert_eq!(
                            ours,
                            theirs,
                            "{} empty_capture={empty_capture}",
                            pos.diagram()
                        );
                        checked += ours.len();
                        let moves = pos.legal_moves();
                        let m = moves[rng.below(moves.len())];
                        pos.play_unchecked(m);
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn boards_come_in_rank_order() {
        for n in [0usize, 1, 2, 5, 9] {
            let mut b: Board = [0; ALL];
            b[ALL - 1] = n as u8;
            let mut expected = 0u64;
            loop {
                assert_eq!(rank(&b), (expected, n), "{b:?}");
                expected += 1;
                if !next_board(&mut b) {
                    break;
                }
            }
            assert_eq!(expected, layer_size(n));
        }
    }

    #[test]
    fn ranks_are_a_bijection() {
        for n in 0..=6usize {
            let mut seen = vec![false; layer_size(n) as usize];
            let mut b: Board = [0; ALL];
            b[ALL - 1] = n as u8;
            // All boards with n seeds, by brute force over the first 11 pits.
            fn each(b: &mut Board, j: usize, left: u8, f: &mut dyn FnMut(&Board)) {
                if j == ALL - 1 {
                    b[j] = left;
                    f(b);
                    return;
                }
                for x in 0..=left {
                    b[j] = x;
                    each(b, j + 1, left - x, f);
                }
            }
            each(&mut b, 0, n as u8, &mut |b| {
                let (r, m) = rank(b);
                assert_eq!(m, n);
                assert!(!seen[r as usize], "{b:?}");
                seen[r as usize] = true;
                assert_eq!(key(b), BINOM[n + ALL - 1][ALL] + r);
            });
            assert!(seen.iter().all(|&s| s));
        }
    }
}
