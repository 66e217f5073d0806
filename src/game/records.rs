//! What a running game needs of the history: the statistics (the fold of `figures.rs`,
//! kept up to date record by record), which attempts are already recorded, which boards
//! were already finished (a new attempt at one is a replay), and the latest records.

use std::collections::{HashSet, VecDeque};

use crate::game::attempt_record::AttemptRecord;
use crate::game::figures::{Counted, count, figures};
use crate::game::history_file::AttemptHistory;
use crate::game::outcome::Outcome;
use crate::game::stats::Stats;

/// How many of the latest records are kept in memory (for the statistics screen's list).
pub const RECENT_RECORDS: usize = 500;

/// The history as a running game sees it.
#[derive(Debug, Clone, Default)]
pub struct Records {
    stats: Stats,
    ids: HashSet<String>,
    finished: HashSet<String>,
    recent: VecDeque<AttemptRecord>,
}

impl Records {
    /// The view of `history`.
    pub fn of(history: &AttemptHistory) -> Records {
        let mut r = Records {
            stats: figures(history),
            ..Records::default()
        };
        for a in &history.attempts {
            r.remember(a);
        }
        r
    }

    fn remember(&mut self, a: &AttemptRecord) {
        self.ids.insert(a.id.clone());
        if !a.replay && matches!(a.result, Outcome::Won | Outcome::Solver) {
            self.finished.insert(a.scramble.clone());
        }
        self.recent.push_back(a.clone());
        if self.recent.len() > RECENT_RECORDS {
            self.recent.pop_front();
        }
    }

    /// The statistics.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Whether the attempt `id` has its result recorded.
    pub fn contains(&self, id: &str) -> bool {
        self.ids.contains(id)
    }

    /// Whether a board (in slidysim's form) was won or solver-finished before.
    pub fn finished_before(&self, scramble: &str) -> bool {
        self.finished.contains(scramble)
    }

    /// Adds a record just written to the history; `None` if its attempt was already there.
    pub fn add(&mut self, record: &AttemptRecord) -> Option<Counted> {
        if self.contains(&record.id) {
            return None;
        }
        let counted = count(&mut self.stats, record);
        self.remember(record);
        Some(counted)
    }

    /// The latest records, newest first.
    pub fn recent(&self) -> impl Iterator<Item = &AttemptRecord> {
        self.recent.iter().rev()
    }
}
