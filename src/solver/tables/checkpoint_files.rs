//! The files a resumable build keeps beside a cache file (`pdb-….gN.part`, one finished
//! group each, and `pdb-….progress`, how far it has come): their names, whether a build is
//! running now, and which of them some build would still go on from. `slide tables` lists
//! them and `slide tables clean` removes the leftovers, those no build will read again (the
//! tables were built since, or they belong to tables no longer built).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::solver::tables::cache::{CacheStatus, TableCache};
use crate::solver::tables::partition::Partition;

/// A progress file written this recently means a build is running now (in some process).
/// A running build rewrites it about once a second; one paused by the game while the
/// player's searches run may stay silent longer, and then reads as stopped.
const RUNNING_WITHIN: Duration = Duration::from_secs(10);

/// What a progress file's name ends with.
const PROGRESS_SUFFIX: &str = ".progress";

/// One checkpoint file found in the cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckpointFile {
    /// Its path.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// What it is for.
    pub state: CheckpointState,
}

/// Whether a build goes on from a checkpoint file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckpointState {
    /// A build of its tables is running now, in this process or another (its progress file
    /// is fresh): never removed.
    Running,
    /// A stopped build of `partition` (a large partition, whose file is missing or damaged)
    /// goes on from it.
    Resumable {
        /// The partition being built.
        partition: Partition,
    },
    /// No build reads it again; the reason says why.
    Leftover(String),
}

/// `file` with its `.bin` replaced by `suffix`.
fn beside(file: &Path, suffix: &str) -> PathBuf {
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.strip_suffix(".bin").unwrap_or(&name);
    file.with_file_name(format!("{stem}{suffix}"))
}

/// Group `g`'s checkpoint beside the cache file `file`.
pub(crate) fn group_file(file: &Path, g: usize) -> PathBuf {
    beside(file, &format!(".g{}.part", g + 1))
}

/// The progress file beside the cache file `file`.
pub(crate) fn progress_file(file: &Path) -> PathBuf {
    beside(file, PROGRESS_SUFFIX)
}

/// Whether the build of the cache file `file` is running now, in any process.
pub(crate) fn is_running(file: &Path) -> bool {
    fs::metadata(progress_file(file))
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| SystemTime::now().duration_since(t).ok())
        .is_some_and(|age| age < RUNNING_WITHIN)
}

/// The cache file name a checkpoint file's name belongs to, if it is one.
fn table_name(name: &str) -> Option<String> {
    if !name.starts_with("pdb-") {
        return None;
    }
    if let Some(stem) = name.strip_suffix(PROGRESS_SUFFIX) {
        return Some(format!("{stem}.bin"));
    }
    let (stem, group) = name.strip_suffix(".part")?.rsplit_once(".g")?;
    let numbered = !group.is_empty() && group.bytes().all(|b| b.is_ascii_digit());
    numbered.then(|| format!("{stem}.bin"))
}

impl TableCache {
    /// The checkpoint files in the cache, by name, each with whether a build goes on from
    /// it. `building` are the partitions a build may go on with (each size's large one):
    /// their checkpoints are kept while their file is missing or damaged.
    pub fn checkpoints(&self, building: &[Partition]) -> std::io::Result<Vec<CheckpointFile>> {
        let Some(dir) = self.dir() else {
            return Ok(Vec::new());
        };
        let entries = match fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut found = Vec::new();
        for entry in entries {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(table) = table_name(&name) else { continue };
            let meta = entry.metadata()?;
            if meta.is_file() {
                found.push((entry.path(), meta.len(), dir.join(table)));
            }
        }
        found.sort();
        // One verdict a table file: its checkpoints share it (and a damaged file is read once).
        let mut verdicts: Vec<(PathBuf, CheckpointState)> = Vec::new();
        let mut files = Vec::with_capacity(found.len());
        for (path, bytes, table) in found {
            let known = verdicts
                .iter()
                .find(|(t, _)| *t == table)
                .map(|(_, state)| state.clone());
            let state = known.unwrap_or_else(|| {
                let state = self.checkpoint_state(&table, building);
                verdicts.push((table, state.clone()));
                state
            });
            files.push(CheckpointFile { path, bytes, state });
        }
        Ok(files)
    }

    /// Whether a build goes on from the checkpoints of the cache file `table`.
    fn checkpoint_state(&self, table: &Path, building: &[Partition]) -> CheckpointState {
        if is_running(table) {
            return CheckpointState::Running;
        }
        let built = || match table.file_name() {
            Some(name) if table.exists() => {
                matches!(self.status(table, &name.to_string_lossy()), CacheStatus::Current { .. })
            }
            _ => false,
        };
        let ours = building.iter().find(|p| self.file_for(p).as_deref() == Some(table));
        match ours {
            _ if built() => CheckpointState::Leftover("its tables are built".into()),
            Some(partition) => CheckpointState::Resumable {
                partition: partition.clone(),
            },
            None => CheckpointState::Leftover("of tables no longer built".into()),
        }
    }

