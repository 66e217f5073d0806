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
}
