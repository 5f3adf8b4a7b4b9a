//! `mancala bench smp`: alpha-beta on several threads (Lazy SMP) against one thread at equal
//! wall time. First the speed: the same positions searched for the same time by each, in
//! turn, with the nodes/s and the CPU share each got (the machine may be shared, and a second
//! thread that gets no core of its own cannot double anything). Then a match from balanced
//! openings, colours swapped, one game at a time (the searches need the cores): every game
//! played is appended to a record file at once, so a long match runs in chunks, each run
//! playing the next `--chunk` games, and the score and its 95% interval are over every game
//! in the file.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use mancala_engine::{AlphaBeta, Limits, Player};

use crate::arena::{self, Config, GameResult, Moves};
use crate::bench::{si, time};
use crate::cpu::{Stopwatch, share_text};
use crate::matchlog::{MatchLog, OPENINGS_MAGIC, parse_side, side_text};

/// What `bench smp` was asked to do.
#[derive(Clone, Debug)]
pub(crate) struct Smp {
    /// The match: player A searches on `threads` threads, B on one, both for `time` a move;
    /// `games` is the whole match, played one game at a time from balanced openings.
    pub(crate) cfg: Config,
    /// Player A's threads.
    pub(crate) threads: u32,
    /// Time a move (and a search of the speed comparison).
    pub(crate) time: Duration,
    /// Seconds of the speed comparison (0: none).
    pub(crate) speed_seconds: f64,
    /// Games at most this run (`None`: all that are left).
    pub(crate) chunk: Option<usize>,
    /// The record of games played, read and appended to.
    pub(crate) record: Option<PathBuf>,
}

/// Runs the benchmark and prints its figures.
pub(crate) fn run(out: &mut impl Write, smp: &Smp) -> Result<()> {
    let cfg = &smp.cfg;
    let Some(balance) = cfg.balance else {
        bail!("bench smp plays from balanced openings");
    };
    writeln!(
        out,
        "smp {}: alpha-beta on {} threads (A) against one thread (B), {} ms a move",
        cfg.start.variant(),
        smp.threads,
        smp.time.as_millis()
    )?;
    let header = header(smp);
    let mut played = match &smp.record {
        Some(path) => read_record(path, &header)?,
        None => Vec::new(),
    };
    let done = played.len().min(cfg.games);
    let wanted = smp
        .chunk
        .map_or(cfg.games, |c| done.saturating_add(c).min(cfg.games));
    // Openings for every game (and at least a few positions for the speed part), drawn on two
    // threads, which does not change them, and kept beside the record for the next run.
    let drawn = Config {
        games: cfg.games.max(8),
        threads: 2,
        ..cfg.clone()
    };
    let kept = smp.record.as_ref().map(|p| {
        let mut name = p.clone().into_os_string();
        name.push(".openings");
        PathBuf::from(name)
    });
    let openings = match &kept {
        Some(p) => {
            MatchLog::open(
                p,
                OPENINGS_MAGIC,
                &header,
                drawn.start,
                drawn.games.div_ceil(2),
                || arena::balanced_openings(&drawn, balance),
            )?
            .openings
        }
        None => arena::balanced_openings(&drawn, balance)?,
    };
    writeln!(
        out,
        "openings: {} balanced ({} random plies, |score| <= {} at {} nodes), seed {}",
        openings.lines.len(),
        cfg.openings,
        balance.window,
        balance.nodes,
        cfg.seed
    )?;
    if smp.speed_seconds > 0.0 {
        speed(out, smp, &drawn, &openings)?;
    }
    out.flush()?;

    if wanted > done {
        let mut file = match &smp.record {
            Some(path) => Some(open_record(path, &header, done == 0)?),
            None => None,
        };
        let stop = AtomicBool::new(false);
        let chunk_clock = Stopwatch::start();
        for i in done..wanted {
            let clock = Stopwatch::start();
            let game = arena::play_game(&drawn, &openings, i, &stop).map_err(|e| anyhow!(e))?;
            let (wall, share) = clock.read();
            let line = Played {
                game,
                wall,
                cpu: share.map(|s| s * wall),
            };
            if let Some(f) = &mut file {
                writeln!(f, "{}", line.to_line(i))?;
                f.flush()?;
            }
            played.push(line);
            let [w, d, l] = wdl(&played);
            eprintln!(
                "smp: game {}/{}: A +{w} ={d} -{l}, CPU {} this game",
                i + 1,
                cfg.games,
                share_text(share)
            );
        }
        let (wall, share) = chunk_clock.read();
        writeln!(
            out,
            "this run: {} games in {}, CPU {} of a core (A needs {} of it)",
            wanted - done,
            time(wall),
            share_text(share),
            share_text(Some(f64::from(smp.threads)))
        )?;
    }
    report(out, smp, &played)?;
    Ok(())
}

