//! What a table build or load reports while it runs.

/// What a table build reports while it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildProgress {
    /// A one-line notice (e.g. a corrupt cache file being rebuilt).
    Notice(String),
    /// Building `what`: `done` of `total` entries.
    Building {
        /// What is being built.
        what: String,
        /// Entries done.
        done: u64,
        /// Entries in all.
        total: u64,
    },
}
