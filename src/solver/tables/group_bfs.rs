//! One group's table: a breadth-first search backward from the goal in which only moves of
//! the group's tiles count.
//!
//! A state is a placement of the group's tiles and the blank's region, the free cells the
//! blank reaches without moving a group tile ([`GroupSpace`]): moving the blank inside its
//! region is free, so every edge of the search is one move of a group tile into the region,
//! the blank taking the cell it left (and every edge can be taken back). A placement's entry
//! is the depth at which the search first meets any of its states.
//!
//! How it stays lean and uses every core:
//! - each state has 2 bits: unseen, this level's frontier, the next level's, or done; the two
//!   frontier values swap meaning from one level to the next, so the frontier is implicit: a
//!   level scans the marks for its own value, and no queue or second bitset is kept;
//! - the threads take whole blocks of states (one order of the tiles each, see
//!   [`GroupSpace`]) in small chunks;
//! - while the frontier is small a level *pushes*: each frontier state marks its unseen
//!   neighbours (an atomic `or`, since a neighbour may lie in another thread's block); once the
//!   frontier is large it *pulls*: each unseen state looks for a frontier neighbour and stops
//!   at the first, marking only itself, in its own thread's block, with a plain write
//!   (Beamer, Asanović and Patterson's direction-optimizing search);
//! - a neighbour costs two lookups: the moves out of each region of a block are the same in
//!   every order's block ([`GroupSpace::moves_of`]: where each lands within a block, and which
//!   tile place moves how far), and the order a move leads to is one entry of the order's row
//!   ([`GroupSpace::steps_from`]); no cell, subset or order rank is computed per state;
//! - nothing is allocated per state; a placement's entry is written once, at its first depth,
//!   into a table in the index's own order (each thread writing its own blocks), checked to
//!   fit 4 bits as it is written for compact partitions, and the table is put in rank order
//!   at the end by all threads, each filling its own part, the ranks of a placement's index
//!   updated by additions as the last tile walks its free cells.
//!
//! For the large 4×4 group (8 tiles) that is 1.43 billion states in 356 MB of marks, 65 MB
//! of placement bits and the table twice (259 MB each in 4 bits, the first freed with the
//! marks before the second is made), where three bitsets over (placement, blank cell) took
//! 3.1 GB.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};

use crate::puzzle::{SEARCH_CELLS, Size};
use crate::solver::heuristic::manhattan::cell_distance;
use crate::solver::tables::build_control::{BuildControl, Checkpoint};
use crate::solver::tables::compact_table::{CompactError, entry_for};
use crate::solver::tables::group_space::{GroupSpace, sorted_cells};
use crate::solver::tables::placement::{MAX_GROUP_TILES, placements};
use crate::threads::{lock, thread_name};

/// States scanned per piece of work (a few milliseconds), between looks at the control.
const CHUNK_STATES: u64 = 1 << 20;

/// Every 2-bit entry of a word set to `1`: the low bit of each entry.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The mark of a state expanded already (0 is unseen).
const DONE: u64 = 3;

/// A level pulls when its frontier holds more than this share of the unseen states (in
/// 1/1024ths): then most unseen states find a frontier neighbour after a probe or two.
/// Measured on the large 4×4 group: pulling at a frontier of 5% of the unseen states took
/// about 7 times as long as pushing would have (an unseen state probes most of its
/// neighbours before it finds one in the frontier, if it does), so only the last levels,
/// whose frontier outnumbers what is left, pull.
const PULL_AT: u64 = 1024;

/// Why a group's build gave up.
#[derive(Debug)]
pub(crate) enum GroupFailure {
    /// An entry does not fit the compact storage.
    Compact(CompactError),
    /// The control stopped it.
    Stopped,
}

/// What one group's build needs.
pub(crate) struct GroupJob<'a> {
    pub size: Size,
    pub tiles: &'a [u8],
    /// Store entries in 4 bits ((value − distance) / 2) rather than a byte.
    pub compact: bool,
    /// Threads to use on each level (at least 1).
    pub threads: usize,
    /// Counts the work done, in [`SEARCH_UNITS`] a placement whose entry is written and
    /// [`ORDER_UNITS`] a placement put in rank order.
    pub done: &'a AtomicU64,
    pub control: &'a BuildControl,
}

