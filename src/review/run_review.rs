//! A marathon's or a relay's review: each board reviewed on its own against its optimum,
//! and the whole run's totals. A single solve is a run of one board.
//!
//! The moves of a run are numbered across its boards (move 1 is the first of board 1); the
//! position on view after the move that solves a board is the next board's start, as the
//! game deals it at once, so the distance there is that board's start distance.

use crate::review::game_review::Review;
use crate::review::summary::Detour;

/// The reviews of a run's boards, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunReview {
    /// Each board's review.
    pub boards: Vec<Review>,
}

impl RunReview {
    /// The moves played on all boards.
    pub fn moves(&self) -> usize {
        self.boards.iter().map(|r| r.moves.len()).sum()
    }

    /// The sum of the boards' optimal (on 5×5 and 6×6, best found) lengths from their starts.
    pub fn optimal(&self) -> u32 {
        self.boards
            .iter()
            .map(|r| r.distances.first().copied().unwrap_or(0))
            .sum()
    }

    /// The moves beyond the optimum over the run (see [`Review::extra`]).
    pub fn extra(&self) -> u32 {
        self.boards.iter().map(Review::extra).sum()
    }

    /// Whether every board's distances are proven optimal.
    pub fn exact(&self) -> bool {
        self.boards.iter().all(|r| r.exact)
    }

    /// The run's move number at which board `board` starts (0 for the first).
    pub fn offset(&self, board: usize) -> usize {
        self.boards.iter().take(board).map(|r| r.moves.len()).sum()
    }

    /// The board on view after `step` moves of the run, and the moves made on it by then.
    pub fn locate(&self, step: usize) -> (usize, usize) {
        let mut at = 0;
        for (i, r) in self.boards.iter().enumerate() {
            let last = i + 1 == self.boards.len();
            if step < at + r.moves.len() || last {
                return (i, (step - at.min(step)).min(r.moves.len()));
            }
            at += r.moves.len();
        }
        (0, 0)
    }

    /// The optimal distance of the position on view after `step` moves of the run.
    pub fn distance_at(&self, step: usize) -> u32 {
        let (board, local) = self.locate(step);
        self.boards
            .get(board)
            .and_then(|r| r.distances.get(local))
            .copied()
            .unwrap_or(0)
    }

    /// The distance of the position on view before the first move and after each move of
    /// the run: `moves() + 1` values.
    pub fn distances(&self) -> Vec<u32> {
        (0..=self.moves()).map(|s| self.distance_at(s)).collect()
    }

    /// Every board's detours, their first moves numbered across the run.
    pub fn detours(&self) -> Vec<Detour> {
        let mut out = Vec::new();
        for (i, r) in self.boards.iter().enumerate() {
            let offset = self.offset(i);
            out.extend(r.summary().detours.into_iter().map(|d| Detour {
                first_move: d.first_move + offset,
                ..d
            }));
        }
        out
    }

    /// The run's moves (numbered from 1) that took their board further from the goal.
    pub fn moves_away(&self) -> Vec<usize> {
        self.detours()
            .iter()
            .flat_map(|d| d.first_move..d.first_move + d.len)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{parse_board, parse_moves};

    fn review(board: &str, moves: &str, distances: Vec<u32>) -> Review {
        Review {
            board: parse_board(board).expect("a board"),
            moves: parse_moves(moves).expect("moves"),
            distances,
            exact: true,
            lower_bounds: Vec::new(),
        }
    }

    fn run() -> RunReview {
        RunReview {
            boards: vec![
                // Two optimal, a detour of one move (+2), then back: 4 moves for 2.
                review("1 2 3 4 5 6 0 7 8", "LRLL", vec![2, 1, 2, 1, 0]),
                review("1 2 3 4 5 6 7 0 8", "L", vec![1, 0]),
            ],
        }
    }

    #[test]
    fn totals_add_the_boards() {
        let r = run();
        assert_eq!((r.moves(), r.optimal(), r.extra()), (5, 3, 2));
        assert!(r.exact());
        assert_eq!(r.offset(1), 4);
    }

    #[test]
    fn moves_are_numbered_across_the_run_and_the_solving_move_shows_the_next_board() {
        let r = run();
        assert_eq!(
            (r.locate(0), r.locate(3), r.locate(4), r.locate(5)),
            ((0, 0), (0, 3), (1, 0), (1, 1))
        );
        assert_eq!(r.distances(), vec![2, 1, 2, 1, 1, 0]);
        let d = r.detours();
        assert_eq!((d.len(), d[0].first_move, d[0].cost), (1, 2, 2));
        assert_eq!(r.moves_away(), vec![2]);
        let second = RunReview {
            boards: vec![run().boards[1].clone(), run().boards[0].clone()],
        };
        assert_eq!(second.detours()[0].first_move, 3, "offset by the first board's move");
    }
}
