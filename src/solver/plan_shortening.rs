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
//! Cancellation: every IDA* window polls the [`Stop`] every [`STOP_CHECK_MASK`] + 1 nodes
//! (well under a millisecond), the bounded search every few thousand, and the driver
//! between windows. A beam window is not started with less than [`MIN_SLICE`] left before
//! the deadline.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::puzzle::{Board, MAX_CELLS, Move};
use crate::solver::compact_table::CompactPdbHeuristic;
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::ida_star::MoveTable;
use crate::solver::linear_conflict::{LcState, LinearConflict};
use crate::solver::move_pruning::{FORBIDDEN, MovePruning};
use crate::solver::pattern_db::PdbHeuristic;
use crate::solver::zobrist::Zobrist;
use crate::solver::{SolveOptions, Solver, Stop};

/// How many nodes pass between looks at the stop (about 0.05 ms of work).
const STOP_CHECK_MASK: u64 = 0x3FF;
/// A window search's node budget stops growing here (about a minute of work): the
/// shortening then ends, having done what it can.
const MAX_BUDGET: u64 = 1 << 32;
/// A beam window's time stops growing here.
const MAX_SLICE: Duration = Duration::from_secs(60);
/// A beam window is not started with less time than this left: the bounded search may run
/// a little past its deadline before its first plan (`bounded_search::FIRST_PLAN_GRACE`).
const MIN_SLICE: Duration = Duration::from_millis(20);

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
    pub solver: Option<&'a Solver>,
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
            threads: crate::solver::available_threads(),
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

/// A plan from `board` no longer than `plan`, as short as loop cutting and window
/// re-solving make it before `stop` (deadline or cancel), with the default [`Options`] and
/// `solver`'s tables (prepare them first for the pattern databases to be used).
///
/// `plan` must be legal from `board`; if it is not, it is returned unchanged. The plan may
/// end anywhere: the result ends at the same state.
pub fn shorten(solver: &Solver, board: &Board, plan: &[Move], stop: &Stop) -> Vec<Move> {
    let opts = Options {
        solver: Some(solver),
        ..Options::default()
    };
    shorten_with(board, plan, stop, &opts)
}

/// [`shorten`] with explicit options.
pub fn shorten_with(board: &Board, plan: &[Move], stop: &Stop, opts: &Options) -> Vec<Move> {
    let mut check = *board;
    if check.apply_all(plan).is_err() {
        return plan.to_vec();
    }
    let mut path = cut_loops(board, plan);
    let threads = opts.threads.max(1);
    let grow = |len: usize, max: usize| (len * opts.window_growth.max(101) / 100).max(len + 2).min(max);
    let mut window = opts.first_window.clamp(2, opts.max_window.max(2));
    let mut budget = opts.first_budget.max(1);
    let goal_db = opts.solver.and_then(|s| s.pdb(board.size()));
    let max_tail = if goal_db.is_some() { opts.max_tail } else { 0 };
    let mut tail = window.min(max_tail);
    let mut slice = opts.beam_slice;
    // Windows (by their end states' keys) known to be shortest already: never searched again.
    let proven = Mutex::new(HashSet::new());
    while !stop.should_stop() && path.len() >= 2 {
        let states = states_along(board, &path);
        let goal_ends = states.last().is_some_and(Board::is_goal);
        let ida_window = if opts.max_window >= 2 { window } else { 0 };
        let mut jobs = window_jobs(path.len(), ida_window, (goal_ends && tail > 0).then_some(tail));
        if opts.solver.is_some() && !slice.is_zero() {
            jobs.extend(beam_jobs(&states, opts.beam_windows));
        }
        let pass = Pass {
            states: &states,
            keys: keys_along(&states),
            budget,
            slice,
            stop,
            solver: opts.solver,
            goal_db,
            proven: &proven,
        };
        let found = pass.run(&jobs, threads);
        if !found.is_empty() {
            path = cut_loops(board, &splice(&path, found));
            continue;
        }
        // Nothing shorter within these budgets: look further (longer windows, more nodes).
        let longest = window >= opts.max_window.min(path.len()) && tail >= max_tail.min(path.len());
        if longest && budget >= MAX_BUDGET && (slice.is_zero() || opts.solver.is_none() || slice >= MAX_SLICE) {
            break;
        }
        window = grow(window, opts.max_window.max(2));
        tail = grow(tail, max_tail);
        budget = budget.saturating_mul(opts.budget_growth.max(2)).min(MAX_BUDGET);
        slice = (slice * 2).min(MAX_SLICE);
    }
    path
}

