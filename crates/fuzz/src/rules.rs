//! Targets of the rules crate's text forms (docs/notation.md): diagrams, move text, game
//! records, and the names of pits, variants, rule options and notations.

use mancala::record::GameRecord;
use mancala::{
    Game, MoveText, Notation, Pit, Position, RuleOption, SeedTotal, Setup, Side, Variant,
};

use crate::{Rng, Target, Verdict, input_hash, text};

/// Plays up to `plies` random legal moves from `pos`.
fn playout(mut pos: Position, plies: usize, rng: &mut Rng) -> Position {
    for _ in 0..plies {
        if pos.is_game_over() || pos.play_random(|n| rng.below(n)).is_none() {
            break;
        }
    }
    pos
}

/// A fixed set of positions of every variant: each start, and a few reached by random play.
/// Fixed (not drawn from the run's seed), so that a check depends on its input alone.
fn position_pool() -> Vec<Position> {
    let mut rng = Rng::new(0x706f_6f6c);
    let mut pool = Vec::new();
    for v in Variant::ALL {
        pool.push(Position::new(v));
        for plies in [3, 12, 40, 120] {
            pool.push(playout(Position::new(v), plies, &mut rng));
        }
    }
    pool
}

/// A random position of a random variant.
pub(crate) fn random_position(rng: &mut Rng) -> Position {
    let v = Variant::ALL[rng.below(Variant::ALL.len())];
    let plies = [0, 1, 5, 20, 60, 200][rng.below(6)];
    playout(Position::new(v), plies, rng)
}

/// Checks that a position's diagram reads back to the same position.
fn diagram_round_trip(pos: &Position) -> Result<(), String> {
    let d = pos.diagram();
    let setup: Setup = d
        .parse()
        .map_err(|e| format!("the diagram `{d}` of a position does not read: {e}"))?;
    let back =
        Position::from_setup(pos.variant(), &setup, SeedTotal::AllowPartial).map_err(|e| {
            format!(
                "the diagram `{d}` is not a position of {}: {e}",
                pos.variant()
            )
        })?;
    if back != *pos {
        return Err(format!("the diagram `{d}` reads back to another position"));
    }
    Ok(())
}

/// Checks every legal move of `pos`: it traces and plays alike, its text names it, and the
/// position after it round-trips.
fn moves_check(pos: &Position) -> Result<(), String> {
    for m in pos.legal_moves() {
        let trace = pos
            .trace(m)
            .map_err(|e| format!("legal move {m} does not trace: {e}"))?;
        let next = pos
            .play(m)
            .map_err(|e| format!("legal move {m} does not play: {e}"))?;
        if *trace.result() != next {
            return Err(format!("move {m}: trace and play disagree"));
        }
        let t = trace.text();
        if pos.parse_move(t) != Ok(m) {
            return Err(format!("the text `{t}` of move {m} does not name it"));
        }
        diagram_round_trip(&next)?;
    }
    Ok(())
}

/// The diagram parser ([`Setup`]'s `FromStr`): a diagram that reads prints back to the same
/// text; read into each variant of its board's shape, the position's own diagram reads back to
/// it, and every legal move from it traces, plays and names itself.
#[derive(Debug)]
pub struct Diagram;

impl Diagram {
    /// The target.
    #[must_use]
    pub const fn new() -> Self {
        Self
    }
}

