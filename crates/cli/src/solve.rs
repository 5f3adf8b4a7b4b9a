//! `mancala solve`: a Kalah position solved exactly with the engine's solver and endgame
//! database, and the report of what it took.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{Result, anyhow};
use mancala::{Family, Game, Position, RuleOption, SeedTotal, Setup, Side, Variant};

/// Solves `variant` from its start, or from the diagram `from`, with a transposition table of
/// 2^`table_bits` entries and an endgame database of every board with up to `db_seeds` seeds.
///
/// # Errors
/// A game other than Kalah, a bad diagram, the database could not be built, or writing failed.
pub(crate) fn run(
    out: &mut impl Write,
    variant: Variant,
    from: Option<&str>,
    table_bits: u32,
    db_seeds: u32,
) -> Result<()> {
    if variant.game().family() != Family::Kalah {
        let kalah: Vec<&str> = Family::Kalah.games().map(Game::slug).collect();
        return Err(anyhow!(
            "only Kalah can be solved ({}), not {variant}",
            kalah.join(", ")
        ));
    }
    let pos = match from {
        Some(d) => {
            let setup: Setup = d.parse().map_err(|e| anyhow!("--from: {e}"))?;
            Position::from_setup(variant, &setup, SeedTotal::Exact)
                .map_err(|e| anyhow!("--from: {e}"))?
        }
        None => Position::new(variant),
    };
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut solver =
        mancala_engine::KalahSolver::new(table_bits, variant.has(RuleOption::EmptyCapture));
    // No board below this one holds more seeds than it: a larger database is unused.
    let on_board: u32 = Side::ALL
        .into_iter()
        .flat_map(|side| variant.pits(side))
        .map(|p| u32::from(pos.seeds(p)))
        .sum();
    let db_seeds = db_seeds.min(on_board);
    let boards = solver
        .build_database(db_seeds, &stop)
        .map_err(|e| anyhow!("endgame database: {e}"))?;
    let db_secs = start.elapsed().as_secs_f64();
    let search_start = Instant::now();
    let r = solver.solve(&pos, &stop);
    let search_secs = search_start.elapsed().as_secs_f64();
    let secs = start.elapsed().as_secs_f64();
    let side = pos.turn();
    let verdict = match r.margin {
        0 => "a draw".to_owned(),
        m if m > 0 => format!("{side} wins by {m}"),
        m => format!("{} wins by {}", side.other(), -m),
    };
    writeln!(out, "position: {}", pos.diagram())?;
    let rules = variant.rules_text();
    writeln!(
        out,
        "rules: {}",
        if rules.is_empty() { "default" } else { &rules }
    )?;
    writeln!(
        out,
        "value: {verdict} (margin {:+} for {side} with perfect play)",
        r.margin
    )?;
    writeln!(
        out,
        "database: boards with up to {db_seeds} seeds in the pits, {boards} ({:.1} MB), \
         built in {db_secs:.1} s",
        boards as f64 / 1e6
    )?;
    writeln!(
        out,
        "nodes: {}, search: {search_secs:.1} s, {:.2}M nodes/s",
        r.nodes,
        r.nodes as f64 / search_secs.max(1e-9) / 1e6
    )?;
    writeln!(out, "time: {secs:.1} s")?;
    Ok(())
}
