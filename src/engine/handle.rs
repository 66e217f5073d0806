//! The engine's handle, owned by the thread that runs the game: it sends requests, keeps
//! each lane's generation, decides the background work, and turns the threads' replies into
//! [`Answer`]s, dropping those of superseded requests.

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use crate::difficulty::{DealRequest, Generated};
use crate::engine::background::{Background, Focus, Next, Running};
use crate::engine::dealer::{Dealer, Dealing};
use crate::engine::improve::IMPROVE_BUDGET;
use crate::engine::job::{Job, Work};
use crate::engine::large_tables::{self, LargeBuild};
use crate::engine::options::Options;
use crate::engine::plan::{KnownPlan, tiles_between};
use crate::engine::request::{Ask, Lane, Pending, Reply, Ticket};
use crate::engine::sink::Sink;
use crate::engine::tables::{Preparing, prepare, prewarm};
use crate::engine::worker::Worker;
use crate::puzzle::{Board, Move, Size};
use crate::solver::Solver;

/// The engine: the solver thread, the dealer, the tables, and the policies of the work done
/// in the background.
pub struct Engine {
    pub(super) solver: Solver,
    pub(super) sink: Sink,
    pub(super) worker: Worker,
    pub(super) dealer: Dealer,
    pub(super) options: Options,
    /// The last id given in each lane ([`Lane::index`]).
    pub(super) ids: [u64; 4],
    pub(super) pending: Option<Pending>,
    pub(super) review: Option<Ticket>,
    pub(super) background: Background,
    pub(super) prewarmed: bool,
    /// The large tables being built in the background, if any.
    pub(super) large: Option<LargeBuild>,
    /// Sizes whose large tables failed to build this run: not tried again until the next
    /// start (a failure would otherwise repeat, and be said, at every game).
    pub(super) large_failed: Vec<Size>,
    /// The tables' preparation, stopped when the engine goes.
    pub(super) preparing: Preparing,
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
            large: None,
            large_failed: Vec::new(),
            preparing: Preparing::default(),
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
        (start.size().square_side() == Some(3)).then(|| self.solver.exact3().distance(start))
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
        if let Some(size) = size.filter(|_| self.options.prepare) {
            // A shape's slow tables (2×8's) count as ready, never holding a hint up; they are
            // loaded or built here, in the background, so that the game's hints use them.
            if self.solver.is_ready(size) && !self.solver.shape_tables_are_slow(size) {
                self.prewarm_after(size);
            } else {
                prepare(&self.solver, size, &self.sink, &self.preparing);
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
        // The bound carried along the game follows the tiles slid (a restart or a new game
        // is a jump: nothing carried).
        let slid = match (&self.background.focus, &focus) {
            (Some(old), Some(new)) if old.start == new.start => tiles_between(&old.board, &new.board),
            _ => None,
        };
        match slid {
            Some(n) => self.background.bound.moved(n),
            None => self.background.bound.jumped(),
        }
        // A won game has nothing left to plan.
        let board = focus.as_ref().filter(|f| !f.won).map(|f| f.board);
        self.background.plan = match (self.background.plan.take(), board) {
            (Some(plan), Some(board)) => plan.toward(&board),
            _ => None,
        };
        self.background.focus = focus;
        self.settle_plan();
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
    pub(super) fn schedule(&mut self) {
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
    /// estimates get `budget`; `known` are plan lengths already known for positions of the
    /// game, such as the par from the start, which no estimate may exceed); a review still
    /// computing is cancelled.
    pub fn review(&mut self, start: Board, moves: Vec<Move>, known: Vec<(Board, u32)>, budget: Duration) -> Ticket {
        let ticket = self.submit(Lane::Review, start, Work::Review { moves, known }, budget);
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
    #[cfg(test)]
    pub(crate) fn awaited_deal(&self) -> Option<DealRequest> {
        self.dealer.awaited()
    }

    /// The deal made ahead, if any, and its board once dealt.
    pub fn dealt_ahead(&self) -> Option<(DealRequest, Option<&Generated>)> {
        self.dealer.ahead_of_time()
    }

    /// Builds `size`'s large tables in the background (see
    /// [`Solver::large_partition`]), unless they are in use already or a build runs: at a
    /// low priority, waiting while any search runs or the size's tables are being prepared,
    /// and stopped when the engine goes (the next build resumes it). A size whose build
    /// failed is not tried again while the engine runs. Progress comes as
    /// [`Answer::LargeTables`](crate::engine::Answer::LargeTables), the end as
    /// [`Answer::LargeTablesBuilt`](crate::engine::Answer::LargeTablesBuilt), after which
    /// every search uses them. Returns whether a build runs.
    pub fn build_large_tables(&mut self, size: Size) -> bool {
        if self.large.is_some() {
            return true;
        }
        // Without the size's own tables prepared (end-to-end tests turn that off) the build
        // would wait for ever.
        if !self.options.prepare
            || self.large_failed.contains(&size)
            || self.solver.has_large(size)
            || self.solver.large_partition(size).is_none()
            || self.large_file_awaits_preparing(size)
        {
            return false;
        }
        self.large = large_tables::start(&self.solver, size, self.worker.busy_probe(), &self.sink);
        self.large.is_some()
    }

    /// Whether `size`'s large tables are in the cache already (a build of an earlier run)
    /// while its tables are still being prepared: preparing loads that file, so a build now
    /// would load a second copy beside it (twice the memory) and then say it had built them.
    fn large_file_awaits_preparing(&self, size: Size) -> bool {
        !self.solver.is_ready(size)
            && self
                .solver
                .large_partition(size)
                .and_then(|p| self.solver.cache().file_for(p))
                .is_some_and(|file| file.exists())
    }

    /// The size whose large tables are being built in the background, if any.
    pub fn large_tables_building(&self) -> Option<Size> {
        self.large.as_ref().map(|b| b.size)
    }

    /// Stops the background build of the large tables, if one runs (the player turned it
    /// off): the groups finished so far stay saved, and a later build goes on from them.
    /// The size whose build stopped; no answer follows for it.
    pub fn stop_large_tables(&mut self) -> Option<Size> {
        self.large.take().map(|b| b.size)
    }

    /// Prepares the other sizes' tables once `size` (in play) has its own, if asked to.
    pub(super) fn prewarm_after(&mut self, size: Size) {
        if self.options.prewarm && self.options.prepare && self.options.thinking && !self.prewarmed {
            self.prewarmed = true;
            // The current size first; then the others, one at a time.
            let others = [4, 5, 6, 3]
                .into_iter()
                .filter_map(|n| Size::classic(n).ok())
                .filter(|s| *s != size)
                .collect();
            prewarm(&self.solver, others, &self.sink, &self.preparing);
        }
    }
}
