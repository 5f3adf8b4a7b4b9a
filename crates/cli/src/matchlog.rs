//! Match logs: the record of a long match that runs in chunks (`bench learned`, `bench ladder`).
//!
//! A log holds a line naming its kind, the match's settings, its openings as move texts (drawn
//! once: balancing them takes minutes), and a line per finished game, appended as it ends. A
//! later run with the same settings reads the openings back, skips the games already played
//! and plays on, so a match may span several sessions whose background jobs end with them.
//! A log with no games keeps a set of openings for several matches (the ladder's pairings).
//!
//! ```text
//! mancala-bench-learned 1
//! settings bao-la-kiswahili games=400 time=50 ...
//! opening A7>* a6>* A6>* a7<* A5> a8<
//! game 0 S S 0 87 44 1920412 2201190 43 1822118 2150332
//! ```
//!
//! A game line: `game <index> <A's side> <winner or -> <1 if drawn by repetition> <plies>`
//! then A's moves, nodes and microseconds, and B's.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use mancala::{Move, Position, Side};

use crate::arena::{GameResult, Moves, Openings};

/// The first line of a log that only keeps a set of openings for several matches.
pub(crate) const OPENINGS_MAGIC: &str = "mancala-openings 1";

/// A match log open for appending, with what it held when opened.
#[derive(Debug)]
pub(crate) struct MatchLog {
    path: PathBuf,
    file: File,
    /// The match's openings, one per pair of games.
    pub(crate) openings: Openings,
    /// The finished games by index.
    pub(crate) games: BTreeMap<usize, GameResult>,
    /// Whether the openings were drawn by this run (the log is new).
    pub(crate) drawn: bool,
}

impl MatchLog {
    /// Opens the log at `path` of kind `magic` for the match `settings` from `start`, with
    /// `pairs` openings: reads its openings (the first `pairs` when it has more) and games when
    /// it exists, else draws the openings with `draw` and writes the log's head.
    ///
    /// # Errors
    /// The file cannot be read or written, is of another kind, was written with other
    /// settings, holds a line it cannot read or a game beyond the match, or has too few
    /// openings; `draw` fails.
    pub(crate) fn open(
        path: &Path,
        magic: &str,
        settings: &str,
        start: Position,
        pairs: usize,
        draw: impl FnOnce() -> Result<Openings>,
    ) -> Result<Self> {
        let shown = path.display();
        let (openings, games, drawn) = match fs::read_to_string(path) {
            Ok(text) => {
                let (mut openings, games) = parse(&text, magic, settings, start, &shown)?;
                if openings.lines.len() < pairs {
                    bail!(
                        "{shown} has {} openings, the match needs {pairs}",
                        openings.lines.len()
                    );
                }
                openings.lines.truncate(pairs);
                if let Some(i) = games.keys().find(|&&i| i >= pairs * 2) {
                    bail!("{shown} has game {i}, beyond the match");
                }
                (openings, games, false)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let openings = draw()?;
                let mut text = format!("{magic}\nsettings {settings}\n");
                for line in &openings.lines {
                    text.push_str(&format!("opening {}\n", line_text(start, line)?));
                }
                fs::write(path, text).with_context(|| format!("{shown}"))?;
                (openings, BTreeMap::new(), true)
            }
            Err(e) => return Err(e).with_context(|| format!("{shown}")),
        };
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .with_context(|| format!("{shown}"))?;
        Ok(Self {
            path: path.to_owned(),
            file,
            openings,
            games,
            drawn,
        })
    }

    /// The settings a log at `path` states, if there is one there.
    ///
    /// # Errors
    /// The file exists but cannot be read.
    pub(crate) fn settings_of(path: &Path) -> Result<Option<String>> {
        match fs::read_to_string(path) {
            Ok(text) => Ok(Some(
                text.lines()
                    .nth(1)
                    .and_then(|l| l.strip_prefix("settings "))
                    .unwrap_or("")
                    .to_owned(),
            )),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).with_context(|| format!("{}", path.display())),
        }
    }

    /// The games of a `games`-game match not yet in the log, in order, at most `chunk`.
    pub(crate) fn todo(&self, games: usize, chunk: Option<usize>) -> Vec<usize> {
        (0..games)
            .filter(|i| !self.games.contains_key(i))
            .take(chunk.unwrap_or(usize::MAX))
            .collect()
    }

    /// Appends game `index` to the log (flushed at once) and keeps it.
    ///
    /// # Errors
    /// The log cannot be written.
    pub(crate) fn append(&mut self, index: usize, game: GameResult) -> Result<()> {
        writeln!(self.file, "{}", game_line(index, &game))
            .and_then(|()| self.file.flush())
            .with_context(|| format!("{}", self.path.display()))?;
        self.games.insert(index, game);
        Ok(())
    }
}

