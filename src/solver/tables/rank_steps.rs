//! A group's placement rank kept up to date as its tiles move, so that a table lookup in the
//! search costs a few additions instead of ranking the group afresh.
//!
//! A rank ([`crate::solver::tables::placement::rank`]) reads the group's tiles in order: tile `i`'s
//! digit is its cell less the number of earlier tiles on lower cells, and weighs
//! `W_i = (cells − i − 1)·…·(cells − k + 1)`. When tile `i` moves from `f` to `t`, its order
//! changes only against the cells strictly between the two: its digit changes by `t − f`,
//! less one for each earlier tile of its group between them, and each later tile of its
//! group between them moves its digit by one the other way. A sideways move crosses no cell,
//! so the rank changes by `±W_i`; a vertical move crosses `side − 1` cells, each read once
//! from the board.
//!
//! The mirrored lookup ([`crate::solver::tables::pattern_db`]) ranks the board mirrored across the
//! diagonal, where a sideways move is a vertical one and the other way round: the same
//! rule, read through the mirror's cells and tiles.

use crate::puzzle::SEARCH_CELLS;
use crate::solver::tables::partition::Partition;
use crate::solver::tables::placement::placements;

/// How each tile's move changes its group's rank, on the board or on its mirror (a view).
pub(crate) struct RankSteps {
    /// Per board tile, `W_i` of the view's tile in its group.
    weight: [i32; SEARCH_CELLS],
    /// `cross[t][u]`: what board tile `u`, standing between, adds to the rank's change when
    /// tile `t` moves to a higher cell of the view (negated for a lower cell); 0 when `u`
    /// is the blank or of another group.
    cross: [[i32; SEARCH_CELLS]; SEARCH_CELLS],
    /// The board's cell for each cell of the view (the view's cell for each board cell: the
    /// mirror is its own inverse).
    cell: [u8; SEARCH_CELLS],
}

impl RankSteps {
    /// Rank steps of `partition`'s groups on a view whose tile for board tile `t` is
    /// `tile[t]` and whose cell for board cell `c` is `cell[c]` (identities for the board
    /// itself, the diagonal mirror for the mirrored lookup; either must be its own inverse).
    pub fn new(partition: &Partition, tile: &[u8; SEARCH_CELLS], cell: &[u8; SEARCH_CELLS]) -> RankSteps {
        let cells = partition.size().cells();
        // (group, index in the group, W_i) of each view tile.
        let mut place = [(usize::MAX, 0usize, 0i32); SEARCH_CELLS];
        for (g, tiles) in partition.groups().iter().enumerate() {
            let k = tiles.len();
            for (i, &t) in tiles.iter().enumerate() {
                let w = placements(cells - i - 1, k - i - 1);
                place[t as usize] = (g, i, w as i32);
            }
        }
        let mut weight = [0i32; SEARCH_CELLS];
        let mut cross = [[0i32; SEARCH_CELLS]; SEARCH_CELLS];
        for t in 1..cells {
            let (g, i, w) = place[tile[t] as usize];
            weight[t] = w;
            for u in 1..cells {
                let (h, j, wu) = place[tile[u] as usize];
                if u != t && h == g {
                    cross[t][u] = if j < i { -w } else { wu };
                }
            }
        }
        RankSteps {
            weight,
            cross,
            cell: *cell,
        }
    }

    /// The change of the rank of board tile `tile`'s group (in this view) when the tile
    /// moves from board cell `from` to board cell `to`; `tiles` is the board after the move.
    #[allow(clippy::inline_always)] // the search's inner loop: measured (BENCHMARKS.md)
    #[inline(always)]
    pub fn step(&self, tiles: &[u8; SEARCH_CELLS], tile: usize, from: usize, to: usize) -> i32 {
        let (f, t) = (self.cell[from] as usize, self.cell[to] as usize);
        let w = self.weight[tile];
        if t == f + 1 {
            return w;
        }
        if f == t + 1 {
            return -w;
        }
        let cross = &self.cross[tile];
        let (lo, hi) = if t > f { (f, t) } else { (t, f) };
        let mut d = (hi - lo) as i32 * w;
        for c in lo + 1..hi {
            d += cross[tiles[self.cell[c] as usize] as usize];
        }
        if t > f { d } else { -d }
    }

