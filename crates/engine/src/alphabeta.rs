//! Alpha-beta: negamax with iterative deepening, a transposition table on Zobrist keys, move
//! ordering (table move, killers, history, a one-ply estimate), aspiration windows and time
//! control; and [`Negamax`], the plain search it is tested against.
//!
//! A time-limited search may use more threads ([`Limits::threads`]): Lazy SMP. Helper threads
//! search the same root on the shared table, each one iteration ahead of the main thread, so
//! the main thread's next iteration finds their results (exact values at the depth it needs,
//! and best moves to try first). The move played is that of the deepest iteration any thread
//! completed (the main thread's at equal depth): when time runs out, a helper has often
//! finished the iteration the main thread is still in. Fixed-depth and node-limited searches
//! use one thread, so they stay deterministic.
//!
//! Kalah's extra turn means a child may have the same side to move as its parent: its value
//! is then taken as it is, not negated, and the window passes unchanged.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::thread;
use std::time::Instant;

use mancala::{EndReason, Move, Outcome, Position};

use crate::eval::{SCORE_DECIDED, SCORE_WIN, Score, evaluate, terminal_score};
use crate::{Limits, Player, SearchResult};

const INF: Score = SCORE_WIN + 1;

/// The value of a position with no legal move, for the side to move.
fn finished(pos: &Position, ply: u32) -> Score {
    let outcome = pos.outcome().unwrap_or(Outcome {
        winner: Some(pos.turn().other()),
        reason: EndReason::NoLegalMove,
    });
    terminal_score(outcome, pos.turn(), ply)
}

/// A leaf: the finished value or the static evaluation.
fn leaf(pos: &Position, ply: u32, eval: impl FnOnce(&Position) -> Score) -> Score {
    match pos.outcome() {
        Some(o) => terminal_score(o, pos.turn(), ply),
        None => eval(pos),
    }
}

/// The value of a child for its parent: negated unless the same side moves again.
fn for_parent(parent: &Position, child: &Position, v: Score) -> Score {
    if child.turn() == parent.turn() { v } else { -v }
}

/// Plain fixed-depth negamax with no pruning: the reference for tests.
#[derive(Clone, Copy, Debug, Default)]
pub struct Negamax;

impl Negamax {
    /// The value of `pos` searched `depth` plies deep, and the number of nodes visited.
    #[must_use]
    pub fn value(pos: &Position, depth: u32) -> (Score, u64) {
        let mut nodes = 0;
        let v = Self::search(pos, depth, 0, &mut nodes);
        (v, nodes)
    }

    fn search(pos: &Position, depth: u32, ply: u32, nodes: &mut u64) -> Score {
        *nodes += 1;
        if depth == 0 {
            return leaf(pos, ply, evaluate);
        }
        let mut best = None;
        pos.for_each_legal(|_, child| {
            let v = for_parent(pos, &child, Self::search(&child, depth - 1, ply + 1, nodes));
            best = Some(best.map_or(v, |b: Score| b.max(v)));
        });
        best.unwrap_or_else(|| finished(pos, ply))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// What the table keeps of a searched node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    depth: u32,
    bound: Bound,
    score: Score,
    /// The best move's index in the order [`Position::for_each_legal`] gives the moves.
    best: Option<u16>,
}

/// The data word's marker of a written slot (an empty slot is all zeros).
const USED: u64 = 1 << 58;

impl Entry {
    /// One word: the score in bits 0-31, the depth in 32-39, the bound in 40-41, the best
    /// move's index plus one (0: none) in 42-57, and [`USED`].
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let best = self
            .best
            .filter(|&i| i < u16::MAX)
            .map_or(0, |i| u64::from(i) + 1);
        u64::from(self.score as u32)
            | u64::from(self.depth.min(255)) << 32
            | bound << 40
            | best << 42
            | USED
    }

    fn unpack(word: u64) -> Self {
        let bound = match (word >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = ((word >> 42) & 0xffff) as u16;
        Self {
            depth: ((word >> 32) & 0xff) as u32,
            bound,
            score: word as u32 as Score,
            best: best.checked_sub(1),
        }
    }
}

/// One table slot: the entry's word, and the key xor that word. Threads read and write the
/// two words apart (relaxed atomics, so no data race); a read that mixes two writes fails the
/// check and is a miss, so an entry is never taken for another position's.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The transposition table, shared by the threads of one search (always-replace).
struct Table {
    slots: Box<[Slot]>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("slots", &self.slots.len())
            .finish()
    }
}

