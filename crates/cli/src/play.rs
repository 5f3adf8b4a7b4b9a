//! `mancala play`: a game in the terminal against the computer (a random player or a level of
//! the engine) or pass-and-play. Input is
//! read line by line, so a script can play too; nothing typed ends the program except `quit`,
//! `resign`, the end of the game or the end of input.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::ValueEnum;
use mancala::record::GameRecord;
use mancala::trace::Event;
use mancala::{BySide, EndReason, Game, Move, MoveText, Position, Side};
use mancala_engine::{Limits, Player, levels};

use crate::rng::{self, Rng};
use crate::{board, games};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Opponent {
    /// The engine at a level (--level)
    Computer,
    /// A player that picks uniformly among the legal moves
    Random,
    /// Another person at the same terminal (pass-and-play)
    Human,
}

/// The computer's level when `play` is not given one: the middle of the eight ("club player").
pub(crate) const DEFAULT_LEVEL: u8 = 4;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    pub(crate) opponent: Opponent,
    /// The engine's level (1 to 8) against `Opponent::Computer`.
    pub(crate) level: u8,
    /// The human's side against the computer.
    pub(crate) human: Side,
    pub(crate) seed: u64,
}

/// The commands and the game's pits and moves.
fn help(game: Game) -> String {
    let (moves, about) = games::move_help(game);
    format!(
        "Commands:
{moves}  3          play move number 3 of the list
  undo       take back the last move (against the computer: yours, and its replies)
  resign     resign the game
  help       show this help
  quit       leave the game (the record so far is printed)
{about}"
    )
}

struct Session {
    game: GameRecord,
    opts: Options,
    rng: Rng,
    /// The engine's player at `opts.level`.
    engine: Option<Box<dyn Player>>,
}

/// A side's name, capitalised.
pub(crate) const fn name(side: Side) -> &'static str {
    match side {
        Side::South => "South",
        Side::North => "North",
    }
}

/// How long the computer thought, as a person reads it: `done` when it was too quick to
/// notice, else tenths of a second.
fn thought(secs: f64) -> String {
    if secs < 0.1 {
        "done.".to_owned()
    } else {
        format!("done in {secs:.1} s.")
    }
}

fn text_of(pos: &Position, m: Move) -> String {
    pos.move_text(m).unwrap_or_else(|_| m.to_string())
}

impl Session {
    fn is_computer(&self, side: Side) -> bool {
        self.opts.opponent != Opponent::Human && side != self.opts.human
    }

    /// Who the computer is: `random` or `level 3`.
    fn computer(&self) -> String {
        match self.opts.opponent {
            Opponent::Computer => format!("level {}", self.opts.level),
            Opponent::Random | Opponent::Human => "random".to_owned(),
        }
    }

    /// The side's name, with who plays it against the computer: `South (you)`.
    fn label(&self, side: Side) -> String {
        match self.opts.opponent {
            Opponent::Human => name(side).to_owned(),
            Opponent::Computer | Opponent::Random if side == self.opts.human => {
                format!("{} (you)", name(side))
            }
            Opponent::Computer | Opponent::Random => {
                format!("{} ({})", name(side), self.computer())
            }
        }
    }

    /// The computer's move: the engine's, after saying it is thinking and then how long it
    /// took, or the random player's.
    fn computer_move(&mut self, out: &mut impl Write, pos: &Position) -> io::Result<Option<Move>> {
        let label = self.label(pos.turn());
        let Some(engine) = self.engine.as_mut() else {
            let legal = pos.legal_moves();
            return Ok(legal.get(self.rng.below(legal.len())).copied());
        };
        write!(out, "{label} is thinking... ")?;
        out.flush()?;
        let clock = Instant::now();
        let found = engine.choose(pos, &Limits::default(), &AtomicBool::new(false));
        writeln!(out, "{}", thought(clock.elapsed().as_secs_f64()))?;
        // A player always has a move in a game that is not over; fall back to the first.
        Ok(found.best.or_else(|| pos.legal_moves().first().copied()))
    }

