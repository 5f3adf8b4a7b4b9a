//! Position scripts from `tests/data/**/*.fixture` (format: tests/data/README.md). Every case
//! cites its source; a failure names the file, line and case.

#![allow(
    clippy::unwrap_used,
    clippy::missing_panics_doc,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::fs;
use std::path::{Path, PathBuf};

use mancala::{
    LAP_LIMIT, Move, NeverEndingCheck, Notation, Position, Row, SeedTotal, Setup, Side, Variant,
};

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

fn strip(m: &str) -> &str {
    m.trim_end_matches(['*', '#'])
}

fn legal_texts(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// The move of a text that may name a never-ending (so not legal) move.
fn candidate_move(text: &str) -> Move {
    let mt: mancala::MoveText = text.parse().unwrap();
    match mt.sign {
        Some(sign) => Move::new(mt.pit, mancala::Direction::from_sign(sign, mt.pit).unwrap()),
        None => Move::from_pit(mt.pit),
    }
}

struct Runner {
    variant: Option<Variant>,
    start: Option<Position>,
    pos: Option<Position>,
    case: String,
    has_source: bool,
    checks: usize,
}

impl Runner {
    fn pos(&self) -> Position {
        self.pos
            .unwrap_or_else(|| panic!("case {}: no start position", self.case))
    }

    fn play(&mut self, notation: Notation, args: &str) {
        let mut words = args.split(' ');
        let text = words.next().unwrap();
        let pos = self.pos();
        let m = pos
            .parse_move_in(notation, text)
            .unwrap_or_else(|e| panic!("case {}: {text}: {e}", self.case));
        let trace = pos.trace(m).unwrap();
        if let (Some("laps"), Some(n)) = (words.next(), words.next()) {
            assert_eq!(
                trace.laps(),
                n.parse::<u32>().unwrap(),
                "case {}: laps of {text}",
                self.case
            );
            self.checks += 1;
        }
        let next = pos.play(m).unwrap();
        assert_eq!(*trace.result(), next);
        self.pos = Some(next);
        self.checks += 1;
    }

    fn run_line(&mut self, key: &str, rest: &str) {
        match key {
            "case" => {
                assert!(
                    self.case.is_empty() || self.has_source,
                    "case {} has no source",
                    self.case
                );
                *self = Self {
                    variant: None,
                    start: None,
                    pos: None,
                    case: rest.to_owned(),
                    has_source: false,
                    checks: self.checks,
                };
            }
            "source" => self.has_source = !rest.is_empty(),
            "variant" => {
                let (slug, rules) = rest.split_once(' ').unwrap_or((rest, ""));
                self.variant = Some(slug.parse::<Variant>().unwrap().with_rules(rules).unwrap());
            }
            "start" | "start-partial" => {
                let setup: Setup = rest
                    .parse()
                    .unwrap_or_else(|e| panic!("case {}: {e}", self.case));
                let total = if key == "start" {
                    SeedTotal::Exact
                } else {
                    SeedTotal::AllowPartial
                };
                let v = self.variant.expect("variant before start");
                let p = Position::from_setup(v, &setup, total)
                    .unwrap_or_else(|e| panic!("case {}: {e}", self.case));
                assert_eq!(p.diagram(), rest, "case {}: diagram round trip", self.case);
                self.start = Some(p);
                self.pos = Some(p);
            }
            "reset" => self.pos = self.start,
            "legal" => {
                let mut want: Vec<String> = rest
                    .split_whitespace()
                    .map(|m| strip(m).to_owned())
                    .collect();
                want.sort();
                assert_eq!(
                    legal_texts(&self.pos()),
                    want,
                    "case {}: legal moves",
                    self.case
                );
                self.checks += 1;
            }
            "play" => self.play(Notation::Canonical, rest),
            "play-foreign" => {
                let (n, args) = rest.split_once(' ').unwrap();
                self.play(n.parse().unwrap(), args);
            }
            "expect" => {
                assert_eq!(self.pos().diagram(), rest, "case {}", self.case);
                self.checks += 1;
            }
            "expect-row" => {
                let (row, counts) = rest.split_once(' ').unwrap();
                let (side, r) = match row {
                    "a" => (Side::North, Row::Front),
                    "b" => (Side::North, Row::Back),
                    "A" => (Side::South, Row::Front),
                    "B" => (Side::South, Row::Back),
                    _ => panic!("bad row {row}"),
                };
                let got = self.pos().to_setup().printed_row(side, r);
                let got: Vec<String> = got.iter().map(ToString::to_string).collect();
                assert_eq!(got.join(","), counts, "case {}: row {row}", self.case);
                self.checks += 1;
            }
            "expect-house" => {
                let want: Vec<bool> = rest.split(' ').map(|w| w == "owned").collect();
                let pos = self.pos();
                let got = vec![pos.owns_nyumba(Side::South), pos.owns_nyumba(Side::North)];
                assert_eq!(got, want, "case {}: houses", self.case);
                self.checks += 1;
            }
            "expect-takasia" => {
                let got = self
                    .pos()
                    .takasia()
                    .map_or("-".to_owned(), |p| p.to_string());
                assert_eq!(got, rest, "case {}: takasia", self.case);
                self.checks += 1;
            }
            "never-ending" | "never-ending-period" => {
                let (text, period) = rest.split_once(' ').unwrap_or((rest, ""));
                let pos = self.pos();
                let m = candidate_move(strip(text));
                assert!(
                    !pos.legal_moves().contains(&m),
                    "case {}: {text} listed",
                    self.case
                );
                let by_limit = pos
                    .never_ending(m, NeverEndingCheck::LapLimit(LAP_LIMIT))
                    .unwrap();
                assert!(
                    by_limit.is_some(),
                    "case {}: {text} ends by the lap limit",
                    self.case
                );
                let by_cycle = pos.never_ending(m, NeverEndingCheck::CycleFinding).unwrap();
                assert!(by_cycle.is_some(), "case {}: {text} cycle", self.case);
                if !period.is_empty() {
                    assert_eq!(
                        by_cycle,
                        Some(period.parse().unwrap()),
                        "case {}",
                        self.case
                    );
                }
                self.checks += 1;
            }
            "outcome" => {
                let got = match self.pos().outcome() {
                    None => "none".to_owned(),
                    Some(o) => o.winner.map_or("draw".to_owned(), |w| w.name().to_owned()),
                };
                assert_eq!(got, rest, "case {}: outcome", self.case);
                self.checks += 1;
            }
            _ => panic!("case {}: unknown directive `{key}`", self.case),
        }
    }
}

#[test]
fn fixture_files() {
    let mut paths = Vec::new();
    files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"),
        "fixture",
        &mut paths,
    );
    paths.sort();
    assert!(paths.len() >= 7, "fixture files missing");
    let mut total = 0;
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        let mut r = Runner {
            variant: None,
            start: None,
            pos: None,
            case: String::new(),
            has_source: false,
            checks: 0,
        };
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                r.run_line(key, rest);
            }));
            if result.is_err() {
                panic!("{}:{}: `{line}` failed", path.display(), n + 1);
            }
        }
        assert!(r.has_source, "{}: last case has no source", path.display());
        total += r.checks;
    }
    assert!(total > 100, "only {total} checks");
}

