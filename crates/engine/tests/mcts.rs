//! Monte Carlo tree search: legal moves in every variant, reproducible for a seed, wins found
//! and proven (every proof checked by exhaustive search), the stop flag honoured, self-play
//! without a panic.

#![allow(
    clippy::unwrap_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use mancala::record::GameRecord;
use mancala::{Game, Position, Side, Variant};
use mancala_engine::{
    Limits, Mcts, MctsConfig, Player, RandomPlayer, Rng, SCORE_WIN, SearchResult,
};

mod common;
use common::sample;

fn search(player: &mut Mcts, pos: &Position, iterations: u64) -> SearchResult {
    player.choose(pos, &Limits::nodes(iterations), &AtomicBool::new(false))
}

/// Whether `attacker` can force a win within `depth` plies (exhaustive, memoised).
fn forces_win(
    pos: &Position,
    attacker: Side,
    depth: u32,
    memo: &mut HashMap<(u64, u32), bool>,
) -> bool {
    if let Some(o) = pos.outcome() {
        return o.winner == Some(attacker);
    }
    if depth == 0 {
        return false;
    }
    if let Some(&known) = memo.get(&(pos.zobrist(), depth)) {
        return known;
    }
    let mut children = Vec::new();
    pos.for_each_legal(|_, next| children.push(next));
    let won = if pos.turn() == attacker {
        children
            .iter()
            .any(|c| forces_win(c, attacker, depth - 1, memo))
    } else {
        children
            .iter()
            .all(|c| forces_win(c, attacker, depth - 1, memo))
    };
    memo.insert((pos.zobrist(), depth), won);
    won
}

/// The moves that win at once.
fn wins_in_one(pos: &Position) -> Vec<mancala::Move> {
    let mut wins = Vec::new();
    pos.for_each_legal(|m, next| {
        if next.outcome().is_some_and(|o| o.winner == Some(pos.turn())) {
            wins.push(m);
        }
    });
    wins
}

/// The plies to the end a proven score claims, if it is a proof.
fn proven_plies(score: i32) -> Option<u32> {
    (score.abs() > SCORE_WIN - 1000).then(|| (SCORE_WIN - score.abs()) as u32)
}

#[test]
fn legal_move_in_every_variant() {
    for v in Variant::DEFAULTS {
        let mut positions = vec![Position::new(v)];
        positions.extend(sample(v, 4, 40, 11 + v.game() as u64));
        for (i, pos) in positions.iter().enumerate() {
            for mut player in [Mcts::new(i as u64), Mcts::informed(i as u64)] {
                let r = search(&mut player, pos, 150);
                let best = r.best.unwrap();
                assert!(pos.is_legal(best), "{v} #{i}: {}", pos.diagram());
                assert_eq!(r.pv.first(), Some(&best));
                assert_eq!(r.depth as usize, r.pv.len());
                assert!(r.nodes <= 150);
                // The principal variation is a legal line.
                let mut p = *pos;
                for &m in &r.pv {
                    p = p.play(m).unwrap();
                }
            }
        }
    }
}

#[test]
fn no_move_when_the_game_is_over() {
    let setup = "0,0,0,0,0,0/0,0,0,0,0,1 S 30,17".parse().unwrap();
    let pos =
        Position::from_setup(Variant::new(Game::Kalah), &setup, mancala::SeedTotal::Exact).unwrap();
    assert!(pos.is_game_over());
    let r = search(&mut Mcts::new(1), &pos, 100);
    assert_eq!(r.best, None);
    assert!(r.pv.is_empty());
}

#[test]
fn same_seed_same_search() {
    for v in Variant::DEFAULTS {
        let pos = sample(v, 1, 30, 99)[0];
        for (informed, iterations) in [(false, 300), (true, 100)] {
            let make = || {
                Mcts::with_config(MctsConfig {
                    informed,
                    seed: 42,
                    ..MctsConfig::default()
                })
            };
            let a = search(&mut make(), &pos, iterations);
            let b = search(&mut make(), &pos, iterations);
            assert_eq!(a, b, "{v}: {}", pos.diagram());
            // A player searching again (its arena reused) is just as reproducible.
            let mut player = make();
            search(&mut player, &Position::new(v), iterations);
            assert_eq!(search(&mut player, &pos, iterations), a);
        }
    }
}

