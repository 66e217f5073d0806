//! One depth's states in the bounded search, for its duplicate check (see the module docs of
//! `bounded_search.rs`): a set of Zobrist keys with a bit filter in front.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use crate::solver::search::beam_memory::key_set_bytes;

/// A pass-through hasher: Zobrist keys are already uniformly random.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are hashed");
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// One depth's states, by Zobrist key, with a bit filter in front of the set.
///
/// Most children are new, and at wide beams the set no longer fits in the cache: each
/// lookup was a cache miss (a quarter of the beam's time). The filter, about 16 bits a
/// key, answers "not there" for nearly all of them from a few hundred kilobytes.
pub(crate) struct DepthSet {
    keys: KeySet,
    bits: Vec<u64>,
    /// The filter's bit count minus one (a power of two minus one).
    mask: u64,
}

impl DepthSet {
    /// The filter's size in bits for about `expected` keys.
    fn filter_bits(expected: usize) -> usize {
        (expected * 16).next_power_of_two().clamp(1 << 12, 1 << 23)
    }

    /// An empty set sized for about `expected` keys.
    pub(crate) fn with_capacity(expected: usize) -> DepthSet {
        let bits = DepthSet::filter_bits(expected);
        let mut keys = KeySet::default();
        keys.reserve(expected);
        DepthSet {
            keys,
            bits: vec![0; bits / 64],
            mask: bits as u64 - 1,
        }
    }

    /// The bytes a set for about `expected` keys holds.
    pub(crate) fn bytes_for(expected: usize) -> usize {
        key_set_bytes(expected) + DepthSet::filter_bits(expected) / 8
    }

    /// Empties the set, keeping its memory when the size fits.
    pub(crate) fn reset(&mut self, expected: usize) {
        if (self.mask as usize + 1) < DepthSet::filter_bits(expected) {
            *self = DepthSet::with_capacity(expected);
            return;
        }
        self.keys.clear();
        self.keys.reserve(expected);
        self.bits.fill(0);
    }

    /// The filter's bit: from the key's high bits, which the hash set's index does not use.
    #[inline]
    fn bit(&self, key: u64) -> (usize, u64) {
        let i = (key >> 20) & self.mask;
        ((i / 64) as usize, 1 << (i % 64))
    }

    #[inline]
    pub(crate) fn contains(&self, key: u64) -> bool {
        let (word, bit) = self.bit(key);
        self.bits[word] & bit != 0 && self.keys.contains(&key)
    }

    /// Adds `key`; false if it was there.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64) -> bool {
        let (word, bit) = self.bit(key);
        self.bits[word] |= bit;
        self.keys.insert(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::SeededRng;

    #[test]
    fn a_depth_set_answers_as_a_plain_set_does_across_resets() {
        let mut rng = SeededRng::new(5);
        let mut set = DepthSet::with_capacity(10);
        for expected in [10, 1000, 50, 20_000] {
            set.reset(expected);
            let mut plain = std::collections::HashSet::new();
            for _ in 0..3 * expected {
                // Few distinct keys, so that many are inserted twice.
                let key = (rng.next_u64() % (4 * expected as u64)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                assert_eq!(set.contains(key), plain.contains(&key));
                assert_eq!(set.insert(key), plain.insert(key));
                assert!(set.contains(key));
            }
            let stranger = rng.next_u64();
            assert_eq!(set.contains(stranger), plain.contains(&stranger));
        }
        // Nothing survives a reset.
        let key = 0xDEAD_BEEF_u64 << 20;
        set.insert(key);
        set.reset(10);
        assert!(!set.contains(key));
    }
}
