//! Solving with the [`Solver`]: a whole solution (optimal on 3×3 and 4×4, else the bounded
//! search's plan, shortened with the time it leaves), or the next move.

use std::sync::Arc;
use std::time::Instant;

use crate::puzzle::{Board, Size};
use crate::solver::dispatch::{Chosen, ReadyTables};
use crate::solver::error::SolveError;
use crate::solver::facade::Solver;
use crate::solver::heuristic::heuristic_kind::HeuristicKind;
use crate::solver::heuristic::walking_distance::WalkingDistance;
use crate::solver::options::{DEFAULT_BUDGET, SolveOptions};
use crate::solver::search::plan_shortening::{self, WindowSolver};
use crate::solver::solution::{Hint, Solution};
use crate::solver::tables::pattern_db::PatternDb;

impl ReadyTables for Solver {
    fn walking(&self, size: Size) -> Option<&WalkingDistance> {
        Solver::walking(self, size)
    }

    fn pdb(&self, size: Size) -> Option<&Arc<PatternDb>> {
        Solver::pdb(self, size)
    }
}

impl WindowSolver for Solver {
    fn goal_tables(&self, size: Size) -> Option<&Arc<PatternDb>> {
        self.pdb(size)
    }

    fn solve_window(&self, board: &Board, opts: &SolveOptions) -> Result<Solution, SolveError> {
        self.solve(board, opts)
    }
}

impl Solver {
    /// Solves `board`: optimally on 3×3 and 4×4 (and on any size with `optimal`), else with
    /// the bounded search within `max_time`. Every other shape (rectangles, 2×2, 7×7 to
    /// 10×10) is optimal where IDA* proves it within the time, else the reduction plan.
    pub fn solve(&self, board: &Board, opts: &SolveOptions) -> Result<Solution, SolveError> {
        let start = Instant::now();
        let size = board.size();
        if !size.is_classic() {
            return self.solve_shape(board, opts);
        }
        if size.side() == 3 && opts.heuristic == HeuristicKind::Auto {
            let moves = self.exact3().solve(board);
            let len = moves.len() as u32;
            return Ok(Solution {
                moves,
                optimal: true,
                lower_bound: len,
                // A table walk is not a search: nothing is expanded (see `Solution::nodes`).
                nodes: 0,
                generated: 0,
                elapsed: start.elapsed(),
            });
        }
        // Stronger tables that only guide (5×5's and 6×6's large ones) serve every search here: what
        // a search returns does not depend on them the way a rating would.
        let heuristic = match self.guide(size) {
            Some(guide) if opts.heuristic == HeuristicKind::Auto => Chosen::pdb(guide),
            _ => Chosen::new(self, size, opts.heuristic)?,
        };
        if size.side() <= 4 || opts.optimal {
            // With a time limit, optimal or not, the proof gets the time (three quarters of
            // it on 5×5 and 6×6, where the bounded search then needs the rest to make a good
            // plan); past it, the best plan with its bound, not proven.
            let stop = match opts.max_time {
                Some(t) if opts.optimal && size.side() > 4 => opts.stop.clone().within(start, t.mul_f64(0.75)),
                Some(t) => opts.stop.clone().within(start, t),
                None => opts.stop.clone(),
            };
            match heuristic.ida_star(board, &stop, opts.threads) {
                Ok(mut s) => {
                    s.elapsed = start.elapsed();
                    return Ok(s);
                }
                Err(SolveError::OutOfTime) if !opts.optimal || opts.max_time.is_some() => {}
                Err(e) => return Err(e),
            }
        }
        // Stop a little early: the caller's budget includes returning and drawing the answer.
        let budget = opts.max_time.unwrap_or(DEFAULT_BUDGET).mul_f64(0.97);
        let stop = opts.stop.clone().within(start, budget);
        let mut s = heuristic.bounded(board, &stop, opts.threads)?;
        // The beam ends early when no wider one would finish in time; the time left goes to
        // shortening its plan.
        if !opts.skip_shortening && !stop.should_stop() {
            let shortening = plan_shortening::Options {
                solver: Some(self as &dyn WindowSolver),
                threads: opts.threads.max(1),
                ..plan_shortening::Options::default()
            };
            let shorter = plan_shortening::shorten_with(board, &s.moves, &stop, &shortening);
            if shorter.len() < s.moves.len() {
                s.optimal = shorter.len() as u32 == s.lower_bound;
                s.moves = shorter;
            }
        }
        s.elapsed = start.elapsed();
        Ok(s)
    }

    /// The next move from `board`, with the moves remaining.
    pub fn hint(&self, board: &Board, opts: &SolveOptions) -> Result<Hint, SolveError> {
        if board.is_goal() {
            return Err(SolveError::AlreadySolved);
        }
        let s = self.solve(board, opts)?;
        let mv = *s.moves.first().ok_or(SolveError::AlreadySolved)?;
        Ok(Hint {
            mv,
            tile: board.tile_moved_by(mv).unwrap_or(0),
            remaining: s.len() as u32,
            optimal: s.optimal,
            lower_bound: s.lower_bound,
            plan: s.moves,
        })
    }
}
