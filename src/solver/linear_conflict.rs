//! Manhattan distance plus linear conflicts.
//!
//! Take the tiles of one row that belong in that row. Manhattan counts them as if they could
//! pass each other; they cannot. If the longest subsequence already in goal order has `k`
//! of the `m` tiles, at least `m − k` of them must leave the row and come back, two moves
//! each beyond Manhattan. Those extra moves are vertical for rows and horizontal for
//! columns, so row and column terms add without double counting. (Counting conflicting
//! *pairs* instead overestimates: three mutually reversed tiles need 4, not 6.)

use crate::puzzle::{Board, MAX_SIDE, Size};
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::manhattan::Manhattan;

/// Manhattan plus linear conflicts of a board.
pub fn value(board: &Board) -> u32 {
    let h = LinearConflict::new(board.size());
    let s = h.init(&SearchBoard::new(board));
    h.h(&s)
}

/// Only the extra moves from conflicts, without Manhattan (for combining with other
/// heuristics).
#[allow(dead_code)]
pub fn conflicts(board: &Board) -> u32 {
    let sb = SearchBoard::new(board);
    (0..board.size().side())
        .map(|i| 2 * (line_extra(&sb, i, true) + line_extra(&sb, i, false)))
        .sum()
}

/// Number of tiles that must leave line `line` (a row if `row`, else a column).
fn line_extra(board: &SearchBoard, line: usize, row: bool) -> u32 {
    let n = board.side;
    // Goal positions along the line of the tiles that belong to this line, in board order.
    let mut order = [0u8; MAX_SIDE];
    let mut m = 0;
    for k in 0..n {
        let cell = if row { line * n + k } else { k * n + line };
        let t = board.tiles[cell];
        if t == 0 {
            continue;
        }
        let goal = t as usize - 1;
        let (gr, gc) = (goal / n, goal % n);
        if row && gr == line {
            order[m] = gc as u8;
            m += 1;
        } else if !row && gc == line {
            order[m] = gr as u8;
            m += 1;
        }
    }
    if m < 2 {
        return 0;
    }
    (m - longest_increasing(&order[..m])) as u32
}

/// Length of the longest strictly increasing subsequence (n ≤ 6, so quadratic is fine).
fn longest_increasing(xs: &[u8]) -> usize {
    let mut best = [1usize; MAX_SIDE];
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
}

/// Manhattan sum and the conflict count of each row and column.
#[derive(Clone, Copy)]
pub(crate) struct LcState {
    manhattan: u32,
    rows: [u8; MAX_SIDE],
    cols: [u8; MAX_SIDE],
    extra: u32,
}

impl LinearConflict {
    pub fn new(size: Size) -> LinearConflict {
        LinearConflict {
            manhattan: Manhattan::new(size),
        }
    }
}

impl Incremental for LinearConflict {
    type State = LcState;

    fn init(&self, board: &SearchBoard) -> LcState {
        let mut s = LcState {
            manhattan: self.manhattan.total(board),
            rows: [0; MAX_SIDE],
            cols: [0; MAX_SIDE],
            extra: 0,
        };
        for i in 0..board.side {
            s.rows[i] = line_extra(board, i, true) as u8;
            s.cols[i] = line_extra(board, i, false) as u8;
            s.extra += u32::from(s.rows[i]) + u32::from(s.cols[i]);
        }
        s
    }

    #[inline]
    fn h(&self, s: &LcState) -> u32 {
        s.manhattan + 2 * s.extra
    }

    fn update(&self, s: &mut LcState, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.manhattan.update(&mut s.manhattan, board, tile, from, to);
        let n = board.side;
        // A horizontal move keeps the tile's row order; only the two columns change, and
        // vice versa.
        if from / n == to / n {
            for c in [from % n, to % n] {
                let v = line_extra(board, c, false) as u8;
                s.extra = s.extra + u32::from(v) - u32::from(s.cols[c]);
                s.cols[c] = v;
            }
        } else {
            for r in [from / n, to / n] {
                let v = line_extra(board, r, true) as u8;
                s.extra = s.extra + u32::from(v) - u32::from(s.rows[r]);
                s.rows[r] = v;
            }
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
        assert_eq!(line_extra(&sb, 0, true), 2);
    }

    #[test]
    fn goal_has_no_conflicts() {
        for size in Size::ALL {
            assert_eq!(value(&Board::goal(size)), 0);
        }
    }
}
