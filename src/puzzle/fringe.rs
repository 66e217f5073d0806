//! The "fringe" colour scheme's classification: which tiles are solved, which form the
//! next row and column to solve, and which are left for later.
//!
//! It follows the standard reduction order of speedsolvers: solve the top row, then the
//! left column, and repeat on the board that remains, until a 3×3 remains, which is solved
//! as one block. A row (or column) counts as solved only when every one of its tiles is
//! home and everything before it in the order is solved too; a tile that happens to be home
//! further on is still "rest".

use crate::puzzle::Board;

/// Where a tile stands in the reduction order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    /// In a row or column already solved, in order.
    Solved,
    /// In the next row or column to solve (the fringe), or the last 3×3 block.
    Fringe,
    /// Everything after the fringe.
    Rest,
}

/// The region of every tile of a board, by tile number (the blank's entry is `Rest`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fringe {
    regions: Vec<Region>,
}

impl Fringe {
    /// Classifies the tiles of `board`.
    pub fn of(board: &Board) -> Fringe {
        let size = board.size();
        let cells = size.cells();
        let mut regions = vec![Region::Rest; cells];
        // A tile's number is its goal cell plus one.
        let home = |cell: usize| board.is_home(cell);
        let mut mark = |cells: &[usize], region: Region| {
            for &c in cells {
                if c + 1 < regions.len() {
                    regions[c + 1] = region;
                }
            }
        };
        let (lines, block) = reduction(size.width(), size.height());
        for (i, (line, is_row)) in lines.iter().enumerate() {
            if !line.iter().all(|&c| home(c)) {
                mark(line, Region::Fringe);
                // An unsolved row brings the column after it into the fringe: the two are
                // built together.
                if *is_row && let Some((column, false)) = lines.get(i + 1) {
                    mark(column, Region::Fringe);
                }
                return Fringe { regions };
            }
            mark(line, Region::Solved);
        }
        let block: Vec<usize> = block.into_iter().filter(|&cell| cell + 1 < cells).collect();
        let solved = block.iter().all(|&c| home(c));
        mark(&block, if solved { Region::Solved } else { Region::Fringe });
        Fringe { regions }
    }

    /// The region of tile `tile` (0, the blank, is `Rest`).
    pub fn region(&self, tile: u8) -> Region {
        self.regions.get(usize::from(tile)).copied().unwrap_or(Region::Rest)
    }
}

/// The reduction order of a board `width` × `height`: its lines to solve in turn (each a
/// list of goal cells, and whether it is a row), the longer side's first (a square's top row,
/// then its left column), until at most 3×3 remains: that last block's goal cells.
fn reduction(width: usize, height: usize) -> (Vec<(Vec<usize>, bool)>, Vec<usize>) {
    let (mut top, mut left) = (0, 0);
    let mut lines = Vec::new();
    while height - top > 3 || width - left > 3 {
        if height - top >= width - left {
            lines.push(((left..width).map(|c| top * width + c).collect(), true));
            top += 1;
        } else {
            lines.push(((top..height).map(|r| r * width + left).collect(), false));
            left += 1;
        }
    }
    let block = (top..height)
        .flat_map(|r| (left..width).map(move |c| r * width + c))
        .collect();
    (lines, block)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(board: &str) -> String {
        let b: Board = board.parse().unwrap();
        let f = Fringe::of(&b);
        b.tiles()
            .iter()
            .map(|&t| match (t, f.region(t)) {
                (0, _) => '_',
                (_, Region::Solved) => 'S',
                (_, Region::Fringe) => 'F',
                (_, Region::Rest) => '.',
            })
            .collect()
    }

    #[test]
    fn a_scrambled_four_by_four_has_the_top_row_and_left_column_as_fringe() {
        // Tile 6 is home but not solved: it is after the fringe. (Two swaps keep it solvable.)
        assert_eq!(
            regions("2 1 3 4  5 6 7 8  9 10 12 11  13 14 0 15"),
            // Read by cell; tiles 1-4, 5, 9 and 13 are the fringe.
            "FFFFF...F...F._."
        );
    }

    #[test]
    fn a_solved_top_row_is_solved_and_the_left_column_is_next() {
        assert_eq!(regions("1 2 3 4  9 6 7 8  5 10 11 12  13 15 0 14"), "SSSSF...F...F._.");
    }

    #[test]
    fn the_last_three_by_three_is_one_block() {
        // 4×4 with the first row and column solved: the rest is a 3×3, all fringe.
        assert_eq!(regions("1 2 3 4  5 6 7 8  9 10 11 12  13 14 0 15"), "SSSSSFFFSFFFSF_F");
        // A 3×3 is one block from the start, and solved when it is.
        assert_eq!(regions("1 2 3 4 5 6 7 0 8"), "FFFFFFF_F");
        assert_eq!(regions("1 2 3 4 5 6 7 8 0"), "SSSSSSSS_");
    }

    #[test]
    fn five_by_five_goes_row_column_row_column() {
        let solved_first_l = "1 2 3 4 5  6 8 7 9 10  11 12 13 14 15  16 17 18 19 20  21 22 24 0 23";
        // Row 1 (7-10) and column 1 (12, 17, 22) are next; 13 is home but not solved.
        assert_eq!(regions(solved_first_l), "SSSSSSFFFFSF...SF...SF._.");
    }

    #[test]
    fn rectangles_reduce_their_longer_side_first() {
        // 4×3: the left column, then the 3×3 block.
        assert_eq!(regions("1 2 3 4/5 6 7 8/9 10 0 11"), "SFFFSFFFSF_F");
        assert_eq!(regions("5 2 3 4/9 6 7 8/1 10 11 0"), "F...F...F.._");
        assert_eq!(regions("1 2 3 4/5 6 7 8/9 10 11 0"), "SSSSSSSSSSS_");
        // 2×5: the top rows, then the 2×3 block.
        assert_eq!(regions("1 2/3 4/5 6/7 0/9 8"), "SSSSFFF_FF");
    }
}
