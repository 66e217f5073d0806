//! The square a large board's reduction leaves for a search to finish: the reduction places
//! lines until the unsolved region is the bottom-right square of the board's shorter side
//! (at most 6), and the solver's searches for square boards (the exact 3×3 table, IDA* on
//! 4×4, the bounded search on 5×5 and 6×6) solve that square as a board of its own, far
//! better than the reduction would: on 6×6 the reduction's plans are about 1.7 times the
//! bounded search's.

use crate::puzzle::{Board, MAX_CELLS, SEARCH_SIDE, Size};

/// Boards of at most this many cells keep the plan they had (their own searches come
/// first; the reduction is their last resort).
const MIN_CELLS: usize = 21;

/// The side of the square `size`'s reduction stops at for a search to finish, if it has
/// one: the shorter side, at most 6; none for a board of at most 20 cells, or whose shorter
/// side is 2 (the reduction ends at 2×2 anyway).
pub(crate) fn side(size: Size) -> Option<usize> {
    let shorter = size.width().min(size.height()).min(SEARCH_SIDE);
    (size.cells() >= MIN_CELLS && shorter >= 3 && !size.is_classic()).then_some(shorter)
}

/// The bottom-right `side`×`side` square of `board` as a board of its own, each tile
/// numbered by its goal cell within the square; `None` if a tile there belongs outside it
/// (the reduction not done).
pub(crate) fn square(board: &Board, side: usize) -> Option<Board> {
    let size = board.size();
    let (width, height) = (size.width(), size.height());
    let (top, left) = (height.checked_sub(side)?, width.checked_sub(side)?);
    let mut tiles = [0u8; MAX_CELLS];
    for r in 0..side {
        for c in 0..side {
            let t = board.tile_at((top + r) * width + left + c);
            tiles[r * side + c] = if t == 0 {
                0
            } else {
                let at = t as usize - 1;
                let (gr, gc) = (at / width, at % width);
                if gr < top || gc < left {
                    return None;
                }
                ((gr - top) * side + gc - left + 1) as u8
            };
        }
    }
    Board::from_tiles(&tiles[..side * side]).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Move, SeededRng};
    use crate::solver::Stop;
    use crate::solver::search::constructive::{Grouping, reduce_to_square};

    #[test]
    fn the_square_is_the_shorter_side_up_to_six() {
        let side_of = |w, h| side(Size::rect(w, h).unwrap());
        assert_eq!(side_of(10, 10), Some(6));
        assert_eq!(side_of(7, 7), Some(6));
        assert_eq!(side_of(10, 5), Some(5));
        assert_eq!(side_of(4, 9), Some(4));
        assert_eq!(side_of(10, 3), Some(3));
        assert_eq!(side_of(10, 2), None);
        assert_eq!(side_of(4, 5), None, "20 cells keep their plan");
        assert_eq!(side_of(6, 6), None);
    }

    #[test]
    fn a_reduced_board_solves_through_its_square() {
        let mut rng = SeededRng::new(51);
        let singles = Grouping {
            max_states: 0,
            row_on_tie: true,
        };
        for (w, h) in [(7, 7), (10, 10), (10, 4), (3, 8), (9, 6)] {
            let size = Size::rect(w, h).unwrap();
            let k = side(size).unwrap();
            let board = Board::random(size, &mut rng);
            let reduced = reduce_to_square(&board, singles, k, &Stop::never()).unwrap();
            let mut mid = board;
            mid.apply_all(&reduced).unwrap();
            let sub = square(&mid, k).expect("only the square's tiles are left");
            assert_eq!(sub.size(), Size::new(k).unwrap());
            // The square's own plan, played on the big board, finishes it.
            let rest = crate::solver::search::constructive::solve(&sub).unwrap();
            let mut end = mid;
            end.apply_all(&rest).unwrap();
            assert!(end.is_goal(), "{board}");
        }
        // Before the reduction, tiles of the top rows are in the square.
        let board = Board::goal(Size::new(7).unwrap());
        let mut b = board;
        for m in [Move::Down; 6] {
            assert!(b.try_move(m));
        }
        assert!(square(&b, 6).is_none());
    }
}
