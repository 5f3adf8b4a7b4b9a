//! `mancala bench ladder`: each level against the one below, in one game, from one set of
//! openings drawn once, with a table of the scores at the end (docs/engine.md, "Levels").
//!
//! A level that plays by time may be given less of it (`--time-divisor`), as the engine issue
//! allows for ladder runs; levels of fixed depth or one ply play as they do on the site, and
//! every level on one thread (the games run side by side, one a core).
//!
//! With a log folder (`--log-dir`) a ladder runs in chunks: the openings are drawn once per
//! game and kept there (`<game>.openings`), each pairing's games are appended to its own log
//! (`<game>-8v7.log`) as they end, and a later run plays only the games missing. A pairing
//! whose players have changed (a new table, or levels that now search with the learned
//! evaluation, which their descriptions name) starts again; its old log is kept as `.old`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use mancala::Position;
use mancala_engine::levels;

use crate::arena::{self, Config, MatchScore, Openings};
use crate::matchlog::{MatchLog, OPENINGS_MAGIC};
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
    /// Where the openings and each pairing's games are kept between runs (`None`: nowhere).
    pub(crate) log_dir: Option<PathBuf>,
    /// With a log: at most this many new games a pairing in this run.
    pub(crate) chunk: Option<usize>,
}

/// The first line of the ladder's pairing logs.
const PAIRING_MAGIC: &str = "mancala-bench-ladder 1";

/// Level `n` of the start's game, with its time divided as asked.
fn level_spec(start: &Position, n: u8, divisor: u32) -> PlayerSpec {
    let own = levels(start.variant().game())[usize::from(n) - 1].limits;
    let spec = PlayerSpec::level(n).with_threads(1);
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
    let openings = match &ladder.log_dir {
        None => arena::header_and_openings(out, &cfg)?,
        Some(dir) => {
            arena::header(out, &cfg)?;
            cached_openings(out, dir, &cfg)?
        }
    };
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
        let score = match &ladder.log_dir {
            None => Some(arena::play_and_report(out, &cfg, &openings)?),
            Some(dir) => logged_pairing(out, dir, &cfg, &openings, n, ladder.chunk)?,
        };
        if let Some(score) = score {
            rows.push((n, score));
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "ladder of {} ({} games a pairing, target {TARGET:.2}):",
        start.variant(),
        cfg.games
    )?;
    let unfinished = rows.iter().filter(|(_, s)| s.games < cfg.games).count();
    writeln!(
        out,
        "{:<10} {:>6}  {:>15}  {:>5}",
        "pairing", "score", "95% interval", "Elo"
    )?;
    rows.sort_by_key(|&(n, _)| n);
    let mut short = 0;
    for (n, s) in &rows {
        let verdict = if s.games < cfg.games {
            format!("{} of {} games so far", s.games, cfg.games)
        } else if s.score >= TARGET {
            "ok".to_owned()
        } else {
            short += 1;
            "below target".to_owned()
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
        "{} of {} finished pairings reach {TARGET:.2}{}",
        rows.len() - unfinished - short,
        rows.len() - unfinished,
        if unfinished > 0 {
            format!("; {unfinished} unfinished (run again with the same --log-dir)")
        } else {
            String::new()
        }
    )?;
    Ok(())
}

/// The name of a game's files in the log folder: its slug, and its rule options if any.
fn stem(start: &Position) -> String {
    let v = start.variant();
    let mut stem = v.game().slug().to_owned();
    for word in v.rules_text().split_whitespace() {
        stem.push('+');
        stem.push_str(word);
    }
    stem
}

/// What the openings of a match depend on: every setting but the players.
fn openings_settings(cfg: &Config) -> String {
    let balance = cfg.balance.map_or_else(String::new, |b| {
        format!(" balance={}/{}", b.nodes, b.window)
    });
    format!(
        "{} from={} seed={} openings={}{balance}",
        cfg.start.variant().display_name(),
        cfg.start.diagram(),
        cfg.seed,
        cfg.openings
    )
}

/// The ladder's openings, read from `<dir>/<game>.openings` or drawn and kept there.
fn cached_openings(out: &mut impl Write, dir: &Path, cfg: &Config) -> Result<Openings> {
    std::fs::create_dir_all(dir).with_context(|| format!("{}", dir.display()))?;
    let path = dir.join(format!("{}.openings", stem(&cfg.start)));
    let log = MatchLog::open(
        &path,
        OPENINGS_MAGIC,
        &openings_settings(cfg),
        cfg.start,
        cfg.games.div_ceil(2),
        || arena::draw_openings(out, cfg),
    )?;
    if !log.drawn {
        writeln!(
            out,
            "openings: {} read from {}",
            log.openings.lines.len(),
            path.display()
        )?;
    }
    Ok(log.openings)
}

/// Pairing `n` against `n - 1` from its log: the games missing (at most `chunk`) are played
/// and appended, then every game in the log is reported; `None` if it has none yet.
fn logged_pairing(
    out: &mut impl Write,
    dir: &Path,
    cfg: &Config,
    openings: &Openings,
    n: u8,
    chunk: Option<usize>,
) -> Result<Option<MatchScore>> {
    let game = cfg.start.variant().game();
    let path = dir.join(format!("{}-{n}v{}.log", stem(&cfg.start), n - 1));
    let settings = format!(
        "{} A={} B={} max-plies={}",
        openings_settings(cfg),
        cfg.players[0].describe(game),
        cfg.players[1].describe(game),
        cfg.max_plies
    );
    if let Some(old) = MatchLog::settings_of(&path)?
        && old != settings
    {
        let mut aside = path.clone().into_os_string();
        aside.push(".old");
        std::fs::rename(&path, &aside).with_context(|| format!("{}", path.display()))?;
        writeln!(
            out,
            "{} was played with other settings (`{old}`): starting again, the old log kept as \
             {}",
            path.display(),
            PathBuf::from(aside).display()
        )?;
    }
    let mut log = MatchLog::open(
        &path,
        PAIRING_MAGIC,
        &settings,
        cfg.start,
        cfg.games.div_ceil(2),
        || Ok(openings.clone()),
    )?;
    let todo = log.todo(cfg.games, chunk);
    writeln!(
        out,
        "{}: {} games in the log, {} to play in this run",
        path.display(),
        log.games.len(),
        todo.len()
    )?;
    out.flush()?;
    let clock = Instant::now();
    arena::play_games(cfg, openings, &todo, |i, g| log.append(i, g))?;
    if log.games.is_empty() {
        return Ok(None);
    }
    arena::report(out, cfg, &log.games, clock.elapsed()).map(Some)
}
