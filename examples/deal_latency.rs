//! Measures how long a player waits for a board: the time from asking the background dealer
//! (what a menu choice or the new-game key does when no board was dealt ahead) to the dealt
//! board arriving, for every size and level and for the daily puzzle on many dates.
//!
//! `cargo run --release --example deal_latency -- [COUNT] [cold]`
//!
//! COUNT deals per row (default 40). With `cold`, no table is prepared first and the cache is
//! disabled, as on a first launch while the tables are still being built.

use std::time::{Duration, Instant};

use slide::difficulty::{DealRequest, Level, UtcDate};
use slide::engine::{Answer, Dealing, Engine, Options};
use slide::puzzle::Size;
use slide::solver::{Solver, TableCache};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(40);
    let cold = args.iter().any(|a| a == "cold");
    let solver = if cold {
        Solver::new(TableCache::disabled())
    } else {
        let s = Solver::new(TableCache::default_location());
        for size in [Size::THREE, Size::FOUR, Size::FIVE, Size::SIX] {
            s.prepare(size, &|_| {})?;
        }
        s
    };
    let (mut engine, replies) = Engine::with_channel(solver, Options::default());
    let first_day = UtcDate::today().days();
    println!(
        "{:<6} {:<8} {:>5} {:>9} {:>9} {:>9}",
        "size", "level", "deals", "p50 ms", "p95 ms", "max ms"
    );
    for size in [Size::THREE, Size::FOUR, Size::FIVE, Size::SIX] {
        let mut rows: Vec<(String, Vec<DealRequest>)> = Level::ALL
            .iter()
            .map(|&level| {
                let requests = (0..count)
                    .map(|i| DealRequest {
                        size,
                        level,
                        seed: 1_000 + i,
                        daily: None,
                    })
                    .collect();
                (level.to_string(), requests)
            })
            .collect();
        let dailies = (0..count)
            .map(|i| {
                let date = UtcDate::from_days(first_day + i as i64);
                DealRequest {
                    size,
                    level: slide::difficulty::DAILY_LEVEL,
                    seed: date.seed(),
                    daily: Some(date),
                }
            })
            .collect();
        rows.push(("daily".into(), dailies));
        for (name, requests) in rows {
            let mut waits = Vec::new();
            for request in requests {
                let asked = Instant::now();
                if let Dealing::Waiting(_) = engine.deal(request) {
                    'dealt: loop {
                        let reply = replies
                            .recv_timeout(Duration::from_secs(600))
                            .map_err(|_| "a deal took more than ten minutes")?;
                        for answer in engine.handle(reply) {
                            if let Answer::Dealt { result, .. } = answer {
                                result?;
                                break 'dealt;
                            }
                        }
                    }
                }
                waits.push(asked.elapsed());
            }
            waits.sort();
            let ms = |q: f64| waits[((waits.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1000.0;
            println!(
                "{:<6} {:<8} {:>5} {:>9.1} {:>9.1} {:>9.1}",
                size.to_string(),
                name,
                waits.len(),
                ms(0.5),
                ms(0.95),
                ms(1.0)
            );
        }
    }
    Ok(())
}
