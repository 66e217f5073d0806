//! The state space of one group's breadth-first search, and its index.
//!
//! A state is a placement of the group's tiles and the *region* of the blank: the free cells
//! it can reach without moving a group tile, all of which it reaches for free. A placement is
//! the set of cells its tiles occupy (a *subset*) and the *order* of the tiles on those cells.
//! The index is order-major: all states of one order form a block, the subsets in colex order
//! (their combinatorial rank) inside it and each subset's regions (numbered by their lowest
//! cell) inside that. A step along a row passes no other cell, so it keeps the order: about
//! half of a state's neighbours lie in its own block, a few kilobytes. Only real states get an
//! index (no slot for a blank inside a group tile, none for two cells of one region), which
//! keeps the largest search (8 tiles on 4×4, 1.43 billion states) at 2 bits a state.
//!
//! The moves out of a state depend on its subset and region only, and where they land within
//! a block too: they are listed once per region ([`BlockMove`]), and a move's order is one
//! lookup in a table of orders by (order, tile place, places passed).
//!
//! Blocks start on a 64-bit word of 2-bit marks (32 states), so that the threads of a build,
//! each taking whole blocks, never share a word of marks.

use crate::puzzle::{SEARCH_CELLS, Size};
use crate::solver::tables::placement::MAX_GROUP_TILES;

/// Binomial coefficients `C(n, j)`, `n` a cell and `j` up to the largest group.
type Binomials = [[u64; MAX_GROUP_TILES + 1]; SEARCH_CELLS + 1];

fn binomials() -> Binomials {
    let mut c = [[0u64; MAX_GROUP_TILES + 1]; SEARCH_CELLS + 1];
    for n in 0..=SEARCH_CELLS {
        c[n][0] = 1;
        for j in 1..=MAX_GROUP_TILES.min(n) {
            c[n][j] = c[n - 1][j - 1] + if j < n { c[n - 1][j] } else { 0 };
        }
    }
    c
}

/// Cell masks of the grid: each cell's neighbours.
pub(crate) struct Grid {
    pub cells: usize,
    pub neighbours: [u64; SEARCH_CELLS],
}

impl Grid {
    pub fn new(size: Size) -> Grid {
        let (w, h, cells) = (size.width(), size.height(), size.cells());
        let mut neighbours = [0u64; SEARCH_CELLS];
        for (i, nb) in neighbours.iter_mut().enumerate().take(cells) {
            let (r, c) = (i / w, i % w);
            if c > 0 {
                *nb |= 1 << (i - 1);
            }
            if c + 1 < w {
                *nb |= 1 << (i + 1);
            }
            if r > 0 {
                *nb |= 1 << (i - w);
            }
            if r + 1 < h {
                *nb |= 1 << (i + w);
            }
        }
        Grid { cells, neighbours }
    }

    /// The connected parts of `free`, each as a mask, by increasing lowest cell.
    fn regions(&self, free: u64) -> Vec<u64> {
        let mut left = free;
        let mut out = Vec::new();
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            loop {
                let mut grown = region;
                let mut r = region;
                while r != 0 {
                    let c = r.trailing_zeros() as usize;
                    r &= r - 1;
                    grown |= self.neighbours[c] & free;
                }
                if grown == region {
                    break;
                }
                region = grown;
            }
            out.push(region);
            left &= !region;
        }
        out
    }
}

