//! `mancala bench move-path`: the rules work the play server does for one move that arrives as
//! text, measured two ways side by side on the same moves. "apart" is the call sequence the
//! server used before moves were named and played in one pass (read the text, name the move to
//! store it, play it into the record, trace it for the move event and name it again, then name
//! every legal move of the next position one by one); "one pass" is the present path (read and
//! play the text once, then list the next position's legal moves with their texts from one
//! generation). Both produce the same texts, which the benchmark checks.

use std::io::Write;
use std::time::Duration;

use anyhow::{Result, anyhow};
use mancala::{Position, Variant};

use crate::cpu::{Stopwatch, share_text};
use crate::rng::Rng;

/// The moves measured in each variant: one random legal move at each position of random games.
const MOVES: usize = 2_000;
/// Plies at most per game drawn for the sample.
const MAX_PLIES: usize = 300;

/// One move of the sample: the position and the move's text as a client sends it (with marks).
struct Sample {
    pos: Position,
    text: String,
}

fn samples(variant: Variant, seed: u64) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(MOVES);
    while out.len() < MOVES {
        let mut pos = Position::new(variant);
        for _ in 0..MAX_PLIES {
            let named = pos.legal_move_texts();
            if named.is_empty() || out.len() == MOVES {
                break;
            }
            let (m, text) = named[rng.below(named.len())].clone();
            out.push(Sample { pos, text });
            pos.play_unchecked(m);
        }
    }
    out
}

/// The server's rules calls before the one-pass path; returns the next position's legal texts.
fn apart(s: &Sample) -> Option<Vec<String>> {
    let m = s.pos.parse_move(&s.text).ok()?;
    let stored = s.pos.move_text(m).ok()?;
    let next = s.pos.play(m).ok()?;
    let trace = s.pos.trace(m).ok()?;
    let event_text = s.pos.move_text(m).ok()?;
    debug_assert_eq!(stored, event_text);
    debug_assert_eq!(trace.result(), &next);
    Some(
        next.legal_moves()
            .iter()
            .filter_map(|&m| next.move_text(m).ok())
            .collect(),
    )
}

/// The present path: the text read and played once, the next legal list from one generation.
fn one_pass(s: &Sample) -> Option<Vec<String>> {
    let trace = s.pos.trace_move_text(&s.text).ok()?;
    Some(
        trace
            .result()
            .legal_move_texts()
            .into_iter()
            .map(|(_, t)| t)
            .collect(),
    )
}

/// Runs `path` over the sample for at least `budget`; time per move and the CPU share.
fn time(
    sample: &[Sample],
    budget: Duration,
    path: fn(&Sample) -> Option<Vec<String>>,
) -> (f64, Option<f64>) {
    let t = Stopwatch::start();
    let mut moves = 0u64;
    while t.elapsed() < budget {
        for s in sample {
            std::hint::black_box(path(s));
        }
        moves += sample.len() as u64;
    }
    let (wall, share) = t.read();
    (wall / moves.max(1) as f64, share)
}

/// Measures every variant in `variants` for about `seconds` each.
///
/// # Errors
/// Writing fails, or the two paths disagree on a move (a bug).
pub(crate) fn run(out: &mut impl Write, variants: &[Variant], seconds: f64) -> Result<()> {
    writeln!(
        out,
        "Rules work per move on the server's path ({MOVES} random moves a variant, each path \
         for {:.1} s; one core)",
        seconds / 2.0
    )?;
    writeln!(
        out,
        "{:<30} {:>10} {:>5} {:>10} {:>5} {:>7}",
        "variant", "apart", "cpu", "one pass", "cpu", "ratio"
    )?;
    let budget = Duration::from_secs_f64(seconds / 2.0);
    for &v in variants {
        let sample = samples(v, 1);
        for s in &sample {
            if apart(s) != one_pass(s) {
                return Err(anyhow!(
                    "{v}: the two paths differ on {} in {}",
                    s.text,
                    s.pos
                ));
            }
        }
        let (before, cpu_before) = time(&sample, budget, apart);
        let (after, cpu_after) = time(&sample, budget, one_pass);
        writeln!(
            out,
            "{:<30} {:>7.1} µs {:>5} {:>7.1} µs {:>5} {:>6.2}x",
            v.display_name(),
            before * 1e6,
            share_text(cpu_before),
            after * 1e6,
            share_text(cpu_after),
            before / after
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_paths_name_the_same_moves() {
        for v in Variant::DEFAULTS {
            for s in samples(v, 3).iter().step_by(97) {
                let next = one_pass(s).unwrap();
                assert_eq!(apart(s).unwrap(), next, "{v}: {} in {}", s.text, s.pos);
            }
        }
    }
}
