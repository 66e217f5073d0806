//! How to shorten: the window schedule, budgets and threads.

use std::time::Duration;

use crate::solver::options::available_threads;
use crate::solver::search::plan_shortening::window_solver::WindowSolver;

/// How to shorten: the window schedule, budgets and threads. [`Options::default`] holds
/// the measured choice (BENCHMARKS.md).
#[derive(Clone)]
pub struct Options<'a> {
    /// Threads that take windows (at least 1).
    pub threads: usize,
    /// The first window length, in moves.
    pub first_window: usize,
    /// The longest window, in moves (below 2: no IDA* windows but the tail).
    pub max_window: usize,
    /// Nodes one window search may expand at first.
    pub first_budget: u64,
    /// Factor by which the node budget grows after a pass with no gain.
    pub budget_growth: u64,
    /// Factor by which the window (and the tail window) grows after a pass with no gain,
    /// in percent, up to their maximum.
    pub window_growth: usize,
    /// The solver, for its pattern databases (tail windows, solved optimally toward the
    /// goal) and its bounded search (beam windows). Without it only loop cutting and the
    /// Manhattan-guided windows run.
    pub solver: Option<&'a dyn WindowSolver>,
    /// The longest tail window solved optimally with the pattern databases (0: none).
    pub max_tail: usize,
    /// The first time given to the bounded search on one beam window (zero: no beam
    /// windows); it doubles after a pass with no gain.
    pub beam_slice: Duration,
    /// Beam window lengths, in percent of the plan's length.
    pub beam_windows: &'a [usize],
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            threads: available_threads(),
            first_window: 12,
            max_window: 60,
            first_budget: 20_000,
            budget_growth: 3,
            window_growth: 150,
            solver: None,
            max_tail: 40,
            beam_slice: Duration::from_millis(250),
            beam_windows: &[20, 35, 50, 65],
        }
    }
}
