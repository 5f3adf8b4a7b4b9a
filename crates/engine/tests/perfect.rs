//! Level 8's perfect Kalah: on a sample of positions its move keeps the solver's value (from
//! the book near a start, from the solver in mid game), with and without `empty_capture`; the
//! book file is read back exactly and a damaged or foreign one is refused.
//!
//! The full book of Kalah(6,4) takes minutes to build, too long for a test: the start-region
//! test builds a book the same way from a start with 2 seeds a pit (24 on the board), with a
//! small database and probe budget so that the book is several moves deep. The full check is
//! `mancala bench kalah-perfect`.

#![allow(
    clippy::unwrap_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use mancala::{Game, Move, Position, RuleOption, SeedTotal, Setup, Side, Variant};
use mancala_engine::perfect::Source;
use mancala_engine::{
    BookError, Found, KalahBook, KalahSolver, Limits, PLAY_TABLE_BITS, PROBE_NODES, PerfectKalah,
    Rng,
};

fn variant(empty_capture: bool) -> Variant {
    let v = Variant::new(Game::Kalah);
    if empty_capture {
        v.with_option(RuleOption::EmptyCapture).unwrap()
    } else {
        v
    }
}

/// Kalah(6,4)'s board with 2 seeds a pit.
fn small_start(empty_capture: bool) -> Position {
    let setup: Setup = "2,2,2,2,2,2/2,2,2,2,2,2 S 0,0".parse().unwrap();
    Position::from_setup(variant(empty_capture), &setup, SeedTotal::AllowPartial).unwrap()
}

/// A solver with an endgame database of `seeds`.
fn solver(empty_capture: bool, bits: u32, seeds: u32) -> KalahSolver {
    let mut s = KalahSolver::new(bits, empty_capture);
    s.build_database(seeds, &AtomicBool::new(false)).unwrap();
    s
}

/// The margin of `pos` for its mover, by a solver of its own.
fn margin(check: &mut KalahSolver, pos: &Position) -> i32 {
    let s = check.solve(pos, &AtomicBool::new(false));
    assert!(!s.stopped);
    s.margin
}

/// Whether the move level 8 chooses in `pos` keeps its value; where it came from; the move.
fn keeps_value(
    player: &mut PerfectKalah,
    check: &mut KalahSolver,
    pos: &Position,
    base: &Arc<KalahSolver>,
    book: Option<&Arc<KalahBook>>,
) -> (bool, Source, Move) {
    let stop = AtomicBool::new(false);
    let r = player.choose_from(pos, &Limits::default(), &stop, Some(base), book);
    let m = r.best.unwrap();
    let next = pos.play(m).unwrap();
    let before = margin(check, pos);
    let after = margin(check, &next);
    let after = if next.turn() == pos.turn() {
        after
    } else {
        -after
    };
    (after == before, player.last_source().unwrap(), m)
}

#[test]
fn level_8_keeps_the_value_near_the_start_and_in_mid_game() {
    let stop = AtomicBool::new(false);
    for empty_capture in [false, true] {
        // Near a start: the book, built as the real one is.
        let start = small_start(empty_capture);
        let base = Arc::new(solver(empty_capture, 4, 10));
        let mut build = KalahSolver::sharing_database(18, &base);
        let mut probe = KalahSolver::sharing_database(PLAY_TABLE_BITS, &base);
        let book =
            KalahBook::build(&mut build, &mut probe, &start, 400, &stop, &mut |_| {}).unwrap();
        assert!(book.len() >= 5, "{} positions", book.len());
        let book = Arc::new(book);
        let mut check = KalahSolver::sharing_database(20, &base);
        // The book's value of the start is the solver's.
        let (m0, _) = book.get(&start).unwrap();
        assert_eq!(m0, margin(&mut check, &start));
        let mut player = PerfectKalah::new();
        let mut rng = Rng::new(7);
        let (mut from_book, mut from_solver, mut checked) = (0, 0, 0);
        for _ in 0..20 {
            let mut pos = start;
            let hero = if rng.below(2) == 0 {
                Side::South
            } else {
                Side::North
            };
            for _ in 0..12 {
                if pos.outcome().is_some() {
                    break;
                }
                let m = if pos.turn() == hero {
                    let (ok, source, m) =
                        keeps_value(&mut player, &mut check, &pos, &base, Some(&book));
                    assert!(ok, "{} empty_capture={empty_capture}", pos.diagram());
                    match source {
                        Source::Book => from_book += 1,
                        Source::Solver => from_solver += 1,
                        Source::Search => panic!("alpha-beta in {}", pos.diagram()),
                    }
                    checked += 1;
                    m
                } else {
                    let moves = pos.legal_moves();
                    moves[rng.below(moves.len())]
                };
                pos = pos.play(m).unwrap();
            }
        }
        assert!(
            from_book >= 20 && from_solver >= 20,
            "{from_book} {from_solver}"
        );
        assert!(checked >= 60);
        // Mid game of the full board: random games until 20 seeds are left in the pits; the
        // solver alone.
        let mut check = KalahSolver::sharing_database(20, &base);
        let mut n = 0;
        while n < 12 {
            let mut pos = Position::new(variant(empty_capture));
            while pos.outcome().is_none() && pos.total_seeds() - stores(&pos) > 20 {
                let moves = pos.legal_moves();
                pos = pos.play(moves[rng.below(moves.len())]).unwrap();
            }
            if pos.outcome().is_some() {
                continue;
            }
            let (ok, source, _) = keeps_value(&mut player, &mut check, &pos, &base, Some(&book));
            assert!(ok, "{} empty_capture={empty_capture}", pos.diagram());
            assert_eq!(source, Source::Solver);
            n += 1;
        }
    }
}

