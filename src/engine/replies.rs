//! What the engine tells the game: its threads' replies turned into [`Answer`]s, the
//! superseded ones dropped, and what the background policy learns from them.

use crate::difficulty::{DealRequest, Generated};
use crate::engine::background::Next;
use crate::engine::error::EngineError;
use crate::engine::handle::Engine;
use crate::engine::plan::KnownPlan;
use crate::engine::request::{Ask, Lane, Message, Reply, Ticket};
use crate::engine::small_board::is_small;
use crate::puzzle::{Board, Size};
use crate::review::{Progress, Review};
use crate::solver::{BuildProgress, Hint, Solution};

/// What the engine tells the game, from [`Engine::handle`].
#[derive(Debug, Clone)]
pub enum Answer {
    /// The hint asked for (its plan is now [`Engine::plan`] when `board` is the focus).
    Hint {
        /// The board asked about.
        board: Board,
        /// The hint, or why there is none.
        result: Result<Hint, EngineError>,
    },
    /// The solution asked for (its plan is now [`Engine::plan`] when `board` is the focus).
    Solution {
        /// The board asked about.
        board: Board,
        /// The solution, or why there is none.
        result: Result<Solution, EngineError>,
    },
    /// The background found the par of a start: proven optimal, or (5×5, 6×6) the shortest
    /// plan found, an estimate.
    Par {
        /// The start.
        start: Board,
        /// The length.
        length: u32,
        /// Whether it is proven optimal.
        optimal: bool,
    },
    /// A better plan from the board in focus is now [`Engine::plan`].
    PlanImproved,
    /// How far the review has come.
    ReviewProgress(Progress),
    /// The review asked for.
    Review(Result<Review, EngineError>),
    /// A size's tables are being prepared.
    Tables {
        /// The size.
        size: Size,
        /// How far along.
        progress: BuildProgress,
    },
    /// A size's tables are ready, or could not be built (the searches then use a simpler
    /// estimate).
    Prepared {
        /// The size.
        size: Size,
        /// Why the build failed, if it did.
        error: Option<EngineError>,
    },
    /// A size's large tables, built in the background, are `percent` done.
    LargeTables {
        /// The size.
        size: Size,
        /// Share done, 0 to 100.
        percent: u32,
    },
    /// Building a size's large tables ended: from now on the searches use them, or `error`
    /// says why they could not be built.
    LargeTablesBuilt {
        /// The size.
        size: Size,
        /// Why the build failed, if it did.
        error: Option<EngineError>,
    },
    /// The deal the player waits for.
    Dealt {
        /// What was asked.
        request: DealRequest,
        /// The board, or why there is none.
        result: Result<Generated, EngineError>,
    },
    /// A background search failed; the game goes on without it.
    BackgroundFailed(EngineError),
}

impl Engine {
    /// Takes one reply of the engine's threads: what the game should know of it (nothing
    /// for a superseded request), and the background work that can start now.
    pub fn handle(&mut self, reply: Reply) -> Vec<Answer> {
        let answers = self.answer(reply.0);
        self.schedule();
        answers
    }

    fn answer(&mut self, message: Message) -> Vec<Answer> {
        match message {
            Message::Hint {
                ticket,
                board,
                result,
                bounds,
            } => self.hinted(ticket, board, result, bounds),
            Message::Solution { ticket, board, result } if ticket.lane == Lane::Interactive => {
                self.solved(ticket, board, result)
            }
            Message::Solution { ticket, board, result } => self.par_searched(ticket, board, result),
            Message::Improved {
                ticket,
                board,
                plan,
                bounds,
                finished,
            } => {
                let current = self.background.running.as_ref().is_some_and(|r| r.ticket == ticket);
                if !current {
                    return Vec::new();
                }
                if finished {
                    self.background.running = None;
                    self.background.improved = Some(board);
                }
                self.improved(board, plan, bounds)
            }
            Message::ReviewProgress { ticket, progress } => {
                if self.review == Some(ticket) {
                    vec![Answer::ReviewProgress(progress)]
                } else {
                    Vec::new()
                }
            }
            Message::Review { ticket, result } => {
                if self.review != Some(ticket) {
                    return Vec::new();
                }
                self.review = None;
                vec![Answer::Review(result)]
            }
            Message::Cancelled { ticket } => {
                self.cancelled(ticket);
                Vec::new()
            }
            Message::Failed { ticket, error } => self.failed(ticket, error),
            Message::Progress { size, progress } => vec![Answer::Tables { size, progress }],
            Message::Prepared { size, error } => self.prepared(size, error),
            // A build stopped by the player may still say how far it got: not worth a word.
            Message::LargeProgress { size, percent } if self.large_tables_building() == Some(size) => {
                vec![Answer::LargeTables { size, percent }]
            }
            Message::LargeProgress { .. } => Vec::new(),
            Message::LargeBuilt { size, error } => self.large_built(size, error),
            Message::Dealt {
                ticket,
                request,
                result,
            } => self.dealt(ticket, request, result),
        }
    }

