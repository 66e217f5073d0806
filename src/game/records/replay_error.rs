//! Why a recorded attempt can't be played back (or its boards rebuilt).

use thiserror::Error;

use crate::puzzle::BoardError;

/// Why a record can't be played back.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReplayError {
    /// The scramble is not a board.
    #[error("its scramble '{scramble}' is not a board: {source}")]
    Scramble {
        /// The scramble as recorded.
        scramble: String,
        /// What is wrong with it.
        source: BoardError,
    },
    /// The moves are not moves, or not one time per move.
    #[error("its moves are damaged")]
    Moves,
    /// A move can't be made from the position it is recorded at.
    #[error("move {0} can't be made on its board")]
    Illegal(usize),
}
