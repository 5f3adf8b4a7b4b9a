//! Probabilistic opponent-model search (`PrOM`; Donkers, Uiterwijk and van den Herik 2001,
//! Donkers 2003): the opponent is taken to be one of several minimax players, each with its own
//! evaluation and a probability, and the searcher maximises its expected value against that
//! mixture instead of assuming the opponent shares its own evaluation.
//!
//! Every node carries one value per model (plain minimax under that model's evaluation, both
//! sides by the model, as an opponent of that type would compute it) and the searcher's own
//! value. At the searcher's nodes the own value is the best child's; at the opponent's nodes it
//! is the expectation, over the models, of the own value of the child each model would pick.
//! With one model equal to the own evaluation this is plain minimax (tested). There is no
//! pruning: every node of the tree to the depth is visited (β-pruning with bounds on the
//! evaluations exists, but needs bounds the evaluators here do not give), so at equal time it
//! searches far less deep than alpha-beta (docs/engine.md has the measurement).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use mancala::{Move, Position, Side};

use crate::eval::{Evaluator, Material, Score, terminal_score};
use crate::{Limits, Player, SearchResult};

/// At most this many opponent models.
pub const MAX_MODELS: usize = 3;

/// Seeds alone: what each side owns (pits, hand, store), 100 a seed, for the side to move.
/// The model of an opponent who only counts material.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeedCount;

impl Evaluator for SeedCount {
    fn evaluate(&self, pos: &Position) -> Score {
        let own = |s: Side| -> Score {
            let board = Score::try_from(pos.side_seeds(s)).unwrap_or(Score::MAX / 4);
            board + pos.hand(s).map_or(0, Score::from) + pos.store(s).map_or(0, Score::from)
        };
        let me = pos.turn();
        100 * (own(me) - own(me.other()))
    }
}

/// The values at a node: index 0 is the searcher's, 1.. the models'.
type Values = [f64; MAX_MODELS + 1];

/// The `PrOM` player.
pub struct Prom {
    own: Box<dyn Evaluator>,
    models: Vec<(f64, Box<dyn Evaluator>)>,
    nodes: u64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
}

impl std::fmt::Debug for Prom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prom")
            .field(
                "models",
                &self.models.iter().map(|m| m.0).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl Default for Prom {
    fn default() -> Self {
        Self::new()
    }
}

impl Prom {
    /// The default mixture: the opponent evaluates as this engine does (probability 0.7) or
    /// counts seeds only (0.3); the searcher uses the engine's evaluation.
    #[must_use]
    pub fn new() -> Self {
        Self::with_models(
            Box::new(Material),
            vec![(0.7, Box::new(Material)), (0.3, Box::new(SeedCount))],
        )
    }

    /// A searcher with evaluation `own` against `models` (probability, evaluation). At most
    /// [`MAX_MODELS`] models are used; the probabilities are normalised to sum to 1.
    #[must_use]
    pub fn with_models(
        own: Box<dyn Evaluator>,
        mut models: Vec<(f64, Box<dyn Evaluator>)>,
    ) -> Self {
        models.truncate(MAX_MODELS);
        let total: f64 = models.iter().map(|m| m.0.max(0.0)).sum();
        for m in &mut models {
            m.0 = if total > 0.0 {
                m.0.max(0.0) / total
            } else {
                0.0
            };
        }
        Self {
            own,
            models,
            nodes: 0,
            deadline: None,
            node_limit: None,
        }
    }

    fn out_of_budget(&self, stop: &AtomicBool) -> bool {
        if stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            return true;
        }
        self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn leaf(&self, pos: &Position, root: Side) -> Values {
        let sign = if pos.turn() == root { 1.0 } else { -1.0 };
        let mut v = [0.0; MAX_MODELS + 1];
        v[0] = sign * f64::from(self.own.evaluate(pos));
        for (k, (_, e)) in self.models.iter().enumerate() {
            v[k + 1] = sign * f64::from(e.evaluate(pos));
        }
        v
    }

    /// The values of `pos` searched `depth` plies deep, for `root`; `None` once the budget is
    /// spent.
    fn node(
        &mut self,
        pos: &Position,
        depth: u32,
        ply: u32,
        root: Side,
        stop: &AtomicBool,
    ) -> Option<Values> {
        self.nodes += 1;
        if self.out_of_budget(stop) {
            return None;
        }
        if let Some(o) = pos.outcome() {
            return Some([f64::from(terminal_score(o, root, ply)); MAX_MODELS + 1]);
        }
        if depth == 0 {
            return Some(self.leaf(pos, root));
        }
        let mut children: Vec<Position> = Vec::new();
        pos.for_each_legal(|_, next| children.push(next));
        let mut values: Vec<Values> = Vec::with_capacity(children.len());
        for next in &children {
            values.push(self.node(next, depth - 1, ply + 1, root, stop)?);
        }
        Some(self.combine(&values, pos.turn() == root))
    }

    /// A node's values from its children's: the searcher maximises its own value; each model
    /// plays minimax with its own; at the opponent's nodes the searcher expects the mixture.
    fn combine(&self, values: &[Values], max_node: bool) -> Values {
        let mut out = [0.0; MAX_MODELS + 1];
        if values.is_empty() {
            return out;
        }
        let best = |k: usize, maximise: bool| -> usize {
            let mut bi = 0;
            for (i, v) in values.iter().enumerate() {
                let better = if maximise {
                    v[k] > values[bi][k]
                } else {
                    v[k] < values[bi][k]
                };
                if better {
                    bi = i;
                }
            }
            bi
        };
        for k in 1..=self.models.len() {
            out[k] = values[best(k, max_node)][k];
        }
        out[0] = if max_node {
            values[best(0, true)][0]
        } else {
            self.models
                .iter()
                .enumerate()
                .map(|(k, (p, _))| p * values[best(k + 1, false)][0])
                .sum()
        };
        out
    }

    /// The root search to `depth`: the best move by the searcher's value, and that value.
    fn root(&mut self, pos: &Position, depth: u32, stop: &AtomicBool) -> Option<(Move, f64)> {
        let root = pos.turn();
        let mut moves: Vec<(Move, Position)> = Vec::new();
        pos.for_each_legal(|m, next| moves.push((m, next)));
        let mut best: Option<(Move, f64)> = None;
        for (m, next) in &moves {
            let v = self.node(next, depth.saturating_sub(1), 1, root, stop)?[0];
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((*m, v));
            }
        }
        best
    }
}

impl Player for Prom {
    fn choose(&mut self, pos: &Position, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        let start = Instant::now();
        self.nodes = 0;
        self.deadline = limits.time.map(|t| start + t);
        self.node_limit = limits.nodes;
        let max_depth =
            limits
                .depth
                .unwrap_or(if limits.time.is_some() || limits.nodes.is_some() {
                    64
                } else {
                    4
                });
        // A move in hand before any search: the first legal one.
        let mut result = SearchResult {
            best: pos.legal_moves().first().copied(),
            ..SearchResult::default()
        };
        for depth in 1..=max_depth {
            let Some((m, v)) = self.root(pos, depth, stop) else {
                break;
            };
            result.best = Some(m);
            result.pv = vec![m];
            result.depth = depth;
            // The expectation is a real number; scores are whole.
            result.score = v
                .round()
                .clamp(f64::from(-crate::SCORE_WIN), f64::from(crate::SCORE_WIN))
                as Score;
            if result.score.abs() >= crate::eval::SCORE_DECIDED {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn name(&self) -> String {
        "prom".to_owned()
    }
}
