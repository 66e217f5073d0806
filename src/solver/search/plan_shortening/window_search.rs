//! IDA* between two states of a plan, within a node budget: a shorter path, or a proof that
//! there is none.

use crate::puzzle::{Board, Move};
use crate::solver::cancel::Stop;
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::search::ida_star::MoveTable;
use crate::solver::search::move_pruning::{FORBIDDEN, MovePruning};
use crate::solver::search::plan_shortening::windows::Window;

/// How many nodes pass between looks at the stop (about 0.05 ms of work).
const STOP_CHECK_MASK: u64 = 0x3FF;

/// The shortest path from `from` to `to` if one is shorter than `limit` moves and IDA*
/// finds it within `budget` expanded nodes; or whether the window is proven shortest.
pub(crate) fn shortest_within<H: Incremental>(
    heuristic: &H,
    table: &MoveTable,
    from: &Board,
    to: &Board,
    limit: u32,
    budget: u64,
    stop: &Stop,
) -> Window {
    let mut board = SearchBoard::new(from);
    let target = SearchBoard::new(to);
    let state = heuristic.init(&board);
    let mut bound = heuristic.h(&state);
    let mut search = WindowSearch {
        heuristic,
        table,
        pruning: MovePruning::shared(),
        stop,
        target: &target,
        nodes: 0,
        budget,
        path: Vec::with_capacity(limit as usize),
    };
    if board.tiles == target.tiles {
        return if limit > 0 {
            Window::Shorter(Vec::new())
        } else {
            Window::Shortest
        };
    }
    while bound < limit {
        match search.dfs(&mut board, state, 0, bound, MovePruning::START) {
            Found::Yes => return Window::Shorter(search.path),
            Found::No(next) => bound = next,
            Found::GaveUp => return Window::Unknown,
        }
    }
    Window::Shortest
}

enum Found {
    Yes,
    /// Not within the bound; the smallest `g + h` cut off.
    No(u32),
    /// Out of budget or stopped.
    GaveUp,
}

/// IDA* toward an arbitrary end state (the crate's IDA* only knows the goal).
struct WindowSearch<'a, H: Incremental> {
    heuristic: &'a H,
    table: &'a MoveTable,
    pruning: &'a MovePruning,
    stop: &'a Stop,
    target: &'a SearchBoard,
    nodes: u64,
    budget: u64,
    path: Vec<Move>,
}

impl<H: Incremental> WindowSearch<'_, H> {
    fn dfs(&mut self, board: &mut SearchBoard, state: H::State, g: u32, bound: u32, fsm: u32) -> Found {
        self.nodes += 1;
        if self.nodes > self.budget || (self.nodes & STOP_CHECK_MASK == 0 && self.stop.should_stop()) {
            return Found::GaveUp;
        }
        let mut next = u32::MAX;
        let blank = board.blank;
        let limit = bound - g - 1;
        let mut kids: [(u32, Move, usize, u32); 4] = [(0, Move::Up, 0, 0); 4];
        let mut states: [Option<H::State>; 4] = [None; 4];
        let mut count = 0;
        for &(m, from) in self.table.from(blank) {
            let child_fsm = self.pruning.next(fsm, m);
            if child_fsm == FORBIDDEN {
                continue;
            }
            let from = from as usize;
            let tile = board.tiles[from];
            board.tiles[blank] = tile;
            board.tiles[from] = 0;
            board.blank = from;
            let child = states[count].insert(state);
            let h = self.heuristic.update_within(child, board, tile, from, blank, limit);
            if h == 0 && board.tiles == self.target.tiles {
                self.path.push(m);
                return Found::Yes;
            }
            board.tiles[from] = tile;
            board.tiles[blank] = 0;
            board.blank = blank;
            if h <= limit {
                kids[count] = (h, m, from, child_fsm);
                count += 1;
            } else {
                next = next.min(g + 1 + h);
            }
        }
        for i in 1..count {
            let mut j = i;
            while j > 0 && kids[j - 1].0 > kids[j].0 {
                kids.swap(j - 1, j);
                states.swap(j - 1, j);
                j -= 1;
            }
        }
        for k in 0..count {
            let (_, m, from, child_fsm) = kids[k];
            let Some(child) = states[k] else { continue };
            let tile = board.tiles[from];
            board.tiles[blank] = tile;
            board.tiles[from] = 0;
            board.blank = from;
            self.path.push(m);
            match self.dfs(board, child, g + 1, bound, child_fsm) {
                Found::Yes => return Found::Yes,
                Found::GaveUp => return Found::GaveUp,
                Found::No(t) => next = next.min(t),
            }
            self.path.pop();
            board.tiles[from] = tile;
            board.tiles[blank] = 0;
            board.blank = blank;
        }
        Found::No(next)
    }
}
