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

    /// The candidates of a mask with bit `2r` for the clockwise move from ring pit `r` and bit
    /// `2r + 1` for the anticlockwise one, lowest bit first: code = bit index ^ 1.
    #[inline(always)]
    fn from_mask(mut mask: u32) -> Self {
        let mut c = Self::new();
        while mask != 0 {
            // At most 32 bits, so `len` stays below BAO_CANDIDATES and the mask is exact.
            c.codes[c.len & (BAO_CANDIDATES - 1)] = (mask.trailing_zeros() ^ 1) as u8;
            c.len += 1;
            mask &= mask - 1;
        }
        c
    }

    fn as_slice(&self) -> &[u8] {
        &self.codes[..self.len]
    }

    fn swap_remove(&mut self, k: usize) {
        self.len -= 1;
        self.codes[k] = self.codes[self.len];
    }
}

/// [`Bao::bao_run_kernel`]'s `STAGE`: the hand of the side to move says.
const ANY_STAGE: u8 = 0;
/// [`Bao::bao_run_kernel`]'s `STAGE`: the side to move has seeds in hand (R5).
const NAMUA: u8 = 1;
/// [`Bao::bao_run_kernel`]'s `STAGE`: the side to move has no seeds in hand (R6).
const MTAJI: u8 = 2;

/// [`Bao::bao_run_kernel`]'s `KIND`: the move is any candidate; the kernel finds whether it
/// is a capture move.
const ANY_KIND: u8 = 0;
/// [`Bao::bao_run_kernel`]'s `KIND`: the move is a capture move (a namua capture placement,
/// R5.1, or a mtaji capture move, R6.2), as every candidate is when one is.
const CAPTURE_MOVE: u8 = 1;
/// [`Bao::bao_run_kernel`]'s `KIND`: the move is a takasa move (no capture placement in namua,
/// and in mtaji the side to move has no capture move at all, so no first lap captures).
const TAKASA_MOVE: u8 = 2;

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

    /// A candidate code (`ring index * 2 + clockwise`, `| 0x80` for its safari twin; the ring
    /// index is below 16).
    #[inline(always)]
    const fn of_candidate(c: u8) -> Self {
        Self {
            pit: ((c >> 1) & 0x0F) as usize,
            cw: c & 1 != 0,
            safari: c & 0x80 != 0,
        }
    }
}

impl Code {
    /// The lap that sows on from the pit played, in its direction: `lap_index(cw, step(pit,
    /// cw), 0)`, from [`RELAY_LAPS`].
    #[inline(always)]
    fn relay_lap(self) -> usize {
        usize::from(RELAY_LAPS[(self.pit << 1 | usize::from(self.cw)) & (2 * RING - 1)])
    }
}

/// `CAPTURE_LAPS[x * 2 + cw]`: the capture lap after a capture at own front pit `x` by a move
/// going in direction `cw` (R4.3): from the kichwa, clockwise from the left one (index 0)
/// after a capture at front index 0 or 1, anticlockwise from the right one (index 7) after 6
/// or 7, and from a central pit on in the move's direction, as `lap_index(cw, kichwa, 0)`.
static CAPTURE_LAPS: [u16; 2 * WIDTH] = {
    let mut t = [0u16; 2 * WIDTH];
    let mut i = 0;
    while i < 2 * WIDTH {
        let cw = match i >> 1 {
            0 | 1 => true,
            6 | 7 => false,
            _ => i & 1 == 1,
        };
        let kichwa = if cw { 0 } else { WIDTH - 1 };
        t[i] = lap_index(cw, kichwa, 0) as u16;
        i += 1;
    }
    t
};

/// `RELAY_LAPS[pit * 2 + cw]`: the lap that sows on from `pit` in direction `cw`,
/// `lap_index(cw, step(pit, cw), 0)`.
static RELAY_LAPS: [u16; 2 * RING] = {
    let mut t = [0u16; 2 * RING];
    let mut i = 0;
    while i < 2 * RING {
        let (pit, cw) = (i >> 1, i & 1 == 1);
        t[i] = lap_index(cw, step::<RING>(pit, cw), 0) as u16;
        i += 1;
    }
    t
};

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

/// The index of a lap in [`LAP_ENTRIES`]: its direction, its first pit and its seeds modulo
/// 16, four bits each (the masks keep every index in range, so the look-ups need no bounds
/// checks). [`lap_cw`] and [`lap_first`] read it back.
#[inline(always)]
const fn lap_index(cw: bool, first: usize, n: usize) -> usize {
    (cw as usize) << 8 | (first & (RING - 1)) << 4 | (n & (RING - 1))
}

/// The direction of a lap given by its [`lap_index`]: clockwise or not.
#[inline(always)]
const fn lap_cw(lap: usize) -> bool {
    lap & 1 << 8 != 0
}

/// The first pit of a lap given by its [`lap_index`].
#[inline(always)]
const fn lap_first(lap: usize) -> usize {
    lap >> 4 & (RING - 1)
}

/// A lap of the table [`LAP_ENTRIES`].
#[derive(Clone, Copy)]
struct LapEntry {
    /// What the lap's seeds modulo 16 add to the ring read as a little-endian `u128` (byte `r`
    /// is pit `r`), one in each pit sown.
    add: u128,
    /// In bits 0..4 the pit where the lap ends (the last seed falls `n` pits on from the pit
    /// before the first, and a whole round comes back to the same pit), and in the bits above
    /// it the lap a relay from that pit starts, `lap_index(cw, step(last, cw), 0)` (R3.2e).
    last: u16,
}

/// `LAP_ENTRIES[lap_index(cw, first, rem)]`: a lap of `rem` (0..16, or any count with that
/// remainder for `last`) seeds sown from pit `first` in direction `cw`. Built by stepping the
/// ring seed by seed, as the rules say a lap goes (R3.1), with [`landing`] and [`step`], so the
/// table is the definition itself, precomputed; the unit test `lap_table_matches_stepping`
/// checks it through [`sow_lap`]. 16 KiB, which stays in the first-level cache during
/// playouts.
static LAP_ENTRIES: [LapEntry; 2 * RING * RING] = {
    let mut t = [LapEntry { add: 0, last: 0 }; 2 * RING * RING];
    let mut cw = 0;
    while cw < 2 {
        let c = cw == 1;
        let mut first = 0;
        while first < RING {
            let mut rem = 0;
            while rem < RING {
                let add = if rem == 0 {
                    0
                } else {
                    // One more seed than the lap of `rem - 1`: into the pit after its last.
                    let pit = landing::<RING>(first, rem - 1, c);
                    t[lap_index(c, first, rem - 1)].add + (1u128 << (8 * pit))
                };
                let last = landing::<RING>(step::<RING>(first, !c), rem, c);
                let relay = lap_index(c, step::<RING>(last, c), 0);
                t[lap_index(c, first, rem)] = LapEntry {
                    add,
                    last: (last | relay) as u16,
                };
                rem += 1;
            }
            first += 1;
        }
        cw += 1;
    }
    t
};

