//! Duplicate-path pruning for IDA*: a finite-state machine over the moves made so far that
//! forbids move sequences another sequence can always replace (Taylor and Korf, 'Pruning
//! duplicate nodes in depth-first search', AAAI 1993).
//!
//! IDA* searches a tree, so every other path to a state is searched again. Undoing the last
//! move is the commonest such path, but not the only one: going round a 2×2 square one way
//! reaches what going round it the other way reaches, and three times round is nothing at all.
//!
//! The machine is built once by enumerating move strings on an unbounded grid, shortest first
//! and in a fixed order within a length. A string `s` is *forbidden* when an earlier string `t`
//! (shorter, or as long and earlier in the order) has the same effect on the tiles and on the
//! blank, and the blank's walk in `t` stays inside the rectangle that `s` walks through. That
//! last condition makes `t` legal wherever `s` is, on any board size.
//!
//! Why optimality survives: take, among the shortest solutions of a board, the first in move
//! order. If it contained a forbidden `s`, putting its `t` in place would give a legal solution
//! that is shorter, or as short and earlier in order, which is impossible. So that solution
//! contains no forbidden string and the pruned search still finds one as short.
//!
//! The forbidden strings are then compiled into an Aho–Corasick automaton: a search keeps one
//! state number per node and a table lookup per move says whether the move is allowed and what
//! the next state is.
//!
//! The enumeration grows threefold per move of length (a second for 10 moves, 20 seconds for
//! 13, minutes and gigabytes for 14), so the list is computed once and shipped in
//! `forbidden_moves.txt` (one string a line, in move letters); a test checks it against the
//! enumeration for the shorter lengths, and the tests below check on 3×3 and 4×4 that no
//! shortest path is lost. The shipped length is 13 moves (3,283 strings, 15,221 states).
//! On Korf's 100 it expands 40% fewer nodes than undo-pruning alone, 10 moves 34%, 14 moves
//! 42%; on the 80-move position 295.7 M nodes against 334.8 M with 10 moves. 14 moves need
//! 85,192 states, more than 16 bits hold, and a table five times as large. When 10 moves
//! shipped (1,631 states in 32 bits), longer lists cost more time per node than they saved;
//! in 16 bits the 13-move table (122 KB) fits the second-level cache (BENCHMARKS.md).
//! IDA* takes every string ([`MovePruning::longest`]); the plan shortening keeps the first
//! 10 moves' strings ([`MovePruning::shared`]).
//! Regenerate it with `LEN=13 cargo test --lib regenerate_forbidden_list -- --ignored`.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use crate::puzzle::Move;

/// The shipped forbidden strings, shortest first.
const FORBIDDEN_LIST: &str = include_str!("forbidden_moves.txt");

/// The longest strings of [`MovePruning::shared`]'s machine.
pub(crate) const SHORT_LEN: usize = 10;

/// A move the machine forbids.
pub(crate) const FORBIDDEN: u32 = u16::MAX as u32;

/// The automaton: for each state, the next state after each move (by [`Move::index`]), or
/// [`FORBIDDEN`]. States are stored in 16 bits (the shipped machine has 15,221) so that the
/// table, read at every generated node, takes 122 KB of the second-level cache, not 244.
pub(crate) struct MovePruning {
    next: Vec<[u16; 4]>,
    #[cfg_attr(not(test), allow(dead_code))]
    forbidden_strings: usize,
}

/// A cell of the unbounded grid: (row, column) relative to the blank's start.
type Cell = (i8, i8);