/// The Problem 3 move `A3<` is never-ending by the lap limit even when the limit is small, and a
/// move that ends is not: the limit is a parameter, tested here with a small value.
#[test]
fn small_lap_limit() {
    let setup: Setup =
        "0,0,0,0,0,0,0,0/0,0,0,0,9,0,0,1/1,6,3,1,0,5,4,0/2,1,0,5,0,3,0,1 S 11,11 00 -"
            .parse()
            .unwrap();
    let pos = Position::from_setup(Variant::BAO_LA_KISWAHILI, &setup, SeedTotal::Exact).unwrap();
    let never = pos.parse_move_in(Notation::DeVoogt, "A3L").err();
    assert!(never.is_some(), "A3< must not be legal");
    let a3 = candidate_move("A3<");
    for limit in [1, 10, 229, 500] {
        assert!(
            pos.never_ending(a3, NeverEndingCheck::LapLimit(limit))
                .unwrap()
                .is_some()
        );
    }
    // A2< takes 3 laps (research note §4.2): never-ending under a limit of 2, not of 3.
    let a2 = candidate_move("A2<");
    assert!(
        pos.never_ending(a2, NeverEndingCheck::LapLimit(2))
            .unwrap()
            .is_some()
    );
    assert_eq!(
        pos.never_ending(a2, NeverEndingCheck::LapLimit(3)).unwrap(),
        None
    );
    assert_eq!(
        pos.never_ending(a2, NeverEndingCheck::CycleFinding)
            .unwrap(),
        None
    );
}
