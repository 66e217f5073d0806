//! All the generator reads of a board: its placement rating and, when the policy asks, its
//! optimal length. Both are the same whichever pattern databases a player has loaded (none,
//! the default, or the large opt-in ones), so a seed, a daily date or a puzzle code deals the
//! same board for everyone:
//!
//! - the placement rating comes from tables the solver builds in memory from nothing, never
//!   from the cache: the exact 3×3 table, walking distance with linear conflict on 4×4, linear
//!   conflict alone on 5×5 and 6×6;
//! - the optimal length is a property of the board: every admissible heuristic's IDA* proves
//!   the same length (tests/library/solver.rs checks the heuristics agree); the tables only change how
//!   fast it comes. The plan itself, which could differ, is never read.
//!
//! Nothing else of the solver is in reach of the generator's choices: an earlier shortcut
//! skipped the search (and so the count of confirmations) for a board whose pattern-database
//! bound already exceeded the band, so boards dealt after the confirmations ran out depended
//! on the tables loaded.

use crate::difficulty::rating::rating;
use crate::puzzle::Board;
use crate::solver::{SolveError, SolveOptions, Solver, Stop};

/// The generator's view of the solver.
pub(crate) struct DealJudge<'a> {
    solver: &'a Solver,
}

impl<'a> DealJudge<'a> {
    pub fn new(solver: &'a Solver) -> DealJudge<'a> {
        DealJudge { solver }
    }

    /// The rating the generator places by: the exact length on 3×3, walking distance and
    /// linear conflict by max on 4×4, linear conflict on 5×5, 6×6 and every other shape.
    pub(crate) fn placement_rating(&self, board: &Board) -> u32 {
        let size = board.size();
        match size.square_side().filter(|_| size.is_classic()) {
            Some(3 | 4) => rating(self.solver, board).0,
            _ => self.solver.rate(board).linear_conflict,
        }
    }

    /// The board's optimal length, or `None` if the search failed for another reason than
    /// `stop` (it then counts as no answer, whatever the tables).
    pub(crate) fn optimal_length(&self, board: &Board, stop: &Stop) -> Result<Option<u32>, SolveError> {
        let opts = SolveOptions {
            optimal: true,
            stop: stop.clone(),
            ..SolveOptions::default()
        };
        match self.solver.solve(board, &opts) {
            Ok(s) => Ok(Some(s.len() as u32)),
            Err(e @ (SolveError::Cancelled | SolveError::OutOfTime)) => Err(e),
            Err(_) => Ok(None),
        }
    }
}
