//! Additive disjoint pattern databases (Korf & Felner): the lookup.
//!
//! The tiles are split into disjoint groups ([`Partition`]). For one group, forget which
//! other tile is where: a state is the cells of the group's tiles plus the blank. A
//! breadth-first search backward from the goal, in which only moves of the group's own tiles
//! cost a move (the blank wanders through other tiles for free), gives for every placement of
//! the group the fewest moves *of that group's tiles* needed to bring them home
//! ([`crate::solver::tables::builder`]). Each real move moves one tile, of exactly one group, so
//! the groups' values add and the sum stays admissible.
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
//! Placements are indexed by their rank ([`crate::solver::tables::placement`]), one byte an entry, or
//! 4 bits for compact partitions ([`crate::solver::tables::compact_table`]).

use crate::puzzle::{Board, SEARCH_CELLS};
use crate::solver::heuristic::SearchBoard;
use crate::solver::heuristic::manhattan::cell_distance;
use crate::solver::tables::compact_table;
use crate::solver::tables::partition::{MAX_GROUPS, Partition};
use crate::solver::tables::placement::{MAX_GROUP_TILES, rank};
use crate::solver::tables::rank_steps::RankSteps;

/// Pattern databases for one partition: one table per group.
pub struct PatternDb {
    partition: Partition,
    tables: Vec<Vec<u8>>,
    /// For each tile, its group (tile 0 unused).
    group_of: [u8; SEARCH_CELLS],
    /// Tile mirrored across the diagonal.
    mirror_tile: [u8; SEARCH_CELLS],
    /// Cell mirrored across the diagonal.
    mirror_cell: [u8; SEARCH_CELLS],
    /// Whether the mirrored lookup can differ from the direct one (see the module docs).
    mirror: bool,
    /// `distance[tile][cell]`: the tile's Manhattan distance from its goal when at `cell`
    /// (compact tables store the value less the group's distance).
    distance: [[u8; SEARCH_CELLS]; SEARCH_CELLS],
    /// How a move changes a group's rank on the board, and on its mirror.
    steps: RankSteps,
    mirror_steps: RankSteps,
}

