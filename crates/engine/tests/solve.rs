//! The Kalah solver against an exhaustive search through the rules crate: the search alone on
//! endgames, the endgame database entry by entry, and the search above a database on positions
//! with more seeds than the database holds; with and without `empty_capture`.

#![allow(
    clippy::unwrap_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use mancala::{Game, Position, RuleOption, SeedTotal, Setup, Side, Variant};
use mancala_engine::{KalahSolver, Rng};

/// The final margin for the side to move by exhaustive search (memoised on the whole
/// position, stores included).
fn exhaustive(pos: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(o) = pos.outcome() {
        let mancala::EndReason::SeedsCounted { south, north } = o.reason else {
            panic!("{o}")
        };
        let m = i32::from(south) - i32::from(north);
        return if pos.turn() == Side::South { m } else { -m };
    }
    if let Some(&v) = memo.get(pos) {
        return v;
    }
    let mut best = i32::MIN;
    pos.for_each_legal(|_, next| {
        let v = exhaustive(&next, memo);
        best = best.max(if next.turn() == pos.turn() { v } else { -v });
    });
    memo.insert(*pos, best);
    best
}

fn variant(empty_capture: bool) -> Variant {
    if empty_capture {
        Variant::new(Game::Kalah)
            .with_option(RuleOption::EmptyCapture)
            .unwrap()
    } else {
        Variant::new(Game::Kalah)
    }
}

/// A random Kalah(6,4) position with `on_board` seeds in the pits (some piled up), the rest in
/// the stores, either side to move.
fn random_position(rng: &mut Rng, v: Variant, on_board: usize) -> (Position, String) {
    let mut pits = [0u8; 12];
    let mut i = rng.below(12);
    for _ in 0..on_board {
        // Now and then onto the same pit as the last seed, for piles.
        if rng.below(3) != 0 {
            i = rng.below(12);
        }
        pits[i] += 1;
    }
    let south_store = rng.below(48 - on_board + 1);
    let north_store = 48 - on_board - south_store;
    let row = |r: &[u8]| {
        r.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut north: Vec<u8> = pits[6..].to_vec();
    north.reverse();
    let side = if rng.below(2) == 0 { "S" } else { "N" };
    let d = format!(
        "{}/{} {side} {south_store},{north_store}",
        row(&north),
        row(&pits[..6])
    );
    let setup: Setup = d.parse().unwrap();
    (
        Position::from_setup(v, &setup, SeedTotal::Exact).unwrap(),
        d,
    )
}

#[test]
fn solver_matches_exhaustive_search() {
    let mut rng = Rng::new(11);
    for empty_capture in [false, true] {
        let v = variant(empty_capture);
        let mut solver = KalahSolver::new(16, empty_capture);
        let mut memo = HashMap::new();
        for _ in 0..60 {
            let n = rng.below(7) + 1;
            let (pos, d) = random_position(&mut rng, v, n);
            let want = exhaustive(&pos, &mut memo);
            let got = solver.solve(&pos, &AtomicBool::new(false));
            assert_eq!(got.margin, want, "{d} empty_capture={empty_capture}");
            assert!(!got.stopped);
        }
    }
}

#[test]
fn database_matches_exhaustive_search() {
    let mut rng = Rng::new(12);
    for empty_capture in [false, true] {
        let v = variant(empty_capture);
        let mut solver = KalahSolver::new(12, empty_capture);
        let boards = solver.build_database(9, &AtomicBool::new(false)).unwrap();
        // C(9 + 12, 12) boards with 0 to 9 seeds.
        assert_eq!(boards, 293_930);
        assert_eq!(solver.database_seeds(), Some(9));
        let mut memo = HashMap::new();
        for k in 0..300 {
            let n = if k < 100 { rng.below(10) } else { 9 };
            let (pos, d) = random_position(&mut rng, v, n);
            let want = exhaustive(&pos, &mut memo);
            assert_eq!(
                solver.database_margin(&pos),
                Some(want),
                "{d} empty_capture={empty_capture}"
            );
        }
        // Beyond the database, no entry.
        let (pos, _) = random_position(&mut rng, v, 10);
        assert_eq!(solver.database_margin(&pos), None);
    }
}

#[test]
fn search_above_database_matches_exhaustive_search() {
    let mut rng = Rng::new(13);
    for empty_capture in [false, true] {
        let v = variant(empty_capture);
        let mut solver = KalahSolver::new(14, empty_capture);
        solver.build_database(5, &AtomicBool::new(false)).unwrap();
        let mut memo = HashMap::new();
        for _ in 0..60 {
            let n = 6 + rng.below(5);
            let (pos, d) = random_position(&mut rng, v, n);
            let want = exhaustive(&pos, &mut memo);
            // From a wrong first guess as well as from 0.
            for guess in [0, want + 5] {
                let got = solver.solve_from(&pos, guess, &AtomicBool::new(false));
                assert_eq!(got.margin, want, "{d} empty_capture={empty_capture}");
            }
        }
    }
}

#[test]
fn positions_of_other_games_and_limits() {
    let mut solver = KalahSolver::new(10, false);
    let hus = Position::new(Variant::new(Game::Hus));
    let r = solver.solve(&hus, &AtomicBool::new(false));
    assert_eq!((r.margin, r.nodes), (0, 0));
    assert_eq!(solver.database_margin(&hus), None);
    assert!(solver.build_database(40, &AtomicBool::new(false)).is_err());
    // A stop flag already set stops the database build and the search.
    assert!(solver.build_database(20, &AtomicBool::new(true)).is_err());
    let start = Position::new(Variant::new(Game::Kalah));
    assert!(solver.solve(&start, &AtomicBool::new(true)).stopped);
    // A partial position with more seeds than any Kalah (240, up to the most a position
    // holds): no value, no panic.
    let setup: Setup = "20,20,20,20,20,20/20,20,20,20,20,20 S 0,0".parse().unwrap();
    let huge = Position::from_setup(
        Variant::new(Game::Kalah6x6),
        &setup,
        SeedTotal::AllowPartial,
    )
    .unwrap();
    let r = solver.solve(&huge, &AtomicBool::new(false));
    assert_eq!((r.margin, r.nodes), (0, 0));
    assert_eq!(solver.database_margin(&huge), None);
    // A partial position within bounds is solved like any other.
    let setup: Setup = "1,0,0,0,0,0/0,0,0,0,1,1 S 3,2".parse().unwrap();
    let small =
        Position::from_setup(Variant::new(Game::Kalah), &setup, SeedTotal::AllowPartial).unwrap();
    let mut memo = HashMap::new();
    let want = exhaustive(&small, &mut memo);
    assert_eq!(solver.solve(&small, &AtomicBool::new(false)).margin, want);
}
