//! Differential test of Hawalis, Hus and Kalah against a deliberately naive reference
//! implementation.
//!
//! The oracle below is written from the rules as stated in the variants research note
//! (`variants-research.md` §0.2 ring, §2 Kalah, §3 Hawalis, §4 Hus) as settled by
//! `decisions.md`, and from `notation.md` for pit names and diagrams; not from the library's
//! source. It works on a `mancala::Setup` (seed counts by side, row and column, and stores),
//! walks seed by seed from pit to pit by explicit (row, column) steps, and applies the lap-end
//! rules in the order the note gives them. It trades speed for being easy to check against
//! the rules text.
//!
//! Geometry (note §0.2, with columns counted from the owner's left as in notation.md): a
//! player sows counter-clockwise on its own two rows, along the back row to its right, then
//! along the front row to its left: for South on 4x8 B1 → B8 → A8 → A1 → B1, for North the
//! same seen from North's seat, b1 → b8 → a8 → a1 → b1. The front pit in column c faces the
//! opponent's front pit in column W+1-c, with the opponent's back pit of that column behind
//! it. Kalah: South sows A1 → A6 → South's store → a1 → a6 → (North's store skipped) → A1,
//! North the mirror image; South's pit `A<k>` faces `a<7-k>`.
//!
//! The tests play many random games (a small xorshift generator seeded per game, so every run
//! is the same) in every Hawalis, Hus and Kalah variant of `Variant::ALL` and, at every
//! position, compare the oracle's legal moves (as move text) with `Position::legal_moves`,
//! for every legal move the oracle's diagram after the move with
//! `Position::play(m)?.diagram()` and its laps with `Position::trace`, and the oracle's
//! outcome with `Position::outcome`. A second test does the same from random positions the
//! rules allow but the start rarely leads to. A failure prints the variant, the diagram and
//! the move, enough to reproduce it with `mancala` alone. A third test checks the note's
//! worked examples against both the oracle and the library.
//!
//! Readings taken where the notes leave a detail open:
//! - Hawalis: "if the player has any hole with 2 or more seeds, they must start from one of
//!   those" is read literally: a player with such a hole may not move a singleton, even when
//!   every move from its 2+ holes is never-ending (then it has no legal move).
//! - Kalah: a game that ends leaves the board as it is (the remaining seeds are counted for
//!   their owner in the outcome, not moved into the stores in the diagram); the side to move
//!   shown is the one that would move next (the mover again after an extra turn).
//! - Hawalis and Hus: a player with no legal move loses (note §3 ambiguity 1 (a), §4 End).

#![allow(
    clippy::unwrap_used,
    clippy::missing_panics_doc,
    reason = "test code: a failed unwrap is a failed test"
)]

mod common;

use std::cell::RefCell;
use std::collections::BTreeMap;

use mancala::{
    BySide, EndReason, Game, NeverEndingCheck, Outcome, Pit, Position, Row, RuleOption, SeedTotal,
    Setup, Side, Variant,
};

use common::{MAX_FAILURES, ORACLE_LAP_LIMIT, XorShift, assert_exercised, label};

/// Random games per variant, and the most plies played in each.
const GAMES_PER_VARIANT: u64 = 200;
const MAX_PLIES: usize = 300;

/// Random positions per variant (not necessarily reachable from the start), and the plies
/// played from each.
const SETUPS_PER_VARIANT: u64 = 200;
const SETUP_PLIES: usize = 30;

// ---------------------------------------------------------------------------------------------
// Rule coverage: which rules the random games exercised.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hit {
    /// A lap ended in an occupied pit and was relayed (Hawalis, Hus).
    Relay,
    /// A lap of at least 2W seeds passed its origin (Hawalis, Hus), or 13+ seeds (Kalah).
    PassesOrigin,
    /// A Hawalis move ended in an own empty front pit facing seeds: the front pit only.
    HawalisCaptureFront,
    /// ... and the back pit behind it too.
    HawalisCaptureBoth,
    /// A Hawalis move ended in an own empty front pit facing an empty pit: no capture.
    HawalisNoCapture,
    /// A Hawalis singleton move (only singletons left).
    Singleton,
    /// A Hawalis singleton refused because its next pit is occupied.
    SingletonRefused,
    /// A Hus capture with the back pit behind taken too.
    HusCaptureBoth,
    /// A Hus capture of the front pit only.
    HusCaptureFront,
    /// A Hus capture refused by `capture_requires_outer` (the lap relays instead).
    HusOuterRequired,
    /// A second capture in one Hus move.
    HusChain,
    /// A candidate move that never ends (left out of the legal moves).
    NeverEnding,
    /// A Kalah move ending in the mover's store.
    ExtraTurn,
    /// A Kalah lap passing the opponent's store (skipped).
    SkipStore,
    /// A Kalah capture with seeds opposite.
    KalahCapture,
    /// A Kalah capture of the lone seed (`empty_capture`).
    KalahEmptyCapture,
    /// A Kalah move ending in an own empty pit opposite an empty pit, without capture.
    KalahNoCapture,
    /// A Kalah game that ended won, or drawn.
    KalahWin,
    KalahDraw,
    /// A Hawalis or Hus player with no legal move.
    NoLegalMove,
}

