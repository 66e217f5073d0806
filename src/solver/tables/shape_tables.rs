//! The pattern databases of the shapes that are not classic and have at most
//! [`crate::solver::tables::partition::SHAPE_TABLE_CELLS`] cells (rectangles such as 2×8, 3×5, 4×3 and 4×5, and 2×2): loaded
//! from the cache or built on first need, one partition per shape
//! ([`Partition::default_for`]), kept for the solver's life and shared between threads.
//!
//! A shape whose tables failed to build is remembered, so that later calls fall back to
//! Manhattan plus linear conflicts at once instead of failing the same slow way again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::puzzle::Size;
use crate::solver::tables::build_progress::BuildProgress;
use crate::solver::tables::cache::TableCache;
use crate::solver::tables::error::TableError;
use crate::solver::tables::partition::{Partition, has_shape_tables, table_shape};
use crate::solver::tables::pattern_db::PatternDb;
use crate::threads::lock;

/// One shape's tables, or why they could not be had.
type Entry = Result<Arc<PatternDb>, TableError>;

/// Every shape's tables met so far, by partition (a shape's default, and the larger ones
/// asked for by name).
#[derive(Default)]
pub(crate) struct ShapeTables {
    /// The tables loaded or built, and the builds that failed; held only to look up or
    /// insert.
    tables: Mutex<HashMap<Partition, Entry>>,
    /// Held while a partition's tables are loaded or built, so that concurrent callers wait
    /// instead of building them twice (one lock serves all shapes: the builds that take
    /// a minute, 2×8's, happen only where the caller may wait, see `shape_solve.rs`, or in
    /// the game's background preparation). A caller that may not wait
    /// ([`ShapeTables::cached`]) does without the tables meanwhile.
    loading: Mutex<()>,
}

impl ShapeTables {
    /// `partition`'s tables, loaded from `cache` or built (and saved there) on first need;
    /// a build that failed once fails again at once.
    pub fn get(
        &self,
        cache: &TableCache,
        partition: &Partition,
        progress: &dyn Fn(BuildProgress),
    ) -> Result<Arc<PatternDb>, TableError> {
        if let Some(entry) = lock(&self.tables).get(partition) {
            return entry.clone();
        }
        let _loading = lock(&self.loading);
        // Another caller may have finished them while this one waited.
        if let Some(entry) = lock(&self.tables).get(partition) {
            return entry.clone();
        }
        let entry = cache.load_or_build(partition.clone(), progress).map(Arc::new);
        lock(&self.tables).insert(partition.clone(), entry.clone());
        entry
    }

    /// `partition`'s tables if they are loaded already or their file is in `cache` (loaded
    /// now), never building them, nor waiting while some tables are being loaded or built.
    pub fn cached(&self, cache: &TableCache, partition: &Partition) -> Option<Arc<PatternDb>> {
        if let Some(entry) = lock(&self.tables).get(partition) {
            return entry.as_ref().ok().cloned();
        }
        let _loading = match self.loading.try_lock() {
            Ok(guard) => guard,
            // A panic while loading left nothing half-inserted: the map is only written whole.
            Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return None,
        };
        if let Some(entry) = lock(&self.tables).get(partition) {
            return entry.as_ref().ok().cloned();
        }
        let db = Arc::new(cache.load(partition, &|_| {})?);
        lock(&self.tables).insert(partition.clone(), Ok(db.clone()));
        Some(db)
    }

    /// The default tables of the shape whose tables serve `size` (8×2's are 2×8's), if it
    /// has them.
    pub fn default_for(
        &self,
        cache: &TableCache,
        size: Size,
        progress: &dyn Fn(BuildProgress),
    ) -> Option<Result<Arc<PatternDb>, TableError>> {
        let size = table_shape(size);
        has_shape_tables(size).then(|| self.get(cache, &Partition::default_for(size), progress))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tables::test_tables::temp_dir;

    #[test]
    fn a_shapes_tables_are_built_once_saved_and_loaded_back() {
        let dir = temp_dir("shape-tables");
        let cache = TableCache::at(dir.clone());
        let size = Size::rect(3, 4).unwrap();
        let tables = ShapeTables::default();
        let db = tables.default_for(&cache, size, &|_| {}).unwrap().unwrap();
        assert_eq!(db.partition().name(), "6-5");
        assert!(cache.file_for(db.partition()).unwrap().exists());
        let again = tables.default_for(&cache, size, &|_| {}).unwrap().unwrap();
        assert!(Arc::ptr_eq(&db, &again));
        let loaded = ShapeTables::default()
            .default_for(&cache, size, &|_| {})
            .unwrap()
            .unwrap();
        assert_eq!(loaded.tables(), db.tables());
        let cached = ShapeTables::default().cached(&cache, db.partition()).unwrap();
        assert_eq!(cached.tables(), db.tables());
        let other = Partition::default_for(Size::rect(4, 3).unwrap());
        assert!(tables.cached(&cache, &other).is_none(), "never built here");
        assert!(!cache.file_for(&other).unwrap().exists());
        assert!(tables.default_for(&cache, Size::rect(5, 5).unwrap(), &|_| {}).is_none());
        assert!(has_shape_tables(Size::rect(4, 5).unwrap()));
        assert!(!has_shape_tables(Size::FOUR) && !has_shape_tables(Size::rect(7, 3).unwrap()));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
