//! Manhattan distance plus linear conflicts.
//!
//! Take the tiles of one row that belong in that row. Manhattan counts them as if they could
//! pass each other; they cannot. If the longest subsequence already in goal order has `k`
//! of the `m` tiles, at least `m − k` of them must leave the row and come back, two moves
//! each beyond Manhattan. Those extra moves are vertical for rows and horizontal for
//! columns, so row and column terms add without double counting. (Counting conflicting
//! *pairs* instead overestimates: three mutually reversed tiles need 4, not 6.)

use std::sync::OnceLock;

use crate::puzzle::{Board, SEARCH_CELLS, SEARCH_SIDE, Size};
use crate::solver::heuristic::manhattan::Manhattan;
use crate::solver::heuristic::{Incremental, SearchBoard};

/// Manhattan plus linear conflicts of a board.
///
/// The tables behind it (up to 117,649 line scores on 6×6) are built once per size, not per
/// call: ratings and board generation call this for every candidate board.
pub fn value(board: &Board) -> u32 {
    static SHARED: [OnceLock<LinearConflict>; 4] = [const { OnceLock::new() }; 4];
    let size = board.size();
    let h = SHARED[size.side() - 3].get_or_init(|| LinearConflict::new(size));
    let s = h.init(&SearchBoard::new(board));
    h.h(&s)
}

/// Each tile's target row and column, and the extra count of every possible line content,
/// so a line is re-scored with a few lookups and no division.
#[derive(Clone)]
struct Goals {
    side: usize,
    row: [u8; SEARCH_CELLS],
    col: [u8; SEARCH_CELLS],
    /// [`conflict_table`] for the side.
    extra: &'static [u8],
    /// The weight of each position along a line in a line's code: `(side + 1)^(side − 1 − k)`.
    place: [u32; SEARCH_SIDE],
}

impl Goals {
    /// Targets where `end` holds each tile (the goal board for the usual heuristic).
    fn toward(end: &Board) -> Goals {
        let side = end.size().side();
        let mut row = [u8::MAX; SEARCH_CELLS];
        let mut col = [u8::MAX; SEARCH_CELLS];
        for (cell, &t) in end.tiles().iter().enumerate() {
            if t != 0 {
                row[t as usize] = (cell / side) as u8;
                col[t as usize] = (cell % side) as u8;
            }
        }
        let mut place = [0u32; SEARCH_SIDE];
        for (k, p) in place[..side].iter_mut().enumerate() {
            *p = ((side + 1) as u32).pow((side - 1 - k) as u32);
        }
        Goals {
            side,
            row,
            col,
            extra: conflict_table(side),
            place,
        }
    }

    /// `tile`'s digit in the code of row (if `row`) or column `line`: 1 + its target
    /// position along the line if its target is in that line, else 0.
    #[inline]
    fn digit(&self, tile: u8, line: usize, row: bool) -> u32 {
        let t = tile as usize;
        let (home, along) = if row {
            (self.row[t], self.col[t])
        } else {
            (self.col[t], self.row[t])
        };
        if home as usize == line { u32::from(along) + 1 } else { 0 }
    }

    /// The code of line `line` (a row if `row`, else a column): its digits in base
    /// `side + 1`, the first cell's the most significant.
    fn line_code(&self, board: &SearchBoard, line: usize, row: bool) -> u32 {
        let n = self.side;
        let (start, step) = if row { (line * n, 1) } else { (line, n) };
        (0..n).fold(0, |code, k| {
            code * (n as u32 + 1) + self.digit(board.tiles[start + k * step], line, row)
        })
    }

    /// Number of tiles that must leave the line with this code.
    #[inline]
    fn line_extra(&self, code: u32) -> u32 {
        u32::from(self.extra[code as usize])
    }

    /// `tile` moves along line `line` (a row if `row`) from position `from` to `to`, into
    /// the blank's place: the code changes, the line's order and score do not.
    #[inline]
    fn slide(&self, code: &mut u32, tile: u8, line: usize, row: bool, from: usize, to: usize) {
        let d = self.digit(tile, line, row);
        *code = *code + d * self.place[to] - d * self.place[from];
    }

    /// As [`Goals::cross`] when the conflicts after the move are known: the codes only.
    #[inline]
    fn cross_known(
        &self,
        codes: &mut [u32; SEARCH_SIDE],
        tile: u8,
        (left, entered): (usize, usize),
        at: usize,
        row: bool,
    ) {
        codes[left] -= self.digit(tile, left, row) * self.place[at];
        codes[entered] += self.digit(tile, entered, row) * self.place[at];
    }

