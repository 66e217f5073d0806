//! The solver: admissible heuristics, optimal IDA*, a time-bounded search for large boards,
//! and the tables they use. Nothing here knows about terminals.
//!
//! [`Solver`] is the one entry point: it owns the tables (built or loaded on demand, shared
//! between threads) and answers `solve`, `hint` and `rate`.

mod beam_ranking;
mod bounded_search;
mod cancel;
mod compact_table;
mod constructive;
mod error;
mod exact_table;
mod heuristic;
mod ida_star;
mod linear_conflict;
mod lower_bound;
mod manhattan;
mod move_pruning;
mod parallel_ida_star;
mod pattern_db;
pub mod plan_shortening;
mod table_cache;
mod walking_distance;
mod within_bound;
mod zobrist;

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::puzzle::{Board, Move, Size};

pub use cancel::Stop;
pub use error::SolveError;
pub use exact_table::ExactTable;
pub use lower_bound::lower_bound;
pub use pattern_db::{BUILDER_VERSION, Partition, PatternDb};
pub use table_cache::{BuildProgress, CacheStatus, CachedFile, TableCache};
pub use walking_distance::WalkingDistance;

/// The bounded search's time budget when the caller gives none.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(1);

/// The number of cores, for [`SolveOptions::threads`] (1 when unknown).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// A heuristic, chosen by name on the command line (`--heuristic`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub enum HeuristicKind {
    /// Sum of Manhattan distances.
    Manhattan,
    /// Manhattan plus linear conflicts on rows and columns.
    LinearConflict,
    /// Walking distance (4×4 and 3×3), combined with linear conflict by max.
    WalkingDistance,
    /// Additive disjoint pattern databases, with the diagonal mirror, by max.
    Pdb,
    /// The strongest heuristic available for the size.
    #[default]
    Auto,
}

impl HeuristicKind {
    /// Every heuristic, by increasing strength, then `auto`.
    pub const ALL: [HeuristicKind; 5] = [
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::WalkingDistance,
        HeuristicKind::Pdb,
        HeuristicKind::Auto,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::WalkingDistance => "walking-distance",
            HeuristicKind::Pdb => "pdb",
            HeuristicKind::Auto => "auto",
        }
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HeuristicKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HeuristicKind::ALL.into_iter().find(|h| h.name() == s).ok_or_else(|| {
            format!("unknown heuristic '{s}': choose manhattan, linear-conflict, walking-distance, pdb or auto")
        })
    }
}

/// Spawns a scoped search thread named like the worker's, so that the game's panic hook
/// treats a panic there as the solver's (caught and reported in the status line) rather
/// than the game's. Like `Scope::spawn`, it panics if the system refuses a thread.
pub(crate) fn spawn_search<'scope, 'env, F, T>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    f: F,
) -> std::thread::ScopedJoinHandle<'scope, T>
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    std::thread::Builder::new()
        .name(crate::threads::thread_name("search"))
        .spawn_scoped(scope, f)
        .expect("the system refused a search thread")
}

/// How to search.
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Which heuristic guides the search.
    pub heuristic: HeuristicKind,
    /// The time budget. Optimal sizes (3×3, 4×4) fall back to the bounded search when it
    /// runs out; 5×5 and 6×6 use it as the bounded search's budget (default 1 s).
    pub max_time: Option<Duration>,
    /// Insist on a proven optimal solution on any size, with no time limit but `stop`.
    pub optimal: bool,
    /// Cancellation from outside.
    pub stop: Stop,
    /// Threads for one search (0 or 1: the calling thread only). Boards that the sequential
    /// IDA* solves within a few milliseconds never start the others; the bounded search
    /// shares only its wide layers.
    pub threads: usize,
    /// Return the bounded search's plan as it comes, without spending the time left on
    /// shortening it (the plan shortener sets this for its own sub-problems).
    pub skip_shortening: bool,
}

