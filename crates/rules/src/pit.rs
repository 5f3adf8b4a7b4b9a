//! Pit names: a row letter and a column counted from the owner's left.

use core::fmt;
use core::str::FromStr;

use crate::Side;

/// The widest board of any variant.
pub const MAX_WIDTH: usize = 16;

/// A row, relative to its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Row {
    /// The front (inner) row, facing the opponent: `A` or `a`.
    Front,
    /// The back (outer) row: `B` or `b`.
    Back,
}

/// A pit of a four-row board, named as in docs/notation.md: `A1`..`A8` South's front row from
/// South's left, `B` South's back row, `a`/`b` North's rows from North's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit {
    side: Side,
    row: Row,
    col: u8,
}

impl Pit {
    /// The pit in `row` of `side`, column `col` (1-based from the owner's left).
    #[must_use]
    pub const fn new(side: Side, row: Row, col: u8) -> Option<Self> {
        if col == 0 || col as usize > MAX_WIDTH {
            None
        } else {
            Some(Self { side, row, col })
        }
    }

    /// The owner.
    #[must_use]
    pub const fn side(self) -> Side {
        self.side
    }

    /// The row, relative to the owner.
    #[must_use]
    pub const fn row(self) -> Row {
        self.row
    }

    /// The column, 1-based from the owner's left.
    #[must_use]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Whether this is a front-row pit.
    #[must_use]
    pub const fn is_front(self) -> bool {
        matches!(self.row, Row::Front)
    }

    /// The index of this pit on its owner's ring of `2 * width` pits: front pit `c` is `c - 1`,
    /// back pit `c` is `2 * width - c`, and clockwise is `+1`.
    #[must_use]
    pub const fn ring_index(self, width: usize) -> usize {
        match self.row {
            Row::Front => self.col as usize - 1,
            Row::Back => 2 * width - self.col as usize,
        }
    }

    /// The pit of `side` at ring index `r` on a board `width` wide.
    #[must_use]
    pub const fn from_ring(side: Side, r: usize, width: usize) -> Self {
        if r < width {
            Self {
                side,
                row: Row::Front,
                col: (r + 1) as u8,
            }
        } else {
            Self {
                side,
                row: Row::Back,
                col: (2 * width - r) as u8,
            }
        }
    }

    /// The row letter: `A`, `B`, `a` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match (self.side, self.row) {
            (Side::South, Row::Front) => 'A',
            (Side::South, Row::Back) => 'B',
            (Side::North, Row::Front) => 'a',
            (Side::North, Row::Back) => 'b',
        }
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.col)
    }
}

/// A pit name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePitError;

impl fmt::Display for ParsePitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid pit name (expected a row letter A, B, a or b and a column, like A5)")
    }
}

impl core::error::Error for ParsePitError {}

impl FromStr for Pit {
    type Err = ParsePitError;

    fn from_str(s: &str) -> Result<Self, ParsePitError> {
        let mut chars = s.chars();
        let (side, row) = match chars.next() {
            Some('A') => (Side::South, Row::Front),
            Some('B') => (Side::South, Row::Back),
            Some('a') => (Side::North, Row::Front),
            Some('b') => (Side::North, Row::Back),
            _ => return Err(ParsePitError),
        };
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(ParsePitError);
        }
        let col: u8 = digits.parse().map_err(|_| ParsePitError)?;
        Self::new(side, row, col).ok_or(ParsePitError)
    }
}
