//! One-ply players: the greedy player, the beginner who plays at random but never misses a win
//! in one, and the novices in between, who play the greedy move except for a share of random
//! ones.

use std::sync::atomic::AtomicBool;

use mancala::Position;

use crate::eval::{Score, evaluate, terminal_score};
use crate::{Limits, Player, Rng, SearchResult};

/// Looks one move ahead: plays the move whose result evaluates best (a win first), ties broken
/// at random. With a share of random moves, plays that share of its moves (drawn move by move)
/// at random instead, unless a move wins at once.
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: Rng,
    /// Percent of moves played at random (0: greedy, 100: the beginner).
    random_percent: u8,
}

impl Greedy {
    /// The greedy player.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self::novice(seed, 0)
    }

    /// The beginner: random moves, but a win in one is always taken.
    #[must_use]
    pub const fn beginner(seed: u64) -> Self {
        Self::novice(seed, 100)
    }

    /// A novice: `random_percent` percent of its moves (at most 100) at random, the others
    /// greedy; a win in one is always taken.
    #[must_use]
    pub const fn novice(seed: u64, random_percent: u8) -> Self {
        Self {
            rng: Rng::new(seed),
            random_percent: if random_percent > 100 {
                100
            } else {
                random_percent
            },
        }
    }
}

/// The value of playing into `next` for the side to move in `pos`.
pub(crate) fn value_after(pos: &Position, next: &Position) -> Score {
    let v = match next.outcome() {
        Some(o) => return terminal_score(o, pos.turn(), 1),
        None => evaluate(next),
    };
    if next.turn() == pos.turn() { v } else { -v }
}

impl Player for Greedy {
    fn choose(&mut self, pos: &Position, _: &Limits, _: &AtomicBool) -> SearchResult {
        let mut scored: Vec<(mancala::Move, Score)> = Vec::new();
        pos.for_each_legal(|m, next| scored.push((m, value_after(pos, &next))));
        let nodes = scored.len() as u64 + 1;
        let Some(top) = scored.iter().map(|&(_, v)| v).max() else {
            return SearchResult {
                nodes,
                ..SearchResult::default()
            };
        };
        // The coin is drawn for every move, so the player's moves depend on its seed alone.
        let random = match self.random_percent {
            0 => false,
            100 => true,
            p => self.rng.below(100) < usize::from(p),
        };
        let pool: Vec<_> = if random && top < crate::eval::SCORE_DECIDED {
            scored.clone()
        } else {
            scored.iter().copied().filter(|&(_, v)| v == top).collect()
        };
        let (best, score) = pool[self.rng.below(pool.len())];
        SearchResult {
            best: Some(best),
            score,
            pv: vec![best],
            depth: 1,
            nodes,
        }
    }

    fn name(&self) -> String {
        match self.random_percent {
            0 => "greedy".to_owned(),
            100 => "beginner".to_owned(),
            p => format!("novice{p}"),
        }
    }
}
