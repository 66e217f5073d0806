//! Why a saved game could not be restored: each reason keeps the error it came from, so the
//! message names the part of the save that is wrong.

use thiserror::Error;

use crate::difficulty::{DateError, UnknownLevel};
use crate::puzzle::BoardError;

/// A saved game that cannot be turned back into a game.
#[derive(Debug, Error)]
pub enum SavedGameError {
    /// The save was written by a newer version of Slide.
    #[error("made by a newer Slide (format {found}, this one reads up to {reads})")]
    Newer {
        /// The save's format version.
        found: u32,
        /// The newest format this version reads.
        reads: u32,
    },
    /// The starting board is not a board.
    #[error("start board: {0}")]
    StartBoard(BoardError),
    /// The moves played are not moves.
    #[error("history: {0}")]
    History(BoardError),
    /// The moves that can be redone are not moves.
    #[error("redo list: {0}")]
    RedoList(BoardError),
    /// A move played cannot be made on the starting board.
    #[error("history does not fit the board: {0}")]
    HistoryDoesNotFit(BoardError),
    /// A move to redo cannot be made on the board reached.
    #[error("redo list does not fit the board: {0}")]
    RedoListDoesNotFit(BoardError),
    /// The level is not one Slide knows.
    #[error("{0}")]
    Level(UnknownLevel),
    /// The daily puzzle's date is not a date.
    #[error("daily: {0}")]
    Daily(DateError),
    /// The id is not a game id (letters and digits, at most 32).
    #[error("id '{0}' is not a game id")]
    BadId(String),
    /// The solve mode is not one this version plays.
    #[error("mode '{0}' is not one this version plays")]
    UnknownMode(String),
    /// A marathon or relay whose run is missing, unknown or does not fit its board.
    #[error("its marathon or relay is damaged")]
    DamagedRun,
    /// The move log does not agree with itself.
    #[error("its move log is damaged")]
    DamagedLog,
}
