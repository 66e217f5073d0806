//! The board: which tile is in which cell.

use crate::puzzle::error::BoardError;
use crate::puzzle::moves::Move;
use crate::puzzle::parity;
use crate::puzzle::size::{MAX_CELLS, Size};

/// A solvable W×H board. Cells are numbered row-major from 0; tile 0 is the blank.
///
/// Every `Board` reachable through the public API is a valid, solvable permutation, so
/// code that receives one never has to check again.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: Size,
    blank: u8,
    tiles: [u8; MAX_CELLS],
}

impl Board {
    /// The solved board of a size.
    pub fn goal(size: Size) -> Board {
        let mut tiles = [0u8; MAX_CELLS];
        for (i, t) in tiles.iter_mut().enumerate().take(size.cells()) {
            *t = size.goal_tile(i);
        }
        Board {
            size,
            blank: (size.cells() - 1) as u8,
            tiles,
        }
    }

    /// A board from its tiles in row-major order (0 the blank), checking that they form a
    /// solvable permutation of a supported size.
    pub(crate) fn from_tiles(tiles: &[u8]) -> Result<Board, BoardError> {
        let board = Board::from_tiles_any_parity(tiles)?;
        parity::check_solvable(board.size, board.tiles())?;
        Ok(board)
    }

    /// Checks everything but solvability; used to build boards whose parity is then examined.
    pub(crate) fn from_tiles_any_parity(tiles: &[u8]) -> Result<Board, BoardError> {
        let size = Size::square_from_cells(tiles.len()).ok_or(BoardError::WrongCount(tiles.len()))?;
        Board::shaped_any_parity(size, tiles)
    }

    /// A board of `size` from its tiles in row-major order, checking that they form a
    /// solvable permutation of that many cells.
    pub(crate) fn from_shape(size: Size, tiles: &[u8]) -> Result<Board, BoardError> {
        let board = Board::shaped_any_parity(size, tiles)?;
        parity::check_solvable(board.size, board.tiles())?;
        Ok(board)
    }

    /// [`Board::from_shape`] but for solvability.
    pub(crate) fn shaped_any_parity(size: Size, tiles: &[u8]) -> Result<Board, BoardError> {
        if tiles.len() != size.cells() {
            return Err(BoardError::WrongCount(tiles.len()));
        }
        let mut seen = [false; MAX_CELLS];
        let mut blank = None;
        let mut cells = [0u8; MAX_CELLS];
        for (i, &t) in tiles.iter().enumerate() {
            let ti = t as usize;
            if ti >= size.cells() {
                return Err(BoardError::OutOfRange {
                    value: u64::from(t),
                    width: size.width(),
                    height: size.height(),
                    max: size.cells() - 1,
                });
            }
            if seen[ti] {
                return Err(if t == 0 {
                    BoardError::DuplicateBlank
                } else {
                    BoardError::Duplicate(t)
                });
            }
            seen[ti] = true;
            if t == 0 {
                blank = Some(i as u8);
            }
            cells[i] = t;
        }
        // A full count with no duplicate and nothing out of range always contains the blank.
        let blank = blank.ok_or(BoardError::WrongCount(tiles.len()))?;
        Ok(Board {
            size,
            blank,
            tiles: cells,
        })
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The tiles in row-major order; 0 is the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles[..self.size.cells()]
    }

    /// The tile at a cell (0 for the blank).
    pub fn tile_at(&self, index: usize) -> u8 {
        self.tiles[index]
    }

    /// The cell that holds the blank.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// Whether this is the solved board.
    pub fn is_goal(&self) -> bool {
        self.tiles()
            .iter()
            .enumerate()
            .all(|(i, &t)| t == self.size.goal_tile(i))
    }

    /// Whether the tile at `index` is where the goal puts it (the blank never counts).
    pub fn is_home(&self, index: usize) -> bool {
        let t = self.tiles[index];
        t != 0 && self.size.goal_index(t) == index
    }

