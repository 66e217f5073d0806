//! How a long optimal search tells its caller how far it has come: each new IDA* threshold,
//! against the bound it started from, with the nodes so far. The library only calls back;
//! the caller decides how to show it (the command line draws a bar on stderr).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// One report of an optimal search in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchProgress {
    /// The heuristic's value at the start: no solution is shorter.
    pub lower_bound: u32,
    /// The length the current iteration searches up to: every shorter length has been
    /// ruled out, so the solution is at least this long.
    pub threshold: u32,
    /// Nodes expanded so far, over all iterations.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// A callback that receives [`SearchProgress`] reports, from the searching thread: at each
/// new threshold, and every million nodes or so within one. It should return quickly.
#[derive(Clone)]
pub struct ProgressCallback(Arc<dyn Fn(SearchProgress) + Send + Sync>);

impl ProgressCallback {
    /// Wraps `f`.
    pub fn new(f: impl Fn(SearchProgress) + Send + Sync + 'static) -> ProgressCallback {
        ProgressCallback(Arc::new(f))
    }

    /// Passes one report on.
    pub(crate) fn report(&self, progress: SearchProgress) {
        (self.0)(progress);
    }
}

impl fmt::Debug for ProgressCallback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressCallback")
    }
}
