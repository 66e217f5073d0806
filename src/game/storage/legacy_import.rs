//! Bringing an older version's records into the history, so that nobody loses a record or
//! a statistic: `stats.json` (counts, bests, daily wins, the speed records behind the
//! averages) becomes the history's carried statistics, and `history.json` (the last 500
//! wins, with their moves) becomes attempts marked `carried`, listed and reviewable but not
//! counted twice. The old files are then renamed `….migrated-<time>`, never erased.
//!
//! Until something is recorded, nothing is written: [`Store::load_records`] reads the old
//! files as a history in memory.

use std::fs;
use std::path::PathBuf;

use crate::difficulty::UtcDate;
use crate::game::play::solve_mode::SINGLE;
use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::outcome::Outcome;
use crate::game::storage::history_file::AttemptHistory;
use crate::game::storage::json_file::aside_path as suffixed;
use crate::game::storage::legacy_history::FinishedGame;
use crate::game::storage::store::{Loaded, Store};
use crate::puzzle::slidysim::format_scramble;

/// An older version's records, read as a history.
#[derive(Debug, Default)]
pub(crate) struct Legacy {
    /// The records.
    pub history: AttemptHistory,
    /// The files they came from (to set aside once they are in the history).
    pub files: Vec<PathBuf>,
    /// Old statistics this version cannot use: written by a newer version, or unreadable.
    pub blocked: Option<Loaded<()>>,
}

/// `YYYY-MM-DDTHH:MM:SSZ` as milliseconds since the epoch (0 if it does not parse).
fn parse_utc(text: &str) -> u64 {
    let parse = || -> Option<u64> {
        let (date, time) = text.strip_suffix('Z')?.split_once('T')?;
        let days = u64::try_from(date.parse::<UtcDate>().ok()?.days()).ok()?;
        let mut hms = time.split(':').map(|p| p.parse::<u64>().ok());
        let (h, m, s) = (hms.next()??, hms.next()??, hms.next()??);
        Some(((days * 24 + h) * 60 + m) * 60_000 + s * 1000)
    };
    parse().unwrap_or(0)
}

/// A won game of the old log as a carried attempt; `None` if its board is damaged.
fn carried_attempt(g: &FinishedGame) -> Option<AttemptRecord> {
    let start = g.start_board().ok()?;
    let moves = g.move_list().ok()?;
    Some(AttemptRecord {
        id: format!("{}-0", g.id),
        at: parse_utc(&g.finished_at),
        size: crate::game::play::written_size::WrittenSize::square(g.size as u64),
        level: g.level.clone(),
        daily: None,
        mode: SINGLE.into(),
        result: Outcome::Won,
        replay: false,
        assisted: g.assisted,
        hints: g.hints,
        millis: g.millis,
        scramble: format_scramble(&start),
        moves: moves.iter().map(|m| m.letter()).collect(),
        gaps: Vec::new(),
        par: g.par.filter(|_| g.par_optimal),
        seed: None,
        mtm: None,
        carried: true,
        // Counted in the carried statistics already; an older version ranked its wins so.
        ranked: None,
        memo_ms: None,
    })
}

impl Store {
    /// What an older version left (`stats.json`, `history.json`), as a history; nothing is
    /// written. Files that cannot be read are left out (and left where they are).
    pub(crate) fn legacy_history(&self) -> Legacy {
        let mut legacy = Legacy::default();
        match self.load_stats() {
            Loaded::Found(stats) => {
                legacy.history.carried = Some(stats);
                legacy.files.push(self.stats_path());
            }
            Loaded::MovedAside { reason, moved_to } => legacy.history.moved_aside.push((reason, moved_to)),
            Loaded::Missing => {}
            Loaded::Unreadable { reason } => legacy.blocked = Some(Loaded::Unreadable { reason }),
            Loaded::Newer { version } => legacy.blocked = Some(Loaded::Newer { version }),
        }
        match self.load_history() {
            Loaded::Found(log) => {
                legacy.history.attempts = log.games.iter().filter_map(carried_attempt).collect();
                legacy.files.push(self.history_path());
            }
            Loaded::MovedAside { reason, moved_to } => legacy.history.moved_aside.push((reason, moved_to)),
            Loaded::Missing | Loaded::Unreadable { .. } | Loaded::Newer { .. } => {}
        }
        legacy
    }

