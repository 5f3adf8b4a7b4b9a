//! Alpha-beta nodes per second with the learned evaluation against `evaluate`, side by side:
//! `cargo run --release -p mancala-engine --example learned_nps`. For each game with learned
//! weights, the same positions (from random games, fixed seed) are searched to a fixed depth
//! with each evaluation in turn, alternating, so that both meet the same load.
#![allow(clippy::print_stdout, reason = "example output")]
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use mancala::{Game, Position, Variant};
use mancala_engine::{AlphaBeta, Limits, Player, Rng, evaluate_learned, learned_weights};

fn main() {
    for game in Game::ALL
        .into_iter()
        .filter(|&g| learned_weights(g).is_some())
    {
        let mut rng = Rng::new(11);
        let mut positions = Vec::new();
        while positions.len() < 60 {
            let mut pos = Position::new(Variant::new(game));
            for _ in 0..6 + rng.below(20) {
                if pos.is_game_over() || pos.play_random(|n| rng.below(n)).is_none() {
                    break;
                }
            }
            if !pos.is_game_over() {
                positions.push(pos);
            }
        }
        // [nodes, seconds] for evaluate, then the learned evaluation.
        let mut sums = [[0.0f64; 2]; 2];
        // One player each (its table allocated once), kept from position to position; each
        // as the levels and `mancala bench learned` make it (only the learned one caches its
        // evaluations).
        let mut players = [
            AlphaBeta::new(None),
            AlphaBeta::with_eval(None, evaluate_learned),
        ];
        for pos in &positions {
            for (k, ab) in players.iter_mut().enumerate() {
                let t = Instant::now();
                let r = ab.choose(pos, &Limits::depth(6), &AtomicBool::new(false));
                sums[k][1] += t.elapsed().as_secs_f64();
                sums[k][0] += r.nodes as f64;
            }
        }
        let rate = |k: usize| sums[k][0] / sums[k][1];
        println!(
            "{:<20} evaluate {:>9.0} nodes/s, learned {:>9.0} nodes/s, ratio {:.2} ({} positions, \
              depth 6)",
            game.slug(),
            rate(0),
            rate(1),
            rate(1) / rate(0),
            positions.len()
        );
    }
}