/// The plan with every stretch between two visits of the same state removed.
pub(crate) fn cut_loops(board: &Board, plan: &[Move]) -> Vec<Move> {
    let zobrist = Zobrist::shared();
    let mut b = SearchBoard::new(board);
    let mut key = zobrist.board(&b);
    // Where each state first appears in the output path: key → (output index, board).
    let mut seen: HashMap<u64, (usize, [u8; MAX_CELLS])> = HashMap::new();
    let mut out: Vec<Move> = Vec::with_capacity(plan.len());
    // The keys of the states along `out`, to forget the states of a cut loop.
    let mut keys: Vec<u64> = vec![key];
    seen.insert(key, (0, b.tiles));
    for &m in plan {
        let Some(from) = m.source(b.blank, b.side) else {
            return plan.to_vec();
        };
        let tile = b.tiles[from];
        key ^= zobrist.key(tile, from) ^ zobrist.key(tile, b.blank);
        b.tiles[b.blank] = tile;
        b.tiles[from] = 0;
        b.blank = from;
        match seen.get(&key) {
            Some(&(at, tiles)) if tiles == b.tiles => {
                for k in keys.drain(at + 1..) {
                    seen.remove(&k);
                }
                out.truncate(at);
            }
            _ => {
                out.push(m);
                keys.push(key);
                seen.insert(key, (out.len(), b.tiles));
            }
        }
    }
    out
}

/// The states along a legal plan, the board first.
fn states_along(board: &Board, plan: &[Move]) -> Vec<Board> {
    let mut b = *board;
    let mut states = Vec::with_capacity(plan.len() + 1);
    states.push(b);
    for &m in plan {
        b.try_move(m);
        states.push(b);
    }
    states
}

/// One window to re-solve: from state `start` to state `end` along the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Job {
    start: usize,
    end: usize,
    how: How,
}

/// How a window is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
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
fn window_jobs(len: usize, window: usize, tail: Option<usize>) -> Vec<Job> {
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
fn beam_jobs(states: &[Board], percents: &[usize]) -> Vec<Job> {
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

/// One pass over the windows of a path, with its budgets.
struct Pass<'a> {
    states: &'a [Board],
    keys: Vec<u64>,
    /// Nodes per IDA* window.
    budget: u64,
    /// Time per beam window.
    slice: Duration,
    stop: &'a Stop,
    solver: Option<&'a Solver>,
    goal_db: Option<&'a std::sync::Arc<crate::solver::PatternDb>>,
    /// Windows known to be shortest, by their end states' keys (IDA* windows only; a beam
    /// window tried once at this slice is there with the slice in milliseconds).
    proven: &'a Mutex<HashSet<(u64, u64, u64)>>,
}

impl Pass<'_> {
    /// Searches every job's window, `threads` at a time, and returns the shorter paths
    /// found (at most one per job) as (start, end, moves).
    fn run(&self, jobs: &[Job], threads: usize) -> Vec<(usize, usize, Vec<Move>)> {
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
                    crate::solver::spawn_search(s, work);
                }
                work();
            });
        }
        found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The bounded search on the window `from` → `to`, turned and relabelled so that `to` is