impl Table {
    fn new(bits: u32) -> Self {
        Self {
            slots: (0..1usize << bits).map(|_| Slot::default()).collect(),
        }
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    fn load(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (data & USED != 0 && check ^ data == key).then(|| Entry::unpack(data))
    }

    fn store(&self, key: u64, entry: Entry) {
        let slot = self.slot(key);
        let data = entry.pack();
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// The `index`-th legal move of `pos`, in generation order.
    fn nth_move(pos: &Position, index: u16) -> Option<Move> {
        pos.legal_moves().get(usize::from(index)).copied()
    }

    /// The principal variation from the table, as far as it goes legally.
    fn pv(&self, pos: &Position, depth: u32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut p = *pos;
        for _ in 0..depth {
            let Some(m) = self
                .load(p.zobrist())
                .and_then(|e| e.best)
                .and_then(|i| Self::nth_move(&p, i))
            else {
                break;
            };
            match p.play(m) {
                Ok(next) => {
                    pv.push(m);
                    p = next;
                }
                Err(_) => break,
            }
        }
        pv
    }
}

/// Scores of decided games are stored relative to the node, so a transposition at another ply
/// reads them right.
const fn to_table(s: Score, ply: u32) -> Score {
    if s > SCORE_DECIDED {
        s + ply as Score
    } else if s < -SCORE_DECIDED {
        s - ply as Score
    } else {
        s
    }
}

const fn from_table(s: Score, ply: u32) -> Score {
    if s > SCORE_DECIDED {
        s - ply as Score
    } else if s < -SCORE_DECIDED {
        s + ply as Score
    } else {
        s
    }
}

/// What makes a thread's search stop besides its limits: the caller's flag and, for a helper,
/// the main thread's end.
#[derive(Clone, Copy)]
struct Stops<'a> {
    caller: &'a AtomicBool,
    main_done: Option<&'a AtomicBool>,
}

impl Stops<'_> {
    fn is_set(self) -> bool {
        self.caller.load(Ordering::Relaxed)
            || self.main_done.is_some_and(|d| d.load(Ordering::Relaxed))
    }
}

/// One thread's search state: everything but the table.
#[derive(Debug)]
struct Worker {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    root_best: Option<Move>,
    /// Triangular principal-variation table: the best line found from each ply.
    lines: Vec<Vec<Move>>,
    /// The static evaluation at the leaves and for move ordering.
    eval: fn(&Position) -> Score,
    /// The evaluations already made, when the evaluation is costly enough to keep them.
    evals: Option<EvalCache>,
}

/// Evaluations by Zobrist key, one per slot (the newest wins): move ordering evaluates every
/// child of a node, and the search meets most of them again as leaves, in this iteration or
/// the next. A pure function of the position, so a value kept is never stale, and the
/// search's values are unchanged.
struct EvalCache {
    /// Key and value side by side, one memory read a look-up; a key of 0 marks an empty slot.
    slots: Vec<(u64, Score)>,
}

impl std::fmt::Debug for EvalCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EvalCache")
            .field("slots", &self.slots.len())
            .finish()
    }
}

/// Slots of an [`EvalCache`]: 2^16 (1 MiB).
const EVAL_CACHE_BITS: u32 = 16;

impl EvalCache {
    fn new() -> Self {
        Self {
            slots: vec![(0, 0); 1 << EVAL_CACHE_BITS],
        }
    }

    /// The slot of a key: its top bits (the transposition table takes the low ones).
    const fn slot(key: u64) -> usize {
        (key >> (64 - EVAL_CACHE_BITS)) as usize
    }

    /// `eval(pos)`, from the cache when it holds `pos`. A position whose key is 0 is neither
    /// looked up nor kept, as 0 marks an empty slot.
    fn get(&mut self, pos: &Position, eval: fn(&Position) -> Score) -> Score {
        let key = pos.zobrist();
        if key == 0 {
            return eval(pos);
        }
        let slot = &mut self.slots[Self::slot(key)];
        if slot.0 == key {
            return slot.1;
        }
        let v = eval(pos);
        *slot = (key, v);
        v
    }
}

