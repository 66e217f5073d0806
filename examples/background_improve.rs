//! How the game's background improvement shortens 6×6 plans: for each board (one per line
//! on stdin, as `slide generate` prints them), the 1 s hint's plan, then the engine's
//! improvement while the player looks at the board (with the game's 2 s first budget:
//! searches of 2, 8 and 17 s) and the best plan it has found 5 s and 30 s after it started.
//!
//! `target/release/slide generate --size 6 --level random --count 5 --seed 1 | cargo run --release --example background_improve`

use std::io::BufRead;
use std::time::{Duration, Instant};

use slide::engine::{Answer, Engine, Focus, Options};
use slide::puzzle::Board;
use slide::solver::{Solver, TableCache, lower_bound};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let solver = Solver::new(TableCache::default_location());
    let (mut engine, replies) = Engine::with_channel(solver.clone(), Options::default());
    let next = || {
        replies
            .recv_timeout(Duration::from_secs(60))
            .map_err(|_| "no reply in a minute")
    };
    println!("board  bound  hint@1s  best@5s  best@30s");
    let (mut sums, mut n) = ([0u32; 3], 0u32);
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let board: Board = line?.parse()?;
        solver.prepare(board.size(), &|_| {})?;
        let away = Focus {
            start: board,
            board,
            par: None,
            par_estimate: None,
            won: false,
            watching: false,
        };
        engine.start_game(Some(away.clone()));
        // As the game does: the hint's plan is the one improved.
        engine.hint(board, Duration::from_secs(1));
        while engine.pending().is_some() {
            engine.handle(next()?);
        }
        let hint = engine.plan().ok_or("no hint")?.remaining();
        let started = Instant::now();
        engine.focus(Some(Focus { watching: true, ..away }));
        let (mut at5, mut at30) = (hint, hint);
        while engine.background_ticket().is_some() {
            for answer in engine.handle(next()?) {
                if !matches!(answer, Answer::PlanImproved) {
                    continue;
                }
                let at = started.elapsed();
                let len = engine.plan().map_or(hint, slide::engine::KnownPlan::remaining);
                if at <= Duration::from_secs(5) {
                    at5 = at5.min(len);
                }
                if at <= Duration::from_secs(31) {
                    at30 = at30.min(len);
                }
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
