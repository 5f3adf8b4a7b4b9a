//! Alpha-beta nodes per second from the start of every variant, one core:
//! `cargo run --release -p mancala-engine --example nps`.
#![allow(clippy::print_stdout, reason = "example output")]
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use mancala::{Position, Variant};
use mancala_engine::{AlphaBeta, Limits, Player};

fn main() {
    for v in Variant::DEFAULTS {
        let pos = Position::new(v);
        let mut ab = AlphaBeta::new(None);
        let t = Instant::now();
        let r = ab.choose(
            &pos,
            &Limits::time(Duration::from_secs(1)),
            &AtomicBool::new(false),
        );
        let s = t.elapsed().as_secs_f64();
        println!(
            "{:<32} {:>9.0} nodes/s  depth {:>2}  best {}  score {}",
            v.display_name(),
            r.nodes as f64 / s,
            r.depth,
            r.best.map_or("-".to_owned(), |m| m.to_string()),
            r.score
        );
    }
}