/// A whole solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The moves from the board to the goal.
    pub moves: Vec<Move>,
    /// Whether `moves` is proven shortest.
    pub optimal: bool,
    /// The best lower bound on the optimal length that the search established.
    pub lower_bound: u32,
    /// States expanded: those whose children a search generated. Children cut off by the
    /// bound are generated but not expanded. A 3×3 answer read from the exact table expands
    /// nothing and reports 0.
    pub nodes: u64,
    /// Children generated (each one heuristic evaluation, or a duplicate check in the
    /// bounded search); the figure the literature usually reports for IDA*.
    pub generated: u64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

impl Solution {
    /// The answer for a board that is already the goal: nothing to do, proven.
    pub(crate) fn solved_already(elapsed: Duration) -> Solution {
        Solution {
            moves: Vec::new(),
            optimal: true,
            lower_bound: 0,
            nodes: 0,
            generated: 0,
            elapsed,
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the board was already solved.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The next move and what is known about the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The move to play.
    pub mv: Move,
    /// The tile it slides.
    pub tile: u8,
    /// Moves left including this one: the optimal count when `optimal`, else the plan's.
    pub remaining: u32,
    /// Whether `remaining` is the proven optimum (and so this move is optimal).
    pub optimal: bool,
    /// A lower bound on the optimal number of moves left.
    pub lower_bound: u32,
    /// The whole plan from the board, starting with `mv`.
    pub plan: Vec<Move>,
}

/// Every heuristic's estimate of a board, and the best lower bound among them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rating {
    /// Sum of Manhattan distances.
    pub manhattan: u32,
    /// Manhattan plus linear conflicts.
    pub linear_conflict: u32,
    /// Walking distance (3×3 and 4×4 only).
    pub walking_distance: Option<u32>,
    /// Pattern databases with mirror (when their tables are ready).
    pub pdb: Option<u32>,
    /// The exact optimal length, when known cheaply (3×3).
    pub exact: Option<u32>,
    /// The largest of the admissible values above.
    pub lower_bound: u32,
}

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
    /// Stronger tables that only guide the bounded search (5×5's large partition, when
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
    failed: [OnceLock<String>; 4],
}

fn size_slot(size: Size) -> usize {
    size.side() - 3
}

