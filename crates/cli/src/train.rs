//! `mancala train`: trains the learned evaluation of one game by self-play
//! ([`mancala_engine::Weights::train_game`]), in chunks that resume from the weights file.
//!
//! The weights file is also the checkpoint: it holds the settings and the number of games
//! played, and game `k` depends only on the seed, `k` and the weights before it, so a run cut
//! into chunks (`--resume`) ends with the same weights as one run of as many games. The file
//! is written every `--checkpoint` seconds and at the end, each time to a temporary file
//! renamed over the old one, so a run killed midway leaves the last checkpoint whole.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use mancala::{Game, Side};
use mancala_engine::{TrainConfig, Weights};

use crate::cpu::{Stopwatch, share_text};

/// `mancala train` options.
#[derive(Debug, Args)]
pub(crate) struct TrainArgs {
    /// The game: one of the Bao family, Hawalis, Hus or Omweso (a slug)
    game: String,
    /// The weights file to write (also the checkpoint)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Continue from this weights file (its settings and games count)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "alpha", "lambda", "epsilon", "depth", "opening", "hidden"])]
    resume: Option<PathBuf>,
    /// Stop when the weights have been trained on this many games in all
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// Stop after this many minutes of this run (at the end of a game)
    #[arg(long, value_name = "M")]
    minutes: Option<f64>,
    /// Seed of the run [default: 1]
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Learning rate [default: 0.05]
    #[arg(long, value_name = "A")]
    alpha: Option<f32>,
    /// TD(λ)'s λ, 0 to 1 [default: 0.7]
    #[arg(long, value_name = "L")]
    lambda: Option<f32>,
    /// Share of random moves, 0 to 1 [default: 0.05]
    #[arg(long, value_name = "E")]
    epsilon: Option<f32>,
    /// Self-play search depth, 1 to 6 [default: 2]
    #[arg(long, value_name = "PLIES")]
    depth: Option<u32>,
    /// Most random plies at the start of a game, 0 to 40 [default: 8]
    #[arg(long, value_name = "PLIES")]
    opening: Option<u32>,
    /// Hidden units beside the linear model, at most 32 [default: 0]
    #[arg(long, value_name = "UNITS")]
    hidden: Option<u32>,
    /// Seconds between checkpoints
    #[arg(long, value_name = "S", default_value_t = 60)]
    checkpoint: u64,
}

impl TrainArgs {
    /// The settings of a new run, checked.
    fn config(&self) -> Result<TrainConfig> {
        let d = TrainConfig::default();
        let c = TrainConfig {
            seed: self.seed.unwrap_or(d.seed),
            alpha: self.alpha.unwrap_or(d.alpha),
            lambda: self.lambda.unwrap_or(d.lambda),
            epsilon: self.epsilon.unwrap_or(d.epsilon),
            depth: self.depth.unwrap_or(d.depth),
            opening: self.opening.unwrap_or(d.opening),
            hidden: self.hidden.unwrap_or(d.hidden),
        };
        if !(c.alpha.is_finite() && c.alpha > 0.0 && c.alpha <= 10.0) {
            bail!("--alpha must be above 0 and at most 10 (got {})", c.alpha);
        }
        if !(0.0..=1.0).contains(&c.lambda) {
            bail!("--lambda must be from 0 to 1 (got {})", c.lambda);
        }
        if !(0.0..=1.0).contains(&c.epsilon) {
            bail!("--epsilon must be from 0 to 1 (got {})", c.epsilon);
        }
        if !(1..=6).contains(&c.depth) {
            bail!("--depth must be from 1 to 6 plies (got {})", c.depth);
        }
        if c.opening > 40 {
            bail!("--opening must be at most 40 plies (got {})", c.opening);
        }
        Ok(c)
    }
}

