//! Quick playout speed check: `cargo run --release -p mancala --example playouts [SLUG]`.
#![allow(clippy::print_stdout, reason = "example output")]
fn main() {
    let only = std::env::args().nth(1);
    for v in mancala::Variant::DEFAULTS {
        if only.as_ref().is_some_and(|o| *o != v.to_string()) {
            continue;
        }
        let mut x: u64 = 0x1234_5678_9abc_def1;
        let mut pick = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (((x >> 32) * n as u64) >> 32) as usize
        };
        let t = std::time::Instant::now();
        let (mut games, mut turns) = (0u64, 0u64);
        let start = mancala::Position::new(v);
        let fixed: Option<u64> = std::env::var("PLAYOUTS").ok().and_then(|v| v.parse().ok());
        while fixed.map_or(t.elapsed().as_secs_f64() < 1.0, |n| games < n) {
            let (_, plies) = start.random_playout(&mut pick, 2000);
            turns += u64::from(plies);
            games += 1;
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "{v}: {:.0} playouts/s, {:.0} turns/s, avg {:.1} plies",
            games as f64 / s,
            turns as f64 / s,
            turns as f64 / games as f64
        );
    }
}
