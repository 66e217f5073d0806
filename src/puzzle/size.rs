//! Board sizes: W columns by H rows, each from 2 to 10, written as slidysim writes them
//! ("4×3" is 4 wide and 3 tall).

use std::fmt;

use crate::puzzle::error::BoardError;

/// The longest side Slide supports.
pub(crate) const MAX_SIDE: usize = 10;
/// The largest number of cells on a board (10×10); a [`crate::puzzle::Board`] holds this many.
pub(crate) const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// The shortest side.
pub(crate) const MIN_SIDE: usize = 2;
/// The most cells the optimal searches and their tables handle (6×6 and every rectangle up
/// to 36 cells): their arrays are sized by this, not by [`MAX_CELLS`], so that the square
/// boards' inner loops copy no more than they did before boards grew.
pub(crate) const SEARCH_CELLS: usize = SEARCH_SIDE * SEARCH_SIDE;
/// The longest side the optimal searches' per-line arrays hold (6, for 6×6).
pub(crate) const SEARCH_SIDE: usize = 6;

/// A board's shape: `width` columns and `height` rows, each in `2..=10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    width: u8,
    height: u8,
}

impl Size {
    /// 3×3, the 8-puzzle.
    pub const THREE: Size = Size::square_unchecked(3);
    /// 4×4, the 15-puzzle.
    pub const FOUR: Size = Size::square_unchecked(4);
    /// 5×5, the 24-puzzle.
    pub const FIVE: Size = Size::square_unchecked(5);
    /// 6×6, the 35-puzzle.
    pub const SIX: Size = Size::square_unchecked(6);
    /// The sizes the game plays (square, 3×3 to 6×6), smallest first; the pattern databases,
    /// levels and records are kept for these.
    pub const ALL: [Size; 4] = [Size::THREE, Size::FOUR, Size::FIVE, Size::SIX];

    const fn square_unchecked(n: u8) -> Size {
        Size { width: n, height: n }
    }

    /// The N×N size, or an error naming the supported range (2 to 10).
    pub fn new(n: usize) -> Result<Size, BoardError> {
        Size::rect(n, n)
    }

    /// The size `width` columns wide and `height` rows tall, or an error naming the
    /// supported range (2 to 10 each).
    pub fn rect(width: usize, height: usize) -> Result<Size, BoardError> {
        let ok = |n: usize| (MIN_SIDE..=MAX_SIDE).contains(&n);
        if ok(width) && ok(height) {
            Ok(Size {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(BoardError::UnsupportedSize { width, height })
        }
    }

    /// The classic N×N size (3 to 6: the sizes with pattern databases, levels and the
    /// daily), or an error naming the classic sizes.
    pub fn classic(n: usize) -> Result<Size, BoardError> {
        Size::new(n)
            .ok()
            .filter(|s| s.is_classic())
            .ok_or(BoardError::NotClassic(format!("{n}×{n}")))
    }

    /// Checks that this is a classic size: square, 3×3 to 6×6.
    pub fn check_classic(self) -> Result<Size, BoardError> {
        if self.is_classic() {
            Ok(self)
        } else {
            Err(BoardError::NotClassic(self.to_string()))
        }
    }

    /// Whether this is one of [`Size::ALL`], the classic square sizes 3×3 to 6×6: the
    /// sizes with pattern databases, calibrated levels and the daily.
    pub fn is_classic(self) -> bool {
        self.width == self.height && (3..=6).contains(&self.width)
    }

    /// The size whose square board has `cells` cells, for input with no shape of its own
    /// (4, 9, 16, … 100).
    pub(crate) fn square_from_cells(cells: usize) -> Option<Size> {
        (MIN_SIDE..=MAX_SIDE)
            .find(|&n| n * n == cells)
            .and_then(|n| Size::new(n).ok())
    }

    /// The number of columns.
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// The number of rows.
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Whether the board is square.
    pub const fn is_square(self) -> bool {
        self.width == self.height
    }

    /// The side N of an N×N board, `None` for a rectangle.
    pub const fn square_side(self) -> Option<usize> {
        if self.is_square() {
            Some(self.width as usize)
        } else {
            None
        }
    }

    /// The side N of a square board, for code that handles only squares (the game, the
    /// pattern databases, the square searches); it panics on a rectangle, which such code
    /// must have turned away first ([`Size::square_side`] or [`Size::check_classic`]).
    pub const fn side(self) -> usize {
        assert!(self.is_square(), "a square-only path was given a rectangle");
        self.width as usize
    }

    /// The number of cells, W·H.
    pub const fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// The cell index of (row, column).
    pub const fn index(self, row: usize, col: usize) -> usize {
        row * self.width() + col
    }

    /// The (row, column) of a cell index.
    pub(crate) const fn row_col(self, index: usize) -> (usize, usize) {
        (index / self.width(), index % self.width())
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
        write!(f, "{}×{}", self.width, self.height)
    }
}

impl std::str::FromStr for Size {
    type Err = BoardError;

    /// Accepts `N` (N×N), or `WxH` / `W×H` (W columns, H rows).
    fn from_str(s: &str) -> Result<Size, BoardError> {
        let s = s.trim();
        let bad = || BoardError::BadSize(crate::excerpt::excerpt(s));
        let parts: Vec<&str> = s.split(['x', 'X', '×']).map(str::trim).collect();
        let number = |p: &str| p.parse::<usize>().map_err(|_| bad());
        match parts[..] {
            [n] => Size::new(number(n)?),
            [w, h] => Size::rect(number(w)?, number(h)?),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_positions_round_trip() {
        for w in MIN_SIDE..=MAX_SIDE {
            for h in MIN_SIDE..=MAX_SIDE {
                let size = Size::rect(w, h).unwrap();
                for i in 0..size.cells() {
                    assert_eq!(size.goal_index(size.goal_tile(i)), i);
                }
            }
        }
    }

    #[test]
    fn parses_sizes() {
        assert_eq!("4".parse::<Size>().unwrap(), Size::FOUR);
        assert_eq!("5x5".parse::<Size>().unwrap(), Size::FIVE);
        assert_eq!("6×6".parse::<Size>().unwrap(), Size::SIX);
        let s = "4x3".parse::<Size>().unwrap();
        assert_eq!((s.width(), s.height(), s.to_string()), (4, 3, "4×3".to_string()));
        assert_eq!(s.square_side(), None);
        assert_eq!("10".parse::<Size>().unwrap().square_side(), Some(10));
        assert_eq!(
            "11".parse::<Size>().unwrap_err().to_string(),
            "size 11×11 is not supported: width and height are each 2 to 10"
        );
        assert!("1x4".parse::<Size>().is_err());
        assert!("four".parse::<Size>().is_err());
        assert!("3x3x3".parse::<Size>().is_err());
        assert!("3x".parse::<Size>().is_err());
    }

    #[test]
    fn the_classic_sizes_are_the_squares_from_3_to_6() {
        assert_eq!(Size::classic(4), Ok(Size::FOUR));
        assert_eq!(
            Size::classic(7).unwrap_err().to_string(),
            "7×7 is not one of the classic sizes, square 3×3 to 6×6"
        );
        assert!(Size::rect(4, 3).unwrap().check_classic().is_err());
        assert!(Size::ALL.iter().all(|s| s.is_classic()));
    }

    #[test]
    #[should_panic(expected = "square-only")]
    fn side_refuses_a_rectangle() {
        let _ = Size::rect(4, 3).unwrap().side();
    }
}