const ALL_HITS: [Hit; 20] = [
    Hit::Relay,
    Hit::PassesOrigin,
    Hit::HawalisCaptureFront,
    Hit::HawalisCaptureBoth,
    Hit::HawalisNoCapture,
    Hit::Singleton,
    Hit::SingletonRefused,
    Hit::HusCaptureBoth,
    Hit::HusCaptureFront,
    Hit::HusOuterRequired,
    Hit::HusChain,
    Hit::NeverEnding,
    Hit::ExtraTurn,
    Hit::SkipStore,
    Hit::KalahCapture,
    Hit::KalahEmptyCapture,
    Hit::KalahNoCapture,
    Hit::KalahWin,
    Hit::KalahDraw,
    Hit::NoLegalMove,
];

thread_local! {
    static COUNTS: RefCell<[usize; ALL_HITS.len()]> = const { RefCell::new([0; ALL_HITS.len()]) };
}

fn hit(h: Hit) {
    COUNTS.with_borrow_mut(|c| c[h as usize] += 1);
}

// ---------------------------------------------------------------------------------------------
// The rules the oracle knows.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Hawalis,
    Hus,
    Kalah,
}

#[derive(Clone, Copy, Debug)]
struct Rules {
    family: Family,
    /// Pits per row.
    width: u8,
    /// Seeds per pit at the start (Kalah) and the total.
    total: u32,
    /// Hus: `capture_requires_outer`.
    requires_outer: bool,
    /// Kalah: `empty_capture`.
    empty_capture: bool,
}

impl Rules {
    /// The rules of a variant, written out from the research note rather than asked of the
    /// library (the widths and totals of note §1.1).
    fn of(v: Variant) -> Self {
        let (family, width, total) = match v.game() {
            Game::Hawalis => (Family::Hawalis, 7, 56),
            Game::Hawalis4x8 => (Family::Hawalis, 8, 64),
            Game::Hus => (Family::Hus, 8, 48),
            Game::Hus4x12 => (Family::Hus, 12, 72),
            Game::Hus4x16 => (Family::Hus, 16, 96),
            Game::Kalah => (Family::Kalah, 6, 48),
            Game::Kalah6x5 => (Family::Kalah, 6, 60),
            Game::Kalah6x6 => (Family::Kalah, 6, 72),
            other => panic!("not a variant of this oracle: {other:?}"),
        };
        Self {
            family,
            width,
            total,
            requires_outer: v.has(RuleOption::CaptureRequiresOuter),
            empty_capture: v.has(RuleOption::EmptyCapture),
        }
    }

    /// The start position, built from the note: Hawalis 2 in every pit; Hus 2 in every back pit
    /// and in the right half of the front row (from the owner's seat); Kalah total/12 in each
    /// pit, stores empty.
    fn start(self) -> Setup {
        let w = usize::from(self.width);
        let mut s = empty_setup(self);
        for side in Side::ALL {
            for col in 1..=self.width {
                match self.family {
                    Family::Hawalis => {
                        put(&mut s, side, FRONT, col, 2);
                        put(&mut s, side, BACK, col, 2);
                    }
                    Family::Hus => {
                        put(&mut s, side, BACK, col, 2);
                        if usize::from(col) > w / 2 {
                            put(&mut s, side, FRONT, col, 2);
                        }
                    }
                    Family::Kalah => put(&mut s, side, FRONT, col, (self.total / 12) as u8),
                }
            }
        }
        s
    }
}

const FRONT: usize = 0;
const BACK: usize = 1;

fn empty_setup(r: Rules) -> Setup {
    let w = usize::from(r.width);
    let text = match r.family {
        Family::Kalah => format!("{z}/{z} S 0,0", z = vec!["0"; w].join(",")),
        Family::Hawalis => format!("{z}/{z}/{z}/{z} S 0,0", z = vec!["0"; w].join(",")),
        Family::Hus => format!("{z}/{z}/{z}/{z} S", z = vec!["0"; w].join(",")),
    };
    text.parse().expect("an empty board")
}

fn get(s: &Setup, side: Side, row: usize, col: u8) -> u8 {
    s.pits[side][row][usize::from(col) - 1]
}

fn put(s: &mut Setup, side: Side, row: usize, col: u8, n: u8) {
    s.pits[side][row][usize::from(col) - 1] = n;
}

fn add_one(s: &mut Setup, side: Side, row: usize, col: u8) {
    s.pits[side][row][usize::from(col) - 1] += 1;
}

fn name(side: Side, row: usize, col: u8) -> String {
    let letter = match (side, row) {
        (Side::South, FRONT) => 'A',
        (Side::South, _) => 'B',
        (Side::North, FRONT) => 'a',
        (Side::North, _) => 'b',
    };
    format!("{letter}{col}")
}

fn store_add(s: &mut Setup, side: Side, n: u8) {
    let stores = s.stores.as_mut().expect("a stores field");
    stores[side] += n;
}

// ---------------------------------------------------------------------------------------------
// Hawalis and Hus: relay sowing on the mover's own two rows.

/// The next pit counter-clockwise on the owner's two rows (note §0.2), in the owner's columns:
/// along the back row to the right, up into the front row at its right end, along the front row
/// to the left, down into the back row at its left end.
fn ccw(width: u8, row: usize, col: u8) -> (usize, u8) {
    if row == BACK {
        if col < width {
            (BACK, col + 1)
        } else {
            (FRONT, width)
        }
    } else if col > 1 {
        (FRONT, col - 1)
    } else {
        (BACK, 1)
    }
}

/// What one relay move did.
#[derive(Clone, Debug)]
struct Sim {
    after: Setup,
    laps: u32,
    /// Kalah: the last seed fell into the mover's store.
    extra_turn: bool,
}

