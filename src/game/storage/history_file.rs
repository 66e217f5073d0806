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
//!   `sealed-NNNNNN.jsonl.gz` (never written again; gzip members of 50 lines, see
//!   `sealed_file.rs`, whose header says format 2 so that an older reader, which would
//!   read the first member only, leaves the history alone) and a new active file begins, so an append costs the same at 100
//!   attempts or at 100,000, and 100,000 attempts take about 19 MB (BENCHMARKS.md).
//!
//! Lines are never re-encoded, only copied: a field or a kind of line written by a newer
//! version is kept as it is. Readers skip what they do not know. An attempt's id is unique:
//! a second line with the same id is ignored, so an attempt is counted at most once even if
//! a crash came between sealing a file and starting the next.
//!
//! Damage stays local and said (`history_reader.rs`): a read moves and rewrites nothing,
//! reads every good line, and counts or names the rest. An append heals the active file
//! first: a torn last line gets its line break, so the new line is never glued to it.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::stats::Stats;
use crate::game::storage::file_lock::FileLock;
use crate::game::storage::history_folder::HistoryStamp;
use crate::game::storage::history_reader::{FileRead, Parsed, Unread, parse, read_all, read_file};
pub(crate) use crate::game::storage::history_reader::{HISTORY_FORMAT, SEALED_FORMAT};
use crate::game::storage::json_file::aside_path as suffixed;
use crate::game::storage::store::{Loaded, Store, StoreError};

/// Writes `bytes` to `path` atomically (temporary file, then rename).
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    crate::atomic_file::write_atomically(path, bytes).map_err(|e| StoreError::io(path, e))
}

/// Attempts in the active file before it is sealed.
pub(crate) const SEAL_AT: usize = 1000;

#[cfg(test)]
thread_local! {
    /// This thread's seal, smaller in a test that wants a sealed file of a few dozen
    /// attempts.
    pub(crate) static TEST_SEAL_AT: std::cell::Cell<usize> = const { std::cell::Cell::new(SEAL_AT) };
}

/// Attempts in the active file before it is sealed.
fn seal_at() -> usize {
    #[cfg(test)]
    return TEST_SEAL_AT.with(std::cell::Cell::get);
    #[cfg(not(test))]
    SEAL_AT
}

pub(crate) const DIR: &str = "history";
pub(crate) use crate::game::storage::history_folder::ACTIVE;
const SEALED_PREFIX: &str = "sealed-";
const SEALED_SUFFIX: &str = ".jsonl.gz";
pub(crate) const LOCK: &str = "history.lock";

#[derive(Debug, Serialize)]
struct CarriedLine<'a> {
    carried_stats: &'a Stats,
}

/// Every finished attempt, oldest first, and the statistics carried over from before.
#[derive(Debug, Clone, Default)]
pub struct AttemptHistory {
    /// The statistics of an older version (`stats.json`), which the attempts add to.
    pub carried: Option<Stats>,
    /// The attempts, oldest first, each id once.
    pub attempts: Vec<AttemptRecord>,
    /// Lines skipped and left in their file: damaged (not text, not JSON, torn, a damaged
    /// header, an id already read with other contents) or attempts that fail the load
    /// checks (those also in `rejected`).
    pub unreadable_lines: usize,
    /// Attempts that fail the load checks (a board size Slide doesn't play, moves that
    /// don't replay, a solve that doesn't solve or took no time): their id and why. They are
    /// never counted, and left in the file.
    pub rejected: Vec<(String, String)>,
    /// Files not read whole, and files set aside, with the attempts they hold: why, and
    /// where they are. Said by every read until the player removes them.
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

    /// Takes in one file's lines, in order (the first carried statistics win); ids are
    /// de-duplicated once every file is in, by [`AttemptHistory::keep_first_of_each_id`].
    fn absorb(&mut self, parsed: Parsed) {
        if self.carried.is_none() {
            self.carried = parsed.carried;
        }
        self.unreadable_lines += parsed.damaged_lines + parsed.rejected.len();
        self.rejected.extend(parsed.rejected);
        self.attempts.extend(parsed.attempts);
    }

    /// Keeps the first line of each id, in order (without copying an id). A later line of
    /// the same id that is a copy (a crash between sealing a file and starting the next)
    /// goes unsaid; one that differs is damage (a changed id, or an id used twice), counted
    /// in [`AttemptHistory::unreadable_lines`] so that it is not lost unsaid.
    fn keep_first_of_each_id(&mut self) {
        let mut differing = 0;
        let keep: Vec<bool> = {
            let mut first: HashMap<&str, &AttemptRecord> = HashMap::with_capacity(self.attempts.len());
            self.attempts
                .iter()
                .map(|a| match first.entry(a.id.as_str()) {
                    Entry::Vacant(v) => {
                        v.insert(a);
                        true
                    }
                    Entry::Occupied(o) => {
                        differing += usize::from(*o.get() != a);
                        false
                    }
                })
                .collect()
        };
        self.unreadable_lines += differing;
        if keep.iter().all(|&k| k) {
            return;
        }
        let mut keep = keep.into_iter();
        self.attempts.retain(|_| keep.next().unwrap_or(true));
    }
}

