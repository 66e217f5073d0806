//! `slide man`: the manual page, in roff, generated from the argument definitions (as
//! `--help` is), so that it never falls behind them.

use clap::Args;

use crate::cli::CliError;
use crate::cli::output::print_raw;

/// Print the manual page.
#[derive(Debug, Args)]
#[command(after_help = "Prints slide(1) in roff; with a subcommand's name, that subcommand's \
page (slide-solve(1), slide-tables-build(1), …).\n\n\
Examples:\n  slide man | man -l -                      read it now\n  \
slide man > slide.1                        install it where man looks (e.g. ~/.local/share/man/man1)\n  \
slide man solve > slide-solve.1            one subcommand's page\n  \
slide man tables build > slide-tables-build.1")]
pub struct ManCommand {
    /// A subcommand (and its subcommand, for `tables build`); none for the main page.
    #[arg(value_name = "SUBCOMMAND")]
    path: Vec<String>,
}

/// Prints the page of `command` (the whole command line's definition), or of the
/// subcommand the arguments name.
pub fn run(args: &ManCommand, command: clap::Command) -> Result<(), CliError> {
    // `help` is clap's own subcommand, not one of Slide's: no page of its own.
    let mut command = command.disable_help_subcommand(true);
    // Building gives every subcommand its display name (`slide-solve`), which names its page.
    command.build();
    let mut page = &command;
    for name in &args.path {
        page = page.find_subcommand(name).ok_or_else(|| {
            let names: Vec<&str> = page.get_subcommands().map(clap::Command::get_name).collect();
            let within = page.get_display_name().unwrap_or(page.get_name());
            let name = slide::excerpt::excerpt(name);
            CliError::Input(if names.is_empty() {
                format!("`{name}` is not a subcommand: {within} has none")
            } else {
                format!(
                    "`{name}` is not a subcommand of {within}; its subcommands are {}",
                    names.join(", ")
                )
            })
        })?;
    }
    let mut roff = Vec::new();
    clap_mangen::Man::new(page.clone())
        .render(&mut roff)
        .map_err(|e| CliError::Failure(format!("cannot render the manual page: {e}")))?;
    let text = String::from_utf8(roff).map_err(|e| CliError::Failure(format!("the manual page is not UTF-8: {e}")))?;
    let title = title_line(page.get_display_name().unwrap_or(page.get_name()));
    let mut out = String::with_capacity(text.len() + 40);
    for line in text.lines() {
        out.push_str(if line.starts_with(".TH ") { &title } else { line });
        out.push('\n');
    }
    print_raw(&out)
}

/// The page's `.TH` line: its name, section 1, no date, the source and the manual's name.
/// (`clap_mangen` writes an empty date as nothing at all, which moves the source into the
/// date's place and the manual into the source's.)
fn title_line(name: &str) -> String {
    format!(
        ".TH \"{name}\" 1 \"\" \"slide {}\" \"Slide Manual\"",
        env!("CARGO_PKG_VERSION")
    )
}
