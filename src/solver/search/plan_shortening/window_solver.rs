//! What the shortener asks of a solver, so that it needs none of the solver's own code.

use std::sync::Arc;

use crate::puzzle::{Board, Size};
use crate::solver::error::SolveError;
use crate::solver::options::SolveOptions;
use crate::solver::solution::Solution;
use crate::solver::tables::pattern_db::PatternDb;

/// A solver as the shortener sees it: its pattern databases (tail windows are solved
/// optimally toward the goal with them) and its search (beam windows solve a sub-puzzle
/// within a time slice). [`Solver`](crate::solver::Solver) is one.
pub trait WindowSolver: Sync {
    /// The pattern databases for `size`, if prepared.
    fn goal_tables(&self, size: Size) -> Option<&Arc<PatternDb>>;
    /// A whole solution of `board` within `opts`' budget.
    fn solve_window(&self, board: &Board, opts: &SolveOptions) -> Result<Solution, SolveError>;
}
