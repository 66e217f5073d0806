//! The on-disk cache of pattern databases.
//!
//! A file ([`crate::solver::tables::file`]) holds a header (magic, format version, builder
//! version, the exact partition), the tables, and a checksum of everything before it. The
//! file's name carries the format and
//! builder versions and a hash of the partition, so a new builder or layout looks for a new
//! file and the old one becomes stale ([`TableCache::list`], [`TableCache::clean`]).
//! Anything missing, stale or corrupt is rebuilt with a one-line notice; a cache that cannot
//! be written only costs the next run a rebuild. Files are written to a temporary name and
//! renamed, so a crash never leaves half a file under the real name.

use std::fs;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use crate::atomic_file::write_atomically_with;
use crate::folders::{Folder, folder};
use crate::solver::tables::build_progress::BuildProgress;
use crate::solver::tables::builder::{self, BUILDER_VERSION, GroupBuilder};
use crate::solver::tables::error::TableError;
use crate::solver::tables::file::{FORMAT_VERSION, TableFileError, decode_from, fnv1a, read_partition, write_to};
use crate::solver::tables::partition::Partition;
use crate::solver::tables::pattern_db::PatternDb;
/// A temporary file younger than this may still be being written by a running game, so
/// [`TableCache::clean`] leaves it alone.
const UNFINISHED_WRITE_AGE: Duration = Duration::from_secs(600);
/// The environment variable that moves the cache (tests point it at a temporary folder).
pub(crate) const CACHE_DIR_ENV: &str = "SLIDE_CACHE_DIR";

/// Where tables are cached, if anywhere.
#[derive(Clone)]
pub struct TableCache {
    dir: Option<PathBuf>,
    /// Replaces the group builder (tests use it to make a build fail).
    builder: Option<Arc<GroupBuilder<'static>>>,
}

impl std::fmt::Debug for TableCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableCache")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

/// One file found in the cache directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedFile {
    /// Its path.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Whether the current build would use it.
    pub status: CacheStatus,
}

/// Whether a cached file is still usable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CacheStatus {
    /// Written in the current format by the current builder, whole, under the name the
    /// cache looks for.
    Current {
        /// The partition its tables are for.
        partition: Partition,
        /// Whether that is the size's default partition (the one the game uses).
        default: bool,
    },
    /// Never read again: an older format or builder, damaged, misnamed, or a write that
    /// was never finished. The reason says which.
    Stale(String),
}

impl TableCache {
    /// `$SLIDE_CACHE_DIR` if set, else the user's cache directory (XDG on Linux).
    pub fn default_location() -> TableCache {
        TableCache {
            dir: folder(CACHE_DIR_ENV, Folder::Cache),
            builder: None,
        }
    }

    /// A cache in `dir`.
    pub fn at(dir: PathBuf) -> TableCache {
        TableCache {
            dir: Some(dir),
            builder: None,
        }
    }

    /// No disk cache: always build in memory.
    pub fn disabled() -> TableCache {
        TableCache {
            dir: None,
            builder: None,
        }
    }

    /// The same cache, building groups with `builder` (tests make builds fail with it).
    #[cfg(test)]
    pub(crate) fn with_builder(mut self, builder: Arc<GroupBuilder<'static>>) -> TableCache {
        self.builder = Some(builder);
        self
    }

    fn build(&self, partition: &Partition, progress: &dyn Fn(BuildProgress)) -> Result<PatternDb, TableError> {
        match &self.builder {
            Some(b) => builder::build_with(partition, progress, b.as_ref()),
            None => builder::build(partition, progress),
        }
    }

    /// The directory, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The file that holds `partition`'s tables.
    pub fn file_for(&self, partition: &Partition) -> Option<PathBuf> {
        let sig = partition.signature();
        let (w, h) = (partition.size().width(), partition.size().height());
        self.dir.as_ref().map(|d| {
            d.join(format!(
                "pdb-v{FORMAT_VERSION}-b{BUILDER_VERSION}-{w}x{h}-{}-{:016x}.bin",
                partition.name(),
                fnv1a(sig.as_bytes())
            ))
        })
    }

