//! Exact distances along a 4×4 game with the optimal solver.
//!
//! One move changes the optimal distance by exactly one (a move flips the parity of the
//! distance, and undoing it costs one move). So after solving the start once, each next
//! position is decided between `d - 1` and `d + 1` by one bounded pass of IDA* with bound
//! `d - 1`, and often without any search:
//! - the move is the first of the optimal plan kept from the previous position: `d - 1`;
//! - the position's lower bound exceeds `d - 1`: `d + 1`.
//!
//! The plan is kept along the way (the pass's path, or the move back followed by the old
//! plan), so a player who follows optimal moves costs no search at all.

use crate::puzzle::{Board, Move};
use crate::review::error::ReviewError;
use crate::review::options::Progress;
use crate::solver::{SolveOptions, Solver, Stop, lower_bound};

/// The optimal distance of each of `boards`, the positions of a game playing `moves`.
pub(super) fn distances(
    solver: &Solver,
    boards: &[Board],
    moves: &[Move],
    stop: &Stop,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<u32>, ReviewError> {
    let total = boards.len();
    let opts = SolveOptions {
        optimal: true,
        stop: stop.clone(),
        ..SolveOptions::default()
    };
    // The plan, reversed so that its next move is at the end.
    let mut plan: Vec<Move> = solver.solve(&boards[0], &opts)?.moves;
    plan.reverse();
    let mut d = plan.len() as u32;
    let mut distances = Vec::with_capacity(total);
    distances.push(d);
    progress(Progress { done: 1, total });
    for (i, &m) in moves.iter().enumerate() {
        let next = &boards[i + 1];
        if plan.last() == Some(&m) {
            plan.pop();
            d -= 1;
        } else if d == 0 || lower_bound(solver, next) > d - 1 {
            plan.push(m.inverse());
            d += 1;
        } else if let Some(path) = solver.solve_within(next, d - 1, stop)? {
            plan = path;
            plan.reverse();
            d -= 1;
        } else {
            plan.push(m.inverse());
            d += 1;
        }
        distances.push(d);
        progress(Progress { done: i + 2, total });
    }
    Ok(distances)
}
