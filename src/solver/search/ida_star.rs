//! IDA*: iterative-deepening A*, optimal with any admissible heuristic.
//!
//! Each iteration is a depth-first search that cuts off where `g + h` exceeds the bound; the
//! next bound is the smallest value that was cut off. The board is moved in place, and moves
//! that would complete a duplicate path (undoing the last move, going round a square the
//! long way, ...) are never tried: see [`crate::solver::search::move_pruning`].
//!
//! Contract: with an admissible heuristic the first solution found is shortest.
//!
//! Node counts: `nodes` is the number of states *expanded* (whose children were generated),
//! over all iterations; `generated` the children produced, each costing one heuristic
//! update, whether or not the bound cut it off (the move back to the parent is never
//! generated). The literature's IDA* figures (Korf 1985; Korf and Felner 2002) are
//! generated nodes.

use std::time::Instant;

use crate::puzzle::{Board, Move, SEARCH_CELLS};
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::search::move_pruning::{FORBIDDEN, MovePruning};
use crate::solver::{Solution, SolveError, Stop};

/// How many nodes pass between looks at the stop flag and the clock (about 0.1 ms of work).
const STOP_CHECK_MASK: u64 = 0xFFF;

/// Outcome of one bounded depth-first pass.
pub(crate) enum Pass {
    Found,
    Exceeded(u32),
    Stopped,
}

/// One depth-first searcher: its counters and the path from where it started.
pub(crate) struct Search<'a, H: Incremental> {
    pub heuristic: &'a H,
    pub stop: &'a dyn ShouldStop,
    pub table: &'a MoveTable,
    pub pruning: &'a MovePruning,
    pub nodes: u64,
    pub generated: u64,
    pub path: Vec<Move>,
}

/// What a search polls to know whether to give up: the caller's [`Stop`], or in the
/// parallel search that and the other threads' news.
pub(crate) trait ShouldStop: Sync {
    fn should_stop(&self) -> bool;
}

impl ShouldStop for Stop {
    fn should_stop(&self) -> bool {
        Stop::should_stop(self)
    }
}

/// The moves possible with the blank at each cell, with the cell the tile comes from;
/// precomputed because division by the side is slow in the inner loop.
pub(crate) struct MoveTable {
    moves: [[(Move, u8); 4]; SEARCH_CELLS],
    count: [u8; SEARCH_CELLS],
}

impl MoveTable {
    pub fn new(side: usize) -> MoveTable {
        let mut moves = [[(Move::Up, 0u8); 4]; SEARCH_CELLS];
        let mut count = [0u8; SEARCH_CELLS];
        for blank in 0..side * side {
            for m in Move::ALL {
                if let Some(from) = m.source(blank, side) {
                    moves[blank][count[blank] as usize] = (m, from as u8);
                    count[blank] += 1;
                }
            }
        }
        MoveTable { moves, count }
    }

    #[inline]
    pub fn from(&self, blank: usize) -> &[(Move, u8)] {
        &self.moves[blank][..self.count[blank] as usize]
    }
}

