//! A pausable stopwatch for the time a player spends on a game.

use std::time::{Duration, Instant};

/// Play time: accumulated while running, frozen while paused (and across save/resume).
#[derive(Debug, Clone, Default)]
pub struct Clock {
    accumulated: Duration,
    running_since: Option<Instant>,
}

impl Clock {
    /// A stopped clock showing `elapsed`.
    pub(crate) fn stopped_at(elapsed: Duration) -> Clock {
        Clock {
            accumulated: elapsed,
            running_since: None,
        }
    }

    /// Starts (or keeps) the clock running.
    pub fn start(&mut self) {
        if self.running_since.is_none() {
            self.running_since = Some(Instant::now());
        }
    }

    /// Stops the clock, keeping the time so far.
    pub fn stop(&mut self) {
        if let Some(since) = self.running_since.take() {
            self.accumulated += since.elapsed();
        }
    }

    /// Whether the clock is running.
    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// The time so far.
    pub fn elapsed(&self) -> Duration {
        self.accumulated + self.running_since.map_or(Duration::ZERO, |s| s.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopped_clock_does_not_advance() {
        let mut c = Clock::stopped_at(Duration::from_secs(3));
        assert_eq!(c.elapsed(), Duration::from_secs(3));
        c.start();
        c.stop();
        assert!(c.elapsed() >= Duration::from_secs(3));
        assert!(!c.is_running());
    }
}
