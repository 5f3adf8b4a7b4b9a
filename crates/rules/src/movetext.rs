//! Move text (docs/notation.md): `<pit><d>[+]` with optional marks `*`, `**`, `#`; and the two
//! published Bao notations accepted on import.

use core::fmt;
use core::str::FromStr;

use crate::{Direction, Move, Pit, Position, Side, Trace};

/// Informational marks: checked when given, printed on output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Marks {
    /// `*` (1) a takasa, `**` (2) a takasa that sets takasia, 0 none.
    pub takasa: u8,
    /// `#`: the move wins.
    pub wins: bool,
}

/// The syntax of a move text, not yet checked against a position. Reading it needs no position;
/// [`Position::parse_move`] reads the same text and finds the legal move it names, checking
/// any marks against the move.
///
/// ```
/// use mancala::{MoveError, MoveText, Position, Variant};
///
/// let mt: MoveText = "A6<*".parse()?;
/// assert_eq!((mt.pit.to_string(), mt.sign), ("A6".to_owned(), Some('<')));
/// assert_eq!(mt.marks.map(|m| m.takasa), Some(1));
///
/// let pos = Position::new(Variant::BAO_LA_KISWAHILI);
/// let m = pos.parse_move("A6<*")?;
/// assert_eq!(pos.parse_move("A6<")?, m); // marks may be left out
/// assert_eq!(pos.move_text(m)?, "A6<*"); // and are printed
/// assert!(matches!(pos.parse_move("A6<#"), Err(MoveError::Marks { .. })));
/// assert!("A6x".parse::<MoveText>().is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The pit played.
    pub pit: Pit,
    /// `>` or `<`; `None` in games whose direction is fixed (`<pit>` alone).
    pub sign: Option<char>,
    /// `+`: safari.
    pub safari: bool,
    /// A leading `+`: a seed from the reserve into the pit first.
    pub place: bool,
    /// Omweso lap choices, `c` (clockwise, `true`) or `a`, in order.
    pub choices: Vec<bool>,
    /// The marks, when any were given.
    pub marks: Option<Marks>,
}

/// A move text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveTextError(pub String);

impl fmt::Display for ParseMoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid move text `{}` (expected a pit, `>` or `<`, optional `+`, like A6<*)",
            self.0
        )
    }
}

impl core::error::Error for ParseMoveTextError {}

impl FromStr for MoveText {
    type Err = ParseMoveTextError;

    fn from_str(s: &str) -> Result<Self, ParseMoveTextError> {
        let err = || ParseMoveTextError(s.to_owned());
        let place = s.starts_with('+');
        let s = if place { &s[1..] } else { s };
        // The pit name ends where the sign, `+`, a choice or a mark begins.
        let i = s
            .get(1..)
            .and_then(|t| t.find(['<', '>', '+', '*', '#', 'a', 'c']))
            .map_or(s.len(), |i| i + 1);
        let pit: Pit = s[..i].parse().map_err(|_| err())?;
        let (sign, mut rest) = match s.as_bytes().get(i) {
            Some(b'>') => (Some('>'), &s[i + 1..]),
            Some(b'<') => (Some('<'), &s[i + 1..]),
            _ => (None, &s[i..]),
        };
        // Safari (`+` after the pit) needs a direction; a planting (leading `+`) has none.
        if (sign.is_none() && rest.starts_with('+')) || (place && sign.is_some()) {
            return Err(err());
        }
        let mut choices = Vec::new();
        while let Some(c) = rest.chars().next().filter(|c| matches!(c, 'a' | 'c')) {
            if sign.is_some() || place || choices.len() >= 32 {
                return Err(err());
            }
            choices.push(c == 'c');
            rest = &rest[1..];
        }
        let safari = sign.is_some() && rest.starts_with('+');
        if safari {
            rest = &rest[1..];
        }
        let marks = if rest.is_empty() {
            None
        } else {
            let (takasa, tail) = if let Some(t) = rest.strip_prefix("**") {
                (2, t)
            } else if let Some(t) = rest.strip_prefix('*') {
                (1, t)
            } else {
                (0, rest)
            };
            let wins = match tail {
                "" => false,
                "#" => true,
                _ => return Err(err()),
            };
            Some(Marks { takasa, wins })
        };
        Ok(Self {
            pit,
            sign,
            safari,
            place,
            choices,
            marks,
        })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.place {
            f.write_str("+")?;
        }
        write!(f, "{}", self.pit)?;
        if let Some(c) = self.sign {
            write!(f, "{c}")?;
        }
        if self.safari {
            f.write_str("+")?;
        }
        for &c in &self.choices {
            f.write_str(if c { "c" } else { "a" })?;
        }
        if let Some(m) = self.marks {
            f.write_str(&"*".repeat(m.takasa.into()))?;
            if m.wins {
                f.write_str("#")?;
            }
        }
        Ok(())
    }
}

