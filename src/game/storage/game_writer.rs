//! A thread that makes every change to the saved games on disk, in the order they were
//! asked for, so that every move is saved at once without the screen ever waiting for the
//! disk, and no change can overtake another.
//!
//! The game sends a snapshot after every change; when the writer falls behind, a snapshot
//! followed by a newer one (or by the game's removal) is skipped. A won game's removal is a
//! job behind its last snapshot, and the game's claim goes with it: the file is gone before
//! any other copy of Slide can claim the game, and no snapshot can bring it back. Letting go
//! of a game ([`WriterHandle::release`]) also waits its turn, so another copy that resumes it
//! finds its last move.
//!
//! A result for the history ([`WriterHandle::record`]) is a job too: it is written in its
//! turn, so the history's lock, which another copy may hold, never holds up the screen, and
//! a won game's record is on disk before its save is removed. A result the history can't
//! take waits in its game's save (`pending_results.rs`) and is appended again at each
//! [`WriterHandle::retry`].
//!
//! [`WriterHandle::flush`] waits until everything sent is done; it works from any thread,
//! which is what lets a signal handler's thread save the game even when the UI thread is
//! stuck (a hung-up terminal can leave the terminal library spinning on end-of-file).

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::game::play::game::SavedGame;
use crate::game::records::attempt_record::AttemptRecord;
use crate::game::storage::history_file::Appended;
use crate::game::storage::pending_results::{After, PendingResults, Settled};
use crate::game::storage::store::{GameClaim, Store, StoreError};

enum Job {
    /// Boxed: a snapshot is far larger than the other jobs.
    Save(Box<SavedGame>),
    /// Removes a game's file and lock file, under `claim` (or a claim taken then).
    Remove {
        id: String,
        claim: Option<GameClaim>,
    },
    /// Lets go of a claim.
    Release(GameClaim),
    /// Appends a result of the game `game` to the history (or keeps it waiting in the
    /// save), does `after`, and answers on `reply`.
    Record {
        game: String,
        record: Box<AttemptRecord>,
        after: After,
        reply: Sender<AppendResult>,
    },
    /// Appends the results that wait again.
    Retry,
    Flush(Sender<()>),
}

/// What appending a result to the history came to.
pub(crate) type AppendResult = Result<Appended, StoreError>;

impl Job {
    /// The game a job changes on disk, if it changes one.
    fn game(&self) -> Option<&str> {
        match self {
            Job::Save(g) => Some(&g.id),
            Job::Remove { id, .. } => Some(id),
            Job::Release(_) | Job::Record { .. } | Job::Retry | Job::Flush(_) => None,
        }
    }
}

/// The result of one job, for the game to report.
#[derive(Debug)]
pub enum Written {
    /// Saved.
    Ok,
    /// Not saved, and why.
    Failed(StoreError),
    /// A game's file removed (it was won, left untouched, or pruned).
    Removed {
        /// The game's id.
        id: String,
    },
    /// A game's file that could not be removed, and why.
    NotRemoved {
        /// The game's id.
        id: String,
        /// Why.
        error: StoreError,
    },
    /// A result that had waited for the history is in it now.
    Recorded(Box<AttemptRecord>),
    /// Results still wait for the history, and why.
    StillWaiting(StoreError),
}

impl From<Settled> for Written {
    fn from(s: Settled) -> Written {
        match s {
            Settled::Recorded(r) => Written::Recorded(r),
            Settled::Waiting(e) => Written::StillWaiting(e),
            Settled::Removed(id) => Written::Removed { id },
            Settled::NotRemoved(id, error) => Written::NotRemoved { id, error },
        }
    }
}

/// The writer thread and the results of its jobs.
#[derive(Debug)]
pub struct GameWriter {
    handle: WriterHandle,
    results: Receiver<Written>,
}

/// A clonable way to send jobs to the writer and wait for them, from any thread.
#[derive(Debug, Clone)]
pub struct WriterHandle {
    jobs: Arc<Mutex<Sender<Job>>>,
    pending: Arc<AtomicUsize>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Save(g) => write!(f, "Save({})", g.id),
            Job::Remove { id, .. } => write!(f, "Remove({id})"),
            Job::Release(c) => write!(f, "Release({})", c.id()),
            Job::Record { record, .. } => write!(f, "Record({})", record.id),
            Job::Retry => f.write_str("Retry"),
            Job::Flush(_) => f.write_str("Flush"),
        }
    }
}

