//! Preparing the solver's tables off the game's thread, at a low OS priority: the size in
//! play first, with its progress, then (once asked) every other size, one after another on
//! one thread. The engine stops it when it goes ([`Preparing`]).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread;

use crate::engine::error::EngineError;
use crate::engine::priority::lower_this_thread;
use crate::engine::request::{Message, Reply};
use crate::engine::sink::Sink;
use crate::puzzle::Size;
use crate::solver::{BuildControl, Solver};
use crate::threads::{panic_message, thread_name};

/// The engine's hold on the preparation threads: dropped with the engine, it stops them.
/// No size is started after that, nothing more is reported, and the sizes left of a
/// prewarm are given up (a later engine prepares them again). A build under way finishes
/// first: the solver's `prepare` has no stop of its own.
#[derive(Debug, Default)]
pub(crate) struct Preparing(BuildControl);

impl Preparing {
    /// What the threads look at.
    fn control(&self) -> BuildControl {
        self.0.clone()
    }
}

impl Drop for Preparing {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Builds or loads the tables for `size` in the background, reporting
/// [`Message::Progress`] and then [`Message::Prepared`]. Searches keep being served meanwhile
/// (with the weaker heuristics until the tables are ready).
///
/// A build that fails (an error, or a panic in any build thread) is reported as
/// [`Message::Prepared`] with the reason; the tables are then never used half-built, the
/// searches keep the weaker heuristics, and asking again reports the same failure at once
/// rather than building again.
pub(crate) fn prepare(solver: &Solver, size: Size, sink: &Sink, preparing: &Preparing) {
    if solver.is_ready(size) && !solver.shape_tables_are_slow(size) {
        return;
    }
    let solver = solver.clone();
    let tx = sink.clone();
    let control = preparing.control();
    let spawned = thread::Builder::new().name(thread_name("tables")).spawn(move || {
        // The searches work (with weaker estimates) meanwhile: the player's hints go first.
        lower_this_thread();
        if control.is_stopped() {
            return;
        }
        let progress_tx = tx.clone();
        let error = prepared(&solver, size, &|progress| {
            if !control.is_stopped() {
                progress_tx.send(Reply(Message::Progress { size, progress }));
            }
        });
        if !control.is_stopped() {
            tx.send(Reply(Message::Prepared { size, error }));
        }
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
pub(crate) fn prewarm(solver: &Solver, sizes: Vec<Size>, sink: &Sink, preparing: &Preparing) {
    let solver = solver.clone();
    let tx = sink.clone();
    let control = preparing.control();
    let _ = thread::Builder::new().name(thread_name("prewarm")).spawn(move || {
        lower_this_thread();
        for size in sizes {
            if control.is_stopped() {
                return;
            }
            if solver.is_ready(size) || solver.build_failure(size).is_some() {
                continue;
            }
            let error = prepared(&solver, size, &|_| {});
            if control.is_stopped() || !tx.send(Reply(Message::Prepared { size, error })) {
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

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex, mpsc};
    use std::time::Duration;

    use super::{Preparing, prepare, prewarm};
    use crate::engine::sink::Sink;
    use crate::puzzle::Size;
    use crate::solver::{Solver, TableCache};
    use crate::threads::lock;

    /// A solver whose every table build takes `slow`, then fails; the sizes built, in the
    /// second.
    fn slow_solver(slow: Duration) -> (Solver, Arc<Mutex<Vec<Size>>>) {
        let built = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&built);
        let cache =
            TableCache::disabled().with_builder(Arc::new(move |size: Size, _: &[u8], _: &mut dyn FnMut(u64)| {
                lock(&log).push(size);
                std::thread::sleep(slow);
                panic!("a stand-in build that fails");
            }));
        (Solver::new(cache), built)
    }

    #[test]
    fn once_the_engine_goes_no_other_size_is_prepared_and_nothing_is_reported() {
        let (solver, built) = slow_solver(Duration::from_millis(300));
        let (tx, rx) = mpsc::channel();
        let preparing = Preparing::default();
        prewarm(
            &solver,
            vec![Size::FOUR, Size::FIVE, Size::SIX],
            &Sink::channel(tx),
            &preparing,
        );
        std::thread::sleep(Duration::from_millis(50));
        drop(preparing);
        // Long enough for every size's build, had the prewarm gone on.
        assert!(
            rx.recv_timeout(Duration::from_millis(1500)).is_err(),
            "nothing reported"
        );
        let built = lock(&built).clone();
        assert!(
            built.iter().all(|&s| s == Size::FOUR),
            "only the size under way: {built:?}"
        );
    }

    #[test]
    fn a_preparation_asked_of_an_engine_gone_never_starts() {
        let (solver, built) = slow_solver(Duration::ZERO);
        let (tx, rx) = mpsc::channel();
        let preparing = Preparing::default();
        preparing.0.stop();
        prepare(&solver, Size::FOUR, &Sink::channel(tx), &preparing);
        assert!(rx.recv_timeout(Duration::from_millis(500)).is_err(), "nothing reported");
        assert!(lock(&built).is_empty());
    }
}