    /// The hint asked for, unless superseded; its plan is learnt.
    fn hinted(
        &mut self,
        ticket: Ticket,
        board: Board,
        result: Result<Hint, EngineError>,
        bounds: Vec<u32>,
    ) -> Vec<Answer> {
        if !self.take_pending(ticket) {
            return Vec::new();
        }
        if let Ok(h) = &result {
            let with_tables = self.solver.is_ready(board.size());
            self.learn(KnownPlan::from_hint(board, h, bounds, with_tables));
        }
        vec![Answer::Hint { board, result }]
    }

    /// The solution the player asked for, unless superseded; its plan is learnt.
    fn solved(&mut self, ticket: Ticket, board: Board, result: Result<Solution, EngineError>) -> Vec<Answer> {
        if !self.take_pending(ticket) {
            return Vec::new();
        }
        if let Ok(s) = &result {
            self.learn(KnownPlan::from_solution(board, s, Vec::new(), true));
        }
        vec![Answer::Solution { board, result }]
    }

    /// The background's search for the par of a start, done: the par, if it found one.
    fn par_searched(&mut self, ticket: Ticket, board: Board, result: Result<Solution, EngineError>) -> Vec<Answer> {
        if !self.take_running(ticket) {
            return Vec::new();
        }
        self.background.par_done = true;
        match result {
            Ok(s) if s.optimal || !is_small(board.size()) => self.par(board, s.len() as u32, s.optimal),
            Err(e @ EngineError::Crashed { .. }) => vec![Answer::BackgroundFailed(e)],
            // Cancelled answers come as Cancelled; anything else: no par this game.
            _ => Vec::new(),
        }
    }

    /// A request stopped by a more urgent one: asked again when the worker is free.
    fn cancelled(&mut self, ticket: Ticket) {
        match ticket.lane {
            Lane::Interactive => {
                self.take_pending(ticket);
            }
            Lane::Review if self.review == Some(ticket) => self.review = None,
            Lane::Background => {
                self.take_running(ticket);
            }
            Lane::Review | Lane::Deal => {}
        }
    }

    /// A size's tables are ready (or could not be built): a deal wished for that size can
    /// be dealt, and once the size in play has its own, the other sizes' are prepared.
    fn prepared(&mut self, size: Size, error: Option<EngineError>) -> Vec<Answer> {
        self.dealer.tables_ready(&self.solver, &self.sink);
        if self.background.focus.as_ref().is_some_and(|f| f.start.size() == size) {
            self.prewarm_after(size);
        }
        vec![Answer::Prepared { size, error }]
    }

    /// Building a size's large tables ended; one that failed is not tried again this run.
    fn large_built(&mut self, size: Size, error: Option<EngineError>) -> Vec<Answer> {
        if self.large.as_ref().is_some_and(|b| b.size == size) {
            self.large = None;
        }
        if error.is_some() {
            self.large_failed.push(size);
        }
        vec![Answer::LargeTablesBuilt { size, error }]
    }

    /// A deal, passed on if it is the one the player waits for.
    fn dealt(&mut self, ticket: Ticket, request: DealRequest, result: Result<Generated, EngineError>) -> Vec<Answer> {
        let answer = self.dealer.dealt(ticket, result);
        // A deal wished for ahead waited for this one.
        self.dealer.tables_ready(&self.solver, &self.sink);
        match answer {
            Some(result) => vec![Answer::Dealt { request, result }],
            None => Vec::new(),
        }
    }

