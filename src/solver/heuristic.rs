//! The contract every search heuristic meets, the search board they read, and the choice of
//! heuristic by name.

use crate::puzzle::{Board, MAX_CELLS, Size};
use crate::solver::{HeuristicKind, Solution, SolveError, Solver, Stop};
use crate::solver::{bounded_search, ida_star, linear_conflict, manhattan, pattern_db, walking_distance};

/// The board as the search sees it: a flat array moved in place.
#[derive(Clone, Copy)]
pub(crate) struct SearchBoard {
    pub side: usize,
    pub tiles: [u8; MAX_CELLS],
    pub blank: usize,
}

impl SearchBoard {
    pub fn new(board: &Board) -> SearchBoard {
        let mut tiles = [0u8; MAX_CELLS];
        tiles[..board.size().cells()].copy_from_slice(board.tiles());
        SearchBoard {
            side: board.size().side(),
            tiles,
            blank: board.blank(),
        }
    }
}

/// An admissible heuristic that can be kept up to date as tiles move.
///
/// Contract: `h` never exceeds the true number of moves to the goal, and
/// `init`/`update` agree: updating after a move gives the same value as `init` on the new
/// board.
pub(crate) trait Incremental: Sync {
    /// Whatever the heuristic keeps between moves.
    type State: Copy;
    /// The state for a board.
    fn init(&self, board: &SearchBoard) -> Self::State;
    /// The estimate for a state.
    fn h(&self, state: &Self::State) -> u32;
    /// Updates `state` after `tile` moved from `from` to `to`; `board` is already moved.
    fn update(&self, state: &mut Self::State, board: &SearchBoard, tile: u8, from: usize, to: usize);

    /// Like [`Incremental::update`] followed by [`Incremental::h`], except that a heuristic
    /// may stop early once it knows the value exceeds `limit`: it then returns some
    /// admissible value above `limit` and leaves `state` unusable. Searches call this for
    /// children they will discard when the value is too high.
    #[inline]
    fn update_within(
        &self,
        state: &mut Self::State,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> u32 {
        let _ = limit;
        self.update(state, board, tile, from, to);
        self.h(state)
    }
}

/// A heuristic resolved for one size, with its tables borrowed from the solver.
pub(crate) enum Chosen<'a> {
    Manhattan(manhattan::Manhattan),
    LinearConflict(linear_conflict::LinearConflict),
    Walking(walking_distance::WalkingWithConflict<'a>),
    Pdb(pattern_db::PdbHeuristic<'a>),
}

impl<'a> Chosen<'a> {
    /// Resolves `kind` for `size`; `auto` takes the strongest ready table.
    pub fn new(solver: &'a Solver, size: Size, kind: HeuristicKind) -> Result<Chosen<'a>, SolveError> {
        let unavailable = || SolveError::HeuristicUnavailable {
            heuristic: kind.name(),
            size,
        };
        Ok(match kind {
            HeuristicKind::Manhattan => Chosen::Manhattan(manhattan::Manhattan::new(size)),
            HeuristicKind::LinearConflict => Chosen::LinearConflict(linear_conflict::LinearConflict::new(size)),
            HeuristicKind::WalkingDistance => {
                let wd = solver.walking(size).ok_or_else(unavailable)?;
                Chosen::Walking(walking_distance::WalkingWithConflict::new(wd, size))
            }
            HeuristicKind::Pdb => {
                let db = solver.pdb(size).ok_or_else(unavailable)?;
                Chosen::Pdb(pattern_db::PdbHeuristic::new(db))
            }
            HeuristicKind::Auto => {
                if let Some(db) = solver.pdb(size) {
                    Chosen::Pdb(pattern_db::PdbHeuristic::new(db))
                } else if let Some(wd) = solver.walking(size) {
                    Chosen::Walking(walking_distance::WalkingWithConflict::new(wd, size))
                } else {
                    Chosen::LinearConflict(linear_conflict::LinearConflict::new(size))
                }
            }
        })
    }

    /// Optimal IDA* with this heuristic.
    pub fn ida_star(&self, board: &Board, stop: &Stop) -> Result<Solution, SolveError> {
        match self {
            Chosen::Manhattan(h) => ida_star::solve(h, board, stop),
            Chosen::LinearConflict(h) => ida_star::solve(h, board, stop),
            Chosen::Walking(h) => ida_star::solve(h, board, stop),
            Chosen::Pdb(h) => ida_star::solve(h, board, stop),
        }
    }

    /// The time-bounded search with this heuristic: always a whole solution.
    pub fn bounded(&self, board: &Board, stop: &Stop) -> Result<Solution, SolveError> {
        match self {
            Chosen::Manhattan(h) => bounded_search::solve(h, board, stop),
            Chosen::LinearConflict(h) => bounded_search::solve(h, board, stop),
            Chosen::Walking(h) => bounded_search::solve(h, board, stop),
            Chosen::Pdb(h) => bounded_search::solve(h, board, stop),
        }
    }
}
