//! IDA* for one board on several cores, still optimal, and with the same answer as the
//! sequential search.
//!
//! Each iteration first expands the tree breadth-first to a shallow depth, under the same
//! bound and move pruning as the sequential search, until there are enough subtrees to share
//! out (a few hundred). The subtrees are listed in the order the sequential search visits
//! them (at each node, the children by heuristic value, ties in move order), and the threads
//! take them from that queue and search each one depth-first. Because every iteration with
//! a smaller bound was searched completely, any solution found within the bound is shortest.
//!
//! The answer is the *first* solution in that order, the one the sequential search returns:
//! a thread that finds one stops the searches of later subtrees, while those of earlier ones
//! run to their end, since one of them may hold a solution the sequential search would meet
//! first. So the plan never depends on timing or on the number of threads.
//!
//! Small problems are not worth the threads: [`solve`] first runs the sequential search for
//! a few milliseconds and only goes parallel if that was not enough.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::puzzle::{Board, Move};
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::search::ida_star::{self, MoveTable, Pass, Search, ShouldStop};
use crate::solver::search::move_pruning::{FORBIDDEN, MovePruning};
use crate::solver::{Solution, SolveError, Stop};

/// How long the sequential search runs before the threads start: most boards a player meets
/// are solved within it, and spawning threads would only cost time.
const SEQUENTIAL_FIRST: Duration = Duration::from_millis(20);

/// How many subtrees an iteration is cut into, at least: enough that the threads finish at
/// about the same time although subtree sizes vary widely.
const SUBTREES_PER_THREAD: usize = 256;

/// A subtree to search: the board at its root, the heuristic state, the move-pruning state and
/// the moves from the start.
struct Subtree<S> {
    board: SearchBoard,
    state: S,
    fsm: u32,
    path: Vec<Move>,
}

/// An iteration's tree cut into subtrees: their roots, all at depth `g`.
struct Cut<S> {
    subtrees: Vec<Subtree<S>>,
    g: u32,
}

/// The caller's stop, or a solution found in an earlier subtree than this thread's.
struct SubtreeStop<'a> {
    stop: &'a Stop,
    /// The first subtree (in the sequential order) known to hold a solution.
    first_found: &'a AtomicUsize,
    /// The subtree this thread is searching.
    current: AtomicUsize,
}

impl ShouldStop for SubtreeStop<'_> {
    fn should_stop(&self) -> bool {
        self.first_found.load(Ordering::Relaxed) < self.current.load(Ordering::Relaxed) || self.stop.should_stop()
    }
}

/// Finds an optimal solution of `board` on `threads` threads, or stops with
/// `Cancelled`/`OutOfTime`. With one thread, or when the sequential search finishes within a
/// few milliseconds, this is the sequential search.
pub(crate) fn solve<H: Incremental>(
    heuristic: &H,
    board: &Board,
    stop: &Stop,
    threads: usize,
) -> Result<Solution, SolveError> {
    if threads <= 1 {
        return ida_star::solve(heuristic, board, stop);
    }
    let start = Instant::now();
    let first = stop.clone().with_deadline(start + SEQUENTIAL_FIRST);
    match ida_star::solve(heuristic, board, &first) {
        Err(SolveError::OutOfTime) if !stop.should_stop() => {}
        other => return other,
    }
    let mut s = solve_parallel(heuristic, board, stop, threads)?;
    s.elapsed = start.elapsed();
    Ok(s)
}

