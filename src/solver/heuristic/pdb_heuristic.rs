//! The pattern databases' search heuristic over byte tables: the direct and mirrored sums,
//! each kept up to date per move with one table lookup.

use std::sync::Arc;

use crate::puzzle::SEARCH_CELLS;
use crate::solver::heuristic::{Evaluated, Incremental, Reads, SearchBoard};
use crate::solver::tables::partition::MAX_GROUPS;
use crate::solver::tables::pattern_db::PatternDb;

/// Pattern databases as a search heuristic: both sums kept per move.
///
/// `G` is how many groups the state has room for. The search copies a state for every
/// child it generates, so the dispatcher takes the narrow [`SMALL_GROUPS`] where the
/// partition fits (every 3×3 and 4×4 one: 44 bytes a state instead of 128).
pub(crate) struct PdbHeuristic<'a, const G: usize = MAX_GROUPS> {
    db: &'a PatternDb,
    /// Each group's table, read without going through the database's vectors.
    tables: [&'a [u8]; G],
    /// For each board tile, the group of its mirror tile (the mirrored lookup's group).
    mirror_group: [u8; SEARCH_CELLS],
    mirror: bool,
}

/// The room a narrow state has: enough for any 3×3 or 4×4 partition.
pub(crate) const SMALL_GROUPS: usize = 4;

#[derive(Clone, Copy)]
pub(crate) struct PdbState<const G: usize> {
    /// Each group's placement rank on the board and on its mirror, kept per move.
    ranks: [u32; G],
    mranks: [u32; G],
    vals: [u8; G],
    mvals: [u8; G],
    sum: u32,
    msum: u32,
}

