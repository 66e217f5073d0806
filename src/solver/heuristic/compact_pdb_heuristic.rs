//! The pattern databases' search heuristic over compact tables (4 bits an entry, see
//! [`crate::solver::tables::compact_table`]): both sums, and each group's Manhattan distance on the
//! board and its mirror, kept per move, so a lookup is the byte lookup plus a shift.

use std::sync::Arc;

use crate::puzzle::SEARCH_CELLS;
use crate::solver::heuristic::{Evaluated, Incremental, Reads, SearchBoard};
use crate::solver::tables::partition::MAX_GROUPS;
use crate::solver::tables::pattern_db::PatternDb;

/// Compact pattern databases as a search heuristic: both sums, and each group's Manhattan
/// distance on the board and its mirror, kept per move.
pub(crate) struct CompactPdbHeuristic<'a> {
    db: &'a PatternDb,
}

#[derive(Clone, Copy)]
pub(crate) struct CompactState {
    /// Each group's placement rank on the board and on its mirror, kept per move.
    ranks: [u32; MAX_GROUPS],
    mranks: [u32; MAX_GROUPS],
    md: [u8; MAX_GROUPS],
    mmd: [u8; MAX_GROUPS],
    vals: [u8; MAX_GROUPS],
    mvals: [u8; MAX_GROUPS],
    sum: u32,
    msum: u32,
}

impl<'a> CompactPdbHeuristic<'a> {
    /// The heuristic over compact tables (byte tables have `PdbHeuristic`).
    pub fn new(db: &'a Arc<PatternDb>) -> CompactPdbHeuristic<'a> {
        debug_assert!(db.partition().is_compact(), "byte tables have their own heuristic");
        CompactPdbHeuristic { db }
    }

    fn distances(&self, cell_of: &[u8; SEARCH_CELLS]) -> [u8; MAX_GROUPS] {
        let mut md = [0u8; MAX_GROUPS];
        for (g, d) in md.iter_mut().enumerate().take(self.db.partition().groups().len()) {
            *d = self.db.group_manhattan(g, cell_of);
        }
        md
    }

    /// Returns the value it set: the table's, or `known` (a replay's), which saves the read.
    #[inline]
    fn update_direct(
        &self,
        s: &mut CompactState,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        known: Option<u8>,
    ) -> u8 {
        let db = self.db;
        let t = tile as usize;
        let g = db.group_of(t);
        let r = s.ranks[g].wrapping_add_signed(db.rank_step(false, &board.tiles, t, from, to));
        s.ranks[g] = r;
        // One step changes the tile's distance by exactly one.
        s.md[g] = s.md[g] + db.tile_distance(t, to) - db.tile_distance(t, from);
        let v = known.unwrap_or_else(|| db.compact_value_at(g, r, s.md[g]));
        s.sum = s.sum + u32::from(v) - u32::from(s.vals[g]);
        s.vals[g] = v;
        v
    }

    /// As `update_direct`, on the mirror.
    #[inline]
    fn update_mirror(
        &self,
        s: &mut CompactState,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        known: Option<u8>,
    ) -> u8 {
        let db = self.db;
        let t = tile as usize;
        let mt = db.mirror_tile(t);
        let (mfrom, mto) = (db.mirror_cell(from), db.mirror_cell(to));
        let mg = db.group_of(mt);
        let r = s.mranks[mg].wrapping_add_signed(db.rank_step(true, &board.tiles, t, from, to));
        s.mranks[mg] = r;
        s.mmd[mg] = s.mmd[mg] + db.tile_distance(mt, mto) - db.tile_distance(mt, mfrom);
        let mv = known.unwrap_or_else(|| db.compact_value_at(mg, r, s.mmd[mg]));
        s.msum = s.msum + u32::from(mv) - u32::from(s.mvals[mg]);
        s.mvals[mg] = mv;
        mv
    }
}

impl Incremental for CompactPdbHeuristic<'_> {
    type State = CompactState;

