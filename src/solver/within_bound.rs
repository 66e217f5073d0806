//! Deciding whether a board can be solved within a given number of moves.

use crate::puzzle::{Board, Move};
use crate::solver::cancel::Stop;
use crate::solver::dispatch::Chosen;
use crate::solver::error::SolveError;
use crate::solver::facade::Solver;
use crate::solver::heuristic::heuristic_kind::HeuristicKind;

impl Solver {
    /// A solution of `board` in at most `bound` moves, if one exists; `Ok(None)` proves
    /// that the optimal length exceeds `bound`. One bounded pass of IDA* with the strongest
    /// heuristic ready for the size (the exact table on 3×3), stopped by `stop`.
    ///
    /// Cheaper than [`Solver::solve`] when the optimal length is known to be one of a few
    /// values: the review decides each position of a game with one pass.
    pub(crate) fn solve_within(&self, board: &Board, bound: u32, stop: &Stop) -> Result<Option<Vec<Move>>, SolveError> {
        if !board.size().is_classic() {
            // No bounded pass of the shapes' search yet: nothing is proven, as when the
            // time runs out, and callers keep the plan they have.
            return Err(SolveError::OutOfTime);
        }
        if board.size().side() == 3 {
            let table = self.exact3();
            return Ok((table.distance(board) <= bound).then(|| table.solve(board)));
        }
        Chosen::new(self, board.size(), HeuristicKind::Auto)?.within(board, bound, stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};
    use crate::solver::{SolveOptions, TableCache};

    #[test]
    fn the_bound_decides_exactly_at_the_optimal_length() {
        let solver = Solver::new(TableCache::disabled());
        let mut rng = SeededRng::new(11);
        for size in [Size::THREE, Size::FOUR] {
            for _ in 0..4 {
                let board = Board::scrambled(size, 30, &mut rng);
                let optimal = solver.solve(&board, &SolveOptions::default()).unwrap().len() as u32;
                if optimal == 0 {
                    continue;
                }
                assert_eq!(
                    solver
                        .solve_within(&board, optimal.saturating_sub(1), &Stop::never())
                        .unwrap(),
                    None
                );
                let path = solver
                    .solve_within(&board, optimal, &Stop::never())
                    .unwrap()
                    .expect("a path");
                assert_eq!(path.len() as u32, optimal);
                let mut b = board;
                b.apply_all(&path).unwrap();
                assert!(b.is_goal());
            }
        }
    }
}
