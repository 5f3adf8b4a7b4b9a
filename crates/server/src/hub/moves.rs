//! The move path's calls into the rules library, in one place: reading a client's move text,
//! naming a move, listing the legal moves with their marks and tracing a played move. (These
//! are the calls that the rules library's one-pass forms replace.)

use mancala::record::GameRecord;
use mancala::{Move, Position};

use crate::protocol::{
    AfterView, ErrorCode, EventView, GameError, MoveEvent, OutcomeView, PositionView, describe,
};

/// The legal move texts of `pos`, with marks.
#[must_use]
pub(crate) fn legal(pos: &Position) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .filter_map(|&m| pos.move_text(m).ok())
        .collect()
}

/// The move a client's `text` names in `pos`.
pub(super) fn parse(pos: &Position, text: &str) -> Result<Move, GameError> {
    pos.parse_move(text.trim())
        .map_err(|e| GameError::new(ErrorCode::IllegalMove, e.to_string()))
}

/// The canonical text of `m` in `pos`, as it is stored.
pub(super) fn text(pos: &Position, m: Move) -> Result<String, GameError> {
    pos.move_text(m)
        .map_err(|e| GameError::new(ErrorCode::IllegalMove, e.to_string()))
}

/// The text of a move already played in `pos` (its plain form should naming ever fail).
pub(super) fn text_or_plain(pos: &Position, m: Move) -> String {
    pos.move_text(m).unwrap_or_else(|_| m.to_string())
}

/// Plays `m` on the record.
pub(super) fn play(record: &mut GameRecord, m: Move) -> Result<(), GameError> {
    record
        .play(m)
        .map_err(|e| GameError::internal(&e, "the move could not be applied"))
}

/// The move event of the move after the first `made` moves of `record`, in `epoch`, with the
/// legal moves and outcome that follow it.
pub(super) fn event(
    record: &GameRecord,
    epoch: u32,
    made: usize,
    legal: Vec<String>,
    outcome: Option<OutcomeView>,
) -> Option<MoveEvent> {
    let m = *record.moves().get(made)?;
    let before = record.positions().get(made)?;
    let after = record.positions().get(made + 1)?;
    let trace = before.trace(m).ok()?;
    let text = before.move_text(m).ok()?;
    Some(MoveEvent {
        epoch,
        ply: u32::try_from(made + 1).ok()?,
        side: before.turn().into(),
        sentence: describe(before.turn(), &text, trace.events()),
        trace: trace.events().iter().map(EventView::from).collect(),
        text,
        after: AfterView {
            position: PositionView::from(after),
            legal,
            outcome,
        },
    })
}
