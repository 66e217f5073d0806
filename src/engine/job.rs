//! A request as the solver thread takes it: what to compute, from which board, for how
//! long, and the flag that stops it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::engine::request::Ticket;
use crate::puzzle::{Board, Move};

/// What a request computes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Work {
    /// The next move and the plan.
    Hint,
    /// A whole solution.
    Solve,
    /// The optimal length from the board (a game's par), or on 5×5 and 6×6 a short plan.
    Par,
    /// The distance to the goal after each of `moves` from the board; `known` are plan
    /// lengths known for positions of the game.
    Review { moves: Vec<Move>, known: Vec<(Board, u32)> },
    /// Plans shorter than `best` (a length, and the plan itself when known).
    Improve { best: Option<u32>, plan: Vec<Move> },
}

/// A request as the thread takes it.
#[derive(Debug)]
pub(crate) struct Job {
    pub ticket: Ticket,
    pub board: Board,
    pub work: Work,
    /// The search's budget (for a review: the 5×5 and 6×6 estimates').
    pub budget: Duration,
    /// Set when the request is superseded or stopped: the search stops at its next check.
    pub cancel: Arc<AtomicBool>,
}