/// A helper thread's completed iteration: what the search plays if it is the deepest.
struct Completed {
    depth: u32,
    score: Score,
    best: Move,
    pv: Vec<Move>,
}

/// The alpha-beta player.
#[derive(Debug)]
pub struct AlphaBeta {
    table: Table,
    main: Worker,
    depth: Option<u32>,
}

/// Table entries by default: 2^18 (4 MB).
const TABLE_BITS: u32 = 18;
const HISTORY: usize = 4096;

/// The most threads a search uses, whatever [`Limits::threads`] asks.
pub const MAX_THREADS: u32 = 64;

/// The history table's slot of a move: its fields hashed by [`SlotHasher`].
fn history_slot(m: Move) -> usize {
    let mut h = SlotHasher(0);
    std::hash::Hash::hash(&m, &mut h);
    (std::hash::Hasher::finish(&h) as usize) % HISTORY
}

/// A multiply-rotate hasher for [`history_slot`]: a move's few small fields need no keyed
/// hash (`SipHash`, the standard one, was about a tenth of an Omweso search), only a spread
/// over the slots that is the same in every build and process.
struct SlotHasher(u64);

impl std::hash::Hasher for SlotHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7CC1_B727_220A);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }

    fn finish(&self) -> u64 {
        // A product's low bits depend only on its factors' low bits; the slot takes the low
        // bits, so the better mixed high half is folded into them.
        self.0 ^ self.0 >> 32
    }
}

impl Default for AlphaBeta {
    fn default() -> Self {
        Self::new(None)
    }
}

impl Worker {
    /// A worker with the evaluation `eval`, whose values it keeps when `cached`.
    fn new(eval: fn(&Position) -> Score, cached: bool) -> Self {
        Self {
            killers: vec![[None; 2]; 128],
            history: vec![0; HISTORY],
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            root_best: None,
            lines: vec![Vec::new(); 130],
            eval,
            evals: cached.then(EvalCache::new),
        }
    }

    /// The static evaluation of `pos`, through the cache where there is one.
    fn evaluate(&mut self, pos: &Position) -> Score {
        match &mut self.evals {
            Some(cache) => cache.get(pos, self.eval),
            None => (self.eval)(pos),
        }
    }

