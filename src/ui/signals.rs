//! Signals that end the game (SIGHUP when the terminal closes, SIGTERM, SIGINT, SIGQUIT):
//! each becomes an [`Event::Signal`] on the loop's channel, and the loop saves, restores the
//! terminal and exits with 128 + the signal's number. Should the loop not reach its last
//! save within [`GRACE`], the watcher ends the game itself: the game's writer already has
//! every move. A last save under way is let finish (a slow disk may take seconds), so the
//! two never exit under each other. SIGTSTP becomes [`Event::Suspend`]: the loop pauses,
//! saves and restores the terminal before the process stops.
//!
//! Unix only: elsewhere the terminal's Ctrl-C arrives as a key and nothing is watched.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
#[cfg(unix)]
use std::time::Duration;

use slide::game::WriterHandle;

use crate::ui::events::Event;

/// How long the loop gets to end on its own after a signal; the whole exit must take less
/// than half a second.
#[cfg(unix)]
pub const GRACE: Duration = Duration::from_millis(350);

/// Tells the watcher how far the game's own exit has gone.
#[derive(Debug, Clone, Default)]
pub struct Finished {
    done: Arc<AtomicBool>,
    saving: Arc<AtomicBool>,
    /// The game's writer, once the start has opened the data folder (off the screen's
    /// thread, after the watch began).
    writer: Arc<Mutex<Option<WriterHandle>>>,
}

impl Finished {
    /// The writer whose queue a stuck exit lets finish, from now on.
    pub fn set_writer(&self, writer: Option<WriterHandle>) {
        if let Ok(mut slot) = self.writer.lock() {
            *slot = writer;
        }
    }

    #[cfg(unix)]
    fn writer(&self) -> Option<WriterHandle> {
        self.writer.lock().ok().and_then(|w| w.clone())
    }

    /// The game has ended: the watcher has nothing left to do.
    pub fn set(&self) {
        self.done.store(true, Ordering::SeqCst);
    }

    /// The loop has ended and the game's last save is under way: the watcher lets it finish
    /// (within the save's own time limit) rather than exit under it.
    pub fn saving(&self) {
        self.saving.store(true, Ordering::SeqCst);
    }

    #[cfg(unix)]
    fn is_set(&self) -> bool {
        self.done.load(Ordering::SeqCst)
    }

    #[cfg(unix)]
    fn is_saving(&self) -> bool {
        self.saving.load(Ordering::SeqCst)
    }
}

/// Watches for the signals on a thread of its own (started before the screen changes, so
/// that no signal finds the game unprepared).
#[cfg(unix)]
pub fn watch(tx: Sender<Event>, writer: Option<WriterHandle>, mouse: bool) -> std::io::Result<Finished> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
    use signal_hook::iterator::Signals;

    let mut signals = Signals::new([SIGHUP, SIGTERM, SIGINT, SIGQUIT, SIGTSTP])?;
    let finished = Finished::default();
    finished.set_writer(writer);
    let done = finished.clone();
    std::thread::Builder::new()
        .name("slide-signals".into())
        .spawn(move || {
            // SIGTSTP suspends (the loop restores the terminal first); any other ends.
            let Some(signal) = signals
                .forever()
                .find(|&s| s != SIGTSTP || tx.send(Event::Suspend).is_err())
            else {
                return;
            };
            let _ = tx.send(Event::Signal(signal));
            let start = std::time::Instant::now();
            // A save under way on a slow disk gets its own time limit, and a little more.
            let save_limit = slide::game::FLUSH_TIMEOUT + Duration::from_millis(200);
            while start.elapsed() < GRACE || (done.is_saving() && start.elapsed() < save_limit) {
                if done.is_set() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            // The loop is stuck (on a terminal that went away, say): end here.
            let saved = done.writer().is_none_or(|w| w.flush(Duration::from_millis(100)));
            crate::ui::terminal::restore(mouse);
            if !saved {
                crate::ui::terminal::say("slide: the last moves may not be saved: the disk did not answer in time.");
            }
            std::process::exit(128 + signal);
        })?;
    Ok(finished)
}

/// No signals are watched here: the terminal's Ctrl-C arrives as a key.
#[cfg(not(unix))]
pub fn watch(tx: Sender<Event>, writer: Option<WriterHandle>, mouse: bool) -> std::io::Result<Finished> {
    let _ = (tx, writer, mouse);
    Ok(Finished::default())
}
