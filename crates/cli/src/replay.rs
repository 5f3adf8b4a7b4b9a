//! `mancala replay`: plays moves through a [`GameRecord`] (so the repetition draw applies) and
//! prints the position reached, or every position as JSON lines.

use std::io::Write;

use anyhow::{Result, anyhow};
use mancala::record::{GameRecord, RecordError};
use mancala::{Notation, Position};
use serde::Serialize;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    pub(crate) notation: Notation,
    pub(crate) json: bool,
    pub(crate) record: bool,
}

/// One line of `--json` output.
#[derive(Debug, Serialize)]
struct PlyLine {
    /// 0 for the start position.
    ply: usize,
    /// The move that led here, canonical with marks (`null` at ply 0).
    #[serde(rename = "move")]
    played: Option<String>,
    diagram: String,
    /// Empty when the game is over.
    legal: Vec<String>,
    outcome: Option<String>,
}

/// The move tokens of the arguments: each argument may hold several moves separated by spaces,
/// and move numbers (`12.`, `12...`, also glued as `12.A6<`) are left out, so the moves of a
/// record can be pasted.
fn tokens(args: &[String]) -> impl Iterator<Item = &str> {
    args.iter()
        .flat_map(|a| a.split_whitespace())
        .map(|t| {
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            let rest = &t[digits..];
            if digits > 0 && rest.starts_with('.') {
                rest.trim_start_matches('.')
            } else {
                t
            }
        })
        .filter(|t| !t.is_empty())
}

/// The legal moves with their marks, none when the game is over (repetition included).
fn legal(game: &GameRecord) -> Vec<String> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    let pos = game.position();
    pos.legal_moves()
        .iter()
        .map(|&m| pos.move_text(m).unwrap_or_else(|_| m.to_string()))
        .collect()
}

fn line(game: &GameRecord) -> PlyLine {
    let ply = game.moves().len();
    let played = ply.checked_sub(1).map(|i| {
        let m = game.moves()[i];
        game.positions()[i]
            .move_text(m)
            .unwrap_or_else(|_| m.to_string())
    });
    PlyLine {
        ply,
        played,
        diagram: game.position().diagram(),
        legal: legal(game),
        outcome: game.outcome().map(|o| o.to_string()),
    }
}

pub(crate) fn run(
    out: &mut impl Write,
    start: Position,
    args: &[String],
    opts: Options,
) -> Result<()> {
    let pos = &start;
    if opts.notation != Notation::Canonical
        && !pos.legal_moves().is_empty()
        && !pos.variant().game().chooses_direction()
    {
        return Err(anyhow!(
            "--notation {} is a Bao notation; {} moves are written in canonical move text",
            opts.notation.name(),
            pos.variant().display_name()
        ));
    }
    let mut game = GameRecord::new(start);
    let mut lines = Vec::new();
    if opts.json {
        lines.push(serde_json::to_string(&line(&game))?);
    }
    for text in tokens(args) {
        game.play_text(opts.notation, text).map_err(|e| match e {
            RecordError::Move { ply, error } => anyhow!("ply {ply}: {error}"),
            RecordError::GameOver(ply) => {
                anyhow!("ply {ply}: cannot play `{text}`: the game is already over")
            }
            e => anyhow!("ply {}: `{text}`: {e}", game.moves().len() + 1),
        })?;
        if opts.json {
            lines.push(serde_json::to_string(&line(&game))?);
        }
    }
    // Nothing is printed before every move is known to be good.
    if opts.json {
        for l in &lines {
            writeln!(out, "{l}")?;
        }
        return Ok(());
    }
    writeln!(out, "diagram: {}", game.position().diagram())?;
    let legal = legal(&game);
    if legal.is_empty() {
        writeln!(out, "legal:")?;
    } else {
        writeln!(out, "legal: {}", legal.join(" "))?;
    }
    if let Some(o) = game.outcome() {
        writeln!(out, "outcome: {o}")?;
    }
    if opts.record {
        writeln!(out)?;
        write!(out, "{}", game.to_text())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_are_skipped() {
        let args = vec![
            "1. A6<* a6<".to_owned(),
            "2.A4<".to_owned(),
            "3...".to_owned(),
        ];
        assert_eq!(tokens(&args).collect::<Vec<_>>(), ["A6<*", "a6<", "A4<"]);
    }
}
