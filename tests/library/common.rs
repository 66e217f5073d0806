//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::OnceLock;

use slide::puzzle::{Board, Size};
use slide::solver::{Solver, TableCache};

/// The tables' cache of the tests, under the target directory: runs after the first load
/// the tables instead of building them.
pub fn cache() -> TableCache {
    TableCache::at(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables"))
}

/// One solver per test binary, caching its tables in [`cache`].
pub fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(|| Solver::new(cache()))
}

/// The solver with `size`'s tables ready.
pub fn prepared(size: Size) -> &'static Solver {
    let s = solver();
    s.prepare(size, &|_| {}).expect("tables build");
    s
}

/// Korf's 100 instances as (known optimal length, board), in file order.
///
/// Read from the copy shipped in tests/data, so that a fresh checkout needs nothing beside it.
pub fn korf100() -> Vec<(u32, Board)> {
    let local = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/korf100-15puzzle.txt");
    let text = std::fs::read_to_string(&local).expect("tests/data/korf100-15puzzle.txt is readable");
    let instances: Vec<(u32, Board)> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (len, tiles) = l.split_once('\t').expect("length<TAB>tiles");
            (len.trim().parse().expect("length"), tiles.parse().expect("valid board"))
        })
        .collect();
    assert_eq!(instances.len(), 100);
    instances
}

/// Every solvable 3×3 board, by breadth-first search from the goal through the public API.
pub fn all_3x3() -> Vec<Board> {
    let goal = Board::goal(Size::THREE);
    let mut seen = std::collections::HashSet::from([goal]);
    let mut order = vec![goal];
    let mut i = 0;
    while i < order.len() {
        let b = order[i];
        i += 1;
        for m in b.legal_moves().collect::<Vec<_>>() {
            if let Some(n) = b.moved(m)
                && seen.insert(n)
            {
                order.push(n);
            }
        }
    }
    order
}
