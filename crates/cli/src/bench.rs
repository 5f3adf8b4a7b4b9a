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
//! 3. the positions of the first playouts replayed: every move of the game's forms that is not
//!    legal (each own pit in both directions in the Bao games; each own pit alone, and with a
//!    reserve seed planted first, where the direction is fixed) is put to
//!    [`Position::never_ending`], which counts the never-ending moves the legal move generation
//!    met (the library does not report them) and times the checks, for at most half the time
//!    (moves with Omweso's lap choices are not generated); then cycle finding alone on the
//!    first never-ending moves, in a child process (`mancala bench cycle-check`) killed after a
//!    quarter of the time, since cycle finding has no bound;
//! 4. [`Position::legal_moves`] alone over those positions, for a quarter of the time.
//!
//! Beside each figure, the share of a core the process had while it was measured (its user and
//! system CPU time over the wall time): the machines are shared, and a figure read at a third
//! of a core says little without it.
//!
//! Speed targets, quoted beside the figures: Bao la Kiswahili 1M turns/s, Kalah 200k playouts/s.
//! Bao la Kujifunza has no fixed figure: the Bao kernel is judged by the ratio of the new binary
//! to the old one, run one after the other by `scripts/bench-kernel.sh` (docs/engine.md, "Rules
//! kernel speed"), since a fixed rate says more about how loaded the machine is than about the
//! code.
//!
//! A playout ends when the side to move has no legal move (which includes a front row
//! emptied: the library then lists no moves), so `outcome()` is asked once per game rather than
//! once per ply; or at `CAP` plies. Playouts ignore repetition, as perft does.

use std::hint::black_box;
use std::io::{self, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow};

use arrayvec::ArrayVec;
use mancala::{
    Direction, Game, LAP_LIMIT, MAX_MOVES, Move, MoveText, NeverEndingCheck, Position, SeedTotal,
    Setup, Side, Variant,
};

use crate::cpu::{Stopwatch, share_text};
use crate::games;
use crate::rng::Rng;

/// Plies after which a playout is abandoned.
const CAP: u32 = 2_000;
/// The generator's seed: every run plays the same games.
const SEED: u64 = 0x5EED;
/// Playouts whose positions are searched for never-ending moves.
const NEVER_ENDING_PLAYOUTS: usize = 2_000;
/// Never-ending moves whose cycle finding is timed, at most.
const CYCLE_SAMPLE: usize = 16;
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
#[derive(Debug)]
struct Figures {
    variant: Variant,
    name: String,
    // Fast path.
    playouts: u64,
    turns: u64,
    secs: f64,
    /// The CPU shares of the loops (see [`Stopwatch`]), `None` where unknown.
    cpu: Option<f64>,
    south: u64,
    north: u64,
    draws: u64,
    capped: u64,
    // Checked path.
    checked_turns: u64,
    checked_secs: f64,
    checked_cpu: Option<f64>,
    checked_same: bool,
    // The library's playout loop.
    lib_turns: u64,
    lib_secs: f64,
    lib_cpu: Option<f64>,
    // Move generation.
    gen_calls: u64,
    gen_moves: u64,
    gen_secs: f64,
    gen_cpu: Option<f64>,
    sample: usize,
    // Never-ending moves.
    ne_playouts: usize,
    ne_positions: u64,
    ne_checks: u64,
    ne_found: u64,
    ne_secs: f64,
    ne_found_secs: f64,
    ne_odd: u64,
    /// Over the whole search, not only the checks.
    ne_cpu: Option<f64>,
    /// The first never-ending moves found, for timing cycle finding.
    ne_sample: Vec<(Position, Move)>,
    ne_cycle_secs: f64,
    ne_cycle_timed: usize,
    /// Cycle finding stopped at the deadline on one move (the rest were not timed).
    ne_cycle_stopped: bool,
}

