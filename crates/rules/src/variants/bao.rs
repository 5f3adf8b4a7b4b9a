//! The Bao family: Bao la Kiswahili, Bao la Kujifunza and Bao la Kete, one implementation with
//! flags. Rule numbers (R3.2b, L2, ...) refer to docs/rules/bao-la-kiswahili.md,
//! docs/rules/bao-la-kujifunza.md and docs/rules/bao-la-kete.md.
//!
//! Each player's 16 pits form a ring: front pit `c` is index `c - 1`, back pit `c` is `16 - c`,
//! and clockwise is `+1`. Front index `r` faces the opponent's front index `7 - r`.

use super::{End, Rules, RunInfo};
use crate::position::{EndReason, Outcome, PositionError};
use crate::sow::{CYCLE_CHECK_FROM, LapGuard, Observer, landing, lift, step};
use crate::trace::{Event, StopReason};
use crate::{
    BaoFields, BySide, Direction, Game, Move, MoveList, Pit, RuleOption, Setup, Side, Variant,
};

pub(crate) const WIDTH: usize = 8;
pub(crate) const RING: usize = 16;
/// The nyumba: the fifth front pit from the owner's left (R1.1).
pub(crate) const NYUMBA: usize = 4;
/// "No pit" in the takasia and reservation fields.
pub(crate) const NONE: u8 = 0xFF;

/// Candidate moves as codes `ring index * 2 + clockwise`.
/// Room for Bao's candidates: at most 32 (16 pits, two directions), and their safari twins in
/// namua (at most 16 candidates there).
const BAO_CANDIDATES: usize = 64;

#[derive(Clone, Copy)]
struct Cands {
    codes: [u8; BAO_CANDIDATES],
    len: usize,
}

impl Cands {
    const fn new() -> Self {
        Self {
            codes: [0; BAO_CANDIDATES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, code: u8) {
        // The bound is BAO_CANDIDATES (a test checks it); a push past it is dropped, never a panic.
        if let Some(slot) = self.codes.get_mut(self.len) {
            *slot = code;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.codes[..self.len]
    }

    fn swap_remove(&mut self, k: usize) {
        self.len -= 1;
        self.codes[k] = self.codes[self.len];
    }

    fn retain(&mut self, mut keep: impl FnMut(u8) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if keep(self.codes[i]) {
                self.codes[n] = self.codes[i];
                n += 1;
            }
        }
        self.len = n;
    }
}

/// A move as the kernel plays it: the ring index of the pit played, the direction, and whether
/// safari is chosen.
#[derive(Clone, Copy)]
struct Code {
    pit: usize,
    cw: bool,
    safari: bool,
}

impl Code {
    /// A Bao move (its pit is the mover's, as every candidate's is).
    fn of(m: Move) -> Self {
        Self {
            pit: m.pit().ring_index(WIDTH),
            cw: m.dir() == Some(Direction::Clockwise),
            safari: m.is_safari(),
        }
    }

    /// A candidate code (`ring index * 2 + clockwise`, `| 0x80` for its safari twin).
    #[inline(always)]
    const fn of_candidate(c: u8) -> Self {
        Self {
            pit: ((c & 0x7F) >> 1) as usize,
            cw: c & 1 != 0,
            safari: c & 0x80 != 0,
        }
    }
}

const fn facing(r: usize) -> usize {
    WIDTH - 1 - r
}

/// The takasia rule in force (R8, decisions.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TakasiaRule {
    /// Donkers plus de Voogt's 2001 single-seed exception (default).
    Default,
    /// Donkers without the 2001 exception (`takasia:donkers`).
    Donkers,
    /// No takasia (`takasia:none`, and Bao la Kujifunza).
    Off,
}

/// A Bao-family position. Copy, no heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bao {
    pub(crate) pits: [[u8; RING]; 2],
    pub(crate) hand: [u8; 2],
    /// Nyumba still owned (R7.1).
    pub(crate) nyumba: [bool; 2],
    pub(crate) turn: Side,
    /// The front index of the side to move's takasia'd pit, or `NONE` (R8).
    pub(crate) takasia: u8,
    /// Bao la Kete: the opponent's front index the side to move must capture when it can (L5).
    pub(crate) reserved: u8,
    pub(crate) variant: Variant,
}

/// The state at the start of a lap, for cycle finding (R9.3).
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    pits: [[u8; RING]; 2],
    nyumba: [bool; 2],
    pos: u8,
    seeds: u8,
    clockwise: bool,
    capture: bool,
}

/// One in every byte of a ring read as a little-endian `u128` (byte `r` is pit `r`): a whole
/// round of sowing.
const ONES: u128 = u128::from_le_bytes([1; RING]);

