//! A game in progress: board, history, clock, counters, save/resume and statistics.
//!
//! Nothing here knows about terminals: the UI drives a [`Game`] and asks the [`Store`] to
//! keep it and the [`Stats`] across runs.

mod clock;
mod session;
mod stats;
mod store;

pub use clock::Clock;
pub use session::{Game, SavedGame};
pub use stats::{Best, Finish, Record, Stats};
pub use store::{DATA_DIR_ENV, Loaded, Store, StoreError, write_atomic};
