//! Board sizes: the side length N of an N×N puzzle, from 3 to 6.

use std::fmt;

use crate::puzzle::error::BoardError;

/// The largest side length Slide supports; fixed-size arrays in the solver use this.
pub(crate) const MAX_SIDE: usize = 6;
/// The largest number of cells on a board (6×6).
pub(crate) const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The side length of a square board, always in `3..=6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(u8);

impl Size {
    /// 3×3, the 8-puzzle.
    pub const THREE: Size = Size(3);
    /// 4×4, the 15-puzzle.
    pub const FOUR: Size = Size(4);
    /// 5×5, the 24-puzzle.
    pub const FIVE: Size = Size(5);
    /// 6×6, the 35-puzzle.
    pub const SIX: Size = Size(6);
    /// Every supported size, smallest first.
    pub const ALL: [Size; 4] = [Size::THREE, Size::FOUR, Size::FIVE, Size::SIX];

    /// The size with side `n`, or an error naming the supported range.
    pub fn new(n: usize) -> Result<Size, BoardError> {
        if (3..=MAX_SIDE).contains(&n) {
            Ok(Size(n as u8))
        } else {
            Err(BoardError::UnsupportedSize(n))
        }
    }

    /// The size whose board has `cells` cells (9, 16, 25 or 36).
    pub(crate) fn from_cells(cells: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.cells() == cells)
    }

    /// The side length N.
    pub const fn side(self) -> usize {
        self.0 as usize
    }

    /// The number of cells, N².
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The cell index of (row, column).
    pub const fn index(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// The (row, column) of a cell index.
    pub(crate) const fn row_col(self, index: usize) -> (usize, usize) {
        (index / self.side(), index % self.side())
    }

    /// The cell where `tile` belongs in the goal (the blank, 0, belongs in the last cell).
    pub(crate) const fn goal_index(self, tile: u8) -> usize {
        if tile == 0 { self.cells() - 1 } else { tile as usize - 1 }
    }

    /// The tile that belongs at `index` in the goal.
    pub(crate) const fn goal_tile(self, index: usize) -> u8 {
        if index + 1 == self.cells() {
            0
        } else {
            (index + 1) as u8
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.0, self.0)
    }
}

impl std::str::FromStr for Size {
    type Err = BoardError;

    /// Accepts `4`, `4x4` or `4×4`.
    fn from_str(s: &str) -> Result<Size, BoardError> {
        let s = s.trim();
        let head = s.split(['x', 'X', '×']).next().unwrap_or(s);
        let n: usize = head
            .trim()
            .parse()
            .map_err(|_| BoardError::BadSize(crate::excerpt::excerpt(s)))?;
        let parts: Vec<&str> = s.split(['x', 'X', '×']).collect();
        if parts.len() > 2 || parts.iter().any(|p| p.trim() != head.trim()) {
            return Err(BoardError::BadSize(crate::excerpt::excerpt(s)));
        }
        Size::new(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_positions_round_trip() {
        for size in Size::ALL {
            for i in 0..size.cells() {
                assert_eq!(size.goal_index(size.goal_tile(i)), i);
            }
        }
    }

    #[test]
    fn parses_sizes() {
        assert_eq!("4".parse::<Size>().unwrap(), Size::FOUR);
        assert_eq!("5x5".parse::<Size>().unwrap(), Size::FIVE);
        assert_eq!("6×6".parse::<Size>().unwrap(), Size::SIX);
        assert!("7".parse::<Size>().is_err());
        assert!("4x5".parse::<Size>().is_err());
        assert!("four".parse::<Size>().is_err());
        assert!("3x3x3".parse::<Size>().is_err());
        assert!("3x".parse::<Size>().is_err());
    }
}