    fn init(&self, board: &SearchBoard) -> CompactState {
        let (cell_of, mirrored) = self.db.cells_of(board);
        let (vals, sum) = self.db.sums(&cell_of);
        // Without the mirror its sum stays 0, so `h` is the direct sum.
        let (mvals, msum) = if self.db.uses_mirror() {
            self.db.sums(&mirrored)
        } else {
            ([0; MAX_GROUPS], 0)
        };
        CompactState {
            md: self.distances(&cell_of),
            mmd: self.distances(&mirrored),
            ranks: self.db.ranks(&cell_of),
            mranks: self.db.ranks(&mirrored),
            vals,
            mvals,
            sum,
            msum,
        }
    }

    #[inline]
    fn h(&self, s: &CompactState) -> u32 {
        s.sum.max(s.msum)
    }

    #[inline]
    fn rank(&self, s: &CompactState) -> u32 {
        self.db.rank_of_sums(s.sum, s.msum)
    }

    #[inline]
    fn update(&self, s: &mut CompactState, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.update_direct(s, board, tile, from, to, None);
        if self.db.uses_mirror() {
            self.update_mirror(s, board, tile, from, to, None);
        }
    }

    #[inline]
    fn evaluate(
        &self,
        p: &CompactState,
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
        let r = p.ranks[g].wrapping_add_signed(db.rank_step(false, &board.tiles, t, from, to));
        let md = p.md[g] + db.tile_distance(t, to) - db.tile_distance(t, from);
        let value = db.compact_value_at(g, r, md);
        let sum = p.sum + u32::from(value) - u32::from(p.vals[g]);
        let mut reads = Reads {
            value,
            ..Reads::default()
        };
        if sum > limit || !db.uses_mirror() {
            let rank = db.rank_of_sums(sum, p.msum);
            return Evaluated { h: sum, rank, reads };
        }
        let mt = db.mirror_tile(t);
        let mg = db.group_of(mt);
        let r = p.mranks[mg].wrapping_add_signed(db.rank_step(true, &board.tiles, t, from, to));
        let mmd = p.mmd[mg] + db.tile_distance(mt, db.mirror_cell(to)) - db.tile_distance(mt, db.mirror_cell(from));
        reads.mirrored = db.compact_value_at(mg, r, mmd);
        let msum = p.msum + u32::from(reads.mirrored) - u32::from(p.mvals[mg]);
        Evaluated {
            h: sum.max(msum),
            rank: db.rank_of_sums(sum, msum),
            reads,
        }
    }

    #[inline]
    fn replay(&self, s: &mut CompactState, board: &SearchBoard, tile: u8, from: usize, to: usize, reads: Reads) {
        self.update_direct(s, board, tile, from, to, Some(reads.value));
        if self.db.uses_mirror() {
            self.update_mirror(s, board, tile, from, to, Some(reads.mirrored));
        }
    }

