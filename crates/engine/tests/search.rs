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
use mancala_engine::{
    AlphaBeta, Greedy, Limits, MAX_THREADS, Negamax, Player, RandomPlayer, Rng, level,
};

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

/// A player whose evaluation values are cached ([`AlphaBeta::with_eval`]) searches exactly as
/// one without the cache: the same value, move, line and node count, position after position
/// with one player each, so the cache carries values over from search to search.
#[test]
fn the_evaluation_cache_changes_nothing() {
    for v in Variant::DEFAULTS {
        let depth = match v.game() {
            mancala::Game::Omweso | mancala::Game::Hus4x16 => 3,
            _ => 4,
        };
        let mut plain = AlphaBeta::new(None);
        let mut cached = AlphaBeta::with_eval(None, mancala_engine::evaluate);
        for (i, pos) in sample(v, 8, 59, 31 + v.game() as u64).iter().enumerate() {
            let (a, b) = (
                plain.search_depth(pos, depth),
                cached.search_depth(pos, depth),
            );
            assert_eq!(
                (a.score, a.best, &a.pv, a.nodes),
                (b.score, b.best, &b.pv, b.nodes),
                "{v} #{i}: {}",
                pos.diagram()
            );
        }
    }
}

/// Two threads with their own evaluation caches (a helper builds its own) still give the
/// negamax value at fixed depth.
#[test]
fn two_cached_threads_give_the_negamax_value() {
    for v in [
        Variant::BAO_LA_KISWAHILI,
        Variant::new(mancala::Game::Omweso),
    ] {
        for (i, pos) in sample(v, 6, 59, 41 + v.game() as u64).iter().enumerate() {
            let depth = 3;
            let (want, _) = Negamax::value(pos, depth);
            let got = AlphaBeta::with_eval(None, mancala_engine::evaluate)
                .search_depth_threads(pos, depth, 2);
            assert_eq!(got.score, want, "{v} #{i}: {}", pos.diagram());
        }
    }
}

#[test]
fn two_threads_at_fixed_depth_give_the_negamax_value() {
    // The helper writes the shared table while the main thread reads it: the value must not
    // change (only which of equally good moves is found may).
    let mut checked = 0;
    for v in [
        Variant::BAO_LA_KISWAHILI,
        Variant::BAO_LA_KUJIFUNZA,
        Variant::new(mancala::Game::Kalah),
        Variant::new(mancala::Game::Hus),
    ] {
        for (i, pos) in sample(v, 12, 59, 21 + v.game() as u64).iter().enumerate() {
            let depth = 4;
            let (want, _) = Negamax::value(pos, depth);
            let got = AlphaBeta::new(None).search_depth_threads(pos, depth, 2);
            assert_eq!(got.score, want, "{v} #{i}: {}", pos.diagram());
            if let Some(m) = got.best {
                assert!(pos.is_legal(m), "{v} #{i}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 48);
}

#[test]
fn only_time_limited_searches_take_more_threads() {
    let ab = AlphaBeta::new(None);
    let time = Limits::time(Duration::from_millis(100));
    assert_eq!(ab.threads_for(&time), 1, "one unless asked");
    assert_eq!(ab.threads_for(&time.with_threads(2)), 2);
    assert_eq!(ab.threads_for(&Limits::default().with_threads(2)), 2);
    assert_eq!(ab.threads_for(&time.with_threads(0)), 1);
    assert_eq!(ab.threads_for(&time.with_threads(1000)), MAX_THREADS);
    for fixed in [Limits::depth(5), Limits::nodes(10_000)] {
        let with_time = Limits {
            time: time.time,
            ..fixed
        };
        assert_eq!(ab.threads_for(&fixed.with_threads(2)), 1, "{fixed:?}");
        assert_eq!(ab.threads_for(&with_time.with_threads(2)), 1, "{fixed:?}");
    }
    assert_eq!(
        AlphaBeta::new(Some(4)).threads_for(&time.with_threads(2)),
        1
    );
    // A node-limited search asked for two threads is as reproducible as with one.
    for pos in sample(Variant::BAO_LA_KISWAHILI, 4, 40, 3) {
        let limits = Limits::nodes(20_000).with_threads(2);
        let run = || AlphaBeta::new(None).choose(&pos, &limits, &AtomicBool::new(false));
        let one =
            AlphaBeta::new(None).choose(&pos, &Limits::nodes(20_000), &AtomicBool::new(false));
        assert_eq!(run(), one);
        assert_eq!(run(), one);
    }
}

#[test]
fn the_strongest_level_asks_for_two_threads() {
    for game in mancala::Game::ALL {
        let top = mancala_engine::levels(game)[7];
        assert_eq!(top.threads(), 2, "{game:?}");
        assert!(
            top.limits.time.is_some() && top.limits.depth.is_none(),
            "{game:?}"
        );
        for l in &mancala_engine::levels(game)[..7] {
            assert_eq!(l.threads(), 1, "{game:?} level {}", l.number);
        }
    }
}

#[test]
fn a_two_thread_search_stops_on_the_flag_with_a_legal_move() {
    let pos = Position::new(Variant::BAO_LA_KISWAHILI);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let limits = Limits::default().with_threads(2);
    let result = AlphaBeta::new(None).choose(&pos, &limits, &stop);
    setter.join().unwrap();
    assert!(pos.is_legal(result.best.unwrap()));
    // The line is the played move's, whichever thread's iteration it came from.
    assert_eq!(result.pv.first(), result.best.as_ref());
    assert!(result.depth >= 1);
    let mut end = pos;
    for &m in &result.pv {
        end = end
            .play(m)
            .expect("the line plays from the position searched");
    }
    // A stop set before the search starts: still a legal move, at once.
    let result = level(mancala::Game::BaoLaKiswahili, 8, 1).unwrap().choose(
        &pos,
        &Limits::default(),
        &AtomicBool::new(true),
    );
    assert!(pos.is_legal(result.best.unwrap()));
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