/// A move text that does not name a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move.
    Parse(ParseMoveTextError),
    /// No legal move matches.
    Illegal {
        /// The text.
        text: String,
        /// The legal moves, as text.
        legal: Vec<String>,
    },
    /// The move is legal but its marks are wrong.
    Marks {
        /// The text given.
        given: String,
        /// The move with its true marks.
        actual: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parse(e) => e.fmt(f),
            Self::Illegal { text, legal } if legal.is_empty() => {
                write!(f, "illegal move `{text}`: the game is over")
            }
            Self::Illegal { text, legal } => {
                write!(f, "illegal move `{text}` (legal: {})", legal.join(" "))
            }
            Self::Marks { given, actual } => {
                write!(f, "move `{given}` has wrong marks: it is `{actual}`")
            }
        }
    }
}

impl core::error::Error for MoveError {}

/// Which notation a move text is written in. The two published Bao notations are read on import
/// only, chosen explicitly ([`Position::parse_move_in`], a record's `Notation` tag); output is
/// always canonical.
///
/// ```
/// use mancala::{Notation, Position, Variant};
///
/// let pos = Position::new(Variant::BAO_LA_KISWAHILI);
/// let a6_left = pos.parse_move("A6<")?;
/// // South's A6 sows towards South's left: `L` in both foreign frames for South.
/// assert_eq!(pos.parse_move_in(Notation::DeVoogt, "A6L")?, a6_left);
/// assert_eq!(pos.parse_move_in(Notation::MwDiagram, "A6L")?, a6_left);
/// assert_eq!("devoogt".parse::<Notation>()?, Notation::DeVoogt);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// docs/notation.md.
    #[default]
    Canonical,
    /// De Voogt / Mancala World owner frame (research note §1.3): `L`/`R` name the kichwa where
    /// a namua capture's seeds enter, else the direction of travel seen by the mover; a `>`
    /// suffix is safari.
    DeVoogt,
    /// Mancala World puzzle diagrams: `L`/`R` the direction of first travel as drawn, from
    /// South's side, for both players.
    MwDiagram,
}

impl Notation {
    /// The name used in records (`[Notation "devoogt"]`) and fixtures.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Canonical => "canonical",
            Self::DeVoogt => "devoogt",
            Self::MwDiagram => "mw-diagram",
        }
    }
}

impl FromStr for Notation {
    type Err = ParseMoveTextError;

    fn from_str(s: &str) -> Result<Self, ParseMoveTextError> {
        [Self::Canonical, Self::DeVoogt, Self::MwDiagram]
            .into_iter()
            .find(|n| n.name() == s)
            .ok_or_else(|| ParseMoveTextError(format!("unknown notation {s}")))
    }
}

/// Marks given in `text` (`marked`) must be the move's own (`actual`); a text without marks
/// matches any.
fn check_marks(text: &str, marked: bool, actual: &str) -> Result<(), MoveError> {
    if marked && actual != text {
        return Err(MoveError::Marks {
            given: text.to_owned(),
            actual: actual.to_owned(),
        });
    }
    Ok(())
}

fn strip_marks(s: &str) -> &str {
    s.trim_end_matches(['*', '#'])
}