    /// The heading, the board and the last move.
    fn draw(&self, out: &mut impl Write) -> io::Result<()> {
        let pos = self.game.position();
        let ply = self.game.moves().len();
        writeln!(out)?;
        let mut head = format!("{} · ply {ply}", pos.variant().display_name());
        if let Some(&m) = self.game.moves().last() {
            let before = &self.game.positions()[ply - 1];
            head.push_str(&format!(
                " · last move {} by {}",
                text_of(before, m),
                name(before.turn())
            ));
        }
        writeln!(out, "  {head}")?;
        let names = BySide::from_fn(|side| self.label(side));
        let names = BySide::new(names.south.as_str(), names.north.as_str());
        let stores = games::stores_label(pos.variant().game());
        let last = self.game.moves().last().map(|m| m.pit());
        write!(
            out,
            "{}",
            board::render_named(&pos.to_setup(), names, stores, last)
        )?;
        if let Some(note) = self.moves_again() {
            writeln!(out, "  {note}")?;
        }
        Ok(())
    }

    /// When the last move's side is to move again (a Kalah extra turn), says so and why.
    fn moves_again(&self) -> Option<String> {
        let ply = self.game.moves().len();
        let &m = self.game.moves().last()?;
        let before = &self.game.positions()[ply - 1];
        let side = before.turn();
        if self.game.outcome().is_some() || self.game.position().turn() != side {
            return None;
        }
        let extra_turn = before
            .trace(m)
            .is_ok_and(|t| t.events().contains(&Event::ExtraTurn));
        let why = if extra_turn {
            ": the last seed fell into its store"
        } else {
            ""
        };
        Some(format!("{} moves again{why}.", self.label(side)))
    }

    /// Plays `m`, named and played once, and reports it as the `plays` line does: its text
    /// and what it captured (`A4<, capturing 6 from a5`).
    fn play(&mut self, m: Move) -> Result<String, String> {
        let trace = self.game.position().trace(m).map_err(|e| e.to_string())?;
        self.game.push_trace(&trace).map_err(|e| e.to_string())?;
        let taken: Vec<String> = trace
            .captures()
            .map(|(from, seeds)| format!("{seeds} from {from}"))
            .collect();
        Ok(if taken.is_empty() {
            trace.text().to_owned()
        } else {
            format!("{}, capturing {}", trace.text(), taken.join(", "))
        })
    }

    fn legal_texts(&self) -> Vec<String> {
        let pos = self.game.position();
        pos.legal_move_texts().into_iter().map(|(_, t)| t).collect()
    }

    /// The legal moves from `pit` alone, as text, when a bare pit is typed in a game whose
    /// moves name a direction (`A6` for `A6<` or `A6>`).
    fn moves_from(&self, input: &str) -> Option<Vec<String>> {
        let pos = self.game.position();
        let mt = input.parse::<MoveText>().ok()?;
        let bare = mt.sign.is_none() && !mt.place && mt.choices.is_empty() && mt.marks.is_none();
        if !bare || !pos.variant().game().chooses_direction() {
            return None;
        }
        let own = mt.pit.to_string();
        Some(
            self.legal_texts()
                .into_iter()
                .filter(|t| {
                    t.strip_prefix(&own)
                        .is_some_and(|rest| rest.starts_with(['<', '>']))
                })
                .collect(),
        )
    }

    /// The numbered legal moves, wrapped to 80 columns.
    fn list_moves(&self, out: &mut impl Write) -> io::Result<()> {
        let side = self.game.position().turn();
        match self.opts.opponent {
            Opponent::Computer | Opponent::Random => {
                writeln!(out, "Your move ({}). Legal moves:", name(side))?;
            }
            Opponent::Human => writeln!(out, "{} to move. Legal moves:", name(side))?,
        }
        let mut line = String::new();
        for (i, t) in self.legal_texts().iter().enumerate() {
            let item = format!("{:>3}. {t:<8}", i + 1);
            if line.len() + item.len() > 78 {
                writeln!(out, "{}", line.trim_end())?;
                line.clear();
            }
            line.push_str(&item);
        }
        writeln!(out, "{}", line.trim_end())
    }

    fn prompt(&self, out: &mut impl Write) -> io::Result<()> {
        write!(out, "{}> ", name(self.game.position().turn()))?;
        out.flush()
    }

