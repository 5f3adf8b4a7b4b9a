//! The bodies of the read-only position routes (docs/protocol.md §2.1): `GET /api/position` and
//! `GET /api/trace`. They are made of the §4 objects, built by the same code as the live game's
//! (the trace events of a `move` event come from [`EventView::of_trace`] here too).

use mancala::record::GameRecord;
use mancala::{Position, Trace};
use serde::{Deserialize, Serialize};

use super::{AfterView, CaptureView, EventView, LastMoveView, OutcomeView, PositionView, SideView};

impl EventView {
    /// The events of a traced move, in order: the `trace` of a `move` event and of
    /// `GET /api/trace`.
    #[must_use]
    pub(crate) fn of_trace(trace: &Trace) -> Vec<Self> {
        trace.events().iter().map(Self::from).collect()
    }
}

impl LastMoveView {
    /// The last move of `record` with its trace (`game.last_move`), played again from the
    /// position before it; `None` before the first move.
    #[must_use]
    pub(crate) fn of_record(record: &GameRecord) -> Option<Self> {
        let made = record.moves().len();
        let m = *record.moves().last()?;
        let trace = record.positions().get(made - 1)?.trace(m).ok()?;
        Some(Self {
            ply: u32::try_from(made).ok()?,
            side: trace.before().turn().into(),
            text: trace.text().to_owned(),
            trace: EventView::of_trace(&trace),
            captures: CaptureView::of(&trace),
        })
    }
}

impl AfterView {
    /// `{position, legal, outcome}` of a position standing alone (no game record around it):
    /// the body of `GET /api/position`. The outcome is the one the position shows by itself
    /// (repetition needs a game's history); `legal` is empty once the game is over.
    #[must_use]
    pub(crate) fn of_position(pos: &Position) -> Self {
        let outcome = pos.outcome();
        Self {
            position: PositionView::from(pos),
            legal: if outcome.is_some() {
                Vec::new()
            } else {
                crate::hub::legal(pos)
            },
            outcome: outcome.map(OutcomeView::from),
        }
    }
}

/// The body of `GET /api/trace`: a move named and played from a position, nothing stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TraceBody {
    /// The move's text with its marks.
    #[serde(rename = "move")]
    pub(crate) text: String,
    /// The mover.
    pub(crate) side: SideView,
    /// The events of the move (protocol §4.2).
    pub(crate) trace: Vec<EventView>,
    /// The position the move leaves, its legal moves and outcome.
    pub(crate) after: AfterView,
}

impl From<&Trace> for TraceBody {
    fn from(trace: &Trace) -> Self {
        Self {
            text: trace.text().to_owned(),
            side: trace.before().turn().into(),
            trace: EventView::of_trace(trace),
            after: AfterView::of_position(trace.result()),
        }
    }
}
