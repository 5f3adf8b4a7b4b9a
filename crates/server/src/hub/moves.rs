//! The move path's calls into the rules library, in one place. A move is named and played in
//! one pass ([`mancala::Position::trace_move_text`], [`mancala::Position::trace`]): the trace
//! carries the text that is stored, the position that the record takes without playing the move
//! again, and the events of the move event; the next position's legal moves with their marks
//! come from one generation ([`mancala::Position::legal_move_texts`]).

use mancala::record::GameRecord;
use mancala::{Move, Position, Trace};

use crate::protocol::{
    AfterView, CaptureView, ErrorCode, EventView, GameError, MoveEvent, OutcomeView, PositionView,
};

/// The legal move texts of `pos`, with marks.
#[must_use]
pub(crate) fn legal(pos: &Position) -> Vec<String> {
    pos.legal_move_texts()
        .into_iter()
        .map(|(_, text)| text)
        .collect()
}

/// A client's move `text` in `pos`, named and played.
pub(super) fn parse(pos: &Position, text: &str) -> Result<Trace, GameError> {
    pos.trace_move_text(text.trim())
        .map_err(|e| GameError::new(ErrorCode::IllegalMove, e.to_string()))
}

/// The computer's move `m` in `pos`, named and played.
pub(super) fn trace(pos: &Position, m: Move) -> Result<Trace, GameError> {
    pos.trace(m)
        .map_err(|e| GameError::internal(&e, "the computer's move is not legal"))
}

/// The text of a move already played in `pos` (its plain form should naming ever fail).
pub(super) fn text_or_plain(pos: &Position, m: Move) -> String {
    pos.move_text(m).unwrap_or_else(|_| m.to_string())
}

/// Records the traced move: it is not played again.
pub(super) fn play(record: &mut GameRecord, trace: &Trace) -> Result<(), GameError> {
    record
        .push_trace(trace)
        .map_err(|e| GameError::internal(&e, "the move could not be applied"))
}

/// The move event of ply `ply` from its trace, in `epoch`, with the legal moves and outcome
/// that follow it.
pub(super) fn event(
    trace: &Trace,
    epoch: u32,
    ply: u32,
    legal: Vec<String>,
    outcome: Option<OutcomeView>,
) -> MoveEvent {
    let mover = trace.before().turn();
    MoveEvent {
        epoch,
        ply,
        side: mover.into(),
        trace: EventView::of_trace(trace),
        captures: CaptureView::of(trace),
        text: trace.text().to_owned(),
        after: AfterView {
            position: PositionView::from(trace.result()),
            legal,
            outcome,
        },
    }
}
