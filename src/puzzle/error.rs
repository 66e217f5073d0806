//! Errors for boards, sizes and moves: each names what is wrong and where.

use thiserror::Error;

/// Why a board, a size or a move string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The number of entries is not 9, 16, 25 or 36.
    #[error("expected 9, 16, 25 or 36 numbers, got {0}")]
    WrongCount(usize),
    /// An entry is not a number nor a blank marker.
    #[error("entry {position} ('{token}') is not a number; use 0, _ or . for the blank")]
    NotANumber {
        /// The offending text (cut short if long: see [`crate::excerpt`]).
        token: String,
        /// Its 1-based position among the entries.
        position: usize,
    },
    /// A number does not name a tile of this size.
    #[error("{value} is out of range for a {side}×{side} board (tiles are 1 to {max}, 0 is the blank)")]
    OutOfRange {
        /// The number found.
        value: u64,
        /// The board's side.
        side: usize,
        /// The largest tile of that size.
        max: usize,
    },
    /// A tile appears more than once.
    #[error("tile {0} appears twice")]
    Duplicate(u8),
    /// The blank appears more than once.
    #[error("the blank (0, _ or .) appears twice")]
    DuplicateBlank,
    /// The permutation cannot reach the goal: no sequence of moves does. Swapping the two
    /// tiles named (both non-blank) would make it solvable.
    #[error("this board can't be solved; swapping tiles {0} and {1} would make it solvable")]
    Unsolvable(u8, u8),
    /// A size outside 3..=6.
    #[error("size {0} is not supported: choose 3, 4, 5 or 6")]
    UnsupportedSize(usize),
    /// A size that does not parse.
    #[error("'{0}' is not a size: use 3, 4, 5 or 6 (or 4x4)")]
    BadSize(String),
    /// A move letter that is not U, D, L or R.
    #[error("move {position} ('{letter}') is not one of U, D, L, R")]
    BadMove {
        /// The offending character.
        letter: char,
        /// Its 1-based position in the move string.
        position: usize,
    },
    /// A move that the board does not allow.
    #[error("move {position} ({letter}) is not possible: no tile can slide that way")]
    IllegalMove {
        /// The move's letter.
        letter: char,
        /// Its 1-based position in the move sequence.
        position: usize,
    },
}
