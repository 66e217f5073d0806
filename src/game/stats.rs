//! Statistics and personal bests, per size and level.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::difficulty::Level;
use crate::puzzle::Size;

/// Everything kept across games: one [`Record`] per size and level.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// Records keyed by `"4x4 medium"` (see [`Stats::key`]).
    pub records: BTreeMap<String, Record>,
}

/// Statistics of one size and level.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Record {
    /// Games started (counted when they end: won, or abandoned for a new one).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Moves summed over wins whose par is known.
    pub moves_with_par: u64,
    /// Par summed over the same wins.
    pub par_sum: u64,
    /// The best win: fewest moves, then shortest time.
    pub best: Option<Best>,
}

/// A personal best.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Best {
    /// Moves.
    pub moves: u32,
    /// Time in milliseconds.
    pub time_ms: u64,
    /// Hints used.
    pub hints: u32,
    /// Whether the solver played moves.
    pub solver_used: bool,
}

impl Best {
    /// Whether hints or the solver helped: such bests are marked.
    pub fn assisted(&self) -> bool {
        self.hints > 0 || self.solver_used
    }
}

/// How one game ended, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// Moves.
    pub moves: u32,
    /// Time in milliseconds.
    pub time_ms: u64,
    /// Hints used.
    pub hints: u32,
    /// Whether the solver played moves.
    pub solver_used: bool,
    /// The optimal length from the start, if known.
    pub par: Option<u32>,
}

impl Stats {
    /// The key of a size and level (`"custom"` for hand-given boards).
    pub fn key(size: Size, level: Option<Level>) -> String {
        let s = size.side();
        format!("{s}x{s} {}", level.map_or("custom", Level::name))
    }

    /// The record of a size and level, if any game was recorded.
    pub fn record(&self, size: Size, level: Option<Level>) -> Option<&Record> {
        self.records.get(&Stats::key(size, level))
    }

    /// Counts a game given up (replaced by a new one before it was won).
    pub fn record_abandoned(&mut self, size: Size, level: Option<Level>) {
        self.records.entry(Stats::key(size, level)).or_default().games += 1;
    }

    /// Counts a win; returns whether it is a new personal best. Unassisted wins beat
    /// assisted ones with the same moves, so a hint never takes a best away.
    pub fn record_win(&mut self, size: Size, level: Option<Level>, f: &Finish) -> bool {
        let r = self.records.entry(Stats::key(size, level)).or_default();
        r.games += 1;
        r.wins += 1;
        if let Some(par) = f.par {
            r.moves_with_par += u64::from(f.moves);
            r.par_sum += u64::from(par);
        }
        let new = Best {
            moves: f.moves,
            time_ms: f.time_ms,
            hints: f.hints,
            solver_used: f.solver_used,
        };
        let rank = |b: &Best| (b.moves, b.assisted(), b.time_ms);
        let better = r.best.as_ref().is_none_or(|old| rank(&new) < rank(old));
        if better {
            r.best = Some(new);
        }
        better
    }
}

impl Record {
    /// Average moves per par move over wins with known par (1.0 means optimal play).
    pub fn moves_per_par(&self) -> Option<f64> {
        (self.par_sum > 0).then(|| self.moves_with_par as f64 / self.par_sum as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(moves: u32, hints: u32) -> Finish {
        Finish {
            moves,
            time_ms: 1000,
            hints,
            solver_used: false,
            par: Some(20),
        }
    }

    #[test]
    fn bests_and_averages() {
        let mut s = Stats::default();
        let (size, level) = (Size::THREE, Some(Level::Easy));
        assert!(s.record_win(size, level, &finish(30, 1)));
        assert!(s.record_win(size, level, &finish(30, 0)), "unassisted beats assisted");
        assert!(!s.record_win(size, level, &finish(40, 0)));
        s.record_abandoned(size, level);
        let r = s.record(size, level).unwrap();
        assert_eq!((r.games, r.wins), (4, 3));
        assert_eq!(r.best.as_ref().unwrap().hints, 0);
        assert!((r.moves_per_par().unwrap() - 100.0 / 60.0).abs() < 1e-9);
    }
}
