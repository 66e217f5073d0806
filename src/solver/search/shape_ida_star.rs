//! IDA* on a board of any shape up to [`SEARCH_CELLS`] cells, with Manhattan distance plus
//! linear conflicts ([`crate::solver::heuristic::shape_bound`]) and, where the shape has
//! them, its additive pattern databases, both kept up to date as tiles move; the bound is
//! the larger of the two (each is admissible, so their maximum is). Optimal: IDA* that
//! completes with an admissible heuristic returns a shortest solution (the first goal met
//! within the smallest bound that holds one).
//!
//! The square boards keep their own search (`ida_star.rs`, with pattern databases and move
//! pruning tuned per side); this one serves the rectangles and 2×2.

use std::time::Instant;

use crate::puzzle::{Board, MAX_SIDE, Move, SEARCH_CELLS};
use crate::solver::heuristic::shape_bound::Shape;
use crate::solver::tables::partition::MAX_GROUPS;
use crate::solver::tables::pattern_db::PatternDb;
use crate::solver::{Solution, SolveError, Stop};

/// How many nodes pass between looks at the stop flag.
const STOP_CHECK_MASK: u64 = 0xFFF;

/// The board being searched, with its bound's parts.
struct Node<'a> {
    shape: Shape,
    tiles: [u8; SEARCH_CELLS],
    blank: usize,
    manhattan: u32,
    rows: [u8; MAX_SIDE],
    cols: [u8; MAX_SIDE],
    conflicts: u32,
    tables: Option<Tables<'a>>,
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
    fn new(board: &Board, db: Option<&'a PatternDb>) -> Node<'a> {
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
            tables: db.map(|db| Tables::new(db, board.tiles())),
        };
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
        let bound = self.manhattan + self.conflicts;
        self.tables.as_ref().map_or(bound, |t| bound.max(t.sum))
    }

    /// Slides the tile at `from` into the blank, keeping the bound's parts current.
    fn slide(&mut self, from: usize) {
        let (blank, shape) = (self.blank, self.shape);
        let tile = self.tiles[from];
        self.tiles[blank] = tile;
        self.tiles[from] = 0;
        self.blank = from;
        self.manhattan = self.manhattan + shape.distance(tile, blank) - shape.distance(tile, from);
        if let Some(t) = self.tables.as_mut() {
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
/// guided by `db` too when given (the pattern databases of the board's shape).
pub(crate) fn solve(board: &Board, db: Option<&PatternDb>, stop: &Stop) -> Result<Solution, SolveError> {
    solve_weighted(board, db, OPTIMAL_WEIGHT, stop)
}

/// A solution of `board` by IDA* on `g + weight/4 · h`: optimal at weight 4; above it, at
/// most `weight/4` times the optimal length, and found with far fewer nodes (Pohl's
/// weighted search), so it is marked not optimal unless the weight is 4.
pub(crate) fn solve_weighted(
    board: &Board,
    db: Option<&PatternDb>,
    weight: u32,
    stop: &Stop,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let mut node = Node::new(board, db);
    let mut search = Search {
        stop,
        nodes: 0,
        generated: 0,
        path: Vec::with_capacity(128),
        weight,
    };
    let start_h = node.h();
    let mut bound = weight * start_h;
    loop {
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
        if self.nodes & STOP_CHECK_MASK == 0 && self.stop.should_stop() {
            return Pass::Stopped;
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
                let s = solve(&board, None, &Stop::never()).unwrap();
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
                let plain = solve(&board, None, &Stop::never()).unwrap();
                let with = solve(&board, Some(&db), &Stop::never()).unwrap();
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
    fn the_weighted_search_is_at_most_half_again_as_long_and_says_it_is_not_optimal() {
        let mut rng = SeededRng::new(11);
        let size = Size::rect(3, 4).unwrap();
        let partition = crate::solver::tables::partition::Partition::default_for(size);
        let db = crate::solver::tables::builder::build(&partition, &|_| {}).unwrap();
        for _ in 0..6 {
            let board = Board::random(size, &mut rng);
            let best = solve(&board, Some(&db), &Stop::never()).unwrap();
            let quick = solve_weighted(&board, Some(&db), 6, &Stop::never()).unwrap();
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
                solve(&board, None, &Stop::never()).unwrap().len() as u32,
                exact.distance(&board)
            );
        }
    }
}
