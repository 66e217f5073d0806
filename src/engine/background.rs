//! What the engine does while the player thinks, and when: on 3×3 and 4×4 the par (the
//! optimal length from the start) is searched once, and a plan a hint could not prove
//! optimal in its budget (or a par search that gave up) gets a longer proof; on 5×5 and 6×6 the board on screen's
//! plan is improved while the player looks at it (its best plan from the start is the par
//! estimate), and a game left before it had an estimate asks for one search of its start.
//! Nothing runs while an interactive request or a review waits, nor before the size's
//! tables are ready (a search would use the weaker estimate and a core).

use std::time::Duration;

use crate::engine::improve::IMPROVE_BUDGET;
use crate::engine::plan::KnownPlan;
use crate::engine::request::Ticket;
use crate::engine::small_board::is_small;
use crate::game::BoundTracker;
use crate::puzzle::{Board, Move};
use crate::solver::Solver;

/// What the player is looking at, as far as the background work is concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Focus {
    /// The game's first position.
    pub start: Board,
    /// The position on screen.
    pub board: Board,
    /// The proven par, when known.
    pub par: Option<u32>,
    /// On 5×5 and 6×6, the shortest plan found from the start, when known.
    pub par_estimate: Option<u32>,
    /// Whether the game is won (nothing more to improve).
    pub won: bool,
    /// Whether the player is looking at the board (playing, or reading the help over it):
    /// only then is its plan improved.
    pub watching: bool,
}

/// A background request the policy asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Next {
    /// The par of the start, searched for `budget`.
    Par { start: Board, budget: Duration },
    /// Shorter plans from `board` than `plan` (empty: none known).
    Improve { board: Board, plan: Vec<Move> },
}

/// The background request in flight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Running {
    pub ticket: Ticket,
    pub next: Next,
}

/// The policy's memory for the game in play.
#[derive(Debug, Default)]
pub(crate) struct Background {
    /// What the player looks at; `None` when no game is on screen.
    pub focus: Option<Focus>,
    /// The best plan known from the focused board.
    pub plan: Option<KnownPlan>,
    /// The request in flight.
    pub running: Option<Running>,
    /// The par search has answered for good (found, or failed): not asked again.
    pub par_done: bool,
    /// The board whose improvement ran to its end (not asked again).
    pub improved: Option<Board>,
    /// The best lower bound proven along the game, carried from move to move.
    pub bound: BoundTracker,
}

impl Background {
    /// Forgets the game: a new one is on screen.
    pub fn reset(&mut self, focus: Option<Focus>) {
        *self = Background {
            focus,
            ..Background::default()
        };
    }

    /// Whether the par is still to be found.
    fn par_wanted(&self, f: &Focus) -> bool {
        !self.par_done && f.par.is_none() && (is_small(f.start.size()) || f.par_estimate.is_none())
    }

    /// The next request to make, if any, given that nothing else waits on the worker.
    /// `small_par` is the par search's budget on 3×3 and 4×4; without `thinking`, that par
    /// search is all there is.
    pub fn next(&self, solver: &Solver, small_par: Duration, thinking: bool) -> Option<Next> {
        let f = self.focus.as_ref()?;
        if self.running.is_some() {
            return None;
        }
        let size = f.start.size();
        let ready = solver.is_ready(size) || solver.build_failure(size).is_some();
        if self.par_wanted(f) {
            if is_small(size) {
                return Some(Next::Par {
                    start: f.start,
                    budget: small_par,
                });
            }
            // The start's own improvement gives the estimate while the player is still on it.
            if thinking && f.board != f.start && !f.won && ready {
                // As long as the first search on the start would have had.
                return Some(Next::Par {
                    start: f.start,
                    budget: IMPROVE_BUDGET,
                });
            }
        }
        if !thinking || f.won || !f.watching || !ready || self.improved == Some(f.board) {
            return None;
        }
        // Without a plan only the start is searched (for the par); elsewhere the player asks
        // for a hint first. On 3×3 and 4×4 the par search is the start's proof: it is taken
        // up only once that search gave up. With a plan not proven, that plan is improved
        // (on 3×3 and 4×4: proven, as a hint ran out of time for it).
        let start_wanted = f.board == f.start && (!is_small(size) || (self.par_done && f.par.is_none()));
        match &self.plan {
            Some(k) if k.optimal => None,
            Some(k) => Some(Next::Improve {
                board: f.board,
                plan: k.plan.clone(),
            }),
            None if start_wanted => Some(Next::Improve {
                board: f.board,
                plan: Vec::new(),
            }),
            None => None,
        }
    }

    /// Whether the request in flight no longer fits `focus` (the board moved on, or the
    /// game was won): it is to be stopped.
    pub fn stale(&self) -> bool {
        match (&self.running, &self.focus) {
            (
                Some(Running {
                    next: Next::Improve { board, .. },
                    ..
                }),
                Some(f),
            ) => *board != f.board || f.won,
            (
                Some(Running {
                    next: Next::Par { start, .. },
                    ..
                }),
                Some(f),
            ) => *start != f.start,
            (Some(_), None) => true,
            (None, _) => false,
        }
    }
}
