//! What a table build or load reports while it runs.

/// What a table build reports while it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildProgress {
    /// A one-line notice (e.g. a corrupt cache file being rebuilt).
    Notice(String),
    /// Building `what`: `done` of `total` units of work (for a pattern database, each
    /// placement's search and its place in the table, weighed by their time; for anything
    /// else, entries). Only their ratio is meant to be shown.
    Building {
        /// What is being built.
        what: String,
        /// Units done.
        done: u64,
        /// Units in all.
        total: u64,
    },
}
