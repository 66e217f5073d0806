//! The distances along one reviewed game, and what they say.

use crate::puzzle::{Board, Move};
use crate::review::summary::Summary;

/// The distances along one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The start board.
    pub board: Board,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The optimal distance to the goal before the first move (`distances[0]`) and after
    /// each move (`distances[i]` after `i` moves): `moves.len() + 1` values.
    pub distances: Vec<u32>,
    /// Whether the distances are proven optimal (3×3 and 4×4) or estimates (5×5, 6×6).
    pub exact: bool,
    /// For estimates: the proven lower bound of each position (`distances[i]` is proven
    /// where it equals `lower_bounds[i]`); empty when the distances are exact.
    pub lower_bounds: Vec<u32>,
}

impl Review {
    /// The moves beyond the optimum: the moves played, plus what remains from the last
    /// position, minus the optimal distance at the start. For a finished game this is the
    /// moves played minus the start's optimum.
    pub fn extra(&self) -> u32 {
        let (Some(&first), Some(&last)) = (self.distances.first(), self.distances.last()) else {
            return 0;
        };
        (self.moves.len() as u32 + last).saturating_sub(first)
    }

    /// The optimal moves, the detours and their cost.
    pub fn summary(&self) -> Summary {
        let mut s = Summary::of(&self.distances, self.extra());
        s.estimate = !self.exact;
        s
    }

    /// Whether the figure of position `step` is proven: exact reviews always, estimates
    /// where the figure meets its lower bound.
    pub fn is_proven(&self, step: usize) -> bool {
        self.exact
            || self
                .lower_bounds
                .get(step)
                .is_some_and(|lb| self.distances.get(step) == Some(lb))
    }

    /// The board after the first `step` moves (the start for 0, the last position beyond
    /// the end).
    pub fn board_after(&self, step: usize) -> Board {
        let mut board = self.board;
        for &m in self.moves.iter().take(step) {
            board.try_move(m);
        }
        board
    }
}
