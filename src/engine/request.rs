//! What is asked of the engine and how it is named: the lanes (each request kind with its own
//! generation), tickets, and the raw replies its threads send.

use std::time::Instant;

use crate::difficulty::{DealRequest, Generated};
use crate::engine::error::EngineError;
use crate::puzzle::{Board, Size};
use crate::review::{Progress, Review};
use crate::solver::{BuildProgress, Hint, Solution};

/// A kind of request, with its own generation: a new request of a kind supersedes the
/// older one of that kind only, which is answered [`EngineError::Cancelled`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lane {
    /// A hint or a solution the player waits for.
    Interactive,
    /// The review of a finished game.
    Review,
    /// The engine's own work while the player thinks: the par, better plans.
    Background,
    /// Dealing a new board.
    Deal,
}

impl Lane {
    /// The lane's place: the solver thread's lanes by urgency (dealing runs on threads of
    /// its own, last).
    pub(crate) const fn index(self) -> usize {
        match self {
            Lane::Interactive => 0,
            Lane::Review => 1,
            Lane::Background => 2,
            Lane::Deal => 3,
        }
    }
}

/// A request's name: its lane and its number there (the lane's generation when sent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ticket {
    /// Its kind.
    pub lane: Lane,
    /// Its number in the lane.
    pub id: u64,
}

/// What an interactive request asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// The next move (and the plan behind it).
    Hint,
    /// A whole solution, to be played for the player.
    Solve,
}

/// The interactive request in flight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending {
    /// Its name.
    pub ticket: Ticket,
    /// What it asks.
    pub ask: Ask,
    /// The board asked about.
    pub board: Board,
    /// When it was sent (for a spinner and the latency).
    pub since: Instant,
}

/// A message from one of the engine's threads, to be handed to
/// [`Engine::handle`](crate::engine::Engine::handle) on the thread that owns the engine.
/// Opaque: only the engine reads it.
#[derive(Debug)]
pub struct Reply(pub(crate) Message);

/// What the engine's threads say.
#[derive(Debug)]
pub(crate) enum Message {
    /// A hint's answer.
    Hint {
        ticket: Ticket,
        board: Board,
        result: Result<Hint, EngineError>,
        /// For a plan not proven optimal: the lower bound of each position along it.
        bounds: Vec<u32>,
    },
    /// A solution's or a par search's answer.
    Solution {
        ticket: Ticket,
        board: Board,
        result: Result<Solution, EngineError>,
    },
    /// One step of improving a board's plan.
    Improved {
        ticket: Ticket,
        board: Board,
        /// A plan shorter than every one before it, if this step found one.
        plan: Option<Solution>,
        bounds: Vec<u32>,
        /// The last step: every stage ran, or the plan is optimal.
        finished: bool,
    },
    /// How far a review has come.
    ReviewProgress { ticket: Ticket, progress: Progress },
    /// A review's answer.
    Review {
        ticket: Ticket,
        result: Result<Review, EngineError>,
    },
    /// A request that was superseded or cancelled (every request gets one answer).
    Cancelled { ticket: Ticket },
    /// A request whose search panicked, or that no thread could take.
    Failed { ticket: Ticket, error: EngineError },
    /// A size's tables are being prepared.
    Progress { size: Size, progress: BuildProgress },
    /// Preparing a size's tables finished.
    Prepared { size: Size, error: Option<EngineError> },
    /// A size's large tables, being built in the background, are `percent` done.
    LargeProgress { size: Size, percent: u32 },
    /// Building a size's large tables ended: they are in use, or `error` says why not.
    LargeBuilt { size: Size, error: Option<EngineError> },
    /// A deal's board.
    Dealt {
        ticket: Ticket,
        request: DealRequest,
        result: Result<Generated, EngineError>,
    },
}
