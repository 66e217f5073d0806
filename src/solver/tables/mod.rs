//! The pattern databases and the 3×3 table: the partition into groups (`partition.rs`,
//! `placement.rs`, `group_space.rs`), the builder (`builder.rs`, one group at a time in
//! `group_bfs.rs`, packed by `compact_table.rs`; `resumable_build.rs` checkpoints it (its files in `checkpoint_files.rs`), paced by
//! `build_control.rs` and reported by `build_progress.rs`), the lookup (`pattern_db.rs`,
//! stepped by `rank_steps.rs`), the cache and its files (`cache.rs`, `file.rs`, errors in
//! `error.rs`), `shape_tables.rs`, the tables of the shapes that are not classic, and
//! `exact_table.rs`, every 3×3 distance.

pub(crate) mod build_control;
pub(crate) mod build_progress;
pub(crate) mod builder;
pub(crate) mod cache;
pub(crate) mod checkpoint_files;
pub(crate) mod compact_table;
pub(crate) mod error;
pub(crate) mod exact_table;
pub(crate) mod file;
pub(crate) mod group_bfs;
pub(crate) mod group_space;
pub(crate) mod partition;
pub(crate) mod pattern_db;
pub(crate) mod placement;
pub(crate) mod rank_steps;
pub(crate) mod resumable_build;
pub(crate) mod shape_tables;
#[cfg(test)]
pub(crate) mod test_tables;
