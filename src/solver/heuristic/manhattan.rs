//! Manhattan distance: each tile's row and column distance from its goal cell, summed.
//!
//! Admissible because a move shifts one tile by one cell, changing the sum by exactly one;
//! for the same reason it is consistent.

use crate::puzzle::{Board, SEARCH_CELLS, Size};
use crate::solver::heuristic::{Incremental, SearchBoard};

/// The Manhattan distance of a board.
pub fn value(board: &Board) -> u32 {
    board.manhattan()
}

/// The number of single steps between cells `a` and `b` of a board of `size`.
#[inline]
pub(crate) fn cell_distance(size: Size, a: usize, b: usize) -> u8 {
    let ((ra, ca), (rb, cb)) = (size.row_col(a), size.row_col(b));
    (ra.abs_diff(rb) + ca.abs_diff(cb)) as u8
}

/// Per-(tile, cell) distances, so a move updates the sum with one subtraction.
#[derive(Clone)]
pub(crate) struct Manhattan {
    /// `dist[tile * SEARCH_CELLS + cell]`.
    dist: Vec<u8>,
}

impl Manhattan {
    pub fn new(size: Size) -> Manhattan {
        Manhattan::toward(&Board::goal(size))
    }

    /// The distance toward `end` instead of the goal: each tile's target is the cell `end`
    /// holds it in.
    pub fn toward(end: &Board) -> Manhattan {
        let size = end.size();
        let mut dist = vec![0u8; SEARCH_CELLS * SEARCH_CELLS];
        for (target, &tile) in end.tiles().iter().enumerate() {
            if tile == 0 {
                continue;
            }
            for cell in 0..size.cells() {
                dist[tile as usize * SEARCH_CELLS + cell] = cell_distance(size, cell, target);
            }
        }
        Manhattan { dist }
    }

    /// The distance of `tile` at `cell` from its goal cell.
    #[inline]
    pub(crate) fn tile_distance(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.dist[tile as usize * SEARCH_CELLS + cell])
    }

    /// The sum over a board.
    pub fn total(&self, board: &SearchBoard) -> u32 {
        (0..board.side * board.side)
            .filter(|&i| board.tiles[i] != 0)
            .map(|i| self.tile_distance(board.tiles[i], i))
            .sum()
    }
}

impl Incremental for Manhattan {
    type State = u32;

    fn init(&self, board: &SearchBoard) -> u32 {
        self.total(board)
    }

    #[inline]
    fn h(&self, state: &u32) -> u32 {
        *state
    }

    #[inline]
    fn update(&self, state: &mut u32, _board: &SearchBoard, tile: u8, from: usize, to: usize) {
        *state = *state + self.tile_distance(tile, to) - self.tile_distance(tile, from);
    }
}