/// The index of one group's states (see the module docs).
pub(crate) struct GroupSpace {
    pub grid: Grid,
    /// Tiles in the group.
    pub k: usize,
    /// `k!`: orders of the tiles on one subset.
    pub orders: u64,
    /// `(k − 1 − i)!` for each tile `i`: the Lehmer code's weights.
    weights: [u64; MAX_GROUP_TILES],
    binomials: Binomials,
    /// The occupied cells of each subset, by rank.
    pub subsets: Vec<u64>,
    /// Each subset's first region in a block (its regions' index), and the regions of all
    /// subsets at the end: a prefix sum of the region counts.
    region_start: Vec<u32>,
    /// The subset each region of a block belongs to.
    region_subset: Vec<u32>,
    /// Every region's cells, in block order.
    region_masks: Vec<u64>,
    /// For each subset and free cell, the region it belongs to (counted within the subset).
    region_of: Vec<u8>,
    /// States from one order's block to the next: the regions, rounded up to whole words.
    pub block: u64,
    /// For each order rank, each tile's place among the subset's cells (0 for the lowest):
    /// decoding an order is one lookup.
    places: Vec<[u8; MAX_GROUP_TILES]>,
    /// `shifted[(order · k + place) · shifts + side − 1 + delta]`: the order rank after the
    /// tile on the subset's `place`-th lowest cell moves by `delta` places (the tiles it
    /// passes closing up), `delta` from `1 − side` to `side − 1`: a step along a column passes
    /// at most `side − 1` cells. `delta` 0 keeps the order.
    shifted: Vec<u16>,
    /// `2 · side − 1`.
    shifts: usize,
    /// Each region's moves, `moves[move_start[e] .. move_start[e + 1]]` for the block's
    /// `e`-th region: every step of a subset cell into the region, with where it leads
    /// within a block. The same for every order, so a neighbour costs two lookups.
    move_start: Vec<u32>,
    moves: Vec<BlockMove>,
}

/// One move of a group tile into the blank's region, the same in every order's block: the
/// tile on the subset's `place`-th lowest cell steps into the region; the neighbour is in
/// the block of order [`GroupSpace::after`]`(order, place, shift)`, at `offset` in it.
#[derive(Clone, Copy)]
pub(crate) struct BlockMove {
    pub offset: u32,
    /// `place · shifts + side − 1 + delta` (see `shifted`).
    pub step: u16,
}

