//! A thread that writes the game in progress to disk, so that every move is saved at once
//! without the screen ever waiting for the disk.
//!
//! The game sends a snapshot after every change; the writer keeps only the newest one per
//! game when it falls behind. [`WriterHandle::flush`] waits until everything sent is on
//! disk; it works from any thread, which is what lets a signal handler's thread save the
//! game even when the UI thread is stuck (a hung-up terminal can leave the terminal library
//! spinning on end-of-file).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::game::session::SavedGame;
use crate::game::store::{Store, StoreError};

enum Job {
    /// Boxed: a snapshot is far larger than a flush request.
    Save(Box<SavedGame>),
    Flush(Sender<()>),
}

/// The result of one write, for the game to report.
#[derive(Debug)]
pub enum Written {
    /// Saved.
    Ok,
    /// Not saved, and why.
    Failed(StoreError),
}

/// The writer thread and the results of its writes.
#[derive(Debug)]
pub struct GameWriter {
    handle: WriterHandle,
    results: Receiver<Written>,
}

/// A clonable way to send saves to the writer and wait for them, from any thread.
#[derive(Debug, Clone)]
pub struct WriterHandle {
    jobs: Arc<Mutex<Sender<Job>>>,
    pending: Arc<AtomicUsize>,
}

impl GameWriter {
    /// Starts the writer thread for `store`.
    pub fn spawn(store: Store) -> std::io::Result<GameWriter> {
        let (jobs, rx) = mpsc::channel::<Job>();
        let (results_tx, results) = mpsc::channel();
        let pending = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&pending);
        std::thread::Builder::new()
            .name("slide-game-writer".into())
            .spawn(move || run(&store, &rx, &results_tx, &counter))?;
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

    /// The results of the writes finished since the last call.
    pub fn results(&self) -> Vec<Written> {
        self.results.try_iter().collect()
    }
}

impl WriterHandle {
    /// Sends a snapshot to be written.
    pub fn save(&self, game: SavedGame) {
        self.pending.fetch_add(1, Ordering::SeqCst);
        let sent = self
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(Job::Save(Box::new(game)));
        if sent.is_err() {
            self.pending.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Whether snapshots sent are not yet written.
    pub fn is_pending(&self) -> bool {
        self.pending.load(Ordering::SeqCst) > 0
    }

    /// Waits until every snapshot sent before this call is written (or failed), at most
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
        let deadline = Instant::now() + timeout;
        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(()) => true,
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => false,
        }
    }
}

fn run(store: &Store, jobs: &Receiver<Job>, results: &Sender<Written>, pending: &AtomicUsize) {
    while let Ok(first) = jobs.recv() {
        // Take everything queued: only the newest snapshot of each game is worth writing.
        let mut batch: BTreeMap<String, SavedGame> = BTreeMap::new();
        let mut flushes = Vec::new();
        let mut taken = 0;
        for job in std::iter::once(first).chain(jobs.try_iter()) {
            match job {
                Job::Save(g) => {
                    taken += 1;
                    batch.insert(g.id.clone(), *g);
                }
                Job::Flush(done) => flushes.push(done),
            }
        }
        for game in batch.values() {
            let written = match store.save_game(game) {
                Ok(()) => Written::Ok,
                Err(e) => Written::Failed(e),
            };
            let _ = results.send(written);
        }
        pending.fetch_sub(taken, Ordering::SeqCst);
        for done in flushes {
            let _ = done.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn every_snapshot_reaches_the_disk_by_a_flush() {
        let dir = std::env::temp_dir().join(format!("slide-writer-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::at(dir.clone());
        let writer = GameWriter::spawn(store.clone()).unwrap();
        let mut game = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), None, None, None);
        for m in [
            crate::puzzle::Move::Left,
            crate::puzzle::Move::Right,
            crate::puzzle::Move::Left,
        ] {
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
        let _ = std::fs::remove_dir_all(&dir);
    }
}
