//! Perft from the data files in `tests/data/**/*.perft`: counts up to `NODE_LIMIT` run here;
//! deeper ones are for `mancala perft`.

#![allow(
    clippy::unwrap_used,
    clippy::missing_panics_doc,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::fs;
use std::path::Path;

use mancala::{Position, SeedTotal, Setup, Variant, perft};

const NODE_LIMIT: u64 = 200_000;

struct Case {
    id: String,
    pos: Position,
    counts: Vec<(u32, u64)>,
}

fn parse(path: &Path) -> Vec<Case> {
    let text = fs::read_to_string(path).unwrap();
    assert!(
        text.contains("source:"),
        "{} cites no source",
        path.display()
    );
    let mut cases: Vec<Case> = Vec::new();
    let mut variant: Option<Variant> = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let at = || format!("{}:{}", path.display(), n + 1);
        match key {
            "id" => {
                cases.push(Case {
                    id: rest.to_owned(),
                    pos: Position::new(Variant::BAO_LA_KISWAHILI),
                    counts: vec![],
                });
                variant = None;
            }
            "variant" => {
                let (slug, rules) = rest.split_once(' ').unwrap_or((rest, ""));
                let v = slug.parse::<Variant>().unwrap().with_rules(rules).unwrap();
                variant = Some(v);
                cases.last_mut().unwrap().pos = Position::new(v);
            }
            "pos" => {
                let setup: Setup = rest.parse().unwrap_or_else(|e| panic!("{}: {e}", at()));
                let v = variant.expect("variant before pos");
                cases.last_mut().unwrap().pos =
                    Position::from_setup(v, &setup, SeedTotal::AllowPartial).unwrap();
            }
            "perft" => {
                let (d, c) = rest.split_once(' ').unwrap();
                cases
                    .last_mut()
                    .unwrap()
                    .counts
                    .push((d.parse().unwrap(), c.parse().unwrap()));
            }
            _ => panic!("{}: unknown directive {key}", at()),
        }
    }
    cases
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "perft") {
            out.push(p);
        }
    }
}

#[test]
fn perft_files() {
    let mut paths = Vec::new();
    files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"),
        &mut paths,
    );
    paths.sort();
    assert!(!paths.is_empty());
    let mut checked = 0;
    for path in paths {
        for case in parse(&path) {
            for &(depth, expected) in &case.counts {
                if expected > NODE_LIMIT {
                    continue;
                }
                assert_eq!(
                    perft(&case.pos, depth),
                    expected,
                    "{} depth {depth}",
                    case.id
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 16, "only {checked} perft lines checked");
}
