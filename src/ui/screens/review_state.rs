//! What the review screen shows: the game (for a run, the board on view), what the engine
//! has said so far, and the step shown.

use slide::puzzle::{Board, Move};
use slide::review::{Progress, Review};

/// A review on screen: the game, what the worker has said so far, and the step shown.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewState {
    /// The start board.
    pub start: Board,
    /// The moves played.
    pub moves: Vec<Move>,
    /// What the game was ("4×4 medium").
    pub title: String,
    /// Whether the engine is still computing it.
    pub computing: bool,
    /// How far the worker has come.
    pub progress: Option<Progress>,
    /// The distances, once computed.
    pub review: Option<Review>,
    /// Why there are none, if the worker failed.
    pub error: Option<String>,
    /// The position shown: after this many moves.
    pub step: usize,
}

impl ReviewState {
    /// The step of the next detour after the one shown (`forward`) or the one before.
    pub(crate) fn detour_from(&self, forward: bool) -> Option<usize> {
        let review = self.review.as_ref()?;
        let starts = review.summary().detours.into_iter().map(|d| d.first_move);
        if forward {
            starts.into_iter().find(|&s| s > self.step)
        } else {
            starts.into_iter().rev().find(|&s| s < self.step)
        }
    }
}
