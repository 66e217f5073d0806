//! [`Solver`], the solver's one entry point: it owns the tables (built or loaded on demand,
//! shared between threads) and rates boards; `solve` and `hint` are in
//! [`crate::solver::solve`], one bounded pass in [`crate::solver::within_bound`].

use std::sync::{Arc, Mutex, OnceLock};

use crate::puzzle::{Board, Size};
use crate::solver::error::SolveError;
use crate::solver::heuristic::walking_distance::WalkingDistance;
use crate::solver::heuristic::{linear_conflict, manhattan};
use crate::solver::rating::Rating;
use crate::solver::tables::build_progress::BuildProgress;
use crate::solver::tables::cache::TableCache;
use crate::solver::tables::error::TableError;
use crate::solver::tables::exact_table::ExactTable;
use crate::solver::tables::partition::Partition;
use crate::solver::tables::pattern_db::PatternDb;
use crate::solver::tables::shape_tables::ShapeTables;
use crate::threads::lock;

/// The solver and its tables. Cheap to clone; clones share the tables.
#[derive(Clone)]
pub struct Solver {
    tables: Arc<Tables>,
}

struct Tables {
    cache: TableCache,
    exact3: OnceLock<ExactTable>,
    walking4: OnceLock<WalkingDistance>,
    walking3: OnceLock<WalkingDistance>,
    pdbs: [OnceLock<Arc<PatternDb>>; 4],
    /// A size's large tables built while the solver ran ([`Solver::adopt_large`]), used
    /// from then on in place of `pdbs` where the large partition replaces the default.
    adopted: [OnceLock<Arc<PatternDb>>; 4],
    /// Stronger tables that only guide the bounded search (5×5's and 6×6's large partitions, when
    /// cached): never a rating or a reported bound's source besides that search's own.
    guides: [OnceLock<Arc<PatternDb>>; 4],
    /// Held while a size's databases are built, so concurrent callers wait instead of
    /// building them twice.
    building: [Mutex<()>; 4],
    /// Each size's opt-in larger partition ([`Partition::large_for`]), used instead of the
    /// default when its file is in the cache (tests put a small stand-in here).
    large: [Option<Partition>; 4],
    /// Why a size's default databases failed to build, so that later calls report it at
    /// once instead of failing the same slow way again; the searches use the next heuristic.
    failed: [OnceLock<TableError>; 4],
    /// The pattern databases of the shapes that are not classic (rectangles of at most 20
    /// cells, and 2×2).
    shapes: ShapeTables,
}

/// The environment variable that replaces one size's large partition by the one whose
/// signature it holds (e.g. `4x4:1,2,3,4/5,6,7,8/9,10,11,12/13,14,15;4bit`), for tests.
pub(crate) const LARGE_PARTITION_ENV: &str = "SLIDE_LARGE_PARTITION";

/// The slot of a size the game plays (3×3 to 6×6) in the per-size tables; the callers
/// turn every other size away first.
fn size_slot(size: Size) -> usize {
    size.side() - 3
}

impl Solver {
    /// A solver that keeps its slow tables in `cache`. Nothing is built until needed.
    ///
    /// Each size's large partition is [`Partition::large_for`]'s, unless
    /// [`LARGE_PARTITION_ENV`] names another for its size (end-to-end tests use a small one,
    /// so that a background build takes seconds rather than minutes).
    pub fn new(cache: TableCache) -> Solver {
        let mut large = Size::ALL.map(Partition::large_for);
        if let Some(p) = std::env::var(LARGE_PARTITION_ENV)
            .ok()
            .and_then(|v| Partition::from_signature(v.trim()).ok())
        {
            let slot = size_slot(p.size());
            large[slot] = Some(p);
        }
        Solver::with_large(cache, large)
    }