/// The move texts of an opening played from `start`.
fn line_text(start: Position, line: &[Move]) -> Result<String> {
    let mut pos = start;
    let mut words = Vec::with_capacity(line.len());
    for &m in line {
        words.push(pos.move_text(m)?);
        pos.play_unchecked(m);
    }
    Ok(words.join(" "))
}

/// The openings and games of a log's text, checked against its kind and settings.
fn parse(
    text: &str,
    magic: &str,
    settings: &str,
    start: Position,
    path: &impl std::fmt::Display,
) -> Result<(Openings, BTreeMap<usize, GameResult>)> {
    let mut lines = text.lines();
    let kind = lines.next().unwrap_or("");
    if kind != magic {
        bail!("{path} is not a log of this kind: it starts `{kind}`, not `{magic}`");
    }
    let stated = lines
        .next()
        .and_then(|l| l.strip_prefix("settings "))
        .unwrap_or("");
    if stated != settings {
        bail!(
            "{path} was written with other settings: `{stated}`, this run has `{settings}` \
             (give the same options, or another log)"
        );
    }
    let mut openings = Openings {
        lines: Vec::new(),
        scores: Vec::new(),
        tried: 0,
        distinct: 0,
    };
    let mut games = BTreeMap::new();
    for (n, line) in lines.enumerate() {
        let at = n + 3;
        if let Some(moves) = line.strip_prefix("opening") {
            let mut pos = start;
            let mut list: Vec<Move> = Vec::new();
            for word in moves.split_whitespace() {
                let m = pos
                    .parse_move(word)
                    .map_err(|e| anyhow!("{path} line {at}: `{word}`: {e}"))?;
                pos = pos
                    .play(m)
                    .map_err(|e| anyhow!("{path} line {at}: `{word}`: {e}"))?;
                list.push(m);
            }
            openings.lines.push(list);
        } else if let Some((i, g)) = parse_game_line(line) {
            games.insert(i, g);
        } else if !line.trim().is_empty() {
            bail!("{path} line {at} cannot be read: `{line}`");
        }
    }
    Ok((openings, games))
}

/// A side as the game records write it: `S` or `N`.
pub(crate) const fn side_text(s: Side) -> &'static str {
    match s {
        Side::South => "S",
        Side::North => "N",
    }
}

/// A side or none (`-`, a drawn game's winner) as [`side_text`] writes it; `None` if it is
/// neither.
#[allow(
    clippy::option_option,
    reason = "not a side, no side (a draw), or a side"
)]
pub(crate) fn parse_side(w: &str) -> Option<Option<Side>> {
    match w {
        "S" => Some(Some(Side::South)),
        "N" => Some(Some(Side::North)),
        "-" => Some(None),
        _ => None,
    }
}

/// One finished game as a log keeps it.
fn game_line(i: usize, g: &GameResult) -> String {
    let side = side_text(g.a_side);
    let winner = g.winner.map_or("-", side_text);
    let [a, b] = g.moves;
    format!(
        "game {i} {side} {winner} {} {} {} {} {} {} {} {}",
        u8::from(g.repetition),
        g.plies,
        a.count,
        a.nodes,
        a.time.as_micros(),
        b.count,
        b.nodes,
        b.time.as_micros()
    )
}