impl Figures {
    fn new(variant: Variant) -> Self {
        Self {
            variant,
            name: variant.display_name(),
            playouts: 0,
            turns: 0,
            secs: 0.0,
            cpu: None,
            south: 0,
            north: 0,
            draws: 0,
            capped: 0,
            checked_turns: 0,
            checked_secs: 0.0,
            checked_cpu: None,
            checked_same: false,
            lib_turns: 0,
            lib_secs: 0.0,
            lib_cpu: None,
            gen_calls: 0,
            gen_moves: 0,
            gen_secs: 0.0,
            gen_cpu: None,
            sample: 0,
            ne_playouts: 0,
            ne_positions: 0,
            ne_checks: 0,
            ne_found: 0,
            ne_secs: 0.0,
            ne_found_secs: 0.0,
            ne_odd: 0,
            ne_cpu: None,
            ne_sample: Vec::new(),
            ne_cycle_secs: 0.0,
            ne_cycle_timed: 0,
            ne_cycle_stopped: false,
        }
    }

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

    fn games_per_sec(&self) -> f64 {
        self.playouts as f64 / self.lib_secs
    }
}

/// Never-ending candidates of `pos`: every move of the game's forms that is not legal, put to
/// the lap-limit check (moves that are not even candidates come back as errors and are not
/// counted). Adds to the counts and times in `f`.
fn never_ending_checks(pos: &Position, f: &mut Figures) {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return;
    }
    f.ne_positions += 1;
    for m in games::move_forms(pos) {
        if legal.contains(&m) {
            continue;
        }
        let t = Instant::now();
        let verdict = pos.never_ending(m, NeverEndingCheck::LapLimit(LAP_LIMIT));
        let secs = t.elapsed().as_secs_f64();
        f.ne_secs += secs;
        match verdict {
            Ok(Some(_)) => {
                f.ne_checks += 1;
                f.ne_found += 1;
                f.ne_found_secs += secs;
                if f.ne_sample.len() < CYCLE_SAMPLE {
                    f.ne_sample.push((*pos, m));
                }
            }
            // A candidate that ends yet is not legal: should not happen.
            Ok(None) => {
                f.ne_checks += 1;
                f.ne_odd += 1;
            }
            Err(_) => {}
        }
    }
}

fn measure(variant: Variant, seconds: f64) -> Figures {
    let start = Position::new(variant);
    let mut f = Figures::new(variant);
    let budget = Duration::from_secs_f64(seconds);

    // 1. The library's playout loop: the headline.
    let mut rng = Rng::new(SEED);
    let t = Stopwatch::start();
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
    (f.lib_secs, f.lib_cpu) = t.read();

    // 2. Listing every legal move with its result, for half the time.
    let mut rng = Rng::new(SEED);
    let mut lengths: Vec<u32> = Vec::new();
    let t = Stopwatch::start();
    while t.elapsed() < budget / 2 {
        let (plies, _) = playout_fast(start, &mut rng, |_| {});
        lengths.push(plies);
        f.turns += u64::from(plies);
    }
    (f.secs, f.cpu) = t.read();

    // 2b. Checked path, the same games as the listing loop, for half the time.
    let mut rng = Rng::new(SEED);
    f.checked_same = true;
    let t = Stopwatch::start();
    for &expected in &lengths {
        let (plies, _) = playout_checked(start, &mut rng);
        f.checked_turns += u64::from(plies);
        f.checked_same &= plies == expected;
        if t.elapsed() >= budget / 2 {
            break;
        }
    }
    (f.checked_secs, f.checked_cpu) = t.read();

    // 3. Never-ending moves over the positions of the first playouts, for half the time at most.
    let mut rng = Rng::new(SEED);
    let mut sample: Vec<Position> = Vec::new();
    let t = Stopwatch::start();
    while f.ne_playouts < NEVER_ENDING_PLAYOUTS.min(lengths.len()) && t.elapsed() < budget / 2 {
        playout_fast(start, &mut rng, |pos| {
            never_ending_checks(pos, &mut f);
            if sample.len() < SAMPLE_LIMIT {
                sample.push(*pos);
            }
        });
        f.ne_playouts += 1;
    }
    f.ne_cpu = t.read().1;

    // 3b. Cycle finding on the first never-ending moves, in a child process stopped at the
    // deadline: cycle finding is unbounded, and one Hus (4x12) move takes half a minute.
    let deadline = Instant::now() + budget / 4;
    for (pos, m) in std::mem::take(&mut f.ne_sample) {
        match time_cycle_finding(&pos, m, deadline) {
            Some(secs) => {
                f.ne_cycle_secs += secs;
                f.ne_cycle_timed += 1;
            }
            None => {
                f.ne_cycle_stopped = true;
                break;
            }
        }
    }

    // 4. Move generation alone over the sampled positions.
    sample.retain(|p| !p.legal_moves().is_empty());
    f.sample = sample.len();
    if !sample.is_empty() {
        let t = Stopwatch::start();
        while t.elapsed() < budget / 4 {
            for pos in &sample {
                let moves = black_box(pos).legal_moves();
                f.gen_moves += moves.len() as u64;
                f.gen_calls += 1;
            }
        }
        (f.gen_secs, f.gen_cpu) = t.read();
    }
    f
}