/// Bytes a group's build needs at most: the marks (at most a state per free cell of each
/// placement), a bit per placement, the table twice and the index's tables. Cheap to compute
/// before anything is allocated.
pub(crate) fn build_bytes(cells: usize, k: usize, compact: bool) -> u64 {
    let configs = placements(cells, k);
    let states = configs.saturating_mul((cells - k) as u64);
    let table = if compact { configs.div_ceil(2) } else { configs };
    states
        .div_ceil(4)
        .saturating_add(configs.div_ceil(8))
        .saturating_add(table.saturating_mul(2))
        .saturating_add(GroupSpace::tables_bytes(cells, k))
}

/// Progress units a placement's entry is worth when the search writes it, and when it is
/// put in rank order afterwards: about their shares of a build's time. The rank-order pass of
/// the large 4×4 tables' 8-tile group took about 40 s of a 5-minute build (2026-12-04, nice 19
/// at load 7), and unweighted, progress stood still at 90% through it.
pub(crate) const SEARCH_UNITS: u64 = 6;
/// See [`SEARCH_UNITS`].
pub(crate) const ORDER_UNITS: u64 = 1;

/// Progress units of a whole group of `k` tiles on `cells` cells (search and rank order).
pub(crate) fn group_units(cells: usize, k: usize) -> u64 {
    placements(cells, k) * (SEARCH_UNITS + ORDER_UNITS)
}

/// The mark of the states of depth `depth` until they are expanded: 1 and 2 in turn.
#[inline]
fn frontier(depth: u32) -> u64 {
    u64::from(depth % 2) + 1
}

/// Builds the table of `job`'s group: one entry per placement, indexed by its rank
/// ([`crate::solver::tables::placement::rank`]), in a byte or (compact) 4 bits.
pub(crate) fn build_group(job: &GroupJob<'_>) -> Result<Vec<u8>, GroupFailure> {
    let search = Search::new(job);
    search.run()?;
    let Search {
        space,
        mine,
        compact,
        marks,
        written,
        ..
    } = search;
    // The marks and the written bits go before the table in rank order is made.
    drop((marks, written));
    let mine: Vec<u8> = mine.into_iter().map(AtomicU8::into_inner).collect();
    Ok(in_rank_order(job, &space, &mine, compact))
}

/// How a level goes (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Push,
    Pull,
}

/// One group's search: the index, the marks, and the table being filled in the index's
/// order.
struct Search<'a> {
    job: &'a GroupJob<'a>,
    space: GroupSpace,
    k: usize,
    compact: bool,
    /// 2 bits a state: 0 unseen, [`frontier`] of its depth until expanded, then [`DONE`].
    marks: Vec<AtomicU64>,
    /// Words of marks in a block.
    block_words: usize,
    /// Placements of one order in `written` and `mine`: the subsets, rounded up to a word.
    stride: u64,
    /// A bit a placement (order, then subset): whether its entry is written.
    written: Vec<AtomicU64>,
    /// The entries by placement (order, then subset), a byte or 4 bits each.
    mine: Vec<AtomicU8>,
    /// `distance[i][cell]`: tile `i`'s Manhattan distance from its goal at `cell`.
    distance: [[u8; SEARCH_CELLS]; MAX_GROUP_TILES],
    /// The first entry that did not fit, if any.
    misfit: Mutex<Option<CompactError>>,
    failed: AtomicBool,
}

