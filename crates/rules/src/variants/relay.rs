//! The four-row relay games whose direction is fixed: Hawalis / Bao Kiarabu
//! (docs/rules/hawalis.md) and Hus (docs/rules/hus.md). Both sow anticlockwise (the variants'
//! "counter-clockwise": B1 → BW → AW → A1 → B1) on the mover's ring of 2W pits, relay from an
//! occupied pit and end in an empty one; they differ in the starts they allow and the capture.
//!
//! Ring index as everywhere: front pit `c` is `c - 1`, back pit `c` is `2W - c`. Front index `r`
//! faces the opponent's front index `W - 1 - r`, whose back pit behind it is index `W + r`.

use super::{End, Rules, RunInfo};
use crate::position::{Outcome, PositionError};
use crate::sow::{Brent, Observer};
use crate::trace::{Event, StopReason};
use crate::variant::Family;
use crate::{BySide, MAX_WIDTH, Move, MoveList, Pit, Row, RuleOption, Setup, Side, Variant};

const MAX_RING: usize = 2 * MAX_WIDTH;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Relay {
    pits: [[u8; MAX_RING]; 2],
    /// Hawalis: seeds each side has captured (removed from the board).
    captured: [u8; 2],
    turn: Side,
    width: u8,
    variant: Variant,
}

/// The state at the start of a lap, for cycle finding.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    pits: [[u8; MAX_RING]; 2],
    pos: u8,
    seeds: u8,
}

impl Relay {
    fn w(&self) -> usize {
        usize::from(self.width)
    }

    fn ring(&self) -> usize {
        2 * self.w()
    }

    fn is_hus(&self) -> bool {
        self.variant.game().family() == Family::Hus
    }

    /// The next pit anticlockwise.
    fn next(&self, r: usize) -> usize {
        if r == 0 { self.ring() - 1 } else { r - 1 }
    }

    fn pit(&self, side: Side, r: usize) -> Pit {
        Pit::from_ring(side, r, self.w())
    }
}

impl Rules for Relay {
    fn start(variant: Variant) -> Self {
        let w = variant.width();
        let mut pits = [[0u8; MAX_RING]; 2];
        for side in &mut pits {
            if variant.game().family() == Family::Hus {
                // Hus: 2 in every back pit and in the right half of the front row.
                for (r, n) in side.iter_mut().enumerate().take(2 * w) {
                    if r >= w / 2 {
                        *n = 2;
                    }
                }
            } else {
                // Hawalis: 2 in every pit.
                side[..2 * w].fill(2);
            }
        }
        Self {
            pits,
            captured: [0; 2],
            turn: Side::South,
            width: w as u8,
            variant,
        }
    }

    fn from_setup(variant: Variant, setup: &Setup) -> Result<Self, PositionError> {
        super::check_shape(variant, setup)?;
        if setup.bao.is_some() {
            return Err(PositionError::Fields(
                "this variant's diagrams have no Bao fields",
            ));
        }
        let mut b = Self::start(variant);
        match (variant.game().family(), setup.stores) {
            (Family::Hawalis, Some(c)) => b.captured = [c.south, c.north],
            (Family::Hawalis, None) => {
                return Err(PositionError::Fields("expected the captured-seeds field"));
            }
            (_, Some(_)) => return Err(PositionError::Fields("Hus diagrams have no stores field")),
            (_, None) => {}
        }
        b.turn = setup.turn;
        for side in Side::ALL {
            for r in 0..b.ring() {
                b.pits[side.index()][r] = setup.seeds(b.pit(side, r));
            }
        }
        Ok(b)
    }

    fn to_setup(&self) -> Setup {
        let mut pits = BySide::new([[0u8; MAX_WIDTH]; 2], [[0u8; MAX_WIDTH]; 2]);
        for side in Side::ALL {
            for r in 0..self.ring() {
                let pit = self.pit(side, r);
                let row = usize::from(pit.row() == Row::Back);
                pits[side][row][usize::from(pit.col()) - 1] = self.pits[side.index()][r];
            }
        }
        let stores = (!self.is_hus()).then(|| BySide::new(self.captured[0], self.captured[1]));
        Setup {
            width: self.width,
            rows: 4,
            pits,
            turn: self.turn,
            stores,
            bao: None,
        }
    }

    fn variant(&self) -> Variant {
        self.variant
    }

    fn turn(&self) -> Side {
        self.turn
    }

    fn seeds(&self, pit: Pit) -> u8 {
        if usize::from(pit.col()) > self.w() {
            return 0;
        }
        self.pits[pit.side().index()][pit.ring_index(self.w())]
    }

    fn total_seeds(&self) -> u32 {
        let board: u32 = self.pits.iter().flatten().map(|&n| u32::from(n)).sum();
        board + u32::from(self.captured[0]) + u32::from(self.captured[1])
    }