    /// Removes the leftover checkpoint files (see [`TableCache::checkpoints`]) and returns
    /// them; those of a running or resumable build stay.
    pub fn clean_checkpoints(&self, building: &[Partition]) -> std::io::Result<Vec<CheckpointFile>> {
        let mut removed = Vec::new();
        for file in self.checkpoints(building)? {
            if let CheckpointState::Leftover(_) = file.state {
                match fs::remove_file(&file.path) {
                    Ok(()) => removed.push(file),
                    // Another process removed it first: the goal is met.
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atomic_file::write_atomically;
    use crate::puzzle::Size;
    use crate::solver::tables::build_control::BuildControl;
    use crate::solver::tables::test_tables::temp_dir;

    #[test]
    fn checkpoint_names_are_told_from_other_files() {
        assert_eq!(table_name("pdb-x.g1.part").as_deref(), Some("pdb-x.bin"));
        assert_eq!(table_name("pdb-x.g12.part").as_deref(), Some("pdb-x.bin"));
        assert_eq!(table_name("pdb-x.progress").as_deref(), Some("pdb-x.bin"));
        for other in [
            "pdb-x.bin",
            "pdb-x.g.part",
            "pdb-x.gA.part",
            "x.g1.part",
            ".pdb-x.g1.part.tmp",
        ] {
            assert_eq!(table_name(other), None, "{other}");
        }
        let file = Path::new("/c/pdb-a.bin");
        assert_eq!(table_name("pdb-a.g3.part"), Some("pdb-a.bin".into()));
        assert_eq!(group_file(file, 2), Path::new("/c/pdb-a.g3.part"));
        assert_eq!(progress_file(file), Path::new("/c/pdb-a.progress"));
    }

    #[test]
    fn leftovers_are_told_from_checkpoints_a_build_goes_on_from_and_only_they_are_cleaned() {
        let dir = temp_dir("checkpoint-files");
        let cache = TableCache::at(dir.clone());
        let large = Partition::default_for(Size::THREE).stored_compactly();
        let other = Partition::new(Size::THREE, vec![vec![1, 2, 3, 4, 5], vec![6, 7, 8]])
            .expect("a partition")
            .stored_compactly();
        let file = cache.file_for(&large).unwrap();
        let other_file = cache.file_for(&other).unwrap();
        fs::create_dir_all(&dir).unwrap();
        // A stopped build of the large partition, and one of a partition no longer built.
        for f in [&file, &other_file] {
            fs::write(group_file(f, 0), b"group").unwrap();
            fs::write(progress_file(f), b"1 2\n").unwrap();
            let old = SystemTime::now() - Duration::from_secs(3600);
            fs::File::options()
                .append(true)
                .open(progress_file(f))
                .and_then(|h| h.set_modified(old))
                .unwrap();
        }
        let building = [large.clone()];
        let states = |cache: &TableCache| -> Vec<(String, CheckpointState)> {
            cache
                .checkpoints(&building)
                .unwrap()
                .into_iter()
                .map(|c| (c.path.file_name().unwrap().to_string_lossy().into_owned(), c.state))
                .collect()
        };
        let resumable = CheckpointState::Resumable {
            partition: large.clone(),
        };
        let gone = CheckpointState::Leftover("of tables no longer built".into());
        let listed = states(&cache);
        assert_eq!(listed.len(), 4, "{listed:?}");
        for (name, state) in &listed {
            let mine = name.starts_with(file.file_stem().unwrap().to_str().unwrap());
            assert_eq!(state, if mine { &resumable } else { &gone }, "{name}");
        }
        // A build running now (its progress fresh) is never a leftover, whoever runs it.
        write_atomically(&progress_file(&other_file), b"1 2\n").unwrap();
        assert!(states(&cache).iter().all(|(_, s)| *s != gone), "{:?}", states(&cache));
        fs::remove_file(progress_file(&other_file)).unwrap();
        // Cleaning removes only the leftovers.
        let removed = cache.clean_checkpoints(&building).unwrap();
        assert_eq!(removed.len(), 1, "{removed:?}");
        assert!(group_file(&file, 0).exists() && !group_file(&other_file, 0).exists());
        // Once the tables are built, what is left of their build is a leftover too.
        cache.build_resumable(&large, &|_| {}, &BuildControl::new()).unwrap();
        fs::write(group_file(&file, 1), b"group").unwrap();
        let built = CheckpointState::Leftover("its tables are built".into());
        assert_eq!(
            states(&cache),
            vec![(
                group_file(&file, 1).file_name().unwrap().to_string_lossy().into_owned(),
                built
            )]
        );
        // A damaged file is built again from its checkpoints: they are kept.
        let mut bytes = fs::read(&file).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        fs::write(&file, bytes).unwrap();
        assert_eq!(states(&cache)[0].1, resumable);
        assert!(cache.clean_checkpoints(&building).unwrap().is_empty());
        let _ = fs::remove_dir_all(&dir);
    }
}
