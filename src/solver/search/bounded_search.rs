//! A time-bounded search for boards too hard to solve optimally on demand (5×5, 6×6).
//!
//! Anytime beam search: breadth-first by depth, keeping only the `width` children that rank
//! best at each depth ([`Incremental::rank`], an estimate that need not be admissible). A narrow beam finds a whole solution in milliseconds;
//! then the width doubles while time remains, each run pruning nodes whose `g + h` cannot
//! beat the best plan so far.
//!
//! The search always returns a whole plan within its deadline plus [`FIRST_PLAN_GRACE`]
//! (unless the caller cancels): until a beam has found a plan, beams may run that much past
//! the deadline, because a beam's plan is far shorter than the fallback's; if none has by
//! then, the plan comes from the constructive solver, which takes a few milliseconds.
//! Nothing here ever falls back to an unbounded optimal search, which on 5×5 and 6×6 may
//! not return for hours.
//!
//! Node counts: `nodes` counts states expanded (a layer's node whose children were
//! generated), `generated` the children produced, duplicates included, as in IDA*.
//!
//! Memory: every beam reserves what it holds from one budget for the whole process
//! ([`MemoryBudget::process`], see `beam_memory.rs`), so the beams of all threads and all
//! searches together never hold more than `BEAM_MEMORY`; a thread whose next beam does
//! not fit widens no further. The trace of moves is kept per depth, 4 bytes a node.
//!
//! Duplicates are dropped against the depth being built and the one two before it: every
//! move changes the parity of the blank's row plus column, so a state can only recur at a
//! depth of the same parity, and most that recur do so two depths on: a node reached from
//! one neighbour can step to another neighbour that is already two depths back. A full closed
//! list would cost too much memory at large widths and only saves work, not correctness.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use crate::puzzle::{Board, Move};
use crate::solver::heuristic::{Evaluated, Incremental, Reads, SearchBoard};
use crate::solver::search::beam_memory::{MemoryBudget, Reservation};
use crate::solver::search::beam_width;
use crate::solver::search::beam_width::{FIRST_WIDTH, MAX_WIDTH, MEMORY_DEPTHS, NodeBytes, next_width, widest_fitting};
use crate::solver::search::depth_set::DepthSet;
use crate::solver::search::zobrist::Zobrist;
use crate::solver::{Solution, SolveError, Stop};

/// A beam that runs deeper than this has lost its way; the next, wider one starts over.
const MAX_DEPTH: usize = 1000;
/// How long past the deadline beams may keep looking for a first plan before the
/// constructive solver's is taken. The first beam (width 256) usually needs a few
/// milliseconds on 6×6, so this is only used up with tiny budgets or a starved CPU.
pub(crate) const FIRST_PLAN_GRACE: Duration = Duration::from_millis(50);

/// A node of a layer. Its move and parent are in the trace, at the same index.
#[derive(Clone, Copy)]
struct Node<S: Copy> {
    board: SearchBoard,
    state: S,
    key: u64,
    last: Option<Move>,
}

/// One trace entry: a node's parent (its index in the layer before) and its move, packed in
/// 4 bytes (widths stay far below 2^30).
fn trace_entry(parent: u32, mv: Move) -> u32 {
    (parent << 2) | mv.index() as u32
}

/// Outcome of one beam.
enum Beam {
    Found(Vec<Move>),
    Failed,
    Stopped,
    /// The memory budget has no room for it.
    OutOfMemory,
}

/// Returns a whole solution: the best plan found before the deadline.
///
/// With `threads` > 1 the widening is shared out: thread `t` of `n` runs the `t`-th,
/// `(t + n)`-th, … doubling, each beam pruned by the best plan any thread has found. Beams
/// are not split into parallel steps, whose per-layer hand-overs cost more than they save.
pub(crate) fn solve<H: Incremental>(
    heuristic: &H,
    board: &Board,
    stop: &Stop,
    threads: usize,
) -> Result<Solution, SolveError> {
    solve_with_grace(
        heuristic,
        board,
        stop,
        threads,
        FIRST_PLAN_GRACE,
        MemoryBudget::process(),
    )
}

/// The best plan so far, shared by the threads of one search.
struct Best {
    /// Its length (`u32::MAX` before the first), read by every beam at every depth.
    len: AtomicU32,
    moves: Mutex<Option<Vec<Move>>>,
}

