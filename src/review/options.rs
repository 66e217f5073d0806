//! What a review is asked to do and how far it has come.

use std::time::Duration;

use crate::puzzle::Board;
use crate::solver::Stop;

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
    /// Plans already known for positions of the game (the par plan from the start, a plan
    /// the game found later): board and length. No estimate exceeds them.
    pub known_plans: Vec<(Board, u32)>,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions {
            stop: Stop::never(),
            estimate_budget: Duration::from_secs(2),
            known_plans: Vec::new(),
        }
    }
}
