//! `Setup`: an unchecked position, the target of diagram parsing (docs/notation.md).

use core::fmt;
use core::str::FromStr;

use crate::{BySide, MAX_WIDTH, Pit, Row, Side};

/// The extra diagram fields of Bao la Kiswahili and Bao la Kete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaoFields {
    /// Seeds still in each player's hand (namua).
    pub hands: BySide<u8>,
    /// Whether each nyumba is still owned.
    pub nyumba: BySide<bool>,
    /// The side to move's takasia'd pit.
    pub takasia: Option<Pit>,
    /// Bao la Kete's fourth field: `Some(pit)` or `Some(None)` (`-`) when present, `None` when
    /// the diagram has only three fields.
    pub reserved: Option<Option<Pit>>,
}

/// A position as read from a diagram, not yet checked against any variant's rules. A diagram
/// (docs/notation.md) lists the rows from North's back row to South's back row, then the side
/// to move and the fields of the game; [`Position::from_setup`](crate::Position::from_setup)
/// checks it against a variant, with every seed accounted for or, for study positions, fewer.
///
/// ```
/// use mancala::{Game, Pit, Position, PositionError, SeedTotal, Setup, Variant};
///
/// // A Hus endgame with only 8 of the 48 seeds left on the board.
/// let setup: Setup = "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2/0,0,0,0,0,3,0,0/0,0,0,0,0,0,0,3 N".parse()?;
/// assert_eq!(setup.total_seeds(), 8);
/// let hus = Variant::new(Game::Hus);
/// assert!(matches!(
///     Position::from_setup(hus, &setup, SeedTotal::Exact),
///     Err(PositionError::SeedTotal { expected: 48, found: 8 })
/// ));
/// let pos = Position::from_setup(hus, &setup, SeedTotal::AllowPartial)?;
/// assert_eq!(pos.seeds("A6".parse::<Pit>()?), 3);
/// assert_eq!(pos.diagram(), setup.to_string());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Pits per row.
    pub width: u8,
    /// Rows: 4, or 2 for Kalah (each side's single row is its front row).
    pub rows: u8,
    /// Seeds per pit: `pits[side][row][col - 1]`, row 0 the front row, columns from the
    /// owner's left.
    pub pits: BySide<[[u8; MAX_WIDTH]; 2]>,
    /// The side to move.
    pub turn: Side,
    /// The stores field (`s,n`): what it holds depends on the variant
    /// ([`crate::Variant::stores_field`]): Kalah's stores, the seeds captured (Hawalis, the
    /// sliding Bao la Kimasai), the reserve (Bao la Kimasai 4x8), the seeds to place (Omweso's
    /// `free_setup`).
    pub stores: Option<BySide<u8>>,
    /// Bao la Kiswahili / Bao la Kete fields, when the diagram has them.
    pub bao: Option<BaoFields>,
}

impl Setup {
    /// The seeds in `pit` (0 outside the board).
    #[must_use]
    pub fn seeds(&self, pit: Pit) -> u8 {
        if usize::from(pit.col()) > usize::from(self.width) {
            return 0;
        }
        let row = usize::from(pit.row() == Row::Back);
        self.pits[pit.side()][row][usize::from(pit.col()) - 1]
    }

    /// The seeds on the board and in hand.
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        let board: u32 = Side::ALL
            .iter()
            .flat_map(|&s| self.pits[s].iter().flatten())
            .map(|&n| u32::from(n))
            .sum();
        board
            + self
                .bao
                .map_or(0, |b| u32::from(b.hands.south) + u32::from(b.hands.north))
    }

    /// The seeds of one row in diagram order (`b`: bW..b1, `a`: aW..a1, `A`: A1..AW,
    /// `B`: B1..BW).
    #[must_use]
    pub fn printed_row(&self, side: Side, row: Row) -> Vec<u8> {
        let w = usize::from(self.width);
        let r = usize::from(row == Row::Back);
        let mut v: Vec<u8> = self.pits[side][r][..w].to_vec();
        if side == Side::North {
            v.reverse();
        }
        v
    }
}

/// The printed rows from top to bottom of a two-row board.
const PRINTED_2: [(Side, Row); 2] = [(Side::North, Row::Front), (Side::South, Row::Front)];

/// The printed rows from top to bottom of a four-row board.
const PRINTED: [(Side, Row); 4] = [
    (Side::North, Row::Back),
    (Side::North, Row::Front),
    (Side::South, Row::Front),
    (Side::South, Row::Back),
];

