//! The solver thread: one request at a time, the most urgent lane first.
//!
//! Each lane (interactive, review, background) holds at most one request. A new request of a
//! lane supersedes the older one of that lane, queued or running, and that one is answered
//! [`Message::Cancelled`]; a request of a more urgent lane also stops a running background
//! request (answered the same way; the engine asks again once the player is idle). Every
//! request gets exactly one last answer. A panic inside a search is caught and answered as
//! [`EngineError::Crashed`]; the thread keeps serving.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::engine::error::EngineError;
use crate::engine::improve::{bounds_along, improve};
use crate::engine::job::{Job, Work};
use crate::engine::request::{Lane, Message, Reply, Ticket};
use crate::engine::sink::Sink;
use crate::review::{ReviewOptions, review};
use crate::solver::{SolveOptions, Solver, Stop};
use crate::threads::{THREAD_PREFIX, panic_message};

#[derive(Debug, Default)]
struct Queue {
    /// Per lane (by [`Lane::index`], the most urgent first), the request waiting.
    waiting: [Option<Job>; 3],
    /// The request running: its ticket and its cancel flag.
    running: Option<(Ticket, Arc<AtomicBool>)>,
    closed: bool,
}

#[derive(Debug, Default)]
struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A poisoned lock only means a panic elsewhere; the queue itself is always whole.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The handle to the solver thread.
pub(crate) struct Worker {
    shared: Arc<Shared>,
    sink: Sink,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread around `solver`; its answers go to `sink`.
    pub fn spawn(solver: Solver, sink: Sink) -> Worker {
        let shared = Arc::new(Shared::default());
        let thread = {
            let shared = Arc::clone(&shared);
            let sink = sink.clone();
            thread::Builder::new()
                .name(THREAD_PREFIX.into())
                .spawn(move || serve(&solver, &shared, &sink))
                .ok()
        };
        Worker { shared, sink, thread }
    }

    /// Queues `job`: the older request of its lane is superseded, and a running request of
    /// a less urgent lane stopped.
    pub fn submit(&self, job: Job) {
        if self.thread.is_none() {
            self.sink.send(Reply(Message::Failed {
                ticket: job.ticket,
                error: EngineError::Stopped,
            }));
            return;
        }
        let lane = job.ticket.lane;
        let mut q = self.shared.lock();
        if let Some(old) = q.waiting[lane.index()].take() {
            self.sink.send(Reply(Message::Cancelled { ticket: old.ticket }));
        }
        if let Some((running, flag)) = &q.running
            && (running.lane == lane || running.lane.index() > lane.index())
        {
            flag.store(true, Ordering::SeqCst);
        }
        q.waiting[lane.index()] = Some(job);
        drop(q);
        self.shared.wake.notify_one();
    }

    /// Stops the request of `lane`, waiting or running (it is answered Cancelled).
    pub fn cancel(&self, lane: Lane) {
        let mut q = self.shared.lock();
        if let Some(old) = q.waiting[lane.index()].take() {
            self.sink.send(Reply(Message::Cancelled { ticket: old.ticket }));
        }
        if let Some((running, flag)) = &q.running
            && running.lane == lane
        {
            flag.store(true, Ordering::SeqCst);
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        {
            let mut q = self.shared.lock();
            q.closed = true;
            for job in q.waiting.iter_mut().filter_map(Option::take) {
                job.cancel.store(true, Ordering::SeqCst);
            }
            if let Some((_, flag)) = &q.running {
                flag.store(true, Ordering::SeqCst);
            }
        }
        self.shared.wake.notify_one();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Takes the most urgent waiting request, or waits for one; `None` once closed.
fn next_job(shared: &Shared) -> Option<Job> {
    let mut q = shared.lock();
    loop {
        if q.closed {
            return None;
        }
        if let Some(job) = q.waiting.iter_mut().find_map(Option::take) {
            q.running = Some((job.ticket, Arc::clone(&job.cancel)));
            return Some(job);
        }
        q = shared.wake.wait(q).unwrap_or_else(PoisonError::into_inner);
    }
}

fn serve(solver: &Solver, shared: &Shared, sink: &Sink) {
    while let Some(job) = next_job(shared) {
        let ticket = job.ticket;
        let outcome = catch_unwind(AssertUnwindSafe(|| run(solver, &job, sink)));
        shared.lock().running = None;
        let last = match outcome {
            _ if job.cancel.load(Ordering::SeqCst) => Message::Cancelled { ticket },
            Ok(message) => message,
            Err(panic) => Message::Failed {
                ticket,
                error: EngineError::Crashed {
                    message: panic_message(panic.as_ref()),
                },
            },
        };
        if !sink.send(Reply(last)) {
            return;
        }
    }
}

/// Runs one request; returns its last answer (steps before it go to `sink` directly).
fn run(solver: &Solver, job: &Job, sink: &Sink) -> Message {
    let stop = Stop::never().with_flag(Arc::clone(&job.cancel));
    let (ticket, board) = (job.ticket, job.board);
    match &job.work {
        Work::Improve { best, plan } => improve(solver, job, *best, plan, &stop, sink),
        Work::Review { moves } => {
            let opts = ReviewOptions {
                stop,
                estimate_budget: job.budget,
                ..ReviewOptions::default()
            };
            let result = review(solver, &board, moves, &opts, &mut |progress| {
                sink.send(Reply(Message::ReviewProgress { ticket, progress }));
            });
            Message::Review {
                ticket,
                result: result.map_err(EngineError::from),
            }
        }
        Work::Hint => {
            let result = solver.hint(&board, &interactive(job.budget, stop));
            let bounds = match &result {
                Ok(h) if !h.optimal => bounds_along(solver, board, &h.plan, h.lower_bound),
                _ => Vec::new(),
            };
            Message::Hint {
                ticket,
                board,
                result: result.map_err(EngineError::from),
                bounds,
            }
        }
        Work::Solve | Work::Par => Message::Solution {
            ticket,
            board,
            result: solver
                .solve(&board, &interactive(job.budget, stop))
                .map_err(EngineError::from),
        },
    }
}

/// The options of a search the player may be waiting for.
fn interactive(budget: Duration, stop: Stop) -> SolveOptions {
    SolveOptions {
        max_time: Some(budget),
        stop,
        // While the player waits for a hint the other core is idle; boards solved within a
        // few milliseconds never start the second thread.
        threads: crate::solver::available_threads(),
        ..SolveOptions::default()
    }
}
