//! One-ply players: the greedy player, and the beginner who plays at random but never misses
//! a win in one.

use std::sync::atomic::AtomicBool;

use mancala::Position;

use crate::eval::{Score, evaluate, terminal_score};
use crate::{Limits, Player, Rng, SearchResult};

/// Looks one move ahead: plays the move whose result evaluates best (a win first), ties broken
/// at random. With `random_unless_win`, plays at random unless a move wins at once.
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: Rng,
    random_unless_win: bool,
}

impl Greedy {
    /// The greedy player.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self {
            rng: Rng::new(seed),
            random_unless_win: false,
        }
    }

    /// The beginner: random moves, but a win in one is always taken.
    #[must_use]
    pub const fn beginner(seed: u64) -> Self {
        Self {
            rng: Rng::new(seed),
            random_unless_win: true,
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
        let pool: Vec<_> = if self.random_unless_win && top < crate::eval::SCORE_DECIDED {
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
        if self.random_unless_win {
            "beginner".to_owned()
        } else {
            "greedy".to_owned()
        }
    }
}
