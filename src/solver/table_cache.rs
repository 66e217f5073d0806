//! The on-disk cache of pattern databases.
//!
//! A file holds a header (magic, format version, the exact partition), the tables, and a
//! checksum of everything before it. Anything missing, stale or corrupt is rebuilt with a
//! one-line notice; a cache that cannot be written only costs the next run a rebuild.
//! Files are written to a temporary name and renamed, so a crash never leaves half a file
//! under the real name.

use std::fs;
use std::path::{Path, PathBuf};

use crate::atomic_file::write_atomically;
use crate::solver::SolveError;
use crate::solver::pattern_db::{Partition, PatternDb, placements};

/// Bumped whenever the file layout or the meaning of an entry changes.
const FORMAT_VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"SLIDEPDB";
/// The environment variable that moves the cache (tests point it at a temporary folder).
pub const CACHE_DIR_ENV: &str = "SLIDE_CACHE_DIR";

/// What a table build reports while it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildProgress {
    /// A one-line notice (e.g. a corrupt cache file being rebuilt).
    Notice(String),
    /// Building `what`: `done` of `total` entries.
    Building {
        /// What is being built.
        what: String,
        /// Entries done.
        done: u64,
        /// Entries in all.
        total: u64,
    },
}

/// Where tables are cached, if anywhere.
#[derive(Debug, Clone)]
pub struct TableCache {
    dir: Option<PathBuf>,
}

impl TableCache {
    /// `$SLIDE_CACHE_DIR` if set, else the user's cache directory (XDG on Linux).
    pub fn default_location() -> TableCache {
        let dir = std::env::var_os(CACHE_DIR_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| directories::ProjectDirs::from("", "", "slide").map(|d| d.cache_dir().to_path_buf()));
        TableCache { dir }
    }

    /// A cache in `dir`.
    pub fn at(dir: PathBuf) -> TableCache {
        TableCache { dir: Some(dir) }
    }

    /// No disk cache: always build in memory.
    pub fn disabled() -> TableCache {
        TableCache { dir: None }
    }

    /// The directory, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The file that holds `partition`'s tables.
    pub fn file_for(&self, partition: &Partition) -> Option<PathBuf> {
        let sig = partition.signature();
        let side = partition.size().side();
        self.dir.as_ref().map(|d| {
            d.join(format!(
                "pdb-v{FORMAT_VERSION}-{side}x{side}-{}-{:016x}.bin",
                partition.name(),
                fnv1a(sig.as_bytes())
            ))
        })
    }

    /// Loads the databases for `partition`, or builds them and stores them for next time.
    pub fn load_or_build(
        &self,
        partition: Partition,
        progress: &dyn Fn(BuildProgress),
    ) -> Result<PatternDb, SolveError> {
        let Some(path) = self.file_for(&partition) else {
            return Ok(PatternDb::build(&partition, progress));
        };
        match fs::read(&path) {
            Ok(bytes) => match decode(&bytes, &partition) {
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
        let db = PatternDb::build(&partition, progress);
        if let Err(e) = write_atomically(&path, &encode(&db)) {
            progress(BuildProgress::Notice(format!(
                "cannot save table cache {} ({e}); it will be rebuilt next time",
                path.display()
            )));
        }
        Ok(db)
    }
}

/// 64-bit FNV-1a: enough to catch truncation and bit rot, and needs no dependency.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn encode(db: &PatternDb) -> Vec<u8> {
    let sig = db.partition().signature();
    let mut out = Vec::with_capacity(db.memory_bytes() + 64);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(sig.len() as u32).to_le_bytes());
    out.extend_from_slice(sig.as_bytes());
    out.extend_from_slice(&(db.tables().len() as u32).to_le_bytes());
    for t in db.tables() {
        out.extend_from_slice(&(t.len() as u64).to_le_bytes());
        out.extend_from_slice(t);
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads bytes from a cursor, failing with a reason instead of panicking on short input.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or("file is truncated")?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<u64, String> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
}

fn decode(bytes: &[u8], partition: &Partition) -> Result<Vec<Vec<u8>>, String> {
    if bytes.len() < MAGIC.len() + 8 || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a Slide table file".into());
    }
    let (body, tail) = bytes.split_at(bytes.len() - 8);
    let mut sum = [0u8; 8];
    sum.copy_from_slice(tail);
    if fnv1a(body) != u64::from_le_bytes(sum) {
        return Err("checksum mismatch".into());
    }
    let mut r = Reader {
        bytes: body,
        at: MAGIC.len(),
    };
    let version = r.u32()?;
    if version != FORMAT_VERSION {
        return Err(format!("format version {version}, expected {FORMAT_VERSION}"));
    }
    let sig_len = r.u32()? as usize;
    let sig = r.take(sig_len)?;
    if sig != partition.signature().as_bytes() {
        return Err("built for a different partition".into());
    }
    let count = r.u32()? as usize;
    if count != partition.groups().len() {
        return Err("wrong number of tables".into());
    }
    let cells = partition.size().cells();
    let mut tables = Vec::with_capacity(count);
    for g in partition.groups() {
        let len = r.u64()?;
        if len != placements(cells, g.len()) {
            return Err("a table has the wrong length".into());
        }
        tables.push(r.take(len as usize)?.to_vec());
    }
    if r.at != body.len() {
        return Err("trailing bytes".into());
    }
    Ok(tables)
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::puzzle::{Board, Size};

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("slide-cache-test-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

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
}
