//! `mancala bench ladder`: each level against the one below, in one game, from one set of
//! openings drawn once, with a table of the scores at the end (docs/engine.md, "Levels").
//!
//! A level that plays by time may be given less of it (`--time-divisor`), as the engine issue
//! allows for ladder runs; levels of fixed depth or one ply play as they do on the site.

use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use mancala::Position;
use mancala_engine::levels;

use crate::arena::{self, Config, MatchScore};
use crate::players::PlayerSpec;

/// The score each level must reach against the one below.
pub(crate) const TARGET: f64 = 0.65;

/// What `bench ladder` was asked to do: the match settings, without the players.
#[derive(Clone, Debug)]
pub(crate) struct Ladder {
    /// The match settings; its players are replaced pairing by pairing.
    pub(crate) base: Config,
    /// Levels that play by time get their time divided by this.
    pub(crate) time_divisor: u32,
    /// The pairings, by the higher level: 2 (level 2 against level 1) to 8.
    pub(crate) bottom: u8,
    pub(crate) top: u8,
}

/// Level `n` of the start's game, with its time divided as asked.
fn level_spec(start: &Position, n: u8, divisor: u32) -> PlayerSpec {
    let own = levels(start.variant().game())[usize::from(n) - 1].limits;
    let spec = PlayerSpec::level(n);
    match own.time {
        // A level that plays by time; the cap of a fixed-depth level stays as it is.
        Some(t) if own.depth.is_none() && divisor > 1 => {
            spec.with_time(Some((t / divisor).max(Duration::from_millis(1))))
        }
        _ => spec,
    }
}

/// Runs the pairings and prints each match report, then the table.
pub(crate) fn run(out: &mut impl Write, ladder: &Ladder) -> Result<()> {
    let start = ladder.base.start;
    let game = start.variant().game();
    let spec = |n| level_spec(&start, n, ladder.time_divisor);
    let mut cfg = ladder.base.clone();
    cfg.players = [spec(ladder.top), spec(ladder.top - 1)];
    writeln!(
        out,
        "ladder of {}: levels {} to {}, each against the one below{}",
        start.variant(),
        ladder.bottom,
        ladder.top,
        if ladder.time_divisor > 1 {
            format!(
                ", levels that play by time with 1/{} of it",
                ladder.time_divisor
            )
        } else {
            String::new()
        }
    )?;
    let openings = arena::header_and_openings(out, &cfg)?;
    let mut rows: Vec<(u8, MatchScore)> = Vec::new();
    for n in (ladder.bottom..=ladder.top).rev() {
        cfg.players = [spec(n), spec(n - 1)];
        writeln!(out)?;
        writeln!(
            out,
            "=== {} against {}",
            cfg.players[0].describe(game),
            cfg.players[1].describe(game)
        )?;
        out.flush()?;
        rows.push((n, arena::play_and_report(out, &cfg, &openings)?));
    }
    writeln!(out)?;
    writeln!(
        out,
        "ladder of {} ({} games a pairing, target {TARGET:.2}):",
        start.variant(),
        cfg.games
    )?;
    writeln!(
        out,
        "{:<10} {:>6}  {:>15}  {:>5}",
        "pairing", "score", "95% interval", "Elo"
    )?;
    rows.sort_by_key(|&(n, _)| n);
    let mut short = 0;
    for (n, s) in &rows {
        let verdict = if s.score >= TARGET {
            "ok"
        } else {
            short += 1;
            "below target"
        };
        writeln!(
            out,
            "{:<10} {:>6.3}  {:>6.3} to {:>5.3}  {:>5}  {verdict}",
            format!("{n} v {}", n - 1),
            s.score,
            s.interval.0,
            s.interval.1,
            s.elo()
        )?;
    }
    writeln!(
        out,
        "{} of {} pairings reach {TARGET:.2}",
        rows.len() - short,
        rows.len()
    )?;
    Ok(())
}
