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
pub fn permutation_is_odd(size: Size, tiles: &[u8]) -> bool {
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
pub fn blank_distance(size: Size, tiles: &[u8]) -> usize {
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(size.cells() - 1);
    let (r, c) = size.row_col(blank);
    (size.side() - 1 - r) + (size.side() - 1 - c)
}

/// Whether these tiles (a valid permutation of `size`) can reach the goal.
pub fn is_solvable(size: Size, tiles: &[u8]) -> bool {
    permutation_is_odd(size, tiles) == (blank_distance(size, tiles) % 2 == 1)
}

/// `Ok` when solvable, else an error that explains the parity argument.
pub fn check_solvable(size: Size, tiles: &[u8]) -> Result<(), BoardError> {
    if is_solvable(size, tiles) {
        return Ok(());
    }
    let odd = permutation_is_odd(size, tiles);
    let d = blank_distance(size, tiles);
    let reason = if odd {
        format!(
            "the tiles form an odd permutation while the blank is {d} moves from its goal corner, an even number (odd permutation parity)"
        )
    } else {
        format!(
            "the tiles form an even permutation while the blank is {d} moves from its goal corner, an odd number (even permutation parity with odd blank distance)"
        )
    };
    Err(BoardError::Unsolvable(reason))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapping_two_tiles_makes_goal_unsolvable() {
        for size in Size::ALL {
            let mut tiles: Vec<u8> = (0..size.cells()).map(|i| size.goal_tile(i)).collect();
            assert!(is_solvable(size, &tiles));
            tiles.swap(0, 1);
            assert!(!is_solvable(size, &tiles));
            let msg = check_solvable(size, &tiles).unwrap_err().to_string();
            assert!(msg.starts_with("unsolvable: "), "{msg}");
            assert!(msg.contains("odd permutation parity"), "{msg}");
            assert!(msg.ends_with("no sequence of moves reaches the goal"), "{msg}");
        }
    }

    #[test]
    fn classic_14_15_puzzle_is_unsolvable() {
        let tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0];
        assert!(!is_solvable(Size::FOUR, &tiles));
    }
}
