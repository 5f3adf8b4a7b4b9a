//! The Kalah solver against an exhaustive search through the rules crate, on endgames.

#![allow(
    clippy::unwrap_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::sync::atomic::AtomicBool;

use mancala::{Game, Position, RuleOption, SeedTotal, Setup, Side, Variant};
use mancala_engine::{KalahSolver, Rng};

/// The final margin for the side to move by exhaustive search.
fn exhaustive(pos: &Position) -> i32 {
    if let Some(o) = pos.outcome() {
        let mancala::EndReason::SeedsCounted { south, north } = o.reason else {
            panic!("{o}")
        };
        let m = i32::from(south) - i32::from(north);
        return if pos.turn() == Side::South { m } else { -m };
    }
    let mut best = i32::MIN;
    pos.for_each_legal(|_, next| {
        let v = exhaustive(&next);
        best = best.max(if next.turn() == pos.turn() { v } else { -v });
    });
    best
}

#[test]
fn solver_matches_exhaustive_search() {
    let mut rng = Rng::new(11);
    for empty_capture in [false, true] {
        let v = if empty_capture {
            Variant::new(Game::Kalah)
                .with_option(RuleOption::EmptyCapture)
                .unwrap()
        } else {
            Variant::new(Game::Kalah)
        };
        let mut solver = KalahSolver::new(16, empty_capture);
        for _ in 0..60 {
            // An endgame: up to 7 seeds on the board, the rest in the stores.
            let mut pits = [0u8; 12];
            for _ in 0..rng.below(7) + 1 {
                pits[rng.below(12)] += 1;
            }
            let on_board: u32 = pits.iter().map(|&n| u32::from(n)).sum();
            let south_store = rng.below((48 - on_board) as usize + 1) as u32;
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
            let pos = Position::from_setup(v, &setup, SeedTotal::Exact).unwrap();
            let want = exhaustive(&pos);
            let got = solver.solve(&pos, &AtomicBool::new(false));
            assert_eq!(got.margin, want, "{d} empty_capture={empty_capture}");
        }
    }
}
