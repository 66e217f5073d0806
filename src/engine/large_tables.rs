//! A size's large tables, built in the background for a player who plays that size (the
//! game decides when, from the records and the setting): at a low OS priority, paused
//! whenever the solver threads have any request (a hint, a solution, a review, the engine's
//! own thinking) or the size's default tables are not ready yet, stopped when the engine
//! goes (a quit), and resumed from the groups saved so far at the next start
//! ([`TableCache::build_resumable`](crate::solver::TableCache::build_resumable)). Once
//! built, the solver takes them into use at once ([`Solver::adopt_large`]).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread;

use crate::engine::error::EngineError;
use crate::engine::priority::lower_this_thread;
use crate::engine::request::{Message, Reply};
use crate::engine::sink::Sink;
use crate::puzzle::Size;
use crate::solver::{BuildControl, BuildProgress, SolveError, Solver, TableError};
use crate::threads::{lock, panic_message, thread_name};

/// The build in flight. Dropping it stops the build at its next checkpoint (the groups
/// built so far stay saved).
#[derive(Debug)]
pub(crate) struct LargeBuild {
    pub size: Size,
    control: BuildControl,
}

impl Drop for LargeBuild {
    fn drop(&mut self) {
        self.control.stop();
    }
}

/// Starts building `size`'s large tables on a thread of their own, waiting whenever `busy`
/// says so; its progress comes as [`Message::LargeProgress`] (each time the share done
/// grows by a percent) and its end as [`Message::LargeBuilt`]. `None` when the size has no
/// large tables, or no thread could be started (said by a [`Message::LargeBuilt`]).
pub(crate) fn start(
    solver: &Solver,
    size: Size,
    busy: impl Fn() -> bool + Send + Sync + 'static,
    sink: &Sink,
) -> Option<LargeBuild> {
    let partition = solver.large_partition(size)?.clone();
    let ready = solver.clone();
    let control = BuildControl::new().paused_while(move || busy() || !ready.is_ready(size));
    let (solver, tx, gate) = (solver.clone(), sink.clone(), control.clone());
    let spawned = thread::Builder::new().name(thread_name("large-tables")).spawn(move || {
        lower_this_thread();
        let last = std::sync::Mutex::new(None::<u32>);
        let progress = |p: BuildProgress| {
            if let BuildProgress::Building { done, total, .. } = p {
                let percent = (done.min(total) * 100 / total.max(1)) as u32;
                let mut last = lock(&last);
                if *last != Some(percent) {
                    *last = Some(percent);
                    tx.send(Reply(Message::LargeProgress { size, percent }));
                }
            }
        };
        let built = catch_unwind(AssertUnwindSafe(|| {
            solver.cache().build_resumable(&partition, &progress, &gate)
        }));
        let error = match built {
            Ok(Ok(db)) => {
                solver.adopt_large(db);
                None
            }
            // Stopped by the engine (a quit): nobody listens for the answer.
            Ok(Err(TableError::Stopped)) => return,
            Ok(Err(e)) => Some(EngineError::Solve(SolveError::Tables(e))),
            Err(panic) => Some(EngineError::Crashed {
                message: panic_message(panic.as_ref()),
            }),
        };
        tx.send(Reply(Message::LargeBuilt { size, error }));
    });
    match spawned {
        Ok(_) => Some(LargeBuild { size, control }),
        Err(e) => {
            sink.send(Reply(Message::LargeBuilt {
                size,
                error: Some(EngineError::NoThread {
                    what: "large tables",
                    reason: e.to_string(),
                }),
            }));
            None
        }
    }
}