    /// Renames files now in the history to `….migrated-<time>`; returns where they are.
    pub(crate) fn set_legacy_aside(files: &[PathBuf]) -> Vec<PathBuf> {
        files
            .iter()
            .filter_map(|f| {
                let to = suffixed(f, "migrated");
                fs::rename(f, &to).ok().map(|()| to)
            })
            .collect()
    }

    /// Every record: the history, or while there is none yet, an older version's records
    /// read in memory (nothing is written).
    pub fn load_records(&self) -> Loaded<AttemptHistory> {
        match self.load_attempts() {
            Loaded::Missing => {
                let legacy = self.legacy_history();
                // Old statistics this version cannot read are reported, not taken as none.
                match legacy.blocked {
                    Some(Loaded::Newer { version }) => return Loaded::Newer { version },
                    Some(Loaded::Unreadable { reason }) => return Loaded::Unreadable { reason },
                    _ => {}
                }
                if legacy.files.is_empty() && legacy.history.moved_aside.is_empty() {
                    Loaded::Missing
                } else {
                    Loaded::Found(legacy.history)
                }
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Level;

    use crate::game::records::stats::Kind;
    use crate::puzzle::Size;

    const OLD_STATS: &str = r#"{"version":2,"records":{"3x3 easy":{"played":9,"won":7,
        "best":{"moves":12,"time_ms":5000},
        "speed":{"recent":[9000,null,8000],"best_single_ms":4000,"solves":6,"stm_sum":100,"ms_sum":50000}}},
        "daily_wins":{"4x4":["2026-12-01"]},"from_the_future":1}"#;

    const OLD_LOG: &str = r#"{"version":1,"games":[{"id":"abc","finished_at":"2026-12-03T01:02:03Z",
        "size":3,"level":"easy","start":"1 2 3 4 5 6 0 7 8","moves":"LL","millis":1500,"move_count":2,
        "hints":0,"assisted":false,"par":2,"par_optimal":true}]}"#;

    #[test]
    fn old_records_read_in_memory_then_move_into_the_history_on_the_first_append() {
        let store = crate::game::storage::history_file::tests::temp_store("legacy");
        fs::create_dir_all(store.dir()).unwrap();
        fs::write(store.stats_path(), OLD_STATS).unwrap();
        fs::write(store.history_path(), OLD_LOG).unwrap();
        let Loaded::Found(before) = store.load_records() else {
            panic!()
        };
        assert_eq!(
            fs::read_to_string(store.stats_path()).unwrap(),
            OLD_STATS,
            "reading writes nothing"
        );
        let s = before.figures();
        let row = s.row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!(
            (row.played, row.won),
            (9, 7),
            "the carried log's win is not counted twice"
        );
        assert_eq!(row.speed.best_single(), Some(4000));
        assert_eq!(s.best_daily_streak(Size::FOUR), 1);
        assert_eq!(before.attempts[0].at, parse_utc("2026-12-03T01:02:03Z"));
        assert_eq!(before.attempts[0].scramble, "1 2 3/4 5 6/0 7 8");

        let mut next = crate::game::records::attempt_record::tests::sample();
        next.id = "new-1".into();
        let appended = store.append_attempts(&[next]).unwrap();
        assert_eq!(appended.migrated.len(), 2);
        assert!(!store.stats_path().exists() && !store.history_path().exists());
        assert_eq!(
            fs::read_to_string(&appended.migrated[0]).unwrap(),
            OLD_STATS,
            "kept aside"
        );
        let Loaded::Found(after) = store.load_records() else {
            panic!()
        };
        assert_eq!(after.attempts.len(), 2);
        let s = after.figures();
        let row = s.row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!((row.played, row.won), (10, 8));
        assert_eq!(row.speed.recent, vec![Some(9000), None, Some(8000), Some(1500)]);
        assert!(s.extra.contains_key("from_the_future"), "unknown fields carried too");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn utc_times_parse() {
        assert_eq!(parse_utc("1970-01-02T00:00:01Z"), 86_401_000);
        assert_eq!(parse_utc("garbage"), 0);
    }
}
