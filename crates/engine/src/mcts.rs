//! Monte Carlo tree search: UCT (UCB1 on results scaled to `[0, 1]`) over an arena tree, with
//! MCTS-Solver proofs and random or informed playouts.
//!
//! Every value in the tree is kept for the side that moved into the node (the side to move
//! in its parent). In Kalah a move ending in the mover's store is followed by another move of
//! the same side, so "the other side" is never assumed: a parent reads its children's values
//! as they are, since they are all for its own side to move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mancala::{EndReason, Move, Outcome, Position, Side};

use crate::eval::{SCORE_WIN, Score, evaluate, terminal_score};
use crate::greedy::value_after;
use crate::{Limits, Player, Rng, SearchResult};

/// The stop flag and the clock are looked at once per this many iterations.
const CHECK_EVERY: u64 = 16;

/// The tree stops growing at this many nodes (128 bytes each, so 256 MB); the search
/// goes on with playouts from its leaves.
const MAX_NODES: usize = 1 << 21;

/// An arena larger than this many nodes is given back after a search instead of kept.
const RETAIN_NODES: usize = 1 << 16;

/// In an informed playout, the share of steps that play the one-ply greedy move.
const GREEDY_SHARE: u64 = u64::MAX / 2;

/// The settings of a [`Mcts`] player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCB1 exploration constant `c` in `q + c * sqrt(ln N / n)`, with `q` in `[0, 1]`.
    pub exploration: f64,
    /// Informed playouts: at each step, with probability 1/2 the move whose result
    /// [`evaluate`]s best for the mover (a win first), else a random move. Slower per playout,
    /// stronger per iteration. Without it, uniformly random playouts.
    pub informed: bool,
    /// Plies after which a playout stops; it then counts as won by the side the evaluation
    /// favours, or drawn when it is level.
    pub playout_cap: u32,
    /// The seed; with the position's key it seeds each search, so a search is reproducible.
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self {
            exploration: 1.0,
            informed: false,
            playout_cap: 500,
            seed: 0,
        }
    }
}

/// What is proven about a node, for the side that moved into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Open,
    Won,
    Lost,
    Drawn,
}

impl Proof {
    /// The same fact for the other side.
    const fn flip(self) -> Self {
        match self {
            Self::Won => Self::Lost,
            Self::Lost => Self::Won,
            p => p,
        }
    }
}

/// A node of the arena. Children are contiguous: `first..first + count`.
#[derive(Clone, Copy, Debug)]
struct Node {
    pos: Position,
    /// The move from the parent (`None` at the root).
    mv: Option<Move>,
    first: u32,
    visits: u32,
    /// Twice the results for `mover` (a win 2, a draw 1), so sums stay exact.
    score2: u64,
    count: u16,
    /// For a proven node, the plies to the end of the game along the proof.
    dist: u16,
    /// The side that moved into the node; at the root, the side to move.
    mover: Side,
    proof: Proof,
    expanded: bool,
}

impl Node {
    const fn new(pos: Position, mv: Option<Move>, mover: Side) -> Self {
        Self {
            pos,
            mv,
            first: 0,
            visits: 0,
            score2: 0,
            count: 0,
            dist: 0,
            mover,
            proof: Proof::Open,
            expanded: false,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        let first = self.first as usize;
        first..first + usize::from(self.count)
    }

    /// The mean result for `mover`, in `[0, 1]`.
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.score2 as f64 / (2.0 * f64::from(self.visits))
        }
    }
}

/// Twice South's result of a finished game: 2 won, 1 drawn, 0 lost.
const fn south2(winner: Option<Side>) -> u64 {
    match winner {
        Some(Side::South) => 2,
        Some(Side::North) => 0,
        None => 1,
    }
}

/// The outcome of a position with no legal move (as the rules give it).
fn final_outcome(pos: &Position) -> Outcome {
    pos.outcome().unwrap_or(Outcome {
        winner: Some(pos.turn().other()),
        reason: EndReason::NoLegalMove,
    })
}

