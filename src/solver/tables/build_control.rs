//! Pausing and stopping a table build from another thread.
//!
//! A build looks at its control between small pieces of work (a few milliseconds each): it
//! waits there while paused, and gives up with [`TableError::Stopped`] once stopped. The
//! game pauses a background build while a search the player asked for runs, and stops it
//! when the player quits.
//!
//! [`TableError::Stopped`]: crate::solver::TableError::Stopped

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often a paused build looks whether it may go on.
const PAUSED_POLL: Duration = Duration::from_millis(20);

/// What else must be idle for a build to go on (see [`BuildControl::paused_while`]).
type Gate = Arc<dyn Fn() -> bool + Send + Sync>;

/// A handle that pauses, resumes or stops the builds given it. Clones share their state.
#[derive(Clone, Default)]
pub struct BuildControl {
    state: Arc<State>,
    /// While it says true, the build waits as if paused.
    busy: Option<Gate>,
}

impl std::fmt::Debug for BuildControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuildControl")
            .field("state", &self.state)
            .field("gated", &self.busy.is_some())
            .finish()
    }
}

#[derive(Debug, Default)]
struct State {
    paused: AtomicBool,
    stopped: AtomicBool,
}

/// What a build does at a checkpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Checkpoint {
    /// Go on.
    Continue,
    /// Give up now.
    Stop,
}

impl BuildControl {
    /// A control that nothing pauses or stops.
    pub fn new() -> BuildControl {
        BuildControl::default()
    }

    /// The same control, also pausing the build whenever `busy` says true (looked at each
    /// checkpoint: a build in the background waits while anything else runs).
    #[must_use]
    pub(crate) fn paused_while(mut self, busy: impl Fn() -> bool + Send + Sync + 'static) -> BuildControl {
        self.busy = Some(Arc::new(busy));
        self
    }

    /// Pauses the build at its next checkpoint, until [`BuildControl::resume`].
    pub fn pause(&self) {
        self.state.paused.store(true, Ordering::Release);
    }

    /// Lets a paused build go on.
    pub fn resume(&self) {
        self.state.paused.store(false, Ordering::Release);
    }

    /// Stops the build at its next checkpoint (also when paused).
    pub fn stop(&self) {
        self.state.stopped.store(true, Ordering::Release);
    }

    /// Whether the build is paused (by [`BuildControl::pause`], or while its gate says
    /// busy).
    pub(crate) fn is_paused(&self) -> bool {
        self.state.paused.load(Ordering::Acquire) || self.busy.as_ref().is_some_and(|busy| busy())
    }

    /// Whether the build was told to stop.
    pub(crate) fn is_stopped(&self) -> bool {
        self.state.stopped.load(Ordering::Acquire)
    }

    /// Waits while paused; says whether to stop.
    pub(crate) fn checkpoint(&self) -> Checkpoint {
        loop {
            if self.is_stopped() {
                return Checkpoint::Stop;
            }
            if !self.is_paused() {
                return Checkpoint::Continue;
            }
            std::thread::sleep(PAUSED_POLL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paused_build_waits_until_resumed_or_stopped() {
        let control = BuildControl::new();
        assert_eq!(control.checkpoint(), Checkpoint::Continue);
        control.pause();
        let waiting = control.clone();
        let t = std::thread::spawn(move || waiting.checkpoint());
        std::thread::sleep(Duration::from_millis(60));
        assert!(!t.is_finished(), "a paused build waits");
        control.resume();
        assert_eq!(t.join().unwrap(), Checkpoint::Continue);
        control.pause();
        let waiting = control.clone();
        let t = std::thread::spawn(move || waiting.checkpoint());
        control.stop();
        assert_eq!(t.join().unwrap(), Checkpoint::Stop);
    }

    #[test]
    fn a_gated_build_waits_while_its_gate_says_busy() {
        let busy = Arc::new(AtomicBool::new(true));
        let gate = Arc::clone(&busy);
        let control = BuildControl::new().paused_while(move || gate.load(Ordering::SeqCst));
        let waiting = control.clone();
        let t = std::thread::spawn(move || waiting.checkpoint());
        std::thread::sleep(Duration::from_millis(60));
        assert!(!t.is_finished(), "a build waits while something else runs");
        busy.store(false, Ordering::SeqCst);
        assert_eq!(t.join().unwrap(), Checkpoint::Continue);
    }
}
