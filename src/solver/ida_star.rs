//! IDA*: iterative-deepening A*, optimal with any admissible heuristic.
//!
//! Each iteration is a depth-first search that cuts off where `g + h` exceeds the bound; the
//! next bound is the smallest value that was cut off. The board is moved in place and the
//! move that undoes the previous one is never tried (it can only lead back).
//!
//! Contract: with an admissible heuristic the first solution found is shortest.

use std::time::Instant;

use crate::puzzle::{Board, Move};
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::{Solution, SolveError, Stop};

/// How many nodes pass between looks at the stop flag and the clock (about 0.1 ms of work).
const STOP_CHECK_MASK: u64 = 0xFFF;

/// Outcome of one bounded depth-first pass.
enum Pass {
    Found,
    Exceeded(u32),
    Stopped,
}

struct Search<'a, H: Incremental> {
    heuristic: &'a H,
    stop: &'a Stop,
    nodes: u64,
    path: Vec<Move>,
}

/// Finds an optimal solution of `board`, or stops with `Cancelled`/`OutOfTime`.
pub(crate) fn solve<H: Incremental>(
    heuristic: &H,
    board: &Board,
    stop: &Stop,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let mut sb = SearchBoard::new(board);
    let state = heuristic.init(&sb);
    let mut bound = heuristic.h(&state);
    let mut search = Search {
        heuristic,
        stop,
        nodes: 0,
        path: Vec::with_capacity(128),
    };
    loop {
        match search.dfs(&mut sb, state, 0, bound, None) {
            Pass::Found => {
                let moves = search.path;
                return Ok(Solution {
                    lower_bound: moves.len() as u32,
                    moves,
                    optimal: true,
                    nodes: search.nodes,
                    elapsed: start.elapsed(),
                });
            }
            Pass::Exceeded(next) => bound = next,
            Pass::Stopped => {
                return Err(if stop.is_cancelled() {
                    SolveError::Cancelled
                } else {
                    SolveError::OutOfTime
                });
            }
        }
    }
}

impl<H: Incremental> Search<'_, H> {
    fn dfs(
        &mut self,
        board: &mut SearchBoard,
        state: H::State,
        g: u32,
        bound: u32,
        last: Option<Move>,
    ) -> Pass {
        self.nodes += 1;
        if self.nodes & STOP_CHECK_MASK == 0 && self.stop.should_stop() {
            return Pass::Stopped;
        }
        let h = self.heuristic.h(&state);
        let f = g + h;
        if f > bound {
            return Pass::Exceeded(f);
        }
        if h == 0 && is_goal(board) {
            return Pass::Found;
        }
        let mut next = u32::MAX;
        let blank = board.blank;
        for m in Move::ALL {
            if last == Some(m.inverse()) {
                continue;
            }
            let Some(from) = m.source(blank, board.side) else {
                continue;
            };
            let tile = board.tiles[from];
            board.tiles[blank] = tile;
            board.tiles[from] = 0;
            board.blank = from;
            let mut child = state;
            self.heuristic.update(&mut child, board, tile, from, blank);
            self.path.push(m);
            match self.dfs(board, child, g + 1, bound, Some(m)) {
                Pass::Found => return Pass::Found,
                Pass::Stopped => return Pass::Stopped,
                Pass::Exceeded(t) => next = next.min(t),
            }
            self.path.pop();
            board.tiles[from] = tile;
            board.tiles[blank] = 0;
            board.blank = blank;
        }
        Pass::Exceeded(next)
    }
}

fn is_goal(board: &SearchBoard) -> bool {
    let cells = board.side * board.side;
    board.tiles[..cells - 1]
        .iter()
        .enumerate()
        .all(|(i, &t)| t as usize == i + 1)
}