/// `LAPS[cw][first][rem]`: what a lap of `rem` (0..16) seeds sown from pit `first` adds to the
/// ring read as a little-endian `u128` (byte `r` is pit `r`), one in each pit sown. Built by
/// stepping the ring seed by seed, as the rules say a lap goes (R3.1), so the table is the
/// definition itself, precomputed; the unit test `lap_table_matches_stepping` checks it against
/// [`step`] again. 8 KiB, which stays in the first-level cache during playouts.
static LAPS: [[[u128; RING]; RING]; 2] = {
    let mut t = [[[0u128; RING]; RING]; 2];
    let mut cw = 0;
    while cw < 2 {
        let mut first = 0;
        while first < RING {
            let mut rem = 1;
            while rem < RING {
                // One more seed than the lap of `rem - 1`: into the pit after its last.
                let pit = landing::<RING>(first, rem - 1, cw == 1);
                t[cw][first][rem] = t[cw][first][rem - 1] + (1u128 << (8 * pit));
                rem += 1;
            }
            first += 1;
        }
        cw += 1;
    }
    t
};

/// Sows `n` seeds one per pit from `first` on in the given direction; returns the last pit.
/// The trace path sows seed by seed instead, and the oracle tests check both agree.
///
/// The lap is one addition on the ring read as a `u128`: `n / 16` whole rounds add that many
/// to every byte, and the remaining `n % 16` seeds add [`LAPS`]. The addition never carries
/// from one byte into the next: each byte's sum is the pit's new count, which is at most the
/// game's seed total (64), far below 256.
#[inline(always)]
fn sow_lap(pits: &mut [u8; RING], first: usize, n: usize, cw: bool) -> usize {
    let rem = n % RING;
    let mut add = LAPS[usize::from(cw)][first][rem];
    if n >= RING {
        add += ONES * (n / RING) as u128;
    }
    *pits = (u128::from_le_bytes(*pits) + add).to_le_bytes();
    // The last seed falls `n` pits on from the pit before `first`.
    landing::<RING>(step::<RING>(first, !cw), n, cw)
}

/// The high bit of every non-zero byte of `v` (other bits clear): the low seven bits plus
/// `0x7F` carry into the high bit exactly when one of them is set, and never out of the byte.
#[inline(always)]
const fn nonzero_bytes(v: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    (((v & LOW7) + LOW7) | v) & !LOW7
}