    /// A solver whose size `s` prefers `large[s − 3]` when its file is cached.
    fn with_large(cache: TableCache, large: [Option<Partition>; 4]) -> Solver {
        Solver {
            tables: Arc::new(Tables {
                cache,
                large,
                exact3: OnceLock::new(),
                walking4: OnceLock::new(),
                walking3: OnceLock::new(),
                pdbs: Default::default(),
                adopted: Default::default(),
                guides: Default::default(),
                building: Default::default(),
                failed: Default::default(),
                shapes: ShapeTables::default(),
            }),
        }
    }

    /// The cache this solver reads and writes.
    pub fn cache(&self) -> &TableCache {
        &self.tables.cache
    }

    /// Loads or builds every table for `size`, reporting progress; safe to call from many
    /// threads and again later (it is then free).
    pub fn prepare(&self, size: Size, progress: &dyn Fn(BuildProgress)) -> Result<(), SolveError> {
        if !size.is_classic() {
            // A shape's own tables, if it has any. A failed build is reported, as a classic
            // size's is: the searches then keep to Manhattan plus linear conflicts, but a
            // `slide tables build` must not say "ready" with no tables built.
            return match self.tables.shapes.default_for(&self.tables.cache, size, progress) {
                Some(Err(why)) => Err(SolveError::Tables(why)),
                _ => Ok(()),
            };
        }
        match size.side() {
            3 => {
                self.exact3();
                self.walking(size);
            }
            4 => {
                self.walking(size);
            }
            _ => {}
        }
        self.pdb_prepare(size, progress)?;
        Ok(())
    }

    /// Whether [`Solver::prepare`] has finished for `size`. Always, for a shape that is not
    /// classic: its searches never wait for its tables (most build in well under a second
    /// on the first search's need; 2×8's take a minute and are built in the background, see
    /// [`Solver::shape_tables_are_slow`]).
    pub fn is_ready(&self, size: Size) -> bool {
        !size.is_classic() || self.tables.pdbs[size_slot(size)].get().is_some()
    }

    /// The pattern databases of `partition`, a shape that is not classic, loaded or built
    /// on first need (and kept): `None` if they could not be built, with the searches left
    /// to Manhattan plus linear conflicts.
    pub(crate) fn shape_pdb(&self, partition: &Partition, progress: &dyn Fn(BuildProgress)) -> Option<Arc<PatternDb>> {
        self.tables.shapes.get(&self.tables.cache, partition, progress).ok()
    }

    /// [`Solver::shape_pdb`] if loaded or cached already, never built.
    pub(crate) fn cached_shape_pdb(&self, partition: &Partition) -> Option<Arc<PatternDb>> {
        self.tables.shapes.cached(&self.tables.cache, partition)
    }

    /// The exact 3×3 distance table (built on first use, in about 50 ms).
    pub fn exact3(&self) -> &ExactTable {
        self.tables.exact3.get_or_init(ExactTable::build)
    }

    /// The walking-distance tables for 3×3 or 4×4.
    pub(crate) fn walking(&self, size: Size) -> Option<&WalkingDistance> {
        match size.square_side()? {
            3 => Some(self.tables.walking3.get_or_init(|| WalkingDistance::build(size))),
            4 => Some(self.tables.walking4.get_or_init(|| WalkingDistance::build(size))),
            _ => None,
        }
    }

    /// The pattern databases for `size`, if already prepared: the large ones once built
    /// while the solver runs ([`Solver::adopt_large`]), else those prepared.
    pub fn pdb(&self, size: Size) -> Option<&Arc<PatternDb>> {
        if !size.is_classic() {
            return None;
        }
        let slot = size_slot(size);
        self.tables.adopted[slot].get().or_else(|| self.tables.pdbs[slot].get())
    }

    /// The larger partition this solver uses for `size` when its tables are cached
    /// ([`Partition::large_for`], or a test's stand-in), if the size has one.
    pub fn large_partition(&self, size: Size) -> Option<&Partition> {
        if !size.is_classic() {
            return None;
        }
        self.tables.large[size_slot(size)].as_ref()
    }

