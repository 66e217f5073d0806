//! When an attempt's clock runs: the model's rule, so that the time recorded is the one the
//! rules give, whatever screen is on top.
//!
//! The clock runs only while all of these hold:
//! - the player has made a move, or the inspection of a fresh board ran out (as in
//!   competition, the clock then starts by itself); an attempt resumed with time on its
//!   clock runs from the moment its board shows (the game shows it hidden first), so a
//!   resume is no free look and inspection happens once an attempt;
//! - the board is on screen (no menu, help, pause or statistics over it; a terminal too
//!   small to show it counts as hidden);
//! - the solver is not playing: its animation's time is not the player's, and after it
//!   the clock waits for the player's next move;
//! - the puzzle is not solved: a win's time is final.

use std::time::{Duration, Instant};

use crate::game::play::clock::Clock;

/// An attempt's clock and the state that decides whether it runs.
#[derive(Debug, Clone, Default)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "the independent conditions of the rule above, each told apart"
)]
pub(crate) struct PlayClock {
    clock: Clock,
    /// The player moved, or the inspection ran out (in this sitting or before a resume).
    armed: bool,
    /// When the inspection of a fresh board runs out.
    inspection_until: Option<Instant>,
    /// The board is on screen.
    shown: bool,
    /// The solver played last: the clock waits for the player.
    solver: bool,
    /// The puzzle is solved: the time is final.
    finished: bool,
    /// The board's time on screen before the clock started: the look, or memorisation of
    /// a blind solve (see [`PlayClock::memo`]).
    look: Clock,
    /// Resumed from a save: the look before it is not known, so none is claimed.
    resumed: bool,
}

impl PlayClock {
    /// A stopped clock showing `elapsed` (a resumed game). With time on it the attempt was
    /// under way: it runs again as soon as the board is shown. Without, it waits for the
    /// first move, as a fresh board does.
    pub fn resumed(elapsed: Duration) -> PlayClock {
        PlayClock {
            clock: Clock::stopped_at(elapsed),
            armed: elapsed > Duration::ZERO,
            resumed: true,
            ..PlayClock::default()
        }
    }

    /// The stopwatch itself.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The attempt's time so far.
    pub fn elapsed(&self) -> Duration {
        self.clock.elapsed()
    }

    /// How long the board was on screen before the clock started (the first move, or the
    /// inspection running out): slidysim's memo time. `None` before then, and for an
    /// attempt resumed from a save, whose look before the save is unknown.
    pub fn memo(&self) -> Option<Duration> {
        (self.armed && !self.resumed).then(|| self.look.elapsed())
    }

    /// Starts an inspection of `length` from `now` (a fresh board; zero: none).
    pub fn inspect(&mut self, length: Duration, now: Instant) {
        self.inspection_until = (!length.is_zero()).then(|| now + length);
    }

    /// Whole seconds of inspection left (rounded up), while it runs.
    pub fn inspection_left(&self, now: Instant) -> Option<u64> {
        let t = self.inspection_until?;
        Some(t.saturating_duration_since(now).as_millis().div_ceil(1000) as u64)
    }

    /// Whether an inspection is running.
    pub fn inspecting(&self) -> bool {
        self.inspection_until.is_some()
    }

    /// The player slid a tile.
    pub(crate) fn player_moved(&mut self) {
        self.armed = true;
        self.solver = false;
        self.inspection_until = None;
        self.sync();
    }

    /// The solver slid a tile: the clock stops until the player's next move.
    pub fn solver_moved(&mut self) {
        self.solver = true;
        self.inspection_until = None;
        self.sync();
    }

    /// Time passed: an inspection that ran out starts the clock.
    pub fn tick(&mut self, now: Instant) {
        if self.inspection_until.is_some_and(|t| now >= t) {
            self.inspection_until = None;
            self.armed = true;
            self.sync();
        }
    }

    /// Whether the board is on screen.
    pub fn show(&mut self, shown: bool) {
        self.shown = shown;
        self.sync();
    }

    /// Whether the board is on screen (as last told).
    pub fn shown(&self) -> bool {
        self.shown
    }

    /// The puzzle is solved: the clock stops for good.
    pub fn finish(&mut self) {
        self.finished = true;
        self.sync();
    }

    /// Stops the clock (on quit or a signal, before the last save).
    pub fn stop(&mut self) {
        self.shown = false;
        self.sync();
    }

    fn sync(&mut self) {
        if self.shown && !self.armed && !self.finished {
            self.look.start();
        } else {
            self.look.stop();
        }
        if self.shown && self.armed && !self.solver && !self.finished {
            self.clock.start();
        } else {
            self.clock.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_runs_on_screen_from_the_first_move_to_the_win() {
        let mut c = PlayClock::default();
        c.show(true);
        assert!(!c.clock().is_running(), "no move yet");
        c.player_moved();
        assert!(c.clock().is_running());
        c.show(false);
        assert!(!c.clock().is_running(), "a screen over the board pauses it");
        c.show(true);
        c.solver_moved();
        assert!(
            !c.clock().is_running(),
            "the solver's animation is not the player's time"
        );
        c.player_moved();
        assert!(c.clock().is_running(), "the player's next move starts it again");
        c.finish();
        c.player_moved();
        assert!(!c.clock().is_running(), "a win's time is final");
    }

    #[test]
    fn an_inspection_that_runs_out_starts_the_clock() {
        let now = Instant::now();
        let mut c = PlayClock::default();
        c.show(true);
        c.inspect(Duration::from_secs(3), now);
        assert_eq!(c.inspection_left(now + Duration::from_millis(10)), Some(3));
        c.tick(now + Duration::from_secs(1));
        assert!(!c.clock().is_running());
        c.tick(now + Duration::from_secs(3));
        assert!(c.clock().is_running() && !c.inspecting());
        c.inspect(Duration::ZERO, now);
        assert!(!c.inspecting(), "zero seconds: no inspection");
    }

    #[test]
    fn a_resumed_attempt_runs_from_the_moment_its_board_shows() {
        let mut c = PlayClock::resumed(Duration::from_secs(2));
        assert!(!c.clock().is_running(), "hidden at first");
        c.show(true);
        assert!(c.clock().is_running(), "no free look before the first move");
        assert!(c.elapsed() >= Duration::from_secs(2), "a resumed time carries on");
        let mut fresh = PlayClock::resumed(Duration::ZERO);
        fresh.show(true);
        assert!(!fresh.clock().is_running(), "a deal never started waits for a move");
    }

    #[test]
    fn the_memo_is_the_look_on_screen_before_the_first_move_and_a_resume_claims_none() {
        let mut c = PlayClock::default();
        c.show(true);
        std::thread::sleep(Duration::from_millis(30));
        c.show(false);
        std::thread::sleep(Duration::from_millis(60));
        c.show(true);
        assert_eq!(c.memo(), None, "no move yet");
        c.player_moved();
        let memo = c.memo().expect("the first move ends the look");
        assert!(
            memo >= Duration::from_millis(30) && memo < Duration::from_millis(85),
            "{memo:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(c.memo(), Some(memo), "the look ended with the first move");
        let mut resumed = PlayClock::resumed(Duration::ZERO);
        resumed.show(true);
        resumed.player_moved();
        assert_eq!(resumed.memo(), None);
    }
}
