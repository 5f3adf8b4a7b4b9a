//! Omweso (docs/rules/omweso.md): 4x8, relay sowing anticlockwise, with the unified clockwise
//! rule: a lap may run clockwise when its origin is one of the mover's four leftmost pits and
//! the clockwise lap would end in a capture, and the player chooses at each such lap (the move
//! text carries one `c` or `a` per choice). A capture needs both opponent pits of the column;
//! the captured seeds are sown as a new lap from the origin of the capturing lap.
//!
//! A move is the start pit and its list of choices; the legal moves are every form that ends.
//! Forms are enumerated depth first. A form whose lap-start state repeats is never-ending
//! whatever choices follow (decisions.md): repeats at choice points are found by comparing
//! with the choice points of the path so far, repeats between choice points by Brent's cycle
//! finding on the path, and the lap limit bounds every path.

use arrayvec::ArrayVec;

use super::{End, Rules, RunInfo};
use crate::position::{Outcome, PositionError};
use crate::sow::{CYCLE_CHECK_FROM, LapGuard, Observer, Silent, lift};
use crate::trace::{Event, StopReason};
use crate::{BySide, LAP_LIMIT, Move, MoveList, Pit, RuleOption, Setup, Side, Variant};

const W: usize = 8;
const RING: usize = 16;
/// The mover's four leftmost pits: front 1 and 2, back 1 and 2 (O4).
const LEFT: [usize; 4] = [0, 1, RING - 1, RING - 2];
/// Choices one move can carry in its text.
const MAX_CHOICES: usize = 32;
/// Seeds per player.
const SEEDS: u8 = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Omweso {
    pits: [[u8; RING]; 2],
    /// `free_setup`: seeds each player still has to place.
    reserve: [u8; 2],
    turn: Side,
    variant: Variant,
}

/// The start of a lap: where its seeds come from and how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lap {
    origin: usize,
    seeds: u32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    pits: [[u8; RING]; 2],
    origin: u8,
    seeds: u8,
}

/// How the laps of one path went.
#[derive(Clone)]
struct Path {
    info: RunInfo,
    guard: LapGuard<LapState>,
    choice_points: ArrayVec<LapState, MAX_CHOICES>,
    m: Move,
}

const fn step(r: usize, cw: bool) -> usize {
    if cw {
        (r + 1) % RING
    } else {
        (r + RING - 1) % RING
    }
}

impl Omweso {
    fn w(&self) -> usize {
        W
    }

    fn pit(side: Side, r: usize) -> Pit {
        Pit::from_ring(side, r, W)
    }

    fn placing(&self) -> bool {
        self.reserve[self.turn.index()] > 0
    }

    /// Whether a lap from `lap.origin` sown clockwise would end in a capture (O4, O5).
    fn clockwise_captures(&self, lap: Lap) -> bool {
        let s = self.turn.index();
        if !LEFT.contains(&lap.origin) {
            return false;
        }
        let mut own = self.pits[s];
        let mut pos = lap.origin;
        for _ in 0..lap.seeds {
            pos = step(pos, true);
            own[pos] += 1;
        }
        self.captures_at(pos, own[pos])
    }

    /// O5: a lap ending in own front pit `x`, which now holds `count`, captures when `x` was
    /// occupied and both opponent pits of the column hold seeds.
    fn captures_at(&self, x: usize, count: u8) -> bool {
        let o = self.turn.other().index();
        x < W && count > 1 && self.pits[o][W - 1 - x] > 0 && self.pits[o][W + x] > 0
    }

    /// Sows one lap and says how the move goes on: `Some(next lap)` or `None` (it ended).
    fn sow<O: Observer>(&mut self, lap: Lap, cw: bool, obs: &mut O) -> Option<Lap> {
        let side = self.turn;
        let (s, o) = (side.index(), side.other().index());
        let mut pos = lap.origin;
        for _ in 0..lap.seeds {
            pos = step(pos, cw);
            self.pits[s][pos] += 1;
            if O::ENABLED {
                obs.event(Event::Sow {
                    pit: Self::pit(side, pos),
                });
            }
        }
        let x = pos;
        if self.pits[s][x] == 1 {
            if O::ENABLED {
                obs.event(Event::Stop {
                    reason: StopReason::EmptyPit,
                });
            }
            return None;
        }
        if self.captures_at(x, self.pits[s][x]) {
            // O5: both pits of the column; sown on from the capturing lap's origin.
            let mut taken = 0;
            for t in [W - 1 - x, W + x] {
                let n = self.pits[o][t];
                self.pits[o][t] = 0;
                taken += u32::from(n);
                if O::ENABLED {
                    obs.event(Event::Take {
                        from: Self::pit(side.other(), t),
                        seeds: n,
                    });
                }
            }
            return Some(Lap {
                origin: lap.origin,
                seeds: taken,
            });
        }
        // O3: relay from the landing pit.
        let seeds = lift(&mut self.pits[s], x, || Self::pit(side, x), obs);
        Some(Lap { origin: x, seeds })
    }

