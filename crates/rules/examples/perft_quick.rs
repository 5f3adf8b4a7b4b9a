//! Prints perft counts: `cargo run -p mancala --example perft_quick --release -- bao-la-kete 6`.
#![allow(clippy::print_stdout, reason = "example output")]
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v: mancala::Variant = args[1].parse().expect("variant");
    let d: u32 = args[2].parse().expect("depth");
    let pos = mancala::Position::new(v);
    for (m, n) in mancala::perft_divide(&pos, 2) {
        println!("divide2 {m} {n}");
    }
    for i in 1..=d {
        let t = std::time::Instant::now();
        println!("perft {i} {} ({:?})", mancala::perft(&pos, i), t.elapsed());
    }
}
