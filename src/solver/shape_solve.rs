//! Solving the boards the square solver does not take (every size but 3×3 to 6×6):
//! rectangles, 2×2, and 7×7 to 10×10. Optimal where the search proves it within the time,
//! else the reduction plan, labelled as a plan ([`Solution::optimal`] false, with the
//! Manhattan-plus-conflicts bound beside it).

use std::sync::Arc;
use std::time::Instant;

use crate::puzzle::{Board, Move, Size};
use crate::solver::Stop;
use crate::solver::error::SolveError;
use crate::solver::facade::Solver;
use crate::solver::heuristic::heuristic_kind::HeuristicKind;
use crate::solver::heuristic::shape_bound;
use crate::solver::options::{DEFAULT_BUDGET, SolveOptions};
use crate::solver::rating::Rating;
use crate::solver::search::{reduction_plan, shape_ida_star};
use crate::solver::solution::Solution;
use crate::solver::tables::partition::{Partition, has_shape_tables, table_shape};
use crate::solver::tables::pattern_db::PatternDb;
use crate::solver::tables::placement::placements;

/// Boards of at most this many cells are solved optimally unless the caller sets a time
/// limit, as 3×3 and 4×4 are: IDA* with the shape's pattern databases proves every one
/// within about a second (3×5, 5×3 and 2×7 at most 1.5 s on 20 random boards a shape;
/// 2×8 and 8×2 at most 0.11 s with their 8-7 tables, BENCHMARKS.md).
const ALWAYS_OPTIMAL_CELLS: usize = 16;

/// The most placements of a group whose table builds within about a second on the first
/// need (6 tiles on 16 cells: 5.8 million).
const QUICK_BUILD_PLACEMENTS: u64 = 16 * 15 * 14 * 13 * 12 * 11;

/// The share of a limited time the optimal search gets before the plan takes over: the
/// plan's cheapest try takes milliseconds, and the rest of the time shortens it.
const PROOF_SHARE: f64 = 0.75;

/// The proof's share where the shape has pattern databases: half, and the weighted search
/// ([`WEIGHT`]) gets until [`WEIGHTED_SHARE`] of the time, its plan far shorter than the
/// reduction's (4×5 in 1 s: BENCHMARKS.md).
const TABLE_PROOF_SHARE: f64 = 0.5;

/// See [`TABLE_PROOF_SHARE`].
const WEIGHTED_SHARE: f64 = 0.9;

/// The weighted search's weight on the heuristic, in quarters: 1.5, so its plan is at most
/// half again as long as the optimal one.
const WEIGHT: u32 = 6;

/// The share of the time left that the search finishing a large board's square gets (see
/// [`Solver::solve_square`]).
const SQUARE_SHARE: f64 = 0.9;

impl Solver {
    /// [`Solver::solve`] for a board whose size is not classic: IDA* with Manhattan plus
    /// linear conflicts (and the shape's pattern databases, on boards of at most 20 cells) on
    /// boards of at most 36 cells, for the time allowed (without a limit when `optimal` is
    /// asked with none, and on boards of at most 15 cells, or 16 with their tables; three
    /// quarters of it otherwise, half where the shape has tables, and then their weighted
    /// search most of the rest); the reduction plan, shortened in the time left, otherwise
    /// or after. 8×2 is solved on its side, as 2×8.
    pub(crate) fn solve_shape(&self, board: &Board, opts: &SolveOptions) -> Result<Solution, SolveError> {
        if let Some(upright) = stood_up(board) {
            let mut s = self.solve_shape(&upright, opts)?;
            s.moves = s.moves.into_iter().map(transposed_move).collect();
            return Ok(s);
        }
        let start = Instant::now();
        if !matches!(opts.heuristic, HeuristicKind::Auto | HeuristicKind::LinearConflict) {
            return Err(SolveError::HeuristicUnavailable {
                heuristic: opts.heuristic.name(),
                size: board.size(),
            });
        }
        if board.is_goal() {
            return Ok(Solution::solved_already(start.elapsed()));
        }
        // Stop a little early: the caller's budget includes returning and drawing the answer.
        let budget = opts.max_time.unwrap_or(DEFAULT_BUDGET).mul_f64(0.97);
        if shape_ida_star::fits(board) {
            let db = self.shape_tables(board, opts.max_time.is_none() && opts.optimal);
            let dbs: Vec<&PatternDb> = db.as_deref().into_iter().collect();
            let share = if dbs.is_empty() { PROOF_SHARE } else { TABLE_PROOF_SHARE };
            let stop = match opts.max_time {
                // The proof gets most of the time; the plan, if it fails, the rest.
                Some(_) if !opts.optimal => opts.stop.clone().within(start, budget.mul_f64(share)),
                Some(t) => opts.stop.clone().within(start, t),
                None if opts.optimal || always_optimal(board.size(), !dbs.is_empty()) => opts.stop.clone(),
                None => opts.stop.clone().within(start, budget.mul_f64(share)),
            };
            match shape_ida_star::solve(board, &dbs, &stop, opts.progress.as_ref()) {
                Ok(mut s) => {
                    s.elapsed = start.elapsed();
                    return Ok(s);
                }
                Err(SolveError::OutOfTime) if !opts.stop.should_stop() => {}
                Err(e) => return Err(e),
            }
            if !dbs.is_empty() {
                let stop = opts.stop.clone().within(start, budget.mul_f64(WEIGHTED_SHARE));
                if let Ok(mut s) = shape_ida_star::solve_weighted(board, &dbs, WEIGHT, &stop) {
                    s.lower_bound = self.rate_shape(board).lower_bound;
                    s.optimal = s.len() as u32 == s.lower_bound;
                    s.elapsed = start.elapsed();
                    return Ok(s);
                }
            }
        }
        let stop = opts.stop.clone().within(start, budget);
        let finish = |square: &Board, stop: &Stop| self.solve_square(square, stop, opts.threads);
        let moves = reduction_plan::plan(board, &stop, Some(&finish)).ok_or(SolveError::Cancelled)?;
        let lower_bound = self.rate_shape(board).lower_bound;
        Ok(Solution {
            optimal: moves.len() as u32 == lower_bound,
            lower_bound,
            moves,
            nodes: 0,
            generated: 0,
            elapsed: start.elapsed(),
        })
    }

