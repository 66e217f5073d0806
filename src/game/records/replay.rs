//! A recorded attempt as a timeline to play back: the start, every move and the moment of
//! play time it was made, so that a replay shows each position at the time the player
//! reached it and its clock ends at the time recorded.
//!
//! The history keeps each move's time since the first move (its gaps) and the attempt's
//! play time; what came before the first move (an inspection that ran out, a clock started
//! by hand) is the difference, so the first move is played after it. An attempt recorded
//! before times were kept has its moves spread evenly over its time, and says so.
//!
//! A marathon or a relay plays back board after board on its one clock: its record's
//! boards and moves split into legs (`run_legs.rs`), and the position after a move that
//! solves a board is the next board, as the game dealt it.

use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::replay_error::ReplayError;
use crate::game::records::run_legs::{Leg, leg_at, legs};
use crate::puzzle::{Board, Move};

/// A recorded attempt as a timeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    start: Board,
    /// The boards, each with its moves (one for a single solve).
    legs: Vec<Leg>,
    moves: Vec<Move>,
    /// The play time of each move, in milliseconds since the attempt's clock started.
    at_ms: Vec<u64>,
    /// The attempt's play time: where the timeline ends.
    total_ms: u64,
    /// Whether the record kept the moves' times (else they are spread evenly).
    timed: bool,
}

impl Replay {
    /// The timeline of `record`.
    pub fn of(record: &AttemptRecord) -> Result<Replay, ReplayError> {
        let log = record.log().ok_or(ReplayError::Moves)?;
        let moves = log.plain_moves();
        let legs = legs(&record.scramble, &moves)?;
        let timed = !record.gaps.is_empty();
        let since_first = log.times_ms();
        Replay::timeline(legs, moves, timed.then_some(since_first), record.millis)
    }

    /// The timeline of `moves` from `start`, made at `times` (milliseconds since the first
    /// move, one a move, never decreasing) in an attempt of `total_ms` play time; without
    /// times, the moves are spread evenly over it.
    pub fn new(start: Board, moves: Vec<Move>, times: Option<Vec<u64>>, total_ms: u64) -> Result<Replay, ReplayError> {
        let mut board = start;
        for (i, &m) in moves.iter().enumerate() {
            if !board.try_move(m) {
                return Err(ReplayError::Illegal(i + 1));
            }
        }
        let legs = vec![Leg {
            start,
            moves: 0..moves.len(),
            solved: board.is_goal(),
        }];
        Replay::timeline(legs, moves, times, total_ms)
    }

    /// The timeline of `legs` (checked: each leg's moves legal on its board), as
    /// [`Replay::new`] times them.
    fn timeline(
        legs: Vec<Leg>,
        moves: Vec<Move>,
        times: Option<Vec<u64>>,
        total_ms: u64,
    ) -> Result<Replay, ReplayError> {
        let start = legs.first().map(|l| l.start).ok_or(ReplayError::Moves)?;
        let n = moves.len() as u64;
        let (at_ms, timed): (Vec<u64>, bool) = match times {
            Some(t) if t.len() == moves.len() => {
                let last = t.last().copied().unwrap_or(0);
                // The clock ran this long before the first move.
                let lead = total_ms.saturating_sub(last);
                (t.iter().map(|&x| x + lead).collect(), true)
            }
            Some(_) => return Err(ReplayError::Moves),
            None => ((1..=n).map(|i| total_ms * i / n.max(1)).collect(), false),
        };
        let total_ms = total_ms.max(at_ms.last().copied().unwrap_or(0));
        Ok(Replay {
            start,
            legs,
            moves,
            at_ms,
            total_ms,
            timed,
        })
    }

    /// The start board (a run's first).
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The boards, each with its moves: one for a single solve, each board reached for a
    /// marathon or a relay.
    pub fn legs(&self) -> &[Leg] {
        &self.legs
    }