impl GroupSpace {
    /// The space of `k` tiles on `size`'s board. Its tables take about
    /// [`GroupSpace::tables_bytes`].
    pub fn new(size: Size, k: usize) -> GroupSpace {
        let grid = Grid::new(size);
        let cells = grid.cells;
        let binomials = binomials();
        let count = binomials[cells][k] as usize;
        let mut subsets = Vec::with_capacity(count);
        let mut region_start = Vec::with_capacity(count + 1);
        let mut region_subset = Vec::new();
        let mut region_masks = Vec::new();
        let mut region_of = vec![u8::MAX; count * cells];
        let all = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        // Gosper's hack: the k-subsets in increasing order as numbers, which is colex order.
        let mut s: u64 = (1u64 << k) - 1;
        for i in 0..count {
            subsets.push(s);
            region_start.push(region_masks.len() as u32);
            let regions = grid.regions(all & !s);
            for (r, &m) in regions.iter().enumerate() {
                let mut bits = m;
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    region_of[i * cells + c] = r as u8;
                }
                region_subset.push(i as u32);
            }
            region_masks.extend(regions);
            if k == 0 {
                break;
            }
            let c = s & s.wrapping_neg();
            let r = s + c;
            s = (((r ^ s) >> 2) / c) | r;
        }
        region_start.push(region_masks.len() as u32);
        let orders: u64 = (1..=k as u64).product();
        let mut weights = [0u64; MAX_GROUP_TILES];
        for (i, w) in weights.iter_mut().enumerate().take(k) {
            *w = (1..=(k - 1 - i) as u64).product();
        }
        let places: Vec<[u8; MAX_GROUP_TILES]> = (0..orders).map(|order| decode_order(k, &weights, order)).collect();
        // A step along a column passes the `width − 1` cells between in index order.
        let side = size.width();
        let shifts = 2 * side - 1;
        let mut shifted = vec![0u16; orders as usize * k * shifts];
        for (order, p) in places.iter().enumerate() {
            for tile in 0..k {
                let place = usize::from(p[tile]);
                for d in 0..shifts {
                    let delta = d as i32 - (side as i32 - 1);
                    if let Some(moved) = shift_place(k, *p, tile, delta) {
                        shifted[(order * k + place) * shifts + d] = encode_order(k, &weights, moved) as u16;
                    }
                }
            }
        }
        let (move_start, moves) = block_moves(&grid, k, shifts, &subsets, &region_start, &region_masks, &region_of);
        GroupSpace {
            block: (region_masks.len() as u64).div_ceil(32) * 32,
            grid,
            k,
            orders,
            weights,
            binomials,
            subsets,
            region_start,
            region_subset,
            region_masks,
            region_of,
            places,
            shifted,
            shifts,
            move_start,
            moves,
        }
    }

    /// The moves out of the block's `e`-th region (see [`BlockMove`]).
    #[inline]
    pub(crate) fn moves_of(&self, e: usize) -> &[BlockMove] {
        &self.moves[self.move_start[e] as usize..self.move_start[e + 1] as usize]
    }

    /// The orders reached from `order` by each [`BlockMove::step`]: index it with the step.
    #[inline]
    pub(crate) fn steps_from(&self, order: u64) -> &[u16] {
        let n = self.k * self.shifts;
        &self.shifted[order as usize * n..(order as usize + 1) * n]
    }

    /// Bytes the index's own tables take for `k` tiles on `cells` cells (before they exist).
    pub(crate) fn tables_bytes(cells: usize, k: usize) -> u64 {
        let count = binomials()[cells.min(SEARCH_CELLS)][k.min(MAX_GROUP_TILES)];
        let orders: u64 = (1..=k as u64).product();
        // Per subset: its cells, region starts and numbers, a region or two, and up to four
        // moves of each tile (8 bytes each).
        count
            .saturating_mul(cells as u64 + 32 + 32 * k as u64)
            .saturating_add(orders.saturating_mul(8 + 2 * 11 * k as u64))
    }

    /// Slots in the marks: every order's block (the last ones of a block unused).
    pub(crate) fn slots(&self) -> u64 {
        self.orders * self.block
    }

    /// Regions of every subset: the states of a block.
    pub(crate) fn regions_in_block(&self) -> usize {
        self.region_masks.len()
    }

    /// The subset of the block's `e`-th region, and that region's number within the subset.
    #[inline]
    pub(crate) fn region_at(&self, e: usize) -> (usize, usize) {
        let s = self.region_subset[e] as usize;
        (s, e - self.region_start[s] as usize)
    }

    /// The cells of the block's `e`-th region.
    #[cfg(test)]
    #[inline]
    pub(crate) fn region_mask(&self, e: usize) -> u64 {
        self.region_masks[e]
    }

    /// The index of the state of order `order`, subset `s` and the subset's region
    /// holding free cell `cell`.
    #[inline]
    pub fn state(&self, order: u64, s: usize, cell: usize) -> u64 {
        order * self.block + u64::from(self.region_start[s]) + u64::from(self.region_of[s * self.grid.cells + cell])
    }

    /// Each tile's place among the subset's cells (0 for the lowest) for order rank `order`.
    #[inline]
    pub fn places(&self, order: u64) -> [u8; MAX_GROUP_TILES] {
        self.places[order as usize]
    }

    /// The ranks of every placement that puts the first `k − 1` tiles on `pos` (cells `mask`)
    /// and the last tile on a free cell `c`: with `b` the cells of `mask` below `c`, its order
    /// rank is `order[b]` and its subset rank `subset[b] + C(c, b + 1)`
    /// ([`GroupSpace::binomial`]). Inserting `c` keeps the first tiles' relative order, so
    /// their Lehmer digits only grow by one for the tiles above `c`, and the last tile's
    /// digit is always 0; the subset's cells above `c` count one place higher.
    pub(crate) fn last_tile_ranks(&self, mask: u64, pos: &[u8]) -> ([u64; MAX_GROUP_TILES], [u64; MAX_GROUP_TILES]) {
        let k = self.k;
        let sorted = sorted_cells(mask);
        let mut order = [0u64; MAX_GROUP_TILES];
        let mut subset = [0u64; MAX_GROUP_TILES];
        // The Lehmer code with the last tile on a cell above all others: every place as in `mask`.
        let mut weight_at = [0u64; MAX_GROUP_TILES];
        let mut places = [0u8; MAX_GROUP_TILES];
        for (t, &c) in pos.iter().enumerate().take(k - 1) {
            let place = (mask & ((1u64 << c) - 1)).count_ones() as usize;
            places[t] = place as u8;
            weight_at[place] = self.weights[t];
        }
        places[k - 1] = (k - 1) as u8;
        let base = encode_order(k, &self.weights, places);
        // order[b] = base + the weights of the tiles on sorted places b.. (they move up one).
        let (mut above, mut high) = (0u64, 0u64);
        for b in (0..k).rev() {
            order[b] = base + above;
            if b > 0 {
                above += weight_at[b - 1];
            }
            subset[b] = high;
            if b > 0 {
                high += self.binomials[usize::from(sorted[b - 1])][b + 1];
            }
        }
        let mut low = 0u64;
        for (b, sub) in subset.iter_mut().enumerate().take(k) {
            *sub += low;
            if b + 1 < k {
                low += self.binomials[usize::from(sorted[b])][b + 1];
            }
        }
        (order, subset)
    }

    /// `C(n, j)`.
    #[inline]
    pub(crate) fn binomial(&self, n: usize, j: usize) -> u64 {
        self.binomials[n][j]
    }

    /// The rank of a subset among the `k`-subsets in colex order.
    #[inline]
    pub(crate) fn subset_rank(&self, mut mask: u64) -> usize {
        let mut r = 0u64;
        let mut j = 1;
        while mask != 0 {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            r += self.binomials[c][j];
            j += 1;
        }
        r as usize
    }

    /// The Lehmer rank of the tiles' order on `mask`'s cells: tile `i` is at `pos[i]`.
    #[inline]
    pub(crate) fn order_rank(&self, mask: u64, pos: &[u8]) -> u64 {
        let mut places = [0u8; MAX_GROUP_TILES];
        for (q, &p) in places.iter_mut().zip(pos) {
            *q = (mask & ((1u64 << p) - 1)).count_ones() as u8;
        }
        encode_order(self.k, &self.weights, places)
    }

    /// Subset `s` (cells `mask`) after the cell `from`, the `j`-th lowest (from 1), moves to
    /// the free cell `to` one row or column away: the new subset's rank, and by how many
    /// places the moved cell's place changes (the cells of `mask` it passes).
    #[cfg(test)]
    #[inline]
    pub fn moved(&self, s: usize, mask: u64, from: usize, to: usize, j: usize) -> (usize, i32) {
        moved(&self.binomials, s, mask, from, to, j)
    }

    /// The order rank after tile `tile`'s place moves by `delta` (see [`GroupSpace::moved`]).
    #[cfg(test)]
    #[inline]
    pub(crate) fn shifted(&self, order: u64, tile: usize, delta: i32) -> u64 {
        let d = (delta + (self.shifts as i32 - 1) / 2) as usize;
        let place = usize::from(self.places[order as usize][tile]);
        u64::from(self.shifted[(order as usize * self.k + place) * self.shifts + d])
    }
}