/// The UCT player with MCTS-Solver.
///
/// Each iteration descends by UCB1 (children not yet tried first, in an order shuffled once),
/// creates a node's children on its second visit, plays out from the new node and backs the
/// result up. A finished game found in the tree is a proof; proofs propagate (a child won
/// for the side to move proves the parent, children all settled settle it), a proven root
/// ends the search, and the root plays its quickest proven win.
///
/// - Limits: `nodes` is the number of iterations, `time` the wall clock (looked at, with the
///   stop flag, every 16 iterations); `depth` is ignored. With no limit at all, the search
///   runs until the stop flag is set or the root is proven. [`Mcts::iterations`] caps the
///   iterations whatever the limits.
/// - Result: `best` is the most visited move (or the proven win), `score` the mean result
///   of that move mapped to `-1000..=1000` (`(2q - 1) * 1000`), or `±(SCORE_WIN - plies)`
///   once proven; `pv` follows the best child down the tree; `nodes` is the iterations run.
/// - Reproducible: each search is seeded from the seed and the position's key, so the same
///   seed and the same iteration limit give the same result, whatever was searched before.
/// - Memory: about 128 bytes per node, one to five nodes per iteration (more where moves are
///   many); past 2^21 nodes the tree stops growing and the search goes on with playouts from
///   its leaves.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use mancala::{Position, Variant};
/// use mancala_engine::{Limits, Mcts, Player};
///
/// let pos = Position::new(Variant::new(mancala::Game::Kalah));
/// let result = Mcts::new(7).choose(&pos, &Limits::nodes(500), &AtomicBool::new(false));
/// assert!(pos.is_legal(result.best.expect("a move")));
/// assert_eq!(result.nodes, 500);
/// ```
#[derive(Clone, Debug)]
pub struct Mcts {
    config: MctsConfig,
    iterations: Option<u64>,
    nodes: Vec<Node>,
    rng: Rng,
}

