//! Estimated distances along a 5×5 or 6×6 game, where optimal searches take hours.
//!
//! Two bounds hold at every position `i` of a game of `n` moves that ends at the goal:
//! - above: a bounded plan from a checkpoint `j` (the start and every few moves after it)
//!   of length `u_j` reaches the goal from `i` in `u_j + |i - j|` moves, and the game itself
//!   does in `n - i` (more generally `n - i` plus the last position's plan);
//! - below: the solver's lower bound for the position.
//!
//! The estimate is the smallest upper bound, raised to the lower bound if need be: a length
//! the player could have achieved, never below what is proven.

use std::time::Duration;

use crate::puzzle::Board;
use crate::review::{Progress, ReviewError, ReviewOptions};
use crate::solver::{SolveError, SolveOptions, Solver, lower_bound};

/// Moves between two checkpoints that get their own plan.
const CHECKPOINT_EVERY: usize = 10;
/// The least time a plan is given, however many checkpoints share the budget.
const MIN_PLAN_TIME: Duration = Duration::from_millis(40);

/// The estimated distance of each of `boards`.
pub(super) fn distances(
    solver: &Solver,
    boards: &[Board],
    opts: &ReviewOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<u32>, ReviewError> {
    let total = boards.len();
    let last = total - 1;
    let mut checkpoints: Vec<usize> = (0..total).step_by(CHECKPOINT_EVERY).collect();
    if checkpoints.last() != Some(&last) {
        checkpoints.push(last);
    }
    let per_plan = (opts.estimate_budget / checkpoints.len() as u32).max(MIN_PLAN_TIME);
    let mut upper = vec![u32::MAX; total];
    for (k, &j) in checkpoints.iter().enumerate() {
        if opts.stop.is_cancelled() {
            return Err(SolveError::Cancelled.into());
        }
        let len = if boards[j].is_goal() {
            0
        } else {
            let plan = solver.solve(
                &boards[j],
                &SolveOptions {
                    max_time: Some(per_plan),
                    stop: opts.stop.without_deadline(),
                    ..SolveOptions::default()
                },
            )?;
            plan.len() as u32
        };
        for (i, u) in upper.iter_mut().enumerate() {
            *u = (*u).min(len + i.abs_diff(j) as u32);
        }
        progress(Progress {
            done: (k + 1) * total / (checkpoints.len() + 1),
            total,
        });
    }
    // Following the game to its end and then the last position's plan.
    let end = upper[last];
    for (i, u) in upper.iter_mut().enumerate() {
        *u = (*u).min((last - i) as u32 + end);
    }
    Ok(boards
        .iter()
        .zip(upper)
        .map(|(b, u)| u.max(lower_bound(solver, b)))
        .collect())
}
