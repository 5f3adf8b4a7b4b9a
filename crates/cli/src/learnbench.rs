//! `mancala bench learned`: alpha-beta with the learned evaluation against alpha-beta with
//! `evaluate`, at equal time a move, from balanced openings with sides swapped (the games of
//! `mancala match`), in chunks that resume from a log.
//!
//! The log holds the match's settings, its openings as move texts (drawn once: balancing them
//! takes minutes), and a line per finished game. A later run with the same settings reads the
//! openings back, skips the games already played and plays on; the report covers every game in
//! the log. Each run prints the CPU share it had, since a time-limited match on a shared
//! machine depends on it; the nodes a move of both players, searched side by side, give the
//! learned evaluation's speed against `evaluate`'s.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Args;
use mancala::{Position, Side};
use mancala_engine::learned_weights;

use crate::arena::{self, Balance, Config, GameResult, Moves};
use crate::cpu::{Stopwatch, share_text};
use crate::matchlog::MatchLog;
use crate::players::PlayerSpec;

/// `mancala bench learned` options.
#[derive(Debug, Args)]
pub(crate) struct LearnedArgs {
    /// The game (a slug)
    variant: String,
    /// The log to write, and to resume from when it exists
    #[arg(long, value_name = "FILE")]
    log: PathBuf,
    /// Games of the whole match (pairs of games from one opening, sides swapped)
    #[arg(long, value_name = "N", default_value_t = 400,
          value_parser = clap::value_parser!(u64).range(2..=100_000))]
    games: u64,
    /// At most this many games in this run (default: the rest of the match)
    #[arg(long, value_name = "N")]
    chunk: Option<u64>,
    /// Milliseconds a move, for both players
    #[arg(long, value_name = "MS", default_value_t = 50,
          value_parser = clap::value_parser!(u64).range(1..=60_000))]
    time: u64,
    /// Games played at once
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// Seed of the openings
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random plies of each opening before balancing
    #[arg(long, value_name = "K", default_value_t = arena::BENCH_OPENINGS)]
    openings: u32,
    /// The largest |score| of a kept opening by the reference search, 100 a seed
    #[arg(long, value_name = "SCORE", default_value_t = arena::BENCH_BALANCE_WINDOW)]
    balance_window: i32,
    /// The reference search's nodes
    #[arg(long, value_name = "N", default_value_t = arena::BALANCE_NODES)]
    balance_nodes: u64,
    /// Plies after which a game counts as a draw
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max_plies: usize,
    /// Weights to use in place of the built-in ones (from `mancala train`)
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
}

const LOG_MAGIC: &str = "mancala-bench-learned 1";

/// The settings line: a log is resumed only under the same settings.
fn settings_line(a: &LearnedArgs, weights: &str) -> String {
    format!(
        "{} games={} time={} seed={} openings={} window={} nodes={} max-plies={} \
         weights={weights}",
        a.variant,
        a.games,
        a.time,
        a.seed,
        a.openings,
        a.balance_window,
        a.balance_nodes,
        a.max_plies
    )
}