impl Solver {
    /// A solver that keeps its slow tables in `cache`. Nothing is built until needed.
    pub fn new(cache: TableCache) -> Solver {
        Solver::with_large(cache, Size::ALL.map(Partition::large_for))
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
                guides: Default::default(),
                building: Default::default(),
                failed: Default::default(),
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

    /// Whether [`Solver::prepare`] has finished for `size`.
    pub fn is_ready(&self, size: Size) -> bool {
        self.tables.pdbs[size_slot(size)].get().is_some()
    }

    /// The exact 3×3 distance table (built on first use, in about 50 ms).
    pub fn exact3(&self) -> &ExactTable {
        self.tables.exact3.get_or_init(ExactTable::build)
    }

    /// The walking-distance tables for 3×3 or 4×4.
    pub fn walking(&self, size: Size) -> Option<&WalkingDistance> {
        match size.side() {
            3 => Some(self.tables.walking3.get_or_init(|| WalkingDistance::build(size))),
            4 => Some(self.tables.walking4.get_or_init(|| WalkingDistance::build(size))),
            _ => None,
        }
    }

    /// The pattern databases for `size`, if already prepared.
    pub fn pdb(&self, size: Size) -> Option<&Arc<PatternDb>> {
        self.tables.pdbs[size_slot(size)].get()
    }

    /// A solver that prefers `large` for its size when its file is in the cache (tests use
    /// small stand-ins for the real large partition, which takes minutes to build).
    #[cfg(test)]
    pub(crate) fn preferring(cache: TableCache, large: Partition) -> Solver {
        let mut all = Size::ALL.map(|_| None);
        let slot = size_slot(large.size());
        all[slot] = Some(large);
        Solver::with_large(cache, all)
    }

    /// The tables that guide the bounded search on `size`, if stronger than
    /// [`Solver::pdb`]'s and prepared.
    pub fn guide(&self, size: Size) -> Option<&Arc<PatternDb>> {
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
                let why = match e {
                    SolveError::Tables(why) => why.clone(),
                    other => other.to_string(),
                };
                let _ = failed.set(why);
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
        let _guard = self.tables.building[size_slot(size)]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(db) = slot.get() {
            return Some(db);
        }
        let db = Arc::new(self.tables.cache.load(large, progress)?);
        Some(slot.get_or_init(|| db))
    }

    /// Why the default tables for `size` failed to build, if they did. The searches then
    /// use the strongest heuristic left (walking distance on 4×4, linear conflict on 5×5 and
    /// 6×6).
    pub fn build_failure(&self, size: Size) -> Option<&str> {
        self.tables.failed[size_slot(size)].get().map(String::as_str)
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
        let _guard = self.tables.building[size_slot(size)]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(db) = slot.get() {
            return Ok(db);
        }
        let db = Arc::new(self.tables.cache.load_or_build(partition, progress)?);
        Ok(slot.get_or_init(|| db))
    }

    /// Every heuristic's value for `board`.
    pub fn rate(&self, board: &Board) -> Rating {
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

    /// Solves `board`: optimally on 3×3 and 4×4 (and on any size with `optimal`), else with
    /// the bounded search within `max_time`.
    pub fn solve(&self, board: &Board, opts: &SolveOptions) -> Result<Solution, SolveError> {
        let start = Instant::now();
        let size = board.size();
        if size.side() == 3 && opts.heuristic == HeuristicKind::Auto {
            let moves = self.exact3().solve(board);
            let len = moves.len() as u32;
            return Ok(Solution {
                moves,
                optimal: true,
                lower_bound: len,
                // A table walk is not a search: nothing is expanded (see `Solution::nodes`).
                nodes: 0,
                generated: 0,
                elapsed: start.elapsed(),
            });
        }
        // Stronger tables that only guide (5×5's large ones) serve every search here: what
        // a search returns does not depend on them the way a rating would.
        let heuristic = match self.guide(size) {
            Some(guide) if opts.heuristic == HeuristicKind::Auto => heuristic::Chosen::pdb(guide),
            _ => heuristic::Chosen::new(self, size, opts.heuristic)?,
        };
        if size.side() <= 4 || opts.optimal {
            let stop = match (opts.max_time, opts.optimal) {
                (Some(t), false) => opts.stop.clone().with_deadline(start + t),
                _ => opts.stop.clone(),
            };
            match heuristic.ida_star(board, &stop, opts.threads) {
                Ok(mut s) => {
                    s.elapsed = start.elapsed();
                    return Ok(s);
                }
                Err(SolveError::OutOfTime) if !opts.optimal => {}
                Err(e) => return Err(e),
            }
        }
        // Stop a little early: the caller's budget includes returning and drawing the answer.
        let budget = opts.max_time.unwrap_or(DEFAULT_BUDGET).mul_f64(0.97);
        let stop = opts.stop.clone().with_deadline(start + budget);
        let mut s = heuristic.bounded(board, &stop, opts.threads)?;
        // The beam ends early when no wider one would finish in time; the time left goes to
        // shortening its plan.
        if !opts.skip_shortening && !stop.should_stop() {
            let shortening = plan_shortening::Options {
                solver: Some(self),
                threads: opts.threads.max(1),
                ..plan_shortening::Options::default()
            };
            let shorter = plan_shortening::shorten_with(board, &s.moves, &stop, &shortening);
            if shorter.len() < s.moves.len() {
                s.optimal = shorter.len() as u32 == s.lower_bound;
                s.moves = shorter;
            }
        }
        s.elapsed = start.elapsed();
        Ok(s)
    }

    /// The next move from `board`, with the moves remaining.
    pub fn hint(&self, board: &Board, opts: &SolveOptions) -> Result<Hint, SolveError> {
        if board.is_goal() {
            return Err(SolveError::AlreadySolved);
        }
        let s = self.solve(board, opts)?;
        let mv = *s.moves.first().ok_or(SolveError::AlreadySolved)?;
        Ok(Hint {
            mv,
            tile: board.tile_moved_by(mv).unwrap_or(0),
            remaining: s.len() as u32,
            optimal: s.optimal,
            lower_bound: s.lower_bound,
            plan: s.moves,
        })
    }
}
