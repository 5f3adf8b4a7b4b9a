//! Strength levels 1 (beginner) to 8 (strongest), each a player with limits (docs/engine.md).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mancala::Position;

use crate::{AlphaBeta, Greedy, Limits, Player, SearchResult};

/// A level: what it is and how to build it.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    /// 1 to 8.
    pub number: u8,
    /// For people.
    pub description: &'static str,
    /// The limits the level plays with.
    pub limits: Limits,
}

/// The level table.
pub const LEVELS: [Level; 8] = [
    Level {
        number: 1,
        description: "beginner: random moves, but never misses a win in one",
        limits: Limits::depth(1),
    },
    Level {
        number: 2,
        description: "greedy: the best position one move ahead",
        limits: Limits::depth(1),
    },
    Level {
        number: 3,
        description: "alpha-beta, 2 plies",
        limits: Limits::depth(2),
    },
    Level {
        number: 4,
        description: "alpha-beta, 4 plies",
        limits: Limits::depth(4),
    },
    Level {
        number: 5,
        description: "alpha-beta, 6 plies",
        limits: Limits::depth(6),
    },
    Level {
        number: 6,
        description: "alpha-beta, 0.05 s per move",
        limits: Limits::time(Duration::from_millis(50)),
    },
    Level {
        number: 7,
        description: "alpha-beta, 0.2 s per move",
        limits: Limits::time(Duration::from_millis(200)),
    },
    Level {
        number: 8,
        description: "alpha-beta, 1 s per move",
        limits: Limits::time(Duration::from_secs(1)),
    },
];

/// A level's player: its own limits, cut further by any the caller sets.
struct LevelPlayer {
    level: Level,
    inner: Box<dyn Player>,
}

fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

impl Player for LevelPlayer {
    fn choose(&mut self, pos: &Position, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        let own = self.level.limits;
        let merged = Limits {
            time: tighter(own.time, limits.time),
            nodes: tighter(own.nodes, limits.nodes),
            depth: tighter(own.depth, limits.depth),
        };
        self.inner.choose(pos, &merged, stop)
    }

    fn name(&self) -> String {
        format!("level{}", self.level.number)
    }
}

/// The player of level `n` (1 to 8), seeded; `None` for another number.
#[must_use]
pub fn level(n: u8, seed: u64) -> Option<Box<dyn Player>> {
    let level = *LEVELS.get(usize::from(n).checked_sub(1)?)?;
    let inner: Box<dyn Player> = match n {
        1 => Box::new(Greedy::beginner(seed)),
        2 => Box::new(Greedy::new(seed)),
        _ => Box::new(AlphaBeta::new(None)),
    };
    Some(Box::new(LevelPlayer { level, inner }))
}