fn stores(pos: &Position) -> u32 {
    Side::ALL
        .into_iter()
        .map(|s| u32::from(pos.store(s).unwrap_or(0)))
        .sum()
}

#[test]
fn without_a_proof_in_time_alpha_beta_moves() {
    let base = Arc::new(solver(false, 4, 4));
    let mut player = PerfectKalah::new();
    let pos = Position::new(variant(false));
    let r = player.choose_from(
        &pos,
        &Limits::nodes(1000),
        &AtomicBool::new(false),
        Some(&base),
        None,
    );
    assert!(pos.is_legal(r.best.unwrap()));
    assert_eq!(player.last_source(), Some(Source::Search));
    // No database yet: alpha-beta too.
    let r = player.choose_from(&pos, &Limits::depth(2), &AtomicBool::new(false), None, None);
    assert!(pos.is_legal(r.best.unwrap()));
    assert_eq!(player.last_source(), Some(Source::Search));
}

fn small_book(empty_capture: bool) -> KalahBook {
    let base = solver(empty_capture, 4, 6);
    let mut build = KalahSolver::sharing_database(16, &base);
    let mut probe = KalahSolver::sharing_database(PLAY_TABLE_BITS, &base);
    let stop = AtomicBool::new(false);
    KalahBook::build(
        &mut build,
        &mut probe,
        &small_start(empty_capture),
        100,
        &stop,
        &mut |_| {},
    )
    .unwrap()
}

#[test]
fn the_book_file_reads_back_and_refuses_damage() {
    let book = small_book(true);
    assert!(!book.is_empty());
    let bytes = book.to_bytes();
    assert_eq!(KalahBook::from_bytes(&bytes, true).unwrap(), book);
    // The other rules' book.
    assert!(matches!(
        KalahBook::from_bytes(&bytes, false),
        Err(BookError::Foreign(_))
    ));
    // Every single damaged byte, and every cut, is refused.
    for i in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[i] ^= 0x10;
        assert!(KalahBook::from_bytes(&bad, true).is_err(), "byte {i}");
    }
    for n in 0..bytes.len() {
        assert!(
            KalahBook::from_bytes(&bytes[..n], true).is_err(),
            "{n} bytes"
        );
    }
    let mut newer = bytes.clone();
    newer[8] = 9;
    assert!(matches!(
        KalahBook::from_bytes(&newer, true),
        Err(BookError::Version(9))
    ));
    assert!(matches!(
        KalahBook::from_bytes(b"PK\x03\x04 a zip file, not a book at all", true),
        Err(BookError::NotABook)
    ));
    // Messages for people.
    assert!(
        KalahBook::from_bytes(&bytes, false)
            .unwrap_err()
            .to_string()
            .contains("other rules")
    );
}

#[test]
fn the_book_is_saved_and_loaded_and_a_bad_folder_is_an_error() {
    let book = small_book(false);
    let dir = std::env::temp_dir().join(format!("mancala-book-test-{}", std::process::id()));
    book.save(&dir).unwrap();
    assert_eq!(KalahBook::load(&dir, false).unwrap(), book);
    // The other rules' file is missing.
    assert!(matches!(
        KalahBook::load(&dir, true),
        Err(BookError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound
    ));
    // A damaged file is refused.
    let file = dir.join(KalahBook::file_name(false));
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    assert!(matches!(
        KalahBook::load(&dir, false),
        Err(BookError::Checksum)
    ));
    // A folder below a file cannot be made.
    assert!(book.save(&file.join("below")).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The books built into the program (`crates/engine/books/`) fit this build's parameters, hold
/// the start with the game value (South +8, and +10 with `empty_capture`) and a legal move, and
/// are what `KalahBook::read_or_built_in` falls back on: written to a folder without a book (or with a
/// damaged one), then read from it.
#[test]
fn the_built_in_books_fit_this_build_and_fill_a_folder() {
    let dir = std::env::temp_dir().join(format!("mancala-built-in-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (empty_capture, value) in [(false, 8), (true, 10)] {
        let book = KalahBook::built_in(empty_capture).unwrap_or_else(|e| {
            panic!(
                "the built-in book (empty_capture {empty_capture}) is refused: {e}; make it \
                 again with `mancala book build kalah --book-dir crates/engine/books`"
            )
        });
        assert_eq!(book.probe_nodes(), PROBE_NODES);
        assert!(book.len() > 100, "{} positions", book.len());
        let start = mancala_engine::perfect::start(empty_capture);
        let (margin, m) = book.get(&start).expect("the start is in the book");
        assert_eq!(margin, value);
        assert!(start.play(m).is_ok());

        let file = dir.join(KalahBook::file_name(empty_capture));
        let (found, how) = KalahBook::read_or_built_in(Some(&dir), empty_capture).unwrap();
        assert_eq!(found, book);
        assert_eq!(
            how,
            Found::BuiltIn {
                saved: Ok(file.clone())
            }
        );
        let (found, how) = KalahBook::read_or_built_in(Some(&dir), empty_capture).unwrap();
        assert_eq!((found, how), (book.clone(), Found::Read(file.clone())));
        // A damaged file gives way to the built-in book, which replaces it.
        let mut bytes = std::fs::read(&file).unwrap();
        bytes[40] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        let (found, how) = KalahBook::read_or_built_in(Some(&dir), empty_capture).unwrap();
        assert_eq!(
            (found, how),
            (
                book.clone(),
                Found::BuiltIn {
                    saved: Ok(file.clone())
                }
            )
        );
        assert_eq!(KalahBook::load(&dir, empty_capture).unwrap(), book);
        // No folder: the built-in book, in memory only.
        let (found, how) = KalahBook::read_or_built_in(None, empty_capture).unwrap();
        assert_eq!(found, book);
        assert!(matches!(how, Found::BuiltIn { saved: Err(_) }));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
