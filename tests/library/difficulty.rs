//! Difficulty: bands, ratings of known instances, seeded generation, daily puzzles.

use slide::difficulty::{
    Level, PuzzleCode, RatingKind, UtcDate, band_of, bands, covered, daily, generate, level_for_length, rate_level,
};
use slide::puzzle::{Board, Size, parity};
use slide::solver::{Solver, TableCache};

fn solver() -> Solver {
    Solver::new(TableCache::disabled())
}

/// Levels whose generation needs no long optimal search (4×4 Medium and Hard confirm with
/// the solver and are exercised by the calibration program instead).
fn cheap(size: Size, level: Level) -> bool {
    size != Size::FOUR || matches!(level, Level::Easy | Level::Expert | Level::Random)
}

#[test]
fn bands_touch_cover_and_end_at_the_hardest_board() {
    let s = solver();
    for size in Size::ALL {
        let b = bands(size);
        assert_eq!(b.map(|(l, _)| l), Level::BANDED);
        for w in b.windows(2) {
            assert_eq!(w[0].1.max + 1, w[1].1.min, "{size}");
        }
        let all = covered(size);
        for len in all.min..=all.max {
            let holders = b.iter().filter(|(_, band)| band.contains(len)).count();
            assert_eq!(holders, 1, "{size}: length {len}");
            let level = level_for_length(size, len);
            assert!(band_of(size, level).is_some_and(|band| band.contains(len)));
        }
        assert!(band_of(size, Level::Random).is_none());
    }
    let hardest = s.exact3().histogram().len() as u32 - 1;
    assert_eq!(covered(Size::THREE).max, hardest);
    assert_eq!(covered(Size::FOUR).max, 80, "the hardest 4×4 boards need 80 moves");
}

#[test]
fn three_by_three_ratings_are_exact() {
    let s = solver();
    let hardest: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
    let r = rate_level(&s, &hardest);
    assert_eq!(r.kind, RatingKind::Exact);
    assert_eq!((r.rating, r.expected_length, r.length), (31, 31, Some(31)));
    assert_eq!(r.level, Level::Expert);
    let easy: Board = "1 2 3 4 5 6 7 0 8".parse().unwrap();
    let r = rate_level(&s, &easy);
    assert_eq!((r.rating, r.length, r.level), (1, Some(1), Level::Easy));
}

fn korf() -> Vec<(u32, Board)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/korf100-15puzzle.txt"))
        .expect("Korf's instances in tests/data");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (len, tiles) = l.split_once('\t').expect("length<TAB>tiles");
            (len.trim().parse().unwrap(), tiles.parse().unwrap())
        })
        .collect()
}

#[test]
fn korf_instances_rate_below_and_near_their_optimal_lengths() {
    let s = solver();
    let instances = korf();
    assert_eq!(instances.len(), 100);
    let mut total_error = 0;
    for (len, board) in &instances {
        let r = rate_level(&s, board);
        assert_eq!(r.kind, RatingKind::WalkingConflict);
        assert!(r.rating <= *len, "rating {} above optimal {len}", r.rating);
        assert!(r.expected_length >= r.rating);
        total_error += r.expected_length.abs_diff(*len);
        let exact = r.with_length(Size::FOUR, *len);
        assert_eq!(exact.length, Some(*len));
        assert_eq!(exact.level, level_for_length(Size::FOUR, *len));
    }
    // The calibration's mean absolute error on random boards is about 2.5 moves.
    assert!(total_error <= 400, "mean error {}", total_error as f64 / 100.0);
    // Korf's instance 1 needs 57 moves: an Expert board.
    assert_eq!(instances[0].0, 57);
}

#[test]
fn korf_taylor_24_puzzles_rate_below_and_near_their_optimal_lengths() {
    let s = solver();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/korf-taylor10-24puzzle.txt");
    let text = std::fs::read_to_string(path).expect("Korf and Taylor's instances");
    let mut total_error = 0;
    let mut count = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (len, tiles) = line.split_once('\t').expect("length<TAB>tiles");
        let len: u32 = len.trim().parse().unwrap();
        let board: Board = tiles.parse().unwrap();
        let r = rate_level(&s, &board);
        assert!(r.rating <= len, "rating {} above optimal {len}", r.rating);
        total_error += r.expected_length.abs_diff(len);
        count += 1;
    }
    assert_eq!(count, 10);
    assert!(total_error <= 80, "mean error {}", f64::from(total_error) / 10.0);
}

