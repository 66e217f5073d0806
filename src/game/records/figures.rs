//! The statistics as ONE function of the history: [`figures`] folds every record, in order,
//! onto the statistics carried over from older versions. Every view (`slide stats`, its
//! `--json`, the panel, the win box, the Times list, the statistics screen) reads what
//! this returns, so no two views can disagree.
//!
//! What each result counts (the rules of `assets/records.txt`):
//! - won: played, won; moves/par (moves made, undone ones included); if ranked (see
//!   `ranked.rs`), the single bests of its row, or of its puzzle (a daily row also keeps
//!   the best of its puzzles), and the averages of a timed row; a streak day if a daily
//!   won on its own UTC day;
//! - solver-finished: played and `solver_finished`, nothing else;
//! - DNF: played and `dnf`, and, if ranked, a DNF in the averages of a timed row;
//! - given up (assisted, left after a move): played;
//! - a replay, whatever its result: `replays` only.

use std::collections::{BTreeMap, BTreeSet};

use crate::difficulty::UtcDate;
use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::outcome::Outcome;
use crate::game::records::stats::{Beaten, Best, Bests, Record, Stats};
use crate::puzzle::Size;

/// What one record changed, for the win box.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counted {
    /// The best it set, if any.
    pub beaten: Option<Beaten>,
    /// A daily won on its own day: a day of the streak.
    pub streak_day: bool,
    /// A daily won on a later day than its own: a win, no streak day.
    pub late_daily: bool,
    /// Counted under replays only.
    pub replay: bool,
    /// The time it added to the averages (an unassisted win of a timed row), if any.
    pub solve: Option<TimedSolve>,
}

/// A win counted in the averages: its time and its moves (for its TPS).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimedSolve {
    /// The time, in milliseconds.
    pub millis: u64,
    /// Single-tile moves made, undone ones included.
    pub stm: u32,
}

/// The statistics of a history: its `carried` statistics (from an older version), then
/// every record of `attempts` in order.
pub fn figures(carried: Option<&Stats>, attempts: &[AttemptRecord]) -> Stats {
    let mut stats = carried.cloned().unwrap_or_default();
    for record in attempts {
        count(&mut stats, record);
    }
    stats
}

/// Adds one record to `stats` and says what it changed. Records brought over from an older
/// log (already in the carried statistics) and records of a size or kind this version does
/// not know change nothing.
pub fn count(stats: &mut Stats, record: &AttemptRecord) -> Counted {
    let mut counted = Counted::default();
    if record.carried {
        return counted;
    }
    let Some(key) = record.record_key() else {
        return counted;
    };
    let row = stats.records.entry(key.row()).or_default();
    if record.replay {
        row.replays = row.replays.saturating_add(1);
        counted.replay = true;
        return counted;
    }
    row.played = row.played.saturating_add(1);
    // Timed rows: dealt levels, blind solves, marathons and relays (their own averages).
    let dealt = key.kind.timed();
    // Bests and averages read ranked attempts only.
    let ranked = record.is_ranked();
    match record.result {
        Outcome::Solver => row.solver_finished = row.solver_finished.saturating_add(1),
        Outcome::GaveUp => {}
        Outcome::Dnf => {
            row.dnf = row.dnf.saturating_add(1);
            if dealt && ranked {
                row.speed.record_dnf();
            }
        }
        Outcome::Won => {
            row.won = row.won.saturating_add(1);
            let moves = record.stm();
            if let Some(par) = record.par.filter(|p| *p > 0) {
                count_par(row, moves, par);
            }
            if dealt && ranked {
                row.speed.record_solve(record.millis, moves);
                counted.solve = Some(TimedSolve {
                    millis: record.millis,
                    stm: moves,
                });
            }
            if ranked {
                let best = Best {
                    moves,
                    time_ms: record.millis,
                    hints: 0,
                    solver_used: false,
                    assisted: false,
                };
                counted.beaten = keep_best(row, &mut stats.puzzles, key.puzzle.as_ref(), &best);
            }
            if let Some(day) = key.daily {
                if day == record.day() {
                    count_streak_day(&mut stats.daily_wins, key.size, day);
                    counted.streak_day = true;
                } else {
                    counted.late_daily = true;
                }
            }
        }
    }
    counted
}

/// Adds a win of `moves` on a board whose par is `par` to its row's moves/par.
fn count_par(row: &mut Record, moves: u32, par: u32) {
    row.moves_with_par = row.moves_with_par.saturating_add(u64::from(moves));
    row.par_sum = row.par_sum.saturating_add(u64::from(par));
    row.par_wins = row.par_wins.saturating_add(1);
    row.par_ratio_sum += f64::from(moves) / f64::from(par);
}

