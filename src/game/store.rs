//! Files in the data directory: the unfinished games and the statistics.
//!
//! Layout, every file with a `version` field:
//! - `stats.json`: the statistics, read-modify-written under the lock `stats.lock`, so two
//!   copies of the game each add their own games and wins to what the other wrote;
//! - `games/<id>.json`: one unfinished game each; `games/<id>.lock` is held by the copy of
//!   the game that is playing it, so no two copies play (and save) the same game.
//!
//! Every write goes to a temporary file that is renamed into place. A file that cannot be
//! parsed is never deleted: it is renamed aside (`stats.json.corrupt-<unix time>`) and
//! reported. A file that cannot be *read* (permissions, I/O) is reported as such and left
//! alone, and so is a file written by a newer version of Slide.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;
use thiserror::Error;

use crate::game::file_lock::FileLock;
use crate::game::session::SavedGame;
use crate::game::stats::{STATS_VERSION, Stats};

/// Environment variable naming the data directory (overrides the XDG data directory).
pub const DATA_DIR_ENV: &str = "SLIDE_DATA_DIR";

const LEGACY_GAME_FILE: &str = "game.json";
const STATS_FILE: &str = "stats.json";
const STATS_LOCK: &str = "stats.lock";
const GAMES_DIR: &str = "games";
const CHOICE_FILE: &str = "choice.json";

/// The size and level last chosen in the new-game menu (`choice.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Choice {
    /// The format.
    pub version: u32,
    /// The board side.
    pub size: usize,
    /// A level's name, or `daily`.
    pub level: String,
}

/// A temporary file older than this was left by a write that never finished.
const STALE_TEMP_AGE: Duration = Duration::from_secs(60);

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
    /// The file was written by a newer Slide: it is left as it is.
    #[error("{path} was written by a newer version of Slide (format {version}); it is left unchanged")]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its format version.
        version: u64,
    },
    /// The file exists but could not be read; it is left as it is.
    #[error("{path} could not be read: {reason}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

/// What loading a file found.
#[derive(Debug)]
pub enum Loaded<T> {
    /// No file.
    Missing,
    /// The file and its contents.
    Found(T),
    /// The file could not be parsed and has been moved to `moved_to`; `reason` says why.
    MovedAside {
        /// Why it could not be parsed.
        reason: String,
        /// Where it is now.
        moved_to: PathBuf,
    },
    /// The file could not be read (permissions, I/O); it is left where it is.
    Unreadable {
        /// Why.
        reason: String,
    },
    /// The file was written by a newer version; it is left where it is.
    Newer {
        /// Its format version.
        version: u64,
    },
}

/// A corrupt file set aside by an update: why, and where it is now.
pub type MovedAside = (String, PathBuf);

/// The result of [`Store::update_stats`].
#[derive(Debug)]
pub struct StatsUpdate<R> {
    /// What the update returned.
    pub value: R,
    /// The statistics as written.
    pub stats: Stats,
    /// A corrupt file found on the way, moved aside: why, and where it is now.
    pub moved_aside: Option<(String, PathBuf)>,
}

/// A saved game's file that could not be used, and what became of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedGame {
    /// The file.
    pub path: PathBuf,
    /// What is wrong and what was done, in words for the player.
    pub reason: String,
}

/// The data directory.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

/// An environment variable's value, where an empty value means unset.
pub fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from)
}

impl Store {
    /// `$SLIDE_DATA_DIR` (when set and not empty), else the XDG data directory
    /// (`~/.local/share/slide`).
    pub fn locate() -> Result<Store, StoreError> {
        if let Some(dir) = env_path(DATA_DIR_ENV) {
            return Ok(Store::at(dir));
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

    /// The statistics file.
    pub fn stats_path(&self) -> PathBuf {
        self.dir.join(STATS_FILE)
    }

    fn games_dir(&self) -> PathBuf {
        self.dir.join(GAMES_DIR)
    }

    fn game_path(&self, id: &str) -> PathBuf {
        self.games_dir().join(format!("{id}.json"))
    }

    fn game_lock_path(&self, id: &str) -> PathBuf {
        self.games_dir().join(format!("{id}.lock"))
    }

    /// Checks that the directory can be written, by writing and removing a small file.
    pub fn check_writable(&self) -> Result<(), StoreError> {
        let probe = self.dir.join(".write-check");
        write_atomic(&probe, b"slide\n")?;
        fs::remove_file(&probe).map_err(|source| StoreError::Io { path: probe, source })
    }

    /// Removes temporary files that an interrupted write left behind (old enough that no
    /// running game can still be writing them). Returns how many were removed.
    pub fn remove_stale_temp_files(&self) -> usize {
        let mut removed = 0;
        for dir in [self.dir.clone(), self.games_dir()] {
            let Ok(entries) = fs::read_dir(&dir) else { continue };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if !(name.starts_with('.') && Path::new(&name).extension().is_some_and(|e| e == "tmp")) {
                    continue;
                }
                let old = entry
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.elapsed().ok())
                    .is_some_and(|age| age >= STALE_TEMP_AGE);
                if old && fs::remove_file(entry.path()).is_ok() {
                    removed += 1;
                }
            }
        }
        removed
    }