    /// The square a large board's reduction leaves (3×3 to 6×6), solved by the square
    /// boards' search in most of the time `stop` leaves (the tables already loaded, none
    /// built): [`SQUARE_SHARE`] of it, as the bounded search may pass its deadline a little
    /// before its first plan, and the answer must still come within the caller's time.
    fn solve_square(&self, square: &Board, stop: &Stop, threads: usize) -> Option<Vec<Move>> {
        let left = stop.deadline().map(|d| d.saturating_duration_since(Instant::now()));
        let opts = SolveOptions {
            max_time: Some(left.map_or(DEFAULT_BUDGET, |l| l.mul_f64(SQUARE_SHARE))),
            stop: stop.clone(),
            threads,
            ..SolveOptions::default()
        };
        self.solve(square, &opts).ok().map(|s| s.moves)
    }

    /// [`Solver::rate`] for a board whose size is not classic: Manhattan, Manhattan plus
    /// linear conflicts, and the shape's pattern databases where it has them; the largest
    /// is the bound.
    pub(crate) fn rate_shape(&self, board: &Board) -> Rating {
        if let Some(upright) = stood_up(board) {
            return self.rate_shape(&upright);
        }
        let manhattan = board.manhattan();
        let linear_conflict = shape_bound::value(board);
        let pdb = self.shape_tables(board, false).map(|db| db.value(board));
        Rating {
            manhattan,
            linear_conflict,
            walking_distance: None,
            pdb,
            exact: None,
            lower_bound: linear_conflict.max(manhattan).max(pdb.unwrap_or(0)),
        }
    }

    /// The default pattern databases of `board`'s shape, if it has them (loaded or built on
    /// first need).
    ///
    /// Tables whose build takes more than a second or so (a group of more than
    /// [`QUICK_BUILD_PLACEMENTS`]: 2×8's, two minutes of CPU) are built here only when
    /// `may_wait` (an optimal solve without a time limit; `slide solve`, `hint` and `rate`
    /// build them first, with a progress bar; the game prepares them in the background when
    /// such a game starts): a hint in the game is never held up by them, and uses them once
    /// they are loaded.
    fn shape_tables(&self, board: &Board, may_wait: bool) -> Option<Arc<PatternDb>> {
        let size = board.size();
        if !has_shape_tables(size) {
            return None;
        }
        let partition = Partition::default_for(size);
        if may_wait || !slow_to_build(size) {
            self.shape_pdb(&partition, &|_| {})
        } else {
            self.cached_shape_pdb(&partition)
        }
    }

    /// Whether `size` is a shape whose own tables take long to build (2×8 and 8×2: two
    /// CPU-minutes), so that a game of it prepares them in the background ([`Solver::prepare`])
    /// when it starts. Until they are loaded, a hint with a time limit never waits for them:
    /// it is proven optimal only where the search proves it in the time, else a plan.
    pub fn shape_tables_are_slow(&self, size: Size) -> bool {
        let size = table_shape(size);
        has_shape_tables(size) && slow_to_build(size)
    }
}

/// Whether some group of a shape's tables has more than [`QUICK_BUILD_PLACEMENTS`].
fn slow_to_build(size: Size) -> bool {
    Partition::default_for(size)
        .groups()
        .iter()
        .any(|g| placements(size.cells(), g.len()) > QUICK_BUILD_PLACEMENTS)
}

/// Whether a solve of `size` without a time limit proves optimality however long it takes:
/// on at most 15 cells always, on 16 with the tables (without them, a proof of 2×8 by
/// Manhattan and conflicts alone could take hours).
fn always_optimal(size: Size, with_tables: bool) -> bool {
    size.cells() < ALWAYS_OPTIMAL_CELLS || (size.cells() == ALWAYS_OPTIMAL_CELLS && with_tables)
}

