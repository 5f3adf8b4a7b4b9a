//! Static evaluation, kept out of the rules crate: seed material on each side, with the terms
//! each family's way of winning makes matter.

use mancala::{Family, Game, Outcome, Pit, Position, Row, Side};

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

/// The evaluation with capture threats, houses and Bao mobility: [`evaluate`] plus
/// - in the Bao family, Hus and Omweso, a capture threat: a column where both players' front
///   pits hold seeds (in Bao a seed sown or placed into the occupied own front pit takes the
///   facing pit; in Hus and Omweso a sowing ending there takes the facing pit and the one
///   behind it, in Omweso when both hold seeds). The side to move gets 30 per seed of its
///   largest such capture; the opponent's largest counts half (the mover can still defend);
/// - in the Bao family, 10 per pit of two or more seeds (a possible mtaji move), and 150 for a
///   house still owned and holding six seeds or more.
///
/// Measured against [`evaluate`] at equal depth it plays no better (docs/engine.md,
/// "Evaluation") and costs a third to a half more time a node, so the levels do not use it;
/// player `alphabeta-threats` searches with it.
#[must_use]
pub fn evaluate_threats(pos: &Position) -> Score {
    let game = pos.variant().game();
    let bao = match kind(game) {
        Kind::FrontRow => true,
        Kind::Movable => false,
        Kind::Store | Kind::Material => return evaluate(pos),
    };
    let me = pos.turn();
    let extra = |s: Side| -> Score {
        if bao {
            10 * movable(pos, s) + house(pos, s)
        } else {
            0
        }
    };
    evaluate(pos) + extra(me) - extra(me.other()) + 30 * threat(pos, me)
        - 15 * threat(pos, me.other())
}

/// How the evaluation sees a game's family: what ends the game decides what counts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Bao la Kiswahili, Kujifunza, Kete and Bao la Kimasai 4x8: an empty front row loses.
    FrontRow,
    /// Hus on every board and Omweso: a player without a movable pit loses.
    Movable,
    /// Kalah: the store is what counts.
    Store,
    /// Hawalis and the sliding Bao la Kimasai: captured seeds are gone for good.
    Material,
}

const fn kind(game: Game) -> Kind {
    match game.family() {
        Family::Bao | Family::Kimasai => Kind::FrontRow,
        Family::Hus | Family::Omweso => Kind::Movable,
        Family::Kalah => Kind::Store,
        Family::Hawalis | Family::KimasaiSliding => Kind::Material,
    }
}

/// 150 when `s` still owns its house and it holds six seeds or more.
fn house(pos: &Position, s: Side) -> Score {
    match pos.nyumba_pit(s) {
        Some(p) if pos.owns_nyumba(s) && pos.seeds(p) >= 6 => 150,
        _ => 0,
    }
}

/// The seeds of the largest capture `s` threatens: over the columns where `s`'s front pit and
/// the facing front pit of the opponent both hold seeds, the facing pit's seeds (Bao) or the
/// opponent's front and back pit's seeds in that column (Hus, Omweso; Omweso only when both
/// hold seeds).
fn threat(pos: &Position, s: Side) -> Score {
    let game = pos.variant().game();
    let w = pos.variant().width() as u8;
    let o = s.other();
    let mut best = 0;
    for c in 1..=w {
        let (Some(own), Some(front), Some(back)) = (
            Pit::new(s, Row::Front, c),
            Pit::new(o, Row::Front, w + 1 - c),
            Pit::new(o, Row::Back, w + 1 - c),
        ) else {
            continue;
        };
        let facing = pos.seeds(front);
        if pos.seeds(own) == 0 || facing == 0 {
            continue;
        }
        let take = if kind(game) == Kind::FrontRow {
            Score::from(facing)
        } else if game.family() == Family::Omweso && pos.seeds(back) == 0 {
            0
        } else {
            Score::from(facing) + Score::from(pos.seeds(back))
        };
        best = best.max(take);
    }
    best
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
    let hand = pos.hand(s).map_or(0, Score::from);
    let store = pos.store(s).map_or(0, Score::from);
    match kind(pos.variant().game()) {
        Kind::Store => 100 * store + 25 * board,
        Kind::FrontRow => {
            let front = pos.front_seeds(s) as Score;
            let occupied = occupied_front(pos, s);
            let lone = if occupied <= 1 { 300 } else { 0 };
            100 * (board + hand) + 20 * front - lone
        }
        Kind::Movable => 100 * board + 40 * movable(pos, s),
        Kind::Material => 100 * board,
    }
}

