//! What an attempt's result is: the one rule, decided once per attempt (see
//! `assets/records.txt`).
//!
//! - solved by the player alone, or with hints: **won**;
//! - solved with any move made by the solver: **solver-finished**, never won;
//! - left or restarted after a move, unassisted: a **DNF** (it enters the averages);
//! - left or restarted after a move, assisted: **given up** (played, not won, no DNF);
//! - left or restarted before any move: nothing, it was not played.
//!
//! Whether it counts at all (a replay of a board already won counts only as a replay) is
//! decided when the attempt starts, not here.

use serde::{Deserialize, Serialize};

/// How an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Solved by the player (hints allowed).
    Won,
    /// Solved, with at least one move made by the solver.
    Solver,
    /// Did not finish: left or restarted after a move, with no help.
    Dnf,
    /// Left or restarted after a move, with help (hints or the solver).
    GaveUp,
}

impl Outcome {
    /// The name in files and in `slide history --json`: `won`, `solver`, `dnf`, `gave_up`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::Solver => "solver",
            Outcome::Dnf => "dnf",
            Outcome::GaveUp => "gave_up",
        }
    }
}

/// What ended an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The board reached the goal.
    Solved,
    /// The player left it: another game, the next scramble, the menu's new game.
    Left,
    /// The player started the same puzzle again.
    Restarted,
}

/// The result of an attempt that ended by `ending`, after `moved` (any tile slid in this
/// attempt), `assisted` (hints or the solver on this puzzle, restarts included) and
/// `solver_moved` (the solver slid a tile in this attempt); `None` when nothing is to be
/// recorded.
pub fn decide(ending: Ending, moved: bool, assisted: bool, solver_moved: bool) -> Option<Outcome> {
    match ending {
        Ending::Solved if solver_moved => Some(Outcome::Solver),
        Ending::Solved => Some(Outcome::Won),
        Ending::Left | Ending::Restarted if !moved => None,
        Ending::Left | Ending::Restarted if assisted || solver_moved => Some(Outcome::GaveUp),
        Ending::Left | Ending::Restarted => Some(Outcome::Dnf),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules() {
        use Ending::{Left, Restarted, Solved};
        assert_eq!(decide(Solved, true, false, false), Some(Outcome::Won));
        assert_eq!(decide(Solved, true, true, false), Some(Outcome::Won), "hints allowed");
        assert_eq!(decide(Solved, true, true, true), Some(Outcome::Solver));
        for ending in [Left, Restarted] {
            assert_eq!(decide(ending, false, true, false), None, "not played");
            assert_eq!(decide(ending, true, false, false), Some(Outcome::Dnf));
            assert_eq!(decide(ending, true, true, false), Some(Outcome::GaveUp));
            assert_eq!(decide(ending, true, true, true), Some(Outcome::GaveUp));
        }
        assert_eq!(Outcome::GaveUp.name(), "gave_up");
        assert_eq!(serde_json::to_string(&Outcome::Solver).unwrap(), "\"solver\"");
    }
}
