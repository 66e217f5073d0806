//! A game in progress, its records and their storage, in three rooms that import one way
//! (`storage` -> `records` -> `play`; the architecture test checks it):
//!
//! - [`play`]: the game in progress: board, moves and who made them, clock, runs, par, the
//!   bound carried along, and the form a save takes;
//! - [`records`]: the rules: what an attempt was (the outcome) and whether it is ranked, the
//!   attempt record, the one fold of the statistics that every view reads (figures, bests,
//!   averages, speed, histograms, session figures), the win report and the replay;
//! - [`storage`]: the store: folders, locks, the writer thread, the history files and their
//!   reader, the import of older files, and [`Persistence`], which keeps a game and its
//!   records across runs.
//!
//! Nothing here knows about terminals. Imports `puzzle`, `difficulty`, `solver` (the bound
//! carried along a game) and the file utilities (`atomic_file`, `folders`); must not import
//! `engine`, `review` or `config`.

pub mod play;
pub mod records;
pub mod storage;

pub use crate::time_format::{format_time, utc_date_time};
pub use play::clock::Clock;
pub use play::game::{Game, unix_millis};
pub use play::move_log::{Actor, LoggedMove, MoveLog};
pub use play::optimality::{BoundTracker, proven_hint, settle};
pub use play::relay_sizes::{MAX_RELAY, RelayError, RelaySizes};
pub use play::run::{BOARD_SEPARATOR, Run, RunKind};
pub use play::run_par::{BoardPar, ParSum};
pub use play::saved_game::{SavedGame, SavedRun};
pub use play::saved_game_error::SavedGameError;
pub use play::solve_mode::{MARATHON, RELAY, SINGLE, SolveMode};
pub use play::written_size::WrittenSize;
pub use records::attempt_record::{AttemptRecord, HistoryJson};
pub use records::ending::Seen;
pub use records::figures::{Counted, TimedSolve, count, figures};
pub use records::histogram::{Bucket, Histogram};
pub use records::history_view::Records;
pub use records::outcome::{Ending, Outcome, decide};
pub use records::ranked::{RankFacts, ranked};
pub use records::replay::Replay;
pub use records::replay_error::ReplayError;
pub use records::run_legs::{Leg, legs};
pub use records::session_figures::{SessionFigures, SessionRow, session_figures};
pub use records::speed::Speed;
pub use records::stats::{Beaten, Best, Bests, Kind, Record, RecordKey, Stats};
pub use records::win_report::{DailyReport, ParLine, Recorded, WinReport};
pub use storage::file_lock::FileLock;
pub use storage::game_writer::{GameWriter, WriterHandle, Written};
pub use storage::history_file::{Appended, AttemptHistory};
pub use storage::history_folder::HistoryStamp;
pub use storage::legacy_history::{FinishedGame, History};
pub use storage::persistence::{FLUSH_TIMEOUT, NOT_RECORDED_YET, Notice, PersistError, Persistence};
pub use storage::store::{GameClaim, Loaded, SkippedGame, Store, StoreError};
