//! IDA* on a board of any shape up to [`SEARCH_CELLS`] cells, with Manhattan distance plus
//! linear conflicts ([`crate::solver::heuristic::shape_bound`]) kept up to date as tiles
//! move. Optimal: IDA* that completes with an admissible heuristic returns a shortest
//! solution (the first goal met within the smallest bound that holds one).
//!
//! The square boards keep their own search (`ida_star.rs`, with pattern databases and move
//! pruning tuned per side); this one serves the rectangles and 2×2, where the boards of at
//! most 12 cells solve in well under a second.

use std::time::Instant;

use crate::puzzle::{Board, MAX_SIDE, Move, SEARCH_CELLS};
use crate::solver::heuristic::shape_bound::Shape;
use crate::solver::{Solution, SolveError, Stop};

/// How many nodes pass between looks at the stop flag.
const STOP_CHECK_MASK: u64 = 0xFFF;

/// The board being searched, with its bound's parts.
struct Node {
    shape: Shape,
    tiles: [u8; SEARCH_CELLS],
    blank: usize,
    manhattan: u32,
    rows: [u8; MAX_SIDE],
    cols: [u8; MAX_SIDE],
    conflicts: u32,
}

impl Node {
    fn new(board: &Board) -> Node {
        let size = board.size();
        let shape = Shape {
            width: size.width(),
            height: size.height(),
        };
        let mut tiles = [0u8; SEARCH_CELLS];
        tiles[..size.cells()].copy_from_slice(board.tiles());
        let mut node = Node {
            shape,
            tiles,
            blank: board.blank(),
            manhattan: shape.manhattan(board.tiles()),
            rows: [0; MAX_SIDE],
            cols: [0; MAX_SIDE],
            conflicts: 0,
        };
        for r in 0..shape.height {
            node.rows[r] = shape.row_conflicts(&node.tiles, r) as u8;
        }
        for c in 0..shape.width {
            node.cols[c] = shape.col_conflicts(&node.tiles, c) as u8;
        }
        node.conflicts = node.rows.iter().chain(&node.cols).map(|&x| u32::from(x)).sum();
        node
    }

    fn h(&self) -> u32 {
        self.manhattan + self.conflicts
    }

    /// Slides the tile at `from` into the blank, keeping the bound's parts current.
    fn slide(&mut self, from: usize) {
        let (blank, shape) = (self.blank, self.shape);
        let tile = self.tiles[from];
        self.tiles[blank] = tile;
        self.tiles[from] = 0;
        self.blank = from;
        self.manhattan = self.manhattan + shape.distance(tile, blank) - shape.distance(tile, from);
        // A vertical move changes two rows' contents, a horizontal one two columns'.
        let w = shape.width;
        if from / w == blank / w {
            for c in [from % w, blank % w] {
                let new = shape.col_conflicts(&self.tiles, c) as u8;
                self.conflicts = self.conflicts + u32::from(new) - u32::from(self.cols[c]);
                self.cols[c] = new;
            }
        } else {
            for r in [from / w, blank / w] {
                let new = shape.row_conflicts(&self.tiles, r) as u8;
                self.conflicts = self.conflicts + u32::from(new) - u32::from(self.rows[r]);
                self.rows[r] = new;
            }
        }
    }
}

/// One search: its counters and path.
struct Search<'a> {
    stop: &'a Stop,
    nodes: u64,
    generated: u64,
    path: Vec<Move>,
}

/// Outcome of one bounded pass.
enum Pass {
    Found,
    Exceeded(u32),
    Stopped,
}

/// Whether this search takes `board`: at most [`SEARCH_CELLS`] cells.
pub(crate) fn fits(board: &Board) -> bool {
    board.size().cells() <= SEARCH_CELLS
}

/// An optimal solution of `board` (at most [`SEARCH_CELLS`] cells), or the stop's error.
pub(crate) fn solve(board: &Board, stop: &Stop) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let mut node = Node::new(board);
    let mut search = Search {
        stop,
        nodes: 0,
        generated: 0,
        path: Vec::with_capacity(128),
    };
    let mut bound = node.h();
    loop {
        match search.dfs(&mut node, 0, bound, None) {
            Pass::Found => {
                let moves = search.path;
                return Ok(Solution {
                    lower_bound: moves.len() as u32,
                    moves,
                    optimal: true,
                    nodes: search.nodes,
                    generated: search.generated,
                    elapsed: start.elapsed(),
                });
            }
            Pass::Exceeded(next) => bound = next,
            Pass::Stopped => return Err(stop.error()),
        }
    }
}

impl Search<'_> {
    fn dfs(&mut self, node: &mut Node, g: u32, bound: u32, last: Option<Move>) -> Pass {
        let f = g + node.h();
        if f > bound {
            return Pass::Exceeded(f);
        }
        if node.h() == 0 {
            // No tile is away from home, so the blank is home too.
            return Pass::Found;
        }
        self.nodes += 1;
        if self.nodes & STOP_CHECK_MASK == 0 && self.stop.should_stop() {
            return Pass::Stopped;
        }
        let mut next = u32::MAX;
        let (w, h) = (node.shape.width, node.shape.height);
        for m in Move::ALL {
            if last == Some(m.inverse()) {
                continue;
            }
            let Some(from) = m.source_in(node.blank, w, h) else {
                continue;
            };
            self.generated += 1;
            let blank = node.blank;
            let saved = (node.manhattan, node.rows, node.cols, node.conflicts);
            node.slide(from);
            self.path.push(m);
            let pass = self.dfs(node, g + 1, bound, Some(m));
            if matches!(pass, Pass::Found) {
                return pass;
            }
            self.path.pop();
            node.tiles[from] = node.tiles[blank];
            node.tiles[blank] = 0;
            node.blank = blank;
            (node.manhattan, node.rows, node.cols, node.conflicts) = saved;
            match pass {
                Pass::Exceeded(f) => next = next.min(f),
                Pass::Stopped => return Pass::Stopped,
                Pass::Found => {}
            }
        }
        Pass::Exceeded(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};

    #[test]
    fn solves_rectangles_to_the_goal() {
        let mut rng = SeededRng::new(8);
        for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (2, 5), (3, 4), (4, 3), (2, 6)] {
            let size = Size::rect(w, h).unwrap();
            for _ in 0..5 {
                let board = Board::random(size, &mut rng);
                let s = solve(&board, &Stop::never()).unwrap();
                let mut b = board;
                b.apply_all(&s.moves).unwrap();
                assert!(b.is_goal() && s.optimal, "{board}");
                assert!(crate::solver::heuristic::shape_bound::value(&board) <= s.len() as u32);
            }
        }
    }

    #[test]
    fn agrees_with_the_square_search_on_3x3() {
        let mut rng = SeededRng::new(9);
        let exact = crate::solver::ExactTable::build();
        for _ in 0..30 {
            let board = Board::random(Size::THREE, &mut rng);
            assert_eq!(
                solve(&board, &Stop::never()).unwrap().len() as u32,
                exact.distance(&board)
            );
        }
    }
}
