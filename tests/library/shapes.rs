//! Boards of every shape: breadth-first search over the whole state space of the small
//! shapes decides every board's optimal length, and the solver and the bounds must agree
//! with it; parity on every W×H.

use std::collections::{HashMap, VecDeque};

use proptest::prelude::*;
use slide::difficulty::{Level, PuzzleCode, band_of, covered, deal_shape, generate, level_bands, levels_for};
use slide::puzzle::{Board, BoardError, Move, SeededRng, Size, parity};
use slide::solver::{Partition, ProgressCallback, SearchProgress, SolveOptions, Solver, TableCache};

/// A board's tiles packed four bits each (at most 16 cells).
fn key(board: &Board) -> u64 {
    board.tiles().iter().fold(0, |k, &t| (k << 4) | u64::from(t))
}

/// Every board of `size` reachable from the goal with its distance: the exact optimal
/// length of each, by breadth-first search from the goal (moves are reversible).
fn distances(size: Size) -> HashMap<u64, u8> {
    let goal = Board::goal(size);
    let mut seen = HashMap::from([(key(&goal), 0u8)]);
    let mut queue = VecDeque::from([(goal, 0u8)]);
    while let Some((b, d)) = queue.pop_front() {
        for m in Move::ALL {
            if let Some(n) = b.moved(m) {
                seen.entry(key(&n)).or_insert_with(|| {
                    queue.push_back((n, d + 1));
                    d + 1
                });
            }
        }
    }
    seen
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// One solver for the tests that solve many boards: each shape's tables are built once.
fn shared_solver() -> &'static Solver {
    static SOLVER: std::sync::OnceLock<Solver> = std::sync::OnceLock::new();
    SOLVER.get_or_init(|| Solver::new(TableCache::disabled()))
}

#[test]
fn breadth_first_search_agrees_with_the_solver_on_small_shapes() {
    let solver = shared_solver();
    let mut rng = SeededRng::new(34);
    for (w, h) in [(2, 3), (3, 2), (2, 4), (2, 5), (5, 2), (3, 3)] {
        let size = Size::rect(w, h).unwrap();
        let exact = distances(size);
        // Half of all permutations are solvable, and the search reaches exactly those.
        assert_eq!(exact.len(), factorial(size.cells()) / 2, "{size}");
        for _ in 0..40 {
            let board = Board::random(size, &mut rng);
            let s = solver.solve(&board, &SolveOptions::default()).unwrap();
            let mut end = board;
            end.apply_all(&s.moves).unwrap();
            assert!(end.is_goal(), "{board}");
            assert!(s.optimal, "{board}");
            assert_eq!(s.len(), usize::from(exact[&key(&board)]), "{board}");
        }
        // The shape's pattern databases (every shape here but 3×3, which has its own) never
        // exceed the exact length, and are exact where one group holds every tile (2×3, 2×4).
        if size.is_classic() {
            continue;
        }
        for _ in 0..300 {
            let board = Board::random(size, &mut rng);
            let exact = u32::from(exact[&key(&board)]);
            let pdb = solver.rate(&board).pdb.expect("tables");
            assert!(pdb <= exact, "{board}: {pdb} > {exact}");
            if size.cells() <= 9 {
                assert_eq!(pdb, exact, "{board}");
            }
        }
    }
}

#[test]
fn the_bounds_never_exceed_the_exact_length_on_any_board_of_the_small_shapes() {
    // Admissibility, checked on every state rather than sampled.
    let solver = Solver::new(TableCache::disabled());
    for (w, h) in [(2, 3), (3, 2), (2, 4), (4, 2)] {
        let size = Size::rect(w, h).unwrap();
        let exact = distances(size);
        let goal = Board::goal(size);
        let mut queue = VecDeque::from([goal]);
        let mut seen = std::collections::HashSet::from([key(&goal)]);
        while let Some(b) = queue.pop_front() {
            let r = solver.rate(&b);
            assert!(r.lower_bound <= u32::from(exact[&key(&b)]), "{b}: {r:?}");
            for n in Move::ALL.into_iter().filter_map(|m| b.moved(m)) {
                if seen.insert(key(&n)) {
                    queue.push_back(n);
                }
            }
        }
    }
}

fn small_rectangle() -> impl Strategy<Value = Size> {
    prop_oneof![
        (2usize..=6).prop_map(|n| Size::rect(2, n).unwrap()),
        (2usize..=6).prop_map(|n| Size::rect(n, 2).unwrap()),
        Just(Size::rect(3, 4).unwrap()),
        Just(Size::rect(4, 3).unwrap()),
    ]
}

