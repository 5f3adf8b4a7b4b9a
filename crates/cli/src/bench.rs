//! `mancala bench rules`: throughput of the rules library, measured (never asserted).
//!
//! For each variant, from the start position, single-threaded:
//! 1. random playouts with [`Position::random_playout`], the playout loop of the library (it
//!    draws one legal move uniformly and plays only that one) for the given time: the headline
//!    figures;
//! 2. side by side in the same process, for half that time each, two slower loops as
//!    baselines: listing ([`Position::for_each_legal`] gives every legal move with its result,
//!    one is picked) and checked ([`Position::legal_moves`] then [`Position::play`]), which
//!    replays the listing loop's games and checks they are the same;
//! 3. the positions of the first playouts replayed: every own pit and direction that is not a
//!    legal move is put to [`Position::never_ending`], which counts the never-ending moves the
//!    legal move generation met (the library does not report them) and times the checks;
//! 4. [`Position::legal_moves`] alone over those positions.
//!
//! A playout ends when the side to move has no legal move (which includes a front row
//! emptied: the library then lists no moves), so `outcome()` is asked once per game rather than
//! once per ply; or at `CAP` plies. Playouts ignore repetition, as perft does.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use mancala::{
    Direction, LAP_LIMIT, MAX_MOVES, Move, NeverEndingCheck, Pit, Position, Row, Side, Variant,
};

use crate::rng::Rng;

/// Plies after which a playout is abandoned.
const CAP: u32 = 2_000;
/// The generator's seed: every run plays the same games.
const SEED: u64 = 0x5EED;
/// Playouts whose positions are searched for never-ending moves.
const NEVER_ENDING_PLAYOUTS: usize = 2_000;
/// Positions kept for the move generation measurement.
const SAMPLE_LIMIT: usize = 200_000;

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Won(Side),
    Draw,
    Capped,
}

fn end_of(pos: &Position) -> End {
    match pos.outcome() {
        Some(o) => o.winner.map_or(End::Draw, End::Won),
        // No legal move means the game is over; the library says so through outcome().
        None => End::Won(pos.turn().other()),
    }
}

/// One random playout on the fast path; `visit` sees every position with its number of legal
/// moves.
fn playout_fast(start: Position, rng: &mut Rng, mut visit: impl FnMut(&Position)) -> (u32, End) {
    let mut pos = start;
    let mut plies = 0;
    loop {
        let mut next = ArrayVec::<Position, MAX_MOVES>::new();
        pos.for_each_legal(|_, p| {
            let _ = next.try_push(p);
        });
        visit(&pos);
        if next.is_empty() {
            return (plies, end_of(&pos));
        }
        if plies >= CAP {
            return (plies, End::Capped);
        }
        pos = next[rng.below(next.len())];
        plies += 1;
    }
}

/// The same playout on the checked path: the same random numbers give the same game.
fn playout_checked(start: Position, rng: &mut Rng) -> (u32, End) {
    let mut pos = start;
    let mut plies = 0;
    loop {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return (plies, end_of(&pos));
        }
        if plies >= CAP {
            return (plies, End::Capped);
        }
        pos = match pos.play(moves[rng.below(moves.len())]) {
            Ok(p) => p,
            Err(_) => return (plies, End::Capped),
        };
        plies += 1;
    }
}

/// The figures of one variant.
#[derive(Debug, Default)]
struct Figures {
    name: String,
    // Fast path.
    playouts: u64,
    turns: u64,
    secs: f64,
    south: u64,
    north: u64,
    draws: u64,
    capped: u64,
    // Checked path.
    checked_turns: u64,
    checked_secs: f64,
    checked_same: bool,
    // The library's playout loop.
    lib_turns: u64,
    lib_secs: f64,
    // Move generation.
    gen_calls: u64,
    gen_moves: u64,
    gen_secs: f64,
    sample: usize,
    // Never-ending moves.
    ne_playouts: usize,
    ne_positions: u64,
    ne_checks: u64,
    ne_found: u64,
    ne_secs: f64,
    ne_found_secs: f64,
    ne_cycle_secs: f64,
    ne_odd: u64,
}

impl Figures {
    fn turns_per_sec(&self) -> f64 {
        self.turns as f64 / self.secs
    }

    fn checked_per_sec(&self) -> f64 {
        self.checked_turns as f64 / self.checked_secs
    }