    /// The statistics (read without the lock: for display).
    pub fn load_stats(&self) -> Loaded<Stats> {
        match load_versioned::<Stats>(&self.stats_path(), u64::from(STATS_VERSION)) {
            Loaded::Found(mut s) => {
                s.migrate();
                Loaded::Found(s)
            }
            other => other,
        }
    }

    /// Reads the statistics, applies `change` and writes them back, all under the lock,
    /// so that what another copy of the game wrote in between is kept. A corrupt file is
    /// moved aside and the update starts from empty statistics; a file that cannot be
    /// read or comes from a newer version is an error, and nothing is written.
    pub fn update_stats<R>(&self, change: impl FnOnce(&mut Stats) -> R) -> Result<StatsUpdate<R>, StoreError> {
        let (stats, value, moved_aside) =
            self.locked_update(STATS_LOCK, &self.stats_path(), || self.load_stats(), change)?;
        Ok(StatsUpdate {
            value,
            stats,
            moved_aside,
        })
    }

    /// Reads a shared file with `load`, applies `change` and writes it back, all under the
    /// lock file `lock`: the read-modify-write that keeps what other copies of the game
    /// wrote. A corrupt file is moved aside and the update starts from empty; one that
    /// cannot be read or comes from a newer version is an error, and nothing is written.
    /// Returns what was written, what `change` returned, and the file moved aside if any.
    pub(crate) fn locked_update<T: Default + Serialize, R>(
        &self,
        lock: &str,
        path: &Path,
        load: impl FnOnce() -> Loaded<T>,
        change: impl FnOnce(&mut T) -> R,
    ) -> Result<(T, R, Option<MovedAside>), StoreError> {
        let lock_path = self.dir.join(lock);
        let _lock = FileLock::exclusive(&lock_path).map_err(|source| StoreError::Io {
            path: lock_path.clone(),
            source,
        })?;
        let (mut content, moved_aside) = match load() {
            Loaded::Found(c) => (c, None),
            Loaded::Missing => (T::default(), None),
            Loaded::MovedAside { reason, moved_to } => (T::default(), Some((reason, moved_to))),
            Loaded::Unreadable { reason } => {
                return Err(StoreError::Unreadable {
                    path: path.to_path_buf(),
                    reason,
                });
            }
            Loaded::Newer { version } => {
                return Err(StoreError::Newer {
                    path: path.to_path_buf(),
                    version,
                });
            }
        };
        let value = change(&mut content);
        save_json(path, &content)?;
        Ok((content, value, moved_aside))
    }

    /// Moves the game saved by versions before 0.2 (`game.json`) into the games folder.
    /// Returns what the player should be told, if anything.
    pub fn migrate_legacy_game(&self) -> Option<String> {
        let path = self.dir.join(LEGACY_GAME_FILE);
        match load_versioned::<SavedGame>(&path, u64::from(SavedGame::VERSION)) {
            Loaded::Missing => None,
            Loaded::Found(saved) => match crate::game::Game::from_saved(&saved) {
                Ok(game) => {
                    let moved = self.save_game(&game.to_saved());
                    match moved {
                        Ok(()) => {
                            let _ = fs::remove_file(&path);
                            None
                        }
                        Err(e) => Some(format!(
                            "Your saved game could not be moved into {}: {e}",
                            self.games_dir().display()
                        )),
                    }
                }
                Err(reason) => match move_aside::<()>(&path, reason.clone()) {
                    Loaded::MovedAside { moved_to, .. } => Some(format!(
                        "The saved game was unreadable ({reason}); it is kept as {}.",
                        moved_to.display()
                    )),
                    _ => Some(format!("The saved game {} is unreadable ({reason}).", path.display())),
                },
            },
            Loaded::MovedAside { reason, moved_to } => Some(format!(
                "The saved game was unreadable ({reason}); it is kept as {}.",
                moved_to.display()
            )),
            Loaded::Unreadable { reason } => Some(format!(
                "The saved game {} could not be read: {reason}.",
                path.display()
            )),
            Loaded::Newer { version } => Some(format!(
                "{} was saved by a newer Slide (format {version}); it is left as it is.",
                path.display()
            )),
        }
    }

