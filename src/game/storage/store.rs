//! Files in the data directory: the unfinished games and the statistics.
//!
//! Layout, every file with a `version` field:
//! - `stats.json`: the statistics, read-modify-written under the lock `stats.lock`, so two
//!   copies of the game each add their own games and wins to what the other wrote;
//! - `games/<id>.json`: one unfinished game each; `games/<id>.lock` is held by the copy of
//!   the game that is playing it ([`GameClaim`]), so no two copies play (and save) the same
//!   game.
//!
//! Claims are taken, looked at and their lock files deleted only inside one short critical
//! section, the lock on `games/.claims.lock`. So looking at a claim (to list the games
//! another copy is playing) never makes a copy's claim fail, and a lock file is deleted only
//! by whoever holds its lock, with no one able to open it meanwhile: two copies can never
//! each hold a lock for the same game.
//!
//! Every write goes to a temporary file that is renamed into place. A file that cannot be
//! parsed is never deleted: it is renamed aside (`stats.json.corrupt-<unix time>`) and
//! reported; if it cannot be renamed, it is reported unreadable and left alone. A file that
//! cannot be *read* (permissions, I/O) is reported as such and left alone, and so is a file
//! written by a newer version of Slide.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use crate::folders::{Folder, folder};
use crate::game::play::game::SavedGame;
use crate::game::records::stats::{STATS_VERSION, Stats};
use crate::game::storage::file_lock::{Existing, FileLock};
pub use crate::game::storage::json_file::Loaded;
pub(crate) use crate::game::storage::json_file::{load_versioned, move_aside, save_json};
pub(crate) use crate::game::storage::store_error::DATA_DIR_ENV;
pub use crate::game::storage::store_error::StoreError;
use crate::game::storage::store_error::file_in_the_way;

const LEGACY_GAME_FILE: &str = "game.json";
const STATS_FILE: &str = "stats.json";
const STATS_LOCK: &str = "stats.lock";
const GAMES_DIR: &str = "games";
/// The critical section of every claim (a dot file: never taken for a game's).
const CLAIMS_LOCK: &str = ".claims.lock";
const CHOICE_FILE: &str = "choice.json";

/// The size and level last chosen in the new-game menu (`choice.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Choice {
    /// The format.
    pub version: u32,
    /// The board size, written as the history writes sizes (a rectangle's text is one an
    /// older version cannot read: it then offers its default).
    pub size: crate::game::play::written_size::WrittenSize,
    /// A level's name, or `daily`.
    pub level: String,
}

/// A temporary file older than this was left by a write that never finished.
const STALE_TEMP_AGE: Duration = Duration::from_secs(60);

/// A saved game's file that could not be used, and what became of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedGame {
    /// Where the file is now.
    pub path: PathBuf,
    /// What is wrong with it, in words for the player (without its path).
    pub reason: String,
    /// Whether it was moved aside to `path` (a corrupt file) rather than left where it was.
    pub moved_aside: bool,
}

/// This copy's claim on a game: while it is held, no other copy of Slide resumes, saves or
/// removes that game. Dropping it lets go (the game's files stay).
#[derive(Debug)]
pub struct GameClaim {
    id: String,
    lock: FileLock,
}

