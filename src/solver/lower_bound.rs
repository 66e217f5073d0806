//! One lower bound per board, whoever asks: `slide solve`, `hint` and `rate` and the game's
//! panel all report this number, so that one board never shows two different bounds.

use crate::puzzle::Board;
use crate::solver::facade::Solver;

/// The best admissible lower bound on `board`'s optimal number of moves that the solver
/// knows without searching: the largest of every heuristic's value (Manhattan, linear
/// conflict, walking distance, the pattern databases when prepared, the exact length on
/// 3×3), the same as [`Solver::rate`]'s `lower_bound`.
///
/// A search may prove more (an optimal solution's length is its own bound): callers that
/// have a [`Solution`](crate::solver::Solution) or a [`Hint`](crate::solver::Hint) report the
/// larger of the two. Cheap once the size's tables are prepared; on 3×3 and 4×4 it builds
/// the small exact or walking-distance table on first use.
pub fn lower_bound(solver: &Solver, board: &Board) -> u32 {
    solver.rate(board).lower_bound
}
