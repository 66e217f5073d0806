//! The speedsolving record of one size and level: the recent attempts (times and DNFs)
//! behind ao5, ao12 and ao100, and the bests and sums that outlive them.
//!
//! Only ranked attempts of a timed row count (see `ranked.rs` and `assets/records.txt`): a
//! win adds its time; a DNF adds a DNF.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::game::records::averages::{Attempt, Average, average_of, best_single};

/// How many recent attempts are kept: enough for ao100.
pub(crate) const RECENT: usize = 100;

/// Attempts and bests of one size and level.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Speed {
    /// The last [`RECENT`] attempts, oldest first: milliseconds, or `null` for a DNF.
    pub recent: Vec<Attempt>,
    /// The best single ever (not only among the recent ones).
    pub best_single_ms: Option<u64>,
    /// The best ao5 ever, rolling.
    pub best_ao5_ms: Option<u64>,
    /// The best ao12 ever, rolling.
    pub best_ao12_ms: Option<u64>,
    /// The best ao50 ever, rolling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_ao50_ms: Option<u64>,
    /// The best ao100 ever, rolling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_ao100_ms: Option<u64>,
    /// Unassisted wins counted (for the mean TPS).
    pub solves: u32,
    /// Single-tile moves summed over those wins.
    pub stm_sum: u64,
    /// Their times summed, in milliseconds.
    pub ms_sum: u64,
    /// Fields written by a newer version.
    #[serde(flatten)]
    pub extra: BTreeMap<String, serde_json::Value>,
}

impl Speed {
    /// Whether nothing was recorded (the field is then left out of the file).
    pub fn is_empty(&self) -> bool {
        *self == Speed::default()
    }

    /// Adds a finished attempt of `ms` milliseconds and `stm` single-tile moves.
    pub fn record_solve(&mut self, ms: u64, stm: u32) {
        self.push(Some(ms));
        self.best_single_ms = self.best_single_ms.min(Some(ms)).or(Some(ms));
        // Counts read from disk may be anything: they stop at the largest value, never wrap.
        self.solves = self.solves.saturating_add(1);
        self.stm_sum = self.stm_sum.saturating_add(u64::from(stm));
        self.ms_sum = self.ms_sum.saturating_add(ms);
    }

    /// Adds an unfinished attempt.
    pub fn record_dnf(&mut self) {
        self.push(None);
    }

    fn push(&mut self, attempt: Attempt) {
        self.recent.push(attempt);
        if self.recent.len() > RECENT {
            let extra = self.recent.len() - RECENT;
            self.recent.drain(..extra);
        }
        // Every new attempt ends a new window: the rolling bests only need the newest.
        let better = |best: Option<u64>, now: Option<Average>| match (best, now.and_then(Average::millis)) {
            (Some(b), Some(n)) => Some(b.min(n)),
            (b, n) => b.or(n),
        };
        self.best_ao5_ms = better(self.best_ao5_ms, self.ao(5));
        self.best_ao12_ms = better(self.best_ao12_ms, self.ao(12));
        self.best_ao50_ms = better(self.best_ao50_ms, self.ao(50));
        self.best_ao100_ms = better(self.best_ao100_ms, self.ao(100));
    }

    /// The current average of the last `n` attempts (`None` until there are `n`).
    pub fn ao(&self, n: usize) -> Option<Average> {
        average_of(&self.recent, n)
    }

    /// The best single among the recent attempts, or ever.
    pub fn best_single(&self) -> Option<u64> {
        self.best_single_ms.or_else(|| best_single(&self.recent))
    }

    /// Mean TPS over the counted wins: all their single-tile moves over all their time (a
    /// long solve weighs more than a short one, as one long session of sliding would).
    pub fn mean_tps(&self) -> Option<f64> {
        crate::game::records::averages::tps(self.stm_sum, self.ms_sum)
    }

    /// The last `n` attempts, newest first.
    pub fn latest(&self, n: usize) -> impl Iterator<Item = Attempt> + '_ {
        self.recent.iter().rev().take(n).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_appear_with_enough_attempts_and_bests_roll() {
        let mut s = Speed::default();
        for ms in [12_000, 10_000, 20_000, 13_000] {
            s.record_solve(ms, 30);
        }
        assert_eq!(s.ao(5), None);
        assert_eq!(s.best_ao5_ms, None);
        s.record_solve(14_000, 30);
        assert_eq!(s.ao(5), Some(Average::Millis(13_000)));
        assert_eq!(s.best_ao5_ms, Some(13_000));
        // A slow one: the ao5 gets worse, the best stays.
        s.record_solve(40_000, 30);
        assert_eq!(s.ao(5), Some(Average::Millis(15_667)));
        assert_eq!(s.best_ao5_ms, Some(13_000));
        s.record_dnf();
        s.record_dnf();
        assert_eq!(s.ao(5), Some(Average::Dnf));
        assert_eq!(s.best_ao5_ms, Some(13_000), "a DNF average is no best");
        assert_eq!(s.best_single(), Some(10_000));
        assert_eq!(s.solves, 6);
        // 180 moves in 109 s.
        assert!((s.mean_tps().unwrap() - 180.0 / 109.0).abs() < 1e-9);
        assert_eq!(s.latest(3).collect::<Vec<_>>(), vec![None, None, Some(40_000)]);
    }

    #[test]
    fn only_the_last_hundred_are_kept_but_bests_remain() {
        let mut s = Speed::default();
        s.record_solve(1_000, 10);
        for _ in 0..RECENT {
            s.record_solve(50_000, 10);
        }
        assert_eq!(s.recent.len(), RECENT);
        assert_eq!(s.best_single(), Some(1_000));
        assert_eq!(s.ao(100), Some(Average::Millis(50_000)));
        assert_eq!(s.best_ao5_ms, Some(50_000));
    }
}
