//! A game in progress: board, history, clock, counters, save/resume and statistics.
//!
//! Nothing here knows about terminals: the UI drives a [`Game`] and asks [`Persistence`]
//! (over the [`Store`]) to keep it and the [`Stats`] across runs.

pub mod averages;
mod clock;
mod file_lock;
mod game_writer;
mod history;
mod json_file;
mod optimality;
mod persistence;
mod session;
mod speed;
mod stats;
mod store;
mod store_error;
mod time_format;

pub use clock::Clock;
pub use file_lock::FileLock;
pub use game_writer::{GameWriter, WriterHandle, Written};
pub use history::{FinishedGame, HISTORY_VERSION, History, HistoryUpdate, MAX_HISTORY, utc_date_time};
pub use optimality::{BoundTracker, proven_hint, settle};
pub use persistence::{FLUSH_TIMEOUT, MAX_KEPT_GAMES, Notice, PersistError, Persistence, WinOutcome};
pub use session::{Game, SavedGame};
pub use speed::{RECENT, Speed};
pub use stats::{Beaten, Best, Bests, Finish, Kind, Record, RecordKey, STATS_VERSION, Stats, WinRecord};
pub use store::{DATA_DIR_ENV, GameClaim, Loaded, SkippedGame, StatsUpdate, Store, StoreError, env_path};
pub use time_format::format_time;
