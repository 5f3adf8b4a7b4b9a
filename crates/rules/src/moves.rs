//! Moves: a complete turn with every decision in it.

use core::fmt;

use arrayvec::ArrayVec;

use crate::Pit;

/// The way a lap travels around its owner's ring of pits (docs/notation.md): clockwise runs
/// along the front row to the owner's right (A1 → A8 → B8 → B1 → A1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Towards the owner's right along the front row.
    Clockwise,
    /// Towards the owner's left along the front row.
    Anticlockwise,
}

impl Direction {
    /// The other direction.
    #[must_use]
    pub const fn reverse(self) -> Self {
        match self {
            Self::Clockwise => Self::Anticlockwise,
            Self::Anticlockwise => Self::Clockwise,
        }
    }

    /// The move-text sign for a move from `pit`: `>` is the mover's right, which is clockwise
    /// from a front pit and anticlockwise from a back pit.
    #[must_use]
    pub const fn sign(self, pit: Pit) -> char {
        match (self, pit.is_front()) {
            (Self::Clockwise, true) | (Self::Anticlockwise, false) => '>',
            _ => '<',
        }
    }

    /// The direction meant by the move-text sign `>` or `<` for a move from `pit`.
    #[must_use]
    pub const fn from_sign(sign: char, pit: Pit) -> Option<Self> {
        match (sign, pit.is_front()) {
            ('>', true) | ('<', false) => Some(Self::Clockwise),
            ('<', true) | ('>', false) => Some(Self::Anticlockwise),
            _ => None,
        }
    }
}

/// A complete move. In the Bao family: the pit played (for a namua move, the pit that takes the
/// seed from hand), the direction (for a namua capture, the kichwa the captured seeds enter at:
/// clockwise = the left kichwa), and whether safari is chosen if the move reaches its functional
/// nyumba in a namua capture move. In games whose direction is fixed (Kalah, Hawalis, Hus) only
/// the pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pit: Pit,
    dir: Option<Direction>,
    safari: bool,
    /// A seed from the reserve goes into `pit` first (move text `+A3`).
    place: bool,
    /// Omweso: the clockwise (1) or anticlockwise (0) choice at each lap that had one, first
    /// in bit 0.
    choices: u32,
    nchoices: u8,
}

impl Move {
    /// A move from `pit` in `dir`, stopping at the nyumba if that decision is reached.
    #[must_use]
    pub const fn new(pit: Pit, dir: Direction) -> Self {
        Self {
            pit,
            dir: Some(dir),
            safari: false,
            place: false,
            choices: 0,
            nchoices: 0,
        }
    }

    /// A move from `pit` in a game where the variant fixes the direction (move text `<pit>`).
    #[must_use]
    pub const fn from_pit(pit: Pit) -> Self {
        Self {
            pit,
            dir: None,
            safari: false,
            place: false,
            choices: 0,
            nchoices: 0,
        }
    }

    /// A seed from the reserve into `pit`, which is then sown (Bao la Kimasai's planting, move
    /// text `+A3`).
    #[must_use]
    pub const fn place(pit: Pit) -> Self {
        Self {
            pit,
            dir: None,
            safari: false,
            place: true,
            choices: 0,
            nchoices: 0,
        }
    }

    /// The same move with one more lap choice: clockwise or not (Omweso).
    #[must_use]
    pub const fn with_choice(self, clockwise: bool) -> Self {
        Self {
            choices: self.choices | (clockwise as u32) << self.nchoices,
            nchoices: self.nchoices + 1,
            ..self
        }
    }

    /// Whether a reserve seed goes into the pit first.
    #[must_use]
    pub const fn is_place(self) -> bool {
        self.place
    }

    /// The lap choices (Omweso), in order: `true` is clockwise.
    pub fn choices(self) -> impl Iterator<Item = bool> {
        (0..self.nchoices).map(move |i| self.choices >> i & 1 != 0)
    }

    /// How many lap choices the move carries.
    #[must_use]
    pub const fn choice_count(self) -> usize {
        self.nchoices as usize
    }

    /// The same move with safari chosen (move text `+`).
    #[must_use]
    pub const fn with_safari(self) -> Self {
        Self {
            safari: true,
            ..self
        }
    }

    /// The pit played.
    #[must_use]
    pub const fn pit(self) -> Pit {
        self.pit
    }

    /// The direction chosen, in games where the player chooses it.
    #[must_use]
    pub const fn dir(self) -> Option<Direction> {
        self.dir
    }

    /// Whether safari is chosen at a functional nyumba.
    #[must_use]
    pub const fn is_safari(self) -> bool {
        self.safari
    }
}

/// Move text without informational marks (use [`crate::Position::move_text`] for the marks).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.place {
            f.write_str("+")?;
        }
        write!(f, "{}", self.pit)?;
        if let Some(d) = self.dir {
            write!(f, "{}", d.sign(self.pit))?;
        }
        if self.safari {
            f.write_str("+")?;
        }
        for c in self.choices() {
            f.write_str(if c { "c" } else { "a" })?;
        }
        Ok(())
    }
}

/// The capacity of a move list. Bao needs at most 32: a player's 16 pits times two directions
/// in the mtaji stage (30 is the most reachable), and in namua 8 pits, two kichwas and
/// stop/safari; Hus on 4x16 at most 32 pits. Omweso's moves multiply by the lap choices, so the
/// list has room for 256; the property tests and the benchmark check the bound is never met.
pub const MAX_MOVES: usize = 256;

/// The legal moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
