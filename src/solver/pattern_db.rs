//! Additive disjoint pattern databases (Korf & Felner).
//!
//! The tiles are split into disjoint groups. For one group, forget which other tile is
//! where: a state is the cells of the group's tiles plus the blank. A breadth-first search
//! backward from the goal, in which only moves of the group's own tiles cost a move (the
//! blank wanders through other tiles for free), gives for every placement of the group the
//! fewest moves *of that group's tiles* needed to bring them home. Each real move moves one
//! tile, of exactly one group, so the groups' values add and the sum stays admissible.
//!
//! The board mirrored across the main diagonal needs exactly as many moves, so looking up
//! the mirrored board in the same tables gives a second admissible bound; the heuristic is
//! the larger of the two. That only helps when the mirror maps some group onto tiles that
//! are not a group: where the partition is its own mirror (every mirrored group is again a
//! group, as in the 3×3 default's two blocks and 6×6's 2×2 blocks), the mirrored lookup of a
//! group returns exactly what the direct lookup of its mirror group does, so the two sums
//! are equal and the mirror is skipped ([`PatternDb::uses_mirror`]). Of the defaults, 4×4
//! (6-6-3) and 5×5 (5-5-5-5-4) use it.
//!
//! Placements are indexed by their rank as a partial permutation of cells
//! (N²·(N²−1)·…), one byte each. The search keeps three bitsets over (placement, blank cell)
//! instead of a queue, which bounds its memory at a few bits per state.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use crate::puzzle::{Board, MAX_CELLS, Size};
use crate::solver::SolveError;
use crate::solver::compact_table;
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::table_cache::BuildProgress;
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

/// What a compact partition's signature ends with.
const COMPACT_SUFFIX: &str = ";4bit";

/// The most groups a partition may have (6×6 in groups of four needs nine).
pub const MAX_GROUPS: usize = 12;
/// The largest group we build: eight tiles of 4×4 is 518,918,400 placements.
pub const MAX_GROUP_TILES: usize = 8;

/// A partition of the tiles of one size into disjoint groups, and how its tables are stored.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Partition {
    size: Size,
    groups: Vec<Vec<u8>>,
    /// Whether the tables are stored in 4 bits an entry ([`crate::solver::compact_table`])
    /// rather than a byte: part of the tables' identity, so it is in the signature.
    compact: bool,
}

impl Partition {
    /// A partition from explicit groups; every tile 1..N²−1 must appear exactly once.
    pub fn new(size: Size, groups: Vec<Vec<u8>>) -> Result<Partition, String> {
        let mut seen = vec![false; size.cells()];
        if groups.is_empty() || groups.len() > MAX_GROUPS {
            return Err(format!("a partition needs 1 to {MAX_GROUPS} groups"));
        }
        for g in &groups {
            if g.is_empty() || g.len() > MAX_GROUP_TILES {
                return Err(format!("each group needs 1 to {MAX_GROUP_TILES} tiles"));
            }
            for &t in g {
                let ti = t as usize;
                if ti == 0 || ti >= size.cells() || seen[ti] {
                    return Err(format!("tile {t} is out of range or in two groups"));
                }
                seen[ti] = true;
            }
        }
        if let Some(t) = (1..size.cells()).find(|&t| !seen[t]) {
            return Err(format!("tile {t} is in no group"));
        }
        Ok(Partition {
            size,
            groups,
            compact: false,
        })
    }

    /// The same groups, with tables stored in 4 bits an entry (see
    /// [`crate::solver::compact_table`]): half the memory, and a build fails if some entry
    /// does not fit.
    #[must_use]
    pub fn stored_compactly(mut self) -> Partition {
        self.compact = true;
        self
    }

    /// Whether the tables are stored in 4 bits an entry.
    pub fn is_compact(&self) -> bool {
        self.compact
    }

    /// The opt-in larger partition of a size, built only on request
    /// (`slide tables build --size N --large`), stored compactly, and used whenever its file
    /// is in the cache.
    ///
    /// 4×4: 8-7 (the top two rows, and the bottom two rows but the blank), Korf and Felner's
    /// 7-8 split with the blank's corner in the 7-tile group (about 290 MB instead of 580 MB),
    /// in place of the default. 5×5: 6-6-6-6, four blocks of six around the corners (about
    /// 255 MB), beside the default: it guides the bounded search only
    /// ([`Partition::replaces_default`]). The bounded search's plans are only as good as its
    /// guide: on 4×4 the stronger tables let a beam 1/16 as wide find plans as short
    /// (BENCHMARKS.md).
    pub fn large_for(size: Size) -> Option<Partition> {
        let groups: Vec<Vec<u8>> = match size.side() {
            4 => vec![(1..=8).collect(), (9..=15).collect()],
            5 => vec![
                vec![1, 2, 3, 6, 7, 8],
                vec![4, 5, 9, 10, 14, 15],
                vec![11, 12, 16, 17, 21, 22],
                vec![13, 18, 19, 20, 23, 24],
            ],
            _ => return None,
        };
        Some(
            Partition {
                size,
                groups,
                compact: false,
            }
            .stored_compactly(),
        )
    }

