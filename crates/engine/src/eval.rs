//! Static evaluation, kept out of the rules crate: seed material on each side, with the terms
//! each family's way of winning makes matter.

use mancala::{Game, Outcome, Position, Side};

/// A value for the side to move: positive is good. Wins are near [`SCORE_WIN`].
pub type Score = i32;

/// The value of a won position at the root; a win `k` plies away is `SCORE_WIN - k`, so
/// quicker wins and slower losses are preferred.
pub const SCORE_WIN: Score = 1_000_000;

/// Scores at least this far from zero are wins or losses, not estimates.
pub(crate) const SCORE_DECIDED: Score = SCORE_WIN - 10_000;

/// The value of a finished game for `side`, `ply` plies from the root.
#[must_use]
pub fn terminal_score(outcome: Outcome, side: Side, ply: u32) -> Score {
    match outcome.winner {
        Some(w) if w == side => SCORE_WIN - ply as Score,
        Some(_) => -(SCORE_WIN - ply as Score),
        None => 0,
    }
}

/// A static evaluator. The default, [`evaluate`], knows every family.
pub trait Evaluator: Send + Sync {
    /// The value of a position that is not finished, for the side to move.
    fn evaluate(&self, pos: &Position) -> Score;
}

/// The built-in evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Material;

impl Evaluator for Material {
    fn evaluate(&self, pos: &Position) -> Score {
        evaluate(pos)
    }
}

/// The built-in evaluation, for the side to move:
/// - seeds a player controls (pits, hand, store) count 100 each;
/// - in the Bao family and Bao la Kimasai 4x8, where an empty front row loses, front-row seeds
///   count 20 more, and a front row down to one occupied pit costs 300;
/// - in Hus and Omweso, where a player without a movable pit loses and seeds only change
///   sides, every pit with two or more seeds (a possible start) counts 40;
/// - in Kalah the store is what counts: store seeds 100, seeds on the own side 25.
#[must_use]
pub fn evaluate(pos: &Position) -> Score {
    let me = pos.turn();
    let side_value = |s: Side| -> Score { side_value(pos, s) };
    side_value(me) - side_value(me.other())
}

fn side_value(pos: &Position, s: Side) -> Score {
    let board = pos.side_seeds(s) as Score;
    let hand = Score::from(pos.hand(s));
    let store = pos.store(s).map_or(0, Score::from);
    match pos.variant().game() {
        Game::Kalah | Game::Kalah6x5 | Game::Kalah6x6 => 100 * store + 25 * board,
        Game::BaoLaKiswahili | Game::BaoLaKujifunza | Game::BaoLaKete | Game::BaoLaKimasai => {
            let front = pos.front_seeds(s) as Score;
            let occupied = occupied_front(pos, s);
            let lone = if occupied <= 1 { 300 } else { 0 };
            100 * (board + hand) + 20 * front - lone
        }
        Game::Hus | Game::Hus4x12 | Game::Hus4x16 | Game::Omweso => {
            100 * board + 40 * movable(pos, s)
        }
        // Hawalis and the sliding game: captured seeds are gone for good.
        _ => 100 * board,
    }
}

fn occupied_front(pos: &Position, s: Side) -> Score {
    let w = pos.variant().width() as u8;
    (1..=w)
        .filter_map(|c| mancala::Pit::new(s, mancala::Row::Front, c))
        .filter(|&p| pos.seeds(p) > 0)
        .count() as Score
}

fn movable(pos: &Position, s: Side) -> Score {
    pos.variant().pits(s).filter(|&p| pos.seeds(p) >= 2).count() as Score
}
