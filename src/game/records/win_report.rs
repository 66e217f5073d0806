//! What the win box says, decided by the model: the view draws these figures and words and
//! judges nothing itself (see `assets/records.txt`).
//!
//! - A solver-finished game has its time (as the history keeps it), but no TPS and no
//!   "optimal!": the solver's moves are not the player's.
//! - Only a ranked win sets a best (see `ranked.rs`).
//! - "optimal!" and the moves over par compare the moves made (every tile slid, undone
//!   ones included) with the proven par; against an estimate (5×5, 6×6, a large shape)
//!   nothing is optimal.
//! - A replay sets no best.
//! - A marathon or relay from a seed the player chose is practice: recorded in a row of
//!   its own, it claims no best and no record.

use std::time::Duration;

use crate::difficulty::ShareResult;
use crate::game::play::game::Game;
use crate::game::play::run_par::ParSum;
use crate::game::records::averages::tps;
use crate::game::records::outcome::Outcome;
use crate::game::records::run_legs::splits;
use crate::game::records::speed::Speed;
use crate::game::records::stats::{Beaten, Bests, Record};

/// The par line of the win box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParLine {
    /// No par known.
    Unknown,
    /// The proven optimal length from the start; `extra` is the moves made beyond it
    /// (`Some(0)`: optimal!), `None` when the game is not judged (the solver finished it).
    Proven {
        /// The par.
        par: u32,
        /// Moves made beyond it.
        extra: Option<u32>,
    },
    /// The shortest plan found from the start (5×5, 6×6, a large shape), not proven optimal; `made` is
    /// the moves made, `None` when not judged.
    Estimate {
        /// The plan's length.
        best_found: u32,
        /// Moves made.
        made: Option<u32>,
    },
}

/// A daily puzzle's part of the win box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyReport {
    /// The line to share.
    pub share: ShareResult,
    /// The size's current streak, after this game.
    pub streak: u32,
    /// The size's best streak.
    pub best_streak: u32,
    /// Won again: the streak counts the first win of the day.
    pub replay: bool,
    /// Finished after its own day: a win, not a streak day.
    pub late: bool,
}

/// Everything the win box states about a finished attempt.
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts the win box states, not a mode"
)]
pub struct WinReport {
    /// Won by the player, or solver-finished.
    pub result: Outcome,
    /// A board already finished before: counted under replays only.
    pub replay: bool,
    /// Moves standing between the start and the goal.
    pub moves: u32,
    /// Single-tile moves made (undos included): the moves records count.
    pub stm: u32,
    /// Multi-tile moves (a segment slid at once is one).
    pub mtm: u32,
    /// The time, to the millisecond (a solver-finished game's too, as the history has it).
    pub time_ms: Option<u64>,
    /// Tiles per second; `None` for a solver-finished game (or no time).
    pub tps: Option<f64>,
    /// Hints shown in this attempt.
    pub hints: u32,
    /// Whether the solver slid a tile in this attempt.
    pub solver_used: bool,
    /// Whether the attempt was ranked: it may set a best and enter the averages.
    pub ranked: bool,
    /// Whether the puzzle was helped at any time (restarts included).
    pub assisted: bool,
    /// Helped in an earlier attempt only (hints before a restart): counted as helped.
    pub helped_before: bool,
    /// The par and how the moves made compare (a run's: the sum of its boards').
    pub par: ParLine,
    /// A marathon's or relay's number of boards (`None` for a single board).
    pub run_boards: Option<u32>,
    /// A marathon's or relay's splits: each board's time in milliseconds, in order.
    pub splits: Vec<u64>,
    /// A marathon or relay dealt from a seed the player chose: recorded apart, unranked.
    pub seeded_run: bool,
    /// The bests this game set (only a ranked win sets any).
    pub beaten: Option<Beaten>,
    /// Why the result was not recorded, if it was not.
    pub not_stored: Option<String>,
    /// The single bests of this puzzle or row, after this game.
    pub bests: Bests,
    /// The row of this size and kind, after this game.
    pub record: Option<Record>,
    /// This session's averages of this size and level (dealt levels only).
    pub session: Option<Speed>,
    /// The daily puzzle's streak and line to share.
    pub daily: Option<DailyReport>,
}

/// What the records said about a win, once: the one answer the win box's records part is
/// made of ([`WinReport::of`] adds the game's own figures and the rules).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recorded {
    /// A board already finished before: counted under replays only.
    pub replay: bool,
    /// The bests the win set, if any.
    pub beaten: Option<Beaten>,
    /// The attempt was recorded ranked.
    pub ranked: bool,
    /// Why the result was not recorded, if it was not.
    pub not_stored: Option<String>,
    /// The single bests of this puzzle or row, after the win.
    pub bests: Bests,
    /// The row of this size and kind, after the win.
    pub record: Option<Record>,
    /// This session's averages of the row (dealt levels only).
    pub session: Option<Speed>,
    /// The size's daily streak, after the win.
    pub streak: u32,
    /// The size's best daily streak.
    pub best_streak: u32,
    /// A daily puzzle finished after its own day: a win, not a streak day.
    pub late: bool,
}

