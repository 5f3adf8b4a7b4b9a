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

/// The key of `count` seeds in pit number `pit` (an empty pit has key 0).
#[inline]
#[must_use]
pub(crate) const fn pit_key(pit: usize, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        mix(((pit as u64) << 8) | count as u64)
    }
}

/// The key of a small state field (`tag` names the field).
#[must_use]
pub(crate) const fn field_key(tag: u64, value: u64) -> u64 {
    mix(0x1_0000_0000 | (tag << 16) | value)
}