fn any_size() -> impl Strategy<Value = Size> {
    (2usize..=10, 2usize..=10).prop_map(|(w, h)| Size::rect(w, h).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_bound_is_admissible_and_the_solution_optimal_on_rectangles_up_to_12_cells(
        size in small_rectangle(),
        seed in any::<u64>(),
    ) {
        let solver = shared_solver();
        let board = Board::random(size, &mut SeededRng::new(seed));
        let s = solver.solve(&board, &SolveOptions { optimal: true, ..SolveOptions::default() }).unwrap();
        prop_assert!(s.optimal);
        let rating = solver.rate(&board);
        prop_assert!(rating.lower_bound <= s.len() as u32);
        prop_assert!(rating.pdb.is_some_and(|p| p <= s.len() as u32));
        let mut end = board;
        end.apply_all(&s.moves).unwrap();
        prop_assert!(end.is_goal());
    }
}

proptest! {
    #[test]
    fn every_dealt_board_is_solvable_and_a_swapped_one_refused(size in any_size(), seed in any::<u64>()) {
        let board = deal_shape(size, Level::Random, seed).unwrap();
        prop_assert_eq!(board.size(), size);
        prop_assert!(parity::is_solvable(size, board.tiles()));
        prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
        // Two tiles swapped (the blank left where it is): the text is refused, and says so.
        let mut tiles = board.tiles().to_vec();
        let (a, b) = {
            let mut tiles_only = (0..tiles.len()).filter(|&i| tiles[i] != 0);
            (tiles_only.next().unwrap(), tiles_only.next().unwrap())
        };
        tiles.swap(a, b);
        let text = tiles
            .chunks(size.width())
            .map(|row| row.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("/");
        let err = text.parse::<Board>().unwrap_err();
        prop_assert!(matches!(err, BoardError::Unsolvable(..)), "{err}");
        prop_assert!(err.to_string().starts_with("this board can't be solved; swapping tiles"));
    }
}

#[test]
fn large_boards_get_a_plan_labelled_as_one() {
    let solver = Solver::new(TableCache::disabled());
    for (w, h) in [(10, 10), (7, 7), (10, 3), (5, 8)] {
        let size = Size::rect(w, h).unwrap();
        let board = deal_shape(size, Level::Random, 1).unwrap();
        let s = solver.solve(&board, &SolveOptions::default()).unwrap();
        let mut end = board;
        end.apply_all(&s.moves).unwrap();
        assert!(end.is_goal(), "{size}");
        assert!(!s.optimal, "{size}: a plan is not proven optimal");
        assert!(s.lower_bound <= s.len() as u32);
    }
}

#[test]
fn large_boards_get_a_plan_that_solves_them_within_the_time() {
    let solver = Solver::new(TableCache::disabled());
    let mut rng = SeededRng::new(36);
    for (w, h) in [(10, 10), (8, 3), (3, 9), (7, 7)] {
        let board = Board::random(Size::rect(w, h).unwrap(), &mut rng);
        let opts = SolveOptions {
            max_time: Some(std::time::Duration::from_millis(300)),
            ..SolveOptions::default()
        };
        let started = std::time::Instant::now();
        let hint = solver.hint(&board, &opts).unwrap();
        // The deadline is looked at inside every step's search: little past it, even unoptimised.
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "{board}");
        let mut end = board;
        end.apply_all(&hint.plan).unwrap();
        assert!(end.is_goal(), "{board}");
        assert!(!hint.optimal && hint.lower_bound < hint.remaining, "{board}");
        assert_eq!(Some(&hint.mv), hint.plan.first());
    }
}

#[test]
fn an_optimal_search_of_a_shape_reports_its_thresholds_rising_to_the_solution_length() {
    let solver = shared_solver();
    let mut rng = SeededRng::new(20);
    for _ in 0..4 {
        let board = Board::random(Size::rect(3, 4).unwrap(), &mut rng);
        let reports = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = reports.clone();
        let opts = SolveOptions {
            optimal: true,
            progress: Some(ProgressCallback::new(move |p| seen.lock().unwrap().push(p))),
            ..SolveOptions::default()
        };
        let s = solver.solve(&board, &opts).unwrap();
        assert!(s.optimal);
        let reports: Vec<SearchProgress> = reports.lock().unwrap().clone();
        let thresholds: Vec<u32> = reports.iter().map(|p| p.threshold).collect();
        assert!(!thresholds.is_empty(), "{board}");
        assert!(thresholds.windows(2).all(|w| w[0] <= w[1]), "{thresholds:?}");
        assert!(reports.windows(2).all(|w| w[0].nodes <= w[1].nodes));
        assert_eq!(thresholds[0], reports[0].lower_bound);
        assert!(reports[0].lower_bound <= s.len() as u32);
        assert_eq!(thresholds.last(), Some(&(s.len() as u32)), "{board}");
        // Without a callback the same search finds the same length.
        let quiet = solver
            .solve(
                &board,
                &SolveOptions {
                    optimal: true,
                    ..SolveOptions::default()
                },
            )
            .unwrap();
        assert_eq!(quiet.len(), s.len());
    }
}

#[test]
fn compact_tables_of_a_two_wide_board_never_exceed_the_exact_length() {
    // 2×8's tables are stored in 4 bits an entry, capped where a value is too far above the
    // Manhattan distance; the same storage on 2×5's halves, checked on every state.
    let size = Size::rect(2, 5).unwrap();
    let exact = distances(size);
    let halves = Partition::new(size, vec![(1..=4).collect(), (5..=9).collect()])
        .unwrap()
        .stored_compactly();
    let db = TableCache::disabled().load_or_build(halves, &|_| {}).unwrap();
    let bytes = Partition::new(size, vec![(1..=4).collect(), (5..=9).collect()]).unwrap();
    let byte_db = TableCache::disabled().load_or_build(bytes, &|_| {}).unwrap();
    let goal = Board::goal(size);
    let mut queue = VecDeque::from([goal]);
    let mut seen = std::collections::HashSet::from([key(&goal)]);
    while let Some(b) = queue.pop_front() {
        let v = db.value(&b);
        assert!(v <= u32::from(exact[&key(&b)]), "{b}");
        assert!(v <= byte_db.value(&b), "{b}");
        for n in Move::ALL.into_iter().filter_map(|m| b.moved(m)) {
            if seen.insert(key(&n)) {
                queue.push_back(n);
            }
        }
    }
    assert_eq!(seen.len(), exact.len());
}

/// Builds 2×8's tables (two minutes of CPU): run with `--ignored`.
#[test]
#[ignore = "builds 2×8's 8-7 tables, minutes"]
fn two_by_eight_and_eight_by_two_are_solved_in_their_proven_optimal_lengths() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/2x8-8x2-optimal.txt"))
        .expect("the proven lengths in tests/data");
    let solver = Solver::new(TableCache::disabled());
    solver.prepare(Size::rect(2, 8).unwrap(), &|_| {}).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (length, board) = line.split_once(' ').expect("length and board");
        let (length, board): (u32, Board) = (length.parse().unwrap(), board.parse().unwrap());
        let rating = solver.rate(&board);
        assert!(rating.pdb.is_some_and(|p| p <= length), "{board}: {rating:?}");
        let s = solver.solve(&board, &SolveOptions::default()).unwrap();
        assert!(
            s.optimal && s.len() as u32 == length,
            "{board}: {} against {length}",
            s.len()
        );
        let mut end = board;
        end.apply_all(&s.moves).unwrap();
        assert!(end.is_goal());
    }
}

