//! Kalah, the standard two-row Mancala (docs/rules/kalah.md): six pits a side and a store at
//! each player's right; sowing passes the own store and skips the opponent's; the last seed in
//! the own store gives an extra turn (each sowing is one move); the last seed in an own empty
//! pit captures the opposite pit with it; the game ends as soon as a side is empty and each
//! player keeps the seeds on its side.

use super::{Rules, RunInfo};
use crate::position::{EndReason, Outcome, PositionError};
use crate::sow::{Observer, lift};
use crate::trace::{Event, StopReason};
use crate::{BySide, MAX_WIDTH, Move, MoveList, Pit, Row, RuleOption, Setup, Side, Variant};

const PITS: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Kalah {
    /// Pits by side, from the owner's left: index `c - 1`.
    pits: [[u8; PITS]; 2],
    stores: [u8; 2],
    turn: Side,
    variant: Variant,
}

impl Kalah {
    fn pit(side: Side, i: usize) -> Pit {
        Pit::from_ring(side, i, PITS)
    }

    fn side_empty(&self, s: usize) -> bool {
        self.pits[s].iter().all(|&n| n == 0)
    }
}

impl Rules for Kalah {
    super::family_accessors!();

    fn start(variant: Variant) -> Self {
        let seeds = (variant.total_seeds() / 12) as u8;
        Self {
            pits: [[seeds; PITS]; 2],
            stores: [0; 2],
            turn: Side::South,
            variant,
        }
    }

    fn from_setup(variant: Variant, setup: &Setup) -> Result<Self, PositionError> {
        super::check_shape(variant, setup)?;
        if setup.bao.is_some() {
            return Err(PositionError::Fields("Kalah diagrams have no Bao fields"));
        }
        let stores = setup
            .stores
            .ok_or(PositionError::Fields("expected the stores field"))?;
        let mut k = Self::start(variant);
        k.turn = setup.turn;
        k.stores = [stores.south, stores.north];
        for side in Side::ALL {
            for i in 0..PITS {
                k.pits[side.index()][i] = setup.pits[side][0][i];
            }
        }
        Ok(k)
    }

    fn to_setup(&self) -> Setup {
        let mut pits = BySide::new([[0u8; MAX_WIDTH]; 2], [[0u8; MAX_WIDTH]; 2]);
        for side in Side::ALL {
            pits[side][0][..PITS].copy_from_slice(&self.pits[side.index()]);
        }
        Setup {
            width: PITS as u8,
            rows: 2,
            pits,
            turn: self.turn,
            stores: self.stores(),
            bao: None,
        }
    }

    fn stores(&self) -> Option<BySide<u8>> {
        Some(BySide::new(self.stores[0], self.stores[1]))
    }

    fn seeds(&self, pit: Pit) -> u8 {
        if pit.row() != Row::Front || usize::from(pit.col()) > PITS {
            return 0;
        }
        self.pits[pit.side().index()][usize::from(pit.col()) - 1]
    }

    fn total_seeds(&self) -> u32 {
        super::seeds_with(&self.pits, self.stores)
    }

    fn state_word(&self) -> u64 {
        super::turn_word(self.turn, self.stores)
    }

    /// The game is over as soon as either side's pits are empty; each side's remaining seeds
    /// count for their owner (docs/rules/kalah.md K5).
    fn board_outcome(&self) -> Option<Outcome> {
        if !self.side_empty(0) && !self.side_empty(1) {
            return None;
        }
        let score = |s: usize| {
            let own: u32 = self.pits[s].iter().map(|&n| u32::from(n)).sum();
            (u32::from(self.stores[s]) + own).min(255) as u8
        };
        let (south, north) = (score(0), score(1));
        let winner = match south.cmp(&north) {
            core::cmp::Ordering::Greater => Some(Side::South),
            core::cmp::Ordering::Less => Some(Side::North),
            core::cmp::Ordering::Equal => None,
        };
        Some(Outcome {
            winner,
            reason: EndReason::SeedsCounted { south, north },
        })
    }

    fn candidates(&self, out: &mut MoveList) {
        let s = self.turn.index();
        for i in 0..PITS {
            if self.pits[s][i] > 0 {
                out.push(Move::from_pit(Self::pit(self.turn, i)));
            }
        }
    }

    /// K2-K4: one sowing; laps are always 1 (no relay in Kalah).
    fn run<O: Observer>(&mut self, m: Move, _limit: u32, _cycle_from: u32, obs: &mut O) -> RunInfo {
        let side = self.turn;
        let s = side.index();
        let o = 1 - s;
        let mut info = RunInfo::new();
        info.laps = 1;
        let start = usize::from(m.pit().col()) - 1;
        let mut seeds = lift(&mut self.pits[s], start, || m.pit(), obs);
        // The mover's cycle: own pits 0..5, own store 6, opponent's pits 7..12.
        let mut pos = start;
        while seeds > 0 {
            pos = (pos + 1) % (2 * PITS + 1);
            seeds -= 1;
            match pos {
                p if p < PITS => {
                    self.pits[s][p] += 1;
                    if O::ENABLED {
                        obs.event(Event::Sow {
                            pit: Self::pit(side, p),
                        });
                    }
                }
                PITS => {
                    self.stores[s] += 1;
                    if O::ENABLED {
                        obs.event(Event::Store { side });
                    }
                }
                p => {
                    self.pits[o][p - PITS - 1] += 1;
                    if O::ENABLED {
                        obs.event(Event::Sow {
                            pit: Self::pit(side.other(), p - PITS - 1),
                        });
                    }
                }
            }
        }
        if pos == PITS {
            // K3: the last seed in the own store: the same side moves again.
            if O::ENABLED {
                obs.event(Event::ExtraTurn);
            }
            return info;
        }
        // K4: the last seed in an own pit that was empty captures the opposite pit with it.
        if pos < PITS && self.pits[s][pos] == 1 {
            let opposite = PITS - 1 - pos;
            let taken = self.pits[o][opposite];
            if taken > 0 || self.variant.has(RuleOption::EmptyCapture) {
                self.pits[o][opposite] = 0;
                self.pits[s][pos] = 0;
                self.stores[s] += taken + 1;
                info.capture = true;
                if O::ENABLED {
                    if taken > 0 {
                        obs.event(Event::Remove {
                            from: Self::pit(side.other(), opposite),
                            seeds: taken,
                        });
                    }
                    obs.event(Event::Remove {
                        from: Self::pit(side, pos),
                        seeds: 1,
                    });
                }
            }
        }
        if O::ENABLED {
            obs.event(Event::Stop {
                reason: StopReason::Sown,
            });
        }
        self.turn = side.other();
        info
    }
}
