//! An older version's game log, `history.json`: its last 500 won games, with their starts
//! and moves. Nothing writes it any more; `legacy_import.rs` reads it once into the history
//! (`history_file.rs`), which has kept every attempt since.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::game::storage::store::{Loaded, Store, load_versioned};
use crate::puzzle::{Board, BoardError, Move, parse_board, parse_moves};

/// The history file's format version.
pub(crate) const HISTORY_VERSION: u32 = 1;

const HISTORY_FILE: &str = "history.json";

/// One won game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The game's id (the same as its save file's while it was played).
    pub id: String,
    /// When it was won, in UTC: `YYYY-MM-DDTHH:MM:SSZ`.
    pub finished_at: String,
    /// The board's side.
    pub size: usize,
    /// The level's name, `daily` for a daily puzzle, `custom` for a board given by hand.
    pub level: String,
    /// The start board, as text.
    pub start: String,
    /// The moves that stood at the win (undone ones are not in it), as `U D L R` letters.
    pub moves: String,
    /// Play time in milliseconds.
    pub millis: u64,
    /// The number of moves.
    pub move_count: u32,
    /// Hints used.
    pub hints: u32,
    /// Whether the game was helped (hints, the solver, or help before a restart).
    pub assisted: bool,
    /// The optimal length from the start, if it was known.
    pub par: Option<u32>,
    /// Whether `par` is a proven optimum (the game sets a par only when it is, but older or
    /// other writers may not).
    pub par_optimal: bool,
}

impl FinishedGame {
    /// The start board.
    pub fn start_board(&self) -> Result<Board, BoardError> {
        parse_board(&self.start)
    }

    /// The moves played.
    pub fn move_list(&self) -> Result<Vec<Move>, BoardError> {
        parse_moves(&self.moves)
    }

    /// Moves per par move, when the par is known.
    pub fn par_ratio(&self) -> Option<f64> {
        self.par
            .filter(|&p| p > 0)
            .map(|p| f64::from(self.move_count) / f64::from(p))
    }
}

/// The log as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// The format version ([`HISTORY_VERSION`]).
    pub version: u32,
    /// The games, oldest first.
    pub games: Vec<FinishedGame>,
}

impl Default for History {
    fn default() -> History {
        History {
            version: HISTORY_VERSION,
            games: Vec::new(),
        }
    }
}

impl Store {
    /// The game log's path.
    pub fn history_path(&self) -> PathBuf {
        self.dir().join(HISTORY_FILE)
    }

    /// The game log (read without the lock: for display). A corrupt file is moved aside.
    pub fn load_history(&self) -> Loaded<History> {
        load_versioned::<History>(&self.history_path(), u64::from(HISTORY_VERSION))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_store(tag: &str) -> Store {
        let d = std::env::temp_dir().join(format!("slide-legacy-history-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Store::at(d)
    }

    /// A log as the older version wrote it: one won 3×3 game.
    const OLD_LOG: &str = r#"{"version":1,"games":[{"id":"g1","finished_at":"2026-12-03T03:04:05Z","size":3,"level":"easy","start":"1 2 3 4 5 6 0 7 8","moves":"LL","millis":1500,"move_count":2,"hints":0,"assisted":false,"par":2,"par_optimal":true}]}"#;

    #[test]
    fn an_old_log_reads_back_with_its_boards_and_moves() {
        let store = temp_store("log");
        std::fs::write(store.history_path(), OLD_LOG).unwrap();
        let Loaded::Found(h) = store.load_history() else {
            panic!("no log")
        };
        assert_eq!(h.games.len(), 1);
        let g = &h.games[0];
        assert_eq!((g.level.as_str(), g.size, g.move_count), ("easy", 3, 2));
        assert_eq!(g.start_board().unwrap(), "1 2 3 4 5 6 0 7 8".parse().unwrap());
        assert_eq!(g.move_list().unwrap(), vec![Move::Left, Move::Left]);
        assert_eq!(g.par_ratio(), Some(1.0));
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_corrupt_log_is_moved_aside_and_a_newer_one_left_alone() {
        let store = temp_store("corrupt");
        std::fs::write(store.history_path(), "{ not json").unwrap();
        assert!(matches!(store.load_history(), Loaded::MovedAside { .. }));
        assert!(!store.history_path().exists(), "moved aside, not deleted");
        std::fs::write(store.history_path(), r#"{"version": 99, "games": []}"#).unwrap();
        assert!(!matches!(
            store.load_history(),
            Loaded::Found(_) | Loaded::MovedAside { .. }
        ));
        assert!(store.history_path().exists(), "a newer version's file is left as it is");
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
