//! Solves Kalah(6,4) from the start:
//! `cargo run --release -p mancala-engine --example solve_kalah [empty] [DB_SEEDS] [TABLE_BITS] [GUESS]`.
#![allow(clippy::print_stdout, reason = "example output")]
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use mancala::{Game, Position, RuleOption, Variant};
use mancala_engine::KalahSolver;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let empty = args.iter().any(|a| a == "empty");
    let nums: Vec<i64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let db_seeds = nums.first().map_or(24, |&n| n as u32);
    let bits = nums.get(1).map_or(26, |&n| n as u32);
    let guess = nums.get(2).map_or(0, |&n| n as i32);
    let mut v = Variant::new(Game::Kalah);
    if empty {
        v = v
            .with_option(RuleOption::EmptyCapture)
            .map_err(|e| e.to_string())?;
    }
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let mut s = KalahSolver::new(bits, empty);
    for n in 0..=db_seeds {
        let boards = s.build_database(n, &stop)?;
        println!(
            "database {n} seeds: {boards} boards, {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
    if args.iter().any(|a| a == "dbonly") {
        return Ok(());
    }
    let t2 = Instant::now();
    let r = s.solve_from(&Position::new(v), guess, &stop);
    println!(
        "empty_capture={empty} margin {} nodes {} search {:.1} s total {:.1} s",
        r.margin,
        r.nodes,
        t2.elapsed().as_secs_f64(),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}