/// The first line of a record: what match the games belong to.
fn header(smp: &Smp) -> String {
    let cfg = &smp.cfg;
    let balance = cfg.balance.map_or_else(String::new, |b| {
        format!(" balance={}/{}", b.nodes, b.window)
    });
    format!(
        "# mancala bench smp {} A={} B={} seed={} openings={}{balance} max-plies={}",
        cfg.start.diagram(),
        cfg.players[0],
        cfg.players[1],
        cfg.seed,
        cfg.openings,
        cfg.max_plies
    )
}

/// A game of the match with the wall time it took and the CPU time the process used meanwhile.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Played {
    game: GameResult,
    wall: f64,
    cpu: Option<f64>,
}

fn moves_text(m: Moves) -> String {
    format!("{}/{}/{}", m.count, m.time.as_micros(), m.nodes)
}

impl Played {
    /// `<index> <A's side> <winner or -> plies=<n> rep=<0|1> cap=<0|1> a=<moves>/<µs>/<nodes>
    /// b=... wall=<µs> cpu=<µs or ->`.
    fn to_line(self, index: usize) -> String {
        let g = &self.game;
        format!(
            "{index} {} {} plies={} rep={} cap={} a={} b={} wall={} cpu={}",
            side_text(g.a_side),
            g.winner.map_or("-", side_text),
            g.plies,
            u8::from(g.repetition),
            u8::from(g.capped),
            moves_text(g.moves[0]),
            moves_text(g.moves[1]),
            (self.wall * 1e6).round() as u64,
            self.cpu.map_or_else(
                || "-".to_owned(),
                |c| ((c * 1e6).round() as u64).to_string()
            )
        )
    }

    /// The game written by [`Self::to_line`] as game `index`; `None` if it is not one.
    fn from_line(line: &str, index: usize) -> Option<Self> {
        let mut words = line.split_whitespace();
        if words.next()?.parse::<usize>().ok()? != index {
            return None;
        }
        let side = parse_side;
        let a_side = side(words.next()?)??;
        let winner = side(words.next()?)?;
        let mut field = |key: &str| {
            words
                .next()
                .and_then(|w| w.strip_prefix(key))
                .and_then(|w| w.strip_prefix('='))
                .map(str::to_owned)
        };
        let plies = field("plies")?.parse().ok()?;
        let flag = |v: String| match v.as_str() {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        };
        let repetition = flag(field("rep")?)?;
        let capped = flag(field("cap")?)?;
        let moves = |v: String| {
            let mut parts = v.split('/').map(str::parse::<u64>);
            let m = Moves {
                count: parts.next()?.ok()?,
                time: Duration::from_micros(parts.next()?.ok()?),
                nodes: parts.next()?.ok()?,
            };
            parts.next().is_none().then_some(m)
        };
        let a = moves(field("a")?)?;
        let b = moves(field("b")?)?;
        let wall = field("wall")?.parse::<u64>().ok()? as f64 / 1e6;
        let cpu = match field("cpu")?.as_str() {
            "-" => None,
            c => Some(c.parse::<u64>().ok()? as f64 / 1e6),
        };
        if words.next().is_some() {
            return None;
        }
        Some(Self {
            game: GameResult {
                a_side,
                winner,
                repetition,
                capped,
                plies,
                moves: [a, b],
            },
            wall,
            cpu,
        })
    }
}

