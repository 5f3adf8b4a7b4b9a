//! `mancala book build|check kalah`: the perfect-Kalah book made ahead of time or examined, and
//! `mancala bench kalah-perfect`: level 8 against levels 5 to 7 and MCTS with every position it
//! moved from checked by the solver (docs/engine.md, "Perfect Kalah").

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use mancala::{EndReason, Game, Position, RuleOption, Side, Variant};
use mancala_engine::perfect::{BUILD_TABLE_BITS, Source, start};
use mancala_engine::{
    BOOK_DATABASE_SEEDS, Found, KalahBook, KalahSolver, Limits, Mcts, PLAY_TABLE_BITS, PROBE_NODES,
    PerfectKalah, Player, level,
};

use crate::cpu::{Stopwatch, share_text};
use crate::rng::Rng;

/// The rules `empty_capture` of a Kalah(6,4) variant, or why it is not one.
pub(crate) fn perfect_rules(variant: Variant) -> Result<bool> {
    if variant.game() != Game::Kalah {
        return Err(anyhow!(
            "the perfect-play book is for kalah (6 pits, 4 seeds), not {variant}"
        ));
    }
    Ok(variant.has(RuleOption::EmptyCapture))
}

/// The endgame database of the book, built in memory, with how long it took.
fn database(out: &mut impl Write, empty_capture: bool) -> Result<Arc<KalahSolver>> {
    let t = Instant::now();
    let mut base = KalahSolver::new(4, empty_capture);
    let boards = base
        .build_database(BOOK_DATABASE_SEEDS, &AtomicBool::new(false))
        .map_err(|e| anyhow!("endgame database: {e}"))?;
    writeln!(
        out,
        "database: up to {BOOK_DATABASE_SEEDS} seeds in the pits, {boards} boards, {:.1} s",
        t.elapsed().as_secs_f64()
    )?;
    Ok(Arc::new(base))
}

/// Builds the book with `base`'s database and writes it to `dir`, printing progress.
fn build_book(
    out: &mut impl Write,
    base: &KalahSolver,
    empty_capture: bool,
    dir: &Path,
) -> Result<KalahBook> {
    let watch = Stopwatch::start();
    let mut solver = KalahSolver::sharing_database(BUILD_TABLE_BITS, base);
    let mut probe = KalahSolver::sharing_database(PLAY_TABLE_BITS, base);
    let mut last = Instant::now();
    let mut failed = None;
    let book = KalahBook::build(
        &mut solver,
        &mut probe,
        &start(empty_capture),
        PROBE_NODES,
        &AtomicBool::new(false),
        &mut |p| {
            if last.elapsed() >= Duration::from_secs(30) {
                last = Instant::now();
                if let Err(e) = writeln!(
                    out,
                    "  {:.0} s: {} positions probed, {} in the book",
                    watch.elapsed().as_secs_f64(),
                    p.probed,
                    p.entries
                )
                .and_then(|()| out.flush())
                {
                    failed = Some(e);
                }
            }
        },
    )
    .map_err(|e| anyhow!("building the book: {e}"))?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    let (secs, share) = watch.read();
    let bytes = book.to_bytes().len();
    writeln!(
        out,
        "book: {} positions, {bytes} bytes, built in {secs:.1} s (CPU share {})",
        book.len(),
        share_text(share)
    )?;
    match book.save(dir) {
        Ok(()) => writeln!(
            out,
            "written: {}",
            dir.join(KalahBook::file_name(empty_capture)).display()
        )?,
        Err(e) => writeln!(
            out,
            "not written ({}: {e}); the book was kept in memory only",
            dir.display()
        )?,
    }
    Ok(book)
}

/// `mancala book build kalah`: builds the book (even if one is there) into `dir`.
///
/// # Errors
/// Not Kalah(6,4), no memory for the database, or writing the output failed.
pub(crate) fn build(out: &mut impl Write, variant: Variant, dir: &Path) -> Result<()> {
    let empty_capture = perfect_rules(variant)?;
    let base = database(out, empty_capture)?;
    build_book(out, &base, empty_capture, dir)?;
    Ok(())
}