impl<'a> Search<'a> {
    fn new(job: &'a GroupJob<'a>) -> Search<'a> {
        let size = job.size;
        let space = GroupSpace::new(size, job.tiles.len());
        let stride = (space.subsets.len() as u64).div_ceil(64) * 64;
        let configs = space.orders * stride;
        let entries = if job.compact { configs / 2 } else { configs };
        let mut distance = [[0u8; SEARCH_CELLS]; MAX_GROUP_TILES];
        for (i, &t) in job.tiles.iter().enumerate() {
            for (cell, d) in distance[i].iter_mut().enumerate().take(size.cells()) {
                *d = cell_distance(size, cell, size.goal_index(t));
            }
        }
        Search {
            marks: (0..space.slots() / 32).map(|_| AtomicU64::new(0)).collect(),
            block_words: (space.block / 32) as usize,
            written: (0..configs / 64).map(|_| AtomicU64::new(0)).collect(),
            mine: (0..entries).map(|_| AtomicU8::new(0)).collect(),
            stride,
            k: space.k,
            compact: job.compact,
            space,
            job,
            distance,
            misfit: Mutex::new(None),
            failed: AtomicBool::new(false),
        }
    }

    /// Level after level until one finds nothing.
    fn run(&self) -> Result<(), GroupFailure> {
        let mut goal = [0u8; MAX_GROUP_TILES];
        let mut mask = 0u64;
        for (i, &t) in self.job.tiles.iter().enumerate() {
            goal[i] = self.job.size.goal_index(t) as u8;
            mask |= 1 << goal[i];
        }
        let s = self.space.subset_rank(mask);
        let order = self.space.order_rank(mask, &goal[..self.k]);
        let start = self.space.state(order, s, self.job.size.cells() - 1);
        self.marks[(start / 32) as usize].fetch_or(frontier(0) << ((start % 32) * 2), Ordering::Relaxed);
        let states = self.space.orders * self.space.regions_in_block() as u64;
        let (mut frontier_size, mut unseen) = (1u64, states - 1);
        for depth in 0.. {
            let direction = if frontier_size * 1024 > unseen * PULL_AT {
                Direction::Pull
            } else {
                Direction::Push
            };
            let found = self.parallel(|orders| self.level(depth, direction, orders))?;
            if direction == Direction::Pull {
                self.parallel(|orders| {
                    self.close(depth, orders);
                    0
                })?;
            }
            if let Some(misfit) = lock(&self.misfit).take() {
                return Err(GroupFailure::Compact(misfit));
            }
            if found == 0 {
                // A level that marked nothing: its frontier was the last (pulling closed it
                // already; pushing closes as it goes).
                return Ok(());
            }
            frontier_size = found;
            unseen -= found;
        }
        Ok(())
    }

    /// Runs `work` over every order's block, the threads taking chunks of orders; returns
    /// the sum of what `work` returns.
    fn parallel(&self, work: impl Fn(std::ops::Range<u64>) -> u64 + Sync) -> Result<u64, GroupFailure> {
        let orders = self.space.orders;
        let chunk = (CHUNK_STATES / self.space.block).max(1);
        let next = AtomicU64::new(0);
        let sum = AtomicU64::new(0);
        let stopped = AtomicBool::new(false);
        let worker = || {
            loop {
                let from = next.fetch_add(chunk, Ordering::Relaxed);
                if from >= orders || self.failed.load(Ordering::Relaxed) {
                    break;
                }
                if self.job.control.checkpoint() == Checkpoint::Stop {
                    stopped.store(true, Ordering::Relaxed);
                    break;
                }
                sum.fetch_add(work(from..(from + chunk).min(orders)), Ordering::Relaxed);
            }
        };
        let threads = self.job.threads.max(1).min(orders.div_ceil(chunk) as usize);
        std::thread::scope(|scope| {
            for n in 1..threads {
                std::thread::Builder::new()
                    .name(thread_name(&format!("pdb-level-{n}")))
                    .spawn_scoped(scope, worker)
                    .expect("the system refused a table build thread");
            }
            worker();
        });
        if stopped.load(Ordering::Relaxed) {
            return Err(GroupFailure::Stopped);
        }
        Ok(sum.load(Ordering::Relaxed))
    }

    /// One level over the blocks of `orders`: pushing from the frontier or pulling into the
    /// unseen states. Returns how many states it marked for the next level.
    fn level(&self, depth: u32, direction: Direction, orders: std::ops::Range<u64>) -> u64 {
        let wanted = frontier(depth) * LOW_BITS;
        let next = frontier(depth + 1);
        let used = self.space.regions_in_block();
        let mut marked = 0u64;
        let mut written = 0u64;
        for order in orders {
            let places = self.space.places(order);
            let steps = self.space.steps_from(order);
            for wb in 0..self.block_words {
                let word = &self.marks[order as usize * self.block_words + wb];
                let w = word.load(Ordering::Relaxed);
                let first = wb * 32;
                // Entries past the block's regions are padding, never states.
                let live = if first + 32 > used {
                    (1u64 << ((used.saturating_sub(first)) * 2)) - 1
                } else {
                    u64::MAX
                };
                match direction {
                    Direction::Push => {
                        let x = w ^ wanted;
                        let mut hits = !(x | (x >> 1)) & LOW_BITS & live;
                        if hits == 0 {
                            continue;
                        }
                        // Expanded now: done, so that no later level takes them again.
                        word.fetch_or(hits * DONE, Ordering::Relaxed);
                        while hits != 0 {
                            let e = first + (hits.trailing_zeros() / 2) as usize;
                            hits &= hits - 1;
                            let (s, _) = self.space.region_at(e);
                            written += u64::from(self.write_entry(order, s, places, depth));
                            marked += self.push(steps, e, next);
                        }
                    }
                    Direction::Pull => {
                        let mut unseen = !(w | (w >> 1)) & LOW_BITS & live;
                        let mut add = 0u64;
                        while unseen != 0 {
                            let bit = unseen.trailing_zeros();
                            unseen &= unseen - 1;
                            let e = first + (bit / 2) as usize;
                            if self.has_neighbour_in(steps, e, frontier(depth)) {
                                add |= next << bit;
                                marked += 1;
                            }
                        }
                        if add != 0 {
                            // Only this thread writes this block while pulling.
                            word.store(w | add, Ordering::Relaxed);
                        }
                    }
                }
            }
        }
        self.job.done.fetch_add(written * SEARCH_UNITS, Ordering::Relaxed);
        marked
    }

    /// After a pulling level: the frontier's entries written and its states marked done.
    fn close(&self, depth: u32, orders: std::ops::Range<u64>) {
        let wanted = frontier(depth) * LOW_BITS;
        let used = self.space.regions_in_block();
        let mut written = 0u64;
        for order in orders {
            let places = self.space.places(order);
            for wb in 0..self.block_words {
                let word = &self.marks[order as usize * self.block_words + wb];
                let w = word.load(Ordering::Relaxed);
                let first = wb * 32;
                let x = w ^ wanted;
                let mut hits = !(x | (x >> 1)) & LOW_BITS;
                if first + 32 > used {
                    hits &= (1u64 << ((used.saturating_sub(first)) * 2)) - 1;
                }
                if hits == 0 {
                    continue;
                }
                word.store(w | (hits * DONE), Ordering::Relaxed);
                while hits != 0 {
                    let e = first + (hits.trailing_zeros() / 2) as usize;
                    hits &= hits - 1;
                    let (s, _) = self.space.region_at(e);
                    written += u64::from(self.write_entry(order, s, places, depth));
                }
            }
        }
        self.job.done.fetch_add(written * SEARCH_UNITS, Ordering::Relaxed);
    }

    /// The tiles' cells for `places` on subset `s`.
    #[inline]
    fn cells(&self, s: usize, places: [u8; MAX_GROUP_TILES]) -> (u64, [u8; MAX_GROUP_TILES]) {
        let mask = self.space.subsets[s];
        let sorted = sorted_cells(mask);
        let mut pos = [0u8; MAX_GROUP_TILES];
        for (p, q) in pos.iter_mut().zip(places).take(self.k) {
            *p = sorted[q as usize];
        }
        (mask, pos)
    }

    /// Marks the unseen neighbours of the block's `e`-th state in the order whose
    /// [`GroupSpace::steps_from`] are `steps` with `next`; returns how many it marked.
    #[inline]
    fn push(&self, steps: &[u16], e: usize, next: u64) -> u64 {
        let block = self.space.block;
        let mut marked = 0;
        for m in self.space.moves_of(e) {
            let index = u64::from(steps[usize::from(m.step)]) * block + u64::from(m.offset);
            let word = &self.marks[(index / 32) as usize];
            let shift = (index % 32) * 2;
            if (word.load(Ordering::Relaxed) >> shift) & 3 == 0 {
                let before = word.fetch_or(next << shift, Ordering::Relaxed);
                marked += u64::from((before >> shift) & 3 == 0);
            }
        }
        marked
    }

    /// Whether a neighbour of the block's `e`-th state (as in [`Search::push`]) bears `mark`.
    #[inline]
    fn has_neighbour_in(&self, steps: &[u16], e: usize, mark: u64) -> bool {
        let block = self.space.block;
        self.space.moves_of(e).iter().any(|m| {
            let index = u64::from(steps[usize::from(m.step)]) * block + u64::from(m.offset);
            let w = self.marks[(index / 32) as usize].load(Ordering::Relaxed);
            (w >> ((index % 32) * 2)) & 3 == mark
        })
    }

    /// Writes the entry of the placement (order, subset `s`) reached at `depth` if it has
    /// none yet; returns whether it wrote it. Only the thread that owns the order's block
    /// writes its placements, so plain writes do.
    #[inline]
    fn write_entry(&self, order: u64, s: usize, places: [u8; MAX_GROUP_TILES], depth: u32) -> bool {
        let p = order * self.stride + s as u64;
        let word = &self.written[(p / 64) as usize];
        let w = word.load(Ordering::Relaxed);
        if w & (1 << (p % 64)) != 0 {
            return false;
        }
        word.store(w | (1 << (p % 64)), Ordering::Relaxed);
        if !self.compact {
            self.mine[p as usize].store(depth as u8, Ordering::Relaxed);
            return true;
        }
        let (_, pos) = self.cells(s, places);
        let md: u32 = pos
            .iter()
            .take(self.k)
            .enumerate()
            .map(|(i, &c)| u32::from(self.distance[i][c as usize]))
            .sum();
        if let Some(half) = entry_for(depth, md) {
            let byte = &self.mine[(p / 2) as usize];
            byte.store(
                byte.load(Ordering::Relaxed) | (half << ((p & 1) * 4)),
                Ordering::Relaxed,
            );
        } else {
            self.failed.store(true, Ordering::Relaxed);
            lock(&self.misfit).get_or_insert(CompactError {
                rank: crate::solver::tables::placement::rank(&pos[..self.k], self.job.size.cells()),
                value: depth,
                distance: md,
            });
        }
        true
    }
}

