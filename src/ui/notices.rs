//! The notices the player must read, in two kinds:
//!
//! - **Lines** (information: a game resumed or kept, a file set aside, a result recorded):
//!   drawn at the foot of the screen, over nothing that matters, and they take no key. A
//!   line stays until the first key pressed once it has been on screen long enough to be
//!   read ([`READ_TIME`]); that key still reaches the game. Two at a time; the next wait.
//! - **Boxes** (a warning: a result not recorded, a game pushed out, saving that fails): a
//!   modal box over the board, first in a queue, until a key closes it. While one is up
//!   the clock stops, and the board of an attempt under way is hidden, as under any dialog.
//!   A box takes no key in its first moments on screen: a key already on its way when it
//!   came (a player typing moves) would otherwise close it before anyone could read it.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use slide::game::Notice;

/// How long a notice is on screen before a key may close it. Keys pressed sooner are held
/// back by a box (they neither close it nor reach the game), and pass a line by.
pub const READ_TIME: Duration = Duration::from_millis(700);

/// How many lines show at once.
pub const LINES_SHOWN: usize = 2;

/// What a key did to the notices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyTaken {
    /// No box was on screen: the key is the screen's.
    NoNotice,
    /// The box came too recently to have been read: the key is dropped.
    TooSoon,
    /// The key closed the box on screen.
    Closed,
}

/// A notice on screen, and since when.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The notice.
    pub notice: Notice,
    /// When it reached the screen (the front of its queue).
    pub since: Instant,
}

impl Shown {
    /// Whether it has been on screen long enough to be read, so that a key may close it.
    pub fn readable(&self, now: Instant) -> bool {
        now.saturating_duration_since(self.since) >= READ_TIME
    }
}

/// Notices waiting to be read: the boxes, the first on screen, and the lines.
#[derive(Debug, Default)]
pub struct Notices {
    queue: VecDeque<Shown>,
    lines: VecDeque<Shown>,
}

impl Notices {
    /// Queues `notice`, unless the same one waits already: a warning as a box, anything
    /// else as a line.
    pub fn push(&mut self, notice: Notice) {
        let waiting = if notice.warning {
            &mut self.queue
        } else {
            &mut self.lines
        };
        if !waiting.iter().any(|s| s.notice == notice) {
            waiting.push_back(Shown {
                notice,
                since: Instant::now(),
            });
        }
    }

    /// The box on screen, else the first line, if any.
    pub fn front(&self) -> Option<&Shown> {
        self.queue.front().or_else(|| self.lines.front())
    }

    /// The box on screen, if any.
    pub fn boxed(&self) -> Option<&Shown> {
        self.queue.front()
    }

    /// The lines on screen, and how many more wait behind them.
    pub fn lines(&self) -> (impl Iterator<Item = &Shown>, usize) {
        let more = self.lines.len().saturating_sub(LINES_SHOWN);
        (self.lines.iter().take(LINES_SHOWN), more)
    }

    /// How many boxes wait, the one on screen included.
    pub fn boxes(&self) -> usize {
        self.queue.len()
    }

    /// How many notices wait, of both kinds.
    pub fn len(&self) -> usize {
        self.queue.len() + self.lines.len()
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty() && self.lines.is_empty()
    }

    /// Drops every notice (tests start from a clean screen).
    pub fn clear(&mut self) {
        self.queue.clear();
        self.lines.clear();
    }

    /// A key was pressed at `now`. The lines on screen that could be read go (the key
    /// passes them by); then a box on screen takes the key: it closes the box if that has
    /// been up for [`READ_TIME`], and is held back if it has not.
    pub fn take_key(&mut self, now: Instant) -> KeyTaken {
        if self.queue.is_empty() {
            let shown = self.lines.len().min(LINES_SHOWN);
            let lines = std::mem::take(&mut self.lines);
            for (i, mut line) in lines.into_iter().enumerate() {
                if i < shown && line.readable(now) {
                    continue;
                }
                if i >= shown {
                    // Not on screen until now: its time to be read starts as it shows.
                    line.since = now;
                }
                self.lines.push_back(line);
            }
        }
        match self.queue.front() {
            None => KeyTaken::NoNotice,
            Some(front) if !front.readable(now) => KeyTaken::TooSoon,
            Some(_) => {
                self.dismiss(now);
                KeyTaken::Closed
            }
        }
    }

    /// When the box on screen starts taking keys, if it does not yet: the screen then
    /// changes (its "any key to close" appears).
    pub fn readable_at(&self, now: Instant) -> Option<Instant> {
        self.queue
            .front()
            .filter(|f| !f.readable(now))
            .map(|f| f.since + READ_TIME)
    }

    /// Closes the box on screen, and starts the time of what shows next.
    fn dismiss(&mut self, now: Instant) -> bool {
        let closed = self.queue.pop_front().is_some();
        // The next box, or the lines the box hid, are on screen from now.
        match self.queue.front_mut() {
            Some(next) => next.since = now,
            None => self.lines.iter_mut().for_each(|l| l.since = now),
        }
        closed
    }

    /// Makes every notice as if it had been on screen `by` longer (tests press keys without
    /// waiting for the read time).
    #[cfg(test)]
    pub fn age(&mut self, by: Duration) {
        for shown in self.queue.iter_mut().chain(self.lines.iter_mut()) {
            shown.since = shown.since.checked_sub(by).unwrap_or(shown.since);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_takes_no_key_and_goes_at_the_first_key_once_it_could_be_read() {
        let mut n = Notices::default();
        n.push(Notice::info("Resumed."));
        let now = Instant::now();
        assert_eq!(n.take_key(now), KeyTaken::NoNotice, "the key is the game's");
        assert_eq!(n.len(), 1, "a key typed as it came leaves it on screen");
        assert_eq!(n.take_key(now + READ_TIME), KeyTaken::NoNotice);
        assert!(n.is_empty(), "read, it goes");
    }

    #[test]
    fn lines_beyond_the_shown_ones_wait_their_turn_and_get_their_own_time() {
        let mut n = Notices::default();
        for text in ["one", "two", "three"] {
            n.push(Notice::info(text));
        }
        let (shown, more) = n.lines();
        assert_eq!(
            shown.map(|s| s.notice.text.as_str()).collect::<Vec<_>>(),
            ["one", "two"]
        );
        assert_eq!(more, 1);
        let later = Instant::now() + READ_TIME;
        n.take_key(later);
        let (shown, more) = n.lines();
        assert_eq!(shown.map(|s| s.notice.text.as_str()).collect::<Vec<_>>(), ["three"]);
        assert_eq!(more, 0);
        n.take_key(later);
        assert_eq!(n.len(), 1, "the third gets its own time to be read");
    }

    #[test]
    fn a_box_holds_keys_back_then_one_closes_it_and_lines_wait_behind_it() {
        let mut n = Notices::default();
        n.push(Notice::info("kept"));
        n.push(Notice::warning("not recorded"));
        let now = Instant::now();
        assert_eq!(n.take_key(now), KeyTaken::TooSoon);
        assert_eq!(n.take_key(now + READ_TIME), KeyTaken::Closed);
        assert_eq!(n.len(), 1, "the line stays while a box took the key");
        assert_eq!(n.take_key(now + READ_TIME), KeyTaken::NoNotice);
        assert_eq!(n.len(), 1, "hidden by the box, it gets its own time once it shows");
        assert_eq!(n.take_key(now + READ_TIME * 2), KeyTaken::NoNotice);
        assert!(n.is_empty());
    }
}