impl Best {
    /// No plan yet.
    fn none() -> Best {
        Best {
            len: AtomicU32::new(u32::MAX),
            moves: Mutex::new(None),
        }
    }
    fn offer(&self, moves: Vec<Move>) {
        let mut best = self.moves.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
            self.len.store(moves.len() as u32, Ordering::Relaxed);
            *best = Some(moves);
        }
    }
    fn found(&self) -> bool {
        self.len.load(Ordering::Relaxed) != u32::MAX
    }
    /// The plan, if any was found.
    fn into_moves(self) -> Option<Vec<Move>> {
        self.moves
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// When a beam must stop: at the deadline once there is a plan; until then a little later
/// (see the module docs).
struct Halt<'a> {
    stop: &'a Stop,
    first_plan: Stop,
}

impl<'a> Halt<'a> {
    /// Halts at `stop`, or `grace` past its deadline while there is no plan.
    fn new(stop: &'a Stop, grace: Duration) -> Halt<'a> {
        let first_plan = match stop.deadline() {
            Some(d) => match d.checked_add(grace) {
                Some(later) => stop.without_deadline().with_deadline(later),
                None => stop.without_deadline(),
            },
            None => stop.clone(),
        };
        Halt { stop, first_plan }
    }

    fn now(&self, best: &Best) -> bool {
        if best.found() {
            self.stop.should_stop()
        } else {
            self.first_plan.should_stop()
        }
    }
}

/// [`solve`] with the first plan's grace and the memory budget given (tests set the grace
/// to zero to reach the constructive fallback, and give small budgets).
fn solve_with_grace<H: Incremental>(
    heuristic: &H,
    board: &Board,
    stop: &Stop,
    threads: usize,
    grace: Duration,
    budget: &MemoryBudget,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let root = SearchBoard::new(board);
    let state = heuristic.init(&root);
    let lower_bound = heuristic.h(&state);
    if board.is_goal() {
        return Ok(Solution::solved_already(start.elapsed()));
    }
    let search = Search {
        heuristic,
        zobrist: Zobrist::shared(),
        root,
        state,
        lower_bound,
        best: Best::none(),
        halt: Halt::new(stop, grace),
        threads: threads.max(1),
        budget,
    };
    let counts = search.widen_on_every_thread();
    let best = search.best.into_moves();
    if stop.is_cancelled() && best.is_none() {
        return Err(SolveError::Cancelled);
    }
    let moves = match best {
        Some(moves) => moves,
        // Out of time (or every beam failed): a long plan now beats a short one too late.
        None => crate::solver::search::constructive::solve(board).ok_or(SolveError::OutOfTime)?,
    };
    Ok(Solution {
        optimal: moves.len() as u32 == lower_bound,
        moves,
        lower_bound,
        nodes: counts.iter().map(|c| c.expanded).sum(),
        generated: counts.iter().map(|c| c.generated).sum(),
        elapsed: start.elapsed(),
    })
}

/// One search: what the beams of all its threads share.
struct Search<'a, H: Incremental> {
    heuristic: &'a H,
    zobrist: &'a Zobrist,
    root: SearchBoard,
    state: H::State,
    /// The root's estimate: a plan this long is optimal.
    lower_bound: u32,
    best: Best,
    halt: Halt<'a>,
    threads: usize,
    budget: &'a MemoryBudget,
}

