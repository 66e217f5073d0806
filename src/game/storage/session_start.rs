//! When the latest session began, kept in the data directory (`session.json`), so that
//! `slide history --session` knows which attempts are the session's.
//!
//! A session begins when the game starts and when the player asks for a new one (the
//! new-session key). Each copy of Slide running keeps its own session in memory; the file
//! holds the one begun last, by whichever copy: that is the session the command line
//! means. The file is written whole (temp + rename), so a crash leaves the old start or the
//! new one.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::game::storage::json_file::save_json;
use crate::game::storage::store::{Store, StoreError};

/// The file's name in the data directory.
pub(crate) const SESSION_FILE: &str = "session.json";

/// The format of `session.json` this version writes.
const SESSION_VERSION: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
struct SessionFile {
    version: u32,
    /// Milliseconds since the Unix epoch.
    started_ms: u64,
}

impl Store {
    /// Where the latest session's start is kept.
    pub(crate) fn session_path(&self) -> PathBuf {
        self.dir().join(SESSION_FILE)
    }

    /// Keeps `started_ms` (milliseconds since the Unix epoch) as the latest session's start.
    pub(crate) fn save_session_start(&self, started_ms: u64) -> Result<(), StoreError> {
        save_json(
            &self.session_path(),
            &SessionFile {
                version: SESSION_VERSION,
                started_ms,
            },
        )
    }

    /// The latest session's start: `Ok(None)` if no game has started yet, an error in
    /// words (what is wrong, in which file) if the file can't be read. Reading never
    /// changes it.
    pub fn load_session_start(&self) -> Result<Option<u64>, String> {
        load(&self.session_path())
    }
}

fn load(path: &Path) -> Result<Option<u64>, String> {
    let text = match fs::read(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let file: SessionFile = serde_json::from_slice(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if file.version > SESSION_VERSION {
        return Err(format!(
            "{}: written by a newer Slide (format {})",
            path.display(),
            file.version
        ));
    }
    Ok(Some(file.started_ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_start_is_kept_and_a_damaged_file_is_named_and_left() {
        let dir = std::env::temp_dir().join(format!("slide-session-start-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = Store::at(dir.clone());
        assert_eq!(store.load_session_start(), Ok(None));
        store.save_session_start(1_000).unwrap();
        store.save_session_start(2_000).unwrap();
        assert_eq!(store.load_session_start(), Ok(Some(2_000)));
        fs::write(store.session_path(), "{broken").unwrap();
        let err = store.load_session_start().unwrap_err();
        assert!(err.contains(SESSION_FILE), "{err}");
        assert_eq!(
            fs::read_to_string(store.session_path()).unwrap(),
            "{broken",
            "left as it is"
        );
        fs::write(store.session_path(), r#"{"version": 9, "started_ms": 5}"#).unwrap();
        assert!(store.load_session_start().unwrap_err().contains("newer"));
        let _ = fs::remove_dir_all(&dir);
    }
}
