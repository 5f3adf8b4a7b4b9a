//! Zobrist keys: a 64-bit key per (pit, count) and per state flag, xored together. Keys come
//! from a fixed mixing function, so they are the same in every build and process.

/// A well-mixed 64-bit value for `x` (the `splitmix64` finaliser).
#[must_use]
pub(crate) const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Pits with keys of their own: two sides of up to 32 pits.
const PITS: usize = 64;
/// Counts with keys of their own; larger counts share keys modulo this (still a valid,
/// deterministic key, only slightly weaker).
const COUNTS: usize = 128;

static PIT_KEYS: [[u64; COUNTS]; PITS] = {
    let mut t = [[0u64; COUNTS]; PITS];
    let mut p = 0;
    while p < PITS {
        // Count 0 keeps key 0, so empty pits cost nothing.
        let mut c = 1;
        while c < COUNTS {
            t[p][c] = mix(((p as u64) << 8) | c as u64);
            c += 1;
        }
        p += 1;
    }
    t
};

/// The key of `count` seeds in pit number `pit` (an empty pit has key 0).
#[inline]
#[must_use]
pub(crate) fn pit_key(pit: usize, count: u8) -> u64 {
    PIT_KEYS[pit % PITS][usize::from(count) % COUNTS]
}

/// The xor of the keys of every pit of `counts` (pit `i` holding `counts[i]`), four pits a step:
/// the pit numbers of a step are constants then, which leaves a load and an xor a pit.
#[inline]
#[must_use]
pub(crate) fn pits_key(counts: &[u8]) -> u64 {
    let mut h = 0;
    let mut steps = counts.chunks_exact(4);
    for (k, c) in steps.by_ref().enumerate() {
        let i = 4 * k;
        h ^= pit_key(i, c[0]) ^ pit_key(i + 1, c[1]) ^ pit_key(i + 2, c[2]) ^ pit_key(i + 3, c[3]);
    }
    let rest = steps.remainder();
    let first = counts.len() - rest.len();
    for (j, &n) in rest.iter().enumerate() {
        h ^= pit_key(first + j, n);
    }
    h
}

/// The key of the state beside the pits, packed into one word.
#[inline]
#[must_use]
pub(crate) const fn state_key(packed: u64) -> u64 {
    mix(packed ^ 0x5EED_0000_0000_0000)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four pits a step gives the xor of the pits' keys one by one, for every length (so the
    /// steps' remainder too) and counts past [`COUNTS`].
    #[test]
    fn pits_key_is_the_xor_of_the_pit_keys() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..=70 {
            let counts: Vec<u8> = (0..len)
                .map(|_| {
                    x = mix(x);
                    (x >> 56) as u8
                })
                .collect();
            let want = counts
                .iter()
                .enumerate()
                .fold(0, |h, (i, &n)| h ^ pit_key(i, n));
            assert_eq!(pits_key(&counts), want, "{counts:?}");
        }
    }
}
