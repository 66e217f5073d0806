//! The post-game review: the optimal distance to the goal along a finished game, and where
//! the player lost moves.
//!
//! [`review`] takes the start board and the moves played and returns the distance before
//! the first move and after each move: exact on 3×3 (the exact table) and 4×4 (the optimal
//! solver, one bounded pass per move), estimated on 5×5 and 6×6 (bounded plans carried
//! along the game's positions, with proven lower bounds). [`Review::summary`] tells the
//! optimal moves, the detours and what they cost.
//!
//! Imports `puzzle` and `solver` only; the engine runs it off the game's thread, so it must
//! not import `engine`, nor `game` or `config`.

mod error;
mod estimate;
mod exact;
mod game_review;
mod options;
mod reviewer;
mod run_review;
mod summary;

pub use error::ReviewError;
pub use game_review::Review;
pub use options::{Progress, ReviewOptions};
pub use reviewer::review;
pub use run_review::RunReview;
pub use summary::{Detour, Summary};
