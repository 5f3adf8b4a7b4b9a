//! An exact solver for Kalah (docs/rules/kalah.md), `mancala solve kalah`: the final margin
//! under perfect play from any position, by null-window alpha-beta (MTD(f)) over a compact
//! board, with a transposition table and move ordering.
//!
//! What a position is worth from here on does not depend on the seeds already in the stores:
//! the search values the seeds still to be won, `(future own store - future opponent store)`,
//! for the side to move, over the twelve pits alone. That makes the table key the pits and
//! nothing else (the side is implied: the board is kept from the mover's point of view).

use std::sync::atomic::{AtomicBool, Ordering};

use mancala::{Game, Pit, Position, Row, RuleOption, Side};

const PITS: usize = 6;

/// The board from the mover's side: `0..6` the mover's pits from its left, `6..12` the
/// opponent's from its left.
type Board = [u8; 2 * PITS];

/// The solver's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final margin (own seeds minus the opponent's at the end) for the side to move, with
    /// the stores as they are.
    pub margin: i32,
    /// Positions searched.
    pub nodes: u64,
    /// Whether the search was stopped before it finished (then `margin` means nothing).
    pub stopped: bool,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u128,
    lower: i8,
    upper: i8,
    best: u8,
    /// log2 of the positions searched to get these bounds: the entry worth keeping.
    work: u8,
}

/// The Kalah solver.
pub struct KalahSolver {
    table: Vec<Entry>,
    empty_capture: bool,
    nodes: u64,
    stopped: bool,
}

impl std::fmt::Debug for KalahSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KalahSolver")
            .field("entries", &self.table.len())
            .finish_non_exhaustive()
    }
}

fn key(b: &Board) -> u128 {
    // Seeds per pit are at most 72 < 128: seven bits each, 84 bits in all.
    b.iter().fold(0u128, |k, &n| (k << 7) | u128::from(n))
}

fn flip(b: &Board) -> Board {
    let mut f = [0u8; 2 * PITS];
    f[..PITS].copy_from_slice(&b[PITS..]);
    f[PITS..].copy_from_slice(&b[..PITS]);
    f
}

/// One sowing from the mover's pit `i`: the board after it, the seeds the mover banked, and
/// whether the mover moves again.
fn sow(b: &Board, i: usize, empty_capture: bool) -> (Board, i32, bool) {
    let mut b = *b;
    let mut seeds = b[i];
    b[i] = 0;
    let mut gain = 0i32;
    // The mover's cycle: own pits 0..6, the store (6), opponent's pits (7..13 -> 6..12).
    let mut pos = i;
    while seeds > 0 {
        pos = (pos + 1) % (2 * PITS + 1);
        seeds -= 1;
        match pos {
            p if p < PITS => b[p] += 1,
            PITS => gain += 1,
            p => b[p - 1] += 1,
        }
    }
    if pos == PITS {
        return (b, gain, true);
    }
    if pos < PITS && b[pos] == 1 {
        let opposite = 2 * PITS - 1 - pos;
        if b[opposite] > 0 || empty_capture {
            gain += i32::from(b[opposite]) + 1;
            b[opposite] = 0;
            b[pos] = 0;
        }
    }
    (b, gain, false)
}

impl KalahSolver {
    /// A solver with a table of `2^bits` entries (24 bytes each).
    #[must_use]
    pub fn new(bits: u32, empty_capture: bool) -> Self {
        Self {
            table: vec![Entry::default(); 1 << bits],
            empty_capture,
            nodes: 0,
            stopped: false,
        }
    }

