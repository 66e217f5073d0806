//! The result of a daily puzzle as one line to share: how it went, never how to solve it.
//!
//! The line names the day, the size, the moves against par, the time and the help taken,
//! so that players can compare results without giving the board or a move away:
//! `Slide daily 2026-12-02 · 4×4 · 47 moves (par 41) · 2:13 · no hints`.

use std::fmt;
use std::time::Duration;

use crate::difficulty::UtcDate;
use crate::puzzle::Size;

/// A finished daily puzzle, as shared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareResult {
    /// The puzzle's day.
    pub date: UtcDate,
    /// The board size.
    pub size: Size,
    /// Moves made.
    pub moves: u32,
    /// The optimal length, if known.
    pub par: Option<u32>,
    /// Play time; `None` when the solver finished it (its time is not the player's).
    pub time: Option<Duration>,
    /// Hints shown in this attempt.
    pub hints: u32,
    /// Whether the solver played moves.
    pub solver_used: bool,
    /// Whether the puzzle was helped in an earlier attempt (hints before a restart).
    pub assisted: bool,
    /// A second win of the day's puzzle (the streak counts the first).
    pub replay: bool,
}

impl ShareResult {
    /// The help taken, in words: "no hints", "1 hint", "3 hints", "solver played", "helped".
    fn help(&self) -> String {
        match (self.hints, self.solver_used) {
            (_, true) => "solver played".to_string(),
            (0, false) if self.assisted => "helped".to_string(),
            (0, false) => "no hints".to_string(),
            (1, false) => "1 hint".to_string(),
            (n, false) => format!("{n} hints"),
        }
    }
}

impl fmt::Display for ShareResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.moves == 1 { "" } else { "s" };
        write!(
            f,
            "Slide daily {} · {} · {} move{plural}",
            self.date, self.size, self.moves
        )?;
        if let Some(par) = self.par {
            write!(f, " (par {par})")?;
        }
        if let Some(time) = self.time {
            write!(f, " · {}", crate::time_format::format_clock(time.as_millis() as u64))?;
        }
        write!(f, " · {}", self.help())?;
        if self.replay {
            write!(f, " · replay")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result() -> ShareResult {
        ShareResult {
            date: UtcDate::new(2026, 12, 2).unwrap(),
            size: Size::FOUR,
            moves: 47,
            par: Some(41),
            time: Some(Duration::from_millis(133_900)),
            hints: 0,
            solver_used: false,
            assisted: false,
            replay: false,
        }
    }

    #[test]
    fn the_documented_example() {
        assert_eq!(
            result().to_string(),
            "Slide daily 2026-12-02 · 4×4 · 47 moves (par 41) · 2:13 · no hints"
        );
    }

    #[test]
    fn help_par_time_and_replays_are_worded() {
        let mut r = result();
        r.hints = 1;
        assert!(r.to_string().ends_with("· 2:13 · 1 hint"), "{r}");
        r.hints = 3;
        assert!(r.to_string().ends_with("· 3 hints"), "{r}");
        r.solver_used = true;
        r.time = None;
        assert!(r.to_string().ends_with("(par 41) · solver played"), "{r}");
        let mut r = result();
        r.assisted = true;
        assert!(r.to_string().ends_with("· helped"), "{r}");
        let mut r = result();
        r.par = None;
        r.moves = 1;
        r.replay = true;
        r.size = Size::SIX;
        r.time = Some(Duration::from_secs(3 * 3600 + 5 * 60 + 9));
        assert_eq!(
            r.to_string(),
            "Slide daily 2026-12-02 · 6×6 · 1 move · 3:05:09 · no hints · replay"
        );
    }

    #[test]
    fn nothing_of_the_board_is_given_away() {
        // Only digits of the date, size, counts and time: no tile list, no move letters.
        let text = result().to_string();
        assert!(!text.contains(['U', 'D', 'L', 'R']), "{text}");
        assert_eq!(text.matches(" · ").count(), 4);
    }
}
