//! Tables and folders the solver's unit tests share.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use crate::puzzle::Size;
use crate::solver::partition::Partition;
use crate::solver::pattern_db::PatternDb;
use crate::solver::table_cache::TableCache;

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

/// The default 5×5 and 6×6 databases, built once per test binary. They are cached in a
/// folder of the system's temporary directory (never the user's own cache), so runs after
/// the first load them; a damaged or stale file there is simply rebuilt.
pub(crate) fn default_tables(size: Size) -> &'static Arc<PatternDb> {
    static TABLES: [OnceLock<Arc<PatternDb>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[size.side() - 5].get_or_init(|| {
        // One folder per checkout, so worktrees on other branches never share files.
        let checkout = env!("CARGO_MANIFEST_DIR")
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
        let dir = std::env::temp_dir().join(format!("slide-unit-test-tables-{checkout:016x}"));
        let cache = TableCache::at(dir);
        Arc::new(
            cache
                .load_or_build(Partition::default_for(size), &|_| {})
                .expect("tables build"),
        )
    })
}