    #[inline]
    fn update_within(
        &self,
        s: &mut CompactState,
        board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> u32 {
        // As with byte tables: the direct sum alone usually cuts the child off.
        self.update_direct(s, board, tile, from, to, None);
        if s.sum > limit || !self.db.uses_mirror() {
            return s.sum;
        }
        self.update_mirror(s, board, tile, from, to, None);
        s.sum.max(s.msum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Board, SeededRng, Size};
    use crate::solver::tables::builder;
    use crate::solver::tables::compact_table::entry;
    use crate::solver::tables::partition::Partition;
    use crate::solver::tables::placement::for_each_placement;
    use crate::solver::tables::test_tables::{small_4x4, small_6x6};

    #[test]
    fn the_compact_tables_hold_every_entry_of_the_byte_tables() {
        for partition in [small_4x4(), Partition::default_for(Size::THREE)] {
            let bytes = builder::build(&partition, &|_| {}).unwrap();
            let compact = builder::build(&partition.clone().stored_compactly(), &|_| {}).unwrap();
            let size = partition.size();
            for (g, tiles) in partition.groups().iter().enumerate() {
                let full = &bytes.tables()[g];
                let small = &compact.tables()[g];
                assert_eq!(small.len(), full.len().div_ceil(2));
                for_each_placement(size, tiles, &mut |r, md| {
                    assert_eq!(
                        u32::from(entry(small, r)) * 2 + md,
                        u32::from(full[r]),
                        "group {g}, rank {r}"
                    );
                });
            }
            let mut rng = SeededRng::new(3);
            for _ in 0..500 {
                let b = Board::random(size, &mut rng);
                assert_eq!(compact.value(&b), bytes.value(&b), "{b}");
                assert_eq!(compact.mirrored_value(&b), bytes.mirrored_value(&b), "{b}");
            }
        }
    }

    /// Walks `steps` random moves from the goal, checking at every step that the compact
    /// heuristic's incremental state agrees with a fresh one, with [`PatternDb::value`] and
    /// with the byte tables' heuristic of the same groups; that it never exceeds the moves
    /// walked (an upper bound on the distance); and that `update_within` stays admissible
    /// when it stops early.
    ///
    /// Not that one move changes it by at most one: these tables are not consistent, with
    /// bytes or 4 bits alike. An entry is the least over the blank's regions (the blank's
    /// region is part of a build state, so a tile can only step where the blank can reach),
    /// and the least for one placement can lie several moves below the least for a
    /// neighbouring one (seen: 9 then 6). IDA* needs only admissibility.
    fn walk(compact: &Arc<PatternDb>, bytes: &Arc<PatternDb>, seed: u64, steps: u32) {
        use crate::solver::heuristic::pdb_heuristic::PdbHeuristic;
        let h = CompactPdbHeuristic::new(compact);
        let hb = PdbHeuristic::new(bytes);
        let mut rng = SeededRng::new(seed);
        let mut board = Board::goal(compact.partition().size());
        let mut sb = SearchBoard::new(&board);
        let mut state = h.init(&sb);
        assert_eq!(h.h(&state), 0);
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
            let value = h.h(&state);
            assert_eq!(value, h.h(&h.init(&sb)), "{board}");
            assert_eq!(value, compact.value(&board), "{board}");
            assert_eq!(value, hb.h(&hb.init(&sb)), "{board}");
            assert!(value <= walked, "{board}: {value} > {walked} moves walked");
            if quick <= limit {
                assert_eq!(quick, value, "{board}");
            } else {
                assert!(quick <= value, "an early value must stay admissible: {board}");
            }
        }
    }

    fn small_dbs() -> &'static (Arc<PatternDb>, Arc<PatternDb>) {
        static DBS: std::sync::OnceLock<(Arc<PatternDb>, Arc<PatternDb>)> = std::sync::OnceLock::new();
        DBS.get_or_init(|| {
            let p = small_4x4();
            let compact = builder::build(&p.clone().stored_compactly(), &|_| {}).unwrap();
            let bytes = builder::build(&p, &|_| {}).unwrap();
            assert!(compact.uses_mirror());
            (Arc::new(compact), Arc::new(bytes))
        })
    }

    /// The 6×6 stand-in's compact and byte tables: 6×6 as the large tables have it (seven
    /// groups of five would take a minute to build), with the mirror.
    fn small_6x6_dbs() -> &'static (Arc<PatternDb>, Arc<PatternDb>) {
        static DBS: std::sync::OnceLock<(Arc<PatternDb>, Arc<PatternDb>)> = std::sync::OnceLock::new();
        DBS.get_or_init(|| {
            let compact = builder::build(&small_6x6(), &|_| {}).unwrap();
            let bytes_partition = Partition::new(Size::SIX, small_6x6().groups().to_vec()).unwrap();
            let bytes = builder::build(&bytes_partition, &|_| {}).unwrap();
            assert!(compact.uses_mirror());
            (Arc::new(compact), Arc::new(bytes))
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

        #[test]
        fn on_6x6_the_compact_heuristic_is_admissible_and_equals_the_byte_tables(seed in proptest::prelude::any::<u64>()) {
            let (compact, bytes) = small_6x6_dbs();
            walk(compact, bytes, seed, 150);
        }

        #[test]
        fn the_compact_heuristic_is_admissible_and_equals_the_byte_tables(seed in proptest::prelude::any::<u64>()) {
            let (compact, bytes) = small_dbs();
            walk(compact, bytes, seed, 150);
        }
    }
}