    /// Ready for a new search.
    fn reset(&mut self, node_limit: u64, deadline: Option<Instant>) {
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = node_limit;
        self.deadline = deadline;
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    fn check(&mut self, stop: Stops<'_>) {
        if self.nodes >= self.node_limit
            || stop.is_set()
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }

    #[allow(clippy::too_many_arguments, reason = "the search state of one node")]
    fn search(
        &mut self,
        table: &Table,
        pos: &Position,
        depth: u32,
        mut alpha: Score,
        beta: Score,
        ply: u32,
        stop: Stops<'_>,
    ) -> Score {
        self.nodes += 1;
        if self.nodes & 1023 == 0 || self.nodes >= self.node_limit {
            self.check(stop);
        }
        if self.aborted {
            return 0;
        }
        if let Some(line) = self.lines.get_mut(ply as usize) {
            line.clear();
        }
        if depth == 0 {
            return leaf(pos, ply, |p| self.evaluate(p));
        }
        let key = pos.zobrist();
        let mut table_move = None;
        if let Some(e) = table.load(key) {
            table_move = e.best;
            // Only an entry of exactly this depth is used for its value, so the search gives
            // exactly the fixed-depth value (tests compare with plain negamax).
            if e.depth == depth && ply > 0 {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut children: Vec<(Move, u16, Position, i64)> = Vec::new();
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None; 2]);
        let mut index = 0u16;
        pos.for_each_legal(|m, child| {
            let i = index;
            index = index.saturating_add(1);
            let order = if Some(i) == table_move {
                i64::MAX
            } else if killers.contains(&Some(m)) {
                i64::MAX / 2
            } else {
                i64::from(self.history[history_slot(m)]) * 4
                    + i64::from(for_parent(pos, &child, self.evaluate(&child)))
            };
            children.push((m, i, child, order));
        });
        if children.is_empty() {
            return finished(pos, ply);
        }
        children.sort_by_key(|c| std::cmp::Reverse(c.3));
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for (m, i, child, _) in &children {
            let v = if child.turn() == pos.turn() {
                self.search(table, child, depth - 1, alpha, beta, ply + 1, stop)
            } else {
                -self.search(table, child, depth - 1, -beta, -alpha, ply + 1, stop)
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some((*m, *i));
                let p = ply as usize;
                if p + 1 < self.lines.len() {
                    let (head, tail) = self.lines.split_at_mut(p + 1);
                    head[p].clear();
                    head[p].push(*m);
                    head[p].extend_from_slice(&tail[0]);
                }
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                if let Some(k) = self.killers.get_mut(ply as usize)
                    && k[0] != Some(*m)
                {
                    k[1] = k[0];
                    k[0] = Some(*m);
                }
                let h = &mut self.history[history_slot(*m)];
                *h = h.saturating_add((depth * depth) as i32);
                break;
            }
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        table.store(
            key,
            Entry {
                depth,
                bound,
                score: to_table(best, ply),
                best: best_move.map(|(_, i)| i),
            },
        );
        if ply == 0 {
            self.root_best = best_move.map(|(m, _)| m);
        }
        best
    }

    /// One iteration at `depth`, with an aspiration window around `prev` from depth 3 on
    /// (widened until the value falls inside it); the value is meaningless if `aborted`.
    fn iterate(
        &mut self,
        table: &Table,
        pos: &Position,
        depth: u32,
        prev: Option<Score>,
        stop: Stops<'_>,
    ) -> Score {
        self.root_best = None;
        let prev_score = prev.unwrap_or(0);
        let mut window = match prev {
            Some(p) if depth >= 3 && p.abs() < SCORE_DECIDED => 50,
            _ => INF,
        };
        loop {
            let (lo, hi) = (
                prev_score.saturating_sub(window).max(-INF),
                prev_score.saturating_add(window).min(INF),
            );
            let v = self.search(table, pos, depth, lo, hi, 0, stop);
            if self.aborted || (v > lo && v < hi) || window >= INF {
                return v;
            }
            window = if window >= 800 { INF } else { window * 4 };
        }
    }

    /// A helper thread's iterative deepening: each iteration one deeper than the main thread's
    /// current one (and than its own last), until stopped or past `max_depth`. Each completed
    /// iteration deeper than any before is offered in `deepest`.
    fn help(
        &mut self,
        table: &Table,
        pos: &Position,
        max_depth: u32,
        main_depth: &AtomicU32,
        deepest: &Mutex<Option<Completed>>,
        stop: Stops<'_>,
    ) {
        let mut last = 0;
        let mut prev = None;
        loop {
            let depth = (last + 1).max(main_depth.load(Ordering::Relaxed) + 1);
            if depth > max_depth {
                return;
            }
            let score = self.iterate(table, pos, depth, prev, stop);
            if self.aborted {
                return;
            }
            if let Some(best) = self.root_best
                && let Ok(mut slot) = deepest.lock()
                && slot.as_ref().is_none_or(|c| c.depth < depth)
            {
                *slot = Some(Completed {
                    depth,
                    score,
                    best,
                    pv: self.lines[0].clone(),
                });
            }
            if score.abs() >= SCORE_DECIDED {
                return;
            }
            (last, prev) = (depth, Some(score));
        }
    }
}

impl AlphaBeta {
    /// An alpha-beta player; `depth` caps its depth whatever the limits (`None`: no cap).
    #[must_use]
    pub fn new(depth: Option<u32>) -> Self {
        Self {
            table: Table::new(TABLE_BITS),
            main: Worker::new(evaluate, false),
            depth,
        }
    }

    /// An alpha-beta player with another static evaluation (for measuring one against
    /// another, e.g. [`crate::evaluate_threats`], or the learned one); the root value then
    /// differs from [`Negamax`]'s. Such an evaluation costs more than [`evaluate`], so each
    /// thread keeps the values it worked out, by Zobrist key: move ordering's estimates are
    /// met again as leaves.
    #[must_use]
    pub fn with_eval(depth: Option<u32>, eval: fn(&Position) -> Score) -> Self {
        Self {
            main: Worker::new(eval, true),
            ..Self::new(depth)
        }
    }

    /// Searches to a fixed depth with every enhancement; the root value equals
    /// [`Negamax::value`] at that depth.
    pub fn search_depth(&mut self, pos: &Position, depth: u32) -> SearchResult {
        self.choose(pos, &Limits::depth(depth), &AtomicBool::new(false))
    }

    /// Searches to a fixed depth on `threads` threads sharing the table (Lazy SMP). The root
    /// value is the same as [`Self::search_depth`]'s, but which of equally good moves is found
    /// may vary from run to run, so no player searches a fixed depth this way: it is here to
    /// test the shared table.
    pub fn search_depth_threads(
        &mut self,
        pos: &Position,
        depth: u32,
        threads: u32,
    ) -> SearchResult {
        let threads = threads.clamp(1, MAX_THREADS);
        self.run(pos, &Limits::depth(depth), threads, &AtomicBool::new(false))
    }

    /// The threads a search within `limits` uses: those [`Limits::threads`] asks (at most
    /// [`MAX_THREADS`]) for a search bounded by time or the stop flag alone, one for any with a
    /// depth or node limit (so that it is deterministic).
    #[must_use]
    pub fn threads_for(&self, limits: &Limits) -> u32 {
        if limits.depth.is_some() || limits.nodes.is_some() || self.depth.is_some() {
            1
        } else {
            limits.threads.unwrap_or(1).clamp(1, MAX_THREADS)
        }
    }
}

impl AlphaBeta {
    /// The search within `limits` on `threads` threads.
    fn run(
        &mut self,
        pos: &Position,
        limits: &Limits,
        threads: u32,
        stop: &AtomicBool,
    ) -> SearchResult {
        let start = Instant::now();
        let deadline = limits.time.map(|t| start + t);
        let max_depth = match (limits.depth, self.depth) {
            (Some(a), Some(b)) => a.min(b),
            (Some(d), None) | (None, Some(d)) => d,
            (None, None) => 64,
        }
        .max(1);
        self.main.reset(limits.nodes.unwrap_or(u64::MAX), deadline);
        let mut result = SearchResult::default();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            result.score = finished(pos, 0);
            return result;
        }
        // Something to play even if the first iteration is cut short.
        result.best = Some(moves[0]);
        result.pv = vec![moves[0]];
        let Self { table, main, .. } = self;
        let table: &Table = table;
        let main_done = AtomicBool::new(false);
        let main_depth = AtomicU32::new(1);
        let deepest: Mutex<Option<Completed>> = Mutex::new(None);
        let helper_nodes: u64 = thread::scope(|s| {
            let helpers: Vec<_> = (1..threads)
                .map(|_| {
                    let (pos, main_done, main_depth, deepest) =
                        (*pos, &main_done, &main_depth, &deepest);
                    let (eval, cached) = (main.eval, main.evals.is_some());
                    s.spawn(move || {
                        let mut w = Worker::new(eval, cached);
                        w.reset(u64::MAX, deadline);
                        let stops = Stops {
                            caller: stop,
                            main_done: Some(main_done),
                        };
                        w.help(table, &pos, max_depth, main_depth, deepest, stops);
                        w.nodes
                    })
                })
                .collect();
            let stops = Stops {
                caller: stop,
                main_done: None,
            };
            for depth in 1..=max_depth {
                main_depth.store(depth, Ordering::Relaxed);
                let score = main.iterate(table, pos, depth, Some(result.score), stops);
                if main.aborted {
                    break;
                }
                result.score = score;
                result.depth = depth;
                if let Some(b) = main.root_best {
                    result.best = Some(b);
                    result.pv = main.lines[0].clone();
                }
                if score.abs() >= SCORE_DECIDED {
                    break;
                }
            }
            main_done.store(true, Ordering::Relaxed);
            // A helper that panicked only leaves its nodes uncounted.
            helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        });
        // A helper's iteration deeper than the main thread's last is played instead.
        if let Ok(Some(c)) = deepest.into_inner()
            && c.depth > result.depth
        {
            (result.depth, result.score, result.best, result.pv) =
                (c.depth, c.score, Some(c.best), c.pv);
        }
        if let Some(b) = result.best {
            if result.pv.first() != Some(&b) {
                result.pv = vec![b];
            }
            // Where a table hit cut the line short, the table may carry it on.
            let mut end = *pos;
            for &m in &result.pv {
                end = end.play(m).unwrap_or(end);
            }
            let more = table.pv(&end, result.depth.saturating_sub(result.pv.len() as u32));
            result.pv.extend(more);
        }
        result.nodes = self.main.nodes + helper_nodes;
        result
    }
}

impl Player for AlphaBeta {
    fn choose(&mut self, pos: &Position, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        let threads = self.threads_for(limits);
        self.run(pos, limits, threads, stop)
    }

