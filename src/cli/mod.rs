//! The command line: argument definitions and one module per subcommand.
//!
//! Every subcommand reads boards with the library's parser, prints one line (or one JSON
//! object) per board on stdout, keeps progress and errors on stderr, and returns a
//! [`CliError`] that `main` turns into an exit status.

mod bench;
mod board_input;
mod default_config;
mod error;
mod generate;
mod hint;
mod levels;
mod output;
mod play;
mod progress;
mod rate;
mod solve;
mod tables;
mod values;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

pub use error::CliError;

/// Slide: a sliding-tile puzzle for the terminal, with an optimal solver.
#[derive(Debug, Parser)]
#[command(
    name = "slide",
    version,
    about,
    after_help = "With no subcommand, starts the game.\n\n\
Examples:\n  slide                                  play\n  \
slide solve 8 6 7 2 5 4 3 0 1          solve a board\n  \
slide generate --size 4 --level hard | slide solve -"
)]
pub struct Cli {
    /// Print the default configuration file and exit.
    #[arg(long, global = true)]
    print_default_config: bool,

    /// Use this configuration file instead of the default one.
    #[arg(long, value_name = "PATH", global = true)]
    config: Option<PathBuf>,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play the game (the default when no subcommand is given).
    Play(play::PlayCommand),
    /// Solve a board, or one board per line from stdin.
    Solve(solve::SolveCommand),
    /// The next move for a board, and how many moves remain.
    Hint(hint::HintCommand),
    /// Every heuristic's value for a board, its difficulty level and expected length.
    Rate(rate::RateCommand),
    /// Deal boards of a difficulty level, one a line.
    Generate(generate::GenerateCommand),
    /// The difficulty levels: the band of optimal lengths of each level per size.
    Levels(levels::LevelsCommand),
    /// Solve a research instance file optimally, check every length, print totals.
    Bench(bench::BenchCommand),
    /// Manage the solver's precomputed tables (pattern databases): list, clean, build.
    Tables(tables::TablesArgs),
}

/// Runs what the command line asks for.
pub fn run(cli: Cli) -> Result<(), CliError> {
    if cli.print_default_config {
        return output::print_raw(default_config::default_config_toml());
    }
    match cli.command {
        None => play::run(play::PlayCommand::default(), cli.config),
        Some(Command::Play(args)) => play::run(args, cli.config),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Hint(args)) => hint::run(&args),
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Levels(args)) => levels::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Tables(args)) => tables::run(&args),
    }
}
