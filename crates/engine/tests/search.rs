//! Alpha-beta with every enhancement gives the plain negamax value at fixed depth; players are
//! reproducible; a search with no budget stops when told.

#![allow(
    clippy::unwrap_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use mancala::{Position, Variant};
use mancala_engine::{AlphaBeta, Greedy, Limits, Negamax, Player, RandomPlayer, Rng, level};

mod common;
use common::sample;

#[test]
fn alphabeta_equals_negamax() {
    let mut checked = 0;
    for v in Variant::DEFAULTS {
        // Omweso and the sliding game branch widely; a shallower depth keeps the test fast.
        let depth = match v.game() {
            mancala::Game::Omweso | mancala::Game::Hus4x16 => 2,
            _ => 3,
        };
        for (i, pos) in sample(v, 30, 59, 7 + v.game() as u64).iter().enumerate() {
            let (want, _) = Negamax::value(pos, depth);
            let mut ab = AlphaBeta::new(None);
            let got = ab.search_depth(pos, depth);
            assert_eq!(got.score, want, "{v} #{i} depth {depth}: {}", pos.diagram());
            if let Some(m) = got.best {
                assert!(pos.is_legal(m));
            }
            checked += 1;
        }
    }
    assert!(checked >= 400);
}

#[test]
fn same_seed_same_move() {
    for v in Variant::DEFAULTS {
        for pos in sample(v, 5, 59, 99) {
            for n in 1..=5 {
                let choose = || {
                    level(v.game(), n, 42).unwrap().choose(
                        &pos,
                        &Limits::default(),
                        &AtomicBool::new(false),
                    )
                };
                let (a, b) = (choose(), choose());
                assert_eq!(a.best, b.best, "{v} level {n}");
            }
            let a = RandomPlayer::new(3).choose(&pos, &Limits::default(), &AtomicBool::new(false));
            let b = RandomPlayer::new(3).choose(&pos, &Limits::default(), &AtomicBool::new(false));
            assert_eq!(a.best, b.best);
        }
    }
}

#[test]
fn unbounded_search_stops_on_the_flag() {
    let pos = Position::new(Variant::BAO_LA_KISWAHILI);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let result = AlphaBeta::new(None).choose(&pos, &Limits::default(), &stop);
    setter.join().unwrap();
    // It returned (the test would hang otherwise) with a legal move.
    assert!(pos.is_legal(result.best.unwrap()));
}

#[test]
fn beginner_and_novices_take_a_win_in_one() {
    // Positions where some moves win at once and others do not.
    let wins = |pos: &Position| {
        let mut all = Vec::new();
        pos.for_each_legal(|m, next| {
            all.push((m, next.outcome().and_then(|o| o.winner) == Some(pos.turn())));
        });
        all
    };
    let mut found = 0;
    for v in [
        Variant::new(mancala::Game::Kalah),
        Variant::new(mancala::Game::Hus),
    ] {
        for pos in sample(v, 3000, 59, 11) {
            let moves = wins(&pos);
            if !moves.iter().any(|&(_, w)| w) || moves.iter().all(|&(_, w)| w) {
                continue;
            }
            found += 1;
            for seed in 0..10 {
                for p in [100, 50] {
                    let m = Greedy::novice(seed, p)
                        .choose(&pos, &Limits::default(), &AtomicBool::new(false))
                        .best
                        .unwrap();
                    assert!(
                        moves.contains(&(m, true)),
                        "{v} novice {p}: {m} misses the win in {}",
                        pos.diagram()
                    );
                }
            }
        }
    }
    assert!(found >= 10, "only {found} positions with a win in one");
}

#[test]
fn a_novice_mixes_greedy_and_random_moves() {
    // Over many seeds, the half-random novice plays the greedy choice sometimes, and
    // sometimes a move the greedy player never plays.
    let pos = Position::new(Variant::BAO_LA_KUJIFUNZA);
    let greedy: Vec<_> = (0..50)
        .map(|seed| {
            Greedy::new(seed)
                .choose(&pos, &Limits::default(), &AtomicBool::new(false))
                .best
                .unwrap()
        })
        .collect();
    let (mut same, mut other) = (0, 0);
    for seed in 0..200 {
        let m = Greedy::novice(seed, 50)
            .choose(&pos, &Limits::default(), &AtomicBool::new(false))
            .best
            .unwrap();
        if greedy.contains(&m) {
            same += 1;
        } else {
            other += 1;
        }
    }
    assert!(same > 50 && other > 20, "greedy-like {same}, other {other}");
}

#[test]
fn self_play_ends_without_panic() {
    let mut rng = Rng::new(5);
    for v in Variant::ALL {
        for g in 0..4 {
            let mut players = [
                level(v.game(), 3, g).unwrap(),
                level(v.game(), 2, g + 100).unwrap(),
            ];
            let mut game = mancala::record::GameRecord::new(Position::new(v));
            let mut plies = 0;
            while game.outcome().is_none() && plies < 400 {
                let side = game.position().turn().index();
                let r = players[side].choose(
                    game.position(),
                    &Limits::default(),
                    &AtomicBool::new(false),
                );
                let m = r
                    .best
                    .unwrap_or_else(|| game.position().legal_moves()[rng.below(1)]);
                game.play(m).unwrap();
                plies += 1;
            }
        }
    }
}
