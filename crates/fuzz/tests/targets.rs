//! A short run of every fuzz target from a fixed seed (the long run is `mancala fuzz`,
//! docs/fuzzing.md), and the inputs that once failed, kept as regression tests.

use mancala_fuzz::{Target, Verdict, check, rules, run, server};

/// Runs `count` inputs of `target`: no failure, and enough inputs accepted that the property
/// was exercised, not only the refusals.
fn short_run(target: &mut dyn Target, count: u64, min_accepted: u64) {
    let report = run(target, count, 20_261_202);
    assert_eq!(report.tried, count);
    assert!(
        report.failures.is_empty(),
        "{}: {:#?}",
        target.name(),
        report.failures
    );
    assert!(
        report.accepted >= min_accepted,
        "{}: only {} of {count} inputs accepted",
        target.name(),
        report.accepted
    );
}

#[test]
fn diagram() {
    short_run(&mut rules::Diagram::new(), 60_000, 5_000);
}

#[test]
fn movetext() {
    short_run(&mut rules::MoveTextTarget::new(), 60_000, 10_000);
}

#[test]
fn record() {
    short_run(&mut rules::Record::new(), 20_000, 3_000);
}

#[test]
fn names() {
    short_run(&mut rules::Names::new(), 60_000, 10_000);
}

#[test]
fn protocol() {
    short_run(&mut server::Protocol::new(), 1_500, 300);
}

#[test]
fn forms() {
    short_run(&mut server::Forms::new(), 2_000, 300);
}

#[test]
fn figures() {
    short_run(&mut server::Figures::new(), 3_000, 300);
}

#[test]
fn negotiate() {
    short_run(&mut server::Negotiate::new(), 5_000, 1_000);
}

/// A target that panics or breaks its property on some inputs: the runner catches the panic
/// with its message and place, keeps running, and keeps one input per distinct failure.
#[test]
fn failures_are_caught_and_kept() {
    struct Fragile;
    impl Target for Fragile {
        fn name(&self) -> &'static str {
            "fragile"
        }
        fn seeds(&self) -> Vec<Vec<u8>> {
            vec![b"ab".to_vec()]
        }
        fn dictionary(&self) -> &'static [&'static str] {
            &["x", "y"]
        }
        fn generate(&mut self, rng: &mut mancala_fuzz::Rng) -> Vec<u8> {
            vec![b'a' + rng.below(26) as u8]
        }
        fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
            match input.first() {
                Some(b'x') => panic!("an x"),
                Some(b'y') => Err("a y".to_owned()),
                _ => Ok(Verdict::Accepted),
            }
        }
    }
    let report = run(&mut Fragile, 5_000, 1);
    assert_eq!(report.tried, 5_000);
    let mut messages: Vec<&str> = report.failures.iter().map(|f| f.message.as_str()).collect();
    messages.sort_unstable();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages[0] == "a y", "{messages:?}");
    assert!(
        messages[1].starts_with("panic: an x at crates/fuzz/tests/targets.rs:"),
        "{messages:?}"
    );
    for f in &report.failures {
        assert!(check(&mut Fragile, &f.input).is_err());
    }
}

/// Inputs the targets once failed on, each with what it found; each now passes its target.
/// `mancala fuzz TARGET --replay FILE` runs a saved one the same way.
fn regression(target: &mut dyn Target, inputs: &[&[u8]]) {
    for input in inputs {
        let verdict = check(target, input);
        assert!(
            verdict.is_ok(),
            "{}: {:?}: {verdict:?}",
            target.name(),
            input.escape_ascii().to_string()
        );
    }
}

/// Partial positions with more than 255 seeds were read, and a move overflowed a store or a
/// captured count (a panic in a test build, a wrong count in a release build): Kalah's store
/// at 255 gaining its last seed or a capture, Hawalis's captured count at 211. A partial
/// position above the variant's total was read too, but once a move had gathered more seeds in
/// one pit than the variant has, the position's own diagram was refused. Now every total up to
/// 255 reads (`Position::MAX_SEEDS`) and no more.
#[test]
fn diagram_regressions() {
    regression(
        &mut rules::Diagram::new(),
        &[
            b"4,0,1,0,3,0/1,0,2,1,7,14 N 255,21",
            b"0,8,0,9,9,9/8,0,2,10,16,3 N 3,255",
            b"2,2,0,2,3,0,2/2,3,15,3,2,47,2/2,3,3,1,1,3,2/5,45,17,2,2,2,3 S 211,22",
            b"0,0,1,1,2,2,0,0/0,2,2,3,18,48,2,1/3,0,1,0,3,3,3,3/0,2,2,2,0,0,22,1 N",
            b"2,2,62,2,2,2,2,2/2,2,2,2,2,2,2,2/1,3,0,3,3,0,3,3/0,1,4,4,1,3,34,0 N 0,0",
            b"2,1,48,0,2,1,0,0/1,3,2,10,0,20,0,50/1,3,2,0,1,2,2,3/0,1,59,3,3,42,2,1 S",
            b"2,3,60,7,7,7/2,0,1,10,8,8 S 2,2",
            b"41,1,3,0,60,1,2,1/1,1,1,3,0,2,2,2/1,51,1,2,3,0,3,1/2,1,0,2,1,2,2,0 N",
        ],
    );
}

/// The language switch sent a page with characters a URL does not hold (a control, a byte that
/// is not UTF-8, read as U+FFFD) to a `Location` of raw bytes, not the page asked for; such a
/// page is now refused.
#[test]
fn negotiate_regressions() {
    regression(
        &mut server::Negotiate::new(),
        &[
            b"SW_tz\nlang=\nto=/en/g/abc?invite\xf0used",
            b" pl;-q=2.3, u.17\n\nto=/ka/\xe2",
            b"sw\nlang\nto=%2Fsw%2F\xef",
            b"\n\nto=%2Fsw%2Frules%2Fkalah%3Fx%8D1",
            b"\n\nto=/en/%09/x",
            // The target's own mistake: it judged the headers by the bytes given, while the
            // control bytes left out of a header made `l\0ang=sw` the cookie `lang=sw`.
            b"uk\nseat_x=y; l\0ang=sw; other=1\nto=/en/",
            b"uk\nlang\0=pl\nto=%2Fru%2F",
            b"sw\nla\x1cng=pl\nto=%sw%2Fpl",
            b"ka\nla\rng=uk\nto=%2Fen",
            b"ka\nlang\r=cs\nto=%2Fcs",
        ],
    );
}
