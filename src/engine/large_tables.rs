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

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use crate::engine::{Answer, Engine, Options};
    use crate::puzzle::{Board, Size};
    use crate::solver::tables::test_tables::{small_4x4, temp_dir};
    use crate::solver::{BuildControl, Partition, Solver, TableCache};

    #[test]
    fn the_engine_builds_the_large_tables_and_its_searches_use_them_at_once() {
        let dir = temp_dir("engine-large");
        let large = small_4x4().stored_compactly();
        let solver = Solver::preferring(TableCache::at(dir.clone()), large.clone());
        solver.prepare(Size::FOUR, &|_| {}).expect("default tables");
        assert_eq!(
            solver.pdb(Size::FOUR).unwrap().partition(),
            &Partition::default_for(Size::FOUR)
        );
        let (mut engine, rx) = Engine::with_channel(solver.clone(), Options::default());
        // A hint asked first: the build waits for it.
        let board: Board = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2".parse().unwrap();
        engine.hint(board, Duration::from_secs(30));
        assert!(engine.build_large_tables(Size::FOUR));
        assert_eq!(engine.large_tables_building(), Some(Size::FOUR));
        let (mut hinted, mut percents, mut built) = (false, Vec::new(), None);
        let start = Instant::now();
        while built.is_none() {
            assert!(start.elapsed() < Duration::from_secs(120), "the build ends");
            let Ok(reply) = rx.recv_timeout(Duration::from_secs(1)) else {
                continue;
            };
            for answer in engine.handle(reply) {
                match answer {
                    Answer::Hint { .. } => hinted = true,
                    Answer::LargeTables { percent, .. } => percents.push(percent),
                    Answer::LargeTablesBuilt { error, .. } => built = Some(error),
                    _ => {}
                }
            }
        }
        assert!(hinted, "the hint was answered");
        assert_eq!(built, Some(None), "built without error");
        assert!(percents.windows(2).all(|w| w[0] < w[1]), "{percents:?}");
        assert_eq!(engine.large_tables_building(), None);
        // In use at once, by the same solver (no restart), and saved for the next start.
        assert_eq!(solver.pdb(Size::FOUR).unwrap().partition(), &large);
        assert!(solver.has_large(Size::FOUR));
        assert!(!engine.build_large_tables(Size::FOUR), "nothing left to build");
        assert!(solver.cache().file_for(&large).unwrap().exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn large_tables_left_in_the_cache_by_an_earlier_run_are_loaded_once_and_not_announced_as_built() {
        let dir = temp_dir("engine-large-cached");
        let large = small_4x4().stored_compactly();
        // An earlier run built them.
        TableCache::at(dir.clone())
            .build_resumable(&large, &|_| {}, &BuildControl::new())
            .expect("built");
        let solver = Solver::preferring(TableCache::at(dir.clone()), large.clone());
        let (mut engine, rx) = Engine::with_channel(solver.clone(), Options::default());
        // A new run: the game offers the build before the size's tables are prepared.
        assert!(!solver.is_ready(Size::FOUR));
        assert!(
            !engine.build_large_tables(Size::FOUR),
            "preparing loads the file; a build would load a second copy"
        );
        assert_eq!(engine.large_tables_building(), None);
        solver.prepare(Size::FOUR, &|_| {}).expect("prepared");
        assert!(solver.has_large(Size::FOUR));
        assert_eq!(solver.pdb(Size::FOUR).unwrap().partition(), &large);
        while let Ok(reply) = rx.recv_timeout(Duration::from_millis(300)) {
            for answer in engine.handle(reply) {
                assert!(
                    !matches!(answer, Answer::LargeTables { .. } | Answer::LargeTablesBuilt { .. }),
                    "nothing was built this run: {answer:?}"
                );
            }
        }
        // Prepared: in use, nothing to build.
        assert!(!engine.build_large_tables(Size::FOUR));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_large_table_is_built_again() {
        let dir = temp_dir("engine-large-damaged");
        let large = small_4x4().stored_compactly();
        let cache = TableCache::at(dir.clone());
        let reference = cache
            .build_resumable(&large, &|_| {}, &BuildControl::new())
            .expect("built");
        let file = cache.file_for(&large).unwrap();
        let mut bytes = std::fs::read(&file).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x10;
        std::fs::write(&file, &bytes).unwrap();
        let solver = Solver::preferring(cache, large.clone());
        solver.prepare(Size::FOUR, &|_| {}).expect("prepared");
        assert!(!solver.has_large(Size::FOUR), "a damaged file is not used");
        let (mut engine, rx) = Engine::with_channel(solver.clone(), Options::default());
        assert!(engine.build_large_tables(Size::FOUR), "the damaged file is built again");
        let start = Instant::now();
        let mut built = None;
        while built.is_none() {
            assert!(start.elapsed() < Duration::from_secs(120), "the build ends");
            let Ok(reply) = rx.recv_timeout(Duration::from_secs(1)) else {
                continue;
            };
            for answer in engine.handle(reply) {
                if let Answer::LargeTablesBuilt { error, .. } = answer {
                    built = Some(error);
                }
            }
        }
        assert_eq!(built, Some(None));
        assert!(solver.has_large(Size::FOUR));
        assert_eq!(solver.pdb(Size::FOUR).unwrap().tables(), reference.tables());
        let reread = TableCache::at(dir.clone()).load(&large, &|_| {}).expect("sound again");
        assert_eq!(reread.tables(), reference.tables());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
