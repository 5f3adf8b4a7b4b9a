//! The opening book of perfect Kalah (docs/engine.md, "Perfect Kalah"): the exact value and a
//! value-keeping move of every position near the start that the solver cannot prove quickly,
//! for whichever side plays from the book.
//!
//! The book is a strategy, not a table of every position: from the start it follows, for each
//! side in turn as the side playing from it (the *hero*), every move of the opponent and only
//! the book's own move of the hero. A hero position is *easy* when a fresh solver (a table of
//! [`PLAY_TABLE_BITS`] and the same endgame database) proves its value and a move within the
//! book's probe budget of nodes; easy positions end the book, hard ones are solved with a large
//! table, entered, and followed. So a player that plays the book's moves meets, outside the
//! book, only positions the solver proves within the budget.
//!
//! The file (`kalah-book-<rules>.bin`): the magic `MNKLBOOK`, a version, the rules and build
//! parameters, the entries sorted by key (10 bytes each: the board key, the board's value and
//! the pit), and an FNV-1a checksum of all that; anything else is refused with a
//! [`BookError`].

use std::collections::HashSet;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use mancala::{Move, Pit, Position, Row, Side};

use crate::solve::{KalahSolver, pit_index, position_key};

/// The table of the solver that plays outside the book (and of the probe that decides where the
/// book ends): 2^21 entries, 32 MB.
pub const PLAY_TABLE_BITS: u32 = 21;
/// The endgame database the book is built with and played above: every board with up to 18
/// seeds in the pits (86.5 MB).
pub const BOOK_DATABASE_SEEDS: u32 = 18;
/// The probe budget: a hero position whose value and move a fresh solver proves within this many
/// nodes is left out of the book (about 0.7 s on an idle core of the machine measured: within the 1 s of level 8).
pub const PROBE_NODES: u64 = 1_000_000;

const MAGIC: &[u8; 8] = b"MNKLBOOK";
const VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 4 + 8 + 8;
const ENTRY: usize = 10;

/// One book position: its board's key, its value for the mover, the pit to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    key: u64,
    /// The seeds still to be won by the mover minus the opponent's, under perfect play.
    value: i8,
    /// The mover's pit, 0 = its leftmost.
    pit: u8,
}

/// Why a book file was refused.
#[derive(Debug)]
pub enum BookError {
    /// Reading or writing failed.
    Io(std::io::Error),
    /// Not a book file (no magic), or cut short.
    NotABook,
    /// A book of another version of the format.
    Version(u32),
    /// A book for the other rules, or built with other parameters.
    Foreign(String),
    /// The checksum does not match: the file is damaged.
    Checksum,
    /// The entries are out of order or name no pit.
    Inconsistent,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(e) => write!(f, "{e}"),
            Self::NotABook => f.write_str("not a Kalah book file (or cut short)"),
            Self::Version(v) => write!(
                f,
                "a Kalah book of format version {v}, this program reads version {VERSION}"
            ),
            Self::Foreign(what) => write!(f, "a Kalah book for {what}"),
            Self::Checksum => f.write_str("the Kalah book's checksum does not match: damaged"),
            Self::Inconsistent => f.write_str("the Kalah book's entries are inconsistent"),
        }
    }
}

impl std::error::Error for BookError {}

impl From<std::io::Error> for BookError {
    fn from(e: std::io::Error) -> Self {
        Self::Io(e)
    }
}

/// What the book builder reports as it goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuildProgress {
    /// Hero positions probed.
    pub probed: u64,
    /// Hero positions found hard and entered.
    pub entries: u64,
    /// Nodes of the full solves so far.
    pub solve_nodes: u64,
}

/// The books built into the program, standard rules first (docs/engine.md, "Perfect Kalah").
const BUILT_IN: [&[u8]; 2] = [
    include_bytes!("../books/kalah-book-standard.bin"),
    include_bytes!("../books/kalah-book-empty-capture.bin"),
];

