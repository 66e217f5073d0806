//! The game log: every won game, with its start and its moves, so that the statistics can
//! chart recent games and the review can be opened for any of them.
//!
//! Kept in its own file (`history.json`) beside the statistics, versioned, written
//! atomically under its own lock (read, append, write, so that two copies of the game both
//! keep their games), and capped at the last [`MAX_HISTORY`] games.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::difficulty::UtcDate;
use crate::game::play::game::Game;
use crate::game::records::stats::Finish;
use crate::game::storage::store::{Loaded, Store, StoreError, load_versioned};
use crate::puzzle::{Board, BoardError, Move, format_moves, parse_board, parse_moves};

/// The history file's format version.
pub const HISTORY_VERSION: u32 = 1;

/// How many games the log keeps; older ones are dropped first.
pub const MAX_HISTORY: usize = 500;

const HISTORY_FILE: &str = "history.json";
const HISTORY_LOCK: &str = "history.lock";

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
    /// The log entry of `game`, just won with `finish`, at `now`.
    pub fn of(game: &Game, finish: &Finish, now: SystemTime) -> FinishedGame {
        let level = match (game.daily(), game.level()) {
            (Some(_), _) => "daily".to_string(),
            (None, Some(level)) => level.name().to_string(),
            (None, None) => "custom".to_string(),
        };
        FinishedGame {
            id: game.id().to_string(),
            finished_at: utc_date_time(now),
            size: game.size().side(),
            level,
            start: game.start().to_string(),
            moves: format_moves(game.history()),
            millis: finish.time_ms,
            move_count: finish.moves,
            hints: finish.hints,
            assisted: finish.assisted,
            par: finish.par,
            par_optimal: finish.par.is_some(),
        }
    }

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

impl History {
    /// Appends `game`, dropping the oldest beyond [`MAX_HISTORY`].
    pub fn push(&mut self, game: FinishedGame) {
        self.games.push(game);
        let excess = self.games.len().saturating_sub(MAX_HISTORY);
        self.games.drain(..excess);
    }

    /// The last `n` games, newest first.
    pub fn recent(&self, n: usize) -> impl Iterator<Item = &FinishedGame> {
        self.games.iter().rev().take(n)
    }
}

/// What [`Store::append_history`] did.
#[derive(Debug)]
pub struct HistoryUpdate {
    /// The log as written.
    pub history: History,
    /// A corrupt log found on the way, moved aside: why, and where it is now.
    pub moved_aside: Option<(String, PathBuf)>,
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

    /// Appends `game` to the log under its lock. A corrupt log is moved aside and a new
    /// one started; one that cannot be read or comes from a newer version is an error,
    /// and nothing is written.
    pub fn append_history(&self, game: FinishedGame) -> Result<HistoryUpdate, StoreError> {
        let (history, (), moved_aside) = self.locked_update(
            HISTORY_LOCK,
            &self.history_path(),
            || self.load_history(),
            |h: &mut History| {
                h.version = HISTORY_VERSION;
                h.push(game);
            },
        )?;
        Ok(HistoryUpdate { history, moved_aside })
    }
}

/// `now` as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_date_time(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let date = UtcDate::from_days((secs / 86_400) as i64);
    let of_day = secs % 86_400;
    format!(
        "{date}T{:02}:{:02}:{:02}Z",
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::difficulty::Level;

    fn temp_store(tag: &str) -> Store {
        let d = std::env::temp_dir().join(format!("slide-history-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Store::at(d)
    }

    fn won_game() -> (Game, Finish) {
        let start: Board = "1 2 3 4 5 6 0 7 8".parse().unwrap();
        let mut g = Game::new(start, Some(Level::Easy), Some(1), Some(2));
        assert!(g.play(Move::Left));
        assert!(g.play(Move::Left));
        assert!(g.is_won());
        let f = Finish {
            moves: 2,
            time_ms: 1500,
            hints: 0,
            solver_used: false,
            assisted: false,
            par: Some(2),
            date: UtcDate::today(),
            stm: 2,
            timed: true,
        };
        (g, f)
    }

    #[test]
    fn date_times_are_iso_utc() {
        let t = UNIX_EPOCH + Duration::from_secs(1_796_256_000 + 3 * 3600 + 4 * 60 + 5);
        assert_eq!(utc_date_time(t), "2026-12-03T03:04:05Z");
    }

    #[test]
    fn a_won_game_is_logged_with_its_moves_and_reads_back() {
        let store = temp_store("log");
        let (g, f) = won_game();
        let entry = FinishedGame::of(&g, &f, SystemTime::now());
        assert_eq!(entry.moves, "LL");
        assert_eq!(entry.level, "easy");
        assert_eq!(entry.size, 3);
        assert!(entry.par_optimal);
        store.append_history(entry.clone()).unwrap();
        store.append_history(entry.clone()).unwrap();
        let Loaded::Found(h) = store.load_history() else {
            panic!("no log")
        };
        assert_eq!(h.games.len(), 2);
        assert_eq!(h.games[0], entry);
        assert_eq!(h.games[0].start_board().unwrap(), *g.start());
        assert_eq!(h.games[0].move_list().unwrap(), vec![Move::Left, Move::Left]);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn the_log_keeps_the_last_500_games() {
        let (g, f) = won_game();
        let mut h = History::default();
        for i in 0..MAX_HISTORY + 7 {
            let mut e = FinishedGame::of(&g, &f, SystemTime::now());
            e.id = i.to_string();
            h.push(e);
        }
        assert_eq!(h.games.len(), MAX_HISTORY);
        assert_eq!(h.games[0].id, "7");
        assert_eq!(h.recent(1).next().map(|e| e.id.as_str()), Some("506"));
    }

    #[test]
    fn a_corrupt_log_is_moved_aside_and_a_new_one_started() {
        let store = temp_store("corrupt");
        std::fs::write(store.history_path(), "{ not json").unwrap();
        let (g, f) = won_game();
        let update = store
            .append_history(FinishedGame::of(&g, &f, SystemTime::now()))
            .unwrap();
        let (_, moved_to) = update.moved_aside.expect("moved aside");
        assert!(moved_to.exists());
        assert_eq!(update.history.games.len(), 1);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_newer_log_is_left_alone() {
        let store = temp_store("newer");
        std::fs::write(store.history_path(), r#"{"version": 99, "games": []}"#).unwrap();
        let (g, f) = won_game();
        assert!(matches!(
            store.append_history(FinishedGame::of(&g, &f, SystemTime::now())),
            Err(StoreError::Newer { .. })
        ));
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
