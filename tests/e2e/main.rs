//! End to end: the real binary in a real terminal (tmux), driven by keys and read back from
//! the screen, and run as a program on bad input. One test binary for them all (one link
//! instead of one a file); each module is one subject. Skipped, with a note, when tmux is
//! not installed, except under `CI=true`.

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
mod signals;
mod terminal;
