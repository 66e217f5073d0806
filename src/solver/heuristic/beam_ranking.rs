//! The bounded search's ordering: the pattern databases plus the linear conflicts between
//! tiles of different groups, which the databases cannot see.
//!
//! An additive database charges each group only for its own tiles, so two tiles of
//! different groups in the same row, in each other's way, cost it nothing beyond Manhattan.
//! Adding every line's conflicts to it counts those, and counts again the ones inside a
//! group that its table already charged, so the sum is not admissible. The beam does not
//! need it to be: it keeps the children that look closest, and on the research instances
//! this estimate picks them far better than the admissible one (BENCHMARKS.md, "Ranking
//! the beam": at the same width, 5×5 plans 11.1% → 7.4% above optimal, 6×6 plans 232 →
//! 211 moves). Pruning and the reported bound still use the databases alone.
//!
//! On 6×6 the rank also charges a little for each step the tiles of the first two rows and
//! columns stand from home (more for the first), so that the beam finishes the outer rows
//! and columns early, as a reduction would: the default databases' 2×2 blocks are barely
//! stronger than Manhattan there, and left alone the beam spreads its effort over the whole
//! board (see [`frame_weights`]).

use crate::puzzle::{SEARCH_CELLS, Size};
use crate::solver::heuristic::linear_conflict::{LcState, LinearConflict};
use crate::solver::heuristic::manhattan::cell_distance;
use crate::solver::heuristic::{Evaluated, Incremental, Reads, SearchBoard};

/// A heuristic whose `rank` adds `weight` quarter moves per line conflict; `h` is the
/// heuristic's own.
pub(crate) struct WithConflicts<'a, H> {
    inner: &'a H,
    conflicts: LinearConflict,
    weight: u32,
    frame: FrameWeights,
}

impl<'a, H: Incremental> WithConflicts<'a, H> {
    pub fn new(inner: &'a H, size: Size) -> WithConflicts<'a, H> {
        WithConflicts {
            inner,
            conflicts: LinearConflict::new(size),
            weight: conflict_weight(size),
            frame: FrameWeights::new(size, frame_weights(size)),
        }
    }
}

/// Quarter moves added per step a tile stands from its goal cell, by its layer (index 0:
/// the first row and column). Measured at a fixed width (8192, one beam, BENCHMARKS.md's
/// log): on 6×6, whose databases are barely stronger than Manhattan, 2 and 1 were the best
/// of those tried on 24 boards (4723 moves against 4873 unweighted) and on the fifty held
/// out (10,195 against 10,387: 1.85% shorter); 3 and more on the first layer make some
/// beams wander without end (one board in 24 at 3-2-1, four at 8). On 5×5 no weight tried
/// did better at 1 s.
fn frame_weights(size: Size) -> &'static [u32] {
    if size.side() >= 6 { &[2, 1] } else { &[] }
}

/// Extra rank, in quarter moves, for each step a tile stands from its goal cell, by the
/// tile's layer (0: the first row and column, 1: the second, ...): a ranking that favours
/// boards whose first rows and columns are closer to done, as a reduction would, without
/// forbidding anything (the beam still keeps what the databases rank best).
#[derive(Clone)]
struct FrameWeights {
    /// `cost[tile * SEARCH_CELLS + cell]`: the weighted distance of `tile` at `cell`.
    cost: Vec<u16>,
}

impl FrameWeights {
    /// Weights `layers[l]` for the tiles of layer `l`, none past the list.
    fn new(size: Size, layers: &[u32]) -> FrameWeights {
        let side = size.side();
        let mut cost = vec![0u16; SEARCH_CELLS * SEARCH_CELLS];
        for tile in 1..size.cells() {
            let goal = tile - 1;
            let layer = (goal / side).min(goal % side);
            let w = layers.get(layer).copied().unwrap_or(0);
            for cell in 0..size.cells() {
                let d = u32::from(cell_distance(size, cell, goal));
                cost[tile * SEARCH_CELLS + cell] = u16::try_from(w * d).unwrap_or(u16::MAX);
            }
        }
        FrameWeights { cost }
    }