/// Where [`KalahBook::read_or_built_in`] found the book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Read from this file of the book folder.
    Read(PathBuf),
    /// The book built into the program; `saved` is the file it was written to, or why not.
    BuiltIn {
        /// `Ok(file)` or `Err(why it was not written)`.
        saved: Result<PathBuf, String>,
    },
}

/// The opening book of Kalah(6,4) for one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KalahBook {
    empty_capture: bool,
    probe_nodes: u64,
    entries: Vec<Entry>,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The rules as the file names them.
fn rules_name(empty_capture: bool) -> &'static str {
    if empty_capture {
        "empty-capture"
    } else {
        "standard"
    }
}

impl KalahBook {
    /// The file name of the book of these rules: `kalah-book-standard.bin`,
    /// `kalah-book-empty-capture.bin`.
    #[must_use]
    pub fn file_name(empty_capture: bool) -> String {
        format!("kalah-book-{}.bin", rules_name(empty_capture))
    }

    /// Whether the book is for the `empty_capture` rule.
    #[must_use]
    pub const fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// The positions in the book.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position (the start is easy: it never is in Kalah(6,4)).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The probe budget the book was built with.
    #[must_use]
    pub const fn probe_nodes(&self) -> u64 {
        self.probe_nodes
    }

    fn find(&self, key: u64) -> Option<Entry> {
        self.entries
            .binary_search_by_key(&key, |e| e.key)
            .ok()
            .map(|i| self.entries[i])
    }

    /// The book's value of `pos` (the final margin for the side to move, stores included) and
    /// its move, when `pos` is in the book.
    #[must_use]
    pub fn get(&self, pos: &Position) -> Option<(i32, Move)> {
        let (key, banked) = position_key(pos)?;
        let e = self.find(key)?;
        let pit = Pit::new(pos.turn(), Row::Front, e.pit + 1)?;
        let m = Move::from_pit(pit);
        pos.is_legal(m).then_some((banked + i32::from(e.value), m))
    }