/// Gathers the high bit of each byte of `v` (the only bits set) into bit `byte index` of the
/// result. After the shift byte `k` holds bit `8k`; byte `j` of the multiplier is `2^(7j + 7)`,
/// so that product lands on bit `8k + 7j + 7`: bit `56 + k` for `j = 7 - k`, and for every other
/// `j` a bit below 56 or past 63, each pair `(k, j)` on its own bit, so nothing carries into the
/// top byte, which is the result.
#[inline(always)]
const fn gather_high_bits(v: u64) -> u32 {
    ((v >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Bit `x` of the 8 pits in `v` (byte `x` = pit `x`) set when the pit holds 2 to 15 seeds:
/// some of bits 1..3 set (at least 2) and none of bits 4..7 (below 16).
#[inline(always)]
const fn two_to_fifteen(v: u64) -> u32 {
    gather_high_bits(
        nonzero_bytes(v & 0x0E0E_0E0E_0E0E_0E0E) & !nonzero_bytes(v & 0xF0F0_F0F0_F0F0_F0F0),
    )
}

/// Bit `x` of the 8 pits in `v` set when the pit holds at least 2 seeds: some bit above bit 0.
#[inline(always)]
const fn two_or_more(v: u64) -> u32 {
    gather_high_bits(nonzero_bytes(v & 0xFEFE_FEFE_FEFE_FEFE))
}

/// The ring as two words of eight pits, byte `x` = pit `x`: the front row (ring indices 0..7)
/// and the back row (8..15).
#[inline(always)]
fn ring_words(pits: &[u8; RING]) -> (u64, u64) {
    let ring = u128::from_le_bytes(*pits);
    (ring as u64, (ring >> 64) as u64)
}

/// Bit `r` is set when pit `r` may start a capture move: 2 to 15 seeds (R6.1, R6.2). Both
/// rows at once, eight pits to a word.
#[inline(always)]
fn capture_starts(pits: &[u8; RING]) -> u32 {
    let (front, back) = ring_words(pits);
    two_to_fifteen(front) | two_to_fifteen(back) << WIDTH
}

#[inline(always)]
fn front_bits(p: &[u8; RING]) -> u64 {
    u64::from_le_bytes([p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]])
}

impl Bao {
    fn w(&self) -> usize {
        WIDTH
    }

    fn bao_start(variant: Variant) -> Self {
        let mut b = Self {
            pits: [[0; RING]; 2],
            hand: [0; 2],
            nyumba: [false; 2],
            turn: Side::South,
            takasia: NONE,
            reserved: NONE,
            variant,
        };
        match variant.game() {
            Game::BaoLaKujifunza => b.pits = [[2; RING]; 2],
            _ => {
                // R1.1: nyumba 6, the two pits to its right 2 each, 22 in hand.
                for side in &mut b.pits {
                    side[NYUMBA] = 6;
                    side[NYUMBA + 1] = 2;
                    side[NYUMBA + 2] = 2;
                }
                b.hand = [22; 2];
                b.nyumba = [true; 2];
            }
        }
        b
    }

    fn is_kete(&self) -> bool {
        self.variant.game() == Game::BaoLaKete
    }

    pub(crate) fn takasia_rule(&self) -> TakasiaRule {
        if self.variant.game() == Game::BaoLaKujifunza || self.variant.has(RuleOption::TakasiaNone)
        {
            TakasiaRule::Off
        } else if self.variant.has(RuleOption::TakasiaDonkers) {
            TakasiaRule::Donkers
        } else {
            TakasiaRule::Default
        }
    }

    pub(crate) fn pit(&self, side: Side, r: usize) -> Pit {
        Pit::from_ring(side, r, WIDTH)
    }

    /// The loser, if a front row is empty (R10.1): the game ended during the last move.
    #[inline]
    pub(crate) fn emptied_front(&self) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| front_bits(&self.pits[s.index()]) == 0)
    }

    /// Bit `t` is set when `side`, in the mtaji stage, has a capture move whose first capture
    /// takes the opponent's front index `t` (R6.2): a start pit of 2..15 seeds whose first lap
    /// ends in an occupied own front pit facing seeds. `skip` is a pit that may not start.
    fn capture_targets(&self, side: usize, skip: usize) -> u8 {
        let mut targets = 0u8;
        self.for_each_capture(side, skip, |_, _, t| targets |= 1 << t);
        targets
    }

    /// Calls `f(start, clockwise, target)` for every capture move of `side` in the mtaji stage
    /// (R6.2): a start pit of 2..15 seeds (not `skip`) whose first lap ends in an occupied own
    /// front pit facing seeds; `target` is the opponent's front index taken first.
    #[inline(always)]
    fn for_each_capture(&self, side: usize, skip: usize, mut f: impl FnMut(usize, bool, usize)) {
        let hot = self.capturable_landings(side);
        if hot == 0 {
            return;
        }
        let own = &self.pits[side];
        let mut starts = capture_starts(own) & !(1u32 << (skip & 31));
        while starts != 0 {
            let r = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let n = own[r] as usize;
            let (a, b) = ((r + n) & (RING - 1), (r + RING - n) & (RING - 1));
            if hot >> a & 1 != 0 {
                f(r, true, facing(a));
            }
            if hot >> b & 1 != 0 {
                f(r, false, facing(b));
            }
        }
    }

    /// Bit `x` is set when a lap of `side` ending in its front pit `x` would capture: the pit
    /// is occupied and faces seeds (bits 8..15, the back row, are never set).
    #[inline]
    fn capturable_landings(&self, side: usize) -> u32 {
        let own = nonzero_bytes(front_bits(&self.pits[side]));
        // Byte x of the swapped word is the opponent's front pit facing x.
        let opp = nonzero_bytes(front_bits(&self.pits[1 - side]).swap_bytes());
        gather_high_bits(own & opp)
    }

    /// Candidate moves before the never-ending check and the stop/safari split.
    /// Candidates as codes `ring index * 2 + clockwise`.
    fn candidate_codes(&self, out: &mut Cands) {
        let s = self.turn.index();
        let own = &self.pits[s];
        let mut push = |r: usize, cw: bool| out.push(((r as u8) << 1) | u8::from(cw));
        // A lone kichwa may not be sown towards the back row (R5.2c, R6.4).
        let lone_kichwa_ok = |r: usize, cw: bool| {
            !(((r == 0 && !cw) || (r == WIDTH - 1 && cw))
                && (0..WIDTH).all(|x| x == r || own[x] == 0))
        };
        if self.hand[s] > 0 {
            // R5.1: capture placement into an occupied front pit facing seeds.
            let hot = self.capturable_landings(s);
            let mut bits = hot;
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                {
                    // R4.3: kimbi and kichwa force the kichwa; central pits choose.
                    match r {
                        0 | 1 => push(r, true),
                        6 | 7 => push(r, false),
                        _ => {
                            push(r, true);
                            push(r, false);
                        }
                    }
                }
            }
            if hot != 0 {
                return;
            }
            // R5.2: takasa from an occupied front pit.
            let functional = self.nyumba[s] && own[NYUMBA] >= 6;
            let all_singletons = (0..WIDTH).all(|r| own[r] <= 1);
            for r in 0..WIDTH {
                if own[r] == 0 {
                    continue;
                }
                // R5.2a: the functional nyumba only when it is the only occupied front pit.
                if r == NYUMBA && functional && (0..WIDTH).any(|x| x != NYUMBA && own[x] > 0) {
                    continue;
                }
                // R5.2b: without the nyumba, singletons only when all are singletons.
                if !self.nyumba[s] && own[r] == 1 && !all_singletons {
                    continue;
                }
                for cw in [true, false] {
                    if lone_kichwa_ok(r, cw) {
                        push(r, cw);
                    }
                }
            }
            return;
        }
        // R6: mtaji. R6.2: capture moves first; they are obligatory.
        let blocked = self.takasia as usize;
        let mut targets = 0u8;
        self.for_each_capture(s, blocked, |r, cw, t| {
            targets |= 1 << t;
            push(r, cw);
        });
        if targets != 0 {
            // L5 (Bao la Kete): the reserved pit must be taken when some capture can take it.
            let reserved = self.reserved;
            if reserved != NONE && targets & (1 << reserved) != 0 {
                out.retain(|c| {
                    let r = usize::from(c >> 1);
                    facing(landing::<RING>(r, own[r].into(), c & 1 != 0)) == usize::from(reserved)
                });
            }
            return;
        }
        // R6.3: takasa from the front row if possible, else from the back row.
        // L3 (Bao la Kete): while the kuu exists, the mtaji takasa starts from it.
        let (front_row, back_row) = ring_words(own);
        let mut front = if self.is_kete() && self.nyumba[s] && own[NYUMBA] >= 2 {
            1 << NYUMBA
        } else {
            two_or_more(front_row)
        } & !(1u32 << (blocked & 31));
        if front != 0 {
            while front != 0 {
                let r = front.trailing_zeros() as usize;
                front &= front - 1;
                for cw in [true, false] {
                    if lone_kichwa_ok(r, cw) {
                        push(r, cw);
                    }
                }
            }
        } else {
            let mut back = two_or_more(back_row) << WIDTH;
            while back != 0 {
                let r = back.trailing_zeros() as usize;
                back &= back - 1;
                push(r, true);
                push(r, false);
            }
        }
    }

    /// The legal moves, with each move's result (R9: never-ending moves left out).
    fn bao_legal_with<F: FnMut(Move, &Self, &RunInfo)>(&self, mut f: F) {
        if self.emptied_front().is_some() {
            return;
        }
        let mut cands = Cands::new();
        self.candidate_codes(&mut cands);
        for &c in cands.as_slice() {
            let m = self.code_move(c);
            let mut b = *self;
            let info = b.bao_run(
                m,
                crate::LAP_LIMIT,
                CYCLE_CHECK_FROM,
                &mut crate::sow::Silent,
            );
            if matches!(info.end, End::NeverEnding(_)) {
                continue;
            }
            f(m, &b, &info);
            if info.decision {
                let safari = m.with_safari();
                let mut b = *self;
                let info = b.bao_run(
                    safari,
                    crate::LAP_LIMIT,
                    CYCLE_CHECK_FROM,
                    &mut crate::sow::Silent,
                );
                if !matches!(info.end, End::NeverEnding(_)) {
                    f(safari, &b, &info);
                }
            }
        }
    }

    /// Plays a legal move drawn uniformly at random (given a uniform `pick(n)` in `0..n`), or
    /// returns `None` when there is none. Candidates are cheap; only the drawn one is played,
    /// and a draw that turns out never-ending, or a safari twin whose move never reaches the
    /// nyumba decision, is struck off and drawn again, which keeps the draw uniform over the
    /// legal moves.
    fn bao_play_random(&mut self, mut pick: impl FnMut(usize) -> usize) -> Option<Move> {
        if self.emptied_front().is_some() {
            return None;
        }
        let mut cands = Cands::new();
        self.candidate_codes(&mut cands);
        let s = self.turn.index();
        // Only a namua capture move with an owned nyumba can reach the stop/safari decision.
        let twins = self.hand[s] > 0 && self.nyumba[s] && {
            let own = &self.pits[s];
            let opp = &self.pits[1 - s];
            (0..WIDTH).any(|r| own[r] > 0 && opp[facing(r)] > 0)
        };
        if twins {
            // Namua has at most 16 candidates, so the twins (code | 0x80) fit.
            for i in 0..cands.len {
                let twin = cands.codes[i] | 0x80;
                cands.push(twin);
            }
        }
        while cands.len > 0 {
            let k = pick(cands.len).min(cands.len - 1);
            let code = cands.codes[k];
            let backup = *self;
            let run = Code::of_candidate(code);
            let info = self.bao_run_code(
                run,
                crate::LAP_LIMIT,
                CYCLE_CHECK_FROM,
                &mut crate::sow::Silent,
            );
            if info.is_never_ending() || (run.safari && !info.decision) {
                *self = backup;
                cands.swap_remove(k);
                continue;
            }
            let m = backup.code_move(code & 0x7F);
            return Some(if run.safari { m.with_safari() } else { m });
        }
        None
    }

    /// Whether the side to move has a legal move: stops at the first candidate that ends.
    fn bao_has_legal_move(&self) -> bool {
        if self.emptied_front().is_some() {
            return false;
        }
        let mut cands = Cands::new();
        self.candidate_codes(&mut cands);
        cands.as_slice().iter().any(|&c| {
            let mut b = *self;
            let info = b.bao_run(
                self.code_move(c),
                crate::LAP_LIMIT,
                CYCLE_CHECK_FROM,
                &mut crate::sow::Silent,
            );
            !matches!(info.end, End::NeverEnding(_))
        })
    }

    fn code_move(&self, code: u8) -> Move {
        let dir = if code & 1 != 0 {
            Direction::Clockwise
        } else {
            Direction::Anticlockwise
        };
        Move::new(
            Pit::from_ring(self.turn, usize::from(code >> 1), WIDTH),
            dir,
        )
    }

    /// Whether `m` is one of the candidates (the never-ending check aside).
    fn bao_is_candidate(&self, m: Move) -> bool {
        if self.emptied_front().is_some() || m.pit().side() != self.turn || m.dir().is_none() {
            return false;
        }
        if usize::from(m.pit().col()) > WIDTH {
            return false;
        }
        let mut cands = Cands::new();
        self.candidate_codes(&mut cands);
        let code = ((m.pit().ring_index(WIDTH) as u8) << 1)
            | u8::from(m.dir() == Some(Direction::Clockwise));
        cands.as_slice().contains(&code)
    }

    /// Plays `m` (assumed to be a candidate) and reports how it ended. With `End::NeverEnding`
    /// the state is left half-way and must be discarded. Cycle finding runs from
    /// lap `cycle_from` on (`u32::MAX`: never); `limit` is the lap limit.
    #[inline(always)]
    fn bao_run<O: Observer>(
        &mut self,
        m: Move,
        limit: u32,
        cycle_from: u32,
        obs: &mut O,
    ) -> RunInfo {
        let code = Code::of(m);
        self.bao_run_code(code, limit, cycle_from, obs)
    }

    /// [`Self::bao_run`] on a move given as a [`Code`], as the candidates are: the playout loop
    /// plays the drawn candidate without building a [`Move`] and reading it back.
    #[allow(
        clippy::too_many_lines,
        reason = "one move, rule by rule, reads best in one piece"
    )]
    fn bao_run_code<O: Observer>(
        &mut self,
        code: Code,
        limit: u32,
        cycle_from: u32,
        obs: &mut O,
    ) -> RunInfo {
        let side = self.turn;
        let s = side.index();
        let o = 1 - s;
        let namua = self.hand[s] > 0;
        let blocked = if namua {
            usize::MAX
        } else {
            self.takasia as usize
        };
        let old_takasia = self.takasia;
        let p = code.pit;
        let mut info = RunInfo::new();
        let mut capture_move = false;
        let mut first_lap_decides = false;
        let mut sw = Sowing {
            side,
            // R2.2: the mtaji stage is when both hands are empty.
            mtaji_stage: !namua && self.hand[o] == 0,
            cw: code.cw,
            pos: 0,
            seeds: 0,
        };

        if namua {
            // R5: one seed from hand.
            self.hand[s] -= 1;
            let before = self.pits[s][p];
            self.pits[s][p] += 1;
            if O::ENABLED {
                obs.event(Event::Place {
                    pit: self.pit(side, p),
                });
            }
            if before > 0 && self.pits[o][facing(p)] > 0 {
                // R5.1: capture placement; the kichwa is the player's choice at a central pit.
                capture_move = true;
                if !sw.capture(self, p, obs) {
                    return self.finish_game_over(info, capture_move, side);
                }
            } else if p == NYUMBA
                && self.nyumba[s]
                && before >= 6
                && !(self.is_kete() && before == 6)
            {
                // R5.2a: the tax: two seeds sown, the nyumba stays owned.
                self.pits[s][p] -= 2;
                sw.seeds = 2;
                if O::ENABLED {
                    obs.event(Event::Tax {
                        pit: self.pit(side, p),
                        seeds: 2,
                    });
                }
                sw.pos = step::<RING>(p, sw.cw);
            } else {
                // An ordinary takasa; L2: a lone kuu of exactly 6 is emptied and destroyed.
                sw.lift(self, p, obs);
            }
        } else {
            // R6.1: lift the whole pit.
            sw.lift(self, p, obs);
            // R6.2: a first lap of 2..15 seeds may make this a capture move.
            first_lap_decides = sw.seeds <= 15;
        }

        let mut guard = LapGuard::new(limit, cycle_from);
        loop {
            let state = || LapState {
                pits: self.pits,
                nyumba: self.nyumba,
                pos: sw.pos as u8,
                seeds: sw.seeds as u8,
                clockwise: sw.cw,
                capture: capture_move,
            };
            if guard.lap(&mut info, state) {
                return info;
            }
            // R10.1: a lap that starts in the back row while the front row is empty (its last
            // pit was just lifted) empties the mover's front row: the mover loses.
            if sw.pos >= WIDTH && front_bits(&self.pits[s]) == 0 {
                self.pits[s][sw.pos] += 1;
                if O::ENABLED {
                    obs.event(Event::Sow {
                        pit: self.pit(side, sw.pos),
                    });
                    obs.event(Event::GameOver {
                        winner: side.other(),
                        travelling: (sw.seeds - 1) as u8,
                    });
                }
                return self.finish_game_over(info, capture_move, side);
            }
            // R3.1: one seed per pit.
            if O::ENABLED {
                loop {
                    self.pits[s][sw.pos] += 1;
                    obs.event(Event::Sow {
                        pit: self.pit(side, sw.pos),
                    });
                    sw.seeds -= 1;
                    if sw.seeds == 0 {
                        break;
                    }
                    sw.pos = step::<RING>(sw.pos, sw.cw);
                }
            } else {
                sw.pos = sow_lap(&mut self.pits[s], sw.pos, sw.seeds as usize, sw.cw);
            }
            let x = sw.pos;
            // R3.2a: an empty pit ends the move.
            if self.pits[s][x] == 1 {
                if O::ENABLED {
                    obs.event(Event::Stop {
                        reason: StopReason::EmptyPit,
                    });
                }
                break;
            }
            let facing_seeds = x < WIDTH && self.pits[o][facing(x)] > 0;
            // R3.4, R6.2: in mtaji the first lap decides whether this is a capture move.
            if first_lap_decides {
                first_lap_decides = false;
                capture_move = facing_seeds;
            }
            // R3.2b: capture, then a capture lap from a kichwa.
            if capture_move && facing_seeds {
                if !sw.capture(self, x, obs) {
                    return self.finish_game_over(info, capture_move, side);
                }
                continue;
            }
            // R3.2c: the takasia'd pit stops the move.
            if x == blocked {
                if O::ENABLED {
                    obs.event(Event::Stop {
                        reason: StopReason::Takasia,
                    });
                }
                break;
            }
            // R3.2d: the functional nyumba in a namua move: stop, or safari in a capture move.
            if namua && x == NYUMBA && self.nyumba[s] && self.pits[s][NYUMBA] >= 6 {
                if capture_move {
                    info.decision = true;
                }
                if !capture_move || !code.safari {
                    if O::ENABLED {
                        obs.event(Event::Stop {
                            reason: StopReason::Nyumba,
                        });
                    }
                    break;
                }
                if O::ENABLED {
                    obs.event(Event::Safari);
                }
            }
            // R3.2e: relay.
            sw.lift(self, x, obs);
        }

        info.capture = capture_move;
        self.turn = side.other();
        // L5: the side now to move must capture the pit it reserved on its previous move.
        self.reserved = if self.is_kete() { old_takasia } else { NONE };
        self.takasia = NONE;
        // R8.1: takasia after a mtaji takasa.
        if !capture_move && sw.mtaji_stage && self.takasia_rule() != TakasiaRule::Off {
            let t = self.takasia_target();
            if t != NONE {
                self.takasia = t;
                info.takasia_set = true;
                if O::ENABLED {
                    obs.event(Event::Takasia {
                        pit: self.pit(side.other(), t as usize),
                    });
                }
            }
        }
        info
    }

    /// R7.2: `side` no longer owns its nyumba.
    #[inline(always)]
    fn destroy_nyumba<O: Observer>(&mut self, side: usize, obs: &mut O) {
        if self.nyumba[side] {
            self.nyumba[side] = false;
            if O::ENABLED {
                obs.event(Event::NyumbaDestroyed {
                    side: Side::ALL[side],
                });
            }
        }
    }

    fn finish_game_over(&mut self, mut info: RunInfo, capture: bool, mover: Side) -> RunInfo {
        info.capture = capture;
        info.end = End::GameOver(if front_bits(&self.pits[mover.index()]) == 0 {
            mover.other()
        } else {
            mover
        });
        self.turn = mover.other();
        self.takasia = NONE;
        self.reserved = NONE;
        info
    }

    /// R8.1-R8.2: the pit of the side to move (Q) that the opponent (P) takasias, or `NONE`.
    fn takasia_target(&self) -> u8 {
        let q = self.turn.index();
        let p = 1 - q;
        // (i) Q has no capture move.
        if self.capture_targets(q, usize::MAX) != 0 {
            return NONE;
        }
        // (ii) P threatens exactly one of Q's front pits.
        let targets = self.capture_targets(p, usize::MAX);
        if targets.count_ones() != 1 {
            return NONE;
        }
        let t = targets.trailing_zeros() as usize;
        let qp = &self.pits[q];
        // R8.2 exceptions.
        let only_occupied = (0..WIDTH).all(|r| r == t || qp[r] == 0);
        let only_two_plus = qp[t] >= 2 && (0..WIDTH).all(|r| r == t || qp[r] < 2);
        let single = qp[t] == 1 && self.takasia_rule() == TakasiaRule::Default;
        if (t == NYUMBA && self.nyumba[q]) || only_occupied || only_two_plus || single {
            return NONE;
        }
        t as u8
    }
}