/// The occupied front pits of `s` (the first `w` of its ring).
fn occupied_front(pos: &Position, s: Side) -> Score {
    let w = pos.variant().width();
    pos.ring(s).iter().take(w).filter(|&&n| n > 0).count() as Score
}

/// The pits of `s` holding two seeds or more (its whole ring).
fn movable(pos: &Position, s: Side) -> Score {
    pos.ring(s).iter().filter(|&&n| n >= 2).count() as Score
}

#[cfg(test)]
mod tests {
    use mancala::Variant;

    use super::*;
    use crate::Rng;

    /// Every position of random games of `v` until there are `count`, the finished ones left out.
    fn positions(v: Variant, count: usize) -> Vec<Position> {
        let mut rng = Rng::new(5);
        let mut out = Vec::new();
        let mut pos = Position::new(v);
        while out.len() < count {
            if pos.is_game_over() || pos.play_random(|n| rng.below(n)).is_none() {
                pos = Position::new(v);
            } else if !pos.is_game_over() {
                out.push(pos);
            }
        }
        out
    }

    /// The ring reads of [`occupied_front`] and [`movable`] count what a pit-by-pit read does,
    /// in random positions of every variant.
    #[test]
    fn ring_counts_match_pit_by_pit() {
        for v in Variant::ALL {
            for pos in positions(v, 200) {
                for s in [Side::South, Side::North] {
                    let w = v.width() as u8;
                    let front = (1..=w)
                        .filter_map(|c| Pit::new(s, Row::Front, c))
                        .filter(|&p| pos.seeds(p) > 0)
                        .count() as Score;
                    let two = v.pits(s).filter(|&p| pos.seeds(p) >= 2).count() as Score;
                    assert_eq!(occupied_front(&pos, s), front, "{v}");
                    assert_eq!(movable(&pos, s), two, "{v}");
                }
            }
        }
    }

    #[test]
    fn threats_count_for_the_side_that_has_them() {
        for v in [
            Variant::BAO_LA_KISWAHILI,
            Variant::new(Game::Hus),
            Variant::new(Game::Omweso),
        ] {
            let mut seen = [0; 2];
            for pos in positions(v, 400) {
                let (mine, theirs) = (threat(&pos, pos.turn()), threat(&pos, pos.turn().other()));
                let extra = |s: Side| {
                    if kind(v.game()) == Kind::FrontRow {
                        10 * movable(&pos, s) + house(&pos, s)
                    } else {
                        0
                    }
                };
                let gain = evaluate_threats(&pos) - evaluate(&pos);
                assert_eq!(
                    gain,
                    extra(pos.turn()) - extra(pos.turn().other()) + 30 * mine - 15 * theirs,
                    "{v}: {}",
                    pos.diagram()
                );
                if mine > 0 {
                    seen[0] += 1;
                }
                if theirs > 0 {
                    seen[1] += 1;
                }
            }
            // The sample has threats on both sides, so the terms were exercised.
            assert!(seen[0] > 10 && seen[1] > 10, "{v}: {seen:?}");
        }
    }

    #[test]
    fn a_threat_is_the_facing_pit() {
        // Hus: South's A1 holds a seed and faces North's a8 (3 seeds) with b8 (2) behind it.
        // North's rows are written from its pit 8 (above South's pit 1) to its pit 1.
        let setup: mancala::Setup =
            "2,0,0,0,0,0,0,0/3,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0 S"
                .parse()
                .unwrap();
        let pos = Position::from_setup(
            Variant::new(Game::Hus),
            &setup,
            mancala::SeedTotal::AllowPartial,
        )
        .unwrap();
        assert_eq!(threat(&pos, Side::South), 5);
        // North's a8 holds seeds facing A1, with B1 behind it.
        assert_eq!(threat(&pos, Side::North), 3);
        // Kalah has no such term.
        let kalah = Position::new(Variant::new(Game::Kalah));
        assert_eq!(evaluate_threats(&kalah), evaluate(&kalah));
    }
}