    /// Reads a move: a number from the list or move text.
    fn parse_input(&self, input: &str) -> Result<Move, String> {
        let pos = self.game.position();
        let legal = pos.legal_moves();
        if input.bytes().all(|b| b.is_ascii_digit()) {
            return input
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| legal.get(i).copied())
                .ok_or_else(|| {
                    format!(
                        "there is no move number {input}: choose 1 to {}",
                        legal.len()
                    )
                });
        }
        if let Ok(mt) = input.parse::<MoveText>() {
            let side = pos.turn();
            if mt.pit.side() != side {
                let rows = match (side, pos.variant().rows()) {
                    (Side::South, 2) => "row A",
                    (Side::North, 2) => "row a",
                    (Side::South, _) => "rows A and B",
                    (Side::North, _) => "rows a and b",
                };
                return Err(format!(
                    "{} is {}'s pit; {} plays from {rows}",
                    mt.pit,
                    name(mt.pit.side()),
                    name(side)
                ));
            }
        }
        pos.parse_move(input).map_err(|e| e.to_string())
    }

    /// Takes back the last move, or against the computer everything back to the human's last
    /// move. Returns how many moves were taken back.
    fn undo(&mut self) -> usize {
        let target = match self.opts.opponent {
            Opponent::Human => self.game.moves().len().checked_sub(1),
            // The last position, before the end, where the human was to move.
            Opponent::Computer | Opponent::Random => {
                let n = self.game.moves().len();
                self.game.positions()[..n]
                    .iter()
                    .rposition(|p| p.turn() == self.opts.human)
            }
        };
        let Some(target) = target else {
            return 0;
        };
        let mut undone = 0;
        while self.game.moves().len() > target && self.game.undo().is_some() {
            undone += 1;
        }
        undone
    }

    fn print_record(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out)?;
        write!(out, "{}", self.game.to_text())
    }
}