    fn failed(&mut self, ticket: Ticket, error: EngineError) -> Vec<Answer> {
        match ticket.lane {
            Lane::Interactive => match self.pending.filter(|p| p.ticket == ticket) {
                Some(p) => {
                    self.pending = None;
                    let board = p.board;
                    vec![match p.ask {
                        Ask::Hint => Answer::Hint {
                            board,
                            result: Err(error),
                        },
                        Ask::Solve => Answer::Solution {
                            board,
                            result: Err(error),
                        },
                    }]
                }
                None => Vec::new(),
            },
            Lane::Review if self.review == Some(ticket) => {
                self.review = None;
                vec![Answer::Review(Err(error))]
            }
            Lane::Background => {
                let Some(running) = self.background.running.take_if(|r| r.ticket == ticket) else {
                    return Vec::new();
                };
                // Not asked again this game: it would fail again.
                match running.next {
                    Next::Par { .. } => self.background.par_done = true,
                    Next::Improve { board, .. } => self.background.improved = Some(board),
                }
                vec![Answer::BackgroundFailed(error)]
            }
            Lane::Review | Lane::Deal => Vec::new(),
        }
    }

    fn take_pending(&mut self, ticket: Ticket) -> bool {
        self.pending.take_if(|p| p.ticket == ticket).is_some()
    }

    fn take_running(&mut self, ticket: Ticket) -> bool {
        self.background.running.take_if(|r| r.ticket == ticket).is_some()
    }

    /// Keeps `plan` when it starts from the board in focus.
    pub(super) fn learn(&mut self, plan: KnownPlan) {
        if self.background.focus.as_ref().is_some_and(|f| f.board == plan.board) {
            self.background.plan = Some(plan);
            self.settle_plan();
        }
    }

    /// Settles the plan on screen with the bound carried along the game (see
    /// [`crate::game::BoundTracker`]): its bound is the best proven, less the tiles slid
    /// since, so it falls by at most one a move, and the plan is optimal exactly when it is
    /// as short as that bound.
    pub(super) fn settle_plan(&mut self) {
        let focus = self.background.focus.as_ref().map(|f| f.board);
        let bg = &mut self.background;
        if let Some(k) = bg.plan.as_mut().filter(|k| Some(k.board) == focus) {
            let remaining = k.remaining();
            k.lower_bound = k.lower_bound.max(bg.bound.bound().unwrap_or(0)).min(remaining);
            k.optimal |= k.lower_bound == remaining;
            if k.optimal {
                k.lower_bound = remaining;
            }
            bg.bound.learn(k.lower_bound);
        }
    }

    /// The par found for `start`, remembered so that it is not searched again.
    fn par(&mut self, start: Board, length: u32, optimal: bool) -> Vec<Answer> {
        if let Some(f) = self.background.focus.as_mut().filter(|f| f.start == start) {
            if optimal {
                f.par = Some(length);
            } else {
                f.par_estimate = Some(length);
            }
        }
        vec![Answer::Par { start, length, optimal }]
    }

    /// A step of an improvement: a shorter plan replaces the known one, and from the start
    /// it is the par estimate (or, proven, the par).
    fn improved(&mut self, board: Board, plan: Option<Solution>, bounds: Vec<u32>) -> Vec<Answer> {
        let Some(s) = plan else { return Vec::new() };
        let len = s.len() as u32;
        let mut answers = Vec::new();
        let Some(f) = &self.background.focus else {
            return answers;
        };
        let (start, on_screen) = (f.start, f.board);
        if board == start {
            answers = self.par(board, len, s.optimal);
        }
        let better = self
            .background
            .plan
            .as_ref()
            .is_none_or(|k| k.is_beaten_by(len, s.optimal));
        if board == on_screen && better {
            let with_tables = self.solver.is_ready(board.size());
            self.background.plan = Some(KnownPlan::from_solution(board, &s, bounds, with_tables));
            self.settle_plan();
            answers.push(Answer::PlanImproved);
        }
        answers
    }
}
