//! The file format of cached pattern databases.
//!
//! A file holds a header (magic, format version, builder version, the exact partition), the
//! tables, and a 64-bit FNV-1a checksum of everything before it. Files are written and read
//! as a stream (hashing as they go), so neither a save nor a load needs a second copy of the
//! tables, and a damaged file is refused with a reason, never a panic.

use std::io::{Read, Write};

use thiserror::Error;

use crate::solver::tables::builder::BUILDER_VERSION;
use crate::solver::tables::partition::{Partition, PartitionError};
use crate::solver::tables::pattern_db::PatternDb;

/// Bumped whenever the file layout or the meaning of an entry changes.
pub(crate) const FORMAT_VERSION: u32 = 2;
pub(crate) const MAGIC: &[u8; 8] = b"SLIDEPDB";

/// The longest partition signature a header may carry (a damaged length is refused
/// before anything is allocated for it).
const MAX_SIGNATURE: usize = 4096;

/// FNV-1a's starting value.
pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// Why a table file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableFileError {
    /// The file ends early.
    #[error("file is truncated")]
    Truncated,
    /// Reading failed.
    #[error("unreadable ({0})")]
    Unreadable(String),
    /// No magic: some other file.
    #[error("not a Slide table file")]
    NotATableFile,
    /// Written in another file format.
    #[error("format version {found}, current {FORMAT_VERSION}")]
    FormatVersion {
        /// The file's format version.
        found: u32,
    },
    /// Written by another version of the builder.
    #[error("builder version {found}, current {BUILDER_VERSION}")]
    BuilderVersion {
        /// The file's builder version.
        found: u32,
    },
    /// The header's signature is too long or not text.
    #[error("the header is damaged")]
    DamagedHeader,
    /// The header names no partition.
    #[error("{0}")]
    Signature(#[from] PartitionError),
    /// The tables are another partition's.
    #[error("built for a different partition")]
    OtherPartition,
    /// The file holds more or fewer tables than the partition has groups.
    #[error("wrong number of tables")]
    TableCount,
    /// A table's length is not its group's.
    #[error("a table has the wrong length")]
    TableLength,
    /// A table too large to hold in memory here.
    #[error("a table is too large")]
    TooLarge,
    /// The contents do not match the checksum.
    #[error("checksum mismatch")]
    Checksum,
    /// Something follows the checksum.
    #[error("trailing bytes")]
    TrailingBytes,
}

/// 64-bit FNV-1a: enough to catch truncation and bit rot, and needs no dependency.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_from(FNV_OFFSET, bytes)
}

/// FNV-1a continued from `h` over `bytes` (a file is hashed as it streams in).
pub(crate) fn fnv1a_from(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Writes the whole file for `db` to `out`, hashing as it goes: saving the large 4×4 tables
/// (290 MB) needs no second copy of them in memory.
pub(crate) fn write_to(db: &PatternDb, out: &mut dyn Write) -> std::io::Result<()> {
    let mut w = Hashing { out, hash: FNV_OFFSET };
    let sig = db.partition().signature();
    w.put(MAGIC)?;
    w.put(&FORMAT_VERSION.to_le_bytes())?;
    w.put(&BUILDER_VERSION.to_le_bytes())?;
    w.put(&(sig.len() as u32).to_le_bytes())?;
    w.put(sig.as_bytes())?;
    w.put(&(db.tables().len() as u32).to_le_bytes())?;
    for t in db.tables() {
        w.put(&(t.len() as u64).to_le_bytes())?;
        w.put(t)?;
    }
    let sum = w.hash;
    w.out.write_all(&sum.to_le_bytes())
}

/// The whole file for `db`, in memory (tests, which change bytes of it).
#[cfg(test)]
pub(crate) fn encode(db: &PatternDb) -> Vec<u8> {
    let mut out = Vec::with_capacity(db.memory_bytes() + 64);
    write_to(db, &mut out).expect("a Vec takes every write");
    out
}

/// A writer that hashes what it passes on.
struct Hashing<'a> {
    out: &'a mut dyn Write,
    hash: u64,
}

impl Hashing<'_> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.hash = fnv1a_from(self.hash, bytes);
        self.out.write_all(bytes)
    }
}

/// Reads a table file from a stream, hashing what it reads, and failing with a reason
/// instead of panicking on short input. Reading a stream rather than the whole file keeps a
/// load's memory at the tables' own size (the large 4×4 tables are 290 MB).
struct Reader<R> {
    input: R,
    hash: u64,
}

