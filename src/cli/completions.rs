//! `slide completions`: a shell completion script, generated from the argument definitions
//! so that it never falls behind them.

use clap::{Args, ValueEnum};
use clap_complete::Shell;

use crate::cli::CliError;
use crate::cli::output::print_raw;

/// The shells a completion script can be printed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ShellName {
    /// Bash.
    Bash,
    /// Zsh.
    Zsh,
    /// Fish.
    Fish,
}

impl From<ShellName> for Shell {
    fn from(shell: ShellName) -> Shell {
        match shell {
            ShellName::Bash => Shell::Bash,
            ShellName::Zsh => Shell::Zsh,
            ShellName::Fish => Shell::Fish,
        }
    }
}

/// Print a completion script.
#[derive(Debug, Args)]
#[command(after_help = "Save the script where your shell looks for completions, or load it \
from your shell's start-up file.\n\n\
Examples:\n  source <(slide completions bash)\n  \
slide completions zsh > _slide        (in a directory on $fpath)\n  \
slide completions fish > slide.fish   (in fish's completions directory)")]
pub struct CompletionsCommand {
    /// The shell: bash, zsh or fish.
    #[arg(value_name = "SHELL")]
    shell: ShellName,
}

/// Prints the script for the shell asked for, completing the arguments of `command` (the
/// whole command line's definition).
pub fn run(args: &CompletionsCommand, mut command: clap::Command) -> Result<(), CliError> {
    let mut script = Vec::new();
    clap_complete::generate(Shell::from(args.shell), &mut command, "slide", &mut script);
    let text =
        String::from_utf8(script).map_err(|e| CliError::Failure(format!("the completion script is not UTF-8: {e}")))?;
    print_raw(&text)
}
