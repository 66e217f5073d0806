//! IDA* on a board of any shape up to [`SEARCH_CELLS`] cells, with Manhattan distance plus
//! linear conflicts ([`crate::solver::heuristic::shape_bound`]) and, where the shape has
//! them, its additive pattern databases (each shape has one partition; the search takes up
//! to [`MAX_PARTITIONS`]), all kept up to date as tiles move; the bound is the largest of
//! them (each is admissible, so their maximum is). A second partition on 2×8 was measured
//! and left out: it saved a third of the nodes on the hardest boards, already proven in
//! 0.1 s, for twice the build (BENCHMARKS.md). Optimal: IDA* that completes with an admissible
//! heuristic returns a shortest solution (the first goal met within the smallest bound that
//! holds one).
//!
//! The square boards keep their own search (`ida_star.rs`, with pattern databases and move
//! pruning tuned per side); this one serves the rectangles and 2×2.

use std::time::Instant;

use crate::puzzle::{Board, MAX_SIDE, Move, SEARCH_CELLS};
use crate::solver::heuristic::shape_bound::Shape;
use crate::solver::search_progress::{ProgressCallback, SearchProgress};
use crate::solver::tables::partition::MAX_GROUPS;
use crate::solver::tables::pattern_db::PatternDb;
use crate::solver::{Solution, SolveError, Stop};

/// How many nodes pass between looks at the stop flag.
const STOP_CHECK_MASK: u64 = 0xFFF;

/// How many nodes pass between progress reports within one iteration (about a million).
const PROGRESS_MASK: u64 = 0xF_FFFF;

/// The most partitions whose tables bound one search (their maximum).
pub(crate) const MAX_PARTITIONS: usize = 2;

/// The board being searched, with its bound's parts.
struct Node<'a> {
    shape: Shape,
    tiles: [u8; SEARCH_CELLS],
    blank: usize,
    manhattan: u32,
    rows: [u8; MAX_SIDE],
    cols: [u8; MAX_SIDE],
    conflicts: u32,
    tables: [Option<Tables<'a>>; MAX_PARTITIONS],
}

/// The pattern databases' part of a node: each group's placement rank and value.
#[derive(Clone, Copy)]
struct Tables<'a> {
    db: &'a PatternDb,
    compact: bool,
    ranks: [u32; MAX_GROUPS],
    /// Each group's Manhattan distance (compact tables store the value less it).
    distances: [u8; MAX_GROUPS],
    values: [u8; MAX_GROUPS],
    sum: u32,
}

