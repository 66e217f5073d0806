//! Every heuristic is admissible: never above the exact distance on all 181,440 3×3 boards,
//! nor above the known optimal length of Korf's 100 4×4 instances.

use crate::common;

use slide::puzzle::Size;

#[test]
fn all_3x3_boards_every_heuristic_at_most_exact() {
    let solver = common::prepared(Size::THREE);
    let boards = common::all_3x3();
    assert_eq!(boards.len(), 181_440);
    let exact = solver.exact3();
    for b in &boards {
        let d = exact.distance(b);
        let r = solver.rate(b);
        assert!(r.manhattan <= d, "{b}: manhattan {} > {d}", r.manhattan);
        assert!(
            r.linear_conflict <= d,
            "{b}: linear conflict {} > {d}",
            r.linear_conflict
        );
        assert!(r.linear_conflict >= r.manhattan, "{b}");
        let wd = r.walking_distance.expect("3×3 walking distance");
        assert!(wd <= d, "{b}: walking distance {wd} > {d}");
        assert!(wd >= r.manhattan, "{b}: walking distance below manhattan");
        let pdb = r.pdb.expect("3×3 pattern databases");
        assert!(pdb <= d, "{b}: pdb {pdb} > {d}");
        assert!(pdb >= r.manhattan, "{b}: pdb below manhattan");
        assert_eq!(r.exact, Some(d));
        assert_eq!(r.lower_bound, d);
        // Parity: every admissible estimate here has the parity of the true distance.
        assert_eq!(r.manhattan % 2, d % 2, "{b}");
    }
}

#[test]
fn manhattan_is_consistent_on_all_3x3_boards() {
    for b in common::all_3x3() {
        let h = b.manhattan();
        for m in b.legal_moves() {
            let n = b.moved(m).expect("legal move");
            assert_eq!(h.abs_diff(n.manhattan()), 1, "{b} --{m}--> {n}");
        }
    }
}

#[test]
fn korf100_every_heuristic_at_most_optimal() {
    let solver = common::prepared(Size::FOUR);
    for (i, (len, b)) in common::korf100().into_iter().enumerate() {
        let r = solver.rate(&b);
        let n = i + 1;
        assert!(r.manhattan <= len, "instance {n}");
        assert!(
            r.linear_conflict <= len && r.linear_conflict >= r.manhattan,
            "instance {n}"
        );
        let wd = r.walking_distance.expect("4×4 walking distance");
        assert!(wd <= len && wd >= r.manhattan, "instance {n}: wd {wd}");
        let pdb = r.pdb.expect("4×4 pattern databases");
        assert!(pdb <= len && pdb >= r.manhattan, "instance {n}: pdb {pdb}");
        assert!(r.lower_bound <= len);
    }
}

#[test]
fn stronger_heuristics_dominate_manhattan_on_large_boards() {
    use slide::puzzle::{Board, SeededRng};
    let mut rng = SeededRng::new(11);
    for size in [Size::FIVE, Size::SIX] {
        let solver = common::prepared(size);
        for _ in 0..50 {
            let b = Board::random(size, &mut rng);
            let r = solver.rate(&b);
            assert!(r.linear_conflict >= r.manhattan);
            assert!(r.pdb.expect("pattern databases") >= r.manhattan, "{b}");
            assert_eq!(r.walking_distance, None);
        }
    }
}
