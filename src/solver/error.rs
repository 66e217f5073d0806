//! Why a search gave no answer.

use thiserror::Error;

use crate::puzzle::Size;
use crate::solver::tables::error::TableError;

/// Why the solver returned no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The request was cancelled (the player moved on, or the caller asked).
    #[error("the search was cancelled")]
    Cancelled,
    /// An optimal search ran out of its time budget before proving a length.
    #[error("no solution proven within the time limit")]
    OutOfTime,
    /// The board is already solved, so there is no next move.
    #[error("the board is already solved")]
    AlreadySolved,
    /// The heuristic asked for is not available for this size.
    #[error("the {heuristic} heuristic is not available for {size} boards")]
    HeuristicUnavailable {
        /// The heuristic's name.
        heuristic: &'static str,
        /// The board size.
        size: Size,
    },
    /// Tables could not be built.
    #[error("tables: {0}")]
    Tables(#[from] TableError),
}