impl<'a> Tables<'a> {
    fn new(db: &'a PatternDb, tiles: &[u8]) -> Tables<'a> {
        let mut cell_of = [0u8; SEARCH_CELLS];
        for (cell, &t) in tiles.iter().enumerate() {
            cell_of[t as usize] = cell as u8;
        }
        let ranks = db.ranks(&cell_of);
        let compact = db.partition().is_compact();
        let mut t = Tables {
            db,
            compact,
            ranks,
            distances: [0; MAX_GROUPS],
            values: [0; MAX_GROUPS],
            sum: 0,
        };
        for g in 0..db.partition().groups().len() {
            t.distances[g] = db.group_manhattan(g, &cell_of);
            t.values[g] = t.value(g);
            t.sum += u32::from(t.values[g]);
        }
        t
    }

    #[inline]
    fn value(&self, g: usize) -> u8 {
        if self.compact {
            self.db.compact_value_at(g, self.ranks[g], self.distances[g])
        } else {
            self.db.value_at(g, self.ranks[g])
        }
    }

    /// Tile `tile` moved from `from` to `to`; `tiles` is the board after the move.
    #[inline]
    fn moved(&mut self, tiles: &[u8; SEARCH_CELLS], tile: usize, from: usize, to: usize) {
        let db = self.db;
        let g = db.group_of(tile);
        self.ranks[g] = self.ranks[g].wrapping_add_signed(db.direct_rank_step(tiles, tile, from, to));
        self.distances[g] = self.distances[g] + db.tile_distance(tile, to) - db.tile_distance(tile, from);
        let v = self.value(g);
        self.sum = self.sum + u32::from(v) - u32::from(self.values[g]);
        self.values[g] = v;
    }
}

impl<'a> Node<'a> {
    fn new(board: &Board, dbs: &[&'a PatternDb]) -> Node<'a> {
        let size = board.size();
        let shape = Shape {
            width: size.width(),
            height: size.height(),
        };
        let mut tiles = [0u8; SEARCH_CELLS];
        tiles[..size.cells()].copy_from_slice(board.tiles());
        let mut node = Node {
            shape,
            tiles,
            blank: board.blank(),
            manhattan: shape.manhattan(board.tiles()),
            rows: [0; MAX_SIDE],
            cols: [0; MAX_SIDE],
            conflicts: 0,
            tables: [None; MAX_PARTITIONS],
        };
        for (slot, db) in node.tables.iter_mut().zip(dbs) {
            *slot = Some(Tables::new(db, board.tiles()));
        }
        for r in 0..shape.height {
            node.rows[r] = shape.row_conflicts(&node.tiles, r) as u8;
        }
        for c in 0..shape.width {
            node.cols[c] = shape.col_conflicts(&node.tiles, c) as u8;
        }
        node.conflicts = node.rows.iter().chain(&node.cols).map(|&x| u32::from(x)).sum();
        node
    }

    #[inline]
    fn h(&self) -> u32 {
        let mut bound = self.manhattan + self.conflicts;
        for t in self.tables.iter().flatten() {
            bound = bound.max(t.sum);
        }
        bound
    }

    /// Slides the tile at `from` into the blank, keeping the bound's parts current.
    fn slide(&mut self, from: usize) {
        let (blank, shape) = (self.blank, self.shape);
        let tile = self.tiles[from];
        self.tiles[blank] = tile;
        self.tiles[from] = 0;
        self.blank = from;
        self.manhattan = self.manhattan + shape.distance(tile, blank) - shape.distance(tile, from);
        for t in self.tables.iter_mut().flatten() {
            t.moved(&self.tiles, tile as usize, from, blank);
        }
        // A vertical move changes two rows' contents, a horizontal one two columns'; a
        // line's conflicts count only the tiles that belong to it, so they change only in
        // the line the tile belongs to, if it is one of the two.
        let w = shape.width;
        let (goal_row, goal_col) = shape.goal(tile);
        if from / w == blank / w {
            for c in [from % w, blank % w] {
                if c != goal_col {
                    continue;
                }
                let new = shape.col_conflicts(&self.tiles, c) as u8;
                self.conflicts = self.conflicts + u32::from(new) - u32::from(self.cols[c]);
                self.cols[c] = new;
            }
        } else {
            for r in [from / w, blank / w] {
                if r != goal_row {
                    continue;
                }
                let new = shape.row_conflicts(&self.tiles, r) as u8;
                self.conflicts = self.conflicts + u32::from(new) - u32::from(self.rows[r]);
                self.rows[r] = new;
            }
        }
    }
}

/// One search: its counters and path.
struct Search<'a> {
    stop: &'a Stop,
    nodes: u64,
    generated: u64,
    path: Vec<Move>,
    /// The heuristic's weight in quarters ([`OPTIMAL_WEIGHT`] for an optimal search).
    weight: u32,
    /// Where progress goes, with what is reported besides the nodes.
    progress: Option<(&'a ProgressCallback, SearchProgress)>,
    start: Instant,
}

/// Outcome of one bounded pass.
enum Pass {
    Found,
    Exceeded(u32),
    Stopped,
}

/// Whether this search takes `board`: at most [`SEARCH_CELLS`] cells.
pub(crate) fn fits(board: &Board) -> bool {
    board.size().cells() <= SEARCH_CELLS
}

/// The weight of the heuristic, in quarters, that makes the search optimal.
const OPTIMAL_WEIGHT: u32 = 4;

/// An optimal solution of `board` (at most [`SEARCH_CELLS`] cells), or the stop's error;
/// guided by `dbs` too (the pattern databases of the board's shape, at most
/// [`MAX_PARTITIONS`] partitions), and telling `progress` of each new threshold.
pub(crate) fn solve(
    board: &Board,
    dbs: &[&PatternDb],
    stop: &Stop,
    progress: Option<&ProgressCallback>,
) -> Result<Solution, SolveError> {
    run(board, dbs, OPTIMAL_WEIGHT, stop, progress)
}

/// A solution of `board` by IDA* on `g + weight/4 · h`: optimal at weight 4; above it, at
/// most `weight/4` times the optimal length, and found with far fewer nodes (Pohl's
/// weighted search), so it is marked not optimal unless the weight is 4.
pub(crate) fn solve_weighted(
    board: &Board,
    dbs: &[&PatternDb],
    weight: u32,
    stop: &Stop,
) -> Result<Solution, SolveError> {
    run(board, dbs, weight, stop, None)
}

fn run(
    board: &Board,
    dbs: &[&PatternDb],
    weight: u32,
    stop: &Stop,
    progress: Option<&ProgressCallback>,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let mut node = Node::new(board, dbs);
    let start_h = node.h();
    let mut search = Search {
        stop,
        nodes: 0,
        generated: 0,
        path: Vec::with_capacity(128),
        weight,
        progress: progress.map(|p| {
            let report = SearchProgress {
                lower_bound: start_h,
                threshold: start_h,
                nodes: 0,
                elapsed: start.elapsed(),
            };
            (p, report)
        }),
        start,
    };
    let mut bound = weight * start_h;
    loop {
        search.report(bound / OPTIMAL_WEIGHT);
        match search.dfs(&mut node, 0, bound, None) {
            Pass::Found => {
                let moves = search.path;
                let optimal = weight == OPTIMAL_WEIGHT;
                return Ok(Solution {
                    lower_bound: if optimal { moves.len() as u32 } else { start_h },
                    moves,
                    optimal,
                    nodes: search.nodes,
                    generated: search.generated,
                    elapsed: start.elapsed(),
                });
            }
            Pass::Exceeded(next) => bound = next,
            Pass::Stopped => return Err(stop.error()),
        }
    }
}

impl Search<'_> {
    /// Tells the progress callback, if any, where the search is: searching up to `threshold`.
    fn report(&mut self, threshold: u32) {
        if let Some((callback, last)) = self.progress.as_mut() {
            last.threshold = threshold;
            last.nodes = self.nodes;
            last.elapsed = self.start.elapsed();
            callback.report(*last);
        }
    }

    fn dfs(&mut self, node: &mut Node<'_>, g: u32, bound: u32, last: Option<Move>) -> Pass {
        let f = OPTIMAL_WEIGHT * g + self.weight * node.h();
        if f > bound {
            return Pass::Exceeded(f);
        }
        if node.h() == 0 {
            // No tile is away from home, so the blank is home too.
            return Pass::Found;
        }
        self.nodes += 1;
        if self.nodes & STOP_CHECK_MASK == 0 {
            if self.stop.should_stop() {
                return Pass::Stopped;
            }
            if self.nodes & PROGRESS_MASK == 0
                && let Some((_, last)) = self.progress
            {
                self.report(last.threshold);
            }
        }
        let mut next = u32::MAX;
        let (w, h) = (node.shape.width, node.shape.height);
        for m in Move::ALL {
            if last == Some(m.inverse()) {
                continue;
            }
            let Some(from) = m.source_in(node.blank, w, h) else {
                continue;
            };
            self.generated += 1;
            let blank = node.blank;
            let saved = (node.manhattan, node.rows, node.cols, node.conflicts, node.tables);
            node.slide(from);
            self.path.push(m);
            let pass = self.dfs(node, g + 1, bound, Some(m));
            if matches!(pass, Pass::Found) {
                return pass;
            }
            self.path.pop();
            node.tiles[from] = node.tiles[blank];
            node.tiles[blank] = 0;
            node.blank = blank;
            (node.manhattan, node.rows, node.cols, node.conflicts, node.tables) = saved;
            match pass {
                Pass::Exceeded(f) => next = next.min(f),
                Pass::Stopped => return Pass::Stopped,
                Pass::Found => {}
            }
        }
        Pass::Exceeded(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};

    #[test]
    fn solves_rectangles_to_the_goal() {
        let mut rng = SeededRng::new(8);
        for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (2, 5), (3, 4), (4, 3), (2, 6)] {
            let size = Size::rect(w, h).unwrap();
            for _ in 0..5 {
                let board = Board::random(size, &mut rng);
                let s = solve(&board, &[], &Stop::never(), None).unwrap();
                let mut b = board;
                b.apply_all(&s.moves).unwrap();
                assert!(b.is_goal() && s.optimal, "{board}");
                assert!(crate::solver::heuristic::shape_bound::value(&board) <= s.len() as u32);
            }
        }
    }

    #[test]
    fn the_shapes_tables_find_the_same_lengths_in_fewer_nodes() {
        let mut rng = SeededRng::new(10);
        let (mut plain_nodes, mut with_nodes) = (0, 0);
        for (w, h) in [(3, 4), (2, 6), (5, 2)] {
            let size = Size::rect(w, h).unwrap();
            let partition = crate::solver::tables::partition::Partition::default_for(size);
            let db = crate::solver::tables::builder::build(&partition, &|_| {}).unwrap();
            for _ in 0..4 {
                let board = Board::random(size, &mut rng);
                let plain = solve(&board, &[], &Stop::never(), None).unwrap();
                let with = solve(&board, &[&db], &Stop::never(), None).unwrap();
                assert_eq!(plain.len(), with.len(), "{board}");
                (plain_nodes, with_nodes) = (plain_nodes + plain.nodes, with_nodes + with.nodes);
                assert!(db.value(&board) <= with.len() as u32, "{board}");
                let mut b = board;
                b.apply_all(&with.moves).unwrap();
                assert!(b.is_goal());
            }
        }
        assert!(with_nodes < plain_nodes, "{with_nodes} against {plain_nodes}");
    }

    #[test]
    fn two_partitions_bound_together_find_the_same_lengths_in_no_more_nodes_and_report_each_threshold() {
        use crate::solver::tables::partition::Partition;
        let size = Size::rect(2, 6).unwrap();
        // Halves of three lines, and the middle lines against the ends, as on 2×8.
        let halves = Partition::new(size, vec![(1..=6).collect(), (7..=11).collect()]).unwrap();
        let shifted = Partition::new(size, vec![(3..=8).collect(), vec![1, 2, 9, 10, 11]])
            .unwrap()
            .stored_compactly();
        let a = crate::solver::tables::builder::build(&halves, &|_| {}).unwrap();
        let b = crate::solver::tables::builder::build(&shifted, &|_| {}).unwrap();
        let mut rng = SeededRng::new(12);
        for _ in 0..6 {
            let board = Board::random(size, &mut rng);
            let reports = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let seen = reports.clone();
            let callback = ProgressCallback::new(move |p| crate::threads::lock(&seen).push(p));
            let one = solve(&board, &[&a], &Stop::never(), None).unwrap();
            let both = solve(&board, &[&a, &b], &Stop::never(), Some(&callback)).unwrap();
            assert_eq!(one.len(), both.len(), "{board}");
            assert!(both.nodes <= one.nodes, "{board}");
            assert!(a.value(&board).max(b.value(&board)) <= both.len() as u32);
            let reports = crate::threads::lock(&reports).clone();
            let thresholds: Vec<u32> = reports.iter().map(|p| p.threshold).collect();
            assert!(thresholds.windows(2).all(|w| w[0] <= w[1]), "{thresholds:?}");
            assert_eq!(thresholds.first(), Some(&reports[0].lower_bound));
            assert_eq!(
                thresholds.last(),
                Some(&(both.len() as u32)),
                "the last is the solution's"
            );
            let mut end = board;
            end.apply_all(&both.moves).unwrap();
            assert!(end.is_goal());
        }
    }

    #[test]
    fn the_weighted_search_is_at_most_half_again_as_long_and_says_it_is_not_optimal() {
        let mut rng = SeededRng::new(11);
        let size = Size::rect(3, 4).unwrap();
        let partition = crate::solver::tables::partition::Partition::default_for(size);
        let db = crate::solver::tables::builder::build(&partition, &|_| {}).unwrap();
        for _ in 0..6 {
            let board = Board::random(size, &mut rng);
            let best = solve(&board, &[&db], &Stop::never(), None).unwrap();
            let quick = solve_weighted(&board, &[&db], 6, &Stop::never()).unwrap();
            assert!(2 * quick.len() <= 3 * best.len(), "{board}");
            assert!(!quick.optimal && quick.lower_bound <= best.len() as u32, "{board}");
            let mut b = board;
            b.apply_all(&quick.moves).unwrap();
            assert!(b.is_goal());
        }
    }

    #[test]
    fn agrees_with_the_square_search_on_3x3() {
        let mut rng = SeededRng::new(9);
        let exact = crate::solver::ExactTable::build();
        for _ in 0..30 {
            let board = Board::random(Size::THREE, &mut rng);
            assert_eq!(
                solve(&board, &[], &Stop::never(), None).unwrap().len() as u32,
                exact.distance(&board)
            );
        }
    }
}