impl Setup {
    fn printed(&self) -> &'static [(Side, Row)] {
        if self.rows == 2 { &PRINTED_2 } else { &PRINTED }
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(side, row)) in self.printed().iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for (j, n) in self.printed_row(side, row).iter().enumerate() {
                if j > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{n}")?;
            }
        }
        write!(f, " {}", self.turn.letter())?;
        if let Some(s) = self.stores {
            write!(f, " {},{}", s.south, s.north)?;
        }
        if let Some(b) = self.bao {
            let pit = |p: Option<Pit>| p.map_or_else(|| "-".to_owned(), |p| p.to_string());
            write!(
                f,
                " {},{} {}{} {}",
                b.hands.south,
                b.hands.north,
                u8::from(b.nyumba.south),
                u8::from(b.nyumba.north),
                pit(b.takasia)
            )?;
            if let Some(r) = b.reserved {
                write!(f, " {}", pit(r))?;
            }
        }
        Ok(())
    }
}

/// A diagram that could not be read; the variant names the field.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseDiagramError {
    /// The text is empty, has double spaces, or a number of fields no diagram has.
    Fields,
    /// The board field is not four (or two) rows of equal length separated by `/`.
    Rows,
    /// A pit count is not a number from 0 to 255.
    Count(String),
    /// Rows of width other than 1 to 16.
    Width(usize),
    /// The side to move is not `S` or `N`.
    Turn(String),
    /// The stores field is not `s,n`.
    Stores(String),
    /// The hands field is not `s,n`.
    Hands(String),
    /// The houses field is not two digits 0/1.
    Houses(String),
    /// The takasia field is not `-` or a front pit of the side to move.
    Takasia(String),
    /// The fourth Bao la Kete field is not `-` or a front pit of the opponent.
    Reserved(String),
}

impl fmt::Display for ParseDiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fields => f.write_str(
                "invalid diagram: expected `<row b>/<row a>/<row A>/<row B> <S|N>` and the \
                 variant's fields, separated by single spaces",
            ),
            Self::Rows => f.write_str(
                "invalid diagram board: expected four rows separated by `/`, all of one length",
            ),
            Self::Count(s) => write!(f, "invalid pit count `{s}` in diagram"),
            Self::Width(w) => write!(f, "invalid diagram board width {w} (1 to 16 pits per row)"),
            Self::Turn(s) => write!(f, "invalid side to move `{s}` in diagram (expected S or N)"),
            Self::Stores(s) => write!(f, "invalid stores field `{s}` in diagram (expected s,n)"),
            Self::Hands(s) => write!(f, "invalid hands field `{s}` in diagram (expected s,n)"),
            Self::Houses(s) => write!(
                f,
                "invalid houses field `{s}` in diagram (expected two digits 0 or 1)"
            ),
            Self::Takasia(s) => write!(
                f,
                "invalid takasia field `{s}` in diagram (expected `-` or a front pit of the side to move)"
            ),
            Self::Reserved(s) => write!(
                f,
                "invalid reserved field `{s}` in diagram (expected `-` or a front pit of the opponent)"
            ),
        }
    }
}

impl core::error::Error for ParseDiagramError {}

/// `a,b`: two counts without leading zeros.
fn parse_pair(s: &str) -> Option<BySide<u8>> {
    let (a, b) = s.split_once(',')?;
    let ok = |x: &str| {
        !x.is_empty()
            && x.len() <= 3
            && !(x.len() > 1 && x.starts_with('0'))
            && x.bytes().all(|c| c.is_ascii_digit())
    };
    (ok(a) && ok(b)).then_some(())?;
    Some(BySide::new(a.parse::<u8>().ok()?, b.parse::<u8>().ok()?))
}

fn parse_front_pit(s: &str, side: Side, width: u8) -> Option<Option<Pit>> {
    if s == "-" {
        return Some(None);
    }
    let p: Pit = s.parse().ok()?;
    (p.side() == side && p.is_front() && p.col() <= width).then_some(Some(p))
}

impl FromStr for Setup {
    type Err = ParseDiagramError;