    /// Whether a size's large partition takes the default's place everywhere (4×4), or only
    /// guides the bounded search beside it (5×5). On 5×5 the default's values rate boards
    /// (the difficulty calibration was fitted to them) and deal the daily puzzle, which must
    /// not depend on which tables a player has built.
    pub fn replaces_default(size: Size) -> bool {
        size.side() == 4
    }

    /// The partition chosen for each size by measurement (see BENCHMARKS.md).
    ///
    /// 4×4: 6-6-3 with the first column and its neighbours, the block around the blank's
    /// corner, and the rest of the top row: on Korf's 100 it expands 45% fewer nodes than the
    /// left-half/right-half/bottom-row split (30.9 M against 56.0 M). 5×5: 5-5-5-5-4 blocks.
    /// 6×6: 2×2 blocks, 4 tiles each.
    pub fn default_for(size: Size) -> Partition {
        let groups: Vec<Vec<u8>> = match size.side() {
            3 => vec![vec![1, 2, 4, 5], vec![3, 6, 7, 8]],
            4 => vec![vec![1, 5, 6, 9, 10, 13], vec![7, 8, 11, 12, 14, 15], vec![2, 3, 4]],
            5 => vec![
                vec![1, 2, 3, 6, 7],
                vec![4, 5, 8, 9, 10],
                vec![11, 12, 16, 17, 21],
                vec![13, 14, 18, 19, 23],
                vec![15, 20, 22, 24],
            ],
            _ => blocks(size, 2),
        };
        Partition {
            size,
            groups,
            compact: false,
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The groups of tiles.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// Group sizes joined by dashes, e.g. `6-6-3`.
    pub fn name(&self) -> String {
        self.groups
            .iter()
            .map(|g| g.len().to_string())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// A short text that identifies the exact groups and the storage (for cache headers
    /// and file names): e.g. `4x4:1,2,3/4,5` for byte tables, with `;4bit` appended for
    /// compact ones.
    pub fn signature(&self) -> String {
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|g| g.iter().map(ToString::to_string).collect::<Vec<_>>().join(","))
            .collect();
        let storage = if self.compact { COMPACT_SUFFIX } else { "" };
        format!(
            "{}x{}:{}{storage}",
            self.size.side(),
            self.size.side(),
            groups.join("/")
        )
    }

    /// Bytes one group's table takes in memory and on disk.
    pub fn table_bytes(&self, tiles: usize) -> u64 {
        let entries = placements(self.size.cells(), tiles);
        if self.compact { entries.div_ceil(2) } else { entries }
    }

    /// The number of entries the tables hold in all.
    pub fn entries(&self) -> u64 {
        self.groups.iter().map(|g| placements(self.size.cells(), g.len())).sum()
    }

    /// Reads back a [`Partition::signature`] (from a cache file's header).
    pub fn from_signature(sig: &str) -> Result<Partition, String> {
        let bad = || format!("'{sig}' is not a partition signature");
        let (groups_sig, compact) = match sig.strip_suffix(COMPACT_SUFFIX) {
            Some(rest) => (rest, true),
            None => (sig, false),
        };
        let (dims, groups) = groups_sig.split_once(':').ok_or_else(bad)?;
        let (a, b) = dims.split_once('x').ok_or_else(bad)?;
        if a != b {
            return Err(bad());
        }
        let size = a
            .parse::<usize>()
            .ok()
            .and_then(|n| Size::new(n).ok())
            .ok_or_else(bad)?;
        let groups = groups
            .split('/')
            .map(|g| g.split(',').map(str::parse::<u8>).collect::<Result<Vec<u8>, _>>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| bad())?;
        let p = Partition::new(size, groups)?;
        Ok(if compact { p.stored_compactly() } else { p })
    }

    /// Whether mirroring the tiles across the main diagonal maps some group onto tiles that
    /// are not a group of this partition (only then can the mirrored lookup add anything).
    pub fn differs_from_mirror(&self) -> bool {
        let size = self.size;
        let mirror = |t: u8| {
            let (r, c) = size.row_col(size.goal_index(t));
            size.goal_tile(size.index(c, r))
        };
        let sorted = |g: &[u8]| {
            let mut g = g.to_vec();
            g.sort_unstable();
            g
        };
        let own: std::collections::HashSet<Vec<u8>> = self.groups.iter().map(|g| sorted(g)).collect();
        self.groups.iter().any(|g| {
            let m: Vec<u8> = g.iter().map(|&t| mirror(t)).collect();
            !own.contains(&sorted(&m))
        })
    }
}

/// Square blocks of `b`×`b` cells, row by row, the last one short of the blank.
fn blocks(size: Size, b: usize) -> Vec<Vec<u8>> {
    let n = size.side();
    let mut groups = Vec::new();
    for br in (0..n).step_by(b) {
        for bc in (0..n).step_by(b) {
            let mut g = Vec::new();
            for r in br..(br + b).min(n) {
                for c in bc..(bc + b).min(n) {
                    let t = size.goal_tile(size.index(r, c));
                    if t != 0 {
                        g.push(t);
                    }
                }
            }
            groups.push(g);
        }
    }
    groups
}

/// Number of ways to place `k` distinct tiles on `cells` cells.
pub fn placements(cells: usize, k: usize) -> u64 {
    (0..k).map(|i| (cells - i) as u64).product()
}

/// Bytes one group's build needs: three bitsets over (placement, blank cell) and the table.
fn build_bytes(cells: usize, k: usize) -> u64 {
    let configs = placements(cells, k);
    configs
        .saturating_mul(cells as u64)
        .div_ceil(8)
        .saturating_mul(3)
        .saturating_add(configs)
}

/// Rank of a placement (distinct cells `pos`) among all placements of its length: the
/// `i`-th digit is the cell's index among the cells not used by earlier tiles.
#[inline]
pub(crate) fn rank(pos: &[u8], cells: usize) -> usize {
    let mut used = 0u64;
    let mut r = 0usize;
    for (i, &p) in pos.iter().enumerate() {
        let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
        r = r * (cells - i) + (p as usize - below);
        used |= 1u64 << p;
    }
    r
}

/// Inverse of [`rank`].
fn unrank(mut r: usize, k: usize, cells: usize, pos: &mut [u8]) {
    let mut digits = [0usize; MAX_GROUP_TILES];
    for i in (0..k).rev() {
        digits[i] = r % (cells - i);
        r /= cells - i;
    }
    let mut used = 0u64;
    for i in 0..k {
        let mut d = digits[i];
        let mut cell = 0;
        loop {
            if used & (1u64 << cell) == 0 {
                if d == 0 {
                    break;
                }
                d -= 1;
            }
            cell += 1;
        }
        pos[i] = cell as u8;
        used |= 1u64 << cell;
    }
}

/// [`unrank`], for other modules' tests.
#[cfg(test)]
pub(crate) fn unrank_for_tests(r: usize, k: usize, cells: usize, pos: &mut [u8]) {
    unrank(r, k, cells, pos);
}

/// A fixed-size bitset.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }
    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }
    #[inline]
    fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    fn clear(&mut self) {
        self.0.fill(0);
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// Cell masks for sliding the blank's reachable region by one step.
struct Grid {
    side: usize,
    cells: usize,
    all: u64,
    not_left: u64,
    not_right: u64,
    neighbours: [u64; MAX_CELLS],
}

impl Grid {
    fn new(size: Size) -> Grid {
        let (n, cells) = (size.side(), size.cells());
        let all = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let (mut not_left, mut not_right) = (0u64, 0u64);
        let mut neighbours = [0u64; MAX_CELLS];
        for i in 0..cells {
            let (r, c) = (i / n, i % n);
            if c > 0 {
                not_left |= 1 << i;
                neighbours[i] |= 1 << (i - 1);
            }
            if c + 1 < n {
                not_right |= 1 << i;
                neighbours[i] |= 1 << (i + 1);
            }
            if r > 0 {
                neighbours[i] |= 1 << (i - n);
            }
            if r + 1 < n {
                neighbours[i] |= 1 << (i + n);
            }
        }
        Grid {
            side: n,
            cells,
            all,
            not_left,
            not_right,
            neighbours,
        }
    }

    /// The cells the blank reaches from `start` without moving any cell in `blocked`.
    #[inline]
    fn region(&self, start: usize, blocked: u64) -> u64 {
        let free = self.all & !blocked;
        let mut region = 1u64 << start;
        loop {
            let grown = region
                | ((region & self.not_right) << 1)
                | ((region & self.not_left) >> 1)
                | (region << self.side)
                | (region >> self.side);
            let grown = grown & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Builds one group's table: fewest moves of the group's tiles for every placement.
fn build_group(size: Size, tiles: &[u8], report: &mut dyn FnMut(u64)) -> Vec<u8> {
    let grid = Grid::new(size);
    let (cells, k) = (grid.cells, tiles.len());
    let configs = placements(cells, k) as usize;
    let states = configs * cells;
    let mut table = vec![u8::MAX; configs];
    let mut closed = Bits::new(states);
    let mut current = Bits::new(states);
    let mut next = Bits::new(states);

    let mut goal = [0u8; MAX_GROUP_TILES];
    for (i, &t) in tiles.iter().enumerate() {
        goal[i] = size.goal_index(t) as u8;
    }
    current.set(rank(&goal[..k], cells) * cells + (cells - 1));

    let mut depth = 0u8;
    let mut done = 0u64;
    let mut pos = [0u8; MAX_GROUP_TILES];
    while !current.is_empty() {
        for word in 0..current.0.len() {
            let mut bits = current.0[word];
            while bits != 0 {
                let state = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if closed.get(state) {
                    continue;
                }
                let (config, blank) = (state / cells, state % cells);
                unrank(config, k, cells, &mut pos);
                let occupied = pos[..k].iter().fold(0u64, |m, &p| m | (1u64 << p));
                let region = grid.region(blank, occupied);
                let mut r = region;
                while r != 0 {
                    let x = r.trailing_zeros() as usize;
                    r &= r - 1;
                    closed.set(config * cells + x);
                }
                if table[config] == u8::MAX {
                    table[config] = depth;
                    done += 1;
                    if done & 0xF_FFFF == 0 {
                        report(done);
                    }
                }
                // Each group tile next to the region may step into it; the blank takes its cell.
                for i in 0..k {
                    let from = pos[i] as usize;
                    let mut targets = grid.neighbours[from] & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        let mut moved = pos;
                        moved[i] = to;
                        let child = rank(&moved[..k], cells) * cells + from;
                        if !closed.get(child) {
                            next.set(child);
                        }
                    }
                }
            }
        }
        std::mem::swap(&mut current, &mut next);
        next.clear();
        depth += 1;
    }
    report(configs as u64);
    table
}

/// Pattern databases for one partition: one table per group.
pub struct PatternDb {
    partition: Partition,
    tables: Vec<Vec<u8>>,
    /// For each tile, its group (tile 0 unused).
    group_of: [u8; MAX_CELLS],
    /// Tile mirrored across the diagonal.
    mirror_tile: [u8; MAX_CELLS],
    /// Cell mirrored across the diagonal.
    mirror_cell: [u8; MAX_CELLS],
    /// Whether the mirrored lookup can differ from the direct one (see the module docs).
    mirror: bool,
    /// `distance[tile][cell]`: the tile's Manhattan distance from its goal when at `cell`
    /// (compact tables store the value less the group's distance).
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
}

impl PatternDb {
    /// Builds every group's table, two groups at a time (one per core), reporting progress
    /// from the calling thread about ten times a second.
    ///
    /// Fails, rather than returning incomplete tables, when a group would need more than
    /// [`MAX_BUILD_BYTES`] or its build panics. The build threads are named with
    /// [`crate::threads::THREAD_PREFIX`], so the game's panic hook treats a panic there as the solver's
    /// (caught and reported) rather than as the game's.
    pub fn build(partition: &Partition, progress: &dyn Fn(BuildProgress)) -> Result<PatternDb, SolveError> {
        PatternDb::build_with(partition, progress, &build_group)
    }

    /// [`PatternDb::build`] with the group builder given (tests inject a failing one).
    pub(crate) fn build_with(
        partition: &Partition,
        progress: &dyn Fn(BuildProgress),
        builder: &GroupBuilder<'_>,
    ) -> Result<PatternDb, SolveError> {
        use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
        let size = partition.size;
        if let Some(g) = partition
            .groups
            .iter()
            .find(|g| build_bytes(size.cells(), g.len()) > MAX_BUILD_BYTES)
        {
            return Err(SolveError::Tables(format!(
                "a group of {} tiles on {size} needs {} MB to build, more than the {} MB allowed",
                g.len(),
                build_bytes(size.cells(), g.len()) >> 20,
                MAX_BUILD_BYTES >> 20
            )));
        }
        let total = partition.entries();
        let done = AtomicU64::new(0);
        let finished = AtomicBool::new(false);
        let what = format!("{} pattern databases {}", size, partition.name());
        let groups = &partition.groups;
        let threads = std::thread::available_parallelism().map_or(1, usize::from).min(2);
        // Largest groups first so the workers finish together.
        let mut order: Vec<usize> = (0..groups.len()).collect();
        order.sort_by_key(|&g| std::cmp::Reverse(groups[g].len()));
        let next = AtomicUsize::new(0);
        // The first failure, if any; once set, the other workers stop taking groups.
        let failure: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);
        let failed = AtomicBool::new(false);
        let results = std::sync::Mutex::new(vec![Vec::new(); groups.len()]);
        let fail = |why: String| {
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
                                if partition.compact {
                                    compact_table::compact(size, &groups[g], &table)
                                } else {
                                    Ok(table)
                                }
                            });
                            match built {
                                Ok(Err(why)) => fail(format!("group {}: {why}", g + 1)),
                                Ok(Ok(table)) => match results.lock() {
                                    Ok(mut r) => r[g] = table,
                                    Err(_) => fail("a build thread failed".into()),
                                },
                                Err(panic) => fail(format!(
                                    "building group {} panicked: {}",
                                    g + 1,
                                    panic_message(panic.as_ref())
                                )),
                            }
                        }
                    });
                match spawned {
                    Ok(w) => workers.push(w),
                    Err(e) => fail(format!("cannot start a build thread: {e}")),
                }
            }
            let watcher = std::thread::Builder::new()
                .name(thread_name("pdb-join"))
                .spawn_scoped(s, || {
                    for w in workers {
                        if w.join().is_err() {
                            fail("a build thread panicked".into());
                        }
                    }
                    finished.store(true, Ordering::Release);
                });
            if let Err(e) = watcher {
                // Without the watcher nobody ends the progress loop; the scope joins the
                // workers on its way out instead.
                fail(format!("cannot start a build thread: {e}"));
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
            return Err(SolveError::Tables(why));
        }
        let tables = results.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Every table must be whole: an empty or short one would panic at the first lookup.
        for (g, (t, tiles)) in tables.iter().zip(groups).enumerate() {
            if t.len() as u64 != partition.table_bytes(tiles.len()) {
                return Err(SolveError::Tables(format!("group {} was not built", g + 1)));
            }
        }
        progress(BuildProgress::Building {
            what,
            done: total,
            total,
        });
        Ok(PatternDb::from_tables(partition.clone(), tables))
    }

    /// Wraps tables that were built or loaded for `partition` (lengths already checked).
    pub(crate) fn from_tables(partition: Partition, tables: Vec<Vec<u8>>) -> PatternDb {
        let size = partition.size;
        let mut group_of = [0u8; MAX_CELLS];
        for (g, tiles) in partition.groups.iter().enumerate() {
            for &t in tiles {
                group_of[t as usize] = g as u8;
            }
        }
        let mut mirror_tile = [0u8; MAX_CELLS];
        let mut mirror_cell = [0u8; MAX_CELLS];
        for cell in 0..size.cells() {
            let (r, c) = size.row_col(cell);
            let m = size.index(c, r);
            mirror_cell[cell] = m as u8;
            mirror_tile[size.goal_tile(cell) as usize] = size.goal_tile(m);
        }
        let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
        for (t, row) in distance.iter_mut().enumerate().take(size.cells()).skip(1) {
            let (gr, gc) = size.row_col(size.goal_index(t as u8));
            for (cell, d) in row.iter_mut().enumerate().take(size.cells()) {
                let (r, c) = size.row_col(cell);
                *d = (r.abs_diff(gr) + c.abs_diff(gc)) as u8;
            }
        }
        PatternDb {
            distance,
            mirror: partition.differs_from_mirror(),
            partition,
            tables,
            group_of,
            mirror_tile,
            mirror_cell,
        }
    }

    /// The bounded search's rank ([`Incremental::rank`], quarter moves) from the direct and
    /// mirrored sums: their mean where the mirror is looked up, since two estimates of one
    /// distance, each off by its own tables' blind spots, rank boards better together than
    /// either does, or than their maximum.
    #[inline]
    pub(crate) fn rank_of_sums(&self, sum: u32, msum: u32) -> u32 {
        if self.mirror { 2 * (sum + msum) } else { 4 * sum }
    }

    /// Whether the heuristic also looks up the board mirrored across the diagonal. False
    /// when the partition is its own mirror, where that lookup always equals the direct one.
    pub fn uses_mirror(&self) -> bool {
        self.mirror
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The tables, one per group, indexed by placement rank.
    pub(crate) fn tables(&self) -> &[Vec<u8>] {
        &self.tables
    }

    /// Bytes of table memory.
    pub fn memory_bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// The rank of group `g`'s placement, its index in the group's table.
    #[inline]
    fn group_rank(&self, g: usize, cell_of: &[u8; MAX_CELLS]) -> usize {
        let tiles = &self.partition.groups[g];
        let mut pos = [0u8; MAX_GROUP_TILES];
        for (i, &t) in tiles.iter().enumerate() {
            pos[i] = cell_of[t as usize];
        }
        rank(&pos[..tiles.len()], self.partition.size.cells())
    }

    /// Group `g`'s value from a byte table (the default partitions' search loop).
    #[inline]
    fn group_value(&self, g: usize, cell_of: &[u8; MAX_CELLS]) -> u8 {
        self.tables[g][self.group_rank(g, cell_of)]
    }

    /// Group `g`'s value from a compact table, given the group's Manhattan distance `md`.
    #[inline]
    pub(crate) fn compact_group_value(&self, g: usize, cell_of: &[u8; MAX_CELLS], md: u8) -> u8 {
        md + 2 * compact_table::entry(&self.tables[g], self.group_rank(g, cell_of))
    }

    /// The Manhattan distance of group `g`'s tiles.
    pub(crate) fn group_manhattan(&self, g: usize, cell_of: &[u8; MAX_CELLS]) -> u8 {
        self.partition.groups[g]
            .iter()
            .map(|&t| self.distance[t as usize][cell_of[t as usize] as usize])
            .sum()
    }

    /// Tile `t`'s Manhattan distance from its goal when at `cell`.
    #[inline]
    pub(crate) fn tile_distance(&self, t: usize, cell: usize) -> u8 {
        self.distance[t][cell]
    }

    /// The group of tile `t`.
    #[inline]
    pub(crate) fn group_of(&self, t: usize) -> usize {
        self.group_of[t] as usize
    }

    /// Tile `t` mirrored across the diagonal.
    #[inline]
    pub(crate) fn mirror_tile(&self, t: usize) -> usize {
        self.mirror_tile[t] as usize
    }

    /// Cell `c` mirrored across the diagonal.
    #[inline]
    pub(crate) fn mirror_cell(&self, c: usize) -> usize {
        self.mirror_cell[c] as usize
    }

    /// Group `g`'s value, whatever the storage.
    fn any_group_value(&self, g: usize, cell_of: &[u8; MAX_CELLS]) -> u8 {
        if self.partition.compact {
            self.compact_group_value(g, cell_of, self.group_manhattan(g, cell_of))
        } else {
            self.group_value(g, cell_of)
        }
    }

    /// Every group's value and their sum.
    pub(crate) fn sums(&self, cell_of: &[u8; MAX_CELLS]) -> ([u8; MAX_GROUPS], u32) {
        let mut vals = [0u8; MAX_GROUPS];
        let mut sum = 0;
        for (g, v) in vals.iter_mut().enumerate().take(self.partition.groups.len()) {
            *v = self.any_group_value(g, cell_of);
            sum += u32::from(*v);
        }
        (vals, sum)
    }

    /// The cell of every tile, on the board and on its mirror.
    pub(crate) fn cells_of(&self, board: &SearchBoard) -> ([u8; MAX_CELLS], [u8; MAX_CELLS]) {
        let mut cell_of = [0u8; MAX_CELLS];
        let mut mirrored = [0u8; MAX_CELLS];
        for cell in 0..board.side * board.side {
            let t = board.tiles[cell] as usize;
            cell_of[t] = cell as u8;
            mirrored[self.mirror_tile[t] as usize] = self.mirror_cell[cell];
        }
        (cell_of, mirrored)
    }

    /// The sum over groups, without the mirror.
    pub fn additive_value(&self, board: &Board) -> u32 {
        self.sums(&self.cells_of(&SearchBoard::new(board)).0).1
    }

    /// The sum over groups for the board mirrored across the diagonal, looked up whether or
    /// not [`PatternDb::uses_mirror`] (tests compare it with the direct sum).
    pub fn mirrored_value(&self, board: &Board) -> u32 {
        self.sums(&self.cells_of(&SearchBoard::new(board)).1).1
    }

    /// The heuristic: the larger of the board's and its mirror's sums (the mirror only where
    /// it can differ).
    pub fn value(&self, board: &Board) -> u32 {
        let (cell_of, mirrored) = self.cells_of(&SearchBoard::new(board));
        let direct = self.sums(&cell_of).1;
        if self.mirror {
            direct.max(self.sums(&mirrored).1)
        } else {
            direct
        }
    }
}

