//! Boards, sizes and moves: the rules of the sliding puzzle, with no search in them.
//!
//! The bottom of the library: every module may import it, and it imports nothing of the
//! crate but its error excerpts.

mod board;
mod error;
pub mod fringe;
mod moves;
pub mod parity;
mod random;
mod size;
pub mod slidysim;
mod text;

pub use board::Board;
pub use error::BoardError;
pub use moves::{Move, format_moves, parse_moves};
pub use random::SeededRng;
pub use size::Size;
pub(crate) use size::{MAX_CELLS, MAX_SIDE, SEARCH_CELLS, SEARCH_SIDE};
pub use text::parse_board;
