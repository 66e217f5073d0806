//! What the solver answers: a whole solution, or the next move with what is known of the rest.

use std::time::Duration;

use crate::puzzle::Move;

/// A whole solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The moves from the board to the goal.
    pub moves: Vec<Move>,
    /// Whether `moves` is proven shortest.
    pub optimal: bool,
    /// The best lower bound on the optimal length that the search established.
    pub lower_bound: u32,
    /// States expanded: those whose children a search generated. Children cut off by the
    /// bound are generated but not expanded. A 3×3 answer read from the exact table expands
    /// nothing and reports 0.
    pub nodes: u64,
    /// Children generated (each one heuristic evaluation, or a duplicate check in the
    /// bounded search); the figure the literature usually reports for IDA*.
    pub generated: u64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

impl Solution {
    /// The answer for a board that is already the goal: nothing to do, proven.
    pub(crate) fn solved_already(elapsed: Duration) -> Solution {
        Solution {
            moves: Vec::new(),
            optimal: true,
            lower_bound: 0,
            nodes: 0,
            generated: 0,
            elapsed,
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the board was already solved.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The next move and what is known about the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The move to play.
    pub mv: Move,
    /// The tile it slides.
    pub tile: u8,
    /// Moves left including this one: the optimal count when `optimal`, else the plan's.
    pub remaining: u32,
    /// Whether `remaining` is the proven optimum (and so this move is optimal).
    pub optimal: bool,
    /// A lower bound on the optimal number of moves left.
    pub lower_bound: u32,
    /// The whole plan from the board, starting with `mv`.
    pub plan: Vec<Move>,
}