/// Pattern databases as a search heuristic: both sums kept per move.
pub(crate) struct PdbHeuristic<'a> {
    db: &'a PatternDb,
}

#[derive(Clone, Copy)]
pub(crate) struct PdbState {
    cell_of: [u8; MAX_CELLS],
    mirrored: [u8; MAX_CELLS],
    vals: [u8; MAX_GROUPS],
    mvals: [u8; MAX_GROUPS],
    sum: u32,
    msum: u32,
}

impl<'a> PdbHeuristic<'a> {
    /// The heuristic over byte tables (compact ones have [`CompactPdbHeuristic`]).
    ///
    /// [`CompactPdbHeuristic`]: crate::solver::compact_table::CompactPdbHeuristic
    pub fn new(db: &'a Arc<PatternDb>) -> PdbHeuristic<'a> {
        debug_assert!(!db.partition.compact, "compact tables have their own heuristic");
        PdbHeuristic { db }
    }
}

impl Incremental for PdbHeuristic<'_> {
    type State = PdbState;

    fn init(&self, board: &SearchBoard) -> PdbState {
        let (cell_of, mirrored) = self.db.cells_of(board);
        let (vals, sum) = self.db.sums(&cell_of);
        // Without the mirror its sum stays 0, so `h` is the direct sum.
        let (mvals, msum) = if self.db.mirror {
            self.db.sums(&mirrored)
        } else {
            ([0; MAX_GROUPS], 0)
        };
        PdbState {
            cell_of,
            mirrored,
            vals,
            mvals,
            sum,
            msum,
        }
    }