/// Plays a Hawalis or Hus move from `(row, col)` of the side to move. `None`: never-ending (the
/// oracle's lap limit was reached).
fn relay_move(r: Rules, start: &Setup, row: usize, col: u8) -> Option<Sim> {
    let mut s = *start;
    let me = s.turn;
    let them = me.other();
    let w = r.width;
    let mut at = (row, col);
    let mut hand = get(&s, me, row, col);
    put(&mut s, me, row, col, 0);
    let mut laps = 1;
    let mut captures = 0;
    loop {
        if u32::from(hand) >= 2 * u32::from(w) {
            hit(Hit::PassesOrigin);
        }
        // Sow the lap, one seed a pit; the origin is not skipped.
        while hand > 0 {
            at = ccw(w, at.0, at.1);
            add_one(&mut s, me, at.0, at.1);
            hand -= 1;
        }
        let (lr, lc) = at;
        let landed = get(&s, me, lr, lc);
        let was_empty = landed == 1;
        let facing_col = w + 1 - lc;
        let facing = get(&s, them, FRONT, facing_col);
        let behind = get(&s, them, BACK, facing_col);
        if was_empty {
            // The move ends. Hawalis captures at its end, from an own empty front pit.
            if r.family == Family::Hawalis && lr == FRONT {
                if facing > 0 {
                    put(&mut s, them, FRONT, facing_col, 0);
                    store_add(&mut s, me, facing);
                    if behind > 0 {
                        put(&mut s, them, BACK, facing_col, 0);
                        store_add(&mut s, me, behind);
                        hit(Hit::HawalisCaptureBoth);
                    } else {
                        hit(Hit::HawalisCaptureFront);
                    }
                } else {
                    hit(Hit::HawalisNoCapture);
                }
            }
            break;
        }
        // An occupied pit: Hus captures at an own front pit facing seeds, else relay.
        if laps >= ORACLE_LAP_LIMIT {
            return None;
        }
        laps += 1;
        let hus_capture = r.family == Family::Hus
            && lr == FRONT
            && facing > 0
            && (!r.requires_outer || behind > 0);
        if r.family == Family::Hus && lr == FRONT && facing > 0 && !hus_capture {
            hit(Hit::HusOuterRequired);
        }
        if hus_capture {
            // The facing front pit, the back pit behind it when occupied, and the landing pit's
            // own seeds go into hand and are sown on from the pit after the landing pit.
            hand = facing + behind + landed;
            put(&mut s, them, FRONT, facing_col, 0);
            put(&mut s, them, BACK, facing_col, 0);
            put(&mut s, me, lr, lc, 0);
            hit(if behind > 0 {
                Hit::HusCaptureBoth
            } else {
                Hit::HusCaptureFront
            });
            captures += 1;
            if captures == 2 {
                hit(Hit::HusChain);
            }
        } else {
            hit(Hit::Relay);
            hand = landed;
            put(&mut s, me, lr, lc, 0);
        }
    }
    s.turn = them;
    Some(Sim {
        after: s,
        laps,
        extra_turn: false,
    })
}

