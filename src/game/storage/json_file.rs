//! Versioned JSON files in the data directory: reading one (a corrupt file is moved aside,
//! never erased) and writing one atomically.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::game::storage::store_error::{StoreError, file_in_the_way};

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
    /// The file could not be read (permissions, I/O, a file where its folder should be),
    /// or it could not be parsed and could not be moved aside either; it is left where it is.
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

/// `path` with `.<what>-<unix seconds>` appended (and `-2`, `-3`, … when that name is
/// taken, so that a second file set aside in the same second never replaces the first).
pub(crate) fn aside_path(path: &Path, what: &str) -> PathBuf {
    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{what}-{stamp}"));
    let first = PathBuf::from(name);
    (2..)
        .map(|n| {
            let mut numbered = first.as_os_str().to_owned();
            numbered.push(format!("-{n}"));
            PathBuf::from(numbered)
        })
        .take(1000)
        .fold(first.clone(), |found, next| {
            if found.symlink_metadata().is_ok() { next } else { found }
        })
}

/// Loads a JSON file that carries a `version` field (absent means 1). A file newer than
/// `current` is left alone, unparsed.
pub(crate) fn load_versioned<T: DeserializeOwned>(path: &Path, current: u64) -> Loaded<T> {
    let text = match fs::read(path) {
        Ok(t) => t,
        Err(e) => {
            // A plain file where the data folder should be: nothing can be read or kept.
            if let Some(file) = file_in_the_way(path) {
                return Loaded::Unreadable {
                    reason: StoreError::NotAFolder { path: file }.to_string(),
                };
            }
            if e.kind() == std::io::ErrorKind::NotFound {
                return Loaded::Missing;
            }
            return Loaded::Unreadable { reason: e.to_string() };
        }
    };
    let value: serde_json::Value = match serde_json::from_slice(&text) {
        Ok(v) => v,
        Err(e) => return move_aside(path, e.to_string()),
    };
    let version = match value.get("version") {
        None => 1,
        Some(v) => match v.as_u64() {
            Some(n) => n,
            None => return move_aside(path, format!("its version {} is not a number", quoted(v))),
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

/// A JSON value as text, cut short if long (it came from a damaged file).
fn quoted(v: &serde_json::Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Renames a file that could not be parsed out of the way, so that nothing ever writes over
/// it. When it cannot be renamed, it is reported unreadable and left where it is: an update
/// must then not write over it either.
pub(crate) fn move_aside<T>(path: &Path, reason: String) -> Loaded<T> {
    let moved_to = aside_path(path, "corrupt");
    match rename(path, &moved_to) {
        Ok(()) => {
            if let Some(dir) = path.parent() {
                let _ = crate::atomic_file::sync_dir(dir);
            }
            Loaded::MovedAside { reason, moved_to }
        }
        Err(e) => Loaded::Unreadable {
            reason: format!("{reason}; it could not be moved aside ({e}), so it is left as it is"),
        },
    }
}

#[cfg(not(test))]
fn rename(from: &Path, to: &Path) -> std::io::Result<()> {
    fs::rename(from, to)
}

#[cfg(test)]
thread_local! {
    /// Makes this thread's renames aside fail, as a read-only folder would (tests run as
    /// root, which no permission stops).
    pub(crate) static FAIL_RENAMES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(test)]
fn rename(from: &Path, to: &Path) -> std::io::Result<()> {
    if FAIL_RENAMES.with(std::cell::Cell::get) {
        return Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied));
    }
    fs::rename(from, to)
}

/// Writes `value` as pretty JSON, atomically.
pub(crate) fn save_json<T: Serialize>(path: &Path, value: &T) -> Result<(), StoreError> {
    let mut text = serde_json::to_string_pretty(value).map_err(|e| StoreError::Encode(path.to_path_buf(), e))?;
    text.push('\n');
    crate::atomic_file::write_atomically(path, text.as_bytes()).map_err(|e| StoreError::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("slide-json-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_second_file_set_aside_in_the_same_second_keeps_the_first() {
        let dir = temp_dir("aside");
        let path = dir.join("stats.json");
        let mut kept = Vec::new();
        for text in ["one", "two", "three"] {
            fs::write(&path, text).unwrap();
            let Loaded::<serde_json::Value>::MovedAside { moved_to, .. } = load_versioned(&path, 1) else {
                panic!("moved aside");
            };
            kept.push((moved_to, text));
        }
        for (moved_to, text) in &kept {
            assert_eq!(fs::read_to_string(moved_to).unwrap(), *text);
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_file_whose_rename_fails_is_unreadable_and_left_whole() {
        let dir = temp_dir("rename");
        let path = dir.join("stats.json");
        fs::write(&path, b"{ not json").unwrap();
        FAIL_RENAMES.with(|f| f.set(true));
        let loaded = load_versioned::<serde_json::Value>(&path, 1);
        FAIL_RENAMES.with(|f| f.set(false));
        let Loaded::Unreadable { reason } = loaded else {
            panic!("expected Unreadable, got {loaded:?}");
        };
        assert!(reason.contains("could not be moved aside"), "{reason}");
        assert_eq!(fs::read(&path).unwrap(), b"{ not json");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_corrupt_file_in_a_read_only_folder_is_unreadable_and_left_whole() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("stuck");
        let path = dir.join("stats.json");
        fs::write(&path, b"{ not json").unwrap();
        // A folder that cannot be written: the rename fails (unless running as root, which
        // ignores permissions; then there is nothing to test).
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).unwrap();
        if fs::write(dir.join("probe"), b"").is_ok() {
            fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
            let _ = fs::remove_dir_all(&dir);
            return;
        }
        let loaded = load_versioned::<serde_json::Value>(&path, 1);
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        let Loaded::Unreadable { reason } = loaded else {
            panic!("expected Unreadable, got {loaded:?}");
        };
        assert!(reason.contains("could not be moved aside"), "{reason}");
        assert_eq!(fs::read(&path).unwrap(), b"{ not json");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_where_the_folder_should_be_is_unreadable_not_missing() {
        let dir = temp_dir("file");
        let file = dir.join("slide");
        fs::write(&file, b"x").unwrap();
        let Loaded::<serde_json::Value>::Unreadable { reason } = load_versioned(&file.join("stats.json"), 1) else {
            panic!("unreadable");
        };
        assert_eq!(reason, format!("{} is a file, not a folder", file.display()));
        let _ = fs::remove_dir_all(&dir);
    }
}
