//! End to end: the real binary in a real terminal (tmux), driven by keys and read back from
//! the screen, and run as a program on bad input. One test binary for them all (one link
//! instead of one a file); each module is one subject. Skipped, with a note, when tmux is
//! not installed, except under `CI=true`.

/// The crash test's driver and checks, shared with `scripts/crash_test.sh`.
#[path = "../../examples/crash_test.rs"]
mod crash_test;
mod runs;
mod tmux;

mod blind;
mod board;
mod config;
mod daily_picture;
mod game;
mod large_tables;
mod modes;
mod persistence;
mod ranked;
mod records;
mod replay;
mod run_replay;
mod shapes;
mod signals;
mod start;
mod terminal;