impl GameClaim {
    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// The data directory.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// `$SLIDE_DATA_DIR` (when set and not empty), else the XDG data directory
    /// (`~/.local/share/slide`).
    pub fn locate() -> Result<Store, StoreError> {
        folder(DATA_DIR_ENV, Folder::Data)
            .map(Store::at)
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

    /// Checks that the directory can be written, by writing and removing a small file. A
    /// plain file where the directory (or a folder above it) should be is named as such.
    pub(crate) fn check_writable(&self) -> Result<(), StoreError> {
        // A name of this process's own: two copies starting at once must not remove each
        // other's (and one left by a crash ends like any temporary file).
        static CHECKS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = CHECKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let probe = self.dir.join(format!(".write-check.{}.{n}.tmp", std::process::id()));
        if let Some(file) = file_in_the_way(&probe) {
            return Err(StoreError::NotAFolder { path: file });
        }
        crate::atomic_file::write_atomically(&probe, b"slide\n").map_err(|e| StoreError::io(&probe, e))?;
        fs::remove_file(&probe).map_err(|e| StoreError::io(&probe, e))
    }

    /// Removes temporary files that an interrupted write left behind (old enough that no
    /// running game can still be writing them). Returns how many were removed.
    pub(crate) fn remove_stale_temp_files(&self) -> usize {
        let mut removed = 0;
        for dir in [self.dir.clone(), self.games_dir(), self.history_dir()] {
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
                Err(reason) => Some(match move_aside::<()>(&path, reason.to_string()) {
                    Loaded::MovedAside { moved_to, .. } => {
                        aside_notice("The saved game was", &reason.to_string(), &moved_to)
                    }
                    _ => format!("The saved game {} is unreadable ({reason}).", path.display()),
                }),
            },
            Loaded::MovedAside { reason, moved_to } => Some(aside_notice("The saved game was", &reason, &moved_to)),
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

    /// The ids of the games saved in the games folder.
    fn game_ids(&self) -> Vec<String> {
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter_map(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                let id = name.strip_suffix(".json")?;
                (!name.starts_with('.')).then(|| id.to_string())
            })
            .collect()
    }

    /// The critical section of claims: held while a claim is taken, looked at, or its lock
    /// file deleted. Each holds it for a few system calls at most.
    fn claims_section(&self) -> Result<FileLock, StoreError> {
        let path = self.games_dir().join(CLAIMS_LOCK);
        FileLock::exclusive(&path).map_err(|e| StoreError::io(&path, e))
    }

    /// Which of `ids` another copy of Slide (or this one, through a claim) holds. Looked at
    /// inside the claims' critical section, so that looking never makes a claim fail.
    fn held_among(&self, ids: &[String]) -> BTreeSet<String> {
        let Ok(_section) = self.claims_section() else {
            return BTreeSet::new();
        };
        ids.iter()
            .filter(|id| matches!(FileLock::try_existing(&self.game_lock_path(id)), Ok(Existing::Held)))
            .cloned()
            .collect()
    }

    /// Every unfinished game that can be resumed, newest first, with the files that could
    /// not be used (corrupt ones are moved aside; unreadable and newer ones are left).
    /// Games another copy of Slide is playing are left out.
    pub fn list_games(&self) -> (Vec<SavedGame>, Vec<SkippedGame>) {
        let mut games = Vec::new();
        let mut skipped = Vec::new();
        let ids = self.game_ids();
        let held = self.held_among(&ids);
        for id in ids.iter().filter(|id| !held.contains(*id)) {
            let path = self.game_path(id);
            let problem = match load_versioned::<SavedGame>(&path, u64::from(SavedGame::VERSION)) {
                // Over, kept only for its results not yet in the history: not a game to resume.
                Loaded::Found(saved) if saved.finished && saved.id == *id => continue,
                Loaded::Found(saved) => match crate::game::Game::from_saved(&saved) {
                    Ok(_) if saved.id == *id => {
                        games.push(saved);
                        continue;
                    }
                    Ok(_) => format!("its id '{}' does not match its name", saved.id),
                    Err(reason) => reason.to_string(),
                },
                Loaded::Missing => continue,
                Loaded::MovedAside { reason, moved_to } => {
                    self.remove_lock_if_free(id);
                    skipped.push(aside(&reason, moved_to));
                    continue;
                }
                Loaded::Unreadable { reason } => {
                    skipped.push(SkippedGame {
                        path,
                        reason: format!("could not be read: {reason}"),
                        moved_aside: false,
                    });
                    continue;
                }
                Loaded::Newer { version } => {
                    skipped.push(SkippedGame {
                        path,
                        reason: format!("was saved by a newer Slide (format {version}); it is left as it is"),
                        moved_aside: false,
                    });
                    continue;
                }
            };
            // Parsed, but not a game that can be played: set aside like a corrupt file.
            match move_aside::<()>(&path, problem) {
                Loaded::MovedAside { reason, moved_to } => {
                    // The game is gone from the folder: its lock file goes too.
                    self.remove_lock_if_free(id);
                    skipped.push(aside(&reason, moved_to));
                }
                Loaded::Unreadable { reason } => skipped.push(SkippedGame {
                    path,
                    reason: format!("is unreadable: {reason}"),
                    moved_aside: false,
                }),
                _ => {}
            }
        }
        games.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then_with(|| a.id.cmp(&b.id)));
        (games, skipped)
    }