impl<H: Incremental> Search<'_, H> {
    /// Every thread's share of the widening, the first on the calling thread: their counts.
    fn widen_on_every_thread(&self) -> Vec<Counts> {
        if self.threads == 1 {
            return vec![self.widen(0)];
        }
        std::thread::scope(|scope| {
            let others: Vec<_> = (1..self.threads)
                .map(|t| crate::threads::spawn_search(scope, move || self.widen(t)))
                .collect();
            let mut all = vec![self.widen(0)];
            for h in others {
                match h.join() {
                    Ok(c) => all.push(c),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            all
        })
    }

    /// Thread `thread`'s beams, ever wider (see [`next_width`]), each offering its plan,
    /// until a plan is as short as the lower bound, the search must halt, or no wider beam
    /// fits the memory or the time left.
    fn widen(&self, thread: usize) -> Counts {
        let mut counts = Counts::default();
        // Threads past the widest beam's share have nothing to run.
        let Some(mut width) = u32::try_from(thread)
            .ok()
            .and_then(|t| FIRST_WIDTH.checked_shl(t))
            .filter(|&w| w <= MAX_WIDTH)
        else {
            return counts;
        };
        let bytes = NodeBytes {
            node: std::mem::size_of::<Node<H::State>>(),
            // With its place in the order the beam selects by.
            candidate: std::mem::size_of::<Candidate>() + std::mem::size_of::<u64>(),
        };
        let mut last = 0;
        loop {
            // The depth a beam is expected to reach: the best plan's, else a guess.
            let depth = match self.best.len.load(Ordering::Relaxed) {
                u32::MAX => self.lower_bound as usize * 2,
                len => len as usize,
            };
            let Some(fits) = widest_fitting(width, depth, bytes, self.budget.available()).filter(|&w| w > last) else {
                break;
            };
            width = fits;
            let began = Instant::now();
            let shape = Shape {
                width,
                bytes,
                budget: self.budget,
            };
            match self.beam(&shape, &mut counts) {
                Beam::Found(moves) => self.best.offer(moves),
                Beam::Failed => {}
                Beam::Stopped | Beam::OutOfMemory => break,
            }
            last = width;
            if self.best.len.load(Ordering::Relaxed) == self.lower_bound || self.halt.now(&self.best) {
                break;
            }
            let left = self
                .halt
                .stop
                .deadline()
                .map(|d| d.saturating_duration_since(Instant::now()));
            match next_width(width, self.threads, thread, began.elapsed(), left) {
                Some(next) => width = next,
                None => break,
            }
        }
        counts
    }

    /// One beam of `shape`'s width, depth by depth from the root: its plan, or why it has
    /// none.
    fn beam(&self, shape: &Shape, counts: &mut Counts) -> Beam {
        let width = shape.width;
        // Everything but the trace, reserved before it is allocated; the trace a depth at a time.
        let Some(reserved) = shape.budget.reserve(beam_width::fixed_bytes(width, shape.bytes)) else {
            return Beam::OutOfMemory;
        };
        let root = Node {
            board: self.root,
            state: self.state,
            key: self.zobrist.board(&self.root),
            last: None,
        };
        let mut layers = Layers::start(root, width, reserved);
        for depth in 1..=MAX_DEPTH as u32 {
            // Another thread's plan may have lowered the limit since the last depth.
            let limit = self.best.len.load(Ordering::Relaxed);
            if depth >= limit {
                return Beam::Failed;
            }
            if self.halt.now(&self.best) {
                return Beam::Stopped;
            }
            let mut seen = layers.next_set(width * 3);
            let within = limit.saturating_sub(depth + 1);
            if let ControlFlow::Break(end) = self.expand(&mut layers, &mut seen, within, counts) {
                return end;
            }
            if layers.candidates.is_empty() {
                return Beam::Failed;
            }
            layers.keep_best_ranked(width);
            if let ControlFlow::Break(end) = self.build_next_layer(&mut layers) {
                return end;
            }
            layers.memory.push(seen);
        }
        Beam::Failed
    }

    /// Generates the children of the layer's nodes into the candidates, all but those seen
    /// at this depth or two before it and those the heuristic puts more than `within` moves
    /// from the goal. Breaks with the plan at the goal, or when the beam must halt.
    #[inline]
    fn expand(
        &self,
        layers: &mut Layers<'_, H::State>,
        seen: &mut DepthSet,
        within: u32,
        counts: &mut Counts,
    ) -> ControlFlow<Beam> {
        let (heuristic, zobrist, best, halt) = (self.heuristic, self.zobrist, &self.best, &self.halt);
        layers.candidates.clear();
        let two_back = layers.memory.len().checked_sub(2).map(|i| &layers.memory[i]);
        for (parent, node) in layers.layer.iter().enumerate() {
            counts.expanded += 1;
            let blank = node.board.blank;
            for m in Move::ALL {
                if node.last == Some(m.inverse()) {
                    continue;
                }
                let Some(from) = m.source(blank, node.board.side) else {
                    continue;
                };
                counts.generated += 1;
                if counts.generated & 0xFFF == 0 && halt.now(best) {
                    return ControlFlow::Break(Beam::Stopped);
                }
                let tile = node.board.tiles[from];
                let key = node.key ^ zobrist.key(tile, from) ^ zobrist.key(tile, blank);
                // Only the depth two back can hold it (see the module docs). Inserting it
                // here also marks a child cut off below: the same state is cut off again.
                if two_back.is_some_and(|s| s.contains(key)) || !seen.insert(key) {
                    continue;
                }
                let mut b = node.board;
                b.tiles[blank] = tile;
                b.tiles[from] = 0;
                b.blank = from;
                // From the parent's state: a child's own state is built only if it is kept
                // (`build_next_layer`), from what this read.
                let Evaluated { h, rank, reads } = heuristic.evaluate(&node.state, &b, tile, from, blank, within);
                if h > within {
                    continue;
                }
                if h == 0 && b.is_goal() {
                    return ControlFlow::Break(Beam::Found(path(&layers.trace, parent as u32, m)));
                }
                layers.candidates.push(Candidate {
                    rank,
                    key,
                    parent: parent as u32,
                    mv: m,
                    reads,
                });
            }
        }
        ControlFlow::Continue(())
    }

    /// Rebuilds the kept candidates as the next layer, which becomes the layer, and adds
    /// their depth to the trace. Breaks when the trace does not fit in the memory budget, or
    /// when the beam must halt.
    ///
    /// Each kept child is evaluated once, in `expand`: here its state is replayed from its
    /// parent's with the table values `expand` read ([`Incremental::replay`]), which the
    /// candidate carries in bytes its record had spare. Keeping every candidate's whole
    /// state instead (over a hundred bytes) was measured slower on 5×5: 3.7–4.2 M nodes a
    /// second against 4.2–4.8 M for evaluating again (BENCHMARKS.md's log). The candidates
    /// come in their parents' order, so the layer is read in order.
    #[inline]
    fn build_next_layer(&self, layers: &mut Layers<'_, H::State>) -> ControlFlow<Beam> {
        let (heuristic, best, halt) = (self.heuristic, &self.best, &self.halt);
        layers.next_layer.clear();
        if !reserve_trace(&mut layers.reserved, layers.candidates.len()) {
            return ControlFlow::Break(Beam::OutOfMemory);
        }
        let mut kept = Vec::with_capacity(layers.candidates.len());
        for (i, c) in layers.candidates.iter().enumerate() {
            if i & 0xFFF == 0xFFF && halt.now(best) {
                return ControlFlow::Break(Beam::Stopped);
            }
            let node = &layers.layer[c.parent as usize];
            let blank = node.board.blank;
            let Some(from) = c.mv.source(blank, node.board.side) else {
                continue;
            };
            let mut b = node.board;
            let tile = b.tiles[from];
            b.tiles[blank] = tile;
            b.tiles[from] = 0;
            b.blank = from;
            let mut s = node.state;
            heuristic.replay(&mut s, &b, tile, from, blank, c.reads);
            kept.push(trace_entry(c.parent, c.mv));
            layers.next_layer.push(Node {
                board: b,
                state: s,
                key: c.key,
                last: Some(c.mv),
            });
        }
        layers.trace.push(kept);
        std::mem::swap(&mut layers.layer, &mut layers.next_layer);
        ControlFlow::Continue(())
    }
}

/// A beam's width, with what it needs to count its memory.
struct Shape<'a> {
    width: usize,
    bytes: NodeBytes,
    budget: &'a MemoryBudget,
}

