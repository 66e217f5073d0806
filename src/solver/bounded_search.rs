//! A time-bounded search for boards too hard to solve optimally on demand (5×5, 6×6).
//!
//! Anytime beam search: breadth-first by depth, keeping only the `width` children with the
//! lowest heuristic at each depth. A narrow beam finds a whole solution in milliseconds;
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
//! Duplicates are dropped against the last few depths (a state's depth parity is fixed, so
//! short cycles land within them); a full closed list would cost too much memory at large
//! widths and only saves work, not correctness.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::time::{Duration, Instant};

use crate::puzzle::{Board, MAX_CELLS, Move, SeededRng};
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::{Solution, SolveError, Stop};

/// The first beam's width: wide enough to be sound, narrow enough to take milliseconds.
const FIRST_WIDTH: usize = 256;
/// Wider beams cost memory (about 200 bytes a node) for little gain.
const MAX_WIDTH: usize = 1 << 17;
/// A beam that runs deeper than this has lost its way; the next, wider one starts over.
const MAX_DEPTH: usize = 1000;
/// How many past depths are remembered for duplicate detection.
const MEMORY_DEPTHS: usize = 4;
/// How long past the deadline beams may keep looking for a first plan before the
/// constructive solver's is taken. The first beam (width 256) usually needs a few
/// milliseconds on 6×6, so this is only used up with tiny budgets or a starved CPU.
pub(crate) const FIRST_PLAN_GRACE: Duration = Duration::from_millis(50);

/// A pass-through hasher: Zobrist keys are already uniformly random.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are hashed");
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// Random keys per (tile, cell); a board's key is the xor over its tiles.
struct Zobrist([u64; MAX_CELLS * MAX_CELLS]);

impl Zobrist {
    fn new() -> Zobrist {
        let mut rng = SeededRng::new(0x5EED);
        let mut keys = [0u64; MAX_CELLS * MAX_CELLS];
        for k in &mut keys {
            *k = rng.next_u64();
        }
        Zobrist(keys)
    }
    fn key(&self, tile: u8, cell: usize) -> u64 {
        self.0[tile as usize * MAX_CELLS + cell]
    }
    fn board(&self, b: &SearchBoard) -> u64 {
        (0..b.side * b.side)
            .filter(|&i| b.tiles[i] != 0)
            .fold(0, |k, i| k ^ self.key(b.tiles[i], i))
    }
}

#[derive(Clone, Copy)]
struct Node<S: Copy> {
    board: SearchBoard,
    state: S,
    key: u64,
    last: Option<Move>,
    /// Index of this node's move in the trace arena.
    trace: u32,
}

/// Outcome of one beam.
enum Beam {
    Found(Vec<Move>),
    Failed,
    Stopped,
}

/// Returns a whole solution: the best plan found before the deadline.
pub(crate) fn solve<H: Incremental>(heuristic: &H, board: &Board, stop: &Stop) -> Result<Solution, SolveError> {
    solve_with_grace(heuristic, board, stop, FIRST_PLAN_GRACE)
}

/// [`solve`] with the first plan's grace given (tests set it to zero to reach the
/// constructive fallback).
fn solve_with_grace<H: Incremental>(
    heuristic: &H,
    board: &Board,
    stop: &Stop,
    grace: Duration,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let root = SearchBoard::new(board);
    let state = heuristic.init(&root);
    let lower_bound = heuristic.h(&state);
    if board.is_goal() {
        return Ok(Solution::solved_already(start.elapsed()));
    }
    let zobrist = Zobrist::new();
    let mut counts = Counts::default();
    let mut best: Option<Vec<Move>> = None;
    let mut width = FIRST_WIDTH;
    // Until there is a plan, beams may run a little past the deadline (see the module docs).
    let first_plan_stop = match stop.deadline() {
        Some(d) => stop.without_deadline().with_deadline(d + grace),
        None => stop.clone(),
    };
    while width <= MAX_WIDTH {
        let run_stop = if best.is_some() { stop } else { &first_plan_stop };
        let limit = best.as_ref().map_or(u32::MAX, |b| b.len() as u32);
        match beam(heuristic, &zobrist, root, state, width, limit, run_stop, &mut counts) {
            Beam::Found(moves) => best = Some(moves),
            Beam::Failed => {}
            Beam::Stopped => break,
        }
        if best.as_ref().is_some_and(|b| b.len() as u32 == lower_bound) || stop.should_stop() {
            break;
        }
        width *= 2;
    }
    if stop.is_cancelled() && best.is_none() {
        return Err(SolveError::Cancelled);
    }
    let moves = match best {
        Some(moves) => moves,
        // Out of time (or every beam failed): a long plan now beats a short one too late.
        None => crate::solver::constructive::solve(board).ok_or(SolveError::OutOfTime)?,
    };
    Ok(Solution {
        optimal: moves.len() as u32 == lower_bound,
        moves,
        lower_bound,
        nodes: counts.expanded,
        generated: counts.generated,
        elapsed: start.elapsed(),
    })
}

