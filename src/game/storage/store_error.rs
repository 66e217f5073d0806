//! Why a file operation in the data directory failed, and why `Persistence` could not do
//! what the game asked.

use std::path::{Path, PathBuf};

use thiserror::Error;

/// Environment variable naming the data directory (overrides the XDG data directory).
pub(crate) const DATA_DIR_ENV: &str = "SLIDE_DATA_DIR";

/// A file operation that failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// No data directory could be determined (no home directory, no override).
    #[error("no data directory: set {DATA_DIR_ENV}")]
    NoDirectory,
    /// A plain file stands where a folder of the data directory should be.
    #[error("{} is a file, not a folder", path.display())]
    NotAFolder {
        /// The file in the way.
        path: PathBuf,
    },
    /// Reading, writing or renaming failed.
    #[error("{}: {}", path.display(), io_reason(source))]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The value could not be encoded.
    #[error("cannot encode {path}: {1}", path = .0.display())]
    Encode(PathBuf, serde_json::Error),
    /// The file was written by a newer Slide: it is left as it is.
    #[error("{} was written by a newer version of Slide (format {version}); it is left unchanged", path.display())]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its format version.
        version: u64,
    },
    /// The file exists but could not be read; it is left as it is.
    #[error("{} could not be read: {reason}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// Another copy of Slide holds the game, so it is left alone.
    #[error("the game {id} is open in another copy of Slide")]
    Held {
        /// The game's id.
        id: String,
    },
}

impl StoreError {
    /// An I/O error on `path`, or, when a plain file stands where a folder on the way to
    /// `path` should be (the system then says "not a directory" or "file exists"), which
    /// file that is.
    pub(crate) fn io(path: &Path, source: std::io::Error) -> StoreError {
        if let Some(file) = file_in_the_way(path) {
            return StoreError::NotAFolder { path: file };
        }
        StoreError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The operating system's reason in a few plain words where it has a common one.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::ReadOnlyFilesystem => "read-only file system".to_string(),
        std::io::ErrorKind::StorageFull => "the disk is full".to_string(),
        std::io::ErrorKind::NotADirectory => "a file is in the way of the folder".to_string(),
        _ => e.to_string(),
    }
}

/// The nearest of `path`'s folders (itself excluded) that exists as something other than a
/// folder, if one does.
pub(crate) fn file_in_the_way(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .skip(1)
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| a.symlink_metadata().is_ok())
        .filter(|a| !a.is_dir())
        .map(Path::to_path_buf)
}

/// How [`PersistError::NotRecordedYet`] begins: the win box says so in its own words.
pub const NOT_RECORDED_YET: &str = "not recorded yet: will retry";

/// Why `Persistence` could not do what it was asked.
#[derive(Debug, Error)]
pub enum PersistError {
    /// There is no data directory, so nothing is kept.
    #[error("there is no data directory")]
    NoDirectory,
    /// The statistics came from a newer Slide or could not be read: writing would lose them.
    #[error("the statistics file is left unchanged (see the notice at start)")]
    StatsLeftAlone,
    /// Reading or writing the data directory failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The game asked for is not in the folder (any more).
    #[error("that game is no longer there (another copy of Slide may have it)")]
    GameGone,
    /// Another copy of Slide is playing the game asked for.
    #[error("another copy of Slide is playing that game")]
    GameHeld,
    /// The last save did not reach the disk (in time).
    #[error("the game could not be saved in {}", .0.display())]
    NotSaved(PathBuf),
    /// A result could not be written to the history: it waits in its game's save, and is
    /// written at the next start.
    #[error("a result is not recorded yet ({0}); it is kept with its game and will be recorded at the next start")]
    NotRecorded(StoreError),
    /// A result the history can't take now: it waits in its game's save, and is written
    /// again while the game runs and at every start.
    #[error("{NOT_RECORDED_YET} ({0})")]
    NotRecordedYet(StoreError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_in_the_way_is_named() {
        let dir = std::env::temp_dir().join(format!("slide-store-error-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("slide");
        std::fs::write(&file, b"x").unwrap();
        let inside = file.join("games").join("a.json");
        assert_eq!(file_in_the_way(&inside), Some(file.clone()));
        assert_eq!(file_in_the_way(&dir.join("b.json")), None);
        let err = std::fs::write(&inside, b"y").unwrap_err();
        let e = StoreError::io(&inside, err);
        assert_eq!(e.to_string(), format!("{} is a file, not a folder", file.display()));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
