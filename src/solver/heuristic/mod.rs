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

/// What evaluating one move read from tables ([`Incremental::evaluate`]): a few bytes that
/// the bounded search keeps beside each child it ranks, in room its child record had spare.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Reads {
    /// The moved tile's group's table value.
    pub(crate) value: u8,
    /// The mirrored tile's group's table value (0 when the mirror is not read).
    pub(crate) mirrored: u8,
    /// The line conflicts after the move (a ranking that counts them).
    pub(crate) conflicts: u8,
}

/// One child as [`Incremental::evaluate`] found it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Evaluated {
    /// The admissible value (above the limit: some admissible value above it).
    pub(crate) h: u32,
    /// [`Incremental::rank`] of the child, if `h` is within the limit.
    pub(crate) rank: u32,
    /// What was read, for [`Incremental::replay`].
    pub(crate) reads: Reads,
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

    /// A child's value and rank from its parent's state `parent` (as
    /// [`Incremental::update_within`] then [`Incremental::rank`] on a copy), with what it read
    /// from tables: enough for [`Incremental::replay`] to build the child's state without
    /// reading them again. The bounded search ranks every child with this and keeps the
    /// reads beside it, so a child it keeps is evaluated once. The rank means nothing for a
    /// value above `limit`. A heuristic with tables overrides it to copy no state: most
    /// children are never kept. By default nothing is noted.
    #[inline]
    fn evaluate(
        &self,
        parent: &Self::State,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> Evaluated {
        let mut s = *parent;
        let h = self.update_within(&mut s, board, tile, from, to, limit);
        Evaluated {
            h,
            rank: if h <= limit { self.rank(&s) } else { u32::MAX },
            reads: Reads::default(),
        }
    }

    /// The state [`Incremental::evaluate`] left for a child within its limit, from the
    /// parent's state and the reads it returned for the same move: no table is read again.
    /// By default (a heuristic without tables, whose update is cheap) a plain update.
    #[inline]
    fn replay(&self, state: &mut Self::State, board: &SearchBoard, tile: u8, from: usize, to: usize, reads: Reads) {
        let _ = reads;
        self.update(state, board, tile, from, to);
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
    /// same value as a fresh start, that `update_within`, `evaluate` and `children` agree
    /// whenever they finish, and that a replay with `evaluate`'s reads gives its state.
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
            check_replay(h, &state, &moved, (tile, from, blank), limit);
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

    /// `evaluate` from `parent` by the move `(tile, from, to)` (`moved` is the board after
    /// it) agrees with `update_within`; within the limit, replaying its reads gives the same
    /// value and rank as a full update.
    fn check_replay<H: Incremental>(
        h: &H,
        parent: &H::State,
        moved: &SearchBoard,
        (tile, from, to): (u8, usize, usize),
        limit: u32,
    ) {
        let mut within = *parent;
        let quick = h.update_within(&mut within, moved, tile, from, to, limit);
        let e = h.evaluate(parent, moved, tile, from, to, limit);
        assert_eq!(e.h, quick);
        if e.h <= limit {
            let mut full = *parent;
            h.update(&mut full, moved, tile, from, to);
            let mut replayed = *parent;
            h.replay(&mut replayed, moved, tile, from, to, e.reads);
            assert_eq!((h.h(&replayed), h.rank(&replayed)), (h.h(&full), h.rank(&full)));
            assert_eq!((e.h, e.rank), (h.h(&full), h.rank(&full)));
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

    /// Compact 6×6 tables of three-tile groups, built once for the tests that share them.
    fn compact_6x6_pdb() -> &'static Arc<PatternDb> {
        static DB: std::sync::OnceLock<Arc<PatternDb>> = std::sync::OnceLock::new();
        DB.get_or_init(|| {
            let p = crate::solver::tables::test_tables::small_6x6();
            Arc::new(builder::build(&p, &|_| {}).expect("small 6×6 tables"))
        })
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

        #[test]
        fn the_beams_ranking_replays_what_it_evaluated(seed in any::<u64>()) {
            use crate::solver::heuristic::beam_ranking::WithConflicts;
            use crate::solver::heuristic::compact_pdb_heuristic::CompactPdbHeuristic;
            use crate::solver::heuristic::pdb_heuristic::PdbHeuristic;
            let db4 = small_4x4_pdb();
            check_incremental(&WithConflicts::new(&PdbHeuristic::new(&db4), Size::FOUR), Size::FOUR, seed, 60);
            let compact = compact_6x6_pdb();
            check_incremental(&WithConflicts::new(&CompactPdbHeuristic::new(compact), Size::SIX), Size::SIX, seed, 60);
        }
    }
}