/// Every region's moves, in block order (see [`BlockMove`]): for each cell of the region's
/// subset (by place) and each of its neighbours in the region, the state the step leads to
/// within a block and the change of the moved cell's place.
fn block_moves(
    grid: &Grid,
    k: usize,
    shifts: usize,
    subsets: &[u64],
    region_start: &[u32],
    region_masks: &[u64],
    region_of: &[u8],
) -> (Vec<u32>, Vec<BlockMove>) {
    let cells = grid.cells;
    let binomials = binomials();
    let mid = (shifts - 1) / 2;
    let mut start = Vec::with_capacity(region_masks.len() + 1);
    let mut moves = Vec::new();
    for (s, &mask) in subsets.iter().enumerate() {
        for &region in &region_masks[region_start[s] as usize..region_start[s + 1] as usize] {
            start.push(moves.len() as u32);
            let sorted = sorted_cells(mask);
            for (place, &from) in sorted.iter().enumerate().take(k) {
                let from = usize::from(from);
                let mut targets = grid.neighbours[from] & region;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let (cs, delta) = moved(&binomials, s, mask, from, to, place + 1);
                    let offset = region_start[cs] + u32::from(region_of[cs * cells + from]);
                    moves.push(BlockMove {
                        offset,
                        step: (place * shifts + (mid as i32 + delta) as usize) as u16,
                    });
                }
            }
        }
    }
    start.push(moves.len() as u32);
    (start, moves)
}

