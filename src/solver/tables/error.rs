//! Why pattern-database tables could not be built.

use thiserror::Error;

use crate::puzzle::Size;
use crate::solver::tables::compact_table::CompactError;

/// Why a partition's tables could not be built. A build never returns incomplete tables:
/// it fails with one of these instead, and the searches use the next heuristic.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// One group would need more memory to build than a build may take.
    #[error(
        "a group of {tiles} tiles on {size} needs {needed_mb} MB to build, more than the \
         {allowed_mb} MB allowed"
    )]
    TooLarge {
        /// The group's tiles.
        tiles: usize,
        /// The board size.
        size: Size,
        /// Megabytes its build needs.
        needed_mb: u64,
        /// Megabytes a build may take.
        allowed_mb: u64,
    },
    /// Building a group panicked (a bug): the panic's message.
    #[error("building group {group} panicked: {message}")]
    Panicked {
        /// The group, counted from 1.
        group: usize,
        /// The panic's message.
        message: String,
    },
    /// A build thread ended abnormally outside a group's build.
    #[error("a build thread failed")]
    ThreadFailed,
    /// The system refused a build thread.
    #[error("cannot start a build thread: {0}")]
    CannotStartThread(String),
    /// A group's values do not fit the compact storage.
    #[error("group {group}: {source}")]
    Compact {
        /// The group, counted from 1.
        group: usize,
        /// Which entry did not fit.
        source: CompactError,
    },
    /// The build was stopped ([`crate::solver::BuildControl::stop`]) before it finished.
    #[error("the build was stopped")]
    Stopped,
    /// A group's table came back missing or short.
    #[error("group {group} was not built")]
    NotBuilt {
        /// The group, counted from 1.
        group: usize,
    },
}
