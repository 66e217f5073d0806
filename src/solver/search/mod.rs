//! The searches: optimal IDA* (`ida_star.rs`, `parallel_ida_star.rs`; `shape_ida_star.rs` for
//! rectangles), the time-bounded beam
//! for large boards (`bounded_search.rs`, with `beam_memory.rs` and `depth_set.rs`), the
//! constructive plan (`constructive.rs`; `reduction_plan.rs` tries it several ways and keeps
//! the shortest, `loop_cutting.rs` drops its returns to a board already seen), [`plan_shortening`], and the move pruning and
//! hashing they share (`move_pruning.rs`, `zobrist.rs`). They take a heuristic; no heuristic
//! imports them.

pub(crate) mod beam_memory;
pub(crate) mod beam_width;
pub(crate) mod bounded_search;
pub(crate) mod constructive;
pub(crate) mod depth_set;
pub(crate) mod ida_star;
pub(crate) mod loop_cutting;
pub(crate) mod move_pruning;
pub(crate) mod parallel_ida_star;
pub mod plan_shortening;
pub(crate) mod reduction_plan;
pub(crate) mod shape_ida_star;
pub(crate) mod square_remainder;
pub(crate) mod zobrist;
