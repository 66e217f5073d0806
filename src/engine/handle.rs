//! The engine's handle, owned by the thread that runs the game: it sends requests, keeps
//! each lane's generation, decides the background work, and turns the threads' replies into
//! [`Answer`]s, dropping those of superseded requests.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use crate::difficulty::{DealRequest, Generated};
use crate::engine::background::{Background, Focus, Next, Running};
use crate::engine::dealer::{Dealer, Dealing};
use crate::engine::error::EngineError;
use crate::engine::improve::IMPROVE_BUDGET;
use crate::engine::job::{Job, Work};
use crate::engine::options::Options;
use crate::engine::plan::KnownPlan;
use crate::engine::request::{Ask, Lane, Message, Pending, Reply, Ticket};
use crate::engine::sink::Sink;
use crate::engine::tables::{prepare, prewarm};
use crate::engine::worker::Worker;
use crate::puzzle::{Board, Move, Size};
use crate::review::{Progress, Review};
use crate::solver::{BuildProgress, Hint, Solution, Solver};

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

/// The engine: the solver thread, the dealer, the tables, and the policies of the work done
/// in the background.
pub struct Engine {
    solver: Solver,
    sink: Sink,
    worker: Worker,
    dealer: Dealer,
    options: Options,
    /// The last id given in each lane ([`Lane::index`]).
    ids: [u64; 4],
    pending: Option<Pending>,
    review: Option<Ticket>,
    background: Background,
    prewarmed: bool,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("pending", &self.pending)
            .field("review", &self.review)
            .field("focus", &self.background.focus)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine around `solver` whose replies go to `send` (which says whether anyone
    /// still listens); each must be handed back to [`Engine::handle`].
    pub fn new(solver: Solver, options: Options, send: impl Fn(Reply) -> bool + Send + Sync + 'static) -> Engine {
        Engine::with_sink(solver, options, Sink::new(send))
    }

    /// An engine whose replies come on the returned channel.
    pub fn with_channel(solver: Solver, options: Options) -> (Engine, Receiver<Reply>) {
        let (tx, rx) = mpsc::channel();
        (Engine::with_sink(solver, options, Sink::channel(tx)), rx)
    }

    fn with_sink(solver: Solver, options: Options, sink: Sink) -> Engine {
        Engine {
            worker: Worker::spawn(&solver, sink.clone()),
            solver,
            sink,
            dealer: Dealer::default(),
            options,
            ids: [0; 4],
            pending: None,
            review: None,
            background: Background::default(),
            prewarmed: false,
        }
    }

    /// The solver the engine uses.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// Whether `size`'s tables are ready.
    pub fn tables_ready(&self, size: Size) -> bool {
        self.solver.is_ready(size)
    }

    /// The par of `start` when it is known at once: on 3×3, from the exact table.
    pub fn instant_par(&self, start: &Board) -> Option<u32> {
        (start.size().side() == 3).then(|| self.solver.exact3().distance(start))
    }

    fn ticket(&mut self, lane: Lane) -> Ticket {
        let i = lane.index();
        self.ids[i] += 1;
        Ticket { lane, id: self.ids[i] }
    }

    fn submit(&mut self, lane: Lane, board: Board, work: Work, budget: Duration) -> Ticket {
        let ticket = self.ticket(lane);
        self.worker.submit(Job {
            ticket,
            board,
            work,
            budget,
            cancel: std::sync::Arc::default(),
        });
        ticket
    }

    // The game in play.

    /// A new game is on screen (`None`: none yet): everything asked about the last one is
    /// cancelled, its plan forgotten, and the size's tables prepared.
    pub fn start_game(&mut self, focus: Option<Focus>) {
        self.cancel_interactive();
        self.worker.cancel(Lane::Background);
        let size = focus.as_ref().map(|f| f.start.size());
        self.background.reset(focus);
        if let Some(size) = size {
            if self.solver.is_ready(size) {
                self.prewarm_after(size);
            } else {
                prepare(&self.solver, size, &self.sink);
            }
        }
        self.schedule();
    }

    /// The game on screen moved on (a move, an undo, the clock, another screen over it): the
    /// plan follows the board when a move followed it, and background work that no longer
    /// fits stops.
    pub fn focus(&mut self, focus: Option<Focus>) {
        if self.background.focus == focus {
            return;
        }
        // A won game has nothing left to plan.
        let board = focus.as_ref().filter(|f| !f.won).map(|f| f.board);
        self.background.plan = match (self.background.plan.take(), board) {
            (Some(plan), Some(board)) => plan.toward(&board),
            _ => None,
        };
        self.background.focus = focus;
        if self.background.stale() {
            self.worker.cancel(Lane::Background);
            self.background.running = None;
        }
        self.schedule();
    }

    /// Takes a plan the game learned elsewhere as the best known from its board, when that
    /// board is in focus (the game's screens are drawn with chosen plans in its tests).
    pub fn adopt_plan(&mut self, plan: KnownPlan) {
        self.learn(plan);
    }

    /// Forgets the plan known (the game was restarted: a new attempt asks afresh).
    pub fn forget_plan(&mut self) {
        self.background.plan = None;
    }

    /// From now on, once the size in play has its tables, every other size's are prepared in
    /// the background (at once if they are ready already).
    pub fn enable_prewarm(&mut self) {
        self.options.prewarm = true;
        if let Some(size) = self.background.focus.as_ref().map(|f| f.start.size())
            && self.solver.is_ready(size)
        {
            self.prewarm_after(size);
        }
    }

    /// Turns the engine's own thinking on or off ([`Options::thinking`]); off stops what it
    /// is thinking about now (a 3×3 or 4×4 par search is asked again).
    pub fn set_thinking(&mut self, on: bool) {
        self.options.thinking = on;
        if !on && self.background.running.take().is_some() {
            self.worker.cancel(Lane::Background);
        }
        if let Some(size) = self.background.focus.as_ref().map(|f| f.start.size())
            && self.solver.is_ready(size)
        {
            self.prewarm_after(size);
        }
        self.schedule();
    }

    /// The best plan known from the board in focus.
    pub fn plan(&self) -> Option<&KnownPlan> {
        let board = self.background.focus.as_ref()?.board;
        self.background.plan.as_ref().filter(|k| k.board == board)
    }

    /// The background request in flight, if any.
    pub fn background_ticket(&self) -> Option<Ticket> {
        self.background.running.as_ref().map(|r| r.ticket)
    }

    /// Starts the background request the policy wants, when the worker is free of the
    /// player's requests.
    fn schedule(&mut self) {
        if self.pending.is_some() || self.review.is_some() {
            return;
        }
        let Some(next) = self
            .background
            .next(&self.solver, self.options.par_budget, self.options.thinking)
        else {
            return;
        };
        let ticket = match &next {
            Next::Par { start, budget } => self.submit(Lane::Background, *start, Work::Par, *budget),
            Next::Improve { board, plan } => {
                let best = (!plan.is_empty()).then_some(plan.len() as u32);
                let work = Work::Improve {
                    best,
                    plan: plan.clone(),
                };
                self.submit(Lane::Background, *board, work, IMPROVE_BUDGET)
            }
        };
        self.background.running = Some(Running { ticket, next });
    }

    // The player's requests.

    /// Asks for a hint for `board`; a hint or solution still computing is cancelled.
    pub fn hint(&mut self, board: Board, budget: Duration) -> Ticket {
        self.ask(Ask::Hint, board, budget)
    }

    /// Asks for a whole solution from `board`; a hint or solution still computing is
    /// cancelled.
    pub fn solve(&mut self, board: Board, budget: Duration) -> Ticket {
        self.ask(Ask::Solve, board, budget)
    }

    fn ask(&mut self, ask: Ask, board: Board, budget: Duration) -> Ticket {
        let work = match ask {
            Ask::Hint => Work::Hint,
            Ask::Solve => Work::Solve,
        };
        let ticket = self.submit(Lane::Interactive, board, work, budget);
        self.pending = Some(Pending {
            ticket,
            ask,
            board,
            since: Instant::now(),
        });
        ticket
    }

    /// The hint or solution being computed.
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// Cancels the hint or solution being computed.
    pub fn cancel_interactive(&mut self) {
        if self.pending.take().is_some() {
            self.worker.cancel(Lane::Interactive);
        }
        self.schedule();
    }

    /// Asks for the review of the game that played `moves` from `start` (the 5×5 and 6×6
    /// estimates get `budget`); a review still computing is cancelled.
    pub fn review(&mut self, start: Board, moves: Vec<Move>, budget: Duration) -> Ticket {
        let ticket = self.submit(Lane::Review, start, Work::Review { moves }, budget);
        self.review = Some(ticket);
        ticket
    }

    /// Cancels the review being computed.
    pub fn cancel_review(&mut self) {
        if self.review.take().is_some() {
            self.worker.cancel(Lane::Review);
        }
        self.schedule();
    }

    /// Whether a review is being computed.
    pub fn reviewing(&self) -> bool {
        self.review.is_some()
    }

    // Deals.

    /// Deals `request` for the player: at once when it was dealt ahead, else in the
    /// background ([`Answer::Dealt`]).
    pub fn deal(&mut self, request: DealRequest) -> Dealing {
        self.dealer.deal(&self.solver, request, &self.sink)
    }

    /// Deals `request` ahead (once the size's tables are ready), in place of any other kind
    /// dealt ahead, so that a new game of its kind needs no wait.
    pub fn deal_ahead(&mut self, request: DealRequest) {
        self.dealer.ahead(&self.solver, request, &self.sink);
    }

    /// The player no longer waits for the deal they asked for: it stops.
    pub fn cancel_deal(&mut self) {
        self.dealer.cancel(&self.sink);
    }

    /// The deal the player waits for, if any.
    pub fn awaited_deal(&self) -> Option<DealRequest> {
        self.dealer.awaited()
    }

    /// The deal made ahead, if any, and its board once dealt.
    pub fn dealt_ahead(&self) -> Option<(DealRequest, Option<&Generated>)> {
        self.dealer.ahead_of_time()
    }

    /// Prepares the other sizes' tables once `size` (in play) has its own, if asked to.
    fn prewarm_after(&mut self, size: Size) {
        if self.options.prewarm && self.options.thinking && !self.prewarmed {
            self.prewarmed = true;
            // The current size first; then the others, one at a time.
            let others = [4, 5, 6, 3]
                .into_iter()
                .filter_map(|n| Size::new(n).ok())
                .filter(|s| *s != size)
                .collect();
            prewarm(&self.solver, others, &self.sink);
        }
    }

    // Replies.

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
            } => {
                if !self.take_pending(ticket) {
                    return Vec::new();
                }
                if let Ok(h) = &result {
                    let with_tables = self.solver.is_ready(board.size());
                    self.learn(KnownPlan::from_hint(board, h, bounds, with_tables));
                }
                vec![Answer::Hint { board, result }]
            }
            Message::Solution { ticket, board, result } if ticket.lane == Lane::Interactive => {
                if !self.take_pending(ticket) {
                    return Vec::new();
                }
                if let Ok(s) = &result {
                    self.learn(KnownPlan::from_solution(board, s, Vec::new(), true));
                }
                vec![Answer::Solution { board, result }]
            }
            Message::Solution { ticket, board, result } => {
                if !self.take_running(ticket) {
                    return Vec::new();
                }
                self.background.par_done = true;
                match result {
                    Ok(s) if s.optimal || board.size().side() >= 5 => self.par(board, s.len() as u32, s.optimal),
                    Err(e @ EngineError::Crashed { .. }) => vec![Answer::BackgroundFailed(e)],
                    // Cancelled answers come as Cancelled; anything else: no par this game.
                    _ => Vec::new(),
                }
            }
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
                // A request stopped by a more urgent one: asked again when the worker is free.
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
                Vec::new()
            }
            Message::Failed { ticket, error } => self.failed(ticket, error),
            Message::Progress { size, progress } => vec![Answer::Tables { size, progress }],
            Message::Prepared { size, error } => {
                self.dealer.tables_ready(&self.solver, &self.sink);
                if self.background.focus.as_ref().is_some_and(|f| f.start.size() == size) {
                    self.prewarm_after(size);
                }
                vec![Answer::Prepared { size, error }]
            }
            Message::Dealt {
                ticket,
                request,
                result,
            } => {
                let answer = self.dealer.dealt(ticket, result);
                // A deal wished for ahead waited for this one.
                self.dealer.tables_ready(&self.solver, &self.sink);
                match answer {
                    Some(result) => vec![Answer::Dealt { request, result }],
                    None => Vec::new(),
                }
            }
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
    fn learn(&mut self, plan: KnownPlan) {
        if self.background.focus.as_ref().is_some_and(|f| f.board == plan.board) {
            self.background.plan = Some(plan);
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
            answers.push(Answer::PlanImproved);
        }
        answers
    }
}
