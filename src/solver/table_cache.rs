//! The on-disk cache of slow-to-build tables (placeholder: no disk yet).

use std::path::PathBuf;

use crate::solver::SolveError;
use crate::solver::pattern_db::{Partition, PatternDb};

/// What a table build reports while it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildProgress {
    /// A one-line notice (e.g. a corrupt cache file being rebuilt).
    Notice(String),
    /// Building `what`: `done` of `total` steps.
    Building {
        /// What is being built.
        what: String,
        /// Steps done.
        done: u64,
        /// Steps in all.
        total: u64,
    },
    /// Everything is ready.
    Done,
}

/// Where tables are cached.
#[derive(Debug, Clone)]
pub struct TableCache {
    dir: Option<PathBuf>,
}

impl TableCache {
    /// `$SLIDE_CACHE_DIR`, else the user's cache directory.
    pub fn default_location() -> TableCache {
        TableCache { dir: None }
    }
    /// A cache in `dir`.
    pub fn at(dir: PathBuf) -> TableCache {
        TableCache { dir: Some(dir) }
    }
    /// No disk cache: always build in memory.
    pub fn disabled() -> TableCache {
        TableCache { dir: None }
    }
    /// The directory, if any.
    pub fn dir(&self) -> Option<&PathBuf> {
        self.dir.as_ref()
    }
    /// Loads the databases for `partition`, building and storing them if needed.
    pub fn load_or_build(
        &self,
        partition: Partition,
        progress: &dyn Fn(BuildProgress),
    ) -> Result<PatternDb, SolveError> {
        Ok(PatternDb::build(&partition, progress))
    }
}
