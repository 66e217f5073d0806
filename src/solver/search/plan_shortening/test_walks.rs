//! Plans for the shortener's tests: random walks, their ends, short deadlines.

use std::time::{Duration, Instant};

use crate::puzzle::{Board, Move, SeededRng};
use crate::solver::{Solver, Stop, TableCache};

/// A legal random walk of `steps` moves from `board`, never undoing the last move.
pub(crate) fn random_walk(board: &Board, steps: usize, rng: &mut SeededRng) -> Vec<Move> {
    let mut b = *board;
    let mut walk: Vec<Move> = Vec::with_capacity(steps);
    for _ in 0..steps {
        let moves: Vec<Move> = b
            .legal_moves()
            .filter(|m| walk.last().is_none_or(|l| l.inverse() != *m))
            .collect();
        let m = moves[rng.index(moves.len())];
        b.try_move(m);
        walk.push(m);
    }
    walk
}

pub(crate) fn end_of(board: &Board, plan: &[Move]) -> Board {
    let mut b = *board;
    b.apply_all(plan).expect("a legal plan");
    b
}

pub(crate) fn quick(ms: u64) -> Stop {
    Stop::never().with_deadline(Instant::now() + Duration::from_millis(ms))
}

/// A solver whose tables live in memory only (3×3 and 4×4 need no pattern database
/// unless a test prepares one).
pub(crate) fn small_solver() -> Solver {
    Solver::new(TableCache::disabled())
}
