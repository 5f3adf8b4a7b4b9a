//! The four-row relay games, whose direction is fixed: Hawalis / Bao Kiarabu
//! (docs/rules/hawalis.md), Hus (docs/rules/hus.md) and Bao la Kimasai 4x8
//! (docs/rules/bao-la-kimasai.md). All sow on the mover's ring of 2W pits, relay from an
//! occupied pit and end in an empty one, Hawalis and Hus anticlockwise (the variants'
//! "counter-clockwise": B1 → BW → AW → A1 → B1) and Bao la Kimasai clockwise. They differ in the
//! starts they allow, the capture ([`Capture`], chosen once per position), the reserve (Bao la
//! Kimasai) and the end. The sliding Bao la Kimasai 4x12 sows nothing: `sliding.rs`.
//!
//! Ring index as everywhere: front pit `c` is `c - 1`, back pit `c` is `2W - c`. Front index `r`
//! faces the opponent's front index `W - 1 - r`, whose back pit behind it is index `W + r`.

use super::{Rules, RunInfo};
use crate::position::{EndReason, Outcome, PositionError};
use crate::sow::{LapGuard, Observer, lift, remove_facing};
use crate::trace::{Event, StopReason};
use crate::variant::Family;
use crate::{BySide, MAX_WIDTH, Move, MoveList, Pit, RuleOption, Setup, Side, Variant};

const MAX_RING: usize = 2 * MAX_WIDTH;
/// Bao la Kimasai 4x8: each player's reserve at the start.
const KIMASAI_RESERVE: u8 = 24;

/// The capture of a relay game, fixed by the variant: chosen when the position is built so that
/// the sowing loop does not ask the variant lap after lap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Capture {
    /// H4: a move ending in an empty front pit removes the facing pits from the board.
    Hawalis,
    /// U4: landing in an occupied front pit facing seeds takes them, and the landing pit's own,
    /// to sow on; `needs_outer` (`capture_requires_outer`): only with seeds behind the facing pit.
    Hus { needs_outer: bool },
    /// M5: once the reserve is used up, landing in an occupied front pit facing seeds takes the
    /// facing pit only, sown on from the landing pit.
    Harvest,
}

