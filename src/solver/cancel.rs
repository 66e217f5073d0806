//! Cancellation and deadlines shared by every search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::solver::error::SolveError;

/// Tells a running search to stop: set from another thread, or reached by a deadline.
///
/// Searches poll [`Stop::should_stop`] every few thousand nodes, so a cancelled search
/// returns within milliseconds.
#[derive(Debug, Clone, Default)]
pub struct Stop {
    flag: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
}

impl Stop {
    /// Never stops.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// Stops when `flag` becomes true.
    #[must_use]
    pub fn with_flag(mut self, flag: Arc<AtomicBool>) -> Stop {
        self.flag = Some(flag);
        self
    }

    /// Stops at `deadline`.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(match self.deadline {
            Some(d) => d.min(deadline),
            None => deadline,
        });
        self
    }

    /// Stops `limit` after `start`; a limit too far away for the clock (years) is no limit.
    #[must_use]
    pub fn within(self, start: Instant, limit: std::time::Duration) -> Stop {
        match start.checked_add(limit) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// A copy without the deadline: cancellation only.
    #[must_use]
    pub(crate) fn without_deadline(&self) -> Stop {
        Stop {
            deadline: None,
            ..self.clone()
        }
    }

    /// Whether the search was cancelled (not merely out of time).
    pub(crate) fn is_cancelled(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the deadline has passed.
    pub(crate) fn is_out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether to stop now, for either reason.
    pub(crate) fn should_stop(&self) -> bool {
        self.is_cancelled() || self.is_out_of_time()
    }

    /// The error of a search this stopped: cancelled, or else out of time.
    pub fn error(&self) -> SolveError {
        if self.is_cancelled() {
            SolveError::Cancelled
        } else {
            SolveError::OutOfTime
        }
    }
}
