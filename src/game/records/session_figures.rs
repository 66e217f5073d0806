//! A session's figures, row by row (size and level): what the session screen shows, from
//! the same fold as every other view ([`crate::game::Records::session`], which the win
//! box's and the Times list's "Session" read too), with the solves behind its histograms.
//!
//! What counts is the records' rule (`assets/records.txt`, `figures.rs`): a replay is
//! counted apart, a solver-finished game is played but timeless, a DNF is played and
//! counts as a DNF in the averages (as the `averages` module's trimmed means say); only
//! unassisted wins of a timed row have a time, so only they are in the mean, the best, the
//! averages and the histograms.

use crate::game::records::averages::{Average, tps};
use crate::game::records::figures::TimedSolve;
use crate::game::records::histogram::Histogram;
use crate::game::records::history_view::Records;
use crate::game::records::stats::Record;

/// The narrowest bucket of the time histogram: a tenth of a second.
pub(crate) const TIME_BUCKET_MIN_MS: u64 = 100;

/// The narrowest bucket of the TPS histogram: a tenth of a tile per second (the histogram
/// counts in thousandths of a tile per second).
pub(crate) const TPS_BUCKET_MIN_MILLI: u64 = 100;

/// The figures of one session.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionFigures {
    /// When the session began (milliseconds since the Unix epoch).
    pub since: u64,
    /// Its rows, in the order they were first played.
    pub rows: Vec<SessionRow>,
}

/// One row (size and level) of a session.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionRow {
    /// The row's key, as in `slide stats --json` (`"3x3 easy"`).
    pub row: String,
    /// The session's fold of the row: played, won, replays, solver-finished, DNF, speed.
    pub record: Record,
    /// Its timed solves, in order.
    pub solves: Vec<TimedSolve>,
    /// The row's speedsolving record of all time (every session), shown beside the
    /// session's.
    pub all_time: crate::game::records::speed::Speed,
}

/// The figures of the session `records` keeps.
pub fn session_figures(records: &Records) -> SessionFigures {
    let rows = records
        .session_rows()
        .iter()
        .filter_map(|row| {
            let record = records.session().records.get(row)?;
            Some(SessionRow {
                row: row.clone(),
                record: record.clone(),
                solves: records.session_solves(row).to_vec(),
                all_time: records
                    .stats()
                    .records
                    .get(row)
                    .map(|r| r.speed.clone())
                    .unwrap_or_default(),
            })
        })
        .collect();
    SessionFigures {
        since: records.session_since(),
        rows,
    }
}

impl SessionFigures {
    /// The row of this key, if it was played in the session.
    pub fn row(&self, key: &str) -> Option<&SessionRow> {
        self.rows.iter().find(|r| r.row == key)
    }
}

impl SessionRow {
    /// Attempts counted (won, DNF, given up or solver-finished; replays apart).
    pub fn count(&self) -> u32 {
        self.record.played
    }

    /// Timed solves (unassisted wins of a timed row).
    pub fn timed(&self) -> u32 {
        self.record.speed.solves
    }

    /// Whether the row has times at all (dealt levels and blind solves; custom boards and
    /// dailies have none).
    pub fn is_timed(&self) -> bool {
        self.record.speed.solves > 0 || !self.record.speed.recent.is_empty()
    }

    /// The mean of the timed solves (DNFs are no time, so they are not in it).
    pub fn mean_ms(&self) -> Option<u64> {
        let s = &self.record.speed;
        let n = u64::from(s.solves);
        (n > 0).then(|| (s.ms_sum + n / 2) / n)
    }

    /// The best single.
    pub fn best_ms(&self) -> Option<u64> {
        self.record.speed.best_single()
    }

    /// The current average of the last `n` attempts (a DNF among them as the averages
    /// module counts it), `None` until there are `n`.
    pub fn ao(&self, n: usize) -> Option<Average> {
        self.record.speed.ao(n)
    }

    /// All the timed solves' moves over all their time.
    pub fn mean_tps(&self) -> Option<f64> {
        self.record.speed.mean_tps()
    }

    /// The times, counted into at most `max_buckets` buckets (milliseconds).
    pub fn time_histogram(&self, max_buckets: usize) -> Histogram {
        let times: Vec<u64> = self.solves.iter().map(|s| s.millis).collect();
        Histogram::of(&times, max_buckets, TIME_BUCKET_MIN_MS)
    }