    fn lib_per_sec(&self) -> f64 {
        self.lib_turns as f64 / self.lib_secs
    }

    fn moves_per_sec(&self) -> f64 {
        self.gen_moves as f64 / self.gen_secs
    }
}

/// Never-ending candidates of `pos`: every own pit and direction that is a candidate but not a
/// legal move. Adds to the counts and times in `f`.
fn never_ending_checks(pos: &Position, f: &mut Figures) {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return;
    }
    f.ne_positions += 1;
    let side = pos.turn();
    let width = u8::try_from(pos.variant().width()).unwrap_or(u8::MAX);
    for row in [Row::Front, Row::Back] {
        for col in 1..=width {
            let Some(pit) = Pit::new(side, row, col) else {
                continue;
            };
            for dir in [Direction::Clockwise, Direction::Anticlockwise] {
                let m = Move::new(pit, dir);
                if legal.contains(&m) {
                    continue;
                }
                f.ne_checks += 1;
                let t = Instant::now();
                let verdict = pos.never_ending(m, NeverEndingCheck::LapLimit(LAP_LIMIT));
                let secs = t.elapsed().as_secs_f64();
                f.ne_secs += secs;
                match verdict {
                    Ok(Some(_)) => {
                        f.ne_found += 1;
                        f.ne_found_secs += secs;
                        let t = Instant::now();
                        let _ = black_box(pos.never_ending(m, NeverEndingCheck::CycleFinding));
                        f.ne_cycle_secs += t.elapsed().as_secs_f64();
                    }
                    // A candidate that ends yet is not legal: should not happen.
                    Ok(None) => f.ne_odd += 1,
                    Err(_) => {}
                }
            }
        }
    }
}

fn measure(variant: Variant, seconds: f64) -> Figures {
    let start = Position::new(variant);
    let mut f = Figures {
        name: variant.display_name(),
        ..Figures::default()
    };
    let budget = Duration::from_secs_f64(seconds);

    // 1. The library's playout loop: the headline.
    let mut rng = Rng::new(SEED);
    let t = Instant::now();
    while t.elapsed() < budget {
        let (end, plies) = start.random_playout(|n| rng.below(n), CAP);
        f.lib_turns += u64::from(plies);
        f.playouts += 1;
        match end.outcome() {
            Some(o) => match o.winner {
                Some(Side::South) => f.south += 1,
                Some(Side::North) => f.north += 1,
                None => f.draws += 1,
            },
            None => f.capped += 1,
        }
    }
    f.lib_secs = t.elapsed().as_secs_f64();

    // 2. Listing every legal move with its result, for half the time.
    let mut rng = Rng::new(SEED);
    let mut lengths: Vec<u32> = Vec::new();
    let t = Instant::now();
    while t.elapsed() < budget / 2 {
        let (plies, _) = playout_fast(start, &mut rng, |_| {});
        lengths.push(plies);
        f.turns += u64::from(plies);
    }
    f.secs = t.elapsed().as_secs_f64();

    // 2b. Checked path, the same games as the listing loop, for half the time.
    let mut rng = Rng::new(SEED);
    f.checked_same = true;
    let t = Instant::now();
    for &expected in &lengths {
        let (plies, _) = playout_checked(start, &mut rng);
        f.checked_turns += u64::from(plies);
        f.checked_same &= plies == expected;
        if t.elapsed() >= budget / 2 {
            break;
        }
    }
    f.checked_secs = t.elapsed().as_secs_f64();

    // 3. Never-ending moves over the positions of the first playouts (bounded in time too).
    let mut rng = Rng::new(SEED);
    let mut sample: Vec<Position> = Vec::new();
    let t = Instant::now();
    while f.ne_playouts < NEVER_ENDING_PLAYOUTS.min(lengths.len()) && t.elapsed() < budget {
        playout_fast(start, &mut rng, |pos| {
            never_ending_checks(pos, &mut f);
            if sample.len() < SAMPLE_LIMIT {
                sample.push(*pos);
            }
        });
        f.ne_playouts += 1;
    }

    // 4. Move generation alone over the sampled positions.
    sample.retain(|p| !p.legal_moves().is_empty());
    f.sample = sample.len();
    if !sample.is_empty() {
        let t = Instant::now();
        while t.elapsed() < budget / 3 {
            for pos in &sample {
                let moves = black_box(pos).legal_moves();
                f.gen_moves += moves.len() as u64;
                f.gen_calls += 1;
            }
        }
        f.gen_secs = t.elapsed().as_secs_f64();
    }
    f
}