/// `mancala book check kalah`: reads the book in `dir` and says what it holds, or why it is
/// refused.
///
/// # Errors
/// Not Kalah(6,4), or the book is missing or refused.
pub(crate) fn check(out: &mut impl Write, variant: Variant, dir: &Path) -> Result<()> {
    let empty_capture = perfect_rules(variant)?;
    let file = dir.join(KalahBook::file_name(empty_capture));
    let book =
        KalahBook::load(dir, empty_capture).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    writeln!(
        out,
        "{}: {} positions, probe budget {} nodes, rules {}",
        file.display(),
        book.len(),
        book.probe_nodes(),
        if empty_capture {
            "empty_capture"
        } else {
            "default"
        }
    )?;
    let start = start(empty_capture);
    if let Some((margin, m)) = book.get(&start) {
        writeln!(
            out,
            "start: margin {margin:+} for south, book move {}",
            start.move_text(m)?
        )?;
    }
    Ok(())
}

/// The book in `dir`, else the built-in one (written to `dir`), else built there (saying why).
fn book_for_bench(
    out: &mut impl Write,
    base: &KalahSolver,
    empty_capture: bool,
    dir: &Path,
) -> Result<KalahBook> {
    match KalahBook::read_or_built_in(Some(dir), empty_capture) {
        Ok((book, found)) => {
            let from = match found {
                Found::Read(file) => format!("read from {}", file.display()),
                Found::BuiltIn { saved: Ok(file) } => {
                    format!("built into the program, written to {}", file.display())
                }
                Found::BuiltIn { saved: Err(e) } => {
                    format!("built into the program, not written ({e})")
                }
            };
            writeln!(out, "book: {} positions, {from}", book.len())?;
            Ok(book)
        }
        Err(why) => {
            writeln!(out, "book: {why}: building it")?;
            build_book(out, base, empty_capture, dir)
        }
    }
}

/// What `bench kalah-perfect` was asked to do.
#[derive(Clone, Debug)]
pub(crate) struct PerfectBench {
    pub(crate) variant: Variant,
    pub(crate) games: u64,
    pub(crate) book_dir: PathBuf,
    /// The file of finished games (one line each), read back to resume.
    pub(crate) state: PathBuf,
    /// Stop starting games after this long (resume later).
    pub(crate) max_seconds: Option<f64>,
    /// Level 8's time a move.
    pub(crate) time: Duration,
    /// MCTS's time a move.
    pub(crate) mcts_time: Duration,
}

/// The opponents, in the order games are given to them.
const OPPONENTS: [&str; 4] = ["level5", "level6", "level7", "mcts"];

/// One finished game, as a line of the state file.
#[derive(Clone, Debug, PartialEq)]
struct GameLine {
    game: u64,
    /// Level 8's points: 1, 0.5, 0.
    points: f64,
    moves: u64,
    /// Moves that lost value by the solver's check.
    lost: u64,
    /// Level 8's moves from the book, the solver, alpha-beta.
    sources: [u64; 3],
    /// Level 8's thinking time, in total and its longest move (ms).
    total_ms: f64,
    max_ms: f64,
}

impl GameLine {
    fn to_line(&self) -> String {
        format!(
            "game {} points {} moves {} lost {} book {} solver {} search {} ms {:.1} max {:.1}",
            self.game,
            self.points,
            self.moves,
            self.lost,
            self.sources[0],
            self.sources[1],
            self.sources[2],
            self.total_ms,
            self.max_ms
        )
    }

    fn parse(line: &str) -> Option<Self> {
        let w: Vec<&str> = line.split_whitespace().collect();
        let at = |k: &str| -> Option<&str> {
            w.iter()
                .position(|x| *x == k)
                .and_then(|i| w.get(i + 1))
                .copied()
        };
        Some(Self {
            game: at("game")?.parse().ok()?,
            points: at("points")?.parse().ok()?,
            moves: at("moves")?.parse().ok()?,
            lost: at("lost")?.parse().ok()?,
            sources: [
                at("book")?.parse().ok()?,
                at("solver")?.parse().ok()?,
                at("search")?.parse().ok()?,
            ],
            total_ms: at("ms")?.parse().ok()?,
            max_ms: at("max")?.parse().ok()?,
        })
    }
}

/// The solver that checks level 8's moves, with a cache of exact board values.
struct Checker {
    solver: KalahSolver,
    cache: HashMap<String, i32>,
}