/// `board` transposed onto [`table_shape`], if that is another shape: the tile at row r,
/// column c goes to row c, column r, relabelled so that the goal maps to the goal. A move on
/// the transposed board is the transposed move on this one ([`transposed_move`]).
fn stood_up(board: &Board) -> Option<Board> {
    let size = board.size();
    let upright = table_shape(size);
    if upright == size {
        return None;
    }
    let mut tiles = vec![0u8; size.cells()];
    for (cell, &t) in board.tiles().iter().enumerate() {
        let (r, c) = size.row_col(cell);
        tiles[upright.index(c, r)] = if t == 0 {
            0
        } else {
            let (gr, gc) = size.row_col(size.goal_index(t));
            upright.goal_tile(upright.index(gc, gr))
        };
    }
    // The transpose of a solvable board is solvable: it is the same puzzle.
    Board::from_shape(upright, &tiles).ok()
}

/// A move on a transposed board, as a move on the board itself.
fn transposed_move(m: Move) -> Move {
    match m {
        Move::Up => Move::Left,
        Move::Left => Move::Up,
        Move::Down => Move::Right,
        Move::Right => Move::Down,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::SeededRng;
    use crate::solver::tables::test_tables::temp_dir;
    use crate::solver::{Stop, TableCache};

    #[test]
    fn a_limited_solve_never_waits_for_tables_that_take_seconds_but_builds_quick_ones() {
        let dir = temp_dir("shape-wait");
        let solver = Solver::new(TableCache::at(dir.clone()));
        let mut rng = SeededRng::new(6);
        let opts = SolveOptions {
            max_time: Some(std::time::Duration::from_millis(200)),
            ..SolveOptions::default()
        };
        let long = Board::random(Size::rect(2, 8).unwrap(), &mut rng);
        let s = solver.solve(&long, &opts).unwrap();
        let mut end = long;
        end.apply_all(&s.moves).unwrap();
        assert!(end.is_goal());
        let files = || std::fs::read_dir(&dir).map_or(0, Iterator::count);
        assert_eq!(files(), 0, "2×8's 8-7 tables are not built for a hint");
        assert_eq!(solver.rate(&long).pdb, None);
        let quick = Board::random(Size::rect(3, 4).unwrap(), &mut rng);
        assert!(solver.solve(&quick, &opts).unwrap().optimal);
        assert_eq!(files(), 1, "3×4's tables are");
        assert!(solver.rate(&quick).pdb.is_some());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_8x2_board_is_solved_on_its_side_as_2x8_in_as_many_moves() {
        let wide = Size::rect(8, 2).unwrap();
        assert_eq!(
            stood_up(&Board::goal(wide)),
            Some(Board::goal(Size::rect(2, 8).unwrap()))
        );
        assert_eq!(stood_up(&Board::goal(Size::rect(2, 8).unwrap())), None);
        let solver = Solver::new(TableCache::disabled());
        let mut rng = SeededRng::new(16);
        for _ in 0..4 {
            // Near the goal, so that Manhattan and conflicts alone prove it at once.
            let board = Board::scrambled(wide, 24, &mut rng);
            let upright = stood_up(&board).unwrap();
            assert_eq!(upright.manhattan(), board.manhattan());
            let s = solver.solve(&board, &SolveOptions::default()).unwrap();
            let mut end = board;
            end.apply_all(&s.moves).unwrap();
            assert!(end.is_goal() && s.optimal, "{board}");
            let direct = shape_ida_star::solve(&board, &[], &Stop::never(), None).unwrap();
            assert_eq!(s.len(), direct.len(), "{board}");
            assert_eq!(solver.rate(&board).lower_bound, solver.rate(&upright).lower_bound);
        }
        assert!(solver.shape_tables_are_slow(wide) && solver.shape_tables_are_slow(Size::rect(2, 8).unwrap()));
        assert!(!solver.shape_tables_are_slow(Size::rect(3, 5).unwrap()));
        assert!(!solver.shape_tables_are_slow(Size::FOUR) && !solver.shape_tables_are_slow(Size::new(7).unwrap()));
    }

    #[test]
    fn small_rectangles_are_optimal_and_large_boards_get_a_plan() {
        let solver = Solver::new(TableCache::disabled());
        let mut rng = SeededRng::new(4);
        let board = Board::random(Size::rect(4, 3).unwrap(), &mut rng);
        let s = solver.solve(&board, &SolveOptions::default()).unwrap();
        assert!(s.optimal);
        for size in [
            Size::new(10).unwrap(),
            Size::rect(10, 4).unwrap(),
            Size::new(7).unwrap(),
        ] {
            let board = Board::random(size, &mut rng);
            let s = solver.solve(&board, &SolveOptions::default()).unwrap();
            let mut b = board;
            b.apply_all(&s.moves).unwrap();
            assert!(b.is_goal() && !s.optimal);
            assert!(s.lower_bound <= s.len() as u32);
            assert_eq!(solver.rate(&board).lower_bound, s.lower_bound);
        }
    }
}
