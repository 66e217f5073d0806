//! The contract every search heuristic meets, and the search board they read. Choosing a
//! heuristic by name is [`crate::solver::dispatch`]'s: no heuristic imports it.

pub(crate) mod beam_ranking;
pub(crate) mod compact_pdb_heuristic;
pub(crate) mod heuristic_kind;
pub(crate) mod linear_conflict;
pub(crate) mod manhattan;
pub(crate) mod pdb_heuristic;
pub(crate) mod shape_bound;
pub(crate) mod walking_distance;

use crate::puzzle::{Board, SEARCH_CELLS};

/// The board as the search sees it: a flat array moved in place.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct SearchBoard {
    pub side: usize,
    pub tiles: [u8; SEARCH_CELLS],
    pub blank: usize,
}

impl SearchBoard {
    /// Whether the tiles are in goal order (the blank is then necessarily last).
    #[inline]
    pub fn is_goal(&self) -> bool {
        let cells = self.side * self.side;
        self.tiles[..cells - 1]
            .iter()
            .enumerate()
            .all(|(i, &t)| t as usize == i + 1)
    }

    pub fn new(board: &Board) -> SearchBoard {
        let mut tiles = [0u8; SEARCH_CELLS];
        tiles[..board.size().cells()].copy_from_slice(board.tiles());
        SearchBoard {
            side: board.size().side(),
            tiles,
            blank: board.blank(),
        }
    }
}

/// An admissible heuristic that can be kept up to date as tiles move.
///
/// Contract: `h` never exceeds the true number of moves to the goal, and
/// `init`/`update` agree: updating after a move gives the same value as `init` on the new
/// board.
pub(crate) trait Incremental: Sync {
    /// Whatever the heuristic keeps between moves.
    type State: Copy + Send + Sync;
    /// The state for a board.
    fn init(&self, board: &SearchBoard) -> Self::State;
    /// The estimate for a state.
    fn h(&self, state: &Self::State) -> u32;
    /// Updates `state` after `tile` moved from `from` to `to`; `board` is already moved.
    fn update(&self, state: &mut Self::State, board: &SearchBoard, tile: u8, from: usize, to: usize);