/// The speed target of the issue for a variant's random playouts, in turns per second on one
/// core; quoted beside the measurement.
fn target(name: &str) -> &'static str {
    match name {
        "Bao la Kiswahili" => ">= 1M",
        "Bao la Kujifunza" => ">= 6M",
        _ => "",
    }
}

/// A rate or count with an SI suffix: `412k`, `1.23M`.
pub(crate) fn si(x: f64) -> String {
    if !x.is_finite() {
        return "-".to_owned();
    }
    let (v, unit) = match x.abs() {
        a if a >= 1e9 => (x / 1e9, "G"),
        a if a >= 1e6 => (x / 1e6, "M"),
        a if a >= 1e3 => (x / 1e3, "k"),
        _ => (x, ""),
    };
    let digits = match v.abs() {
        a if a >= 100.0 => 0,
        a if a >= 10.0 => 1,
        _ => 2,
    };
    if unit.is_empty() && x.fract() == 0.0 {
        format!("{x}")
    } else {
        format!("{v:.digits$}{unit}")
    }
}

/// A duration in seconds as `812 ms`, `3.1 µs`.
pub(crate) fn time(secs: f64) -> String {
    if !secs.is_finite() {
        return "-".to_owned();
    }
    match secs {
        s if s >= 1.0 => format!("{s:.2} s"),
        s if s >= 1e-3 => format!("{:.1} ms", s * 1e3),
        s if s >= 1e-6 => format!("{:.1} µs", s * 1e6),
        s => format!("{:.0} ns", s * 1e9),
    }
}