/// Node counts over all beams.
#[derive(Default, Debug)]
struct Counts {
    expanded: u64,
    generated: u64,
}

/// A child before selection: just enough to rank it and to rebuild it if it is kept, so
/// the many children that are dropped never cost a full node copy. 24 bytes, as before it
/// carried its reads: they fill what was padding.
#[derive(Clone, Copy)]
struct Candidate {
    /// [`Incremental::rank`]: the beam keeps the lowest.
    rank: u32,
    key: u64,
    parent: u32,
    mv: Move,
    /// What its evaluation read, to rebuild it without reading again.
    reads: Reads,
}

impl Candidate {
    /// Its place in the order the beam keeps by, in one word: the rank, then the key's high
    /// bits (keys are distinct within a depth, so ties past 40 bits are all but impossible,
    /// and [`Layers::keep_best_ranked`] keeps exactly the width if there are any).
    #[inline]
    fn order(&self) -> u64 {
        (u64::from(self.rank.min(ORDER_RANK_MAX)) << 40) | (self.key >> 24)
    }
}

/// The highest rank [`Candidate::order`] tells apart (quarter moves: far above any board's).
const ORDER_RANK_MAX: u32 = (1 << 24) - 1;

/// What a beam holds from one depth to the next.
struct Layers<'b, S: Copy> {
    /// The nodes of the deepest depth so far.
    layer: Vec<Node<S>>,
    /// The next depth's nodes while they are built (kept to reuse its memory).
    next_layer: Vec<Node<S>>,
    /// trace[d][i]: the parent and move of node i of the layer at depth d + 1.
    trace: Vec<Vec<u32>>,
    /// The keys of the last depths, oldest first: up to [`MEMORY_DEPTHS`] sets.
    memory: Vec<DepthSet>,
    /// The children of the layer, before the beam keeps the best ranked.
    candidates: Vec<Candidate>,
    /// The candidates' [`Candidate::order`], to find the width-th without moving them.
    order: Vec<u64>,
    /// The beam's memory: all but the trace reserved up front, the trace a depth at a time.
    reserved: Reservation<'b>,
}