    /// Every table file in the cache directory (files of other names are not ours and are
    /// left out), by name, each checked in full. A missing directory holds nothing.
    pub fn list(&self) -> std::io::Result<Vec<CachedFile>> {
        let Some(dir) = &self.dir else {
            return Ok(Vec::new());
        };
        let entries = match fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut files = Vec::new();
        for entry in entries {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let meta = entry.metadata()?;
            if !meta.is_file() {
                continue;
            }
            let status = if is_unfinished_write(&name) {
                // A running game may be writing it right now; only an old one is stale.
                if age(&meta) < UNFINISHED_WRITE_AGE {
                    continue;
                }
                CacheStatus::Stale("an unfinished write".into())
            } else if name.starts_with("pdb-") && has_extension(&name, "bin") {
                self.status(&entry.path(), &name)
            } else {
                continue;
            };
            files.push(CachedFile {
                path: entry.path(),
                bytes: meta.len(),
                status,
            });
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(files)
    }

    /// Removes what interrupted writes left behind (temporary files old enough that no
    /// running copy can still be writing them), without reading any table. The game does
    /// this at start. Returns how many were removed.
    pub fn remove_unfinished_writes(&self) -> usize {
        let Some(dir) = &self.dir else { return 0 };
        let Ok(entries) = fs::read_dir(dir) else { return 0 };
        let mut removed = 0;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let old = entry.metadata().is_ok_and(|m| age(&m) >= UNFINISHED_WRITE_AGE);
            if is_unfinished_write(&name) && old && fs::remove_file(entry.path()).is_ok() {
                removed += 1;
            }
        }
        removed
    }

