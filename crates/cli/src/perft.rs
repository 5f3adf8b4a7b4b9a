//! `mancala perft`: leaf counts per depth with timing; the last line is the count alone, for
//! scripts.

use std::io::{self, Write};
use std::time::Instant;

use mancala::{Position, perft, perft_divide};

use crate::bench;

pub(crate) fn run(
    out: &mut impl Write,
    pos: &Position,
    depth: u32,
    divide: bool,
) -> io::Result<()> {
    if divide {
        let t = Instant::now();
        let rows = perft_divide(pos, depth);
        let secs = t.elapsed().as_secs_f64();
        let width = rows.iter().map(|(m, _)| m.len()).max().unwrap_or(0);
        for (m, n) in &rows {
            writeln!(out, "{m:<width$}  {n}")?;
        }
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        writeln!(
            out,
            "{} moves, {total} sequences of {depth} plies ({})",
            rows.len(),
            bench::time(secs)
        )?;
        writeln!(out)?;
    }
    let mut last = perft(pos, 0);
    for d in 1..=depth {
        let t = Instant::now();
        last = perft(pos, d);
        let secs = t.elapsed().as_secs_f64();
        let head = format!("perft {d} {last}");
        writeln!(
            out,
            "{head:<24} {:>9}  {:>7} nodes/s",
            bench::time(secs),
            bench::si(last as f64 / secs)
        )?;
        out.flush()?;
    }
    writeln!(out, "{last}")
}