#[test]
fn the_small_shapes_bands_hold_boards_and_their_deals_have_the_exact_length() {
    // The whole space of each shape decides every band: none is empty, Expert ends at the
    // hardest board, and every deal of every level has its breadth-first length in its band.
    let solver = shared_solver();
    for (w, h) in [(2, 3), (3, 2), (2, 4), (4, 2), (2, 5)] {
        let size = Size::rect(w, h).unwrap();
        let exact = distances(size);
        let hardest = u32::from(exact.values().copied().max().unwrap());
        assert_eq!(covered(size).max, hardest, "{size}");
        for (level, band) in level_bands(size) {
            assert!(
                exact.values().any(|&d| band.contains(u32::from(d))),
                "{size} {level}: an empty band"
            );
            assert!(levels_for(size).contains(&level), "{size} {level} is offered");
            for seed in 0..4 {
                let g = generate(solver, size, level, seed);
                let length = u32::from(exact[&key(&g.board)]);
                assert_eq!(g.length, Some(length), "{size} {level} seed {seed}");
                assert!(band.contains(length), "{size} {level} seed {seed}: {length}");
            }
        }
    }
    assert_eq!(
        levels_for(Size::rect(2, 2).unwrap()),
        vec![Level::Random],
        "2×2 has 12 boards: no bands"
    );
}

#[test]
fn a_banded_shape_code_deals_its_board_again() {
    let solver = shared_solver();
    let size = Size::rect(3, 4).unwrap();
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert] {
        let g = generate(solver, size, level, 1);
        let code = g.code().to_string();
        assert!(code.starts_with(&format!("3x4{}-", level.letter())), "{code}");
        let read: PuzzleCode = code.to_lowercase().parse().unwrap();
        let again = read.deal(solver);
        assert_eq!(
            (again.board, again.level, again.length),
            (g.board, level, g.length),
            "{code}"
        );
        assert!(band_of(size, level).unwrap().contains(g.length.unwrap()));
    }
}