/// The games of a record file written for the match `header` (none if there is no file).
fn read_record(path: &PathBuf, header: &str) -> Result<Vec<Played>> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("{}", path.display())),
    };
    let mut games = Vec::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("{}", path.display()))?;
        if n == 0 {
            if line != header {
                bail!(
                    "{} records another match:\n  {line}\nnot\n  {header}\n(give another \
                     --record file, or the same options as the run that wrote it)",
                    path.display()
                );
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let game = Played::from_line(&line, games.len()).ok_or_else(|| {
            anyhow!(
                "{} line {}: not game {} of the match: `{line}`",
                path.display(),
                n + 1,
                games.len()
            )
        })?;
        games.push(game);
    }
    Ok(games)
}

/// The record file open for appending, with its header written if it is new.
fn open_record(path: &PathBuf, header: &str, new: bool) -> Result<File> {
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("{}", path.display()))?;
    if new && f.metadata()?.len() == 0 {
        writeln!(f, "{header}")?;
    }
    Ok(f)
}

fn wdl(games: &[Played]) -> [usize; 3] {
    let mut wdl = [0; 3];
    for g in games {
        wdl[g.game.for_a()] += 1;
    }
    wdl
}

/// Nodes/s of one thread and of `smp.threads`, searching the same positions in turn for the
/// match's time a move, for `smp.speed_seconds` in all.
fn speed(out: &mut impl Write, smp: &Smp, cfg: &Config, openings: &arena::Openings) -> Result<()> {
    let mut positions = Vec::new();
    for line in &openings.lines {
        let mut pos = cfg.start;
        for &m in line {
            pos = pos.play(m).map_err(|e| anyhow!("opening: {e}"))?;
        }
        positions.push(pos);
    }
    let counts = [1, smp.threads];
    // Nodes, wall seconds and CPU seconds of each.
    let mut sums = [(0u64, 0.0f64, Some(0.0f64)); 2];
    let all = Stopwatch::start();
    let mut searches = 0;
    while all.elapsed().as_secs_f64() < smp.speed_seconds {
        let pos = positions[searches % positions.len()];
        for (k, &threads) in counts.iter().enumerate() {
            let limits = Limits::time(smp.time).with_threads(threads);
            let mut player = AlphaBeta::new(None);
            let clock = Stopwatch::start();
            let r = player.choose(&pos, &limits, &AtomicBool::new(false));
            let (wall, share) = clock.read();
            let s = &mut sums[k];
            s.0 += r.nodes;
            s.1 += wall;
            s.2 = s.2.zip(share).map(|(c, sh)| c + sh * wall);
        }
        searches += 1;
    }
    writeln!(
        out,
        "speed: {searches} searches of {} positions for {} ms by each, in turn",
        positions.len().min(searches),
        smp.time.as_millis()
    )?;
    let rate = |k: usize| sums[k].0 as f64 / sums[k].1.max(1e-9);
    let cpu = |k: usize| sums[k].2.map(|c| c / sums[k].1.max(1e-9));
    for (k, &threads) in counts.iter().enumerate() {
        writeln!(
            out,
            "  {threads} thread{}: {} nodes/s, CPU {} of a core",
            if threads == 1 { " " } else { "s" },
            si(rate(k)),
            share_text(cpu(k))
        )?;
    }
    let ratio = rate(1) / rate(0).max(1e-9);
    let cpu_ratio = cpu(1).zip(cpu(0)).map(|(a, b)| a / b.max(1e-9));
    writeln!(
        out,
        "  ratio: {ratio:.2}x nodes/s (target 1.6x) with {}x the CPU",
        cpu_ratio.map_or_else(|| "-".to_owned(), |r| format!("{r:.2}"))
    )?;
    // What a CPU second buys each: the cost of the threads themselves, whatever the load.
    if let Some(r) = cpu_ratio.filter(|&r| r > 0.0) {
        writeln!(
            out,
            "  nodes per CPU second: {:.2}x of one thread's",
            ratio / r
        )?;
    }
    Ok(())
}