    /// The weighted distance of `tile` at `cell`.
    #[inline]
    fn at(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.cost[tile as usize * SEARCH_CELLS + cell])
    }

    /// The sum over a board.
    fn total(&self, board: &SearchBoard) -> u32 {
        (0..board.side * board.side)
            .filter(|&i| board.tiles[i] != 0)
            .map(|i| self.at(board.tiles[i], i))
            .sum()
    }

    /// The sum `sum` after `tile` moves from `from` to `to`.
    #[inline]
    fn after(&self, sum: u32, tile: u8, from: usize, to: usize) -> u32 {
        sum + self.at(tile, to) - self.at(tile, from)
    }
}

/// Quarter moves added per conflict: linear conflict itself charges 8 (two moves).
/// Measured at fixed beam widths (BENCHMARKS.md): on 6×6, whose small 2×2 groups miss the
/// most, 12 did best (8: 213.3, 12: 211.3, 16: 214.1 moves on twenty boards at width 4096);
/// on 5×5, 8 (7.8% at 4, 7.4% at 8, 7.8% at 16 above optimal on Korf–Taylor's ten).
fn conflict_weight(size: Size) -> u32 {
    if size.side() >= 6 { 12 } else { 8 }
}

impl<H: Incremental> Incremental for WithConflicts<'_, H> {
    type State = (H::State, LcState, u32);

    fn init(&self, board: &SearchBoard) -> Self::State {
        (
            self.inner.init(board),
            self.conflicts.init(board),
            self.frame.total(board),
        )
    }

    #[inline]
    fn h(&self, s: &Self::State) -> u32 {
        self.inner.h(&s.0)
    }

    #[inline]
    fn update(&self, s: &mut Self::State, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.inner.update(&mut s.0, board, tile, from, to);
        self.conflicts.update(&mut s.1, board, tile, from, to);
        s.2 = self.frame.after(s.2, tile, from, to);
    }

    #[inline]
    fn update_within(
        &self,
        s: &mut Self::State,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> u32 {
        let h = self.inner.update_within(&mut s.0, board, tile, from, to, limit);
        // A child cut off is never ranked, so its conflicts need no update.
        if h <= limit {
            self.conflicts.update(&mut s.1, board, tile, from, to);
            s.2 = self.frame.after(s.2, tile, from, to);
        }
        h
    }

    #[inline]
    fn evaluate(
        &self,
        p: &Self::State,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> Evaluated {
        let mut e = self.inner.evaluate(&p.0, board, tile, from, to, limit);
        if e.h <= limit {
            // The conflicts' state is small: updating a copy costs little more than a count.
            let mut lc = p.1;
            self.conflicts.update(&mut lc, board, tile, from, to);
            e.rank += self.weight * lc.conflicts() + self.frame.after(p.2, tile, from, to);
            // At most five tiles a line leave it on the largest board: far below 255.
            e.reads.conflicts = u8::try_from(lc.conflicts()).unwrap_or(u8::MAX);
        }
        e
    }

    #[inline]
    fn replay(&self, s: &mut Self::State, board: &SearchBoard, tile: u8, from: usize, to: usize, reads: Reads) {
        self.inner.replay(&mut s.0, board, tile, from, to, reads);
        self.conflicts
            .replay(&mut s.1, board, tile, from, to, u32::from(reads.conflicts));
        s.2 = self.frame.after(s.2, tile, from, to);
    }

    #[inline]
    fn rank(&self, s: &Self::State) -> u32 {
        self.inner.rank(&s.0) + self.weight * s.1.conflicts() + s.2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Board, SeededRng};
    use crate::solver::heuristic::manhattan::Manhattan;
    use crate::solver::heuristic::pdb_heuristic::PdbHeuristic;
    use crate::solver::tables::builder;
    use crate::solver::tables::partition::Partition;

    /// Along a random walk, the ranked heuristic's `h` is the inner one's (so the bound the
    /// search reports stays admissible) and its rank adds exactly the weighted conflicts,
    /// updated or counted afresh.
    fn check_walk<H: Incremental>(inner: &H, size: Size, seed: u64) {
        let ranked = WithConflicts::new(inner, size);
        let lc = LinearConflict::new(size);
        let mut rng = SeededRng::new(seed);
        let mut board = Board::random(size, &mut rng);
        let mut s = ranked.init(&SearchBoard::new(&board));
        for _ in 0..300 {
            let moves: Vec<_> = board.legal_moves().collect();
            let m = moves[rng.below(moves.len() as u64) as usize];
            let blank = board.blank();
            assert!(board.try_move(m));
            let sb = SearchBoard::new(&board);
            ranked.update(&mut s, &sb, sb.tiles[blank], sb.blank, blank);
            let alone = inner.init(&sb);
            assert_eq!(ranked.h(&s), inner.h(&alone), "{board}");
            let conflicts = lc.init(&sb).conflicts();
            let frame = FrameWeights::new(size, frame_weights(size)).total(&sb);
            assert_eq!(
                ranked.rank(&s),
                inner.rank(&alone) + conflict_weight(size) * conflicts + frame,
                "{board}"
            );
        }
    }

    #[test]
    fn the_bound_is_the_inner_heuristics_and_the_rank_adds_the_conflicts() {
        let db =
            std::sync::Arc::new(builder::build(&Partition::default_for(Size::THREE), &|_| {}).expect("3×3 tables"));
        check_walk(&PdbHeuristic::new(&db), Size::THREE, 1);
        for size in [Size::FIVE, Size::SIX] {
            check_walk(&Manhattan::new(size), size, 2);
        }
    }

    #[test]
    fn on_6x6_the_rank_charges_the_first_row_and_column_most() {
        let size = Size::SIX;
        let frame = FrameWeights::new(size, frame_weights(size));
        let goal = SearchBoard::new(&Board::goal(size));
        assert_eq!(frame.total(&goal), 0);
        // The same step away from home costs most for a tile of the first row or column,
        // less for the second, nothing further in.
        let step = |tile: u8| {
            let home = tile as usize - 1;
            let away = if home % 6 == 5 { home - 1 } else { home + 1 };
            frame.at(tile, away)
        };
        assert_eq!([step(1), step(7), step(31), step(6)], [2, 2, 2, 2]);
        assert_eq!([step(8), step(12), step(32), step(9)], [1, 1, 1, 1]);
        assert_eq!([step(15), step(22), step(29)], [0, 0, 0]);
        // Distances, not steps: three cells off costs three steps.
        assert_eq!(frame.at(1, 3), 6);
        // 5×5 ranks as before.
        let five = FrameWeights::new(Size::FIVE, frame_weights(Size::FIVE));
        assert!((1..25u8).all(|t| (0..25).all(|c| five.at(t, c) == 0)));
    }

    #[test]
    fn a_child_cut_off_reports_the_inner_value_and_one_kept_is_ranked_in_full() {
        let size = Size::FIVE;
        let inner = Manhattan::new(size);
        let ranked = WithConflicts::new(&inner, size);
        let board = Board::random(size, &mut SeededRng::new(3));
        let sb = SearchBoard::new(&board);
        let s0 = ranked.init(&sb);
        for m in board.legal_moves() {
            let mut after = board;
            assert!(after.try_move(m));
            let next = SearchBoard::new(&after);
            let tile = next.tiles[board.blank()];
            let mut full = s0;
            ranked.update(&mut full, &next, tile, next.blank, board.blank());
            // Within the limit: the same as a full update, rank included.
            let mut kept = s0;
            let h = ranked.update_within(&mut kept, &next, tile, next.blank, board.blank(), u32::MAX);
            assert_eq!(h, ranked.h(&full));
            assert_eq!(ranked.rank(&kept), ranked.rank(&full));
            // Over it: the inner heuristic's value, which the search then discards.
            let mut cut = s0;
            let limit = ranked.h(&full).saturating_sub(1);
            if ranked.h(&full) > 0 {
                assert!(ranked.update_within(&mut cut, &next, tile, next.blank, board.blank(), limit) > limit);
            }
        }
    }
}