    fn lap_state(&self, lap: Lap) -> LapState {
        LapState {
            pits: self.pits,
            origin: lap.origin as u8,
            seeds: lap.seeds.min(255) as u8,
        }
    }

    /// Lifts the start pit: the first lap.
    fn lift<O: Observer>(&mut self, pit: Pit, obs: &mut O) -> Lap {
        let r = pit.ring_index(W);
        let s = self.turn.index();
        let seeds = lift(&mut self.pits[s], r, || pit, obs);
        Lap { origin: r, seeds }
    }

    /// O3: the side to move's pits holding two or more seeds, the starts of its moves, in ring
    /// order.
    fn start_pits(&self) -> impl Iterator<Item = Pit> + '_ {
        let side = self.turn;
        self.pits[side.index()]
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n >= 2)
            .map(move |(r, _)| Self::pit(side, r))
    }

    /// Every form of the move from `pit` that ends, depth first; `f` gets each with its result.
    fn forms<F: FnMut(Move, &Self, &RunInfo)>(&self, pit: Pit, f: &mut F) {
        let mut b = *self;
        let lap = b.lift(pit, &mut Silent);
        let path = Path {
            info: RunInfo::new(),
            guard: LapGuard::new(LAP_LIMIT, CYCLE_CHECK_FROM),
            choice_points: ArrayVec::new(),
            m: Move::from_pit(pit),
        };
        b.walk(lap, path, f);
    }

    fn walk<F: FnMut(Move, &Self, &RunInfo)>(mut self, mut lap: Lap, mut path: Path, f: &mut F) {
        loop {
            let state = self.lap_state(lap);
            if path.guard.lap(&mut path.info, || state) {
                return;
            }
            let cw = if self.clockwise_captures(lap) {
                // A choice point: a repeat of an earlier one on this path never ends.
                if path.choice_points.contains(&state) || path.choice_points.is_full() {
                    return;
                }
                path.choice_points.push(state);
                // Try clockwise in a copy of the path; go on anticlockwise here.
                let mut other = path.clone();
                other.m = other.m.with_choice(true);
                let mut b = self;
                if let Some(next) = b.sow(lap, true, &mut Silent) {
                    b.walk(next, other, f);
                } else {
                    b.finish();
                    f(other.m, &b, &other.info);
                }
                path.m = path.m.with_choice(false);
                false
            } else {
                false
            };
            match self.sow(lap, cw, &mut Silent) {
                Some(next) => lap = next,
                None => {
                    self.finish();
                    f(path.m, &self, &path.info);
                    return;
                }
            }
        }
    }

    fn finish(&mut self) {
        self.turn = self.turn.other();
    }
}

impl Rules for Omweso {
    super::four_row_accessors!();

    fn start(variant: Variant) -> Self {
        let mut pits = [[0u8; RING]; 2];
        let mut reserve = [SEEDS; 2];
        if !variant.has(RuleOption::FreeSetup) {
            // O1: four seeds in every back pit.
            for side in &mut pits {
                side[W..].fill(4);
            }
            reserve = [0; 2];
        }
        Self {
            pits,
            reserve,
            turn: Side::South,
            variant,
        }
    }

    fn from_setup(variant: Variant, setup: &Setup) -> Result<Self, PositionError> {
        super::check_shape(variant, setup)?;
        if setup.bao.is_some() {
            return Err(PositionError::Fields("Omweso diagrams have no Bao fields"));
        }
        let mut b = Self::start(variant);
        match (variant.has(RuleOption::FreeSetup), setup.stores) {
            (true, Some(r)) => b.reserve = [r.south, r.north],
            (false, None) => {}
            (true, None) => {
                return Err(PositionError::Fields(
                    "free_setup diagrams end with the seeds to place",
                ));
            }
            (false, Some(_)) => {
                return Err(PositionError::Fields("omweso diagrams have no third field"));
            }
        }
        b.turn = setup.turn;
        b.pits = super::rings_from_setup(setup, W);
        Ok(b)
    }

