//! Rules of the four-row mancala games of East and Southern Africa: positions, legal moves,
//! traces, notation, game records and perft. Pure: no I/O, time or randomness.
//!
//! ```
//! use mancala::{Position, Variant};
//!
//! let mut pos = Position::new(Variant::BAO_LA_KISWAHILI);
//! assert_eq!(pos.diagram(), "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 -");
//! let m = pos.parse_move("A6<*")?;
//! pos = pos.play(m)?;
//! assert_eq!(pos.legal_moves().len(), 4); // North captures from a5 or a6, either kichwa
//! assert!(pos.outcome().is_none());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

mod moves;
mod movetext;
mod perft;
mod pit;
mod position;
pub mod record;
mod setup;
mod side;
mod sow;
pub mod trace;
mod variant;
pub(crate) mod variants;
mod zobrist;

pub use moves::{Direction, MAX_MOVES, Move, MoveList};
pub use movetext::{Marks, MoveError, MoveText, Notation, ParseMoveTextError};
pub use perft::{perft, perft_divide};
pub use pit::{MAX_WIDTH, ParsePitError, Pit, Row};
pub use position::{
    EndReason, IllegalMoveError, Outcome, PlayError, Position, PositionError, SeedTotal,
};
pub use setup::{BaoFields, ParseDiagramError, Setup};
pub use side::{BySide, Side};
pub use sow::{LAP_LIMIT, NeverEndingCheck};
pub use trace::Trace;
pub use variant::{
    Family, Game, ParseVariantError, RULES_REVISION, RuleOption, StoresField, Variant,
};