impl<'a> PdbHeuristic<'a, MAX_GROUPS> {
    /// The heuristic over byte tables, with room for any partition (compact ones have
    /// [`CompactPdbHeuristic`]).
    ///
    /// [`CompactPdbHeuristic`]: crate::solver::heuristic::compact_pdb_heuristic::CompactPdbHeuristic
    pub fn new(db: &'a Arc<PatternDb>) -> PdbHeuristic<'a, MAX_GROUPS> {
        PdbHeuristic::fitting(db).expect("a partition has at most MAX_GROUPS groups")
    }
}

impl<'a, const G: usize> PdbHeuristic<'a, G> {
    /// The heuristic over byte tables with a state of room `G`, if the partition fits.
    pub(crate) fn fitting(db: &'a Arc<PatternDb>) -> Option<PdbHeuristic<'a, G>> {
        debug_assert!(!db.partition().is_compact(), "compact tables have their own heuristic");
        let all = db.tables();
        if all.len() > G {
            return None;
        }
        let mut tables: [&'a [u8]; G] = [&[]; G];
        for (slot, table) in tables.iter_mut().zip(all) {
            *slot = table.as_slice();
        }
        let mut mirror_group = [0u8; SEARCH_CELLS];
        for (t, mg) in mirror_group
            .iter_mut()
            .enumerate()
            .take(db.partition().size().cells())
            .skip(1)
        {
            *mg = db.group_of(db.mirror_tile(t)) as u8;
        }
        Some(PdbHeuristic {
            db,
            tables,
            mirror_group,
            mirror: db.uses_mirror(),
        })
    }
}

/// The first `G` of `all`, the rest being unused groups.
fn narrow<T: Copy, const G: usize>(all: &[T; MAX_GROUPS]) -> [T; G] {
    std::array::from_fn(|g| all[g])
}

impl<const G: usize> Incremental for PdbHeuristic<'_, G> {
    type State = PdbState<G>;

    fn init(&self, board: &SearchBoard) -> PdbState<G> {
        let (cell_of, mirrored) = self.db.cells_of(board);
        let (vals, sum) = self.db.sums(&cell_of);
        // Without the mirror its sum stays 0, so `h` is the direct sum.
        let (mvals, msum) = if self.mirror {
            self.db.sums(&mirrored)
        } else {
            ([0; MAX_GROUPS], 0)
        };
        PdbState {
            ranks: narrow(&self.db.ranks(&cell_of)),
            mranks: narrow(&self.db.ranks(&mirrored)),
            vals: narrow(&vals),
            mvals: narrow(&mvals),
            sum,
            msum,
        }
    }

    #[inline]
    fn h(&self, s: &PdbState<G>) -> u32 {
        s.sum.max(s.msum)
    }

    #[inline]
    fn rank(&self, s: &PdbState<G>) -> u32 {
        self.db.rank_of_sums(s.sum, s.msum)
    }

    #[inline]
    fn update(&self, s: &mut PdbState<G>, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.update_direct(s, board, tile, from, to, None);
        if self.mirror {
            self.update_mirror(s, board, tile, from, to, None);
        }
    }

    #[inline]
    fn evaluate(
        &self,
        p: &PdbState<G>,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> Evaluated {
        // As `update_within` on a copy, but only the sums are worked out.
        let db = self.db;
        let t = tile as usize;
        let g = db.group_of(t);
        let r = p.ranks[g].wrapping_add_signed(db.direct_rank_step(&board.tiles, t, from, to));
        let value = self.tables[g][r as usize];
        let sum = p.sum + u32::from(value) - u32::from(p.vals[g]);
        let mut reads = Reads {
            value,
            ..Reads::default()
        };
        if sum > limit || !self.mirror {
            let rank = db.rank_of_sums(sum, p.msum);
            return Evaluated { h: sum, rank, reads };
        }
        let mg = self.mirror_group[t] as usize;
        let r = p.mranks[mg].wrapping_add_signed(db.rank_step(true, &board.tiles, t, from, to));
        reads.mirrored = self.tables[mg][r as usize];
        let msum = p.msum + u32::from(reads.mirrored) - u32::from(p.mvals[mg]);
        Evaluated {
            h: sum.max(msum),
            rank: db.rank_of_sums(sum, msum),
            reads,
        }
    }

    #[inline]
    fn replay(&self, s: &mut PdbState<G>, board: &SearchBoard, tile: u8, from: usize, to: usize, reads: Reads) {
        self.update_direct(s, board, tile, from, to, Some(reads.value));
        if self.mirror {
            self.update_mirror(s, board, tile, from, to, Some(reads.mirrored));
        }
    }

    #[inline]
    fn update_within(
        &self,
        s: &mut PdbState<G>,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> u32 {
        // Most children are cut off; the direct sum alone usually proves it, which saves the
        // mirror's table lookup.
        self.update_direct(s, board, tile, from, to, None);
        if s.sum > limit || !self.mirror {
            return s.sum;
        }
        self.update_mirror(s, board, tile, from, to, None);
        s.sum.max(s.msum)
    }

    /// As [`Incremental::update_within`] for each child, in two passes so that the table
    /// reads, nearly all of them cache misses, are in flight together instead of one after
    /// another: every child's direct and mirrored ranks and reads first, then the sums. The
    /// mirrored read of a child the direct sum cuts off is wasted, but waiting for the
    /// direct reads before issuing the mirrored ones cost a second miss's latency per node
    /// (BENCHMARKS.md). Every value returned is then the whole `h`, so the limit is not
    /// needed. The board is not moved: a rank step reads only the cells strictly
    /// between the tile's two cells, and those hold the same tiles before and after the move.
    #[inline]
    fn children(&self, board: &mut SearchBoard, from: &[usize], _limit: u32, out: &mut [PdbState<G>; 4]) -> [u32; 4] {
        let db = self.db;
        let tiles = &board.tiles;
        let blank = board.blank;
        let mut group = [0usize; 4];
        let mut value = [0u8; 4];
        let mut mgroup = [0usize; 4];
        let mut mvalue = [0u8; 4];
        for i in 0..from.len() {
            let s = &mut out[i];
            let cell = from[i];
            let t = tiles[cell] as usize;
            let g = db.group_of(t);
            let r = s.ranks[g].wrapping_add_signed(db.direct_rank_step(tiles, t, cell, blank));
            s.ranks[g] = r;
            group[i] = g;
            value[i] = self.tables[g][r as usize];
            if self.mirror {
                let mg = self.mirror_group[t] as usize;
                let r = s.mranks[mg].wrapping_add_signed(db.rank_step(true, tiles, t, cell, blank));
                s.mranks[mg] = r;
                mgroup[i] = mg;
                mvalue[i] = self.tables[mg][r as usize];
            }
        }
        let mut hs = [u32::MAX; 4];
        for i in 0..from.len() {
            let s = &mut out[i];
            let (g, v) = (group[i], value[i]);
            s.sum = s.sum + u32::from(v) - u32::from(s.vals[g]);
            s.vals[g] = v;
            hs[i] = s.sum;
            if self.mirror {
                let (mg, mv) = (mgroup[i], mvalue[i]);
                s.msum = s.msum + u32::from(mv) - u32::from(s.mvals[mg]);
                s.mvals[mg] = mv;
                hs[i] = s.sum.max(s.msum);
            }
        }
        hs
    }
}

impl<const G: usize> PdbHeuristic<'_, G> {
    // Always inlined: the search's inner loop is these two and the move, and a call costs
    // as much as the arithmetic. Each returns the value it set: the table's, or `known`
    // (a replay's, read before for the same move), which then saves the read.
    #[allow(clippy::inline_always)] // the search's inner loop: measured (BENCHMARKS.md)
    #[inline(always)]
    fn update_direct(
        &self,
        s: &mut PdbState<G>,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        known: Option<u8>,
    ) -> u8 {
        let db = self.db;
        let t = tile as usize;
        let g = db.group_of(t);
        let r = s.ranks[g].wrapping_add_signed(db.direct_rank_step(&board.tiles, t, from, to));
        s.ranks[g] = r;
        let v = known.unwrap_or_else(|| self.tables[g][r as usize]);
        s.sum = s.sum + u32::from(v) - u32::from(s.vals[g]);
        s.vals[g] = v;
        v
    }

    #[allow(clippy::inline_always)] // the search's inner loop: measured (BENCHMARKS.md)
    #[inline(always)]
    fn update_mirror(
        &self,
        s: &mut PdbState<G>,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        known: Option<u8>,
    ) -> u8 {
        let db = self.db;
        let t = tile as usize;
        let mg = self.mirror_group[t] as usize;
        let r = s.mranks[mg].wrapping_add_signed(db.rank_step(true, &board.tiles, t, from, to));
        s.mranks[mg] = r;
        let mv = known.unwrap_or_else(|| self.tables[mg][r as usize]);
        s.msum = s.msum + u32::from(mv) - u32::from(s.mvals[mg]);
        s.mvals[mg] = mv;
        mv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Board, Size};
    use crate::solver::tables::test_tables::default_tables;

    /// Walks `steps` random moves from `board`, checking at every step that the heuristic's
    /// incremental state agrees with a fresh one and with [`PatternDb::value`], that
    /// `update_within` stays admissible when it stops early, and, when the walk started at
    /// the goal, that the value never exceeds the number of moves walked (an upper bound on
    /// the optimal distance).
    fn walk(db: &Arc<PatternDb>, start: Board, from_goal: bool, seed: u64, steps: u32) {
        let h = PdbHeuristic::new(db);
        let mut rng = crate::puzzle::SeededRng::new(seed);
        let mut board = start;
        let mut sb = SearchBoard::new(&board);
        let mut state = h.init(&sb);
        for walked in 1..=steps {
            let moves: Vec<crate::puzzle::Move> = board.legal_moves().collect();
            let m = moves[rng.index(moves.len())];
            let blank = sb.blank;
            let from = m.source(blank, sb.side).expect("legal");
            let tile = sb.tiles[from];
            board.try_move(m);
            sb = SearchBoard::new(&board);
            let mut quick_state = state;
            let limit = h.h(&state).saturating_sub(1);
            let quick = h.update_within(&mut quick_state, &sb, tile, from, blank, limit);
            h.update(&mut state, &sb, tile, from, blank);
            let fresh = h.init(&sb);
            let value = db.value(&board);
            assert_eq!(h.h(&state), h.h(&fresh), "{board}");
            assert_eq!(h.h(&state), value, "{board}");
            if quick <= limit {
                assert_eq!(quick, value, "{board}");
            } else {
                assert!(quick <= value, "an early value must stay admissible: {board}");
            }
            if from_goal {
                assert!(value <= walked, "{board}: {value} > {walked} moves walked");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(16))]

        #[test]
        fn large_databases_are_admissible_on_walks_from_the_goal(seed in proptest::prelude::any::<u64>()) {
            for size in [Size::FIVE, Size::SIX] {
                walk(default_tables(size), Board::goal(size), true, seed, 120);
            }
        }

        #[test]
        fn large_databases_update_like_a_fresh_evaluation(seed in proptest::prelude::any::<u64>()) {
            let mut rng = crate::puzzle::SeededRng::new(seed);
            for size in [Size::FIVE, Size::SIX] {
                walk(default_tables(size), Board::random(size, &mut rng), false, seed, 80);
            }
        }
    }

    #[test]
    fn large_databases_are_admissible_on_a_fixed_set_of_walks() {
        // Seeded, so every run checks these same boards whatever proptest draws.
        for seed in 0..40 {
            for size in [Size::FIVE, Size::SIX] {
                walk(
                    default_tables(size),
                    Board::goal(size),
                    true,
                    seed,
                    60 + seed as u32 * 3,
                );
            }
        }
    }

    #[test]
    fn a_replay_takes_the_values_it_is_given_and_reads_no_table() {
        // Replayed with values one higher than the tables', the sums are one higher: the
        // values came from the reads, not from the tables.
        let db = default_tables(Size::FIVE);
        let h = PdbHeuristic::new(db);
        let board = Board::random(Size::FIVE, &mut crate::puzzle::SeededRng::new(12));
        let parent = h.init(&SearchBoard::new(&board));
        for m in board.legal_moves() {
            let mut after = board;
            assert!(after.try_move(m));
            let sb = SearchBoard::new(&after);
            let (tile, from, to) = (sb.tiles[board.blank()], sb.blank, board.blank());
            let mut evaluated = parent;
            h.update(&mut evaluated, &sb, tile, from, to);
            let reads = h.evaluate(&parent, &sb, tile, from, to, u32::MAX).reads;
            let raised = Reads {
                value: reads.value + 1,
                mirrored: reads.mirrored + 1,
                conflicts: 0,
            };
            let mut replayed = parent;
            h.replay(&mut replayed, &sb, tile, from, to, raised);
            assert_eq!((replayed.sum, replayed.msum), (evaluated.sum + 1, evaluated.msum + 1));
            assert_eq!(replayed.ranks, evaluated.ranks);
            assert_eq!(replayed.mranks, evaluated.mranks);
        }
    }

    #[test]
    fn the_beam_ranks_by_the_mean_of_the_direct_and_mirrored_sums() {
        let mut rng = crate::puzzle::SeededRng::new(8);
        let db5 = default_tables(Size::FIVE);
        let h5 = PdbHeuristic::new(db5);
        for _ in 0..200 {
            let b = Board::random(Size::FIVE, &mut rng);
            let s = h5.init(&SearchBoard::new(&b));
            assert_eq!(h5.rank(&s), 2 * (db5.additive_value(&b) + db5.mirrored_value(&b)));
        }
        // Without a mirror the rank is the sum's, in the same quarter moves.
        let db6 = default_tables(Size::SIX);
        let h6 = PdbHeuristic::new(db6);
        let b = Board::random(Size::SIX, &mut rng);
        assert_eq!(h6.rank(&h6.init(&SearchBoard::new(&b))), 4 * db6.value(&b));
    }
}
