//! What a running game needs of the history: the statistics (the fold of `figures.rs`,
//! kept up to date record by record), which attempts are already recorded, which boards
//! were already finished (a new attempt at one is a replay), the latest records, and the
//! session's statistics.
//!
//! A *session* is the time since Slide started, or since the player began a new one (the
//! session-reset key): its statistics are the same fold, of the records made since then
//! only. So "Session ao5" never spans two runs of the program.

use std::collections::{BTreeMap, HashSet, VecDeque};

use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::ending::Seen;
use crate::game::records::figures::{Counted, TimedSolve, count, figures};
use crate::game::records::outcome::Outcome;
use crate::game::records::stats::Stats;

/// How many of the latest records are kept in memory (for the statistics screen's list).
pub(crate) const RECENT_RECORDS: usize = 500;

/// The history as a running game sees it.
#[derive(Debug, Clone, Default)]
pub struct Records {
    stats: Stats,
    ids: HashSet<String>,
    finished: HashSet<String>,
    /// Every scramble an attempt was recorded at (each board of a run's, as recorded).
    attempted: HashSet<String>,
    recent: VecDeque<AttemptRecord>,
    /// The fold of the records made in this session.
    session: Stats,
    /// When the session began (milliseconds since the Unix epoch).
    session_since: u64,
    /// The session's rows in the order they were first played.
    session_rows: Vec<String>,
    /// The session's timed solves of each row, in order (for its histograms).
    session_solves: BTreeMap<String, Vec<TimedSolve>>,
}

impl Records {
    /// The view of a history (`carried` statistics, then `attempts`), with a session beginning now: nothing recorded before counts
    /// in it.
    pub fn of(carried: Option<&Stats>, attempts: &[AttemptRecord]) -> Records {
        Records::since(carried, attempts, crate::game::play::game::unix_millis())
    }

    /// The view of a history, with a session that began at `since` (milliseconds since the
    /// Unix epoch): the records made since then count in it.
    pub fn since(carried: Option<&Stats>, attempts: &[AttemptRecord], since: u64) -> Records {
        let mut r = Records {
            stats: figures(carried, attempts),
            session_since: since,
            ..Records::default()
        };
        for a in attempts {
            if a.at >= since {
                r.count_in_session(a);
            }
            r.remember(a);
        }
        r
    }

    fn count_in_session(&mut self, a: &AttemptRecord) {
        let counted = count(&mut self.session, a);
        let Some(row) = a.record_key().map(|k| k.row()) else {
            return;
        };
        if !self.session.records.contains_key(&row) {
            return;
        }
        if !self.session_rows.contains(&row) {
            self.session_rows.push(row.clone());
        }
        if let Some(solve) = counted.solve {
            self.session_solves.entry(row).or_default().push(solve);
        }
    }

    fn remember(&mut self, a: &AttemptRecord) {
        self.ids.insert(a.id.clone());
        if !a.replay && matches!(a.result, Outcome::Won | Outcome::Solver) {
            self.finished.insert(a.scramble.clone());
        }
        self.attempted.insert(a.scramble.clone());
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

    /// What the records hold of a scramble (in slidysim's form): finished before (a new
    /// attempt is a replay), or attempted before (shown before: unranked).
    pub fn seen_before(&self, scramble: &str) -> Seen {
        Seen {
            finished: self.finished.contains(scramble),
            attempted: self.attempted.contains(scramble),
        }
    }

    /// Adds a record just written to the history; `None` if its attempt was already there.
    pub fn add(&mut self, record: &AttemptRecord) -> Option<Counted> {
        if self.contains(&record.id) {
            return None;
        }
        let counted = count(&mut self.stats, record);
        if record.at >= self.session_since {
            self.count_in_session(record);
        }
        self.remember(record);
        Some(counted)
    }

    /// The statistics of this session: the records made since it began.
    pub fn session(&self) -> &Stats {
        &self.session
    }

    /// When this session began (milliseconds since the Unix epoch).
    pub(crate) fn session_since(&self) -> u64 {
        self.session_since
    }

    /// Begins a new session at `now` (milliseconds since the Unix epoch): its statistics
    /// start empty.
    pub fn new_session(&mut self, now: u64) {
        self.session = Stats::default();
        self.session_since = now;
        self.session_rows.clear();
        self.session_solves.clear();
    }

    /// The rows played in this session, in the order they were first played.
    pub(crate) fn session_rows(&self) -> &[String] {
        &self.session_rows
    }

    /// This session's solves of `row` counted in its averages, in order.
    pub(crate) fn session_solves(&self, row: &str) -> &[TimedSolve] {
        self.session_solves.get(row).map_or(&[], Vec::as_slice)
    }

    /// The latest records, newest first.
    pub fn recent(&self) -> impl Iterator<Item = &AttemptRecord> {
        self.recent.iter().rev()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Level;
    use crate::game::records::attempt_record::tests::sample;
    use crate::game::records::averages::Average;
    use crate::game::records::stats::Kind;
    use crate::puzzle::Size;

    fn won(id: &str, at: u64, millis: u64) -> AttemptRecord {
        AttemptRecord {
            id: id.into(),
            at,
            millis,
            scramble: format!("scramble {id}"),
            ..sample()
        }
    }

    #[test]
    fn a_session_counts_only_what_was_recorded_since_it_began() {
        let mut history = Vec::new();
        for i in 0..5 {
            history.push(won(&format!("old{i}"), 1_000 + i, 1_000));
        }
        let mut r = Records::of(None, &history);
        let row = |s: &Stats| s.row(Size::THREE, Kind::Level(Level::Easy)).map(|r| r.speed.ao(5));
        assert_eq!(row(r.stats()), Some(Some(Average::Millis(1_000))));
        assert_eq!(row(r.session()), None, "the last run's solves are not this session's");
        let now = r.session_since();
        for i in 0..5 {
            r.add(&won(&format!("new{i}"), now + i, 2_000));
        }
        assert_eq!(row(r.session()), Some(Some(Average::Millis(2_000))));
        r.new_session(now + 10);
        assert_eq!(row(r.session()), None, "a new session starts empty");
        r.add(&won("newest", now + 11, 3_000));
        assert_eq!(r.session().row(Size::THREE, Kind::Level(Level::Easy)).unwrap().won, 1);
        assert_eq!(r.stats().row(Size::THREE, Kind::Level(Level::Easy)).unwrap().won, 11);
    }
}
