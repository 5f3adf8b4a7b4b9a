//! `mancala match`: two computer players play a series of games, and the command reports the
//! result with its uncertainty.
//!
//! Game `i` is the `i/2`-th pair's game `i%2`: player A is South in the even games and North
//! in the odd ones, and both games of a pair start with the same random opening (plies played
//! at random, seeded from the match seed and the pair), so a lucky opening counts for both
//! players alike. Every game's players are built fresh, seeded from the match seed and the
//! game's number, so the games do not depend on how many threads play them (players with a
//! time limit still depend on the machine's speed). A game ends by the rules, by repetition
//! (as [`GameRecord`] applies it), or at the ply cap, which counts as a draw and is reported
//! apart.
//!
//! With balanced openings ([`Balance`]) the openings are drawn before the games: candidate
//! `k` is a random opening seeded from the match seed and `k`, a fixed reference search
//! (alpha-beta with a node budget, fresh for each candidate, so deterministic) scores the
//! position it reaches, and pair `p` gets the `p`-th candidate whose score is within the
//! window of equal and whose position no earlier kept candidate reached. Candidates are
//! searched on the match's threads, but which are kept does not depend on how many there are.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use mancala::record::GameRecord;
use mancala::{EndReason, Move, Position, Side, perft};
use mancala_engine::{AlphaBeta, Limits, Player, Score};

use crate::bench::{si, time};
use crate::players::PlayerSpec;
use crate::rng::Rng;

/// What `match` was asked to do.
#[derive(Clone, Debug)]
pub(crate) struct Config {
    pub(crate) start: Position,
    /// Player A, then player B.
    pub(crate) players: [PlayerSpec; 2],
    pub(crate) games: usize,
    pub(crate) threads: usize,
    pub(crate) seed: u64,
    /// Random plies at the start of each pair of games.
    pub(crate) openings: u32,
    /// Plies after which a game is stopped and counted as a draw.
    pub(crate) max_plies: usize,
    /// Keep only openings a reference search calls even (`None`: every random opening).
    pub(crate) balance: Option<Balance>,
}

/// Balanced openings: a random opening is kept when alpha-beta with `nodes` nodes (iterative
/// deepening; the deepest completed depth counts) scores it within `window` of equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Balance {
    /// The reference search's node budget.
    pub(crate) nodes: u64,
    /// The largest |score| kept, for the side to move (100 a seed).
    pub(crate) window: Score,
}

/// Reference search budget when `--balance-nodes` is not given.
pub(crate) const BALANCE_NODES: u64 = 100_000;

/// Widest |score| kept when `--balance-window` is not given: one seed.
pub(crate) const BALANCE_WINDOW: Score = 100;

/// Random plies of the benchmarks' balanced openings (`bench learned`, `bench smp`, the ladder
/// of the capture games): enough that most openings differ.
pub(crate) const BENCH_OPENINGS: u32 = 6;

/// The benchmarks' balance window: ten seeds. One seed keeps almost nothing in the games where
/// a random opening is soon decided (docs/engine.md, "The level ladder").
pub(crate) const BENCH_BALANCE_WINDOW: Score = 1000;

/// Candidates searched for each balanced opening needed before giving up (plus
/// [`EXTRA_TRIES`]): a window that keeps fewer than one opening in this many is too narrow
/// for the variant.
pub(crate) const TRIES_PER_OPENING: usize = 50;

/// Candidates allowed beyond [`TRIES_PER_OPENING`] per opening needed.
pub(crate) const EXTRA_TRIES: usize = 100;

/// The openings of a match, one per pair of games, and how they were found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Openings {
    /// The moves of each pair's opening.
    pub(crate) lines: Vec<Vec<Move>>,
    /// With balancing: the reference score of each kept opening, for the side to move.
    pub(crate) scores: Vec<Score>,
    /// With balancing: the candidates searched up to the last one kept.
    pub(crate) tried: usize,
    /// With balancing: the distinct positions those candidates reached.
    pub(crate) distinct: usize,
}

/// Random opening plies when `--openings` is not given: 4, or as many more as it takes for
/// the start to have at least [`OPENING_VARIETY`] sequences of moves that long (Bao la Kimasai
/// 4x12, whose first moves hardly branch, gets 7), at most 12.
pub(crate) fn default_openings(start: &Position) -> u32 {
    (4..12)
        .find(|&k| perft(start, k) >= OPENING_VARIETY)
        .unwrap_or(12)
}