#[test]
fn fixed_iterations_cap_the_limits_and_name_the_player() {
    let pos = Position::new(Variant::new(Game::Kalah));
    let mut player = Mcts::new(3).iterations(200);
    assert_eq!(player.name(), "mcts:iters=200");
    assert_eq!(Mcts::new(3).name(), "mcts");
    assert_eq!(Mcts::informed(3).name(), "mcts-informed");
    let r = player.choose(&pos, &Limits::default(), &AtomicBool::new(false));
    assert_eq!(r.nodes, 200);
    let r = player.choose(&pos, &Limits::nodes(50), &AtomicBool::new(false));
    assert_eq!(r.nodes, 50);
    // Depth is not a limit of this player.
    let r = player.choose(&pos, &Limits::depth(1), &AtomicBool::new(false));
    assert_eq!(r.nodes, 200);
}

#[test]
fn takes_and_proves_a_win_in_one() {
    let mut found = 0;
    for v in Variant::DEFAULTS {
        let mut rng = Rng::new(v.game() as u64);
        // The first position of some random game where exactly one of several moves wins.
        'games: for _ in 0..200 {
            let mut pos = Position::new(v);
            for _ in 0..400 {
                let wins = wins_in_one(&pos);
                if wins.len() == 1 && pos.legal_moves().len() >= 2 {
                    for mut player in [Mcts::new(5), Mcts::informed(5)] {
                        let r = search(&mut player, &pos, 2000);
                        assert_eq!(r.best, Some(wins[0]), "{v}: {}", pos.diagram());
                        assert_eq!(r.score, SCORE_WIN - 1, "{v}: {}", pos.diagram());
                        assert_eq!(r.pv, wins);
                        // Proven before every move was even tried twice.
                        assert!(r.nodes <= pos.legal_moves().len() as u64);
                    }
                    found += 1;
                    break 'games;
                }
                if pos.play_random(|n| rng.below(n)).is_none() || pos.is_game_over() {
                    break;
                }
            }
        }
    }
    assert!(found >= 10, "only {found} variants had a win in one");
}

#[test]
fn solver_proves_a_short_forced_win() {
    let mut proven = 0;
    for v in [
        Variant::new(Game::Kalah),
        Variant::new(Game::Hus),
        Variant::BAO_LA_KUJIFUNZA,
        Variant::new(Game::Hawalis),
    ] {
        let mut rng = Rng::new(17);
        let mut tried = 0;
        'games: for _ in 0..400 {
            let mut pos = Position::new(v);
            for _ in 0..400 {
                if pos.is_game_over() {
                    break;
                }
                let mover = pos.turn();
                let mut memo = HashMap::new();
                // A win in three plies, none in one: the solver has to see past a reply.
                if wins_in_one(&pos).is_empty() && forces_win(&pos, mover, 3, &mut memo) {
                    let r = search(&mut Mcts::new(9), &pos, 20_000);
                    let plies = proven_plies(r.score).unwrap_or_else(|| {
                        panic!("{v}: not proven ({}): {}", r.score, pos.diagram())
                    });
                    assert!(r.score > 0);
                    assert!((2..=9).contains(&plies), "{v}: {plies}");
                    let next = pos.play(r.best.unwrap()).unwrap();
                    assert!(forces_win(&next, mover, plies - 1, &mut HashMap::new()));
                    proven += 1;
                    tried += 1;
                    if tried == 3 {
                        break 'games;
                    }
                    continue 'games;
                }
                pos.play_random(|n| rng.below(n));
            }
        }
    }
    assert!(proven >= 8, "only {proven} forced wins found");
}

