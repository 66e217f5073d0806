//! Files in the data directory: the saved game and the statistics, written atomically.
//!
//! A file that cannot be read back is never deleted: it is renamed aside
//! (`stats.json.corrupt-<unix time>`) and reported, and the game starts without it.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;
use thiserror::Error;

use crate::game::session::SavedGame;
use crate::game::stats::Stats;

/// Environment variable naming the data directory (overrides the XDG data directory).
pub const DATA_DIR_ENV: &str = "SLIDE_DATA_DIR";

const GAME_FILE: &str = "game.json";
const STATS_FILE: &str = "stats.json";

/// A file operation that failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// No data directory could be determined (no home directory, no override).
    #[error("no data directory: set {DATA_DIR_ENV}")]
    NoDirectory,
    /// Reading, writing or renaming failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The value could not be encoded.
    #[error("cannot encode {0}: {1}")]
    Encode(PathBuf, serde_json::Error),
}

/// What loading a file found.
#[derive(Debug)]
pub enum Loaded<T> {
    /// No file.
    Missing,
    /// The file and its contents.
    Found(T),
    /// The file was unreadable and has been moved to `moved_to`; `reason` says why.
    MovedAside {
        /// Why it could not be read.
        reason: String,
        /// Where it is now.
        moved_to: PathBuf,
    },
}

/// The data directory.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// `$SLIDE_DATA_DIR`, else the XDG data directory (`~/.local/share/slide`).
    pub fn locate() -> Result<Store, StoreError> {
        if let Some(dir) = std::env::var_os(DATA_DIR_ENV) {
            return Ok(Store::at(PathBuf::from(dir)));
        }
        directories::ProjectDirs::from("", "", "slide")
            .map(|d| Store::at(d.data_dir().to_path_buf()))
            .ok_or(StoreError::NoDirectory)
    }

    /// A store in `dir` (created on the first write).
    pub fn at(dir: PathBuf) -> Store {
        Store { dir }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The saved game, if any.
    pub fn load_game(&self) -> Loaded<SavedGame> {
        self.load(GAME_FILE)
    }

    /// Saves the game in progress.
    pub fn save_game(&self, game: &SavedGame) -> Result<(), StoreError> {
        self.save(GAME_FILE, game)
    }

    /// Removes the saved game (it was won or replaced).
    pub fn clear_game(&self) -> Result<(), StoreError> {
        let path = self.dir.join(GAME_FILE);
        match fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(StoreError::Io { path, source: e }),
            _ => Ok(()),
        }
    }

    /// The statistics, if any.
    pub fn load_stats(&self) -> Loaded<Stats> {
        self.load(STATS_FILE)
    }

    /// Saves the statistics.
    pub fn save_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        self.save(STATS_FILE, stats)
    }

    /// Moves a file whose contents were rejected (by a later check) aside.
    pub fn move_aside_game(&self, reason: &str) -> Loaded<SavedGame> {
        Store::move_aside(&self.dir.join(GAME_FILE), reason.to_string())
    }

    fn load<T: DeserializeOwned>(&self, name: &str) -> Loaded<T> {
        let path = self.dir.join(name);
        let text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Loaded::Missing,
            Err(e) => return Store::move_aside(&path, e.to_string()),
        };
        match serde_json::from_str(&text) {
            Ok(v) => Loaded::Found(v),
            Err(e) => Store::move_aside(&path, e.to_string()),
        }
    }

    fn move_aside<T>(path: &Path, reason: String) -> Loaded<T> {
        let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let mut moved_to = path.as_os_str().to_owned();
        moved_to.push(format!(".corrupt-{stamp}"));
        let moved_to = PathBuf::from(moved_to);
        match fs::rename(path, &moved_to) {
            Ok(()) => Loaded::MovedAside { reason, moved_to },
            // Could not move it: leave it where it is and say so; never delete it.
            Err(e) => Loaded::MovedAside {
                reason: format!("{reason} (and it could not be moved aside: {e})"),
                moved_to: path.to_path_buf(),
            },
        }
    }

    fn save<T: Serialize>(&self, name: &str, value: &T) -> Result<(), StoreError> {
        let path = self.dir.join(name);
        let text = serde_json::to_string_pretty(value).map_err(|e| StoreError::Encode(path.clone(), e))?;
        write_atomic(&path, text.as_bytes())
    }
}

/// Writes `bytes` to `path` atomically (see [`crate::atomic_file`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    crate::atomic_file::write_atomically(path, bytes).map_err(|source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("slide-store-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn round_trip_and_clear() {
        let store = Store::at(temp_dir("rt"));
        assert!(matches!(store.load_game(), Loaded::Missing));
        let g = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), None, None, None).to_saved();
        store.save_game(&g).unwrap();
        assert!(matches!(store.load_game(), Loaded::Found(s) if s == g));
        store.clear_game().unwrap();
        assert!(matches!(store.load_game(), Loaded::Missing));
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn corrupt_file_is_moved_aside_not_erased() {
        let store = Store::at(temp_dir("corrupt"));
        write_atomic(&store.dir().join("stats.json"), b"{ not json").unwrap();
        let Loaded::MovedAside { moved_to, .. } = store.load_stats() else {
            panic!("expected the file to be moved aside");
        };
        assert_eq!(fs::read(&moved_to).unwrap(), b"{ not json");
        assert!(matches!(store.load_stats(), Loaded::Missing));
        let _ = fs::remove_dir_all(store.dir());
    }
}
