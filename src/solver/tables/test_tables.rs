//! Tables and folders the solver's unit tests share.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use crate::puzzle::Size;
use crate::solver::tables::cache::TableCache;
use crate::solver::tables::file::fnv1a;
use crate::solver::tables::partition::Partition;
use crate::solver::tables::pattern_db::PatternDb;

/// A fresh folder for one test under the system's temporary directory (never the user's
/// own cache), named by `tag` and the process.
pub(crate) fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("slide-solver-test-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// A 4×4 partition small enough to build in a test, with groups that are not their own
/// mirror (so the mirrored lookup is used, as in the large partition).
pub(crate) fn small_4x4() -> Partition {
    Partition::new(
        Size::FOUR,
        vec![
            vec![1, 2, 3, 4],
            vec![5, 6, 7, 8],
            vec![9, 10, 11, 12],
            vec![13, 14, 15],
        ],
    )
    .expect("a partition")
}

/// A 6×6 partition small enough to build in a test (twelve groups of up to three tiles in a
/// row, not their own mirror, as in the large partition), stored compactly as the large
/// tables are.
pub(crate) fn small_6x6() -> Partition {
    let tiles: Vec<u8> = (1..36).collect();
    Partition::new(Size::SIX, tiles.chunks(3).map(<[u8]>::to_vec).collect())
        .expect("a partition")
        .stored_compactly()
}

/// A cache for the unit tests' slow tables, in a folder of the system's temporary directory
/// (never the user's own cache), one per checkout so that worktrees on other branches never
/// share files: runs after the first load them, and a damaged or stale file there is simply
/// rebuilt.
pub(crate) fn unit_test_cache() -> TableCache {
    let checkout = fnv1a(env!("CARGO_MANIFEST_DIR").as_bytes());
    TableCache::at(std::env::temp_dir().join(format!("slide-unit-test-tables-{checkout:016x}")))
}

/// The default 5×5 and 6×6 databases, built once per test binary (see [`unit_test_cache`]).
pub(crate) fn default_tables(size: Size) -> &'static Arc<PatternDb> {
    static TABLES: [OnceLock<Arc<PatternDb>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[size.side() - 5].get_or_init(|| {
        Arc::new(
            unit_test_cache()
                .load_or_build(Partition::default_for(size), &|_| {})
                .expect("tables build"),
        )
    })
}