/// The start pits a relay player may choose before never-ending moves are left out.
fn relay_candidates(r: Rules, s: &Setup) -> Vec<(usize, u8)> {
    let me = s.turn;
    let mut all = Vec::new();
    for row in [FRONT, BACK] {
        for col in 1..=r.width {
            all.push((row, col));
        }
    }
    let big: Vec<(usize, u8)> = all
        .iter()
        .copied()
        .filter(|&(row, col)| get(s, me, row, col) >= 2)
        .collect();
    if r.family == Family::Hus || !big.is_empty() {
        return big;
    }
    // Hawalis with singletons only: a singleton moves only into an empty next pit.
    all.into_iter()
        .filter(|&(row, col)| get(s, me, row, col) == 1)
        .filter(|&(row, col)| {
            let (nr, nc) = ccw(r.width, row, col);
            let ok = get(s, me, nr, nc) == 0;
            hit(if ok {
                Hit::Singleton
            } else {
                Hit::SingletonRefused
            });
            ok
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Kalah.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spot {
    Pit(Side, u8),
    Store(Side),
}

/// The next place counter-clockwise around the Kalah board: along the owner's row to its right,
/// then the owner's store, then the other side's row from that side's left.
fn kalah_next(p: Spot) -> Spot {
    match p {
        Spot::Pit(side, 6) => Spot::Store(side),
        Spot::Pit(side, c) => Spot::Pit(side, c + 1),
        Spot::Store(side) => Spot::Pit(side.other(), 1),
    }
}

fn kalah_row_empty(s: &Setup, side: Side) -> bool {
    (1..=6).all(|c| get(s, side, FRONT, c) == 0)
}

fn kalah_over(s: &Setup) -> bool {
    kalah_row_empty(s, Side::South) || kalah_row_empty(s, Side::North)
}

fn kalah_move(r: Rules, start: &Setup, col: u8) -> Sim {
    let mut s = *start;
    let me = s.turn;
    let mut hand = get(&s, me, FRONT, col);
    put(&mut s, me, FRONT, col, 0);
    if hand >= 13 {
        hit(Hit::PassesOrigin);
    }
    let mut at = Spot::Pit(me, col);
    while hand > 0 {
        at = kalah_next(at);
        if at == Spot::Store(me.other()) {
            hit(Hit::SkipStore);
            at = kalah_next(at);
        }
        match at {
            Spot::Pit(side, c) => add_one(&mut s, side, FRONT, c),
            Spot::Store(side) => store_add(&mut s, side, 1),
        }
        hand -= 1;
    }
    let mut extra_turn = false;
    match at {
        Spot::Store(_) => {
            extra_turn = true;
            hit(Hit::ExtraTurn);
        }
        Spot::Pit(side, c) if side == me && get(&s, me, FRONT, c) == 1 => {
            let opposite = get(&s, me.other(), FRONT, 7 - c);
            if opposite > 0 || r.empty_capture {
                hit(if opposite > 0 {
                    Hit::KalahCapture
                } else {
                    Hit::KalahEmptyCapture
                });
                put(&mut s, me.other(), FRONT, 7 - c, 0);
                put(&mut s, me, FRONT, c, 0);
                store_add(&mut s, me, opposite + 1);
            } else {
                hit(Hit::KalahNoCapture);
            }
        }
        Spot::Pit(..) => {}
    }
    if !extra_turn {
        s.turn = me.other();
    }
    Sim {
        after: s,
        laps: 1,
        extra_turn,
    }
}

/// Kalah's end (note §2, K1): as soon as either row is empty; each side scores its store and
/// its own remaining pits; more wins, equal draws.
fn kalah_outcome(s: &Setup) -> Option<Outcome> {
    if !kalah_over(s) {
        return None;
    }
    let stores = s.stores.expect("Kalah stores");
    let score = |side: Side| stores[side] + (1..=6).map(|c| get(s, side, FRONT, c)).sum::<u8>();
    let (south, north) = (score(Side::South), score(Side::North));
    let winner = match south.cmp(&north) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    };
    Some(Outcome {
        winner,
        reason: EndReason::SeedsCounted { south, north },
    })
}

// ---------------------------------------------------------------------------------------------
// Legal moves and outcome, all families.

/// The legal moves by move text, with their results; and the candidates that never end.
fn legal(r: Rules, s: &Setup) -> (BTreeMap<String, Sim>, Vec<String>) {
    let me = s.turn;
    let mut out = BTreeMap::new();
    let mut never = Vec::new();
    match r.family {
        Family::Kalah => {
            if !kalah_over(s) {
                for col in 1..=6 {
                    if get(s, me, FRONT, col) > 0 {
                        out.insert(name(me, FRONT, col), kalah_move(r, s, col));
                    }
                }
            }
        }
        Family::Hawalis | Family::Hus => {
            for (row, col) in relay_candidates(r, s) {
                match relay_move(r, s, row, col) {
                    Some(sim) => {
                        out.insert(name(me, row, col), sim);
                    }
                    None => {
                        hit(Hit::NeverEnding);
                        never.push(name(me, row, col));
                    }
                }
            }
        }
    }
    (out, never)
}

fn outcome(r: Rules, s: &Setup, legal: &BTreeMap<String, Sim>) -> Option<Outcome> {
    match r.family {
        Family::Kalah => {
            let o = kalah_outcome(s);
            if let Some(o) = o {
                hit(if o.winner.is_some() {
                    Hit::KalahWin
                } else {
                    Hit::KalahDraw
                });
            }
            o
        }
        Family::Hawalis | Family::Hus => legal.is_empty().then(|| {
            hit(Hit::NoLegalMove);
            Outcome {
                winner: Some(s.turn.other()),
                reason: EndReason::NoLegalMove,
            }
        }),
    }
}

// ---------------------------------------------------------------------------------------------
// The differential test.

fn variants() -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|v| {
            matches!(
                v.game(),
                Game::Hawalis
                    | Game::Hawalis4x8
                    | Game::Hus
                    | Game::Hus4x12
                    | Game::Hus4x16
                    | Game::Kalah
                    | Game::Kalah6x5
                    | Game::Kalah6x6
            )
        })
        .collect()
}

/// Compares oracle and library at one position; records the disagreements found.
fn compare(v: Variant, pos: &Position, where_: &str, failures: &mut Vec<String>) {
    let r = Rules::of(v);
    let setup = pos.to_setup();
    let (ours, never) = legal(r, &setup);
    let fail = |failures: &mut Vec<String>, what: &str, detail: String| {
        failures.push(format!(
            "{where_}: {what}\n  variant: {}\n  diagram: {}\n{detail}",
            label(v),
            pos.diagram()
        ));
    };
    // A candidate the oracle found never-ending is never-ending for the library too, by the
    // same lap limit and by cycle finding.
    for text in &never {
        let m = mancala::Move::from_pit(text.parse().unwrap());
        let by_limit = pos.never_ending(m, NeverEndingCheck::LapLimit(ORACLE_LAP_LIMIT));
        let by_cycle = pos.never_ending(m, NeverEndingCheck::CycleFinding);
        if !matches!(by_limit, Ok(Some(_))) || !matches!(by_cycle, Ok(Some(_))) {
            fail(
                failures,
                "never-ending verdicts differ",
                format!(
                    "  move:    {text}\n  oracle:  never-ending after {ORACLE_LAP_LIMIT} laps\n  library: lap limit {by_limit:?}, cycle finding {by_cycle:?}"
                ),
            );
        }
    }
    let theirs = pos.legal_moves();
    let mut theirs_text: Vec<String> = theirs.iter().map(ToString::to_string).collect();
    theirs_text.sort();
    let ours_text: Vec<String> = ours.keys().cloned().collect();
    if ours_text != theirs_text {
        fail(
            failures,
            "legal moves differ",
            format!(
                "  oracle:  {}\n  library: {}",
                ours_text.join(" "),
                theirs_text.join(" ")
            ),
        );
    }
    let want = outcome(r, &setup, &ours);
    let got = pos.outcome();
    if want != got {
        fail(
            failures,
            "outcomes differ",
            format!("  oracle:  {want:?}\n  library: {got:?}"),
        );
    }
    for m in theirs {
        let text = m.to_string();
        let Some(sim) = ours.get(&text) else { continue };
        let expected = sim.after.to_string();
        let trace = match pos.trace(m) {
            Ok(t) => t,
            Err(e) => {
                fail(
                    failures,
                    "trace refused",
                    format!("  move:    {text}\n  {e}"),
                );
                continue;
            }
        };
        let got = match pos.play(m) {
            Ok(p) => p.diagram(),
            Err(e) => format!("play failed: {e}"),
        };
        if expected != got || trace.result().diagram() != got {
            fail(
                failures,
                "results differ",
                format!(
                    "  move:    {text}\n  oracle:  {expected}{}\n  library: {got}",
                    if sim.extra_turn { " (extra turn)" } else { "" }
                ),
            );
        } else if trace.laps() != sim.laps {
            fail(
                failures,
                "laps differ",
                format!(
                    "  move:    {text}\n  oracle:  {} laps\n  library: {} laps",
                    sim.laps,
                    trace.laps()
                ),
            );
        }
    }
}