/// The working state of one move in [`Bao::bao_run`]: the seeds in hand, where the next lap
/// starts and its direction, which a capture (R4) sets anew.
struct Sowing {
    side: Side,
    /// R2.2: both hands are empty.
    mtaji_stage: bool,
    cw: bool,
    pos: usize,
    seeds: u32,
}

impl Sowing {
    /// R4: takes the opponent's pit facing own front pit `x` into hand for a capture lap from a
    /// kichwa. Returns `false` when the capture ends the game.
    #[inline(always)]
    fn capture<O: Observer>(&mut self, b: &mut Bao, x: usize, obs: &mut O) -> bool {
        let (side, s, o) = (self.side, self.side.index(), self.side.other().index());
        let f = facing(x);
        let taken = b.pits[o][f];
        b.pits[o][f] = 0;
        // R4.3: kichwa and direction; a central pit keeps the direction, which in a capture
        // placement is still the one the move chose (R5.1).
        self.cw = match x {
            0 | 1 => true,
            6 | 7 => false,
            _ => self.cw,
        };
        let kichwa = if self.cw { 0 } else { WIDTH - 1 };
        if O::ENABLED {
            obs.event(Event::Capture {
                from: Pit::from_ring(side.other(), f, WIDTH),
                seeds: taken,
                kichwa: Pit::from_ring(side, kichwa, WIDTH),
                dir: if self.cw {
                    Direction::Clockwise
                } else {
                    Direction::Anticlockwise
                },
            });
        }
        // R4.4: capturing the owned nyumba destroys it.
        if f == NYUMBA {
            b.destroy_nyumba(o, obs);
        }
        // R7.2c: the first capture of the mtaji stage ends both nyumbas.
        if self.mtaji_stage {
            b.destroy_nyumba(s, obs);
            b.destroy_nyumba(o, obs);
        }
        // R4.5, R10.1: the opponent's front row is empty: the game ends now.
        if front_bits(&b.pits[o]) == 0 {
            if O::ENABLED {
                obs.event(Event::GameOver {
                    winner: side,
                    travelling: taken,
                });
            }
            false
        } else {
            self.pos = kichwa;
            self.seeds = u32::from(taken);
            true
        }
    }