impl<'b, S: Copy> Layers<'b, S> {
    /// A beam of `width` at depth 0: the root alone, in the layer and in the first set.
    fn start(root: Node<S>, width: usize, reserved: Reservation<'b>) -> Layers<'b, S> {
        let mut layer = Vec::with_capacity(width);
        layer.push(root);
        let mut first = DepthSet::with_capacity(1);
        first.insert(root.key);
        Layers {
            layer,
            next_layer: Vec::with_capacity(width),
            trace: Vec::new(),
            memory: vec![first],
            candidates: Vec::with_capacity(width * 3),
            order: Vec::with_capacity(width * 3),
            reserved,
        }
    }

    /// An empty set for the next depth's keys: the oldest remembered depth's, reused, once
    /// [`MEMORY_DEPTHS`] are remembered.
    fn next_set(&mut self, expected: usize) -> DepthSet {
        if self.memory.len() >= MEMORY_DEPTHS {
            let mut reused = self.memory.remove(0);
            reused.reset(expected);
            reused
        } else {
            DepthSet::with_capacity(expected)
        }
    }

    /// Keeps the `width` candidates ranked best (lowest rank, then lowest key), in the
    /// order they came: their parents', so that the next layer is built reading the layer
    /// from start to end rather than at random (a cache miss a kept child at wide beams).
    fn keep_best_ranked(&mut self, width: usize) {
        if self.candidates.len() <= width || width == 0 {
            return;
        }
        self.order.clear();
        self.order.extend(self.candidates.iter().map(Candidate::order));
        let (below, &mut cut, _) = self.order.select_nth_unstable(width - 1);
        // Those equal to the cut are kept while there is room: exactly `width` in all.
        let mut room = width - below.iter().filter(|&&o| o < cut).count();
        self.candidates.retain(|c| {
            let o = c.order();
            if o < cut {
                return true;
            }
            let tie = o == cut && room > 0;
            room -= usize::from(tie);
            tie
        });
    }
}

/// Reserves the trace of one depth of `nodes` nodes.
fn reserve_trace(reserved: &mut Reservation, nodes: usize) -> bool {
    reserved.grow(nodes * std::mem::size_of::<u32>())
}

/// The moves to the goal, reached by `last` from node `parent` of the deepest layer.
fn path(trace: &[Vec<u32>], mut parent: u32, last: Move) -> Vec<Move> {
    let mut moves = vec![last];
    for depth in trace.iter().rev() {
        let entry = depth[parent as usize];
        moves.push(Move::ALL[(entry & 3) as usize]);
        parent = entry >> 2;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::SeededRng;
    use crate::puzzle::Size;
    use crate::solver::heuristic::linear_conflict::LinearConflict;

    use std::sync::atomic::AtomicU64;

    use crate::solver::heuristic::beam_ranking::WithConflicts;
    use crate::solver::heuristic::pdb_heuristic::PdbHeuristic;
    use crate::solver::tables::test_tables::default_tables;

    /// A heuristic that counts its calls: evaluations (which read tables) and replays (which
    /// do not).
    struct Counting<'a, H> {
        inner: &'a H,
        evaluated: AtomicU64,
        updated: AtomicU64,
        replayed: AtomicU64,
    }

    impl<'a, H: Incremental> Counting<'a, H> {
        fn new(inner: &'a H) -> Self {
            Counting {
                inner,
                evaluated: AtomicU64::new(0),
                updated: AtomicU64::new(0),
                replayed: AtomicU64::new(0),
            }
        }
        fn counts(&self) -> [u64; 3] {
            [&self.evaluated, &self.updated, &self.replayed].map(|c| c.load(Ordering::Relaxed))
        }
    }

    impl<H: Incremental> Incremental for Counting<'_, H> {
        type State = H::State;
        fn init(&self, board: &SearchBoard) -> H::State {
            self.inner.init(board)
        }
        fn h(&self, s: &H::State) -> u32 {
            self.inner.h(s)
        }
        fn rank(&self, s: &H::State) -> u32 {
            self.inner.rank(s)
        }
        fn update(&self, s: &mut H::State, board: &SearchBoard, tile: u8, from: usize, to: usize) {
            self.updated.fetch_add(1, Ordering::Relaxed);
            self.inner.update(s, board, tile, from, to);
        }
        fn update_within(
            &self,
            s: &mut H::State,
            b: &SearchBoard,
            tile: u8,
            from: usize,
            to: usize,
            limit: u32,
        ) -> u32 {
            self.updated.fetch_add(1, Ordering::Relaxed);
            self.inner.update_within(s, b, tile, from, to, limit)
        }
        fn evaluate(&self, p: &H::State, b: &SearchBoard, tile: u8, from: usize, to: usize, limit: u32) -> Evaluated {
            self.evaluated.fetch_add(1, Ordering::Relaxed);
            self.inner.evaluate(p, b, tile, from, to, limit)
        }
        fn replay(&self, s: &mut H::State, b: &SearchBoard, tile: u8, from: usize, to: usize, reads: Reads) {
            self.replayed.fetch_add(1, Ordering::Relaxed);
            self.inner.replay(s, b, tile, from, to, reads);
        }
    }

