//! Why a review gave no distances.

use thiserror::Error;

use crate::puzzle::Move;
use crate::solver::SolveError;

/// Why a review failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// A move cannot be played where it comes in the game.
    #[error("move {position} ({}) is not possible there", .mv.letter())]
    IllegalMove {
        /// Its 1-based position in the moves.
        position: usize,
        /// The move.
        mv: Move,
    },
    /// The solver stopped (cancelled) or failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}
