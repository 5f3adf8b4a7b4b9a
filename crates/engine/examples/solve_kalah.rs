//! Solves Kalah(6,4) from the start: `cargo run --release -p mancala-engine --example solve_kalah [empty]`.
#![allow(clippy::print_stdout, reason = "example output")]
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use mancala::{Game, Position, RuleOption, Variant};
use mancala_engine::KalahSolver;

fn main() {
    let empty = std::env::args().nth(1).is_some_and(|a| a == "empty");
    let mut v = Variant::new(Game::Kalah);
    if empty {
        v = v.with_option(RuleOption::EmptyCapture).expect("option");
    }
    let t = Instant::now();
    let mut s = KalahSolver::new(24, empty);
    let r = s.solve(&Position::new(v), &AtomicBool::new(false));
    println!(
        "empty_capture={empty} margin {} nodes {} time {:?}",
        r.margin,
        r.nodes,
        t.elapsed()
    );
}
