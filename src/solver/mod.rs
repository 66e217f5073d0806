//! The solver: admissible heuristics, optimal IDA*, a time-bounded search for large boards,
//! and the tables they use. Imports `puzzle` (and the thread utilities) only; nothing here
//! knows about terminals.
//!
//! [`Solver`] is the one entry point: it owns the tables (built or loaded on demand, shared
//! between threads) and answers `solve`, `hint` and `rate`.
//!
//! The files, by concept:
//! - the answer: [`Solver`] (`facade.rs`, `solve.rs`, `within_bound.rs`), [`SolveOptions`],
//!   [`Solution`] and [`Hint`], [`Rating`], [`lower_bound`], [`SolveError`], [`Stop`];
//! - heuristics, one a file, behind the contract in `heuristic.rs`: `manhattan.rs`,
//!   `linear_conflict.rs`, `walking_distance.rs`, `pdb_heuristic.rs`,
//!   `compact_pdb_heuristic.rs` (and `beam_ranking.rs`, the beam's order); chosen by name
//!   ([`HeuristicKind`]) in `dispatch.rs`, which no heuristic imports;
//! - searches: `ida_star.rs`, `parallel_ida_star.rs`, `bounded_search.rs`,
//!   `constructive.rs`, [`plan_shortening`], with `move_pruning.rs` and `zobrist.rs`;
//! - tables: the partition (`partition.rs`, `placement.rs`), the builder
//!   (`table_builder.rs`, `group_bfs.rs`, `compact_table.rs`), the lookup (`pattern_db.rs`),
//!   the cache (`table_cache.rs`, `table_file.rs`); `exact_table.rs` for 3×3.

mod beam_memory;
mod beam_ranking;
mod bounded_search;
mod build_control;
mod build_progress;
mod cancel;
mod compact_pdb_heuristic;
mod compact_table;
mod constructive;
mod dispatch;
mod error;
mod exact_table;
mod facade;
mod group_bfs;
mod group_space;
mod heuristic;
mod heuristic_kind;
mod ida_star;
mod linear_conflict;
mod lower_bound;
mod manhattan;
mod move_pruning;
mod options;
mod parallel_ida_star;
mod partition;
mod pattern_db;
mod pdb_heuristic;
mod placement;
pub mod plan_shortening;
mod rank_steps;
mod rating;
mod resumable_build;
mod solution;
mod solve;
mod table_builder;
mod table_cache;
mod table_error;
mod table_file;
#[cfg(test)]
pub(crate) mod test_tables;
mod walking_distance;
mod within_bound;
mod zobrist;

pub use build_control::BuildControl;
pub use build_progress::BuildProgress;
pub use cancel::Stop;
pub use compact_table::CompactError;
pub use error::SolveError;
pub use exact_table::ExactTable;
pub use facade::{LARGE_PARTITION_ENV, Solver};
pub use heuristic_kind::{HeuristicKind, UnknownHeuristic};
pub use lower_bound::lower_bound;
pub use options::{SolveOptions, available_threads};
pub use partition::{Partition, PartitionError};
pub use pattern_db::PatternDb;
pub use rating::Rating;
pub use resumable_build::BuildStatus;
pub use solution::{Hint, Solution};
pub use table_cache::{CacheStatus, CachedFile, TableCache};
pub use table_error::TableError;