/// The parallel search proper, with no sequential start (exposed for tests).
pub(crate) fn solve_parallel<H: Incremental>(
    heuristic: &H,
    board: &Board,
    stop: &Stop,
    threads: usize,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let root = SearchBoard::new(board);
    let root_state = heuristic.init(&root);
    if root.is_goal() {
        return Ok(Solution::solved_already(start.elapsed()));
    }
    let table = MoveTable::new(root.side);
    let pruning = MovePruning::longest();
    let mut bound = heuristic.h(&root_state);
    let mut nodes = 0u64;
    let mut generated = 0u64;
    loop {
        if stop.should_stop() {
            return Err(stop.error());
        }
        let mut frontier = Frontier {
            heuristic,
            table: &table,
            pruning,
            bound,
            next: u32::MAX,
            nodes: 0,
            generated: 0,
        };
        let root = Subtree {
            board: root,
            state: root_state,
            fsm: MovePruning::START,
            path: Vec::new(),
        };
        let cut = frontier.cut(root, SUBTREES_PER_THREAD * threads);
        nodes += frontier.nodes;
        generated += frontier.generated;
        let cut = match cut {
            Ok(cut) => cut,
            Err(moves) => return Ok(done(moves, nodes, generated, start)),
        };
        // Search the subtrees on the threads, taken in order. A subtree after one known to
        // hold a solution is abandoned; one before it runs to its end.
        let queue = SubtreeQueue::new(&cut.subtrees, cut.g, bound);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                crate::threads::spawn_search(scope, || queue.work(heuristic, stop, &table, pruning));
            }
        });
        nodes += queue.nodes.load(Ordering::Relaxed);
        generated += queue.generated.load(Ordering::Relaxed);
        let exceeded = queue.exceeded.load(Ordering::Relaxed);
        if let Some((_, moves)) = queue
            .winner
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
        {
            return Ok(done(moves, nodes, generated, start));
        }
        if stop.should_stop() {
            return Err(stop.error());
        }
        let next_bound = frontier.next.min(u32::try_from(exceeded).unwrap_or(u32::MAX));
        if next_bound == u32::MAX {
            // Nothing left under any bound: cannot happen for a solvable board.
            return Err(SolveError::OutOfTime);
        }
        bound = next_bound;
    }
}

fn done(moves: Vec<Move>, nodes: u64, generated: u64, start: Instant) -> Solution {
    Solution {
        lower_bound: moves.len() as u32,
        moves,
        optimal: true,
        nodes,
        generated,
        elapsed: start.elapsed(),
    }
}

/// One iteration's subtrees, shared out to the threads in order, and what their searches
/// found.
struct SubtreeQueue<'a, S> {
    subtrees: &'a [Subtree<S>],
    /// The depth of the subtrees' roots.
    g: u32,
    bound: u32,
    /// The next subtree to take.
    taken: AtomicUsize,
    /// The first subtree (in the sequential order) known to hold a solution.
    first_found: AtomicUsize,
    /// That subtree and its solution.
    winner: Mutex<Option<(usize, Vec<Move>)>>,
    nodes: AtomicU64,
    generated: AtomicU64,
    /// The smallest `g + h` cut off in the subtrees, for the next bound.
    exceeded: AtomicU64,
}

impl<'a, S> SubtreeQueue<'a, S> {
    fn new(subtrees: &'a [Subtree<S>], g: u32, bound: u32) -> SubtreeQueue<'a, S> {
        SubtreeQueue {
            subtrees,
            g,
            bound,
            taken: AtomicUsize::new(0),
            first_found: AtomicUsize::new(usize::MAX),
            winner: Mutex::new(None),
            nodes: AtomicU64::new(0),
            generated: AtomicU64::new(0),
            exceeded: AtomicU64::new(u64::from(u32::MAX)),
        }
    }

    /// One thread's work: takes the subtrees in order and searches each depth-first, until
    /// none is left, a solution is known in an earlier one, or the search stops.
    fn work<H: Incremental<State = S>>(&self, heuristic: &H, stop: &Stop, table: &MoveTable, pruning: &MovePruning) {
        let shared = SubtreeStop {
            stop,
            first_found: &self.first_found,
            current: AtomicUsize::new(0),
        };
        let mut search = Search::new(heuristic, &shared, table, pruning, 128);
        loop {
            let i = self.taken.fetch_add(1, Ordering::Relaxed);
            let Some(sub) = self.subtrees.get(i) else { break };
            if i > self.first_found.load(Ordering::Relaxed) {
                break;
            }
            shared.current.store(i, Ordering::Relaxed);
            search.path.clear();
            let mut b = sub.board;
            match search.dfs(&mut b, &sub.state, self.g, self.bound, sub.fsm) {
                Pass::Found => {
                    let mut moves = sub.path.clone();
                    moves.extend_from_slice(&search.path);
                    self.found(i, moves);
                }
                // Cancelled, out of time, or an earlier subtree has a solution:
                // every later one is abandoned too.
                Pass::Stopped => break,
                Pass::Exceeded(t) => {
                    self.exceeded.fetch_min(u64::from(t), Ordering::Relaxed);
                }
            }
        }
        self.nodes.fetch_add(search.nodes, Ordering::Relaxed);
        self.generated.fetch_add(search.generated, Ordering::Relaxed);
    }

    /// Subtree `i` holds the solution `moves`: the winner, unless an earlier one does.
    fn found(&self, i: usize, moves: Vec<Move>) {
        self.first_found.fetch_min(i, Ordering::Relaxed);
        let mut w = self.winner.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if w.as_ref().is_none_or(|(j, _)| i < *j) {
            *w = Some((i, moves));
        }
    }
}

/// Breadth-first expansion of the top of one iteration's tree.
struct Frontier<'a, H: Incremental> {
    heuristic: &'a H,
    table: &'a MoveTable,
    pruning: &'a MovePruning,
    bound: u32,
    /// The smallest `g + h` cut off so far.
    next: u32,
    nodes: u64,
    generated: u64,
}