/// Move sequences the default opening length must allow.
const OPENING_VARIETY: u64 = 100;

/// One player's moves in one game (the random opening not included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Moves {
    pub(crate) count: u64,
    pub(crate) time: Duration,
    pub(crate) nodes: u64,
}

impl Moves {
    pub(crate) fn add(&mut self, other: Self) {
        self.count += other.count;
        self.time += other.time;
        self.nodes += other.nodes;
    }
}

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GameResult {
    /// The side player A played.
    pub(crate) a_side: Side,
    /// `None`: stopped at the ply cap.
    pub(crate) winner: Option<Side>,
    pub(crate) repetition: bool,
    pub(crate) capped: bool,
    pub(crate) plies: usize,
    /// Player A's moves, then player B's.
    pub(crate) moves: [Moves; 2],
}

impl GameResult {
    /// 0 a win for A, 1 a draw, 2 a loss.
    pub(crate) fn for_a(&self) -> usize {
        match self.winner {
            Some(w) if w == self.a_side => 0,
            None => 1,
            Some(_) => 2,
        }
    }
}

/// A seed for game (or pair) `index`, one stream per `salt`.
fn derive(seed: u64, index: usize, salt: u64) -> u64 {
    let mut r = Rng::new(
        seed ^ (index as u64).wrapping_mul(0xA24B_AED4_963E_E407)
            ^ salt.wrapping_mul(0x9FB2_1C65_1E98_DF25),
    );
    r.next_u64()
}

/// A random opening of up to `plies` plies from `start` (fewer if the game ends).
fn random_opening(start: Position, plies: u32, seed: u64) -> GameRecord {
    let mut game = GameRecord::new(start);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.position().legal_moves();
        let m = legal[rng.below(legal.len())];
        // A legal move always plays.
        if game.play(m).is_err() {
            break;
        }
    }
    game
}

/// Every pair's random opening, as without balancing.
fn random_openings(cfg: &Config) -> Openings {
    let lines = (0..cfg.games.div_ceil(2))
        .map(|p| {
            random_opening(cfg.start, cfg.openings, derive(cfg.seed, p, 0))
                .moves()
                .to_vec()
        })
        .collect();
    Openings {
        lines,
        scores: Vec::new(),
        tried: 0,
        distinct: 0,
    }
}

/// Candidate `k`: a random opening, the position it reaches, and that position's reference
/// score (`None`: the game ended in the opening). Scores are looked up in `cache` first: the
/// search is deterministic, so a cached score is the one a search would give.
fn candidate(
    cfg: &Config,
    balance: Balance,
    k: usize,
    cache: &Mutex<HashMap<Position, Option<Score>>>,
) -> Candidate {
    let game = random_opening(cfg.start, cfg.openings, derive(cfg.seed, k, 3));
    let position = *game.position();
    let moves = game.moves().to_vec();
    let cached = cache.lock().ok().and_then(|c| c.get(&position).copied());
    let score = cached.unwrap_or_else(|| {
        let score = game.outcome().is_none().then(|| {
            AlphaBeta::new(None)
                .choose(
                    &position,
                    &Limits::nodes(balance.nodes),
                    &AtomicBool::new(false),
                )
                .score
        });
        if let Ok(mut c) = cache.lock() {
            c.insert(position, score);
        }
        score
    });
    Candidate {
        moves,
        position,
        score,
    }
}

/// A random opening searched for balance.
#[derive(Clone, Debug)]
struct Candidate {
    moves: Vec<Move>,
    position: Position,
    score: Option<Score>,
}

