//! Pattern-database tables in 4 bits an entry, and the search heuristic that reads them.
//!
//! A group's value (the fewest moves of its tiles that bring them home) is never below the
//! Manhattan distance of its tiles, and differs from it by an even number: every move of a
//! group tile changes that distance by exactly one, up or down, and the value's moves take
//! it to zero. So an entry can hold (value − distance) / 2 instead of the value, and for the
//! groups we build that fits in 4 bits (a build fails with a message if some entry does
//! not). The search keeps each group's distance up to date as tiles move (one subtraction),
//! so a lookup costs the byte table's lookup plus a shift.
//!
//! Two entries share a byte: the even rank in the low half, the odd rank in the high half.

use std::sync::Arc;

use crate::puzzle::{MAX_CELLS, Size};
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::pattern_db::{MAX_GROUPS, PatternDb};

/// The largest (value − distance) / 2 an entry holds.
const MAX_ENTRY: u8 = 15;

/// The entry at `rank` of a compact table.
#[inline]
pub(crate) fn entry(table: &[u8], rank: usize) -> u8 {
    (table[rank >> 1] >> ((rank & 1) * 4)) & 0xF
}

/// Calls `f(rank, distance)` for every placement of `tiles`, in rank order, with the sum of
/// the tiles' Manhattan distances there.
///
/// Ranks count placements in lexicographic order of their cells (each tile's digit is its
/// cell's index among the cells still free, and a smaller cell has a smaller index), so a
/// walk that tries the free cells in increasing order meets the ranks 0, 1, 2, … in turn
/// without computing any.
pub(crate) fn for_each_placement(size: Size, tiles: &[u8], f: &mut dyn FnMut(usize, u32)) {
    fn walk(dist: &[Vec<u8>], cells: usize, used: u64, md: u32, next: &mut usize, f: &mut dyn FnMut(usize, u32)) {
        let Some((row, rest)) = dist.split_first() else {
            f(*next, md);
            *next += 1;
            return;
        };
        for (cell, &d) in row.iter().enumerate().take(cells) {
            if used & (1u64 << cell) == 0 {
                walk(rest, cells, used | (1u64 << cell), md + u32::from(d), next, f);
            }
        }
    }
    let cells = size.cells();
    let dist: Vec<Vec<u8>> = tiles
        .iter()
        .map(|&t| {
            let (gr, gc) = size.row_col(size.goal_index(t));
            (0..cells)
                .map(|cell| {
                    let (r, c) = size.row_col(cell);
                    (r.abs_diff(gr) + c.abs_diff(gc)) as u8
                })
                .collect()
        })
        .collect();
    let mut next = 0;
    walk(&dist, cells, 0, 0, &mut next, f);
}

/// Compacts a group's byte table (indexed by rank). Fails, naming the placement's rank,
/// if some value is below the group's Manhattan distance, of the other parity, or too far
/// above it for 4 bits: none can happen for a correct table, and the last would need a
/// wider encoding.
pub(crate) fn compact(size: Size, tiles: &[u8], table: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = vec![0u8; table.len().div_ceil(2)];
    let mut problem: Option<String> = None;
    for_each_placement(size, tiles, &mut |rank, md| {
        if problem.is_some() {
            return;
        }
        let value = u32::from(table[rank]);
        let fits = value >= md && (value - md) % 2 == 0 && (value - md) / 2 <= u32::from(MAX_ENTRY);
        if !fits {
            problem = Some(format!(
                "entry {rank} is {value} with Manhattan distance {md}, which 4 bits \
                 holding (value − distance) / 2 cannot store"
            ));
            return;
        }
        let half = ((value - md) / 2) as u8;
        out[rank >> 1] |= half << ((rank & 1) * 4);
    });
    problem.map_or(Ok(out), Err)
}

/// Compact pattern databases as a search heuristic: both sums, and each group's Manhattan
/// distance on the board and its mirror, kept per move.
pub(crate) struct CompactPdbHeuristic<'a> {
    db: &'a PatternDb,
}

