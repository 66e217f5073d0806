//! The history's folder as a whole: whether it is there (and is a folder), what tells one
//! folder from another made in its place, a cheap stamp that changes with every append,
//! and the files set aside in it, said at every read until the player removes them.

use std::fs;
use std::path::PathBuf;

use crate::game::storage::history_reader::{is_sealed, parse};
use crate::game::storage::sealed_file::decompress;
use crate::game::storage::store::{Store, StoreError};

/// The history's active file, the one appends go to (the others are sealed).
pub(crate) const ACTIVE: &str = "active.jsonl";

/// What a file set aside is named with (`active.jsonl.corrupt-<time>`): older versions set
/// a history file that did not read whole aside so.
const SET_ASIDE_MARK: &str = ".corrupt-";

/// A cheap look at the history on disk ([`Store::history_stamp`]): two stamps differ when
/// an attempt was appended, the active file sealed, or the history reset or made anew
/// between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryStamp {
    folder: u64,
    active: Option<(u64, u64, u128)>,
}

/// A file's identity on disk: its inode where there are inodes, else its creation time.
fn identity(meta: &fs::Metadata) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.ino()
    }
    #[cfg(not(unix))]
    {
        meta.created()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos() as u64)
    }
}

impl Store {
    /// Whether the history's folder is there: `Ok(false)` when it is not yet; an error
    /// naming it when something else stands in its place (a plain file, a symbolic link
    /// that loops or leads nowhere, a plain file above it).
    pub(crate) fn history_folder(&self) -> Result<bool, StoreError> {
        let dir = self.history_dir();
        match fs::metadata(&dir) {
            Ok(meta) if meta.is_dir() => Ok(true),
            Ok(_) => Err(StoreError::NotAFolder { path: dir }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && dir.symlink_metadata().is_err() => {
                match crate::game::storage::store_error::file_in_the_way(&dir) {
                    Some(file) => Err(StoreError::NotAFolder { path: file }),
                    None => Ok(false),
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(StoreError::Unreadable {
                path: dir,
                reason: "it is a symbolic link to nothing".into(),
            }),
            Err(e) => Err(StoreError::io(&dir, e)),
        }
    }

    /// What tells this history folder from another one made in its place (after
    /// `slide stats --reset`, or the first record when there was none): `None` when there is
    /// no folder.
    pub(crate) fn history_identity(&self) -> Option<u64> {
        fs::metadata(self.history_dir()).ok().map(|m| identity(&m))
    }

    /// A stamp of the history as it is on disk now, from two looks at its metadata (no
    /// file is read): compare it with an earlier one to know whether another copy of Slide
    /// has recorded anything since. `None` when there is no history folder.
    ///
    /// Every append replaces the active file (a new file renamed into place), so its
    /// identity, length and modification time change together; the folder's identity
    /// changes when the history is reset or made anew.
    pub fn history_stamp(&self) -> Option<HistoryStamp> {
        let folder = self.history_identity()?;
        let active = fs::metadata(self.history_dir().join(ACTIVE)).ok().map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            (identity(&m), m.len(), modified)
        });
        Some(HistoryStamp { folder, active })
    }

    /// The files set aside in the history's folder, each with the attempts it holds: said
    /// at every read, until the player removes them.
    pub(crate) fn files_set_aside(&self) -> Vec<(String, PathBuf)> {
        let Ok(entries) = fs::read_dir(self.history_dir()) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(SET_ASIDE_MARK))
            .map(|e| e.path())
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|path| {
                let held = fs::read(&path).ok().map(|bytes| {
                    let text = if is_sealed(&path) {
                        decompress(&bytes).text
                    } else {
                        bytes
                    };
                    parse(&text).map_or(0, |p| p.attempts.len())
                });
                let why = match held {
                    Some(n) => format!(
                        "it was set aside and holds {n} attempt(s) not counted; remove it once you no longer need them"
                    ),
                    None => "it was set aside and could not be read".to_string(),
                };
                (why, path)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::records::attempt_record::AttemptRecord;
    use crate::game::records::attempt_record::tests::sample;
    use crate::game::storage::history_file::tests::temp_store;
    use crate::game::storage::store::Loaded;

    fn numbered(i: usize) -> AttemptRecord {
        AttemptRecord {
            id: format!("s{i}"),
            ..sample()
        }
    }

    #[test]
    fn the_stamp_changes_with_every_append_and_only_then() {
        let store = temp_store("stamp");
        assert_eq!(store.history_stamp(), None);
        store.append_attempts(&[numbered(1)]).unwrap();
        let first = store.history_stamp().unwrap();
        assert_eq!(store.history_stamp(), Some(first));
        let _ = store.load_attempts();
        assert_eq!(store.history_stamp(), Some(first), "a read changes nothing");
        for i in 2..20 {
            let before = store.history_stamp();
            store.append_attempts(&[numbered(i)]).unwrap();
            assert_ne!(store.history_stamp(), before, "append {i}");
        }
        let _ = fs::remove_dir_all(store.dir());
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_in_the_way_is_an_error_naming_it() {
        let store = temp_store("folder");
        fs::create_dir_all(store.dir()).unwrap();
        let dir = store.history_dir();
        fs::write(&dir, b"x").unwrap();
        let Loaded::Unreadable { reason } = store.load_attempts() else {
            panic!("a plain file is unreadable");
        };
        assert!(reason.contains(&dir.display().to_string()), "{reason}");
        assert!(store.append_attempts(&[numbered(1)]).is_err());
        assert!(store.reset_history(|_| {}).is_err());
        assert_eq!(fs::read(&dir).unwrap(), b"x", "left as it is");
        fs::remove_file(&dir).unwrap();
        std::os::unix::fs::symlink(&dir, &dir).unwrap();
        let Loaded::Unreadable { reason } = store.load_attempts() else {
            panic!("a loop is unreadable");
        };
        assert!(reason.contains(&dir.display().to_string()), "{reason}");
        assert!(store.append_attempts(&[numbered(1)]).is_err());
        assert!(store.reset_history(|_| {}).is_err());
        fs::remove_file(&dir).unwrap();
        std::os::unix::fs::symlink(store.dir().join("nowhere"), &dir).unwrap();
        assert!(matches!(store.load_attempts(), Loaded::Unreadable { .. }));
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_file_set_aside_is_said_at_every_read_with_its_attempts() {
        let store = temp_store("aside");
        store.append_attempts(&[numbered(1), numbered(2)]).unwrap();
        let active = store.history_dir().join(ACTIVE);
        fs::copy(&active, store.history_dir().join("active.jsonl.corrupt-17")).unwrap();
        for _ in 0..2 {
            let Loaded::Found(h) = store.load_attempts() else {
                panic!("reads");
            };
            assert_eq!(h.moved_aside.len(), 1);
            assert!(h.moved_aside[0].0.contains("holds 2 attempt(s)"), "{:?}", h.moved_aside);
        }
        let _ = fs::remove_dir_all(store.dir());
    }
}