/// The rule coverage counted so far on this thread.
fn coverage() -> Vec<(Hit, usize)> {
    COUNTS.with_borrow(|c| ALL_HITS.iter().map(|&h| (h, c[h as usize])).collect())
}

/// Random games of the variants of one family, from the start.
fn games_of(family: Family) -> Vec<(Hit, usize)> {
    let mut failures: Vec<String> = Vec::new();
    let (mut positions, mut moves) = (0, 0);
    for (vi, v) in variants().into_iter().enumerate() {
        let r = Rules::of(v);
        if r.family != family {
            continue;
        }
        // The start is the note's.
        let start = Position::new(v);
        assert_eq!(start.to_setup(), r.start(), "{}: start position", label(v));
        assert_eq!(start.total_seeds(), r.total, "{}: seeds", label(v));
        let (p, m) = common::play_games(
            v,
            vi as u64,
            GAMES_PER_VARIANT,
            MAX_PLIES,
            &mut failures,
            |_, game| (start, format!("{} game {game}", label(v))),
            compare,
        );
        positions += p;
        moves += m;
        if failures.len() >= MAX_FAILURES {
            break;
        }
    }
    common::report(
        &format!("{family:?} games from the start"),
        positions,
        moves,
        coverage,
        &failures,
    )
}

#[test]
fn oracle_agrees_on_hawalis_games() {
    let counts = games_of(Family::Hawalis);
    assert_exercised(
        &counts,
        &[
            Hit::Relay,
            Hit::HawalisCaptureFront,
            Hit::HawalisCaptureBoth,
            Hit::HawalisNoCapture,
            Hit::Singleton,
            Hit::SingletonRefused,
            Hit::NoLegalMove,
        ],
    );
}

#[test]
fn oracle_agrees_on_hus_games() {
    let counts = games_of(Family::Hus);
    assert_exercised(
        &counts,
        &[
            Hit::Relay,
            Hit::HusCaptureBoth,
            Hit::HusCaptureFront,
            Hit::HusOuterRequired,
            Hit::HusChain,
        ],
    );
}

#[test]
fn oracle_agrees_on_kalah_games() {
    let counts = games_of(Family::Kalah);
    assert_exercised(
        &counts,
        &[
            Hit::ExtraTurn,
            Hit::SkipStore,
            Hit::PassesOrigin,
            Hit::KalahCapture,
            Hit::KalahEmptyCapture,
            Hit::KalahNoCapture,
            Hit::KalahWin,
            Hit::KalahDraw,
        ],
    );
}

/// A random position the rules allow, though not necessarily reachable from the start: seeds
/// spread over a random subset of pits (so empty pits, singletons and big pits all occur),
/// either side to move, often a sparse board (endgames: Hawalis singletons, Kalah rows about to
/// empty). Hawalis: each side keeps some of its 4W seeds on its own side, the rest are the
/// other side's captures (seeds never cross sides). Hus: all seeds on the board, on either side.
/// Kalah: a random share already in the stores.
fn random_setup(v: Variant, rng: &mut XorShift) -> Position {
    let r = Rules::of(v);
    let mut s = empty_setup(r);
    s.turn = if rng.below(2) == 0 {
        Side::South
    } else {
        Side::North
    };
    let rows: &[usize] = if r.family == Family::Kalah {
        &[FRONT]
    } else {
        &[FRONT, BACK]
    };
    let sparse = rng.below(3) == 0;
    let spots = |side: Option<Side>, rng: &mut XorShift| {
        let mut v: Vec<(Side, usize, u8)> = Vec::new();
        for sd in Side::ALL {
            if side.is_some_and(|x| x != sd) {
                continue;
            }
            for &row in rows {
                for col in 1..=r.width {
                    if rng.below(3) != 0 {
                        v.push((sd, row, col));
                    }
                }
            }
        }
        if v.is_empty() {
            v.push((side.unwrap_or(Side::South), FRONT, 1));
        }
        v
    };
    let fill = |s: &mut Setup, n: u32, spots: &[(Side, usize, u8)], rng: &mut XorShift| {
        for _ in 0..n {
            let (side, row, col) = spots[rng.below(spots.len())];
            add_one(s, side, row, col);
        }
    };
    match r.family {
        Family::Hawalis => {
            let own = r.total / 2;
            let mut stores = BySide::new(0u8, 0u8);
            for side in Side::ALL {
                let n = if sparse {
                    rng.below(8) as u32
                } else {
                    rng.below(own as usize + 1) as u32
                };
                let sp = spots(Some(side), rng);
                fill(&mut s, n, &sp, rng);
                stores[side.other()] = (own - n) as u8;
            }
            s.stores = Some(stores);
        }
        Family::Hus => {
            let sp = spots(None, rng);
            fill(&mut s, r.total, &sp, rng);
        }
        Family::Kalah => {
            let on_board = if sparse {
                rng.below(10) as u32 + 1
            } else {
                rng.below(r.total as usize) as u32 + 1
            };
            let stored = r.total - on_board;
            let south = rng.below(stored as usize + 1) as u32;
            s.stores = Some(BySide::new(south as u8, (stored - south) as u8));
            let sp = spots(None, rng);
            fill(&mut s, on_board, &sp, rng);
        }
    }
    Position::from_setup(v, &s, SeedTotal::Exact)
        .unwrap_or_else(|e| panic!("{}: random setup {s} refused: {e}", label(v)))
}

