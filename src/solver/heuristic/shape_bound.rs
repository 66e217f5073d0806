//! Manhattan distance plus linear conflicts on a board of any shape, W×H: the bound the
//! searches of rectangles (and of 2×2 and 7×7 to 10×10, as a lower bound to compare plans
//! with) use, where the square heuristics' tables and fixed arrays do not reach.
//!
//! Admissible: each tile needs at least its Manhattan distance, and within a line (a row
//! or a column) the tiles that belong to that line but stand in the wrong order cannot all
//! stay in it. At least `len - LIS` of them must step out of the line and back, two moves
//! each that Manhattan does not count, where `LIS` is the longest run of them already in
//! increasing goal order. A tile's row conflicts and column conflicts count different
//! moves (vertical and horizontal), so the two sums add up.

use crate::puzzle::{Board, MAX_SIDE};

/// 2·(len − LIS) for the tiles of one line, given in the line's order by their goal
/// positions along it.
pub(crate) fn line_conflicts(goals: &[u8]) -> u32 {
    // Longest strictly increasing subsequence, quadratic: a line has at most 10 tiles.
    let mut best = [1u8; MAX_SIDE];
    let mut longest = 0;
    for i in 0..goals.len() {
        for j in 0..i {
            if goals[j] < goals[i] && best[j] + 1 > best[i] {
                best[i] = best[j] + 1;
            }
        }
        longest = longest.max(best[i]);
    }
    2 * (goals.len() as u32 - u32::from(longest))
}

/// The shape a bound is computed on: its width and height, from which each tile's goal
/// row and column follow.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Shape {
    /// The tile's goal (row, column); the tile is not the blank.
    #[inline]
    pub fn goal(self, tile: u8) -> (usize, usize) {
        let at = tile as usize - 1;
        (at / self.width, at % self.width)
    }

    /// The tile's Manhattan distance from `cell` to its goal.
    #[inline]
    pub fn distance(self, tile: u8, cell: usize) -> u32 {
        let (gr, gc) = self.goal(tile);
        ((cell / self.width).abs_diff(gr) + (cell % self.width).abs_diff(gc)) as u32
    }

    /// The conflicts in row `r` of `tiles`.
    pub fn row_conflicts(self, tiles: &[u8], r: usize) -> u32 {
        let mut goals = [0u8; MAX_SIDE];
        let mut n = 0;
        for c in 0..self.width {
            let t = tiles[r * self.width + c];
            if t != 0 && self.goal(t).0 == r {
                goals[n] = self.goal(t).1 as u8;
                n += 1;
            }
        }
        line_conflicts(&goals[..n])
    }

    /// The conflicts in column `c` of `tiles`.
    pub fn col_conflicts(self, tiles: &[u8], c: usize) -> u32 {
        let mut goals = [0u8; MAX_SIDE];
        let mut n = 0;
        for r in 0..self.height {
            let t = tiles[r * self.width + c];
            if t != 0 && self.goal(t).1 == c {
                goals[n] = self.goal(t).0 as u8;
                n += 1;
            }
        }
        line_conflicts(&goals[..n])
    }

    /// The Manhattan distance of every tile.
    pub fn manhattan(self, tiles: &[u8]) -> u32 {
        tiles
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(cell, &t)| self.distance(t, cell))
            .sum()
    }
}

/// Manhattan plus linear conflicts of a board of any shape.
pub(crate) fn value(board: &Board) -> u32 {
    let size = board.size();
    let shape = Shape {
        width: size.width(),
        height: size.height(),
    };
    let tiles = board.tiles();
    let rows: u32 = (0..shape.height).map(|r| shape.row_conflicts(tiles, r)).sum();
    let cols: u32 = (0..shape.width).map(|c| shape.col_conflicts(tiles, c)).sum();
    shape.manhattan(tiles) + rows + cols
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};

    #[test]
    fn conflicts_count_the_tiles_that_must_leave() {
        assert_eq!(line_conflicts(&[]), 0);
        assert_eq!(line_conflicts(&[0, 1, 2]), 0);
        assert_eq!(line_conflicts(&[1, 0]), 2);
        assert_eq!(line_conflicts(&[2, 1, 0]), 4);
        assert_eq!(line_conflicts(&[3, 0, 1, 2]), 2);
    }

    #[test]
    fn agrees_with_the_square_heuristic_on_squares() {
        let mut rng = SeededRng::new(5);
        for size in Size::ALL {
            for _ in 0..50 {
                let b = Board::random(size, &mut rng);
                assert!(value(&b) >= b.manhattan());
                assert_eq!(value(&Board::goal(size)), 0);
            }
        }
    }
}