impl WinReport {
    /// The report of `game`, solved, with what recording it said.
    pub(crate) fn of(game: &Game, recorded: Recorded) -> WinReport {
        let solver = game.log().solver_moved();
        let result = if solver { Outcome::Solver } else { Outcome::Won };
        let stm = game.stm();
        let ms = game.clock().elapsed().as_millis() as u64;
        let judged = (!solver).then_some(stm);
        // A run's par is the sum of its boards' (see `run_par.rs`), compared with every
        // tile slid in the whole run.
        let par = match game.attempt_par() {
            ParSum::Proven(par) => ParLine::Proven {
                par,
                extra: judged.map(|m| m.saturating_sub(par)),
            },
            ParSum::BestFound(best_found) => ParLine::Estimate {
                best_found,
                made: judged,
            },
            ParSum::Unknown => ParLine::Unknown,
        };
        let daily = game.daily().map(|date| DailyReport {
            share: ShareResult {
                date,
                size: game.size(),
                moves: stm,
                par: game.par(),
                time: (!solver).then(|| Duration::from_millis(ms)),
                hints: game.hints_used(),
                solver_used: solver,
                assisted: game.assisted(),
                replay: recorded.replay,
            },
            streak: recorded.streak,
            best_streak: recorded.best_streak,
            replay: recorded.replay,
            late: recorded.late,
        });
        WinReport {
            result,
            replay: recorded.replay,
            // A marathon's or relay's moves are the whole run's, not its last board's.
            moves: if game.run().is_some() { stm } else { game.moves() },
            stm,
            mtm: game.mtm(),
            time_ms: Some(ms),
            tps: if solver { None } else { tps(u64::from(stm), ms) },
            hints: game.hints_used(),
            solver_used: solver,
            ranked: recorded.ranked && !recorded.replay && !solver,
            assisted: game.assisted(),
            helped_before: game.assisted() && game.hints_used() == 0 && !solver,
            par,
            run_boards: game.run().map(|r| r.kind().count()),
            splits: game
                .run()
                .and_then(|r| splits(&r.scrambles(), game.log(), ms, true))
                .unwrap_or_default(),
            seeded_run: game.is_seeded_run(),
            beaten: if recorded.replay || solver || game.is_seeded_run() {
                None
            } else {
                recorded.beaten
            },
            not_stored: recorded.not_stored,
            bests: recorded.bests,
            record: recorded.record,
            session: recorded.session,
            daily,
        }
    }

    /// Whether the win box may say "optimal!": the player's own finish in exactly par.
    pub fn optimal(&self) -> bool {
        matches!(self.par, ParLine::Proven { extra: Some(0), .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Level;
    use crate::puzzle::Move;

    fn game() -> Game {
        // Blank bottom-middle: one move to the goal; par 1.
        Game::new(
            "1 2 3 4 5 6 7 0 8".parse().unwrap(),
            Some(Level::Easy),
            Some(3),
            Some(1),
        )
    }

    #[test]
    fn optimal_counts_the_moves_made_with_undos() {
        let mut g = game();
        assert!(g.play(Move::Left));
        let r = WinReport::of(&g, Recorded::default());
        assert!(r.optimal());
        assert_eq!(r.result, Outcome::Won);
        let mut g = game();
        g.play(Move::Right);
        g.undo();
        g.play(Move::Left);
        let r = WinReport::of(&g, Recorded::default());
        assert_eq!(r.moves, 1, "one move stands");
        assert_eq!(r.par, ParLine::Proven { par: 1, extra: Some(2) }, "three were made");
        assert!(!r.optimal());
    }

    #[test]
    fn a_solver_finish_has_its_time_but_no_tps_optimal_or_best() {
        let mut g = game();
        assert!(g.play_by_solver(Move::Left));
        let recorded = Recorded {
            beaten: Some(Beaten::default()),
            ranked: true,
            ..Recorded::default()
        };
        let r = WinReport::of(&g, recorded);
        assert_eq!(r.result, Outcome::Solver);
        let time = g.clock().elapsed().as_millis() as u64;
        assert_eq!((r.time_ms, r.tps, r.beaten.clone()), (Some(time), None, None));
        assert!(!r.ranked, "as the history has it");
        assert_eq!(r.par, ParLine::Proven { par: 1, extra: None });
        assert!(!r.optimal());
    }

    #[test]
    fn a_replay_sets_no_best() {
        let mut g = game();
        g.play(Move::Left);
        let recorded = Recorded {
            replay: true,
            beaten: Some(Beaten::default()),
            ..Recorded::default()
        };
        let r = WinReport::of(&g, recorded);
        assert!(r.replay && r.beaten.is_none());
    }

    #[test]
    fn a_run_from_a_chosen_seed_claims_no_best() {
        let mut g = Game::new_run(
            crate::game::play::run::RunKind::Marathon {
                size: crate::puzzle::Size::THREE,
                count: 2,
            },
            42,
        );
        g.mark_seed_chosen();
        let recorded = Recorded {
            beaten: Some(Beaten::default()),
            ..Recorded::default()
        };
        let r = WinReport::of(&g, recorded);
        assert!(r.seeded_run);
        assert_eq!(r.beaten, None, "practice sets no record");
        let r = WinReport::of(
            &Game::new_run(crate::game::play::run::RunKind::relay_to(crate::puzzle::Size::FOUR), 42),
            Recorded {
                beaten: Some(Beaten::default()),
                ..Recorded::default()
            },
        );
        assert!(!r.seeded_run && r.beaten.is_some(), "a run dealt at random can set one");
    }
}