    /// R3.2e, R6.1: lifts own pit `r` whole to sow on from the next pit; emptying the owned
    /// nyumba destroys it (R7.2b, R7.4).
    #[inline(always)]
    fn lift<O: Observer>(&mut self, b: &mut Bao, r: usize, obs: &mut O) {
        let (side, s) = (self.side, self.side.index());
        self.seeds = lift(&mut b.pits[s], r, || Pit::from_ring(side, r, WIDTH), obs);
        if r == NYUMBA {
            b.destroy_nyumba(s, obs);
        }
        self.pos = step::<RING>(r, self.cw);
    }
}

impl Rules for Bao {
    super::four_row_accessors!();

    fn start(variant: Variant) -> Self {
        Self::bao_start(variant)
    }

    fn from_setup(variant: Variant, setup: &Setup) -> Result<Self, PositionError> {
        super::check_shape(variant, setup)?;
        let game = variant.game();
        let mut b = Self::bao_start(variant);
        b.turn = setup.turn;
        b.pits = super::rings_from_setup(setup, WIDTH);
        if setup.stores.is_some() {
            return Err(PositionError::Fields("Bao diagrams have no stores field"));
        }
        match (game, setup.bao) {
            (Game::BaoLaKujifunza, None) => {}
            (Game::BaoLaKujifunza, Some(_)) => {
                return Err(PositionError::Fields(
                    "bao-la-kujifunza diagrams have no extra fields",
                ));
            }
            (_, None) => {
                return Err(PositionError::Fields(
                    "expected hands, houses and takasia fields",
                ));
            }
            (_, Some(f)) => {
                if game == Game::BaoLaKete && f.reserved.is_none() {
                    return Err(PositionError::Fields(
                        "bao-la-kete diagrams have a fourth field",
                    ));
                }
                if game == Game::BaoLaKiswahili && f.reserved.is_some() {
                    return Err(PositionError::Fields(
                        "bao-la-kiswahili diagrams have three fields",
                    ));
                }
                b.hand = [f.hands.south, f.hands.north];
                b.nyumba = [f.nyumba.south, f.nyumba.north];
                if let Some(t) = f.takasia {
                    let r = t.ring_index(WIDTH);
                    if b.hand != [0, 0] {
                        return Err(PositionError::Takasia(
                            "takasia exists only in the mtaji stage",
                        ));
                    }
                    if r == NYUMBA && b.nyumba[b.turn.index()] {
                        return Err(PositionError::Takasia(
                            "an owned nyumba cannot be takasia'd",
                        ));
                    }
                    if b.takasia_rule() == TakasiaRule::Off {
                        return Err(PositionError::Takasia("takasia is off in this variant"));
                    }
                    b.takasia = r as u8;
                }
                if let Some(Some(p)) = f.reserved {
                    b.reserved = p.ring_index(WIDTH) as u8;
                }
            }
        }
        Ok(b)
    }

