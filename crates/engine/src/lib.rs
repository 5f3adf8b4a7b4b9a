//! Computer players for every variant of the `mancala` rules library.
//!
//! Every player implements [`Player`]: it gets a position, [`Limits`] and a stop flag and
//! returns a [`SearchResult`]. Players are deterministic for a given seed. Strength levels
//! 1 (beginner) to 8 (strongest) map to a player and limits, in a table per game ([`level`],
//! [`levels`]); docs/engine.md has the tables and the measurements.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use mancala::{Game, Position, Variant};
//! use mancala_engine::{Limits, Player, level};
//!
//! let pos = Position::new(Variant::BAO_LA_KUJIFUNZA);
//! let mut player = level(Game::BaoLaKujifunza, 3, 1).expect("a level");
//! let result = player.choose(&pos, &Limits::depth(2), &AtomicBool::new(false));
//! assert!(pos.is_legal(result.best.expect("a move")));
//! ```
#![warn(missing_docs)]

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mancala::{Move, Position};

mod alphabeta;
mod book;
mod eval;
mod greedy;
mod learn;
mod levels;
mod mcts;
pub mod perfect;
mod prom;
mod random;
mod rng;
mod solve;

pub use alphabeta::{AlphaBeta, MAX_THREADS, Negamax};
pub use book::{
    BOOK_DATABASE_SEEDS, BookError, BuildProgress, Found, KalahBook, PLAY_TABLE_BITS, PROBE_NODES,
};
pub use eval::{Evaluator, Material, SCORE_WIN, Score, evaluate, evaluate_threats, terminal_score};
pub use greedy::Greedy;
pub use learn::{
    FEATURE_SET, MAX_HIDDEN, TrainConfig, TrainGame, WEIGHTS_FORMAT, Weights, WeightsError,
    evaluate_learned, install_weights, is_learnable, learned_features, learned_weights,
};
pub use levels::{
    CAPTURE_LEVELS, HAWALIS_LEVELS, KALAH_LEVELS, KIMASAI_LEVELS, KIMASAI_SLIDING_LEVELS,
    KUJIFUNZA_LEVELS, LEVEL_NAMES, LEVELS, Level, Style, TOP_THREADS, level, level_description,
    level_entry, levels, uses_learned,
};
pub use mcts::{Mcts, MctsConfig};
pub use perfect::PerfectKalah;
pub use prom::{MAX_MODELS, Prom, SeedCount};
pub use random::RandomPlayer;
pub use rng::Rng;
pub use solve::{KalahSolver, MoveSolution, Solution, kalah_solver};

/// How much a search may do. Every bound that is set applies; a search with none runs until
/// its stop flag is set (or, for a fixed-depth player, to its own depth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the move.
    pub time: Option<Duration>,
    /// Nodes (positions visited).
    pub nodes: Option<u64>,
    /// Depth in plies (alpha-beta) or the number of iterations is not this: see each player.
    pub depth: Option<u32>,
    /// Threads the search may use (`None`: one). Only alpha-beta bounded by time (or by the
    /// stop flag) alone uses more than one ([`AlphaBeta::threads_for`]); a search with a depth
    /// or node limit uses one, so that it stays deterministic. Fewer is the tighter bound.
    pub threads: Option<u32>,
}

impl Limits {
    /// Only a depth limit.
    #[must_use]
    pub const fn depth(depth: u32) -> Self {
        Self {
            time: None,
            nodes: None,
            depth: Some(depth),
            threads: None,
        }
    }

    /// Only a time limit.
    #[must_use]
    pub const fn time(time: Duration) -> Self {
        Self {
            time: Some(time),
            nodes: None,
            depth: None,
            threads: None,
        }
    }

    /// Only a node limit.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Self {
        Self {
            time: None,
            nodes: Some(nodes),
            depth: None,
            threads: None,
        }
    }

    /// The same limits with `threads` threads allowed.
    #[must_use]
    pub const fn with_threads(self, threads: u32) -> Self {
        Self {
            threads: Some(threads),
            ..self
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has none (the game is over).
    pub best: Option<Move>,
    /// The value for the side to move, in [`Score`] units (positive is good).
    pub score: Score,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// The depth completed (plies; for MCTS, the depth of the principal variation).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// A computer player.
pub trait Player: Send {
    /// Chooses a move for the side to move. Returns promptly once `stop` is set.
    fn choose(&mut self, pos: &Position, limits: &Limits, stop: &AtomicBool) -> SearchResult;

    /// A short name for tables and logs, e.g. `alphabeta:depth=6`.
    fn name(&self) -> String;
}
