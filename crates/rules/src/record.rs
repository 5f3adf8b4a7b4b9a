//! Games and game records: a start position, the moves played, the repetition rule (R11), and
//! the PGN-like record format of docs/notation.md.
//!
//! ```
//! use mancala::record::GameRecord;
//! let text = "[Variant \"bao-la-kiswahili\"]\n[Rules \"rev 1\"]\n\n1. A6<* a6< 2. A4< *\n";
//! let game = GameRecord::parse(text)?;
//! assert_eq!(game.moves().len(), 3);
//! assert!(game.to_text().contains("1. A6<* a6< 2. A4< *"));
//! # Ok::<_, mancala::record::RecordError>(())
//! ```

use core::fmt;

use crate::movetext::MoveError;
use crate::position::{EndReason, Outcome, PositionError, SeedTotal};
use crate::{
    Move, Notation, ParseDiagramError, Position, RULES_REVISION, Setup, Side, Trace, Variant,
};

/// A game in progress or finished: its start, moves and positions, with the repetition rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    tags: Vec<(String, String)>,
    positions: Vec<Position>,
    moves: Vec<Move>,
    resigned: Option<Side>,
}

/// Something wrong with a record or a move played into a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordError {
    /// A tag pair line is malformed.
    Tag(usize, String),
    /// The `Variant` tag is missing.
    NoVariant,
    /// The `Variant` or `Rules` tag names no variant or option.
    Variant(String),
    /// The record's rules revision is not this engine's.
    Revision(String),
    /// The `Start` diagram cannot be read.
    Diagram(ParseDiagramError),
    /// The `Start` diagram is not a position of the variant.
    Position(PositionError),
    /// The `Notation` tag is unknown.
    Notation(String),
    /// Move number `ply` (1-based) cannot be played.
    Move {
        /// The ply.
        ply: usize,
        /// Why.
        error: MoveError,
    },
    /// A move after the game ended.
    GameOver(usize),
    /// The result token is missing or does not match the game.
    Result(String),
    /// A token that is neither a move number, a move, a comment nor a result.
    Token(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Tag(line, s) => write!(f, "line {line}: invalid tag pair `{s}`"),
            Self::NoVariant => f.write_str("the record has no Variant tag"),
            Self::Variant(s) => write!(f, "{s}"),
            Self::Revision(s) => {
                write!(
                    f,
                    "the record is for rules revision {s}; this engine implements revision {RULES_REVISION}"
                )
            }
            Self::Diagram(e) => write!(f, "Start tag: {e}"),
            Self::Position(e) => write!(f, "Start tag: {e}"),
            Self::Notation(s) => {
                write!(f, "unknown notation `{s}` (canonical, devoogt, mw-diagram)")
            }
            Self::Move { ply, error } => write!(f, "ply {ply}: {error}"),
            Self::GameOver(ply) => write!(f, "ply {ply}: the game is already over"),
            Self::Result(s) => write!(f, "result `{s}` does not match the game"),
            Self::Token(s) => write!(f, "unexpected `{s}` in the moves"),
        }
    }
}

impl core::error::Error for RecordError {}

impl GameRecord {
    /// A new game from `start`.
    #[must_use]
    pub fn new(start: Position) -> Self {
        Self {
            tags: Vec::new(),
            positions: vec![start],
            moves: Vec::new(),
            resigned: None,
        }
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.positions[0].variant()
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// Every position from the start to the current one.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How often the current position (same side to move) has occurred.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let cur = self.position();
        self.positions
            .iter()
            .filter(|p| p.zobrist() == cur.zobrist() && *p == cur)
            .count()
    }

