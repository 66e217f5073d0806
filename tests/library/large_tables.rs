//! The compact (4 bits an entry) pattern databases that the opt-in large 4×4 tables use,
//! through the public API, on a partition a test can build: optimal lengths on Korf's
//! instances, and admissible values on all hundred. (The large 8-7 tables themselves take
//! minutes and 4 GB to build, so no test builds them; they share every line of this path.)

use crate::common;

use std::path::PathBuf;

use slide::puzzle::Size;
use slide::solver::{Partition, SolveOptions, Solver, TableCache};

/// A solver whose 4×4 tables are 5-5-5 stored compactly (the mirror is used: the groups
/// are not their own mirror, as in the large partition).
fn compact_solver() -> Solver {
    let solver = Solver::new(TableCache::at(
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables-compact"),
    ));
    let partition = Partition::new(
        Size::FOUR,
        vec![(1..=5).collect(), (6..=10).collect(), (11..=15).collect()],
    )
    .expect("valid groups")
    .stored_compactly();
    let db = solver
        .install_partition(partition.clone(), &|_| {})
        .expect("tables build");
    assert_eq!(db.partition(), &partition);
    assert!(db.uses_mirror());
    solver
}

#[test]
fn compact_tables_solve_korf_instances_optimally() {
    let solver = compact_solver();
    let mut instances = common::korf100();
    // The shortest dozen: enough to exercise every part of the search, quick to prove.
    instances.sort_by_key(|(len, _)| *len);
    for (len, board) in instances.iter().take(12) {
        let s = solver.solve(board, &SolveOptions::default()).expect("solves");
        assert!(s.optimal, "{board}");
        assert_eq!(s.len() as u32, *len, "{board}");
        let mut b = *board;
        b.apply_all(&s.moves).expect("every move is legal");
        assert!(b.is_goal(), "{board}");
    }
}

#[test]
fn compact_tables_never_exceed_korf_optimal_lengths() {
    let solver = compact_solver();
    for (len, board) in common::korf100() {
        let rating = solver.rate(&board);
        let pdb = rating.pdb.expect("tables ready");
        assert!(pdb <= len, "{board}: {pdb} > {len}");
        // The databases see more than Manhattan distance, never less.
        assert!(pdb >= rating.manhattan, "{board}");
    }
}

/// The real large 6×6 tables (seven groups of five, with the mirror): built once into a
/// cache under the target directory (a minute and a half of CPU, about 275 MB), then every
/// value along random walks from the goal stays at or below the moves walked (an upper bound
/// on the distance), never below Manhattan distance, and a bounded search guided by them
/// reaches the goal. Ignored: too slow for every run.
#[test]
#[ignore = "builds the 158 MB large 6×6 tables"]
fn the_large_6x6_tables_are_admissible_along_random_walks() {
    use slide::puzzle::{Board, SeededRng};
    use std::time::Duration;

    let cache = TableCache::at(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables-large-6x6"));
    let partition = Partition::large_for(Size::SIX).expect("6×6 has large tables");
    let db = cache.load_or_build(partition.clone(), &|_| {}).expect("tables build");
    assert!(db.uses_mirror());
    let manhattan = Solver::new(TableCache::disabled());
    for seed in 0..40 {
        let mut rng = SeededRng::new(seed);
        let mut board = Board::goal(Size::SIX);
        for walked in 1..=120u32 {
            let moves: Vec<_> = board.legal_moves().collect();
            board.try_move(moves[rng.index(moves.len())]);
            let value = db.value(&board);
            assert!(value <= walked, "{board}: {value} > {walked}");
            assert!(value >= manhattan.rate(&board).manhattan, "{board}");
        }
    }
    let solver = Solver::new(cache);
    solver.prepare(Size::SIX, &|_| {}).expect("prepared");
    assert!(solver.has_large(Size::SIX));
    let board = Board::random(Size::SIX, &mut SeededRng::new(7));
    let opts = SolveOptions {
        max_time: Some(Duration::from_secs(1)),
        ..SolveOptions::default()
    };
    let s = solver.solve(&board, &opts).expect("a plan");
    let mut end = board;
    end.apply_all(&s.moves).expect("legal moves");
    assert!(end.is_goal() && s.lower_bound as usize <= s.moves.len());
}