    fn to_setup(&self) -> Setup {
        let pit_of = |side: Side, r: u8| (r != NONE).then(|| self.pit(side, r.into()));
        let bao = match self.variant.game() {
            Game::BaoLaKujifunza => None,
            game => Some(BaoFields {
                hands: BySide::new(self.hand[0], self.hand[1]),
                nyumba: BySide::new(self.nyumba[0], self.nyumba[1]),
                takasia: pit_of(self.turn, self.takasia),
                reserved: (game == Game::BaoLaKete)
                    .then(|| pit_of(self.turn.other(), self.reserved)),
            }),
        };
        Setup {
            bao,
            ..super::setup_from_rings(&self.pits, WIDTH, self.turn)
        }
    }

    fn total_seeds(&self) -> u32 {
        super::seeds_with(&self.pits, self.hand)
    }

    fn state_word(&self) -> u64 {
        super::turn_word(self.turn, self.hand)
            | u64::from(self.nyumba[0]) << 24
            | u64::from(self.nyumba[1]) << 25
            | u64::from(self.takasia) << 32
            | u64::from(self.reserved) << 40
    }

    fn board_outcome(&self) -> Option<Outcome> {
        self.emptied_front().map(|loser| Outcome {
            winner: Some(loser.other()),
            reason: EndReason::FrontRowEmpty,
        })
    }

