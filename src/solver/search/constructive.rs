//! A constructive solver: a whole, valid, far-from-optimal plan for any solvable board of
//! any shape, in a few milliseconds on 6×6 (about 2 ms, with plans of about 380 moves where
//! the beam finds about 220). It is the reduction speedsolvers use, and the plan Slide gives
//! for the boards no search of its handles (7×7 to 10×10, rectangles past 36 cells), there
//! with its tiles in larger groups and tried several ways (`reduction_plan.rs`).
//!
//! It is the bounded search's safety net. A beam can fail to reach the goal before its
//! deadline (a tiny budget, a loaded machine); an optimal search as the fallback may then
//! run for hours on 5×5 and 6×6. This one cannot: it places tiles the way a person does, and
//! each step is a breadth-first search over a few thousand states.
//!
//! The unsolved region shrinks from the top-left: the top row when at least as many rows as
//! columns remain, else the left column, is placed and frozen, until a 2×2 block remains. A line's tiles are placed one
//! at a time (`solve`; `solve_grouped` places several together) except its last two, which are placed together (the classic trick of parking
//! the second-to-last tile needs room to turn, and a joint search finds it). A step's search
//! follows only the tiles it places and the blank: the other tiles are interchangeable for
//! it, which keeps it to (cells)^(tiles + 1) states and makes every step solvable as long as
//! the region is at least 2×3, while the final 2×2 is solvable because the board is.

use std::collections::VecDeque;

use crate::puzzle::{Board, MAX_CELLS, Move};
use crate::solver::Stop;

/// The board being solved, with its moves so far and the frozen cells.
struct Work {
    width: usize,
    height: usize,
    tiles: [u8; MAX_CELLS],
    blank: usize,
    frozen: u128,
    moves: Vec<Move>,
}

/// How a reduction groups the tiles it places, and which line it takes when the unsolved
/// region is square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grouping {
    /// The most states one step's search may hold: a step places as many tiles of the line
    /// together as keep (free cells)^(tiles + 1) within it. Zero places them one at a time.
    pub(crate) max_states: usize,
    /// On a square region, reduce the top row (else the left column).
    pub(crate) row_on_tie: bool,
}

/// The grouping of [`solve`]: one tile at a time, rows first; the fastest.
const SINGLES: Grouping = Grouping {
    max_states: 0,
    row_on_tie: true,
};

/// How many states a step's search visits between looks at the stop.
const STOP_CHECK_MASK: u32 = 0xFFF;

/// The most tiles one step places together (the last two of a line always go together).
const MAX_GROUP: usize = 5;

/// A whole solution of `board`, or `None` if a step finds no way (an unsolvable board; a
/// solvable one always has a way, which the tests check on every 3×3 board and on thousands
/// of larger ones).
pub(crate) fn solve(board: &Board) -> Option<Vec<Move>> {
    solve_grouped(board, SINGLES, &Stop::never())
}

/// [`solve`] with the tiles grouped as `grouping` says: larger groups make shorter plans
/// (each step's search is optimal for its group) and slower steps. `None` also when `stop`
/// says so, looked at between steps.
pub(crate) fn solve_grouped(board: &Board, grouping: Grouping, stop: &Stop) -> Option<Vec<Move>> {
    reduce(board, grouping, None, stop)
}

/// The moves of [`solve_grouped`] that reduce `board` to its bottom-right `side`×`side`
/// square (no move after them touches a tile outside it), for a search to finish. `side`
/// is at least 2 and at most the board's shorter side: the reduction always takes the
/// longer side's line, so it comes to that square.
pub(crate) fn reduce_to_square(board: &Board, grouping: Grouping, side: usize, stop: &Stop) -> Option<Vec<Move>> {
    reduce(board, grouping, Some(side), stop)
}

/// The reduction, to the goal or (`until`) to the bottom-right square of that side.
fn reduce(board: &Board, grouping: Grouping, until: Option<usize>, stop: &Stop) -> Option<Vec<Move>> {
    let size = board.size();
    let (width, height) = (size.width(), size.height());
    let mut tiles = [0u8; MAX_CELLS];
    tiles[..size.cells()].copy_from_slice(board.tiles());
    let mut w = Work {
        width,
        height,
        tiles,
        blank: board.blank(),
        frozen: 0,
        moves: Vec::new(),
    };
    let (mut top, mut left) = (0, 0);
    while height - top > 2 || width - left > 2 {
        let (rows, cols) = (height - top, width - left);
        if until.is_some_and(|side| rows <= side && cols <= side) {
            return Some(w.moves);
        }
        let row = rows > cols || (rows == cols && grouping.row_on_tie);
        // The line's cells in order: across the top row, or down the left column.
        let cells: Vec<usize> = if row {
            (left..width).map(|c| top * width + c).collect()
        } else {
            (top..height).map(|r| r * width + left).collect()
        };
        let mut rest = &cells[..];
        while !rest.is_empty() {
            if stop.should_stop() {
                return None;
            }
            let free = rows * cols - (cells.len() - rest.len());
            let fit = group_fit(free, grouping.max_states);
            // The last two go together; the others in groups that leave at least two.
            let take = if rest.len() <= fit.max(2) {
                rest.len()
            } else {
                fit.min(rest.len() - 2)
            };
            let (group, tail) = rest.split_at(take);
            w.place(group, false, stop)?;
            rest = tail;
        }
        if row {
            top += 1;
        } else {
            left += 1;
        }
    }
    let last = [top * width + left, top * width + left + 1, (top + 1) * width + left];
    w.place(&last, true, stop)?;
    Some(w.moves)
}

