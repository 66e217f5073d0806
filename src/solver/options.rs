//! How to search: the options every solve takes, and their defaults.

use std::time::Duration;

use crate::solver::cancel::Stop;
use crate::solver::heuristic::heuristic_kind::HeuristicKind;
use crate::solver::search_progress::ProgressCallback;

/// The bounded search's time budget when the caller gives none.
pub(crate) const DEFAULT_BUDGET: Duration = Duration::from_secs(1);

/// The number of cores, for [`SolveOptions::threads`] (1 when unknown).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// How to search.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Which heuristic guides the search.
    pub heuristic: HeuristicKind,
    /// The time budget. Optimal sizes (3×3, 4×4) fall back to the bounded search when it
    /// runs out; 5×5 and 6×6 use it as the bounded search's budget (default 1 s).
    pub max_time: Option<Duration>,
    /// Insist on a proven optimal solution on any size. With `max_time` the proof stops
    /// there, and the bounded search's best plan comes back instead, not proven
    /// ([`crate::solver::Solution::optimal`] false); without, only `stop` ends it.
    pub optimal: bool,
    /// Cancellation from outside.
    pub stop: Stop,
    /// Threads for one search (0 or 1: the calling thread only). Boards that the sequential
    /// IDA* solves within a few milliseconds never start the others; the bounded search
    /// shares only its wide layers.
    pub threads: usize,
    /// Return the bounded search's plan as it comes, without spending the time left on
    /// shortening it (the plan shortener sets this for its own sub-problems).
    pub skip_shortening: bool,
    /// Told how far an optimal search of a shape with pattern databases (4×5, 2×8, …) has
    /// come, at each new threshold: for a progress bar. None: nothing is told.
    pub progress: Option<ProgressCallback>,
}
