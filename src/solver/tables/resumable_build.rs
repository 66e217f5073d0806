//! Building a partition's tables into the cache so that a quit loses little: each group's
//! table is saved beside the cache file as soon as it is built (a checkpoint, written
//! atomically), and the next run takes the saved groups instead of building them again.
//! Groups are built one after another and each deterministically, so a resumed build gives
//! the same bytes as one that ran to its end (tested). The game builds the large tables
//! this way in the background; `slide tables` reads how far it has come
//! ([`TableCache::build_status`]).
//!
//! Beside `pdb-….bin` the build keeps `pdb-….gN.part` (group N's table: a header naming
//! the builder, the partition and the group, the table, and an FNV-1a checksum) and
//! `pdb-….progress` (entries done and in all, rewritten about once a second while the
//! build runs). Both go once the cache file is written.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::atomic_file::{write_atomically, write_atomically_with};
use crate::solver::tables::build_control::BuildControl;
use crate::solver::tables::build_progress::BuildProgress;
use crate::solver::tables::builder::{self, BUILDER_VERSION, Checkpoints};
use crate::solver::tables::cache::TableCache;
use crate::solver::tables::checkpoint_files::{group_file, is_running, progress_file};
use crate::solver::tables::error::TableError;
use crate::solver::tables::file::{FNV_OFFSET, fnv1a, fnv1a_from, write_to};
use crate::solver::tables::group_bfs::group_units;
use crate::solver::tables::partition::Partition;
use crate::solver::tables::pattern_db::PatternDb;
use crate::threads::lock;

/// The first bytes of a group checkpoint.
const GROUP_MAGIC: &[u8; 8] = b"SLIDEGRP";

/// How often the progress file is rewritten while a build runs.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// How far the tables of a partition have come in the cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildStatus {
    /// Nothing built or started.
    Absent,
    /// A build runs now (its progress file is fresh): `percent` done.
    Building {
        /// Share done, 0 to 100.
        percent: u32,
    },
    /// A build was started and stopped (a quit): the groups saved make `percent`, and the
    /// next build goes on from there.
    Stopped {
        /// Share of the entries in the groups saved, 0 to 100.
        percent: u32,
    },
    /// The cache file is there.
    Built {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
}

/// The group checkpoints of one partition's build, beside its cache file.
struct GroupFiles<'a> {
    /// The cache file; the checkpoints are named after it.
    file: &'a Path,
    partition: &'a Partition,
}

impl GroupFiles<'_> {
    /// The header of group `g`'s checkpoint, up to the table's length.
    fn header(&self, g: usize, table_len: u64) -> Vec<u8> {
        let sig = self.partition.signature();
        let mut h = Vec::with_capacity(32 + sig.len());
        h.extend_from_slice(GROUP_MAGIC);
        h.extend_from_slice(&BUILDER_VERSION.to_le_bytes());
        h.extend_from_slice(&(g as u32).to_le_bytes());
        h.extend_from_slice(&(sig.len() as u32).to_le_bytes());
        h.extend_from_slice(sig.as_bytes());
        h.extend_from_slice(&table_len.to_le_bytes());
        h
    }
}

impl Checkpoints for GroupFiles<'_> {
    fn finished(&self, g: usize) -> Option<Vec<u8>> {
        let path = group_file(self.file, g);
        let mut bytes = fs::read(&path).ok()?;
        let expected = self.partition.table_bytes(self.partition.groups().get(g)?.len());
        let header = self.header(g, expected);
        let whole = header.len() as u64 + expected + 8;
        let sound = bytes.len() as u64 == whole
            && bytes.starts_with(&header)
            && bytes[bytes.len() - 8..] == fnv1a(&bytes[..bytes.len() - 8]).to_le_bytes();
        if !sound {
            // Damaged, or another builder's: built again (and saved over).
            let _ = fs::remove_file(&path);
            return None;
        }
        bytes.truncate(bytes.len() - 8);
        bytes.drain(..header.len());
        Some(bytes)
    }

    fn save(&self, g: usize, table: &[u8]) {
        let header = self.header(g, table.len() as u64);
        let sum = fnv1a_from(fnv1a_from(FNV_OFFSET, &header), table);
        // A checkpoint that cannot be written only costs this group's build after a quit.
        let _ = write_atomically_with(&group_file(self.file, g), |out| {
            out.write_all(&header)?;
            out.write_all(table)?;
            out.write_all(&sum.to_le_bytes())
        });
    }
}