/// the goal; a path shorter than `limit`, or `Unknown` (a beam proves nothing; tried
/// windows are remembered by the caller so as not to repeat them at the same slice).
fn beam_window(solver: &Solver, from: &Board, to: &Board, limit: u32, slice: Duration, stop: &Stop) -> Window {
    let side = from.size().side();
    let Some(turn) = Turn::to_goal_corner(to.blank(), side) else {
        return Window::Unknown;
    };
    let left = stop
        .deadline()
        .map_or(slice, |d| d.saturating_duration_since(Instant::now()));
    if left < MIN_SLICE {
        return Window::Unknown;
    }
    let (start, end) = (turn.board_tiles(from), turn.board_tiles(to));
    let goal = Board::goal(from.size());
    let mut label = [0u8; MAX_CELLS];
    for (cell, &t) in end.iter().enumerate().take(side * side) {
        label[t as usize] = goal.tile_at(cell);
    }
    let relabelled: Vec<u8> = start[..side * side].iter().map(|&t| label[t as usize]).collect();
    let Ok(problem) = Board::from_tiles(&relabelled) else {
        return Window::Unknown;
    };
    let opts = SolveOptions {
        max_time: Some(slice.min(left)),
        stop: stop.clone(),
        threads: 1,
        skip_shortening: true,
        ..SolveOptions::default()
    };
    let Ok(solution) = solver.solve(&problem, &opts) else {
        return Window::Unknown;
    };
    if solution.moves.len() as u32 >= limit {
        return if solution.optimal {
            Window::Shortest
        } else {
            Window::Unknown
        };
    }
    let moves: Vec<Move> = solution.moves.iter().map(|&m| turn.apply_move(m)).collect();
    // The turn and relabelling are checked, not trusted: the path must join the two states.
    let mut check = *from;
    if check.apply_all(&moves).is_ok() && check == *to {
        Window::Shorter(moves)
    } else {
        Window::Unknown
    }
}

/// A reflection of the board that brings one corner to the bottom-right, where the goal has
/// its blank: flip the rows, the columns, or both (a half turn). Each is its own inverse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    rows: bool,
    cols: bool,
    side: usize,
}

impl Turn {
    /// The reflection that brings `cell` to the bottom-right corner, if `cell` is a corner.
    fn to_goal_corner(cell: usize, side: usize) -> Option<Turn> {
        let (r, c) = (cell / side, cell % side);
        let edge = |x: usize| x == 0 || x == side - 1;
        (edge(r) && edge(c)).then_some(Turn {
            rows: r == 0,
            cols: c == 0,
            side,
        })
    }

    fn cell(self, cell: usize) -> usize {
        let n = self.side;
        let (mut r, mut c) = (cell / n, cell % n);
        if self.rows {
            r = n - 1 - r;
        }
        if self.cols {
            c = n - 1 - c;
        }
        r * n + c
    }

    /// The board's tiles, reflected.
    fn board_tiles(self, board: &Board) -> [u8; MAX_CELLS] {
        let mut tiles = [0u8; MAX_CELLS];
        for (cell, &t) in board.tiles().iter().enumerate() {
            tiles[self.cell(cell)] = t;
        }
        tiles
    }

    /// The move on the reflected board that does what `m` does on the original.
    fn apply_move(self, m: Move) -> Move {
        match m {
            Move::Up | Move::Down if self.rows => m.inverse(),
            Move::Left | Move::Right if self.cols => m.inverse(),
            _ => m,
        }
    }
}

/// A lock that survives a panicked holder (the data is only ever added to).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The Zobrist keys of the states along a path.
fn keys_along(states: &[Board]) -> Vec<u64> {
    let z = Zobrist::shared();
    states.iter().map(|b| z.board(&SearchBoard::new(b))).collect()
}

