//! The random player.

use std::sync::atomic::AtomicBool;

use mancala::Position;

use crate::{Limits, Player, Rng, SearchResult};

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player from a seed.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, pos: &Position, _: &Limits, _: &AtomicBool) -> SearchResult {
        let moves = pos.legal_moves();
        let best = (!moves.is_empty()).then(|| moves[self.rng.below(moves.len())]);
        SearchResult {
            best,
            pv: best.into_iter().collect(),
            nodes: 1,
            ..SearchResult::default()
        }
    }

    fn name(&self) -> String {
        "random".to_owned()
    }
}