pub(crate) fn rules(out: &mut impl Write, variants: &[Variant], seconds: f64) -> io::Result<()> {
    writeln!(
        out,
        "Rules benchmark: random playouts from the start position, one thread, {seconds} s per \
         variant,\ncapped at {CAP} plies, seed {SEED:#x}."
    )?;
    out.flush()?;
    let mut all = Vec::new();
    for &v in variants {
        eprintln!("measuring {} ...", v.display_name());
        all.push(measure(v, seconds));
    }

    writeln!(out)?;
    writeln!(
        out,
        "Random playouts (Position::random_playout: one legal move drawn uniformly, only it played)"
    )?;
    writeln!(
        out,
        "{:<17}{:>9}{:>9}{:>8}{:>8}{:>8}{:>7}{:>9}",
        "variant", "games/s", "turns/s", "avg len", "S wins", "N wins", "capped", "target"
    )?;
    for f in &all {
        writeln!(
            out,
            "{:<17}{:>9}{:>9}{:>8.1}{:>8}{:>8}{:>7}{:>9}",
            f.name,
            si(f.playouts as f64 / f.lib_secs),
            si(f.lib_per_sec()),
            f.lib_turns as f64 / f.playouts as f64,
            f.south,
            f.north,
            f.capped,
            target(&f.name),
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Turns/s of three playout loops, side by side (random_playout as above; listing:\n\
         for_each_legal, every legal move played, one picked; checked: legal_moves, then play)"
    )?;
    writeln!(
        out,
        "{:<17}{:>15}{:>10}{:>10}{:>16}{:>16}",
        "variant", "random_playout", "listing", "checked", "random/listing", "random/checked"
    )?;
    for f in &all {
        writeln!(
            out,
            "{:<17}{:>15}{:>10}{:>10}{:>15.2}x{:>15.2}x",
            f.name,
            si(f.lib_per_sec()),
            si(f.turns_per_sec()),
            si(f.checked_per_sec()),
            f.lib_per_sec() / f.turns_per_sec(),
            f.lib_per_sec() / f.checked_per_sec(),
        )?;
    }
    for f in all.iter().filter(|f| f.draws > 0) {
        writeln!(out, "{}: {} drawn games", f.name, f.draws)?;
    }
    for f in all.iter().filter(|f| !f.checked_same) {
        writeln!(
            out,
            "warning: {}: the checked path played different games",
            f.name
        )?;
    }

    writeln!(out)?;
    writeln!(
        out,
        "Move generation alone (legal_moves over the positions of the first playouts)"
    )?;
    writeln!(
        out,
        "{:<17}{:>10}{:>10}{:>11}{:>11}",
        "variant", "moves/s", "calls/s", "avg moves", "positions"
    )?;
    for f in &all {
        writeln!(
            out,
            "{:<17}{:>10}{:>10}{:>11.2}{:>11}",
            f.name,
            si(f.moves_per_sec()),
            si(f.gen_calls as f64 / f.gen_secs),
            f.gen_moves as f64 / f.gen_calls as f64,
            si(f.sample as f64)
        )?;
    }

    writeln!(out)?;
    writeln!(
        out,
        "Never-ending moves met in the first {NEVER_ENDING_PLAYOUTS} playouts (each own pit and direction\n\
         that is not a legal move, put to never_ending)"
    )?;
    writeln!(
        out,
        "{:<17}{:>10}{:>8}{:>7}{:>12}{:>13}{:>13}",
        "variant", "positions", "checks", "found", "all checks", "each, limit", "each, cycle"
    )?;
    for f in &all {
        writeln!(
            out,
            "{:<17}{:>10}{:>8}{:>7}{:>12}{:>13}{:>13}",
            f.name,
            si(f.ne_positions as f64),
            si(f.ne_checks as f64),
            f.ne_found,
            time(f.ne_secs),
            time(f.ne_found_secs / f.ne_found as f64),
            time(f.ne_cycle_secs / f.ne_found as f64)
        )?;
    }
    writeln!(
        out,
        "(all checks: time in every never_ending call; each: per never-ending move, by the\n\
         {LAP_LIMIT}-lap limit and by cycle finding alone, which must go round a whole period)"
    )?;
    for f in all
        .iter()
        .filter(|f| f.ne_playouts < NEVER_ENDING_PLAYOUTS.min(f.playouts as usize))
    {
        writeln!(
            out,
            "{}: only {} playouts searched in the time",
            f.name, f.ne_playouts
        )?;
    }
    for f in all.iter().filter(|f| f.ne_odd > 0) {
        writeln!(
            out,
            "warning: {}: {} moves end but are not legal",
            f.name, f.ne_odd
        )?;
    }

    let per_variant: Vec<String> = all
        .iter()
        .map(|f| format!("{} {} turns/s", f.name, si(f.lib_per_sec())))
        .collect();
    let gen_moves: u64 = all.iter().map(|f| f.gen_moves).sum();
    let gen_secs: f64 = all.iter().map(|f| f.gen_secs).sum();
    let checked_rate: f64 = all.iter().map(|f| f.checked_turns).sum::<u64>() as f64
        / all.iter().map(|f| f.checked_secs).sum::<f64>();
    let lib_rate: f64 = all.iter().map(|f| f.lib_turns).sum::<u64>() as f64
        / all.iter().map(|f| f.lib_secs).sum::<f64>();
    let found: u64 = all.iter().map(|f| f.ne_found).sum();
    let positions: u64 = all.iter().map(|f| f.ne_positions).sum();
    writeln!(out)?;
    writeln!(
        out,
        "bench rules: {}; random_playout/checked {:.2}x; {} moves/s generated; \
         {found} never-ending move{} in {} positions",
        per_variant.join(", "),
        lib_rate / checked_rate,
        si(gen_moves as f64 / gen_secs),
        if found == 1 { "" } else { "s" },
        si(positions as f64)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn si_suffixes() {
        assert_eq!(si(0.0), "0");
        assert_eq!(si(12.0), "12");
        assert_eq!(si(1234.0), "1.23k");
        assert_eq!(si(412_345.0), "412k");
        assert_eq!(si(1.5e7), "15.0M");
        assert_eq!(si(f64::NAN), "-");
    }

    #[test]
    fn fast_and_checked_playouts_agree() {
        for v in [
            Variant::BAO_LA_KISWAHILI,
            Variant::BAO_LA_KUJIFUNZA,
            Variant::BAO_LA_KETE,
        ] {
            let start = Position::new(v);
            let (mut a, mut b) = (Rng::new(3), Rng::new(3));
            for _ in 0..5 {
                assert_eq!(
                    playout_fast(start, &mut a, |_| {}),
                    playout_checked(start, &mut b)
                );
            }
        }
    }
}