/// Finds an optimal solution of `board`, or stops with `Cancelled`/`OutOfTime`.
pub(crate) fn solve<H: Incremental>(heuristic: &H, board: &Board, stop: &Stop) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let mut sb = SearchBoard::new(board);
    let state = heuristic.init(&sb);
    let mut bound = heuristic.h(&state);
    let table = MoveTable::new(sb.side);
    let mut search = Search::new(heuristic, stop, &table, MovePruning::longest(), 128);
    loop {
        if sb.is_goal() {
            return Ok(Solution::solved_already(start.elapsed()));
        }
        match search.dfs(&mut sb, &state, 0, bound, MovePruning::START) {
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

/// A solution of `board` in at most `bound` moves, if there is one: a single depth-first
/// pass of IDA* with that bound, no deepening. `Ok(None)` proves that none exists.
///
/// The review uses it to step along a game: a move changes the optimal distance by exactly
/// one, so after a move from a position at distance `d` one pass with bound `d - 1` decides
/// between `d - 1` and `d + 1`.
pub(crate) fn within<H: Incremental>(
    heuristic: &H,
    board: &Board,
    bound: u32,
    stop: &Stop,
) -> Result<Option<Vec<Move>>, SolveError> {
    let mut sb = SearchBoard::new(board);
    if sb.is_goal() {
        return Ok(Some(Vec::new()));
    }
    let state = heuristic.init(&sb);
    // The pass below assumes the root is within the bound and at least one move is left.
    if bound == 0 || heuristic.h(&state) > bound {
        return Ok(None);
    }
    let table = MoveTable::new(sb.side);
    let mut search = Search::new(heuristic, stop, &table, MovePruning::longest(), bound as usize);
    match search.dfs(&mut sb, &state, 0, bound, MovePruning::START) {
        Pass::Found => Ok(Some(search.path)),
        Pass::Exceeded(_) => Ok(None),
        Pass::Stopped => Err(stop.error()),
    }
}

impl<'a, H: Incremental> Search<'a, H> {
    /// A searcher with no nodes counted yet and room for a path of `capacity` moves.
    pub fn new(
        heuristic: &'a H,
        stop: &'a dyn ShouldStop,
        table: &'a MoveTable,
        pruning: &'a MovePruning,
        capacity: usize,
    ) -> Self {
        Search {
            heuristic,
            stop,
            table,
            pruning,
            nodes: 0,
            generated: 0,
            path: Vec::with_capacity(capacity),
        }
    }

    /// Expands a node already known to be within the bound. All children are evaluated
    /// first: those over the bound cost one heuristic update and no call, and the rest are
    /// entered lowest estimate first, so the last iteration tends to meet the goal early.
    ///
    /// `fsm` is the move-pruning state of the path so far. The children are evaluated
    /// together ([`Incremental::children`]); their heuristic states stay where they were
    /// computed, and only their slots are sorted: the states are the largest thing a node
    /// copies.
    pub(crate) fn dfs(&mut self, board: &mut SearchBoard, state: &H::State, g: u32, bound: u32, fsm: u32) -> Pass {
        self.nodes += 1;
        if self.nodes & STOP_CHECK_MASK == 0 && self.stop.should_stop() {
            return Pass::Stopped;
        }
        let mut next = u32::MAX;
        let blank = board.blank;
        let limit = bound - g - 1;
        // The moves the pruning machine allows: (move, its pruning state), and the cells
        // the tiles come from.
        let mut moves = [(Move::Up, 0u32); 4];
        let mut from = [0usize; 4];
        let mut n = 0;
        for &(m, cell) in self.table.from(blank) {
            let child_fsm = self.pruning.next(fsm, m);
            if child_fsm != FORBIDDEN {
                moves[n] = (m, child_fsm);
                from[n] = cell as usize;
                n += 1;
            }
        }
        self.generated += n as u64;
        let mut states: [H::State; 4] = [*state; 4];
        let hs = self.heuristic.children(board, &from[..n], limit, &mut states);
        // Within the bound, in move order: their slots in `moves`, `from`, `states`.
        let mut order = [0u8; 4];
        let mut count = 0;
        for i in 0..n {
            let h = hs[i];
            if h == 0 && is_goal_after(board, from[i]) {
                // Counted as far as this child, as if generated one by one.
                self.generated -= (n - i - 1) as u64;
                self.path.push(moves[i].0);
                return Pass::Found;
            }
            if h <= limit {
                order[count] = i as u8;
                count += 1;
            } else {
                next = next.min(g + 1 + h);
            }
        }
        // Insertion sort of at most four children by estimate, stable in move order.
        for i in 1..count {
            let mut j = i;
            while j > 0 && hs[order[j - 1] as usize] > hs[order[j] as usize] {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        for &slot in &order[..count] {
            let slot = slot as usize;
            let (m, child_fsm) = moves[slot];
            let cell = from[slot];
            let tile = board.tiles[cell];
            board.tiles[blank] = tile;
            board.tiles[cell] = 0;
            board.blank = cell;
            self.path.push(m);
            match self.dfs(board, &states[slot], g + 1, bound, child_fsm) {
                Pass::Found => return Pass::Found,
                Pass::Stopped => return Pass::Stopped,
                Pass::Exceeded(t) => next = next.min(t),
            }
            self.path.pop();
            board.tiles[cell] = tile;
            board.tiles[blank] = 0;
            board.blank = blank;
        }
        Pass::Exceeded(next)
    }
}

/// Whether sliding the tile at `cell` into the blank solves `board` (left unchanged).
fn is_goal_after(board: &mut SearchBoard, cell: usize) -> bool {
    let blank = board.blank;
    board.tiles.swap(blank, cell);
    board.blank = cell;
    let goal = board.is_goal();
    board.tiles.swap(blank, cell);
    board.blank = blank;
    goal
}
