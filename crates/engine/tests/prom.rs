//! Probabilistic opponent-model search: with the opponent modelled by the searcher's own
//! evaluation it is plain minimax; with a mixture it stays a legal, stoppable player.

#![allow(
    clippy::unwrap_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::sync::atomic::AtomicBool;

use mancala::{Position, Variant};
use mancala_engine::{Evaluator, Limits, Material, Negamax, Player, Prom, SCORE_WIN, SeedCount};

mod common;
use common::sample;

#[test]
fn one_model_equal_to_the_own_evaluation_is_minimax() {
    let mut checked = 0;
    for v in Variant::DEFAULTS {
        let depth = if v.game() == mancala::Game::Omweso {
            2
        } else {
            3
        };
        for pos in sample(v, 12, 49, 3 + v.game() as u64) {
            let mut p = Prom::with_models(Box::new(Material), vec![(1.0, Box::new(Material))]);
            let r = p.choose(&pos, &Limits::depth(depth), &AtomicBool::new(false));
            let (want, nodes) = Negamax::value(&pos, depth);
            assert_eq!(r.score, want, "{v} {}", pos.diagram());
            assert!(pos.is_legal(r.best.unwrap()));
            // A decided game ends the deepening early; otherwise every depth up to the last is
            // searched: at least negamax's tree.
            if r.score.abs() < SCORE_WIN - 1000 {
                assert_eq!(r.depth, depth);
                assert!(r.nodes >= nodes);
            }
            checked += 1;
        }
    }
    assert!(checked >= 150);
}

#[test]
fn a_model_never_makes_the_searcher_expect_less_than_minimax() {
    // Whatever the models, the opponent's modelled reply is never better for the opponent
    // than the minimax reply under the searcher's own evaluation, so by induction a PrOM value
    // is never below the minimax value: the searcher only expects to gain from the model.
    for v in [
        Variant::BAO_LA_KISWAHILI,
        Variant::new(mancala::Game::Kalah),
    ] {
        for pos in sample(v, 10, 49, 11) {
            let search = |models: Vec<(f64, Box<dyn Evaluator>)>| {
                Prom::with_models(Box::new(Material), models)
                    .choose(&pos, &Limits::depth(2), &AtomicBool::new(false))
                    .score
            };
            let a = search(vec![(1.0, Box::new(Material))]);
            let b = search(vec![(1.0, Box::new(SeedCount))]);
            let mix = search(vec![(0.5, Box::new(Material)), (0.5, Box::new(SeedCount))]);
            assert!(mix >= a, "{v} {}: mix {mix} < minimax {a}", pos.diagram());
            assert!(
                b >= a,
                "{v} {}: seed-count model {b} < minimax {a}",
                pos.diagram()
            );
        }
    }
}

#[test]
fn stops_and_plays_legal_moves_with_a_time_or_node_budget() {
    let pos = Position::new(Variant::BAO_LA_KISWAHILI);
    let stop = AtomicBool::new(true);
    let r = Prom::new().choose(&pos, &Limits::default(), &stop);
    assert!(
        pos.is_legal(r.best.unwrap()),
        "a legal move even when stopped at once"
    );
    let r = Prom::new().choose(&pos, &Limits::nodes(5_000), &AtomicBool::new(false));
    assert!(r.nodes <= 5_001);
    assert!(r.depth >= 2);
    assert!(pos.is_legal(r.best.unwrap()));
}