/// Keeps a ranked win's `best` where it is a best: a dealt win in its row; a daily win in
/// its puzzle's entry of `puzzles`, and in its row's summary. Says what it beat: in the
/// puzzle's entry, or for a dealt win in its row.
fn keep_best(
    row: &mut Record,
    puzzles: &mut BTreeMap<String, Bests>,
    puzzle: Option<&String>,
    best: &Best,
) -> Option<Beaten> {
    let Some(puzzle) = puzzle else {
        return keep_if_better(&mut row.bests, best);
    };
    let beaten = keep_if_better(puzzles.entry(puzzle.clone()).or_default(), best);
    // A daily row's bests are the bests of its puzzles: the row's summary, which `slide
    // stats` and the statistics screen both show.
    keep_if_better(&mut row.bests, best);
    beaten
}

/// Puts `best` in each slot of `bests` it beats (or fills): the fastest time, the fewest
/// moves (of two as short, the faster), the most tiles per second. A tie beats nothing.
/// Says which it beat, if any.
fn keep_if_better(bests: &mut Bests, best: &Best) -> Option<Beaten> {
    let previous = bests.clone();
    let time = bests.fastest.as_ref().is_none_or(|old| best.time_ms < old.time_ms);
    let moves = bests
        .fewest
        .as_ref()
        .is_none_or(|old| (best.moves, best.time_ms) < (old.moves, old.time_ms));
    let tps = match (best.tps(), bests.best_tps.as_ref()) {
        (Some(new), Some(old)) => old.tps().is_none_or(|old| new > old),
        (Some(_), None) => true,
        (None, _) => false,
    };
    for (beat, slot) in [
        (time, &mut bests.fastest),
        (moves, &mut bests.fewest),
        (tps, &mut bests.best_tps),
    ] {
        if beat {
            *slot = Some(best.clone());
        }
    }
    (time || moves || tps).then_some(Beaten {
        time,
        moves,
        tps,
        previous,
    })
}

/// Marks `day` won in the daily streak of `size`.
fn count_streak_day(daily_wins: &mut BTreeMap<String, BTreeSet<String>>, size: Size, day: UtcDate) {
    daily_wins
        .entry(crate::game::records::stats::size_key(size))
        .or_default()
        .insert(day.to_string());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::{Level, UtcDate};
    use crate::game::records::attempt_record::tests::sample;
    use crate::game::records::averages::Average;
    use crate::game::records::stats::Kind;
    use crate::puzzle::Size;

    fn with(result: Outcome, millis: u64) -> AttemptRecord {
        AttemptRecord {
            result,
            millis,
            ..sample()
        }
    }

    #[test]
    fn each_result_counts_where_the_rules_say() {
        let mut h = Vec::new();
        for ms in [9_000, 8_000, 7_000, 6_000] {
            h.push(with(Outcome::Won, ms));
        }
        h.push(with(Outcome::Dnf, 3_000));
        h.push(with(Outcome::Solver, 100));
        h.push(with(Outcome::GaveUp, 100));
        h.push(AttemptRecord {
            replay: true,
            ..with(Outcome::Won, 1)
        });
        h.push(AttemptRecord {
            carried: true,
            ..with(Outcome::Won, 1)
        });
        let s = figures(None, &h);
        let row = s.row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!(
            (row.played, row.won, row.dnf, row.solver_finished, row.replays),
            (7, 4, 1, 1, 1)
        );
        assert_eq!(
            row.bests.fastest.as_ref().unwrap().time_ms,
            6_000,
            "the replay's 1 ms is no best"
        );
        // 9, 8, 7, 6 and a DNF: 6 and the DNF dropped.
        assert_eq!(row.speed.ao(5), Some(Average::Millis(8_000)));
        assert_eq!(row.par_wins, 4, "the solver's game is out of moves/par");
    }

    #[test]
    fn a_daily_is_a_streak_day_only_when_the_player_wins_it_on_its_day() {
        let day = |d: u32| UtcDate::new(2026, 12, d).unwrap();
        let daily = |result, won_on: UtcDate, puzzle: UtcDate| AttemptRecord {
            level: "daily".into(),
            daily: Some(puzzle.to_string()),
            result,
            at: won_on.days() as u64 * 86_400_000 + 5_000,
            ..sample()
        };
        let mut s = Stats::default();
        assert!(count(&mut s, &daily(Outcome::Won, day(3), day(3))).streak_day);
        assert!(!count(&mut s, &daily(Outcome::Solver, day(4), day(4))).streak_day);
        assert!(count(&mut s, &daily(Outcome::Won, day(6), day(5))).late_daily);
        assert_eq!(s.daily_streak(Size::THREE, day(4)), 1);
        assert_eq!(s.daily_streak(Size::THREE, day(5)), 0, "day 4 went to the solver");
        assert_eq!(s.row(Size::THREE, Kind::Daily).unwrap().solver_finished, 1);
        let row_best = s.row(Size::THREE, Kind::Daily).unwrap().bests.fewest.clone();
        assert_eq!(
            row_best.map(|b| (b.moves, b.time_ms)),
            Some((2, 1_500)),
            "a daily row keeps the best of its puzzles, for every view to show"
        );
    }
}
