//! Perft: the number of move sequences of a given length, for checking move generation.

use crate::Position;

/// Counts the legal move sequences of `depth` plies from `pos`. A finished game has no
/// successors; never-ending moves are not moves (R9). Repetition is ignored.
///
/// ```
/// use mancala::{Position, Variant, perft};
/// assert_eq!(perft(&Position::new(Variant::BAO_LA_KISWAHILI), 3), 38);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_moves().len() as u64,
        _ => {
            let mut n = 0;
            pos.for_each_legal(|_, next| n += perft(&next, depth - 1));
            n
        }
    }
}

/// [`perft`] split by first move, for finding where two move generators disagree.
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    pos.for_each_legal(|m, next| {
        let text = pos.move_text(m).unwrap_or_else(|_| m.to_string());
        out.push((text, perft(&next, depth.saturating_sub(1))));
    });
    out
}
