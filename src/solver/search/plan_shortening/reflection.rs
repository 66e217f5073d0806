//! Reflections of the board that bring a corner to the goal's blank corner, and the moves
//! they carry over.

use crate::puzzle::{Board, Move, SEARCH_CELLS};

/// A reflection of the board that brings one corner to the bottom-right, where the goal has
/// its blank: flip the rows, the columns, or both (a half turn). Each is its own inverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    rows: bool,
    cols: bool,
    side: usize,
}

impl Turn {
    /// The reflection that brings `cell` to the bottom-right corner, if `cell` is a corner.
    pub(crate) fn to_goal_corner(cell: usize, side: usize) -> Option<Turn> {
        let (r, c) = (cell / side, cell % side);
        let edge = |x: usize| x == 0 || x == side - 1;
        (edge(r) && edge(c)).then_some(Turn {
            rows: r == 0,
            cols: c == 0,
            side,
        })
    }

    pub fn cell(self, cell: usize) -> usize {
        let n = self.side;
        let (mut r, mut c) = (cell / n, cell % n);
        if self.rows {
            r = n - 1 - r;
        }
        if self.cols {
            c = n - 1 - c;
        }
        r * n + c
    }

    /// The board's tiles, reflected.
    pub(crate) fn board_tiles(self, board: &Board) -> [u8; SEARCH_CELLS] {
        let mut tiles = [0u8; SEARCH_CELLS];
        for (cell, &t) in board.tiles().iter().enumerate() {
            tiles[self.cell(cell)] = t;
        }
        tiles
    }

    /// The move on the reflected board that does what `m` does on the original.
    pub(crate) fn apply_move(self, m: Move) -> Move {
        match m {
            Move::Up | Move::Down if self.rows => m.inverse(),
            Move::Left | Move::Right if self.cols => m.inverse(),
            _ => m,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};
    use crate::solver::search::plan_shortening::test_walks::{end_of, random_walk};

    #[test]
    fn reflections_carry_moves_over() {
        let mut rng = SeededRng::new(21);
        for side in 3..=6 {
            let size = Size::new(side).expect("a size");
            for corner in [0, side - 1, side * (side - 1), side * side - 1] {
                let turn = Turn::to_goal_corner(corner, side).expect("a corner");
                assert_eq!(turn.cell(corner), side * side - 1);
                let board = Board::random(size, &mut rng);
                let walk = random_walk(&board, 30, &mut rng);
                // Replaying the reflected moves on the reflected board ends at the reflected end.
                let mut b = Board::from_tiles_any_parity(&turn.board_tiles(&board)[..side * side]).expect("tiles");
                for &m in &walk {
                    assert!(b.try_move(turn.apply_move(m)));
                }
                let end = turn.board_tiles(&end_of(&board, &walk));
                assert_eq!(b.tiles(), &end[..side * side]);
            }
            assert!(Turn::to_goal_corner(1, side).is_none());
        }
    }
}
