//! Advisory file locks, so that several copies of the game share one data directory.
//!
//! The locks live in files of their own (`stats.lock`, `games/<id>.lock`) because the data
//! files are replaced by a rename on every write, which would take a lock on them along.
//! The operating system drops a lock when its process ends, however it ends, so a crashed
//! game never leaves a lock behind.
//!
//! A lock file is only ever deleted by whoever holds its lock ([`FileLock::delete`]), and
//! the store does that, like every claim and every look at a claim, inside one short
//! critical section (see `Store::claim_game`): so no one can hold a lock on a file that is
//! no longer there while someone else locks its replacement.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// What [`FileLock::try_existing`] found.
#[derive(Debug)]
pub(crate) enum Existing {
    /// No lock file.
    Missing,
    /// Someone holds it.
    Held,
    /// No one held it; now this does.
    Free(FileLock),
}

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

fn try_lock(file: File, path: &Path) -> std::io::Result<Option<FileLock>> {
    match file.try_lock() {
        Ok(()) => Ok(Some(FileLock {
            _file: file,
            path: path.to_path_buf(),
        })),
        Err(TryLockError::WouldBlock) => Ok(None),
        Err(TryLockError::Error(e)) => Err(e),
    }
}

impl FileLock {
    /// Waits for the exclusive lock on `path` (created if missing).
    pub(crate) fn exclusive(path: &Path) -> std::io::Result<FileLock> {
        let file = open(path)?;
        file.lock()?;
        Ok(FileLock {
            _file: file,
            path: path.to_path_buf(),
        })
    }

    /// Takes the exclusive lock on `path` (created if missing) if no one holds it;
    /// `Ok(None)` if someone does.
    pub(crate) fn try_exclusive(path: &Path) -> std::io::Result<Option<FileLock>> {
        try_lock(open(path)?, path)
    }

    /// As [`FileLock::try_exclusive`], but a missing file stays missing.
    pub(crate) fn try_existing(path: &Path) -> std::io::Result<Existing> {
        match OpenOptions::new().read(true).write(true).open(path) {
            Ok(file) => Ok(match try_lock(file, path)? {
                Some(lock) => Existing::Free(lock),
                None => Existing::Held,
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Existing::Missing),
            Err(e) => Err(e),
        }
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Deletes the lock file while still holding its lock, then lets go of it. A file
    /// already gone is no error.
    pub(crate) fn delete(self) -> std::io::Result<()> {
        match fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
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
        assert!(FileLock::try_exclusive(&path).unwrap().is_none());
        assert!(matches!(FileLock::try_existing(&path).unwrap(), Existing::Held));
        drop(held);
        let Existing::Free(again) = FileLock::try_existing(&path).unwrap() else {
            panic!("free");
        };
        again.delete().unwrap();
        assert!(!path.exists());
        assert!(matches!(FileLock::try_existing(&path).unwrap(), Existing::Missing));
        assert!(!path.exists());
        let _ = fs::remove_dir_all(&dir);
    }
}