impl Default for Diagram {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Diagram {
    fn name(&self) -> &'static str {
        "diagram"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds: Vec<Vec<u8>> = position_pool()
            .iter()
            .map(|p| p.diagram().into_bytes())
            .collect();
        seeds.push(
            b"0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 - -"
                .to_vec(),
        );
        seeds.push(
            b"0,1,2,1,4,8,2,2/10,0,0,10,2,1,0,1/0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 N 0,0 00 a4"
                .to_vec(),
        );
        seeds
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            " S",
            " N",
            "/",
            ",",
            " ",
            " -",
            " 11",
            " 00",
            " 10",
            " 22,22",
            " 0,0",
            " a4",
            " A1",
            " b2",
            "255",
            "0,",
            "4,4,4,4,4,4",
            "/0,0,0,0,0,0,0,0",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        if rng.below(2) == 0 {
            return random_position(rng).diagram().into_bytes();
        }
        // A diagram of any shape, with arbitrary counts and fields.
        let rows = [2, 4, 4, 4, 3, 1, 5][rng.below(7)];
        let width = [6, 7, 8, 12, 16, 1, 17, 5][rng.below(8)];
        let count = |rng: &mut Rng| match rng.below(10) {
            0 => rng.below(300),
            1 => rng.below(70),
            _ => rng.below(4),
        };
        let mut d = String::new();
        for r in 0..rows {
            if r > 0 {
                d.push('/');
            }
            let row: Vec<String> = (0..width).map(|_| count(rng).to_string()).collect();
            d.push_str(&row.join(","));
        }
        d.push(' ');
        d.push_str(["S", "N", "X", ""][rng.below(4)]);
        let pit = |rng: &mut Rng| {
            let letter = ["a", "A", "b", "B", "-"][rng.below(5)];
            if letter == "-" {
                "-".to_owned()
            } else {
                format!("{letter}{}", rng.below(18))
            }
        };
        match rng.below(4) {
            0 => {}
            1 => d.push_str(&format!(" {},{}", count(rng), count(rng))),
            _ => {
                d.push_str(&format!(
                    " {},{} {}{} {}",
                    count(rng),
                    count(rng),
                    rng.below(3),
                    rng.below(3),
                    pit(rng)
                ));
                if rng.below(2) == 0 {
                    d.push(' ');
                    d.push_str(&pit(rng));
                }
            }
        }
        d.into_bytes()
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        let t = text(input);
        let Ok(setup) = t.parse::<Setup>() else {
            return Ok(Verdict::Refused);
        };
        if setup.to_string() != t {
            return Err(format!("diagram `{t}` prints back as `{setup}`"));
        }
        for v in Variant::ALL {
            if v.width() != usize::from(setup.width) || v.rows() != usize::from(setup.rows) {
                continue;
            }
            for total in [SeedTotal::Exact, SeedTotal::AllowPartial] {
                if let Ok(pos) = Position::from_setup(v, &setup, total) {
                    diagram_round_trip(&pos)?;
                    moves_check(&pos)?;
                }
            }
        }
        Ok(Verdict::Accepted)
    }
}

/// The move text parser ([`MoveText`]) and the reading of a move in a position: a text that
/// reads prints back the same; in a position (chosen by the input from a fixed pool of every
/// variant) a text that names a move names a legal one, its canonical text names the same move,
/// reading and tracing agree, and the imported notations name only legal moves.
#[derive(Debug)]
pub struct MoveTextTarget {
    pool: Vec<Position>,
}

impl MoveTextTarget {
    /// The target.
    #[must_use]
    pub fn new() -> Self {
        Self {
            pool: position_pool(),
        }
    }
}

