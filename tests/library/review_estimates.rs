//! The 5×5 and 6×6 review tells the truth: on random games, the same position
//! gets the same figure, consecutive figures differ by exactly one, no figure exceeds a
//! plan known for its position, a move and its reverse is a detour of two, and every
//! figure stands above its proven lower bound. Small budgets keep it quick.

use std::time::Duration;

use proptest::prelude::*;
use slide::puzzle::{Board, Move, SeededRng, Size};
use slide::review::{ReviewOptions, review};
use slide::solver::{SolveOptions, Solver, TableCache, lower_bound};

fn solver() -> &'static Solver {
    static SOLVER: std::sync::OnceLock<Solver> = std::sync::OnceLock::new();
    SOLVER.get_or_init(|| Solver::new(TableCache::disabled()))
}

fn plan(board: &Board, ms: u64) -> Vec<Move> {
    solver()
        .solve(
            board,
            &SolveOptions {
                max_time: Some(Duration::from_millis(ms)),
                ..SolveOptions::default()
            },
        )
        .expect("a plan")
        .moves
}

/// A random game: `len` random moves, with a move and its reverse now and then.
fn random_game(size: Size, seed: u64, len: usize) -> (Board, Vec<Move>) {
    let mut rng = SeededRng::new(seed);
    let start = Board::scrambled(size, 80, &mut rng);
    let mut b = start;
    let mut moves = Vec::new();
    while moves.len() < len {
        let legal: Vec<Move> = b.legal_moves().collect();
        let m = legal[rng.index(legal.len())];
        b.try_move(m);
        moves.push(m);
        if rng.index(4) == 0 {
            b.try_move(m.inverse());
            moves.push(m.inverse());
        }
    }
    (start, moves)
}

fn check_game(size: Size, seed: u64, len: usize) -> Result<(), TestCaseError> {
    let (start, mut moves) = random_game(size, seed, len);
    // Finish half the games with a plan, as a player following hints would.
    if seed.is_multiple_of(2) {
        let mut end = start;
        end.apply_all(&moves).expect("legal");
        moves.extend(plan(&end, 60));
    }
    let known = plan(&start, 60).len() as u32;
    let opts = ReviewOptions {
        estimate_budget: Duration::from_millis(120),
        known_plans: vec![(start, known)],
        ..ReviewOptions::default()
    };
    let r = review(solver(), &start, &moves, &opts, &mut |_| {}).expect("reviewed");
    prop_assert!(!r.exact);
    prop_assert_eq!(r.distances.len(), moves.len() + 1);
    prop_assert_eq!(r.lower_bounds.len(), moves.len() + 1);
    prop_assert!(r.distances[0] <= known, "no figure above the plan known from the start");
    let boards: Vec<Board> = (0..=moves.len()).map(|i| r.board_after(i)).collect();
    for i in 0..boards.len() {
        let d = r.distances[i];
        prop_assert!(r.lower_bounds[i] <= d);
        prop_assert!(lower_bound(solver(), &boards[i]) <= d, "never below a proven bound");
        if boards[i].is_goal() {
            prop_assert_eq!(d, 0);
        }
        if i + 1 < boards.len() {
            prop_assert_eq!(d.abs_diff(r.distances[i + 1]), 1, "consecutive figures differ by one");
        }
        // The rest of the game is a way to its last position: no figure exceeds it.
        let rest = (boards.len() - 1 - i) as u32 + r.distances[boards.len() - 1];
        prop_assert!(d <= rest);
        for j in 0..i {
            if boards[j] == boards[i] {
                prop_assert_eq!(r.distances[j], d, "the same position, the same figure");
            }
        }
    }
    let summary = r.summary();
    for i in 0..moves.len().saturating_sub(1) {
        if moves[i + 1] == moves[i].inverse() {
            // A move and its reverse: one of the two goes away from the goal, +2.
            let away = r.distances[i + 1] > r.distances[i] || r.distances[i + 2] > r.distances[i + 1];
            prop_assert!(away);
            prop_assert_eq!(r.distances[i], r.distances[i + 2]);
        }
    }
    prop_assert_eq!(summary.detour_cost(), r.extra(), "every extra move is in a detour");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn five_by_five_reviews_are_consistent(seed in any::<u64>(), len in 10usize..40) {
        check_game(Size::FIVE, seed, len)?;
    }

    #[test]
    fn six_by_six_reviews_are_consistent(seed in any::<u64>(), len in 10usize..40) {
        check_game(Size::SIX, seed, len)?;
    }
}

/// A reported 5×5 example: a plan P from the start, with one move and its reverse in front,
/// reviews as at least 2 extra moves and a detour (it said "0 extra, no detours").
#[test]
fn a_move_and_its_reverse_before_a_plan_cost_two() {
    let start: Board = "3 10 20 2 8 7 23 12 11 1 4 15 6 17 5 18 22 13 14 19 21 24 0 16 9"
        .parse()
        .expect("board");
    let p = plan(&start, 300);
    let first = start.legal_moves().next().expect("a move");
    let mut moves = vec![first, first.inverse()];
    moves.extend(&p);
    let opts = ReviewOptions {
        estimate_budget: Duration::from_millis(300),
        ..ReviewOptions::default()
    };
    let r = review(solver(), &start, &moves, &opts, &mut |_| {}).expect("reviewed");
    assert!(r.extra() >= 2, "{} extra", r.extra());
    assert_eq!(r.distances[0], r.distances[2], "the start again, the same figure");
    assert!(
        r.distances[0] <= p.len() as u32,
        "never above the plan the game itself shows"
    );
    let s = r.summary();
    assert_eq!(
        s.first_detour(),
        Some(if r.distances[1] > r.distances[0] { 1 } else { 2 })
    );
    assert!(s.detour_cost() >= 2);
}
