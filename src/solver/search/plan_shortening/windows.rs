//! The windows of a plan to re-solve, what a search of one learned, and splicing the shorter
//! paths found back in.

use crate::puzzle::{Board, Move};
use crate::solver::search::plan_shortening::reflection::Turn;

/// One window to re-solve: from state `start` to state `end` along the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Job {
    pub start: usize,
    pub end: usize,
    pub how: How,
}

/// How a window is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum How {
    /// IDA* with Manhattan plus linear conflict toward the end state.
    Toward,
    /// IDA* with the pattern databases (the window ends at the goal).
    ToGoal,
    /// The bounded search with the pattern databases, on the window turned so that its end
    /// state is the goal (its blank must be in a corner): not optimal, but far reaching.
    Beam,
}

/// Windows of `window` moves (none below 2), overlapping by half, covering a path of `len`
/// moves; and
/// first, if `tail` is given (the path ends at the goal), one tail window of that many moves.
pub(crate) fn window_jobs(len: usize, window: usize, tail: Option<usize>) -> Vec<Job> {
    let window = window.min(len);
    let stride = (window / 2).max(1);
    let mut jobs = Vec::new();
    // The tail first: with the pattern databases it is the window most likely to shrink.
    if let Some(t) = tail {
        let t = t.min(len);
        jobs.push(Job {
            start: len - t,
            end: len,
            how: How::ToGoal,
        });
    }
    let mut start = 0;
    while window >= 2 && start < len {
        let end = (start + window).min(len);
        let job = Job {
            start: end - window,
            end,
            how: How::Toward,
        };
        if !jobs.first().is_some_and(|j| j.start == job.start && j.end == job.end) {
            jobs.push(job);
        }
        start = if end == len { len } else { start + stride };
    }
    jobs
}

/// Beam windows: for the end at the goal and for states along the plan whose blank is in a
/// corner (spread out), windows of each length in `percents` of the plan's length that fit.
/// The goal's windows come first.
pub(crate) fn beam_jobs(states: &[Board], percents: &[usize]) -> Vec<Job> {
    let len = states.len() - 1;
    let side = states[0].size().side();
    let mut ends = Vec::new();
    if states[len].is_goal() {
        ends.push(len);
    }
    let spacing = (len / 6).max(1);
    for j in (1..len).rev() {
        if Turn::to_goal_corner(states[j].blank(), side).is_some() && ends.last().is_none_or(|&e| e >= j + spacing) {
            ends.push(j);
        }
    }
    let mut jobs = Vec::new();
    for &end in &ends {
        for &p in percents {
            let w = len * p / 100;
            if w >= 2 && w <= end {
                jobs.push(Job {
                    start: end - w,
                    end,
                    how: How::Beam,
                });
            }
        }
    }
    jobs
}

/// Replaces windows by their shorter paths: the largest gains first, skipping any window
/// that overlaps one already taken (its states would no longer be on the path).
pub(crate) fn splice(path: &[Move], mut found: Vec<(usize, usize, Vec<Move>)>) -> Vec<Move> {
    found.sort_by_key(|(s, e, m)| (std::cmp::Reverse(e - s - m.len()), *s));
    let mut taken: Vec<(usize, usize, Vec<Move>)> = Vec::new();
    for f in found {
        if taken.iter().all(|t| f.1 <= t.0 || t.1 <= f.0) {
            taken.push(f);
        }
    }
    taken.sort_by_key(|t| t.0);
    let mut out = Vec::with_capacity(path.len());
    let mut at = 0;
    for (s, e, moves) in taken {
        out.extend_from_slice(&path[at..s]);
        out.extend_from_slice(&moves);
        at = e;
    }
    out.extend_from_slice(&path[at..]);
    out
}

/// What a window search learned.
pub(crate) enum Window {
    /// A path shorter than the window.
    Shorter(Vec<Move>),
    /// None is shorter: the window is already a shortest path.
    Shortest,
    /// Out of budget or stopped before knowing.
    Unknown,
}