    #[inline]
    fn h(&self, s: &PdbState) -> u32 {
        s.sum.max(s.msum)
    }

    #[inline]
    fn rank(&self, s: &PdbState) -> u32 {
        self.db.rank_of_sums(s.sum, s.msum)
    }

    #[inline]
    fn update(&self, s: &mut PdbState, _board: &SearchBoard, tile: u8, _from: usize, to: usize) {
        self.update_direct(s, tile, to);
        if self.db.mirror {
            self.update_mirror(s, tile, to);
        }
    }

    #[inline]
    fn update_within(
        &self,
        s: &mut PdbState,
        _board: &SearchBoard,
        tile: u8,
        _from: usize,
        to: usize,
        limit: u32,
    ) -> u32 {
        // Most children are cut off; the direct sum alone usually proves it, which saves the
        // mirror's table lookup.
        self.update_direct(s, tile, to);
        if s.sum > limit || !self.db.mirror {
            return s.sum;
        }
        self.update_mirror(s, tile, to);
        s.sum.max(s.msum)
    }
}

impl PdbHeuristic<'_> {
    #[inline]
    fn update_direct(&self, s: &mut PdbState, tile: u8, to: usize) {
        let db = self.db;
        let t = tile as usize;
        s.cell_of[t] = to as u8;
        let g = db.group_of[t] as usize;
        let v = db.group_value(g, &s.cell_of);
        s.sum = s.sum + u32::from(v) - u32::from(s.vals[g]);
        s.vals[g] = v;
    }

    #[inline]
    fn update_mirror(&self, s: &mut PdbState, tile: u8, to: usize) {
        let db = self.db;
        let mt = db.mirror_tile[tile as usize] as usize;
        s.mirrored[mt] = db.mirror_cell[to];
        let mg = db.group_of[mt] as usize;
        let mv = db.group_value(mg, &s.mirrored);
        s.msum = s.msum + u32::from(mv) - u32::from(s.mvals[mg]);
        s.mvals[mg] = mv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        let cells = 16;
        let mut pos = [0u8; MAX_GROUP_TILES];
        for r in [0usize, 1, 17, 999, 5_765_759] {
            unrank(r, 6, cells, &mut pos);
            assert_eq!(rank(&pos[..6], cells), r);
        }
        assert_eq!(placements(16, 6), 5_765_760);
    }

    #[test]
    fn default_partitions_are_valid() {
        for size in Size::ALL {
            let p = Partition::default_for(size);
            assert!(Partition::new(size, p.groups.clone()).is_ok(), "{size}");
        }
        assert_eq!(Partition::default_for(Size::FOUR).name(), "6-6-3");
        assert!(Partition::new(Size::THREE, vec![vec![1, 2, 3]]).is_err());
    }

    #[test]
    fn three_by_three_tables_are_admissible_and_zero_at_goal() {
        let p = Partition::default_for(Size::THREE);
        let db = PatternDb::build(&p, &|_| {}).unwrap();
        assert_eq!(db.value(&Board::goal(Size::THREE)), 0);
        let exact = crate::solver::ExactTable::build();
        let mut rng = crate::puzzle::SeededRng::new(5);
        for _ in 0..2000 {
            let b = Board::random(Size::THREE, &mut rng);
            assert!(db.value(&b) <= exact.distance(&b));
            assert!(db.value(&b) >= db.additive_value(&b));
        }
    }
    /// The default 5×5 and 6×6 databases, built once per test binary. They are cached in a
    /// folder of the system's temporary directory (never the user's own cache), so runs after
    /// the first load them; a damaged or stale file there is simply rebuilt.
    fn large(size: Size) -> &'static Arc<PatternDb> {
        use std::sync::OnceLock;
        static TABLES: [OnceLock<Arc<PatternDb>>; 2] = [OnceLock::new(), OnceLock::new()];
        TABLES[size.side() - 5].get_or_init(|| {
            // One folder per checkout, so worktrees on other branches never share files.
            let checkout = env!("CARGO_MANIFEST_DIR")
                .bytes()
                .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
            let dir = std::env::temp_dir().join(format!("slide-unit-test-tables-{checkout:016x}"));
            let cache = crate::solver::TableCache::at(dir);
            Arc::new(
                cache
                    .load_or_build(Partition::default_for(size), &|_| {})
                    .expect("tables build"),
            )
        })
    }

    /// Walks `steps` random moves from `board`, checking at every step that the heuristic's
    /// incremental state agrees with a fresh one and with [`PatternDb::value`], that
    /// `update_within` stays admissible when it stops early, and, when the walk started at
    /// the goal, that the value never exceeds the number of moves walked (an upper bound on
    /// the optimal distance).
    fn walk(db: &Arc<PatternDb>, start: Board, from_goal: bool, seed: u64, steps: u32) {
        let h = PdbHeuristic::new(db);
        let mut rng = crate::puzzle::SeededRng::new(seed);
        let mut board = start;
        let mut sb = SearchBoard::new(&board);
        let mut state = h.init(&sb);
        for walked in 1..=steps {
            let moves: Vec<crate::puzzle::Move> = board.legal_moves().collect();
            let m = moves[rng.index(moves.len())];
            let blank = sb.blank;
            let from = m.source(blank, sb.side).expect("legal");
            let tile = sb.tiles[from];
            board.try_move(m);
            sb = SearchBoard::new(&board);
            let mut quick_state = state;
            let limit = h.h(&state).saturating_sub(1);
            let quick = h.update_within(&mut quick_state, &sb, tile, from, blank, limit);
            h.update(&mut state, &sb, tile, from, blank);
            let fresh = h.init(&sb);
            let value = db.value(&board);
            assert_eq!(h.h(&state), h.h(&fresh), "{board}");
            assert_eq!(h.h(&state), value, "{board}");
            if quick <= limit {
                assert_eq!(quick, value, "{board}");
            } else {
                assert!(quick <= value, "an early value must stay admissible: {board}");
            }
            if from_goal {
                assert!(value <= walked, "{board}: {value} > {walked} moves walked");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(16))]

        #[test]
        fn large_databases_are_admissible_on_walks_from_the_goal(seed in proptest::prelude::any::<u64>()) {
            for size in [Size::FIVE, Size::SIX] {
                walk(large(size), Board::goal(size), true, seed, 120);
            }
        }

        #[test]
        fn large_databases_update_like_a_fresh_evaluation(seed in proptest::prelude::any::<u64>()) {
            let mut rng = crate::puzzle::SeededRng::new(seed);
            for size in [Size::FIVE, Size::SIX] {
                walk(large(size), Board::random(size, &mut rng), false, seed, 80);
            }
        }
    }

    #[test]
    fn large_databases_are_admissible_on_a_fixed_set_of_walks() {
        // Seeded, so every run checks these same boards whatever proptest draws.
        for seed in 0..40 {
            for size in [Size::FIVE, Size::SIX] {
                walk(large(size), Board::goal(size), true, seed, 60 + seed as u32 * 3);
            }
        }
    }

    #[test]
    fn the_mirror_is_skipped_exactly_where_the_partition_is_its_own_mirror() {
        let own_mirror: Vec<bool> = Size::ALL
            .iter()
            .map(|&s| !Partition::default_for(s).differs_from_mirror())
            .collect();
        assert_eq!(own_mirror, [true, false, false, true], "3×3, 4×4, 5×5, 6×6");

        // Where it is skipped, the mirrored sum always equals the direct one, so the value
        // is unchanged by skipping it.
        let db3 = PatternDb::build(&Partition::default_for(Size::THREE), &|_| {}).unwrap();
        let mut rng = crate::puzzle::SeededRng::new(12);
        for (db, size) in [(&db3, Size::THREE), (large(Size::SIX).as_ref(), Size::SIX)] {
            assert!(!db.uses_mirror());
            for _ in 0..500 {
                let b = Board::random(size, &mut rng);
                assert_eq!(db.mirrored_value(&b), db.additive_value(&b), "{b}");
                assert_eq!(db.value(&b), db.additive_value(&b), "{b}");
            }
        }
        // Where it is used, the value is the larger sum, and sometimes the mirror's.
        let db5 = large(Size::FIVE);
        assert!(db5.uses_mirror());
        let mut mirror_wins = 0;
        for _ in 0..500 {
            let b = Board::random(Size::FIVE, &mut rng);
            assert_eq!(db5.value(&b), db5.additive_value(&b).max(db5.mirrored_value(&b)));
            mirror_wins += usize::from(db5.mirrored_value(&b) > db5.additive_value(&b));
        }
        assert!(mirror_wins > 0);
    }

    #[test]
    fn the_beam_ranks_by_the_mean_of_the_direct_and_mirrored_sums() {
        let mut rng = crate::puzzle::SeededRng::new(8);
        let db5 = large(Size::FIVE);
        let h5 = PdbHeuristic::new(db5);
        for _ in 0..200 {
            let b = Board::random(Size::FIVE, &mut rng);
            let s = h5.init(&SearchBoard::new(&b));
            assert_eq!(h5.rank(&s), 2 * (db5.additive_value(&b) + db5.mirrored_value(&b)));
        }
        // Without a mirror the rank is the sum's, in the same quarter moves.
        let db6 = large(Size::SIX);
        let h6 = PdbHeuristic::new(db6);
        let b = Board::random(Size::SIX, &mut rng);
        assert_eq!(h6.rank(&h6.init(&SearchBoard::new(&b))), 4 * db6.value(&b));
    }

    #[test]
    fn signatures_read_back() {
        for size in Size::ALL {
            let p = Partition::default_for(size);
            assert_eq!(Partition::from_signature(&p.signature()), Ok(p));
        }
        for bad in ["", "3x4:1", "3x3:1,2,3", "3x3:1,2,x/3", "9x9:1"] {
            assert!(Partition::from_signature(bad).is_err(), "{bad}");
        }
    }

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
        match PatternDb::build_with(&p, &|_| {}, &panicking) {
            Err(SolveError::Tables(why)) => assert!(why.contains("injected build failure"), "{why}"),
            other => panic!("expected a tables error, got {:?}", other.map(|_| ())),
        }
        // Every build thread carries the prefix the game's panic hook looks for.
        let names = names.into_inner().unwrap();
        assert!(!names.is_empty());
        for n in names {
            assert!(n.is_some_and(|n| crate::threads::is_background_thread(&n)));
        }

        let empty = |_: Size, _: &[u8], _: &mut dyn FnMut(u64)| Vec::new();
        assert!(matches!(
            PatternDb::build_with(&p, &|_| {}, &empty),
            Err(SolveError::Tables(why)) if why.contains("not built")
        ));

        // Too large to build: refused before allocating anything.
        let tiles: Vec<u8> = (1..36).collect();
        let groups: Vec<Vec<u8>> = tiles.chunks(8).map(<[u8]>::to_vec).collect();
        let huge = Partition::new(Size::SIX, groups).unwrap();
        assert!(matches!(
            PatternDb::build(&huge, &|_| {}),
            Err(SolveError::Tables(why)) if why.contains("MB")
        ));
    }
}
