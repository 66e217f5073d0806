//! Placements of a group of tiles: how many there are, and their rank, the index of a
//! placement in its group's table.
//!
//! A placement puts `k` distinct tiles on distinct cells. Its rank reads it as a number whose
//! `i`-th digit is tile `i`'s cell counted among the cells that earlier tiles left free, so
//! ranks run over `0 .. cells·(cells−1)·…·(cells−k+1)` with no gap, in lexicographic order of
//! the cells.

use crate::puzzle::{SEARCH_CELLS, Size};
use crate::solver::heuristic::manhattan::cell_distance;

/// The largest group we build: eight tiles of 4×4 is 518,918,400 placements.
pub(crate) const MAX_GROUP_TILES: usize = 8;

/// Number of ways to place `k` distinct tiles on `cells` cells.
pub(crate) fn placements(cells: usize, k: usize) -> u64 {
    (0..k).map(|i| (cells - i) as u64).product()
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

/// Inverse of [`rank`]: the cells of the `k` tiles of the placement ranked `r`.
#[cfg(test)]
pub(crate) fn unrank(mut r: usize, k: usize, cells: usize, pos: &mut [u8]) {
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

/// Calls `f(rank, distance)` for every placement of `tiles`, in rank order, with the sum of
/// the tiles' Manhattan distances there.
///
/// Ranks count placements in lexicographic order of their cells (each tile's digit is its
/// cell's index among the cells still free, and a smaller cell has a smaller index), so a
/// walk that tries the free cells in increasing order meets the ranks 0, 1, 2, … in turn
/// without computing any.
pub(crate) fn for_each_placement(size: Size, tiles: &[u8], f: &mut dyn FnMut(usize, u32)) {
    fn walk(
        dist: &[[u8; SEARCH_CELLS]],
        cells: usize,
        used: u64,
        md: u32,
        next: &mut usize,
        f: &mut dyn FnMut(usize, u32),
    ) {
        let Some((row, rest)) = dist.split_first() else {
            f(*next, md);
            *next += 1;
            return;
        };
        for (cell, &d) in row.iter().enumerate().take(cells) {
            if used & (1u64 << cell) == 0 {
                walk(rest, cells, used | (1u64 << cell), md + u32::from(d), next, f);
            }
        }
    }
    let cells = size.cells();
    let dist: Vec<[u8; SEARCH_CELLS]> = tiles
        .iter()
        .map(|&t| {
            let mut row = [0u8; SEARCH_CELLS];
            for (cell, d) in row.iter_mut().enumerate().take(cells) {
                *d = cell_distance(size, cell, size.goal_index(t));
            }
            row
        })
        .collect();
    let mut next = 0;
    walk(&dist, cells, 0, 0, &mut next, f);
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
    fn placements_are_walked_in_rank_order_with_their_distance() {
        let size = Size::FOUR;
        let tiles = [3u8, 9, 14];
        let mut count = 0;
        let mut pos = [0u8; 3];
        for_each_placement(size, &tiles, &mut |r, md| {
            assert_eq!(r, count);
            count += 1;
            unrank(r, 3, 16, &mut pos);
            assert_eq!(rank(&pos, 16), r);
            let expected: u32 = tiles
                .iter()
                .zip(pos)
                .map(|(&t, p)| {
                    let (gr, gc) = size.row_col(size.goal_index(t));
                    let (r, c) = size.row_col(p as usize);
                    (r.abs_diff(gr) + c.abs_diff(gc)) as u32
                })
                .sum();
            assert_eq!(md, expected);
        });
        assert_eq!(count, 16 * 15 * 14);
    }
}
