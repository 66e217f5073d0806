//! The solver threads: the player's requests on one, the engine's own thinking on another
//! at a low OS priority.
//!
//! Each lane (interactive, review, background) holds at most one request. A new request of a
//! lane supersedes the older one of that lane, queued or running, and that one is answered
//! [`Message::Cancelled`]; a request of a more urgent lane also stops a running background
//! request (answered the same way; the engine asks again once the player is idle). Every
//! request gets exactly one last answer. A panic inside a search is caught and answered as
//! [`EngineError::Crashed`]; the threads keep serving.
//!
//! The interactive and review lanes run on the first thread, the most urgent first; the
//! background lane on the second, which lowers its own priority
//! ([`lower_this_thread`]) and takes a request only while the first has none waiting or
//! running. A player's request therefore starts at once, beside a background search that is
//! still stopping, and never competes with one on equal terms.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::engine::error::EngineError;
use crate::engine::improve::{bounds_along, improve};
use crate::engine::job::{Job, Work};
use crate::engine::priority::lower_this_thread;
use crate::engine::request::{Lane, Message, Reply, Ticket};
use crate::engine::sink::Sink;
use crate::game::proven_hint;
use crate::review::{ReviewOptions, review};
use crate::solver::{SolveOptions, Solver, Stop};
use crate::threads::{THREAD_PREFIX, panic_message, thread_name};

/// Which of the two threads: the player's, or the background's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The interactive and review lanes, at the normal priority.
    Player,
    /// The background lane, at a low priority.
    Background,
}

impl Role {
    const fn index(self) -> usize {
        match self {
            Role::Player => 0,
            Role::Background => 1,
        }
    }

    /// Whether this thread serves `lane`.
    fn serves(self, lane: Lane) -> bool {
        (lane == Lane::Background) == (self == Role::Background)
    }
}

#[derive(Debug, Default)]
struct Queue {
    /// Per lane (by [`Lane::index`], the most urgent first), the request waiting.
    waiting: [Option<Job>; 3],
    /// Per thread (by [`Role::index`]), the request running: its ticket and its cancel flag.
    running: [Option<(Ticket, Arc<AtomicBool>)>; 2],
    closed: bool,
}

impl Queue {
    /// Whether the player's thread has work, waiting or running.
    fn player_busy(&self) -> bool {
        self.waiting[..Lane::Background.index()].iter().any(Option::is_some)
            || self.running[Role::Player.index()].is_some()
    }
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

/// The handle to the solver threads.
pub(crate) struct Worker {
    shared: Arc<Shared>,
    sink: Sink,
    threads: Vec<JoinHandle<()>>,
}

impl Worker {
    /// Starts the threads around `solver`; their answers go to `sink`.
    pub fn spawn(solver: &Solver, sink: Sink) -> Worker {
        let shared = Arc::new(Shared::default());
        let mut threads = Vec::new();
        for (role, name) in [
            (Role::Player, THREAD_PREFIX.to_string()),
            (Role::Background, thread_name("background")),
        ] {
            let (solver, shared, sink) = (solver.clone(), Arc::clone(&shared), sink.clone());
            let spawned = thread::Builder::new().name(name).spawn(move || {
                if role == Role::Background {
                    lower_this_thread();
                }
                serve(&solver, &shared, &sink, role);
            });
            match spawned {
                Ok(t) => threads.push(t),
                Err(_) => break,
            }
        }
        Worker { shared, sink, threads }
    }

    /// Queues `job`: the older request of its lane is superseded, and a running request of
    /// a less urgent lane stopped.
    pub(crate) fn submit(&self, job: Job) {
        if self.threads.len() < 2 {
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
        for (running, flag) in q.running.iter().flatten() {
            if running.lane == lane || running.lane.index() > lane.index() {
                flag.store(true, Ordering::SeqCst);
            }
        }
        q.waiting[lane.index()] = Some(job);
        drop(q);
        self.shared.wake.notify_all();
    }

    /// Says, each time it is called, whether either thread has a request waiting or
    /// running (a build in the background waits meanwhile).
    pub(crate) fn busy_probe(&self) -> impl Fn() -> bool + Send + Sync + 'static {
        let shared = Arc::clone(&self.shared);
        move || {
            let q = shared.lock();
            q.waiting.iter().any(Option::is_some) || q.running.iter().any(Option::is_some)
        }
    }

    /// Stops the request of `lane`, waiting or running (it is answered Cancelled).
    pub fn cancel(&self, lane: Lane) {
        let mut q = self.shared.lock();
        if let Some(old) = q.waiting[lane.index()].take() {
            self.sink.send(Reply(Message::Cancelled { ticket: old.ticket }));
        }
        for (running, flag) in q.running.iter().flatten() {
            if running.lane == lane {
                flag.store(true, Ordering::SeqCst);
            }
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
            for (_, flag) in q.running.iter().flatten() {
                flag.store(true, Ordering::SeqCst);
            }
        }
        self.shared.wake.notify_all();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Takes the most urgent request `role` serves, or waits for one; `None` once closed. The
/// background thread waits while the player's thread has work.
fn next_job(shared: &Shared, role: Role) -> Option<Job> {
    let mut q = shared.lock();
    loop {
        if q.closed {
            return None;
        }
        let free = role == Role::Player || !q.player_busy();
        let found = q
            .waiting
            .iter_mut()
            .filter(|slot| free && slot.as_ref().is_some_and(|j| role.serves(j.ticket.lane)))
            .find_map(Option::take);
        if let Some(job) = found {
            q.running[role.index()] = Some((job.ticket, Arc::clone(&job.cancel)));
            return Some(job);
        }
        q = shared.wake.wait(q).unwrap_or_else(PoisonError::into_inner);
    }
}

fn serve(solver: &Solver, shared: &Shared, sink: &Sink, role: Role) {
    while let Some(job) = next_job(shared, role) {
        let ticket = job.ticket;
        let outcome = catch_unwind(AssertUnwindSafe(|| run(solver, &job, sink)));
        shared.lock().running[role.index()] = None;
        // The background thread may be waiting for the player's to be free.
        shared.wake.notify_all();
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
        Work::Review { moves, known } => {
            let opts = ReviewOptions {
                stop,
                estimate_budget: job.budget,
                known_plans: known.clone(),
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
            // Settled as `slide hint` settles it (the same bound, the same `optimal`), with
            // as long again to prove the plan optimal on 5×5 and 6×6.
            let result = proven_hint(solver, &board, &interactive(job.budget, stop), job.budget);
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