    /// One beam of `width`, no deadline, on one thread: its plan (if it found one), its
    /// counts, and the nodes it kept over all depths.
    fn one_beam<H: Incremental>(h: &H, board: &Board, width: usize) -> (Option<Vec<Move>>, Counts) {
        let stop = Stop::never();
        let root = SearchBoard::new(board);
        let state = h.init(&root);
        let search = Search {
            heuristic: h,
            zobrist: Zobrist::shared(),
            root,
            state,
            lower_bound: h.h(&state),
            best: Best::none(),
            halt: Halt::new(&stop, Duration::ZERO),
            threads: 1,
            budget: MemoryBudget::process(),
        };
        let shape = Shape {
            width,
            bytes: NodeBytes {
                node: std::mem::size_of::<Node<H::State>>(),
                candidate: std::mem::size_of::<Candidate>() + 8,
            },
            budget: MemoryBudget::process(),
        };
        let mut counts = Counts::default();
        let plan = match search.beam(&shape, &mut counts) {
            Beam::Found(moves) => Some(moves),
            _ => None,
        };
        (plan, counts)
    }

    /// CPU seconds this process has used (user and system), from `/proc/self/stat`.
    fn cpu_seconds() -> f64 {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let after = stat.rsplit(')').next().unwrap_or("");
        let fields: Vec<&str> = after.split_whitespace().collect();
        let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
        (ticks(11) + ticks(12)) / 100.0
    }

