//! One pass over the windows of a path: each searched once, the threads taking windows in
//! turn, the shorter paths found returned.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::puzzle::{Board, Move};
use crate::solver::cancel::Stop;
use crate::solver::heuristic::compact_pdb_heuristic::CompactPdbHeuristic;
use crate::solver::heuristic::pdb_heuristic::PdbHeuristic;
use crate::solver::search::ida_star::MoveTable;
use crate::solver::search::plan_shortening::beam_window::beam_window;
use crate::solver::search::plan_shortening::toward::Toward;
use crate::solver::search::plan_shortening::window_search::shortest_within;
use crate::solver::search::plan_shortening::window_solver::WindowSolver;
use crate::solver::search::plan_shortening::windows::{How, Job, Window};
use crate::solver::tables::pattern_db::PatternDb;
use crate::threads::{lock, spawn_search};

/// One pass over the windows of a path, with its budgets.
pub(crate) struct Pass<'a> {
    pub states: &'a [Board],
    pub keys: Vec<u64>,
    /// Nodes per IDA* window.
    pub budget: u64,
    /// Time per beam window.
    pub slice: Duration,
    pub stop: &'a Stop,
    pub solver: Option<&'a dyn WindowSolver>,
    pub goal_db: Option<&'a Arc<PatternDb>>,
    /// Windows known to be shortest, by their end states' keys (IDA* windows only; a beam
    /// window tried once at this slice is there with the slice in milliseconds).
    pub proven: &'a Mutex<HashSet<(u64, u64, u64)>>,
}

impl Pass<'_> {
    /// Searches every job's window, `threads` at a time, and returns the shorter paths
    /// found (at most one per job) as (start, end, moves).
    pub fn run(&self, jobs: &[Job], threads: usize) -> Vec<(usize, usize, Vec<Move>)> {
        let next = AtomicUsize::new(0);
        let found = Mutex::new(Vec::new());
        let side = self.states[0].size().side();
        let work = || {
            let table = MoveTable::new(side);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&job) = jobs.get(i) else { break };
                if self.stop.should_stop() {
                    break;
                }
                let tag = if job.how == How::Beam {
                    self.slice.as_millis() as u64 + 1
                } else {
                    0
                };
                let id = (self.keys[job.start], self.keys[job.end], tag);
                if lock(self.proven).contains(&id) {
                    continue;
                }
                let (from, to) = (&self.states[job.start], &self.states[job.end]);
                let limit = (job.end - job.start) as u32;
                let window = match (job.how, self.goal_db, self.solver) {
                    // The large tables are stored compactly and need their own reader.
                    (How::ToGoal, Some(db), _) if db.partition().is_compact() => shortest_within(
                        &CompactPdbHeuristic::new(db),
                        &table,
                        from,
                        to,
                        limit,
                        self.budget,
                        self.stop,
                    ),
                    (How::ToGoal, Some(db), _) => {
                        shortest_within(&PdbHeuristic::new(db), &table, from, to, limit, self.budget, self.stop)
                    }
                    (How::Beam, _, Some(solver)) => beam_window(solver, from, to, limit, self.slice, self.stop),
                    _ => shortest_within(&Toward::new(to), &table, from, to, limit, self.budget, self.stop),
                };
                match window {
                    Window::Shorter(moves) => lock(&found).push((job.start, job.end, moves)),
                    Window::Shortest => {
                        lock(self.proven).insert(id);
                    }
                    // A beam window tried at this slice would only find the same again.
                    Window::Unknown if job.how == How::Beam => {
                        lock(self.proven).insert(id);
                    }
                    Window::Unknown => {}
                }
            }
        };
        if threads <= 1 || jobs.len() <= 1 {
            work();
        } else {
            std::thread::scope(|s| {
                for _ in 1..threads.min(jobs.len()) {
                    spawn_search(s, work);
                }
                work();
            });
        }
        found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