/// What an append did besides appending.
#[derive(Debug, Default)]
pub struct Appended {
    /// Records not written because their id was already there.
    pub duplicates: usize,
    /// The older version's files brought into the history on the way, kept aside here.
    pub migrated: Vec<PathBuf>,
    /// A damaged active file found on the way, moved aside: why, and where. (This version
    /// heals the active file in place instead; kept for the callers that say it.)
    pub moved_aside: Option<(String, PathBuf)>,
    /// The active file's last line had no line break (a write cut short): one was added,
    /// so that the new lines stand on their own; the torn line is left as a damaged line.
    pub healed_torn_line: bool,
    /// The history's stamp just before this append, under its lock: one that differs from
    /// the stamp a copy last saw means another copy recorded something since.
    pub before: Option<HistoryStamp>,
    /// The history's stamp just after this append: what this copy has seen now.
    pub after: Option<HistoryStamp>,
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

    pub(crate) fn sealed_files(&self) -> Result<Vec<(u64, PathBuf)>, StoreError> {
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
    /// hold the records: see [`Store::load_records`]); `Unreadable` when something else
    /// stands where its folder should be (a plain file, a symbolic link loop).
    ///
    /// Damage stays local: every good line of every file is read, damaged lines and
    /// attempts that fail the checks are counted ([`AttemptHistory::unreadable_lines`]),
    /// and files not read whole or set aside are named ([`AttemptHistory::moved_aside`]).
    /// Nothing is moved or rewritten. The active file is read before the sealed files are
    /// listed, so a seal by another copy meanwhile leaves its attempts in both, read once.
    pub fn load_attempts(&self) -> Loaded<AttemptHistory> {
        match self.history_folder() {
            Ok(true) => {}
            Ok(false) => return Loaded::Missing,
            Err(e) => return Loaded::Unreadable { reason: e.to_string() },
        }
        let active_path = self.history_dir().join(ACTIVE);
        let active = read_file(&active_path);
        let sealed = match self.sealed_files() {
            Ok(s) => s,
            Err(e) => return Loaded::Unreadable { reason: e.to_string() },
        };
        let mut paths: Vec<PathBuf> = sealed.into_iter().map(|(_, p)| p).collect();
        // Read in parallel, taken in order, as if the files were read one after the other.
        let mut reads = read_all(&paths);
        paths.push(active_path);
        reads.push(active);
        let mut history = AttemptHistory::default();
        for (path, read) in paths.into_iter().zip(reads) {
            match read {
                Ok(Some(FileRead { parsed, damage })) => {
                    if let Some(why) = damage {
                        history.moved_aside.push((why, path));
                    }
                    history.absorb(parsed);
                }
                Ok(None) => {}
                Err(Unread::Newer(v)) => return Loaded::Newer { version: v },
                Err(Unread::Failed(why)) => history.moved_aside.push((why, path)),
            }
        }
        history.moved_aside.extend(self.files_set_aside());
        history.keep_first_of_each_id();
        Loaded::Found(history)
    }

    /// Appends `records` to the history under its lock, skipping any whose id is already
    /// in the active file. The first append brings an older version's records in (see
    /// `legacy_import.rs`). A history written by a newer version is left alone: an error,
    /// nothing written.
    ///
    /// The active file is healed on the way: a torn last line gets its line break (so the
    /// new lines are not glued to it), a missing or damaged header is put back, and a
    /// byte order mark is dropped; every other byte is copied as it was.
    pub fn append_attempts(&self, records: &[AttemptRecord]) -> Result<Appended, StoreError> {
        let lock_path = self.dir().join(LOCK);
        fs::create_dir_all(self.dir()).map_err(|e| StoreError::io(self.dir(), e))?;
        let _lock = FileLock::exclusive(&lock_path).map_err(io(&lock_path))?;
        let mut appended = Appended {
            before: self.history_stamp(),
            ..Appended::default()
        };
        let active_path = self.history_dir().join(ACTIVE);
        if !self.history_folder()? {
            appended.migrated = self.start_history(&active_path)?;
        }
        let mut text = match fs::read(&active_path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => header_line().into_bytes(),
            Err(e) => return Err(StoreError::io(&active_path, e)),
        };
        let current = parse(&text).map_err(|version| StoreError::Newer {
            path: active_path.clone(),
            version,
        })?;
        heal(&mut text, &current, &mut appended);
        let mut seen: HashSet<String> = current.attempts.into_iter().map(|a| a.id).collect();
        let mut count = seen.len();
        for r in records {
            if !seen.insert(r.id.clone()) {
                appended.duplicates += 1;
                continue;
            }
            if count >= seal_at() {
                self.seal(&text)?;
                text = header_line().into_bytes();
                count = 0;
            }
            push_line(&mut text, r, &active_path)?;
            count += 1;
        }
        write_atomic(&active_path, &text)?;
        appended.after = self.history_stamp();
        Ok(appended)
    }

    /// Makes the history's folder and its first active file, with an older version's
    /// records; returns where the older files are kept.
    fn start_history(&self, active_path: &Path) -> Result<Vec<PathBuf>, StoreError> {
        let legacy = self.legacy_history();
        let dir = self.history_dir();
        fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        let mut text = header_line().into_bytes();
        if let Some(carried) = &legacy.history.carried {
            let line = serde_json::to_string(&CarriedLine { carried_stats: carried })
                .map_err(|e| StoreError::Encode(active_path.to_path_buf(), e))?;
            text.extend(line.as_bytes());
            text.push(b'\n');
        }
        for r in &legacy.history.attempts {
            push_line(&mut text, r, active_path)?;
        }
        write_atomic(active_path, &text)?;
        Ok(Store::set_legacy_aside(&legacy.files))
    }

    /// Compresses a full active file into the next sealed file.
    fn seal(&self, text: &[u8]) -> Result<(), StoreError> {
        let next = self.sealed_files()?.last().map_or(1, |(n, _)| n + 1);
        let path = self
            .history_dir()
            .join(format!("{SEALED_PREFIX}{next:06}{SEALED_SUFFIX}"));
        // The active file begins with its header (`heal` makes sure): the sealed file's
        // says it is made of members.
        let lines = text
            .iter()
            .position(|&b| b == b'\n')
            .map_or(&[][..], |end| &text[end + 1..]);
        let mut sealed = format!("{{\"slide_history\":{SEALED_FORMAT}}}\n").into_bytes();
        sealed.extend_from_slice(lines);
        let bytes = crate::game::storage::sealed_file::compress(&sealed).map_err(io(&path))?;
        write_atomic(&path, &bytes)
    }

    /// Sets the history aside (`slide stats --reset`), with an older version's statistics
    /// and log if they are still there; returns where they are kept. Nothing is erased.
    /// Something else where the history's folder should be is an error, left as it is.
    /// If another copy of Slide holds the history (it is writing to it), `waiting` is
    /// called first with the lock's path, so that the caller can say what it waits for.
    pub fn reset_history(&self, waiting: impl FnOnce(&Path)) -> Result<Vec<PathBuf>, StoreError> {
        let exists = self.history_folder()?;
        let lock_path = self.dir().join(LOCK);
        if !self.dir().is_dir() {
            return Ok(Vec::new());
        }
        let _lock = if let Some(lock) = FileLock::try_exclusive(&lock_path).map_err(io(&lock_path))? {
            lock
        } else {
            waiting(&lock_path);
            FileLock::exclusive(&lock_path).map_err(io(&lock_path))?
        };
        let mut kept = Vec::new();
        let dir = self.history_dir();
        if exists {
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

/// Readies the active file's bytes for new lines: no byte order mark, a good header first,
/// and a line break after the last line.
fn heal(text: &mut Vec<u8>, current: &Parsed, appended: &mut Appended) {
    if text.starts_with(b"\xEF\xBB\xBF") {
        text.drain(..3);
    }
    if !current.header_ok {
        text.splice(0..0, header_line().into_bytes());
    }
    if text.last().is_some_and(|&b| b != b'\n') {
        text.push(b'\n');
        appended.healed_torn_line = true;
    }
}

fn push_line(text: &mut Vec<u8>, record: &AttemptRecord, path: &Path) -> Result<(), StoreError> {
    serde_json::to_writer(&mut *text, record).map_err(|e| StoreError::Encode(path.to_path_buf(), e))?;
    text.push(b'\n');
    Ok(())
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
        // A reader of the first member only (an older version's) is told the file is newer.
        let mut first = String::new();
        let gz = fs::read(&sealed[0].1).unwrap();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut first).unwrap();
        assert!(first.starts_with("{\"slide_history\":2}\n"), "{}", &first[..40]);
        assert_eq!(
            first.lines().count(),
            crate::game::storage::sealed_file::LINES_PER_MEMBER
        );
        let Loaded::Found(h) = store.load_attempts() else {
            panic!()
        };
        assert_eq!(h.attempts.len(), SEAL_AT + 6);
        assert_eq!(h.attempts[SEAL_AT].id, numbered(SEAL_AT).id);
        // A crash between sealing and the new active file: the copies count once.
        let text = crate::game::storage::sealed_file::decompress(&fs::read(&sealed[0].1).unwrap()).text;
        write_atomic(&store.history_dir().join(ACTIVE), &text).unwrap();
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
            let mut text = header_line().into_bytes();
            for &i in ids {
                push_line(&mut text, &AttemptRecord { millis, ..numbered(i) }, Path::new("t")).unwrap();
            }
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            std::io::Write::write_all(&mut gz, &text).unwrap();
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
    fn a_torn_last_line_is_healed_and_the_next_append_survives() {
        let store = temp_store("torn");
        store.append_attempts(&[numbered(1), numbered(2)]).unwrap();
        let active = store.history_dir().join(ACTIVE);
        let whole = fs::read(&active).unwrap();
        // A crash cut the last line short: its end and the line break are gone.
        fs::write(&active, &whole[..whole.len() - 9]).unwrap();
        let appended = store.append_attempts(&[numbered(3)]).unwrap();
        assert!(appended.healed_torn_line);
        let Loaded::Found(h) = store.load_attempts() else {
            panic!("reads")
        };
        let ids: Vec<&str> = h.attempts.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["g1-1", "g3-1"]);
        assert_eq!(h.unreadable_lines, 1, "the torn line, alone");
        // A line whose break alone was lost is whole: both records read.
        fs::write(
            &active,
            &fs::read(&active).unwrap()[..fs::read(&active).unwrap().len() - 1],
        )
        .unwrap();
        store.append_attempts(&[numbered(4)]).unwrap();
        let Loaded::Found(h) = store.load_attempts() else {
            panic!("reads")
        };
        let ids: Vec<&str> = h.attempts.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["g1-1", "g3-1", "g4-1"]);
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_damaged_header_or_a_bom_is_healed_by_the_next_append() {
        let store = temp_store("header");
        store.append_attempts(&[numbered(1)]).unwrap();
        let active = store.history_dir().join(ACTIVE);
        let body = fs::read_to_string(&active).unwrap().replacen(&header_line(), "", 1);
        for head in [
            "\u{feff}{\"slide_history\":1}\n",
            "{\"slide_history\":-1}\n",
            "ory\":1}\n",
            "",
        ] {
            fs::write(&active, format!("{head}{body}")).unwrap();
            let Loaded::Found(h) = store.load_attempts() else {
                panic!("{head}: reads")
            };
            assert_eq!(h.attempts.len(), 1, "{head}");
            store.append_attempts(&[numbered(2)]).unwrap();
            let text = fs::read_to_string(&active).unwrap();
            assert!(text.starts_with(&header_line()), "{head}: {text}");
            let Loaded::Found(h) = store.load_attempts() else {
                panic!("{head}: reads")
            };
            assert_eq!(h.attempts.len(), 2, "{head}");
        }
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_damaged_sealed_file_is_said_and_the_rest_reads() {
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
    fn a_reset_says_what_it_waits_for_when_another_copy_writes() {
        let store = temp_store("reset-wait");
        store.append_attempts(&[numbered(1)]).unwrap();
        let lock_path = store.dir().join(LOCK);
        let held = FileLock::exclusive(&lock_path).unwrap();
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let holder = std::thread::spawn(move || {
            let _ = rx.recv();
            drop(held);
        });
        let mut told = None;
        let kept = store
            .reset_history(|path| {
                told = Some(path.to_path_buf());
                let _ = tx.send(());
            })
            .unwrap();
        holder.join().unwrap();
        assert_eq!(told, Some(lock_path), "said what it waited for");
        assert!(!kept.is_empty(), "then cleared");
        let mut quiet = true;
        store.append_attempts(&[numbered(2)]).unwrap();
        store.reset_history(|_| quiet = false).unwrap();
        assert!(quiet, "nothing to say when no one holds it");
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_reset_keeps_everything_aside() {
        let store = temp_store("reset");
        store.append_attempts(&[numbered(1)]).unwrap();
        let kept = store.reset_history(|_| {}).unwrap();
        assert_eq!(kept.len(), 1);
        assert!(kept[0].join(ACTIVE).exists());
        assert!(matches!(store.load_attempts(), Loaded::Missing));
        let _ = fs::remove_dir_all(store.dir());
    }
}