    fn candidates(&self, out: &mut MoveList) {
        let mut cands = Cands::new();
        self.candidate_codes(&mut cands);
        out.extend(cands.as_slice().iter().map(|&c| self.code_move(c)));
    }

    fn run<O: Observer>(&mut self, m: Move, limit: u32, cycle_from: u32, obs: &mut O) -> RunInfo {
        self.bao_run(m, limit, cycle_from, obs)
    }

    fn legal_with<F: FnMut(Move, &Self, &RunInfo)>(&self, f: F) {
        self.bao_legal_with(f);
    }

    fn has_legal_move(&self) -> bool {
        self.bao_has_legal_move()
    }

    fn is_candidate(&self, m: Move) -> bool {
        self.bao_is_candidate(m)
    }

    fn play_random<P: FnMut(usize) -> usize>(&mut self, pick: P) -> Option<Move> {
        self.bao_play_random(pick)
    }

    fn decided_as_named(&self, m: Move, info: &RunInfo) -> bool {
        !m.is_safari() || info.decision
    }

    fn marks(&self, info: &RunInfo) -> &'static str {
        match (info.capture, info.takasia_set) {
            (true, _) => "",
            (false, false) => "*",
            (false, true) => "**",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lap table and the whole rounds against sowing seed by seed with [`step`].
    #[test]
    fn lap_table_matches_stepping() {
        for cw in [false, true] {
            for first in 0..RING {
                for n in 1..3 * RING {
                    let mut fast = [0u8; RING];
                    let last = sow_lap(&mut fast, first, n, cw);
                    let mut slow = [0u8; RING];
                    let mut pos = first;
                    for i in 0..n {
                        slow[pos] += 1;
                        if i + 1 < n {
                            pos = step::<RING>(pos, cw);
                        }
                    }
                    assert_eq!(fast, slow, "first={first} n={n} cw={cw}");
                    assert_eq!(last, pos, "first={first} n={n} cw={cw}");
                }
            }
        }
    }

    /// The word-wide tests of 2..15 and of 2 or more seeds against the plain ones, over every count a pit can hold.
    #[test]
    fn capture_starts_are_two_to_fifteen() {
        for n in 0..=64u8 {
            let mut pits = [0u8; RING];
            for (r, p) in pits.iter_mut().enumerate() {
                *p = (u32::from(n) + r as u32 * 7) as u8 % 65;
            }
            let want = (0..RING).fold(0u32, |m, r| m | u32::from((2..=15).contains(&pits[r])) << r);
            assert_eq!(capture_starts(&pits), want, "{pits:?}");
            let (front, back) = ring_words(&pits);
            let two = |half: &[u8]| (0..WIDTH).fold(0u32, |m, x| m | u32::from(half[x] >= 2) << x);
            assert_eq!(two_or_more(front), two(&pits[..WIDTH]), "{pits:?}");
            assert_eq!(two_or_more(back), two(&pits[WIDTH..]), "{pits:?}");
        }
    }
}