impl PatternDb {
    /// Wraps tables that were built or loaded for `partition` (lengths already checked).
    pub(crate) fn from_tables(partition: Partition, tables: Vec<Vec<u8>>) -> PatternDb {
        let size = partition.size();
        let mut group_of = [0u8; SEARCH_CELLS];
        for (g, tiles) in partition.groups().iter().enumerate() {
            for &t in tiles {
                group_of[t as usize] = g as u8;
            }
        }
        let mut mirror_tile = [0u8; SEARCH_CELLS];
        let mut mirror_cell = [0u8; SEARCH_CELLS];
        for cell in 0..size.cells() {
            let (r, c) = size.row_col(cell);
            // A rectangle has no mirror of its own shape: its mirror maps are the identity.
            let m = if size.is_square() { size.index(c, r) } else { cell };
            mirror_cell[cell] = m as u8;
            mirror_tile[size.goal_tile(cell) as usize] = size.goal_tile(m);
        }
        let mut distance = [[0u8; SEARCH_CELLS]; SEARCH_CELLS];
        for (t, row) in distance.iter_mut().enumerate().take(size.cells()).skip(1) {
            let goal = size.goal_index(t as u8);
            for (cell, d) in row.iter_mut().enumerate().take(size.cells()) {
                *d = cell_distance(size, cell, goal);
            }
        }
        let mut identity = [0u8; SEARCH_CELLS];
        for (i, v) in identity.iter_mut().enumerate() {
            *v = i as u8;
        }
        PatternDb {
            steps: RankSteps::new(&partition, &identity, &identity),
            mirror_steps: RankSteps::new(&partition, &mirror_tile, &mirror_cell),
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
    fn group_rank(&self, g: usize, cell_of: &[u8; SEARCH_CELLS]) -> usize {
        let tiles = &self.partition.groups()[g];
        let mut pos = [0u8; MAX_GROUP_TILES];
        for (i, &t) in tiles.iter().enumerate() {
            pos[i] = cell_of[t as usize];
        }
        rank(&pos[..tiles.len()], self.partition.size().cells())
    }

    /// Every group's rank, the index of its placement in its table.
    pub(crate) fn ranks(&self, cell_of: &[u8; SEARCH_CELLS]) -> [u32; MAX_GROUPS] {
        let mut ranks = [0u32; MAX_GROUPS];
        for (g, r) in ranks.iter_mut().enumerate().take(self.partition.groups().len()) {
            *r = self.group_rank(g, cell_of) as u32;
        }
        ranks
    }

    /// Group `g`'s value at placement rank `r` in a byte table (the search loop's lookup).
    #[inline]
    pub(crate) fn value_at(&self, g: usize, r: u32) -> u8 {
        self.tables[g][r as usize]
    }

    /// Group `g`'s value at placement rank `r` in a compact table, given the group's
    /// Manhattan distance `md`.
    #[inline]
    pub(crate) fn compact_value_at(&self, g: usize, r: u32, md: u8) -> u8 {
        md + 2 * compact_table::entry(&self.tables[g], r as usize)
    }

    /// How the rank of the group of board tile `tile` changes when it moves from `from` to
    /// `to` (`tiles`: the board after the move); on the mirrored board when `mirrored`, where
    /// the group is that of the tile's mirror.
    #[allow(clippy::inline_always)] // the search's inner loop: measured (BENCHMARKS.md)
    #[inline(always)]
    pub(crate) fn rank_step(
        &self,
        mirrored: bool,
        tiles: &[u8; SEARCH_CELLS],
        tile: usize,
        from: usize,
        to: usize,
    ) -> i32 {
        let steps = if mirrored { &self.mirror_steps } else { &self.steps };
        steps.step(tiles, tile, from, to)
    }

    /// [`PatternDb::rank_step`] on the board itself, where no cell needs mapping.
    #[allow(clippy::inline_always)] // the search's inner loop: measured (BENCHMARKS.md)
    #[inline(always)]
    pub(crate) fn direct_rank_step(&self, tiles: &[u8; SEARCH_CELLS], tile: usize, from: usize, to: usize) -> i32 {
        self.steps.step_unmapped(tiles, tile, from, to)
    }

    /// Group `g`'s value from a byte table.
    fn group_value(&self, g: usize, cell_of: &[u8; SEARCH_CELLS]) -> u8 {
        self.value_at(g, self.group_rank(g, cell_of) as u32)
    }

    /// Group `g`'s value from a compact table, given the group's Manhattan distance `md`.
    pub(crate) fn compact_group_value(&self, g: usize, cell_of: &[u8; SEARCH_CELLS], md: u8) -> u8 {
        self.compact_value_at(g, self.group_rank(g, cell_of) as u32, md)
    }

    /// The Manhattan distance of group `g`'s tiles.
    pub(crate) fn group_manhattan(&self, g: usize, cell_of: &[u8; SEARCH_CELLS]) -> u8 {
        self.partition.groups()[g]
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
    fn any_group_value(&self, g: usize, cell_of: &[u8; SEARCH_CELLS]) -> u8 {
        if self.partition.is_compact() {
            self.compact_group_value(g, cell_of, self.group_manhattan(g, cell_of))
        } else {
            self.group_value(g, cell_of)
        }
    }

    /// Every group's value and their sum.
    pub(crate) fn sums(&self, cell_of: &[u8; SEARCH_CELLS]) -> ([u8; MAX_GROUPS], u32) {
        let mut vals = [0u8; MAX_GROUPS];
        let mut sum = 0;
        for (g, v) in vals.iter_mut().enumerate().take(self.partition.groups().len()) {
            *v = self.any_group_value(g, cell_of);
            sum += u32::from(*v);
        }
        (vals, sum)
    }

    /// The cell of every tile, on the board and on its mirror.
    pub(crate) fn cells_of(&self, board: &SearchBoard) -> ([u8; SEARCH_CELLS], [u8; SEARCH_CELLS]) {
        let mut cell_of = [0u8; SEARCH_CELLS];
        let mut mirrored = [0u8; SEARCH_CELLS];
        for cell in 0..board.side * board.side {
            let t = board.tiles[cell] as usize;
            cell_of[t] = cell as u8;
            mirrored[self.mirror_tile[t] as usize] = self.mirror_cell[cell];
        }
        (cell_of, mirrored)
    }

    /// The sum over groups, without the mirror.
    #[cfg(test)]
    pub(crate) fn additive_value(&self, board: &Board) -> u32 {
        self.sums(&self.cells_of(&SearchBoard::new(board)).0).1
    }

    /// The sum over groups for the board mirrored across the diagonal, looked up whether or
    /// not [`PatternDb::uses_mirror`] (tests compare it with the direct sum).
    #[cfg(test)]
    pub(crate) fn mirrored_value(&self, board: &Board) -> u32 {
        self.sums(&self.cells_of(&SearchBoard::new(board)).1).1
    }

    /// The heuristic: the larger of the board's and its mirror's sums (the mirror only where
    /// it can differ).
    pub fn value(&self, board: &Board) -> u32 {
        if !board.size().is_square() {
            // A rectangle's tables (no mirror): the cells read straight off the board.
            let mut cell_of = [0u8; SEARCH_CELLS];
            for (cell, &t) in board.tiles().iter().enumerate().take(SEARCH_CELLS) {
                cell_of[t as usize] = cell as u8;
            }
            return self.sums(&cell_of).1;
        }
        let (cell_of, mirrored) = self.cells_of(&SearchBoard::new(board));
        let direct = self.sums(&cell_of).1;
        if self.mirror {
            direct.max(self.sums(&mirrored).1)
        } else {
            direct
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Size;
    use crate::solver::tables::builder;
    use crate::solver::tables::test_tables::default_tables;

    #[test]
    fn three_by_three_tables_are_admissible_and_zero_at_goal() {
        let p = Partition::default_for(Size::THREE);
        let db = builder::build(&p, &|_| {}).unwrap();
        assert_eq!(db.value(&Board::goal(Size::THREE)), 0);
        let exact = crate::solver::ExactTable::build();
        let mut rng = crate::puzzle::SeededRng::new(5);
        for _ in 0..2000 {
            let b = Board::random(Size::THREE, &mut rng);
            assert!(db.value(&b) <= exact.distance(&b));
            assert!(db.value(&b) >= db.additive_value(&b));
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
        let db3 = builder::build(&Partition::default_for(Size::THREE), &|_| {}).unwrap();
        let mut rng = crate::puzzle::SeededRng::new(12);
        for (db, size) in [(&db3, Size::THREE), (default_tables(Size::SIX).as_ref(), Size::SIX)] {
            assert!(!db.uses_mirror());
            for _ in 0..500 {
                let b = Board::random(size, &mut rng);
                assert_eq!(db.mirrored_value(&b), db.additive_value(&b), "{b}");
                assert_eq!(db.value(&b), db.additive_value(&b), "{b}");
            }
        }
        // Where it is used, the value is the larger sum, and sometimes the mirror's.
        let db5 = default_tables(Size::FIVE);
        assert!(db5.uses_mirror());
        let mut mirror_wins = 0;
        for _ in 0..500 {
            let b = Board::random(Size::FIVE, &mut rng);
            assert_eq!(db5.value(&b), db5.additive_value(&b).max(db5.mirrored_value(&b)));
            mirror_wins += usize::from(db5.mirrored_value(&b) > db5.additive_value(&b));
        }
        assert!(mirror_wins > 0);
    }
}
