//! The command line's arguments: the top level (the game's options, for `slide` alone) and
//! one subcommand each, defined by the subcommands' own files.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::cli::{
    bench, completions, generate, hint, history, levels, man, play, rate, replay, review, solve, stats, tables,
};

/// Slide: a sliding-tile puzzle for the terminal, with an optimal solver.
#[derive(Debug, Parser)]
#[command(
    name = "slide",
    version,
    about,
    after_help = "With no subcommand, starts the game; the game's options above work with or \
without `play`.\n\n\
Examples:\n  slide                                  play\n  \
slide --size 3 --level hard            play a hard 3×3 game\n  \
slide solve 8 6 7 2 5 4 3 0 1          solve a board\n  \
slide generate --size 4 --level hard | slide solve -"
)]
pub struct Cli {
    /// Print the default configuration file and exit.
    #[arg(long)]
    pub(crate) print_default_config: bool,

    /// Use this configuration file instead of the default one (the game reads it).
    #[arg(long, value_name = "PATH")]
    pub(crate) config: Option<PathBuf>,

    /// The game's options, for `slide` without a subcommand.
    #[command(flatten)]
    pub(crate) play: play::PlayCommand,

    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

/// `slide play`: the game's options and the one file of settings.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The game's options.
    #[command(flatten)]
    pub(crate) game: play::PlayCommand,

    /// Use this configuration file instead of the default one.
    #[arg(long, value_name = "PATH")]
    pub(crate) config: Option<PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play the game (the default when no subcommand is given).
    Play(PlayArgs),
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
    /// Your records: games played and won, bests, moves/par, daily streaks.
    Stats(stats::StatsCommand),
    /// Every finished attempt, oldest first: scramble, moves, times, result.
    History(history::HistoryCommand),
    /// Review a game: the optimal distance before and after each move, the detours.
    Review(review::ReviewCommand),
    /// Play a recorded attempt back at its real speed, with its clock (ids from `slide history --json`).
    Replay(replay::ReplayCommand),
    /// Manage the solver's precomputed tables (pattern databases): list, clean, build.
    Tables(tables::TablesArgs),
    /// Print a shell completion script (bash, zsh or fish).
    Completions(completions::CompletionsCommand),
    /// Print the manual page (roff), for `man`.
    Man(man::ManCommand),
}

impl Command {
    /// The subcommand's name, as typed.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Command::Play(_) => "play",
            Command::Solve(_) => "solve",
            Command::Hint(_) => "hint",
            Command::Rate(_) => "rate",
            Command::Generate(_) => "generate",
            Command::Levels(_) => "levels",
            Command::Bench(_) => "bench",
            Command::Stats(_) => "stats",
            Command::History(_) => "history",
            Command::Review(_) => "review",
            Command::Replay(_) => "replay",
            Command::Tables(_) => "tables",
            Command::Completions(_) => "completions",
            Command::Man(_) => "man",
        }
    }

    /// Whether the subcommand reads the configuration file. The others reject `--config`
    /// rather than accept a file they would never open (a broken one would pass unnoticed).
    pub(crate) fn reads_settings(&self) -> bool {
        matches!(self, Command::Play(_) | Command::Replay(_))
    }
}
