//! The history on disk: every finished attempt, kept for good.
//!
//! Layout, in the data directory's `history/` folder:
//! - each file starts with a header line, `{"slide_history":1}` (the format's version);
//! - then one JSON object a line: an attempt ([`AttemptRecord`]), or once, the statistics
//!   carried over from an older version (`{"carried_stats":{…}}`);
//! - `active.jsonl` takes new attempts: it is rewritten whole (temporary file, then
//!   rename) with the new line appended, under the lock `history.lock`, so a crash leaves
//!   the old file or the new one, never half of one;
//! - when it holds [`SEAL_AT`] attempts it is sealed: compressed into
//!   `sealed-NNNNNN.jsonl.gz` (never written again) and a new active file begins, so an
//!   append costs the same at 100 attempts or at 100,000, and 100,000 attempts take about
//!   19 MB (BENCHMARKS.md).
//!
//! Lines are never re-encoded, only copied: a field or a kind of line written by a newer
//! version is kept as it is. Readers skip what they do not know. An attempt's id is unique:
//! a second line with the same id is ignored, so an attempt is counted at most once even if
//! a crash came between sealing a file and starting the next.

use std::collections::HashSet;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::stats::Stats;
use crate::game::storage::file_lock::FileLock;
use crate::game::storage::history_line::read_attempt;
use crate::game::storage::json_file::aside_path as suffixed;
use crate::game::storage::store::{Loaded, Store, StoreError};

/// Writes `bytes` to `path` atomically (temporary file, then rename).
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    crate::atomic_file::write_atomically(path, bytes).map_err(|e| StoreError::io(path, e))
}

/// The history's format version.
pub(crate) const HISTORY_FORMAT: u64 = 1;

/// Attempts in the active file before it is sealed.
pub(crate) const SEAL_AT: usize = 1000;

const DIR: &str = "history";
const ACTIVE: &str = "active.jsonl";
const SEALED_PREFIX: &str = "sealed-";
const SEALED_SUFFIX: &str = ".jsonl.gz";
pub(crate) const LOCK: &str = "history.lock";

#[derive(Debug, Serialize, Deserialize)]
struct Header {
    slide_history: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct CarriedLine {
    carried_stats: Stats,
}

/// Every finished attempt, oldest first, and the statistics carried over from before.
#[derive(Debug, Clone, Default)]
pub struct AttemptHistory {
    /// The statistics of an older version (`stats.json`), which the attempts add to.
    pub carried: Option<Stats>,
    /// The attempts, oldest first, each id once.
    pub attempts: Vec<AttemptRecord>,
    /// Lines that are not JSON (damaged): skipped, and left in the file.
    pub unreadable_lines: usize,
    /// Files that could not be read as history, moved aside: why, and where they are.
    pub moved_aside: Vec<(String, PathBuf)>,
}

impl AttemptHistory {
    /// The statistics of this history: the one fold every view reads.
    pub fn figures(&self) -> Stats {
        crate::game::records::figures::figures(self.carried.as_ref(), &self.attempts)
    }

    /// The running view of this history, with a session that began at `since`
    /// (milliseconds since the Unix epoch).
    pub(crate) fn records_since(&self, since: u64) -> crate::game::records::history_view::Records {
        crate::game::records::history_view::Records::since(self.carried.as_ref(), &self.attempts, since)
    }

    fn read_chunk(&mut self, text: &str) -> Result<(), Chunk> {
        self.absorb(parse_chunk(text)?);
        Ok(())
    }

    /// Takes in one file's lines, in order (the first carried statistics win); ids are
    /// de-duplicated once every file is in, by [`AttemptHistory::keep_first_of_each_id`].
    fn absorb(&mut self, parsed: Parsed) {
        if self.carried.is_none() {
            self.carried = parsed.carried;
        }
        self.unreadable_lines += parsed.unreadable_lines;
        self.attempts.extend(parsed.attempts);
    }

