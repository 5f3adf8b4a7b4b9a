//! Perfect play in Kalah(6,4), with and without `empty_capture` (docs/engine.md, "Perfect
//! Kalah"): level 8's player. It plays from the book ([`KalahBook`]) when the position is in
//! it, else the solver's move ([`KalahSolver::solve_move`]) above the shared endgame database
//! within most of its time, else (the database or book still building, or no proof in time)
//! the best alpha-beta move in the time left.
//!
//! The database and book are process-wide, one pair per rule set, prepared on first use by a
//! background thread: the database is built in memory (about 20 s), then the book is read
//! from the book folder ([`set_book_dir`]); when it is missing, damaged or foreign, the book
//! built into the program is taken and written there ([`KalahBook::read_or_built_in`]), and
//! only when the program refuses that one too (its build parameters changed) is the book built
//! (up to an hour of a core) and written there; a folder that cannot be written leaves the
//! book in memory only. [`status`] tells how far that got.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use mancala::{Game, Position, RuleOption};

use crate::book::{BOOK_DATABASE_SEEDS, Found, KalahBook, PLAY_TABLE_BITS, PROBE_NODES};
use crate::solve::KalahSolver;
use crate::{AlphaBeta, Limits, Player, SCORE_WIN, SearchResult};

/// How far the perfect player's preparation for one rule set has got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preparation {
    /// Nothing asked for it yet.
    NotStarted,
    /// The endgame database is being built; the player searches with alpha-beta.
    BuildingDatabase,
    /// The book is being built (`from` says why: missing, or the refusal of the file found);
    /// the player solves what it can within its time.
    BuildingBook {
        /// Why the book is built rather than read.
        from: String,
    },
    /// Ready: the book has `entries` positions; `saved` says where it is on disk, or why it
    /// is only in memory.
    Ready {
        /// Positions in the book.
        entries: usize,
        /// `Ok(file)` or `Err(why it was not written)`.
        saved: Result<PathBuf, String>,
    },
    /// The preparation failed (memory); the player searches with alpha-beta.
    Failed(String),
}

/// One rule set's database and book, as far as they are ready.
struct Slot {
    state: Preparation,
    /// A solver holding the database (and a tiny table), for others to share it.
    database: Option<Arc<KalahSolver>>,
    book: Option<Arc<KalahBook>>,
}

struct Oracle {
    dir: Mutex<Option<PathBuf>>,
    slots: [Mutex<Slot>; 2],
}

fn oracle() -> &'static Oracle {
    static ORACLE: OnceLock<Oracle> = OnceLock::new();
    ORACLE.get_or_init(|| Oracle {
        dir: Mutex::new(None),
        slots: [(); 2].map(|()| {
            Mutex::new(Slot {
                state: Preparation::NotStarted,
                database: None,
                book: None,
            })
        }),
    })
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sets the folder the books are read from and written to (`None`: memory only, the default).
/// Applies to the preparations not yet started.
pub fn set_book_dir(dir: Option<PathBuf>) {
    *lock(&oracle().dir) = dir;
}

/// The folder the books are read from and written to.
#[must_use]
pub fn book_dir() -> Option<PathBuf> {
    lock(&oracle().dir).clone()
}

/// How far the preparation for the rules `empty_capture` has got.
#[must_use]
pub fn status(empty_capture: bool) -> Preparation {
    lock(&oracle().slots[usize::from(empty_capture)])
        .state
        .clone()
}

/// Starts preparing the database and book of the rules `empty_capture` in the background, if
/// not started yet (level 8 does it on its first Kalah(6,4) move).
pub fn prepare(empty_capture: bool) {
    let mut slot = lock(&oracle().slots[usize::from(empty_capture)]);
    if slot.state != Preparation::NotStarted {
        return;
    }
    slot.state = Preparation::BuildingDatabase;
    drop(slot);
    let dir = book_dir();
    let spawned = std::thread::Builder::new()
        .name("kalah-book".to_owned())
        .spawn(move || run_preparation(empty_capture, dir.as_deref()));
    if let Err(e) = spawned {
        lock(&oracle().slots[usize::from(empty_capture)]).state =
            Preparation::Failed(format!("no thread: {e}"));
    }
}

fn set_state(empty_capture: bool, f: impl FnOnce(&mut Slot)) {
    f(&mut lock(&oracle().slots[usize::from(empty_capture)]));
}

fn run_preparation(empty_capture: bool, dir: Option<&Path>) {
    let stop = AtomicBool::new(false);
    let mut base = KalahSolver::new(4, empty_capture);
    if let Err(e) = base.build_database(BOOK_DATABASE_SEEDS, &stop) {
        set_state(empty_capture, |s| s.state = Preparation::Failed(e));
        return;
    }
    let base = Arc::new(base);
    let (book, saved) = match KalahBook::read_or_built_in(dir, empty_capture) {
        Ok((book, found)) => {
            let saved = match found {
                Found::Read(file) => Ok(file),
                Found::BuiltIn { saved } => saved,
            };
            (book, saved)
        }
        Err(from) => {
            set_state(empty_capture, |s| {
                s.database = Some(base.clone());
                s.state = Preparation::BuildingBook { from };
            });
            let mut solver = KalahSolver::sharing_database(BUILD_TABLE_BITS, &base);
            let mut probe = KalahSolver::sharing_database(PLAY_TABLE_BITS, &base);
            let built = KalahBook::build(
                &mut solver,
                &mut probe,
                &start(empty_capture),
                PROBE_NODES,
                &stop,
                &mut |_| {},
            );
            let book = match built {
                Ok(b) => b,
                Err(e) => {
                    set_state(empty_capture, |s| s.state = Preparation::Failed(e));
                    return;
                }
            };
            let saved = book.save_in(dir);
            (book, saved)
        }
    };
    set_state(empty_capture, |s| {
        s.database = Some(base);
        s.state = Preparation::Ready {
            entries: book.len(),
            saved,
        };
        s.book = Some(Arc::new(book));
    });
}