/// The table in rank order ([`crate::solver::tables::placement::rank`]) from `mine`, the entries in
/// the index's order (order, then subset, `stride` placements an order). The ranks of the
/// placements whose first tile is on one cell form one run, so the threads take cells and
/// fill their runs. Each placement's index costs a few additions
/// ([`GroupSpace::last_tile_ranks`]), its ranks computed once for every cell of the last tile.
fn in_rank_order(job: &GroupJob<'_>, space: &GroupSpace, mine: &[u8], compact: bool) -> Vec<u8> {
    let cells = job.size.cells();
    let k = space.k;
    let stride = (space.subsets.len() as u64).div_ceil(64) * 64;
    let run = placements(cells - 1, k - 1) as usize;
    let entries = placements(cells, k) as usize;
    let bytes = if compact { entries.div_ceil(2) } else { entries };
    let mut table = vec![0u8; bytes];
    let read = |p: u64| -> u8 {
        if compact {
            (mine[(p / 2) as usize] >> ((p & 1) * 4)) & 0xF
        } else {
            mine[p as usize]
        }
    };
    // Runs of 4-bit entries split into whole bytes when they hold an even number.
    if compact && run % 2 == 1 {
        walk(space, cells, stride, None, &mut |r, p| {
            table[r >> 1] |= read(p) << ((r & 1) * 4);
        });
        job.done.fetch_add(entries as u64 * ORDER_UNITS, Ordering::Relaxed);
        return table;
    }
    let run_bytes = if compact { run / 2 } else { run };
    let parts = std::sync::Mutex::new(table.chunks_mut(run_bytes).enumerate().collect::<Vec<_>>());
    let worker = || {
        loop {
            let Some((first, part)) = lock(&parts).pop() else { break };
            walk(space, cells, stride, Some(first), &mut |r, p| {
                if compact {
                    part[r >> 1] |= read(p) << ((r & 1) * 4);
                } else {
                    part[r] = read(p);
                }
            });
            job.done.fetch_add(run as u64 * ORDER_UNITS, Ordering::Relaxed);
        }
    };
    std::thread::scope(|scope| {
        for n in 1..job.threads.max(1) {
            std::thread::Builder::new()
                .name(thread_name(&format!("pdb-order-{n}")))
                .spawn_scoped(scope, worker)
                .expect("the system refused a table build thread");
        }
        worker();
    });
    drop(parts);
    table
}