#[test]
fn oracle_agrees_from_random_setups() {
    let (positions, moves, failures) = common::play_random_setups(
        variants(),
        SETUPS_PER_VARIANT,
        SETUP_PLIES,
        random_setup,
        compare,
    );
    common::report("random setups", positions, moves, coverage, &failures);
}

// ---------------------------------------------------------------------------------------------
// The research note's worked examples, against the oracle and the library.

fn variant(slug: &str, rules: &str) -> Variant {
    slug.parse::<Variant>().unwrap().with_rules(rules).unwrap()
}

fn position(v: Variant, diagram: &str) -> Position {
    let setup: Setup = diagram.parse().unwrap();
    Position::from_setup(v, &setup, SeedTotal::AllowPartial)
        .unwrap_or_else(|e| panic!("{diagram}: {e}"))
}

/// Checks one move of a worked example against the oracle and the library: the legal moves
/// (when given), the result diagram and the laps (when given).
fn check_example(
    v: Variant,
    before: &str,
    legal_moves: Option<&[&str]>,
    mv: &str,
    after: &str,
    laps: Option<u32>,
) -> Position {
    let r = Rules::of(v);
    let pos = position(v, before);
    assert_eq!(pos.diagram(), before);
    let (ours, _) = legal(r, &pos.to_setup());
    if let Some(want) = legal_moves {
        let mut want: Vec<String> = want.iter().map(|s| (*s).to_owned()).collect();
        want.sort();
        let ours_text: Vec<String> = ours.keys().cloned().collect();
        assert_eq!(ours_text, want, "oracle's legal moves in {before}");
        let mut theirs: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        theirs.sort();
        assert_eq!(theirs, want, "library's legal moves in {before}");
    }
    let sim = ours
        .get(mv)
        .unwrap_or_else(|| panic!("oracle: {mv} not legal in {before}"));
    assert_eq!(sim.after.to_string(), after, "oracle: {mv} in {before}");
    let m = pos
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("library: {mv} in {before}: {e}"));
    let next = pos.play(m).unwrap();
    assert_eq!(next.diagram(), after, "library: {mv} in {before}");
    if let Some(laps) = laps {
        assert_eq!(sim.laps, laps, "oracle's laps: {mv} in {before}");
        assert_eq!(
            pos.trace(m).unwrap().laps(),
            laps,
            "library's laps: {mv} in {before}"
        );
    }
    next
}

/// §3 worked example 1 (4x7): South's opening from S-inner c7 (= A7) relays five laps and
/// captures N-inner c7 + N-outer c7 (= a1, b1, 2 + 2); from S-outer c1 (= B1) it ends in B1
/// without capture. Every inner opening captures 4 in 5 laps; no outer opening captures.
#[test]
fn hawalis_openings() {
    let v = variant("hawalis", "");
    let start = "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 S 0,0";
    let all: Vec<String> = (1..=7)
        .flat_map(|c| [format!("A{c}"), format!("B{c}")])
        .collect();
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    check_example(
        v,
        start,
        Some(&all),
        "A7",
        "2,2,2,2,2,2,0/2,2,2,2,2,2,0/3,0,3,3,0,3,1/3,0,3,3,0,3,3 N 4,0",
        Some(5),
    );
    check_example(
        v,
        start,
        None,
        "B1",
        "2,2,2,2,2,2,2/2,2,2,2,2,2,2/3,3,0,3,3,0,3/1,3,0,3,3,0,3 N 0,0",
        None,
    );
    let pos = position(v, start);
    let (ours, _) = legal(Rules::of(v), &pos.to_setup());
    for m in pos.legal_moves() {
        let text = m.to_string();
        let next = pos.play(m).unwrap();
        let sim = &ours[&text];
        assert_eq!(sim.after.to_string(), next.diagram(), "{text}");
        let captured = next.store(Side::South).unwrap();
        if m.pit().row() == Row::Front {
            assert_eq!(captured, 4, "{text}");
            assert_eq!(pos.trace(m).unwrap().laps(), 5, "{text}");
            assert_eq!(sim.laps, 5, "{text}");
        } else {
            assert_eq!(captured, 0, "{text}");
        }
    }
}