    /// `tile`, at position `at` along them, leaves one of the lines `(left, entered)` (rows
    /// if `row`) for the other, where the blank was; both are re-scored into `extra`.
    #[inline]
    fn cross(
        &self,
        codes: &mut [u32; SEARCH_SIDE],
        extra: &mut u32,
        tile: u8,
        (left, entered): (usize, usize),
        at: usize,
        row: bool,
    ) {
        let before = self.line_extra(codes[left]) + self.line_extra(codes[entered]);
        codes[left] -= self.digit(tile, left, row) * self.place[at];
        codes[entered] += self.digit(tile, entered, row) * self.place[at];
        *extra = *extra + self.line_extra(codes[left]) + self.line_extra(codes[entered]) - before;
    }
}

/// For each content of a line of `side` cells (read as base-(N+1) digits: 0 for a tile
/// whose target is in another line, or the blank, else 1 + its target position along the
/// line), how many of its tiles must leave the line: those outside a longest subsequence
/// already in order. Built once per side.
fn conflict_table(side: usize) -> &'static [u8] {
    static TABLES: [OnceLock<Vec<u8>>; SEARCH_SIDE + 1] = [const { OnceLock::new() }; SEARCH_SIDE + 1];
    TABLES[side].get_or_init(|| {
        let radix = side + 1;
        let codes = radix.pow(side as u32);
        let mut extra = vec![0u8; codes];
        for (code, e) in extra.iter_mut().enumerate() {
            let mut digits = [0u8; SEARCH_SIDE];
            let mut c = code;
            for k in (0..side).rev() {
                digits[k] = (c % radix) as u8;
                c /= radix;
            }
            let order: Vec<u8> = digits[..side].iter().filter(|&&d| d > 0).map(|&d| d - 1).collect();
            *e = if order.len() < 2 {
                0
            } else {
                (order.len() - longest_increasing(&order)) as u8
            };
        }
        extra
    })
}

/// Length of the longest strictly increasing subsequence (n ≤ 6, so quadratic is fine).
fn longest_increasing(xs: &[u8]) -> usize {
    let mut best = [1usize; SEARCH_SIDE];
    let mut overall = 1;
    for i in 1..xs.len() {
        for j in 0..i {
            if xs[j] < xs[i] && best[j] + 1 > best[i] {
                best[i] = best[j] + 1;
            }
        }
        overall = overall.max(best[i]);
    }
    overall
}

/// Manhattan plus linear conflict, updated per move by recomputing the two lines it touches.
#[derive(Clone)]
pub(crate) struct LinearConflict {
    manhattan: Manhattan,
    goals: Goals,
}

/// Manhattan sum, the conflict count, and the code of each row and column: a move changes
/// one digit of two lines' codes, so it re-scores them with a lookup each, not a scan.
#[derive(Clone, Copy)]
pub(crate) struct LcState {
    manhattan: u32,
    extra: u32,
    rows: [u32; SEARCH_SIDE],
    cols: [u32; SEARCH_SIDE],
}

impl LinearConflict {
    pub fn new(size: Size) -> LinearConflict {
        LinearConflict::toward(&Board::goal(size))
    }

    /// The heuristic toward `end` instead of the goal: each tile's target is the cell `end`
    /// holds it in. Admissible for the same reasons (the plan shortener's windows use it).
    pub fn toward(end: &Board) -> LinearConflict {
        LinearConflict {
            manhattan: Manhattan::toward(end),
            goals: Goals::toward(end),
        }
    }

    /// An admissible value after `tile` moves from `from` to `to`, from `s` before the move
    /// and without rescoring any line: a move changes only the two lines across it, the one
    /// the tile leaves losing at most one conflict and the one it enters losing none.
    #[inline]
    pub(crate) fn floor_after(&self, s: &LcState, tile: u8, from: usize, to: usize) -> u32 {
        let manhattan = s.manhattan + self.manhattan.tile_distance(tile, to) - self.manhattan.tile_distance(tile, from);
        manhattan + 2 * s.extra.saturating_sub(1)
    }
}