    /// Whether `size`'s large tables are in use (in place of the default, or guiding).
    pub fn has_large(&self, size: Size) -> bool {
        let Some(large) = self.large_partition(size) else {
            return false;
        };
        let in_use = |db: Option<&Arc<PatternDb>>| db.is_some_and(|db| db.partition() == large);
        in_use(self.pdb(size)) || in_use(self.guide(size))
    }

    /// Takes `db`, the size's large tables built while the game runs, into use at once: on
    /// 4×4 in place of the default for every search started from now on (a search already
    /// running keeps the tables it started with), on 5×5 and 6×6 as the bounded search's guide.
    /// Tables of another partition, or large tables already in use, are left alone.
    pub(crate) fn adopt_large(&self, db: PatternDb) {
        let size = db.partition().size();
        if self.large_partition(size) != Some(db.partition()) || self.has_large(size) {
            return;
        }
        let slot = size_slot(size);
        let _ = if Partition::replaces_default(size) {
            self.tables.adopted[slot].set(Arc::new(db))
        } else {
            self.tables.guides[slot].set(Arc::new(db))
        };
    }

    /// A solver that prefers `large` for its size when its file is in the cache (tests use
    /// small stand-ins for the real large partition, which takes minutes to build).
    #[cfg(test)]
    pub(crate) fn preferring(cache: TableCache, large: Partition) -> Solver {
        Solver::preferring_each(cache, &[large])
    }

    /// [`Solver::preferring`] for several sizes, one partition each.
    #[cfg(test)]
    pub(crate) fn preferring_each(cache: TableCache, large: &[Partition]) -> Solver {
        let mut all = Size::ALL.map(|_| None);
        for p in large {
            all[size_slot(p.size())] = Some(p.clone());
        }
        Solver::with_large(cache, all)
    }

    /// The tables that guide the bounded search on `size`, if stronger than
    /// [`Solver::pdb`]'s and prepared.
    pub fn guide(&self, size: Size) -> Option<&Arc<PatternDb>> {
        if !size.is_classic() {
            return None;
        }
        self.tables.guides[size_slot(size)].get()
    }

    fn pdb_prepare(&self, size: Size, progress: &dyn Fn(BuildProgress)) -> Result<&Arc<PatternDb>, SolveError> {
        if Partition::replaces_default(size)
            && let Some(db) = self.load_large(size, progress, &self.tables.pdbs[size_slot(size)])
        {
            return Ok(db);
        }
        let failed = &self.tables.failed[size_slot(size)];
        if let Some(why) = failed.get() {
            return Err(SolveError::Tables(why.clone()));
        }
        let db = self
            .install_partition(Partition::default_for(size), progress)
            .inspect_err(|e| {
                if let SolveError::Tables(why) = e {
                    let _ = failed.set(why.clone());
                }
            })?;
        if !Partition::replaces_default(size) {
            self.load_large(size, progress, &self.tables.guides[size_slot(size)]);
        }
        Ok(db)
    }