impl Default for MoveTextTarget {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for MoveTextTarget {
    fn name(&self) -> &'static str {
        "movetext"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds: Vec<Vec<u8>> = [
            "A6<*", "a4>", "A8<+", "B2<#", "A7<**", "b3>**#", "A1>", "A3", "a6#", "B12", "+A3",
            "A5cca", "A6L", "A6R>", "a1",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
        for pos in &self.pool {
            seeds.extend(
                pos.legal_move_texts()
                    .into_iter()
                    .take(3)
                    .map(|(_, t)| t.into_bytes()),
            );
        }
        seeds
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "A", "B", "a", "b", "<", ">", "+", "*", "**", "#", "c", "a", "L", "R", "16", "8", "0",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        if rng.below(2) == 0 {
            let pos = &self.pool[rng.below(self.pool.len())];
            let texts = pos.legal_move_texts();
            if !texts.is_empty() {
                let t = texts[rng.below(texts.len())].1.clone();
                // Sometimes without its marks, which may be left out.
                return if rng.below(3) == 0 {
                    t.trim_end_matches(['*', '#']).as_bytes().to_vec()
                } else {
                    t.into_bytes()
                };
            }
        }
        let mut t = String::new();
        if rng.below(6) == 0 {
            t.push('+');
        }
        t.push(['A', 'B', 'a', 'b', 'c', 'Z'][rng.below(6)]);
        t.push_str(&rng.below(20).to_string());
        if rng.below(3) > 0 {
            t.push(['<', '>'][rng.below(2)]);
        }
        if rng.below(5) == 0 {
            t.push('+');
        }
        for _ in 0..[0, 0, 1, 3, 40][rng.below(5)] {
            t.push(['a', 'c'][rng.below(2)]);
        }
        t.push_str(["", "", "*", "**", "#", "*#", "**#", "***"][rng.below(8)]);
        t.into_bytes()
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        let t = text(input);
        let syntax = t.parse::<MoveText>();
        if let Ok(mt) = &syntax
            && mt.to_string() != t
        {
            return Err(format!("move text `{t}` prints back as `{mt}`"));
        }
        let pos = &self.pool[(input_hash(input) % self.pool.len() as u64) as usize];
        let read = pos.parse_move(&t);
        let traced = pos.trace_move_text(&t);
        match (&read, &traced) {
            (Ok(m), Ok(trace)) => {
                if !pos.is_legal(*m) || trace.played() != *m {
                    return Err(format!("`{t}` reads as {m}, not a legal move alike traced"));
                }
                let canonical = pos
                    .move_text(*m)
                    .map_err(|e| format!("`{t}` reads as {m}, which has no text: {e}"))?;
                if pos.parse_move(&canonical) != Ok(*m) {
                    return Err(format!("`{t}` reads as {m}, but `{canonical}` does not"));
                }
            }
            (Err(_), Err(_)) => {}
            _ => {
                return Err(format!(
                    "reading and tracing `{t}` disagree: {read:?} / {:?}",
                    traced.as_ref().map(mancala::Trace::played)
                ));
            }
        }
        if read.is_ok() && syntax.is_err() {
            return Err(format!("`{t}` names a move but is not move text"));
        }
        for notation in [Notation::DeVoogt, Notation::MwDiagram] {
            if let Ok(m) = pos.parse_move_in(notation, &t)
                && !pos.is_legal(m)
            {
                return Err(format!("`{t}` in {} names illegal {m}", notation.name()));
            }
        }
        Ok(if syntax.is_ok() {
            Verdict::Accepted
        } else {
            Verdict::Refused
        })
    }
}

/// The game record reader ([`GameRecord::parse`], which replays every move): a record that
/// reads is written out and read again to the same moves, positions and result, and writing
/// that is stable.
#[derive(Debug)]
pub struct Record;

impl Record {
    /// The target.
    #[must_use]
    pub const fn new() -> Self {
        Self
    }
}

impl Default for Record {
    fn default() -> Self {
        Self::new()
    }
}

/// A record of a random game: any variant and start, random moves, sometimes a resignation
/// and tags.
fn random_record(rng: &mut Rng) -> String {
    let start = if rng.below(4) == 0 {
        random_position(rng)
    } else {
        Position::new(Variant::ALL[rng.below(Variant::ALL.len())])
    };
    let mut game = GameRecord::new(start);
    for _ in 0..[0, 1, 4, 10, 30, 80][rng.below(6)] {
        let legal = game.position().legal_moves();
        if legal.is_empty() || game.play(legal[rng.below(legal.len())]).is_err() {
            break;
        }
    }
    if rng.below(5) == 0 {
        game.resign([Side::South, Side::North][rng.below(2)]);
    }
    if rng.below(3) == 0 {
        game.set_tag("South", "Ramadhan \"Kipara\"");
        game.set_tag("Event", "{a comment?}");
    }
    game.to_text()
}

impl Target for Record {
    fn name(&self) -> &'static str {
        "record"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut rng = Rng::new(0x7265_636f_7264);
        let mut seeds: Vec<Vec<u8>> = (0..24)
            .map(|_| random_record(&mut rng).into_bytes())
            .collect();
        seeds.push(
            b"[Variant \"bao-la-kiswahili\"]\n[Rules \"rev 1\"]\n\n1. A6<* a6< 2. A4< *\n".to_vec(),
        );
        seeds.push(
            b"[Variant \"bao-la-kiswahili\"]\n[Notation \"devoogt\"]\n\n1.A6L {namua} a6R 1-0\n"
                .to_vec(),
        );
        seeds
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "[Variant \"",
            "[Rules \"",
            "[Start \"",
            "[Notation \"devoogt\"]\n",
            "[Notation \"mw-diagram\"]\n",
            "[Partial \"yes\"]\n",
            "\"]\n",
            "rev 1",
            "; rev 1",
            "1-0",
            "0-1",
            "1/2-1/2",
            " * ",
            "{",
            "}",
            "1. ",
            "12...",
            " A6<* ",
            "kalah",
            "takasia:none",
            "\n\n",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        random_record(rng).into_bytes()
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        let t = text(input);
        let Ok(game) = GameRecord::parse(&t) else {
            return Ok(Verdict::Refused);
        };
        let written = game.to_text();
        let again = GameRecord::parse(&written)
            .map_err(|e| format!("a record written by to_text does not read: {e}\n{written}"))?;
        if again.moves() != game.moves()
            || again.positions() != game.positions()
            || again.outcome() != game.outcome()
        {
            return Err(format!(
                "a record read back differs from the game\n{written}"
            ));
        }
        if again.to_text() != written {
            return Err(format!("writing a record read back changes it\n{written}"));
        }
        Ok(Verdict::Accepted)
    }
}

