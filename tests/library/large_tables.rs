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
