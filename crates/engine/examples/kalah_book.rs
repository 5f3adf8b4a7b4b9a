//! Builds the Kalah(6,4) book and prints what it took: `cargo run --release -p mancala-engine
//! --example kalah_book -- [empty] [probe-nodes]`.
#![allow(clippy::print_stdout, clippy::unwrap_used, reason = "example")]

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use mancala::{Game, Position, RuleOption, Variant};
use mancala_engine::{BOOK_DATABASE_SEEDS, KalahBook, KalahSolver, PLAY_TABLE_BITS, PROBE_NODES};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let empty = args.iter().any(|a| a == "empty");
    let probe_nodes = args
        .iter()
        .find_map(|a| a.parse().ok())
        .unwrap_or(PROBE_NODES);
    let mut v = Variant::new(Game::Kalah);
    if empty {
        v = v.with_option(RuleOption::EmptyCapture).unwrap();
    }
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let mut solver = KalahSolver::new(24, empty);
    solver.build_database(BOOK_DATABASE_SEEDS, &stop).unwrap();
    println!("database {:.1} s", t.elapsed().as_secs_f64());
    let mut probe = KalahSolver::sharing_database(PLAY_TABLE_BITS, &solver);
    let t = Instant::now();
    let mut last = Instant::now();
    let book = KalahBook::build(
        &mut solver,
        &mut probe,
        &Position::new(v),
        probe_nodes,
        &stop,
        &mut |p| {
            if last.elapsed().as_secs() >= 10 {
                last = Instant::now();
                println!("{:.0} s: {p:?}", t.elapsed().as_secs_f64());
            }
        },
    )
    .unwrap();
    println!(
        "book: {} entries, {} bytes, {:.1} s",
        book.len(),
        book.to_bytes().len(),
        t.elapsed().as_secs_f64()
    );
    book.save(std::path::Path::new("/tmp/kalah-book")).unwrap();
}
