//! Reviewing a game: every position's distance, exact or estimated by size.

use crate::puzzle::{Board, Move};
use crate::review::error::ReviewError;
use crate::review::game_review::Review;
use crate::review::options::{Progress, ReviewOptions};
use crate::review::{estimate, exact};
use crate::solver::Solver;

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
    // Exact where the solver's tables make it so (3×3, 4×4); every other size and shape
    // gets the estimate, said as one.
    let classic_side = board.size().square_side().filter(|_| board.size().is_classic());
    let (distances, exact, lower_bounds) = match classic_side {
        Some(3) => {
            let table = solver.exact3();
            (boards.iter().map(|b| table.distance(b)).collect(), true, Vec::new())
        }
        Some(4) => (
            exact::distances(solver, &boards, moves, &opts.stop, progress)?,
            true,
            Vec::new(),
        ),
        _ => {
            let e = estimate::distances(solver, &boards, opts, progress)?;
            (e.distances, false, e.lower_bounds)
        }
    };
    progress(Progress { done: total, total });
    Ok(Review {
        board: *board,
        moves: moves.to_vec(),
        distances,
        exact,
        lower_bounds,
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
    use crate::solver::Stop;
    use crate::solver::{SolveOptions, TableCache};
    use std::time::Duration;

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
