//! Running what the command line asks for: the game, or one subcommand.

use clap::CommandFactory;

use crate::cli::args::{Cli, Command};
use crate::cli::{
    CliError, bench, completions, default_config, generate, hint, history, levels, man, output, play, rate, replay,
    review, solve, stats, tables,
};

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
        Command::Play(args) => play::run(args.game, args.config.or(cli.config)),
        Command::Solve(args) => solve::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Levels(args) => levels::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::History(args) => history::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Replay(args) => replay::run(&args, cli.config.as_deref()),
        Command::Tables(args) => tables::run(&args),
        Command::Completions(args) => completions::run(&args, Cli::command()),
        Command::Man(args) => man::run(&args, Cli::command()),
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::args::PlayArgs;

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
                    command: Some(Command::Play(PlayArgs { game: play, .. })),
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
        assert!(parse(&["--size", "11"]).is_err());
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
        assert_eq!(cli.config, Some(std::path::PathBuf::from("c.toml")));
        assert!(cli.command.is_none());
        let cli = parse(&["play", "--config", "c.toml"]).expect("config after play");
        assert!(matches!(
            cli.command,
            Some(Command::Play(PlayArgs { config: Some(_), .. }))
        ));
        let cli = parse(&["--config", "c.toml", "play", "--size", "3"]).expect("config before play");
        assert_eq!(cli.config, Some(std::path::PathBuf::from("c.toml")));
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