impl Checker {
    /// The final margin of `pos` for its mover under perfect play.
    fn margin(&mut self, pos: &Position) -> Result<i32> {
        if let Some(o) = pos.outcome() {
            let EndReason::SeedsCounted { south, north } = o.reason else {
                return Err(anyhow!("a Kalah game ended otherwise: {o}"));
            };
            let m = i32::from(south) - i32::from(north);
            return Ok(if pos.turn() == Side::South { m } else { -m });
        }
        let d = pos.diagram();
        if let Some(&m) = self.cache.get(&d) {
            return Ok(m);
        }
        let s = self.solver.solve(pos, &AtomicBool::new(false));
        if s.stopped {
            return Err(anyhow!("the check of {d} was stopped"));
        }
        self.cache.insert(d, s.margin);
        Ok(s.margin)
    }

    /// Whether playing `m` from `pos` keeps `pos`'s value.
    fn keeps(&mut self, pos: &Position, next: &Position) -> Result<bool> {
        let before = self.margin(pos)?;
        let after = self.margin(next)?;
        let after = if next.turn() == pos.turn() {
            after
        } else {
            -after
        };
        Ok(after == before)
    }
}

/// `mancala bench kalah-perfect`.
///
/// # Errors
/// Not Kalah(6,4), the state file cannot be read or written, or output failed.
pub(crate) fn bench(out: &mut impl Write, cfg: &PerfectBench) -> Result<()> {
    let empty_capture = perfect_rules(cfg.variant)?;
    writeln!(
        out,
        "kalah-perfect: {} ({}), {} games of level 8 ({} ms a move) against {} (MCTS {} ms a move)",
        cfg.variant,
        if empty_capture {
            "empty_capture"
        } else {
            "default rules"
        },
        cfg.games,
        cfg.time.as_millis(),
        OPPONENTS.join(", "),
        cfg.mcts_time.as_millis()
    )?;
    let mut done: Vec<GameLine> = match std::fs::read_to_string(&cfg.state) {
        Ok(text) => text.lines().filter_map(GameLine::parse).collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(anyhow!("{}: {e}", cfg.state.display())),
    };
    done.retain(|g| g.game < cfg.games);
    writeln!(
        out,
        "state: {} ({} games already played)",
        cfg.state.display(),
        done.len()
    )?;
    out.flush()?;
    let base = database(out, empty_capture)?;
    let book = Arc::new(book_for_bench(out, &base, empty_capture, &cfg.book_dir)?);
    let mut checker = Checker {
        solver: KalahSolver::sharing_database(24, &base),
        cache: HashMap::new(),
    };
    let watch = Stopwatch::start();
    let mut state = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&cfg.state)
        .map_err(|e| anyhow!("{}: {e}", cfg.state.display()))?;
    for g in 0..cfg.games {
        if done.iter().any(|d| d.game == g) {
            continue;
        }
        if cfg
            .max_seconds
            .is_some_and(|m| watch.elapsed().as_secs_f64() >= m)
        {
            writeln!(
                out,
                "stopped after {:.0} s: run again to resume",
                watch.elapsed().as_secs_f64()
            )?;
            break;
        }
        let line = play_game(cfg, g, &base, &book, &mut checker)?;
        writeln!(state, "{}", line.to_line())?;
        state.flush()?;
        writeln!(out, "{}", line.to_line())?;
        out.flush()?;
        done.push(line);
    }
    let (secs, share) = watch.read();
    writeln!(
        out,
        "this run: {secs:.0} s, CPU share {}",
        share_text(share)
    )?;
    report(out, &done)
}