    /// The held-out forty 24-puzzles with their optimal lengths (tests/data).
    fn held_out_forty() -> Vec<(u32, Board)> {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/korf-felner40-24puzzle.txt"
        ))
        .expect("the held-out forty");
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let (len, tiles) = l.split_once('\t').expect("length, tab, tiles");
                (len.parse().expect("a length"), tiles.parse().expect("a board"))
            })
            .collect()
    }

    /// The beam's rate and plans at fixed widths, one thread, no deadline: the same work
    /// whatever the machine's load, so that builds compare by CPU time. The held-out
    /// forty 24-puzzles (5×5) and the first 24 of fifty seeded random 6×6 boards.
    /// `cargo test --release --lib beam_rate_at_fixed_widths -- --ignored --nocapture`
    #[test]
    #[ignore = "a measurement, minutes long"]
    fn beam_rate_at_fixed_widths() {
        let five = held_out_forty();
        let mut rng = SeededRng::new(1);
        let six: Vec<(u32, Board)> = (0..24).map(|_| (0, Board::random(Size::SIX, &mut rng))).collect();
        for (size, boards, width) in [(Size::FIVE, &five, 8192), (Size::SIX, &six, 8192)] {
            let db = default_tables(size);
            let pdb = PdbHeuristic::new(db);
            let h = WithConflicts::new(&pdb, size);
            let (mut moves, mut optimal, mut nodes, mut generated) = (0, 0, 0, 0);
            let mut failed = 0;
            let cpu = cpu_seconds();
            for (len, board) in boards {
                let (plan, counts) = one_beam(&h, board, width);
                failed += usize::from(plan.is_none());
                moves += plan.map_or(0, |p| p.len());
                optimal += *len as usize;
                nodes += counts.expanded;
                generated += counts.generated;
            }
            let cpu = cpu_seconds() - cpu;
            println!(
                "{}x{} width {width}: {failed} failed, {} boards, {moves} moves (optimal {optimal}), {nodes} expanded, {generated} generated, {cpu:.2} CPU-s, {:.3} M expanded a CPU-second",
                size.side(),
                size.side(),
                boards.len(),
                nodes as f64 / cpu / 1e6
            );
        }
    }

    /// Whole solves at 1 s on every core, as `slide bench --max-time 1 --parallel` and
    /// `slide solve` do (the beam, then shortening): the held-out forty, and fifty seeded
    /// 6×6 boards (the library's own random boards, not `slide generate`'s).
    /// `cargo test --release --lib plans_in_one_second -- --ignored --nocapture`
    #[test]
    #[ignore = "a measurement, minutes long"]
    fn plans_in_one_second() {
        let five = held_out_forty();
        let mut rng = SeededRng::new(1);
        let six: Vec<(u32, Board)> = (0..50).map(|_| (0, Board::random(Size::SIX, &mut rng))).collect();
        let solver = crate::solver::Solver::new(crate::solver::tables::test_tables::unit_test_cache());
        for (size, boards) in [(Size::FIVE, &five), (Size::SIX, &six)] {
            solver.prepare(size, &|_| {}).expect("tables");
            let opts = crate::solver::SolveOptions {
                max_time: Some(Duration::from_secs(1)),
                threads: crate::solver::available_threads(),
                ..crate::solver::SolveOptions::default()
            };
            let (mut moves, mut ratio, mut bound) = (0, 0.0, 0);
            for (len, board) in boards {
                let s = solver.solve(board, &opts).expect("a plan");
                moves += s.len();
                bound += s.lower_bound;
                if *len > 0 {
                    ratio += s.len() as f64 / f64::from(*len);
                }
            }
            let n = boards.len() as f64;
            println!(
                "{}x{} 1 s: mean {:.2} moves, mean ratio {:.4}, mean bound {:.2}",
                size.side(),
                size.side(),
                moves as f64 / n,
                ratio / n,
                f64::from(bound) / n
            );
        }
    }

    #[test]
    fn a_kept_child_is_evaluated_once_and_the_beams_plans_solve_their_boards() {
        let mut rng = SeededRng::new(35);
        for size in [Size::FIVE, Size::SIX] {
            let db = default_tables(size);
            let pdb = PdbHeuristic::new(db);
            let ranked = WithConflicts::new(&pdb, size);
            for width in [256, 1024] {
                let board = Board::random(size, &mut rng);
                let h = Counting::new(&ranked);
                let (plan, counts) = one_beam(&h, &board, width);
                let plan = plan.expect("a beam this wide finds a plan");
                let mut b = board;
                b.apply_all(&plan).expect("legal moves");
                assert!(b.is_goal(), "{board}");
                assert!(plan.len() as u32 >= h.h(&h.init(&SearchBoard::new(&board))));
                let [evaluated, updated, replayed] = h.counts();
                // Every child not a duplicate is evaluated once, in `expand`; every kept one
                // (a node of some depth, each expanded but the last depth's) is then replayed
                // from those reads, and nothing is updated a second way.
                assert_eq!(updated, 0, "no second evaluation");
                assert!(evaluated <= counts.generated && evaluated > 0);
                assert!(
                    replayed >= counts.expanded - 1 && replayed <= evaluated,
                    "{replayed} {counts:?}"
                );
                // Each depth keeps at most the width: the plan's depth bounds the replays.
                assert!(replayed <= (plan.len() * width) as u64);
            }
        }
    }

    #[test]
    fn the_beam_keeps_the_best_ranked_in_the_order_they_came() {
        // The reads ride in what was padding: a candidate is no larger than before them.
        assert_eq!(std::mem::size_of::<Candidate>(), 24);
        let mut rng = SeededRng::new(3);
        for (n, width) in [(10, 3), (1000, 250), (1000, 999), (5, 10), (64, 64)] {
            let budget = MemoryBudget::new(usize::MAX);
            let root = Node {
                board: SearchBoard::new(&Board::goal(Size::FIVE)),
                state: (),
                key: 0,
                last: None,
            };
            let mut layers = Layers::start(root, width, budget.reserve(0).expect("room"));
            for parent in 0..n {
                layers.candidates.push(Candidate {
                    // Few ranks, so that many tie and the key decides.
                    rank: (rng.next_u64() % 7) as u32,
                    key: rng.next_u64(),
                    parent,
                    mv: Move::ALL[(parent % 4) as usize],
                    reads: Reads::default(),
                });
            }
            let mut best: Vec<(u32, u64)> = layers.candidates.iter().map(|c| (c.rank, c.key)).collect();
            best.sort_unstable();
            best.truncate(width);
            best.sort_unstable_by_key(|&(_, key)| key);
            layers.keep_best_ranked(width);
            assert_eq!(layers.candidates.len(), width.min(n as usize));
            assert!(
                layers.candidates.windows(2).all(|w| w[0].parent < w[1].parent),
                "their order kept"
            );
            let mut kept: Vec<(u32, u64)> = layers.candidates.iter().map(|c| (c.rank, c.key)).collect();
            kept.sort_unstable_by_key(|&(_, key)| key);
            assert_eq!(kept, best);
        }
    }

    #[test]
    fn out_of_time_before_any_plan_takes_the_constructive_one() {
        let mut rng = SeededRng::new(9);
        for size in [Size::FIVE, Size::SIX] {
            let h = LinearConflict::new(size);
            for _ in 0..5 {
                let board = Board::random(size, &mut rng);
                // The deadline has passed and there is no grace: no beam gets anywhere.
                let stop = Stop::never().with_deadline(Instant::now());
                let s =
                    solve_with_grace(&h, &board, &stop, 1, Duration::ZERO, MemoryBudget::process()).expect("a plan");
                let mut b = board;
                b.apply_all(&s.moves).expect("legal moves");
                assert!(b.is_goal(), "{board}");
                assert!(s.len() as u32 >= s.lower_bound);
                assert!(!s.optimal || s.len() as u32 == s.lower_bound);
            }
        }
    }

    #[test]
    fn a_cancelled_search_without_a_plan_reports_cancelled() {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let stop = Stop::never().with_flag(flag).with_deadline(Instant::now());
        let board = Board::random(Size::SIX, &mut SeededRng::new(1));
        let h = LinearConflict::new(Size::SIX);
        assert_eq!(
            solve_with_grace(&h, &board, &stop, 1, Duration::ZERO, MemoryBudget::process()).map(|s| s.len()),
            Err(SolveError::Cancelled)
        );
    }

    #[test]
    fn sixteen_threads_share_one_memory_budget() {
        // More threads than cores, and a budget far smaller than their beams would take:
        // the widest threads start at the widest beam (2^17 nodes, some 50 MB before its
        // trace), so the budget is pressed from the first moment.
        let budget = MemoryBudget::new(24 << 20);
        let board = Board::random(Size::SIX, &mut SeededRng::new(16));
        let h = LinearConflict::new(Size::SIX);
        let stop = Stop::never().with_deadline(Instant::now() + Duration::from_secs(2));
        let s = solve_with_grace(&h, &board, &stop, 16, FIRST_PLAN_GRACE, &budget).expect("a plan");
        let mut b = board;
        b.apply_all(&s.moves).expect("legal moves");
        assert!(b.is_goal());
        assert!(budget.peak() <= 24 << 20, "{} bytes", budget.peak());
        assert!(
            budget.peak() > 12 << 20,
            "the budget was pressed: {} bytes",
            budget.peak()
        );
        assert_eq!(budget.available(), 24 << 20, "every beam gave its memory back");
    }

    #[test]
    fn no_room_at_all_still_gives_the_constructive_plan() {
        let budget = MemoryBudget::new(0);
        let board = Board::random(Size::FIVE, &mut SeededRng::new(5));
        let h = LinearConflict::new(Size::FIVE);
        let stop = Stop::never().with_deadline(Instant::now() + Duration::from_millis(200));
        let s = solve_with_grace(&h, &board, &stop, 4, FIRST_PLAN_GRACE, &budget).expect("a plan");
        let mut b = board;
        b.apply_all(&s.moves).expect("legal moves");
        assert!(b.is_goal());
        assert_eq!(s.nodes, 0, "no beam ran");
    }

    #[test]
    fn two_threads_return_a_whole_plan_no_shorter_than_the_bound() {
        let mut rng = SeededRng::new(21);
        for size in [Size::FIVE, Size::SIX] {
            let h = LinearConflict::new(size);
            for _ in 0..3 {
                let board = Board::random(size, &mut rng);
                let stop = Stop::never().with_deadline(Instant::now() + Duration::from_millis(150));
                let s = solve(&h, &board, &stop, 2).expect("a plan");
                let mut b = board;
                b.apply_all(&s.moves).expect("legal moves");
                assert!(b.is_goal(), "{board}");
                assert!(s.len() as u32 >= s.lower_bound);
                assert!(s.nodes > 0 && s.generated >= s.nodes);
            }
        }
    }
}
