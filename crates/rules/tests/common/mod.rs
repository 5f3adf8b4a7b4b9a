//! Support code shared by the oracle tests (`oracle.rs`, `oracle_relay.rs`, `oracle_more.rs`):
//! the random number generator, the shared limits, variant labels, and the driver that plays
//! random games comparing a naive oracle with the library at every position.

use std::fmt::Debug;

use mancala::{Position, Variant};

/// The oracle's lap limit (in `oracle_more.rs`, per path). The rule (decisions.md) is 100,000
/// laps: a move that would start lap 100,001 is never-ending. The naive oracles use a few
/// thousand to stay fast: the longest move that ended, measured over two million random turns,
/// took 456 laps, so a move cut off here is a true cycle in practice (and the library's own
/// cycle finding is asked to confirm it). A move that ends between 5,001 and 100,000 laps would
/// show up as a disagreement, which would itself be news worth reporting.
pub(crate) const ORACLE_LAP_LIMIT: u32 = 5_000;

/// How many disagreements are collected before a test stops looking.
pub(crate) const MAX_FAILURES: usize = 12;

/// A small xorshift generator, seeded per game so that every run plays the same games.
pub(crate) struct XorShift(u64);

impl XorShift {
    pub(crate) fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The variant's name, with its rule options in brackets when it has any.
pub(crate) fn label(v: Variant) -> String {
    let rules = v.rules_text();
    if rules.is_empty() {
        v.to_string()
    } else {
        format!("{v} [{rules}]")
    }
}

/// Plays one random game from `pos`, comparing at every position with `compare` (which records
/// the disagreements it finds in `failures`). Returns the positions and moves compared; stops at
/// the first disagreement of the game.
#[allow(dead_code, reason = "not every oracle test uses this driver")]
pub(crate) fn run_game(
    v: Variant,
    mut pos: Position,
    rng: &mut XorShift,
    max_plies: usize,
    game: &str,
    failures: &mut Vec<String>,
    compare: impl Fn(Variant, &Position, &str, &mut Vec<String>),
) -> (usize, usize) {
    let (mut positions, mut moves) = (0, 0);
    for ply in 0..max_plies {
        let before = failures.len();
        compare(v, &pos, &format!("{game} ply {ply}"), failures);
        positions += 1;
        if failures.len() > before {
            // Positions after a disagreement say little more.
            break;
        }
        let legal = pos.legal_moves();
        moves += legal.len();
        if legal.is_empty() || pos.is_game_over() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        pos = pos.play(m).expect("a legal move plays");
    }
    (positions, moves)
}

/// Plays `games` random games of `v` with `run_game`, game `g` with a generator seeded with
/// `seed_hi << 32 | (g + 1)`; `start` gives each game its starting position and name (it may
/// draw from the game's generator first). Stops once `MAX_FAILURES` disagreements are
/// collected. Returns the positions and moves compared.
#[allow(dead_code, reason = "not every oracle test uses this driver")]
pub(crate) fn play_games(
    v: Variant,
    seed_hi: u64,
    games: u64,
    max_plies: usize,
    failures: &mut Vec<String>,
    mut start: impl FnMut(&mut XorShift, u64) -> (Position, String),
    compare: impl Fn(Variant, &Position, &str, &mut Vec<String>) + Copy,
) -> (usize, usize) {
    let (mut positions, mut moves) = (0, 0);
    for game in 0..games {
        let mut rng = XorShift::new(seed_hi << 32 | (game + 1));
        let (pos, name) = start(&mut rng, game);
        let (p, m) = run_game(v, pos, &mut rng, max_plies, &name, failures, compare);
        positions += p;
        moves += m;
        if failures.len() >= MAX_FAILURES {
            break;
        }
    }
    (positions, moves)
}

/// Plays `setups` random games of each of `variants` from positions made by `random_setup`
/// (variant number `vi` seeds with `vi + 100` as `seed_hi` of `play_games`, the position drawn
/// from the game's own generator), `plies` plies each, comparing at every position. Stops once
/// `MAX_FAILURES` disagreements are collected. Returns the positions and moves compared and the
/// disagreements.
#[allow(dead_code, reason = "not every oracle test uses this driver")]
pub(crate) fn play_random_setups(
    variants: Vec<Variant>,
    setups: u64,
    plies: usize,
    random_setup: impl Fn(Variant, &mut XorShift) -> Position,
    compare: impl Fn(Variant, &Position, &str, &mut Vec<String>) + Copy,
) -> (usize, usize, Vec<String>) {
    let mut failures: Vec<String> = Vec::new();
    let (mut positions, mut moves) = (0, 0);
    for (vi, v) in variants.into_iter().enumerate() {
        let (p, m) = play_games(
            v,
            vi as u64 + 100,
            setups,
            plies,
            &mut failures,
            |rng, game| {
                let pos = random_setup(v, rng);
                let name = format!("{} setup {game} from {}", label(v), pos.diagram());
                (pos, name)
            },
            compare,
        );
        positions += p;
        moves += m;
        if failures.len() >= MAX_FAILURES {
            break;
        }
    }
    (positions, moves, failures)
}

/// Prints the positions and moves compared and the rule coverage `counts`, then fails on any
/// disagreement. Returns `counts`.
#[allow(dead_code, reason = "not every oracle test uses this report")]
pub(crate) fn report<H: Debug>(
    what: &str,
    positions: usize,
    moves: usize,
    counts: impl FnOnce() -> Vec<(H, usize)>,
    failures: &[String],
) -> Vec<(H, usize)> {
    eprintln!("oracle ({what}): {positions} positions, {moves} moves compared");
    let counts = counts();
    eprintln!("oracle rule coverage ({what}): {counts:?}");
    assert!(
        failures.is_empty(),
        "{} disagreement(s) between the oracle and the library:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    counts
}

/// Fails unless every rule of `hits` was exercised at least once according to `counts`.
#[allow(
    dead_code,
    reason = "not every oracle test checks its coverage this way"
)]
pub(crate) fn assert_exercised<H: Copy + Debug + PartialEq>(counts: &[(H, usize)], hits: &[H]) {
    for h in hits {
        assert!(
            counts.iter().any(|&(c, n)| c == *h && n > 0),
            "the random games never exercised {h:?}"
        );
    }
}