/// Where the blank goes for each move, by [`Move::index`]. A move names the tile's direction,
/// so the blank goes the other way.
const BLANK_STEP: [Cell; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The blank's rectangle: (min row, max row, min column, max column).
type Rect = (i8, i8, i8, i8);

fn inside(inner: Rect, outer: Rect) -> bool {
    inner.0 >= outer.0 && inner.1 <= outer.1 && inner.2 >= outer.2 && inner.3 <= outer.3
}

/// What a move string does: the blank's end cell and every displaced tile as (cell now, cell
/// it started on), sorted. Equal effects mean the strings are interchangeable.
type Effect = (Cell, Vec<(Cell, Cell)>);

/// A string being extended: its moves, the blank's cell and rectangle, and which tile (by its
/// starting cell) now sits on each cell it touched.
#[derive(Clone)]
struct Walk {
    moves: Vec<u8>,
    blank: Cell,
    rect: Rect,
    origin_at: Vec<(Cell, Cell)>,
}

impl Walk {
    fn start() -> Walk {
        Walk {
            moves: Vec::new(),
            blank: (0, 0),
            rect: (0, 0, 0, 0),
            origin_at: Vec::new(),
        }
    }

    fn origin(&self, cell: Cell) -> Cell {
        self.origin_at
            .iter()
            .find(|(c, _)| *c == cell)
            .map_or(cell, |&(_, o)| o)
    }

    fn set(&mut self, cell: Cell, origin: Cell) {
        if let Some(slot) = self.origin_at.iter_mut().find(|(c, _)| *c == cell) {
            slot.1 = origin;
        } else {
            self.origin_at.push((cell, origin));
        }
    }

    fn then(&self, m: u8) -> Walk {
        let (dr, dc) = BLANK_STEP[m as usize];
        let to = (self.blank.0 + dr, self.blank.1 + dc);
        let mut w = self.clone();
        w.moves.push(m);
        // The tile on `to` slides onto the blank's old cell.
        let tile = w.origin(to);
        w.set(self.blank, tile);
        w.set(to, to); // placeholder for the blank, ignored in the effect
        w.blank = to;
        w.rect = (
            w.rect.0.min(to.0),
            w.rect.1.max(to.0),
            w.rect.2.min(to.1),
            w.rect.3.max(to.1),
        );
        w
    }

    fn effect(&self) -> Effect {
        let mut displaced: Vec<(Cell, Cell)> = self
            .origin_at
            .iter()
            .filter(|&&(c, o)| c != self.blank && c != o)
            .copied()
            .collect();
        // The tile that started under the blank's end cell is the blank's own start: the
        // blank's end cell is enough to describe it.
        displaced.sort_unstable();
        (self.blank, displaced)
    }
}

impl MovePruning {
    /// The machine for the given forbidden strings (moves by [`Move::index`]).
    fn from_strings(forbidden: &[Vec<u8>]) -> MovePruning {
        MovePruning {
            next: compile(forbidden),
            forbidden_strings: forbidden.len(),
        }
    }

    /// The machine for the shipped strings of up to `max_len` moves.
    fn shipped(max_len: usize) -> MovePruning {
        MovePruning::from_strings(&shipped_strings(max_len))
    }

    /// The shared machine for every shipped string, compiled on first use (a few
    /// milliseconds): the optimal searches' (IDA*, sequential and parallel).
    pub fn longest() -> &'static MovePruning {
        static LONGEST: OnceLock<MovePruning> = OnceLock::new();
        LONGEST.get_or_init(|| MovePruning::shipped(usize::MAX))
    }

    /// The shared machine for the shipped strings of up to [`SHORT_LEN`] moves, the list
    /// shipped before the longer one. The plan shortening of the 5×5 and 6×6 plans keeps
    /// it: which shortest path each window finds, and so the plans, were measured with it.
    pub fn shared() -> &'static MovePruning {
        static SHORT: OnceLock<MovePruning> = OnceLock::new();
        SHORT.get_or_init(|| MovePruning::shipped(SHORT_LEN))
    }

    /// The state before any move.
    pub const START: u32 = 0;

    /// The state after `m` from `state`, or [`FORBIDDEN`] when `m` would complete a
    /// forbidden string.
    #[inline]
    pub fn next(&self, state: u32, m: Move) -> u32 {
        u32::from(self.next[state as usize][m.index()])
    }

    /// The number of states (for reports).
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn states(&self) -> usize {
        self.next.len()
    }

    /// The number of forbidden strings the machine was compiled from.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn forbidden_count(&self) -> usize {
        self.forbidden_strings
    }
}

