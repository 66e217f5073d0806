//! The `slide` binary: the game and the command line over the `slide` library.
//!
//! THROWAWAY (game branch): a hand-rolled flag parser so the game can be run and tested
//! end to end; the CLI work owns this file and replaces it.

mod ui;

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = ui::PlayArgs::default();
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "play" {
            continue;
        }
        if flag == "--print-default-config" {
            print!("{}", slide::config::DEFAULT_CONFIG_TOML);
            return ExitCode::SUCCESS;
        }
        let Some(value) = it.next() else {
            eprintln!("slide: {flag} needs a value");
            return ExitCode::from(2);
        };
        let parsed = match flag.as_str() {
            "--size" => value.parse().map(|s| args.size = Some(s)).map_err(|e| format!("{e}")),
            "--level" => value.parse().map(|l| args.level = Some(l)),
            "--seed" => value.parse().map(|s| args.seed = Some(s)).map_err(|e| format!("{e}")),
            "--board" => value.parse().map(|b| args.board = Some(b)).map_err(|e| format!("{e}")),
            "--code" => {
                args.code = Some(value);
                Ok(())
            }
            "--config" => {
                args.config = Some(value.into());
                Ok(())
            }
            _ => Err(format!("unknown flag {flag}")),
        };
        if let Err(e) = parsed {
            eprintln!("slide: {e}");
            return ExitCode::from(2);
        }
    }
    match ui::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e @ ui::UiError::Config(_)) => {
            eprintln!("slide: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("slide: {e}");
            ExitCode::from(1)
        }
    }
}
