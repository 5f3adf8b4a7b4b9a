//! Fuzzing of every parser of the project on the stable toolchain (docs/fuzzing.md): each
//! [`Target`] reads inputs that are either generated from its grammar with arbitrary field
//! values or mutated from a seed corpus, and checks a property of what it read (a round trip,
//! a replay, no server error), not only that nothing panicked.
//!
//! The loop is coverage-free: a deterministic generator ([`mancala_engine::Rng`]) picks, for
//! each input, a structured generation or a stack of byte and token mutations of a corpus
//! entry; inputs the target accepts join the corpus now and then, so that mutations reach
//! deeper than the seeds. Everything follows from the seed, so a run is repeatable and a
//! failure's input is saved to replay.
//!
//! ```
//! let mut target = mancala_fuzz::rules::Diagram::new();
//! let report = mancala_fuzz::run(&mut target, 200, 7);
//! assert_eq!(report.tried, 200);
//! assert!(report.failures.is_empty(), "{:?}", report.failures);
//! ```

pub mod mutate;
pub mod rules;
pub mod server;

use core::fmt;
use std::cell::RefCell;
use std::collections::HashSet;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::time::{Duration, Instant};

pub use mancala_engine::Rng;

/// What a target made of one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The input was read and its property holds.
    Accepted,
    /// The input was refused with a clear error, as it should be.
    Refused,
}

/// A parser under test, with its inputs' grammar and the property that must hold.
pub trait Target {
    /// The name on the command line (`mancala fuzz NAME`).
    fn name(&self) -> &'static str;

    /// Valid and near-valid inputs to start mutating from.
    fn seeds(&self) -> Vec<Vec<u8>>;

    /// Words of the input's grammar, inserted by the mutator.
    fn dictionary(&self) -> &'static [&'static str];

    /// An input that follows the grammar, with arbitrary field values.
    fn generate(&mut self, rng: &mut Rng) -> Vec<u8>;

    /// Reads one input and checks its property. The verdict depends on the input alone, so that
    /// a saved failure replays.
    ///
    /// # Errors
    /// The property that failed, said in one line.
    fn check(&mut self, input: &[u8]) -> Result<Verdict, String>;
}

/// An input that failed, and how.
#[derive(Clone, PartialEq, Eq)]
pub struct Failure {
    /// The input, byte for byte.
    pub input: Vec<u8>,
    /// The panic message or the property that failed.
    pub message: String,
}

impl fmt::Debug for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\n  input: b\"{}\"",
            self.message,
            self.input.escape_ascii()
        )
    }
}

/// The figures of one run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Inputs tried.
    pub tried: u64,
    /// Inputs the target accepted (the rest were refused or failed).
    pub accepted: u64,
    /// The wall time of the run.
    pub elapsed: Duration,
    /// Distinct failures (by message), with the first input of each.
    pub failures: Vec<Failure>,
}

impl Report {
    /// Inputs per second.
    #[must_use]
    pub fn rate(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.tried as f64 / secs
        } else {
            0.0
        }
    }
}

/// How much of a run to report while it goes.
pub type Progress<'a> = &'a mut dyn FnMut(&Report);

/// Runs `count` inputs of `target` from `seed` (see [`run_with`]).
pub fn run(target: &mut dyn Target, count: u64, seed: u64) -> Report {
    run_with(target, count, seed, &mut |_| {})
}

/// The most distinct failures a run keeps.
const MAX_FAILURES: usize = 16;

/// The most entries the corpus grows to.
const MAX_CORPUS: usize = 4096;

/// Runs `count` inputs of `target` from `seed`, calling `progress` about every second.
pub fn run_with(target: &mut dyn Target, count: u64, seed: u64, progress: Progress<'_>) -> Report {
    let mut rng = Rng::new(seed ^ 0x6d61_6e63_616c_6121);
    let mut corpus = target.seeds();
    let mut known: HashSet<Vec<u8>> = corpus.iter().cloned().collect();
    let dictionary = target.dictionary();
    let start = Instant::now();
    let mut last = start;
    let mut report = Report::default();
    while report.tried < count {
        let input = if corpus.is_empty() || rng.below(4) == 0 {
            target.generate(&mut rng)
        } else {
            mutate::mutate(&mut rng, &corpus, dictionary)
        };
        report.tried += 1;
        match check(target, &input) {
            Ok(Verdict::Accepted) => {
                report.accepted += 1;
                if corpus.len() < MAX_CORPUS && rng.below(8) == 0 && !known.contains(&input) {
                    known.insert(input.clone());
                    corpus.push(input);
                }
            }
            Ok(Verdict::Refused) => {}
            Err(message) => {
                if report.failures.len() < MAX_FAILURES
                    && !report.failures.iter().any(|f| f.message == message)
                {
                    report.failures.push(Failure { input, message });
                }
            }
        }
        if report.tried.is_multiple_of(256) && last.elapsed() >= Duration::from_secs(1) {
            last = Instant::now();
            report.elapsed = start.elapsed();
            progress(&report);
        }
    }
    report.elapsed = start.elapsed();
    report
}

thread_local! {
    /// The message of the last panic on this thread while a target runs, or `None` when no
    /// target runs here (then panics are reported as usual).
    static CAUGHT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs one input; a panic is a failure with its message and place.
///
/// # Errors
/// The panic or the property that failed.
pub fn check(target: &mut dyn Target, input: &[u8]) -> Result<Verdict, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let caught = CAUGHT.with(|c| {
                let mut c = c.borrow_mut();
                match c.as_mut() {
                    Some(slot) => {
                        let place = info
                            .location()
                            .map(|l| format!(" at {}:{}", l.file(), l.line()))
                            .unwrap_or_default();
                        let payload = info
                            .payload()
                            .downcast_ref::<&str>()
                            .map(|s| (*s).to_owned())
                            .or_else(|| info.payload().downcast_ref::<String>().cloned())
                            .unwrap_or_default();
                        *slot = format!("panic: {payload}{place}");
                        true
                    }
                    None => false,
                }
            });
            if !caught {
                previous(info);
            }
        }));
    });
    CAUGHT.with(|c| *c.borrow_mut() = Some(String::new()));
    let result = panic::catch_unwind(AssertUnwindSafe(|| target.check(input)));
    let message = CAUGHT.with(|c| c.borrow_mut().take()).unwrap_or_default();
    result.unwrap_or(Err(message))
}

/// The input as text: invalid UTF-8 is replaced, so that byte mutations still reach a parser
/// of text.
#[must_use]
pub fn text(input: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(input)
}

/// A number from the input's bytes, to make a choice that depends on the input alone.
#[must_use]
pub fn input_hash(input: &[u8]) -> u64 {
    // FNV-1a.
    input.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Every target of the rules and the server, in the order `mancala fuzz` runs them.
#[must_use]
pub fn targets() -> Vec<Box<dyn Target>> {
    vec![
        Box::new(rules::Diagram::new()),
        Box::new(rules::MoveTextTarget::new()),
        Box::new(rules::Record::new()),
        Box::new(rules::Names::new()),
        Box::new(server::Protocol::new()),
        Box::new(server::Forms::new()),
        Box::new(server::Figures::new()),
        Box::new(server::Negotiate::new()),
    ]
}