/// §3 worked example 2: South has only S-inner c3 = 1 and c4 = 1 (A3, A4); North has N-inner
/// c2 = 3 (a6), N-outer c2 = 0 (b6). A4's next pit A3 is occupied, so only A3 moves: into the
/// empty A2, capturing a6's 3 seeds and nothing behind. North is then left without seeds and
/// loses (it has no legal move).
#[test]
fn hawalis_singletons() {
    let v = variant("hawalis", "");
    let next = check_example(
        v,
        "0,0,0,0,0,0,0/0,3,0,0,0,0,0/0,0,1,1,0,0,0/0,0,0,0,0,0,0 S 0,0",
        Some(&["A3"]),
        "A3",
        "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,1,0,1,0,0,0/0,0,0,0,0,0,0 N 3,0",
        Some(1),
    );
    let o = next.outcome().unwrap();
    assert_eq!(o.winner, Some(Side::South));
    assert_eq!(o.reason, EndReason::NoLegalMove);
    // The same with a singleton whose next pit is free, and a 2 on the board: the 2 must move.
    check_example(
        v,
        "0,0,0,0,0,0,0/0,3,0,0,0,0,0/0,0,1,0,0,0,0/0,2,0,0,0,0,0 S 0,0",
        Some(&["B2"]),
        "B2",
        "0,0,0,0,0,0,0/0,3,0,0,0,0,0/0,0,1,0,0,0,0/0,0,1,1,0,0,0 N 0,0",
        Some(1),
    );
}

/// §4 worked example 1 (4x8): none of South's 12 openings captures, and the laps per start are
/// B1 5; B2-B4 4; B5-B7 3; B8, A8, A7 2; A6, A5 1.
#[test]
fn hus_openings() {
    let v = variant("hus", "");
    let pos = Position::new(v);
    assert_eq!(
        pos.diagram(),
        "2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0/0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2 S"
    );
    let laps: [(&str, u32); 12] = [
        ("B1", 5),
        ("B2", 4),
        ("B3", 4),
        ("B4", 4),
        ("B5", 3),
        ("B6", 3),
        ("B7", 3),
        ("B8", 2),
        ("A8", 2),
        ("A7", 2),
        ("A6", 1),
        ("A5", 1),
    ];
    let (ours, _) = legal(Rules::of(v), &pos.to_setup());
    let mut want: Vec<&str> = laps.iter().map(|(m, _)| *m).collect();
    want.sort_unstable();
    assert_eq!(ours.keys().map(String::as_str).collect::<Vec<_>>(), want);
    let mut theirs: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    theirs.sort();
    assert_eq!(theirs, want);
    for (mv, n) in laps {
        let m = pos.parse_move(mv).unwrap();
        let t = pos.trace(m).unwrap();
        assert_eq!(ours[mv].laps, n, "oracle: {mv}");
        assert_eq!(t.laps(), n, "library: {mv}");
        assert!(!t.is_capture(), "library: {mv} captures");
        assert_eq!(ours[mv].after.to_string(), t.result().diagram(), "{mv}");
        // No capture: North's seeds are untouched.
        for col in 1..=8 {
            for row in [Row::Front, Row::Back] {
                let p = Pit::new(Side::North, row, col).unwrap();
                assert_eq!(t.result().seeds(p), pos.seeds(p), "{mv}: {p}");
            }
        }
    }
}

/// §4 worked example 2 (4x8): South plays S-inner c5 (A5): A4, then A3 (occupied, facing
/// N-inner c3 = a6 with 2, N-outer c3 = b6 with 3 behind): 2 + 3 + A3's own 2 = 7 are sown on
/// from A2: A2, A1, B1..B5, ending in the empty B5. Both holes are occupied, so
/// `capture_requires_outer` gives the same. With b6 empty, the option makes A3 relay instead.
#[test]
fn hus_capture() {
    let before = "0,0,3,0,0,0,2,0/0,0,2,0,0,0,0,0/0,0,1,0,2,0,0,0/0,0,0,0,0,0,0,0 S";
    let after = "0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0/1,1,0,1,0,0,0,0/1,1,1,1,1,0,0,0 N";
    for rules in ["", "capture_requires_outer"] {
        check_example(
            variant("hus", rules),
            before,
            Some(&["A5"]),
            "A5",
            after,
            Some(2),
        );
    }
    // Derived here, not in the note: b6 empty. By default a6's 2 and A3's 2 are sown from A2:
    // A2, A1, B1, B2 (empty: end).
    let before = "0,0,0,0,0,0,2,0/0,0,2,0,0,0,0,0/0,0,1,0,2,0,0,0/0,0,0,0,0,0,0,0 S";
    check_example(
        variant("hus", ""),
        before,
        Some(&["A5"]),
        "A5",
        "0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0/1,1,0,1,0,0,0,0/1,1,0,0,0,0,0,0 N",
        Some(2),
    );
    // With `capture_requires_outer` A3 (2) relays instead: A2, A1 (empty: end).
    check_example(
        variant("hus", "capture_requires_outer"),
        before,
        Some(&["A5"]),
        "A5",
        "0,0,0,0,0,0,2,0/0,0,2,0,0,0,0,0/1,1,0,1,0,0,0,0/0,0,0,0,0,0,0,0 N",
        Some(2),
    );
}