impl Capture {
    fn of(variant: Variant) -> Self {
        match variant.game().family() {
            Family::Hus => Self::Hus {
                needs_outer: variant.has(RuleOption::CaptureRequiresOuter),
            },
            Family::Kimasai => Self::Harvest,
            _ => Self::Hawalis,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Relay {
    pits: [[u8; MAX_RING]; 2],
    /// Hawalis: seeds each side has captured (removed from the board).
    captured: [u8; 2],
    /// Bao la Kimasai 4x8: seeds each side still has in reserve.
    reserve: [u8; 2],
    turn: Side,
    width: u8,
    capture: Capture,
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

    fn family(&self) -> Family {
        self.variant.game().family()
    }

    fn is_hus(&self) -> bool {
        self.family() == Family::Hus
    }

    /// The next pit in the variant's direction: clockwise in Bao la Kimasai 4x8, else
    /// anticlockwise.
    fn next(&self, r: usize) -> usize {
        if self.family() == Family::Kimasai {
            if r + 1 == self.ring() { 0 } else { r + 1 }
        } else if r == 0 {
            self.ring() - 1
        } else {
            r - 1
        }
    }

    /// Bao la Kimasai 4x8: the first move of the game is a plain relay move with no reserve
    /// seed (M2); both reserves are then still full and South is to move.
    fn is_first_move(&self) -> bool {
        self.reserve == [KIMASAI_RESERVE; 2] && self.turn == Side::South
    }

    fn front_empty(&self, s: usize) -> bool {
        self.pits[s][..self.w()].iter().all(|&n| n == 0)
    }

    fn pit(&self, side: Side, r: usize) -> Pit {
        Pit::from_ring(side, r, self.w())
    }
}

impl Rules for Relay {
    super::four_row_accessors!();

    fn start(variant: Variant) -> Self {
        let w = variant.width();
        let family = variant.game().family();
        let mut pits = [[0u8; MAX_RING]; 2];
        for side in &mut pits {
            match family {
                // U1: 2 in every back pit and in the right half of the front row.
                Family::Hus => side[w / 2..2 * w].fill(2),
                // M1: 1 in every front pit, the rest in reserve.
                Family::Kimasai => side[..w].fill(1),
                // H1: 2 in every pit.
                _ => side[..2 * w].fill(2),
            }
        }
        let reserve = if family == Family::Kimasai {
            [KIMASAI_RESERVE; 2]
        } else {
            [0; 2]
        };
        Self {
            pits,
            captured: [0; 2],
            reserve,
            turn: Side::South,
            width: w as u8,
            capture: Capture::of(variant),
            variant,
        }
    }

    fn from_setup(variant: Variant, setup: &Setup) -> Result<Self, PositionError> {
        let pits = super::plain_rings_from_setup(variant, setup)?;
        let mut b = Self::start(variant);
        match (variant.game().family(), setup.stores) {
            (Family::Hawalis, Some(c)) => b.captured = [c.south, c.north],
            (Family::Kimasai, Some(c)) => b.reserve = [c.south, c.north],
            (Family::Hus, None) => {}
            (_, Some(_)) => {
                return Err(PositionError::Fields(
                    "this variant's diagrams have no third field",
                ));
            }
            (_, None) => {
                return Err(PositionError::Fields("expected a third field `s,n`"));
            }
        }
        b.turn = setup.turn;
        b.pits = pits;
        Ok(b)
    }

    fn to_setup(&self) -> Setup {
        Setup {
            stores: self.stores(),
            ..super::setup_from_rings(&self.pits, self.w(), self.turn)
        }
    }

    fn stores(&self) -> Option<BySide<u8>> {
        match self.family() {
            Family::Hus => None,
            Family::Kimasai => Some(BySide::new(self.reserve[0], self.reserve[1])),
            _ => Some(BySide::new(self.captured[0], self.captured[1])),
        }
    }

    fn total_seeds(&self) -> u32 {
        super::seeds_with(&self.pits, self.captured)
            + u32::from(self.reserve[0])
            + u32::from(self.reserve[1])
    }

    fn state_word(&self) -> u64 {
        super::turn_word(self.turn, self.captured)
            | u64::from(self.reserve[0]) << 24
            | u64::from(self.reserve[1]) << 32
    }

    /// Hawalis and Hus end only when the side to move has no legal move (H5, U5). Bao la
    /// Kimasai 4x8 (M6): after a move, the player to move now loses if its front row is empty
    /// (checked first), else the player who moved loses if its own is.
    fn board_outcome(&self) -> Option<Outcome> {
        if self.family() != Family::Kimasai {
            return None;
        }
        let q = self.turn;
        let loser = if self.front_empty(q.index()) {
            q
        } else if self.front_empty(q.other().index()) {
            q.other()
        } else {
            return None;
        };
        Some(Outcome {
            winner: Some(loser.other()),
            reason: EndReason::FrontRowEmpty,
        })
    }

    fn candidates(&self, out: &mut MoveList) {
        let s = self.turn.index();
        let own = &self.pits[s];
        let ring = self.ring();
        let side = self.turn;
        if self.family() == Family::Kimasai {
            // M2-M4: any occupied pit; while the reserve lasts a reserve seed goes in first.
            let plant = self.reserve[s] > 0 && !self.is_first_move();
            for (r, &n) in own.iter().enumerate().take(ring) {
                if n > 0 {
                    let pit = self.pit(side, r);
                    out.push(if plant {
                        Move::place(pit)
                    } else {
                        Move::from_pit(pit)
                    });
                }
            }
            return;
        }
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
        let capture = self.capture;
        let mut info = RunInfo::new();
        let p = m.pit().ring_index(w);
        // M4: harvest once the reserve is used up, and never on the first move.
        let harvest = capture == Capture::Harvest && self.reserve[s] == 0 && !self.is_first_move();
        if m.is_place() {
            self.reserve[s] -= 1;
            self.pits[s][p] += 1;
            if O::ENABLED {
                obs.event(Event::Place { pit: m.pit() });
            }
        }
        let mut seeds = lift(&mut self.pits[s], p, || m.pit(), obs);
        let mut pos = self.next(p);
        let mut guard = LapGuard::new(limit, cycle_from);
        loop {
            let state = || LapState {
                pits: self.pits,
                pos: pos as u8,
                seeds: seeds as u8,
            };
            if guard.lap(&mut info, state) {
                return info;
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
                if capture == Capture::Hawalis && x < w && self.pits[o][facing] > 0 {
                    self.captured[s] += remove_facing(&mut self.pits[o], side.other(), x, w, obs);
                    info.capture = true;
                }
                if O::ENABLED {
                    obs.event(Event::Stop {
                        reason: StopReason::EmptyPit,
                    });
                }
                break;
            }
            // M5: Bao la Kimasai's harvest captures the facing front pit only, and the captured
            // seeds are sown from the landing pit itself.
            if harvest && x < w && self.pits[o][facing] > 0 {
                info.capture = true;
                seeds = u32::from(self.pits[o][facing]);
                self.pits[o][facing] = 0;
                if O::ENABLED {
                    obs.event(Event::Take {
                        from: self.pit(side.other(), facing),
                        seeds: seeds as u8,
                    });
                }
                pos = x;
                continue;
            }
            // U4: Hus captures at an occupied front pit facing seeds (and, with
            // `capture_requires_outer`, with seeds behind): the facing pits and the landing
            // pit's own seeds are sown on from the next pit.
            let captures = matches!(capture, Capture::Hus { needs_outer }
                if x < w
                    && self.pits[o][facing] > 0
                    && (!needs_outer || self.pits[o][behind] > 0));
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
                seeds = lift(&mut self.pits[s], x, || Pit::from_ring(side, x, w), obs);
            }
            pos = self.next(x);
        }
        self.turn = side.other();
        info
    }
}