/// A move from its text, legal or not (`Position::parse_move` wants a legal one).
fn move_of(mt: &MoveText) -> Option<Move> {
    Some(match mt.sign {
        Some(sign) => {
            let m = Move::new(mt.pit, Direction::from_sign(sign, mt.pit)?);
            if mt.safari { m.with_safari() } else { m }
        }
        None if mt.place => Move::place(mt.pit),
        None => mt
            .choices
            .iter()
            .fold(Move::from_pit(mt.pit), |m, &c| m.with_choice(c)),
    })
}

/// Times [`NeverEndingCheck::CycleFinding`] on a never-ending move in a child process
/// (`mancala bench cycle-check`), killed at `deadline`; `None` when it was stopped or failed.
fn time_cycle_finding(pos: &Position, m: Move, deadline: Instant) -> Option<f64> {
    let exe = std::env::current_exe().ok()?;
    let v = pos.variant();
    let mut child = Command::new(exe)
        .args(["bench", "cycle-check", &v.to_string(), "--rules"])
        .arg(v.rules_text())
        .arg(pos.diagram())
        .arg(m.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_micros(200));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
    let mut text = String::new();
    io::Read::read_to_string(&mut child.stdout.take()?, &mut text).ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// The child's side of [`time_cycle_finding`]: prints the seconds cycle finding took on `text`
/// in the position `diagram`, and whether the move is never-ending.
pub(crate) fn cycle_check(
    out: &mut impl Write,
    variant: Variant,
    diagram: &str,
    text: &str,
) -> anyhow::Result<()> {
    let setup: Setup = diagram.parse()?;
    let pos = Position::from_setup(variant, &setup, SeedTotal::AllowPartial)?;
    let mt: MoveText = text.parse()?;
    let m = move_of(&mt).ok_or_else(|| anyhow!("no move `{text}`"))?;
    let t = Instant::now();
    let verdict = pos
        .never_ending(m, NeverEndingCheck::CycleFinding)
        .context("cycle check")?;
    let secs = t.elapsed().as_secs_f64();
    writeln!(out, "{secs} {}", verdict.is_some())?;
    Ok(())
}

/// What a speed target counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Per {
    Game,
    Turn,
}

/// The speed targets the project set for random playouts on one core, quoted beside the
/// measurement: turns per second for two Bao games, playouts (games) per second for Kalah. The
/// other games have none (Bao la Kujifunza's speed is the old-against-new ratio of
/// `scripts/bench-kernel.sh`).
const TARGETS: [(Game, Per, f64); 2] = [
    (Game::BaoLaKiswahili, Per::Turn, 1e6),
    (Game::Kalah, Per::Game, 2e5),
];

fn target(game: Game) -> Option<(Per, f64)> {
    TARGETS
        .iter()
        .find(|t| t.0 == game)
        .map(|&(_, per, x)| (per, x))
}