impl GameWriter {
    /// Starts the writer thread for `store`.
    pub fn spawn(store: Store) -> std::io::Result<GameWriter> {
        GameWriter::spawn_with_delay(store, Duration::ZERO)
    }

    /// A writer that waits `delay` before each batch of jobs: a slow disk, for tests.
    pub(crate) fn spawn_with_delay(store: Store, delay: Duration) -> std::io::Result<GameWriter> {
        let (jobs, rx) = mpsc::channel::<Job>();
        let (results_tx, results) = mpsc::channel();
        let pending = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&pending);
        std::thread::Builder::new()
            .name("slide-game-writer".into())
            .spawn(move || run(&store, &rx, &results_tx, &counter, delay))?;
        Ok(GameWriter {
            handle: WriterHandle {
                jobs: Arc::new(Mutex::new(jobs)),
                pending,
            },
            results,
        })
    }

    /// A handle for other threads.
    pub fn handle(&self) -> WriterHandle {
        self.handle.clone()
    }

    /// Sends a snapshot to be written.
    pub fn save(&self, game: SavedGame) {
        self.handle.save(game);
    }

    /// The results of the jobs finished since the last call.
    pub fn results(&self) -> Vec<Written> {
        self.results.try_iter().collect()
    }
}

impl WriterHandle {
    fn send(&self, job: Job) {
        self.pending.fetch_add(1, Ordering::SeqCst);
        let sent = self.jobs.lock().unwrap_or_else(PoisonError::into_inner).send(job);
        if sent.is_err() {
            self.pending.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Sends a snapshot to be written.
    pub fn save(&self, game: SavedGame) {
        self.send(Job::Save(Box::new(game)));
    }

    /// Removes the game `id`'s files once everything sent before is done, under `claim`
    /// (this copy's claim on it, let go of once the files are gone). Without a claim the
    /// game is claimed first, and left alone if another copy holds it.
    pub fn remove(&self, id: &str, claim: Option<GameClaim>) {
        self.send(Job::Remove {
            id: id.to_string(),
            claim,
        });
    }

    /// Lets go of `claim` once everything sent before is done.
    pub fn release(&self, claim: GameClaim) {
        self.send(Job::Release(claim));
    }

    /// Appends `record`, a result of the game `game`, to the history once everything sent
    /// before is done, then does `after`; a result the history can't take waits in the
    /// game's save. The append's result comes back on the receiver returned (which says
    /// `Disconnected` if the writer is gone).
    pub(crate) fn record(&self, game: &str, record: AttemptRecord, after: After) -> Receiver<AppendResult> {
        let (reply, result) = mpsc::channel();
        self.send(Job::Record {
            game: game.to_string(),
            record: Box::new(record),
            after,
            reply,
        });
        result
    }

    /// Appends the results that wait for the history again, in turn.
    pub(crate) fn retry(&self) {
        self.send(Job::Retry);
    }

    /// Whether jobs sent are not yet done.
    pub(crate) fn is_pending(&self) -> bool {
        self.pending.load(Ordering::SeqCst) > 0
    }

    /// Waits until every job sent before this call is done (or failed), at most
    /// `timeout`. Returns whether it finished in time.
    pub fn flush(&self, timeout: Duration) -> bool {
        let (tx, rx) = mpsc::channel();
        let sent = self
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(Job::Flush(tx));
        if sent.is_err() {
            return !self.is_pending();
        }
        let wait = match Instant::now().checked_add(timeout) {
            Some(deadline) => deadline.saturating_duration_since(Instant::now()),
            None => Duration::MAX,
        };
        match rx.recv_timeout(wait) {
            Ok(()) => true,
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => false,
        }
    }
}

/// Does one job (a flush aside); returns what the game must hear of it.
fn do_job(store: &Store, waiting: &mut PendingResults, job: Job, keep: bool) -> Vec<Written> {
    match job {
        Job::Save(_) if !keep => Vec::new(),
        Job::Save(mut game) => {
            waiting.on_save(store, &mut game);
            vec![match store.save_game(&game) {
                Ok(()) => Written::Ok,
                Err(e) => Written::Failed(e),
            }]
        }
        Job::Remove { id, claim } => waiting
            .remove(store, &id, claim)
            .into_iter()
            .map(Written::from)
            .collect(),
        Job::Release(claim) => {
            waiting.release(claim.id());
            drop(claim);
            Vec::new()
        }
        Job::Record {
            game,
            record,
            after,
            reply,
        } => {
            let settled = waiting.record(store, &game, &record, after, &reply);
            settled.into_iter().map(Written::from).collect()
        }
        Job::Retry => waiting.retry(store).into_iter().map(Written::from).collect(),
        Job::Flush(_) => Vec::new(),
    }
}

fn run(store: &Store, jobs: &Receiver<Job>, results: &Sender<Written>, pending: &AtomicUsize, delay: Duration) {
    let waiting = &mut PendingResults::default();
    while let Ok(first) = jobs.recv() {
        if !delay.is_zero() {
            std::thread::sleep(delay);
        }
        let batch: Vec<Job> = std::iter::once(first).chain(jobs.try_iter()).collect();
        // A snapshot followed in the batch by a newer one or the game's removal is skipped:
        // only the last change to each game matters. Everything else runs in order.
        let mut later: HashSet<String> = HashSet::new();
        let mut keep = vec![true; batch.len()];
        for (i, job) in batch.iter().enumerate().rev() {
            if let Some(id) = job.game() {
                keep[i] = !matches!(job, Job::Save(_)) || !later.contains(id);
                later.insert(id.to_string());
            }
        }
        let mut flushes = Vec::new();
        for (job, keep) in batch.into_iter().zip(keep) {
            if let Job::Flush(done) = job {
                flushes.push(done);
                continue;
            }
            for r in do_job(store, waiting, job, keep) {
                let _ = results.send(r);
            }
            pending.fetch_sub(1, Ordering::SeqCst);
        }
        for done in flushes {
            let _ = done.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::puzzle::Move;

    fn temp_store(tag: &str) -> Store {
        let dir = std::env::temp_dir().join(format!("slide-writer-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Store::at(dir)
    }

    #[test]
    fn every_snapshot_reaches_the_disk_by_a_flush() {
        let store = temp_store("flush");
        let writer = GameWriter::spawn(store.clone()).unwrap();
        let mut game = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), None, None, None);
        for m in [Move::Left, Move::Right, Move::Left] {
            game.play(m);
            writer.save(game.to_saved());
        }
        let handle = writer.handle();
        assert!(
            std::thread::spawn(move || handle.flush(Duration::from_secs(10)))
                .join()
                .unwrap()
        );
        assert!(!writer.handle().is_pending());
        let (games, _) = store.list_games();
        assert_eq!(games[0].moves, 3, "the newest snapshot is the one on disk");
        assert!(writer.results().iter().all(|r| matches!(r, Written::Ok)));
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_removal_behind_slow_saves_is_never_undone_by_them() {
        let store = temp_store("order");
        let writer = GameWriter::spawn_with_delay(store.clone(), Duration::from_millis(50)).unwrap();
        let mut game = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), None, None, None);
        let claim = store.claim_game(game.id()).unwrap().expect("free");
        for m in [Move::Left, Move::Right, Move::Left, Move::Right] {
            game.play(m);
            writer.save(game.to_saved());
            // Some batches with saves only, some with the removal behind them.
            std::thread::sleep(Duration::from_millis(20));
        }
        writer.handle().remove(game.id(), Some(claim));
        // The removal is queued; the game stays claimed until it is done.
        assert!(store.claim_game(game.id()).unwrap().is_none() || !writer.handle().is_pending());
        assert!(writer.handle().flush(Duration::from_secs(10)));
        assert!(store.list_games().0.is_empty(), "the game never comes back");
        assert!(store.held_games().is_empty());
        let names: Vec<_> = std::fs::read_dir(store.dir().join("games"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        assert!(names.is_empty(), "no file of the game is left: {names:?}");
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