impl TableCache {
    /// Loads `partition`'s tables from the cache, or builds them there, resumably: paused
    /// and stopped by `control` (stopped: [`TableError::Stopped`], with every group built
    /// so far saved), taking the groups an earlier, stopped build saved. Once whole, the
    /// tables are written to the cache file and the checkpoints removed. Without a cache
    /// directory it is a plain build.
    pub fn build_resumable(
        &self,
        partition: &Partition,
        progress: &dyn Fn(BuildProgress),
        control: &BuildControl,
    ) -> Result<PatternDb, TableError> {
        let Some(file) = self.file_for(partition) else {
            return builder::build_controlled(partition, progress, control);
        };
        if let Some(db) = self.load(partition, progress) {
            return Ok(db);
        }
        let groups = GroupFiles { file: &file, partition };
        let last_written = Mutex::new(None::<Instant>);
        let report = |p: BuildProgress| {
            if let BuildProgress::Building { done, total, .. } = &p {
                let mut last = lock(&last_written);
                if last.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY) {
                    *last = Some(Instant::now());
                    let _ = write_atomically(&progress_file(&file), format!("{done} {total}\n").as_bytes());
                }
            }
            progress(p);
        };
        let db = builder::build_resumable(partition, &report, control, &groups)?;
        match write_atomically_with(&file, |out| write_to(&db, out)) {
            Ok(()) => self.remove_checkpoints(partition),
            // The checkpoints stay: the next run assembles the tables from them at once.
            Err(e) => progress(BuildProgress::Notice(format!(
                "cannot save table cache {} ({e}); it will be put together again next time",
                file.display()
            ))),
        }
        Ok(db)
    }

    /// Removes the checkpoints and progress file of `partition`'s build, if any.
    pub(crate) fn remove_checkpoints(&self, partition: &Partition) {
        let Some(file) = self.file_for(partition) else { return };
        for g in 0..partition.groups().len() {
            let _ = fs::remove_file(group_file(&file, g));
        }
        let _ = fs::remove_file(progress_file(&file));
    }

    /// How far `partition`'s tables have come in this cache (the file is not read through:
    /// `slide tables list` checks it in full).
    pub fn build_status(&self, partition: &Partition) -> BuildStatus {
        let Some(file) = self.file_for(partition) else {
            return BuildStatus::Absent;
        };
        if let Ok(meta) = fs::metadata(&file) {
            return BuildStatus::Built {
                path: file,
                bytes: meta.len(),
            };
        }
        let total = builder::build_units(partition).max(1);
        let progress = progress_file(&file);
        if is_running(&file)
            && let Some((done, of)) = read_done(&progress)
        {
            return BuildStatus::Building {
                percent: percent(done, of.unwrap_or(total).max(1)),
            };
        }
        let cells = partition.size().cells();
        let saved: u64 = partition
            .groups()
            .iter()
            .enumerate()
            .filter(|(g, _)| group_file(&file, *g).exists())
            .map(|(_, tiles)| group_units(cells, tiles.len()))
            .sum();
        if saved > 0 || progress.exists() {
            BuildStatus::Stopped {
                percent: percent(saved, total),
            }
        } else {
            BuildStatus::Absent
        }
    }
}

fn percent(done: u64, total: u64) -> u32 {
    (done.min(total) * 100 / total) as u32
}