    /// Keeps the first line of each id, in order (without copying an id).
    fn keep_first_of_each_id(&mut self) {
        let keep: Vec<bool> = {
            let mut seen = HashSet::with_capacity(self.attempts.len());
            self.attempts.iter().map(|a| seen.insert(a.id.as_str())).collect()
        };
        if keep.iter().all(|&k| k) {
            return;
        }
        let mut keep = keep.into_iter();
        self.attempts.retain(|_| keep.next().unwrap_or(true));
    }
}

/// The lines of one history file, before ids are de-duplicated across files.
#[derive(Default)]
struct Parsed {
    carried: Option<Stats>,
    attempts: Vec<AttemptRecord>,
    unreadable_lines: usize,
}

/// Parses one file's text: its header, then its attempts and carried statistics; other
/// JSON lines (a newer version's kinds) are skipped, and lines that are not JSON counted.
fn parse_chunk(text: &str) -> Result<Parsed, Chunk> {
    let mut lines = text.lines();
    let header: Header = lines
        .next()
        .and_then(|l| serde_json::from_str(l).ok())
        .ok_or(Chunk::Corrupt("it has no history header".into()))?;
    if header.slide_history > HISTORY_FORMAT {
        return Err(Chunk::Newer(header.slide_history));
    }
    let mut parsed = Parsed {
        attempts: Vec::with_capacity(SEAL_AT),
        ..Parsed::default()
    };
    for line in lines {
        if line.trim().is_empty() {
            continue;
        }
        if let Some(record) = read_attempt(line) {
            parsed.attempts.push(record);
        } else if let Ok(c) = serde_json::from_str::<CarriedLine>(line) {
            parsed.carried.get_or_insert(c.carried_stats);
        } else if serde_json::from_str::<serde::de::IgnoredAny>(line).is_err() {
            parsed.unreadable_lines += 1;
        }
    }
    Ok(parsed)
}

/// Reads and parses one history file; `None` when there is no such file.
fn read_parsed(path: &Path) -> Result<Option<Parsed>, Chunk> {
    match read_text(path)? {
        Some(text) => parse_chunk(&text).map(Some),
        None => Ok(None),
    }
}

/// Reads and parses `paths` on as many threads as there are cores (at most 8), answering in
/// the order of `paths`. The files are independent (ids are de-duplicated afterwards, in
/// order), and decompressing and parsing 100,000 attempts is most of a second of one core.
/// A thread that cannot be started leaves its share to the others: this thread works too.
fn read_all(paths: &[PathBuf]) -> Vec<Result<Option<Parsed>, Chunk>> {
    let helpers = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(8)
        .min(paths.len())
        .saturating_sub(1);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(path) = paths.get(i) else {
                return done;
            };
            done.push((i, read_parsed(path)));
        }
    };
    let mut done = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..helpers)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .name("slide-history".into())
                    .spawn_scoped(scope, work)
                    .ok()
            })
            .collect();
        let mut done = work();
        for t in threads {
            match t.join() {
                Ok(theirs) => done.extend(theirs),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        done
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// What reading one file found wrong.
enum Chunk {
    Corrupt(String),
    Newer(u64),
}

/// What an append did besides appending.
#[derive(Debug, Default)]
pub struct Appended {
    /// Records not written because their id was already there.
    pub duplicates: usize,
    /// The older version's files brought into the history on the way, kept aside here.
    pub migrated: Vec<PathBuf>,
    /// A damaged active file found on the way, moved aside: why, and where.
    pub moved_aside: Option<(String, PathBuf)>,
}

fn header_line() -> String {
    format!("{{\"slide_history\":{HISTORY_FORMAT}}}\n")
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl Store {
    /// The history's folder.
    pub fn history_dir(&self) -> PathBuf {
        self.dir().join(DIR)
    }

    /// What tells this history folder from another one made in its place (after
    /// `slide stats --reset`, or the first record when there was none): `None` when there is
    /// no folder.
    pub(crate) fn history_identity(&self) -> Option<u64> {
        let meta = fs::metadata(self.history_dir()).ok()?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(meta.ino())
        }
        #[cfg(not(unix))]
        {
            let created = meta.created().ok()?;
            created
                .duration_since(std::time::UNIX_EPOCH)
                .ok()
                .map(|d| d.as_nanos() as u64)
        }
    }

    fn sealed_files(&self) -> Result<Vec<(u64, PathBuf)>, StoreError> {
        let dir = self.history_dir();
        let mut files = Vec::new();
        let entries = match fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(files),
            Err(e) => return Err(io(&dir)(e)),
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(n) = name
                .strip_prefix(SEALED_PREFIX)
                .and_then(|r| r.strip_suffix(SEALED_SUFFIX))
                .and_then(|n| n.parse::<u64>().ok())
            {
                files.push((n, entry.path()));
            }
        }
        files.sort();
        Ok(files)
    }

    /// The history: `Missing` when there is none yet (an older version's files may still
    /// hold the records: see [`Store::load_records`]). A damaged file is moved aside and
    /// named in [`AttemptHistory::moved_aside`]; the rest still loads.
    pub fn load_attempts(&self) -> Loaded<AttemptHistory> {
        let dir = self.history_dir();
        if !dir.is_dir() {
            return Loaded::Missing;
        }
        let sealed = match self.sealed_files() {
            Ok(s) => s,
            Err(e) => return Loaded::Unreadable { reason: e.to_string() },
        };
        let mut history = AttemptHistory::default();
        let paths: Vec<PathBuf> = sealed
            .into_iter()
            .map(|(_, p)| p)
            .chain(std::iter::once(dir.join(ACTIVE)))
            .collect();
        // Read in parallel, taken in order: what a file holds, or why it is set aside, is
        // decided as if the files were read one after the other.
        for (path, parsed) in paths.iter().zip(read_all(&paths)) {
            match parsed {
                Ok(Some(parsed)) => history.absorb(parsed),
                Ok(None) => {}
                Err(Chunk::Newer(v)) => return Loaded::Newer { version: v },
                Err(Chunk::Corrupt(reason)) => history.moved_aside.push(set_aside(path, reason)),
            }
        }
        history.keep_first_of_each_id();
        Loaded::Found(history)
    }

    /// Appends `records` to the history under its lock, skipping any whose id is already
    /// in the active file. The first append brings an older version's records in (see
    /// `legacy_import.rs`). A history written by a newer version is left alone: an error,
    /// nothing written.
    pub fn append_attempts(&self, records: &[AttemptRecord]) -> Result<Appended, StoreError> {
        let lock_path = self.dir().join(LOCK);
        fs::create_dir_all(self.dir()).map_err(io(self.dir()))?;
        let _lock = FileLock::exclusive(&lock_path).map_err(io(&lock_path))?;
        let mut appended = Appended::default();
        let dir = self.history_dir();
        let active_path = dir.join(ACTIVE);
        if !dir.is_dir() {
            let legacy = self.legacy_history();
            fs::create_dir_all(&dir).map_err(io(&dir))?;
            let mut text = header_line();
            if let Some(carried) = &legacy.history.carried {
                let line = serde_json::to_string(&CarriedLine {
                    carried_stats: carried.clone(),
                })
                .map_err(|e| StoreError::Encode(active_path.clone(), e))?;
                text.push_str(&line);
                text.push('\n');
            }
            for r in &legacy.history.attempts {
                push_line(&mut text, r, &active_path)?;
            }
            write_atomic(&active_path, text.as_bytes())?;
            appended.migrated = Store::set_legacy_aside(&legacy.files);
        }
        let mut text = match read_text(&active_path) {
            Ok(Some(t)) => t,
            Ok(None) => header_line(),
            Err(Chunk::Newer(version)) => {
                return Err(StoreError::Newer {
                    path: active_path,
                    version,
                });
            }
            Err(Chunk::Corrupt(reason)) => {
                appended.moved_aside = Some(set_aside(&active_path, reason));
                header_line()
            }
        };
        let mut current = AttemptHistory::default();
        match current.read_chunk(&text) {
            Ok(()) => {}
            Err(Chunk::Newer(version)) => {
                return Err(StoreError::Newer {
                    path: active_path,
                    version,
                });
            }
            Err(Chunk::Corrupt(reason)) => {
                appended.moved_aside = Some(set_aside(&active_path, reason));
                text = header_line();
            }
        }
        current.keep_first_of_each_id();
        let mut seen: HashSet<String> = current.attempts.iter().map(|a| a.id.clone()).collect();
        let mut count = current.attempts.len();
        for r in records {
            if !seen.insert(r.id.clone()) {
                appended.duplicates += 1;
                continue;
            }
            if count >= SEAL_AT {
                self.seal(&text)?;
                text = header_line();
                count = 0;
            }
            push_line(&mut text, r, &active_path)?;
            count += 1;
        }
        write_atomic(&active_path, text.as_bytes())?;
        Ok(appended)
    }

    /// Compresses a full active file into the next sealed file.
    fn seal(&self, text: &str) -> Result<(), StoreError> {
        let next = self.sealed_files()?.last().map_or(1, |(n, _)| n + 1);
        let path = self
            .history_dir()
            .join(format!("{SEALED_PREFIX}{next:06}{SEALED_SUFFIX}"));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes()).map_err(io(&path))?;
        let bytes = gz.finish().map_err(io(&path))?;
        write_atomic(&path, &bytes)
    }

    /// Sets the history aside (`slide stats --reset`), with an older version's statistics
    /// and log if they are still there; returns where they are kept. Nothing is erased.
    pub fn reset_history(&self) -> Result<Vec<PathBuf>, StoreError> {
        let lock_path = self.dir().join(LOCK);
        if !self.dir().is_dir() {
            return Ok(Vec::new());
        }
        let _lock = FileLock::exclusive(&lock_path).map_err(io(&lock_path))?;
        let mut kept = Vec::new();
        let dir = self.history_dir();
        if dir.exists() {
            let to = suffixed(&dir, "reset");
            fs::rename(&dir, &to).map_err(io(&dir))?;
            kept.push(to);
        }
        if let Some(old) = self.reset_stats()? {
            kept.push(old);
        }
        let log = self.history_path();
        if log.exists() {
            let to = suffixed(&log, "reset");
            fs::rename(&log, &to).map_err(io(&log))?;
            kept.push(to);
        }
        Ok(kept)
    }
}