    fn from_str(s: &str) -> Result<Self, ParseDiagramError> {
        let fields: Vec<&str> = s.split(' ').collect();
        if fields.iter().any(|f| f.is_empty()) || !matches!(fields.len(), 2 | 3 | 5 | 6) {
            return Err(ParseDiagramError::Fields);
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        let printed: &[(Side, Row)] = match (rows.len(), fields.len()) {
            (4, 2 | 3 | 5 | 6) => &PRINTED,
            (2, 3) => &PRINTED_2,
            (2 | 4, _) => return Err(ParseDiagramError::Fields),
            _ => return Err(ParseDiagramError::Rows),
        };
        let mut counts: Vec<Vec<u8>> = Vec::with_capacity(4);
        for row in &rows {
            let mut v = Vec::new();
            for c in row.split(',') {
                let leading_zero = c.len() > 1 && c.starts_with('0');
                if c.is_empty()
                    || c.len() > 3
                    || leading_zero
                    || !c.bytes().all(|b| b.is_ascii_digit())
                {
                    return Err(ParseDiagramError::Count(c.to_owned()));
                }
                v.push(
                    c.parse::<u8>()
                        .map_err(|_| ParseDiagramError::Count(c.to_owned()))?,
                );
            }
            counts.push(v);
        }
        let width = counts[0].len();
        if counts.iter().any(|r| r.len() != width) {
            return Err(ParseDiagramError::Rows);
        }
        if width == 0 || width > MAX_WIDTH {
            return Err(ParseDiagramError::Width(width));
        }
        let mut pits = BySide::new([[0u8; MAX_WIDTH]; 2], [[0u8; MAX_WIDTH]; 2]);
        for (row, &(side, r)) in counts.iter().zip(printed.iter()) {
            let ri = usize::from(r == Row::Back);
            for (i, &n) in row.iter().enumerate() {
                let col = if side == Side::North {
                    width - 1 - i
                } else {
                    i
                };
                pits[side][ri][col] = n;
            }
        }
        let turn = match fields[1] {
            "S" => Side::South,
            "N" => Side::North,
            other => return Err(ParseDiagramError::Turn(other.to_owned())),
        };
        let width = width as u8;
        let stores = if fields.len() == 3 {
            Some(
                parse_pair(fields[2])
                    .ok_or_else(|| ParseDiagramError::Stores(fields[2].to_owned()))?,
            )
        } else {
            None
        };
        let bao = if fields.len() >= 5 {
            let hands = parse_pair(fields[2])
                .ok_or_else(|| ParseDiagramError::Hands(fields[2].to_owned()))?;
            let houses = match fields[3].as_bytes() {
                [a @ (b'0' | b'1'), b @ (b'0' | b'1')] => BySide::new(*a == b'1', *b == b'1'),
                _ => return Err(ParseDiagramError::Houses(fields[3].to_owned())),
            };
            let takasia = parse_front_pit(fields[4], turn, width)
                .ok_or_else(|| ParseDiagramError::Takasia(fields[4].to_owned()))?;
            let reserved = match fields.get(5) {
                None => None,
                Some(f) => Some(
                    parse_front_pit(f, turn.other(), width)
                        .ok_or_else(|| ParseDiagramError::Reserved((*f).to_owned()))?,
                ),
            };
            Some(BaoFields {
                hands,
                nyumba: houses,
                takasia,
                reserved,
            })
        } else {
            None
        };
        Ok(Self {
            width,
            rows: rows.len() as u8,
            pits,
            turn,
            stores,
            bao,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for d in [
            "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 -",
            "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S",
            "0,1,2,1,4,8,2,2/10,0,0,10,2,1,0,1/0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 N 0,0 00 a4",
            "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 - -",
            "4,4,4,4,4,4/4,4,4,4,4,4 S 0,0",
            "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 N 3,0",
        ] {
            let s: Setup = d.parse().unwrap();
            assert_eq!(s.to_string(), d);
        }
    }

    #[test]
    fn orientation() {
        let s: Setup =
            "0,1,2,1,4,8,2,2/10,0,0,10,2,1,0,1/0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 N 0,0 00 a4"
                .parse()
                .unwrap();
        assert_eq!(s.seeds("a4".parse().unwrap()), 2);
        assert_eq!(s.seeds("a8".parse().unwrap()), 10);
        assert_eq!(s.seeds("b1".parse().unwrap()), 2);
        assert_eq!(s.seeds("B8".parse().unwrap()), 4);
        assert_eq!(s.seeds("A2".parse().unwrap()), 2);
    }

    #[test]
    fn errors() {
        for bad in [
            "",
            "1,2/3,4/5,6/7,8",
            "1,2/3,4/5,6 S",
            "1,2/3,4/5,6/7 S",
            "1,x/3,4/5,6/7,8 S",
            "1,2/3,4/5,6/7,8 X",
            "1,2/3,4/5,6/7,8  S",
            "1,2/3,4/5,6/7,8 S 1 11 -",
            "1,2/3,4/5,6/7,8 S 1,1 12 -",
            "1,2/3,4/5,6/7,8 S 1,1 11 a1",
            "1,2/3,4/5,6/7,8 S 1,1 11 A3",
            "1,2/3,4/5,6/7,8 S 1,1 11 - A1",
            "1,256/3,4/5,6/7,8 S",
            "1,02/3,4/5,6/7,8 S",
            "4,4/4,4 S",
            "4,4/4,4 S 1,1 11 -",
            "4,4/4,4/4,4 S 0,0",
            "1,2/3,4/5,6/7,8 S 01,1 11 -",
        ] {
            assert!(bad.parse::<Setup>().is_err(), "{bad}");
        }
    }
}
