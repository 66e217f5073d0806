//! Advisory file locks, so that several copies of the game share one data directory.
//!
//! The locks live in files of their own (`stats.lock`, `games/<id>.lock`) because the data
//! files are replaced by a rename on every write, which would take a lock on them along.
//! The operating system drops a lock when its process ends, however it ends, so a crashed
//! game never leaves a lock behind.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// A held exclusive lock; dropping it releases the lock.
#[derive(Debug)]
pub struct FileLock {
    // Held for its lock only.
    _file: File,
    path: PathBuf,
}

fn open(path: &Path) -> std::io::Result<File> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
}

impl FileLock {
    /// Waits for the exclusive lock on `path` (created if missing).
    pub fn exclusive(path: &Path) -> std::io::Result<FileLock> {
        let file = open(path)?;
        file.lock()?;
        Ok(FileLock {
            _file: file,
            path: path.to_path_buf(),
        })
    }

    /// Takes the exclusive lock on `path` if no one holds it; `Ok(None)` if someone does.
    pub fn try_exclusive(path: &Path) -> std::io::Result<Option<FileLock>> {
        let file = open(path)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(FileLock {
                _file: file,
                path: path.to_path_buf(),
            })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(e)) => Err(e),
        }
    }

    /// Whether someone (this process included, through another lock) holds `path`'s lock.
    /// A lock file that does not exist is not held.
    pub fn is_held(path: &Path) -> bool {
        let Ok(file) = OpenOptions::new().read(true).write(true).open(path) else {
            return false;
        };
        matches!(file.try_lock(), Err(TryLockError::WouldBlock))
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_lock_excludes_others_until_dropped() {
        let dir = std::env::temp_dir().join(format!("slide-lock-{}", std::process::id()));
        let path = dir.join("x.lock");
        let held = FileLock::exclusive(&path).unwrap();
        assert!(FileLock::is_held(&path));
        assert!(FileLock::try_exclusive(&path).unwrap().is_none());
        drop(held);
        assert!(!FileLock::is_held(&path));
        assert!(FileLock::try_exclusive(&path).unwrap().is_some());
        let _ = fs::remove_dir_all(&dir);
    }
}
