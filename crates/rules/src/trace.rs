//! The events of a move, for animation, explanation and human-checkable tests.

use core::fmt;

use crate::{Direction, Move, Pit, Position, Side};

/// Why a move ended where it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The last seed of a lap fell into an empty pit (R3.2a).
    EmptyPit,
    /// The last seed fell into the mover's takasia'd pit (R3.2c, R8.3).
    Takasia,
    /// The last seed fell into the mover's functional nyumba in a namua move (R3.2d).
    Nyumba,
    /// All seeds are sown and the variant has no relay (Kalah).
    Sown,
}

/// One step of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// One seed from the mover's hand goes into `pit` (namua).
    Place {
        /// Where the seed goes.
        pit: Pit,
    },
    /// All `seeds` of `pit` are lifted to be sown (the start of a move, or a relay).
    Lift {
        /// The pit emptied.
        pit: Pit,
        /// How many seeds.
        seeds: u8,
    },
    /// The nyumba tax: two seeds lifted from a functional nyumba that stays owned (R5.2a).
    Tax {
        /// The nyumba.
        pit: Pit,
        /// How many seeds (always 2).
        seeds: u8,
    },
    /// One seed dropped into `pit`.
    Sow {
        /// The pit that receives the seed.
        pit: Pit,
    },
    /// The seeds of the opponent's pit `from` are captured; they will enter at `kichwa` and
    /// travel in `dir`.
    Capture {
        /// The opponent's pit emptied.
        from: Pit,
        /// How many seeds.
        seeds: u8,
        /// The mover's kichwa where the captured seeds enter.
        kichwa: Pit,
        /// The direction of the capture lap.
        dir: Direction,
    },
    /// The seeds of `from` leave the board into the mover's store (Kalah, Hawalis captures).
    Remove {
        /// The pit emptied.
        from: Pit,
        /// How many seeds.
        seeds: u8,
    },
    /// The seeds of `from` join the mover's hand to be sown on (Hus captures).
    Take {
        /// The pit emptied.
        from: Pit,
        /// How many seeds.
        seeds: u8,
    },
    /// One seed sown into `side`'s store (Kalah).
    Store {
        /// Whose store.
        side: Side,
    },
    /// The last seed fell into the mover's store: the same side moves again (Kalah).
    ExtraTurn,
    /// A nyumba loses its status (captured, emptied by its owner, or the first capture of the
    /// mtaji stage).
    NyumbaDestroyed {
        /// Whose nyumba.
        side: Side,
    },
    /// The mover chose safari at the functional nyumba: the move goes on.
    Safari,
    /// The move ends normally.
    Stop {
        /// Why.
        reason: StopReason,
    },
    /// A front row was emptied: the game ends at this instant (R10.1).
    GameOver {
        /// Who has won.
        winner: Side,
        /// Seeds that were still to be sown; they are placed nowhere.
        travelling: u8,
    },
    /// After the move, this pit of the opponent is takasia'd for the opponent's next move (R8).
    Takasia {
        /// The pit.
        pit: Pit,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Place { pit } => write!(f, "place {pit}"),
            Self::Lift { pit, seeds } => write!(f, "lift {seeds} from {pit}"),
            Self::Tax { pit, seeds } => write!(f, "tax {seeds} from {pit}"),
            Self::Sow { pit } => write!(f, "sow {pit}"),
            Self::Capture {
                from,
                seeds,
                kichwa,
                dir,
            } => {
                write!(f, "capture {seeds} from {from}, enter at {kichwa} ")?;
                f.write_str(match dir {
                    Direction::Clockwise => "clockwise",
                    Direction::Anticlockwise => "anticlockwise",
                })
            }
            Self::NyumbaDestroyed { side } => write!(f, "{side} nyumba destroyed"),
            Self::Remove { from, seeds } => write!(f, "remove {seeds} from {from}"),
            Self::Take { from, seeds } => write!(f, "take {seeds} from {from}"),
            Self::Store { side } => write!(f, "sow {side} store"),
            Self::ExtraTurn => f.write_str("extra turn"),
            Self::Safari => f.write_str("safari"),
            Self::Stop { reason } => f.write_str(match reason {
                StopReason::EmptyPit => "stop: empty pit",
                StopReason::Takasia => "stop: takasia",
                StopReason::Nyumba => "stop: nyumba",
                StopReason::Sown => "stop: all sown",
            }),
            Self::GameOver { winner, travelling } => {
                write!(
                    f,
                    "game over, {winner} wins ({travelling} seeds still travelling)"
                )
            }
            Self::Takasia { pit } => write!(f, "takasia {pit}"),
        }
    }
}

/// One move named and played ([`Position::trace`]): the move, its text with marks, its events,
/// and the positions before and after it (the one after equal to what [`Position::play`] gives).
///
/// ```
/// use mancala::trace::Event;
/// use mancala::{Game, Position, Variant};
///
/// // Kalah: a last seed in the own store moves again.
/// let pos = Position::new(Variant::new(Game::Kalah));
/// let trace = pos.trace(pos.parse_move("A3")?)?;
/// let sown = trace.events().iter().filter(|e| matches!(e, Event::Sow { .. })).count();
/// assert_eq!(sown, 3); // A4, A5, A6, then the store
/// assert!(trace.events().contains(&Event::ExtraTurn));
/// assert_eq!(trace.result().turn(), pos.turn());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub(crate) played: Move,
    pub(crate) text: String,
    pub(crate) events: Vec<Event>,
    pub(crate) laps: u32,
    pub(crate) capture: bool,
    pub(crate) before: Position,
    pub(crate) result: Position,
}

impl Trace {
    /// The move.
    #[must_use]
    pub const fn played(&self) -> Move {
        self.played
    }

    /// The move text with its marks, as [`Position::move_text`] gives it.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The position the move was played from.
    #[must_use]
    pub const fn before(&self) -> &Position {
        &self.before
    }

    /// The events in order.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The number of laps (every sowing of a handful: the first, each relay, each capture lap).
    #[must_use]
    pub const fn laps(&self) -> u32 {
        self.laps
    }

    /// Whether this was a capture move.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.capture
    }

    /// The opponent's pits the move took seeds from, with how many, in order: Bao captures,
    /// Kalah and Hawalis removals to the store, Hus takes into the hand.
    ///
    /// ```
    /// use mancala::{Pit, Position, Variant};
    ///
    /// let mut pos = Position::new(Variant::BAO_LA_KISWAHILI);
    /// for text in ["A6<", "a6<"] {
    ///     pos = pos.play(pos.parse_move(text)?)?;
    /// }
    /// let trace = pos.trace_move_text("A4<")?;
    /// let a5: Pit = "a5".parse()?;
    /// assert_eq!(trace.captures().collect::<Vec<_>>(), [(a5, 6)]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn captures(&self) -> impl Iterator<Item = (Pit, u8)> + '_ {
        self.events.iter().filter_map(|e| match *e {
            Event::Capture { from, seeds, .. }
            | Event::Remove { from, seeds }
            | Event::Take { from, seeds } => Some((from, seeds)),
            _ => None,
        })
    }

    /// The position after the move.
    #[must_use]
    pub const fn result(&self) -> &Position {
        &self.result
    }
}