/// Sows `n` seeds one per pit in the lap `lap` (`lap_index(cw, first, 0)`: from `first` on in
/// the given direction; bits 0..4 are ignored); returns the last pit and the lap a relay from
/// it starts (in bits 4 and up; bits 0..4 hold the last pit). The trace
/// path sows seed by seed instead, and the oracle tests check both agree.
///
/// The lap is one addition on the ring read as a `u128`: `n / 16` whole rounds add that many
/// to every byte, and the remaining `n % 16` seeds add their [`LAP_ENTRIES`] entry's `add`.
/// The addition never carries
/// from one byte into the next: each byte's sum is the pit's new count, which is at most the
/// position's seed total (at most 255).
#[inline(always)]
fn sow_lap(pits: &mut [u8; RING], lap: usize, n: usize) -> (usize, usize) {
    let i = (lap & !(RING - 1)) | (n & (RING - 1));
    let entry = &LAP_ENTRIES[i & (LAP_ENTRIES.len() - 1)];
    let mut add = entry.add;
    if n >= RING {
        add += ONES * (n / RING) as u128;
    }
    *pits = (u128::from_le_bytes(*pits) + add).to_le_bytes();
    let last = usize::from(entry.last);
    (last & (RING - 1), last)
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

/// Bit `x` of the 8 pits in `v` (byte `x` pit `x`) set when the pit holds seeds.
#[inline(always)]
const fn occupied(v: u64) -> u32 {
    gather_high_bits(nonzero_bytes(v))
}

/// Bit `x` of the 8 pits in `v` set when the pit holds at least 2 seeds: some bit above bit 0.
#[inline(always)]
const fn two_or_more(v: u64) -> u32 {
    occupied(v & 0xFEFE_FEFE_FEFE_FEFE)
}

/// The ring as two words of eight pits, byte `x` = pit `x`: the front row (ring indices 0..7)
/// and the back row (8..15).
#[inline(always)]
fn ring_words(pits: &[u8; RING]) -> (u64, u64) {
    let ring = u128::from_le_bytes(*pits);
    (ring as u64, (ring >> 64) as u64)
}

/// The high bit of every byte of a `u64`.
const HIGH64: u64 = 0x8080_8080_8080_8080;

/// A ring's sixteen counts cut to their low four bits, one nibble each, in a `u64`: byte `k`
/// holds pit `k` in its low nibble and pit `k + 8` in its high nibble.
#[inline(always)]
const fn nibbles(ring: u128) -> u64 {
    const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    (ring as u64 & LOW) | ((ring >> 64) as u64 & LOW) << 4
}

/// `LANDINGS[x][cw]`, laid out as [`nibbles`]: for pit `r`, the number of seeds, modulo 16,
/// with which a lap from ring pit `r` in the direction ends in front pit `x` (R3.1): `(x - r)
/// mod 16` clockwise, `(r - x) mod 16` anticlockwise. So a pit of 2..15 seeds (a capture
/// start, R6.2) reaches `x` exactly when its count equals its nibble here. Built with
/// [`landing`], the definition of where a lap ends; the unit test
/// `landing_table_matches_laps` checks it.
static LANDINGS: [[u64; 2]; WIDTH] = {
    let mut t = [[0u64; 2]; WIDTH];
    let mut cw = 0;
    while cw < 2 {
        let mut x = 0;
        while x < WIDTH {
            let mut bytes = [0u8; RING];
            let mut r = 0;
            while r < RING {
                let mut n = 0;
                while n < RING {
                    if landing::<RING>(r, n, cw == 1) == x {
                        bytes[r] = n as u8;
                    }
                    n += 1;
                }
                r += 1;
            }
            t[x][cw] = nibbles(u128::from_le_bytes(bytes));
            x += 1;
        }
        cw += 1;
    }
    t
};

/// The start pits (bit `r`) of the laps of 2..15 seeds that end in a front pit of `landings`
/// (bit `x`), clockwise and anticlockwise, for a ring `own` read as a `u128`: the pits of
/// 2..15 seeds whose count equals their nibble in `LANDINGS[x][cw]` for some `x`.
///
/// Sixteen nibble comparisons a landing pit in one word. The counts are cut to their low
/// four bits ([`nibbles`]; a pit of 16 or more, or of fewer than 2, is no start and is dropped
/// at the end), so each exclusive or with the table is a nibble, which is not zero exactly
/// when its low three bits plus 7 carry into its high bit or that bit is set, with no carry
/// out of the nibble. The unit test `candidates_match_plain` checks it pit by pit.
#[inline(always)]
fn capture_starts_landing(own: u128, mut landings: u32) -> (u32, u32) {
    let starts = CaptureStarts::of(own);
    // Bit 3 of the nibble of pit r stays set while no landing pit so far matched its count.
    let (mut miss_cw, mut miss_ccw) = (!0u64, !0u64);
    while landings != 0 {
        let x = landings.trailing_zeros() as usize;
        landings &= landings - 1;
        let (cw, ccw) = starts.misses(x);
        miss_cw &= cw;
        miss_ccw &= ccw;
    }
    // The high bit of byte k's low nibble is pit k's, of its high nibble pit k + 8's.
    let gather = |miss: u64| {
        let hit = !miss & starts.starts;
        gather_high_bits(hit << 4 & HIGH64) | gather_high_bits(hit & HIGH64) << WIDTH
    };
    (gather(miss_cw), gather(miss_ccw))
}

/// A ring's counts laid out for [`capture_starts_landing`]: the low four bits of every count
/// ([`nibbles`]) and, in bit 3 of each nibble, whether the pit holds 2..15 seeds.
#[derive(Clone, Copy)]
struct CaptureStarts {
    low: u64,
    starts: u64,
}

/// Three in every nibble: the low three bits, for the nibble tests of [`CaptureStarts`].
const SEVENS: u64 = 0x7777_7777_7777_7777;

impl CaptureStarts {
    /// The counts of the ring `own` read as a `u128`.
    #[inline(always)]
    const fn of(own: u128) -> Self {
        // The 2..15 test in the nibbles' layout, in bit 3 of each nibble: the count's high
        // four bits are zero (`high` holds them as `low` the low four), and its low four are 2
        // or more (bits 1 and 2 plus 6 carry into bit 3, or bit 3 is set); no sum leaves its
        // nibble.
        const NIBBLE_LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
        const SIXES: u64 = 0x6666_6666_6666_6666;
        let low = nibbles(own);
        let high = ((own as u64) >> 4 & NIBBLE_LOW) | ((own >> 64) as u64 & !NIBBLE_LOW);
        let sixteen_plus = ((high & SEVENS) + SEVENS) | high;
        let two_plus = ((low & SIXES) + SIXES) | low;
        Self {
            low,
            starts: two_plus & !sixteen_plus & 0x8888_8888_8888_8888,
        }
    }

    /// Bit 3 of pit r's nibble is set, clockwise and anticlockwise, when its count modulo 16
    /// is not the one whose lap ends in front pit `x`: the exclusive or with the table is a
    /// nibble, not zero exactly when its low three bits plus 7 carry into its high bit or that
    /// bit is set, with no carry out of the nibble.
    #[inline(always)]
    fn misses(self, x: usize) -> (u64, u64) {
        let row = &LANDINGS[x & (WIDTH - 1)];
        let (cw, ccw) = (self.low ^ row[1], self.low ^ row[0]);
        (
            ((cw & SEVENS) + SEVENS) | cw,
            ((ccw & SEVENS) + SEVENS) | ccw,
        )
    }

    /// Whether some pit of 2..15 seeds starts a lap, in either direction, that ends in front
    /// pit `x`.
    #[inline(always)]
    fn reaches(self, x: usize) -> bool {
        let (cw, ccw) = self.misses(x);
        !(cw & ccw) & self.starts != 0
    }
}

/// The code of the candidate `k` (from 0) of a [`Cands::from_mask`] mask with more than `k`
/// bits set.
#[cfg(test)]
fn nth_code(mask: u32, k: usize) -> u8 {
    nth_code_counted(mask, running_counts(mask), k)
}

/// Byte `i` holds the number of bits set in bytes `0..=i` of `mask` (at most 32, so every
/// byte keeps its high bit clear): the bits counted two, four and eight at a time, then the
/// byte counts summed into every byte above by one multiplication. The top byte is the
/// count of the whole mask.
#[inline(always)]
const fn running_counts(mask: u32) -> u32 {
    let pairs = mask - ((mask >> 1) & 0x5555_5555);
    let quads = (pairs & 0x3333_3333) + ((pairs >> 2) & 0x3333_3333);
    let bytes = (quads + (quads >> 4)) & 0x0F0F_0F0F;
    bytes.wrapping_mul(0x0101_0101)
}

/// [`nth_code`] given the mask's [`running_counts`], with no loop: the byte holding bit `k`
/// is the first whose running count exceeds `k` (the counts in bytes with their high bit set,
/// minus `k + 1` in every byte, keep that bit exactly where the count is `k + 1` or more,
/// with no borrow between bytes); within it, [`BYTE_SELECT`] finds the bit.
#[inline(always)]
fn nth_code_counted(mask: u32, counts: u32, k: usize) -> u8 {
    const HIGH: u32 = 0x8080_8080;
    let past = ((counts | HIGH) - (k as u32 + 1).wrapping_mul(0x0101_0101)) & HIGH;
    // `k` is below the count of the mask, so the top byte at least is past it.
    let shift = past.trailing_zeros() & 0x18;
    // The running count before that byte.
    let before = (counts << 8) >> shift & 0xFF;
    let byte = (mask >> shift) & 0xFF;
    let local = (k as u32).wrapping_sub(before) & 7;
    let bit = u32::from(BYTE_SELECT[(byte << 3 | local) as usize & (BYTE_SELECT.len() - 1)]);
    ((shift + bit) ^ 1) as u8
}

/// `BYTE_SELECT[b * 8 + j]`: the index of the bit `j` (from 0, lowest first) set in the byte
/// `b`, or 0 where `b` has no more than `j` bits set.
static BYTE_SELECT: [u8; 256 * 8] = {
    let mut t = [0u8; 256 * 8];
    let mut b = 0;
    while b < 256 {
        let (mut j, mut i) = (0, 0);
        while i < 8 {
            if b >> i & 1 != 0 {
                t[b * 8 + j] = i as u8;
                j += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// Bits `0..16` of `cw` to the even bits and those of `ccw` to the odd bits: the candidate
/// mask of [`Cands::from_mask`] from a mask of clockwise and one of anticlockwise start pits.
#[inline(always)]
const fn interleave(cw: u32, ccw: u32) -> u32 {
    const fn spread(v: u32) -> u32 {
        SPREAD[(v & 0xFF) as usize] as u32 | (SPREAD[(v >> 8 & 0xFF) as usize] as u32) << 16
    }
    spread(cw) | spread(ccw) << 1
}

/// `SPREAD[b]`: bit `i` of `b` moved to bit `2i`, for [`interleave`].
const SPREAD: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= ((b as u16 >> i) & 1) << (2 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

/// `NAMUA_CAPTURES[hot]`: the namua capture placements (R5.1) into the front pits of `hot`
/// (bit `x`: own front pit `x` is occupied and faces seeds) as a [`Cands::from_mask`] mask in
/// the low 32 bits, and its [`running_counts`] in the high 32 bits. R4.3: the kimbi and the
/// kichwa (front indices 0, 1 and 6, 7) force the direction towards the kichwa, the central
/// pits choose: clockwise from pits 0..5, anticlockwise from pits 2..7.
static NAMUA_CAPTURES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut hot = 0;
    while hot < 256 {
        let mask = interleave(hot & 0b0011_1111, hot & 0b1111_1100);
        t[hot as usize] = mask as u64 | (running_counts(mask) as u64) << 32;
        hot += 1;
    }
    t
};

/// `NAMUA_CAPTURE_CODES[hot][j]`: the code of the candidate `j` of the mask
/// `NAMUA_CAPTURES[hot]` (at most 12 of them: two directions from front indices 2..5, one
/// from 0, 1, 6 and 7), as [`nth_code`] finds it, so that a namua capture draw needs no count.
static NAMUA_CAPTURE_CODES: [[u8; 16]; 256] = {
    let mut t = [[0u8; 16]; 256];
    let mut hot = 0;
    while hot < 256 {
        let mut mask = NAMUA_CAPTURES[hot] as u32;
        let mut j = 0;
        while mask != 0 {
            t[hot][j] = (mask.trailing_zeros() ^ 1) as u8;
            mask &= mask - 1;
            j += 1;
        }
        hot += 1;
    }
    t
};

/// The takasa candidates from the front pits of `allowed` (a mask of front indices), both
/// directions, but a lone kichwa may not be sown towards the back row (R5.2c, R6.4): front
/// index 0 anticlockwise, or 7 clockwise, when no other front pit of `occupied` holds seeds.
#[inline(always)]
const fn lone_kichwa_ok(allowed: u32, occupied: u32) -> u32 {
    let last = 1 << (WIDTH - 1);
    let cw = if occupied & !last == 0 {
        allowed & !last
    } else {
        allowed
    };
    let ccw = if occupied & !1 == 0 {
        allowed & !1
    } else {
        allowed
    };
    interleave(cw, ccw)
}

/// [`lone_kichwa_ok`] with its [`running_counts`], from a table: `TAKASA_MASKS[allowed | r << 8
/// | l << 9]`, where `r` and `l` say that no front pit but the right kichwa (index 7), or but
/// the left one (index 0), holds seeds; the candidate mask in the low 32 bits, its counts in
/// the high 32 bits.
static TAKASA_MASKS: [u64; 1024] = {
    let mut t = [0u64; 1024];
    let mut i = 0;
    while i < 1024 {
        let allowed = (i & 0xFF) as u32;
        // An occupied row with exactly the flags of the index.
        let occupied = match i >> 8 {
            0 => 0xFF,
            1 => 1 << (WIDTH - 1),
            2 => 1,
            _ => 0,
        };
        let mask = lone_kichwa_ok(allowed, occupied);
        t[i] = mask as u64 | (running_counts(mask) as u64) << 32;
        i += 1;
    }
    t
};

/// [`lone_kichwa_ok`] and its [`running_counts`] from [`TAKASA_MASKS`].
#[inline(always)]
fn lone_kichwa_ok_counted(allowed: u32, occupied: u32) -> (u32, u32) {
    let right_only = usize::from(occupied & !(1 << (WIDTH - 1)) == 0);
    let left_only = usize::from(occupied & !1 == 0);
    let entry = TAKASA_MASKS[(allowed as usize & 0xFF) | right_only << 8 | left_only << 9];
    (entry as u32, (entry >> 32) as u32)
}

#[inline(always)]
fn front_bits(p: &[u8; RING]) -> u64 {
    u128::from_le_bytes(*p) as u64
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
    /// ends in an occupied own front pit facing seeds. One table comparison per such landing
    /// pit (see [`LANDINGS`]).
    fn capture_targets(&self, side: usize) -> u8 {
        let mut hot = self.capturable_landings(side);
        if hot == 0 {
            return 0;
        }
        let starts = CaptureStarts::of(u128::from_le_bytes(self.pits[side]));
        let mut targets = 0u8;
        while hot != 0 {
            let x = hot.trailing_zeros() as usize;
            hot &= hot - 1;
            if starts.reaches(x) {
                targets |= 1 << facing(x);
            }
        }
        targets
    }

    /// Whether `side`, in the mtaji stage, has a capture move (R6.2): [`Self::capture_targets`]
    /// is not empty, found with no test per landing pit.
    #[inline(always)]
    fn has_capture(&self, side: usize) -> bool {
        let mut hot = self.capturable_landings(side);
        if hot == 0 {
            return false;
        }
        let starts = CaptureStarts::of(u128::from_le_bytes(self.pits[side]));
        // Bit 3 of pit r's nibble stays set while no landing pit matched it either way.
        let mut miss = !0u64;
        while hot != 0 {
            let (cw, ccw) = starts.misses(hot.trailing_zeros() as usize);
            hot &= hot - 1;
            miss &= cw & ccw;
        }
        !miss & starts.starts != 0
    }

    /// The capture moves of `side` in the mtaji stage (R6.2) whose first lap ends in one of the
    /// front pits of `landings`, as a [`Cands::from_mask`] mask: a start pit of 2..15 seeds,
    /// not `skip`, whose first lap ends in an occupied own front pit facing seeds.
    ///
    /// Instead of a test per start pit, one per landing pit `x` (there are few): a start pit
    /// `r` reaches `x` exactly when its count equals byte `r` of `LANDINGS[x][cw]`, so sixteen
    /// pits are compared at once (see [`capture_starts_landing`]).
    #[inline(always)]
    fn capture_mask(&self, side: usize, skip: usize, landings: u32) -> u32 {
        let hot = self.capturable_landings(side) & landings;
        if hot == 0 {
            return 0;
        }
        let (cw, ccw) = capture_starts_landing(u128::from_le_bytes(self.pits[side]), hot);
        let not_skip = !(1u32 << (skip & 31));
        interleave(cw & not_skip, ccw & not_skip)
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

    /// Candidate moves before the never-ending check and the stop/safari split, as a
    /// [`Cands::from_mask`] mask (bit `2r` the clockwise move from ring pit `r`, bit `2r + 1`
    /// the anticlockwise one): the candidates' order is pit by pit, clockwise first.
    #[inline(always)]
    fn candidate_mask(&self) -> u32 {
        if self.variant.game() == Game::BaoLaKujifunza {
            self.candidate_mask_in::<true>().0
        } else {
            self.candidate_mask_in::<false>().0
        }
    }

    /// [`Self::candidate_mask`], its [`running_counts`], whether the candidates are capture
    /// moves (namua capture placements, R5.1, or mtaji capture moves, R6.2), and for namua
    /// capture placements the front pits they go into (the index of [`NAMUA_CAPTURES`] and
    /// [`NAMUA_CAPTURE_CODES`], else 0); with `KUJIFUNZA` the position is one of Bao la Kujifunza (no
    /// hands, no takasia, no reservation: K3, K4), whose checks are left out.
    #[inline(always)]
    fn candidate_mask_in<const KUJIFUNZA: bool>(&self) -> (u32, u32, bool, usize) {
        let s = self.turn.index();
        if !KUJIFUNZA && self.hand[s] > 0 {
            let hot = self.capturable_landings(s) as usize & 0xFF;
            if hot != 0 {
                // R5.1, R4.3: the mask and its counts from the table.
                let entry = NAMUA_CAPTURES[hot];
                return (entry as u32, (entry >> 32) as u32, true, hot);
            }
            let (mask, counts) = self.namua_takasa_mask();
            return (mask, counts, false, 0);
        }
        let (mask, counts, captures) = self.mtaji_mask::<KUJIFUNZA>();
        (mask, counts, captures, 0)
    }

    /// The mtaji candidates (R6) as a [`Self::candidate_mask`] mask, its [`running_counts`],
    /// and whether they are capture moves (R6.2).
    #[inline(always)]
    fn mtaji_mask<const KUJIFUNZA: bool>(&self) -> (u32, u32, bool) {
        let s = self.turn.index();
        // R6: mtaji. R6.2: capture moves first; they are obligatory.
        let blocked = if KUJIFUNZA {
            usize::MAX
        } else {
            self.takasia as usize
        };
        let captures = self.capture_mask(s, blocked, 0xFF);
        if captures != 0 {
            // L5 (Bao la Kete): the reserved pit must be taken when some capture can take it.
            if !KUJIFUNZA && self.reserved != NONE {
                let forced = self.capture_mask(s, blocked, 1 << facing(usize::from(self.reserved)));
                if forced != 0 {
                    return (forced, running_counts(forced), true);
                }
            }
            return (captures, running_counts(captures), true);
        }
        let (mask, counts) = self.mtaji_takasa_mask::<KUJIFUNZA>(blocked);
        (mask, counts, false)
    }

    /// The namua takasa candidates (R5.2) as a [`Self::candidate_mask`] mask and its
    /// [`running_counts`], when there is no capture placement (R5.1, see [`NAMUA_CAPTURES`]).
    #[inline(always)]
    fn namua_takasa_mask(&self) -> (u32, u32) {
        let s = self.turn.index();
        let own = &self.pits[s];
        // R5.2: takasa from an occupied front pit.
        let front_row = front_bits(own);
        let occupied = occupied(front_row);
        let mut allowed = occupied;
        if self.nyumba[s] {
            // R5.2a: the functional nyumba only when it is the only occupied front pit.
            if own[NYUMBA] >= 6 && occupied & !(1 << NYUMBA) != 0 {
                allowed &= !(1 << NYUMBA);
            }
        } else {
            // R5.2b: without the nyumba, singletons only when all are singletons.
            let two_plus = two_or_more(front_row);
            if two_plus != 0 {
                allowed = two_plus;
            }
        }
        lone_kichwa_ok_counted(allowed, occupied)
    }

    /// The mtaji takasa candidates (R6.3, L3) as a [`Self::candidate_mask`] mask and its
    /// [`running_counts`], when there is no capture move; `blocked` is the takasia'd pit or out
    /// of range.
    /// (Bao la Kujifunza, `KUJIFUNZA`, computes the counts, which measured shorter there than
    /// the table.)
    fn mtaji_takasa_mask<const KUJIFUNZA: bool>(&self, blocked: usize) -> (u32, u32) {
        let s = self.turn.index();
        let own = &self.pits[s];
        let (front_row, back_row) = ring_words(own);
        // R6.3: takasa from the front row if possible, else from the back row.
        // L3 (Bao la Kete): while the kuu exists, the mtaji takasa starts from it.
        let front = if self.is_kete() && self.nyumba[s] && own[NYUMBA] >= 2 {
            1 << NYUMBA
        } else {
            two_or_more(front_row)
        } & !(1u32 << (blocked & 31));
        if front != 0 {
            let occupied = occupied(front_row);
            if KUJIFUNZA {
                let mask = lone_kichwa_ok(front, occupied);
                (mask, running_counts(mask))
            } else {
                lone_kichwa_ok_counted(front, occupied)
            }
        } else {
            let back = two_or_more(back_row) << WIDTH;
            let mask = interleave(back, back);
            (mask, running_counts(mask))
        }
    }

    /// The candidate moves as codes, in [`Self::candidate_mask`]'s order.
    #[inline(always)]
    fn candidate_codes(&self, out: &mut Cands) {
        *out = Cands::from_mask(self.candidate_mask());
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
    fn bao_play_random(&mut self, pick: impl FnMut(usize) -> usize) -> Option<Move> {
        let before = *self;
        let code = if self.variant.game() == Game::BaoLaKujifunza {
            self.play_random_code::<true>(pick)
        } else {
            self.play_random_code::<false>(pick)
        }?;
        let m = before.code_move(code & 0x7F);
        Some(if code & 0x80 != 0 { m.with_safari() } else { m })
    }

    /// [`Self::bao_play_random`] for the playout loop, which needs no [`Move`]: whether a move
    /// was played.
    fn bao_play_random_any(&mut self, pick: impl FnMut(usize) -> usize) -> bool {
        if self.variant.game() == Game::BaoLaKujifunza {
            self.play_random_code::<true>(pick).is_some()
        } else {
            self.play_random_code::<false>(pick).is_some()
        }
    }

    /// [`Self::bao_play_random`] returning the candidate code played (`| 0x80` for a safari).
    /// With `KUJIFUNZA` the position is one of Bao la Kujifunza (see
    /// [`Self::bao_run_kernel`]).
    ///
    /// The candidates are drawn from in [`Self::candidate_mask`]'s order, each followed, where
    /// a namua capture move can reach the nyumba decision, by its safari twins in the same
    /// order. The first draw reads its code off the mask; only a draw struck off makes the
    /// list, from which the next ones are drawn as before.
    #[inline(always)]
    fn play_random_code<const KUJIFUNZA: bool>(
        &mut self,
        pick: impl FnMut(usize) -> usize,
    ) -> Option<u8> {
        if self.emptied_front().is_some() {
            return None;
        }
        self.play_random_on::<KUJIFUNZA>(pick).map(|(code, _)| code)
    }

    /// [`Self::play_random_code`] in a position whose front rows both hold seeds (no game
    /// over): the code played and whether the move ended the game (R4.5, R10.1: a front row
    /// is empty after it, and only then).
    #[inline(always)]
    fn play_random_on<const KUJIFUNZA: bool>(
        &mut self,
        mut pick: impl FnMut(usize) -> usize,
    ) -> Option<(u8, bool)> {
        let (mask, counts, captures, namua_hot) = self.candidate_mask_in::<KUJIFUNZA>();
        let s = self.turn.index();
        // Only a namua capture move with an owned nyumba can reach the stop/safari decision.
        let twins = !KUJIFUNZA && captures && self.hand[s] > 0 && self.nyumba[s];
        let plain = (counts >> 24) as usize;
        let len = if twins { 2 * plain } else { plain };
        if len == 0 {
            return None;
        }
        let k = super::draw(&mut pick, len);
        let (j, twin) = if k < plain { (k, 0) } else { (k - plain, 0x80) };
        let code = if namua_hot != 0 {
            NAMUA_CAPTURE_CODES[namua_hot & 0xFF][j & 15]
        } else {
            nth_code_counted(mask, counts, j)
        } | twin;
        // The first draw's kernel knows whether the move is a capture move.
        if let Some(over) = self.play_candidate::<KUJIFUNZA>(captures, code) {
            return Some((code, over));
        }
        // Struck off: the list, as the draws go on from it.
        let mut cands = Cands::from_mask(mask);
        if twins {
            // Namua has at most 16 candidates, so the twins (code | 0x80) fit.
            for i in 0..cands.len {
                let twin = cands.codes[i] | 0x80;
                cands.push(twin);
            }
        }
        cands.swap_remove(k);
        while cands.len > 0 {
            let k = super::draw(&mut pick, cands.len);
            let code = cands.codes[k];
            // Every candidate of the list is of the first's kind.
            if let Some(over) = self.play_candidate::<KUJIFUNZA>(captures, code) {
                return Some((code, over));
            }
            cands.swap_remove(k);
        }
        None
    }

    /// [`Self::play_code`] for a candidate of the draw's kind: capture moves when `captures`,
    /// else takasa moves (every candidate of a position is of one kind: R5.1, R6.2).
    #[inline(always)]
    fn play_candidate<const KUJIFUNZA: bool>(&mut self, captures: bool, code: u8) -> Option<bool> {
        if captures {
            self.play_code::<KUJIFUNZA, CAPTURE_MOVE>(code)
        } else {
            self.play_code::<KUJIFUNZA, TAKASA_MOVE>(code)
        }
    }

    /// Plays a candidate code (`| 0x80` for its safari twin) and returns whether the move ended
    /// the game; when it turns out never-ending, or is a safari twin whose move never reaches
    /// the nyumba decision, leaves the position as it was and returns `None`. `KIND` is the
    /// candidate's kind as [`Self::bao_run_kernel`] takes it.
    #[inline(always)]
    fn play_code<const KUJIFUNZA: bool, const KIND: u8>(&mut self, code: u8) -> Option<bool> {
        let backup = *self;
        let run = Code::of_candidate(code);
        let (limit, silent) = (crate::LAP_LIMIT, &mut crate::sow::Silent);
        let info = if KUJIFUNZA {
            self.bao_run_kernel::<_, true, MTAJI, KIND>(run, limit, CYCLE_CHECK_FROM, silent)
        } else if self.hand[self.turn.index()] > 0 {
            self.bao_run_kernel::<_, false, NAMUA, KIND>(run, limit, CYCLE_CHECK_FROM, silent)
        } else {
            self.bao_run_kernel::<_, false, MTAJI, KIND>(run, limit, CYCLE_CHECK_FROM, silent)
        };
        if info.is_never_ending() || (run.safari && !info.decision) {
            *self = backup;
            return None;
        }
        let over = matches!(info.end, End::GameOver(_));
        // A move that ends the game empties a front row; any other leaves both holding seeds.
        debug_assert_eq!(over, self.emptied_front().is_some(), "{self:?}");
        Some(over)
    }

    /// [`Rules::random_plies`]: the playout loop in one piece, which tests the front rows
    /// once, and after a move only when it ended the game.
    #[inline(always)]
    fn bao_random_plies<const KUJIFUNZA: bool>(
        &mut self,
        mut pick: impl FnMut(usize) -> usize,
        max_plies: u32,
    ) -> u32 {
        if self.emptied_front().is_some() {
            return 0;
        }
        let mut plies = 0;
        while plies < max_plies {
            let Some((_, over)) = self.play_random_on::<KUJIFUNZA>(&mut pick) else {
                break;
            };
            plies += 1;
            if over {
                break;
            }
        }
        plies
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
    /// plays the drawn candidate without building a [`Move`] and reading it back. Bao la
    /// Kujifunza runs a copy of the kernel with its absent rules compiled out.
    #[inline(always)]
    fn bao_run_code<O: Observer>(
        &mut self,
        code: Code,
        limit: u32,
        cycle_from: u32,
        obs: &mut O,
    ) -> RunInfo {
        if self.variant.game() == Game::BaoLaKujifunza {
            self.bao_run_kernel::<O, true, MTAJI, ANY_KIND>(code, limit, cycle_from, obs)
        } else {
            self.bao_run_kernel::<O, false, ANY_STAGE, ANY_KIND>(code, limit, cycle_from, obs)
        }
    }

    /// The kernel of [`Self::bao_run_code`]. With `KUJIFUNZA` the position is one of Bao la
    /// Kujifunza, which has no seeds in hand, no nyumba, no takasia and no reservation (K3,
    /// K4): every move is a mtaji move, and the checks of those rules are left out of the copy
    /// (the state they read is always empty there, so both copies play alike). `STAGE` says
    /// whether the side to move has seeds in hand ([`NAMUA`]: a namua move, R5) or not
    /// ([`MTAJI`]: R6), when the caller knows, so that the copy leaves out the other stage's
    /// rules; [`ANY_STAGE`] reads the hand. `KIND` says, when the caller knows it from the
    /// candidates, that the move is a capture move ([`CAPTURE_MOVE`]) or not ([`TAKASA_MOVE`]),
    /// so that the copy needs no test of the placement or the first lap for it (and a takasa
    /// copy no capture test at all); [`ANY_KIND`] tests.
    #[allow(
        clippy::too_many_lines,
        reason = "one move, rule by rule, reads best in one piece"
    )]
    #[inline(always)]
    fn bao_run_kernel<O: Observer, const KUJIFUNZA: bool, const STAGE: u8, const KIND: u8>(
        &mut self,
        code: Code,
        limit: u32,
        cycle_from: u32,
        obs: &mut O,
    ) -> RunInfo {
        let side = self.turn;
        let s = side.index();
        let o = 1 - s;
        let namua = match STAGE {
            NAMUA => true,
            MTAJI => false,
            _ => !KUJIFUNZA && self.hand[s] > 0,
        };
        debug_assert_eq!(
            namua,
            !KUJIFUNZA && self.hand[s] > 0,
            "STAGE must be the hand's"
        );
        let blocked = if namua || KUJIFUNZA {
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
            mtaji_stage: KUJIFUNZA || (!namua && self.hand[o] == 0),
            lap: lap_index(code.cw, 0, 0),
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
            let capture_placement = match KIND {
                CAPTURE_MOVE => true,
                TAKASA_MOVE => false,
                _ => before > 0 && self.pits[o][facing(p)] > 0,
            };
            debug_assert_eq!(
                capture_placement,
                before > 0 && self.pits[o][facing(p)] > 0,
                "KIND must be the candidate's"
            );
            if capture_placement {
                // R5.1: capture placement; the kichwa is the player's choice at a central pit.
                capture_move = true;
                if !sw.capture::<O, KUJIFUNZA>(self, p, obs) {
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
                sw.lap = code.relay_lap();
            } else {
                // An ordinary takasa; L2: a lone kuu of exactly 6 is emptied and destroyed.
                sw.lift::<O, KUJIFUNZA>(self, p, obs);
                sw.lap = code.relay_lap();
            }
        } else {
            // R6.1: lift the whole pit.
            sw.lift::<O, KUJIFUNZA>(self, p, obs);
            sw.lap = code.relay_lap();
            // R6.2: a first lap of 2..15 seeds may make this a capture move. A capture
            // candidate's first lap ends in an occupied front pit facing seeds, so it captures
            // (and never empties the front row first, R10.1); when there is no capture move, no
            // candidate's first lap captures.
            match KIND {
                CAPTURE_MOVE => capture_move = true,
                TAKASA_MOVE => {}
                _ => first_lap_decides = sw.seeds <= 15,
            }
        }
        // The first lap's capture, for the check that `KIND` is the candidate's.
        let mut first_lap_check =
            cfg!(debug_assertions) && !namua && KIND != ANY_KIND && sw.seeds <= 15;

        let mut guard = LapGuard::new(limit, cycle_from);
        loop {
            let state = || LapState {
                pits: self.pits,
                nyumba: self.nyumba,
                pos: sw.pos() as u8,
                seeds: sw.seeds as u8,
                clockwise: sw.cw(),
                capture: capture_move,
            };
            if guard.lap(&mut info, state) {
                return info;
            }
            // R10.1: a lap that starts in the back row while the front row is empty (its last
            // pit was just lifted) empties the mover's front row: the mover loses.
            if sw.starts_in_back_row() && front_bits(&self.pits[s]) == 0 {
                self.pits[s][sw.pos()] += 1;
                if O::ENABLED {
                    obs.event(Event::Sow {
                        pit: self.pit(side, sw.pos()),
                    });
                    obs.event(Event::GameOver {
                        winner: side.other(),
                        travelling: (sw.seeds - 1) as u8,
                    });
                }
                return self.finish_game_over(info, capture_move, side);
            }
            // R3.1: one seed per pit.
            let x = if O::ENABLED {
                let (mut pos, cw) = (sw.pos(), sw.cw());
                loop {
                    self.pits[s][pos] += 1;
                    obs.event(Event::Sow {
                        pit: self.pit(side, pos),
                    });
                    sw.seeds -= 1;
                    if sw.seeds == 0 {
                        break;
                    }
                    pos = step::<RING>(pos, cw);
                }
                sw.start_at(step::<RING>(pos, cw), cw);
                pos
            } else {
                let (last, relay) = sow_lap(&mut self.pits[s], sw.lap, sw.seeds as usize);
                sw.lap = relay;
                last
            };
            // From here the next lap is the relay from `x`, unless a capture sets another.
            if first_lap_check {
                first_lap_check = false;
                let captures = self.pits[s][x] > 1 && x < WIDTH && self.pits[o][facing(x)] > 0;
                debug_assert_eq!(
                    captures,
                    KIND == CAPTURE_MOVE,
                    "KIND must be the candidate's"
                );
            }
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
                if !sw.capture::<O, KUJIFUNZA>(self, x, obs) {
                    return self.finish_game_over(info, capture_move, side);
                }
                continue;
            }
            // R3.2c: the takasia'd pit stops the move.
            if !KUJIFUNZA && x == blocked {
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
            sw.lift::<O, KUJIFUNZA>(self, x, obs);
        }

        info.capture = capture_move;
        self.turn = side.other();
        if KUJIFUNZA {
            // K4: no takasia and no reservation; both stay `NONE`.
            return info;
        }
        if namua {
            // Takasia exists only in the mtaji stage (R8.1), so there is none to reserve (L5).
            debug_assert_eq!(old_takasia, NONE, "takasia in the namua stage");
            self.reserved = NONE;
            return info;
        }
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
        if self.has_capture(q) {
            return NONE;
        }
        // (ii) P threatens exactly one of Q's front pits.
        let targets = self.capture_targets(p);
        if targets == 0 || targets & (targets - 1) != 0 {
            return NONE;
        }
        let t = targets.trailing_zeros() as usize;
        let qp = &self.pits[q];
        // R8.2 exceptions, from masks of the front row (bit r for front pit r).
        let front = front_bits(qp);
        let others = !(1u32 << t);
        let only_occupied = occupied(front) & others == 0;
        let only_two_plus = qp[t] >= 2 && two_or_more(front) & others == 0;
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
    /// The next lap's first pit and direction, as `lap_index(cw, first, 0)` (bits 0..4, the
    /// seeds, may hold anything): the playout path reads the lap tables with it directly.
    lap: usize,
    seeds: u32,
}

impl Sowing {
    /// Whether the next lap goes clockwise.
    #[inline(always)]
    const fn cw(&self) -> bool {
        lap_cw(self.lap)
    }

    /// The next lap's first pit.
    #[inline(always)]
    const fn pos(&self) -> usize {
        lap_first(self.lap)
    }

    /// Whether the next lap's first pit is in the back row (ring indices 8..15).
    #[inline(always)]
    const fn starts_in_back_row(&self) -> bool {
        // `lap_first(self.lap) >= WIDTH`, as one bit of the index: the first pit's bit 3.
        self.lap & WIDTH << 4 != 0
    }

    /// The next lap starts at `pos`, in direction `cw`.
    #[inline(always)]
    const fn start_at(&mut self, pos: usize, cw: bool) {
        self.lap = lap_index(cw, pos, 0);
    }

    /// R4: takes the opponent's pit facing own front pit `x` into hand for a capture lap from a
    /// kichwa. Returns `false` when the capture ends the game.
    #[inline(always)]
    fn capture<O: Observer, const KUJIFUNZA: bool>(
        &mut self,
        b: &mut Bao,
        x: usize,
        obs: &mut O,
    ) -> bool {
        let (side, s, o) = (self.side, self.side.index(), self.side.other().index());
        // `x` is a front pit (below 8), so the mask changes nothing but the bounds check.
        let f = facing(x & (WIDTH - 1));
        let taken = b.pits[o][f];
        b.pits[o][f] = 0;
        // R4.3: kichwa and direction; a central pit keeps the direction, which in a capture
        // placement is still the one the move chose (R5.1).
        let lap = usize::from(CAPTURE_LAPS[(x << 1 | usize::from(self.cw())) & (2 * WIDTH - 1)]);
        if O::ENABLED {
            let (cw, kichwa) = (lap_cw(lap), lap_first(lap));
            obs.event(Event::Capture {
                from: Pit::from_ring(side.other(), f, WIDTH),
                seeds: taken,
                kichwa: Pit::from_ring(side, kichwa, WIDTH),
                dir: if cw {
                    Direction::Clockwise
                } else {
                    Direction::Anticlockwise
                },
            });
        }
        // R4.4: capturing the owned nyumba destroys it (Bao la Kujifunza has none, K1).
        if !KUJIFUNZA && f == NYUMBA {
            b.destroy_nyumba(o, obs);
        }
        // R7.2c: the first capture of the mtaji stage ends both nyumbas.
        if !KUJIFUNZA && self.mtaji_stage {
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
            self.lap = lap;
            self.seeds = u32::from(taken);
            true
        }
    }

    /// R3.2e, R6.1: lifts own pit `r` whole to sow on from the next pit; emptying the owned
    /// nyumba destroys it (R7.2b, R7.4). The next lap is left to the caller: a relay's was
    /// set with the lap that ended in `r`.
    #[inline(always)]
    fn lift<O: Observer, const KUJIFUNZA: bool>(&mut self, b: &mut Bao, r: usize, obs: &mut O) {
        let (side, s) = (self.side, self.side.index());
        self.seeds = lift(&mut b.pits[s], r, || Pit::from_ring(side, r, WIDTH), obs);
        if !KUJIFUNZA && r == NYUMBA {
            b.destroy_nyumba(s, obs);
        }
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

    fn play_random_any<P: FnMut(usize) -> usize>(&mut self, pick: P) -> bool {
        self.bao_play_random_any(pick)
    }

    fn random_plies<P: FnMut(usize) -> usize>(&mut self, pick: P, max_plies: u32) -> u32 {
        if self.variant.game() == Game::BaoLaKujifunza {
            self.bao_random_plies::<true>(pick, max_plies)
        } else {
            self.bao_random_plies::<false>(pick, max_plies)
        }
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
                    let (last, relay) = sow_lap(&mut fast, lap_index(cw, first, 0), n);
                    assert_eq!(
                        relay & !(RING - 1),
                        lap_index(cw, step::<RING>(last, cw), 0)
                    );
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

    /// The word-wide test of 2 or more seeds against the plain one, over every count a pit
    /// can hold.
    #[test]
    fn two_or_more_is_plain() {
        for n in 0..=64u8 {
            let mut pits = [0u8; RING];
            for (r, p) in pits.iter_mut().enumerate() {
                *p = (u32::from(n) + r as u32 * 7) as u8 % 65;
            }
            let (front, back) = ring_words(&pits);
            let two = |half: &[u8]| (0..WIDTH).fold(0u32, |m, x| m | u32::from(half[x] >= 2) << x);
            assert_eq!(two_or_more(front), two(&pits[..WIDTH]), "{pits:?}");
            assert_eq!(two_or_more(back), two(&pits[WIDTH..]), "{pits:?}");
        }
    }

    /// `LANDINGS` against [`landing`]: pit `r`'s nibble of row `[x][cw]` is the count below 16
    /// with which a lap from `r` ends in `x`, so a count of 2..15 matches it exactly when its
    /// lap ends there.
    #[test]
    fn landing_table_matches_laps() {
        for cw in [false, true] {
            for (x, rows) in LANDINGS.iter().enumerate() {
                let row = rows[usize::from(cw)];
                for r in 0..RING {
                    // Pit r's nibble (see `nibbles`).
                    let byte = (row >> (8 * (r % WIDTH) + 4 * (r / WIDTH))) & 0xF;
                    for n in 2..16 {
                        let lands = landing::<RING>(r, n, cw) == x;
                        assert_eq!(byte as usize == n, lands, "cw={cw} x={x} r={r} n={n}");
                    }
                }
            }
        }
    }

    /// A xorshift generator for the tests below.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (((self.next() >> 32) * n as u64) >> 32) as usize
        }
    }

    /// Any Bao-family state, whether or not a game reaches it: pits of 0 to 255 seeds (mostly
    /// few), hands, nyumbas, a takasia'd and a reserved pit drawn at random.
    fn random_bao(rng: &mut Rng) -> Bao {
        let games = [Game::BaoLaKujifunza, Game::BaoLaKiswahili, Game::BaoLaKete];
        let mut b = Bao::bao_start(Variant::new(games[rng.below(games.len())]));
        let spread = 1 + rng.below(8);
        for side in &mut b.pits {
            for p in side.iter_mut() {
                *p = if rng.below(20) == 0 {
                    // Partial positions hold up to 255 seeds.
                    rng.below(256) as u8
                } else {
                    rng.below(spread) as u8
                };
            }
        }
        if b.variant.game() != Game::BaoLaKujifunza {
            let hands = [0, 0, 0, 1, 5, 22];
            b.hand = [hands[rng.below(6)], hands[rng.below(6)]];
            b.nyumba = [rng.below(2) == 0, rng.below(2) == 0];
            let pit = |rng: &mut Rng| {
                if rng.below(2) == 0 {
                    NONE
                } else {
                    rng.below(WIDTH) as u8
                }
            };
            b.takasia = pit(rng);
            b.reserved = pit(rng);
        }
        b.turn = Side::ALL[rng.below(2)];
        b
    }

    /// The candidates by the rules, pit by pit, in the order the kernel lists them (pit by
    /// pit, clockwise first): the plain form the table-driven [`Bao::candidate_mask`] is
    /// checked against.
    fn candidates_plain(b: &Bao) -> Vec<u8> {
        let s = b.turn.index();
        let (own, opp) = (&b.pits[s], &b.pits[1 - s]);
        let mut out = Vec::new();
        let code = |r: usize, cw: bool| ((r as u8) << 1) | u8::from(cw);
        // R5.2c, R6.4.
        let lone_kichwa_ok = |r: usize, cw: bool| {
            !(((r == 0 && !cw) || (r == WIDTH - 1 && cw))
                && (0..WIDTH).all(|x| x == r || own[x] == 0))
        };
        let hot = |x: usize| x < WIDTH && own[x] > 0 && opp[facing(x)] > 0;
        if b.hand[s] > 0 {
            let caps: Vec<usize> = (0..WIDTH).filter(|&r| hot(r)).collect();
            if !caps.is_empty() {
                for r in caps {
                    match r {
                        0 | 1 => out.push(code(r, true)),
                        6 | 7 => out.push(code(r, false)),
                        _ => out.extend([code(r, true), code(r, false)]),
                    }
                }
                return out;
            }
            let functional = b.nyumba[s] && own[NYUMBA] >= 6;
            let all_singletons = (0..WIDTH).all(|r| own[r] <= 1);
            for r in 0..WIDTH {
                if own[r] == 0
                    || (r == NYUMBA && functional && (0..WIDTH).any(|x| x != NYUMBA && own[x] > 0))
                    || (!b.nyumba[s] && own[r] == 1 && !all_singletons)
                {
                    continue;
                }
                for cw in [true, false] {
                    if lone_kichwa_ok(r, cw) {
                        out.push(code(r, cw));
                    }
                }
            }
            return out;
        }
        let blocked = usize::from(b.takasia);
        let mut caps = Vec::new();
        for r in (0..RING).filter(|&r| r != blocked && (2..=15).contains(&own[r])) {
            for cw in [true, false] {
                let x = landing::<RING>(r, own[r].into(), cw);
                if hot(x) {
                    caps.push((code(r, cw), facing(x)));
                }
            }
        }
        if !caps.is_empty() {
            let reserved = usize::from(b.reserved);
            if caps.iter().any(|&(_, t)| t == reserved) {
                caps.retain(|&(_, t)| t == reserved);
            }
            return caps.into_iter().map(|(c, _)| c).collect();
        }
        let kuu = b.is_kete() && b.nyumba[s] && own[NYUMBA] >= 2;
        let front: Vec<usize> = (0..WIDTH)
            .filter(|&r| r != blocked && if kuu { r == NYUMBA } else { own[r] >= 2 })
            .collect();
        if front.is_empty() {
            for r in (WIDTH..RING).filter(|&r| own[r] >= 2) {
                out.extend([code(r, true), code(r, false)]);
            }
        } else {
            for r in front {
                for cw in [true, false] {
                    if lone_kichwa_ok(r, cw) {
                        out.push(code(r, cw));
                    }
                }
            }
        }
        out
    }

    /// The capture targets by the rules, start pit by start pit.
    fn capture_targets_plain(b: &Bao, side: usize) -> u8 {
        let (own, opp) = (&b.pits[side], &b.pits[1 - side]);
        let mut targets = 0;
        for r in (0..RING).filter(|&r| (2..=15).contains(&own[r])) {
            for cw in [true, false] {
                let x = landing::<RING>(r, own[r].into(), cw);
                if x < WIDTH && own[x] > 0 && opp[facing(x)] > 0 {
                    targets |= 1 << facing(x);
                }
            }
        }
        targets
    }

    /// The table-driven candidates and capture targets against the plain ones, and the word-
    /// wide capture starts against lap by lap, over random states of all three games.
    #[test]
    fn candidates_match_plain() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let b = random_bao(&mut rng);
            let fast = Cands::from_mask(b.candidate_mask());
            assert_eq!(fast.as_slice(), candidates_plain(&b).as_slice(), "{b:?}");
            for side in 0..2 {
                assert_eq!(
                    b.capture_targets(side),
                    capture_targets_plain(&b, side),
                    "{b:?}"
                );
                assert_eq!(
                    b.has_capture(side),
                    capture_targets_plain(&b, side) != 0,
                    "{b:?}"
                );
            }
            let landings = rng.below(256) as u32;
            let own = b.pits[0];
            let plain = |cw: bool| {
                (0..RING).fold(0u32, |m, r| {
                    let n = usize::from(own[r]);
                    let hit =
                        (2..=15).contains(&n) && landings >> landing::<RING>(r, n, cw) & 1 != 0;
                    m | u32::from(hit) << r
                })
            };
            assert_eq!(
                capture_starts_landing(u128::from_le_bytes(own), landings),
                (plain(true), plain(false)),
                "{own:?} {landings:#b}"
            );
        }
    }

    /// Every variant of the Bao family, rule options included.
    fn bao_variants() -> impl Iterator<Item = Variant> {
        let all: Vec<Variant> = Variant::ALL
            .into_iter()
            .filter(|v| v.game().family() == crate::variant::Family::Bao)
            .collect();
        assert!(all.len() >= 3, "{all:?}");
        all.into_iter()
    }

    /// [`Bao::play_random`] against the draw as the list of candidates makes it: the
    /// candidates of [`candidates_plain`], their safari twins after them, a draw struck off by
    /// swapping the last one in. The same picks give the same move and position, in random
    /// games of all three games and their rule options.
    #[test]
    fn random_draws_match_the_list() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for v in bao_variants() {
            for _ in 0..20 {
                let mut b = Bao::bao_start(v);
                for _ in 0..300 {
                    let seed = rng.next();
                    let mut fast = b;
                    let mut pick_fast = Rng(seed);
                    let got = fast.bao_play_random(|n| pick_fast.below(n));
                    let mut plain = b;
                    let mut pick_plain = Rng(seed);
                    let want = play_random_plain(&mut plain, |n| pick_plain.below(n));
                    assert_eq!(got, want, "{b:?}");
                    assert_eq!(fast, plain, "{b:?}");
                    let mut any = b;
                    let mut pick_any = Rng(seed);
                    assert_eq!(
                        any.bao_play_random_any(|n| pick_any.below(n)),
                        got.is_some()
                    );
                    assert_eq!(any, plain, "{b:?}");
                    if got.is_none() {
                        break;
                    }
                    b = fast;
                }
            }
        }
    }

    /// [`Rules::random_plies`] (the playout loop in one piece, which tests the front rows only
    /// after a move that ended the game) against the loop of [`Bao::bao_play_random_any`] move
    /// by move: the same plies and final position from the same picks, in random games of all
    /// three games and their rule options, some cut short by the ply limit.
    #[test]
    fn random_plies_match_move_by_move() {
        let mut rng = Rng(0x6A09_E667_F3BC_C908);
        for v in bao_variants() {
            for game in 0..40 {
                let seed = rng.next();
                let max = if game % 4 == 0 { 30 } else { 2000 };
                let mut fast = Bao::bao_start(v);
                let mut pick_fast = Rng(seed);
                let plies = fast.random_plies(|n| pick_fast.below(n), max);
                let mut plain = Bao::bao_start(v);
                let mut pick_plain = Rng(seed);
                let mut want = 0;
                while want < max && plain.bao_play_random_any(|n| pick_plain.below(n)) {
                    want += 1;
                }
                assert_eq!(plies, want, "{v}");
                assert_eq!(fast, plain, "{v}");
            }
        }
    }

    /// A `pick` that breaks its contract (a number not below `n`) draws the last candidate, a
    /// legal move, never another: random games drawn with `pick(n) = n` play the same moves as
    /// those drawn with `pick(n) = n - 1`.
    #[test]
    fn out_of_range_pick_draws_the_last_candidate() {
        for v in bao_variants() {
            let (mut wild, mut last) = (Bao::bao_start(v), Bao::bao_start(v));
            for _ in 0..300 {
                let a = wild.bao_play_random(|n| n);
                let b = last.bao_play_random(|n| n - 1);
                assert_eq!(a, b, "{v}");
                assert_eq!(wild, last, "{v}");
                if a.is_none() {
                    break;
                }
            }
            let (mut wild, mut last) = (Bao::bao_start(v), Bao::bao_start(v));
            let plies = wild.random_plies(|n| n.saturating_mul(3), 300);
            assert_eq!(plies, last.random_plies(|n| n - 1, 300), "{v}");
            assert_eq!(wild, last, "{v}");
        }
    }

    /// The random draw from the list of candidates, as the kernel drew before the mask.
    fn play_random_plain(b: &mut Bao, mut pick: impl FnMut(usize) -> usize) -> Option<Move> {
        if b.emptied_front().is_some() {
            return None;
        }
        let mut cands = candidates_plain(b);
        let s = b.turn.index();
        let twins = b.hand[s] > 0
            && b.nyumba[s]
            && (0..WIDTH).any(|r| b.pits[s][r] > 0 && b.pits[1 - s][facing(r)] > 0);
        if twins {
            let plain: Vec<u8> = cands.clone();
            cands.extend(plain.iter().map(|c| c | 0x80));
        }
        while !cands.is_empty() {
            let k = pick(cands.len()).min(cands.len() - 1);
            let code = cands[k];
            let mut m = b.code_move(code & 0x7F);
            if code & 0x80 != 0 {
                m = m.with_safari();
            }
            let mut next = *b;
            let info = next.bao_run(
                m,
                crate::LAP_LIMIT,
                CYCLE_CHECK_FROM,
                &mut crate::sow::Silent,
            );
            if info.is_never_ending() || (m.is_safari() && !info.decision) {
                cands.swap_remove(k);
                continue;
            }
            *b = next;
            return Some(m);
        }
        None
    }

    /// [`TAKASA_MASKS`] against [`lone_kichwa_ok`] and [`running_counts`] for every allowed
    /// and occupied row.
    #[test]
    fn takasa_table_matches() {
        for allowed in 0..256u32 {
            for occupied in 0..256u32 {
                let mask = lone_kichwa_ok(allowed, occupied);
                assert_eq!(
                    lone_kichwa_ok_counted(allowed, occupied),
                    (mask, running_counts(mask)),
                    "{allowed:#b} {occupied:#b}"
                );
            }
        }
    }

    /// The candidate mask's bit order: pit by pit, clockwise first.
    #[test]
    fn interleave_orders_pit_by_pit() {
        for r in 0..RING {
            assert_eq!(interleave(1 << r, 0), 1 << (2 * r));
            assert_eq!(interleave(0, 1 << r), 1 << (2 * r + 1));
            let c = Cands::from_mask(interleave(1 << r, 1 << r));
            assert_eq!(c.as_slice(), [(r as u8) << 1 | 1, (r as u8) << 1]);
        }
        assert_eq!(nth_code(0b1010_0100, 0), 2 ^ 1);
        assert_eq!(nth_code(0b1010_0100, 2), 7 ^ 1);
    }

    /// The namua capture tables against the mask's candidates: [`NAMUA_CAPTURES`]' counts and
    /// [`NAMUA_CAPTURE_CODES`]' codes are [`running_counts`]' and [`nth_code`]'s.
    #[test]
    fn namua_capture_tables_match_the_mask() {
        for (hot, (&entry, codes)) in NAMUA_CAPTURES.iter().zip(&NAMUA_CAPTURE_CODES).enumerate() {
            let mask = entry as u32;
            assert_eq!(mask, interleave(hot as u32 & 0x3F, hot as u32 & 0xFC));
            assert_eq!((entry >> 32) as u32, running_counts(mask));
            assert!(mask.count_ones() <= 12);
            for (k, &code) in codes.iter().enumerate().take(mask.count_ones() as usize) {
                assert_eq!(code, nth_code(mask, k), "{hot:#b} {k}");
            }
        }
    }

    /// [`running_counts`] and [`nth_code`] against counting and clearing bit by bit, over
    /// random masks of every density.
    #[test]
    fn nth_code_matches_bit_by_bit() {
        let mut rng = Rng(0xBB67_AE85_84CA_A73B);
        for i in 0..20_000 {
            let mut mask = rng.next() as u32;
            for _ in 0..i % 4 {
                mask &= rng.next() as u32;
            }
            if i % 5 == 0 {
                mask |= rng.next() as u32;
            }
            let counts = running_counts(mask);
            for byte in 0..4 {
                let below = mask & (u32::MAX >> (24 - 8 * byte));
                assert_eq!(counts >> (8 * byte) & 0xFF, below.count_ones(), "{mask:#x}");
            }
            let mut rest = mask;
            for k in 0..mask.count_ones() as usize {
                let want = (rest.trailing_zeros() ^ 1) as u8;
                assert_eq!(nth_code(mask, k), want, "{mask:#x} {k}");
                rest &= rest - 1;
            }
        }
    }
}