/// Node counts over all beams.
#[derive(Default)]
struct Counts {
    expanded: u64,
    generated: u64,
}

/// A child before selection: just enough to rank it and to rebuild it if it is kept, so
/// the many children that are dropped never cost a full node copy.
#[derive(Clone, Copy)]
struct Candidate {
    h: u32,
    key: u64,
    parent: u32,
    mv: Move,
}

#[allow(clippy::too_many_arguments)]
fn beam<H: Incremental>(
    heuristic: &H,
    zobrist: &Zobrist,
    root: SearchBoard,
    state: H::State,
    width: usize,
    limit: u32,
    stop: &Stop,
    counts: &mut Counts,
) -> Beam {
    let mut trace: Vec<(u32, Move)> = Vec::new();
    let root_key = zobrist.board(&root);
    let mut layer = vec![Node {
        board: root,
        state,
        key: root_key,
        last: None,
        trace: u32::MAX,
    }];
    let mut next_layer: Vec<Node<H::State>> = Vec::with_capacity(width);
    let mut memory: Vec<KeySet> = vec![KeySet::from_iter([root_key])];
    let mut candidates: Vec<Candidate> = Vec::with_capacity(width * 3);
    for depth in 1..=MAX_DEPTH as u32 {
        if depth >= limit {
            return Beam::Failed;
        }
        if stop.should_stop() {
            return Beam::Stopped;
        }
        candidates.clear();
        // Reuse the oldest remembered depth's set for this depth.
        let mut seen = if memory.len() >= MEMORY_DEPTHS {
            memory.remove(0)
        } else {
            KeySet::default()
        };
        seen.clear();
        seen.reserve(width * 3);
        let within = limit.saturating_sub(depth + 1);
        for (parent, node) in layer.iter().enumerate() {
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
                if counts.generated & 0xFFF == 0 && stop.should_stop() {
                    return Beam::Stopped;
                }
                let tile = node.board.tiles[from];
                let key = node.key ^ zobrist.key(tile, from) ^ zobrist.key(tile, blank);
                if seen.contains(&key) || memory.iter().any(|s| s.contains(&key)) {
                    continue;
                }
                let mut b = node.board;
                b.tiles[blank] = tile;
                b.tiles[from] = 0;
                b.blank = from;
                let mut s = node.state;
                let h = heuristic.update_within(&mut s, &b, tile, from, blank, within);
                if h > within {
                    continue;
                }
                if h == 0 && b.is_goal() {
                    trace.push((node.trace, m));
                    return Beam::Found(path(&trace, (trace.len() - 1) as u32));
                }
                seen.insert(key);
                candidates.push(Candidate {
                    h,
                    key,
                    parent: parent as u32,
                    mv: m,
                });
            }
        }
        if candidates.is_empty() {
            return Beam::Failed;
        }
        if candidates.len() > width {
            candidates.select_nth_unstable_by_key(width, |c| (c.h, c.key));
            candidates.truncate(width);
        }
        next_layer.clear();
        for (i, c) in candidates.iter().enumerate() {
            if i & 0xFFF == 0xFFF && stop.should_stop() {
                return Beam::Stopped;
            }
            let node = &layer[c.parent as usize];
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
            heuristic.update(&mut s, &b, tile, from, blank);
            trace.push((node.trace, c.mv));
            next_layer.push(Node {
                board: b,
                state: s,
                key: c.key,
                last: Some(c.mv),
                trace: (trace.len() - 1) as u32,
            });
        }
        std::mem::swap(&mut layer, &mut next_layer);
        memory.push(seen);
    }
    Beam::Failed
}

fn path(trace: &[(u32, Move)], mut at: u32) -> Vec<Move> {
    let mut moves = Vec::new();
    while at != u32::MAX {
        let (parent, m) = trace[at as usize];
        moves.push(m);
        at = parent;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Size;
    use crate::solver::linear_conflict::LinearConflict;

    #[test]
    fn out_of_time_before_any_plan_takes_the_constructive_one() {
        let mut rng = SeededRng::new(9);
        for size in [Size::FIVE, Size::SIX] {
            let h = LinearConflict::new(size);
            for _ in 0..5 {
                let board = Board::random(size, &mut rng);
                // The deadline has passed and there is no grace: no beam gets anywhere.
                let stop = Stop::never().with_deadline(Instant::now());
                let s = solve_with_grace(&h, &board, &stop, Duration::ZERO).expect("a plan");
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
            solve_with_grace(&h, &board, &stop, Duration::ZERO).map(|s| s.len()),
            Err(SolveError::Cancelled)
        );
    }
}
