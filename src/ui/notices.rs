//! The notices the player must read: a queue whose first is on screen until a key closes
//! it (information also leaves by itself after a while; a warning never does).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use slide::game::Notice;

/// How long a notice that is not a warning stays when no key is pressed.
pub const NOTICE_TIME: Duration = Duration::from_secs(8);

/// A notice on screen, and since when.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The notice.
    pub notice: Notice,
    /// When it reached the front of the queue.
    pub since: Instant,
}

/// Notices waiting to be read, the first on screen.
#[derive(Debug, Default)]
pub struct Notices {
    queue: VecDeque<Shown>,
}

impl Notices {
    /// Queues `notice`, unless the same one waits already.
    pub fn push(&mut self, notice: Notice) {
        if !self.queue.iter().any(|s| s.notice == notice) {
            self.queue.push_back(Shown {
                notice,
                since: Instant::now(),
            });
        }
    }

    /// The notice on screen, if any.
    pub fn front(&self) -> Option<&Shown> {
        self.queue.front()
    }

    /// How many notices wait.
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Drops every notice (tests start from a clean screen).
    pub fn clear(&mut self) {
        self.queue.clear();
    }

    /// Closes the notice on screen (a key was pressed): whether there was one.
    pub fn dismiss(&mut self, now: Instant) -> bool {
        let closed = self.queue.pop_front().is_some();
        if let Some(next) = self.queue.front_mut() {
            next.since = now;
        }
        closed
    }

    /// Drops the notice on screen if it is not a warning and has been up long enough; the
    /// time counts from when it reached the front. Whether one went.
    pub fn expire(&mut self, now: Instant) -> bool {
        let due = self
            .queue
            .front()
            .is_some_and(|f| !f.notice.warning && now.saturating_duration_since(f.since) >= NOTICE_TIME);
        due && self.dismiss(now)
    }
}