    /// Removes every stale table file and returns what was removed (each with its reason).
    /// Current files are kept, whatever their partition.
    pub fn clean(&self) -> std::io::Result<Vec<CachedFile>> {
        let mut removed = Vec::new();
        for file in self.list()? {
            if matches!(file.status, CacheStatus::Stale(_)) {
                match fs::remove_file(&file.path) {
                    Ok(()) => removed.push(file),
                    // Another process cleaned it first: the goal is met.
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(removed)
    }

    /// Whether the file at `path`, named `name`, is current, checked in full.
    pub(crate) fn status(&self, path: &Path, name: &str) -> CacheStatus {
        let open = || {
            fs::File::open(path)
                .map(BufReader::new)
                .map_err(|e| TableFileError::Unreadable(e.to_string()))
        };
        let partition = match open().and_then(read_partition) {
            Ok(p) => p,
            Err(why) => return CacheStatus::Stale(why.to_string()),
        };
        if self
            .file_for(&partition)
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            != Some(name.to_string())
        {
            return CacheStatus::Stale("its name does not match its contents".into());
        }
        if let Err(why) = open().and_then(|f| decode_from(f, &partition)) {
            return CacheStatus::Stale(why.to_string());
        }
        let default = partition == Partition::default_for(partition.size());
        CacheStatus::Current { partition, default }
    }

    /// Loads `partition`'s databases if their file is in the cache, never building them:
    /// `None` when there is no file, or (with a notice) when it cannot be used.
    pub fn load(&self, partition: &Partition, progress: &dyn Fn(BuildProgress)) -> Option<PatternDb> {
        let path = self.file_for(partition)?;
        let why = match fs::File::open(&path) {
            Ok(f) => match decode_from(BufReader::with_capacity(1 << 20, f), partition) {
                Ok(tables) => return Some(PatternDb::from_tables(partition.clone(), tables)),
                Err(why) => why,
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => TableFileError::Unreadable(e.to_string()),
        };
        progress(BuildProgress::Notice(format!(
            "table cache {} is unusable ({why}); not using it",
            path.display()
        )));
        None
    }

    /// Loads the databases for `partition`, or builds them and stores them for next time.
    pub fn load_or_build(
        &self,
        partition: Partition,
        progress: &dyn Fn(BuildProgress),
    ) -> Result<PatternDb, TableError> {
        let Some(path) = self.file_for(&partition) else {
            return self.build(&partition, progress);
        };
        match fs::File::open(&path) {
            Ok(f) => match decode_from(BufReader::with_capacity(1 << 20, f), &partition) {
                Ok(tables) => return Ok(PatternDb::from_tables(partition, tables)),
                Err(why) => progress(BuildProgress::Notice(format!(
                    "table cache {} is unusable ({why}); rebuilding it",
                    path.display()
                ))),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => progress(BuildProgress::Notice(format!(
                "cannot read table cache {} ({e}); rebuilding it",
                path.display()
            ))),
        }
        let db = self.build(&partition, progress)?;
        if let Err(e) = write_atomically_with(&path, |out| write_to(&db, out)) {
            progress(BuildProgress::Notice(format!(
                "cannot save table cache {} ({e}); it will be rebuilt next time",
                path.display()
            )));
        }
        Ok(db)
    }
}

/// How long ago a file was last written (zero if unknown).
fn age(meta: &fs::Metadata) -> std::time::Duration {
    meta.modified()
        .ok()
        .and_then(|t| SystemTime::now().duration_since(t).ok())
        .unwrap_or_default()
}

/// Whether `name` is a temporary file of [`write_atomically_with`] for a table file.
fn is_unfinished_write(name: &str) -> bool {
    name.starts_with(".pdb-") && has_extension(name, "tmp")
}

/// Exactly `ext`, case included: these names are only ever the ones this module writes.
fn has_extension(name: &str, ext: &str) -> bool {
    Path::new(name).extension() == Some(std::ffi::OsStr::new(ext))
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::puzzle::{Board, Size};
    use crate::solver::tables::file::{MAGIC, encode};
    use crate::solver::tables::test_tables::{small_4x4, temp_dir};

    #[test]
    fn round_trip_then_corruption_is_rebuilt_with_a_notice() {
        let dir = temp_dir("roundtrip");
        let cache = TableCache::at(dir.clone());
        let p = Partition::default_for(Size::THREE);
        let notices = RefCell::new(Vec::new());
        let note = |e: BuildProgress| {
            if let BuildProgress::Notice(n) = e {
                notices.borrow_mut().push(n);
            }
        };
        let built = cache.load_or_build(p.clone(), &note).unwrap();
        let path = cache.file_for(&p).unwrap();
        assert!(path.exists());
        let loaded = cache.load_or_build(p.clone(), &note).unwrap();
        assert_eq!(built.tables(), loaded.tables());
        assert!(notices.borrow().is_empty());

        // Flip one byte: the checksum catches it, and the file is rebuilt.
        let mut bytes = fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x55;
        fs::write(&path, &bytes).unwrap();
        let rebuilt = cache.load_or_build(p.clone(), &note).unwrap();
        assert_eq!(rebuilt.tables(), built.tables());
        assert_eq!(notices.borrow().len(), 1);
        assert!(
            notices.borrow()[0].contains("checksum mismatch"),
            "{:?}",
            notices.borrow()
        );

        // Truncated and garbage files too.
        fs::write(&path, &bytes[..10]).unwrap();
        cache.load_or_build(p.clone(), &note).unwrap();
        fs::write(&path, b"hello").unwrap();
        let again = cache.load_or_build(p, &note).unwrap();
        assert_eq!(notices.borrow().len(), 3);
        assert_eq!(again.value(&Board::goal(Size::THREE)), 0);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_cache_that_cannot_be_written_still_gives_working_tables() {
        // A plain file where the directory should be: every write fails.
        let blocker = temp_dir("blocked");
        fs::write(&blocker, b"not a directory").unwrap();
        let cache = TableCache::at(blocker.join("tables"));
        let notices = RefCell::new(Vec::new());
        let db = cache
            .load_or_build(Partition::default_for(Size::THREE), &|e| {
                if let BuildProgress::Notice(n) = e {
                    notices.borrow_mut().push(n);
                }
            })
            .expect("the build itself succeeds");
        assert!(
            notices.borrow().iter().any(|n| n.contains("cannot save")),
            "{notices:?}"
        );
        let b: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
        assert!(db.value(&b) > 0 && db.value(&b) <= 31);
        let _ = fs::remove_file(&blocker);
    }

    #[test]
    fn file_names_carry_the_format_and_builder_versions() {
        let cache = TableCache::at(PathBuf::from("cache"));
        let name = cache.file_for(&Partition::default_for(Size::FOUR)).unwrap();
        let name = name.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with(&format!("pdb-v{FORMAT_VERSION}-b{BUILDER_VERSION}-4x4-6-6-3-")),
            "{name}"
        );
    }

    /// Files beside a cache's current tables: those it lists as stale, and those it leaves
    /// alone.
    struct Strays {
        /// The current tables from an older builder, under the name that builder used.
        old_builder: PathBuf,
        old_format: PathBuf,
        /// The current tables under a name the cache never looks for.
        misnamed: PathBuf,
        /// Not the cache's: never listed, never removed.
        other: PathBuf,
        /// An unfinished write that may belong to a running game.
        fresh_tmp: PathBuf,
        /// An unfinished write an hour old: stale.
        old_tmp: PathBuf,
    }

    /// Writes one stray file of each kind into `dir`, beside `current`, the file of `db`.
    fn write_strays(dir: &Path, db: &PatternDb, current: &Path) -> Strays {
        let mut old = encode(db);
        let at = MAGIC.len() + 4;
        old[at..at + 4].copy_from_slice(&(BUILDER_VERSION + 1).to_le_bytes());
        let body = old.len() - 8;
        let sum = fnv1a(&old[..body]);
        old[body..].copy_from_slice(&sum.to_le_bytes());
        let old_builder = dir.join("pdb-v2-b0-3x3-4-4-0000000000000000.bin");
        fs::write(&old_builder, &old).unwrap();
        let old_format = dir.join("pdb-v1-3x3-4-4-0123456789abcdef.bin");
        fs::write(&old_format, b"SLIDEPDB\x01\0\0\0 whatever").unwrap();
        let misnamed = dir.join("pdb-copy.bin");
        fs::copy(current, &misnamed).unwrap();
        let other = dir.join("notes.txt");
        fs::write(&other, b"keep me").unwrap();
        let fresh_tmp = dir.join(".pdb-x.bin.1.0.tmp");
        fs::write(&fresh_tmp, b"partial").unwrap();
        let old_tmp = dir.join(".pdb-x.bin.2.0.tmp");
        fs::write(&old_tmp, b"partial").unwrap();
        an_hour_old(&old_tmp);
        Strays {
            old_builder,
            old_format,
            misnamed,
            other,
            fresh_tmp,
            old_tmp,
        }
    }

    /// Dates `path` an hour back.
    fn an_hour_old(path: &Path) {
        fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(SystemTime::now() - Duration::from_secs(3600))
            .unwrap();
    }

    #[test]
    fn list_tells_current_from_stale_and_clean_removes_only_stale_files() {
        let dir = temp_dir("clean");
        let cache = TableCache::at(dir.clone());
        assert_eq!(cache.list().unwrap(), Vec::new(), "a missing directory holds nothing");
        let p = Partition::default_for(Size::THREE);
        let db = cache.load_or_build(p.clone(), &|_| {}).unwrap();
        let current = cache.file_for(&p).unwrap();
        let strays = write_strays(&dir, &db, &current);

        let listed = cache.list().unwrap();
        let status_of = |path: &Path| listed.iter().find(|f| f.path == path).map(|f| f.status.clone());
        assert_eq!(
            status_of(&current),
            Some(CacheStatus::Current {
                partition: p.clone(),
                default: true
            })
        );
        assert_eq!(
            listed.iter().find(|f| f.path == current).unwrap().bytes,
            fs::metadata(&current).unwrap().len()
        );
        assert!(matches!(status_of(&strays.old_builder), Some(CacheStatus::Stale(w)) if w.contains("builder version")));
        assert!(matches!(status_of(&strays.old_format), Some(CacheStatus::Stale(w)) if w.contains("format version 1")));
        assert!(matches!(status_of(&strays.misnamed), Some(CacheStatus::Stale(w)) if w.contains("name")));
        assert!(matches!(status_of(&strays.old_tmp), Some(CacheStatus::Stale(_))));
        let copy = dir.join(".pdb-y.bin.3.0.tmp");
        fs::copy(&strays.old_tmp, &copy).unwrap();
        an_hour_old(&copy);
        assert_eq!(
            cache.remove_unfinished_writes(),
            2,
            "the two old temp files, not the fresh one"
        );
        fs::copy(&strays.fresh_tmp, &strays.old_tmp).unwrap();
        an_hour_old(&strays.old_tmp);
        assert_eq!(status_of(&strays.other), None);
        assert_eq!(status_of(&strays.fresh_tmp), None);
        assert_eq!(listed.len(), 5);

        let removed: Vec<PathBuf> = cache.clean().unwrap().into_iter().map(|f| f.path).collect();
        let Strays {
            old_builder,
            old_format,
            misnamed,
            other,
            fresh_tmp,
            old_tmp,
        } = strays;
        let mut expected = vec![old_builder, old_format, misnamed, old_tmp];
        expected.sort();
        assert_eq!(removed, expected);
        for gone in &removed {
            assert!(!gone.exists());
        }
        assert!(current.exists() && other.exists() && fresh_tmp.exists());
        assert!(cache.clean().unwrap().is_empty());
        // What is left still loads without a rebuild.
        let notices = RefCell::new(0);
        cache
            .load_or_build(p, &|e| {
                if matches!(e, BuildProgress::Notice(_)) {
                    *notices.borrow_mut() += 1;
                }
            })
            .unwrap();
        assert_eq!(*notices.borrow(), 0);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn compact_files_round_trip_and_are_listed_apart_from_byte_files() {
        let dir = temp_dir("files");
        let cache = TableCache::at(dir.clone());
        let bytes = small_4x4();
        let compact = bytes.clone().stored_compactly();
        assert_ne!(cache.file_for(&bytes), cache.file_for(&compact));
        assert_eq!(Partition::from_signature(&compact.signature()), Ok(compact.clone()));
        let built = cache.load_or_build(compact.clone(), &|_| {}).unwrap();
        let loaded = cache.load(&compact, &|_| {}).expect("cached");
        assert_eq!(built.tables(), loaded.tables());
        assert_eq!(
            std::fs::metadata(cache.file_for(&compact).unwrap()).unwrap().len() as usize,
            // Magic, two versions, the signature and its length, the table count, each
            // table's length, the tables, the checksum.
            8 + 4 + 4 + 4 + compact.signature().len() + 4 + 4 * 8 + built.memory_bytes() + 8,
        );
        let listed = cache.list().unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(
            listed[0].status,
            CacheStatus::Current {
                partition: compact,
                default: false
            }
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