/// The game of a line written by [`game_line`], with its index; `None` if it is not one.
fn parse_game_line(line: &str) -> Option<(usize, GameResult)> {
    let f: Vec<&str> = line.split(' ').collect();
    if f.len() != 12 || f[0] != "game" {
        return None;
    }
    let side = parse_side;
    let n = |k: usize| f[k].parse::<u64>().ok();
    let moves = |k: usize| {
        Some(Moves {
            count: n(k)?,
            nodes: n(k + 1)?,
            time: Duration::from_micros(n(k + 2)?),
        })
    };
    let winner = side(f[3])?;
    let repetition = match n(4)? {
        0 => false,
        1 => true,
        _ => return None,
    };
    Some((
        f[1].parse().ok()?,
        GameResult {
            a_side: side(f[2])??,
            winner,
            repetition,
            capped: winner.is_none() && !repetition,
            plies: usize::try_from(n(5)?).ok()?,
            moves: [moves(6)?, moves(9)?],
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala::{Game, Variant};

    fn game(a_side: Side, winner: Option<Side>, repetition: bool) -> GameResult {
        GameResult {
            a_side,
            winner,
            repetition,
            capped: winner.is_none() && !repetition,
            plies: 57,
            moves: [
                Moves {
                    count: 26,
                    time: Duration::from_micros(1_234_567),
                    nodes: 99_001,
                },
                Moves {
                    count: 25,
                    time: Duration::from_micros(7),
                    nodes: 3,
                },
            ],
        }
    }

    #[test]
    fn game_lines_read_back() {
        for g in [
            game(Side::South, Some(Side::North), false),
            game(Side::North, None, true),
            game(Side::North, None, false),
        ] {
            assert_eq!(parse_game_line(&game_line(41, &g)), Some((41, g)));
        }
        for bad in [
            "game 1 S S 0 57 26 99001 1234567 25 3",
            "game 1 X S 0 57 26 99001 1234567 25 3 7",
            "game 1 S S 2 57 26 99001 1234567 25 3 7",
            "gme 1 S S 0 57 26 99001 1234567 25 3 7",
        ] {
            assert_eq!(parse_game_line(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_log_resumes_and_refuses_other_settings() {
        let dir = std::env::temp_dir().join(format!("mancala-matchlog-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.log");
        let _ = fs::remove_file(&path);
        let start = Position::new(Variant::new(Game::Kalah));
        let m = start.legal_moves()[2];
        let reply = start.play(m).unwrap().legal_moves()[0];
        let drawn = Openings {
            lines: vec![vec![m, reply], vec![m]],
            scores: vec![],
            tried: 0,
            distinct: 0,
        };
        let mut log =
            MatchLog::open(&path, "kind 1", "a=1", start, 2, || Ok(drawn.clone())).unwrap();
        assert!(log.drawn);
        assert_eq!(log.todo(4, Some(3)), vec![0, 1, 2]);
        log.append(3, game(Side::North, Some(Side::North), false))
            .unwrap();
        drop(log);

        let again = MatchLog::open(&path, "kind 1", "a=1", start, 2, || {
            bail!("the openings must be read back, not drawn")
        })
        .unwrap();
        assert!(!again.drawn);
        assert_eq!(again.openings.lines, drawn.lines);
        assert_eq!(again.todo(4, None), vec![0, 1, 2]);
        // Fewer pairs: the first openings; a game beyond them is refused.
        let err = MatchLog::open(&path, "kind 1", "a=1", start, 1, || bail!("no")).unwrap_err();
        assert!(err.to_string().contains("beyond the match"), "{err}");
        let err = MatchLog::open(&path, "kind 1", "a=1", start, 3, || bail!("no")).unwrap_err();
        assert!(err.to_string().contains("needs 3"), "{err}");
        let err = MatchLog::open(&path, "kind 1", "a=2", start, 2, || bail!("no")).unwrap_err();
        assert!(err.to_string().contains("other settings"), "{err}");
        let err = MatchLog::open(&path, "kind 2", "a=1", start, 2, || bail!("no")).unwrap_err();
        assert!(err.to_string().contains("not a log of this kind"), "{err}");
        assert_eq!(
            MatchLog::settings_of(&path).unwrap().as_deref(),
            Some("a=1")
        );
        assert_eq!(MatchLog::settings_of(&dir.join("none")).unwrap(), None);
        fs::remove_dir_all(&dir).unwrap();
    }
}