    /// Each solve's TPS, counted into at most `max_buckets` buckets (thousandths of a tile
    /// per second). A solve of no time has no TPS and is left out.
    pub fn tps_histogram(&self, max_buckets: usize) -> Histogram {
        let speeds: Vec<u64> = self
            .solves
            .iter()
            .filter_map(|s| tps(u64::from(s.stm), s.millis))
            .map(|t| (t * 1000.0).round() as u64)
            .collect();
        Histogram::of(&speeds, max_buckets, TPS_BUCKET_MIN_MILLI)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::records::attempt_record::AttemptRecord;
    use crate::game::records::attempt_record::tests::sample;
    use crate::game::records::outcome::Outcome;
    use crate::game::storage::history_file::AttemptHistory;

    fn record(id: &str, at: u64, result: Outcome, millis: u64) -> AttemptRecord {
        AttemptRecord {
            id: id.into(),
            at,
            millis,
            result,
            scramble: format!("scramble {id}"),
            ..sample()
        }
    }

    #[test]
    fn the_session_folds_only_its_own_records_by_the_records_rules() {
        let mut history = AttemptHistory::default();
        history.attempts.push(record("old", 10, Outcome::Won, 1_000));
        let mut r = history.records_since(100);
        assert_eq!(session_figures(&r).rows, vec![], "before the session: not in it");
        let stm = sample().stm();
        for (i, ms) in [4_000, 6_000, 5_000].into_iter().enumerate() {
            r.add(&record(&format!("w{i}"), 200 + i as u64, Outcome::Won, ms));
        }
        r.add(&record("dnf", 210, Outcome::Dnf, 9_000));
        r.add(&record("solver", 211, Outcome::Solver, 100));
        r.add(&AttemptRecord {
            replay: true,
            ..record("replay", 212, Outcome::Won, 50)
        });
        r.add(&AttemptRecord {
            assisted: true,
            hints: 1,
            ranked: Some(false),
            ..record("helped", 213, Outcome::Won, 70)
        });
        let figures = session_figures(&r);
        assert_eq!(figures.since, 100);
        let row = figures.row("3x3 easy").expect("the row played");
        assert_eq!(figures.rows.len(), 1);
        // Three wins, a DNF, a solver finish and an assisted win; the replay apart.
        assert_eq!(row.count(), 6);
        assert_eq!(row.record.replays, 1);
        assert_eq!((row.record.dnf, row.record.solver_finished), (1, 1));
        assert_eq!(row.timed(), 3);
        assert!(row.is_timed());
        assert_eq!(
            row.mean_ms(),
            Some(5_000),
            "the DNF, the solver's, the replay's and the helped time are out"
        );
        assert_eq!(row.best_ms(), Some(4_000));
        // 4, 6, 5 and a DNF: four attempts are no ao5.
        assert_eq!(row.ao(5), None);
        r.add(&record("w4", 220, Outcome::Won, 7_000));
        let row = session_figures(&r).rows[0].clone();
        // 4, 6, 5, DNF, 7: the DNF and 4 dropped; (6 + 5 + 7) / 3 = 6.
        assert_eq!(row.ao(5), Some(Average::Millis(6_000)));
        assert_eq!(row.ao(12), None);
        assert_eq!(
            row.solves.iter().map(|s| s.millis).collect::<Vec<_>>(),
            vec![4_000, 6_000, 5_000, 7_000]
        );
        let expected_tps = 4.0 * f64::from(stm) * 1000.0 / 22_000.0;
        assert!((row.mean_tps().unwrap() - expected_tps).abs() < 1e-9);
        // The histograms hold the four timed solves.
        assert_eq!(row.time_histogram(8).buckets.iter().map(|b| b.count).sum::<usize>(), 4);
        assert_eq!(row.time_histogram(8).width, 500);
        assert_eq!(row.tps_histogram(8).buckets.iter().map(|b| b.count).sum::<usize>(), 4);
        // The figures are the fold the win box's "Session" reads.
        assert_eq!(Some(&row.record), r.session().records.get("3x3 easy"));
        r.new_session(300);
        assert_eq!(session_figures(&r).rows, vec![], "a new session starts empty");
        assert_eq!(session_figures(&r).since, 300);
    }
}