#[test]
fn a_seed_deals_a_recorded_board() {
    let s = solver();
    let cases = [
        (Size::THREE, Level::Hard, 42, RECORDED_3_HARD),
        (Size::FOUR, Level::Expert, 42, RECORDED_4_EXPERT),
        (Size::FIVE, Level::Random, 42, RECORDED_5_RANDOM),
        (Size::SIX, Level::Medium, 42, RECORDED_6_MEDIUM),
    ];
    for (size, level, seed, recorded) in cases {
        let g = generate(&s, size, level, seed);
        assert_eq!(g.board.to_string(), recorded, "{size} {level} seed {seed}");
    }
}
// If these change, every shared seed and puzzle code deals a different board.
const RECORDED_3_HARD: &str = "4 2 8 6 7 5 0 3 1";
const RECORDED_4_EXPERT: &str = "13 14 15 10 8 7 1 6 11 5 0 3 4 12 9 2";
const RECORDED_5_RANDOM: &str = "12 2 13 20 21 23 1 5 16 6 19 15 7 24 18 22 8 11 0 4 9 14 17 3 10";
const RECORDED_6_MEDIUM: &str =
    "25 22 20 16 6 5 10 13 12 17 0 24 2 9 1 14 19 18 4 3 33 30 35 29 27 8 15 31 26 23 32 28 21 7 11 34";

#[test]
fn generation_is_deterministic_solvable_and_labelled() {
    let s = solver();
    for size in Size::ALL {
        for level in Level::ALL.into_iter().filter(|&l| cheap(size, l)) {
            let mut boards = Vec::new();
            for seed in 0..6 {
                let a = generate(&s, size, level, seed);
                let b = generate(&s, size, level, seed);
                assert_eq!(a.board, b.board, "{size} {level} seed {seed}");
                assert_eq!(a.level, level);
                assert_eq!(a.seed, seed);
                assert!(parity::is_solvable(size, a.board.tiles()));
                assert!(!a.board.is_goal());
                assert!(a.expected_length >= a.rating);
                boards.push(a.board);
            }
            boards.dedup();
            assert!(boards.len() > 1, "{size} {level}: seeds deal the same board");
        }
    }
}

#[test]
fn three_by_three_levels_are_always_in_band() {
    let s = solver();
    for level in Level::BANDED {
        let band = band_of(Size::THREE, level).unwrap();
        for seed in 0..50 {
            let g = generate(&s, Size::THREE, level, seed);
            let len = s.exact3().distance(&g.board);
            assert_eq!(g.length, Some(len));
            assert!(band.contains(len), "{level} seed {seed}: {len} moves");
        }
    }
}

#[test]
fn confirmed_four_by_four_boards_are_in_band() {
    let s = solver();
    let band = band_of(Size::FOUR, Level::Easy).unwrap();
    for seed in 0..5 {
        let g = generate(&s, Size::FOUR, Level::Easy, seed);
        let len = g.length.expect("Easy 4×4 boards are confirmed by the solver");
        assert!(band.contains(len), "seed {seed}: {len} moves");
    }
}

#[test]
fn high_levels_are_not_near_goal_scrambles() {
    let s = solver();
    for size in Size::ALL {
        for level in [Level::Hard, Level::Expert] {
            if !cheap(size, level) {
                continue;
            }
            let min = band_of(size, level).unwrap().min;
            for seed in 0..5 {
                let g = generate(&s, size, level, seed);
                // Tiles out of place: a short scramble leaves many tiles home.
                let home = (0..size.cells()).filter(|&i| g.board.is_home(i)).count();
                assert!(home < size.cells() / 3, "{size} {level}: {home} tiles home");
                assert!(g.expected_length >= min * 9 / 10, "{size} {level}");
            }
        }
    }
}

#[test]
fn the_daily_puzzle_depends_on_the_date_only() {
    let s = solver();
    let day: UtcDate = "2026-12-02".parse().unwrap();
    let next: UtcDate = "2026-12-03".parse().unwrap();
    for size in [Size::THREE, Size::FIVE] {
        let a = daily(&s, size, day);
        assert_eq!(a.board, daily(&s, size, day).board);
        assert_ne!(a.board, daily(&s, size, next).board);
        let code = a.code();
        let back: PuzzleCode = code.to_string().parse().unwrap();
        assert_eq!(back.deal(&s).board, a.board, "the daily code deals the daily board");
    }
}

#[test]
fn a_stopped_generation_deals_nothing_and_an_unstopped_one_matches() {
    use slide::difficulty::generate_with_stop;
    use slide::solver::{SolveError, Stop};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let s = solver();
    let stopped = Stop::never().with_flag(Arc::new(AtomicBool::new(true)));
    let r = generate_with_stop(&s, Size::FOUR, Level::Easy, 7, &stopped);
    assert!(matches!(r, Err(SolveError::Cancelled)), "{r:?}");
    let running = Stop::never().with_flag(Arc::new(AtomicBool::new(false)));
    let g = generate_with_stop(&s, Size::FOUR, Level::Easy, 7, &running).unwrap();
    assert_eq!(g.board, generate(&s, Size::FOUR, Level::Easy, 7).board);
}