fn push_line(text: &mut String, record: &AttemptRecord, path: &Path) -> Result<(), StoreError> {
    let line = serde_json::to_string(record).map_err(|e| StoreError::Encode(path.to_path_buf(), e))?;
    text.push_str(&line);
    text.push('\n');
    Ok(())
}

/// A history file's text (decompressed if sealed); `None` when there is no such file.
fn read_text(path: &Path) -> Result<Option<String>, Chunk> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Chunk::Corrupt(format!("it could not be read: {e}"))),
    };
    let bytes = if path.extension().is_some_and(|e| e == "gz") {
        // gzip ends with the text's length (mod 2^32): room for it at once, not by doubling.
        // A damaged trailer can't ask for much: the text is at most ~1,000 times the file.
        let stated = bytes
            .len()
            .checked_sub(4)
            .and_then(|at| bytes.get(at..))
            .map_or(0, |t| u32::from_le_bytes([t[0], t[1], t[2], t[3]]) as usize);
        let mut text = Vec::with_capacity(stated.min(bytes.len().saturating_mul(1032)) + 1);
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut text)
            .map_err(|e| Chunk::Corrupt(format!("it does not decompress: {e}")))?;
        text
    } else {
        bytes
    };
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| Chunk::Corrupt("it is not text".into()))
}