/// The balanced openings of a match: candidates are searched on `cfg.threads` threads, and
/// pair `p` gets the `p`-th candidate (in candidate order) scored within the window whose
/// position no earlier kept one reached. Fails when too few are found within
/// `TRIES_PER_OPENING * pairs + EXTRA_TRIES` candidates.
pub(crate) fn balanced_openings(cfg: &Config, balance: Balance) -> Result<Openings> {
    let pairs = cfg.games.div_ceil(2);
    let max_tries = TRIES_PER_OPENING
        .saturating_mul(pairs)
        .saturating_add(EXTRA_TRIES);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let cache = Mutex::new(HashMap::new());
    let (tx, rx) = mpsc::channel();
    // Candidates by number; `None` until searched.
    let mut found: Vec<Option<Candidate>> = Vec::new();
    let mut seen = HashSet::new();
    let mut kept_positions = HashSet::new();
    let mut openings = Openings {
        lines: Vec::new(),
        scores: Vec::new(),
        tried: 0,
        distinct: 0,
    };
    thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            let tx = tx.clone();
            let (next, stop, cache) = (&next, &stop, &cache);
            s.spawn(move || {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= max_tries || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if tx.send((k, candidate(cfg, balance, k, cache))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (k, c) in rx {
            if found.len() <= k {
                found.resize(k + 1, None);
            }
            found[k] = Some(c);
            // Take the searched candidates in order, up to the first one not yet back.
            while openings.lines.len() < pairs {
                let Some(Some(c)) = found.get_mut(openings.tried) else {
                    break;
                };
                openings.tried += 1;
                seen.insert(c.position);
                if let Some(v) = c.score
                    && v.abs() <= balance.window
                    && kept_positions.insert(c.position)
                {
                    openings.lines.push(std::mem::take(&mut c.moves));
                    openings.scores.push(v);
                }
            }
            if openings.lines.len() == pairs {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    openings.distinct = seen.len();
    if openings.lines.len() < pairs {
        bail!(
            "only {} of the {} balanced openings needed were found in {} random openings of {} \
             ({} distinct positions; |score| <= {} by alphabeta:nodes={}): widen \
             --balance-window, or change --openings",
            openings.lines.len(),
            pairs,
            openings.tried,
            plural(cfg.openings as usize, "ply", "plies"),
            openings.distinct,
            balance.window,
            balance.nodes
        );
    }
    Ok(openings)
}

/// The line that says how the balanced openings were found: kept of tried, the distinct
/// positions among those tried, the reference search and window, the kept scores' spread and
/// the time it took.
fn balance_report(openings: &Openings, balance: Balance, took: Duration) -> String {
    let kept = openings.lines.len();
    let mean = if kept == 0 {
        0.0
    } else {
        openings.scores.iter().map(|&v| f64::from(v)).sum::<f64>() / kept as f64
    };
    let lo = openings.scores.iter().min().copied().unwrap_or(0);
    let hi = openings.scores.iter().max().copied().unwrap_or(0);
    format!(
        "balanced openings: {kept} kept of {} tried ({} distinct positions), |score| <= {} \
         (100 a seed) by alphabeta:nodes={}; kept scores {lo} to {hi}, mean {mean:.0}, for \
         the side to move; {}",
        openings.tried,
        openings.distinct,
        balance.window,
        balance.nodes,
        time(took.as_secs_f64())
    )
}

/// The pair of game `index`: games `2k` and `2k + 1` start from opening `k`.
const fn pair_of(index: usize) -> usize {
    index / 2
}

/// Player A's side in game `index`: South in the first game of a pair, North in the second.
const fn a_side_of(index: usize) -> Side {
    if index.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    }
}

/// Plays game `index`.
pub(crate) fn play_game(
    cfg: &Config,
    openings: &Openings,
    index: usize,
    stop: &AtomicBool,
) -> Result<GameResult, String> {
    let a_side = a_side_of(index);
    let mut game = GameRecord::new(cfg.start);
    for &m in &openings.lines[pair_of(index)] {
        game.play(m).map_err(|e| format!("opening: {e}"))?;
    }
    let kind = cfg.start.variant().game();
    let mut players = [
        cfg.players[0].build(kind, derive(cfg.seed, index, 1)),
        cfg.players[1].build(kind, derive(cfg.seed, index, 2)),
    ];
    let limits = [cfg.players[0].limits(), cfg.players[1].limits()];
    let mut moves = [Moves::default(); 2];
    while game.outcome().is_none() && game.moves().len() < cfg.max_plies {
        let pos = *game.position();
        let who = usize::from(pos.turn() != a_side);
        let clock = Instant::now();
        let found = players[who].choose(&pos, &limits[who], stop);
        let took = clock.elapsed();
        if stop.load(Ordering::Relaxed) {
            return Err(String::new());
        }
        moves[who].add(Moves {
            count: 1,
            time: took,
            nodes: found.nodes,
        });
        let name = &cfg.players[who];
        let Some(m) = found.best else {
            return Err(format!(
                "game {}: {name} found no move in a position that is not over: {}",
                index + 1,
                pos.diagram()
            ));
        };
        game.play(m).map_err(|e| {
            format!(
                "game {}: {name} chose {m}, which cannot be played in {}: {e}",
                index + 1,
                pos.diagram()
            )
        })?;
    }
    let outcome = game.outcome();
    Ok(GameResult {
        a_side,
        winner: outcome.and_then(|o| o.winner),
        repetition: outcome.is_some_and(|o| o.reason == EndReason::Repetition),
        capped: outcome.is_none(),
        plies: game.moves().len(),
        moves,
    })
}

/// Progress on stderr: a bar redrawn in place on a terminal; otherwise a line at each tenth
/// of the match, once it has run a few seconds (a quick match prints nothing).
struct Progress {
    terminal: bool,
    start: Instant,
    last: Instant,
    tenths: usize,
}

impl Progress {
    fn new() -> Self {
        let now = Instant::now();
        Self {
            terminal: io::stderr().is_terminal(),
            start: now,
            last: now,
            tenths: 0,
        }
    }

    fn update(&mut self, done: usize, total: usize, wdl: [usize; 3]) {
        let now = Instant::now();
        let elapsed = now - self.start;
        let [w, d, l] = wdl;
        let mut err = io::stderr().lock();
        if self.terminal {
            if done < total && now - self.last < Duration::from_millis(100) {
                return;
            }
            self.last = now;
            const WIDTH: usize = 30;
            let filled = WIDTH * done / total.max(1);
            let eta = if done == 0 {
                String::new()
            } else {
                let left = elapsed.as_secs_f64() * (total - done) as f64 / done as f64;
                format!(", {} left", seconds(left))
            };
            let _ = write!(
                err,
                "\r\x1b[K[{}{}] {done}/{total} games  A +{w} ={d} -{l}  {}{eta}",
                "#".repeat(filled),
                ".".repeat(WIDTH - filled),
                seconds(elapsed.as_secs_f64()),
            );
            let _ = err.flush();
        } else {
            let tenths = 10 * done / total.max(1);
            if tenths > self.tenths && elapsed >= Duration::from_secs(3) && done < total {
                self.tenths = tenths;
                let _ = writeln!(
                    err,
                    "match: {done}/{total} games, A +{w} ={d} -{l}, {}",
                    seconds(elapsed.as_secs_f64())
                );
            }
        }
    }

    fn finish(&self) {
        if self.terminal {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
    }
}

/// Seconds for people: `0.4 s`, `12 s`, `3 min 5 s`.
fn seconds(s: f64) -> String {
    if s < 10.0 {
        format!("{s:.1} s")
    } else if s < 60.0 {
        format!("{s:.0} s")
    } else {
        let s = s.round() as u64;
        format!("{} min {} s", s / 60, s % 60)
    }
}

/// Plays the match on `cfg.threads` threads, returning the games in order.
fn play_all(cfg: &Config, openings: &Openings) -> Result<Vec<GameResult>> {
    let mut results: Vec<Option<GameResult>> = vec![None; cfg.games];
    let todo: Vec<usize> = (0..cfg.games).collect();
    play_games(cfg, openings, &todo, |i, g| {
        results[i] = Some(g);
        Ok(())
    })?;
    results
        .into_iter()
        .map(|r| r.ok_or_else(|| anyhow!("a game was not played")))
        .collect()
}

/// Plays the games `todo` (indices into the match) on `cfg.threads` threads, handing each to
/// `done` as it ends, in the order they end, with progress on stderr. A failed game, or an
/// error from `done` (a log that cannot be written), stops the rest; the games already handed
/// over stay handed over, so a log keeps them.
pub(crate) fn play_games(
    cfg: &Config,
    openings: &Openings,
    todo: &[usize],
    mut done: impl FnMut(usize, GameResult) -> Result<()>,
) -> Result<()> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let mut failure: Option<anyhow::Error> = None;
    thread::scope(|s| {
        for _ in 0..cfg.threads.min(todo.len()) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            s.spawn(move || {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&i) = todo.get(k) else { break };
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let r = play_game(cfg, openings, i, stop);
                    if r.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    if tx.send((i, r)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut progress = Progress::new();
        let mut played = 0;
        let mut wdl = [0; 3];
        progress.update(0, todo.len(), wdl);
        for (i, r) in rx {
            match r {
                Ok(g) => {
                    wdl[g.for_a()] += 1;
                    played += 1;
                    progress.update(played, todo.len(), wdl);
                    if let Err(e) = done(i, g) {
                        stop.store(true, Ordering::Relaxed);
                        failure = failure.take().or(Some(e));
                    }
                }
                Err(e) if !e.is_empty() => failure = failure.take().or(Some(anyhow!(e))),
                Err(_) => {}
            }
        }
        progress.finish();
    });
    failure.map_or(Ok(()), Err)
}

/// The pairs of a match ([`pair_of`]: two games from one opening, A on each side) whose two
/// games are both played, by how they went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pairs {
    /// A won both games.
    pub(crate) a_both: usize,
    /// B won both games.
    pub(crate) b_both: usize,
    /// One win each with no draw: the same side won both games (from a random opening, the
    /// opening rather than the players decided the pair).
    pub(crate) one_each: usize,
    /// A pair with a draw in it.
    pub(crate) drawn: usize,
}

impl Pairs {
    /// Counts the pairs among `games`, by their numbers in the match.
    pub(crate) fn of(games: &BTreeMap<usize, GameResult>) -> Self {
        let mut first: BTreeMap<usize, usize> = BTreeMap::new();
        let mut pairs = Self::default();
        for (&i, g) in games {
            let Some(other) = first.remove(&pair_of(i)) else {
                first.insert(pair_of(i), g.for_a());
                continue;
            };
            match (other, g.for_a()) {
                (0, 0) => pairs.a_both += 1,
                (2, 2) => pairs.b_both += 1,
                (0, 2) | (2, 0) => pairs.one_each += 1,
                _ => pairs.drawn += 1,
            }
        }
        pairs
    }

    /// The line that says how the pairs went, `a` and `b` naming the players.
    pub(crate) fn text(&self, a: &str, b: &str) -> String {
        let n = self.a_both + self.b_both + self.one_each + self.drawn;
        let mut line = format!(
            "pairs of games from one opening: {a} won both {}, {b} won both {}, one each {} \
             (the same side won both)",
            self.a_both, self.b_both, self.one_each
        );
        if self.drawn > 0 {
            line.push_str(&format!(", with a draw {}", self.drawn));
        }
        line.push_str(&format!(", of {n}"));
        line
    }
}

/// The Wilson score interval (95%) of a proportion `p` over `n` trials.
pub(crate) fn wilson(p: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.959_964;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference that predicts a score of `s` (logistic model).
fn elo(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// An Elo difference with its sign, `+inf`/`-inf` at the ends.
pub(crate) fn elo_text(s: f64) -> String {
    if s >= 1.0 {
        "+inf".to_owned()
    } else if s <= 0.0 {
        "-inf".to_owned()
    } else {
        signed(elo(s))
    }
}

/// A rounded number with its sign, and `0` without one.
fn signed(x: f64) -> String {
    let r = x.round();
    if r == 0.0 {
        "0".to_owned()
    } else {
        format!("{r:+.0}")
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A match's score for player A.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MatchScore {
    /// (wins + draws/2) / games.
    pub(crate) score: f64,
    /// The 95% interval of the score.
    pub(crate) interval: (f64, f64),
    /// The games played.
    pub(crate) games: usize,
}

impl MatchScore {
    /// The score the Elo estimate is taken at: a score of 0 or 1 has no finite Elo, so it is
    /// taken half a game from it.
    fn clamped(&self) -> f64 {
        let nf = self.games as f64;
        self.score.clamp(0.5 / nf, 1.0 - 0.5 / nf)
    }

    /// The Elo difference the (clamped) score predicts, with its sign.
    pub(crate) fn elo(&self) -> String {
        signed(elo(self.clamped()))
    }
}

/// Plays the match and prints its report.
pub(crate) fn run(out: &mut impl Write, cfg: &Config) -> Result<()> {
    let openings = header_and_openings(out, cfg)?;
    play_and_report(out, cfg, &openings)?;
    Ok(())
}

/// Prints what the match is, draws its openings and reports them.
pub(crate) fn header_and_openings(out: &mut impl Write, cfg: &Config) -> Result<Openings> {
    header(out, cfg)?;
    draw_openings(out, cfg)
}

/// Prints what the match is: the players, the games, the openings.
pub(crate) fn header(out: &mut impl Write, cfg: &Config) -> Result<()> {
    let [a, b] = &cfg.players;
    let variant = cfg.start.variant();
    let from = if cfg.start == Position::new(variant) {
        String::new()
    } else {
        format!(" from {}", cfg.start.diagram())
    };
    writeln!(
        out,
        "match {variant}{from}: A = {}, B = {}",
        a.describe(variant.game()),
        b.describe(variant.game())
    )?;
    let kind = if cfg.balance.is_some() {
        "balanced"
    } else {
        "random"
    };
    let opening_text = if cfg.openings == 0 {
        "no random openings".to_owned()
    } else {
        format!(
            "{kind} openings of {}",
            plural(cfg.openings as usize, "random ply", "random plies")
        )
    };
    writeln!(
        out,
        "{}, sides alternating, {opening_text} (seed {}), {}, at most {} plies a game",
        plural(cfg.games, "game", "games"),
        cfg.seed,
        plural(cfg.threads, "thread", "threads"),
        cfg.max_plies,
    )?;
    out.flush()?;
    Ok(())
}

/// Draws the openings of the match `cfg` (random, or balanced with a line on how they were
/// found).
pub(crate) fn draw_openings(out: &mut impl Write, cfg: &Config) -> Result<Openings> {
    Ok(match cfg.balance {
        None => random_openings(cfg),
        Some(balance) => {
            let clock = Instant::now();
            let openings = balanced_openings(cfg, balance)?;
            writeln!(
                out,
                "{}",
                balance_report(&openings, balance, clock.elapsed())
            )?;
            out.flush()?;
            openings
        }
    })
}

/// Plays the match from `openings` (as [`header_and_openings`] drew them for `cfg`) and
/// prints the result.
pub(crate) fn play_and_report(
    out: &mut impl Write,
    cfg: &Config,
    openings: &Openings,
) -> Result<MatchScore> {
    let clock = Instant::now();
    let games: BTreeMap<usize, GameResult> =
        play_all(cfg, openings)?.into_iter().enumerate().collect();
    report(out, cfg, &games, clock.elapsed())
}

/// Prints the result of `games` (by their numbers in the match) of the match `cfg` (played in
/// `wall`, or resumed from a log with `wall` the time of this run) and returns A's score.
pub(crate) fn report(
    out: &mut impl Write,
    cfg: &Config,
    games: &BTreeMap<usize, GameResult>,
    wall: Duration,
) -> Result<MatchScore> {
    let [a, b] = &cfg.players;
    let n = games.len();
    if n == 0 {
        bail!("no games were played");
    }
    let mut wdl = [0usize; 3];
    let mut by_side = [[0usize; 3]; 2];
    let (mut repetitions, mut capped, mut plies) = (0, 0, 0);
    let mut moves = [Moves::default(); 2];
    for g in games.values() {
        wdl[g.for_a()] += 1;
        by_side[usize::from(g.a_side == Side::North)][g.for_a()] += 1;
        repetitions += usize::from(g.repetition);
        capped += usize::from(g.capped);
        plies += g.plies;
        moves[0].add(g.moves[0]);
        moves[1].add(g.moves[1]);
    }
    let [w, d, l] = wdl;
    writeln!(out)?;
    writeln!(
        out,
        "result: +{w} ={d} -{l} for A ({a}): {}, {}, {}",
        plural(w, "win", "wins"),
        plural(d, "draw", "draws"),
        plural(l, "loss", "losses")
    )?;
    let side_text = |s: [usize; 3]| format!("+{} ={} -{}", s[0], s[1], s[2]);
    writeln!(
        out,
        "  A as South {}, as North {}",
        side_text(by_side[0]),
        side_text(by_side[1])
    )?;
    if n >= 2 {
        writeln!(out, "  {}", Pairs::of(games).text("A", "B"))?;
    }
    if d > 0 {
        writeln!(
            out,
            "  draws: {} by repetition, {} at the {}-ply cap, {} by the rules",
            repetitions,
            capped,
            cfg.max_plies,
            d - repetitions - capped
        )?;
    }

    let nf = n as f64;
    let score = (w as f64 + d as f64 / 2.0) / nf;
    let (lo, hi) = wilson(score, nf);
    let result = MatchScore {
        score,
        interval: (lo, hi),
        games: n,
    };
    writeln!(
        out,
        "score: {score:.3} for A (95% interval {lo:.3} to {hi:.3})"
    )?;
    let note = if result.clamped() == score {
        ""
    } else if score > 0.5 {
        ", clamped: A won every game"
    } else {
        ", clamped: A lost every game"
    };
    writeln!(
        out,
        "Elo: {} for A{note} (95% interval {} to {})",
        result.elo(),
        elo_text(lo),
        elo_text(hi)
    )?;
    let opening = if cfg.openings == 0 {
        String::new()
    } else {
        format!(" ({} of them random)", cfg.openings)
    };
    writeln!(
        out,
        "plies: {:.1} a game on average{opening}",
        plies as f64 / nf
    )?;
    for (i, (label, spec)) in [("A", a), ("B", b)].into_iter().enumerate() {
        let m = moves[i];
        let per_move = if m.count == 0 {
            Duration::ZERO
        } else {
            m.time / u32::try_from(m.count).unwrap_or(u32::MAX)
        };
        let mut line = format!(
            "{label} {spec}: {} a move over {} moves",
            time(per_move.as_secs_f64()),
            m.count
        );
        if m.count > 0 && m.nodes > m.count {
            let secs = m.time.as_secs_f64();
            line.push_str(&format!(
                ", {} nodes a move",
                si(m.nodes as f64 / m.count as f64)
            ));
            if secs > 0.0 {
                line.push_str(&format!(", {} nodes/s", si(m.nodes as f64 / secs)));
            }
        }
        writeln!(out, "{line}")?;
    }
    writeln!(out, "time: {}", time(wall.as_secs_f64()))?;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs are games `2k` and `2k + 1` by number, whatever order they come in; a game whose
    /// pair partner is missing counts in no pair.
    #[test]
    fn pairs_count_by_opening() {
        let game = |i: usize, winner: Option<Side>| {
            (
                i,
                GameResult {
                    a_side: a_side_of(i),
                    winner,
                    repetition: false,
                    capped: winner.is_none(),
                    plies: 30,
                    moves: [Moves::default(); 2],
                },
            )
        };
        let (s, n) = (Some(Side::South), Some(Side::North));
        let games: BTreeMap<usize, GameResult> = [
            game(0, s), // A (South) won
            game(1, n), // A (North) won: A both
            game(2, s), // A won
            game(3, s), // B (South) won: one each, South both
            game(5, s), // B won
            game(4, n), // B (North) won: B both
            game(6, None),
            game(7, n), // a draw in the pair
            game(8, s), // no partner
        ]
        .into_iter()
        .collect();
        let pairs = Pairs::of(&games);
        assert_eq!(
            pairs,
            Pairs {
                a_both: 1,
                b_both: 1,
                one_each: 1,
                drawn: 1
            }
        );
        let text = pairs.text("learned", "evaluate");
        assert!(
            text.contains("learned won both 1, evaluate won both 1, one each 1"),
            "{text}"
        );
        assert!(text.ends_with("with a draw 1, of 4"), "{text}");
    }

    #[test]
    fn wilson_interval() {
        let (lo, hi) = wilson(0.5, 100.0);
        assert!(
            (lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(1.0, 20.0);
        assert!((lo - 0.839).abs() < 0.001 && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson(0.0, 20.0).0, 0.0);
    }

    #[test]
    fn elo_of_scores() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo_text(1.0), "+inf");
        assert_eq!(elo_text(0.0), "-inf");
        assert_eq!(elo_text(0.25), "-191");
    }

    fn config(variant: &str, games: usize, threads: usize, balance: Balance) -> Config {
        let variant: mancala::Variant = variant.parse().expect("a variant");
        let start = Position::new(variant);
        Config {
            start,
            players: [
                "random".parse().expect("a spec"),
                "random".parse().expect("a spec"),
            ],
            games,
            threads,
            seed: 7,
            openings: default_openings(&start),
            max_plies: 1000,
            balance: Some(balance),
        }
    }

    /// The reference score of the position after `moves`, searched afresh.
    fn reference(cfg: &Config, balance: Balance, moves: &[Move]) -> Score {
        let mut pos = cfg.start;
        for &m in moves {
            pos = pos.play(m).expect("a legal opening move");
        }
        AlphaBeta::new(None)
            .choose(&pos, &Limits::nodes(balance.nodes), &AtomicBool::new(false))
            .score
    }

    #[test]
    fn balanced_openings_are_within_the_window() {
        // Capture games swing by many seeds and need a wide window.
        for (variant, window) in [("bao-la-kujifunza", 1000), ("hus", 1000), ("kalah", 100)] {
            let balance = Balance {
                nodes: 2_000,
                window,
            };
            let cfg = config(variant, 16, 2, balance);
            let o = balanced_openings(&cfg, balance).expect("balanced openings");
            assert_eq!(o.lines.len(), 8, "{variant}: one opening a pair");
            assert_eq!(o.scores.len(), 8);
            assert!(o.tried >= 8 && o.tried <= TRIES_PER_OPENING * 8 + EXTRA_TRIES);
            for (line, &score) in o.lines.iter().zip(&o.scores) {
                assert_eq!(line.len(), cfg.openings as usize, "{variant}: {line:?}");
                assert!(score.abs() <= balance.window, "{variant}: {score}");
                assert_eq!(reference(&cfg, balance, line), score, "{variant}: {line:?}");
            }
        }
    }

    #[test]
    fn balancing_rejects_openings_outside_the_window() {
        // Candidates are the random openings of the same seeds, so those not kept lie
        // outside the window: count them directly.
        let balance = Balance {
            nodes: 2_000,
            window: 1000,
        };
        let cfg = config("hus", 12, 1, balance);
        let o = balanced_openings(&cfg, balance).expect("balanced openings");
        let cache = Mutex::new(HashMap::new());
        let mut kept = Vec::new();
        let mut positions = Vec::new();
        for k in 0..o.tried {
            let c = candidate(&cfg, balance, k, &cache);
            if c.score.is_some_and(|v| v.abs() <= balance.window)
                && !positions.contains(&c.position)
            {
                kept.push(c.moves);
                positions.push(c.position);
            }
        }
        assert_eq!(kept, o.lines);
        assert!(o.tried > o.lines.len(), "some openings of Hus are not even");
        assert!(o.distinct <= o.tried && o.distinct >= o.lines.len());
    }

    #[test]
    fn balanced_openings_depend_on_the_seed_alone() {
        let balance = Balance {
            nodes: 3_000,
            window: 100,
        };
        let one = balanced_openings(&config("bao-la-kiswahili", 12, 1, balance), balance)
            .expect("openings");
        let three = balanced_openings(&config("bao-la-kiswahili", 12, 3, balance), balance)
            .expect("openings");
        assert_eq!(one, three, "threads do not change the openings");
        let mut other = config("bao-la-kiswahili", 12, 1, balance);
        other.seed = 8;
        let other = balanced_openings(&other, balance).expect("openings");
        assert_ne!(one.lines, other.lines, "another seed, other openings");
        // More games keep the same openings first.
        let more = balanced_openings(&config("bao-la-kiswahili", 20, 2, balance), balance)
            .expect("openings");
        assert_eq!(more.lines[..6], one.lines[..]);
    }

    #[test]
    fn no_balanced_opening_is_a_clear_error() {
        // No random plies: the start is the only opening, and this one is far from even
        // (24 seeds against 1), so every try fails and the search gives up.
        let kalah: mancala::Variant = "kalah".parse().expect("a variant");
        let setup: mancala::Setup = "4,4,4,4,4,4/0,0,0,0,0,1 S 0,0".parse().expect("a diagram");
        let start = Position::from_setup(kalah, &setup, mancala::SeedTotal::AllowPartial)
            .expect("a position");
        let balance = Balance {
            nodes: 500,
            window: 100,
        };
        let mut cfg = config("kalah", 4, 2, balance);
        cfg.start = start;
        cfg.openings = 0;
        let e = balanced_openings(&cfg, balance)
            .expect_err("nothing balanced")
            .to_string();
        let tries = TRIES_PER_OPENING * 2 + EXTRA_TRIES;
        assert!(
            e.contains(&format!(
                "only 0 of the 2 balanced openings needed were found in {tries}"
            )),
            "{e}"
        );
        assert!(e.contains("--balance-window"), "{e}");
    }

    #[test]
    fn default_openings_give_variety() {
        let kalah: mancala::Variant = "kalah".parse().expect("a variant");
        assert_eq!(default_openings(&Position::new(kalah)), 4);
        assert_eq!(
            default_openings(&Position::new(mancala::Variant::BAO_LA_KISWAHILI)),
            4
        );
        let sliding: mancala::Variant = "bao-la-kimasai-4x12".parse().expect("a variant");
        assert_eq!(default_openings(&Position::new(sliding)), 7);
    }
}
