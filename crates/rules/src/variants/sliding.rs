//! Bao la Kimasai 4x12, the sliding game (docs/rules/bao-la-kimasai-4x12.md): a move slides one
//! stone of the mover one step anticlockwise on its ring of 2W pits into an empty pit (S2);
//! arriving in the front row facing a stone, it removes that stone and the one behind it (S3).
//! Nothing is sown, so it shares no sowing with the relay games.
//!
//! Ring index as in the relay games: front pit `c` is `c - 1`, back pit `c` is `2W - c`.

use super::{Rules, RunInfo};
use crate::position::{Outcome, PositionError};
use crate::sow::{Observer, remove_facing};
use crate::trace::{Event, StopReason};
use crate::{BySide, MAX_WIDTH, Move, MoveList, Pit, Setup, Side, Variant};

/// As the relay games' rings, so that the Zobrist keys are theirs.
const MAX_RING: usize = 2 * MAX_WIDTH;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Sliding {
    pits: [[u8; MAX_RING]; 2],
    /// Stones each side has captured (removed from the board).
    captured: [u8; 2],
    turn: Side,
    width: u8,
    variant: Variant,
}

impl Sliding {
    fn w(&self) -> usize {
        usize::from(self.width)
    }

    /// S2.1: the next pit anticlockwise.
    fn next(&self, r: usize) -> usize {
        if r == 0 { 2 * self.w() - 1 } else { r - 1 }
    }

    fn pit(&self, side: Side, r: usize) -> Pit {
        Pit::from_ring(side, r, self.w())
    }
}

impl Rules for Sliding {
    super::four_row_accessors!();

    fn start(variant: Variant) -> Self {
        let w = variant.width();
        let mut pits = [[0u8; MAX_RING]; 2];
        for side in &mut pits {
            // S1.2: one stone in every pit but the own leftmost front pit.
            side[1..2 * w].fill(1);
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
        let pits = super::plain_rings_from_setup(variant, setup)?;
        let c = setup
            .stores
            .ok_or(PositionError::Fields("expected a third field `s,n`"))?;
        Ok(Self {
            pits,
            captured: [c.south, c.north],
            turn: setup.turn,
            width: variant.width() as u8,
            variant,
        })
    }

    fn to_setup(&self) -> Setup {
        Setup {
            stores: self.stores(),
            ..super::setup_from_rings(&self.pits, self.w(), self.turn)
        }
    }

    fn stores(&self) -> Option<BySide<u8>> {
        Some(BySide::new(self.captured[0], self.captured[1]))
    }

    fn total_seeds(&self) -> u32 {
        super::seeds_with(&self.pits, self.captured)
    }

    /// As the relay games' word, whose reserve bits are zero here.
    fn state_word(&self) -> u64 {
        super::turn_word(self.turn, self.captured)
    }

    /// S4.1: the game ends only when the side to move has no legal move.
    fn board_outcome(&self) -> Option<Outcome> {
        None
    }

    fn candidates(&self, out: &mut MoveList) {
        let own = &self.pits[self.turn.index()];
        // S2.1: a stone slides to the next pit when that pit is empty.
        for (r, &n) in own.iter().enumerate().take(2 * self.w()) {
            if n > 0 && own[self.next(r)] == 0 {
                out.push(Move::from_pit(self.pit(self.turn, r)));
            }
        }
    }

    /// S2-S3: one stone one step; S2.2: one lap, never more.
    fn run<O: Observer>(&mut self, m: Move, _limit: u32, _cycle_from: u32, obs: &mut O) -> RunInfo {
        let side = self.turn;
        let (s, o, w) = (side.index(), side.other().index(), self.w());
        let mut info = RunInfo::new();
        info.laps = 1;
        let p = m.pit().ring_index(w);
        let q = self.next(p);
        self.pits[s][p] -= 1;
        self.pits[s][q] += 1;
        if O::ENABLED {
            obs.event(Event::Lift {
                pit: self.pit(side, p),
                seeds: 1,
            });
            obs.event(Event::Sow {
                pit: self.pit(side, q),
            });
        }
        // S3.1: arriving in the front row facing a stone.
        if q < w && self.pits[o][w - 1 - q] > 0 {
            info.capture = true;
            self.captured[s] += remove_facing(&mut self.pits[o], side.other(), q, w, obs);
        }
        if O::ENABLED {
            obs.event(Event::Stop {
                reason: StopReason::EmptyPit,
            });
        }
        self.turn = side.other();
        info
    }
}