    /// The first of the two slots a key may use.
    fn slot(&self, k: u128) -> usize {
        let h = (k as u64) ^ ((k >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 20) as usize & (self.table.len() - 2)
    }

    fn probe(&self, k: u128) -> Option<Entry> {
        let s = self.slot(k);
        [self.table[s], self.table[s + 1]]
            .into_iter()
            .find(|e| e.key == k && e.work > 0)
    }

    /// Stores an entry: over its own key, else over the slot with less work behind it.
    fn store(&mut self, e: Entry) {
        let s = self.slot(e.key);
        let i = if self.table[s].key == e.key || self.table[s + 1].key == e.key {
            if self.table[s].key == e.key { s } else { s + 1 }
        } else if self.table[s].work <= self.table[s + 1].work {
            s
        } else {
            s + 1
        };
        self.table[i] = e;
    }

    /// The value of `b` for the mover: future own gains minus the opponent's, fail-soft
    /// within `(alpha, beta)`.
    fn search(&mut self, b: &Board, mut alpha: i32, mut beta: i32, stop: &AtomicBool) -> i32 {
        self.nodes += 1;
        if self.nodes & 0xFFFF == 0 && stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let own: i32 = b[..PITS].iter().map(|&n| i32::from(n)).sum();
        let opp: i32 = b[PITS..].iter().map(|&n| i32::from(n)).sum();
        // K5: a side empty ends the game; each side keeps its own seeds.
        if own == 0 || opp == 0 {
            return own - opp;
        }
        // Every seed still on the board is the most either side can win.
        let bound = own + opp;
        if bound <= alpha {
            return bound;
        }
        if -bound >= beta {
            return -bound;
        }
        let k = key(b);
        let nodes_before = self.nodes;
        let found = self.probe(k);
        let entry = found.unwrap_or_default();
        let mut first = usize::MAX;
        if found.is_some() {
            let (lo, hi) = (i32::from(entry.lower), i32::from(entry.upper));
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            first = usize::from(entry.best);
        }
        let (a0, b0) = (alpha, beta);
        // Enhanced transposition cut-off: a child whose table bounds already refute the
        // window ends the search here.
        for i in 0..PITS {
            if b[i] == 0 {
                continue;
            }
            let (child, gain, again) = sow(b, i, self.empty_capture);
            let (ck, sign) = if again {
                (key(&child), 1)
            } else {
                (key(&flip(&child)), -1)
            };
            if let Some(e) = self.probe(ck) {
                // The child's value for us: gain + v (same mover) or gain - v.
                let v = if sign > 0 {
                    gain + i32::from(e.lower)
                } else {
                    gain - i32::from(e.upper)
                };
                if v >= beta {
                    return v;
                }
            }
        }
        // Order: the table's move, extra turns (nearest the store first), then the rest.
        let mut order: [usize; PITS] = [5, 4, 3, 2, 1, 0];
        order.sort_by_key(|&i| {
            let n = usize::from(b[i]);
            let extra = n > 0 && (i + n) % (2 * PITS + 1) == PITS;
            (i != first, !extra, PITS - i)
        });
        let mut best = -i32::MAX;
        let mut best_move = 0u8;
        for &i in &order {
            if b[i] == 0 {
                continue;
            }
            let (child, gain, again) = sow(b, i, self.empty_capture);
            let v = if again {
                gain + self.search(&child, alpha - gain, beta - gain, stop)
            } else {
                gain - self.search(&flip(&child), gain - beta, gain - alpha, stop)
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
        let mut e = if found.is_some() {
            entry
        } else {
            Entry {
                key: k,
                lower: -127,
                upper: 127,
                best: 0,
                work: 0,
            }
        };
        if best <= a0 {
            e.upper = best.clamp(-127, 127) as i8;
        } else if best >= b0 {
            e.lower = best.clamp(-127, 127) as i8;
        } else {
            e.lower = best as i8;
            e.upper = best as i8;
        }
        e.best = best_move;
        e.work = (64 - (self.nodes - nodes_before).leading_zeros()).max(1) as u8;
        self.store(e);
        best
    }

    /// Solves a Kalah position: the final margin for the side to move under perfect play.
    ///
    /// # Panics
    /// Never; a position of another game gives margin 0 with no nodes.
    pub fn solve(&mut self, pos: &Position, stop: &AtomicBool) -> Solution {
        self.nodes = 0;
        self.stopped = false;
        if !matches!(
            pos.variant().game(),
            Game::Kalah | Game::Kalah6x5 | Game::Kalah6x6
        ) {
            return Solution {
                margin: 0,
                nodes: 0,
                stopped: false,
            };
        }
        let me = pos.turn();
        let mut b: Board = [0; 2 * PITS];
        for (side, off) in [(me, 0), (me.other(), PITS)] {
            for c in 1..=PITS as u8 {
                if let Some(p) = Pit::new(side, Row::Front, c) {
                    b[off + usize::from(c) - 1] = pos.seeds(p);
                }
            }
        }
        let stores = |s: Side| i32::from(pos.store(s).unwrap_or(0));
        let banked = stores(me) - stores(me.other());
        // MTD(f): null-window searches closing in on the value.
        let total: i32 = b.iter().map(|&n| i32::from(n)).sum();
        let (mut lower, mut upper) = (-total, total);
        let mut guess = 0;
        while lower < upper && !self.stopped {
            let beta = guess.max(lower + 1);
            let g = self.search(&b, beta - 1, beta, stop);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
            guess = g;
        }
        Solution {
            margin: banked + lower,
            nodes: self.nodes,
            stopped: self.stopped,
        }
    }

    /// Whether the solver was built for the `empty_capture` rule.
    #[must_use]
    pub const fn empty_capture(&self) -> bool {
        self.empty_capture
    }
}

/// A solver for `pos`'s variant and options.
#[must_use]
pub fn kalah_solver(pos: &Position, bits: u32) -> KalahSolver {
    KalahSolver::new(bits, pos.variant().has(RuleOption::EmptyCapture))
}
