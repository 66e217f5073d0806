//! Solvability by parity.
//!
//! A move swaps the blank with a neighbour: it flips the parity of the permutation of all
//! N² cells (blank included) and changes the blank's distance from its goal cell by one.
//! So `permutation parity + blank distance` is invariant mod 2, and a board is solvable
//! exactly when that sum is even, as it is for the goal. This one rule covers odd and even
//! widths alike.

use crate::puzzle::error::BoardError;
use crate::puzzle::size::Size;

/// Whether the permutation (blank included, the blank counted as the tile N²) is odd.
pub(crate) fn permutation_is_odd(size: Size, tiles: &[u8]) -> bool {
    let n = size.cells();
    let label = |t: u8| if t == 0 { n } else { t as usize };
    // Count cycles: parity = (cells - cycles) mod 2, in O(n).
    let mut visited = [false; crate::puzzle::size::MAX_CELLS];
    let mut cycles = 0;
    for start in 0..n {
        if visited[start] {
            continue;
        }
        cycles += 1;
        let mut i = start;
        while !visited[i] {
            visited[i] = true;
            i = label(tiles[i]) - 1;
        }
    }
    (n - cycles) % 2 == 1
}

/// The blank's Manhattan distance from its goal cell (bottom right).
pub(crate) fn blank_distance(size: Size, tiles: &[u8]) -> usize {
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(size.cells() - 1);
    let (r, c) = size.row_col(blank);
    (size.height() - 1 - r) + (size.width() - 1 - c)
}

/// Whether these tiles (a valid permutation of `size`) can reach the goal.
pub fn is_solvable(size: Size, tiles: &[u8]) -> bool {
    permutation_is_odd(size, tiles) == (blank_distance(size, tiles) % 2 == 1)
}

/// `Ok` when solvable, else an error naming two tiles whose swap would fix the board.
pub(crate) fn check_solvable(size: Size, tiles: &[u8]) -> Result<(), BoardError> {
    if is_solvable(size, tiles) {
        return Ok(());
    }
    let (a, b) = fixing_swap(size, tiles);
    Err(BoardError::Unsolvable(a.min(b), a.max(b)))
}

/// Two non-blank tiles whose swap makes an unsolvable board solvable. Any such swap flips
/// the permutation's parity without moving the blank, so any pair works; the pair named is
/// the one a player most likely mixed up: two tiles in each other's places if there are
/// some, else a misplaced tile and the tile in its place, else the two highest tiles.
fn fixing_swap(size: Size, tiles: &[u8]) -> (u8, u8) {
    let n = size.cells();
    let home = |t: u8| usize::from(t) - 1;
    let misplaced = || (0..n).filter(|&i| tiles[i] != 0 && tiles[i] != size.goal_tile(i));
    let swapped = misplaced().find_map(|i| {
        let other = tiles[home(tiles[i])];
        (other != 0 && home(other) == i).then_some((tiles[i], other))
    });
    let into_place = || {
        misplaced().find_map(|i| {
            let other = tiles[home(tiles[i])];
            (other != 0).then_some((tiles[i], other))
        })
    };
    let highest = (n - 2) as u8;
    swapped.or_else(into_place).unwrap_or((highest, highest + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swapped(tiles: &[u8], a: u8, b: u8) -> Vec<u8> {
        tiles
            .iter()
            .map(|&t| match t {
                t if t == a => b,
                t if t == b => a,
                t => t,
            })
            .collect()
    }

    #[test]
    fn swapping_two_tiles_makes_goal_unsolvable() {
        for size in Size::ALL {
            let mut tiles: Vec<u8> = (0..size.cells()).map(|i| size.goal_tile(i)).collect();
            assert!(is_solvable(size, &tiles));
            tiles.swap(0, 1);
            assert!(!is_solvable(size, &tiles));
            let err = check_solvable(size, &tiles).unwrap_err();
            assert_eq!(err, BoardError::Unsolvable(1, 2));
            assert_eq!(
                err.to_string(),
                "this board can't be solved; swapping tiles 1 and 2 would make it solvable"
            );
        }
    }

    #[test]
    fn classic_14_15_puzzle_is_unsolvable() {
        let tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0];
        assert!(!is_solvable(Size::FOUR, &tiles));
        assert_eq!(
            check_solvable(Size::FOUR, &tiles).unwrap_err().to_string(),
            "this board can't be solved; swapping tiles 14 and 15 would make it solvable"
        );
    }

    #[test]
    fn the_named_swap_fixes_the_board() {
        // A 4-cycle: odd, with the blank at home, and no two tiles in each other's places.
        let tiles = [2, 3, 4, 1, 5, 6, 7, 8, 0];
        assert!(!is_solvable(Size::THREE, &tiles));
        let Err(BoardError::Unsolvable(a, b)) = check_solvable(Size::THREE, &tiles) else {
            panic!("unsolvable");
        };
        assert!(a != 0 && b != 0 && a < b);
        assert!(is_solvable(Size::THREE, &swapped(&tiles, a, b)));
    }
}
