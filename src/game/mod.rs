//! A game in progress: board, history, clock, counters, save/resume and statistics.
//!
//! Nothing here knows about terminals: the UI drives a [`Game`] and asks [`Persistence`]
//! (over the [`Store`]) to keep it and the [`Stats`] across runs.
//!
//! Imports `puzzle`, `difficulty`, `solver` (the bound carried along a game) and the file
//! utilities (`atomic_file`, `folders`); must not import `engine`, `review` or `config`.

mod attempt_record;
pub mod averages;
mod clock;
mod ending;
mod figures;
mod file_lock;
mod game_writer;
mod histogram;
mod history;
mod history_file;
mod history_line;
mod json_file;
mod legacy_import;
mod move_log;
mod optimality;
mod outcome;
mod persistence;
mod play_clock;
mod records;
mod replay;
mod replay_error;
mod run;
mod run_legs;
mod run_par;
mod saved_game;
mod saved_game_error;
mod session;
mod session_figures;
mod session_start;
mod solve_mode;
mod speed;
mod stats;
mod store;
mod store_error;
mod time_format;
mod win_report;

pub use attempt_record::{AttemptRecord, HistoryJson};
pub use clock::Clock;
pub use figures::{Counted, TimedSolve, count, figures};
pub use file_lock::FileLock;
pub use game_writer::{GameWriter, WriterHandle, Written};
pub use histogram::{Bucket, Histogram};
pub use history::{FinishedGame, HISTORY_VERSION, History, HistoryUpdate, MAX_HISTORY, utc_date_time};
pub use history_file::{Appended, AttemptHistory, HISTORY_FORMAT, SEAL_AT};
pub use move_log::{Actor, LoggedMove, MoveLog};
pub use optimality::{BoundTracker, proven_hint, settle};
pub use outcome::{Ending, Outcome, decide};
pub use persistence::{FLUSH_TIMEOUT, MAX_KEPT_GAMES, Notice, PersistError, Persistence, WinOutcome};
pub use records::{RECENT_RECORDS, Records};
pub use replay::Replay;
pub use replay_error::ReplayError;
pub use run::{BOARD_SEPARATOR, MAX_MARATHON, MIN_MARATHON, Run, RunKind};
pub use run_legs::{Leg, legs};
pub use run_par::{BoardPar, ParSum};
pub use saved_game::{SavedGame, SavedRun};
pub use saved_game_error::SavedGameError;
pub use session::{Game, unix_millis};
pub use session_figures::{SessionFigures, SessionRow, TIME_BUCKET_MIN_MS, TPS_BUCKET_MIN_MILLI, session_figures};
pub use session_start::SESSION_FILE;
pub use solve_mode::{BLIND, MARATHON, RELAY, SINGLE, SolveMode};
pub use speed::{RECENT, Speed};
pub use stats::{Beaten, Best, Bests, Finish, Kind, Record, RecordKey, STATS_VERSION, Stats, WinRecord};
pub use store::{DATA_DIR_ENV, GameClaim, Loaded, SkippedGame, StatsUpdate, Store, StoreError, env_path};
pub use time_format::format_time;
pub use win_report::{DailyReport, ParLine, WinReport};
