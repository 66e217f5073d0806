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

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::puzzle::{Board, SEARCH_CELLS, Size};
use crate::solver::heuristic::linear_conflict::{LcState, LinearConflict};
use crate::solver::heuristic::{Incremental, SearchBoard};

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

type CodeMap = HashMap<u64, Packed, BuildHasherDefault<CodeHasher>>;

/// Where a pattern's moves are in [`WalkingDistance::next`]: two directions of four classes.
const STEPS: usize = 8;
/// A pattern as the search keeps it: its number in the low 16 bits, its distance above, so
/// that one read gives both.
type Packed = u32;

/// Walking-distance tables for one size (3×3 or 4×4).
///
/// Patterns are numbered in the order the breadth-first search meets them, so a search
/// keeps a pattern's number and steps it with one read instead of hashing its code.
pub struct WalkingDistance {
    side: usize,
    /// Each pattern code's number and distance (used to start a search, which then steps
    /// numbers).
    index: CodeMap,
    /// `next[p * STEPS + 4 * dir + class]`: the pattern (packed) after a tile of goal line
    /// `class` comes into the blank's line from the line above (`dir` 0) or below (1); the
    /// goal's (distance 0, so still admissible) for a move the pattern cannot make.
    next: Vec<Packed>,
    /// Each cell's row and column, and each tile's goal row and column: read, not divided
    /// out, in the search.
    line_of: [(u8, u8); SEARCH_CELLS],
    class_of: [(u8, u8); SEARCH_CELLS],
}

/// A board's row and column patterns, kept by a search and stepped per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Walk {
    rows: Packed,
    cols: Packed,
}

impl Walk {
    /// The walking distance: both patterns' distances.
    #[inline]
    pub fn value(self) -> u32 {
        (self.rows >> 16) + (self.cols >> 16)
    }
}

fn shift(side: usize, line: usize, class: usize) -> u32 {
    BITS * (line * side + class) as u32
}

