//! The bounded search's memory stays capped whatever the number of threads: one 6×6 hint on
//! sixteen threads (more than this machine has cores) stays within 512 MB.
//!
//! Alone in its test binary, so that the process's peak memory is this search's.

#[path = "library/common.rs"]
mod common;

use std::time::Duration;

use slide::puzzle::{Board, SeededRng, Size};
use slide::solver::SolveOptions;

/// The process's resident memory at its peak, in kB (`VmHWM`).
#[cfg(target_os = "linux")]
fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse().ok())
        .expect("VmHWM")
}

#[cfg(target_os = "linux")]
#[test]
fn a_6x6_hint_on_sixteen_threads_stays_within_512_mb() {
    let solver = common::prepared(Size::SIX);
    // Building the tables is not the hint: forget the peak so far where the system allows.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = peak_kb();
    let board = Board::random(Size::SIX, &mut SeededRng::new(2026));
    let opts = SolveOptions {
        threads: 16,
        max_time: Some(Duration::from_secs(4)),
        ..SolveOptions::default()
    };
    let hint = solver.hint(&board, &opts).expect("a hint");
    let mut b = board;
    b.apply_all(&hint.plan).expect("legal moves");
    assert!(b.is_goal());
    let peak = peak_kb();
    println!(
        "peak resident memory: {} MB before the hint, {} MB after",
        before / 1024,
        peak / 1024
    );
    assert!(peak < 512 * 1024, "{} MB", peak / 1024);
}