fn play_game(
    cfg: &PerfectBench,
    g: u64,
    base: &Arc<KalahSolver>,
    book: &Arc<KalahBook>,
    checker: &mut Checker,
) -> Result<GameLine> {
    let opp = OPPONENTS[(g % 4) as usize];
    // Level 8 is South in games 0-3 of every 8, North in games 4-7.
    let hero = if (g / 4).is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let mut rng = Rng::new(g.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x6b61_6c61);
    let mut opponent: Box<dyn Player> = match opp {
        "mcts" => Box::new(Mcts::new(rng.next_u64())),
        l => {
            level(Game::Kalah, l[5..].parse()?, rng.next_u64()).ok_or_else(|| anyhow!("no {l}"))?
        }
    };
    let opp_limits = if opp == "mcts" {
        Limits::time(cfg.mcts_time)
    } else {
        Limits::default()
    };
    let mut hero_player = PerfectKalah::new();
    let hero_limits = Limits::time(cfg.time);
    // Variety: the opponent's first move is random, and its second in half the games (the
    // book answers every move of the opponent).
    let random_moves = 1 + (g / 8) % 2;
    let mut opp_moves = 0;
    let mut pos = Position::new(cfg.variant);
    let stop = AtomicBool::new(false);
    let mut line = GameLine {
        game: g,
        points: 0.0,
        moves: 0,
        lost: 0,
        sources: [0; 3],
        total_ms: 0.0,
        max_ms: 0.0,
    };
    while pos.outcome().is_none() {
        let m = if pos.turn() == hero {
            let t = Instant::now();
            let r = hero_player.choose_from(&pos, &hero_limits, &stop, Some(base), Some(book));
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            line.total_ms += ms;
            line.max_ms = line.max_ms.max(ms);
            line.moves += 1;
            let i = match hero_player.last_source() {
                Some(Source::Book) => 0,
                Some(Source::Solver) => 1,
                _ => 2,
            };
            line.sources[i] += 1;
            let m = r
                .best
                .ok_or_else(|| anyhow!("level 8 found no move in {}", pos.diagram()))?;
            let next = pos.play(m).map_err(|e| anyhow!("level 8: {e}"))?;
            if !checker.keeps(&pos, &next)? {
                line.lost += 1;
            }
            m
        } else if opp_moves < random_moves {
            opp_moves += 1;
            let moves = pos.legal_moves();
            moves[rng.below(moves.len())]
        } else {
            opp_moves += 1;
            opponent
                .choose(&pos, &opp_limits, &stop)
                .best
                .ok_or_else(|| anyhow!("{opp} found no move in {}", pos.diagram()))?
        };
        pos = pos.play(m).map_err(|e| anyhow!("{e}"))?;
    }
    line.points = match pos.outcome().and_then(|o| o.winner) {
        Some(w) if w == hero => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    Ok(line)
}

fn report(out: &mut impl Write, done: &[GameLine]) -> Result<()> {
    let mut table = String::new();
    writeln!(
        table,
        "| Opponent | Games | Level 8's score | Moves checked | Value-losing moves | Book / solver / search | ms a move (mean, max) |"
    )?;
    writeln!(table, "|---|---|---|---|---|---|---|")?;
    let mut all = GameLine {
        game: 0,
        points: 0.0,
        moves: 0,
        lost: 0,
        sources: [0; 3],
        total_ms: 0.0,
        max_ms: 0.0,
    };
    let mut all_games = 0;
    for (k, name) in OPPONENTS.iter().enumerate() {
        let games: Vec<&GameLine> = done.iter().filter(|g| g.game % 4 == k as u64).collect();
        if games.is_empty() {
            continue;
        }
        let mut sum = all.clone();
        sum.points = 0.0;
        sum.moves = 0;
        sum.lost = 0;
        sum.sources = [0; 3];
        sum.total_ms = 0.0;
        sum.max_ms = 0.0;
        for g in &games {
            sum.points += g.points;
            sum.moves += g.moves;
            sum.lost += g.lost;
            for i in 0..3 {
                sum.sources[i] += g.sources[i];
            }
            sum.total_ms += g.total_ms;
            sum.max_ms = sum.max_ms.max(g.max_ms);
        }
        row(&mut table, name, games.len(), &sum)?;
        all_games += games.len();
        all.points += sum.points;
        all.moves += sum.moves;
        all.lost += sum.lost;
        for i in 0..3 {
            all.sources[i] += sum.sources[i];
        }
        all.total_ms += sum.total_ms;
        all.max_ms = all.max_ms.max(sum.max_ms);
    }
    row(&mut table, "all", all_games, &all)?;
    write!(out, "{table}")?;
    writeln!(out, "value-losing moves: {} (target 0)", all.lost)?;
    Ok(())
}

fn row(table: &mut String, name: &str, games: usize, s: &GameLine) -> Result<()> {
    writeln!(
        table,
        "| {name} | {games} | {:.3} | {} | {} | {} / {} / {} | {:.1}, {:.1} |",
        s.points / games.max(1) as f64,
        s.moves,
        s.lost,
        s.sources[0],
        s.sources[1],
        s.sources[2],
        s.total_ms / s.moves.max(1) as f64,
        s.max_ms
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_lines_read_back() {
        let g = GameLine {
            game: 17,
            points: 0.5,
            moves: 23,
            lost: 0,
            sources: [9, 14, 0],
            total_ms: 812.5,
            max_ms: 120.0,
        };
        assert_eq!(GameLine::parse(&g.to_line()), Some(g));
        assert_eq!(GameLine::parse("game x"), None);
        assert_eq!(GameLine::parse(""), None);
    }
}