impl<H: Incremental> Frontier<'_, H> {
    /// Expands the tree from `root`, depth by depth, until there are at least `wanted`
    /// subtrees, none, or the depth reaches the bound: the subtrees, or the path to the goal.
    fn cut(&mut self, root: Subtree<H::State>, wanted: usize) -> Result<Cut<H::State>, Vec<Move>> {
        let mut subtrees = vec![root];
        let mut g = 0;
        while subtrees.len() < wanted && !subtrees.is_empty() && g < self.bound {
            subtrees = self.expand(&subtrees, g)?;
            g += 1;
        }
        Ok(Cut { subtrees, g })
    }

    /// The children within the bound of every subtree at depth `g`, in the order the
    /// sequential search enters them (each node's children by heuristic value, ties in move
    /// order: see `Search::dfs`), or the path to the goal if a child is the goal.
    fn expand(&mut self, level: &[Subtree<H::State>], g: u32) -> Result<Vec<Subtree<H::State>>, Vec<Move>> {
        let mut out = Vec::with_capacity(level.len() * 2);
        let limit = self.bound - g - 1;
        let mut kids: Vec<(u32, Subtree<H::State>)> = Vec::with_capacity(3);
        for sub in level {
            self.nodes += 1;
            let blank = sub.board.blank;
            kids.clear();
            for &(m, from) in self.table.from(blank) {
                let fsm = self.pruning.next(sub.fsm, m);
                if fsm == FORBIDDEN {
                    continue;
                }
                self.generated += 1;
                let from = from as usize;
                let mut board = sub.board;
                let tile = board.tiles[from];
                board.tiles[blank] = tile;
                board.tiles[from] = 0;
                board.blank = from;
                let mut state = sub.state;
                let h = self
                    .heuristic
                    .update_within(&mut state, &board, tile, from, blank, limit);
                let mut path = sub.path.clone();
                path.push(m);
                if h == 0 && board.is_goal() {
                    return Err(path);
                }
                if h <= limit {
                    kids.push((
                        h,
                        Subtree {
                            board,
                            state,
                            fsm,
                            path,
                        },
                    ));
                } else {
                    self.next = self.next.min(g + 1 + h);
                }
            }
            // Stable: equal values keep move order, as in the sequential search.
            kids.sort_by_key(|(h, _)| *h);
            out.extend(kids.drain(..).map(|(_, sub)| sub));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::puzzle::{SeededRng, Size};
    use crate::solver::heuristic::linear_conflict::LinearConflict;
    use crate::solver::heuristic::manhattan::Manhattan;
    use crate::solver::tables::exact_table::ExactTable;

    #[test]
    fn parallel_search_is_optimal_on_3x3() {
        let exact = ExactTable::build();
        let h = Manhattan::new(Size::THREE);
        let mut rng = SeededRng::new(7);
        for _ in 0..40 {
            let board = Board::random(Size::THREE, &mut rng);
            let s = solve_parallel(&h, &board, &Stop::never(), 2).unwrap();
            assert_eq!(s.len() as u32, exact.distance(&board), "{board}");
            let mut b = board;
            b.apply_all(&s.moves).unwrap();
            assert!(b.is_goal());
        }
    }

    #[test]
    fn parallel_search_returns_the_sequential_plan_whatever_the_threads() {
        let h = LinearConflict::new(Size::FOUR);
        let mut rng = SeededRng::new(11);
        for _ in 0..6 {
            let mut board = Board::goal(Size::FOUR);
            for _ in 0..40 {
                let moves: Vec<Move> = board.legal_moves().collect();
                board.try_move(moves[rng.index(moves.len())]);
            }
            let seq = ida_star::solve(&h, &board, &Stop::never()).unwrap();
            // More threads than cores too: the order of finishing then varies most.
            for threads in [1, 2, 3, 4, 8, 16] {
                for run in 0..2 {
                    let par = solve_parallel(&h, &board, &Stop::never(), threads).unwrap();
                    assert_eq!(par.moves, seq.moves, "{board}: {threads} threads, run {run}");
                }
            }
            let mut b = board;
            b.apply_all(&seq.moves).unwrap();
            assert!(b.is_goal());
        }
    }

    #[test]
    fn the_frontier_lists_subtrees_in_the_sequential_order() {
        // The sequential search's first solution in an iteration is the first one found
        // among the subtrees in the frontier's order: with many solutions of one length
        // (a board two moves from the goal has only one, so scrambled 3×3 boards), the
        // plans agree only if the orders do.
        let h = Manhattan::new(Size::THREE);
        let mut rng = SeededRng::new(3);
        for _ in 0..60 {
            let board = Board::random(Size::THREE, &mut rng);
            let seq = ida_star::solve(&h, &board, &Stop::never()).unwrap();
            for threads in [2, 5] {
                let par = solve_parallel(&h, &board, &Stop::never(), threads).unwrap();
                assert_eq!(par.moves, seq.moves, "{board}");
            }
        }
    }

    /// How long a parallel search on a hard board takes to return after its flag is set.
    fn cancel_latency() -> Duration {
        // A hard board with a weak heuristic: the search would run for minutes.
        let board = Board::from_tiles(&[0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1]).unwrap();
        let h = Manhattan::new(Size::FOUR);
        let flag = Arc::new(AtomicBool::new(false));
        let stop = Stop::never().with_flag(flag.clone());
        let (tx, rx) = std::sync::mpsc::channel();
        let worker = std::thread::spawn(move || {
            let r = solve(&h, &board, &stop, 2);
            tx.send(Instant::now()).unwrap();
            r
        });
        std::thread::sleep(Duration::from_millis(100));
        let asked = Instant::now();
        flag.store(true, Ordering::Relaxed);
        let answered = rx.recv().unwrap();
        assert!(matches!(worker.join().unwrap(), Err(SolveError::Cancelled)));
        answered.saturating_duration_since(asked)
    }

    #[test]
    fn a_cancelled_parallel_search_stops() {
        // Cancelled, not finished: the hard board would take minutes. How fast it stops (a
        // few milliseconds: the searches look at the flag every 0.1 ms or so) is measured
        // by `cargo test --lib cancel_latency -- --ignored --nocapture`, not
        // asserted here, where a loaded machine may keep a thread waiting for a core.
        let latency = cancel_latency();
        assert!(latency < Duration::from_secs(5), "{latency:?}");
    }

    #[test]
    #[ignore = "a measurement, not a check: run it alone"]
    fn cancel_latency_best_of_five() {
        let best = (0..5).map(|_| cancel_latency()).min().unwrap();
        println!("a cancelled parallel search returned {best:?} after its flag was set");
    }
}
