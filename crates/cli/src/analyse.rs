//! `mancala analyse`: a search of one position, depth by depth, with the best move, its score
//! and the line the search expects.
//!
//! [`AlphaBeta`] reports only its final result, so plain alpha-beta is run with depth limits
//! 1, 2, 3, ... on one player (its table carries the move ordering from one depth to the
//! next) while the time and nodes allow, and each completed depth is printed. Any other
//! player is run once and its result printed.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::Result;
use mancala::{Move, Position};
use mancala_engine::{AlphaBeta, Limits, Player, SCORE_WIN, SearchResult};

use crate::bench::{si, time};
use crate::play::name as side_name;
use crate::players::PlayerSpec;

/// The deepest alpha-beta iteration `analyse` starts.
const MAX_DEPTH: u32 = 64;

/// Scores at least this far from zero are decided games (a win or loss some plies away).
const DECIDED: i32 = SCORE_WIN - 10_000;

/// A score for people: `+125`, `-40`, or `win in 7` / `loss in 7` (plies).
fn score_text(score: i32) -> String {
    if score >= DECIDED {
        format!("win in {}", SCORE_WIN - score)
    } else if score <= -DECIDED {
        format!("loss in {}", SCORE_WIN + score)
    } else if score == 0 {
        "0".to_owned()
    } else {
        format!("{score:+}")
    }
}

/// The move texts of a line, with their marks, as far as it can be played.
fn line_text(pos: &Position, line: &[Move]) -> String {
    let mut p = *pos;
    let mut texts = Vec::new();
    for &m in line {
        let Ok(text) = p.move_text(m) else {
            break;
        };
        texts.push(text);
        match p.play(m) {
            Ok(next) => p = next,
            Err(_) => break,
        }
    }
    texts.join(" ")
}

/// A completed depth, with the nodes and time of the whole analysis so far.
fn row(
    out: &mut impl Write,
    pos: &Position,
    r: &SearchResult,
    nodes: u64,
    took: Duration,
) -> Result<()> {
    writeln!(
        out,
        "{:>5}  {:>11}  {:>9}  {:>9}  {}",
        r.depth,
        score_text(r.score),
        nodes,
        time(took.as_secs_f64()),
        line_text(pos, &r.pv)
    )?;
    out.flush()?;
    Ok(())
}

/// Alpha-beta to depth 1, 2, 3, ... within the limits, printing each completed depth: the
/// last completed result, the nodes and the time of the whole.
fn deepen(
    out: &mut impl Write,
    pos: &Position,
    limits: Limits,
    stop: &AtomicBool,
) -> Result<(SearchResult, u64, Duration)> {
    let mut ab = AlphaBeta::new(None);
    let clock = Instant::now();
    let mut best: Option<SearchResult> = None;
    let mut nodes = 0;
    for depth in 1..=limits.depth.unwrap_or(MAX_DEPTH) {
        let iteration = Limits {
            time: limits.time.map(|t| t.saturating_sub(clock.elapsed())),
            nodes: limits.nodes.map(|n| n.saturating_sub(nodes)),
            depth: Some(depth),
            threads: None,
        };
        if iteration.time == Some(Duration::ZERO) || iteration.nodes == Some(0) {
            break;
        }
        let r = ab.choose(pos, &iteration, stop);
        nodes += r.nodes;
        if r.depth < depth {
            // Cut short: the depth before is the answer.
            break;
        }
        row(out, pos, &r, nodes, clock.elapsed())?;
        let decided = r.score.abs() >= DECIDED;
        best = Some(r);
        if decided {
            break;
        }
    }
    let r = match best {
        Some(r) => r,
        // Not even depth 1 within the limits: depth 1 anyway, a move is wanted.
        None => {
            let r = ab.choose(pos, &Limits::depth(1), stop);
            nodes += r.nodes;
            row(out, pos, &r, nodes, clock.elapsed())?;
            r
        }
    };
    Ok((r, nodes, clock.elapsed()))
}

pub(crate) fn run(out: &mut impl Write, pos: &Position, spec: &PlayerSpec) -> Result<()> {
    let side = pos.turn();
    writeln!(
        out,
        "{} · {} · {} to move",
        pos.variant().display_name(),
        pos.diagram(),
        side_name(side)
    )?;
    if let Some(outcome) = pos.outcome() {
        writeln!(out, "The game is over: {outcome}.")?;
        return Ok(());
    }
    if pos.legal_moves().is_empty() {
        writeln!(
            out,
            "{} has no legal move: the game is over.",
            side_name(side)
        )?;
        return Ok(());
    }
    let limits = spec.limits();
    writeln!(out, "player: {}", spec.describe(pos.variant().game()))?;
    writeln!(
        out,
        "{:>5}  {:>11}  {:>9}  {:>9}  line",
        "depth", "score", "nodes", "time"
    )?;
    let stop = AtomicBool::new(false);
    let (result, nodes, took) = if spec.is_alphabeta() {
        deepen(out, pos, limits, &stop)?
    } else {
        let mut player = spec.build(pos.variant().game(), 1);
        let clock = Instant::now();
        let r = player.choose(pos, &limits, &stop);
        let took = clock.elapsed();
        row(out, pos, &r, r.nodes, took)?;
        let n = r.nodes;
        (r, n, took)
    };

    writeln!(out)?;
    let best = result
        .best
        .and_then(|m| pos.move_text(m).ok())
        .unwrap_or_else(|| "-".to_owned());
    writeln!(out, "best: {best}")?;
    let score = result.score;
    let note = if score.abs() >= DECIDED {
        let plies = if SCORE_WIN - score.abs() == 1 {
            "ply"
        } else {
            "plies"
        };
        format!(" ({} {plies})", score_text(score))
    } else {
        String::new()
    };
    writeln!(
        out,
        "score: {score:+}{note} for {} (100 a seed)",
        side_name(side)
    )?;
    writeln!(out, "pv: {}", line_text(pos, &result.pv))?;
    let secs = took.as_secs_f64();
    let nps = if secs > 0.0 {
        si(nodes as f64 / secs)
    } else {
        "-".to_owned()
    };
    writeln!(
        out,
        "nodes: {nodes}, nps: {nps}, time: {}, depth: {}",
        time(secs),
        result.depth
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_for_people() {
        assert_eq!(score_text(125), "+125");
        assert_eq!(score_text(-40), "-40");
        assert_eq!(score_text(0), "0");
        assert_eq!(score_text(SCORE_WIN - 7), "win in 7");
        assert_eq!(score_text(-(SCORE_WIN - 3)), "loss in 3");
    }
}