/// Moves a damaged file aside (never deletes it); returns why and where it is.
fn set_aside(path: &Path, reason: String) -> (String, PathBuf) {
    let to = suffixed(path, "corrupt");
    match fs::rename(path, &to) {
        Ok(()) => (reason, to),
        Err(e) => (
            format!("{reason} (and it could not be moved aside: {e})"),
            path.to_path_buf(),
        ),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::records::attempt_record::tests::sample;

    pub(crate) fn temp_store(tag: &str) -> Store {
        let d = std::env::temp_dir().join(format!("slide-attempts-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        Store::at(d)
    }

    fn numbered(i: usize) -> AttemptRecord {
        AttemptRecord {
            id: format!("g{i}-1"),
            ..sample()
        }
    }

    #[test]
    fn appends_read_back_in_order_each_id_once() {
        let store = temp_store("order");
        assert!(matches!(store.load_attempts(), Loaded::Missing));
        store.append_attempts(&[numbered(1), numbered(2)]).unwrap();
        let again = store.append_attempts(&[numbered(2), numbered(3)]).unwrap();
        assert_eq!(again.duplicates, 1);
        let Loaded::Found(h) = store.load_attempts() else {
            panic!()
        };
        let ids: Vec<&str> = h.attempts.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["g1-1", "g2-1", "g3-1"]);
        assert!(h.carried.is_none());
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_full_active_file_is_sealed_and_everything_still_reads() {
        let store = temp_store("seal");
        let records: Vec<AttemptRecord> = (0..SEAL_AT + 5).map(numbered).collect();
        store.append_attempts(&records).unwrap();
        store.append_attempts(&[numbered(SEAL_AT + 5)]).unwrap();
        let sealed = store.sealed_files().unwrap();
        assert_eq!(sealed.len(), 1);
        let Loaded::Found(h) = store.load_attempts() else {
            panic!()
        };
        assert_eq!(h.attempts.len(), SEAL_AT + 6);
        assert_eq!(h.attempts[SEAL_AT].id, numbered(SEAL_AT).id);
        // A crash between sealing and the new active file: the copies count once.
        let text = read_text(&sealed[0].1).ok().flatten().unwrap();
        write_atomic(&store.history_dir().join(ACTIVE), text.as_bytes()).unwrap();
        let Loaded::Found(h) = store.load_attempts() else {
            panic!()
        };
        assert_eq!(h.attempts.len(), SEAL_AT);
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn unknown_fields_and_lines_are_kept_word_for_word() {
        let store = temp_store("unknown");
        store.append_attempts(&[numbered(1)]).unwrap();
        let active = store.history_dir().join(ACTIVE);
        let mut text = fs::read_to_string(&active).unwrap();
        let newer = serde_json::to_string(&numbered(2))
            .unwrap()
            .replacen('{', r#"{"ghost":[1,2],"#, 1);
        text.push_str(&newer);
        text.push_str("\n{\"session_marker\":{\"start\":5}}\nnot json at all\n");
        fs::write(&active, &text).unwrap();
        store.append_attempts(&[numbered(3)]).unwrap();
        let after = fs::read_to_string(&active).unwrap();
        assert!(after.starts_with(&text), "old lines are copied as they were");
        let Loaded::Found(h) = store.load_attempts() else {
            panic!()
        };
        assert_eq!(h.attempts.len(), 3);
        assert_eq!(h.unreadable_lines, 1);
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_newer_history_is_left_alone() {
        let store = temp_store("newer");
        fs::create_dir_all(store.history_dir()).unwrap();
        let active = store.history_dir().join(ACTIVE);
        fs::write(&active, "{\"slide_history\":9}\n").unwrap();
        assert!(matches!(store.load_attempts(), Loaded::Newer { version: 9 }));
        assert!(matches!(
            store.append_attempts(&[numbered(1)]),
            Err(StoreError::Newer { version: 9, .. })
        ));
        assert_eq!(fs::read_to_string(&active).unwrap(), "{\"slide_history\":9}\n");
        let _ = fs::remove_dir_all(store.dir());
    }

    /// Files are read in parallel but taken in order: the first line of an id wins, however
    /// the threads finish, and a damaged file in the middle is set aside alone.
    #[test]
    fn files_read_in_parallel_are_taken_in_order() {
        let store = temp_store("parallel");
        store.append_attempts(&[numbered(0)]).unwrap();
        let seal = |n: usize, ids: &[usize], millis: u64| {
            let mut text = header_line();
            for &i in ids {
                push_line(&mut text, &AttemptRecord { millis, ..numbered(i) }, Path::new("t")).unwrap();
            }
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            gz.write_all(text.as_bytes()).unwrap();
            let path = store
                .history_dir()
                .join(format!("{SEALED_PREFIX}{n:06}{SEALED_SUFFIX}"));
            fs::write(path, gz.finish().unwrap()).unwrap();
        };
        // Twelve sealed files of 100 ids each; file n repeats the ids of file n - 1 with its
        // own time, which must lose.
        for n in 1..=12 {
            let ids: Vec<usize> = (n * 100..n * 100 + 100).chain((n - 1) * 100 + 1..n * 100).collect();
            seal(n, &ids, n as u64);
        }
        fs::write(
            store
                .history_dir()
                .join(format!("{SEALED_PREFIX}000007{SEALED_SUFFIX}")),
            b"damaged",
        )
        .unwrap();
        let Loaded::Found(h) = store.load_attempts() else {
            panic!("the history loads")
        };
        assert_eq!(h.moved_aside.len(), 1, "{:?}", h.moved_aside);
        assert!(h.moved_aside[0].1.to_string_lossy().contains("sealed-000007"));
        let got: Vec<(String, u64)> = h.attempts.iter().map(|a| (a.id.clone(), a.millis)).collect();
        // As if read one file after the other: the first line of each id, file by file.
        let mut want = Vec::new();
        let mut seen = HashSet::new();
        for n in (1..=12).filter(|&n| n != 7) {
            for i in (n * 100..n * 100 + 100).chain((n - 1) * 100 + 1..n * 100) {
                if seen.insert(i) {
                    want.push((format!("g{i}-1"), n as u64));
                }
            }
        }
        // File 7 is set aside: its own ids (700-799) first appear in file 8, with 8's time.
        assert_eq!(want.iter().find(|w| w.0 == "g750-1"), Some(&("g750-1".to_string(), 8)));
        want.push(("g0-1".to_string(), sample().millis));
        let first_difference = got.iter().zip(&want).position(|(g, w)| g != w);
        assert!(
            got == want,
            "{} attempts, {} expected; first difference at {first_difference:?}",
            got.len(),
            want.len()
        );
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_damaged_sealed_file_is_set_aside_and_the_rest_reads() {
        let store = temp_store("damaged");
        store.append_attempts(&[numbered(1)]).unwrap();
        let bad = store
            .history_dir()
            .join(format!("{SEALED_PREFIX}000001{SEALED_SUFFIX}"));
        fs::write(&bad, b"not gzip").unwrap();
        let Loaded::Found(h) = store.load_attempts() else {
            panic!()
        };
        assert_eq!(h.attempts.len(), 1);
        assert_eq!(h.moved_aside.len(), 1);
        assert_eq!(fs::read(&h.moved_aside[0].1).unwrap(), b"not gzip");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_reset_keeps_everything_aside() {
        let store = temp_store("reset");
        store.append_attempts(&[numbered(1)]).unwrap();
        let kept = store.reset_history().unwrap();
        assert_eq!(kept.len(), 1);
        assert!(kept[0].join(ACTIVE).exists());
        assert!(matches!(store.load_attempts(), Loaded::Missing));
        let _ = fs::remove_dir_all(store.dir());
    }
}