impl Mcts {
    /// Plain UCT with random playouts.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self::with_config(MctsConfig {
            seed,
            ..MctsConfig::default()
        })
    }

    /// UCT with informed playouts.
    #[must_use]
    pub fn informed(seed: u64) -> Self {
        Self::with_config(MctsConfig {
            informed: true,
            seed,
            ..MctsConfig::default()
        })
    }

    /// A player with these settings.
    #[must_use]
    pub const fn with_config(config: MctsConfig) -> Self {
        Self {
            config,
            iterations: None,
            nodes: Vec::new(),
            rng: Rng::new(config.seed),
        }
    }

    /// The same player with at most `n` iterations per move, whatever the limits.
    #[must_use]
    pub const fn iterations(mut self, n: u64) -> Self {
        self.iterations = Some(n);
        self
    }

    /// The settings.
    #[must_use]
    pub const fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Creates the children of `n`; `false` when the arena is full.
    fn expand(&mut self, n: u32) -> bool {
        let node = self.nodes[n as usize];
        if self.nodes.len() + mancala::MAX_MOVES > MAX_NODES {
            return false;
        }
        let first = self.nodes.len();
        let mover = node.pos.turn();
        node.pos.for_each_legal(|m, child| {
            self.nodes.push(Node::new(child, Some(m), mover));
        });
        let count = self.nodes.len() - first;
        // Shuffled once, so trying the first unvisited child is trying a random one.
        for i in (1..count).rev() {
            let j = self.rng.below(i + 1);
            self.nodes.swap(first + i, first + j);
        }
        let node = &mut self.nodes[n as usize];
        node.first = first as u32;
        node.count = count as u16;
        node.expanded = true;
        true
    }

    /// Marks `n`, which has no legal move, as finished; returns twice South's result.
    fn finish(&mut self, n: u32) -> u64 {
        let node = &mut self.nodes[n as usize];
        let winner = final_outcome(&node.pos).winner;
        node.expanded = true;
        node.count = 0;
        node.dist = 0;
        node.proof = match winner {
            Some(w) if w == node.mover => Proof::Won,
            Some(_) => Proof::Lost,
            None => Proof::Drawn,
        };
        south2(winner)
    }

    /// A playout from `n`; returns twice South's result.
    fn simulate(&mut self, n: u32) -> u64 {
        let start = self.nodes[n as usize].pos;
        let cap = self.config.playout_cap.max(1);
        let (end, plies) = if self.config.informed {
            self.informed_playout(start, cap)
        } else {
            let rng = &mut self.rng;
            start.random_playout(|k| rng.below(k), cap)
        };
        if plies == 0 {
            return self.finish(n);
        }
        match end.outcome() {
            Some(o) => south2(o.winner),
            None => {
                let v = evaluate(&end);
                let turn = end.turn();
                south2(match v.cmp(&0) {
                    std::cmp::Ordering::Greater => Some(turn),
                    std::cmp::Ordering::Less => Some(turn.other()),
                    std::cmp::Ordering::Equal => None,
                })
            }
        }
    }

    /// Half greedy, half random steps until the game ends or `cap` plies.
    fn informed_playout(&mut self, mut pos: Position, cap: u32) -> (Position, u32) {
        let mut plies = 0;
        while plies < cap {
            if self.rng.next_u64() < GREEDY_SHARE {
                let mut best: Option<(Score, Position)> = None;
                let mut ties = 0;
                let rng = &mut self.rng;
                pos.for_each_legal(|_, next| {
                    let v = value_after(&pos, &next);
                    match best {
                        Some((b, _)) if v < b => {}
                        Some((b, _)) if v == b => {
                            ties += 1;
                            if rng.below(ties + 1) == 0 {
                                best = Some((v, next));
                            }
                        }
                        _ => {
                            best = Some((v, next));
                            ties = 0;
                        }
                    }
                });
                match best {
                    Some((_, next)) => pos = next,
                    None => break,
                }
            } else {
                let rng = &mut self.rng;
                if pos.play_random(|k| rng.below(k)).is_none() {
                    break;
                }
            }
            plies += 1;
        }
        (pos, plies)
    }

    /// The child of `n` to descend into: an unvisited one first, else the best UCB1 bound;
    /// children proven lost for `n`'s side to move are passed over.
    fn select(&self, n: u32) -> u32 {
        let node = &self.nodes[n as usize];
        let explore = self.config.exploration * f64::from(node.visits.max(1)).ln().sqrt();
        let mut best = node.first;
        let mut best_bound = f64::NEG_INFINITY;
        for i in node.children() {
            let child = &self.nodes[i];
            let q = match child.proof {
                Proof::Lost => continue,
                Proof::Won => return i as u32,
                Proof::Drawn => 0.5,
                Proof::Open if child.visits == 0 => return i as u32,
                Proof::Open => child.mean(),
            };
            let bound = q + explore / f64::from(child.visits.max(1)).sqrt();
            if bound > best_bound {
                best_bound = bound;
                best = i as u32;
            }
        }
        best
    }

    /// Proves `n` from its children if they settle it (MCTS-Solver).
    fn try_prove(&mut self, n: u32) {
        let node = &self.nodes[n as usize];
        // Children's proofs are for `n`'s side to move.
        let mut won: Option<u16> = None;
        let mut drawn: Option<u16> = None;
        let mut lost: Option<u16> = None;
        let mut open = false;
        for child in &self.nodes[node.children()] {
            match child.proof {
                Proof::Won => won = Some(won.map_or(child.dist, |d| d.min(child.dist))),
                Proof::Drawn => drawn = Some(drawn.map_or(child.dist, |d| d.min(child.dist))),
                Proof::Lost => lost = Some(lost.map_or(child.dist, |d| d.max(child.dist))),
                Proof::Open => open = true,
            }
        }
        let (proof, dist) = match (won, drawn, lost, open) {
            (Some(d), ..) => (Proof::Won, d),
            (None, Some(d), _, false) => (Proof::Drawn, d),
            (None, None, Some(d), false) => (Proof::Lost, d),
            // Open children left (or, impossibly, none at all): nothing is proven yet.
            _ => return,
        };
        let same = node.mover == node.pos.turn();
        let node = &mut self.nodes[n as usize];
        node.proof = if same { proof } else { proof.flip() };
        node.dist = dist.saturating_add(1);
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, path: &mut Vec<u32>) {
        path.clear();
        let mut n = 0;
        path.push(n);
        let result = loop {
            let node = &self.nodes[n as usize];
            match node.proof {
                Proof::Open => {}
                Proof::Won => break south2(Some(node.mover)),
                Proof::Lost => break south2(Some(node.mover.other())),
                Proof::Drawn => break 1,
            }
            if !node.expanded {
                if node.visits == 0 && n != 0 {
                    break self.simulate(n);
                }
                if !self.expand(n) {
                    break self.simulate(n);
                }
                if self.nodes[n as usize].count == 0 {
                    break self.finish(n);
                }
            }
            n = self.select(n);
            path.push(n);
        };
        for i in (0..path.len()).rev() {
            let n = path[i] as usize;
            let node = &mut self.nodes[n];
            node.visits = node.visits.saturating_add(1);
            node.score2 += if node.mover == Side::South {
                result
            } else {
                2 - result
            };
            let proven = node.proof != Proof::Open;
            if i > 0 && proven && self.nodes[path[i - 1] as usize].proof == Proof::Open {
                self.try_prove(path[i - 1]);
            }
        }
    }

    /// The child of `n` to play: a proven win (the quickest), else the most visited child not
    /// proven lost; when all are lost, the slowest loss.
    fn best_child(&self, n: u32) -> Option<u32> {
        let node = &self.nodes[n as usize];
        let range = node.children();
        let key = |i: &usize| {
            let c = &self.nodes[*i];
            let rank = match c.proof {
                Proof::Won => (3, -i64::from(c.dist)),
                Proof::Lost => (0, i64::from(c.dist)),
                Proof::Drawn | Proof::Open => (1, 0),
            };
            (rank, c.visits, c.score2)
        };
        range.max_by_key(key).map(|i| i as u32)
    }

    /// The principal variation: best children from the root while the tree has them.
    fn pv(&self) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut n = 0;
        while let Some(c) = self.best_child(n) {
            let child = &self.nodes[c as usize];
            if child.visits == 0 && !pv.is_empty() {
                break;
            }
            pv.extend(child.mv);
            n = c;
        }
        pv
    }
}

