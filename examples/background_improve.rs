//! How the game's background improvement shortens 6×6 plans: for each board (one per line
//! on stdin, as `slide generate` prints them), the 1 s hint's plan, then the worker's
//! improvement loop (`Task::Improve` with the game's 2 s first budget: searches of 2, 8 and
//! 20 s) and the best plan it has found 5 s and 30 s after it started.
//!
//! `target/release/slide generate --size 6 --level random --count 5 --seed 1 | cargo run --release --example background_improve`

use std::io::BufRead;
use std::time::{Duration, Instant};

use slide::puzzle::Board;
use slide::solver::worker::{Reply, Worker};
use slide::solver::{SolveOptions, Solver, TableCache, lower_bound};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let solver = Solver::new(TableCache::default_location());
    let mut worker = Worker::spawn(solver.clone());
    println!("board  bound  hint@1s  best@5s  best@30s");
    let (mut sums, mut n) = ([0u32; 3], 0u32);
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let board: Board = line?.parse()?;
        solver.prepare(board.size(), &|_| {})?;
        let opts = SolveOptions {
            max_time: Some(Duration::from_secs(1)),
            ..SolveOptions::default()
        };
        let plan = solver.solve(&board, &opts)?.moves;
        let hint = plan.len() as u32;
        let started = Instant::now();
        // As the game does: the hint's plan goes along, for the shortening stage.
        let id = worker.improve_plan(board, plan, Duration::from_secs(2));
        let (mut at5, mut at30) = (hint, hint);
        while let Some(reply) = worker.recv_timeout(Duration::from_secs(60)) {
            let Reply::Improved {
                id: got,
                plan,
                finished,
                ..
            } = reply
            else {
                continue;
            };
            if got != id {
                continue;
            }
            let at = started.elapsed();
            if let Some(s) = plan {
                let len = s.len() as u32;
                if at <= Duration::from_secs(5) {
                    at5 = at5.min(len);
                }
                if at <= Duration::from_secs(31) {
                    at30 = at30.min(len);
                }
            }
            if finished {
                break;
            }
        }
        println!(
            "{:>5}  {:>5}  {hint:>7}  {at5:>7}  {at30:>8}",
            i + 1,
            lower_bound(&solver, &board)
        );
        for (sum, x) in sums.iter_mut().zip([hint, at5, at30]) {
            *sum += x;
        }
        n += 1;
    }
    if n > 0 {
        let mean = |x: u32| f64::from(x) / f64::from(n);
        println!(
            " mean         {:>7.1}  {:>7.1}  {:>8.1}",
            mean(sums[0]),
            mean(sums[1]),
            mean(sums[2])
        );
    }
    Ok(())
}