/// Runs `mancala bench learned`.
pub(crate) fn run(out: &mut impl Write, a: &LearnedArgs) -> Result<()> {
    let variant = crate::parse_variant(&a.variant, None)?;
    let game = variant.game();
    if let Some(path) = &a.weights {
        crate::train::install(std::slice::from_ref(path))?;
    }
    let Some(weights) = learned_weights(game) else {
        bail!(
            "there are no learned weights for {} (give --weights FILE from `mancala train`)",
            game.slug()
        );
    };
    let weights_id = format!("{}@{}", game.slug(), weights.games());
    let start = Position::new(variant);
    let time = Some(Duration::from_millis(a.time));
    let players: [PlayerSpec; 2] = [
        "alphabeta-learned".parse::<PlayerSpec>()?.with_time(time),
        "alphabeta".parse::<PlayerSpec>()?.with_time(time),
    ];
    let balance = Balance {
        nodes: a.balance_nodes,
        window: a.balance_window,
    };
    let cfg = Config {
        start,
        players,
        games: usize::try_from(a.games)?,
        threads: usize::try_from(a.threads)?,
        seed: a.seed,
        openings: a.openings,
        max_plies: a.max_plies,
        balance: Some(balance),
    };
    // The weights' command and feature set name them in the log: the same games count of
    // another run or feature set must not resume it.
    let settings = settings_line(
        a,
        &format!(
            "{weights_id} ({}, features {})",
            weights.command(),
            mancala_engine::FEATURE_SET
        ),
    );
    writeln!(
        out,
        "learned v evaluate in {variant}: {} games, {} ms a move, balanced openings of {} plies \
         (|score| <= {}), weights {weights_id}: {}",
        a.games,
        a.time,
        a.openings,
        a.balance_window,
        weights.command()
    )?;
    let draw_clock = Stopwatch::start();
    let mut log = MatchLog::open(
        &a.log,
        LOG_MAGIC,
        &settings,
        start,
        cfg.games.div_ceil(2),
        || arena::balanced_openings(&cfg, balance),
    )?;
    if log.drawn {
        let (secs, _) = draw_clock.read();
        writeln!(
            out,
            "drew {} balanced openings of {} tried in {secs:.0} s",
            log.openings.lines.len(),
            log.openings.tried
        )?;
    }
    let todo = log.todo(cfg.games, a.chunk.map(|c| c as usize));
    writeln!(
        out,
        "{} games in the log, {} to play in this run",
        log.games.len(),
        todo.len()
    )?;
    out.flush()?;
    let clock = Stopwatch::start();
    let openings = log.openings.clone();
    arena::play_games(&cfg, &openings, &todo, |i, g| log.append(i, g))?;
    let (secs, share) = clock.read();
    writeln!(
        out,
        "this run: {} games in {secs:.0} s, CPU {} over {} threads",
        todo.len(),
        share_text(share),
        cfg.threads
    )?;
    report(out, &log.games, cfg.games)
}

/// The score of every game in the log.
fn report(out: &mut impl Write, done: &BTreeMap<usize, GameResult>, total: usize) -> Result<()> {
    let n = done.len();
    if n == 0 {
        writeln!(out, "no games yet")?;
        return Ok(());
    }
    let mut wdl = [0usize; 3];
    let mut by_side = [[0usize; 3]; 2];
    let mut moves = [Moves::default(); 2];
    for g in done.values() {
        wdl[g.for_a()] += 1;
        by_side[usize::from(g.a_side == Side::North)][g.for_a()] += 1;
        moves[0].add(g.moves[0]);
        moves[1].add(g.moves[1]);
    }
    let [w, d, l] = wdl;
    let nf = n as f64;
    let score = (w as f64 + d as f64 / 2.0) / nf;
    let (lo, hi) = arena::wilson(score, nf);
    writeln!(
        out,
        "learned after {n} of {total} games: +{w} ={d} -{l}, score {score:.3} (95% interval \
         {lo:.3} to {hi:.3}); as South +{} ={} -{}, as North +{} ={} -{}",
        by_side[0][0], by_side[0][1], by_side[0][2], by_side[1][0], by_side[1][1], by_side[1][2]
    )?;
    if n >= 2 {
        writeln!(
            out,
            "{}",
            arena::Pairs::of(done).text("learned", "evaluate")
        )?;
    }
    let per = |m: Moves| {
        let nodes = m.nodes as f64 / m.count.max(1) as f64;
        let rate = m.nodes as f64 / m.time.as_secs_f64().max(1e-9);
        (nodes, rate)
    };
    let (ln, lr) = per(moves[0]);
    let (en, er) = per(moves[1]);
    writeln!(
        out,
        "nodes a move: learned {ln:.0}, evaluate {en:.0}; nodes/s {lr:.0} and {er:.0} (ratio \
         {:.2}, measured side by side)",
        lr / er.max(1e-9)
    )?;
    Ok(())
}