/// Calls `f(rank, index)` for every placement in rank order with its index in the search's
/// order (order rank · `stride` + subset rank): those whose first tile is on `first` (ranks
/// counted from the first of them), or all of them for `None`.
fn walk(space: &GroupSpace, cells: usize, stride: u64, first: Option<usize>, f: &mut dyn FnMut(usize, u64)) {
    struct Walk<'a> {
        space: &'a GroupSpace,
        cells: usize,
        stride: u64,
        pos: [u8; MAX_GROUP_TILES],
        rank: usize,
    }
    fn go(w: &mut Walk<'_>, i: usize, used: u64, f: &mut dyn FnMut(usize, u64)) {
        let k = w.space.k;
        if i == k {
            // Only when the walk starts at the last tile (one-tile groups).
            let p = w.space.order_rank(used, &w.pos[..k]) * w.stride + w.space.subset_rank(used) as u64;
            f(w.rank, p);
            w.rank += 1;
            return;
        }
        if i + 1 == k {
            let (order, subset) = w.space.last_tile_ranks(used, &w.pos[..i]);
            let mut free = !used & ((1u64 << w.cells) - 1);
            while free != 0 {
                let c = free.trailing_zeros() as usize;
                free &= free - 1;
                let b = (used & ((1u64 << c) - 1)).count_ones() as usize;
                f(w.rank, order[b] * w.stride + subset[b] + w.space.binomial(c, b + 1));
                w.rank += 1;
            }
            return;
        }
        for cell in 0..w.cells {
            if used & (1u64 << cell) == 0 {
                w.pos[i] = cell as u8;
                go(w, i + 1, used | (1u64 << cell), f);
            }
        }
    }
    let mut w = Walk {
        space,
        cells,
        stride,
        pos: [0u8; MAX_GROUP_TILES],
        rank: 0,
    };
    match first {
        Some(cell) => {
            w.pos[0] = cell as u8;
            go(&mut w, 1, 1u64 << cell, f);
        }
        None => go(&mut w, 0, 0, f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a group's build counted, and its units in all.
    fn counted(size: Size, tiles: &[u8], compact: bool) -> (u64, u64) {
        let done = AtomicU64::new(0);
        let control = BuildControl::new();
        let job = GroupJob {
            size,
            tiles,
            compact,
            threads: 2,
            done: &done,
            control: &control,
        };
        let table = build_group(&job).expect("built");
        assert!(!table.is_empty());
        (done.into_inner(), group_units(size.cells(), tiles.len()))
    }

    #[test]
    fn a_groups_progress_counts_its_rank_order_pass_and_ends_at_its_units() {
        // Bytes, 4 bits in runs of whole bytes, and 4 bits in odd runs (one walk).
        for (size, tiles, compact) in [
            (Size::THREE, &[1u8, 2, 3, 4][..], false),
            (Size::THREE, &[1, 2, 3, 4], true),
            (Size::FOUR, &[1, 2], true),
        ] {
            let (done, units) = counted(size, tiles, compact);
            // The search's and the rank-order pass's shares, each placement counted once in each.
            assert_eq!(done, units, "{size} {tiles:?} compact {compact}");
        }
    }
}