    /// Like [`Incremental::update`] followed by [`Incremental::h`], except that a heuristic
    /// may stop early once it knows the value exceeds `limit`: it then returns some
    /// admissible value above `limit` and leaves `state` unusable. Searches call this for
    /// children they will discard when the value is too high.
    #[inline]
    fn update_within(
        &self,
        state: &mut Self::State,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> u32 {
        let _ = limit;
        self.update(state, board, tile, from, to);
        self.h(state)
    }

    /// Every child of a node at once: for the tile at each cell of `from` slid into the
    /// blank, [`Incremental::update_within`] on `out[i]` (which holds the parent's state on
    /// entry), its value returned at `i`. `board` is the parent's, and is the parent's again
    /// on return. A heuristic that reads tables overrides it to issue every child's read
    /// before using any, so that their cache misses overlap.
    #[inline]
    fn children(&self, board: &mut SearchBoard, from: &[usize], limit: u32, out: &mut [Self::State; 4]) -> [u32; 4] {
        let blank = board.blank;
        let mut hs = [u32::MAX; 4];
        for ((h, state), &cell) in hs.iter_mut().zip(out.iter_mut()).zip(from) {
            let tile = board.tiles[cell];
            board.tiles[blank] = tile;
            board.tiles[cell] = 0;
            board.blank = cell;
            *h = self.update_within(state, board, tile, cell, blank, limit);
            board.tiles[cell] = tile;
            board.tiles[blank] = 0;
            board.blank = blank;
        }
        hs
    }

    /// An estimate of the moves left, in quarter moves, that the bounded search orders each
    /// depth's children by. Unlike `h` it need not be admissible: it only has to rank
    /// boards by how far they really are (the search prunes by `h`, and reports `h` as its
    /// bound). By default `4 · h`.
    #[inline]
    fn rank(&self, state: &Self::State) -> u32 {
        4 * self.h(state)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::puzzle::{Move, SeededRng, Size};
    use crate::solver::heuristic::walking_distance::WalkingDistance;
    use crate::solver::tables::builder;
    use crate::solver::tables::partition::Partition;
    use crate::solver::tables::pattern_db::PatternDb;

    /// Walks `steps` random moves, checking after each that the incremental state gives the
    /// same value as a fresh start, and that `update_within` and `children` agree whenever
    /// they finish.
    fn check_incremental<H: Incremental>(h: &H, size: Size, seed: u64, steps: usize) {
        let mut rng = SeededRng::new(seed);
        let mut board = Board::random(size, &mut rng);
        let mut sb = SearchBoard::new(&board);
        let mut state = h.init(&sb);
        for _ in 0..steps {
            check_children(h, &board, &state);
            let moves: Vec<Move> = board.legal_moves().collect();
            let m = moves[rng.index(moves.len())];
            let blank = sb.blank;
            let from = m.source(blank, sb.side).unwrap();
            let tile = sb.tiles[from];
            board.try_move(m);
            let moved = SearchBoard::new(&board);
            let mut within = state;
            let limit = h.h(&state) + 1;
            let quick = h.update_within(&mut within, &moved, tile, from, blank, limit);
            h.update(&mut state, &moved, tile, from, blank);
            sb = moved;
            let fresh = h.init(&sb);
            assert_eq!(h.h(&state), h.h(&fresh), "{board}");
            if quick <= limit {
                assert_eq!(quick, h.h(&state), "{board}");
            } else {
                assert!(quick <= h.h(&state), "early value must stay admissible: {board}");
            }
        }
    }

    /// Every child of `board` (whose state is `state`) evaluated together, with a limit that
    /// cuts some off: a child within the limit gets a fresh start's value and a usable
    /// state, one above it an admissible value above the limit.
    fn check_children<H: Incremental>(h: &H, board: &Board, state: &H::State) {
        let mut sb = SearchBoard::new(board);
        let moves: Vec<Move> = board.legal_moves().collect();
        let from: Vec<usize> = moves.iter().map(|m| m.source(sb.blank, sb.side).unwrap()).collect();
        for limit in [h.h(state).saturating_sub(1), h.h(state) + 1] {
            let mut out = [*state; 4];
            let hs = h.children(&mut sb, &from, limit, &mut out);
            assert_eq!(sb, SearchBoard::new(board), "the board is left as it was");
            for (i, &m) in moves.iter().enumerate() {
                let mut child = *board;
                child.try_move(m);
                let fresh = h.h(&h.init(&SearchBoard::new(&child)));
                if hs[i] <= limit {
                    assert_eq!((hs[i], h.h(&out[i])), (fresh, fresh), "{child}");
                } else {
                    assert!(hs[i] <= fresh, "an early value must stay admissible: {child}");
                }
            }
        }
    }

    fn small_4x4_pdb() -> Arc<PatternDb> {
        let p = Partition::new(
            Size::FOUR,
            vec![
                vec![1, 2, 3],
                vec![4, 5, 6],
                vec![7, 8, 9],
                vec![10, 11, 12],
                vec![13, 14, 15],
            ],
        )
        .unwrap();
        Arc::new(builder::build(&p, &|_| {}).unwrap())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn manhattan_and_linear_conflict_update_like_init(seed in any::<u64>(), side in 3usize..=6) {
            let size = Size::new(side).unwrap();
            check_incremental(&crate::solver::heuristic::manhattan::Manhattan::new(size), size, seed, 60);
            check_incremental(&crate::solver::heuristic::linear_conflict::LinearConflict::new(size), size, seed, 60);
        }

        #[test]
        fn walking_distance_updates_like_init(seed in any::<u64>(), side in 3usize..=4) {
            let size = Size::new(side).unwrap();
            let wd = WalkingDistance::build(size);
            check_incremental(&crate::solver::heuristic::walking_distance::WalkingWithConflict::new(&wd, size), size, seed, 60);
        }

        #[test]
        fn pattern_databases_update_like_init(seed in any::<u64>()) {
            let db3 = Arc::new(builder::build(&Partition::default_for(Size::THREE), &|_| {}).unwrap());
            check_incremental(&crate::solver::heuristic::pdb_heuristic::PdbHeuristic::new(&db3), Size::THREE, seed, 60);
            let db4 = small_4x4_pdb();
            check_incremental(&crate::solver::heuristic::pdb_heuristic::PdbHeuristic::new(&db4), Size::FOUR, seed, 60);
        }
    }
}