impl LinearConflict {
    /// [`Incremental::update`] when the conflict count after the move, `extra`, is known
    /// (the bounded search noted it when it ranked the child): the codes move and no line is
    /// scored again.
    #[inline]
    pub(crate) fn replay(&self, s: &mut LcState, board: &SearchBoard, tile: u8, from: usize, to: usize, extra: u32) {
        self.manhattan.update(&mut s.manhattan, board, tile, from, to);
        let n = board.side;
        let (fr, fc, tr, tc) = (from / n, from % n, to / n, to % n);
        if fr == tr {
            self.goals.slide(&mut s.rows[fr], tile, fr, true, fc, tc);
            self.goals.cross_known(&mut s.cols, tile, (fc, tc), fr, false);
        } else {
            self.goals.slide(&mut s.cols[fc], tile, fc, false, fr, tr);
            self.goals.cross_known(&mut s.rows, tile, (fr, tr), fc, true);
        }
        s.extra = extra;
    }
}

impl LcState {
    /// How many tiles must leave their row or column (each costs two moves beyond Manhattan).
    #[inline]
    pub(crate) fn conflicts(&self) -> u32 {
        self.extra
    }
}

impl Incremental for LinearConflict {
    type State = LcState;

    fn init(&self, board: &SearchBoard) -> LcState {
        let mut s = LcState {
            manhattan: self.manhattan.total(board),
            extra: 0,
            rows: [0; SEARCH_SIDE],
            cols: [0; SEARCH_SIDE],
        };
        for i in 0..board.side {
            s.rows[i] = self.goals.line_code(board, i, true);
            s.cols[i] = self.goals.line_code(board, i, false);
            s.extra += self.goals.line_extra(s.rows[i]) + self.goals.line_extra(s.cols[i]);
        }
        s
    }

    #[inline]
    fn h(&self, s: &LcState) -> u32 {
        s.manhattan + 2 * s.extra
    }

    #[inline]
    fn update(&self, s: &mut LcState, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.manhattan.update(&mut s.manhattan, board, tile, from, to);
        let n = board.side;
        let (fr, fc, tr, tc) = (from / n, from % n, to / n, to % n);
        // Along its own line the tile swaps places with the blank (digit 0), so that line
        // keeps its order and its score, and only its code changes; the two lines across
        // lose and gain the tile.
        if fr == tr {
            self.goals.slide(&mut s.rows[fr], tile, fr, true, fc, tc);
            self.goals.cross(&mut s.cols, &mut s.extra, tile, (fc, tc), fr, false);
        } else {
            self.goals.slide(&mut s.cols[fc], tile, fc, false, fr, tr);
            self.goals.cross(&mut s.rows, &mut s.extra, tile, (fr, tr), fc, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_reversed_tiles_cost_four_extra() {
        // Row 0 holds 3 2 1: two must leave, not three pairs' worth.
        let b: Board = "3 2 1 4 5 6 7 8 0"
            .parse()
            .unwrap_or_else(|_| "3 2 1 4 5 6 8 7 0".parse().unwrap());
        let sb = SearchBoard::new(&b);
        let goals = Goals::toward(&Board::goal(Size::THREE));
        assert_eq!(goals.line_extra(goals.line_code(&sb, 0, true)), 2);
    }

    #[test]
    fn updates_agree_with_a_fresh_count_along_random_walks() {
        let mut rng = crate::puzzle::SeededRng::new(17);
        for size in Size::ALL {
            let end = Board::random(size, &mut rng);
            for h in [LinearConflict::new(size), LinearConflict::toward(&end)] {
                let mut board = Board::random(size, &mut rng);
                let mut sb = SearchBoard::new(&board);
                let mut s = h.init(&sb);
                for _ in 0..400 {
                    let moves: Vec<_> = board.legal_moves().collect();
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    let blank = board.blank();
                    assert!(board.try_move(m));
                    let tile = board.tiles()[blank];
                    sb = SearchBoard::new(&board);
                    h.update(&mut s, &sb, tile, board.blank(), blank);
                    let fresh = h.init(&sb);
                    assert_eq!(h.h(&s), h.h(&fresh), "{board}");
                    assert_eq!(s.conflicts(), fresh.conflicts(), "{board}");
                    assert_eq!((s.rows, s.cols), (fresh.rows, fresh.cols), "{board}");
                }
            }
        }
    }

    #[test]
    fn goal_has_no_conflicts() {
        for size in Size::ALL {
            assert_eq!(value(&Board::goal(size)), 0);
        }
    }
}