/// The names read from users: pits, variant slugs, rule options (`--rules`, the `Rules` tag,
/// the forms' `option`s) and notation names. Each that reads prints back the same, and rules
/// that read for a game print as options that read back to the same variant.
#[derive(Debug)]
pub struct Names;

impl Names {
    /// The target.
    #[must_use]
    pub const fn new() -> Self {
        Self
    }
}

impl Default for Names {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Names {
    fn name(&self) -> &'static str {
        "names"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds: Vec<Vec<u8>> = Game::ALL
            .iter()
            .map(|g| g.slug().as_bytes().to_vec())
            .collect();
        seeds.extend(RuleOption::ALL.iter().map(|o| o.name().as_bytes().to_vec()));
        seeds.extend(
            ["A1", "b16", "canonical", "devoogt", "mw-diagram"].map(|s| s.as_bytes().to_vec()),
        );
        seeds
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            " ", ",", ":", "-", "takasia", "none", "donkers", "A", "b", "16", "0",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        let mut words: Vec<String> = Vec::new();
        for _ in 0..rng.below(4) + 1 {
            words.push(match rng.below(4) {
                0 => Game::ALL[rng.below(Game::ALL.len())].slug().to_owned(),
                1 => format!("{}{}", ['A', 'B', 'a', 'b'][rng.below(4)], rng.below(20)),
                2 => Notation::Canonical.name().to_owned(),
                _ => RuleOption::ALL[rng.below(RuleOption::ALL.len())]
                    .name()
                    .to_owned(),
            });
        }
        words
            .join([" ", "  ", ",", "\t"][rng.below(4)])
            .into_bytes()
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        let t = text(input);
        let mut accepted = false;
        if let Ok(p) = t.parse::<Pit>() {
            accepted = true;
            if p.to_string() != t {
                return Err(format!("pit `{t}` prints back as `{p}`"));
            }
        }
        if let Ok(v) = t.parse::<Variant>() {
            accepted = true;
            if v.to_string() != t {
                return Err(format!("variant `{t}` prints back as `{v}`"));
            }
        }
        if let Ok(n) = t.parse::<Notation>() {
            accepted = true;
            if n.name() != t {
                return Err(format!("notation `{t}` prints back as `{}`", n.name()));
            }
        }
        for v in Variant::DEFAULTS {
            if let Ok(with) = v.with_rules(&t) {
                accepted = true;
                let back = v.with_rules(&with.rules_text());
                if back != Ok(with) {
                    return Err(format!(
                        "rules `{t}` of {v} print as `{}`, which reads as {back:?}",
                        with.rules_text()
                    ));
                }
            }
        }
        Ok(if accepted {
            Verdict::Accepted
        } else {
            Verdict::Refused
        })
    }
}