    /// The size's larger tables into `slot`, if its partition has a file in the cache (they
    /// are never built here: `slide tables build --size N --large` does that). Tables already
    /// in use are kept; a file that cannot be used gives a notice and is not used.
    fn load_large<'s>(
        &'s self,
        size: Size,
        progress: &dyn Fn(BuildProgress),
        slot: &'s OnceLock<Arc<PatternDb>>,
    ) -> Option<&'s Arc<PatternDb>> {
        let large = self.tables.large[size_slot(size)].as_ref()?;
        if let Some(db) = slot.get() {
            return Some(db);
        }
        let _guard = lock(&self.tables.building[size_slot(size)]);
        if let Some(db) = slot.get() {
            return Some(db);
        }
        let db = Arc::new(self.tables.cache.load(large, progress)?);
        Some(slot.get_or_init(|| db))
    }

    /// Why the default tables for `size` failed to build, if they did. The searches then
    /// use the strongest heuristic left (walking distance on 4×4, linear conflict on 5×5 and
    /// 6×6).
    pub(crate) fn build_failure(&self, size: Size) -> Option<&TableError> {
        if !size.is_classic() {
            return None;
        }
        self.tables.failed[size_slot(size)].get()
    }

    /// Loads or builds the pattern databases of `partition` and uses them for its size from
    /// now on, unless databases for that size are already in use (those are kept and
    /// returned). For experiments with other partitions; [`Solver::prepare`] uses the
    /// measured default.
    pub fn install_partition(
        &self,
        partition: Partition,
        progress: &dyn Fn(BuildProgress),
    ) -> Result<&Arc<PatternDb>, SolveError> {
        let size = partition.size();
        let slot = &self.tables.pdbs[size_slot(size)];
        if let Some(db) = slot.get() {
            return Ok(db);
        }
        let _guard = lock(&self.tables.building[size_slot(size)]);
        if let Some(db) = slot.get() {
            return Ok(db);
        }
        let db = Arc::new(self.tables.cache.load_or_build(partition, progress)?);
        Ok(slot.get_or_init(|| db))
    }

    /// Every heuristic's value for `board`.
    pub fn rate(&self, board: &Board) -> Rating {
        if !board.size().is_classic() {
            return self.rate_shape(board);
        }
        let manhattan = manhattan::value(board);
        let linear_conflict = linear_conflict::value(board);
        let walking_distance = self.walking(board.size()).map(|w| w.value(board));
        let pdb = self.pdb(board.size()).map(|db| db.value(board));
        let exact = (board.size().side() == 3).then(|| self.exact3().distance(board));
        let lower_bound = [Some(manhattan), Some(linear_conflict), walking_distance, pdb, exact]
            .into_iter()
            .flatten()
            .max()
            .unwrap_or(0);
        Rating {
            manhattan,
            linear_conflict,
            walking_distance,
            pdb,
            exact,
            lower_bound,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::dispatch::Chosen;
    use crate::solver::heuristic::heuristic_kind::HeuristicKind;
    use crate::solver::options::SolveOptions;
    use crate::solver::tables::test_tables::{small_4x4, temp_dir};

    #[test]
    fn a_shapes_failed_table_build_is_reported_and_its_searches_fall_back() {
        let cache =
            TableCache::disabled().with_builder(std::sync::Arc::new(|_: Size, _: &[u8], _: &mut dyn FnMut(u64)| {
                panic!("injected build failure")
            }));
        let solver = Solver::new(cache);
        let shape = Size::rect(4, 3).unwrap();
        let why = solver.prepare(shape, &|_| {}).expect_err("the failure is reported");
        assert!(why.to_string().contains("injected build failure"), "{why}");
        // Asked again, the same failure, not a silent "ready".
        assert!(solver.prepare(shape, &|_| {}).is_err());
        let mut board = Board::random(shape, &mut crate::puzzle::SeededRng::new(2));
        let answer = solver.solve(&board, &SolveOptions::default()).unwrap();
        board.apply_all(&answer.moves).unwrap();
        assert!(board.is_goal());
    }

    #[test]
    fn the_solver_uses_the_large_tables_when_cached_and_the_default_otherwise() {
        let dir = temp_dir("choice");
        let cache = TableCache::at(dir.clone());
        let large = small_4x4().stored_compactly();
        let board: Board = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2".parse().unwrap();

        // Not cached: the default, and nothing is built for the large partition.
        let solver = Solver::preferring(cache.clone(), large.clone());
        solver.prepare(Size::FOUR, &|_| {}).unwrap();
        assert_eq!(
            solver.pdb(Size::FOUR).unwrap().partition(),
            &Partition::default_for(Size::FOUR)
        );
        assert!(!cache.file_for(&large).unwrap().exists());
        let default_answer = solver.solve(&board, &SolveOptions::default()).unwrap();

        // Cached: a new solver loads it, and the search runs on it with the same optimum.
        cache.load_or_build(large.clone(), &|_| {}).unwrap();
        let solver = Solver::preferring(cache.clone(), large.clone());
        solver.prepare(Size::FOUR, &|_| {}).unwrap();
        assert_eq!(solver.pdb(Size::FOUR).unwrap().partition(), &large);
        assert!(matches!(
            Chosen::new(&solver, Size::FOUR, HeuristicKind::Auto),
            Ok(Chosen::CompactPdb(_))
        ));
        let answer = solver.solve(&board, &SolveOptions::default()).unwrap();
        assert!(answer.optimal && default_answer.optimal);
        assert_eq!(answer.len(), 57);
        assert_eq!(default_answer.len(), 57);
        assert_ne!(answer.nodes, default_answer.nodes, "a different heuristic ran");
        let rating = solver.rate(&board);
        assert_eq!(rating.pdb, Some(solver.pdb(Size::FOUR).unwrap().value(&board)));

        // Damaged: a notice, and the default again (never a rebuild of the large tables).
        let path = cache.file_for(&large).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        let notices = std::sync::Mutex::new(Vec::new());
        let solver = Solver::preferring(cache.clone(), large.clone());
        solver
            .prepare(Size::FOUR, &|p| {
                if let BuildProgress::Notice(n) = p {
                    notices.lock().unwrap().push(n);
                }
            })
            .unwrap();
        assert_eq!(
            solver.pdb(Size::FOUR).unwrap().partition(),
            &Partition::default_for(Size::FOUR)
        );
        let notices = notices.into_inner().unwrap();
        assert!(notices.iter().any(|n| n.contains("checksum")), "{notices:?}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "the damaged file is left for `clean`"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn on_5x5_and_6x6_the_large_tables_guide_the_bounded_search_and_the_default_rates() {
        for size in [Size::FIVE, Size::SIX] {
            the_large_tables_guide_the_bounded_search_and_the_default_rates(size);
        }
    }

    fn the_large_tables_guide_the_bounded_search_and_the_default_rates(size: Size) {
        let dir = temp_dir(&format!("guide{}", size.side()));
        let cache = TableCache::at(dir.clone());
        // A stand-in for the real large tables, which take a minute to build: groups of
        // three tiles in a row (not their own mirror, as the real ones).
        let tiles = size.cells() as u8 - 1;
        let groups: Vec<Vec<u8>> = (1..=tiles).collect::<Vec<_>>().chunks(3).map(<[u8]>::to_vec).collect();
        let large = Partition::new(size, groups).unwrap().stored_compactly();
        cache.load_or_build(large.clone(), &|_| {}).unwrap();
        let solver = Solver::preferring(cache, large.clone());
        solver.prepare(size, &|_| {}).unwrap();
        // The default stays the source of ratings and bounds; the large tables only guide.
        assert_eq!(solver.pdb(size).unwrap().partition(), &Partition::default_for(size));
        assert_eq!(solver.guide(size).unwrap().partition(), &large);
        assert!(solver.has_large(size));
        let board = Board::random(size, &mut crate::puzzle::SeededRng::new(4));
        let rating = solver.rate(&board);
        assert_eq!(rating.pdb, Some(solver.pdb(size).unwrap().value(&board)));
        let opts = SolveOptions {
            max_time: Some(std::time::Duration::from_millis(200)),
            ..SolveOptions::default()
        };
        let s = solver.solve(&board, &opts).unwrap();
        let mut end = board;
        end.apply_all(&s.moves).unwrap();
        assert!(end.is_goal());
        // The bound reported is the guide's own (admissible) value at the start.
        assert_eq!(s.lower_bound, solver.guide(size).unwrap().value(&board));
        assert!(s.lower_bound as usize <= s.moves.len());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