/// The progress units done, and in all when the file says, from a progress file (its own
/// total, so that a file written by another version of the builder still reads right).
fn read_done(path: &Path) -> Option<(u64, Option<u64>)> {
    let text = fs::read_to_string(path).ok()?;
    let mut words = text.split_whitespace();
    let done = words.next()?.parse().ok()?;
    Some((done, words.next().and_then(|w| w.parse().ok())))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::puzzle::Size;
    use crate::solver::tables::test_tables::{small_4x4, temp_dir};

    /// Checkpoints that count the groups saved (built) rather than taken.
    struct Counting<'a> {
        files: GroupFiles<'a>,
        saves: AtomicUsize,
    }

    impl Checkpoints for Counting<'_> {
        fn finished(&self, g: usize) -> Option<Vec<u8>> {
            self.files.finished(g)
        }
        fn save(&self, g: usize, table: &[u8]) {
            self.saves.fetch_add(1, Ordering::Relaxed);
            self.files.save(g, table);
        }
    }

    /// A 4×4 partition of four groups, small enough for a test and stored compactly as the
    /// large tables are.
    fn partition() -> Partition {
        small_4x4().stored_compactly()
    }

    #[test]
    fn a_build_stopped_and_resumed_makes_the_same_bytes_as_one_that_ran_through() {
        let p = partition();
        let whole = TableCache::at(temp_dir("resume-whole"));
        let reference = whole.build_resumable(&p, &|_| {}, &BuildControl::new()).expect("built");
        let file = whole.file_for(&p).unwrap();
        assert_eq!(
            whole.build_status(&p),
            BuildStatus::Built {
                path: file.clone(),
                bytes: fs::metadata(&file).unwrap().len(),
            }
        );
        assert!(
            !group_file(&file, 0).exists() && !progress_file(&file).exists(),
            "no checkpoint left"
        );

        let dir = temp_dir("resume-parts");
        let cache = TableCache::at(dir.clone());
        assert_eq!(cache.build_status(&p), BuildStatus::Absent);
        // Stopped once two groups are saved (a quit in the middle of the third): the build
        // waits at the third group's first checkpoint until the stop comes.
        let file = cache.file_for(&p).unwrap();
        let saved_in = |file: &Path| (0..4).filter(|&g| group_file(file, g).exists()).count();
        let saved = || saved_in(&file);
        let gate_file = file.clone();
        let control = BuildControl::new().paused_while(move || saved_in(&gate_file) >= 2);
        let stopped = std::thread::scope(|s| {
            let build = s.spawn(|| cache.build_resumable(&p, &|_| {}, &control));
            while saved() < 2 {
                std::thread::sleep(Duration::from_millis(5));
            }
            control.stop();
            build.join().unwrap()
        });
        assert!(matches!(stopped, Err(TableError::Stopped)), "{:?}", stopped.map(|_| ()));
        assert!(!file.exists());
        let kept = saved();
        assert_eq!(kept, 2, "two groups saved");
        assert!(matches!(
            cache.build_status(&p),
            BuildStatus::Building { .. } | BuildStatus::Stopped { .. }
        ));
        let partial = (0..4).find(|&g| group_file(&file, g).exists()).unwrap();
        let before = fs::read(group_file(&file, partial)).unwrap();

        // Resumed: the saved groups are taken as they are, only the others built.
        let counting = Counting {
            files: GroupFiles {
                file: &file,
                partition: &p,
            },
            saves: AtomicUsize::new(0),
        };
        let resumed = builder::build_resumable(&p, &|_| {}, &BuildControl::new(), &counting).expect("resumed");
        assert_eq!(resumed.tables(), reference.tables(), "the same bytes");
        assert_eq!(
            counting.saves.load(Ordering::Relaxed),
            4 - kept,
            "only the missing groups built"
        );
        // Every group saved now: the cache's build only puts the file together.
        let assembled = cache
            .build_resumable(&p, &|_| {}, &BuildControl::new())
            .expect("assembled");
        assert_eq!(assembled.tables(), reference.tables());
        assert_eq!(fs::read(&file).unwrap(), fs::read(whole.file_for(&p).unwrap()).unwrap());
        assert_eq!(saved(), 0, "the checkpoints go once the file is written");

        // A damaged checkpoint is built again, not trusted.
        let mut damaged = before.clone();
        let mid = damaged.len() / 2;
        damaged[mid] ^= 1;
        fs::remove_file(&file).unwrap();
        fs::write(group_file(&file, partial), &damaged).unwrap();
        let rebuilt = cache.build_resumable(&p, &|_| {}, &BuildControl::new()).unwrap();
        assert_eq!(rebuilt.tables(), reference.tables());
        let _ = fs::remove_dir_all(&dir);
        let _ = fs::remove_dir_all(whole.dir().unwrap());
    }

    #[test]
    fn the_status_says_how_far_a_stopped_build_came() {
        let p = Partition::default_for(Size::THREE);
        let dir = temp_dir("status");
        let cache = TableCache::at(dir.clone());
        let file = cache.file_for(&p).unwrap();
        let groups = GroupFiles {
            file: &file,
            partition: &p,
        };
        groups.save(0, &vec![0; p.table_bytes(4) as usize]);
        assert_eq!(cache.build_status(&p), BuildStatus::Stopped { percent: 50 });
        write_atomically(&progress_file(&file), b"3024 6048\n").unwrap();
        assert_eq!(cache.build_status(&p), BuildStatus::Building { percent: 50 });
        cache.remove_checkpoints(&p);
        assert_eq!(cache.build_status(&p), BuildStatus::Absent);
        assert!(cache.list().unwrap().is_empty(), "checkpoints are no table files");
        let _ = fs::remove_dir_all(&dir);
    }
}
