//! The `slide` binary: the game and the command line over the `slide` library.
//!
//! Thin on purpose: parse the arguments, run the game or a subcommand, and turn any
//! failure into one readable line on stderr and an exit status (0 success, 2 bad input,
//! 1 anything else).

mod cli;
mod ui;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::entry::run_from_env()
}