/// The shipped strings of up to `max_len` moves.
fn shipped_strings(max_len: usize) -> Vec<Vec<u8>> {
    FORBIDDEN_LIST
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            l.chars()
                .map(|c| Move::from_letter(c).map(|m| m.index() as u8))
                .collect::<Option<Vec<u8>>>()
        })
        .filter(|s| s.len() <= max_len)
        .collect()
}

/// Every forbidden string of up to `max_len` moves that has no shorter forbidden part, in the
/// order found (shortest first).
#[cfg_attr(not(test), allow(dead_code))]
fn forbidden_strings(max_len: usize) -> Vec<Vec<u8>> {
    // Every string's effect seen so far, with the rectangles of the strings that had it.
    let mut seen: HashMap<Effect, Vec<Rect>> = HashMap::new();
    let start = Walk::start();
    seen.insert(start.effect(), vec![start.rect]);
    let mut forbidden: HashSet<Vec<u8>> = HashSet::new();
    let mut forbidden_list = Vec::new();
    // Strings of the current length with no forbidden part, in move order.
    let mut level = vec![start];
    for _ in 0..max_len {
        let mut next_level = Vec::new();
        for walk in &level {
            for m in 0..4u8 {
                let w = walk.then(m);
                // The prefix is clean; only a suffix can be forbidden already.
                let n = w.moves.len();
                if (0..n.saturating_sub(1)).any(|i| forbidden.contains(&w.moves[i..])) {
                    continue;
                }
                let rects = seen.entry(w.effect()).or_default();
                let replaceable = rects.iter().any(|&r| inside(r, w.rect));
                rects.push(w.rect);
                if replaceable {
                    forbidden.insert(w.moves.clone());
                    forbidden_list.push(w.moves);
                } else {
                    next_level.push(w);
                }
            }
        }
        level = next_level;
    }
    forbidden_list
}