    /// Every unfinished game that can be resumed, newest first, with the files that could
    /// not be used (corrupt ones are moved aside; unreadable and newer ones are left).
    /// Games another copy of Slide is playing are left out.
    pub fn list_games(&self) -> (Vec<SavedGame>, Vec<SkippedGame>) {
        let mut games = Vec::new();
        let mut skipped = Vec::new();
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return (games, skipped);
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(id) = name.strip_suffix(".json") else { continue };
            if name.starts_with('.') || FileLock::is_held(&self.game_lock_path(id)) {
                continue;
            }
            let checked = match load_versioned::<SavedGame>(&path, u64::from(SavedGame::VERSION)) {
                Loaded::Found(saved) => match crate::game::Game::from_saved(&saved) {
                    Ok(_) if saved.id == id => Ok(saved),
                    Ok(_) => Err(format!("its id '{}' does not match its name", saved.id)),
                    Err(reason) => Err(reason),
                },
                Loaded::Missing => continue,
                Loaded::MovedAside { reason, moved_to } => {
                    skipped.push(SkippedGame {
                        path: moved_to.clone(),
                        reason: format!("unreadable ({reason}); kept as {}", moved_to.display()),
                    });
                    continue;
                }
                Loaded::Unreadable { reason } => {
                    skipped.push(SkippedGame {
                        path,
                        reason: format!("could not be read: {reason}"),
                    });
                    continue;
                }
                Loaded::Newer { version } => {
                    skipped.push(SkippedGame {
                        path,
                        reason: format!("saved by a newer Slide (format {version}); left as it is"),
                    });
                    continue;
                }
            };
            match checked {
                Ok(saved) => games.push(saved),
                Err(reason) => {
                    let reason = match move_aside::<()>(&path, reason.clone()) {
                        Loaded::MovedAside { moved_to, .. } => {
                            format!("unreadable ({reason}); kept as {}", moved_to.display())
                        }
                        _ => format!("unreadable ({reason})"),
                    };
                    skipped.push(SkippedGame { path, reason });
                }
            }
        }
        games.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then_with(|| a.id.cmp(&b.id)));
        (games, skipped)
    }

    /// The unfinished games some copy of Slide holds (this one's included), newest first;
    /// unreadable ones are left to [`Store::list_games`] to report.
    pub fn held_games(&self) -> Vec<SavedGame> {
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return Vec::new();
        };
        let mut games: Vec<SavedGame> = entries
            .flatten()
            .filter_map(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                let id = name.strip_suffix(".json")?;
                if name.starts_with('.') || !FileLock::is_held(&self.game_lock_path(id)) {
                    return None;
                }
                match load_versioned::<SavedGame>(&entry.path(), u64::from(SavedGame::VERSION)) {
                    Loaded::Found(saved) if saved.id == id => Some(saved),
                    _ => None,
                }
            })
            .collect();
        games.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then_with(|| a.id.cmp(&b.id)));
        games
    }

    /// Claims the game `id` for this copy of Slide: `Ok(None)` if another copy holds it.
    pub fn claim_game(&self, id: &str) -> Result<Option<FileLock>, StoreError> {
        let path = self.game_lock_path(id);
        FileLock::try_exclusive(&path).map_err(|source| StoreError::Io { path, source })
    }

    /// Saves an unfinished game in its own file.
    pub fn save_game(&self, game: &SavedGame) -> Result<(), StoreError> {
        save_json(&self.game_path(&game.id), game)
    }

    /// Removes a game's file (it was won, or left with no move made) and its lock file.
    pub fn remove_game(&self, id: &str) -> Result<(), StoreError> {
        let path = self.game_path(id);
        match fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(StoreError::Io { path, source: e }),
            _ => {
                let _ = fs::remove_file(self.game_lock_path(id));
                Ok(())
            }
        }
    }

    /// Removes lock files of games that no longer exist and that no one holds.
    pub fn remove_orphan_locks(&self) {
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(id) = name.strip_suffix(".lock")
                && !self.game_path(id).exists()
                && !FileLock::is_held(&entry.path())
            {
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    /// Saves the menu's last choice.
    pub fn save_choice(&self, choice: &Choice) -> Result<(), StoreError> {
        save_json(&self.dir.join(CHOICE_FILE), choice)
    }

    /// The menu's last choice, if one was saved and can be read (a bad file is ignored: it
    /// only holds a default).
    pub fn load_choice(&self) -> Option<Choice> {
        match load_versioned::<Choice>(&self.dir.join(CHOICE_FILE), 1) {
            Loaded::Found(c) => Some(c),
            _ => None,
        }
    }

    /// Moves the statistics aside and starts afresh (`slide stats --reset`), under the
    /// lock. Returns where the old statistics are kept, if there were any.
    pub fn reset_stats(&self) -> Result<Option<PathBuf>, StoreError> {
        let lock_path = self.dir.join(STATS_LOCK);
        let _lock = FileLock::exclusive(&lock_path).map_err(|source| StoreError::Io {
            path: lock_path,
            source,
        })?;
        let path = self.stats_path();
        if !path.exists() {
            return Ok(None);
        }
        let kept = suffixed(&path, "reset");
        fs::rename(&path, &kept).map_err(|source| StoreError::Io {
            path: path.clone(),
            source,
        })?;
        Ok(Some(kept))
    }
}

/// `path` with `.<what>-<unix seconds>` appended.
pub(crate) fn suffixed(path: &Path, what: &str) -> PathBuf {
    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{what}-{stamp}"));
    PathBuf::from(name)
}

/// Loads a JSON file that carries a `version` field (absent means 1). A file newer than
/// `current` is left alone, unparsed.
pub(crate) fn load_versioned<T: DeserializeOwned>(path: &Path, current: u64) -> Loaded<T> {
    let text = match fs::read(path) {
        Ok(t) => t,
        // A file in the way of the folder means there is no such file either; writing will
        // say what is wrong.
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Loaded::Missing;
        }
        Err(e) => return Loaded::Unreadable { reason: e.to_string() },
    };
    let value: serde_json::Value = match serde_json::from_slice(&text) {
        Ok(v) => v,
        Err(e) => return move_aside(path, e.to_string()),
    };
    let version = match value.get("version") {
        None => 1,
        Some(v) => match v.as_u64() {
            Some(n) => n,
            None => return move_aside(path, format!("its version {v} is not a number")),
        },
    };
    if version > current {
        return Loaded::Newer { version };
    }
    match serde_json::from_value(value) {
        Ok(v) => Loaded::Found(v),
        Err(e) => move_aside(path, e.to_string()),
    }
}

