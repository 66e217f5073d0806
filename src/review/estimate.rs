//! Estimated distances along a 5×5 or 6×6 game, where optimal searches take hours.
//!
//! The game's positions form a graph: each distinct position is a node (a position
//! reached twice is one node), and each move joins two nodes. Plans are known from some
//! nodes: the goal (0 moves), the plans the game already knew (the par plan from the
//! start), and a bounded plan from a checkpoint every few moves. The estimate of a node is
//! the shortest way to the goal that these give: walk the game's graph to a node with a
//! plan, then follow the plan,
//!
//! `estimate(p) = min over nodes q with a plan of length u(q): u(q) + steps(p, q)`.
//!
//! So, as true distances do:
//! - the same position always has the same figure (one node);
//! - no figure exceeds a plan known for its position (`steps(p, p) = 0`);
//! - consecutive figures differ by exactly one: by at most one, since neighbours are one
//!   step apart, and not by zero, since every move flips a position's parity and every
//!   term `u(q) + steps(p, q)` has the parity of `p`'s true distance;
//! - a move and its reverse is a detour of two moves.
//!
//! Every figure is a length the player could have reached, hence at least the true
//! distance, hence at least the position's proven lower bound, which is reported beside
//! it: where the two meet, the figure is proven.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::Duration;

use crate::puzzle::Board;
use crate::review::error::ReviewError;
use crate::review::options::{Progress, ReviewOptions};
use crate::solver::{SolveError, SolveOptions, Solver, lower_bound};

/// Moves between two checkpoints that get their own plan.
const CHECKPOINT_EVERY: usize = 10;
/// The least time a plan is given, however many checkpoints share the budget.
const MIN_PLAN_TIME: Duration = Duration::from_millis(40);

/// The estimates and the proven lower bounds of a game's positions.
pub(super) struct Estimates {
    /// The estimated distance of each position.
    pub distances: Vec<u32>,
    /// The proven lower bound of each position.
    pub lower_bounds: Vec<u32>,
}

/// The game's positions as a graph: a node per distinct position.
struct Graph {
    /// The node of each position of the game.
    node_of: Vec<usize>,
    /// Each node's board.
    boards: Vec<Board>,
    /// Each node's neighbours.
    edges: Vec<Vec<usize>>,
}

impl Graph {
    fn of(positions: &[Board]) -> Graph {
        let mut index: HashMap<Board, usize> = HashMap::new();
        let mut g = Graph {
            node_of: Vec::with_capacity(positions.len()),
            boards: Vec::new(),
            edges: Vec::new(),
        };
        for b in positions {
            let n = *index.entry(*b).or_insert_with(|| {
                g.boards.push(*b);
                g.edges.push(Vec::new());
                g.boards.len() - 1
            });
            if let Some(&prev) = g.node_of.last()
                && prev != n
                && !g.edges[prev].contains(&n)
            {
                g.edges[prev].push(n);
                g.edges[n].push(prev);
            }
            g.node_of.push(n);
        }
        g
    }

    /// The shortest way to the goal through the plans: `plans[q]` is the best plan known
    /// from node `q` (`u32::MAX` for none). A Dijkstra from every node with a plan at once.
    fn spread(&self, plans: &[u32]) -> Vec<u32> {
        let mut best = plans.to_vec();
        let mut queue: BinaryHeap<Reverse<(u32, usize)>> = plans
            .iter()
            .enumerate()
            .filter(|&(_, &u)| u != u32::MAX)
            .map(|(q, &u)| Reverse((u, q)))
            .collect();
        while let Some(Reverse((d, n))) = queue.pop() {
            if d > best[n] {
                continue;
            }
            for &m in &self.edges[n] {
                if d + 1 < best[m] {
                    best[m] = d + 1;
                    queue.push(Reverse((d + 1, m)));
                }
            }
        }
        best
    }
}

/// The estimated distance and the lower bound of each of `boards`.
pub(super) fn distances(
    solver: &Solver,
    boards: &[Board],
    opts: &ReviewOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Estimates, ReviewError> {
    let total = boards.len();
    let graph = Graph::of(boards);
    let mut plans = vec![u32::MAX; graph.boards.len()];
    for (n, b) in graph.boards.iter().enumerate() {
        if b.is_goal() {
            plans[n] = 0;
        }
        for (known, len) in &opts.known_plans {
            if known == b {
                plans[n] = plans[n].min(*len);
            }
        }
    }
    let last = total - 1;
    let mut checkpoints: Vec<usize> = (0..total).step_by(CHECKPOINT_EVERY).collect();
    if checkpoints.last() != Some(&last) {
        checkpoints.push(last);
    }
    checkpoints.dedup_by_key(|&mut i| graph.node_of[i]);
    let per_plan = (opts.estimate_budget / checkpoints.len() as u32).max(MIN_PLAN_TIME);
    for (k, &i) in checkpoints.iter().enumerate() {
        if opts.stop.is_cancelled() {
            return Err(SolveError::Cancelled.into());
        }
        let n = graph.node_of[i];
        if plans[n] != 0 {
            let plan = solver.solve(
                &boards[i],
                &SolveOptions {
                    max_time: Some(per_plan),
                    stop: opts.stop.without_deadline(),
                    ..SolveOptions::default()
                },
            )?;
            plans[n] = plans[n].min(plan.len() as u32);
        }
        progress(Progress {
            done: (k + 1) * total / (checkpoints.len() + 1),
            total,
        });
    }
    let estimates = graph.spread(&plans);
    let bounds: Vec<u32> = graph.boards.iter().map(|b| lower_bound(solver, b)).collect();
    Ok(Estimates {
        distances: graph.node_of.iter().map(|&n| estimates[n]).collect(),
        lower_bounds: graph.node_of.iter().map(|&n| bounds[n].min(estimates[n])).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Move, Size};

    #[test]
    fn the_graph_merges_positions_and_spreads_plans_by_steps() {
        let start = Board::goal(Size::FIVE).moved(Move::Right).unwrap();
        let a = start.moved(Move::Right).unwrap();
        // start → a → start → goal: three positions, a node each for start, a and the goal.
        let positions = [start, a, start, Board::goal(Size::FIVE)];
        let g = Graph::of(&positions);
        assert_eq!(g.node_of, vec![0, 1, 0, 2]);
        let mut plans = vec![u32::MAX; 3];
        plans[2] = 0;
        assert_eq!(g.spread(&plans), vec![1, 2, 0]);
        plans[1] = 9;
        assert_eq!(g.spread(&plans), vec![1, 2, 0], "a longer plan changes nothing");
    }
}