    /// [`RankSteps::step`] for the board's own view (the identity on cells), without reading
    /// the cell map.
    #[allow(clippy::inline_always)] // the search's inner loop: measured (BENCHMARKS.md)
    #[inline(always)]
    pub(crate) fn step_unmapped(&self, tiles: &[u8; SEARCH_CELLS], tile: usize, from: usize, to: usize) -> i32 {
        debug_assert!(self.cell[from] as usize == from && self.cell[to] as usize == to);
        let w = self.weight[tile];
        if to == from + 1 {
            return w;
        }
        if from == to + 1 {
            return -w;
        }
        let cross = &self.cross[tile];
        let (lo, hi) = if to > from { (from, to) } else { (to, from) };
        let mut d = (hi - lo) as i32 * w;
        for &u in &tiles[lo + 1..hi] {
            d += cross[u as usize];
        }
        if to > from { d } else { -d }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Board, SeededRng, Size};
    use crate::solver::heuristic::SearchBoard;
    use crate::solver::tables::placement::rank;

    /// The rank of every group of `partition` on the view of `board`.
    fn ranks(
        partition: &Partition,
        board: &SearchBoard,
        tile: &[u8; SEARCH_CELLS],
        cell: &[u8; SEARCH_CELLS],
    ) -> Vec<i64> {
        let cells = partition.size().cells();
        let mut cell_of = [0u8; SEARCH_CELLS];
        for c in 0..cells {
            cell_of[tile[board.tiles[c] as usize] as usize] = cell[c];
        }
        partition
            .groups()
            .iter()
            .map(|g| {
                let pos: Vec<u8> = g.iter().map(|&t| cell_of[t as usize]).collect();
                rank(&pos, cells) as i64
            })
            .collect()
    }

    /// The diagonal mirror's tile and cell maps for `size`.
    fn mirror(size: Size) -> ([u8; SEARCH_CELLS], [u8; SEARCH_CELLS]) {
        let (mut tile, mut cell) = ([0u8; SEARCH_CELLS], [0u8; SEARCH_CELLS]);
        for c in 0..size.cells() {
            let (r, col) = size.row_col(c);
            let m = size.index(col, r);
            cell[c] = m as u8;
            tile[size.goal_tile(c) as usize] = size.goal_tile(m);
        }
        (tile, cell)
    }

    #[test]
    fn steps_keep_the_ranks_equal_to_fresh_ones_on_the_board_and_its_mirror() {
        let mut identity = [0u8; SEARCH_CELLS];
        for (i, v) in identity.iter_mut().enumerate() {
            *v = i as u8;
        }
        let mut partitions: Vec<Partition> = Size::ALL.iter().map(|&s| Partition::default_for(s)).collect();
        partitions.extend([Size::FOUR, Size::FIVE].iter().filter_map(|&s| Partition::large_for(s)));
        let mut rng = SeededRng::new(23);
        for p in &partitions {
            let size = p.size();
            let (mt, mc) = mirror(size);
            for (tile, cell, direct) in [(&identity, &identity, true), (&mt, &mc, false)] {
                let steps = RankSteps::new(p, tile, cell);
                let mut board = Board::random(size, &mut rng);
                let mut kept = ranks(p, &SearchBoard::new(&board), tile, cell);
                for _ in 0..2000 {
                    let moves: Vec<_> = board.legal_moves().collect();
                    let m = moves[rng.index(moves.len())];
                    let to = board.blank();
                    let from = m.source(to, size.side()).expect("legal");
                    assert!(board.try_move(m));
                    let sb = SearchBoard::new(&board);
                    let t = sb.tiles[to] as usize;
                    let g = p.groups().iter().position(|g| g.contains(&tile[t])).expect("grouped");
                    let step = steps.step(&sb.tiles, t, from, to);
                    if direct {
                        assert_eq!(steps.step_unmapped(&sb.tiles, t, from, to), step, "{board}");
                    }
                    kept[g] += i64::from(step);
                    assert_eq!(kept, ranks(p, &sb, tile, cell), "{board}");
                }
            }
        }
    }
}