/// The target of `f` counting `per`, as `>= 1M`, or blank.
fn target_text(f: &Figures, per: Per) -> String {
    match target(f.variant.game()) {
        Some((p, x)) if p == per => format!(">= {}", round_si(x)),
        _ => String::new(),
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

/// [`si`] without trailing zeros, for round numbers: `1M`, `200k`.
fn round_si(x: f64) -> String {
    let s = si(x);
    let unit = s.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let number = &s[..s.len() - unit.len()];
    if number.contains('.') {
        format!(
            "{}{unit}",
            number.trim_end_matches('0').trim_end_matches('.')
        )
    } else {
        s
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
    let began = Instant::now();
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
    // The variant column fits the longest name.
    let nw = all
        .iter()
        .map(|f| f.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(7)
        + 2;

    writeln!(out)?;
    writeln!(
        out,
        "Random playouts (Position::random_playout: one legal move drawn uniformly, only it played)"
    )?;
    writeln!(
        out,
        "{:<nw$}{:>9}{:>9}{:>9}{:>9}{:>6}{:>8}{:>8}{:>8}{:>7}{:>7}",
        "variant",
        "games/s",
        "target",
        "turns/s",
        "target",
        "cpu",
        "avg len",
        "S wins",
        "N wins",
        "draws",
        "capped"
    )?;
    for f in &all {
        writeln!(
            out,
            "{:<nw$}{:>9}{:>9}{:>9}{:>9}{:>6}{:>8.1}{:>8}{:>8}{:>7}{:>7}",
            f.name,
            si(f.games_per_sec()),
            target_text(f, Per::Game),
            si(f.lib_per_sec()),
            target_text(f, Per::Turn),
            share_text(f.lib_cpu),
            f.lib_turns as f64 / f.playouts as f64,
            f.south,
            f.north,
            f.draws,
            f.capped,
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Turns/s of three playout loops, side by side (random_playout as above; listing:\n\
         for_each_legal, every legal move played, one picked; checked: legal_moves, then play),\n\
         each with the process's CPU share while it ran"
    )?;
    writeln!(
        out,
        "{:<nw$}{:>15}{:>6}{:>10}{:>6}{:>10}{:>6}{:>16}{:>16}",
        "variant",
        "random_playout",
        "cpu",
        "listing",
        "cpu",
        "checked",
        "cpu",
        "random/listing",
        "random/checked"
    )?;
    for f in &all {
        writeln!(
            out,
            "{:<nw$}{:>15}{:>6}{:>10}{:>6}{:>10}{:>6}{:>15.2}x{:>15.2}x",
            f.name,
            si(f.lib_per_sec()),
            share_text(f.lib_cpu),
            si(f.turns_per_sec()),
            share_text(f.cpu),
            si(f.checked_per_sec()),
            share_text(f.checked_cpu),
            f.lib_per_sec() / f.turns_per_sec(),
            f.lib_per_sec() / f.checked_per_sec(),
        )?;
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
        "{:<nw$}{:>10}{:>10}{:>6}{:>11}{:>11}",
        "variant", "moves/s", "calls/s", "cpu", "avg moves", "positions"
    )?;
    for f in &all {
        writeln!(
            out,
            "{:<nw$}{:>10}{:>10}{:>6}{:>11.2}{:>11}",
            f.name,
            si(f.moves_per_sec()),
            si(f.gen_calls as f64 / f.gen_secs),
            share_text(f.gen_cpu),
            f.gen_moves as f64 / f.gen_calls as f64,
            si(f.sample as f64)
        )?;
    }

    writeln!(out)?;
    writeln!(
        out,
        "Never-ending moves met in the first {NEVER_ENDING_PLAYOUTS} playouts at most (each own pit, in both\n\
         directions where the player chooses, that is a candidate but not legal, put to never_ending)"
    )?;
    writeln!(
        out,
        "{:<nw$}{:>9}{:>10}{:>8}{:>7}{:>12}{:>6}{:>13}{:>13}",
        "variant",
        "playouts",
        "positions",
        "checks",
        "found",
        "all checks",
        "cpu",
        "each, limit",
        "each, cycle"
    )?;
    for f in &all {
        writeln!(
            out,
            "{:<nw$}{:>9}{:>10}{:>8}{:>7}{:>12}{:>6}{:>13}{:>13}",
            f.name,
            f.ne_playouts,
            si(f.ne_positions as f64),
            si(f.ne_checks as f64),
            f.ne_found,
            time(f.ne_secs),
            share_text(f.ne_cpu),
            time(f.ne_found_secs / f.ne_found as f64),
            time(f.ne_cycle_secs / f.ne_cycle_timed as f64)
        )?;
    }
    writeln!(
        out,
        "(playouts: searched within half the time; all checks: time in every never_ending call;\n\
         cpu: over the whole search; each: per never-ending move, by the {LAP_LIMIT}-lap limit,\n\
         and by cycle finding alone, which must go round a whole period: the first {CYCLE_SAMPLE}\n\
         moves, within a quarter of the time)"
    )?;
    for f in all.iter().filter(|f| f.ne_cycle_stopped) {
        writeln!(
            out,
            "{}: cycle finding timed on {} of {} never-ending moves; the next did not finish in \
             the time",
            f.name, f.ne_cycle_timed, f.ne_found
        )?;
    }
    for f in all.iter().filter(|f| f.ne_odd > 0) {
        writeln!(
            out,
            "warning: {}: {} moves end but are not legal",
            f.name, f.ne_odd
        )?;
    }

    writeln!(out)?;
    writeln!(out, "{}", summary(&all, began.elapsed().as_secs_f64()))
}

/// The last line: the figures that have targets (or, with none, every variant's turns/s) and
/// the totals.
fn summary(all: &[Figures], secs: f64) -> String {
    let headline = |f: &Figures| match target(f.variant.game()) {
        Some((per, x)) => {
            let (rate, unit) = match per {
                Per::Game => (f.games_per_sec(), "games/s"),
                Per::Turn => (f.lib_per_sec(), "turns/s"),
            };
            let verdict = if rate >= x { "met" } else { "missed" };
            format!(
                "{} {} {unit} at cpu {} (>= {}, {verdict})",
                f.name,
                si(rate),
                share_text(f.lib_cpu),
                round_si(x)
            )
        }
        None => format!(
            "{} {} turns/s at cpu {}",
            f.name,
            si(f.lib_per_sec()),
            share_text(f.lib_cpu)
        ),
    };
    let targeted: Vec<String> = all
        .iter()
        .filter(|f| target(f.variant.game()).is_some())
        .map(headline)
        .collect();
    let figures = if targeted.is_empty() {
        all.iter().map(headline).collect::<Vec<_>>().join(", ")
    } else {
        format!("targets: {}", targeted.join(", "))
    };
    let gen_moves: u64 = all.iter().map(|f| f.gen_moves).sum();
    let gen_secs: f64 = all.iter().map(|f| f.gen_secs).sum();
    let checked_rate: f64 = all.iter().map(|f| f.checked_turns).sum::<u64>() as f64
        / all.iter().map(|f| f.checked_secs).sum::<f64>();
    let lib_rate: f64 = all.iter().map(|f| f.lib_turns).sum::<u64>() as f64
        / all.iter().map(|f| f.lib_secs).sum::<f64>();
    let found: u64 = all.iter().map(|f| f.ne_found).sum();
    let positions: u64 = all.iter().map(|f| f.ne_positions).sum();
    format!(
        "bench rules: {} variant{} in {secs:.1} s; {figures}; random_playout/checked {:.2}x; \
         {} moves/s generated; {found} never-ending move{} in {} positions",
        all.len(),
        if all.len() == 1 { "" } else { "s" },
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
        assert_eq!(round_si(1e6), "1M");
        assert_eq!(round_si(2e5), "200k");
        assert_eq!(round_si(1.5e6), "1.5M");
    }

    #[test]
    fn moves_come_back_from_their_text() {
        for v in Variant::DEFAULTS {
            let mut pos = Position::new(v);
            let mut rng = Rng::new(9);
            for _ in 0..6 {
                let forms = games::move_forms(&pos);
                for m in forms.into_iter().chain(pos.legal_moves()) {
                    let mt: MoveText = m.to_string().parse().unwrap();
                    assert_eq!(move_of(&mt), Some(m), "{v}: {m}");
                }
                if pos.play_random(|n| rng.below(n)).is_none() {
                    break;
                }
            }
        }
    }

    #[test]
    fn fast_and_checked_playouts_agree() {
        for v in Variant::DEFAULTS {
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