    /// Builds the book from `start`: `solver` (with the endgame database, and a large table)
    /// solves the hard positions, `probe` (sharing the database, a table of
    /// [`PLAY_TABLE_BITS`]) tells hard from easy within `probe_nodes` nodes. `progress` hears
    /// of every position probed.
    ///
    /// # Errors
    /// When `stop` is set, or a hard position could not be solved (which means it was stopped).
    pub fn build(
        solver: &mut KalahSolver,
        probe: &mut KalahSolver,
        start: &Position,
        probe_nodes: u64,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<Self, String> {
        let mut b = Builder {
            solver,
            probe,
            stop,
            seen: HashSet::new(),
            entries: Vec::new(),
            progress: BuildProgress::default(),
            report: progress,
        };
        b.probe.set_node_limit(Some(probe_nodes));
        for hero in Side::ALL {
            b.visit(start, hero)?;
        }
        b.probe.set_node_limit(None);
        let empty_capture = b.solver.empty_capture();
        let mut entries = b.entries;
        entries.sort_unstable();
        entries.dedup_by_key(|e| e.key);
        Ok(Self {
            empty_capture,
            probe_nodes,
            entries,
        })
    }

    /// The book as bytes (the file's contents).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.entries.len() * ENTRY + 8);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(u8::from(self.empty_capture));
        out.push(BOOK_DATABASE_SEEDS as u8);
        out.push(PLAY_TABLE_BITS as u8);
        out.push(0);
        out.extend_from_slice(&self.probe_nodes.to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        for e in &self.entries {
            out.extend_from_slice(&e.key.to_le_bytes());
            out.push(e.value as u8);
            out.push(e.pit);
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a book for the rules `empty_capture` from bytes.
    ///
    /// # Errors
    /// Anything but a whole, undamaged book of this format, these rules and this build's
    /// parameters.
    pub fn from_bytes(bytes: &[u8], empty_capture: bool) -> Result<Self, BookError> {
        if bytes.len() < HEADER + 8 || !bytes.starts_with(MAGIC) {
            return Err(BookError::NotABook);
        }
        let u32_at = |i: usize| bytes.get(i..i + 4).and_then(|s| s.try_into().ok());
        let u64_at = |i: usize| bytes.get(i..i + 8).and_then(|s| s.try_into().ok());
        let version = u32_at(8)
            .map(u32::from_le_bytes)
            .ok_or(BookError::NotABook)?;
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let sum = u64::from_le_bytes(sum.try_into().map_err(|_| BookError::NotABook)?);
        if fnv1a(body) != sum {
            return Err(BookError::Checksum);
        }
        let ec = bytes[12];
        if ec > 1 || (ec == 1) != empty_capture {
            return Err(BookError::Foreign(format!(
                "other rules ({}), not {}",
                if ec > 1 {
                    "unknown"
                } else {
                    rules_name(ec == 1)
                },
                rules_name(empty_capture)
            )));
        }
        if u32::from(bytes[13]) != BOOK_DATABASE_SEEDS || u32::from(bytes[14]) != PLAY_TABLE_BITS {
            return Err(BookError::Foreign(format!(
                "a database of {} seeds and a table of 2^{}, not {BOOK_DATABASE_SEEDS} and 2^{PLAY_TABLE_BITS}",
                bytes[13], bytes[14]
            )));
        }
        let probe_nodes = u64_at(16)
            .map(u64::from_le_bytes)
            .ok_or(BookError::NotABook)?;
        let count = u64_at(24)
            .map(u64::from_le_bytes)
            .ok_or(BookError::NotABook)?;
        let expected = usize::try_from(count)
            .ok()
            .and_then(|c| c.checked_mul(ENTRY))
            .and_then(|n| n.checked_add(HEADER));
        if expected != Some(body.len()) {
            return Err(BookError::NotABook);
        }
        let mut entries = Vec::with_capacity(body.len() / ENTRY);
        for chunk in body[HEADER..].chunks_exact(ENTRY) {
            let key = u64::from_le_bytes(chunk[..8].try_into().map_err(|_| BookError::NotABook)?);
            let e = Entry {
                key,
                value: chunk[8] as i8,
                pit: chunk[9],
            };
            if usize::from(e.pit) >= 6 || entries.last().is_some_and(|l: &Entry| l.key >= key) {
                return Err(BookError::Inconsistent);
            }
            entries.push(e);
        }
        Ok(Self {
            empty_capture,
            probe_nodes,
            entries,
        })
    }

    /// Reads the book of the rules `empty_capture` from the folder `dir`.
    ///
    /// # Errors
    /// The file is missing or unreadable ([`BookError::Io`]), or refused by
    /// [`KalahBook::from_bytes`].
    pub fn load(dir: &Path, empty_capture: bool) -> Result<Self, BookError> {
        let bytes = std::fs::read(dir.join(Self::file_name(empty_capture)))?;
        Self::from_bytes(&bytes, empty_capture)
    }

    /// The book of the rules `empty_capture` built into the program: the file of
    /// `crates/engine/books/`, made by `mancala book build kalah [--rules empty_capture]`.
    ///
    /// # Errors
    /// The build's parameters ([`BOOK_DATABASE_SEEDS`], [`PLAY_TABLE_BITS`]) or the format
    /// changed since the file was made ([`KalahBook::from_bytes`] says which); a test keeps
    /// the two in step.
    pub fn built_in(empty_capture: bool) -> Result<Self, BookError> {
        Self::from_bytes(BUILT_IN[usize::from(empty_capture)], empty_capture)
    }

    /// The book to play from: the one in the folder `dir` when this program accepts it, else
    /// the one built into it, written to `dir` as well. `Err` says why neither will do (the
    /// caller then builds the book).
    ///
    /// # Errors
    /// The folder has no book this program accepts and the built-in one is refused.
    pub fn read_or_built_in(
        dir: Option<&Path>,
        empty_capture: bool,
    ) -> Result<(Self, Found), String> {
        let folder = match dir.map(|d| (d, d.join(Self::file_name(empty_capture)))) {
            Some((d, file)) => match Self::load(d, empty_capture) {
                Ok(book) => return Ok((book, Found::Read(file))),
                Err(BookError::Io(io)) if io.kind() == std::io::ErrorKind::NotFound => {
                    "no book file yet".to_owned()
                }
                Err(e) => format!("{}: {e}", file.display()),
            },
            None => "no book folder".to_owned(),
        };
        let book = Self::built_in(empty_capture)
            .map_err(|e| format!("{folder}, and the built-in book is refused: {e}"))?;
        let saved = book.save_in(dir);
        Ok((book, Found::BuiltIn { saved }))
    }

    /// Writes the book into the folder `dir`, if there is one ([`KalahBook::save`]): the file
    /// written, or why there is none, for people.
    ///
    /// # Errors
    /// No folder, or it cannot be written.
    pub fn save_in(&self, dir: Option<&Path>) -> Result<PathBuf, String> {
        let dir = dir.ok_or_else(|| "no book folder".to_owned())?;
        self.save(dir)
            .map(|()| dir.join(Self::file_name(self.empty_capture)))
            .map_err(|e| format!("{}: {e}", dir.display()))
    }

    /// Writes the book into the folder `dir` (created if missing), through a temporary file
    /// renamed into place, so that another process never reads half a book.
    ///
    /// # Errors
    /// The folder or file cannot be written (a read-only folder, for one).
    pub fn save(&self, dir: &Path) -> Result<(), BookError> {
        std::fs::create_dir_all(dir)?;
        let name = Self::file_name(self.empty_capture);
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let written = std::fs::File::create(&tmp).and_then(|mut f| {
            f.write_all(&self.to_bytes())?;
            f.sync_all()
        });
        let renamed = written.and_then(|()| std::fs::rename(&tmp, dir.join(&name)));
        if renamed.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        Ok(renamed?)
    }
}

struct Builder<'a> {
    solver: &'a mut KalahSolver,
    probe: &'a mut KalahSolver,
    stop: &'a AtomicBool,
    /// (board key, hero to move) of the positions expanded: the strategy below a board
    /// depends on nothing else.
    seen: HashSet<(u64, bool)>,
    entries: Vec<Entry>,
    progress: BuildProgress,
    report: &'a mut dyn FnMut(BuildProgress),
}

impl Builder<'_> {
    fn visit(&mut self, pos: &Position, hero: Side) -> Result<(), String> {
        if pos.outcome().is_some() {
            return Ok(());
        }
        let Some((key, banked)) = position_key(pos) else {
            return Err("not a Kalah position".to_owned());
        };
        let heros_turn = pos.turn() == hero;
        if !self.seen.insert((key, heros_turn)) {
            return Ok(());
        }
        if !heros_turn {
            let mut children = Vec::new();
            pos.for_each_legal(|_, next| children.push(next));
            for next in &children {
                self.visit(next, hero)?;
            }
            return Ok(());
        }
        let m = {
            // Easy: a fresh solver proves it within the budget.
            self.probe.clear_table();
            let p = self.probe.solve_move(pos, 0, self.stop);
            self.progress.probed += 1;
            (self.report)(self.progress);
            if !p.stopped && p.best.is_some() {
                return Ok(());
            }
            if self.stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Err("stopped".to_owned());
            }
            let s = self.solver.solve_move(pos, 0, self.stop);
            self.progress.solve_nodes += s.nodes;
            let Some(m) = s.best.filter(|_| !s.stopped) else {
                return Err("stopped".to_owned());
            };
            let value = i8::try_from(s.margin - banked).map_err(|_| "value out of range")?;
            self.entries.push(Entry {
                key,
                value,
                pit: pit_index(m) as u8,
            });
            self.progress.entries += 1;
            (self.report)(self.progress);
            Some(m)
        };
        let Some(next) = m.and_then(|m| pos.play(m).ok()) else {
            return Err("a book move is not legal".to_owned());
        };
        self.visit(&next, hero)
    }
}
