//! Measures the post-game review on 4×4: how long the exact distances of a whole game take.
//!
//! ```text
//! cargo run --release --example review_bench -- [--games N] [--seed S]
//! ```
//! Two kinds of game, N of each (default 20):
//! - walks: 60 random moves from the goal (never straight back), played backwards, so the
//!   game ends at the goal;
//! - played: a 4×4 medium deal played out by a noisy player who makes the optimal move four
//!   times in five and a random move otherwise, until solved.
//!
//! Prints the median, p95 and maximum review time per kind. The tables are prepared first
//! (from the cache, `SLIDE_CACHE_DIR`), as the game does before a review.

use std::time::{Duration, Instant};

use slide::difficulty::{Level, generate};
use slide::puzzle::{Board, Move, SeededRng, Size};
use slide::review::{ReviewOptions, review};
use slide::solver::{SolveOptions, Solver, TableCache};

fn arg(args: &[String], name: &str) -> Option<u64> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
}

/// 60 random moves from the goal, never undoing the previous one, played backwards.
fn walk_game(rng: &mut SeededRng) -> (Board, Vec<Move>) {
    let mut b = Board::goal(Size::FOUR);
    let mut walk: Vec<Move> = Vec::new();
    while walk.len() < 60 {
        let legal: Vec<Move> = b.legal_moves().filter(|m| walk.last() != Some(&m.inverse())).collect();
        let m = legal[rng.index(legal.len())];
        b.try_move(m);
        walk.push(m);
    }
    let moves = walk.iter().rev().map(|m| m.inverse()).collect();
    (b, moves)
}

/// A medium deal played out: the optimal move four times in five, else a random one.
fn played_game(solver: &Solver, rng: &mut SeededRng) -> (Board, Vec<Move>) {
    let start = generate(solver, Size::FOUR, Level::Medium, rng.next_u64()).board;
    let mut b = start;
    let mut moves = Vec::new();
    while !b.is_goal() && moves.len() < 400 {
        let m = if rng.below(5) == 0 {
            let legal: Vec<Move> = b.legal_moves().collect();
            legal[rng.index(legal.len())]
        } else {
            solver
                .solve(&b, &SolveOptions::default())
                .ok()
                .and_then(|s| s.moves.first().copied())
                .unwrap_or(Move::Up)
        };
        if b.try_move(m) {
            moves.push(m);
        }
    }
    (start, moves)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn report(kind: &str, mut times: Vec<Duration>, lengths: &[usize], starts: &[u32]) {
    times.sort();
    let mean_len = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    let mean_start = f64::from(starts.iter().sum::<u32>()) / starts.len() as f64;
    println!(
        "{kind:<7} games {:>3}  moves {mean_len:>5.1}  optimal at start {mean_start:>5.1}  median {:>8.1} ms  p95 {:>8.1} ms  max {:>8.1} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1000.0,
        percentile(&times, 0.95).as_secs_f64() * 1000.0,
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = arg(&args, "--games").unwrap_or(20) as usize;
    let seed = arg(&args, "--seed").unwrap_or(1);
    let solver = Solver::new(TableCache::default_location());
    if let Err(e) = solver.prepare(Size::FOUR, &|_| {}) {
        eprintln!("cannot prepare the 4×4 tables: {e}");
        std::process::exit(1);
    }
    let mut rng = SeededRng::new(seed);
    for kind in ["walks", "played"] {
        let mut times = Vec::new();
        let mut lengths = Vec::new();
        let mut starts = Vec::new();
        for _ in 0..games {
            let (start, moves) = if kind == "walks" {
                walk_game(&mut rng)
            } else {
                played_game(&solver, &mut rng)
            };
            let t = Instant::now();
            let r = match review(&solver, &start, &moves, &ReviewOptions::default(), &mut |_| {}) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("review failed: {e}");
                    std::process::exit(1);
                }
            };
            times.push(t.elapsed());
            lengths.push(moves.len());
            starts.push(r.distances[0]);
        }
        report(kind, times, &lengths, &starts);
    }
}
