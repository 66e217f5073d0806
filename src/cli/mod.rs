//! The command line: argument definitions and one module per subcommand.
//!
//! Every subcommand reads boards with the library's parser, prints one line (or one JSON
//! object) per board on stdout, keeps progress and errors on stderr, and returns a
//! [`CliError`] that `main` turns into an exit status.

mod bench;
mod board_input;
mod completions;
mod default_config;
mod error;
mod generate;
mod hint;
mod history;
mod levels;
mod output;
mod play;
mod progress;
mod rate;
mod review;
mod solve;
mod stats;
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
    after_help = "With no subcommand, starts the game; the game's options above work with or \
without `play`.\n\n\
Examples:\n  slide                                  play\n  \
slide --size 3 --level hard            play a hard 3×3 game\n  \
slide solve 8 6 7 2 5 4 3 0 1          solve a board\n  \
slide generate --size 4 --level hard | slide solve -"
)]
pub struct Cli {
    /// Print the default configuration file and exit.
    #[arg(long, global = true)]
    print_default_config: bool,

    /// Use this configuration file instead of the default one (the game reads it).
    #[arg(long, value_name = "PATH", global = true)]
    config: Option<PathBuf>,

    /// The game's options, for `slide` without a subcommand.
    #[command(flatten)]
    play: play::PlayCommand,

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
    /// Your records: games played and won, bests, moves/par, daily streaks.
    Stats(stats::StatsCommand),
    /// Every finished attempt, oldest first: scramble, moves, times, result.
    History(history::HistoryCommand),
    /// Review a game: the optimal distance before and after each move, the detours.
    Review(review::ReviewCommand),
    /// Manage the solver's precomputed tables (pattern databases): list, clean, build.
    Tables(tables::TablesArgs),
    /// Print a shell completion script (bash, zsh or fish).
    Completions(completions::CompletionsCommand),
}

impl Command {
    /// The subcommand's name, as typed.
    fn name(&self) -> &'static str {
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
            Command::Tables(_) => "tables",
            Command::Completions(_) => "completions",
        }
    }

    /// Whether the subcommand reads the configuration file. The others reject `--config`
    /// rather than accept a file they would never open (a broken one would pass unnoticed).
    fn reads_settings(&self) -> bool {
        matches!(self, Command::Play(_))
    }
}

/// Runs what the command line asks for.
pub fn run(cli: Cli) -> Result<(), CliError> {
    if cli.print_default_config {
        return output::print_raw(default_config::default_config_toml());
    }
    let Some(command) = cli.command else {
        return play::run(cli.play, cli.config);
    };
    // The game's options at the top level are for `slide` alone: with a subcommand they
    // would be silently ignored (`slide --size 3 solve …`). (clap's
    // `args_conflicts_with_subcommands` would say so too, but also refuses the global
    // `--config` before `play`.)
    if cli.play != play::PlayCommand::default() {
        return Err(CliError::Input(format!(
            "--size, --level, --seed, --board, --code, --daily and --picture before a subcommand are the \
             game's options: use them without a subcommand or after `play`, not with `slide {}`",
            command.name()
        )));
    }
    if cli.config.is_some() && !command.reads_settings() {
        return Err(CliError::Input(format!(
            "--config is for the game (slide, slide play); `slide {}` reads no settings",
            command.name()
        )));
    }
    match command {
        Command::Play(args) => play::run(args, cli.config),
        Command::Solve(args) => solve::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Levels(args) => levels::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::History(args) => history::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Tables(args) => tables::run(&args),
        Command::Completions(args) => completions::run(&args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("slide").chain(args.iter().copied()))
    }

    /// The play options `args` give, whether typed at the top level or after `play`.
    fn play_args(args: &[&str]) -> play::PlayCommand {
        match parse(args) {
            Ok(
                Cli {
                    command: None, play, ..
                }
                | Cli {
                    command: Some(Command::Play(play)),
                    ..
                },
            ) => play,
            Ok(other) => panic!("{args:?} parsed as {other:?}"),
            Err(e) => panic!("{args:?}: {e}"),
        }
    }

    #[test]
    fn game_flags_work_at_the_top_level_as_after_play() {
        for args in [
            &["--size", "3", "--level", "hard"][..],
            &["--board", "8 6 7 2 5 4 3 0 1"],
            &["--size", "4", "--seed", "7"],
            &["--code", "4H-7AE52ZHD3"],
            &["--daily", "--size", "5"],
            &["--picture", "sunset", "--size", "3"],
            &[],
        ] {
            let top = play_args(args);
            let mut after_play = vec!["play"];
            after_play.extend_from_slice(args);
            assert_eq!(top, play_args(&after_play), "{args:?}");
        }
        let p = play_args(&["--size", "3", "--level", "hard"]);
        assert_eq!(
            p.size_and_level(),
            (Some(slide::puzzle::Size::THREE), Some(slide::difficulty::Level::Hard))
        );
        assert_eq!(play_args(&[]), play::PlayCommand::default());
    }

    #[test]
    fn top_level_game_flags_keep_their_rules() {
        // Bad values and conflicting flags are clap errors (exit 2), as after `play`.
        assert!(parse(&["--size", "9"]).is_err());
        assert!(parse(&["--level", "impossible"]).is_err());
        assert!(parse(&["--code", "4H-7AE52ZHD3", "--size", "4"]).is_err());
        assert!(parse(&["--daily", "--seed", "1"]).is_err());
    }

    #[test]
    fn game_flags_before_a_subcommand_are_refused() {
        // Where they would mean nothing, or clash with `play`'s own.
        for args in [
            &["--size", "3", "solve", "8 6 7 2 5 4 3 0 1"][..],
            &["--daily", "levels"],
            &["--level", "hard", "play", "--size", "3"],
        ] {
            let cli = parse(args).expect("parses");
            let err = run(cli).expect_err("refused");
            assert_eq!(err.exit_code(), 2, "{args:?}");
            assert!(err.to_string().contains("the game's options"), "{err}");
        }
    }

    #[test]
    fn subcommands_and_global_flags_still_parse() {
        let cli = parse(&["solve", "8 6 7 2 5 4 3 0 1", "--json"]).expect("solve");
        assert!(matches!(cli.command, Some(Command::Solve(_))));
        let cli = parse(&["generate", "--size", "3", "--level", "easy"]).expect("generate");
        assert!(matches!(cli.command, Some(Command::Generate(_))));
        let cli = parse(&["--config", "c.toml", "--size", "3"]).expect("config with game flags");
        assert_eq!(cli.config, Some(PathBuf::from("c.toml")));
        assert!(cli.command.is_none());
        let cli = parse(&["play", "--config", "c.toml"]).expect("config after play");
        assert_eq!(cli.config, Some(PathBuf::from("c.toml")));
        let cli = parse(&["--config", "c.toml", "play", "--size", "3"]).expect("config before play");
        assert_eq!(cli.config, Some(PathBuf::from("c.toml")));
        assert!(matches!(cli.command, Some(Command::Play(_))));
    }

    #[test]
    fn only_the_game_takes_a_config_file() {
        let cli = parse(&["--config", "c.toml", "levels"]).expect("parses");
        let err = run(cli).expect_err("levels reads no settings");
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("`slide levels` reads no settings"), "{err}");
    }
}
