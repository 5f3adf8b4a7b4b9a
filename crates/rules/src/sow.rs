//! The sowing kernel shared by the relay games: ring steps, the capture off the board (also the
//! sliding game's), and the observer through which one implementation of a move serves both the
//! fast path and the trace.

use crate::trace::Event;
use crate::variants::{End, RunInfo};

/// Receives the events of a move. The fast path uses [`Silent`], whose `ENABLED` is `false`,
/// so the event construction is compiled away; [`crate::Trace`] records them.
pub(crate) trait Observer {
    const ENABLED: bool;
    fn event(&mut self, e: Event);
}

/// An observer that records nothing.
#[derive(Debug)]
pub(crate) struct Silent;

impl Observer for Silent {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl Observer for Vec<Event> {
    const ENABLED: bool = true;
    fn event(&mut self, e: Event) {
        self.push(e);
    }
}

/// The next pit on a ring of `N` pits (`N` a power of two) in the given direction.
#[inline(always)]
pub(crate) const fn step<const N: usize>(r: usize, clockwise: bool) -> usize {
    if clockwise {
        (r + 1) & (N - 1)
    } else {
        (r + N - 1) & (N - 1)
    }
}

/// The pit where a lap of `seeds` seeds lifted from `r` ends.
#[inline(always)]
pub(crate) const fn landing<const N: usize>(r: usize, seeds: usize, clockwise: bool) -> usize {
    if clockwise {
        (r + seeds) & (N - 1)
    } else {
        (r + N * 2 - (seeds & (N - 1))) & (N - 1)
    }
}

/// The limit on laps in one move (docs/rules/bao-la-kiswahili.md R9): a move that would start
/// lap `LAP_LIMIT + 1` is never-ending.
pub const LAP_LIMIT: u32 = 100_000;

/// From which lap on the kernel also runs Brent's cycle finding on lap-start states. Every
/// move that ends has ended long before in all measurements (the longest seen: 456 laps), and
/// the check costs a comparison per lap, so it is kept off the first laps.
pub(crate) const CYCLE_CHECK_FROM: u32 = 64;

/// Brent's cycle finding over lap-start states: constant memory, and it finds a cycle of
/// period λ that starts after μ laps within about μ + 2λ laps.
#[derive(Clone, Debug)]
pub(crate) struct Brent<S> {
    saved: Option<S>,
    power: u32,
    lam: u32,
}

impl<S: PartialEq + Copy> Brent<S> {
    pub(crate) const fn new() -> Self {
        Self {
            saved: None,
            power: 1,
            lam: 0,
        }
    }

    /// Feeds the next state; returns the period once a state repeats.
    pub(crate) fn feed(&mut self, state: S) -> Option<u32> {
        if self.saved == Some(state) {
            return Some(self.lam + 1);
        }
        self.lam += 1;
        if self.saved.is_none() || self.lam == self.power {
            self.saved = Some(state);
            self.power = self.power.saturating_mul(2);
            self.lam = 0;
        }
        None
    }
}

/// Lifts every seed of ring pit `r` into the hand and reports it; returns the seeds lifted.
#[inline(always)]
pub(crate) fn lift<O: Observer>(
    ring: &mut [u8],
    r: usize,
    pit: impl FnOnce() -> crate::Pit,
    obs: &mut O,
) -> u32 {
    let n = ring[r];
    ring[r] = 0;
    if O::ENABLED {
        obs.event(Event::Lift {
            pit: pit(),
            seeds: n,
        });
    }
    u32::from(n)
}

/// H4, S3 (Hawalis, Bao la Kimasai 4x12): the capture that takes seeds off the board: the
/// opponent's front pit facing the mover's front index `x` (on a board `w` wide), with the back
/// pit behind it when occupied. `opp` is the opponent's ring; returns the seeds removed.
#[inline(always)]
pub(crate) fn remove_facing<O: Observer>(
    opp: &mut [u8],
    opponent: crate::Side,
    x: usize,
    w: usize,
    obs: &mut O,
) -> u8 {
    let mut taken = 0;
    for t in [w - 1 - x, w + x] {
        let n = opp[t];
        if n > 0 {
            opp[t] = 0;
            taken += n;
            if O::ENABLED {
                obs.event(Event::Remove {
                    from: crate::Pit::from_ring(opponent, t, w),
                    seeds: n,
                });
            }
        }
    }
    taken
}

/// Counts the laps of one move and finds when it never ends (R9): past the lap limit, or when
/// Brent's cycle finding sees a lap-start state again.
#[derive(Clone, Debug)]
pub(crate) struct LapGuard<S> {
    limit: u32,
    cycle_from: u32,
    /// The first lap count at which either check can fire: `min(limit + 1, cycle_from)`. Below
    /// it a lap costs one comparison.
    quiet_below: u32,
    /// Made when cycle finding starts: kept apart (and out of the way until then), the guard's
    /// other fields stay constants and registers in a move's loop instead of a memory block
    /// set up move by move.
    brent: Option<Box<Brent<S>>>,
}

impl<S: PartialEq + Copy> LapGuard<S> {
    pub(crate) const fn new(limit: u32, cycle_from: u32) -> Self {
        let past_limit = limit.saturating_add(1);
        Self {
            limit,
            cycle_from,
            quiet_below: if past_limit < cycle_from {
                past_limit
            } else {
                cycle_from
            },
            brent: None,
        }
    }

    /// Called as each lap starts: counts it in `info` and returns `true` when the move is
    /// never-ending (`info.end` then says so). `state` is only built once cycle finding runs.
    #[inline(always)]
    pub(crate) fn lap(&mut self, info: &mut RunInfo, state: impl FnOnce() -> S) -> bool {
        info.laps += 1;
        if info.laps < self.quiet_below {
            return false;
        }
        if info.laps > self.limit {
            info.end = End::NeverEnding(None);
            return true;
        }
        if info.laps >= self.cycle_from
            && let Some(period) = self
                .brent
                .get_or_insert_with(|| Box::new(Brent::new()))
                .feed(state())
        {
            info.end = End::NeverEnding(Some(period));
            return true;
        }
        false
    }
}

/// How a move is checked for never ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NeverEndingCheck {
    /// The rule itself: the lap limit (normally [`LAP_LIMIT`]; tests set a small one).
    LapLimit(u32),
    /// Brent's cycle finding on lap-start states from the first lap, with no lap limit.
    CycleFinding,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn landing_matches_stepping() {
        for r in 0..16 {
            for n in 1..40 {
                for cw in [true, false] {
                    let mut x = r;
                    for _ in 0..n {
                        x = step::<16>(x, cw);
                    }
                    assert_eq!(landing::<16>(r, n, cw), x, "r={r} n={n} cw={cw}");
                }
            }
        }
    }

    #[test]
    fn brent_finds_the_period() {
        // A sequence with a tail of 5 and a cycle of 7.
        let seq = |i: u32| if i < 5 { 100 + i } else { (i - 5) % 7 };
        let mut b = Brent::new();
        let mut found = None;
        for i in 0..1000 {
            if let Some(p) = b.feed(seq(i)) {
                found = Some(p);
                break;
            }
        }
        assert_eq!(found, Some(7));
    }
}