fn move_aside<T>(path: &Path, reason: String) -> Loaded<T> {
    let moved_to = suffixed(path, "corrupt");
    match fs::rename(path, &moved_to) {
        Ok(()) => Loaded::MovedAside { reason, moved_to },
        // Could not move it: leave it where it is and say so; never delete it.
        Err(e) => Loaded::MovedAside {
            reason: format!("{reason} (and it could not be moved aside: {e})"),
            moved_to: path.to_path_buf(),
        },
    }
}

pub(crate) fn save_json<T: Serialize>(path: &Path, value: &T) -> Result<(), StoreError> {
    let mut text = serde_json::to_string_pretty(value).map_err(|e| StoreError::Encode(path.to_path_buf(), e))?;
    text.push('\n');
    write_atomic(path, text.as_bytes())
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
    use crate::difficulty::Level;
    use crate::game::Game;
    use crate::game::stats::{Finish, Kind, RecordKey};
    use crate::puzzle::Size;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("slide-store-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    fn a_game() -> Game {
        Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), None, None, None)
    }

    #[test]
    fn games_round_trip_newest_first_and_are_removed_one_by_one() {
        let store = Store::at(temp_dir("games"));
        assert!(store.list_games().0.is_empty());
        let mut a = a_game().to_saved();
        a.saved_at = 1;
        let mut b = a_game().to_saved();
        b.saved_at = 2;
        store.save_game(&a).unwrap();
        store.save_game(&b).unwrap();
        let (games, skipped) = store.list_games();
        assert!(skipped.is_empty());
        assert_eq!(games, vec![b.clone(), a.clone()]);
        store.remove_game(&b.id).unwrap();
        assert_eq!(store.list_games().0, vec![a]);
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_claimed_game_is_not_offered_to_another_copy() {
        let store = Store::at(temp_dir("claim"));
        let g = a_game().to_saved();
        store.save_game(&g).unwrap();
        let lock = store.claim_game(&g.id).unwrap().expect("free");
        assert!(store.claim_game(&g.id).unwrap().is_none(), "held by the first");
        assert!(store.list_games().0.is_empty());
        drop(lock);
        assert_eq!(store.list_games().0.len(), 1);
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn corrupt_files_are_moved_aside_not_erased() {
        let store = Store::at(temp_dir("corrupt"));
        write_atomic(&store.stats_path(), b"{ not json").unwrap();
        let Loaded::MovedAside { moved_to, .. } = store.load_stats() else {
            panic!("expected the file to be moved aside");
        };
        assert_eq!(fs::read(&moved_to).unwrap(), b"{ not json");
        assert!(matches!(store.load_stats(), Loaded::Missing));
        write_atomic(&store.game_path("abc"), b"garbage").unwrap();
        let (games, skipped) = store.list_games();
        assert!(games.is_empty());
        assert_eq!(skipped.len(), 1);
        assert!(skipped[0].reason.contains("kept as"), "{:?}", skipped[0]);
        assert_eq!(fs::read(&skipped[0].path).unwrap(), b"garbage");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_newer_file_is_left_alone_and_never_overwritten() {
        let store = Store::at(temp_dir("newer"));
        let newer = br#"{"version": 99, "records": "something else entirely"}"#;
        write_atomic(&store.stats_path(), newer).unwrap();
        assert!(matches!(store.load_stats(), Loaded::Newer { version: 99 }));
        assert!(matches!(
            store.update_stats(|_| ()),
            Err(StoreError::Newer { version: 99, .. })
        ));
        assert_eq!(fs::read(store.stats_path()).unwrap(), newer);
        let mut g = a_game().to_saved();
        g.version = 7;
        store.save_game(&g).unwrap();
        let (games, skipped) = store.list_games();
        assert!(games.is_empty());
        assert!(skipped[0].reason.contains("newer"));
        assert!(store.game_path(&g.id).exists(), "left where it is");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn locked_updates_from_two_writers_merge() {
        let dir = temp_dir("merge");
        let key = RecordKey::level(Size::THREE, Level::Easy);
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let store = Store::at(dir.clone());
                let key = key.clone();
                std::thread::spawn(move || {
                    for _ in 0..10 {
                        store
                            .update_stats(|s| {
                                s.record_start(&key);
                                s.record_win(
                                    &key,
                                    &Finish {
                                        moves: 20,
                                        time_ms: 1,
                                        hints: 0,
                                        solver_used: false,
                                        assisted: false,
                                        par: None,
                                        date: crate::difficulty::UtcDate::today(),
                                        stm: 20,
                                        timed: true,
                                    },
                                )
                            })
                            .unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let Loaded::Found(stats) = Store::at(dir.clone()).load_stats() else {
            panic!()
        };
        let row = stats.row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!((row.played, row.won), (40, 40), "no write lost another's");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unreadable_file_is_reported_not_moved() {
        let store = Store::at(temp_dir("unreadable"));
        // A directory where the file should be cannot be read as a file.
        fs::create_dir_all(store.stats_path()).unwrap();
        assert!(matches!(store.load_stats(), Loaded::Unreadable { .. }));
        assert!(store.stats_path().is_dir(), "left where it is");
        assert!(matches!(store.update_stats(|_| ()), Err(StoreError::Unreadable { .. })));
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn the_old_single_game_file_is_moved_into_the_games_folder() {
        let store = Store::at(temp_dir("legacy"));
        let old = r#"{"version":1,"start":"1 2 3 4 5 6 7 0 8","history":"","future":"","level":null,"seed":null,"par":null,"moves":0,"hints":0,"solver_used":false,"elapsed_ms":0}"#;
        write_atomic(&store.dir().join(LEGACY_GAME_FILE), old.as_bytes()).unwrap();
        assert_eq!(store.migrate_legacy_game(), None);
        assert!(!store.dir().join(LEGACY_GAME_FILE).exists());
        assert_eq!(store.list_games().0.len(), 1);
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn stale_temp_files_are_removed_fresh_ones_kept() {
        let store = Store::at(temp_dir("tmp"));
        fs::create_dir_all(store.games_dir()).unwrap();
        let old = store.games_dir().join(".x.json.1.0.tmp");
        let fresh = store.dir().join(".stats.json.2.0.tmp");
        fs::write(&old, b"half").unwrap();
        fs::write(&fresh, b"half").unwrap();
        let f = fs::File::options().write(true).open(&old).unwrap();
        f.set_modified(SystemTime::now() - Duration::from_secs(3600)).unwrap();
        assert_eq!(store.remove_stale_temp_files(), 1);
        assert!(!old.exists());
        assert!(fresh.exists(), "another copy may be writing it");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn empty_environment_values_mean_unset() {
        // Not set through the environment (tests run in parallel); the rule itself.
        assert_eq!(
            std::env::var_os("SLIDE_SURELY_UNSET_VARIABLE").filter(|v| !v.is_empty()),
            None
        );
        assert!(env_path("SLIDE_SURELY_UNSET_VARIABLE").is_none());
    }
}
