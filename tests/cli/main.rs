//! The `slide` command line, run as a program: one test binary for every command (one link
//! instead of one a file).

mod commands;
mod data_dir;
mod history;
mod history_damage;
mod large_tables;
mod ranked_views;
mod review;
mod robust;
mod shapes;
mod slidysim;
mod stats;