    /// Which board (an index into [`Replay::legs`]) is on view after `step` moves.
    pub fn leg_at(&self, step: usize) -> usize {
        leg_at(&self.legs, step)
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves there are.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The play time at which the timeline ends (the attempt's time).
    pub fn total_ms(&self) -> u64 {
        self.total_ms
    }

    /// Whether the moves' own times were recorded (else they are spread evenly).
    pub fn timed(&self) -> bool {
        self.timed
    }

    /// The board on view after the first `step` moves (in a run, after the move that
    /// solves a board, the next board).
    pub fn board_after(&self, step: usize) -> Board {
        let leg = &self.legs[self.leg_at(step)];
        let mut board = leg.start;
        let end = step.min(self.moves.len()).max(leg.moves.start);
        for &m in &self.moves[leg.moves.start..end] {
            board.try_move(m);
        }
        board
    }

    /// How many moves were made by play time `ms`.
    pub fn step_at(&self, ms: u64) -> usize {
        self.at_ms.partition_point(|&t| t <= ms)
    }

    /// The play time at which the position after `step` moves was reached (0 for the
    /// start).
    pub fn time_of(&self, step: usize) -> u64 {
        match step {
            0 => 0,
            s => self.at_ms[s.min(self.at_ms.len()) - 1],
        }
    }

    /// Tiles a second over the whole attempt.
    pub fn mean_tps(&self) -> f64 {
        tps(self.moves.len(), self.total_ms)
    }

    /// Tiles a second over time: at `samples` moments evenly spaced over the attempt, the
    /// moves made in the `window_ms` before it, per second (over the whole window even
    /// where it starts before the clock did, so that the first moves make no spike).
    /// Points are (seconds, TPS).
    pub fn tps_over_time(&self, samples: usize, window_ms: u64) -> Vec<(f64, f64)> {
        let samples = samples.max(2);
        let window_ms = window_ms.max(1);
        (0..samples)
            .map(|i| {
                let t = self.total_ms * i as u64 / (samples as u64 - 1);
                let from = t.saturating_sub(window_ms);
                // Moves in (from, t], or [0, t] when the window starts with the clock.
                let made = self.step_at(t) - if from == 0 { 0 } else { self.step_at(from) };
                (t as f64 / 1000.0, tps(made, window_ms))
            })
            .collect()
    }
}

/// `moves` in `ms` as tiles a second (0 for no time).
fn tps(moves: usize, ms: u64) -> f64 {
    if ms == 0 {
        0.0
    } else {
        moves as f64 * 1000.0 / ms as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::records::attempt_record::tests::sample;
    use crate::puzzle::parse_moves;

    fn three_moves(times: Option<Vec<u64>>, total: u64) -> Replay {
        let start = crate::puzzle::parse_board("1 2 3 4 5 6 0 7 8").expect("a board");
        let moves = parse_moves("LLR").expect("moves");
        Replay::new(start, moves, times, total).expect("legal")
    }

    #[test]
    fn each_move_comes_at_its_time_after_what_the_clock_ran_before_the_first() {
        // Moves at 0, 400 and 1000 ms after the first; the attempt took 1500 ms, so the
        // clock ran 500 ms before the first move.
        let r = three_moves(Some(vec![0, 400, 1000]), 1500);
        assert_eq!(r.total_ms(), 1500);
        assert_eq!((r.time_of(0), r.time_of(1), r.time_of(3)), (0, 500, 1500));
        assert_eq!(r.step_at(0), 0);
        assert_eq!(r.step_at(499), 0);
        assert_eq!(r.step_at(500), 1);
        assert_eq!(r.step_at(1499), 2);
        assert_eq!(r.step_at(1500), 3);
        assert_eq!(r.step_at(u64::MAX), 3);
        assert!(r.timed());
        assert_eq!(
            r.board_after(2),
            crate::puzzle::parse_board("1 2 3 4 5 6 7 8 0").expect("goal")
        );
    }

    #[test]
    fn without_times_the_moves_are_spread_evenly_and_the_replay_says_so() {
        let r = three_moves(None, 3000);
        assert!(!r.timed());
        assert_eq!((r.time_of(1), r.time_of(2), r.time_of(3)), (1000, 2000, 3000));
        // A time shorter than the moves' own (a damaged record) is lengthened to them.
        let r = three_moves(Some(vec![0, 10, 20]), 5);
        assert_eq!(r.total_ms(), 20);
    }

    #[test]
    fn a_record_plays_back_from_its_scramble_with_its_times() {
        let record = sample();
        let r = Replay::of(&record).expect("a good record");
        assert_eq!(r.len(), 2);
        assert!(r.board_after(2).is_goal());
        assert_eq!(r.total_ms(), record.millis);
        // Gaps 0 and 700 in 1500 ms: the first move at 800, the second at 1500.
        assert_eq!((r.time_of(1), r.time_of(2)), (800, 1500));
    }

    #[test]
    fn a_run_plays_back_board_after_board_on_its_one_clock() {
        let mut record = sample();
        record.level = "marathon-2".into();
        record.mode = "marathon".into();
        // Board one: L L; board two: L (its blank one step from home).
        record.scramble = "1 2 3/4 5 6/0 7 8;1 2 3/4 5 6/7 0 8".into();
        record.moves = "LLL".into();
        record.gaps = vec![0, 300, 900];
        record.millis = 2_000;
        let r = Replay::of(&record).expect("a good run");
        assert_eq!((r.legs().len(), r.len(), r.total_ms()), (2, 3, 2_000));
        let second = crate::puzzle::slidysim::parse_scramble("1 2 3/4 5 6/7 0 8").expect("a board");
        assert_eq!(
            r.board_after(1),
            crate::puzzle::parse_board("1 2 3 4 5 6 7 0 8").expect("a board")
        );
        assert_eq!(r.board_after(2), second, "the solving move deals the next board");
        assert!(r.board_after(3).is_goal());
        assert_eq!((r.leg_at(1), r.leg_at(2)), (0, 1));
        // One clock: the second board's move at its time in the run (800 ms before the first).
        assert_eq!((r.time_of(1), r.time_of(3)), (800, 2_000));
        // A move the second board can't make is refused with its number in the run.
        record.moves = "LLU".into();
        assert_eq!(Replay::of(&record), Err(ReplayError::Illegal(3)));
    }

    #[test]
    fn a_damaged_record_is_refused_with_the_reason() {
        let mut bad = sample();
        bad.moves = "LU".into();
        assert_eq!(Replay::of(&bad), Err(ReplayError::Illegal(2)));
        let mut bad = sample();
        bad.gaps = vec![0];
        assert_eq!(Replay::of(&bad), Err(ReplayError::Moves));
        let mut bad = sample();
        bad.scramble = "1 2/3".into();
        assert!(matches!(Replay::of(&bad), Err(ReplayError::Scramble { .. })));
    }

    #[test]
    fn tiles_a_second_over_time_count_the_moves_in_the_window() {
        // Three moves in the last second of a 2 s attempt: 0 TPS at first, 3 at the end.
        let r = three_moves(Some(vec![0, 500, 900]), 2000);
        let points = r.tps_over_time(3, 1000);
        assert_eq!(points.len(), 3);
        assert!((points[0].0, points[0].1) == (0.0, 0.0), "{points:?}");
        assert!(
            (points[2].0 - 2.0).abs() < 1e-9 && (points[2].1 - 3.0).abs() < 1e-9,
            "{points:?}"
        );
        assert!((r.mean_tps() - 1.5).abs() < 1e-9);
        // Moves at once at the start count over the whole window: no spike.
        let r = three_moves(Some(vec![0, 0, 0]), 100);
        let points = r.tps_over_time(2, 1000);
        assert!((points[1].1 - 3.0).abs() < 1e-9, "{points:?}");
    }
}