    /// The outcome: resignation, the position's own (R10), or a draw by repetition (R11).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.resigned {
            return Some(Outcome {
                winner: Some(loser.other()),
                reason: EndReason::Resignation,
            });
        }
        self.position().outcome().or_else(|| {
            (self.repetitions() >= self.variant().game().repetitions_for_draw()).then_some(
                Outcome {
                    winner: None,
                    reason: EndReason::Repetition,
                },
            )
        })
    }

    /// Plays a move.
    ///
    /// # Errors
    /// The game is over, or the move is illegal; nothing changes.
    pub fn play(&mut self, m: Move) -> Result<(), RecordError> {
        let ply = self.moves.len() + 1;
        if self.outcome().is_some() {
            return Err(RecordError::GameOver(ply));
        }
        let next = self.position().play(m).map_err(|e| RecordError::Move {
            ply,
            error: MoveError::Illegal {
                text: e.m.to_string(),
                legal: e
                    .position
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            },
        })?;
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Appends a move already named and played from the current position ([`Position::trace`],
    /// [`Position::trace_move_text`]): nothing is checked or played again, so a caller that
    /// must do something between naming a move and recording it (a server storing it first)
    /// plays it once.
    ///
    /// ```
    /// use mancala::record::GameRecord;
    /// use mancala::{Position, Variant};
    ///
    /// let mut game = GameRecord::new(Position::new(Variant::BAO_LA_KISWAHILI));
    /// let trace = game.position().trace_move_text("A6<")?;
    /// // ... store `trace.text()` ...
    /// game.push_trace(&trace)?;
    /// assert_eq!(game.position(), trace.result());
    /// assert!(game.push_trace(&trace).is_err()); // played from the position before
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The game is over, or the trace was played from another position; nothing changes.
    pub fn push_trace(&mut self, trace: &Trace) -> Result<(), RecordError> {
        let ply = self.moves.len() + 1;
        if self.outcome().is_some() {
            return Err(RecordError::GameOver(ply));
        }
        if trace.before() != self.position() {
            return Err(RecordError::Move {
                ply,
                error: MoveError::Illegal {
                    text: trace.text().to_owned(),
                    legal: self
                        .position()
                        .legal_moves()
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                },
            });
        }
        self.positions.push(*trace.result());
        self.moves.push(trace.played());
        Ok(())
    }

    /// Reads a move in `notation` and plays it.
    ///
    /// # Errors
    /// As [`Self::play`], or a move that cannot be read.
    pub fn play_text(&mut self, notation: Notation, text: &str) -> Result<Move, RecordError> {
        let ply = self.moves.len() + 1;
        if self.outcome().is_some() {
            return Err(RecordError::GameOver(ply));
        }
        let m = self
            .position()
            .parse_move_in(notation, text)
            .map_err(|error| RecordError::Move { ply, error })?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.resigned = None;
        Some(m)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) {
        if self.outcome().is_none() {
            self.resigned = Some(side);
        }
    }

    /// A tag's value.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag (the `Variant`, `Rules`, `Start` and `Result` tags are written from the game
    /// itself and cannot be set).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if matches!(name, "Variant" | "Rules" | "Start" | "Result") {
            return;
        }
        let value = value.replace(['"', '\n', '\r'], "'");
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(t) => t.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// The `Rules` tag value: the options and the rules revision.
    #[must_use]
    pub fn rules_tag(variant: Variant) -> String {
        let opts = variant.rules_text();
        if opts.is_empty() {
            format!("rev {RULES_REVISION}")
        } else {
            format!("{opts}; rev {RULES_REVISION}")
        }
    }

    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub fn result_token(&self) -> &'static str {
        self.outcome().map_or("*", Outcome::result_token)
    }

    /// The record as text (docs/notation.md).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{v}\"]\n"));
        for (k, v) in &self.tags {
            if !matches!(k.as_str(), "Notation" | "Final" | "Termination" | "Partial") {
                tag(k, v);
            }
        }
        let v = self.variant();
        tag("Variant", &v.to_string());
        tag("Rules", &Self::rules_tag(v));
        if *self.start() != Position::new(v) {
            tag("Start", &self.start().diagram());
            if self.start().total_seeds() != v.total_seeds() {
                tag("Partial", "yes");
            }
        }
        tag("Result", self.result_token());
        if let Some(o) = self.outcome() {
            tag("Termination", &o.to_string());
        }
        tag("Final", &self.position().diagram());
        out.push('\n');
        // Units never split across lines: a move with its number, and the result. A number
        // stands before South's first move of each round (Kalah's extra sowings share it).
        let mut units: Vec<String> = Vec::new();
        let mut number = 1;
        let mut previous: Option<Side> = None;
        for (&m, pos) in self.moves.iter().zip(&self.positions) {
            let text = pos.move_text(m).unwrap_or_else(|_| m.to_string());
            let side = pos.turn();
            units.push(match (side, previous) {
                (Side::South, None) => format!("{number}. {text}"),
                (Side::South, Some(Side::North)) => {
                    number += 1;
                    format!("{number}. {text}")
                }
                (Side::North, None) => format!("{number}... {text}"),
                _ => text,
            });
            previous = Some(side);
        }
        units.push(self.result_token().to_owned());
        // Wrap at about 80 columns.
        let mut width = 0;
        for unit in &units {
            if width > 0 && width + unit.len() + 1 > 80 {
                out.push('\n');
                width = 0;
            } else if width > 0 {
                out.push(' ');
                width += 1;
            }
            out.push_str(unit);
            width += unit.len();
        }
        out.push('\n');
        out
    }

    /// Reads and replays a record.
    ///
    /// # Errors
    /// Any malformed tag, unknown variant, bad start diagram, unreadable or illegal move, or a
    /// result that contradicts the game. The error names the ply.
    pub fn parse(text: &str) -> Result<Self, RecordError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut body = String::new();
        let mut in_tags = true;
        for (n, line) in text.lines().enumerate() {
            let t = line.trim();
            if in_tags && t.starts_with('[') {
                let inner = t
                    .strip_prefix('[')
                    .and_then(|s| s.strip_suffix(']'))
                    .ok_or_else(|| RecordError::Tag(n + 1, t.to_owned()))?;
                let (k, v) = inner
                    .split_once(' ')
                    .ok_or_else(|| RecordError::Tag(n + 1, t.to_owned()))?;
                let v = v
                    .strip_prefix('"')
                    .and_then(|s| s.strip_suffix('"'))
                    .ok_or_else(|| RecordError::Tag(n + 1, t.to_owned()))?;
                if k.is_empty() || !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return Err(RecordError::Tag(n + 1, t.to_owned()));
                }
                tags.push((k.to_owned(), v.to_owned()));
            } else if t.is_empty() && in_tags {
                continue;
            } else {
                in_tags = false;
                body.push_str(line);
                body.push('\n');
            }
        }
        let get = |k: &str| tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
        let slug = get("Variant").ok_or(RecordError::NoVariant)?;
        let mut variant: Variant = slug
            .parse()
            .map_err(|e: crate::ParseVariantError| RecordError::Variant(e.to_string()))?;
        if let Some(rules) = get("Rules") {
            let (opts, rev) = match rules.rsplit_once(';') {
                Some((o, r)) => (o.trim(), Some(r.trim())),
                None if rules.trim().starts_with("rev ") => ("", Some(rules.trim())),
                None => (rules.trim(), None),
            };
            if let Some(rev) = rev {
                let n = rev.strip_prefix("rev ").unwrap_or(rev).trim();
                if n != RULES_REVISION.to_string() {
                    return Err(RecordError::Revision(n.to_owned()));
                }
            }
            variant = variant
                .with_rules(opts)
                .map_err(|e| RecordError::Variant(e.to_string()))?;
        }
        let start = match get("Start") {
            Some(d) => {
                let setup: Setup = d.parse().map_err(RecordError::Diagram)?;
                // A partial start (a problem, a test position) must be declared as such.
                let total = if get("Partial") == Some("yes") {
                    SeedTotal::AllowPartial
                } else {
                    SeedTotal::Exact
                };
                Position::from_setup(variant, &setup, total).map_err(RecordError::Position)?
            }
            None => Position::new(variant),
        };
        let notation = match get("Notation") {
            Some(n) => n
                .parse::<Notation>()
                .map_err(|_| RecordError::Notation(n.to_owned()))?,
            None => Notation::Canonical,
        };
        let mut game = Self::new(start);
        for (k, v) in &tags {
            game.set_tag(k, v);
        }
        // Strip comments.
        let mut clean = String::new();
        let mut depth = 0;
        for c in body.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                _ if depth == 0 => clean.push(c),
                _ => {}
            }
        }
        let mut result: Option<&str> = None;
        for tok in clean.split_whitespace() {
            if result.is_some() {
                return Err(RecordError::Token(tok.to_owned()));
            }
            if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
                result = Some(tok);
                continue;
            }
            // Move numbers: `12.` or `12...`, possibly glued to the move (`12.A6<`).
            let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
            let mv = if digits > 0 {
                let rest = tok[digits..].trim_start_matches('.');
                if rest.len() == tok.len() - digits {
                    return Err(RecordError::Token(tok.to_owned()));
                }
                rest
            } else {
                tok
            };
            if !mv.is_empty() {
                game.play_text(notation, mv)?;
            }
        }
        let declared = result.or(get("Result")).unwrap_or("*");
        let actual = game.result_token();
        if declared != actual {
            // A record may end by resignation: a decisive result in an unfinished game.
            match (declared, actual) {
                ("1-0", "*") => game.resign(Side::North),
                ("0-1", "*") => game.resign(Side::South),
                _ => return Err(RecordError::Result(declared.to_owned())),
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random play almost never repeats a Bao position (none in 200,000 small random mtaji
    /// games tried), so the history is built directly: the third occurrence draws.
    #[test]
    fn third_occurrence_draws() {
        let p = Position::new(Variant::BAO_LA_KISWAHILI);
        let m = p.legal_moves()[0];
        let q = p.play(m).unwrap();
        let mut game = GameRecord::new(p);
        game.positions.extend([q, p, q]);
        game.moves.extend([m, m, m]);
        assert_eq!(game.repetitions(), 2);
        assert_eq!(game.outcome(), None);
        game.positions.push(p);
        game.moves.push(m);
        assert_eq!(game.repetitions(), 3);
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: None,
                reason: EndReason::Repetition
            })
        );
        assert!(matches!(game.play(m), Err(RecordError::GameOver(5))));
        assert_eq!(game.result_token(), "1/2-1/2");
        game.undo();
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn resignation_and_record_text() {
        let mut game = GameRecord::new(Position::new(Variant::BAO_LA_KUJIFUNZA));
        game.set_tag("South", "Ramadhan");
        let m = game.position().legal_moves()[0];
        game.play(m).unwrap();
        game.resign(Side::North);
        assert_eq!(game.result_token(), "1-0");
        let text = game.to_text();
        assert!(text.contains("[South \"Ramadhan\"]"), "{text}");
        let back = GameRecord::parse(&text).unwrap();
        assert_eq!(back.result_token(), "1-0");
        assert_eq!(back.moves(), game.moves());
    }
}