#[test]
fn every_proof_is_sound() {
    // Late positions of every variant: whatever the search claims proven is checked by
    // exhaustive search to the depth it claims.
    let mut checked = 0;
    for v in Variant::DEFAULTS {
        let mut rng = Rng::new(23 + v.game() as u64);
        for g in 0..8 {
            let mut game = vec![Position::new(v)];
            let mut pos = game[0];
            while pos.play_random(|n| rng.below(n)).is_some() && game.len() < 300 {
                game.push(pos);
            }
            // A few plies before the end, where proofs are within reach.
            let back = 2 + rng.below(8);
            let pos = game[game.len().saturating_sub(back)];
            if pos.is_game_over() {
                continue;
            }
            let r = search(&mut Mcts::new(g), &pos, 3000);
            let Some(plies) = proven_plies(r.score) else {
                continue;
            };
            if plies > 9 {
                continue;
            }
            let mover = pos.turn();
            let winner = if r.score > 0 { mover } else { mover.other() };
            assert!(
                forces_win(&pos, winner, plies, &mut HashMap::new()),
                "{v}: claimed {} in {plies}: {}",
                r.score,
                pos.diagram()
            );
            if r.score > 0 {
                let next = pos.play(r.best.unwrap()).unwrap();
                assert!(forces_win(&next, mover, plies - 1, &mut HashMap::new()));
            }
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} proofs checked");
}

#[test]
fn unbounded_search_stops_on_the_flag() {
    for mut player in [Mcts::new(1), Mcts::informed(1)] {
        let pos = Position::new(Variant::BAO_LA_KISWAHILI);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        });
        let r = player.choose(&pos, &Limits::default(), &stop);
        setter.join().unwrap();
        // It returned (the test would hang otherwise) with a legal move.
        assert!(pos.is_legal(r.best.unwrap()));
        assert!(r.nodes > 0);
    }
}

#[test]
fn a_set_stop_flag_still_gives_a_legal_move() {
    let pos = Position::new(Variant::new(Game::Omweso));
    let r = Mcts::new(1).choose(&pos, &Limits::default(), &AtomicBool::new(true));
    assert!(pos.is_legal(r.best.unwrap()));
    let r = Mcts::new(1).choose(&pos, &Limits::nodes(0), &AtomicBool::new(false));
    assert!(pos.is_legal(r.best.unwrap()));
}

/// Plays a game; returns its winner.
fn play_game(v: Variant, players: &mut [Box<dyn Player>; 2], limits: &Limits) -> Option<Side> {
    let mut game = GameRecord::new(Position::new(v));
    let mut plies = 0;
    while game.outcome().is_none() && plies < 300 {
        let side = game.position().turn().index();
        let r = players[side].choose(game.position(), limits, &AtomicBool::new(false));
        game.play(r.best.unwrap()).unwrap();
        plies += 1;
    }
    game.outcome().and_then(|o| o.winner)
}

#[test]
fn self_play_ends_without_panic() {
    for v in Variant::ALL {
        for g in 0..2 {
            let mcts: Box<dyn Player> = if g == 0 {
                Box::new(Mcts::new(g))
            } else {
                Box::new(Mcts::informed(g))
            };
            let mut players = [mcts, Box::new(RandomPlayer::new(g + 100))];
            if g == 1 {
                players.swap(0, 1);
            }
            play_game(v, &mut players, &Limits::nodes(40));
        }
    }
}

#[test]
fn beats_random_play() {
    // A side mixed up anywhere in the tree (Kalah's extra turns, above all) shows here.
    for v in [
        Variant::new(Game::Kalah),
        Variant::BAO_LA_KUJIFUNZA,
        Variant::new(Game::Hus),
    ] {
        let mut won = 0;
        for g in 0..6 {
            let mut players: [Box<dyn Player>; 2] =
                [Box::new(Mcts::new(g)), Box::new(RandomPlayer::new(g))];
            let mcts_side = if g % 2 == 0 { Side::South } else { Side::North };
            if mcts_side == Side::North {
                players.swap(0, 1);
            }
            if play_game(v, &mut players, &Limits::nodes(300)) == Some(mcts_side) {
                won += 1;
            }
        }
        assert!(won >= 5, "{v}: {won} of 6");
    }
}
