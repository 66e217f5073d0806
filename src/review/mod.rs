//! The post-game review: the optimal distance to the goal along a finished game, and where
//! the player lost moves.
//!
//! [`review`] takes the start board and the moves played and returns the distance before
//! the first move and after each move: exact on 3×3 (the exact table) and 4×4 (the optimal
//! solver, one bounded pass per move), estimated on 5×5 and 6×6 (lower bounds and bounded
//! plans). [`Review::summary`] tells the optimal moves, the detours and what they cost.

mod error;
mod estimate;
mod exact;
mod summary;

use std::time::Duration;

use crate::puzzle::{Board, Move};
use crate::solver::{Solver, Stop};

pub use error::ReviewError;
pub use summary::{Detour, Summary};

/// How far a review has come, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Positions whose distance is known.
    pub done: usize,
    /// Positions in all: the moves plus one.
    pub total: usize,
}

/// How to review.
#[derive(Debug, Clone)]
pub struct ReviewOptions {
    /// Cancellation (and an optional deadline) from outside.
    pub stop: Stop,
    /// On 5×5 and 6×6, the time for all the bounded plans together.
    pub estimate_budget: Duration,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions {
            stop: Stop::never(),
            estimate_budget: Duration::from_secs(2),
        }
    }
}

/// The distances along one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The start board.
    pub board: Board,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The optimal distance to the goal before the first move (`distances[0]`) and after
    /// each move (`distances[i]` after `i` moves): `moves.len() + 1` values.
    pub distances: Vec<u32>,
    /// Whether the distances are proven optimal (3×3 and 4×4) or estimates (5×5, 6×6).
    pub exact: bool,
}

impl Review {
    /// The moves beyond the optimum: the moves played, plus what remains from the last
    /// position, minus the optimal distance at the start. For a finished game this is the
    /// moves played minus the start's optimum.
    pub fn extra(&self) -> u32 {
        let (Some(&first), Some(&last)) = (self.distances.first(), self.distances.last()) else {
            return 0;
        };
        (self.moves.len() as u32 + last).saturating_sub(first)
    }

    /// The optimal moves, the detours and their cost.
    pub fn summary(&self) -> Summary {
        Summary::of(&self.distances, self.extra())
    }

    /// The board after the first `step` moves (the start for 0, the last position beyond
    /// the end).
    pub fn board_after(&self, step: usize) -> Board {
        let mut board = self.board;
        for &m in self.moves.iter().take(step) {
            board.try_move(m);
        }
        board
    }
}

