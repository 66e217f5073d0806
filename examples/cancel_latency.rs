//! Measures how quickly a cancelled search returns: starts searches that would run for a
//! long time, cancels each after 30 ms, and prints the delay from the cancel to the return.
//!
//! `cargo run --release --example cancel_latency`

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use slide::puzzle::{Board, SeededRng, Size};
use slide::solver::{HeuristicKind, SolveOptions, Solver, Stop, TableCache};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let solver = Solver::new(TableCache::default_location());
    for size in [Size::FOUR, Size::FIVE, Size::SIX] {
        solver.prepare(size, &|_| {})?;
    }
    let cases = [
        (Size::FOUR, HeuristicKind::Manhattan, false),
        (Size::FOUR, HeuristicKind::LinearConflict, false),
        (Size::FOUR, HeuristicKind::WalkingDistance, false),
        (Size::FIVE, HeuristicKind::Auto, true),
        (Size::FIVE, HeuristicKind::Auto, false),
        (Size::SIX, HeuristicKind::Auto, false),
    ];
    let mut rng = SeededRng::new(3);
    let mut delays = Vec::new();
    for (size, heuristic, optimal) in cases {
        for _ in 0..20 {
            let board = Board::random(size, &mut rng);
            let flag = Arc::new(AtomicBool::new(false));
            let opts = SolveOptions {
                heuristic,
                optimal,
                max_time: Some(Duration::from_secs(600)),
                stop: Stop::never().with_flag(flag.clone()),
                // Both cores, as the game's hints use them.
                threads: slide::solver::available_threads(),
                ..SolveOptions::default()
            };
            let worker = solver.clone();
            let search = std::thread::spawn(move || {
                let _ = worker.solve(&board, &opts);
                Instant::now()
            });
            std::thread::sleep(Duration::from_millis(30));
            let cancelled_at = Instant::now();
            flag.store(true, Ordering::Relaxed);
            let returned_at = search.join().map_err(|_| "search thread panicked")?;
            delays.push(returned_at.saturating_duration_since(cancelled_at));
        }
    }
    delays.sort();
    let at = |q: f64| delays[((delays.len() - 1) as f64 * q) as usize];
    println!(
        "{} cancelled searches: p50 {:?}, p95 {:?}, max {:?}",
        delays.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
    Ok(())
}
