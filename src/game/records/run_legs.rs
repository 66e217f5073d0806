//! A recorded attempt's boards rebuilt from its record: one board for a single solve, every
//! board reached for a marathon or a relay.
//!
//! A run's record keeps the boards reached, each in slidysim's form, joined by `;`, and
//! every tile slid in the whole run (see `run.rs`). The game deals the next board the
//! moment one reaches the goal, so the moves split into boards by replaying them: a board
//! ends with the first move that solves it, and the next board starts there. A run left
//! just after solving a board has reached the next one with no move on it: that board is a
//! leg of no moves.

use std::ops::Range;

use crate::game::play::move_log::MoveLog;
use crate::game::play::run::BOARD_SEPARATOR;
use crate::game::records::replay_error::ReplayError;
use crate::puzzle::slidysim::parse_scramble;
use crate::puzzle::{Board, Move};

/// One board of a recorded attempt and the moves played on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leg {
    /// The board as it was dealt.
    pub start: Board,
    /// Its moves, as indices into the attempt's moves.
    pub moves: Range<usize>,
    /// Whether its last move solved it.
    pub solved: bool,
}

impl Leg {
    /// How many moves were played on it.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move was played on it.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The boards of the attempt recorded as `scramble` (one board, or several joined by
/// [`BOARD_SEPARATOR`]) that played `moves`, each with its share of the moves.
///
/// Fails when a board is not one or when a move can't be made where it is recorded (its
/// 1-based number is in the error). Moves after the last board was solved stay on it (a
/// single solve played on); boards listed but never reached (none are in a record this
/// version writes) are left out.
pub fn legs(scramble: &str, moves: &[Move]) -> Result<Vec<Leg>, ReplayError> {
    let boards = scramble
        .split(BOARD_SEPARATOR)
        .map(|s| {
            parse_scramble(s).map_err(|source| ReplayError::Scramble {
                scramble: s.trim().to_string(),
                source,
            })
        })
        .collect::<Result<Vec<Board>, ReplayError>>()?;
    let mut legs = Vec::with_capacity(boards.len());
    let mut from = 0;
    let mut board = boards[0];
    for (i, &m) in moves.iter().enumerate() {
        if !board.try_move(m) {
            return Err(ReplayError::Illegal(i + 1));
        }
        if board.is_goal()
            && let Some(&next) = boards.get(legs.len() + 1)
        {
            legs.push(Leg {
                start: boards[legs.len()],
                moves: from..i + 1,
                solved: true,
            });
            from = i + 1;
            board = next;
        }
    }
    legs.push(Leg {
        start: boards[legs.len()],
        moves: from..moves.len(),
        solved: board.is_goal() && from < moves.len(),
    });
    Ok(legs)
}

/// A run's splits: the time of each board it solved, in order, in milliseconds, from the
/// moves of `log` (each with its time on the clock) played on the boards of `scramble`.
/// `millis` is the attempt's time: a won run's splits add up to it (a record's move times
/// start at its first move; the clock may have run before it, after an inspection). An
/// unfinished board has no split. `None` when the moves do not replay on the boards.
pub fn splits(scramble: &str, log: &MoveLog, millis: u64, won: bool) -> Option<Vec<u64>> {
    let moves: Vec<Move> = log.plain_moves();
    let times: Vec<u64> = log.moves().iter().map(|m| m.at_ms).collect();
    let offset = match times.last() {
        Some(&last) if won => millis.saturating_sub(last),
        _ => 0,
    };
    let mut done = 0;
    let splits = legs(scramble, &moves)
        .ok()?
        .iter()
        .filter(|leg| leg.solved)
        .filter_map(|leg| {
            let end = times.get(leg.moves.end.checked_sub(1)?)? + offset;
            let split = end.saturating_sub(done);
            done = end;
            Some(split)
        })
        .collect();
    Some(splits)
}

/// The leg on view after `step` moves: the last one started by then (at the move that
/// solves a board, the next board, as the game deals it at once).
pub fn leg_at(legs: &[Leg], step: usize) -> usize {
    legs.partition_point(|l| l.moves.start <= step).saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_moves;

    const ONE: &str = "1 2 3/4 5 6/0 7 8";
    const TWO: &str = "1 2 3/4 5 6/7 0 8";

    fn moves(s: &str) -> Vec<Move> {
        parse_moves(s).expect("moves")
    }

    #[test]
    fn a_single_solve_is_one_leg() {
        let l = legs(ONE, &moves("LL")).expect("legs");
        assert_eq!(l.len(), 1);
        assert_eq!((l[0].moves.clone(), l[0].solved), (0..2, true));
        let l = legs(ONE, &moves("L")).expect("legs");
        assert!(!l[0].solved, "one move short");
        let l = legs(ONE, &[]).expect("legs");
        assert!(l[0].is_empty() && !l[0].solved);
    }

    #[test]
    fn a_run_splits_where_each_board_is_solved() {
        // Board one: L L (with an undo pair R L on the way); board two: L.
        let scramble = format!("{ONE};{TWO}");
        let l = legs(&scramble, &moves("LRLLL")).expect("legs");
        assert_eq!(l.len(), 2);
        assert_eq!((l[0].moves.clone(), l[0].solved), (0..4, true));
        assert_eq!((l[1].moves.clone(), l[1].solved), (4..5, true));
        assert_eq!(l[1].start, parse_scramble(TWO).expect("a board"));
        // On view: board one up to the move before its solving one, then board two.
        assert_eq!(
            (leg_at(&l, 0), leg_at(&l, 3), leg_at(&l, 4), leg_at(&l, 5)),
            (0, 0, 1, 1)
        );
    }

    #[test]
    fn a_run_left_after_a_board_has_reached_the_next_with_no_move() {
        let scramble = format!("{ONE};{TWO};{ONE}");
        let l = legs(&scramble, &moves("LLL")).expect("legs");
        assert_eq!(l.len(), 3);
        assert!(l[2].is_empty() && !l[2].solved);
        assert_eq!(leg_at(&l, 3), 2);
        // Left mid-board: the boards not reached are not legs.
        let l = legs(&scramble, &moves("L")).expect("legs");
        assert_eq!(l.len(), 1);
    }

    #[test]
    fn a_damaged_run_is_refused_with_the_reason() {
        let scramble = format!("{ONE};{TWO}");
        assert_eq!(legs(&scramble, &moves("LLU")), Err(ReplayError::Illegal(3)));
        assert_eq!(
            legs(ONE, &moves("LLR")).map(|l| l.len()),
            Ok(1),
            "a single solve may go on"
        );
        assert!(matches!(
            legs("1 2 3/4 5 6/0 7 8;1 2", &[]),
            Err(ReplayError::Scramble { .. })
        ));
    }

    #[test]
    fn a_run_s_splits_are_each_solved_board_s_time_and_add_up_to_a_win_s() {
        use crate::game::play::move_log::Actor;
        let scramble = format!("{ONE};{TWO};{ONE}");
        let mut log = MoveLog::new();
        // As the game logs them: the clock's time at each move (it ran 300 ms before the
        // first, after an inspection).
        for (m, at) in [
            (Move::Left, 300),
            (Move::Left, 1_000),
            (Move::Left, 1_800),
            (Move::Left, 2_500),
        ] {
            log.push(m, Actor::Player, at);
        }
        log.push(Move::Left, Actor::Player, 4_000);
        assert_eq!(splits(&scramble, &log, 4_000, true), Some(vec![1_000, 800, 2_200]));
        // As a record keeps them (times from the first move): the same splits.
        let letters = log.letters();
        let recorded = MoveLog::from_parts(&letters, &log.gaps_ms()).expect("a log");
        assert_eq!(splits(&scramble, &recorded, 4_000, true), Some(vec![1_000, 800, 2_200]));
        // Left on the third board: two splits.
        let mut left = MoveLog::new();
        for (m, at) in [
            (Move::Left, 0),
            (Move::Left, 700),
            (Move::Left, 1_500),
            (Move::Left, 2_000),
        ] {
            left.push(m, Actor::Player, at);
        }
        assert_eq!(splits(&scramble, &left, 9_000, false), Some(vec![700, 800]));
        assert_eq!(splits("1 2", &left, 0, false), None);
    }
}