/// Reviews the game that played `moves` from `board`, reporting progress as positions are
/// decided. On 4×4 the solver's pattern databases should be prepared first (see
/// [`Solver::prepare`]): without them it is exact all the same, only slower.
///
/// Fails on a move that is not legal where it is played (its 1-based position is in the
/// error), or when `opts.stop` stops it.
pub fn review(
    solver: &Solver,
    board: &Board,
    moves: &[Move],
    opts: &ReviewOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Review, ReviewError> {
    let boards = positions(board, moves)?;
    let total = boards.len();
    progress(Progress { done: 0, total });
    let (distances, exact) = match board.size().side() {
        3 => {
            let table = solver.exact3();
            (boards.iter().map(|b| table.distance(b)).collect(), true)
        }
        4 => (exact::distances(solver, &boards, moves, &opts.stop, progress)?, true),
        _ => (estimate::distances(solver, &boards, opts, progress)?, false),
    };
    progress(Progress { done: total, total });
    Ok(Review {
        board: *board,
        moves: moves.to_vec(),
        distances,
        exact,
    })
}

/// Every position of the game: the start, then the board after each move.
fn positions(board: &Board, moves: &[Move]) -> Result<Vec<Board>, ReviewError> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let mut b = *board;
    boards.push(b);
    for (i, &m) in moves.iter().enumerate() {
        if !b.try_move(m) {
            return Err(ReviewError::IllegalMove { position: i + 1, mv: m });
        }
        boards.push(b);
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size, parse_moves};
    use crate::solver::{SolveOptions, TableCache};

    fn random_walk(size: Size, len: usize, rng: &mut SeededRng) -> (Board, Vec<Move>) {
        let start = Board::scrambled(size, 40, rng);
        let mut b = start;
        let mut moves = Vec::new();
        while moves.len() < len {
            let legal: Vec<Move> = b.legal_moves().collect();
            let m = legal[rng.index(legal.len())];
            b.try_move(m);
            moves.push(m);
        }
        (start, moves)
    }

    #[test]
    fn random_walks_on_3x3_match_the_exact_table() {
        let solver = Solver::new(TableCache::disabled());
        let mut rng = SeededRng::new(5);
        for _ in 0..20 {
            let (start, moves) = random_walk(Size::THREE, 50, &mut rng);
            let r = review(&solver, &start, &moves, &ReviewOptions::default(), &mut |_| {}).unwrap();
            assert!(r.exact);
            assert_eq!(r.distances.len(), moves.len() + 1);
            for (i, &d) in r.distances.iter().enumerate() {
                assert_eq!(d, solver.exact3().distance(&r.board_after(i)), "position {i}");
            }
            for w in r.distances.windows(2) {
                assert_eq!(w[0].abs_diff(w[1]), 1);
            }
        }
    }

    #[test]
    fn short_4x4_games_match_the_optimal_solver() {
        let solver = Solver::new(TableCache::disabled());
        let mut rng = SeededRng::new(8);
        for _ in 0..3 {
            let (start, moves) = random_walk(Size::FOUR, 12, &mut rng);
            let mut steps = Vec::new();
            let r = review(&solver, &start, &moves, &ReviewOptions::default(), &mut |p| {
                steps.push(p);
            })
            .unwrap();
            assert!(r.exact);
            for (i, &d) in r.distances.iter().enumerate() {
                let optimal = solver.solve(&r.board_after(i), &SolveOptions::default()).unwrap().len() as u32;
                assert_eq!(d, optimal, "position {i}");
            }
            assert_eq!(steps.last().copied(), Some(Progress { done: 13, total: 13 }));
        }
    }

    #[test]
    fn an_optimal_4x4_game_has_no_detours() {
        let solver = Solver::new(TableCache::disabled());
        let start = Board::scrambled(Size::FOUR, 30, &mut SeededRng::new(2));
        let plan = solver.solve(&start, &SolveOptions::default()).unwrap().moves;
        let r = review(&solver, &start, &plan, &ReviewOptions::default(), &mut |_| {}).unwrap();
        let s = r.summary();
        assert_eq!(r.extra(), 0);
        assert!(s.detours.is_empty());
        assert_eq!(s.optimal_moves, plan.len());
    }

    #[test]
    fn an_illegal_move_is_named_by_its_position() {
        let solver = Solver::new(TableCache::disabled());
        let goal = Board::goal(Size::THREE);
        // From the goal the blank is bottom-right: the tile left of it can move right.
        let moves = parse_moves("RU").unwrap();
        let err = review(&solver, &goal, &moves, &ReviewOptions::default(), &mut |_| {}).unwrap_err();
        assert_eq!(
            err,
            ReviewError::IllegalMove {
                position: 2,
                mv: Move::Up
            }
        );
    }

    #[test]
    fn a_cancelled_4x4_review_stops() {
        let solver = Solver::new(TableCache::disabled());
        let mut rng = SeededRng::new(3);
        let (start, moves) = random_walk(Size::FOUR, 10, &mut rng);
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let opts = ReviewOptions {
            stop: Stop::never().with_flag(flag),
            ..ReviewOptions::default()
        };
        let got = review(&solver, &start, &moves, &opts, &mut |_| {});
        assert_eq!(got, Err(ReviewError::Solve(crate::solver::SolveError::Cancelled)));
    }

    #[test]
    fn estimates_on_5x5_are_marked_and_end_at_the_goal() {
        let solver = Solver::new(TableCache::disabled());
        let start = Board::scrambled(Size::FIVE, 20, &mut SeededRng::new(4));
        let plan = solver
            .solve(
                &start,
                &SolveOptions {
                    max_time: Some(Duration::from_millis(200)),
                    ..SolveOptions::default()
                },
            )
            .unwrap()
            .moves;
        let opts = ReviewOptions {
            estimate_budget: Duration::from_millis(300),
            ..ReviewOptions::default()
        };
        let r = review(&solver, &start, &plan, &opts, &mut |_| {}).unwrap();
        assert!(!r.exact);
        assert_eq!(r.distances.len(), plan.len() + 1);
        assert_eq!(r.distances.last(), Some(&0));
        for (i, &d) in r.distances.iter().enumerate() {
            assert!(d >= crate::solver::lower_bound(&solver, &r.board_after(i)));
            assert!(d as usize <= plan.len() - i);
        }
    }
}
