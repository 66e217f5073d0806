//! Preparing the solver's tables off the game's thread, at a low OS priority: the size in
//! play first, with its progress, then (once asked) every other size, one after another on
//! one thread.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread;

use crate::engine::error::EngineError;
use crate::engine::priority::lower_this_thread;
use crate::engine::request::{Message, Reply};
use crate::engine::sink::Sink;
use crate::puzzle::Size;
use crate::solver::Solver;
use crate::threads::{panic_message, thread_name};

/// Builds or loads the tables for `size` in the background, reporting
/// [`Message::Progress`] and then [`Message::Prepared`]. Searches keep being served meanwhile
/// (with the weaker heuristics until the tables are ready).
///
/// A build that fails (an error, or a panic in any build thread) is reported as
/// [`Message::Prepared`] with the reason; the tables are then never used half-built, the
/// searches keep the weaker heuristics, and asking again reports the same failure at once
/// rather than building again.
pub(crate) fn prepare(solver: &Solver, size: Size, sink: &Sink) {
    if solver.is_ready(size) {
        return;
    }
    let solver = solver.clone();
    let tx = sink.clone();
    let spawned = thread::Builder::new().name(thread_name("tables")).spawn(move || {
        // The searches work (with weaker estimates) meanwhile: the player's hints go first.
        lower_this_thread();
        let progress_tx = tx.clone();
        let error = prepared(&solver, size, &|progress| {
            progress_tx.send(Reply(Message::Progress { size, progress }));
        });
        tx.send(Reply(Message::Prepared { size, error }));
    });
    if let Err(e) = spawned {
        // Without this reply the game would wait for tables that never come.
        sink.send(Reply(Message::Prepared {
            size,
            error: Some(EngineError::NoThread {
                what: "tables",
                reason: e.to_string(),
            }),
        }));
    }
}

/// Prepares the tables of `sizes`, one size after another on a single background thread
/// (so that they take one core at most), each answered by a [`Message::Prepared`].
pub(crate) fn prewarm(solver: &Solver, sizes: Vec<Size>, sink: &Sink) {
    let solver = solver.clone();
    let tx = sink.clone();
    let _ = thread::Builder::new().name(thread_name("prewarm")).spawn(move || {
        lower_this_thread();
        for size in sizes {
            if solver.is_ready(size) || solver.build_failure(size).is_some() {
                continue;
            }
            let error = prepared(&solver, size, &|_| {});
            if !tx.send(Reply(Message::Prepared { size, error })) {
                return;
            }
        }
    });
}

/// Prepares `size`'s tables here; the failure, if any.
fn prepared(solver: &Solver, size: Size, progress: &dyn Fn(crate::solver::BuildProgress)) -> Option<EngineError> {
    match catch_unwind(AssertUnwindSafe(|| solver.prepare(size, progress))) {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(EngineError::Solve(e)),
        Err(panic) => Some(EngineError::Crashed {
            message: panic_message(panic.as_ref()),
        }),
    }
}