/// Reads a weights file, with its name in the error.
pub(crate) fn read_weights(path: &Path) -> Result<Weights> {
    let text = fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
    text.parse().map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// Reads the weights files and uses them for the learned evaluation in this process.
pub(crate) fn install(paths: &[PathBuf]) -> Result<()> {
    if paths.is_empty() {
        return Ok(());
    }
    let mut all = Vec::new();
    for p in paths {
        let w = read_weights(p)?;
        if all.iter().any(|x: &Weights| x.game() == w.game()) {
            bail!("two weights files for {}", w.game().slug());
        }
        all.push(w);
    }
    mancala_engine::install_weights(all)
        .map_err(|_| anyhow!("the learned evaluation was already in use"))
}

/// Writes `w` to `path` through a temporary file beside it.
fn write_weights(path: &Path, w: &Weights) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    fs::write(&tmp, w.to_text()).with_context(|| format!("{}", tmp.display()))?;
    fs::rename(&tmp, path).with_context(|| format!("{}", path.display()))?;
    Ok(())
}

/// Runs `mancala train`.
pub(crate) fn run(out: &mut impl Write, a: &TrainArgs) -> Result<()> {
    if a.games.is_none() && a.minutes.is_none() {
        bail!("give --games (the total to reach) or --minutes (this run's budget), or both");
    }
    if let Some(m) = a.minutes
        && !(m.is_finite() && m > 0.0 && m <= 100_000.0)
    {
        bail!("--minutes must be above 0 (got {m})");
    }
    if a.checkpoint == 0 {
        bail!("--checkpoint must be at least 1 second");
    }
    let game = Game::ALL
        .into_iter()
        .find(|g| g.slug() == a.game)
        .ok_or_else(|| anyhow!("unknown game `{}`", a.game))?;
    let mut w = match &a.resume {
        Some(path) => {
            let w = read_weights(path)?;
            if w.game() != game {
                bail!(
                    "{} holds weights for {}, not {}",
                    path.display(),
                    w.game().slug(),
                    game.slug()
                );
            }
            w
        }
        None => Weights::initial(game, a.config()?)?,
    };
    let target = a.games.unwrap_or(u64::MAX);
    if w.games() >= target {
        writeln!(out, "already trained on {} games: nothing to do", w.games())?;
        write_weights(&a.out, &w)?;
        return Ok(());
    }
    let budget = a.minutes.map(|m| Duration::from_secs_f64(m * 60.0));
    writeln!(
        out,
        "training {} from game {}: {}",
        game.slug(),
        w.games(),
        w.command()
    )?;
    out.flush()?;
    let clock = Stopwatch::start();
    let every = Duration::from_secs(a.checkpoint);
    let mut next_checkpoint = every;
    // Per report: games, South wins, North wins, plies; and the summed TD error.
    let mut tally = [0u64; 4];
    let mut td = 0.0f64;
    let start_games = w.games();
    while w.games() < target && budget.is_none_or(|b| clock.elapsed() < b) {
        let g = w.train_game();
        tally[0] += 1;
        match g.winner {
            Some(Side::South) => tally[1] += 1,
            Some(Side::North) => tally[2] += 1,
            None => {}
        }
        tally[3] += u64::from(g.plies);
        td += f64::from(g.td_error);
        if clock.elapsed() >= next_checkpoint {
            next_checkpoint = clock.elapsed() + every;
            write_weights(&a.out, &w)?;
            report(out, &w, &clock, &tally, td, start_games)?;
            tally = [0; 4];
            td = 0.0;
        }
    }
    write_weights(&a.out, &w)?;
    report(out, &w, &clock, &tally, td, start_games)?;
    writeln!(out, "wrote {} ({} games)", a.out.display(), w.games())?;
    Ok(())
}

fn report(
    out: &mut impl Write,
    w: &Weights,
    clock: &Stopwatch,
    tally: &[u64; 4],
    td: f64,
    start_games: u64,
) -> Result<()> {
    let (secs, share) = clock.read();
    let n = tally[0].max(1) as f64;
    writeln!(
        out,
        "games {}: {:.1} games/s this run, CPU {}; last {}: South won {:.0}%, North {:.0}%, \
         {:.0} plies a game, TD error {:.4}",
        w.games(),
        (w.games() - start_games) as f64 / secs.max(1e-9),
        share_text(share),
        tally[0],
        100.0 * tally[1] as f64 / n,
        100.0 * tally[2] as f64 / n,
        tally[3] as f64 / n,
        td / n,
    )?;
    out.flush()?;
    Ok(())
}