/// The most tiles a step among `free` cells may place together within `max_states` (at
/// least one).
fn group_fit(free: usize, max_states: usize) -> usize {
    (1..=MAX_GROUP)
        .take_while(|&k| free.checked_pow(k as u32 + 1).is_some_and(|s| s <= max_states))
        .last()
        .unwrap_or(1)
}

/// The moves from `start` to `end`, last first, read back through each state's parent.
fn path_back(parent: &[(u32, Move)], start: usize, end: usize) -> Vec<Move> {
    let mut at = end;
    let mut path = Vec::new();
    while at != start {
        let (p, m) = parent[at];
        path.push(m);
        at = p as usize;
    }
    path
}

impl Work {
    /// Brings the goal tiles of `targets` home, freezing them; with `blank_home`, the blank
    /// must end in the last cell too. Breadth-first over the positions of those tiles and the
    /// blank within the unfrozen cells.
    /// `None` also when `stop` says so, looked at every few thousand states.
    fn place(&mut self, targets: &[usize], blank_home: bool, stop: &Stop) -> Option<()> {
        let (width, height) = (self.width, self.height);
        let cells = width * height;
        let free: Vec<usize> = (0..cells).filter(|&c| self.frozen & (1u128 << c) == 0).collect();
        let mut slot = [u8::MAX; MAX_CELLS];
        for (i, &c) in free.iter().enumerate() {
            slot[c] = i as u8;
        }
        let r = free.len();
        let k = targets.len();
        let goal_tile = |cell: usize| if cell + 1 == cells { 0 } else { (cell + 1) as u8 };
        // Position digits: the k tiles, then the blank; each a slot among the free cells.
        let mut start = 0usize;
        for &t in targets {
            let at = self.tiles[..cells].iter().position(|&x| x == goal_tile(t))?;
            start = start * r + slot[at] as usize;
        }
        start = start * r + slot[self.blank] as usize;
        let goal_digits: Vec<usize> = targets.iter().map(|&t| slot[t] as usize).collect();
        let decode = |mut s: usize| {
            let mut d = [0usize; MAX_GROUP + 2];
            for i in (0..=k).rev() {
                d[i] = s % r;
                s /= r;
            }
            d
        };
        let encode = |d: &[usize; MAX_GROUP + 2]| d[..=k].iter().fold(0usize, |s, &x| s * r + x);
        let is_goal =
            |d: &[usize; MAX_GROUP + 2]| d[..k] == goal_digits[..] && (!blank_home || free[d[k]] + 1 == cells);
        let states = r.checked_pow(k as u32 + 1)?;
        // Parent state and the move that led here; u32::MAX marks unvisited.
        let mut parent = vec![(u32::MAX, Move::Up); states];
        parent[start].0 = start as u32;
        let mut queue = VecDeque::from([start]);
        let mut found = None;
        let mut popped = 0u32;
        while let Some(s) = queue.pop_front() {
            popped = popped.wrapping_add(1);
            if popped & STOP_CHECK_MASK == 0 && stop.should_stop() {
                return None;
            }
            let d = decode(s);
            if is_goal(&d) {
                found = Some(s);
                break;
            }
            let blank = free[d[k]];
            for m in Move::ALL {
                let Some(from) = m.source_in(blank, width, height) else {
                    continue;
                };
                if slot[from] == u8::MAX {
                    continue;
                }
                let mut n = d;
                n[k] = slot[from] as usize;
                // A followed tile in the source cell slides into the blank's cell.
                if let Some(i) = d[..k].iter().position(|&x| x == slot[from] as usize) {
                    n[i] = d[k];
                }
                let ns = encode(&n);
                if parent[ns].0 == u32::MAX {
                    parent[ns] = (s as u32, m);
                    queue.push_back(ns);
                }
            }
        }
        let path = path_back(&parent, start, found?);
        self.apply(path.iter().rev())?;
        for &t in targets {
            self.frozen |= 1u128 << t;
        }
        Some(())
    }

    fn apply<'a>(&mut self, moves: impl Iterator<Item = &'a Move>) -> Option<()> {
        for &m in moves {
            let from = m.source_in(self.blank, self.width, self.height)?;
            self.tiles[self.blank] = self.tiles[from];
            self.tiles[from] = 0;
            self.blank = from;
            self.moves.push(m);
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};

    #[track_caller]
    fn check(board: &Board) {
        let moves = solve(board).unwrap_or_else(|| panic!("no plan for {board}"));
        let mut b = *board;
        b.apply_all(&moves).expect("legal moves");
        assert!(b.is_goal(), "{board}: the plan does not reach the goal");
    }

    #[test]
    fn solves_every_3x3_board() {
        // Every solvable 3×3 board, by breadth-first search from the goal.
        let goal = Board::goal(Size::THREE);
        let mut seen = std::collections::HashSet::from([goal]);
        let mut queue = VecDeque::from([goal]);
        while let Some(b) = queue.pop_front() {
            check(&b);
            for m in Move::ALL {
                if let Some(n) = b.moved(m)
                    && seen.insert(n)
                {
                    queue.push_back(n);
                }
            }
        }
        assert_eq!(seen.len(), 181_440);
    }

    #[test]
    fn solves_random_larger_boards() {
        let mut rng = SeededRng::new(31);
        for size in [Size::FOUR, Size::FIVE, Size::SIX] {
            for _ in 0..400 {
                check(&Board::random(size, &mut rng));
            }
            check(&Board::goal(size));
        }
    }

    #[test]
    fn solves_every_shape() {
        let mut rng = SeededRng::new(32);
        for w in 2..=10 {
            for h in 2..=10 {
                let size = Size::rect(w, h).unwrap();
                for _ in 0..3 {
                    check(&Board::random(size, &mut rng));
                }
                check(&Board::goal(size));
            }
        }
    }
}