/// The table of the solver that builds a book: 2^23 entries, 134 MB while it builds.
pub const BUILD_TABLE_BITS: u32 = 23;

/// The start of Kalah(6,4) under the rules `empty_capture`.
#[must_use]
pub fn start(empty_capture: bool) -> Position {
    let v = mancala::Variant::new(Game::Kalah);
    Position::new(if empty_capture {
        v.with_option(RuleOption::EmptyCapture).unwrap_or(v)
    } else {
        v
    })
}

/// Whether `pos` is of the games the perfect player plays perfectly: Kalah(6,4), with or
/// without `empty_capture` (its only option).
#[must_use]
pub fn is_perfect_game(pos: &Position) -> bool {
    pos.variant().game() == Game::Kalah
}

/// What the player had ready for a move.
#[derive(Clone, Default)]
struct Ready {
    database: Option<Arc<KalahSolver>>,
    book: Option<Arc<KalahBook>>,
}

fn ready(empty_capture: bool) -> Ready {
    let slot = lock(&oracle().slots[usize::from(empty_capture)]);
    Ready {
        database: slot.database.clone(),
        book: slot.book.clone(),
    }
}

/// Where a move of the perfect player came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The book.
    Book,
    /// The solver, proved within the time.
    Solver,
    /// Alpha-beta: not Kalah(6,4), the database not ready, or no proof within the time.
    Search,
}

/// Level 8 in Kalah(6,4): the book, else the solver, else alpha-beta (the module's text).
#[derive(Debug)]
pub struct PerfectKalah {
    search: AlphaBeta,
    /// The solver of the last move, kept for the next (its table stays valid: its entries
    /// are exact bounds of boards, whatever the stores).
    solver: Option<KalahSolver>,
    last: Option<Source>,
}

impl Default for PerfectKalah {
    fn default() -> Self {
        Self::new()
    }
}

/// The share of the move's time the solver may take before alpha-beta has the rest.
const SOLVER_SHARE: f64 = 0.9;

impl PerfectKalah {
    /// A new player (the database and book are shared by all).
    #[must_use]
    pub fn new() -> Self {
        Self {
            search: AlphaBeta::new(None),
            solver: None,
            last: None,
        }
    }

    /// Where the last move came from.
    #[must_use]
    pub const fn last_source(&self) -> Option<Source> {
        self.last
    }

    /// Chooses with what is ready, waiting for nothing.
    fn choose_with(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        ready: &Ready,
    ) -> SearchResult {
        let started = Instant::now();
        if let Some((margin, m)) = ready.book.as_ref().and_then(|b| b.get(pos)) {
            self.last = Some(Source::Book);
            return exact(m, margin);
        }
        if let Some(base) = &ready.database {
            let solver = match self.solver.take() {
                Some(s) if s.shares_database_with(base) => self.solver.insert(s),
                _ => self
                    .solver
                    .insert(KalahSolver::sharing_database(PLAY_TABLE_BITS, base)),
            };
            solver.set_deadline(limits.time.map(|t| started + t.mul_f64(SOLVER_SHARE)));
            solver.set_node_limit(limits.nodes);
            let s = solver.solve_move(pos, 0, stop);
            if let (false, Some(m)) = (s.stopped, s.best) {
                self.last = Some(Source::Solver);
                let mut r = exact(m, s.margin);
                r.nodes = s.nodes;
                return r;
            }
        }
        self.last = Some(Source::Search);
        let rest = Limits {
            time: limits
                .time
                .map(|t| t.saturating_sub(started.elapsed()).max(MIN_SEARCH)),
            ..*limits
        };
        self.search.choose(pos, &rest, stop)
    }

    /// Chooses as [`Player::choose`] does, with a database and book given rather than the
    /// process-wide ones (tests, and the benchmark's own book).
    pub fn choose_from(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        database: Option<&Arc<KalahSolver>>,
        book: Option<&Arc<KalahBook>>,
    ) -> SearchResult {
        let ready = Ready {
            database: database.cloned(),
            book: book.cloned(),
        };
        self.choose_with(pos, limits, stop, &ready)
    }
}

/// The least time alpha-beta gets after a failed proof.
const MIN_SEARCH: Duration = Duration::from_millis(20);

/// A proved move: a win by `m` seeds scores `SCORE_WIN - 100 + m`, a loss by `m`
/// `-SCORE_WIN + 100 - m`, a draw 0.
fn exact(m: mancala::Move, margin: i32) -> SearchResult {
    let score = match margin {
        0 => 0,
        m if m > 0 => SCORE_WIN - 100 + m,
        m => -SCORE_WIN + 100 + m,
    };
    SearchResult {
        best: Some(m),
        score,
        pv: vec![m],
        depth: 0,
        nodes: 0,
    }
}

impl Player for PerfectKalah {
    fn choose(&mut self, pos: &Position, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        if !is_perfect_game(pos) {
            self.last = Some(Source::Search);
            return self.search.choose(pos, limits, stop);
        }
        let empty_capture = pos.variant().has(RuleOption::EmptyCapture);
        prepare(empty_capture);
        let ready = ready(empty_capture);
        self.choose_with(pos, limits, stop, &ready)
    }

    fn name(&self) -> String {
        "perfect-kalah".to_owned()
    }
}