/// §2 worked examples 1-3 (Kalah(6,4)). The note's pit k (South) is `A<k>`; North's printed
/// columns 1..6 are a6..a1 (pits 13..8).
#[test]
fn kalah_examples() {
    let v = variant("kalah", "");
    // 1. South plays pit 3: A4, A5, A6, store: an extra turn.
    let next = check_example(
        v,
        "4,4,4,4,4,4/4,4,4,4,4,4 S 0,0",
        Some(&["A1", "A2", "A3", "A4", "A5", "A6"]),
        "A3",
        "4,4,4,4,4,4/4,4,0,5,5,5 S 1,0",
        Some(1),
    );
    assert_eq!(next.turn(), Side::South);
    assert!(next.outcome().is_none());
    let mut again: Vec<String> = next.legal_moves().iter().map(ToString::to_string).collect();
    again.sort();
    assert_eq!(again, ["A1", "A2", "A4", "A5", "A6"]);
    // 2. Capture: South plays pit 1: A2, A3 (empty; opposite pit 11 = a4 holds 6): 6 + 1 = 7
    // to South's store.
    let next = check_example(
        v,
        "1,0,6,0,0,2/2,0,0,1,0,0 S 19,17",
        Some(&["A1", "A4"]),
        "A1",
        "1,0,0,0,0,2/0,1,0,1,0,0 N 26,17",
        Some(1),
    );
    assert!(next.outcome().is_none());
    // 3. The end rule (K1): South plays pit 6: its store, then a1. South's row is empty: the
    // game ends, North banks 3 + 1 + 1 and wins 27-21.
    let next = check_example(
        v,
        "3,0,0,0,1,0/0,0,0,0,0,2 S 20,22",
        Some(&["A6"]),
        "A6",
        "3,0,0,0,1,1/0,0,0,0,0,0 N 21,22",
        Some(1),
    );
    let want = Outcome {
        winner: Some(Side::North),
        reason: EndReason::SeedsCounted {
            south: 21,
            north: 27,
        },
    };
    assert_eq!(kalah_outcome(&next.to_setup()), Some(want));
    assert_eq!(next.outcome(), Some(want));
    assert!(next.legal_moves().is_empty());
    // `empty_capture` (derived here): South's A1 (1) into the empty A2 facing the empty a5.
    // By default nothing happens; with the option the lone seed goes to the store.
    let before = "1,0,1,0,0,1/1,0,0,0,0,1 S 20,23";
    check_example(
        v,
        before,
        Some(&["A1", "A6"]),
        "A1",
        "1,0,1,0,0,1/0,1,0,0,0,1 N 20,23",
        Some(1),
    );
    check_example(
        variant("kalah", "empty_capture"),
        before,
        Some(&["A1", "A6"]),
        "A1",
        "1,0,1,0,0,1/0,0,0,0,0,1 N 21,23",
        Some(1),
    );
}

/// The never-ending relay of note §1.3 C1: the 16-pit ring [3,0,1,2,0,2,1,0,3,4,1,0,3,4,3,4]
/// (ring index k < 8 is back pit k+1, 8 + j is front pit 8-j) started at index 3 (B4) never
/// ends; with North's front row empty no capture can break the cycle. In Hawalis 4x8 and Hus
/// B4 is a candidate but not a legal move.
#[test]
fn never_ending_relay() {
    let before = "0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0/4,3,4,3,0,1,4,3/3,0,1,2,0,2,1,0";
    for (slug, fields) in [("hawalis-4x8", " S 0,0"), ("hus", " S")] {
        let v = variant(slug, "");
        let diagram = format!("{before}{fields}");
        let pos = position(v, &diagram);
        let r = Rules::of(v);
        assert!(
            relay_move(r, &pos.to_setup(), BACK, 4).is_none(),
            "oracle: B4 ends in {diagram}"
        );
        let m = mancala::Move::from_pit("B4".parse().unwrap());
        assert!(!pos.is_legal(m), "library: B4 legal in {diagram}");
        assert!(
            matches!(pos.never_ending(m, NeverEndingCheck::CycleFinding), Ok(Some(p)) if p > 0),
            "library: B4 not found cycling in {diagram}"
        );
        let mut failures = Vec::new();
        compare(v, &pos, slug, &mut failures);
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }
}

/// The literal reading of Hawalis's singleton rule (module docs): South's only pit with 2 or
/// more seeds is A1 (17), whose move never ends; the singletons A4, A6, A8, B3, B5, B7 have an
/// empty next pit, but a pit with 2 or more exists, so South has no legal move and loses.
/// (Found by a search for such positions; the library reads the rule the same way.)
#[test]
fn hawalis_singletons_behind_a_never_ending_pit() {
    let v = variant("hawalis-4x8", "");
    let d = "0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0/17,1,0,1,0,1,0,1/1,0,1,0,1,0,1,0 S 31,7";
    let pos = position(v, d);
    let r = Rules::of(v);
    assert!(
        relay_move(r, &pos.to_setup(), FRONT, 1).is_none(),
        "oracle: A1 ends"
    );
    let (ours, never) = legal(r, &pos.to_setup());
    assert!(
        ours.is_empty() && never == ["A1"],
        "oracle: {:?} {never:?}",
        ours.keys()
    );
    assert!(
        pos.legal_moves().is_empty(),
        "library: {:?}",
        pos.legal_moves()
    );
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(Side::North),
            reason: EndReason::NoLegalMove
        })
    );
    let mut failures = Vec::new();
    compare(v, &pos, "singletons", &mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