impl Position {
    /// Reads a move in canonical notation and finds it among the legal moves.
    ///
    /// # Errors
    /// Bad syntax, an illegal move, or wrong marks.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (m, marked) = self.move_of_text(text)?;
        let actual = self.move_text(m).map_err(|_| self.illegal(text))?;
        check_marks(text, marked, &actual)?;
        Ok(m)
    }

    /// Reads a move in canonical notation and plays it in one pass: the move is checked and
    /// played once, and its marks, when given, are checked against the play. This is the path
    /// of a move that arrives as text (the server's).
    ///
    /// ```
    /// use mancala::{MoveError, Position, Variant};
    ///
    /// let pos = Position::new(Variant::BAO_LA_KISWAHILI);
    /// let trace = pos.trace_move_text("A6<")?;
    /// assert_eq!(trace.text(), "A6<*");
    /// assert!(matches!(pos.trace_move_text("A6<**"), Err(MoveError::Marks { .. })));
    /// assert!(matches!(pos.trace_move_text("A1<"), Err(MoveError::Illegal { .. })));
    /// # Ok::<_, MoveError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Self::parse_move`].
    pub fn trace_move_text(&self, text: &str) -> Result<Trace, MoveError> {
        let (m, marked) = self.move_of_text(text)?;
        let trace = self.trace(m).map_err(|_| self.illegal(text))?;
        check_marks(text, marked, trace.text())?;
        Ok(trace)
    }

    /// The move a canonical text names, not yet checked against the rules, and whether the
    /// text gives marks.
    fn move_of_text(&self, text: &str) -> Result<(Move, bool), MoveError> {
        let mt: MoveText = text.parse().map_err(MoveError::Parse)?;
        let m = match mt.sign {
            None if mt.place => Move::place(mt.pit),
            None => mt
                .choices
                .iter()
                .fold(Move::from_pit(mt.pit), |m, &c| m.with_choice(c)),
            Some(sign) => {
                let m = Move::new(
                    mt.pit,
                    Direction::from_sign(sign, mt.pit).ok_or_else(|| self.illegal(text))?,
                );
                if mt.safari { m.with_safari() } else { m }
            }
        };
        Ok((m, mt.marks.is_some()))
    }

    /// The error for a text that names no legal move, with the legal moves.
    fn illegal(&self, text: &str) -> MoveError {
        MoveError::Illegal {
            text: text.to_owned(),
            legal: self.legal_moves().iter().map(ToString::to_string).collect(),
        }
    }

    /// Reads a move in any [`Notation`], matched against the legal moves (foreign notations
    /// need the position to be read).
    ///
    /// # Errors
    /// Bad syntax or no matching legal move.
    pub fn parse_move_in(&self, notation: Notation, text: &str) -> Result<Move, MoveError> {
        if notation == Notation::Canonical {
            return self.parse_move(text);
        }
        let want = strip_marks(text);
        self.legal_moves()
            .into_iter()
            .find(|&m| self.foreign_forms(notation, m).iter().any(|f| f == want))
            .ok_or_else(|| self.illegal(text))
    }

    /// The ways a legal move may be written in a foreign notation, marks left out.
    fn foreign_forms(&self, notation: Notation, m: Move) -> Vec<String> {
        let pit = m.pit();
        let namua_capture = self.hand(self.turn()).is_some_and(|n| n > 0) && {
            let facing = Pit::new(pit.side().other(), pit.row(), 9 - pit.col());
            facing.is_some_and(|f| self.seeds(pit) > 0 && self.seeds(f) > 0)
        };
        let Some(dir) = m.dir() else {
            // Foreign notations are Bao notations: a move with no direction has no form.
            return Vec::new();
        };
        let right = dir.sign(pit) == '>';
        let letter = match notation {
            // A namua capture names the kichwa where the seeds enter: `>` is the left kichwa.
            Notation::DeVoogt if namua_capture => {
                if right {
                    'L'
                } else {
                    'R'
                }
            }
            Notation::DeVoogt => {
                if right {
                    'R'
                } else {
                    'L'
                }
            }
            Notation::MwDiagram | Notation::Canonical => {
                if right == (pit.side() == Side::South) {
                    'R'
                } else {
                    'L'
                }
            }
        };
        let forced = namua_capture && matches!(pit.col(), 1 | 2 | 7 | 8);
        let safari = if m.is_safari() { ">" } else { "" };
        let mut forms = vec![format!("{pit}{letter}{safari}")];
        if forced {
            forms.push(format!("{pit}{safari}"));
        }
        forms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_round_trip() {
        for t in [
            "A6<*", "a4>", "A8<+", "B2<#", "A7<**", "b3>**#", "A1>", "A3", "a6#", "B12",
        ] {
            let mt: MoveText = t.parse().unwrap();
            assert_eq!(mt.to_string(), t);
        }
        for bad in [
            "", "A6x", "Z1>", "A6<+*x", "A6<***", "A0>", "a01>", "A6<#*", ">", "A6+", "A6x",
        ] {
            assert!(bad.parse::<MoveText>().is_err(), "{bad}");
        }
    }
}
