//! Building a partition's tables: every group's breadth-first search
//! ([`crate::solver::group_bfs`]), two groups at a time (one per core), with progress, and
//! a typed failure instead of incomplete tables.

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::puzzle::Size;
use crate::solver::build_progress::BuildProgress;
use crate::solver::compact_table;
use crate::solver::group_bfs::{build_bytes, build_group};
use crate::solver::partition::Partition;
use crate::solver::pattern_db::PatternDb;
use crate::solver::table_error::TableError;
use crate::threads::{panic_message, thread_name};

/// The version of the table builder. Part of every cache file's name and header, so tables
/// built by an older builder are rebuilt rather than trusted: bump it whenever a change to
/// the build could change any entry.
pub const BUILDER_VERSION: u32 = 1;

/// The most memory one group's build may take (its three bitsets and its table). A larger
/// group fails to build with a message instead of aborting the process on allocation.
pub const MAX_BUILD_BYTES: u64 = 4 << 30;

/// Builds one group's table; replaceable in tests to make a build fail.
pub(crate) type GroupBuilder<'a> = dyn Fn(Size, &[u8], &mut dyn FnMut(u64)) -> Vec<u8> + Send + Sync + 'a;

/// Builds every group's table, two groups at a time (one per core), reporting progress
/// from the calling thread about ten times a second.
///
/// Fails, rather than returning incomplete tables, when a group would need more than
/// [`MAX_BUILD_BYTES`] or its build panics. The build threads are named with
/// [`crate::threads::THREAD_PREFIX`], so the game's panic hook treats a panic there as the
/// solver's (caught and reported) rather than as the game's.
pub fn build(partition: &Partition, progress: &dyn Fn(BuildProgress)) -> Result<PatternDb, TableError> {
    build_with(partition, progress, &build_group)
}