    /// The unfinished games some copy of Slide holds (this one's included), newest first;
    /// unreadable ones are left to [`Store::list_games`] to report.
    pub fn held_games(&self) -> Vec<SavedGame> {
        let ids = self.game_ids();
        let mut games: Vec<SavedGame> = self
            .held_among(&ids)
            .into_iter()
            .filter_map(
                |id| match load_versioned::<SavedGame>(&self.game_path(&id), u64::from(SavedGame::VERSION)) {
                    Loaded::Found(saved) if saved.id == id && !saved.finished => Some(saved),
                    _ => None,
                },
            )
            .collect();
        games.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then_with(|| a.id.cmp(&b.id)));
        games
    }

    /// The game `id`'s save as it is on disk, or `None` if there is none or it can't be
    /// read. A damaged file is left where it is, for [`Store::list_games`] to set aside
    /// and report.
    pub(crate) fn peek_game(&self, id: &str) -> Option<SavedGame> {
        let bytes = fs::read(self.game_path(id)).ok()?;
        let saved: SavedGame = serde_json::from_slice(&bytes).ok()?;
        (saved.id == id && saved.version <= SavedGame::VERSION).then_some(saved)
    }

    /// Every save that carries results not yet in the history, whoever holds it.
    pub(crate) fn saves_with_pending(&self) -> Vec<SavedGame> {
        self.game_ids()
            .iter()
            .filter_map(|id| self.peek_game(id))
            .filter(|s| !s.pending.is_empty())
            .collect()
    }

    /// Claims the game `id` for this copy of Slide: `Ok(None)` if another copy holds it.
    pub(crate) fn claim_game(&self, id: &str) -> Result<Option<GameClaim>, StoreError> {
        let path = self.game_lock_path(id);
        let _section = self.claims_section()?;
        let lock = FileLock::try_exclusive(&path).map_err(|e| StoreError::io(&path, e))?;
        Ok(lock.map(|lock| GameClaim {
            id: id.to_string(),
            lock,
        }))
    }

    /// Saves an unfinished game in its own file.
    pub fn save_game(&self, game: &SavedGame) -> Result<(), StoreError> {
        save_json(&self.game_path(&game.id), game)
    }

    /// Removes a game's file (it was won, left with no move made, or is the oldest of too
    /// many), then its lock file. With `claim` (this copy's claim on it) the game is
    /// removed under it; without one, it is claimed first, and a game another copy holds is
    /// left alone ([`StoreError::Held`]). A game with no file is no error.
    pub(crate) fn remove_game(&self, id: &str, claim: Option<GameClaim>) -> Result<(), StoreError> {
        let path = self.game_path(id);
        let claim = match claim {
            Some(c) => c,
            None if path.symlink_metadata().is_err() => return Ok(()),
            None => self
                .claim_game(id)?
                .ok_or_else(|| StoreError::Held { id: id.to_string() })?,
        };
        match fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound && file_in_the_way(&path).is_none() => {
                return Err(StoreError::io(&path, e));
            }
            _ => {}
        }
        let _ = crate::atomic_file::sync_dir(&self.games_dir());
        let _section = self.claims_section()?;
        let lock_path = claim.lock.path().to_path_buf();
        claim.lock.delete().map_err(|e| StoreError::io(&lock_path, e))
    }

    /// Deletes the lock file of the game `id` if no one holds it.
    fn remove_lock_if_free(&self, id: &str) {
        let Ok(_section) = self.claims_section() else { return };
        if let Ok(Existing::Free(lock)) = FileLock::try_existing(&self.game_lock_path(id)) {
            let _ = lock.delete();
        }
    }

    /// Removes lock files of games that no longer exist and that no one holds.
    pub(crate) fn remove_orphan_locks(&self) {
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(id) = name.strip_suffix(".lock")
                && !name.starts_with('.')
                && !self.game_path(id).exists()
            {
                self.remove_lock_if_free(id);
            }
        }
    }

    /// Saves the menu's last choice.
    pub(crate) fn save_choice(&self, choice: &Choice) -> Result<(), StoreError> {
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
    pub(crate) fn reset_stats(&self) -> Result<Option<PathBuf>, StoreError> {
        let lock_path = self.dir.join(STATS_LOCK);
        let _lock = FileLock::exclusive(&lock_path).map_err(|e| StoreError::io(&lock_path, e))?;
        let path = self.stats_path();
        if !path.exists() {
            return Ok(None);
        }
        let kept = crate::game::storage::json_file::aside_path(&path, "reset");
        fs::rename(&path, &kept).map_err(|e| StoreError::io(&path, e))?;
        let _ = crate::atomic_file::sync_dir(&self.dir);
        Ok(Some(kept))
    }
}

