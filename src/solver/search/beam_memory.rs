//! The bounded search's memory: one budget for every beam in the process, whatever the
//! number of cores or of searches at once.
//!
//! A beam of width `w` holds two layers of `w` nodes, up to `3w` candidates, a few sets of
//! `3w` keys, and a trace of 4 bytes per node kept at every depth: at the widest beam on
//! 6×6 that trace alone is over 100 MB, and every thread runs its own beam (the game's hint
//! uses every core, and the plan shortener runs its windows' beams side by side). So each
//! beam reserves what it will hold from [`MemoryBudget::process`] before it allocates: the
//! fixed part when it starts, the trace one depth at a time. A beam that cannot reserve is
//! not run (or ends, its memory given back), and its thread widens no further; narrower
//! beams, whose plans come first, need little.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The most memory the beams of this process hold at once. With the tables and the rest of
/// the game, a 6×6 hint then stays within 512 MB on any machine.
pub(crate) const BEAM_MEMORY: usize = 384 << 20;

/// A pool of bytes that beams reserve before they allocate.
#[derive(Debug)]
pub(crate) struct MemoryBudget {
    total: usize,
    used: AtomicUsize,
    /// The most ever reserved at once (what tests check against `total`).
    peak: AtomicUsize,
}

impl MemoryBudget {
    /// A budget of `total` bytes.
    pub(crate) const fn new(total: usize) -> MemoryBudget {
        MemoryBudget {
            total,
            used: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        }
    }

    /// The budget every search of this process shares.
    pub(crate) fn process() -> &'static MemoryBudget {
        static PROCESS: MemoryBudget = MemoryBudget::new(BEAM_MEMORY);
        &PROCESS
    }

    /// The bytes not reserved now.
    pub(crate) fn available(&self) -> usize {
        self.total.saturating_sub(self.used.load(Ordering::Relaxed))
    }

    /// The most reserved at once so far.
    #[cfg(test)]
    pub(crate) fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// Reserves `bytes`, or nothing if they are not there.
    pub(crate) fn reserve(&self, bytes: usize) -> Option<Reservation<'_>> {
        let mut r = Reservation { budget: self, bytes: 0 };
        r.grow(bytes).then_some(r)
    }

    fn take(&self, bytes: usize) -> bool {
        let taken = self.used.fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
            used.checked_add(bytes).filter(|&after| after <= self.total)
        });
        match taken {
            Ok(before) => {
                self.peak.fetch_max(before + bytes, Ordering::Relaxed);
                true
            }
            Err(_) => false,
        }
    }
}

/// Bytes reserved from a [`MemoryBudget`], given back when dropped.
#[derive(Debug)]
pub(crate) struct Reservation<'a> {
    budget: &'a MemoryBudget,
    bytes: usize,
}

impl Reservation<'_> {
    /// Reserves `bytes` more; false (and nothing more reserved) if they are not there.
    pub(crate) fn grow(&mut self, bytes: usize) -> bool {
        let ok = self.budget.take(bytes);
        if ok {
            self.bytes += bytes;
        }
        ok
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        self.budget.used.fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

/// The bytes a hash set of `u64` keys takes once `capacity` is reserved (a power of two of
/// buckets at 7/8 load, each bucket the key and a control byte).
pub(crate) fn key_set_bytes(capacity: usize) -> usize {
    let buckets = if capacity < 8 {
        8
    } else {
        (capacity.saturating_mul(8) / 7).next_power_of_two()
    };
    buckets * (std::mem::size_of::<u64>() + 1) + 16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_stay_within_the_budget_and_are_given_back() {
        let budget = MemoryBudget::new(1000);
        let mut a = budget.reserve(600).expect("fits");
        assert!(budget.reserve(500).is_none(), "over the budget");
        assert!(!a.grow(500));
        assert!(a.grow(400));
        assert_eq!(budget.available(), 0);
        drop(a);
        assert_eq!(budget.available(), 1000);
        assert_eq!(budget.peak(), 1000);
        let threads: Vec<_> = (0..8)
            .map(|_| {
                std::thread::spawn(|| {
                    static SHARED: MemoryBudget = MemoryBudget::new(10_000);
                    for _ in 0..10_000 {
                        if let Some(mut r) = SHARED.reserve(1000) {
                            let _ = r.grow(1000);
                        }
                    }
                    assert!(SHARED.peak() <= 10_000);
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
    }

    #[test]
    fn a_key_set_s_size_follows_the_hash_table_s_growth() {
        let mut set = std::collections::HashSet::<u64>::new();
        set.reserve(3000);
        // 3000 keys at 7/8 load need 4096 buckets.
        assert!(set.capacity() >= 3000 && set.capacity() < 4096);
        assert_eq!(key_set_bytes(3000), 4096 * 9 + 16);
    }
}