/// [`build`] with the group builder given (tests inject a failing one).
pub(crate) fn build_with(
    partition: &Partition,
    progress: &dyn Fn(BuildProgress),
    builder: &GroupBuilder<'_>,
) -> Result<PatternDb, TableError> {
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
    let size = partition.size();
    if let Some(g) = partition
        .groups()
        .iter()
        .find(|g| build_bytes(size.cells(), g.len()) > MAX_BUILD_BYTES)
    {
        return Err(TableError::TooLarge {
            tiles: g.len(),
            size,
            needed_mb: build_bytes(size.cells(), g.len()) >> 20,
            allowed_mb: MAX_BUILD_BYTES >> 20,
        });
    }
    let total = partition.entries();
    let done = AtomicU64::new(0);
    let finished = AtomicBool::new(false);
    let what = format!("{} pattern databases {}", size, partition.name());
    let groups = partition.groups();
    let threads = std::thread::available_parallelism().map_or(1, usize::from).min(2);
    // Largest groups first so the workers finish together.
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by_key(|&g| std::cmp::Reverse(groups[g].len()));
    let next = AtomicUsize::new(0);
    // The first failure, if any; once set, the other workers stop taking groups.
    let failure: std::sync::Mutex<Option<TableError>> = std::sync::Mutex::new(None);
    let failed = AtomicBool::new(false);
    let results = std::sync::Mutex::new(vec![Vec::new(); groups.len()]);
    let fail = |why: TableError| {
        failed.store(true, Ordering::Release);
        if let Ok(mut f) = failure.lock() {
            f.get_or_insert(why);
        }
    };
    std::thread::scope(|s| {
        let mut workers = Vec::new();
        for n in 0..threads {
            let spawned = std::thread::Builder::new()
                .name(thread_name(&format!("pdb-{n}")))
                .spawn_scoped(s, || {
                    while !failed.load(Ordering::Acquire) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&g) = order.get(i) else { break };
                        let mut last = 0u64;
                        // Caught here so the failure carries its message and the other
                        // worker stops early.
                        let built = catch_unwind(AssertUnwindSafe(|| {
                            builder(size, &groups[g], &mut |n| {
                                done.fetch_add(n.saturating_sub(last), Ordering::Relaxed);
                                last = n;
                            })
                        }));
                        // Compacted here, on the group's own thread, while the
                        // other worker builds.
                        let built = built.map(|table| {
                            if partition.is_compact() {
                                compact_table::compact(size, &groups[g], &table)
                            } else {
                                Ok(table)
                            }
                        });
                        match built {
                            Ok(Err(source)) => fail(TableError::Compact { group: g + 1, source }),
                            Ok(Ok(table)) => match results.lock() {
                                Ok(mut r) => r[g] = table,
                                Err(_) => fail(TableError::ThreadFailed),
                            },
                            Err(panic) => fail(TableError::Panicked {
                                group: g + 1,
                                message: panic_message(panic.as_ref()),
                            }),
                        }
                    }
                });
            match spawned {
                Ok(w) => workers.push(w),
                Err(e) => fail(TableError::CannotStartThread(e.to_string())),
            }
        }
        let watcher = std::thread::Builder::new()
            .name(thread_name("pdb-join"))
            .spawn_scoped(s, || {
                for w in workers {
                    if w.join().is_err() {
                        fail(TableError::ThreadFailed);
                    }
                }
                finished.store(true, Ordering::Release);
            });
        if let Err(e) = watcher {
            // Without the watcher nobody ends the progress loop; the scope joins the
            // workers on its way out instead.
            fail(TableError::CannotStartThread(e.to_string()));
            return;
        }
        let mut ticks = 0u32;
        while !finished.load(Ordering::Acquire) {
            if ticks.is_multiple_of(10) {
                progress(BuildProgress::Building {
                    what: what.clone(),
                    done: done.load(Ordering::Relaxed),
                    total,
                });
            }
            ticks += 1;
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    });
    if let Some(why) = failure.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner) {
        return Err(why);
    }
    let tables = results.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    // Every table must be whole: an empty or short one would panic at the first lookup.
    for (g, (t, tiles)) in tables.iter().zip(groups).enumerate() {
        if t.len() as u64 != partition.table_bytes(tiles.len()) {
            return Err(TableError::NotBuilt { group: g + 1 });
        }
    }
    progress(BuildProgress::Building {
        what,
        done: total,
        total,
    });
    Ok(PatternDb::from_tables(partition.clone(), tables))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_group_build_is_an_error_not_an_empty_table() {
        let p = Partition::default_for(Size::THREE);
        let names = std::sync::Mutex::new(Vec::new());
        let panicking = |_: Size, _: &[u8], _: &mut dyn FnMut(u64)| -> Vec<u8> {
            names
                .lock()
                .unwrap()
                .push(std::thread::current().name().map(String::from));
            panic!("injected build failure");
        };
        let e = build_with(&p, &|_| {}, &panicking).map(|_| ()).unwrap_err();
        assert!(
            matches!(&e, TableError::Panicked { message, .. } if message.contains("injected build failure")),
            "{e:?}"
        );
        // Every build thread carries the prefix the game's panic hook looks for.
        let names = names.into_inner().unwrap();
        assert!(!names.is_empty());
        for n in names {
            assert!(n.is_some_and(|n| crate::threads::is_background_thread(&n)));
        }

        let empty = |_: Size, _: &[u8], _: &mut dyn FnMut(u64)| Vec::new();
        let e = build_with(&p, &|_| {}, &empty).map(|_| ()).unwrap_err();
        assert!(matches!(e, TableError::NotBuilt { .. }), "{e:?}");
        assert!(e.to_string().contains("not built"));

        // Too large to build: refused before allocating anything.
        let tiles: Vec<u8> = (1..36).collect();
        let groups: Vec<Vec<u8>> = tiles.chunks(8).map(<[u8]>::to_vec).collect();
        let huge = Partition::new(Size::SIX, groups).unwrap();
        let e = build(&huge, &|_| {}).map(|_| ()).unwrap_err();
        assert!(matches!(e, TableError::TooLarge { .. }), "{e:?}");
        assert!(e.to_string().contains("MB"));
    }
}