/// A game file moved aside, as skipped.
fn aside(reason: &str, moved_to: PathBuf) -> SkippedGame {
    SkippedGame {
        path: moved_to,
        reason: format!("was unreadable ({reason})"),
        moved_aside: true,
    }
}

/// "`subject` unreadable (`reason`); the file is kept as NAME in FOLDER.": the file's name
/// whole on its own, so that a narrow notice never cuts it.
pub(crate) fn aside_notice(subject: &str, reason: &str, moved_to: &Path) -> String {
    format!(
        "{subject} unreadable ({reason}); the file is kept as {}.",
        kept_as(moved_to)
    )
}

/// `NAME in FOLDER` for a file set aside.
pub(crate) fn kept_as(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) => format!("{name} in {}", dir.display()),
        None => name,
    }
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
        store.remove_game(&b.id, None).unwrap();
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
        crate::atomic_file::write_atomically(&store.stats_path(), b"{ not json").unwrap();
        let Loaded::MovedAside { moved_to, .. } = store.load_stats() else {
            panic!("expected the file to be moved aside");
        };
        assert_eq!(fs::read(&moved_to).unwrap(), b"{ not json");
        assert!(matches!(store.load_stats(), Loaded::Missing));
        crate::atomic_file::write_atomically(&store.game_path("abc"), b"garbage").unwrap();
        let (games, skipped) = store.list_games();
        assert!(games.is_empty());
        assert_eq!(skipped.len(), 1);
        assert!(skipped[0].moved_aside, "{:?}", skipped[0]);
        assert_eq!(fs::read(&skipped[0].path).unwrap(), b"garbage");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_newer_file_is_left_alone_and_never_overwritten() {
        let store = Store::at(temp_dir("newer"));
        let newer = br#"{"version": 99, "records": "something else entirely"}"#;
        crate::atomic_file::write_atomically(&store.stats_path(), newer).unwrap();
        assert!(matches!(store.load_stats(), Loaded::Newer { version: 99 }));
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
    fn an_unreadable_file_is_reported_not_moved() {
        let store = Store::at(temp_dir("unreadable"));
        // A directory where the file should be cannot be read as a file.
        fs::create_dir_all(store.stats_path()).unwrap();
        assert!(matches!(store.load_stats(), Loaded::Unreadable { .. }));
        assert!(store.stats_path().is_dir(), "left where it is");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn the_old_single_game_file_is_moved_into_the_games_folder() {
        let store = Store::at(temp_dir("legacy"));
        let old = r#"{"version":1,"start":"1 2 3 4 5 6 7 0 8","history":"","future":"","level":null,"seed":null,"par":null,"moves":0,"hints":0,"solver_used":false,"elapsed_ms":0}"#;
        crate::atomic_file::write_atomically(&store.dir().join(LEGACY_GAME_FILE), old.as_bytes()).unwrap();
        assert_eq!(store.migrate_legacy_game(), None);
        assert!(!store.dir().join(LEGACY_GAME_FILE).exists());
        assert_eq!(store.list_games().0.len(), 1);
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn stale_temp_files_are_removed_fresh_ones_kept() {
        let store = Store::at(temp_dir("tmp"));
        fs::create_dir_all(store.games_dir()).unwrap();
        fs::create_dir_all(store.history_dir()).unwrap();
        let old = store.games_dir().join(".x.json.1.0.tmp");
        let old_seal = store.history_dir().join(".sealed-1.jsonl.gz.1.0.tmp");
        let fresh = store.dir().join(".stats.json.2.0.tmp");
        for (file, age) in [(&old, 3600), (&old_seal, 3600), (&fresh, 0)] {
            fs::write(file, b"half").unwrap();
            let f = fs::File::options().write(true).open(file).unwrap();
            f.set_modified(std::time::SystemTime::now() - Duration::from_secs(age))
                .unwrap();
        }
        assert_eq!(store.remove_stale_temp_files(), 2);
        assert!(!old.exists() && !old_seal.exists(), "the history's too");
        assert!(fresh.exists(), "another copy may be writing it");
        let _ = fs::remove_dir_all(store.dir());
    }

    /// Runs the test `name` again in a process of its own, with `env` set to `value`, and
    /// returns what it printed. Lock tests need it: a lock let go of stays held while any
    /// process forked meanwhile has not yet started its program, and the other tests of
    /// this process start programs.
    fn in_own_process(name: &str, env: &str, value: &std::ffi::OsStr) -> std::process::Child {
        std::process::Command::new(std::env::current_exe().unwrap())
            .args([name, "--exact", "--nocapture", "--test-threads=1"])
            .env(env, value)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    }

    const ALONE_ENV: &str = "SLIDE_TEST_ALONE";

    #[test]
    fn looking_at_claims_never_makes_a_claim_fail() {
        if std::env::var_os(ALONE_ENV).is_none() {
            let child = in_own_process(
                "game::storage::store::tests::looking_at_claims_never_makes_a_claim_fail",
                ALONE_ENV,
                "1".as_ref(),
            );
            assert!(child.wait_with_output().unwrap().status.success());
            return;
        }
        let store = Store::at(temp_dir("probe"));
        let mut saved = a_game().to_saved();
        saved.id = "probed".into();
        store.save_game(&saved).unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let looker = {
            let (store, stop) = (store.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut looks = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let _ = store.held_games();
                    let _ = store.list_games();
                    looks += 1;
                }
                looks
            })
        };
        for round in 0..2000 {
            let claim = store.claim_game("probed").unwrap();
            assert!(claim.is_some(), "round {round}: a look made the claim fail");
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(looker.join().unwrap() > 0);
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_held_game_is_not_removed_by_another_copy() {
        let store = Store::at(temp_dir("heldremove"));
        let g = a_game().to_saved();
        store.save_game(&g).unwrap();
        let claim = store.claim_game(&g.id).unwrap().expect("free");
        assert!(matches!(store.remove_game(&g.id, None), Err(StoreError::Held { .. })));
        assert!(store.game_path(&g.id).exists());
        assert!(
            store.game_lock_path(&g.id).exists(),
            "a held lock file is never deleted"
        );
        store.remove_game(&g.id, Some(claim)).unwrap();
        assert!(!store.game_path(&g.id).exists());
        assert!(!store.game_lock_path(&g.id).exists());
        let _ = fs::remove_dir_all(store.dir());
    }

    /// Set in the child process of the race below, to the race's data directory.
    const RACE_DIR_ENV: &str = "SLIDE_TEST_CLAIM_RACE_DIR";
    const RACE_ROUNDS: usize = 1000;

    /// Marks the game `id` as held by this side of the race; a mark already there means
    /// that both sides hold the game.
    fn mark_held(store: &Store, id: &str, side: &str) -> PathBuf {
        let mark = store.games_dir().join(format!("{id}.owner"));
        match fs::OpenOptions::new().write(true).create_new(true).open(&mark) {
            Ok(_) => mark,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                panic!("{side}: the game {id} is held by both copies")
            }
            Err(e) => panic!("{side}: {e}"),
        }
    }

    /// The pruning side: claims every game it finds and removes it, as `prune` does,
    /// until the other side is done.
    fn prune_until_done(store: &Store) -> usize {
        let done = store.dir().join("done");
        let mut removed = 0;
        while !done.exists() {
            let _ = store.held_games();
            for g in store.list_games().0 {
                let Ok(Some(claim)) = store.claim_game(&g.id) else {
                    continue;
                };
                let mark = mark_held(store, &g.id, "pruner");
                fs::remove_file(mark).unwrap();
                store.remove_game(&g.id, Some(claim)).unwrap();
                removed += 1;
            }
        }
        removed
    }

    #[test]
    fn two_processes_racing_claims_and_prunes_never_both_hold_one_game() {
        if let Some(dir) = std::env::var_os(RACE_DIR_ENV) {
            let removed = prune_until_done(&Store::at(PathBuf::from(dir)));
            println!("\npruned {removed}");
            return;
        }
        let store = Store::at(temp_dir("race"));
        fs::create_dir_all(store.games_dir()).unwrap();
        let pruner = in_own_process(
            "game::storage::store::tests::two_processes_racing_claims_and_prunes_never_both_hold_one_game",
            RACE_DIR_ENV,
            store.dir().as_os_str(),
        );
        let template = a_game().to_saved();
        let mut claimed = 0;
        for round in 0..RACE_ROUNDS {
            let id = format!("race{round}");
            let mut saved = template.clone();
            saved.id.clone_from(&id);
            store.save_game(&saved).unwrap();
            // Claimed as a resume does; the pruner may have taken (and removed) it first.
            let Some(claim) = store.claim_game(&id).unwrap() else {
                continue;
            };
            claimed += 1;
            let mark = mark_held(&store, &id, "player");
            let there = store.game_path(&id).exists();
            std::thread::yield_now();
            assert!(
                !there || store.game_path(&id).exists(),
                "round {round}: a held game was removed"
            );
            fs::remove_file(mark).unwrap();
            if round % 2 == 0 {
                // Let go of, so that the pruner may take it.
                drop(claim);
            } else {
                store.remove_game(&id, Some(claim)).unwrap();
            }
        }
        fs::write(store.dir().join("done"), b"").unwrap();
        let out = pruner.wait_with_output().unwrap();
        assert!(out.status.success(), "the pruning process failed");
        let pruned: usize = String::from_utf8_lossy(&out.stdout)
            .lines()
            .find_map(|l| l.split("pruned ").nth(1)?.split_whitespace().next()?.parse().ok())
            .expect("the pruner says how many it removed");
        assert!(
            claimed > 0 && pruned > 0,
            "both sides took games: {claimed} and {pruned}"
        );
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn copies_checking_the_folder_at_once_never_fail_each_other() {
        // Two copies started together used to remove each other's probe file.
        let store = Store::at(temp_dir("writecheck"));
        let checks: Vec<_> = (0..4)
            .map(|_| {
                let store = store.clone();
                std::thread::spawn(move || (0..100).all(|_| store.check_writable().is_ok()))
            })
            .collect();
        for c in checks {
            assert!(c.join().unwrap());
        }
        assert_eq!(fs::read_dir(store.dir()).unwrap().count(), 0, "no probe is left");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn empty_environment_values_mean_unset() {
        // Not set through the environment (tests run in parallel); the rule itself.
        assert_eq!(
            std::env::var_os("SLIDE_SURELY_UNSET_VARIABLE").filter(|v| !v.is_empty()),
            None
        );
        assert!(crate::folders::env_path("SLIDE_SURELY_UNSET_VARIABLE").is_none());
    }
}
