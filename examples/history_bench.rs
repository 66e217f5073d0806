//! Measures the history at scale: writes COUNT finished 4×4 attempts (a scramble of a random
//! walk, solved in 50 to 89 moves, 60 to 259 ms between moves, as a fast speedsolver's) into a fresh data
//! directory, then reports the history's size on disk, the time to load it and fold it
//! into the statistics, and the time of one more append.
//!
//! `cargo run --release --example history_bench -- [COUNT] [DIR]` (default 100000, a fresh
//! folder in the temporary directory). A DIR that already holds a history is loaded as it
//! is (nothing written, nothing deleted), so a profiler can watch the load alone; a DIR
//! that does not is written and kept for the next run.
//!
//! Besides the wall-clock times it prints the processor time of each load (user + system,
//! every thread, read from `/proc/self/stat` on Linux): on a shared machine the wall clock
//! measures the other processes as much as the load.

use std::time::Instant;

use slide::game::{AttemptRecord, Loaded, Outcome, SINGLE, Store, WrittenSize};
use slide::puzzle::slidysim::format_scramble;
use slide::puzzle::{Board, Move, SeededRng, Size};

fn record(i: usize, rng: &mut SeededRng) -> AttemptRecord {
    // A real solve (the history checks every line on load): a random walk from the goal is
    // the scramble, and the walk undone, the moves.
    let len = 50 + rng.index(40);
    let mut board = Board::goal(Size::FOUR);
    let mut walk = Vec::with_capacity(len);
    while walk.len() < len {
        let m = Move::ALL[rng.index(4)];
        if board.try_move(m) {
            walk.push(m);
        }
    }
    let moves: String = walk.iter().rev().map(|m| m.inverse().letter()).collect();
    let result = if rng.index(20) == 0 { Outcome::Dnf } else { Outcome::Won };
    let gaps: Vec<u64> = (0..len)
        .map(|k| if k == 0 { 0 } else { 60 + rng.index(200) as u64 })
        .collect();
    let millis = gaps.iter().sum();
    AttemptRecord {
        id: format!("{:016x}-1", rng.next_u64()),
        at: 1_796_256_000_000 + i as u64 * 30_000,
        size: WrittenSize::square(4),
        level: "medium".into(),
        daily: None,
        mode: SINGLE.into(),
        result,
        replay: false,
        assisted: false,
        hints: 0,
        millis,
        scramble: format_scramble(&board),
        moves,
        gaps,
        par: Some(40 + rng.index(20) as u32),
        seed: Some(rng.next_u64()),
        mtm: Some(len as u32),
        carried: false,
        ranked: Some(true),
        memo_ms: None,
    }
}

fn dir_size(path: &std::path::Path) -> u64 {
    std::fs::read_dir(path).map_or(0, |entries| {
        entries
            .flatten()
            .filter_map(|e| e.metadata().ok())
            .map(|m| m.len())
            .sum()
    })
}

/// The processor time this process has used, in milliseconds (Linux; `None` elsewhere).
fn cpu_ms() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // After the command name in parentheses: state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Linux reports them in USER_HZ, 100 a second on every current architecture.
    Some(ticks * 10)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let count: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let given = std::env::args().nth(2).map(std::path::PathBuf::from);
    let keep = given.is_some();
    let reuse = given.as_ref().is_some_and(|d| d.join("history").is_dir());
    let dir = given.unwrap_or_else(|| std::env::temp_dir().join(format!("slide-history-bench-{}", std::process::id())));
    if !reuse {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let store = Store::at(dir.clone());
    let mut rng = SeededRng::new(1);
    let started = Instant::now();
    let batch = 1000;
    let mut written = if reuse { count } else { 0 };
    while written < count {
        let n = batch.min(count - written);
        let records: Vec<AttemptRecord> = (written..written + n).map(|i| record(i, &mut rng)).collect();
        store.append_attempts(&records)?;
        written += n;
    }
    if !reuse {
        println!("wrote {count} attempts in {:.1} s", started.elapsed().as_secs_f64());
    }
    let bytes = dir_size(&store.history_dir());
    println!(
        "history size: {:.1} MB ({:.0} bytes an attempt)",
        bytes as f64 / 1e6,
        bytes as f64 / count as f64
    );
    for run in 1..=3 {
        let t = Instant::now();
        let cpu = cpu_ms();
        let Loaded::Found(history) = store.load_attempts() else {
            return Err("the history did not load".into());
        };
        let loaded = t.elapsed();
        let cpu = cpu.zip(cpu_ms()).map(|(a, b)| format!(", processor time {} ms", b - a));
        let stats = history.figures();
        println!(
            "run {run}: load {:.0} ms{}, load + fold {:.0} ms ({} attempts, {} rows, {} lines skipped)",
            loaded.as_secs_f64() * 1000.0,
            cpu.unwrap_or_default(),
            t.elapsed().as_secs_f64() * 1000.0,
            history.attempts.len(),
            stats.records.len(),
            history.unreadable_lines
        );
    }
    if reuse {
        return Ok(());
    }
    let t = Instant::now();
    store.append_attempts(&[record(count, &mut rng)])?;
    println!("one more append: {:.1} ms", t.elapsed().as_secs_f64() * 1000.0);
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(())
}