/// The Aho–Corasick automaton of `strings`, with every state that matches one mapped to
/// [`FORBIDDEN`].
fn compile(strings: &[Vec<u8>]) -> Vec<[u16; 4]> {
    const NONE: u32 = u32::MAX - 1;
    let mut trie: Vec<[u32; 4]> = vec![[NONE; 4]];
    let mut terminal = vec![false];
    for s in strings {
        let mut node = 0usize;
        for &m in s {
            let child = trie[node][m as usize];
            node = if child == NONE {
                trie.push([NONE; 4]);
                terminal.push(false);
                let id = trie.len() - 1;
                trie[node][m as usize] = id as u32;
                id
            } else {
                child as usize
            };
        }
        terminal[node] = true;
    }
    // Breadth-first: fill missing transitions from the failure state, and mark states whose
    // failure chain matches.
    let mut fail = vec![0u32; trie.len()];
    let mut next = trie.clone();
    let mut queue = std::collections::VecDeque::new();
    for m in 0..4 {
        let child = trie[0][m];
        if child == NONE {
            next[0][m] = 0;
        } else {
            fail[child as usize] = 0;
            queue.push_back(child as usize);
        }
    }
    while let Some(node) = queue.pop_front() {
        if terminal[fail[node] as usize] {
            terminal[node] = true;
        }
        for m in 0..4 {
            let child = trie[node][m];
            let via_fail = next[fail[node] as usize][m];
            if child == NONE {
                next[node][m] = via_fail;
            } else {
                fail[child as usize] = via_fail;
                queue.push_back(child as usize);
            }
        }
    }
    assert!(
        next.len() < FORBIDDEN as usize,
        "the machine's states must fit below FORBIDDEN in 16 bits"
    );
    next.iter()
        .map(|row| {
            row.map(|t| {
                if terminal[t as usize] {
                    FORBIDDEN as u16
                } else {
                    t as u16
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::puzzle::{Board, Size};

    #[test]
    fn undoing_a_move_and_going_round_a_square_three_times_are_forbidden() {
        let fsm = MovePruning::shipped(12);
        let run = |moves: &[Move]| {
            let mut s = MovePruning::START;
            for &m in moves {
                s = fsm.next(s, m);
                if s == FORBIDDEN {
                    return false;
                }
            }
            true
        };
        assert!(!run(&[Move::Up, Move::Down]));
        assert!(!run(&[Move::Left, Move::Right]));
        assert!(run(&[Move::Up, Move::Left, Move::Down, Move::Right]));
        let round = [Move::Up, Move::Left, Move::Down, Move::Right];
        let thrice: Vec<Move> = round.iter().copied().cycle().take(12).collect();
        assert!(!run(&thrice));
    }

    /// Every state within `depth` moves of the goal is reached by some allowed path exactly as
    /// short as its distance: the pruning loses no shortest path.
    fn check_complete(size: Size, depth: u32) {
        let fsm = MovePruning::longest();
        let goal = Board::goal(size);
        // Exact distances by breadth-first search.
        let mut dist: HashMap<Board, u32> = HashMap::new();
        dist.insert(goal, 0);
        let mut frontier = vec![goal];
        for d in 1..=depth {
            let mut next = Vec::new();
            for b in &frontier {
                for m in b.legal_moves() {
                    let mut c = *b;
                    c.try_move(m);
                    if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(c) {
                        e.insert(d);
                        next.push(c);
                    }
                }
            }
            frontier = next;
        }
        // Depth-first search over allowed paths, recording the shortest depth reached.
        let mut best: HashMap<Board, u32> = HashMap::new();
        fn dfs(fsm: &MovePruning, b: &mut Board, state: u32, g: u32, depth: u32, best: &mut HashMap<Board, u32>) {
            let e = best.entry(*b).or_insert(u32::MAX);
            *e = (*e).min(g);
            if g == depth {
                return;
            }
            let moves: Vec<Move> = b.legal_moves().collect();
            for m in moves {
                let s = fsm.next(state, m);
                if s == FORBIDDEN {
                    continue;
                }
                b.try_move(m);
                dfs(fsm, b, s, g + 1, depth, best);
                b.try_move(m.inverse());
            }
        }
        let mut b = goal;
        dfs(fsm, &mut b, MovePruning::START, 0, depth, &mut best);
        for (board, d) in &dist {
            assert_eq!(best.get(board), Some(d), "{board}");
        }
    }

    #[test]
    fn no_shortest_path_is_lost_on_3x3() {
        check_complete(Size::THREE, 20);
    }

    #[test]
    fn no_shortest_path_is_lost_on_4x4() {
        check_complete(Size::FOUR, 14);
    }

    #[test]
    fn the_machine_prunes_more_than_undo_alone() {
        let fsm = MovePruning::longest();
        // Count allowed paths of length 12 from the middle of a big board against the 4·3^11
        // paths that never undo the last move.
        fn count(fsm: &MovePruning, state: u32, left: u32) -> u64 {
            if left == 0 {
                return 1;
            }
            Move::ALL
                .iter()
                .map(|&m| {
                    let s = fsm.next(state, m);
                    if s == FORBIDDEN { 0 } else { count(fsm, s, left - 1) }
                })
                .sum()
        }
        let allowed = count(fsm, MovePruning::START, 12);
        assert!(allowed < 4 * 3u64.pow(11), "{allowed}");
        assert!(fsm.states() > 1 && fsm.forbidden_count() > 0);
    }

    #[test]
    fn the_shipped_list_is_what_the_enumeration_finds() {
        assert_eq!(shipped_strings(9), forbidden_strings(9));
    }

    /// Writes `forbidden_moves.txt` for strings of up to `LEN` moves (minutes for 14).
    #[test]
    #[ignore = "regenerates the shipped list"]
    fn regenerate_forbidden_list() {
        let len: usize = std::env::var("LEN").map_or(10, |v| v.parse().unwrap());
        let mut text =
            format!("# Forbidden move strings of up to {len} moves, shortest first (see move_pruning.rs).\n");
        for s in forbidden_strings(len) {
            text.extend(s.iter().map(|&m| Move::ALL[m as usize].letter()));
            text.push('\n');
        }
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/src/solver/forbidden_moves.txt"),
            text,
        )
        .unwrap();
    }
}