/// Subset `s` (cells `mask`) after the cell `from`, the `j`-th lowest (from 1), moves to
/// the free cell `to` one row or column away: the new subset's rank, and by how many
/// places the moved cell's place changes (the cells of `mask` it passes).
fn moved(c: &Binomials, s: usize, mask: u64, from: usize, to: usize, j: usize) -> (usize, i32) {
    if from.abs_diff(to) == 1 {
        return ((s as u64 + c[to][j] - c[from][j]) as usize, 0);
    }
    let (lo, hi) = (from.min(to), from.max(to));
    let mut between = mask & ((1u64 << hi) - 1) & !((1u64 << (lo + 1)) - 1);
    let m = between.count_ones() as usize;
    let down = to > from;
    let mut r = s as u64 + if down { c[to][j + m] } else { c[to][j - m] } - c[from][j];
    // The cells passed keep their order and close up by one place.
    let mut t = if down { j + 1 } else { j - m };
    while between != 0 {
        let b = between.trailing_zeros() as usize;
        between &= between - 1;
        let now = if down { t - 1 } else { t + 1 };
        r = r + c[b][now] - c[b][t];
        t += 1;
    }
    (r as usize, if down { m as i32 } else { -(m as i32) })
}

/// The cells of `mask`, lowest first.
#[inline]
pub(crate) fn sorted_cells(mut mask: u64) -> [u8; MAX_GROUP_TILES] {
    let mut sorted = [0u8; MAX_GROUP_TILES];
    for s in &mut sorted {
        if mask == 0 {
            break;
        }
        *s = mask.trailing_zeros() as u8;
        mask &= mask - 1;
    }
    sorted
}

/// The places after tile `tile`'s moves by `delta`, the tiles it passes closing up; `None`
/// if that leaves the `k` places.
fn shift_place(k: usize, p: [u8; MAX_GROUP_TILES], tile: usize, delta: i32) -> Option<[u8; MAX_GROUP_TILES]> {
    let (old, new) = (i32::from(p[tile]), i32::from(p[tile]) + delta);
    if new < 0 || new >= k as i32 {
        return None;
    }
    let mut moved = p;
    for (t, m) in moved.iter_mut().enumerate().take(k) {
        let q = i32::from(p[t]);
        if t == tile {
            *m = new as u8;
        } else if delta > 0 && q > old && q <= new {
            *m -= 1;
        } else if delta < 0 && q < old && q >= new {
            *m += 1;
        }
    }
    Some(moved)
}

/// The order rank of tiles at `places` (the Lehmer code).
fn encode_order(k: usize, weights: &[u64; MAX_GROUP_TILES], places: [u8; MAX_GROUP_TILES]) -> u64 {
    let mut used = 0u32;
    let mut r = 0;
    for i in 0..k {
        let q = u32::from(places[i]);
        r += u64::from(q - (used & ((1 << q) - 1)).count_ones()) * weights[i];
        used |= 1 << q;
    }
    r
}

