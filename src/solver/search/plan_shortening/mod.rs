//! Making a found plan shorter: iterated improvement of a whole solution.
//!
//! The bounded search returns a plan that is good but not shortest. Three repairs, repeated
//! while time remains:
//!
//! 1. **Loop cutting.** Where the plan passes the same state twice, the moves between the
//!    two visits do nothing: drop them.
//! 2. **IDA* windows.** For a stretch `s_i .. s_{i+k}` of the states along the plan, IDA*
//!    looks for a path between the two states shorter than `k` moves, guided by Manhattan
//!    distance plus linear conflicts toward the window's *end* state (each tile's target
//!    cell is where the end state holds it). The window that ends at the goal (the tail) is
//!    searched with the pattern databases instead, when the solver has them. Each search
//!    has a node budget, and a window proven shortest is remembered and not searched again.
//! 3. **Beam windows.** Where a state along the plan has its blank in a corner, the board
//!    is reflected so that the corner is the bottom-right and the tiles relabelled by their
//!    cells in that state: the window ending there becomes an ordinary puzzle whose goal is
//!    the standard one, and the solver's bounded search (with its pattern databases) solves
//!    it within a time slice. The goal itself is such an end, so the commonest beam window
//!    is a suffix of the plan: from a state part-way along, the beam has a shorter problem
//!    and often finds a shorter way home.
//!
//! A shorter path is spliced in (the largest gains first, windows that overlap one taken
//! skipped) and loops cut again. Windows are independent, so the threads take different
//! windows. After a pass in which nothing improved, windows, node budgets and time slices
//! grow. The result is never longer than the plan given and always a legal path to the
//! same end.
//!
//! What it buys (BENCHMARKS.md): the beam's plans are already tight locally (most windows
//! of up to 40-60 moves are proven shortest), so the gains are small: about 2% on 6×6 and
//! under 1% on 5×5 in a second.
//!
//! Cancellation: every IDA* window polls the [`Stop`] every `STOP_CHECK_MASK` + 1 nodes
//! (well under a millisecond), the bounded search every few thousand, and the driver
//! between windows. A beam window is not started with less than `MIN_SLICE` left before
//! the deadline.
//!
//! The files: [`shorten`](shorten()) drives the passes; a pass ([`pass`]) searches the
//! windows ([`windows`]) of the path's states ([`path`]) on every thread, by IDA* toward a
//! window's end ([`window_search`], [`toward`]) or by the beam on a reflected board
//! ([`beam_window`]). The solver is reached only through [`WindowSolver`].

mod beam_window;
mod options;
mod pass;
mod path;
mod reflection;
mod shorten;
#[cfg(test)]
mod test_walks;
mod toward;
mod window_search;
mod window_solver;
mod windows;

pub use options::Options;
pub use shorten::{shorten, shorten_with};
pub use window_solver::WindowSolver;