impl<R: Read> Reader<R> {
    fn new(input: R) -> Reader<R> {
        Reader {
            input,
            hash: FNV_OFFSET,
        }
    }
    /// Fills `buf`, hashing it unless it is the checksum itself.
    fn fill(&mut self, buf: &mut [u8], hashed: bool) -> Result<(), TableFileError> {
        self.input.read_exact(buf).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => TableFileError::Truncated,
            _ => TableFileError::Unreadable(e.to_string()),
        })?;
        if hashed {
            self.hash = fnv1a_from(self.hash, buf);
        }
        Ok(())
    }
    fn u32(&mut self) -> Result<u32, TableFileError> {
        let mut b = [0u8; 4];
        self.fill(&mut b, true)?;
        Ok(u32::from_le_bytes(b))
    }
    fn u64(&mut self) -> Result<u64, TableFileError> {
        let mut b = [0u8; 8];
        self.fill(&mut b, true)?;
        Ok(u64::from_le_bytes(b))
    }
    fn bytes(&mut self, n: usize) -> Result<Vec<u8>, TableFileError> {
        let mut v = vec![0u8; n];
        self.fill(&mut v, true)?;
        Ok(v)
    }
}

/// The partition a file's header names, after checking the magic and both versions (the
/// checksum is left to [`decode_from`]).
pub(crate) fn read_partition(input: impl Read) -> Result<Partition, TableFileError> {
    let mut r = Reader::new(input);
    let sig = header(&mut r)?;
    let sig = String::from_utf8(sig).map_err(|_| TableFileError::DamagedHeader)?;
    Ok(Partition::from_signature(&sig)?)
}

/// Reads the magic, the format and builder versions (both must be current) and the
/// partition signature.
fn header<R: Read>(r: &mut Reader<R>) -> Result<Vec<u8>, TableFileError> {
    // The magic and both versions, or it is no table file at all.
    let mut start = [0u8; MAGIC.len() + 8];
    r.fill(&mut start, true).map_err(|_| TableFileError::NotATableFile)?;
    let (magic, versions) = start.split_at(MAGIC.len());
    if magic != MAGIC {
        return Err(TableFileError::NotATableFile);
    }
    let word = |i: usize| u32::from_le_bytes([versions[i], versions[i + 1], versions[i + 2], versions[i + 3]]);
    let (version, builder) = (word(0), word(4));
    if version != FORMAT_VERSION {
        return Err(TableFileError::FormatVersion { found: version });
    }
    if builder != BUILDER_VERSION {
        return Err(TableFileError::BuilderVersion { found: builder });
    }
    let sig_len = r.u32()? as usize;
    if sig_len > MAX_SIGNATURE {
        return Err(TableFileError::DamagedHeader);
    }
    r.bytes(sig_len)
}

/// Reads a whole table file for `partition`: header, tables, checksum, and nothing after.
pub(crate) fn decode_from(input: impl Read, partition: &Partition) -> Result<Vec<Vec<u8>>, TableFileError> {
    let mut r = Reader::new(input);
    let sig = header(&mut r)?;
    if sig != partition.signature().as_bytes() {
        return Err(TableFileError::OtherPartition);
    }
    let count = r.u32()? as usize;
    if count != partition.groups().len() {
        return Err(TableFileError::TableCount);
    }
    let mut tables = Vec::with_capacity(count);
    for g in partition.groups() {
        let len = r.u64()?;
        if len != partition.table_bytes(g.len()) {
            return Err(TableFileError::TableLength);
        }
        let len = usize::try_from(len).map_err(|_| TableFileError::TooLarge)?;
        tables.push(r.bytes(len)?);
    }
    let expected = r.hash;
    let mut sum = [0u8; 8];
    r.fill(&mut sum, false)?;
    if expected != u64::from_le_bytes(sum) {
        return Err(TableFileError::Checksum);
    }
    let mut extra = [0u8; 1];
    match r.input.read(&mut extra) {
        Ok(0) => Ok(tables),
        Ok(_) => Err(TableFileError::TrailingBytes),
        Err(e) => Err(TableFileError::Unreadable(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Size;
    use crate::solver::tables::test_tables::unit_test_cache;

    /// A disk that is full after `room` bytes and notes the largest single write.
    struct Disk {
        written: Vec<u8>,
        room: usize,
        largest: usize,
    }

    impl Disk {
        fn with_room(room: usize) -> Disk {
            Disk {
                written: Vec::new(),
                room,
                largest: 0,
            }
        }
    }

    impl Write for Disk {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.written.len() + buf.len() > self.room {
                return Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "disk full"));
            }
            self.largest = self.largest.max(buf.len());
            self.written.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_table_file_is_written_as_a_stream_and_reads_back_whole() {
        let partition = Partition::default_for(Size::THREE);
        let db = unit_test_cache().load_or_build(partition.clone(), &|_| {}).unwrap();
        let mut disk = Disk::with_room(usize::MAX);
        write_to(&db, &mut disk).unwrap();
        assert_eq!(disk.written, encode(&db));
        assert_eq!(decode_from(&disk.written[..], &partition).unwrap(), db.tables());
        // Table by table, never the whole file at once.
        let widest = db.tables().iter().map(Vec::len).max().unwrap();
        assert!(disk.largest <= widest && widest < disk.written.len());
        // A disk that fills midway is an error, never a panic.
        let mut full = Disk::with_room(disk.written.len() / 2);
        let e = write_to(&db, &mut full).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::StorageFull);
    }
}
