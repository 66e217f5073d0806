//! Walking distance (Ken'ichiro Takahashi): rows and columns counted separately.
//!
//! Forget columns: a vertical move takes one tile from the blank's neighbouring row into
//! the blank's row. What remains of a board is, for each row, how many of its tiles belong
//! in each goal row, plus the blank's row. A breadth-first search over those patterns from
//! the goal gives the exact number of vertical moves each needs (24,964 patterns on 4×4).
//! Columns are the same problem transposed, and since every move is either vertical or
//! horizontal, the two parts add.
//!
//! Linear conflict does not add to this (both count the same vertical moves), so the
//! search heuristic takes the max of the two.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

use crate::puzzle::{Board, Size};
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::linear_conflict::{LcState, LinearConflict};

/// Bits per count in a pattern code (counts never exceed 4).
const BITS: u32 = 3;
/// Where the blank's row is kept in a code, above the 16 counts of a 4×4 pattern.
const BLANK_SHIFT: u32 = BITS * 16;

/// A multiplicative hasher: pattern codes are already well mixed integers.
#[derive(Default)]
struct CodeHasher(u64);

impl Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (x ^ (x >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type CodeMap = HashMap<u64, u8, BuildHasherDefault<CodeHasher>>;

/// Walking-distance tables for one size (3×3 or 4×4).
pub struct WalkingDistance {
    side: usize,
    table: CodeMap,
}

fn shift(side: usize, line: usize, class: usize) -> u32 {
    BITS * (line * side + class) as u32
}

impl WalkingDistance {
    /// Builds the table by breadth-first search from the goal pattern (3×3 or 4×4; larger
    /// boards have millions of patterns and are not supported).
    pub fn build(size: Size) -> WalkingDistance {
        let n = size.side();
        assert!(n <= 4, "walking distance is built for 3×3 and 4×4 only");
        let mut goal = 0u64;
        for i in 0..n {
            let count = if i == n - 1 { n - 1 } else { n } as u64;
            goal += count << shift(n, i, i);
        }
        goal |= ((n - 1) as u64) << BLANK_SHIFT;
        let mut table = CodeMap::default();
        table.insert(goal, 0);
        let mut queue = VecDeque::from([goal]);
        let mask = (1u64 << BITS) - 1;
        while let Some(code) = queue.pop_front() {
            let d = table[&code];
            let blank = (code >> BLANK_SHIFT) as usize;
            for from in [blank.wrapping_sub(1), blank + 1] {
                if from >= n {
                    continue;
                }
                for class in 0..n {
                    if (code >> shift(n, from, class)) & mask == 0 {
                        continue;
                    }
                    let mut next = code - (1 << shift(n, from, class)) + (1 << shift(n, blank, class));
                    next = (next & !(0xF << BLANK_SHIFT)) | ((from as u64) << BLANK_SHIFT);
                    table.entry(next).or_insert_with(|| {
                        queue.push_back(next);
                        d + 1
                    });
                }
            }
        }
        WalkingDistance { side: n, table }
    }

    /// The number of row patterns (24,964 for 4×4).
    #[cfg(test)]
    pub(crate) fn patterns(&self) -> usize {
        self.table.len()
    }

    fn codes(&self, board: &SearchBoard) -> (u64, u64) {
        let n = self.side;
        let (mut rows, mut cols) = (0u64, 0u64);
        for cell in 0..n * n {
            let t = board.tiles[cell];
            let (r, c) = (cell / n, cell % n);
            if t == 0 {
                rows |= (r as u64) << BLANK_SHIFT;
                cols |= (c as u64) << BLANK_SHIFT;
            } else {
                let g = t as usize - 1;
                rows += 1 << shift(n, r, g / n);
                cols += 1 << shift(n, c, g % n);
            }
        }
        (rows, cols)
    }

    fn lookup(&self, code: u64) -> u32 {
        // Every pattern of a solvable board is reachable, so a miss cannot happen; 0 keeps
        // the heuristic admissible even if it did.
        self.table.get(&code).copied().map_or(0, u32::from)
    }

    /// The walking distance of a board of this table's size.
    pub fn value(&self, board: &Board) -> u32 {
        let (r, c) = self.codes(&SearchBoard::new(board));
        self.lookup(r) + self.lookup(c)
    }
}

/// Walking distance and linear conflict, by max, kept up to date per move.
pub(crate) struct WalkingWithConflict<'a> {
    wd: &'a WalkingDistance,
    lc: LinearConflict,
}

#[derive(Clone, Copy)]
pub(crate) struct WdState {
    rows: u64,
    cols: u64,
    row_d: u32,
    col_d: u32,
    lc: LcState,
}

impl<'a> WalkingWithConflict<'a> {
    pub fn new(wd: &'a WalkingDistance, size: Size) -> WalkingWithConflict<'a> {
        WalkingWithConflict {
            wd,
            lc: LinearConflict::new(size),
        }
    }
}

impl Incremental for WalkingWithConflict<'_> {
    type State = WdState;

    fn init(&self, board: &SearchBoard) -> WdState {
        let (rows, cols) = self.wd.codes(board);
        WdState {
            rows,
            cols,
            row_d: self.wd.lookup(rows),
            col_d: self.wd.lookup(cols),
            lc: self.lc.init(board),
        }
    }

    #[inline]
    fn h(&self, s: &WdState) -> u32 {
        (s.row_d + s.col_d).max(self.lc.h(&s.lc))
    }

    fn update(&self, s: &mut WdState, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.lc.update(&mut s.lc, board, tile, from, to);
        let n = self.wd.side;
        let g = tile as usize - 1;
        let clear = !(0xF << BLANK_SHIFT);
        if from / n == to / n {
            let class = g % n;
            let (fc, tc) = (from % n, to % n);
            s.cols = ((s.cols - (1 << shift(n, fc, class)) + (1 << shift(n, tc, class))) & clear)
                | ((fc as u64) << BLANK_SHIFT);
            s.col_d = self.wd.lookup(s.cols);
        } else {
            let class = g / n;
            let (fr, tr) = (from / n, to / n);
            s.rows = ((s.rows - (1 << shift(n, fr, class)) + (1 << shift(n, tr, class))) & clear)
                | ((fr as u64) << BLANK_SHIFT);
            s.row_d = self.wd.lookup(s.rows);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_by_four_has_24964_patterns() {
        assert_eq!(WalkingDistance::build(Size::FOUR).patterns(), 24_964);
    }

    #[test]
    fn goal_is_zero() {
        for size in [Size::THREE, Size::FOUR] {
            assert_eq!(WalkingDistance::build(size).value(&Board::goal(size)), 0);
        }
    }
}
