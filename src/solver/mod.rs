//! The solver: admissible heuristics, optimal IDA*, a time-bounded search for large boards,
//! and the tables they use. Imports `puzzle` (and the thread utilities) only; nothing here
//! knows about terminals.
//!
//! [`Solver`] is the one entry point: it owns the tables (built or loaded on demand, shared
//! between threads) and answers `solve`, `hint` and `rate`.
//!
//! The rooms:
//! - here, the API: [`Solver`] (`facade.rs`, `solve.rs`, `within_bound.rs`), [`SolveOptions`],
//!   [`Solution`] and [`Hint`], [`Rating`], [`lower_bound`], [`SolveError`], [`Stop`], and
//!   `dispatch.rs`, which picks a heuristic and a search by name ([`HeuristicKind`]);
//! - `heuristic/`: one heuristic a file behind the contract in `heuristic/mod.rs`
//!   (`manhattan.rs`, `linear_conflict.rs`, `walking_distance.rs`, `pdb_heuristic.rs`,
//!   `compact_pdb_heuristic.rs`, and `beam_ranking.rs`, the beam's order). It imports no
//!   search (the architecture test checks it);
//! - `search/`: `ida_star.rs`, `parallel_ida_star.rs`, `bounded_search.rs`,
//!   `constructive.rs`, [`search::plan_shortening`], with `move_pruning.rs` and `zobrist.rs`;
//! - `tables/`: the partition (`partition.rs`, `placement.rs`), the builder (`builder.rs`,
//!   `group_bfs.rs`, `compact_table.rs`, `resumable_build.rs`), the lookup (`pattern_db.rs`),
//!   the cache (`cache.rs`, `file.rs`); `exact_table.rs` for 3×3.

mod cancel;
mod dispatch;
mod error;
mod facade;
pub(crate) mod heuristic;
mod lower_bound;
mod options;
mod rating;
pub mod search;
pub(crate) mod search_progress;
mod shape_solve;
mod solution;
mod solve;
pub(crate) mod tables;
mod within_bound;

pub use cancel::Stop;
pub use error::SolveError;
pub use facade::Solver;
pub use heuristic::heuristic_kind::{HeuristicKind, UnknownHeuristic};
pub use lower_bound::lower_bound;
pub use options::{SolveOptions, available_threads};
pub use rating::Rating;
pub use search_progress::{ProgressCallback, SearchProgress};
pub use solution::{Hint, Solution};
pub use tables::build_control::BuildControl;
pub use tables::build_progress::BuildProgress;
pub use tables::cache::{CacheStatus, CachedFile, TableCache};
pub use tables::checkpoint_files::{CheckpointFile, CheckpointState};
pub use tables::compact_table::CompactError;
pub use tables::error::TableError;
pub use tables::exact_table::ExactTable;
pub use tables::partition::{Partition, PartitionError};
pub use tables::pattern_db::PatternDb;
pub use tables::resumable_build::BuildStatus;