#[derive(Clone, Copy)]
pub(crate) struct CompactState {
    cell_of: [u8; MAX_CELLS],
    mirrored: [u8; MAX_CELLS],
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

    fn distances(&self, cell_of: &[u8; MAX_CELLS]) -> [u8; MAX_GROUPS] {
        let mut md = [0u8; MAX_GROUPS];
        for (g, d) in md.iter_mut().enumerate().take(self.db.partition().groups().len()) {
            *d = self.db.group_manhattan(g, cell_of);
        }
        md
    }

    #[inline]
    fn update_direct(&self, s: &mut CompactState, tile: u8, from: usize, to: usize) {
        let db = self.db;
        let t = tile as usize;
        s.cell_of[t] = to as u8;
        let g = db.group_of(t);
        // One step changes the tile's distance by exactly one.
        s.md[g] = s.md[g] + db.tile_distance(t, to) - db.tile_distance(t, from);
        let v = db.compact_group_value(g, &s.cell_of, s.md[g]);
        s.sum = s.sum + u32::from(v) - u32::from(s.vals[g]);
        s.vals[g] = v;
    }

    #[inline]
    fn update_mirror(&self, s: &mut CompactState, tile: u8, from: usize, to: usize) {
        let db = self.db;
        let mt = db.mirror_tile(tile as usize);
        let (mfrom, mto) = (db.mirror_cell(from), db.mirror_cell(to));
        s.mirrored[mt] = mto as u8;
        let mg = db.group_of(mt);
        s.mmd[mg] = s.mmd[mg] + db.tile_distance(mt, mto) - db.tile_distance(mt, mfrom);
        let mv = db.compact_group_value(mg, &s.mirrored, s.mmd[mg]);
        s.msum = s.msum + u32::from(mv) - u32::from(s.mvals[mg]);
        s.mvals[mg] = mv;
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
            cell_of,
            mirrored,
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
    fn update(&self, s: &mut CompactState, _board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.update_direct(s, tile, from, to);
        if self.db.uses_mirror() {
            self.update_mirror(s, tile, from, to);
        }
    }

    #[inline]
    fn update_within(
        &self,
        s: &mut CompactState,
        _board: &SearchBoard,
        tile: u8,
        from: usize,
        to: usize,
        limit: u32,
    ) -> u32 {
        // As with byte tables: the direct sum alone usually cuts the child off.
        self.update_direct(s, tile, from, to);
        if s.sum > limit || !self.db.uses_mirror() {
            return s.sum;
        }
        self.update_mirror(s, tile, from, to);
        s.sum.max(s.msum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Board, SeededRng};
    use crate::solver::pattern_db::{Partition, rank};

    /// A 4×4 partition small enough to build in a test, with groups that are not their own
    /// mirror (so the mirrored lookup is used, as in the large partition).
    fn small_4x4() -> Partition {
        Partition::new(
            Size::FOUR,
            vec![
                vec![1, 2, 3, 4],
                vec![5, 6, 7, 8],
                vec![9, 10, 11, 12],
                vec![13, 14, 15],
            ],
        )
        .unwrap()
    }

    #[test]
    fn placements_are_walked_in_rank_order_with_their_distance() {
        let size = Size::FOUR;
        let tiles = [3u8, 9, 14];
        let mut count = 0;
        let mut pos = [0u8; 3];
        for_each_placement(size, &tiles, &mut |r, md| {
            assert_eq!(r, count);
            count += 1;
            crate::solver::pattern_db::unrank_for_tests(r, 3, 16, &mut pos);
            assert_eq!(rank(&pos, 16), r);
            let expected: u32 = tiles
                .iter()
                .zip(pos)
                .map(|(&t, p)| {
                    let (gr, gc) = size.row_col(size.goal_index(t));
                    let (r, c) = size.row_col(p as usize);
                    (r.abs_diff(gr) + c.abs_diff(gc)) as u32
                })
                .sum();
            assert_eq!(md, expected);
        });
        assert_eq!(count, 16 * 15 * 14);
    }

    #[test]
    fn the_compact_tables_hold_every_entry_of_the_byte_tables() {
        for partition in [small_4x4(), Partition::default_for(Size::THREE)] {
            let bytes = PatternDb::build(&partition, &|_| {}).unwrap();
            let compact = PatternDb::build(&partition.clone().stored_compactly(), &|_| {}).unwrap();
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

    #[test]
    fn a_value_that_does_not_fit_fails_the_compaction_with_its_rank() {
        let size = Size::THREE;
        let tiles = [1u8, 2];
        let mut table = vec![0u8; 72];
        for_each_placement(size, &tiles, &mut |r, md| table[r] = md as u8);
        assert!(compact(size, &tiles, &table).is_ok());
        let mut odd = table.clone();
        odd[5] += 1;
        assert!(compact(size, &tiles, &odd).unwrap_err().contains("entry 5 "));
        let mut high = table;
        high[7] += 32;
        assert!(compact(size, &tiles, &high).unwrap_err().contains("entry 7 "));
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
        use crate::solver::pattern_db::PdbHeuristic;
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
            let compact = PatternDb::build(&p.clone().stored_compactly(), &|_| {}).unwrap();
            let bytes = PatternDb::build(&p, &|_| {}).unwrap();
            assert!(compact.uses_mirror());
            (Arc::new(compact), Arc::new(bytes))
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

        #[test]
        fn the_compact_heuristic_is_admissible_and_equals_the_byte_tables(seed in proptest::prelude::any::<u64>()) {
            let (compact, bytes) = small_dbs();
            walk(compact, bytes, seed, 150);
        }
    }

    fn temp_cache(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("slide-compact-test-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn the_solver_uses_the_large_tables_when_cached_and_the_default_otherwise() {
        use crate::solver::{BuildProgress, SolveOptions, Solver, TableCache};
        let dir = temp_cache("choice");
        let cache = TableCache::at(dir.clone());
        let large = small_4x4().stored_compactly();
        let board: Board = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2".parse().unwrap();

        // Not cached: the default, and nothing is built for the large partition.
        let solver = Solver::preferring(cache.clone(), large.clone());
        solver.prepare(Size::FOUR, &|_| {}).unwrap();
        assert_eq!(
            solver.pdb(Size::FOUR).unwrap().partition(),
            &Partition::default_for(Size::FOUR)
        );
        assert!(!cache.file_for(&large).unwrap().exists());
        let default_answer = solver.solve(&board, &SolveOptions::default()).unwrap();

        // Cached: a new solver loads it, and the search runs on it with the same optimum.
        cache.load_or_build(large.clone(), &|_| {}).unwrap();
        let solver = Solver::preferring(cache.clone(), large.clone());
        solver.prepare(Size::FOUR, &|_| {}).unwrap();
        assert_eq!(solver.pdb(Size::FOUR).unwrap().partition(), &large);
        assert!(matches!(
            crate::solver::heuristic::Chosen::new(&solver, Size::FOUR, crate::solver::HeuristicKind::Auto),
            Ok(crate::solver::heuristic::Chosen::CompactPdb(_))
        ));
        let answer = solver.solve(&board, &SolveOptions::default()).unwrap();
        assert!(answer.optimal && default_answer.optimal);
        assert_eq!(answer.len(), 57);
        assert_eq!(default_answer.len(), 57);
        assert_ne!(answer.nodes, default_answer.nodes, "a different heuristic ran");
        let rating = solver.rate(&board);
        assert_eq!(rating.pdb, Some(solver.pdb(Size::FOUR).unwrap().value(&board)));

        // Damaged: a notice, and the default again (never a rebuild of the large tables).
        let path = cache.file_for(&large).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        let notices = std::sync::Mutex::new(Vec::new());
        let solver = Solver::preferring(cache.clone(), large.clone());
        solver
            .prepare(Size::FOUR, &|p| {
                if let BuildProgress::Notice(n) = p {
                    notices.lock().unwrap().push(n);
                }
            })
            .unwrap();
        assert_eq!(
            solver.pdb(Size::FOUR).unwrap().partition(),
            &Partition::default_for(Size::FOUR)
        );
        let notices = notices.into_inner().unwrap();
        assert!(notices.iter().any(|n| n.contains("checksum")), "{notices:?}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "the damaged file is left for `clean`"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn compact_files_round_trip_and_are_listed_apart_from_byte_files() {
        use crate::solver::{CacheStatus, TableCache};
        let dir = temp_cache("files");
        let cache = TableCache::at(dir.clone());
        let bytes = small_4x4();
        let compact = bytes.clone().stored_compactly();
        assert_ne!(cache.file_for(&bytes), cache.file_for(&compact));
        assert_eq!(Partition::from_signature(&compact.signature()), Ok(compact.clone()));
        let built = cache.load_or_build(compact.clone(), &|_| {}).unwrap();
        let loaded = cache.load(&compact, &|_| {}).expect("cached");
        assert_eq!(built.tables(), loaded.tables());
        assert_eq!(
            std::fs::metadata(cache.file_for(&compact).unwrap()).unwrap().len() as usize,
            // Magic, two versions, the signature and its length, the table count, each
            // table's length, the tables, the checksum.
            8 + 4 + 4 + 4 + compact.signature().len() + 4 + 4 * 8 + built.memory_bytes() + 8,
        );
        let listed = cache.list().unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(
            listed[0].status,
            CacheStatus::Current {
                partition: compact,
                default: false
            }
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn on_5x5_the_large_tables_guide_the_bounded_search_and_the_default_rates() {
        use crate::solver::{SolveOptions, Solver, TableCache};
        let dir = temp_cache("guide5");
        let cache = TableCache::at(dir.clone());
        // A stand-in for the real 6-6-6-6, which takes minutes to build.
        let groups: Vec<Vec<u8>> = (0..8).map(|g| (1..=3).map(|i| g * 3 + i).collect()).collect();
        let large = Partition::new(Size::FIVE, groups).unwrap().stored_compactly();
        cache.load_or_build(large.clone(), &|_| {}).unwrap();
        let solver = Solver::preferring(cache, large.clone());
        solver.prepare(Size::FIVE, &|_| {}).unwrap();
        // The default stays the source of ratings and bounds; the large tables only guide.
        assert_eq!(
            solver.pdb(Size::FIVE).unwrap().partition(),
            &Partition::default_for(Size::FIVE)
        );
        assert_eq!(solver.guide(Size::FIVE).unwrap().partition(), &large);
        let board = Board::random(Size::FIVE, &mut crate::puzzle::SeededRng::new(4));
        let rating = solver.rate(&board);
        assert_eq!(rating.pdb, Some(solver.pdb(Size::FIVE).unwrap().value(&board)));
        let opts = SolveOptions {
            max_time: Some(std::time::Duration::from_millis(200)),
            ..SolveOptions::default()
        };
        let s = solver.solve(&board, &opts).unwrap();
        let mut end = board;
        end.apply_all(&s.moves).unwrap();
        assert!(end.is_goal());
        // The bound reported is the guide's own (admissible) value at the start.
        assert_eq!(s.lower_bound, solver.guide(Size::FIVE).unwrap().value(&board));
        assert!(s.lower_bound as usize <= s.moves.len());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_large_partitions_are_4x4_and_5x5_with_the_mirror() {
        let p = Partition::large_for(Size::FOUR).unwrap();
        assert_eq!(p.name(), "8-7");
        assert!(p.is_compact() && p.differs_from_mirror());
        assert_eq!(p.table_bytes(8), 518_918_400 / 2);
        let p = Partition::large_for(Size::FIVE).unwrap();
        assert_eq!(p.name(), "6-6-6-6");
        assert!(p.is_compact() && p.differs_from_mirror());
        assert_eq!(p.table_bytes(6), 127_512_000 / 2);
        for size in [Size::THREE, Size::SIX] {
            assert_eq!(Partition::large_for(size), None);
        }
        assert!(Partition::replaces_default(Size::FOUR) && !Partition::replaces_default(Size::FIVE));
    }
}