impl Player for Mcts {
    fn choose(&mut self, pos: &Position, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        let deadline = limits.time.map(|t| Instant::now() + t);
        let max_iterations = match (self.iterations, limits.nodes) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, None) => a,
            (None, b) => b,
        };
        self.rng = Rng::new(self.config.seed ^ pos.zobrist());
        self.nodes.clear();
        self.nodes.push(Node::new(*pos, None, pos.turn()));
        self.expand(0);
        if self.nodes[0].count == 0 {
            return SearchResult {
                score: terminal_score(final_outcome(pos), pos.turn(), 0),
                nodes: 1,
                ..SearchResult::default()
            };
        }
        let mut path = Vec::new();
        let mut iterations = 0;
        while self.nodes[0].proof == Proof::Open
            && max_iterations.is_none_or(|m| iterations < m)
            && self.nodes[0].visits < u32::MAX
        {
            if iterations % CHECK_EVERY == 0
                && (stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d))
            {
                break;
            }
            self.iterate(&mut path);
            iterations += 1;
        }
        let root = &self.nodes[0];
        let pv = self.pv();
        let score = match root.proof {
            Proof::Won => SCORE_WIN - Score::from(root.dist),
            Proof::Lost => -(SCORE_WIN - Score::from(root.dist)),
            Proof::Drawn => 0,
            Proof::Open => self.best_child(0).map_or(0, |c| {
                let q = self.nodes[c as usize].mean();
                ((2.0 * q - 1.0) * 1000.0).round() as Score
            }),
        };
        let result = SearchResult {
            best: pv.first().copied(),
            score,
            depth: pv.len() as u32,
            pv,
            nodes: iterations,
        };
        if self.nodes.capacity() > RETAIN_NODES {
            self.nodes = Vec::new();
        }
        result
    }

    fn name(&self) -> String {
        let base = if self.config.informed {
            "mcts-informed"
        } else {
            "mcts"
        };
        match self.iterations {
            Some(n) => format!("{base}:iters={n}"),
            None => base.to_owned(),
        }
    }
}
