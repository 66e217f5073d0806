//! The command line: argument definitions and one module per subcommand.
//!
//! Every subcommand reads boards with the library's parser, prints one line (or one JSON
//! object) per board on stdout, keeps progress and errors on stderr, and returns a
//! [`CliError`] that [`entry::run_from_env`] turns into one line on stderr and an exit status.
//!
//! Part of the binary: imports the library, and `ui` only to start the game (`play.rs`);
//! nothing imports it but `main.rs`.

mod args;
mod bench;
mod board_input;
mod closed_stdout;
mod completions;
mod default_config;
mod dispatch;
pub mod entry;
mod error;
mod generate;
mod hint;
mod history;
mod levels;
mod man;
mod output;
mod play;
mod progress;
mod rate;
mod replay;
mod review;
mod solve;
mod stats;
mod tables;
mod values;

pub use error::CliError;
