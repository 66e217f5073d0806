//! Why the engine gave no answer.

use thiserror::Error;

use crate::review::ReviewError;
use crate::solver::SolveError;

/// Why a request to the engine has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The search stopped or failed (cancelled, out of time, the tables).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The review stopped or failed.
    #[error(transparent)]
    Review(#[from] ReviewError),
    /// The request was superseded by a newer one of its kind, or cancelled.
    #[error("the request was cancelled")]
    Cancelled,
    /// The search panicked; the engine caught it and goes on.
    #[error("the solver failed: {message}")]
    Crashed {
        /// The panic's message.
        message: String,
    },
    /// A background thread could not be started.
    #[error("cannot start the {what} thread: {reason}")]
    NoThread {
        /// What the thread was for.
        what: &'static str,
        /// The system's reason.
        reason: String,
    },
    /// The solver thread has stopped (it panicked outside a search).
    #[error("the solver thread has stopped")]
    Stopped,
}