/// Replaces windows by their shorter paths: the largest gains first, skipping any window
/// that overlaps one already taken (its states would no longer be on the path).
fn splice(path: &[Move], mut found: Vec<(usize, usize, Vec<Move>)>) -> Vec<Move> {
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

/// The shortest path from `from` to `to` if one is shorter than `limit` moves and IDA*
/// finds it within `budget` expanded nodes; or whether the window is proven shortest.
fn shortest_within<H: Incremental>(
    heuristic: &H,
    table: &MoveTable,
    from: &Board,
    to: &Board,
    limit: u32,
    budget: u64,
    stop: &Stop,
) -> Window {
    let mut board = SearchBoard::new(from);
    let target = SearchBoard::new(to);
    let state = heuristic.init(&board);
    let mut bound = heuristic.h(&state);
    let mut search = WindowSearch {
        heuristic,
        table,
        pruning: MovePruning::shared(),
        stop,
        target: &target,
        nodes: 0,
        budget,
        path: Vec::with_capacity(limit as usize),
    };
    if board.tiles == target.tiles {
        return if limit > 0 {
            Window::Shorter(Vec::new())
        } else {
            Window::Shortest
        };
    }
    while bound < limit {
        match search.dfs(&mut board, state, 0, bound, MovePruning::START) {
            Found::Yes => return Window::Shorter(search.path),
            Found::No(next) => bound = next,
            Found::GaveUp => return Window::Unknown,
        }
    }
    Window::Shortest
}

/// What a window search learned.
enum Window {
    /// A path shorter than the window.
    Shorter(Vec<Move>),
    /// None is shorter: the window is already a shortest path.
    Shortest,
    /// Out of budget or stopped before knowing.
    Unknown,
}

enum Found {
    Yes,
    /// Not within the bound; the smallest `g + h` cut off.
    No(u32),
    /// Out of budget or stopped.
    GaveUp,
}

/// IDA* toward an arbitrary end state (the crate's IDA* only knows the goal).
struct WindowSearch<'a, H: Incremental> {
    heuristic: &'a H,
    table: &'a MoveTable,
    pruning: &'a MovePruning,
    stop: &'a Stop,
    target: &'a SearchBoard,
    nodes: u64,
    budget: u64,
    path: Vec<Move>,
}

impl<H: Incremental> WindowSearch<'_, H> {
    fn dfs(&mut self, board: &mut SearchBoard, state: H::State, g: u32, bound: u32, fsm: u32) -> Found {
        self.nodes += 1;
        if self.nodes > self.budget || (self.nodes & STOP_CHECK_MASK == 0 && self.stop.should_stop()) {
            return Found::GaveUp;
        }
        let mut next = u32::MAX;
        let blank = board.blank;
        let limit = bound - g - 1;
        let mut kids: [(u32, Move, usize, u32); 4] = [(0, Move::Up, 0, 0); 4];
        let mut states: [Option<H::State>; 4] = [None; 4];
        let mut count = 0;
        for &(m, from) in self.table.from(blank) {
            let child_fsm = self.pruning.next(fsm, m);
            if child_fsm == FORBIDDEN {
                continue;
            }
            let from = from as usize;
            let tile = board.tiles[from];
            board.tiles[blank] = tile;
            board.tiles[from] = 0;
            board.blank = from;
            let child = states[count].insert(state);
            let h = self.heuristic.update_within(child, board, tile, from, blank, limit);
            if h == 0 && board.tiles == self.target.tiles {
                self.path.push(m);
                return Found::Yes;
            }
            board.tiles[from] = tile;
            board.tiles[blank] = 0;
            board.blank = blank;
            if h <= limit {
                kids[count] = (h, m, from, child_fsm);
                count += 1;
            } else {
                next = next.min(g + 1 + h);
            }
        }
        for i in 1..count {
            let mut j = i;
            while j > 0 && kids[j - 1].0 > kids[j].0 {
                kids.swap(j - 1, j);
                states.swap(j - 1, j);
                j -= 1;
            }
        }
        for k in 0..count {
            let (_, m, from, child_fsm) = kids[k];
            let Some(child) = states[k] else { continue };
            let tile = board.tiles[from];
            board.tiles[blank] = tile;
            board.tiles[from] = 0;
            board.blank = from;
            self.path.push(m);
            match self.dfs(board, child, g + 1, bound, child_fsm) {
                Found::Yes => return Found::Yes,
                Found::GaveUp => return Found::GaveUp,
                Found::No(t) => next = next.min(t),
            }
            self.path.pop();
            board.tiles[from] = tile;
            board.tiles[blank] = 0;
            board.blank = blank;
        }
        Found::No(next)
    }
}