/// Each tile's place for order rank `order` of `k` tiles (the Lehmer code read back).
fn decode_order(k: usize, weights: &[u64; MAX_GROUP_TILES], mut order: u64) -> [u8; MAX_GROUP_TILES] {
    let mut places = [0u8; MAX_GROUP_TILES];
    let mut free = (1u32 << k) - 1;
    for (i, p) in places.iter_mut().enumerate().take(k) {
        let digit = order / weights[i];
        order %= weights[i];
        let mut f = free;
        for _ in 0..digit {
            f &= f - 1;
        }
        let q = f.trailing_zeros();
        free &= !(1 << q);
        *p = q as u8;
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of the tiles of order `order` on subset `mask`.
    fn cells_of(space: &GroupSpace, mask: u64, order: u64) -> [u8; MAX_GROUP_TILES] {
        let sorted = sorted_cells(mask);
        let mut pos = [0u8; MAX_GROUP_TILES];
        for (p, q) in pos.iter_mut().zip(space.places(order)).take(space.k) {
            *p = sorted[q as usize];
        }
        pos
    }

    #[test]
    fn indices_are_dense_and_decode_to_their_state() {
        for (size, k) in [(Size::THREE, 3), (Size::FOUR, 3), (Size::FIVE, 2)] {
            let space = GroupSpace::new(size, k);
            let cells = size.cells();
            let mut seen = vec![false; space.slots() as usize];
            for (s, &mask) in space.subsets.iter().enumerate() {
                assert_eq!(space.subset_rank(mask), s);
                for order in 0..space.orders {
                    let pos = cells_of(&space, mask, order);
                    assert_eq!(space.order_rank(mask, &pos[..k]), order);
                    let mut free = 0u64;
                    for e in 0..space.regions_in_block() {
                        let (es, r) = space.region_at(e);
                        if es != s {
                            continue;
                        }
                        let region = space.region_mask(e);
                        free |= region;
                        let i = order * space.block + e as u64;
                        assert!(!seen[i as usize], "{size} {k}: index {i} twice");
                        seen[i as usize] = true;
                        // Every cell of the region gives the same state.
                        let mut m = region;
                        while m != 0 {
                            let c = m.trailing_zeros() as usize;
                            m &= m - 1;
                            assert_eq!(space.state(order, s, c), i, "region {r}");
                        }
                    }
                    assert_eq!(free | mask, (1u64 << cells) - 1);
                }
            }
            let used = seen.iter().filter(|&&x| x).count() as u64;
            assert_eq!(used, space.orders * space.regions_in_block() as u64);
            assert_eq!(space.block % 32, 0);
        }
    }

    #[test]
    fn moves_update_the_ranks_as_computing_them_afresh_does() {
        for (size, k) in [(Size::FOUR, 5), (Size::FIVE, 4), (Size::THREE, 3), (Size::SIX, 2)] {
            let space = GroupSpace::new(size, k);
            let mut rng = crate::puzzle::SeededRng::new(k as u64);
            for _ in 0..5000 {
                let s = rng.index(space.subsets.len());
                let mask = space.subsets[s];
                let order = rng.below(space.orders);
                let pos = cells_of(&space, mask, order);
                let tile = rng.index(k);
                let from = pos[tile] as usize;
                let mut targets = space.grid.neighbours[from] & !mask;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let j = usize::from(space.places(order)[tile]) + 1;
                    let (cs, delta) = space.moved(s, mask, from, to, j);
                    let child_mask = mask ^ (1 << from) ^ (1 << to);
                    let mut child = pos;
                    child[tile] = to as u8;
                    assert_eq!(cs, space.subset_rank(child_mask));
                    assert_eq!(
                        space.shifted(order, tile, delta),
                        space.order_rank(child_mask, &child[..k])
                    );
                }
            }
        }
    }

    #[test]
    fn the_largest_group_has_the_states_counted() {
        // 8 tiles on 4×4: C(16, 8) = 12,870 subsets, 2.746 regions each on average.
        let space = GroupSpace::new(Size::FOUR, 8);
        assert_eq!(space.subsets.len(), 12_870);
        assert_eq!(space.regions_in_block(), 35_347);
        assert_eq!(space.slots(), 40_320 * 35_360);
    }
}
