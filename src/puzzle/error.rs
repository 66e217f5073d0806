//! Errors for boards, sizes and moves: each names what is wrong and where.

use thiserror::Error;

/// Why a board, a size or a move string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Entries with no shape of their own whose count is not a square's (4 to 100).
    #[error("expected a square board's count of numbers (4, 9, 16, … 100) or rows joined by /, got {0}")]
    WrongCount(usize),
    /// In rows joined by `/` or on lines (slidysim's form, a grid), a row whose length is
    /// not the first row's.
    #[error("row {row} has {}, but row 1 has {}: every row needs as many", tiles(*found), tiles(*expected))]
    RaggedRow {
        /// The row's 1-based number.
        row: usize,
        /// How many tiles it has.
        found: usize,
        /// How many tiles the first row has.
        expected: usize,
    },
    /// An entry is not a number nor a blank marker.
    #[error("entry {position} ('{token}') is not a number; use 0, _ or . for the blank")]
    NotANumber {
        /// The offending text (cut short if long: see [`crate::excerpt`]).
        token: String,
        /// Its 1-based position among the entries.
        position: usize,
    },
    /// A number does not name a tile of this size.
    #[error("{value} is out of range for a {width}×{height} board (tiles are 1 to {max}, 0 is the blank)")]
    OutOfRange {
        /// The number found.
        value: u64,
        /// The board's columns.
        width: usize,
        /// The board's rows.
        height: usize,
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
    /// A width or height outside 2..=10.
    #[error("size {width}×{height} is not supported: width and height are each 2 to 10")]
    UnsupportedSize {
        /// The columns asked for.
        width: usize,
        /// The rows asked for.
        height: usize,
    },
    /// A size asked for where only the classic sizes (square, 3×3 to 6×6) are meant.
    #[error("{0} is not one of the classic sizes, square 3×3 to 6×6")]
    NotClassic(String),
    /// A size that does not parse.
    #[error("'{0}' is not a size: use N for N×N or WxH (W columns, H rows), each 2 to 10")]
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

/// "1 tile", "2 tiles".
fn tiles(n: usize) -> String {
    if n == 1 {
        "1 tile".to_string()
    } else {
        format!("{n} tiles")
    }
}