/// Manhattan distance plus linear conflicts toward an arbitrary end state
/// ([`LinearConflict::toward`]), with a cheaper cut-off: most children of a window search
/// exceed the bound on Manhattan alone, so they skip the line rescoring.
struct Toward(LinearConflict);

impl Toward {
    fn new(end: &Board) -> Toward {
        Toward(LinearConflict::toward(end))
    }
}

impl Incremental for Toward {
    type State = LcState;

    fn init(&self, board: &SearchBoard) -> LcState {
        self.0.init(board)
    }

    #[inline]
    fn h(&self, s: &LcState) -> u32 {
        self.0.h(s)
    }

    #[inline]
    fn update(&self, s: &mut LcState, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.0.update(s, board, tile, from, to);
    }

    #[inline]
    fn update_within(&self, s: &mut LcState, board: &SearchBoard, tile: u8, from: usize, to: usize, limit: u32) -> u32 {
        let floor = self.0.floor_after(s, tile, from, to);
        if floor > limit {
            return floor;
        }
        self.0.update(s, board, tile, from, to);
        self.0.h(s)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use proptest::prelude::*;

    use super::*;
    use crate::puzzle::{SeededRng, Size};
    use crate::solver::ExactTable;

    /// A legal random walk of `steps` moves from `board`, never undoing the last move.
    fn random_walk(board: &Board, steps: usize, rng: &mut SeededRng) -> Vec<Move> {
        let mut b = *board;
        let mut walk: Vec<Move> = Vec::with_capacity(steps);
        for _ in 0..steps {
            let moves: Vec<Move> = b
                .legal_moves()
                .filter(|m| walk.last().is_none_or(|l| l.inverse() != *m))
                .collect();
            let m = moves[rng.index(moves.len())];
            b.try_move(m);
            walk.push(m);
        }
        walk
    }

    fn end_of(board: &Board, plan: &[Move]) -> Board {
        let mut b = *board;
        b.apply_all(plan).expect("a legal plan");
        b
    }

    fn quick(ms: u64) -> Stop {
        Stop::never().with_deadline(Instant::now() + Duration::from_millis(ms))
    }

    #[test]
    fn a_plan_with_a_cycle_loses_the_cycle() {
        let board = Board::goal(Size::FOUR);
        let prefix = [Move::Down, Move::Down, Move::Right];
        // Twelve moves round a 2×2 square bring all three tiles back: a cycle.
        let square = [Move::Down, Move::Right, Move::Up, Move::Left].repeat(3);
        let suffix = [Move::Down, Move::Right];
        let plan = [&prefix[..], &square, &suffix].concat();
        assert_eq!(cut_loops(&board, &plan), [&prefix[..], &suffix].concat());
        // Undoing moves is a cycle of two; cycles inside cycles go too, in one pass.
        let back = [Move::Left, Move::Up, Move::Up];
        let plan = [&prefix[..], &square, &back, &suffix].concat();
        assert_eq!(cut_loops(&board, &plan), suffix);
        let plan = [&prefix[..], &square, &back].concat();
        assert!(cut_loops(&board, &plan).is_empty(), "a plan from the goal back to it");
    }

    #[test]
    fn an_illegal_plan_comes_back_unchanged() {
        let board = Board::goal(Size::THREE);
        let plan = vec![Move::Up, Move::Down];
        assert_eq!(shorten(&small_solver(), &board, &plan, &quick(50)), plan);
    }

    #[test]
    fn on_3x3_a_whole_plan_window_gives_the_optimal_length() {
        let exact = ExactTable::build();
        let mut rng = SeededRng::new(3);
        let opts = Options {
            threads: 2,
            first_window: 200,
            max_window: 200,
            first_budget: 1 << 30,
            ..Options::default()
        };
        for _ in 0..20 {
            let board = Board::random(Size::THREE, &mut rng);
            let walk = random_walk(&board, 40, &mut rng);
            let plan = [walk.clone(), exact.solve(&end_of(&board, &walk))].concat();
            let short = shorten_with(&board, &plan, &Stop::never(), &opts);
            assert!(end_of(&board, &short).is_goal());
            assert_eq!(short.len() as u32, exact.distance(&board), "{board}");
        }
    }

    #[test]
    fn windows_between_any_two_states_come_out_shortest_on_3x3() {
        // The plan need not end at the goal: the window search aims at its end state.
        let exact = ExactTable::build();
        let mut rng = SeededRng::new(8);
        let opts = Options {
            threads: 1,
            first_window: 200,
            max_window: 200,
            first_budget: 1 << 30,
            ..Options::default()
        };
        for _ in 0..10 {
            let board = Board::random(Size::THREE, &mut rng);
            // An end state with the blank where the goal has it, so that relabelling the
            // tiles by their cells there turns the end into the goal (moves act on cells).
            let goal = Board::goal(Size::THREE);
            let end = loop {
                let b = Board::random(Size::THREE, &mut rng);
                if b.blank() == goal.blank() {
                    break b;
                }
            };
            let from_goal: Vec<Move> = exact.solve(&end).iter().rev().map(|m| m.inverse()).collect();
            let plan = [exact.solve(&board), from_goal].concat();
            let short = shorten_with(&board, &plan, &Stop::never(), &opts);
            assert_eq!(end_of(&board, &short), end);
            let mut label = [0u8; MAX_CELLS];
            for (cell, &t) in end.tiles().iter().enumerate() {
                label[t as usize] = goal.tile_at(cell);
            }
            let relabelled: Vec<u8> = board.tiles().iter().map(|&t| label[t as usize]).collect();
            let r = Board::from_tiles(&relabelled).expect("a solvable relabelling");
            assert_eq!(short.len() as u32, exact.distance(&r), "{board} to {end}");
            assert!(short.len() <= plan.len());
        }
    }

    #[test]
    fn a_cancel_is_honoured_within_10_ms() {
        let mut rng = SeededRng::new(5);
        let board = Board::random(Size::SIX, &mut rng);
        let walk = random_walk(&board, 300, &mut rng);
        let end = end_of(&board, &walk);
        let plan = [walk, crate::solver::constructive::solve(&end).expect("a plan")].concat();
        let solver = small_solver();
        // Without the solver the windows' IDA* runs; with it, mostly the bounded search.
        for with_solver in [false, true] {
            let opts = Options {
                threads: 2,
                first_window: 40,
                max_window: 80,
                first_budget: 1 << 30,
                solver: with_solver.then_some(&solver),
                beam_slice: Duration::from_secs(5),
                max_tail: 60,
                ..Options::default()
            };
            let mut best = Duration::MAX;
            for _ in 0..4 {
                let flag = Arc::new(AtomicBool::new(false));
                let stop = Stop::never().with_flag(flag.clone());
                let (short, latency) = std::thread::scope(|s| {
                    let run = s.spawn(|| shorten_with(&board, &plan, &stop, &opts));
                    std::thread::sleep(Duration::from_millis(30));
                    let cancelled = Instant::now();
                    flag.store(true, Ordering::Relaxed);
                    let short = run.join().expect("no panic");
                    (short, cancelled.elapsed())
                });
                assert!(end_of(&board, &short).is_goal());
                assert!(short.len() <= plan.len());
                best = best.min(latency);
            }
            assert!(best < Duration::from_millis(10), "{best:?} (solver: {with_solver})");
        }
    }

    #[test]
    fn the_target_heuristic_is_zero_at_its_end_and_never_overestimates_on_3x3() {
        let exact = ExactTable::build();
        let goal = Board::goal(Size::THREE);
        let h = Toward::new(&goal);
        let mut rng = SeededRng::new(11);
        for _ in 0..200 {
            let b = Board::random(Size::THREE, &mut rng);
            let v = h.h(&h.init(&SearchBoard::new(&b)));
            assert!(v <= exact.distance(&b), "{b}");
            assert_eq!(
                v,
                crate::solver::linear_conflict::value(&b),
                "toward the goal it is linear conflict"
            );
        }
        assert_eq!(h.h(&h.init(&SearchBoard::new(&goal))), 0);
    }

    /// A solver whose tables live in memory only (3×3 and 4×4 need no pattern database
    /// unless a test prepares one).
    fn small_solver() -> Solver {
        Solver::new(crate::solver::TableCache::disabled())
    }

    #[test]
    fn on_3x3_the_tail_with_the_pattern_databases_gives_the_optimal_length() {
        let solver = small_solver();
        solver.prepare(Size::THREE, &|_| {}).expect("3×3 tables");
        let exact = solver.exact3();
        // Only the tail window runs: no IDA* windows toward other states, no beam.
        let opts = Options {
            threads: 2,
            max_window: 0,
            max_tail: 200,
            beam_slice: Duration::ZERO,
            solver: Some(&solver),
            ..Options::default()
        };
        let mut rng = SeededRng::new(13);
        for _ in 0..20 {
            let board = Board::random(Size::THREE, &mut rng);
            let walk = random_walk(&board, 40, &mut rng);
            let plan = [walk.clone(), exact.solve(&end_of(&board, &walk))].concat();
            let short = shorten_with(&board, &plan, &Stop::never(), &opts);
            assert!(end_of(&board, &short).is_goal());
            assert_eq!(short.len() as u32, exact.distance(&board), "{board}");
        }
    }

    #[test]
    fn the_tail_reads_compact_tables_as_compact() {
        // A solver whose 4×4 tables are stored in 4 bits an entry (as the large ones are):
        // the tail window must use their own reader, or its bound would be garbage.
        let dir = std::env::temp_dir().join(format!("slide-shorten-compact-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = crate::solver::TableCache::at(dir.clone());
        let compact = crate::solver::Partition::new(
            Size::FOUR,
            vec![
                vec![1, 2, 3, 4],
                vec![5, 6, 7, 8],
                vec![9, 10, 11, 12],
                vec![13, 14, 15],
            ],
        )
        .expect("a partition")
        .stored_compactly();
        cache.load_or_build(compact.clone(), &|_| {}).expect("built");
        let solver = Solver::preferring(cache, compact.clone());
        solver.prepare(Size::FOUR, &|_| {}).expect("4×4 tables");
        assert_eq!(solver.pdb(Size::FOUR).expect("tables").partition(), &compact);
        let opts = Options {
            threads: 1,
            max_window: 0,
            max_tail: 200,
            beam_slice: Duration::ZERO,
            solver: Some(&solver),
            ..Options::default()
        };
        let mut rng = SeededRng::new(5);
        for _ in 0..5 {
            let start = end_of(
                &Board::goal(Size::FOUR),
                &random_walk(&Board::goal(Size::FOUR), 24, &mut rng),
            );
            let optimal = solver.solve(&start, &SolveOptions::default()).expect("solved");
            let detour = random_walk(&start, 16, &mut rng);
            let back = solver
                .solve(&end_of(&start, &detour), &SolveOptions::default())
                .expect("solved");
            let plan = [detour, back.moves].concat();
            let short = shorten_with(&start, &plan, &Stop::never(), &opts);
            assert!(end_of(&start, &short).is_goal());
            assert_eq!(short.len(), optimal.len(), "{start}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn reflections_carry_moves_over() {
        let mut rng = SeededRng::new(21);
        for side in 3..=6 {
            let size = Size::new(side).expect("a size");
            for corner in [0, side - 1, side * (side - 1), side * side - 1] {
                let turn = Turn::to_goal_corner(corner, side).expect("a corner");
                assert_eq!(turn.cell(corner), side * side - 1);
                let board = Board::random(size, &mut rng);
                let walk = random_walk(&board, 30, &mut rng);
                // Replaying the reflected moves on the reflected board ends at the reflected end.
                let mut b = Board::from_tiles_any_parity(&turn.board_tiles(&board)[..side * side]).expect("tiles");
                for &m in &walk {
                    assert!(b.try_move(turn.apply_move(m)));
                }
                let end = turn.board_tiles(&end_of(&board, &walk));
                assert_eq!(b.tiles(), &end[..side * side]);
            }
            assert!(Turn::to_goal_corner(1, side).is_none());
        }
    }

    #[test]
    fn beam_windows_on_3x3_reach_the_optimum_between_their_states() {
        // On 3×3 the solver answers from its exact table, so a beam window is optimal.
        let solver = small_solver();
        let exact = solver.exact3();
        let mut rng = SeededRng::new(4);
        for _ in 0..30 {
            let board = Board::random(Size::THREE, &mut rng);
            let walk = random_walk(&board, 25, &mut rng);
            let end = end_of(&board, &walk);
            let window = beam_window(
                &solver,
                &board,
                &end,
                walk.len() as u32,
                Duration::from_secs(1),
                &Stop::never(),
            );
            let Some(turn) = Turn::to_goal_corner(end.blank(), 3) else {
                assert!(matches!(window, Window::Unknown));
                continue;
            };
            let (a, b) = (turn.board_tiles(&board), turn.board_tiles(&end));
            let goal = Board::goal(Size::THREE);
            let mut label = [0u8; MAX_CELLS];
            for cell in 0..9 {
                label[b[cell] as usize] = goal.tile_at(cell);
            }
            let r: Vec<u8> = a[..9].iter().map(|&t| label[t as usize]).collect();
            let distance = exact.distance(&Board::from_tiles(&r).expect("solvable"));
            match window {
                Window::Shorter(moves) => {
                    assert_eq!(end_of(&board, &moves), end);
                    assert_eq!(moves.len() as u32, distance);
                }
                Window::Shortest => assert_eq!(distance as usize, walk.len()),
                Window::Unknown => panic!("the exact table always answers"),
            }
        }
    }

    #[test]
    fn with_the_solver_every_kind_of_window_keeps_plans_legal() {
        let solver = small_solver();
        let mut rng = SeededRng::new(6);
        for side in [3, 4] {
            let size = Size::new(side).expect("a size");
            for _ in 0..4 {
                let board = Board::random(size, &mut rng);
                let walk = random_walk(&board, 120, &mut rng);
                let plan = [
                    walk.clone(),
                    crate::solver::constructive::solve(&end_of(&board, &walk)).expect("a plan"),
                ]
                .concat();
                let opts = Options {
                    threads: 2,
                    solver: Some(&solver),
                    max_tail: 40,
                    beam_slice: Duration::from_millis(20),
                    ..Options::default()
                };
                let short = shorten_with(&board, &plan, &quick(300), &opts);
                assert!(end_of(&board, &short).is_goal());
                assert!(short.len() < plan.len(), "a random walk is always shortened");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn shortened_plans_are_legal_end_alike_and_never_longer(
            seed in any::<u64>(),
            side in 3usize..=6,
            steps in 0usize..150,
            to_goal in any::<bool>(),
        ) {
            let size = Size::new(side).expect("a size");
            let mut rng = SeededRng::new(seed);
            let board = Board::random(size, &mut rng);
            let walk = random_walk(&board, steps, &mut rng);
            let mut plan = walk.clone();
            if to_goal {
                plan.extend(crate::solver::constructive::solve(&end_of(&board, &walk)).expect("a plan"));
            }
            let end = end_of(&board, &plan);
            let short = shorten_with(&board, &plan, &quick(40), &Options { threads: 2, ..Options::default() });
            prop_assert!(short.len() <= plan.len());
            prop_assert_eq!(end_of(&board, &short), end);
        }
    }
}
