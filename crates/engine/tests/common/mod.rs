//! What the engine's test files share.

use mancala::{Position, Variant};
use mancala_engine::Rng;

/// `count` positions of `v` reached by random play from the start, each up to `max_plies`
/// plies long (drawn per position), stopping before a move that would end the game.
pub(crate) fn sample(v: Variant, count: usize, max_plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::new(v);
        let plies = rng.below(max_plies + 1);
        for _ in 0..plies {
            let mut next = pos;
            if next.play_random(|n| rng.below(n)).is_none() || next.is_game_over() {
                break;
            }
            pos = next;
        }
        out.push(pos);
    }
    out
}
