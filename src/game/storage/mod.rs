//! The store: its folders and locks, the writer thread, the saves, the history files and
//! their reader, the import of older files, and [`Persistence`](persistence::Persistence),
//! which keeps a game and its records across runs. Every disk change of the game goes
//! through here.

pub(crate) mod attempt_check;
pub(crate) mod file_lock;
pub(crate) mod game_writer;
#[cfg(test)]
mod history_damage_tests;
pub(crate) mod history_file;
pub(crate) mod history_folder;
pub(crate) mod history_line;
pub(crate) mod history_reader;
pub(crate) mod json_file;
pub(crate) mod legacy_history;
pub(crate) mod legacy_import;
pub(crate) mod pending_results;
pub(crate) mod persistence;
pub(crate) mod sealed_file;
pub(crate) mod session_start;
pub(crate) mod store;
pub(crate) mod store_error;
