//! Alpha-beta: negamax with iterative deepening, a transposition table on Zobrist keys, move
//! ordering (table move, killers, history, a one-ply estimate), aspiration windows and time
//! control; and [`Negamax`], the plain search it is tested against.
//!
//! Kalah's extra turn means a child may have the same side to move as its parent: its value
//! is then taken as it is, not negated, and the window passes unchanged.

use std::sync::atomic::{AtomicBool, Ordering};
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
fn leaf(pos: &Position, ply: u32, eval: fn(&Position) -> Score) -> Score {
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

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    depth: u32,
    bound: Bound,
    score: Score,
    best: Option<Move>,
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

/// The alpha-beta player.
#[derive(Debug)]
pub struct AlphaBeta {
    table: Vec<Option<Entry>>,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    root_best: Option<Move>,
    depth: Option<u32>,
    /// Triangular principal-variation table: the best line found from each ply.
    lines: Vec<Vec<Move>>,
    /// The static evaluation at the leaves and for move ordering.
    eval: fn(&Position) -> Score,
}

/// Table entries by default: 2^18 (about 10 MB).
const TABLE_BITS: u32 = 18;
const HISTORY: usize = 4096;

fn history_slot(m: Move) -> usize {
    let mut h = std::hash::DefaultHasher::new();
    std::hash::Hash::hash(&m, &mut h);
    (std::hash::Hasher::finish(&h) as usize) % HISTORY
}

impl Default for AlphaBeta {
    fn default() -> Self {
        Self::new(None)
    }
}

impl AlphaBeta {
    /// An alpha-beta player; `depth` caps its depth whatever the limits (`None`: no cap).
    #[must_use]
    pub fn new(depth: Option<u32>) -> Self {
        Self {
            table: vec![None; 1 << TABLE_BITS],
            killers: vec![[None; 2]; 128],
            history: vec![0; HISTORY],
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            root_best: None,
            depth,
            lines: vec![Vec::new(); 130],
            eval: evaluate,
        }
    }

    /// An alpha-beta player with another static evaluation (for measuring one against
    /// another, e.g. [`crate::evaluate_threats`]); the root value then differs from [`Negamax`]'s.
    #[must_use]
    pub fn with_eval(depth: Option<u32>, eval: fn(&Position) -> Score) -> Self {
        Self {
            eval,
            ..Self::new(depth)
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn check(&mut self, stop: &AtomicBool) {
        if self.nodes >= self.node_limit
            || stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
    }

    #[allow(clippy::too_many_arguments, reason = "the search state of one node")]
    fn search(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: Score,
        beta: Score,
        ply: u32,
        stop: &AtomicBool,
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
            return leaf(pos, ply, self.eval);
        }
        let key = pos.zobrist();
        let slot = self.slot(key);
        let mut table_move = None;
        if let Some(e) = self.table[slot].filter(|e| e.key == key) {
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
        let mut children: Vec<(Move, Position, i64)> = Vec::new();
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None; 2]);
        pos.for_each_legal(|m, child| {
            let order = if Some(m) == table_move {
                i64::MAX
            } else if killers.contains(&Some(m)) {
                i64::MAX / 2
            } else {
                i64::from(self.history[history_slot(m)]) * 4
                    + i64::from(for_parent(pos, &child, (self.eval)(&child)))
            };
            children.push((m, child, order));
        });
        if children.is_empty() {
            return finished(pos, ply);
        }
        children.sort_by_key(|c| std::cmp::Reverse(c.2));
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for (m, child, _) in &children {
            let v = if child.turn() == pos.turn() {
                self.search(child, depth - 1, alpha, beta, ply + 1, stop)
            } else {
                -self.search(child, depth - 1, -beta, -alpha, ply + 1, stop)
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(*m);
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
        self.table[slot] = Some(Entry {
            key,
            depth,
            bound,
            score: to_table(best, ply),
            best: best_move,
        });
        if ply == 0 {
            self.root_best = best_move;
        }
        best
    }

    /// The principal variation from the table, as far as it goes legally.
    fn pv(&self, pos: &Position, depth: u32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut p = *pos;
        for _ in 0..depth {
            let key = p.zobrist();
            let Some(m) = self.table[self.slot(key)]
                .filter(|e| e.key == key)
                .and_then(|e| e.best)
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

    /// Searches to a fixed depth with every enhancement; the root value equals
    /// [`Negamax::value`] at that depth.
    pub fn search_depth(&mut self, pos: &Position, depth: u32) -> SearchResult {
        self.choose(pos, &Limits::depth(depth), &AtomicBool::new(false))
    }
}

impl Player for AlphaBeta {
    fn choose(&mut self, pos: &Position, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        let start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| start + t);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        let max_depth = match (limits.depth, self.depth) {
            (Some(a), Some(b)) => a.min(b),
            (Some(d), None) | (None, Some(d)) => d,
            (None, None) => 64,
        };
        let mut result = SearchResult::default();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            result.score = finished(pos, 0);
            return result;
        }
        // Something to play even if the first iteration is cut short.
        result.best = Some(moves[0]);
        result.pv = vec![moves[0]];
        for depth in 1..=max_depth.max(1) {
            self.root_best = None;
            let prev = result.score;
            let mut window = if depth >= 3 && prev.abs() < SCORE_DECIDED {
                50
            } else {
                INF
            };
            let score = loop {
                let (lo, hi) = (
                    prev.saturating_sub(window).max(-INF),
                    prev.saturating_add(window).min(INF),
                );
                let v = self.search(pos, depth, lo, hi, 0, stop);
                if self.aborted || (v > lo && v < hi) || window >= INF {
                    break v;
                }
                window = if window >= 800 { INF } else { window * 4 };
            };
            if self.aborted {
                break;
            }
            result.score = score;
            result.depth = depth;
            if let Some(b) = self.root_best {
                result.best = Some(b);
                result.pv = self.lines[0].clone();
                if result.pv.first() != Some(&b) {
                    result.pv = vec![b];
                }
                // Where a table hit cut the line short, the table may carry it on.
                let mut end = *pos;
                for &m in &result.pv {
                    end = end.play(m).unwrap_or(end);
                }
                let more = self.pv(&end, depth.saturating_sub(result.pv.len() as u32));
                result.pv.extend(more);
            }
            if score.abs() >= SCORE_DECIDED {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn name(&self) -> String {
        match self.depth {
            Some(d) => format!("alphabeta:depth={d}"),
            None => "alphabeta".to_owned(),
        }
    }
}