    /// The moves possible from this board, in `U D L R` order.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        Move::ALL.into_iter().filter(|m| self.can_move(*m))
    }

    /// Whether `m` is possible here.
    pub(crate) fn can_move(&self, m: Move) -> bool {
        m.source_in(self.blank(), self.size.width(), self.size.height())
            .is_some()
    }

    /// The tile that `m` would slide, if the move is possible.
    pub fn tile_moved_by(&self, m: Move) -> Option<u8> {
        m.source_in(self.blank(), self.size.width(), self.size.height())
            .map(|from| self.tiles[from])
    }

    /// Plays `m` if it is possible and returns whether it was.
    pub fn try_move(&mut self, m: Move) -> bool {
        match m.source_in(self.blank(), self.size.width(), self.size.height()) {
            Some(from) => {
                self.tiles[self.blank()] = self.tiles[from];
                self.tiles[from] = 0;
                self.blank = from as u8;
                true
            }
            None => false,
        }
    }

    /// The board after `m`, or `None` if the move is not possible.
    #[must_use]
    pub fn moved(&self, m: Move) -> Option<Board> {
        let mut next = *self;
        next.try_move(m).then_some(next)
    }

    /// Plays a sequence of moves, failing at the first impossible one (the board is then
    /// left as it was before the sequence).
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<(), BoardError> {
        let mut next = *self;
        for (i, &m) in moves.iter().enumerate() {
            if !next.try_move(m) {
                return Err(BoardError::IllegalMove {
                    letter: m.letter(),
                    position: i + 1,
                });
            }
        }
        *self = next;
        Ok(())
    }

    /// The board mirrored across the main diagonal, with tiles relabelled so that the goal
    /// maps to itself; it needs exactly as many moves as this one.
    #[must_use]
    #[cfg(test)]
    pub(crate) fn transposed(&self) -> Board {
        let size = self.size;
        let n = size.side();
        let mut tiles = [0u8; MAX_CELLS];
        for r in 0..n {
            for c in 0..n {
                let t = self.tiles[size.index(r, c)];
                let mirrored = if t == 0 {
                    0
                } else {
                    let (gr, gc) = size.row_col(size.goal_index(t));
                    size.goal_tile(size.index(gc, gr))
                };
                tiles[size.index(c, r)] = mirrored;
            }
        }
        let (br, bc) = size.row_col(self.blank());
        Board {
            size,
            blank: size.index(bc, br) as u8,
            tiles,
        }
    }

    /// Sum of the Manhattan distances of the tiles from their goal cells.
    pub fn manhattan(&self) -> u32 {
        let size = self.size;
        let mut total = 0;
        for (i, &t) in self.tiles().iter().enumerate() {
            if t != 0 {
                let (r, c) = size.row_col(i);
                let (gr, gc) = size.row_col(size.goal_index(t));
                total += r.abs_diff(gr) + c.abs_diff(gc);
            }
        }
        total as u32
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_is_goal_and_solvable() {
        for size in Size::ALL {
            let g = Board::goal(size);
            assert!(g.is_goal());
            assert_eq!(g.blank(), size.cells() - 1);
            assert_eq!(Board::from_tiles(g.tiles()).unwrap(), g);
            assert_eq!(g.manhattan(), 0);
        }
    }

    #[test]
    fn moves_from_goal() {
        let mut b = Board::goal(Size::THREE);
        let legal: Vec<Move> = b.legal_moves().collect();
        assert_eq!(legal, vec![Move::Down, Move::Right]);
        assert_eq!(b.tile_moved_by(Move::Down), Some(6));
        assert!(b.try_move(Move::Down));
        assert_eq!(b.tiles(), &[1, 2, 3, 4, 5, 0, 7, 8, 6]);
        assert!(!b.try_move(Move::Left));
        assert!(b.try_move(Move::Up));
        assert!(b.is_goal());
    }

    #[test]
    fn apply_all_is_atomic() {
        let mut b = Board::goal(Size::THREE);
        let before = b;
        let err = b.apply_all(&[Move::Down, Move::Down, Move::Down]).unwrap_err();
        assert_eq!(
            err,
            BoardError::IllegalMove {
                letter: 'D',
                position: 3
            }
        );
        assert_eq!(b, before);
    }

    #[test]
    fn transpose_is_an_involution_and_fixes_goal() {
        for size in Size::ALL {
            let g = Board::goal(size);
            assert_eq!(g.transposed(), g);
            let mut b = g;
            b.apply_all(&[Move::Down, Move::Right, Move::Down, Move::Right])
                .unwrap();
            assert_eq!(b.transposed().transposed(), b);
            assert_eq!(b.transposed().manhattan(), b.manhattan());
        }
    }
}