    fn to_setup(&self) -> Setup {
        Setup {
            stores: self.stores(),
            ..super::setup_from_rings(&self.pits, W, self.turn)
        }
    }

    fn stores(&self) -> Option<BySide<u8>> {
        self.variant
            .has(RuleOption::FreeSetup)
            .then(|| BySide::new(self.reserve[0], self.reserve[1]))
    }

    fn total_seeds(&self) -> u32 {
        super::seeds_with(&self.pits, self.reserve)
    }

    fn state_word(&self) -> u64 {
        super::turn_word(self.turn, self.reserve)
    }

    /// O6: the game ends when the player to move has no legal move.
    fn board_outcome(&self) -> Option<Outcome> {
        None
    }

    fn candidates(&self, out: &mut MoveList) {
        self.legal_with(|m, _, _| {
            let _ = out.try_push(m);
        });
    }

    fn legal_with<F: FnMut(Move, &Self, &RunInfo)>(&self, mut f: F) {
        let side = self.turn;
        if self.placing() {
            // O2 (`free_setup`): one seed from the reserve into any own pit.
            for r in 0..RING {
                let mut b = *self;
                let m = Move::place(Self::pit(side, r));
                let info = b.run(m, LAP_LIMIT, CYCLE_CHECK_FROM, &mut Silent);
                f(m, &b, &info);
            }
            return;
        }
        for pit in self.start_pits() {
            self.forms(pit, &mut f);
        }
    }

    /// [`Self::legal_with`] until the first start pit with a form that ends: the other start
    /// pits' forms are not played.
    fn has_legal_move(&self) -> bool {
        if self.placing() {
            // O2: every placement is a move.
            return true;
        }
        self.start_pits().any(|pit| {
            let mut any = false;
            self.forms(pit, &mut |_, _, _| any = true);
            any
        })
    }

    fn is_candidate(&self, m: Move) -> bool {
        let mut found = false;
        self.legal_with(|x, _, _| found |= x == m);
        found
    }

    /// One pass over the forms with reservoir sampling: the i-th form replaces the kept one
    /// when `pick(i)` is 0, which keeps every form equally likely.
    fn play_random<P: FnMut(usize) -> usize>(&mut self, mut pick: P) -> Option<Move> {
        let mut seen = 0;
        let mut chosen = None;
        self.legal_with(|m, b, _| {
            seen += 1;
            if pick(seen) == 0 {
                chosen = Some((m, *b));
            }
        });
        let (m, b) = chosen?;
        *self = b;
        Some(m)
    }

    /// Plays one form (its choices in order). A form whose choices do not fit the laps, or
    /// that does not end, reports `End::NeverEnding`.
    fn run<O: Observer>(&mut self, m: Move, limit: u32, cycle_from: u32, obs: &mut O) -> RunInfo {
        let mut info = RunInfo::new();
        let side = self.turn;
        if m.is_place() {
            let s = side.index();
            self.reserve[s] = self.reserve[s].saturating_sub(1);
            self.pits[s][m.pit().ring_index(W)] += 1;
            if O::ENABLED {
                obs.event(Event::Place { pit: m.pit() });
            }
            self.finish();
            return info;
        }
        let mut choices = m.choices();
        let mut lap = self.lift(m.pit(), obs);
        let mut guard = LapGuard::new(limit, cycle_from);
        loop {
            if guard.lap(&mut info, || self.lap_state(lap)) {
                return info;
            }
            let cw = if self.clockwise_captures(lap) {
                match choices.next() {
                    Some(c) => c,
                    None => {
                        info.end = End::NeverEnding(None);
                        return info;
                    }
                }
            } else {
                false
            };
            let before = self.pits[side.other().index()];
            match self.sow(lap, cw, obs) {
                Some(next) => {
                    info.capture |= before != self.pits[side.other().index()];
                    lap = next;
                }
                None => break,
            }
        }
        if choices.next().is_some() {
            info.end = End::NeverEnding(None);
            return info;
        }
        self.finish();
        info
    }
}