/// The code after a tile of `class` moves from line `from` into the blank's line.
fn moved(code: u64, side: usize, from: usize, class: usize) -> u64 {
    let blank = (code >> BLANK_SHIFT) as usize;
    let next = code - (1 << shift(side, from, class)) + (1 << shift(side, blank, class));
    (next & !(0xF << BLANK_SHIFT)) | ((from as u64) << BLANK_SHIFT)
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
        let mask = (1u64 << BITS) - 1;
        let has = |code: u64, line: usize, class: usize| (code >> shift(n, line, class)) & mask != 0;
        let lines = |code: u64| {
            let blank = (code >> BLANK_SHIFT) as usize;
            [blank.wrapping_sub(1), blank + 1].map(|from| (from < n).then_some(from))
        };
        let mut index = CodeMap::default();
        let mut codes = vec![goal];
        let mut distance = vec![0u8];
        index.insert(goal, 0);
        let mut at = 0;
        while at < codes.len() {
            let (code, d) = (codes[at], distance[at]);
            for from in lines(code).into_iter().flatten() {
                for class in (0..n).filter(|&c| has(code, from, c)) {
                    let next = moved(code, n, from, class);
                    if let std::collections::hash_map::Entry::Vacant(e) = index.entry(next) {
                        e.insert(codes.len() as Packed);
                        codes.push(next);
                        distance.push(d + 1);
                    }
                }
            }
            at += 1;
        }
        // Numbers below 2^16 (24,964 patterns on 4×4), distances above.
        for p in index.values_mut() {
            *p |= Packed::from(distance[*p as usize]) << 16;
        }
        let mut next = vec![0; codes.len() * STEPS];
        for (p, &code) in codes.iter().enumerate() {
            for (dir, from) in lines(code).into_iter().enumerate() {
                let Some(from) = from else { continue };
                for class in (0..n).filter(|&c| has(code, from, c)) {
                    next[p * STEPS + 4 * dir + class] = index[&moved(code, n, from, class)];
                }
            }
        }
        let mut line_of = [(0, 0); SEARCH_CELLS];
        let mut class_of = [(0, 0); SEARCH_CELLS];
        for c in 0..n * n {
            line_of[c] = ((c / n) as u8, (c % n) as u8);
            // Tile c + 1 belongs at cell c.
            class_of[c + 1] = line_of[c];
        }
        WalkingDistance {
            side: n,
            index,
            next,
            line_of,
            class_of,
        }
    }

    /// The number of row patterns (24,964 for 4×4).
    #[cfg(test)]
    pub(crate) fn patterns(&self) -> usize {
        self.index.len()
    }

    /// The row and column patterns of a board.
    pub(crate) fn walk(&self, board: &SearchBoard) -> Walk {
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
        // Every pattern of a solvable board is reachable; the goal's (distance 0) keeps the
        // heuristic admissible even if one were not.
        let packed = |code| self.index.get(&code).copied().unwrap_or(0);
        Walk {
            rows: packed(rows),
            cols: packed(cols),
        }
    }

    /// The patterns after the tile `tile` moved from board cell `from` into the blank at
    /// `to`: one of the two changes, by one read. Written without a branch on the move's
    /// direction, which the search could not predict.
    #[inline]
    pub(crate) fn step(&self, walk: Walk, tile: u8, from: usize, to: usize) -> Walk {
        let ((fr, fc), (tr, tc)) = (self.line_of[from], self.line_of[to]);
        let (row_class, col_class) = self.class_of[tile as usize];
        let vertical = fr != tr;
        let mut lines = [walk.cols, walk.rows];
        let (dir, class) = if vertical {
            (fr > tr, row_class)
        } else {
            (fc > tc, col_class)
        };
        let p = &mut lines[usize::from(vertical)];
        *p = self.next[(*p & 0xFFFF) as usize * STEPS + 4 * usize::from(dir) + usize::from(class)];
        Walk {
            cols: lines[0],
            rows: lines[1],
        }
    }

    /// The walking distance of a board of this table's size.
    pub fn value(&self, board: &Board) -> u32 {
        self.walk(&SearchBoard::new(board)).value()
    }
}

/// Walking distance and linear conflict, by max, kept up to date per move.
pub(crate) struct WalkingWithConflict<'a> {
    wd: &'a WalkingDistance,
    lc: LinearConflict,
}

#[derive(Clone, Copy)]
pub(crate) struct WdState {
    walk: Walk,
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
        WdState {
            walk: self.wd.walk(board),
            lc: self.lc.init(board),
        }
    }

    #[inline]
    fn h(&self, s: &WdState) -> u32 {
        s.walk.value().max(self.lc.h(&s.lc))
    }

    fn update(&self, s: &mut WdState, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.lc.update(&mut s.lc, board, tile, from, to);
        s.walk = self.wd.step(s.walk, tile, from, to);
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
    fn a_step_gives_the_patterns_of_the_board_after_the_move() {
        for size in [Size::THREE, Size::FOUR] {
            let wd = WalkingDistance::build(size);
            let mut rng = crate::puzzle::SeededRng::new(5);
            let mut board = Board::random(size, &mut rng);
            let mut walk = wd.walk(&SearchBoard::new(&board));
            for _ in 0..3000 {
                let moves: Vec<crate::puzzle::Move> = board.legal_moves().collect();
                let m = moves[rng.index(moves.len())];
                let to = board.blank();
                let from = m.source(to, size.side()).unwrap();
                let tile = board.tiles()[from];
                board.try_move(m);
                walk = wd.step(walk, tile, from, to);
                assert_eq!(walk, wd.walk(&SearchBoard::new(&board)), "{board}");
                assert_eq!(walk.value(), wd.value(&board));
            }
        }
    }

    #[test]
    fn goal_is_zero() {
        for size in [Size::THREE, Size::FOUR] {
            assert_eq!(WalkingDistance::build(size).value(&Board::goal(size)), 0);
        }
    }
}
