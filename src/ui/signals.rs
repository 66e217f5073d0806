//! Signals that end the game (SIGHUP when the terminal closes, SIGTERM, SIGINT, SIGQUIT):
//! each becomes an [`Event::Signal`] on the loop's channel, and the loop saves, restores the
//! terminal and exits with 128 + the signal's number. SIGTSTP becomes [`Event::Suspend`]:
//! the loop pauses, saves and restores the terminal before the process stops. Should the loop not manage within
//! [`GRACE`], the watcher does it itself: the game's writer already has every move.
//!
//! Unix only: elsewhere the terminal's Ctrl-C arrives as a key and nothing is watched.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
#[cfg(unix)]
use std::time::Duration;

use slide::game::WriterHandle;

use crate::ui::events::Event;

/// How long the loop gets to end on its own after a signal; the whole exit must take less
/// than half a second.
#[cfg(unix)]
pub const GRACE: Duration = Duration::from_millis(350);

/// Tells the watcher that the game has ended by itself.
#[derive(Debug, Clone, Default)]
pub struct Finished(Arc<AtomicBool>);

impl Finished {
    /// The game has ended: the watcher has nothing left to do.
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    #[cfg(unix)]
    fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
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
            let deadline = std::time::Instant::now() + GRACE;
            while std::time::Instant::now() < deadline {
                if done.is_set() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            // The loop is stuck (on a terminal that went away, say): end here.
            let saved = writer.is_none_or(|w| w.flush(Duration::from_millis(100)));
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