/// The score over every game played so far, and the match's own speed figures.
fn report(out: &mut impl Write, smp: &Smp, played: &[Played]) -> Result<()> {
    let n = played.len();
    if n == 0 {
        writeln!(out, "no games played yet")?;
        return Ok(());
    }
    let [w, d, l] = wdl(played);
    let nf = n as f64;
    let score = (w as f64 + d as f64 / 2.0) / nf;
    let (lo, hi) = arena::wilson(score, nf);
    writeln!(
        out,
        "match: {n} of {} games: +{w} ={d} -{l} for A ({} threads)",
        smp.cfg.games, smp.threads
    )?;
    writeln!(
        out,
        "score: {score:.3} for A (95% interval {lo:.3} to {hi:.3}{}), Elo {} ({} to {})",
        if lo > 0.5 { ", above 0.5" } else { "" },
        arena::elo_text(score),
        arena::elo_text(lo),
        arena::elo_text(hi)
    )?;
    let mut moves = [Moves::default(); 2];
    let (mut wall, mut cpu) = (0.0, Some(0.0));
    for p in played {
        moves[0].add(p.game.moves[0]);
        moves[1].add(p.game.moves[1]);
        wall += p.wall;
        cpu = cpu.zip(p.cpu).map(|(a, b)| a + b);
    }
    let rate = |m: Moves| m.nodes as f64 / m.time.as_secs_f64().max(1e-9);
    writeln!(
        out,
        "in the match: A {} nodes/s, B {} nodes/s ({:.2}x); CPU {} of a core over {}",
        si(rate(moves[0])),
        si(rate(moves[1])),
        rate(moves[0]) / rate(moves[1]).max(1e-9),
        share_text(cpu.map(|c| c / wall.max(1e-9))),
        time(wall)
    )?;
    if n < smp.cfg.games {
        writeln!(
            out,
            "{} games left: run the same command again to play on",
            smp.cfg.games - n
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala::Side;

    #[test]
    fn record_lines_read_back() {
        let p = Played {
            game: GameResult {
                a_side: Side::North,
                winner: Some(Side::South),
                repetition: false,
                capped: true,
                plies: 87,
                moves: [
                    Moves {
                        count: 40,
                        time: Duration::from_micros(4_000_123),
                        nodes: 9_000_000,
                    },
                    Moves {
                        count: 41,
                        time: Duration::from_micros(4_100_000),
                        nodes: 5_000_000,
                    },
                ],
            },
            wall: 8.25,
            cpu: Some(15.5),
        };
        let line = p.to_line(7);
        assert_eq!(Played::from_line(&line, 7), Some(p));
        assert_eq!(Played::from_line(&line, 8), None, "another game's number");
        let draw = Played {
            game: GameResult {
                winner: None,
                ..p.game
            },
            cpu: None,
            ..p
        };
        assert_eq!(Played::from_line(&draw.to_line(0), 0), Some(draw));
        for bad in [
            "",
            "0 S",
            "0 X S plies=1 rep=0 cap=0 a=1/2/3 b=1/2/3 wall=1 cpu=1",
            "0 S S plies=1 rep=2 cap=0 a=1/2/3 b=1/2/3 wall=1 cpu=1",
            "0 S S plies=1 rep=0 cap=0 a=1/2 b=1/2/3 wall=1 cpu=1",
            "0 S S plies=1 rep=0 cap=0 a=1/2/3 b=1/2/3 wall=1 cpu=1 more",
            "0 S S plies=1 rep=0 cap=0 b=1/2/3 a=1/2/3 wall=1 cpu=1",
        ] {
            assert_eq!(Played::from_line(bad, 0), None, "{bad}");
        }
        assert!(
            Played::from_line("0 S S plies=1 rep=0 cap=0 a=1/2/3 b=1/2/3 wall=1 cpu=-", 0)
                .is_some()
        );
    }
}
