//! Replays every game record in `tests/data/games/*.game` (format: docs/notation.md, "Game
//! records"; where new records go: tests/data/README.md). Each must replay to its end with
//! the recorded result, and to its `Final` diagram when it has one; its canonical text must
//! read back to the same game.

#![allow(
    clippy::unwrap_used,
    clippy::missing_panics_doc,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::fs;
use std::path::Path;

use mancala::record::GameRecord;

#[test]
fn game_records_replay() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 2);
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        let name = path.display();
        assert!(text.contains("[Source "), "{name} cites no source");
        let game = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let declared = game.tag("Result").map(ToOwned::to_owned);
        if let Some(r) = declared {
            assert_eq!(game.result_token(), r, "{name}: result");
        }
        if let Some(final_diagram) = game.tag("Final") {
            assert_eq!(
                game.position().diagram(),
                final_diagram,
                "{name}: final position"
            );
        }
        // The canonical form reads back to the same game.
        let again = GameRecord::parse(&game.to_text()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.moves(), game.moves(), "{name}");
        assert_eq!(again.position(), game.position(), "{name}");
    }
}

#[test]
fn bad_records_are_refused_with_the_ply() {
    let cases = [
        ("1. A6<* a6< 2. A1> *", "ply 3"),
        ("1. A6<* zz *", "ply 2"),
        ("1. A6<* a6< 1-0 A4<", "unexpected"),
    ];
    for (moves, want) in cases {
        let text = format!("[Variant \"bao-la-kiswahili\"]\n\n{moves}\n");
        let err = GameRecord::parse(&text).unwrap_err().to_string();
        assert!(err.contains(want), "{moves}: {err}");
    }
    for bad in [
        "[Variant \"chess\"]\n\n*",
        "[Variant \"bao-la-kiswahili\"]\n[Rules \"rev 9\"]\n\n*",
        "[Variant bao]\n\n*",
        "",
        "[Variant \"bao-la-kiswahili\"]\n[Start \"1,2 S\"]\n\n*",
    ] {
        assert!(GameRecord::parse(bad).is_err(), "{bad:?}");
    }
}