    fn pit_counts(&self) -> &[u8] {
        self.pits.as_flattened()
    }

    fn state_word(&self) -> u64 {
        self.turn.index() as u64
            | u64::from(self.captured[0]) << 8
            | u64::from(self.captured[1]) << 16
    }

    /// Both games end only when the side to move has no legal move (H5, U5).
    fn board_outcome(&self) -> Option<Outcome> {
        None
    }

    fn candidates(&self, out: &mut MoveList) {
        let s = self.turn.index();
        let own = &self.pits[s];
        let ring = self.ring();
        let before = out.len();
        // H2, U2: start from a pit with two or more seeds.
        for (r, &n) in own.iter().enumerate().take(ring) {
            if n >= 2 {
                out.push(Move::from_pit(self.pit(self.turn, r)));
            }
        }
        // H2: Hawalis only, with no such pit: a singleton into an empty next pit.
        if out.len() == before && !self.is_hus() {
            for (r, &n) in own.iter().enumerate().take(ring) {
                if n == 1 && own[self.next(r)] == 0 {
                    out.push(Move::from_pit(self.pit(self.turn, r)));
                }
            }
        }
    }

    fn run<O: Observer>(&mut self, m: Move, limit: u32, cycle_from: u32, obs: &mut O) -> RunInfo {
        let side = self.turn;
        let s = side.index();
        let o = 1 - s;
        let w = self.w();
        let hus = self.is_hus();
        let needs_outer = self.variant.has(RuleOption::CaptureRequiresOuter);
        let mut info = RunInfo::new();
        let p = m.pit().ring_index(w);
        let mut seeds = u32::from(self.pits[s][p]);
        self.pits[s][p] = 0;
        if O::ENABLED {
            obs.event(Event::Lift {
                pit: m.pit(),
                seeds: seeds as u8,
            });
        }
        let mut pos = self.next(p);
        let mut brent: Brent<LapState> = Brent::new();
        loop {
            info.laps += 1;
            if info.laps > limit {
                info.end = End::NeverEnding(None);
                return info;
            }
            if info.laps >= cycle_from {
                let state = LapState {
                    pits: self.pits,
                    pos: pos as u8,
                    seeds: seeds as u8,
                };
                if let Some(period) = brent.feed(state) {
                    info.end = End::NeverEnding(Some(period));
                    return info;
                }
            }
            // One seed per pit, anticlockwise.
            loop {
                self.pits[s][pos] += 1;
                if O::ENABLED {
                    obs.event(Event::Sow {
                        pit: self.pit(side, pos),
                    });
                }
                seeds -= 1;
                if seeds == 0 {
                    break;
                }
                pos = self.next(pos);
            }
            let x = pos;
            let facing = w - 1 - x.min(w - 1);
            let behind = w + x.min(w - 1);
            if self.pits[s][x] == 1 {
                // H4: the move ends in an empty pit; in the front row it captures the facing
                // front pit, with the back pit behind it when that is occupied.
                if !hus && x < w && self.pits[o][facing] > 0 {
                    let mut taken = 0;
                    for t in [facing, behind] {
                        let n = self.pits[o][t];
                        if n > 0 {
                            taken += n;
                            self.pits[o][t] = 0;
                            if O::ENABLED {
                                obs.event(Event::Remove {
                                    from: self.pit(side.other(), t),
                                    seeds: n,
                                });
                            }
                        }
                    }
                    self.captured[s] += taken;
                    info.capture = true;
                }
                if O::ENABLED {
                    obs.event(Event::Stop {
                        reason: StopReason::EmptyPit,
                    });
                }
                break;
            }
            // U4: Hus captures at an occupied front pit facing seeds (and, with
            // `capture_requires_outer`, with seeds behind): the facing pits and the landing
            // pit's own seeds are sown on from the next pit.
            let captures = hus
                && x < w
                && self.pits[o][facing] > 0
                && (!needs_outer || self.pits[o][behind] > 0);
            if captures {
                info.capture = true;
                let mut hand = 0u32;
                for (who, t) in [(o, facing), (o, behind), (s, x)] {
                    let n = self.pits[who][t];
                    if n > 0 {
                        hand += u32::from(n);
                        self.pits[who][t] = 0;
                        if O::ENABLED {
                            obs.event(Event::Take {
                                from: self.pit(Side::ALL[who], t),
                                seeds: n,
                            });
                        }
                    }
                }
                seeds = hand;
            } else {
                // H3, U3: relay.
                seeds = u32::from(self.pits[s][x]);
                self.pits[s][x] = 0;
                if O::ENABLED {
                    obs.event(Event::Lift {
                        pit: self.pit(side, x),
                        seeds: seeds as u8,
                    });
                }
            }
            pos = self.next(x);
        }
        self.turn = side.other();
        info
    }
}
