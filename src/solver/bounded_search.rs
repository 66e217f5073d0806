//! Time-bounded search for large boards (placeholder: plain IDA*).

use crate::puzzle::Board;
use crate::solver::heuristic::Incremental;
use crate::solver::{Solution, SolveError, Stop, ida_star};

/// Always returns a whole solution.
pub(crate) fn solve<H: Incremental>(
    heuristic: &H,
    board: &Board,
    stop: &Stop,
) -> Result<Solution, SolveError> {
    ida_star::solve(heuristic, board, &stop.without_deadline())
}