pub(crate) fn run(
    input: &mut impl BufRead,
    out: &mut impl Write,
    start: Position,
    opts: Options,
) -> io::Result<()> {
    let engine = match opts.opponent {
        Opponent::Computer => mancala_engine::level(start.variant().game(), opts.level, opts.seed),
        Opponent::Random | Opponent::Human => None,
    };
    let mut s = Session {
        game: GameRecord::new(start),
        opts,
        rng: Rng::new(opts.seed),
        engine,
    };
    for side in Side::ALL {
        // The players are named as the site names them: people are anonymous, the computer
        // by its level.
        let who = match opts.opponent {
            Opponent::Human => "Anonymous".to_owned(),
            Opponent::Computer | Opponent::Random if side == opts.human => "Anonymous".to_owned(),
            Opponent::Computer => format!("Computer level {}", opts.level),
            Opponent::Random => "Random player".to_owned(),
        };
        s.game.set_tag(name(side), &who);
    }
    s.game.set_tag("Date", &rng::today());
    match (opts.opponent, opts.level) {
        (Opponent::Computer, n) => {
            let about = levels(s.game.position().variant().game())
                .get(usize::from(n).saturating_sub(1))
                .map_or_else(String::new, mancala_engine::Level::description);
            writeln!(
                out,
                "You play {} against level {n} ({about}). Type `help` for commands.",
                name(opts.human),
            )?;
        }
        (Opponent::Random, _) => writeln!(
            out,
            "You play {} against a random player (seed {}). Type `help` for commands.",
            name(opts.human),
            opts.seed
        )?,
        (Opponent::Human, _) => writeln!(
            out,
            "Pass-and-play: South and North take turns at this terminal. Type `help` for commands."
        )?,
    }

    let mut redraw = true;
    let mut line = Vec::new();
    loop {
        if redraw {
            s.draw(out)?;
        }
        if let Some(outcome) = s.game.outcome() {
            writeln!(out)?;
            writeln!(out, "Game over: {outcome}.")?;
            if let EndReason::SeedsCounted { south, north } = outcome.reason {
                writeln!(
                    out,
                    "Seeds: South {south}, North {north} (each store with the pits on its side)."
                )?;
            }
            return s.print_record(out);
        }
        let pos = *s.game.position();
        let side = pos.turn();
        if s.is_computer(side) {
            writeln!(out)?;
            let Some(m) = s.computer_move(out, &pos)? else {
                // Unreachable: a game that is not over has a legal move.
                writeln!(out, "{} has no move.", name(side))?;
                return s.print_record(out);
            };
            let played = match s.play(m) {
                Ok(played) => played,
                Err(e) => {
                    writeln!(out, "internal error: {e}")?;
                    return s.print_record(out);
                }
            };
            writeln!(out, "{} plays {played}", s.label(side))?;
            // A Kalah extra sowing is still the computer's turn: one board after all of it.
            redraw = s.game.outcome().is_some() || !s.is_computer(s.game.position().turn());
            if !redraw && let Some(note) = s.moves_again() {
                writeln!(out, "  {note}")?;
            }
            continue;
        }
        if redraw {
            s.list_moves(out)?;
            redraw = false;
        }
        s.prompt(out)?;
        line.clear();
        // Bytes, not `read_line`: input that is not UTF-8 is a bad move, not an I/O error.
        if input.read_until(b'\n', &mut line)? == 0 {
            writeln!(out)?;
            writeln!(out, "End of input: the game is left unfinished.")?;
            return s.print_record(out);
        }
        match String::from_utf8_lossy(&line).trim() {
            "" => s.list_moves(out)?,
            "help" | "h" | "?" => write!(out, "{}", help(pos.variant().game()))?,
            "quit" | "q" | "exit" => {
                writeln!(out, "The game is left unfinished.")?;
                return s.print_record(out);
            }
            "resign" => {
                s.game.resign(side);
                writeln!(out, "{} resigns.", name(side))?;
            }
            "undo" | "u" => match s.undo() {
                0 if s.opts.opponent != Opponent::Human => {
                    writeln!(out, "There is no move of yours to take back.")?;
                }
                0 => writeln!(out, "There is no move to take back.")?,
                1 => {
                    writeln!(out, "Took back 1 move.")?;
                    redraw = true;
                }
                n => {
                    writeln!(out, "Took back {n} moves.")?;
                    redraw = true;
                }
            },
            typed => {
                // A bare pit where moves name a direction: the one way it can go, or the
                // question which way (docs/notation.md §4).
                let text = match s.moves_from(typed).as_deref() {
                    Some([only]) => only.clone(),
                    Some(ways @ [_, _, ..]) => {
                        writeln!(
                            out,
                            "{typed} can go more than one way: {}.",
                            ways.join(", ")
                        )?;
                        writeln!(out, "Type one of them, or its number in the list.")?;
                        continue;
                    }
                    _ => typed.to_owned(),
                };
                match s.parse_input(&text) {
                    Ok(m) => {
                        match s.play(m) {
                            Ok(played) => {
                                writeln!(out, "{} plays {played}", s.label(side))?;
                                // One board a turn: when the computer replies, the board is
                                // drawn after its move (the end of the game is always drawn).
                                let next = s.game.position().turn();
                                redraw = s.game.outcome().is_some() || !s.is_computer(next);
                            }
                            Err(e) => writeln!(out, "{e}. Try again.")?,
                        }
                    }
                    Err(e) => {
                        writeln!(out, "{e}.")?;
                        writeln!(out, "Type a move from the list, its number, or `help`.")?;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala::Variant;

    #[test]
    fn thinking_time_for_people() {
        assert_eq!(thought(0.000_029_7), "done.");
        assert_eq!(thought(0.099), "done.");
        assert_eq!(thought(1.04), "done in 1.0 s.");
    }

    /// A bare pit names exactly the legal moves from it in the games whose moves name a
    /// direction, and nothing elsewhere (there a pit alone is already a move).
    #[test]
    fn a_bare_pit_names_its_moves() {
        let opts = Options {
            opponent: Opponent::Human,
            level: DEFAULT_LEVEL,
            human: Side::South,
            seed: 1,
        };
        for v in Variant::DEFAULTS {
            let mut rng = Rng::new(5);
            let mut pos = Position::new(v);
            for _ in 0..30 {
                let s = Session {
                    game: GameRecord::new(pos),
                    opts,
                    rng: Rng::new(1),
                    engine: None,
                };
                for pit in v.pits(pos.turn()) {
                    let ways = s.moves_from(&pit.to_string());
                    if !v.game().chooses_direction() {
                        assert_eq!(ways, None, "{v}");
                        continue;
                    }
                    let from: Vec<String> = pos
                        .legal_move_texts()
                        .into_iter()
                        .filter(|(m, _)| m.pit() == pit)
                        .map(|(_, t)| t)
                        .collect();
                    assert_eq!(ways, Some(from), "{v}: {pit} in {pos}");
                }
                if pos.play_random(|n| rng.below(n)).is_none() {
                    break;
                }
            }
        }
    }
}
