//! The notices the player must read: a queue whose first is on screen until a key closes
//! it (information also leaves by itself after a while; a warning never does). A notice
//! takes no key in its first moments on screen: a key already on its way when the notice
//! came (a player typing moves) would otherwise close it before anyone could read it.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use slide::game::Notice;

/// How long a notice that is not a warning stays when no key is pressed.
pub const NOTICE_TIME: Duration = Duration::from_secs(8);

/// How long a notice is on screen before a key may close it. Keys pressed sooner are held
/// back (they neither close the notice nor reach the game): they were meant for the board.
pub const READ_TIME: Duration = Duration::from_millis(700);

/// What a key did to the notices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyTaken {
    /// No notice was on screen: the key is the screen's.
    NoNotice,
    /// The notice came too recently to have been read: the key is dropped.
    TooSoon,
    /// The key closed the notice on screen.
    Closed,
}

/// A notice on screen, and since when.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The notice.
    pub notice: Notice,
    /// When it reached the front of the queue.
    pub since: Instant,
}

impl Shown {
    /// Whether it has been on screen long enough to be read, so that a key may close it.
    pub fn readable(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.since) >= READ_TIME
    }
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

    /// A key was pressed at `now`: it closes the notice on screen if that has been up for
    /// [`READ_TIME`], and is held back if it has not.
    pub fn take_key(&mut self, now: Instant) -> KeyTaken {
        match self.queue.front() {
            None => KeyTaken::NoNotice,
            Some(front) if !front.readable(now) => KeyTaken::TooSoon,
            Some(_) => {
                self.dismiss(now);
                KeyTaken::Closed
            }
        }
    }

    /// When the notice on screen starts taking keys, if it does not yet: the screen then
    /// changes (its "any key to close" appears).
    pub fn readable_at(&self, now: Instant) -> Option<Instant> {
        self.queue
            .front()
            .filter(|f| !f.readable(now))
            .map(|f| f.since + READ_TIME)
    }

    /// Closes the notice on screen, and starts the next one's time.
    fn dismiss(&mut self, now: Instant) -> bool {
        let closed = self.queue.pop_front().is_some();
        if let Some(next) = self.queue.front_mut() {
            next.since = now;
        }
        closed
    }

    /// Makes every notice as if it had been on screen `by` longer (tests press keys without
    /// waiting for the read time).
    #[cfg(test)]
    pub fn age(&mut self, by: Duration) {
        for shown in &mut self.queue {
            shown.since = shown.since.checked_sub(by).unwrap_or(shown.since);
        }
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