    fn name(&self) -> String {
        match self.depth {
            Some(d) => format!("alphabeta:depth={d}"),
            None => "alphabeta".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use mancala::{Game, Variant};

    use super::*;

    static CALLS: AtomicUsize = AtomicUsize::new(0);

    /// `evaluate`, counting its calls.
    fn counted(pos: &Position) -> Score {
        CALLS.fetch_add(1, Ordering::Relaxed);
        evaluate(pos)
    }

    /// The cache answers a position it holds without evaluating it again, and gives the value
    /// the evaluation gave; another position in the same slot takes the slot over.
    #[test]
    fn the_cache_answers_what_it_holds() {
        let mut cache = EvalCache::new();
        let start = Position::new(Variant::new(Game::Hus));
        let mut children = Vec::new();
        start.for_each_legal(|_, child| children.push(child));
        let before = CALLS.load(Ordering::Relaxed);
        for pos in &children {
            assert_eq!(cache.get(pos, counted), evaluate(pos));
        }
        let evaluated = CALLS.load(Ordering::Relaxed) - before;
        assert_eq!(evaluated, children.len());
        for pos in &children {
            assert_eq!(cache.get(pos, counted), evaluate(pos));
        }
        assert_eq!(
            CALLS.load(Ordering::Relaxed) - before,
            evaluated,
            "answered from the cache"
        );
        // A slot holds the newest of the keys that map to it.
        let slot = EvalCache::slot(children[0].zobrist());
        cache.slots[slot] = (children[0].zobrist() ^ 1, 12_345);
        assert_eq!(cache.get(&children[0], counted), evaluate(&children[0]));
        assert_eq!(
            cache.slots[slot],
            (children[0].zobrist(), evaluate(&children[0]))
        );
    }

    #[test]
    fn entries_pack_into_one_word_and_back() {
        for score in [
            0,
            1,
            -1,
            37,
            -4_200,
            SCORE_WIN - 3,
            -(SCORE_WIN - 3),
            INF,
            -INF,
        ] {
            for (depth, bound, best) in [
                (1, Bound::Exact, None),
                (64, Bound::Lower, Some(0)),
                (7, Bound::Upper, Some(300)),
                (0, Bound::Exact, Some(u16::MAX - 1)),
            ] {
                let e = Entry {
                    depth,
                    bound,
                    score,
                    best,
                };
                assert_eq!(Entry::unpack(e.pack()), e);
                assert_ne!(e.pack() & USED, 0);
            }
        }
        // An index too large to keep is kept as no move, never as another one.
        let e = Entry {
            depth: 3,
            bound: Bound::Exact,
            score: 5,
            best: Some(u16::MAX),
        };
        assert_eq!(Entry::unpack(e.pack()).best, None);
    }

    #[test]
    fn the_table_misses_unless_key_and_word_agree() {
        let table = Table::new(4);
        let e = Entry {
            depth: 5,
            bound: Bound::Lower,
            score: -12,
            best: Some(2),
        };
        assert_eq!(
            table.load(0),
            None,
            "an empty slot is a miss, even for key 0"
        );
        table.store(0x1234_5671, e);
        assert_eq!(table.load(0x1234_5671), Some(e));
        assert_eq!(table.load(0x9999_9991), None, "same slot, another key");
        // A check word from another write (as a torn read would see): a miss.
        table.slot(0x1234_5671).check.store(0x42, Ordering::Relaxed);
        assert_eq!(table.load(0x1234_5671), None);
    }
}
